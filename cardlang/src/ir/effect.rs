//! The checked ability IR (issue 4): what a card *does*, in a form the engine interprets
//! without re-parsing any text.
//!
//! Shape guarantees the database loader relies on:
//! - **No recursion.** An [`Ability`] holds [`Step`]s; a step holds [`Action`]s; actions hold
//!   only leaf data. Nesting depth is fixed by the types, so a hostile database cannot make a
//!   decoder or an interpreter recurse without bound.
//! - **Bounded lengths.** Every `Vec` here has a limit in [`limits`]; the compiler never
//!   produces more and [`Ability::check_shape`] rejects more.
//!
//! The split between *chosen* targets ([`Aim::Chosen`], checked for legality when played,
//! §8.5) and *named* recipients ([`Aim::Named`], not aimed, no targeting check) is kept in the
//! types so the engine cannot confuse them.

use serde::{Deserialize, Serialize};

use super::card::{Amount, Faction, SizeRestriction, Trait, TraitName};
use super::rules::{BaseRule, RuleValue};

/// Length limits on every list in the ability IR. The compiler reports a diagnostic before
/// exceeding one; the database loader rejects a record that does.
pub mod limits {
    /// Abilities on one card.
    pub const ABILITIES: usize = 16;
    /// Steps in one effect.
    pub const STEPS: usize = 8;
    /// Actions in one step (or one branch).
    pub const ACTIONS: usize = 8;
    /// Predicates in one filter.
    pub const PREDICATES: usize = 8;
    /// Branches of one volley-die roll.
    pub const BRANCHES: usize = 10;
    /// Tests in one condition.
    pub const TESTS: usize = 4;
    /// Modes of one modal step (`choose one — A; or B; or C`).
    pub const MODES: usize = 4;
    /// Classes in one class list, bytes in one card name.
    pub const CLASSES: usize = 8;
    pub const NAME_BYTES: usize = 200;
}

/// One ability of a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ability {
    /// When an Event or Tactic may be deployed (§2.6, §2.7, §6.6 STEP 1). At most one.
    Timing(Timing),
    /// What an Event or Tactic does when deployed (§6.8).
    Play(Effect),
    /// `when <trigger>: <effect>`; with `face_down`, a Face Up-Face Down module that may flip
    /// face up when the trigger occurs and then performs the effect (§3.4.4).
    Triggered {
        trigger: Trigger,
        face_down: bool,
        effect: Effect,
    },
    /// `instead of <event>: <effect>`: the event does not happen; the effect does.
    Replacement { event: Replaced, effect: Effect },
    /// A continuous modifier while this card is in play (and attached, for attached cards).
    Static(Static),
    /// A Golden-Rule override (§8.1): card text beats a named base rule within a scope.
    Override {
        rule: BaseRule,
        value: RuleValue,
        scope: OverrideScope,
    },
    /// `limit: play only once per turn` (issue #40, part 3.7): an Event or Tactic its
    /// commander may deploy only once in the span, counting every copy (I-90). At most one.
    PlayLimit(Limit),
    /// `activate [pay <cost>] [once per ...] [only during ...]: <effect>` (issue #40, part
    /// 3.3): an ability of a card in play its commander uses at a moment they pick — when they
    /// may deploy an Event, or within `when` (I-93) — paying `cost` from their Stockpiles,
    /// at most once per `limit`. At least one of cost and limit, so it cannot be used without
    /// end; never on an Event or Tactic.
    Activated {
        cost: Option<Amount>,
        limit: Option<Limit>,
        when: Activation,
        effect: Effect,
    },
}

/// When an activated ability may be used (I-93): always at a moment its commander may deploy
/// an Event, and within that only as its words restrict it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Activation {
    /// Whenever its commander may deploy an Event (§2.6), in anyone's turn.
    Event,
    /// `only during your turn`: and its commander is the active commander.
    YourTurn,
    /// `only during an engagement`: and an engagement is being fought (§6.5).
    Engagement,
    /// `only during an engagement this ship is in`: and the card (or the ship or Station it is
    /// aboard or attached to) fights in it (§6.5.2, I-85).
    EngagementIn,
}

impl Activation {
    /// The restriction's words, as written after the cost and limit (empty for the default).
    pub fn words(self) -> &'static str {
        match self {
            Activation::Event => "",
            Activation::YourTurn => "only during your turn",
            Activation::Engagement => "only during an engagement",
            Activation::EngagementIn => "only during an engagement this card is in",
        }
    }
}

/// When an Event or Tactic may be deployed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timing {
    /// Any time, even during another Commander's turn (§2.6): Events only.
    AnyTime,
    /// Only during an engagement (§2.7, §6.5.4).
    Engagement,
    /// Only at the start of an engagement, before Interceptor fire (§6.3, §6.6 STEP 1).
    StartOfEngagement,
    /// Only during your own turn: Events only.
    YourTurn,
    /// Only during your Manufacturing Phase (§5.4.4): Events only.
    YourManufacturing,
}

/// What a triggered ability waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trigger {
    pub event: TriggerEvent,
    /// Whose event it is: a card's, or (phases, turns, engagements with no card named) its
    /// controller's ([`Watch::Commander`]).
    pub watch: Watch,
    /// The other card of a deed (`destroys an opposing Cruiser or larger`, `is wounded by a
    /// Fighter Wing`, `boards a Station`): the trigger fires only if it matches, and the
    /// effect names it `that <noun>` ([`Group::That`]). Only on [`TriggerEvent::binds_other`]
    /// events.
    pub other: Option<Filter>,
    /// `once per turn` / `engagement` / `game`: after it triggers, this card's ability does
    /// not trigger again until the boundary passes (tracked per card in play).
    pub limit: Option<Limit>,
}

/// How often a triggered ability may trigger (issue 17), per card instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Limit {
    /// Until the end of the current turn (§5.5.5).
    Turn,
    /// Until the end of the current engagement (§6.5.1); outside one, until the next ends.
    Engagement,
    /// Never again while the card stays in play.
    Game,
}

impl Limit {
    pub fn name(self) -> &'static str {
        match self {
            Limit::Turn => "once per turn",
            Limit::Engagement => "once per engagement",
            Limit::Game => "once per game",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TriggerEvent {
    /// Deployed onto the battlefield (§9.11, §4.2).
    Deployed,
    /// Destroyed, by volley fire or immediately (§6.7, §9.12).
    Destroyed,
    /// Boarded by opposing Marines (§6.6 STEP 8, §9.3).
    Boarded,
    /// Its Marines board an opposing ship or Station (§6.6 STEP 4/6).
    Boards,
    /// Rolls a natural result on a volley die (§9.19, §8.2): 1 or 10.
    RollsNatural(u8),
    /// An engagement starts / ends (§6.5.1): watching `this` or `host`, one that card is in;
    /// watching no card ([`Watch::Commander`]), every engagement its controller fights.
    EngagementStarts,
    EngagementEnds,
    /// During your Logistics Phase (§5.3.5).
    YourLogistics,
    /// During your Manufacturing Phase (§5.4.4).
    YourManufacturing,
    YourTurnStarts,
    YourTurnEnds,
    /// Deeds (issue 17): its volley destroys a unit (§6.2, §6.7), wounds one, it is wounded
    /// by one's volley; its Marines hijack a ship or Station / it is hijacked (§6.6 STEP 8E,
    /// §9.16); it goes home at STEP 9 having retreated (§9.28).
    Destroys,
    Wounds,
    WoundedBy,
    Hijacks,
    Hijacked,
    Retreats,
    /// It suffers at least one wound, of volley fire (§6.2) or compulsory (§9.6): once per
    /// volley or compulsory wounding that leaves a wound (issue #40, part 3.1). Not a deed: no
    /// other card.
    Wounded,
}

impl TriggerEvent {
    /// Whether the event has another card the effect may name `that <noun>`: the destroyed,
    /// wounded, boarded or hijacked card, or the one whose volley or Marines did it.
    pub fn binds_other(self) -> bool {
        matches!(
            self,
            TriggerEvent::Destroys
                | TriggerEvent::Wounds
                | TriggerEvent::WoundedBy
                | TriggerEvent::Hijacks
                | TriggerEvent::Hijacked
                | TriggerEvent::Boards
                | TriggerEvent::Boarded
        )
    }
}

/// Whose event a trigger watches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Watch {
    This,
    Host,
    /// Any card matching the filter (named, not chosen).
    Any(Filter),
    /// No card: a moment of the card's controller (their phases and turns, every engagement
    /// they fight as attacker or defender). Never on a card event.
    Commander,
}

impl TriggerEvent {
    /// Whether the event happens to a card (and so a trigger watches one); the others are a
    /// commander's phases and turns, and engagements, which watch a card only to ask whether
    /// it is in the engagement.
    pub fn about_a_card(self) -> bool {
        !matches!(
            self,
            TriggerEvent::EngagementStarts
                | TriggerEvent::EngagementEnds
                | TriggerEvent::YourLogistics
                | TriggerEvent::YourManufacturing
                | TriggerEvent::YourTurnStarts
                | TriggerEvent::YourTurnEnds
        )
    }
}

/// Events a replacement ability can replace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Replaced {
    /// This card being destroyed (not when *immediately* destroyed, §6.7, §9.17).
    Destroyed,
    /// This unit suffering compulsory wounds (§9.6).
    CompulsoryWounds,
    /// This unit being boarded (§9.3).
    Boarded,
}

/// A continuous effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Static {
    /// A modifier on named cards, optionally only while a condition holds.
    Cards {
        group: Group,
        modifier: CardModifier,
        condition: Option<Condition>,
    },
    /// A modifier on Commanders.
    Commanders {
        who: Commanders,
        modifier: CommanderModifier,
        condition: Option<Condition>,
    },
    /// A combat bonus of named units that counts only in their volleys at targets matching
    /// `against` (issue #40, part 3.4; I-97): `this gets +1 to volley rolls against ships with
    /// Stealth`, `+1 attack against Cruisers`, `deals double wounds against Stations`.
    Against {
        group: Group,
        bonus: AgainstBonus,
        against: Filter,
        condition: Option<Condition>,
    },
}

/// What a bonus against a kind of target does to a volley at such a target (I-97).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AgainstBonus {
    /// `+N`/`-N` to each volley die rolled at it; §8.2 still holds.
    RollBonus(i8),
    /// `+N` volley dice (attack, §6.2), rolled with the dice at the first such target the
    /// volley names; only in a volley its attack makes (not Interceptor fire or Overload).
    Attack(i8),
    /// Each hit on it deals twice the wounds it would (however many cards say so).
    DoubleWounds,
}

/// A change to one card's attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardModifier {
    /// `+N`/`-N` to a printed stat; never below zero.
    Stat { stat: Stat, delta: i8 },
    /// Per-turn income (§5.3.2); a reduction never goes below zero.
    Income { change: AmountChange },
    /// Grants a trait; stackable +X traits add up (§3.1).
    GainTrait(Trait),
    /// Removes a trait (§9.22).
    LoseTrait(TraitName),
    /// Combat modifiers (issue 17, docs/abilities.md "Combat modifiers"). `+N`/`-N` to the
    /// result of every volley die it rolls; a natural 1 still misses and a natural 10 still
    /// hits (§8.2).
    RollBonus(i8),
    /// `+N`/`-N` volley dice in every volley it fires — Interceptor fire, Overload and a
    /// Stoic last volley too, where `attack` counts only for its normal volley (§6.2).
    ExtraDice(i8),
    /// `N` more volleys each volley turn, after its first; an active trait used or the
    /// Overload Drawback still rule out every volley that turn (§3.2, §3.3.3; I-70).
    ExtraVolleys(u8),
    /// Re-rolls up to `N` missed dice in each volley it fires, each die once (I-71).
    Rerolls(u8),
    /// Prevents the first `count` wounds it would suffer in each round or turn (I-72).
    PreventWounds { count: u8, each: Span },
    /// Taunt (issue #40, part 3.6; I-98): opposing ships — with `units`, opposing ships and
    /// Stations — must fire their volleys at it while it can be targeted.
    Taunt { units: bool },
    /// Decoy (I-98): the next volley at this card is fired at the modifier's source instead,
    /// if the source can be targeted by it; used once, it ends. A temporary modifier only.
    Decoy,
    /// May re-roll one die of each volley it fires, any die, once its commander has seen the
    /// volley's dice (issue #40, part 3.8; I-91). Each card saying so gives one re-roll.
    MayReroll,
}

/// The stretch a damage prevention counts over (issue 17, I-72).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Span {
    /// An engagement round (§6.6 STEP 3–9; STEP 1–2 belong to the first); outside an
    /// engagement, the rest of the turn.
    Round,
    /// A turn (§5).
    Turn,
}

impl Span {
    pub fn name(self) -> &'static str {
        match self {
            Span::Round => "round",
            Span::Turn => "turn",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stat {
    Attack,
    Defense,
    Wounds,
    MarineCapacity,
    WingCapacity,
}

impl Stat {
    pub fn name(self) -> &'static str {
        match self {
            Stat::Attack => "attack",
            Stat::Defense => "defense",
            Stat::Wounds => "wounds",
            Stat::MarineCapacity => "Marine capacity",
            Stat::WingCapacity => "Wing capacity",
        }
    }
}

/// A Resource/Currency change: `more` adds, otherwise subtracts, clamped at zero (§8.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AmountChange {
    pub amount: Amount,
    pub more: bool,
}

/// A change to a Commander.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommanderModifier {
    /// Hand size drawn up to in Logistics (§5.3.1).
    HandSize(i8),
    /// Per-turn income (§5.3.2).
    Income(AmountChange),
    /// Deployment cost of matching cards: discounts and penalties, never below zero (§8.4).
    Cost { of: Filter, change: AmountChange },
}

/// The scope of a Golden-Rule override.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OverrideScope {
    /// This card.
    This,
    /// The card this one is attached to.
    Host,
    /// This card's controller and everything they control.
    You,
    /// Every opposing Commander.
    Opponents,
    /// Against this card (issue #40, part 3.10; I-99): the rule as it stands for a unit when
    /// this card is the one that meets it — `stealth-bonus` for a unit this card fires at.
    Against,
}

/// A one-shot effect: steps in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Actions performed in order.
    Do(Vec<Action>),
    /// `if <condition> then ... else ...`.
    If {
        condition: Condition,
        then: Vec<Action>,
        otherwise: Vec<Action>,
    },
    /// `you may [pay X to] ...`: optional, and final once chosen (§8.6).
    May {
        cost: Option<Amount>,
        then: Vec<Action>,
    },
    /// Roll one volley die and do the branch whose range holds the result (§9.37).
    Roll { branches: Vec<RollBranch> },
    /// `choose one — A; or B` (issue #40, part 3.2): when the effect resolves, its commander
    /// picks `count` different modes, which are then done in printed order (I-89).
    Choose { count: u8, modes: Vec<Vec<Action>> },
}

impl Step {
    /// Every list of actions the step holds, in printed order.
    pub fn action_lists(&self) -> Vec<&Vec<Action>> {
        match self {
            Step::Do(a) => vec![a],
            Step::If {
                then, otherwise, ..
            } => vec![then, otherwise],
            Step::May { then, .. } => vec![then],
            Step::Roll { branches } => branches.iter().map(|b| &b.actions).collect(),
            Step::Choose { modes, .. } => modes.iter().collect(),
        }
    }
}

/// `lo-hi: actions` of a volley-die roll; ranges are 1..=10.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollBranch {
    pub lo: u8,
    pub hi: u8,
    pub actions: Vec<Action>,
}

/// A leaf action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Compulsory wounds: not rolled, ignore defense; Resistant ignores them (§9.6, §3.4.8).
    CompulsoryWounds {
        amount: Quantity,
        to: Aim,
    },
    /// A volley of `dice` volley dice at the target's defense (§6.2, §9.36).
    Volley {
        dice: Quantity,
        at: Aim,
    },
    /// Remove wounds (§3.3.4, §5.3.4).
    Repair {
        amount: Quantity,
        on: Aim,
    },
    /// Destroy; `immediately` means no last actions, no Stoic, carried units lost (§6.7, §9.17).
    Destroy {
        what: Aim,
        immediately: bool,
    },
    /// Destroy a card you control (§9.29).
    Sacrifice {
        what: Aim,
    },
    Draw {
        who: CommanderAim,
        count: Quantity,
    },
    /// Discard cards from hand.
    Discard {
        who: CommanderAim,
        count: DiscardCount,
    },
    /// Gain Resource/Currency; the Stockpile caps at 20 (§9.27).
    Gain {
        who: CommanderAim,
        amount: Amount,
    },
    /// Pay (never below 0, §9.27).
    Pay {
        amount: Amount,
    },
    /// Take from another Commander: moves at most what they have (§7.1.1, §9.27).
    Take {
        from: CommanderAim,
        amount: Amount,
    },
    /// Give to another Commander (§7.1.1).
    Give {
        to: CommanderAim,
        amount: Amount,
    },
    /// Search your Shipyard, then shuffle it (§8.3).
    Search {
        count: u8,
        filter: Filter,
        then: SearchThen,
    },
    /// Cancel the current engagement.
    CancelEngagement {
        immediately: bool,
    },
    Attach {
        what: Aim,
        to: Aim,
    },
    Detach {
        what: Aim,
    },
    ReturnToHand {
        what: Aim,
    },
    /// Retreat from the engagement (§9.28).
    Retreat {
        what: Aim,
    },
    /// A temporary modifier.
    Modify {
        on: Aim,
        modifier: CardModifier,
        duration: Duration,
    },
    /// A temporary modifier on Commanders: hand size, income, deployment costs (§8.4).
    ModifyCommanders {
        who: Commanders,
        modifier: CommanderModifier,
        duration: Duration,
    },
}

/// What to do with searched cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchThen {
    /// Deploy; `free` deploys at no cost.
    Deploy {
        free: bool,
    },
    ToHand,
    /// Deploy aboard (or attached to) one card `aboard` holds — [`Group::This`],
    /// [`Group::Host`] or one card matching [`Group::Each`]'s filter, the searcher's pick
    /// (issue #40, part 3.9; I-102); `free` deploys at no cost.
    DeployAboard {
        free: bool,
        aboard: Group,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DiscardCount {
    N(u8),
    Hand,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Duration {
    EndOfEngagement,
    EndOfTurn,
    WhileAttached,
    /// The end of the engagement round (§6.6 STEP 9), of the engagement, or of the turn,
    /// whichever comes first (I-72).
    EndOfRound,
}

impl Duration {
    /// The words `cardc explain` and the transcript both print.
    pub fn words(self) -> &'static str {
        match self {
            Duration::EndOfEngagement => "until the end of the engagement",
            Duration::EndOfTurn => "until the end of the turn",
            Duration::WhileAttached => "while attached",
            Duration::EndOfRound => "until the end of the round",
        }
    }
}

/// How many: a number, all, or `n per <group>` ("for each Marine aboard").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quantity {
    N(u8),
    All,
    Per { n: u8, each: Group },
}

/// Who an action affects among cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aim {
    /// Chosen by the Commander when played, from cards matching the filter; legality is
    /// checked then (§8.5).
    Chosen(Target),
    /// Named recipients: not aimed, no targeting check.
    Named(Group),
}

/// A chosen target: `target <filter>`, `up to 2 target <filter>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    pub count: u8,
    pub up_to: bool,
    pub filter: Filter,
}

/// Named recipients.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Group {
    This,
    /// The card this one is attached to.
    Host,
    /// Every card attached to this one.
    Attached,
    /// Every card in play matching the filter.
    Each(Filter),
    /// `that <noun>`: the other card of the deed that woke this ability (the destroyed ship,
    /// the ship whose volley wounded this one, ...), while it is in play; only in the effect
    /// of a trigger that binds one ([`TriggerEvent::binds_other`]).
    That(Noun),
    /// `that <noun>` naming the card a trigger watching `any <filter>` / `<filter> you
    /// control` woke for (the wounded ship of `when a ship you control is wounded by a unit`),
    /// while it is in play; only in the effect of such a trigger.
    Watched(Noun),
}

/// Commanders an action affects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CommanderAim {
    You,
    /// The opposing Commander in the current engagement (named).
    Opponent,
    /// Every opposing Commander (named).
    EachOpponent,
    /// An opposing Commander chosen when played.
    TargetOpponent,
}

/// Named Commanders for statics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Commanders {
    You,
    Opponents,
    All,
}

/// Which cards match: a card type and predicates that must all hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filter {
    pub noun: Noun,
    pub preds: Vec<Pred>,
}

/// The type (and subtype) a filter selects; a type also selects its subtypes (§9.33).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Noun {
    Card,
    /// Ships, Stations and Marines (§9.35).
    Unit,
    Ship,
    Marine,
    MarineCharacter,
    Station,
    Module,
    ModuleStation,
    ModuleShip,
    ModuleMarine,
    Event,
    Tactic,
    Breakthru,
}

/// One predicate of a filter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pred {
    /// Ship class or class-size comparison (§2.5).
    Size(SizeRestriction),
    Faction(Faction),
    Controller(Side),
    /// Local to this card (§9.18).
    Local,
    /// Ships in your fleet (§9.15): yours and local.
    InYourFleet,
    HasTrait(TraitName),
    LacksTrait(TraitName),
    Damaged,
    Undamaged,
    Named(String),
    /// Attached to this card / to its host (Marines aboard, modules on).
    AttachedTo(Anchor),
    /// `other`: any card but the one the ability is printed on (issue #40, part 3.5; I-101).
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Yours,
    Opposing,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Anchor {
    This,
    Host,
}

/// All tests must hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    pub tests: Vec<Test>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Test {
    /// This card (or its host) is / is not damaged.
    Damaged {
        anchor: Anchor,
        negated: bool,
    },
    /// `who` controls at least `count` cards matching the filter.
    Controls {
        who: Commanders,
        count: u8,
        filter: Filter,
    },
    /// You are the attacker / defender of the current engagement.
    Attacking,
    Defending,
}

/// Why a decoded ability is malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("{what} has {len} entries, more than the limit {limit}")]
    TooLong {
        what: &'static str,
        len: usize,
        limit: usize,
    },
    #[error("{0}")]
    Invalid(&'static str),
}

fn bounded<T>(what: &'static str, v: &[T], limit: usize) -> Result<(), ShapeError> {
    if v.len() > limit {
        return Err(ShapeError::TooLong {
            what,
            len: v.len(),
            limit,
        });
    }
    Ok(())
}

impl Ability {
    /// Checks the length limits and value ranges a decoded ability must respect. The
    /// compiler never produces an ability that fails this; the database loader calls it on
    /// every ability it reads.
    pub fn check_shape(&self) -> Result<(), ShapeError> {
        match self {
            Ability::Timing(_) | Ability::PlayLimit(_) => Ok(()),
            Ability::Play(e) => {
                if e.names_that() || e.names_watched() {
                    return Err(ShapeError::Invalid("`that` outside a deed trigger"));
                }
                e.check_shape()
            }
            Ability::Triggered {
                trigger, effect, ..
            } => {
                if let TriggerEvent::RollsNatural(n) = trigger.event {
                    if n != 1 && n != 10 {
                        return Err(ShapeError::Invalid("a natural roll is 1 or 10"));
                    }
                }
                if let Watch::Any(f) = &trigger.watch {
                    f.check_shape()?;
                }
                if let Some(f) = &trigger.other {
                    if !trigger.event.binds_other() {
                        return Err(ShapeError::Invalid(
                            "only a deed trigger names another card",
                        ));
                    }
                    f.check_shape()?;
                }
                if effect.names_that() && !trigger.event.binds_other() {
                    return Err(ShapeError::Invalid("`that` outside a deed trigger"));
                }
                if effect.names_watched() && !matches!(trigger.watch, Watch::Any(_)) {
                    return Err(ShapeError::Invalid(
                        "`that` naming a watched card outside an `any` trigger",
                    ));
                }
                let engagement = matches!(
                    trigger.event,
                    TriggerEvent::EngagementStarts | TriggerEvent::EngagementEnds
                );
                let fits = match trigger.watch {
                    Watch::Commander => !trigger.event.about_a_card(),
                    Watch::This | Watch::Host => trigger.event.about_a_card() || engagement,
                    Watch::Any(_) => trigger.event.about_a_card(),
                };
                if !fits {
                    return Err(ShapeError::Invalid(
                        "a card event watches a card, a phase or turn none",
                    ));
                }
                effect.check_shape()
            }
            Ability::Replacement { effect, .. } => {
                if effect.names_that() || effect.names_watched() {
                    return Err(ShapeError::Invalid("`that` outside a deed trigger"));
                }
                effect.check_shape()
            }
            Ability::Static(Static::Cards {
                group,
                condition,
                modifier,
            }) => {
                if matches!(group, Group::That(_) | Group::Watched(_)) {
                    return Err(ShapeError::Invalid("`that` outside a deed trigger"));
                }
                if *modifier == CardModifier::Decoy {
                    return Err(ShapeError::Invalid("a decoy is an effect, not a static"));
                }
                modifier.check_shape()?;
                group.check_shape()?;
                condition.as_ref().map_or(Ok(()), Condition::check_shape)
            }
            Ability::Static(Static::Against {
                group,
                bonus,
                against,
                condition,
            }) => {
                if matches!(group, Group::That(_) | Group::Watched(_)) {
                    return Err(ShapeError::Invalid("`that` outside a deed trigger"));
                }
                let n = match *bonus {
                    AgainstBonus::RollBonus(n) => n,
                    AgainstBonus::Attack(n) if n < 1 => {
                        return Err(ShapeError::Invalid("an attack bonus against adds dice"))
                    }
                    AgainstBonus::Attack(n) => n,
                    AgainstBonus::DoubleWounds => 1,
                };
                if n == 0 || !(-20..=20).contains(&n) {
                    return Err(ShapeError::Invalid("a bonus against counts 1 to 20"));
                }
                group.check_shape()?;
                against.check_shape()?;
                condition.as_ref().map_or(Ok(()), Condition::check_shape)
            }
            Ability::Static(Static::Commanders {
                modifier,
                condition,
                ..
            }) => {
                if let CommanderModifier::Cost { of, .. } = modifier {
                    of.check_shape()?;
                }
                condition.as_ref().map_or(Ok(()), Condition::check_shape)
            }
            Ability::Override { rule, value, .. } => {
                if rule.kind() != value.kind() {
                    return Err(ShapeError::Invalid("override value of the wrong kind"));
                }
                Ok(())
            }
            Ability::Activated {
                cost,
                limit,
                effect,
                ..
            } => {
                if effect.names_that() || effect.names_watched() {
                    return Err(ShapeError::Invalid("`that` outside a deed trigger"));
                }
                if cost.is_none_or(|c| c.is_zero()) && limit.is_none() {
                    return Err(ShapeError::Invalid(
                        "an activated ability has a cost or a limit",
                    ));
                }
                if cost.is_some_and(|c| c.resource > 20 || c.currency > 20) {
                    return Err(ShapeError::Invalid("a cost is at most 20 of each"));
                }
                effect.check_shape()
            }
        }
    }
}

/// Checks every ability of a card, and their count.
pub fn check_abilities_shape(abilities: &[Ability]) -> Result<(), ShapeError> {
    bounded("abilities", abilities, limits::ABILITIES)?;
    abilities.iter().try_for_each(Ability::check_shape)
}

impl Effect {
    /// Whether any action names `that <noun>` ([`Group::That`]).
    pub fn names_that(&self) -> bool {
        self.names(|g| matches!(g, Group::That(_)))
    }

    /// Whether any action names a trigger's watched card ([`Group::Watched`]).
    pub fn names_watched(&self) -> bool {
        self.names(|g| matches!(g, Group::Watched(_)))
    }

    fn names(&self, named: impl Fn(&Group) -> bool) -> bool {
        self.steps.iter().any(|s| {
            let lists = s.action_lists();
            lists.iter().any(|l| {
                l.iter().any(|a| {
                    a.aims()
                        .iter()
                        .any(|aim| matches!(aim, Aim::Named(g) if named(g)))
                })
            })
        })
    }

    fn check_shape(&self) -> Result<(), ShapeError> {
        bounded("effect steps", &self.steps, limits::STEPS)?;
        for step in &self.steps {
            match step {
                Step::Do(a) => actions_shape(a)?,
                Step::If {
                    condition,
                    then,
                    otherwise,
                } => {
                    condition.check_shape()?;
                    actions_shape(then)?;
                    actions_shape(otherwise)?;
                }
                Step::May { then, .. } => actions_shape(then)?,
                Step::Roll { branches } => {
                    bounded("roll branches", branches, limits::BRANCHES)?;
                    for b in branches {
                        if b.lo == 0 || b.hi > 10 || b.lo > b.hi {
                            return Err(ShapeError::Invalid("roll range outside 1-10"));
                        }
                        actions_shape(&b.actions)?;
                    }
                }
                Step::Choose { count, modes } => {
                    bounded("modes", modes, limits::MODES)?;
                    if modes.len() < 2 || *count == 0 || usize::from(*count) >= modes.len() {
                        return Err(ShapeError::Invalid(
                            "a modal step chooses fewer modes than it has, from at least two",
                        ));
                    }
                    for m in modes {
                        if m.is_empty() {
                            return Err(ShapeError::Invalid("a mode does something"));
                        }
                        actions_shape(m)?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl Effect {
    /// Every action of the effect in order, to change.
    pub fn actions_mut(&mut self) -> impl Iterator<Item = &mut Action> {
        self.steps.iter_mut().flat_map(|s| {
            let lists: Vec<&mut Vec<Action>> = match s {
                Step::Do(a) => vec![a],
                Step::If {
                    then, otherwise, ..
                } => vec![then, otherwise],
                Step::May { then, .. } => vec![then],
                Step::Roll { branches } => branches.iter_mut().map(|b| &mut b.actions).collect(),
                Step::Choose { modes, .. } => modes.iter_mut().collect(),
            };
            lists.into_iter().flat_map(|l| l.iter_mut())
        })
    }
}

impl CardModifier {
    /// The combat modifiers' counts are 1–20, as the compiler writes them.
    fn check_shape(&self) -> Result<(), ShapeError> {
        let n = match *self {
            CardModifier::ExtraVolleys(n)
            | CardModifier::Rerolls(n)
            | CardModifier::PreventWounds { count: n, .. } => n,
            _ => return Ok(()),
        };
        if !(1..=20).contains(&n) {
            return Err(ShapeError::Invalid("a combat modifier counts 1 to 20"));
        }
        Ok(())
    }
}

fn actions_shape(actions: &[Action]) -> Result<(), ShapeError> {
    bounded("actions", actions, limits::ACTIONS)?;
    for a in actions {
        for aim in a.aims() {
            aim.check_shape()?;
        }
        match a {
            Action::Search { filter, then, .. } => {
                filter.check_shape()?;
                if let SearchThen::DeployAboard { aboard, .. } = then {
                    if !matches!(aboard, Group::This | Group::Host | Group::Each(_)) {
                        return Err(ShapeError::Invalid(
                            "a searched card goes aboard this card, its host or a kind of card",
                        ));
                    }
                    aboard.check_shape()?;
                }
            }
            Action::Modify { modifier, .. } => modifier.check_shape()?,
            Action::ModifyCommanders {
                modifier: CommanderModifier::Cost { of, .. },
                ..
            } => of.check_shape()?,
            Action::CompulsoryWounds { amount: q, .. }
            | Action::Volley { dice: q, .. }
            | Action::Repair { amount: q, .. }
            | Action::Draw { count: q, .. } => {
                if let Quantity::Per { each, .. } = q {
                    each.check_shape()?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

impl Action {
    /// The card aims of an action, for walkers (checks, the engine's target prompts).
    pub fn aims(&self) -> Vec<&Aim> {
        self.each_aim().collect()
    }

    /// The card aims of an action in order, as [`Action::aims`] lists them, with no list
    /// built: the engine walks them on every step of an effect (issue #15).
    pub fn each_aim(&self) -> impl Iterator<Item = &Aim> + Clone {
        let slots = match self {
            Action::CompulsoryWounds { to: a, .. }
            | Action::Volley { at: a, .. }
            | Action::Repair { on: a, .. }
            | Action::Destroy { what: a, .. }
            | Action::Sacrifice { what: a }
            | Action::Detach { what: a }
            | Action::ReturnToHand { what: a }
            | Action::Retreat { what: a }
            | Action::Modify { on: a, .. } => [Some(a), None],
            Action::Attach { what, to } => [Some(what), Some(to)],
            _ => [None, None],
        };
        slots.into_iter().flatten()
    }

    /// The card aims of an action in order, to change: the compiler binds `that <noun>`.
    pub fn aims_mut(&mut self) -> [Option<&mut Aim>; 2] {
        match self {
            Action::CompulsoryWounds { to: a, .. }
            | Action::Volley { at: a, .. }
            | Action::Repair { on: a, .. }
            | Action::Destroy { what: a, .. }
            | Action::Sacrifice { what: a }
            | Action::Detach { what: a }
            | Action::ReturnToHand { what: a }
            | Action::Retreat { what: a }
            | Action::Modify { on: a, .. } => [Some(a), None],
            Action::Attach { what, to } => [Some(what), Some(to)],
            _ => [None, None],
        }
    }

    /// The `k`th card aim of the action (`aims()[k]`), with no list built.
    pub fn aim(&self, k: usize) -> Option<&Aim> {
        self.each_aim().nth(k)
    }

    /// The Commander aim of an action, if it has one.
    pub fn commander_aim(&self) -> Option<CommanderAim> {
        match self {
            Action::Draw { who, .. } | Action::Discard { who, .. } | Action::Gain { who, .. } => {
                Some(*who)
            }
            Action::Take { from: who, .. } | Action::Give { to: who, .. } => Some(*who),
            _ => None,
        }
    }
}

impl Aim {
    fn check_shape(&self) -> Result<(), ShapeError> {
        match self {
            Aim::Chosen(t) => {
                if t.count == 0 {
                    return Err(ShapeError::Invalid("a target count is at least 1"));
                }
                t.filter.check_shape()
            }
            Aim::Named(g) => g.check_shape(),
        }
    }
}

impl Group {
    fn check_shape(&self) -> Result<(), ShapeError> {
        match self {
            Group::Each(f) => f.check_shape(),
            _ => Ok(()),
        }
    }
}

impl Filter {
    fn check_shape(&self) -> Result<(), ShapeError> {
        bounded("filter predicates", &self.preds, limits::PREDICATES)?;
        for p in &self.preds {
            match p {
                Pred::Size(SizeRestriction::Classes(cs)) => {
                    bounded("classes", cs, limits::CLASSES)?
                }
                Pred::Named(n) if n.len() > limits::NAME_BYTES => {
                    return Err(ShapeError::Invalid("card name too long"))
                }
                _ => {}
            }
        }
        Ok(())
    }
}

impl Condition {
    fn check_shape(&self) -> Result<(), ShapeError> {
        bounded("condition tests", &self.tests, limits::TESTS)?;
        for t in &self.tests {
            if let Test::Controls { filter, .. } = t {
                filter.check_shape()?;
            }
        }
        Ok(())
    }
}

impl Noun {
    /// Whether a card of this kind can be matched by the noun (§9.33: a type selects its
    /// subtypes).
    pub fn admits(self, kind: super::card::CardKind) -> bool {
        use super::card::{CardKind as K, ModuleKind as M};
        match self {
            Noun::Card => true,
            Noun::Unit => kind.is_unit(),
            Noun::Ship => matches!(kind, K::Ship(_)),
            Noun::Marine => matches!(kind, K::Marine { .. }),
            Noun::MarineCharacter => matches!(kind, K::Marine { character: true }),
            Noun::Station => matches!(kind, K::Station),
            Noun::Module => matches!(kind, K::Module(_)),
            Noun::ModuleStation => matches!(kind, K::Module(M::Station)),
            Noun::ModuleShip => matches!(kind, K::Module(M::Ship)),
            Noun::ModuleMarine => matches!(kind, K::Module(M::Marine)),
            Noun::Event => matches!(kind, K::Event),
            Noun::Tactic => matches!(kind, K::Tactic),
            Noun::Breakthru => matches!(kind, K::Breakthru),
        }
    }
}
