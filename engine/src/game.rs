//! The game state: commanders, their zones, card instances, the step machine, the log.
//!
//! Everything is `Vec`s of small ids, the card pool sits behind an `Arc`, and the log and
//! history are persistent lists forks share (`crate::log`), so `clone()` is cheap enough for
//! AI search. [`Game::apply`] is clone-and-commit: a choice runs on a copy and replaces the state only if every rule accepted it, so a refused
//! choice leaves the game exactly as it was.

use serde::Serialize;
use std::sync::{Arc, OnceLock};

use crate::choice::{Choice, Decision, DecisionKind};
use crate::error::RuleError;
use crate::event::{CardRef, Event, Outcome, Phase};
use crate::ids::{Inst, PlayerId};
use crate::ir::{Amount, BaseRule, Card, CardId, CardKind, RegimentUnit, RuleValue};
use crate::log::Log;
use crate::resolver::{self, Live, Override, Query, Resolution, Scope};
use crate::rng::Dice;
use crate::CardDb;

/// Where a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Zone {
    /// The commander's deck (§9.26); index 0 is the top.
    Shipyard,
    Hand,
    /// In play, not attached: Stations, ships in open space, Breakthrus, Events that stay.
    Battlefield,
    /// In play, attached to another card (§9.1).
    Attached(Inst),
    /// §9.30
    Scrapheap,
    /// The Resource and Currency Stockpile cards (§4.3).
    Stockpile,
}

/// Which way a unit faces (§3.2: turned 180° while using an active trait).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Facing {
    Normal,
    Turned,
}

/// One physical card.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Instance {
    pub card: CardId,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub zone: Zone,
    pub wounds: u8,
    pub face_down: bool,
    pub facing: Facing,
    /// Cards attached to this one, in attachment order (§9.1).
    pub attachments: Vec<Inst>,
    /// Who deployed it, for Unique (§3.4.11).
    pub deployed_by: Option<PlayerId>,
    /// When it entered play (resolver timestamp order).
    pub entered: u32,
}

/// A commander (§9.5) and their zones.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Commander {
    pub name: String,
    pub resource: u8,
    pub currency: u8,
    pub shipyard: Vec<Inst>,
    pub hand: Vec<Inst>,
    pub battlefield: Vec<Inst>,
    pub scrapheap: Vec<Inst>,
    pub stockpile_cards: Vec<Inst>,
    /// Scooped or eliminated (§7.2).
    pub out: bool,
    pub mulligans: u8,
    /// Conscriptions used in the current Manufacturing Phase (§5.4.3).
    pub conscripted: u8,
    /// Engagements declared this turn (§5.5.2).
    pub engagements: u8,
}

impl Commander {
    fn new(name: String) -> Commander {
        Commander {
            name,
            resource: 0,
            currency: 0,
            shipyard: Vec::new(),
            hand: Vec::new(),
            battlefield: Vec::new(),
            scrapheap: Vec::new(),
            stockpile_cards: Vec::new(),
            out: false,
            mulligans: 0,
            conscripted: 0,
            engagements: 0,
        }
    }

    pub fn stockpile(&self) -> Amount {
        Amount {
            resource: self.resource,
            currency: self.currency,
        }
    }
}

/// What happens when a response window closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Then {
    Manufacturing,
    Engagement,
    NextTurn,
}

/// The step machine's base state; Regimented searches stack on top of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Step {
    SetupModule {
        who: PlayerId,
        left: u8,
    },
    Mulligan {
        who: PlayerId,
    },
    SetupDeploy {
        who: PlayerId,
    },
    SetupDiscard {
        who: PlayerId,
    },
    Manufacturing,
    Engagement,
    Discard,
    /// A response window at a phase boundary is open (`Game::window`); `then` follows it.
    Respond {
        then: Then,
    },
    /// An engagement is being fought (`Game::engagement`, §6.6).
    Combat,
    /// An engagement has ended; its commanders may reassign and turn modules face down
    /// (§2.5.1.2, §3.4.4).
    Aftermath(crate::rules::aftermath::Aftermath),
    Over,
}

/// A Regimented search in progress (§3.4.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RegimentSearch {
    pub who: PlayerId,
    pub host: Inst,
    pub unit: RegimentUnit,
    pub left: u8,
}

/// A cost reduction from a card in play, applied at deployment and floored at zero (§8.4).
/// Injected by rulings/tests now; abilities will add them later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Discount {
    pub source: Inst,
    pub amount: Amount,
    pub applies_to: DiscountTarget,
}

/// Which deployments a [`Discount`] reduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DiscountTarget {
    Any,
    Ships,
    Marines,
    Modules,
}

/// Game options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub seed: u64,
    /// Commander turns after which the game stops (engagements are a later issue).
    pub max_turns: u32,
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs at least 2 commanders (§7), got {0}")]
    TooFewCommanders(usize),
    #[error("at most {max} commanders are supported, got {got}")]
    TooManyCommanders { got: usize, max: usize },
    #[error("deck of {commander} holds card id {id} which is not in the card database")]
    UnknownCard { commander: String, id: u32 },
    #[error("deck of {commander} has no Station (every deck needs one, §2.1.3)")]
    NoStation { commander: String },
    #[error("the decks hold {0} cards; at most {max} are supported", max = MAX_CARDS)]
    TooManyCards(usize),
}

/// Upper bound on card instances in one game (ids are `u16`).
pub const MAX_CARDS: usize = 8_000;
/// Upper bound on commanders.
pub const MAX_COMMANDERS: usize = 8;

/// A game of Hull Breach!.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) catalog: Arc<CardDb>,
    pub(crate) commanders: Vec<Commander>,
    pub(crate) instances: Vec<Instance>,
    pub(crate) dice: Dice,
    pub(crate) seed: u64,
    pub(crate) max_turns: u32,
    pub(crate) turn: u32,
    pub(crate) active: PlayerId,
    pub(crate) phase: Phase,
    pub(crate) step: Step,
    pub(crate) regiments: Vec<RegimentSearch>,
    /// Commanders still to do their Setup, in seat order (§7.1: Setup is simultaneous; the
    /// engine sequences it by seat, which no rule can observe).
    pub(crate) setup_queue: Vec<PlayerId>,
    /// Clockwise turn order from the initiative winner (§4.8).
    pub(crate) order: Vec<PlayerId>,
    pub(crate) overrides: Vec<Override>,
    pub(crate) discounts: Vec<Discount>,
    pub(crate) clock: u32,
    /// Whom the active commander attacked this turn (§7.2 Spoils of War on a scoop).
    pub(crate) declared_against: Option<PlayerId>,
    pub(crate) outcome: Option<Outcome>,
    /// Persistent: forks share it (`crate::log`).
    pub(crate) log: Log<Event>,
    pub(crate) history: Log<(PlayerId, Choice)>,
    /// Overrides already logged during the current choice (no duplicate log lines).
    pub(crate) noted: Vec<(BaseRule, Inst)>,
    /// The engagement being fought (§6.6).
    pub(crate) engagement: Option<crate::rules::engagement::Engagement>,
    /// Victors still to take their free Shipyard deployment (§7.1.3.2).
    pub(crate) spoils: Vec<PlayerId>,
    /// Ships that changed hands by boarding and wait for their new commander's next volley
    /// turn, in this engagement or a later one (§6.6 STEP 8E, I-51).
    pub(crate) fresh: Vec<Inst>,
    /// Units that used Overload and whose next volley turn — under the Overload Drawback —
    /// had not come when their engagement ended: it comes in a later one (§3.3.3, I-42).
    pub(crate) drawback_carried: Vec<Inst>,
    /// Ships hijacked from an eliminated commander whose Marines still wait to move
    /// (§7.1.3.3, `rules::victory`).
    pub(crate) relocations: Vec<crate::rules::victory::Relocation>,
    /// Card effects waiting to resolve, in order (§6.8; `effects::actions`).
    pub(crate) pending: Vec<crate::effects::Pending>,
    /// Temporary modifiers from card effects (§9.22).
    pub(crate) temporary: Vec<crate::effects::Temporary>,
    /// Temporary modifiers on Commanders from card effects (issue 17).
    pub(crate) temporary_commanders: Vec<crate::effects::TemporaryCommanders>,
    /// Limited triggered abilities (`once per turn`, ...) that have triggered: the card, when
    /// it entered play (a card that leaves and returns is a new card), the ability's index on
    /// it, the limit (issue 17, `effects::triggers`).
    pub(crate) limits_used: Vec<(Inst, u32, u8, crate::ir::effect::Limit)>,
    /// Wounds each damage prevention has taken in its current span: the unit, when it
    /// entered play, the card whose text prevents, the span (issue 17, `rules::prevention`).
    pub(crate) wards_used: Vec<((Inst, u32, Inst, crate::ir::effect::Span), u8)>,
    /// Whether any card of the pool prints a Golden-Rule override (§8.1).
    pub(crate) pool_overrides: bool,
    /// Instances whose card prints an override or a static on cards, in instance order: the
    /// only ones the resolver and the characteristics layer need to scan (instances are never
    /// removed, so the index only grows).
    pub(crate) speakers: Speakers,
    /// Effects are being resolved (`effects::actions::run` is not reentrant).
    pub(crate) resolving: bool,
    /// The card and cause of the effect being interpreted right now, if any (a replacement
    /// never replaces the event its own effect brings about, I-47).
    pub(crate) acting: Option<(Inst, crate::event::Cause)>,
    /// The open response window, if any (§2.6, §2.7; `rules::respond`).
    pub(crate) window: Option<crate::rules::respond::Window>,
}

/// Which instances print abilities that speak to the whole game all the time (see
/// `Game::speakers`).
#[derive(Debug, Clone, Default)]
pub(crate) struct Speakers {
    /// Cards printing a Golden-Rule override (§8.1).
    pub(crate) overrides: Vec<Inst>,
    /// Cards printing a static on cards (§9.22).
    pub(crate) card_statics: Vec<Inst>,
    /// Cards printing a static on commanders (§9.22: income, costs, hand size).
    pub(crate) commander_statics: Vec<Inst>,
}

impl Speakers {
    fn note(&mut self, i: Inst, card: &Card) {
        use cardlang::ir::effect::{Ability, Static};
        if card
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::Override { .. }))
        {
            self.overrides.push(i);
        }
        if card
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::Static(Static::Cards { .. })))
        {
            self.card_statics.push(i);
        }
        if card
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::Static(Static::Commanders { .. })))
        {
            self.commander_statics.push(i);
        }
    }
}

fn no_card() -> &'static Card {
    static NO_CARD: OnceLock<Card> = OnceLock::new();
    NO_CARD.get_or_init(|| Card::blank(CardId(u32::MAX), "<unknown card>", CardKind::Event))
}

impl Game {
    /// A new game: each deck becomes a shuffled Shipyard, then Setup begins (§4).
    /// `decks` is (commander name, cards) in clockwise seat order.
    pub fn new(
        catalog: Arc<CardDb>,
        decks: Vec<(String, Vec<CardId>)>,
        config: Config,
    ) -> Result<Game, SetupError> {
        let mut game = Game::empty(catalog, decks.iter().map(|d| d.0.clone()).collect(), config)?;
        let total: usize = decks.iter().map(|d| d.1.len()).sum();
        if total > MAX_CARDS {
            return Err(SetupError::TooManyCards(total));
        }
        for (seat, (name, cards)) in decks.iter().enumerate() {
            let who = PlayerId(seat as u8);
            let mut has_station = false;
            for &id in cards {
                let card = game.catalog.get(id).ok_or(SetupError::UnknownCard {
                    commander: name.clone(),
                    id: id.0,
                })?;
                has_station |= card.kind == CardKind::Station;
                game.new_instance(who, id, Zone::Shipyard);
            }
            if !has_station {
                return Err(SetupError::NoStation {
                    commander: name.clone(),
                });
            }
        }
        game.log.push(Event::GameStarted {
            commanders: game.commanders.len() as u8,
            seed: game.seed,
        });
        for seat in 0..game.commanders.len() {
            game.shuffle_shipyard(PlayerId(seat as u8));
        }
        game.setup_queue = (0..game.commanders.len())
            .map(|s| PlayerId(s as u8))
            .collect();
        crate::rules::setup::start(&mut game);
        crate::effects::actions::run(&mut game);
        Ok(game)
    }

    /// A game with commanders and no cards, in Setup, with no step started: the starting
    /// point for boards built by rulings (`board`).
    pub fn empty(
        catalog: Arc<CardDb>,
        names: Vec<String>,
        config: Config,
    ) -> Result<Game, SetupError> {
        if names.len() < 2 {
            return Err(SetupError::TooFewCommanders(names.len()));
        }
        if names.len() > MAX_COMMANDERS {
            return Err(SetupError::TooManyCommanders {
                got: names.len(),
                max: MAX_COMMANDERS,
            });
        }
        let order = (0..names.len()).map(|s| PlayerId(s as u8)).collect();
        let pool_overrides = crate::effects::overrides::pool_has_overrides(&catalog);
        Ok(Game {
            catalog,
            commanders: names.into_iter().map(Commander::new).collect(),
            instances: Vec::new(),
            dice: Dice::new(config.seed),
            seed: config.seed,
            max_turns: config.max_turns,
            turn: 0,
            active: PlayerId(0),
            phase: Phase::Setup,
            step: Step::Over,
            regiments: Vec::new(),
            setup_queue: Vec::new(),
            order,
            overrides: Vec::new(),
            discounts: Vec::new(),
            clock: 0,
            declared_against: None,
            outcome: None,
            log: Log::default(),
            history: Log::default(),
            noted: Vec::new(),
            engagement: None,
            spoils: Vec::new(),
            relocations: Vec::new(),
            fresh: Vec::new(),
            drawback_carried: Vec::new(),
            pending: Vec::new(),
            temporary: Vec::new(),
            limits_used: Vec::new(),
            wards_used: Vec::new(),
            temporary_commanders: Vec::new(),
            pool_overrides,
            speakers: Speakers::default(),
            resolving: false,
            acting: None,
            window: None,
        })
    }

    // ----- read access ------------------------------------------------------------------

    pub fn catalog(&self) -> &CardDb {
        &self.catalog
    }

    pub fn commanders(&self) -> &[Commander] {
        &self.commanders
    }

    pub fn commander(&self, who: PlayerId) -> Option<&Commander> {
        self.commanders.get(who.0 as usize)
    }

    pub fn instances(&self) -> &[Instance] {
        &self.instances
    }

    pub fn instance(&self, i: Inst) -> Option<&Instance> {
        self.instances.get(i.0 as usize)
    }

    pub fn log(&self) -> &[Event] {
        self.log.as_slice()
    }

    /// How many events the log holds, without making the whole log into one slice (`log()`
    /// builds that slice after every append: a watcher asking each choice would copy the log
    /// each time).
    pub fn log_len(&self) -> usize {
        self.log.len()
    }

    /// The log as JSON: the byte-for-byte replay check compares this.
    pub fn log_json(&self) -> String {
        serde_json::to_string(self.log.as_slice()).unwrap_or_default()
    }

    /// Every applied choice, in order: with the decks and seed, enough to replay the game.
    pub fn history(&self) -> &[(PlayerId, Choice)] {
        self.history.as_slice()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn active(&self) -> PlayerId {
        self.active
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn step(&self) -> &Step {
        &self.step
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Ships hijacked from an eliminated commander, still in play until their hijacker's
    /// Marines aboard have moved (§7.1.3.3).
    pub fn relocations(&self) -> &[crate::rules::victory::Relocation] {
        &self.relocations
    }

    /// The engagement being fought, if any (§6.6).
    pub fn engagement(&self) -> Option<&crate::rules::engagement::Engagement> {
        self.engagement.as_ref()
    }

    /// Forced volley-die results for rulings: used before the generator (see `rng`).
    pub fn force_dice(&mut self, results: impl IntoIterator<Item = u8>) {
        self.dice.force(results);
    }

    /// The card an instance is (a placeholder for an unknown instance).
    pub fn card(&self, i: Inst) -> &Card {
        self.instances
            .get(i.0 as usize)
            .and_then(|x| self.catalog.get(x.card))
            .unwrap_or_else(|| no_card())
    }

    pub fn card_ref(&self, i: Inst) -> CardRef {
        CardRef {
            inst: i,
            card: self
                .instances
                .get(i.0 as usize)
                .map_or(CardId(u32::MAX), |x| x.card),
        }
    }

    pub fn name(&self, i: Inst) -> &str {
        &self.card(i).name
    }

    pub(crate) fn zone(&self, i: Inst) -> Option<Zone> {
        self.instances.get(i.0 as usize).map(|x| x.zone)
    }

    pub(crate) fn controller(&self, i: Inst) -> PlayerId {
        self.instances
            .get(i.0 as usize)
            .map_or(PlayerId(u8::MAX), |x| x.controller)
    }

    pub(crate) fn attachments(&self, i: Inst) -> &[Inst] {
        self.instances
            .get(i.0 as usize)
            .map_or(&[], |x| &x.attachments)
    }

    /// The commander's name as the transcript shows it (`P<n>` for a seat that does not exist).
    pub fn commander_name(&self, who: PlayerId) -> String {
        self.cmd(who)
            .map_or_else(|| who.to_string(), |c| c.name.clone())
    }

    pub(crate) fn cmd(&self, who: PlayerId) -> Option<&Commander> {
        self.commanders.get(who.0 as usize)
    }

    pub(crate) fn cmd_mut(&mut self, who: PlayerId) -> Option<&mut Commander> {
        self.commanders.get_mut(who.0 as usize)
    }

    /// On the battlefield, attached or not.
    pub fn in_play(&self, i: Inst) -> bool {
        matches!(self.zone(i), Some(Zone::Battlefield | Zone::Attached(_)))
    }

    /// Seats still in the game, clockwise from `from` (exclusive).
    pub(crate) fn others_clockwise(&self, from: PlayerId) -> Vec<PlayerId> {
        let n = self.commanders.len();
        (1..n)
            .map(|k| PlayerId(((from.0 as usize + k) % n) as u8))
            .filter(|p| self.cmd(*p).is_some_and(|c| !c.out))
            .collect()
    }

    /// The commander's Station in play, if any.
    pub fn station(&self, who: PlayerId) -> Option<Inst> {
        self.cmd(who)?
            .battlefield
            .iter()
            .copied()
            .find(|&i| self.card(i).kind == CardKind::Station)
    }

    /// Every card in play the commander controls, hosts before their attachments.
    pub fn in_play_of(&self, who: PlayerId) -> Vec<Inst> {
        let mut out = Vec::new();
        if let Some(c) = self.cmd(who) {
            let mut stack: Vec<Inst> = c.battlefield.iter().rev().copied().collect();
            while let Some(i) = stack.pop() {
                if out.len() > self.instances.len() {
                    break; // defensive: a cycle cannot exist, but never loop without bound
                }
                out.push(i);
                stack.extend(self.attachments(i).iter().rev().copied());
            }
        }
        out
    }

    // ----- instances and zones ----------------------------------------------------------

    pub(crate) fn new_instance(&mut self, who: PlayerId, card: CardId, zone: Zone) -> Inst {
        let i = Inst(self.instances.len() as u16);
        if let Some(c) = self.catalog.get(card) {
            self.speakers.note(i, c);
        }
        self.instances.push(Instance {
            card,
            owner: who,
            controller: who,
            zone: Zone::Scrapheap,
            wounds: 0,
            face_down: false,
            facing: Facing::Normal,
            attachments: Vec::new(),
            deployed_by: None,
            entered: 0,
        });
        // Placed via the normal zone path so lists and `zone` agree.
        if let Some(c) = self.cmd_mut(who) {
            c.scrapheap.push(i);
        }
        self.move_to(i, zone);
        i
    }

    /// Take `i` out of wherever it is (list or host's attachments).
    fn detach_from_zone(&mut self, i: Inst) {
        let Some(x) = self.instances.get(i.0 as usize) else {
            return;
        };
        let (zone, owner, controller) = (x.zone, x.owner, x.controller);
        let remove = |v: &mut Vec<Inst>| v.retain(|&y| y != i);
        match zone {
            Zone::Attached(host) => {
                if let Some(h) = self.instances.get_mut(host.0 as usize) {
                    remove(&mut h.attachments);
                }
            }
            Zone::Battlefield => {
                if let Some(c) = self.cmd_mut(controller) {
                    remove(&mut c.battlefield);
                }
            }
            Zone::Shipyard | Zone::Hand | Zone::Scrapheap | Zone::Stockpile => {
                if let Some(c) = self.cmd_mut(owner) {
                    remove(match zone {
                        Zone::Shipyard => &mut c.shipyard,
                        Zone::Hand => &mut c.hand,
                        Zone::Scrapheap => &mut c.scrapheap,
                        _ => &mut c.stockpile_cards,
                    });
                }
            }
        }
    }

    /// Move `i` to `zone` (appending). Entering play stamps the resolver clock; leaving play
    /// clears wounds, facing and face-down state. Attachments of a card that leaves play go
    /// to their owners' Scrapheaps (§9.1).
    pub(crate) fn move_to(&mut self, i: Inst, zone: Zone) {
        let was_in_play = self.in_play(i);
        if !matches!(zone, Zone::Battlefield | Zone::Attached(_)) {
            // A ship that leaves play no longer waits to act (§6.6 STEP 8E), nor owes an
            // Overload Drawback (§3.3.3, I-42): if it comes back, it is a new card (§9.12).
            self.fresh.retain(|&f| f != i);
            self.drawback_carried.retain(|&f| f != i);
        }
        self.detach_from_zone(i);
        let now_in_play = matches!(zone, Zone::Battlefield | Zone::Attached(_));
        if now_in_play && !was_in_play {
            self.clock += 1;
        }
        let clock = self.clock;
        let controller_of_host = match zone {
            Zone::Attached(h) => Some(self.controller(h)),
            _ => None,
        };
        let Some(x) = self.instances.get_mut(i.0 as usize) else {
            return;
        };
        x.zone = zone;
        if now_in_play && !was_in_play {
            x.entered = clock;
        }
        if let Some(c) = controller_of_host {
            x.controller = c;
        }
        if !now_in_play {
            x.wounds = 0;
            x.face_down = false;
            x.facing = Facing::Normal;
            x.controller = x.owner;
            x.deployed_by = None;
        }
        let (owner, controller) = (x.owner, x.controller);
        let attachments = if now_in_play {
            Vec::new()
        } else {
            std::mem::take(&mut x.attachments)
        };
        match zone {
            Zone::Attached(h) => {
                if let Some(hx) = self.instances.get_mut(h.0 as usize) {
                    hx.attachments.push(i);
                }
            }
            Zone::Battlefield => {
                if let Some(c) = self.cmd_mut(controller) {
                    c.battlefield.push(i);
                }
            }
            Zone::Shipyard | Zone::Hand | Zone::Scrapheap | Zone::Stockpile => {
                if let Some(c) = self.cmd_mut(owner) {
                    match zone {
                        Zone::Shipyard => c.shipyard.push(i),
                        Zone::Hand => c.hand.push(i),
                        Zone::Scrapheap => c.scrapheap.push(i),
                        _ => c.stockpile_cards.push(i),
                    }
                }
            }
        }
        for a in attachments {
            // The attachment is still recorded as attached to `i`; detach_from_zone would
            // look for it in `i`'s (now empty) list, which is harmless.
            self.move_to(a, Zone::Scrapheap);
        }
    }

    pub(crate) fn shuffle_shipyard(&mut self, who: PlayerId) {
        let Some(c) = self.commanders.get_mut(who.0 as usize) else {
            return;
        };
        self.dice.shuffle(&mut c.shipyard);
        self.log.push(Event::ShipyardShuffled { who });
    }

    // ----- the Golden-Rule resolver (§8.1) ----------------------------------------------

    /// Add an override (rulings, tests; abilities later). Its value must be of the rule's
    /// kind and its source a card of this game.
    pub fn add_override(&mut self, ov: Override) -> Result<(), RuleError> {
        if ov.value.kind() != ov.rule.kind() {
            return Err(RuleError::BadOverride {
                what: format!("{} takes {}, not {}", ov.rule, ov.rule.kind(), ov.value),
            });
        }
        if self.instance(ov.source).is_none() {
            return Err(RuleError::BadOverride {
                what: format!("source card {} is not in this game", ov.source),
            });
        }
        if let Scope::Card(c) = ov.scope {
            if self.instance(c).is_none() {
                return Err(RuleError::BadOverride {
                    what: format!("scope card {c} is not in this game"),
                });
            }
        }
        self.overrides.push(ov);
        Ok(())
    }

    /// Add a cost discount from a card (§8.4); live only while its source is in play.
    pub fn add_discount(&mut self, d: Discount) -> Result<(), RuleError> {
        if self.instance(d.source).is_none() {
            return Err(RuleError::BadOverride {
                what: format!("discount source {} is not in this game", d.source),
            });
        }
        self.discounts.push(d);
        Ok(())
    }

    /// Whether a card's text is currently live: in play, face up, commander still in.
    pub(crate) fn text_live(&self, i: Inst) -> bool {
        self.in_play(i)
            && self.instance(i).is_some_and(|x| !x.face_down)
            && self.cmd(self.controller(i)).is_some_and(|c| !c.out)
    }

    /// The overrides of `rule` in play (or speaking from a hand), in list order, as they come:
    /// no list is built (the resolver runs on every rule a legal-move scan asks).
    fn live_overrides(
        &self,
        rule: BaseRule,
        gone: Option<Inst>,
    ) -> impl Iterator<Item = Live> + '_ {
        self.overrides
            .iter()
            .copied()
            .chain(crate::effects::overrides::live_ability_overrides(self))
            .enumerate()
            .filter(move |(_, ov)| ov.rule == rule && Some(ov.source) != gone)
            .filter(|(_, ov)| {
                self.text_live(ov.source) || crate::effects::overrides::live_from_hand(self, ov)
            })
            .map(|(order, ov)| Live {
                ov,
                controller: self.controller(ov.source),
                timestamp: self.instance(ov.source).map_or(0, |x| x.entered),
                order,
            })
    }

    /// Ask the resolver (pure: no log line). Public so tools can show effective rules.
    pub fn resolve(&self, rule: BaseRule, commander: PlayerId, card: Option<Inst>) -> Resolution {
        self.resolve_without(rule, commander, card, None)
    }

    /// Resolve as if `gone`'s text were no longer in play (a Module about to be replaced,
    /// §2.2).
    pub fn resolve_without(
        &self,
        rule: BaseRule,
        commander: PlayerId,
        card: Option<Inst>,
        gone: Option<Inst>,
    ) -> Resolution {
        if self.overrides.is_empty() && !self.pool_overrides {
            // Fast path for search: nothing can override anything.
            return resolver::resolve(
                Query {
                    rule,
                    commander,
                    card,
                },
                &[],
            );
        }
        resolver::resolve_from(
            Query {
                rule,
                commander,
                card,
            },
            self.live_overrides(rule, gone),
        )
    }

    /// Log an override that decided something in the choice being applied (once per rule
    /// and source per choice).
    pub(crate) fn note(&mut self, r: &Resolution) {
        let Some(w) = r.winner else { return };
        // Only an override that changed the value is news (#14): one that restates the
        // default, and beats none that would differ, decided nothing.
        if r.value == r.rule.default_value() && r.beat.iter().all(|b| b.value == r.value) {
            return;
        }
        if self.noted.contains(&(r.rule, w.source)) {
            return;
        }
        self.noted.push((r.rule, w.source));
        let beat = r.beat.iter().map(|o| self.card_ref(o.source)).collect();
        self.log.push(Event::RuleOverridden {
            rule: r.rule,
            default: r.rule.default_value(),
            value: r.value,
            source: self.card_ref(w.source),
            scope: w.scope,
            beat,
        });
    }

    /// Resolve and log: the path every rule consultation in `apply` takes.
    pub(crate) fn rule(&mut self, rule: BaseRule, who: PlayerId, card: Option<Inst>) -> Resolution {
        let r = self.resolve(rule, who, card);
        self.note(&r);
        r
    }

    pub(crate) fn rule_count(&mut self, rule: BaseRule, who: PlayerId) -> u8 {
        self.rule(rule, who, None).count()
    }

    pub(crate) fn rule_amount(&mut self, rule: BaseRule, who: PlayerId) -> Amount {
        match self.rule(rule, who, None).value {
            RuleValue::Amount(a) => a,
            _ => match rule.default_value() {
                RuleValue::Amount(a) => a,
                _ => Amount::ZERO,
            },
        }
    }

    // ----- Stockpiles (§9.27) -----------------------------------------------------------

    /// Add to a Stockpile, clamped to the cap (§9.27). Returns (gained, clamped).
    pub(crate) fn gain(&mut self, who: PlayerId, amount: Amount) -> (Amount, bool) {
        let cap = self.rule_count(BaseRule::StockpileCap, who);
        let Some(c) = self.cmd_mut(who) else {
            return (Amount::ZERO, false);
        };
        let r = c
            .resource
            .saturating_add(amount.resource)
            .min(cap)
            .max(c.resource.min(cap));
        let k = c
            .currency
            .saturating_add(amount.currency)
            .min(cap)
            .max(c.currency.min(cap));
        let gained = Amount {
            resource: r.saturating_sub(c.resource),
            currency: k.saturating_sub(c.currency),
        };
        c.resource = r;
        c.currency = k;
        (gained, gained != amount)
    }

    /// §9.27: a Stockpile never holds more than its cap — when card text that raised the cap
    /// leaves play, whatever is over the cap as it now stands is lost at once.
    fn settle_stockpiles(&mut self) {
        for k in 0..self.commanders.len() {
            let who = PlayerId(k as u8);
            let Some(c) = self.cmd(who) else { continue };
            if c.out {
                continue;
            }
            let (r, k) = (c.resource, c.currency);
            let cap = self.resolve(BaseRule::StockpileCap, who, None).count();
            if r <= cap && k <= cap {
                continue;
            }
            self.set_stockpile(who, r, k);
            self.log.push(Event::StockpileCapped {
                who,
                resource: r.min(cap),
                currency: k.min(cap),
                cap,
            });
        }
    }

    /// Whether `who` can pay `cost` (Stockpiles never go below 0, §9.27).
    pub(crate) fn check_afford(
        &self,
        who: PlayerId,
        cost: Amount,
        section: &'static str,
    ) -> Result<(), RuleError> {
        let have = self.cmd(who).map_or(Amount::ZERO, |c| c.stockpile());
        if have.resource < cost.resource || have.currency < cost.currency {
            return Err(RuleError::CannotAfford {
                cost,
                have,
                section,
            });
        }
        Ok(())
    }

    pub(crate) fn pay(&mut self, who: PlayerId, cost: Amount) {
        if let Some(c) = self.cmd_mut(who) {
            c.resource = c.resource.saturating_sub(cost.resource);
            c.currency = c.currency.saturating_sub(cost.currency);
        }
    }

    // ----- decisions --------------------------------------------------------------------

    /// Who must decide what now; `None` once the game is over.
    pub fn decision(&self) -> Option<Decision> {
        if self.outcome.is_some() {
            return None;
        }
        // §7.1.3.3: the Spoils-of-War Marines move at once, before anything else.
        if let Some(who) = crate::rules::victory::pending_relocation(self) {
            return Some(Decision {
                who,
                kind: DecisionKind::SpoilsMarines,
            });
        }
        if let Some(p) = self.pending.first() {
            if let Some(ask) = &p.ask {
                return Some(Decision {
                    who: p.decider(),
                    kind: DecisionKind::Effect {
                        source: p.source,
                        ask: ask.clone(),
                    },
                });
            }
        }
        if let Some(r) = self.regiments.last() {
            return Some(Decision {
                who: r.who,
                kind: DecisionKind::Regiment {
                    host: r.host,
                    unit: r.unit,
                    left: r.left,
                },
            });
        }
        if let Some(&who) = self.spoils.first() {
            return Some(Decision {
                who,
                kind: DecisionKind::Spoils,
            });
        }
        // §2.6, §2.7: a response window, below the effects and searches already under way.
        if let Some(&who) = self.window.as_ref().and_then(|w| w.queue.first()) {
            return Some(Decision {
                who,
                kind: DecisionKind::Respond,
            });
        }
        let (who, kind) = match &self.step {
            Step::SetupModule { who, left } => (*who, DecisionKind::SetupModule { left: *left }),
            Step::Mulligan { who } => (*who, DecisionKind::Mulligan),
            Step::SetupDeploy { who } => (*who, DecisionKind::SetupDeploy),
            Step::SetupDiscard { who } => (*who, DecisionKind::SetupDiscard),
            Step::Manufacturing => (self.active, DecisionKind::Manufacturing),
            Step::Engagement => (self.active, DecisionKind::Engagement),
            Step::Discard => (self.active, DecisionKind::Discard),
            Step::Respond { .. } => return None,
            Step::Combat => return crate::rules::engagement::decision(self),
            Step::Aftermath(a) => (*a.queue.first()?, DecisionKind::Aftermath),
            Step::Over => return None,
        };
        Some(Decision { who, kind })
    }

    /// Apply `who`'s choice. On success the events it caused are appended to the log and
    /// returned; on a rule error nothing changes.
    pub fn apply(&mut self, who: PlayerId, choice: Choice) -> Result<Vec<Event>, RuleError> {
        // The log and history are persistent (`crate::log`): the copy shares them.
        let mut next = self.clone();
        next.noted.clear();
        let mark = next.log.len();
        next.apply_choice(who, &choice)?;
        let events = next.log.since(mark);
        next.log.freeze_if_full();
        next.history.push((who, choice));
        next.history.freeze_if_full();
        next.noted.clear();
        *self = next;
        Ok(events)
    }

    fn apply_choice(&mut self, who: PlayerId, choice: &Choice) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        let commander = self.cmd(who).ok_or(RuleError::NoSuchCommander { who })?;
        if commander.out {
            return Err(RuleError::OutOfGame { who });
        }
        if *choice == Choice::Scoop {
            crate::rules::scoop::scoop(self, who);
            crate::effects::actions::run(self);
            crate::rules::manufacturing::settle_capacity(self);
            crate::rules::respond::settle(self);
            crate::rules::victory::pass_turn_of_eliminated(self);
            return Ok(());
        }
        let decision = self.decision().ok_or(RuleError::GameOver)?;
        if decision.who != who {
            return Err(RuleError::NotYourDecision {
                who,
                decider: decision.who,
            });
        }
        crate::rules::dispatch(self, decision, choice)?;
        // Card effects woken by the choice resolve until one needs a decision (§6.8).
        crate::effects::actions::run(self);
        if self.engagement.is_some() {
            crate::rules::engagement::settle(self);
        }
        // §6.9.7: a hijacked ship left without a Marine aboard reverts, whatever moved it;
        // §7.1.3.3: a ship whose waiting Marines are all gone (moved, destroyed, detached)
        // leaves play.
        crate::rules::boarding::check_garrisons(self);
        crate::rules::victory::settle_relocations(self);
        self.settle_stockpiles();
        // §9.4: capacity lost by whatever happened in this choice is settled at once.
        crate::rules::manufacturing::settle_capacity(self);
        // §2.6: who is asked next in a response window, once everything above has settled.
        crate::rules::respond::settle(self);
        // §5.6: the turn of a commander who left the game passes once nothing else waits.
        crate::rules::victory::pass_turn_of_eliminated(self);
        Ok(())
    }

    /// Every legal choice for the pending decision (Scoop, always legal, is left out).
    /// Fleet selection is exponential, so for engagements it lists the whole open-space fleet
    /// and each single ship per opponent; `apply` accepts any legal fleet.
    pub fn legal_choices(&self) -> Vec<Choice> {
        match self.decision() {
            None => Vec::new(),
            Some(d) => crate::rules::legal(self, &d),
        }
    }

    /// Whether `choice` would be accepted now, without changing anything.
    pub fn check(&self, who: PlayerId, choice: Choice) -> Result<(), RuleError> {
        let mut copy = self.clone();
        copy.log.clear();
        copy.history.clear();
        copy.apply_choice(who, &choice)
    }

    pub(crate) fn finish(&mut self, outcome: Outcome) {
        self.log.push(Event::GameOver {
            outcome: outcome.clone(),
        });
        self.outcome = Some(outcome);
        self.step = Step::Over;
        self.regiments.clear();
        self.spoils.clear();
        self.pending.clear();
        self.engagement = None;
        self.window = None;
    }
}
