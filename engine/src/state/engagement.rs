//! The state of an engagement being fought (§6.6) and of the one that just ended (the
//! aftermath): sides, steps, marks, declared boards, the boarding fight, a split volley being
//! assigned, and the volley kinds and dice the log records. Data only: the rules that move it
//! are `crate::rules::{engagement, volley, boarding, traits, aftermath}`.

use serde::Serialize;

use crate::ids::{Inst, PlayerId};
use crate::state::{Cards, Step};

/// Attacker or defender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Side {
    Attacker,
    Defender,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }
}

/// Where an engagement is, for the pending decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum CombatStep {
    /// STEP 1: start-of-engagement Events and Tactics; the queue's first commander decides.
    StartCards,
    /// STEP 2: defending Interceptors (§3.3.1).
    Interceptors,
    /// STEP 3 / STEP 5: a side's volley turn.
    Volley(Side),
    /// STEP 4 / STEP 6: a side declares boarding actions.
    Boards(Side),
    /// STEP 7: a side's Escorts cancel boards (§3.4.3).
    Escorts(Side),
    /// STEP 8: a boarding action (`Engagement::fight`).
    Boarding,
    /// §3.4.10: a Stoic unit destroyed by volley fire takes its last volley.
    Stoic(Inst),
}

/// A Jammer (attack) or Target Painter (defense) reduction, lasting until its source's side
/// begins its next volley turn (§3.2, §3.3.2, §3.3.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mark {
    pub source: Inst,
    pub target: Inst,
    pub jam: bool,
    pub amount: u8,
}

/// A declared boarding action (§6.6 STEP 4, STEP 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Board {
    pub ship: Inst,
    pub target: Inst,
    pub side: Side,
    pub cancelled: bool,
}

/// The engagement in progress. `Clone` is written out in `state::fork`.
#[derive(Debug, PartialEq, Serialize)]
pub struct Engagement {
    pub attacker: PlayerId,
    pub defender: PlayerId,
    /// The attacking ships still in the engagement, in open space (§6.5.2).
    pub fleet: Cards<8>,
    /// The fleet as declared, with the Wings that joined it and went home: the aftermath's
    /// attacking ships (§2.5.1.2, I-45).
    pub declared: Cards<8>,
    pub round: u32,
    pub step: CombatStep,
    /// STEP 1: commanders still to deploy or pass (`rules::respond`).
    pub start_queue: super::Seats,
    /// STEP 1: the head of the queue once asked (`rules::respond::settle`).
    pub start_asked: Option<PlayerId>,
    /// Units that have acted in the current volley turn (or STEP 2).
    pub acted: Cards<8>,
    /// One entry per normal volley a unit fired in the current volley turn (I-70).
    pub volleyed: Cards<8>,
    /// One entry per active trait a unit used in the current volley turn (§3.2).
    pub traits_used: Cards<8>,
    /// Attacking ships retreating this round (§6.6 STEP 3, §9.28).
    pub retreating: Cards<8>,
    /// Inline: two fit the room of a `Vec` (issue #15).
    pub boards: smallvec::SmallVec<[Board; 2]>,
    /// Escorts that cancelled a board in this Escort phase (§3.4.3).
    pub escorts_used: Cards<8>,
    /// Jammer and Target Painter marks (§3.3.2, §3.3.5). Inline (issue #15): an
    /// engagement is a new value, so a `Vec` here allocated in every engagement that marked.
    pub marks: smallvec::SmallVec<[Mark; 4]>,
    /// Units that used Overload this engagement (§3.3.3).
    pub overloaded: Cards<8>,
    /// Units under the Overload Drawback this volley turn, and those that will be next turn.
    pub drawback: Cards<8>,
    pub drawback_next: Cards<8>,
    /// Units that made the Fearless swap (§3.4.5).
    pub fearless: Cards<8>,
    /// Units that have rolled volley dice this engagement (Alpha Strike, §3.4.1).
    pub fired: Cards<8>,
    /// Stoic units awaiting their last volley, front first (§3.4.10).
    pub stoic: Cards<8>,
    pub fight: Option<Fight>,
    /// A split volley being assigned one target at a time (§6.2, `volley::assign`).
    pub assigning: Option<Assignment>,
    /// A volley rolled whose commander may re-roll one of its dice (I-91, `volley::reroll`).
    pub rolled: Option<Rolled>,
}

impl Engagement {
    /// [`Engagement::at_start`], in the storage of `spare` (an ended engagement) when there
    /// is one: copied in with `clone_from` (`state::fork`), which keeps every list's room
    /// (issue #15: no allocation a decision).
    pub(crate) fn restart(
        spare: Option<Engagement>,
        attacker: PlayerId,
        defender: PlayerId,
        fleet: &[Inst],
    ) -> Self {
        let start = Engagement::at_start(attacker, defender, fleet);
        match spare {
            Some(mut e) => {
                e.clone_from(&start);
                e
            }
            None => start,
        }
    }

    /// An engagement at its STEP 1 (§6.5.1, §6.6), round 1, with `fleet` declared and nothing
    /// done yet: the one place every field starts.
    pub(crate) fn at_start(attacker: PlayerId, defender: PlayerId, fleet: &[Inst]) -> Self {
        Engagement {
            attacker,
            defender,
            fleet: Cards::from_slice(fleet),
            declared: Cards::from_slice(fleet),
            round: 1,
            step: CombatStep::StartCards,
            start_queue: crate::state::Seats::new(),
            start_asked: None,
            acted: Cards::new(),
            volleyed: Cards::new(),
            traits_used: Cards::new(),
            retreating: Cards::new(),
            boards: Default::default(),
            escorts_used: Cards::new(),
            marks: smallvec::SmallVec::new(),
            overloaded: Cards::new(),
            drawback: Cards::new(),
            drawback_next: Cards::new(),
            fearless: Cards::new(),
            fired: Cards::new(),
            stoic: Cards::new(),
            fight: None,
            assigning: None,
            rolled: None,
        }
    }

    pub fn commander(&self, side: Side) -> PlayerId {
        match side {
            Side::Attacker => self.attacker,
            Side::Defender => self.defender,
        }
    }

    pub fn side_of(&self, who: PlayerId) -> Option<Side> {
        if who == self.attacker {
            Some(Side::Attacker)
        } else if who == self.defender {
            Some(Side::Defender)
        } else {
            None
        }
    }
}

/// Where a boarding action is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum FightStage {
    /// STEP 8A: defending Marines with Interceptor fire.
    Interceptor,
    /// STEP 8B/8D: the boarding Marines volley (or retreat).
    Boarders,
    /// STEP 8C/8D: the defending Marines volley.
    Holders,
    /// §9.23: the defenders decide whether to pursue retreating or beaten boarders.
    Pursue,
    /// STEP 8E: the winners hijack or scuttle.
    Outcome,
}

/// One boarding action being fought. `Clone` is written out in `state::fork`.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Fight {
    pub ship: Inst,
    pub target: Inst,
    pub boarders: PlayerId,
    pub holders: PlayerId,
    pub party: Cards<8>,
    pub defenders: Cards<8>,
    pub stage: FightStage,
    pub acted: Cards<8>,
    /// §9.28: the boarding party is retreating; the defending Marines' volley (STEP 8C/8D)
    /// is their parting fire, then the pursuit is decided.
    pub retreating: bool,
}

/// What kind of volley is fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum VolleyKind {
    /// A unit's normal volley on its volley turn (§6.2).
    Normal,
    /// Interceptor fire (§3.3.1): its kills are immediate destructions.
    Interceptor,
    /// Overload (§3.3.3): X dice at one target.
    Overload,
    /// A Stoic unit's last volley (§3.4.10).
    Stoic,
    /// Marines fighting a boarding action (§6.6 STEP 8).
    Marine,
}

impl VolleyKind {
    pub fn section(self) -> &'static str {
        match self {
            VolleyKind::Normal => "6.2",
            VolleyKind::Interceptor => "3.3.1",
            VolleyKind::Overload => "3.3.3",
            VolleyKind::Stoic => "3.4.10",
            VolleyKind::Marine => "6.6",
        }
    }
}

/// One rolled die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Die {
    pub natural: u8,
    /// After roll-result bonuses (Alpha Strike, card text).
    pub result: u8,
    pub hit: bool,
    /// The natural result of the first roll, when this die missed and was re-rolled (I-71).
    /// Never 0 (a die shows 1 to 10, `rng::Dice::force`): a die takes four bytes, so a
    /// volley's ten dice fit its event inline (issue #15).
    pub rerolled: Option<std::num::NonZeroU8>,
}

/// Where a volley is being fired: it decides who may fire and what follows the roll. Every
/// volley of an engagement — normal (STEP 3/5), Stoic (§3.4.10), Interceptor (STEP 2, STEP 8A)
/// and Marines' (STEP 8B–8D) — goes through [`fire_all`] or [`assign`], then [`carry_out`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Occasion {
    /// §6.2: a side's volley turn (STEP 3, STEP 5).
    Turn,
    /// §3.4.10: this Stoic unit's last volley.
    Stoic(Inst),
    /// §6.6 STEP 2: defending Interceptors (§3.3.1).
    Interceptors,
    /// §6.6 STEP 8: Marines in a boarding action (8A Interceptor fire, 8B–8D volleys).
    Fight,
}

/// A volley whose dice are being assigned one target at a time (§6.2): committed from its
/// first assignment, rolled when its last die is assigned. `Clone` is written out in
/// `state::fork`.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Assignment {
    pub who: PlayerId,
    pub unit: Inst,
    pub occasion: Occasion,
    pub kind: VolleyKind,
    /// The unit's volley dice, counted at the first assignment.
    pub dice: u8,
    pub fire: crate::choice::Fire,
}

impl Assignment {
    /// Dice still to assign.
    pub fn left(&self) -> u8 {
        let done: u32 = self.fire.iter().map(|&(_, k)| u32::from(k)).sum();
        u8::try_from(u32::from(self.dice).saturating_sub(done)).unwrap_or(0)
    }
}

/// A volley whose dice are rolled and shown to its commander, who may re-roll one of them by
/// the text of each card in `allowed` before any die counts (issue #40, part 3.8; I-91).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rolled {
    /// Who decides, and who answers the volley once it is complete (I-58).
    pub who: PlayerId,
    pub unit: Inst,
    pub kind: VolleyKind,
    /// What follows the volley where it was fired.
    pub then: AfterRoll,
    /// The Alpha Strike bonus, fixed as the volley was fired (§3.4.1).
    pub alpha: u8,
    /// The targets as the dice landed (after a decoy) and the faces at each, in order.
    pub fire: crate::choice::Fire,
    pub faces: Vec<Face>,
    /// The cards whose re-roll is still unused, in the order the cards entered play.
    pub allowed: Cards<4>,
}

impl Rolled {
    /// The faces at the `k`-th target of `fire`.
    pub fn at(&self, k: usize) -> &[Face] {
        let start: usize = self.fire[..k].iter().map(|&(_, n)| usize::from(n)).sum();
        let n = self.fire.get(k).map_or(0, |&(_, n)| usize::from(n));
        self.faces.get(start..start + n).unwrap_or(&[])
    }
}

/// One die of a rolled volley: what it shows, and what it showed before a re-roll (I-71,
/// I-91); a die is re-rolled at most once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Face {
    pub natural: u8,
    pub rerolled: Option<std::num::NonZeroU8>,
    /// Re-rolled by its commander's choice: the `Rerolled` line shows the first face, so the
    /// volley's line shows only the one that counts.
    pub chosen: bool,
}

/// What follows a volley where it was fired, once its dice count (`volley::carry_out`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum AfterRoll {
    /// A volley turn's volley or Interceptor fire: nothing more.
    Nothing,
    /// A Stoic last volley: the unit is destroyed (§3.4.10).
    Stoic,
    /// Marines' volley: a destroyed party ends the fighting (§6.6 STEP 8D).
    Fight,
    /// Overload: the unit is turned (§3.3.3).
    Overload,
}

/// The step a turn goes on with after an engagement's aftermath: another declaration
/// (§5.5.2) or the discard (§5.5.4). Held inline, where a boxed `Step` cost an allocation
/// per engagement (issue #15); it reads and serialises as that `Step` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum GoOn {
    Engagement,
    Discard,
}

impl GoOn {
    /// The step itself.
    pub fn step(self) -> Step {
        match self {
            GoOn::Engagement => Step::Engagement,
            GoOn::Discard => Step::Discard,
        }
    }
}

/// The engagement that just ended, kept for the aftermath's locality (I-45).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Aftermath {
    /// Commanders still to decide: the attacker, then the defender.
    pub queue: super::Seats,
    pub attacker: PlayerId,
    pub defender: PlayerId,
    /// The attacking fleet as declared, with the units that joined it (launched Wings,
    /// hijacked ships).
    pub fleet: Cards<8>,
    /// The step the turn goes on with once everyone is done.
    pub then: GoOn,
    /// Whether the first commander in `queue` has been told it is their turn.
    pub announced: bool,
}
