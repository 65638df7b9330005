//! The game log: typed events, each citing the rule section it applied.
//!
//! A log is the ruling transcript: same decks, seed and choices give the same log, byte for
//! byte (see `Game::log_json`). Events name cards by [`CardRef`]; `transcript` renders names.

use serde::Serialize;
use smallvec::SmallVec;

use crate::ids::{Inst, PlayerId};
use crate::ir::{Amount, BaseRule, CardId, RegimentUnit, RuleValue, TraitName};
use crate::resolver::Scope;
use crate::state::engagement::{Die, VolleyKind};
use crate::state::MAX_COMMANDERS;

/// The cards an event lists, held inline up to `N` (issue #15: the playout path allocates
/// nothing for an event's lists). Each `N` is what the games seen hold (a draw of up to 6, a
/// fleet of up to 8, ...) within the room of the largest event, so no event grows for it; a
/// longer list spills to the heap. Serialised as a sequence, exactly as a `Vec`.
pub type CardRefs<const N: usize> = SmallVec<[CardRef; N]>;

/// A card instance and the card it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CardRef {
    pub inst: Inst,
    pub card: CardId,
}

/// The phases of the game (§4.1, §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Phase {
    Setup,
    Logistics,
    Manufacturing,
    Engagement,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::Logistics => "Logistics",
            Phase::Manufacturing => "Manufacturing",
            Phase::Engagement => "Engagement",
        }
    }

    pub fn section(self) -> &'static str {
        match self {
            Phase::Setup => "4.1",
            Phase::Logistics => "5.3",
            Phase::Manufacturing => "5.4",
            Phase::Engagement => "5.5",
        }
    }
}

/// How a card came to be deployed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DeployHow {
    /// From hand at cost in the Manufacturing Phase (§5.4.2).
    FromHand,
    /// From hand at cost in Setup (§4.6).
    SetupFromHand,
    /// An Event from hand, at cost, at any time (§2.6).
    Event,
    /// Breakthru from hand, free (§5.4.1).
    Breakthru,
    /// Face Up-Face Down Module-Ship, free and face down (§3.4.4).
    FaceDown,
    /// Searched from the Shipyard at double printed cost (§5.4.3).
    Conscripted,
    /// Searched from the Shipyard for a Regimented unit, free (§3.4.7).
    Regimented,
    /// Station or Setup Module-Station, free (§4.2).
    Setup,
    /// A Tactic from hand during an engagement (§2.7, §6.5.4).
    Tactic,
    /// Searched from the Shipyard, free: the Spoils of War (§7.1.3.2).
    Spoils,
    /// Found by a card's search of the Shipyard (§8.3).
    Searched,
}

impl DeployHow {
    /// How the card came into play, in words.
    pub fn words(self) -> &'static str {
        match self {
            DeployHow::FromHand => "from hand",
            DeployHow::SetupFromHand => "from hand in Setup",
            DeployHow::Event => "an Event from hand",
            DeployHow::Breakthru => "a Breakthru, free",
            DeployHow::FaceDown => "face down, free",
            DeployHow::Conscripted => "Conscripted at double cost",
            DeployHow::Regimented => "Regimented, free",
            DeployHow::Setup => "in Setup, free",
            DeployHow::Tactic => "a Tactic from hand",
            DeployHow::Spoils => "the Spoils of War, free",
            DeployHow::Searched => "found by a search",
        }
    }

    pub fn section(self) -> &'static str {
        match self {
            DeployHow::FromHand => "5.4.2",
            DeployHow::SetupFromHand => "4.6",
            DeployHow::Event => "2.6",
            DeployHow::Breakthru => "5.4.1",
            DeployHow::FaceDown => "3.4.4",
            DeployHow::Conscripted => "5.4.3",
            DeployHow::Regimented => "3.4.7",
            DeployHow::Setup => "4.2",
            DeployHow::Tactic => "2.7",
            DeployHow::Spoils => "7.1.3.2",
            DeployHow::Searched => "8.3",
        }
    }
}

/// What happened to a unit that no longer fits its host (§9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CapacityOutcome {
    /// A Fighter Wing launched into open space.
    ToOpenSpace,
    /// A Marine lost as a casualty, to the Scrapheap.
    Scrapped,
}

/// Why a Regimented search ended (§3.4.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum RegimentEnd {
    /// Every unit the trait asks for was fetched.
    Satisfied,
    /// The commander stopped the search.
    Declined,
    /// No suitable unit is left in the Shipyard: the rest of the trait is ignored.
    NoneLeft,
    /// Suitable units remain, but none fits aboard the host any more (§9.4).
    NoRoom,
}

/// Why an engagement ended (§6.5.1, §6.6 STEP 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum EndReason {
    /// The attacking fleet was destroyed.
    FleetDestroyed,
    /// The attacking fleet retreated (or the last of it did).
    Retreated,
    /// The defending Station was destroyed, hijacked or scuttled.
    StationTaken,
    /// The attacker left the game.
    AttackerLeft,
    /// The defender scooped (§7.2).
    DefenderLeft,
    /// A card cancelled the engagement (§6.8).
    Cancelled,
    /// Neither side can ever wound the other (STEP 9, I-57): the fleet withdraws.
    Deadlock,
    /// The engine's liveness guard (`engagement::MAX_ROUNDS`): the fleet withdraws.
    RoundLimit,
}

/// A step skipped because its commander has nothing to decide in it (§6.6; the end-of-
/// engagement reassignment, §2.5.1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Skipped {
    /// STEP 2: no defending unit can fire Interceptor.
    Interceptors,
    /// STEP 4 / STEP 6: no ship of the side can declare a boarding action.
    Boards { step: u8 },
    /// STEP 6 ended with no boarding action declared: STEP 7 and STEP 8 are skipped.
    NoBoards,
    /// STEP 7: no Escort of the side can cancel a boarding action.
    Escorts,
    /// The end of an engagement: nothing to reassign or turn face down.
    Aftermath,
}

/// Why the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// Only one commander remains (§6.1, §7.2).
    Winner(PlayerId),
    /// The configured turn limit was reached before engagements could decide it.
    TurnLimit { turns: u32 },
    /// Every commander scooped.
    NoCommanders,
}

/// One thing that happened, with the rule that made it happen.
/// What woke an ability (§6.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Cause {
    /// An Event or Tactic deployed (§2.6, §2.7).
    Play,
    /// `when deployed` (§9.11, §4.2).
    Deployed,
    /// `when destroyed` (§6.7, §9.12).
    Destroyed,
    /// `during your Logistics Phase` (§5.3.5).
    Logistics,
    /// `during your Manufacturing Phase` (§5.4.4).
    Manufacturing,
    TurnStarts,
    TurnEnds,
    /// `when ... rolls a natural 1/10` (§9.19).
    Natural,
    /// `instead of ...`: a replacement of this event.
    Replaced(crate::ir::effect::Replaced),
    /// `when boards` / `when boarded` (§6.6 STEP 8).
    Boards,
    Boarded,
    /// `when engagement starts` / `ends` (§6.5.1).
    EngagementStarts,
    EngagementEnds,
    /// A deed (issue 17): `destroys`, `wounds`, `is wounded by`, `hijacks`, `is hijacked`,
    /// `retreats`.
    Deed(crate::ir::effect::TriggerEvent),
    /// An activated ability its commander used (issue #40, part 3.3; I-93).
    Activated,
}

impl Cause {
    pub fn section(self) -> &'static str {
        match self {
            Cause::Play => "6.8",
            Cause::Deployed => "9.11",
            Cause::Destroyed => "9.12",
            Cause::Logistics => "5.3.5",
            Cause::Manufacturing => "5.4.4",
            Cause::TurnStarts | Cause::TurnEnds => "5.2",
            Cause::EngagementStarts | Cause::EngagementEnds => "6.5.1",
            Cause::Natural => "9.19",
            Cause::Replaced(crate::ir::effect::Replaced::Destroyed) => "9.12",
            Cause::Replaced(crate::ir::effect::Replaced::CompulsoryWounds) => "9.6",
            Cause::Replaced(crate::ir::effect::Replaced::Boarded) => "9.3",
            Cause::Boards | Cause::Boarded => "6.6",
            Cause::Deed(d) => {
                use crate::ir::effect::TriggerEvent as T;
                match d {
                    T::Destroys => "6.7",
                    T::Hijacks | T::Hijacked => "9.16",
                    T::Retreats => "9.28",
                    _ => "6.2",
                }
            }
            // Used when its commander may deploy an Event (I-93).
            Cause::Activated => "2.6",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Cause::Play => "deployed",
            Cause::Deployed => "when deployed",
            Cause::Destroyed => "when destroyed",
            Cause::Logistics => "during its commander's Logistics Phase",
            Cause::Manufacturing => "during its commander's Manufacturing Phase",
            Cause::TurnStarts => "when its commander's turn starts",
            Cause::TurnEnds => "when its commander's turn ends",
            Cause::EngagementStarts => "when the engagement starts",
            Cause::EngagementEnds => "when the engagement ends",
            Cause::Natural => "on a natural roll",
            Cause::Replaced(crate::ir::effect::Replaced::Destroyed) => "instead of being destroyed",
            Cause::Replaced(crate::ir::effect::Replaced::CompulsoryWounds) => {
                "instead of suffering compulsory wounds"
            }
            Cause::Replaced(crate::ir::effect::Replaced::Boarded) => "instead of being boarded",
            Cause::Boards => "when its Marines board",
            Cause::Boarded => "when boarded",
            Cause::Deed(d) => {
                use crate::ir::effect::TriggerEvent as T;
                match d {
                    T::Destroys => "when volley fire destroys a unit",
                    T::Wounds => "when volley fire wounds a unit",
                    T::WoundedBy => "when wounded by volley fire",
                    T::Wounded => "when wounded",
                    T::Hijacks => "when Marines hijack a ship",
                    T::Hijacked => "when hijacked",
                    T::Retreats => "when a ship retreats",
                    _ => "on its deed",
                }
            }
            Cause::Activated => "activated by its commander",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Event {
    GameStarted {
        commanders: u8,
        seed: u64,
    },
    /// Every search ends in a shuffle (§8.3); so does the opening shuffle.
    ShipyardShuffled {
        who: PlayerId,
    },
    StationDeployed {
        who: PlayerId,
        station: CardRef,
    },
    StockpileCardsPlaced {
        who: PlayerId,
        cards: CardRefs<2>,
    },
    StockpilesSet {
        who: PlayerId,
        resource: u8,
        currency: u8,
    },
    /// Cards drawn; `short` counts cards the Shipyard could not supply (§5.3.1: not an error).
    Drew {
        who: PlayerId,
        cards: CardRefs<6>,
        short: u8,
        setup: bool,
    },
    Mulligan {
        who: PlayerId,
        discarded: CardRefs<6>,
        paid: Amount,
    },
    KeptHand {
        who: PlayerId,
        mulligans: u8,
    },
    /// Income gained; `clamped` when the Stockpile cap cut it (§9.27).
    Income {
        who: PlayerId,
        gained: Amount,
        sources: CardRefs<6>,
        clamped: bool,
        setup: bool,
    },
    SetupDone {
        who: PlayerId,
    },
    InitiativeRolled {
        round: u8,
        rolls: SmallVec<[(PlayerId, u8); MAX_COMMANDERS]>,
    },
    TurnOrder {
        order: SmallVec<[PlayerId; MAX_COMMANDERS]>,
    },
    TurnBegan {
        who: PlayerId,
        turn: u32,
    },
    PhaseBegan {
        who: PlayerId,
        phase: Phase,
    },
    Repaired {
        card: CardRef,
        healed: u8,
        left: u8,
        repair_trait: bool,
    },
    Deployed {
        who: PlayerId,
        card: CardRef,
        host: Option<CardRef>,
        paid: Amount,
        how: DeployHow,
    },
    /// A deployed card's "on deployed" effects would resolve here (abilities: later issue).
    ModuleReplaced {
        who: PlayerId,
        old: CardRef,
        host: CardRef,
    },
    Reassigned {
        who: PlayerId,
        card: CardRef,
        from: Option<CardRef>,
        to: Option<CardRef>,
    },
    /// §6.9.7 (I-86): `relief` went aboard the hijacked ship `prize` and `garrison` took its
    /// place aboard `post`, in one move.
    Relieved {
        who: PlayerId,
        prize: CardRef,
        garrison: CardRef,
        relief: CardRef,
        post: CardRef,
    },
    CapacityLost {
        card: CardRef,
        host: CardRef,
        outcome: CapacityOutcome,
    },
    RegimentSearch {
        host: CardRef,
        unit: RegimentUnit,
        left: u8,
    },
    RegimentEnded {
        host: CardRef,
        end: RegimentEnd,
    },
    /// An Event or Tactic finished resolving (§2.6, §2.7).
    EventResolved {
        who: PlayerId,
        card: CardRef,
        tactic: bool,
        /// The Event's text lasts: it stays on the battlefield (§2.6, I-44).
        stays_in_play: bool,
        /// Its effect attached it to this card: it stays there (§2.6, I-46).
        attached_to: Option<CardRef>,
    },
    Discarded {
        who: PlayerId,
        card: CardRef,
        setup: bool,
    },
    EngagementDeclared {
        attacker: PlayerId,
        defender: PlayerId,
        fleet: CardRefs<8>,
    },
    /// A step of the §6.6 guide begins (`step` is the STEP number; `who` acts in it).
    CombatStep {
        step: u8,
        who: PlayerId,
    },
    /// STEP 9 loops back to STEP 3: a new round (§6.5.3 counts rounds).
    RoundBegan {
        round: u32,
    },
    /// Split fire built step by step: `dice` of the unit's volley dice assigned to `target`,
    /// `left` still to assign (§6.2). The volley rolls when none are left.
    DiceAssigned {
        unit: CardRef,
        target: CardRef,
        dice: u8,
        left: u8,
    },
    /// Dice assigned to targets before rolling (§6.2, §8.5).
    VolleyFired {
        unit: CardRef,
        fire: SmallVec<[(CardRef, u8); 5]>,
        kind: VolleyKind,
    },
    /// The dice at one target and the wounds they dealt (§6.2, §8.2).
    VolleyRolled {
        unit: CardRef,
        target: CardRef,
        defense: u8,
        /// Static card modifiers in this roll: of the firer's attack and the target's
        /// defense, by source (§8.1; `effects::modifiers`).
        statics: SmallVec<[(CardRef, crate::ir::effect::Stat, i8); 2]>,
        /// Roll-result modifiers of the firer, by source (issue 17; §8.2 still holds).
        bonus: SmallVec<[(CardRef, i8); 1]>,
        dice: SmallVec<[Die; 10]>,
        wounds: u8,
        total: u8,
        of: u8,
    },
    /// Two natural 10s from an Annihilate unit at one target (§3.4.2).
    Annihilated {
        target: CardRef,
    },
    /// Destroyed (§6.2, §9.12) or immediately destroyed (§6.7, §9.17).
    Destroyed {
        card: CardRef,
        immediate: bool,
    },
    /// A Stockpile over its cap (card text that raised it left play) loses the excess (§9.27).
    StockpileCapped {
        who: PlayerId,
        resource: u8,
        currency: u8,
        cap: u8,
    },
    /// A card attached to a destroyed card is destroyed with it (§9.1, §2.3).
    DestroyedWithHost {
        card: CardRef,
        host: CardRef,
    },
    /// A Stoic unit destroyed by volley fire takes one last volley (§3.4.10).
    StoicLastVolley {
        card: CardRef,
    },
    /// An active trait used instead of firing (§3.2, §3.3).
    TraitUsed {
        unit: CardRef,
        ability: TraitName,
        target: Option<CardRef>,
        amount: u8,
    },
    /// §3.4.5: printed attack and defense swapped; the unit's values afterwards.
    FearlessSwap {
        unit: CardRef,
        attack: u8,
        defense: u8,
    },
    /// A Fighter Wing leaves its bay for open space (§2.5.1.2, §6.7).
    WingLaunched {
        wing: CardRef,
        from: CardRef,
    },
    /// A Fighter Wing returns to a bay instead of firing (§2.5.1.2).
    WingDocked {
        wing: CardRef,
        host: CardRef,
    },
    /// §6.6 STEP 3, §9.28.
    Retreating {
        card: CardRef,
    },
    /// §6.6 STEP 3/9: a retreating ship survived and is home.
    Retreated {
        card: CardRef,
    },
    /// §6.6 STEP 4/6.
    BoardDeclared {
        ship: CardRef,
        target: CardRef,
    },
    /// §3.4.3, §6.6 STEP 7.
    BoardCancelled {
        escort: CardRef,
        ship: CardRef,
    },
    /// §6.6 STEP 8: the Marines revealed on each side.
    BoardingBegan {
        ship: CardRef,
        target: CardRef,
        boarders: CardRefs<5>,
        defenders: CardRefs<5>,
    },
    /// The boarders won; `automatic` when no Marines defended (§6.9.3).
    BoardingWon {
        ship: CardRef,
        target: CardRef,
        automatic: bool,
    },
    /// The boarding party was destroyed (§6.6 STEP 8D).
    BoardingRepelled {
        ship: CardRef,
        target: CardRef,
    },
    /// The boarding action ended unfought because its ship or its target left play, or a
    /// party was lost to a card (§6.6 STEP 8, §6.9): nothing to hijack, scuttle or pursue.
    BoardingEnded {
        ship: CardRef,
        target: CardRef,
        /// The card that left play (`None`: a party was lost, not a ship).
        gone: Option<CardRef>,
    },
    /// §6.6 STEP 8D, I-66: neither party can ever wound the other; the boarding action ends
    /// with no winner.
    BoardingDeadlocked {
        ship: CardRef,
        target: CardRef,
    },
    /// §6.6 STEP 8D, §9.28.
    MarinesRetreat {
        ship: CardRef,
    },
    /// §9.23: whether the defenders pursue to `ship`; `returning`: whether Marines of the
    /// boarding party are left to go back aboard it (not when the party was destroyed).
    Pursuit {
        ship: CardRef,
        pursued: bool,
        #[serde(default)]
        returning: bool,
    },
    /// §6.6 STEP 8E, §9.16.
    Hijacked {
        card: CardRef,
        by: PlayerId,
    },
    /// §9.31.
    Scuttled {
        card: CardRef,
        by: PlayerId,
    },
    /// §6.9.7: a hijacked ship without a Marine aboard returns to its owner.
    Reverted {
        card: CardRef,
        to: PlayerId,
    },
    /// §6.3, §6.9.7 (I-74): a card held by a commander who has left the game goes back to its
    /// owner.
    GivenBack {
        card: CardRef,
        to: PlayerId,
        from: PlayerId,
    },
    /// §6.5.1, §6.6 STEP 9.
    EngagementEnded {
        attacker: PlayerId,
        defender: PlayerId,
        reason: EndReason,
    },
    /// §6.1, §6.3: a Station destroyed, hijacked or scuttled.
    Eliminated {
        who: PlayerId,
        by: Option<PlayerId>,
    },
    /// §7.1.3.3: a Marine aboard a ship hijacked from an eliminated commander moves or is lost.
    SpoilsMarines {
        marine: CardRef,
        to: Option<CardRef>,
    },
    /// §7.1.3.2: the victor deploys nothing from the Shipyard.
    SpoilsDeclined {
        who: PlayerId,
    },
    EngagementDeclined {
        who: PlayerId,
    },
    Passed {
        who: PlayerId,
    },
    TurnEnded {
        who: PlayerId,
    },
    Scooped {
        who: PlayerId,
    },
    SpoilsOfWar {
        to: PlayerId,
        from: PlayerId,
        gained: Amount,
    },
    /// A card's text changed a base rule (§8.1); the value the engine used instead.
    RuleOverridden {
        rule: BaseRule,
        default: RuleValue,
        value: RuleValue,
        source: CardRef,
        scope: Scope,
        /// Other in-scope overrides this one beat, by the precedence in `resolver`.
        beat: CardRefs<2>,
    },
    /// A card's ability starts to resolve (§6.8; the cause's section).
    AbilityResolves {
        source: CardRef,
        who: PlayerId,
        cause: Cause,
    },
    /// A chosen target (§8.5).
    TargetChosen {
        source: CardRef,
        target: CardRef,
    },
    CommanderChosen {
        source: CardRef,
        who: PlayerId,
    },
    /// An optional step taken, its cost paid (§8.6).
    OptionalTaken {
        source: CardRef,
        paid: Amount,
    },
    /// An optional step (or a Face Up-Face Down flip) declined (§8.6).
    OptionalDeclined {
        source: CardRef,
    },
    /// A volley die rolled for a card effect (§9.37).
    EffectDie {
        source: CardRef,
        natural: u8,
    },
    /// §9.6
    CompulsoryWounds {
        card: CardRef,
        wounds: u8,
        total: u8,
        of: u8,
    },
    /// §3.4.8: Resistant ignores compulsory wounds.
    CompulsoryIgnored {
        card: CardRef,
    },
    /// §8.5: a chosen target is no longer legal when the effect resolves (it left play or no
    /// longer matches), or no legal target is left to choose: that part of the effect does
    /// not reach it.
    TargetLost {
        source: CardRef,
        target: Option<CardRef>,
    },
    /// Wounds removed by a card effect (§3.3.4).
    EffectRepaired {
        card: CardRef,
        healed: u8,
        left: u8,
    },
    /// §9.29
    Sacrificed {
        card: CardRef,
    },
    /// A card effect added to a Stockpile, capped (§9.27).
    StockpileGained {
        who: PlayerId,
        gained: Amount,
        clamped: bool,
    },
    /// A card effect paid from a Stockpile, never below 0 (§9.27).
    StockpilePaid {
        who: PlayerId,
        paid: Amount,
    },
    /// Taken from / given to another Commander as the card says (§7.1.1); `kept` is what the
    /// receiver's capped Stockpile could hold (§9.27).
    StockpileMoved {
        from: PlayerId,
        to: PlayerId,
        amount: Amount,
        kept: Amount,
    },
    /// A card effect made a Commander discard (§9.30).
    DiscardedByEffect {
        who: PlayerId,
        card: CardRef,
    },
    ReturnedToHand {
        card: CardRef,
    },
    /// A card left play for its owner's Scrapheap with no rule of its own moving it: it was
    /// attached to a card that left play (§9.1, I-87), its commander is out of the game
    /// (§6.3), or it was a ship hijacked from a commander who is out (§7.1.3.3).
    LeftPlay {
        card: CardRef,
        why: LeftPlayWhy,
    },
    /// A searched card put into hand (§8.3).
    SearchedToHand {
        who: PlayerId,
        card: CardRef,
    },
    /// A card's search of the Shipyard is over; the Shipyard is shuffled next (§8.3).
    SearchEnded {
        who: PlayerId,
        source: CardRef,
    },
    /// A temporary modifier (§9.22).
    TemporaryModifier {
        source: CardRef,
        card: CardRef,
        modifier: crate::ir::effect::CardModifier,
        duration: crate::ir::effect::Duration,
    },
    /// A temporary modifier on Commanders (issue 17): `who` as seen from `controller`.
    TemporaryCommanderModifier {
        source: CardRef,
        controller: PlayerId,
        who: crate::ir::effect::Commanders,
        modifier: crate::ir::effect::CommanderModifier,
        duration: crate::ir::effect::Duration,
    },
    /// A temporary modifier's duration ended (§9.22): the card is as before.
    TemporaryEnded {
        source: CardRef,
        card: CardRef,
        modifier: crate::ir::effect::CardModifier,
        duration: crate::ir::effect::Duration,
    },
    /// A temporary modifier on Commanders ended (§9.22).
    TemporaryCommanderEnded {
        source: CardRef,
        controller: PlayerId,
        who: crate::ir::effect::Commanders,
        modifier: crate::ir::effect::CommanderModifier,
        duration: crate::ir::effect::Duration,
    },
    /// A Face Up-Face Down module flipped face up (§3.4.4).
    ModuleFlipped {
        card: CardRef,
    },
    /// A commander's turn to reassign and turn modules face down at the end of an
    /// engagement (§2.5.1.2, §3.4.4).
    AftermathBegan {
        who: PlayerId,
    },
    /// A flipped-up Face Up-Face Down module turned face down again (§3.4.4).
    ModuleTurnedFaceDown {
        card: CardRef,
    },
    /// Cost modifiers of cards in play changed a deployment cost, floored at zero (§8.4).
    CostModified {
        card: CardRef,
        printed: Amount,
        paid: Amount,
        sources: CardRefs<2>,
    },
    /// A Stoic unit destroyed while it may not act gets no last volley (§3.4.10, I-49).
    StoicWithheld {
        card: CardRef,
        /// Why it may not act: retreating (§6.6 STEP 3), changed hands (§6.6 STEP 8E), or the
        /// engagement ended before its last volley (§6.5.1, I-73).
        section: &'static str,
    },
    /// An effect attached a card to another (§9.1; an Event stays attached, §2.6).
    Attached {
        source: CardRef,
        card: CardRef,
        to: CardRef,
    },
    /// An effect could not attach a card there; nothing moved.
    AttachRefused {
        source: CardRef,
        card: CardRef,
        to: CardRef,
        why: crate::error::Misfit,
    },
    /// An effect detached a card (§9.1): a Fighter Wing into open space, anything else to its
    /// owner's Scrapheap, not destroyed (I-46).
    Detached {
        source: CardRef,
        card: CardRef,
        from: CardRef,
        to_scrapheap: bool,
    },
    /// A card's damage prevention took wounds the unit would have suffered (issue 17, I-72).
    WoundsPrevented {
        card: CardRef,
        wounds: u8,
        source: CardRef,
    },
    /// A unit fires a volley after its first of the volley turn, by card text (issue 17,
    /// I-70; §8.1 over the one volley of §6.2).
    AdditionalVolley {
        unit: CardRef,
        sources: CardRefs<2>,
    },
    /// A unit's hits on a target deal double wounds, by the text of these cards (issue #40,
    /// part 3.4; I-97; §8.1 over the one wound a hit deals, §6.2).
    WoundsDoubled {
        unit: CardRef,
        target: CardRef,
        sources: CardRefs<2>,
    },
    /// A decoy drew a volley's dice at the unit it protects (issue #40, part 3.6; I-98).
    VolleyDrawn {
        unit: CardRef,
        from: CardRef,
        to: CardRef,
        dice: u8,
    },
    /// A triggered ability with a limit (`once per turn`, ...) did not trigger: it already
    /// has since the limit's boundary (issue 17, I-69).
    LimitReached {
        card: CardRef,
        limit: crate::ir::effect::Limit,
    },
    /// A card's `instead of ...` text replaced an event (§8.1): it did not happen (I-47).
    Replaced {
        card: CardRef,
        what: crate::ir::effect::Replaced,
        /// A destroyed card stays in play with this many wounds (one below its wounds).
        wounds: Option<u8>,
    },
    /// A step with nothing to decide, skipped (§6.6).
    StepSkipped {
        who: PlayerId,
        skipped: Skipped,
    },
    GameOver {
        outcome: Outcome,
    },
    /// `who` used an activated ability of `card` (issue #40, part 3.3; I-93), paying `paid`
    /// from their Stockpiles; with a `limit`, it is used until the limit's boundary.
    Activated {
        who: PlayerId,
        card: CardRef,
        paid: crate::ir::Amount,
        limit: Option<crate::ir::effect::Limit>,
    },
    /// The limit of a used activated ability has passed its boundary (the end of the turn or
    /// of the engagement): it may be used again (I-93).
    ActivationRenewed {
        card: CardRef,
        limit: crate::ir::effect::Limit,
    },
    /// A mode of a modal step chosen (I-89): `mode` of step `step` of ability `ability`.
    ModeChosen {
        source: CardRef,
        who: PlayerId,
        ability: u8,
        step: u8,
        mode: u8,
    },
    /// No mode of a modal step could be chosen (I-89): the step does nothing.
    NoModeOpen {
        source: CardRef,
    },
    /// A volley's dice, rolled and shown to its commander before any counts: they may re-roll
    /// one by the text of each of `sources` (issue #40, part 3.8; I-91).
    DiceShown {
        who: PlayerId,
        unit: CardRef,
        dice: SmallVec<[(CardRef, SmallVec<[crate::state::engagement::Face; 10]>); 2]>,
        sources: CardRefs<2>,
    },
    /// Die `die` (from 1) of the volley at `target` re-rolled by its commander's choice, by
    /// the text of `source`: `from` becomes `to`, and only `to` counts (I-91).
    Rerolled {
        who: PlayerId,
        unit: CardRef,
        target: CardRef,
        die: u8,
        from: u8,
        to: u8,
        source: CardRef,
    },
    /// The commander lets the volley's dice stand (I-91).
    DiceKept {
        who: PlayerId,
        unit: CardRef,
    },
}

/// Why a card left play with a [`Event::LeftPlay`] line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LeftPlayWhy {
    /// It was attached to this card, which left play (§9.1, I-87).
    WithHost(CardRef),
    /// Its owner is out of the game, and every card they own leaves play (§6.3, §7.2).
    CommanderOut(PlayerId),
    /// A ship hijacked from this commander, who is out of the game: once its hijacker's
    /// Marines have moved, it is destroyed (§7.1.3.3).
    HijackedFromOut(PlayerId),
}

impl LeftPlayWhy {
    /// The section that moves the card.
    pub fn section(&self) -> &'static str {
        match self {
            LeftPlayWhy::WithHost(_) => "9.1",
            LeftPlayWhy::CommanderOut(_) => "6.3",
            LeftPlayWhy::HijackedFromOut(_) => "7.1.3.3",
        }
    }
}

impl Event {
    /// The rulebook section the event applied.
    pub fn section(&self) -> &'static str {
        match self {
            Event::GameStarted { .. } => "4.1",
            Event::ShipyardShuffled { .. } => "8.3",
            Event::StationDeployed { .. } => "4.2",
            Event::StockpileCardsPlaced { .. } => "4.3",
            Event::StockpilesSet { .. } => "4.3",
            Event::Drew { setup: true, .. } => "4.4",
            Event::Drew { setup: false, .. } => "5.3.1",
            Event::Mulligan { .. } | Event::KeptHand { .. } => "4.4.1",
            Event::Income { setup: true, .. } => "4.5",
            Event::Income { setup: false, .. } => "5.3.2",
            Event::SetupDone { .. } => "4.7",
            Event::InitiativeRolled { .. } | Event::TurnOrder { .. } => "4.8",
            Event::TurnBegan { .. } => "5.2",
            Event::PhaseBegan { phase, .. } => phase.section(),
            Event::Repaired { .. } => "5.3.4",
            Event::Deployed { how, .. } => how.section(),
            Event::ModuleReplaced { .. } => "2.3",
            Event::Reassigned { .. } => "5.4.5",
            Event::Relieved { .. } => "6.9.7",
            Event::CapacityLost { .. } => "9.4",
            Event::RegimentSearch { .. } | Event::RegimentEnded { .. } => "3.4.7",
            Event::EventResolved { tactic: true, .. } => "2.7",
            Event::EventResolved { .. } => "2.6",
            Event::Discarded { setup: true, .. } => "4.7",
            Event::Discarded { setup: false, .. } => "5.5.4",
            Event::EngagementDeclared { .. } => "5.5.2",
            Event::CombatStep { .. } | Event::RoundBegan { .. } => "6.6",
            Event::VolleyFired { kind, .. } => kind.section(),
            Event::DiceAssigned { .. } => "6.2",
            Event::VolleyRolled { .. } => "6.2",
            Event::Annihilated { .. } => "3.4.2",
            Event::Destroyed {
                immediate: true, ..
            } => "6.7",
            Event::Destroyed { .. } => "9.12",
            Event::DestroyedWithHost { .. } => "9.1",
            Event::StockpileCapped { .. } => "9.27",
            Event::StoicLastVolley { .. } | Event::StoicWithheld { .. } => "3.4.10",
            Event::TraitUsed { ability, .. } => ability.section(),
            Event::FearlessSwap { .. } => "3.4.5",
            Event::WingLaunched { .. } | Event::WingDocked { .. } => "2.5.1.2",
            Event::Retreating { .. } | Event::Retreated { .. } => "9.28",
            Event::BoardDeclared { .. } => "6.9",
            Event::BoardCancelled { .. } => "3.4.3",
            Event::BoardingBegan { .. }
            | Event::BoardingRepelled { .. }
            | Event::BoardingEnded { .. }
            | Event::BoardingDeadlocked { .. } => "6.6",
            Event::BoardingWon {
                automatic: true, ..
            } => "6.9.3",
            Event::BoardingWon { .. } => "6.6",
            Event::MarinesRetreat { .. } => "9.28",
            Event::Pursuit { .. } => "9.23",
            Event::Hijacked { .. } => "9.16",
            Event::Scuttled { .. } => "9.31",
            Event::Reverted { .. } => "6.9.7",
            Event::GivenBack { .. } => "6.3",
            Event::EngagementEnded {
                reason: EndReason::Deadlock,
                ..
            } => "6.6 STEP 9",
            Event::EngagementEnded { .. } => "6.5.1",
            Event::Eliminated { .. } => "6.1",
            Event::SpoilsMarines { .. } => "7.1.3.3",
            Event::SpoilsDeclined { .. } => "7.1.3.2",
            Event::EngagementDeclined { .. } => "5.5.1",
            Event::Passed { .. } => "2.6",
            Event::TurnEnded { .. } => "5.5.5",
            Event::Scooped { .. } => "7.2",
            Event::SpoilsOfWar { .. } => "7.1.3.1",
            Event::RuleOverridden { .. } => "8.1",
            Event::GameOver { .. } => "6.1",
            Event::StepSkipped {
                skipped: Skipped::Aftermath,
                ..
            } => "2.5.1.2",
            Event::StepSkipped { .. } => "6.6",
            Event::AbilityResolves { cause, .. } => cause.section(),
            Event::TargetChosen { .. } | Event::CommanderChosen { .. } => "8.5",
            Event::OptionalTaken { .. } | Event::OptionalDeclined { .. } => "8.6",
            Event::EffectDie { .. } => "9.37",
            Event::CompulsoryWounds { .. } => "9.6",
            Event::CompulsoryIgnored { .. } => "3.4.8",
            Event::EffectRepaired { .. } => "3.3.4",
            Event::TargetLost { .. } => "8.5",
            Event::Sacrificed { .. } => "9.29",
            Event::StockpileGained { .. } | Event::StockpilePaid { .. } => "9.27",
            Event::StockpileMoved { .. } => "7.1.1",
            Event::DiscardedByEffect { .. } => "9.30",
            Event::ReturnedToHand { .. } => "6.8",
            Event::LeftPlay { why, .. } => why.section(),
            Event::Attached { .. } | Event::Detached { .. } => "9.1",
            Event::AttachRefused { why, .. } => why.section(),
            Event::Replaced { .. } => "8.1",
            Event::LimitReached { .. } => "6.8",
            Event::Activated { .. } | Event::ActivationRenewed { .. } => "2.6",
            Event::WoundsPrevented { .. }
            | Event::AdditionalVolley { .. }
            | Event::WoundsDoubled { .. }
            | Event::VolleyDrawn { .. } => "8.1",
            Event::SearchedToHand { .. } | Event::SearchEnded { .. } => "8.3",
            Event::TemporaryModifier { .. }
            | Event::TemporaryCommanderModifier { .. }
            | Event::TemporaryEnded { .. }
            | Event::TemporaryCommanderEnded { .. } => "9.22",
            Event::ModuleFlipped { .. } | Event::ModuleTurnedFaceDown { .. } => "3.4.4",
            Event::AftermathBegan { .. } => "2.5.1.2",
            Event::CostModified { .. } => "8.4",
            Event::ModeChosen { .. } => "6.8",
            Event::NoModeOpen { .. } => "8.5",
            Event::DiceShown { .. } | Event::DiceKept { .. } => "6.2",
            Event::Rerolled { .. } => "8.1",
        }
    }
}
