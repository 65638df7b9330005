//! Building a board directly, for rulings and tests: place cards in any zone, set wounds and
//! Stockpiles, and start the game at any phase of any commander's turn.

use crate::error::RuleError;
use crate::event::Phase;
use crate::ids::{Inst, PlayerId};
use crate::ir::CardId;
use crate::rules::{logistics, setup};
use crate::state::{Game, Step, Then, Zone};

/// Where the game starts when a board is built by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartAt {
    /// The active commander's Setup (then the following seats').
    Setup,
    /// The start of the active commander's turn (Logistics runs first).
    Logistics,
    Manufacturing,
    Engagement,
    /// The optional discard at the end of the turn (§5.5.4).
    Discard,
    /// The active commander's Setup, at its Module-Station picks with this many left (§4.2).
    SetupModules(u8),
    /// The active commander's Setup, keeping the opening hand or taking a mulligan (§4.4.1).
    Mulligan,
    /// The active commander's Setup deployment (§4.6).
    SetupDeploy,
    /// The active commander's optional Setup discard (§4.7).
    SetupDiscard,
    /// The response window at a phase boundary of the active commander's turn (§2.6): after
    /// Logistics, after Manufacturing, after the turn ends (`then` follows it). The board says
    /// whom it still asks (`moment`).
    Window(Then),
    /// An engagement being fought (§6.6); the board says where it stands (`moment`).
    Combat,
    /// The end of an engagement, its commanders reassigning (§2.5.1.2, §3.4.4; `moment`).
    Aftermath,
}

impl Game {
    /// Put a new card instance into `zone` (`Attached` hosts must already be in play).
    /// Cards placed in play count as deployed by their owner (§3.4.11).
    pub fn place(&mut self, who: PlayerId, card: CardId, zone: Zone) -> Result<Inst, RuleError> {
        if self.cmd(who).is_none() {
            return Err(RuleError::NoSuchCommander { who });
        }
        if self.catalog.get(card).is_none() {
            return Err(RuleError::BadOverride {
                what: format!("card id {} is not in the card database", card.0),
            });
        }
        if self.instances.len() >= crate::state::MAX_CARDS {
            return Err(RuleError::BadOverride {
                what: "too many cards on the board".into(),
            });
        }
        if let Zone::Attached(h) = zone {
            if !self.in_play(h) {
                return Err(RuleError::WrongZone {
                    inst: h,
                    wanted: "in play to carry an attachment",
                    section: "9.1",
                });
            }
        }
        let i = self.new_instance(who, card, zone);
        if self.in_play(i) {
            if let Some(x) = self.instances.get_mut(i.0 as usize) {
                x.deployed_by = Some(who);
            }
        }
        Ok(i)
    }

    /// Set a card's wounds as a board gives them, unchecked: the ruling checks them against the
    /// card's wounds once the whole board stands (its Modules and statics count, §9.38, and a
    /// Stoic unit destroyed by volley fire awaits its last volley, §3.4.10).
    pub(crate) fn set_wounds_unchecked(&mut self, i: Inst, wounds: u8) -> Result<(), String> {
        match self.instances.get_mut(i.0 as usize) {
            Some(x) if matches!(x.zone, Zone::Battlefield | Zone::Attached(_)) => {
                x.wounds = wounds;
                Ok(())
            }
            _ => Err("only cards in play carry wounds".into()),
        }
    }

    /// Set a card's wounds (must stay below its printed wounds, §9.38).
    pub fn set_wounds(&mut self, i: Inst, wounds: u8) -> Result<(), String> {
        // A ruling's board sets wounds before any Module or static counts (docs/rulings.md).
        // printed: §9.38, the number printed on the card.
        let printed = self.card(i).wounds.unwrap_or(0);
        if wounds > 0 && wounds >= printed {
            return Err(format!(
                "{} has {printed} printed wounds; {wounds} would destroy it",
                self.name(i)
            ));
        }
        match self.instances.get_mut(i.0 as usize) {
            Some(x) if matches!(x.zone, Zone::Battlefield | Zone::Attached(_)) => {
                x.wounds = wounds;
                Ok(())
            }
            _ => Err("only cards in play carry wounds".into()),
        }
    }

    pub fn set_face_down(&mut self, i: Inst, face_down: bool) {
        if let Some(x) = self.instances.get_mut(i.0 as usize) {
            x.face_down = face_down;
        }
        self.board_changed();
    }

    /// Set a Stockpile, clamped to the cap as it stands (§9.27).
    pub fn set_stockpile(&mut self, who: PlayerId, resource: u8, currency: u8) {
        let cap = self
            .resolve(crate::ir::BaseRule::StockpileCap, who, None)
            .count();
        if let Some(c) = self.cmd_mut(who) {
            c.resource = resource.min(cap);
            c.currency = currency.min(cap);
        }
    }

    /// Start the game at `at` in `active`'s turn number `turn` (turn order: clockwise from
    /// seat 0). Runs any automatic steps (Setup placement, Logistics).
    pub fn start_at(&mut self, active: PlayerId, turn: u32, at: StartAt) {
        self.active = active;
        self.noted.clear();
        match at {
            StartAt::Setup => {
                let n = self.commanders.len();
                self.setup_queue = (0..n)
                    .map(|k| PlayerId(((active.0 as usize + k) % n) as u8))
                    .collect();
                setup::start(self);
            }
            StartAt::Logistics => {
                self.turn = turn.saturating_sub(1);
                logistics::begin_turn(self, active);
                crate::rules::respond::settle(self);
            }
            StartAt::Manufacturing => {
                self.turn = turn;
                self.phase = Phase::Manufacturing;
                self.step = Step::Manufacturing;
            }
            StartAt::Engagement => {
                self.turn = turn;
                self.phase = Phase::Engagement;
                self.step = Step::Engagement;
            }
            StartAt::Discard => {
                self.turn = turn;
                self.phase = Phase::Engagement;
                self.step = Step::Discard;
            }
            StartAt::SetupModules(left) => {
                self.turn = turn;
                self.phase = Phase::Setup;
                self.step = Step::SetupModule { who: active, left };
            }
            StartAt::Mulligan => {
                self.turn = turn;
                self.phase = Phase::Setup;
                self.step = Step::Mulligan { who: active };
            }
            StartAt::SetupDeploy => {
                self.turn = turn;
                self.phase = Phase::Setup;
                self.step = Step::SetupDeploy { who: active };
            }
            StartAt::SetupDiscard => {
                self.turn = turn;
                self.phase = Phase::Setup;
                self.step = Step::SetupDiscard { who: active };
            }
            StartAt::Window(then) => {
                self.turn = turn;
                // The phase the window ends (§5.3 to §5.5).
                self.phase = match then {
                    Then::Manufacturing => Phase::Logistics,
                    Then::Engagement => Phase::Manufacturing,
                    Then::NextTurn => Phase::Engagement,
                };
                self.step = Step::Respond { then };
            }
            StartAt::Combat => {
                self.turn = turn;
                self.phase = Phase::Engagement;
                self.step = Step::Combat;
            }
            StartAt::Aftermath => {
                self.turn = turn;
                self.phase = Phase::Engagement;
                // `moment::build` sets the engagement that ended.
                self.step = Step::Aftermath(crate::state::engagement::Aftermath {
                    queue: crate::state::Seats::new(),
                    attacker: active,
                    defender: active,
                    fleet: crate::state::Cards::new(),
                    then: crate::state::engagement::GoOn::Discard,
                    announced: false,
                });
            }
        }
    }
}
