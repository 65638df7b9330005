//! The base rules card text may override (§8.1 "We Break Our Own Rules").
//!
//! Every rule the engine consults through its Golden-Rule resolver is named here, with the
//! section that states it, the kind of value it takes and its default. The card language
//! checks overrides against this table; the engine reads its defaults from it. One table, so
//! the compiler and the engine can never disagree on what a rule is called or means.

use serde::{Deserialize, Serialize};
use std::fmt;

use super::card::{Amount, CardKind, ModuleKind, ShipClass};
use super::effect::OverrideScope;
use super::limits::MAX_AMOUNT;

/// The kind of value a base rule takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleKind {
    /// A whole number (a limit, a bonus, a count).
    Count,
    /// Allowed or not.
    Flag,
    /// A Resource/Currency amount.
    Amount,
    /// A ship class.
    Class,
}

impl fmt::Display for RuleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleKind::Count => "a number",
            RuleKind::Flag => "yes/no",
            RuleKind::Amount => "an amount like `1R 1C`",
            RuleKind::Class => "a ship class",
        })
    }
}

/// A base rule's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleValue {
    Count(u8),
    Flag(bool),
    Amount(Amount),
    Class(ShipClass),
}

impl RuleValue {
    pub fn kind(self) -> RuleKind {
        match self {
            RuleValue::Count(_) => RuleKind::Count,
            RuleValue::Flag(_) => RuleKind::Flag,
            RuleValue::Amount(_) => RuleKind::Amount,
            RuleValue::Class(_) => RuleKind::Class,
        }
    }
}

impl fmt::Display for RuleValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleValue::Count(n) => write!(f, "{n}"),
            RuleValue::Flag(true) => f.write_str("yes"),
            RuleValue::Flag(false) => f.write_str("no"),
            RuleValue::Amount(a) => write!(f, "{a}"),
            RuleValue::Class(c) => write!(f, "{c}"),
        }
    }
}

/// What a base rule is about: the card kinds an override scoped to one card (`for this`,
/// `for host`) may name, or the Commander for game-wide rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleSubject {
    /// A Commander's game-wide rule: overridable only `for you` / `for opponents`.
    Commander,
    /// Any card.
    Card,
    /// A Ship, Station or Marine (§9.35).
    Unit,
    Ship,
    Station,
    Event,
    Tactic,
    /// An Event or a Tactic: the two card types deployed for their effect (§2.6, §2.7).
    EventOrTactic,
    ModuleShip,
    /// A card deployed at cost outside engagements: Ships, Marines, Modules, Breakthrus.
    Deployable,
    /// A Transport (§2.5.6): the only ship a `transport-modules` override can change.
    Transport,
    /// A Fighter Wing (§2.5.1): the only ship a `fighter-wing-attachments` override can change.
    FighterWing,
}

impl RuleSubject {
    /// Whether an override of a rule about this subject makes sense on one card of `kind`.
    pub fn admits(self, kind: CardKind) -> bool {
        match self {
            RuleSubject::Commander => false,
            RuleSubject::Card => true,
            RuleSubject::Unit => kind.is_unit(),
            RuleSubject::Ship => matches!(kind, CardKind::Ship(_)),
            RuleSubject::Station => matches!(kind, CardKind::Station),
            RuleSubject::Event => matches!(kind, CardKind::Event),
            RuleSubject::Tactic => matches!(kind, CardKind::Tactic),
            RuleSubject::EventOrTactic => matches!(kind, CardKind::Event | CardKind::Tactic),
            RuleSubject::ModuleShip => matches!(kind, CardKind::Module(ModuleKind::Ship)),
            RuleSubject::Deployable => matches!(
                kind,
                CardKind::Ship(_)
                    | CardKind::Marine { .. }
                    | CardKind::Module(_)
                    | CardKind::Breakthru
            ),
            RuleSubject::Transport => kind == CardKind::Ship(ShipClass::Transport),
            RuleSubject::FighterWing => kind == CardKind::Ship(ShipClass::FighterWing),
        }
    }
}

impl fmt::Display for RuleSubject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleSubject::Commander => "a Commander",
            RuleSubject::Card => "a card",
            RuleSubject::Unit => "a unit (Ship, Station or Marine)",
            RuleSubject::Ship => "a Ship",
            RuleSubject::Station => "a Station",
            RuleSubject::Event => "an Event",
            RuleSubject::Tactic => "a Tactic",
            RuleSubject::EventOrTactic => "an Event or Tactic",
            RuleSubject::ModuleShip => "a Module-Ship",
            RuleSubject::Deployable => "a Ship, Marine, Module or Breakthru",
            RuleSubject::Transport => "a Transport",
            RuleSubject::FighterWing => "a Fighter Wing",
        })
    }
}

/// The values a base rule admits, beyond their kind: what an override may set it to and still
/// be a rule the game can be played by (§8.1). Each bound carries its reason, which
/// `docs/base-rules.md` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admits {
    /// `yes` or `no`.
    Flag,
    /// A whole number from `min` to `max`.
    Count { min: u8, max: u8, why: &'static str },
    /// An amount, each part 0 to [`MAX_AMOUNT`] (§9.27).
    Amount,
    /// A ship class that is a rung of the §2.5 size ladder: any class but Transport, which ranks
    /// as a Battle Cruiser (docs/interpretations.md, I-1) and so names no size of its own.
    SizeClass,
}

impl fmt::Display for Admits {
    /// The admitted values in words: `1 to 55`, `yes or no`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Admits::Flag => f.write_str("yes or no"),
            Admits::Count { min, max, .. } => write!(f, "{min} to {max}"),
            Admits::Amount => write!(f, "0R 0C to {MAX_AMOUNT}R {MAX_AMOUNT}C"),
            Admits::SizeClass => f.write_str("a ship class other than Transport"),
        }
    }
}

impl Admits {
    /// Why the values are bounded where they are.
    pub fn why(&self) -> &'static str {
        match self {
            Admits::Flag => "",
            Admits::Count { why, .. } => why,
            Admits::Amount => "a Stockpile holds at most 20 of each (§9.27)",
            Admits::SizeClass => {
                "a Transport ranks as a Battle Cruiser (I-1): write `Battle Cruiser`"
            }
        }
    }
}

/// Most cards a Commander can ever have: a deck holds exactly 55 (§2.1). A limit on cards (in
/// hand, attached, Conscripted) above it would never bind, so it is the highest such limit.
pub const MAX_CARD_LIMIT: u8 = 55;
/// Highest Stockpile cap. The engine holds a Stockpile in one byte, adds to it with saturation
/// and clamps to the cap in force (`Game::gain`), so every cap a byte can hold is honoured.
pub const MAX_STOCKPILE_CAP: u8 = u8::MAX;
/// Highest limit on uses of a trait in one engagement. An engagement has no fixed number of
/// rounds, so the bound is the engine's: it counts uses in one byte.
pub const MAX_USES: u8 = u8::MAX;
/// Highest bonus, wound count or multiplier: numbers in abilities are 0 to 20, as printed
/// stats are (§6.2, `limits::MAX_STAT`).
pub const MAX_NUMBER: u8 = super::limits::MAX_STAT;

const fn count(min: u8, max: u8, why: &'static str) -> Admits {
    Admits::Count { min, max, why }
}

macro_rules! base_rules {
    ($( $(#[doc = $doc:literal])* $variant:ident = $name:literal, $section:literal, $subject:ident, $default:expr, $admits:expr; )*) => {
        /// A named, section-cited base rule (§8.1).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum BaseRule {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl BaseRule {
            pub const ALL: &'static [BaseRule] = &[$(BaseRule::$variant),*];

            /// The rule's name in the card language (`override station-module-limit = 6`).
            pub fn name(self) -> &'static str {
                match self { $(BaseRule::$variant => $name,)* }
            }

            /// The rulebook section that states the rule.
            pub fn section(self) -> &'static str {
                match self { $(BaseRule::$variant => $section,)* }
            }

            /// What the rule says, in a sentence (its doc comment): for editors' hovers.
            pub fn meaning(self) -> &'static str {
                match self { $(BaseRule::$variant => concat!($($doc),*).trim(),)* }
            }

            /// What the rule is about (which scopes an override may take).
            pub fn subject(self) -> RuleSubject {
                match self { $(BaseRule::$variant => RuleSubject::$subject,)* }
            }

            /// The rule's value when no card overrides it.
            pub fn default_value(self) -> RuleValue {
                match self { $(BaseRule::$variant => $default,)* }
            }

            /// The values an override may set the rule to, with the reason for the bounds.
            pub fn admits(self) -> Admits {
                match self { $(BaseRule::$variant => $admits,)* }
            }
        }
    };
}

use Admits::{Amount as AMOUNT, Flag as FLAG, SizeClass as LADDER};
use RuleValue::{Amount as A, Class as K, Count as N, Flag as F};

const CARDS_OR_NONE: &str =
    "0 (none at all) is a real restriction; a deck holds 55 cards (§2.1), so a higher limit would never bind";
const BONUS: &str =
    "0 takes the bonus away; numbers in abilities are 0 to 20, as printed stats are";
const USES: &str =
    "0 forbids the trait's use; the engine counts uses in one byte, so 255 is as good as unlimited";

base_rules! {
    /// Most Module-Station cards a Station may attach.
    StationModuleLimit = "station-module-limit", "2.2", Station, N(4), count(0, MAX_CARD_LIMIT, CARDS_OR_NONE);
    /// Module cards a Ship or Marine may attach.
    UnitModuleLimit = "unit-module-limit", "2.3", Unit, N(1), count(0, MAX_CARD_LIMIT, CARDS_OR_NONE);
    /// Module-Station cards deployed free with the Station in Setup.
    SetupStationModules = "setup-station-modules", "4.2", Commander, N(2), count(0, MAX_CARD_LIMIT, CARDS_OR_NONE);
    /// Resource each Stockpile starts with.
    StartingResource = "starting-resource", "4.3", Commander, N(10),
        count(0, MAX_AMOUNT, "a Stockpile holds at most 20 (§9.27), and a start above the cap is cut to it");
    /// Currency each Stockpile starts with.
    StartingCurrency = "starting-currency", "4.3", Commander, N(10),
        count(0, MAX_AMOUNT, "a Stockpile holds at most 20 (§9.27), and a start above the cap is cut to it");
    /// Cards in the opening hand and the hand size drawn up to in Logistics.
    HandSize = "hand-size", "5.3.1", Commander, N(5),
        count(1, MAX_CARD_LIMIT, "with no cards in hand a Commander could never deploy anything; a deck holds 55 cards (§2.1)");
    /// What one mulligan costs.
    MulliganCost = "mulligan-cost", "4.4.1", Commander, A(Amount { resource: 1, currency: 1 }), AMOUNT;
    /// Highest Resource or Currency a Stockpile may hold.
    StockpileCap = "stockpile-cap", "9.27", Commander, N(20),
        count(1, MAX_STOCKPILE_CAP, "a cap of 0 would keep every Stockpile empty, so no card with a cost could ever be deployed (§4.6); the cap is what raising it is for, up to what one byte holds");
    /// Wounds every damaged unit repairs in Logistics (Repair repairs all).
    LogisticsRepair = "logistics-repair", "5.3.4", Unit, N(1),
        count(0, MAX_NUMBER, "0 means no repair in Logistics; no unit prints more than 20 wounds (§9.38)");
    /// Units a Commander may Conscript in one Manufacturing Phase.
    ConscriptionsPerPhase = "conscriptions-per-phase", "5.4.3", Commander, N(1), count(0, MAX_CARD_LIMIT, CARDS_OR_NONE);
    /// How many times the printed cost a Conscripted unit costs.
    ConscriptionMultiplier = "conscription-multiplier", "5.4.3", Commander, N(2),
        count(0, MAX_NUMBER, "0 makes Conscription free; a cost is at most 20 and a Stockpile holds 20 (§9.27), so 20 times already puts every unit out of reach");
    /// Engagements a Commander may declare in one turn.
    EngagementsPerTurn = "engagements-per-turn", "5.5.2", Commander, N(1),
        count(0, MAX_USES, "0 forbids engaging; the engine counts engagements in one byte, so 255 is as good as unlimited");
    /// Whether this Event or Tactic may be deployed during the Setup Phase (§4.6: "unless
    /// otherwise stated specifically on the card").
    DeployInSetup = "deploy-in-setup", "5.1", EventOrTactic, F(false), FLAG;
    /// Whether this non-Event, non-Tactic card may be deployed during an engagement.
    DeployInEngagement = "deploy-in-engagement", "6.5.4", Deployable, F(false), FLAG;
    /// Whether this Tactic may be deployed into an engagement its Commander is not in.
    TacticInOtherEngagements = "tactic-in-other-engagements", "2.7", Tactic, F(false), FLAG;
    /// Whether the Station is off limits in the first round of an engagement.
    StationFirstRoundShield = "station-first-round-shield", "6.5.3", Station, F(true), FLAG;
    /// Whether Marines attached to a Station may board opposing ships.
    StationMarinesBoard = "station-marines-board", "6.9.4", Station, F(false), FLAG;
    /// Whether a Station may join an engagement at another Commander's Station.
    StationJoinsAttack = "station-joins-attack", "2.2", Station, F(false), FLAG;
    /// Smallest class that may attach a Face Up-Face Down Module-Ship.
    FaceDownMinClass = "face-down-min-class", "2.5.5", ModuleShip, K(ShipClass::BattleCruiser), LADDER;
    /// Whether Transports may attach Module-Ship cards.
    TransportModules = "transport-modules", "2.5.6", Transport, F(false), FLAG;
    /// Defense a Stealth unit adds to its printed defense.
    StealthBonus = "stealth-bonus", "3.4.9", Unit, N(5), count(0, MAX_NUMBER, BONUS);
    /// Result bonus of an Alpha Strike unit's first volley die.
    AlphaStrikeBonus = "alpha-strike-bonus", "3.4.1", Unit, N(3), count(0, MAX_NUMBER, BONUS);
    /// Wounds a natural 10 from an Annihilate unit inflicts.
    AnnihilateWounds = "annihilate-wounds", "3.4.2", Unit, N(3),
        count(1, MAX_NUMBER, "a natural 10 always hits (§8.2) and a hit inflicts at least one wound; no unit prints more than 20 wounds (§9.38)");
    /// Boarding actions one Escort may cancel per Escort Phase.
    EscortCancels = "escort-cancels", "3.4.3", Ship, N(1), count(0, MAX_CARD_LIMIT, CARDS_OR_NONE);
    /// Times per engagement a unit may use Overload.
    OverloadPerEngagement = "overload-per-engagement", "3.3.3", Unit, N(1), count(0, MAX_USES, USES);
    /// Copies of a Unique card one Commander may have in play.
    UniqueInPlay = "unique-in-play", "3.4.11", Card, N(1),
        count(1, 5, "0 would keep the card itself out of play; a deck holds at most 5 copies of a Ship, Marine or Module (§2.1), the cards that carry traits");
    /// Copies of one Module-Station card a Station may attach.
    StationModuleCopies = "station-module-copies", "2.2", Station, N(1),
        count(1, 5, "0 would forbid every Module-Station, which is `station-module-limit = 0`; a deck holds at most 5 copies of a Module (§2.1)");
    /// Whether a resolved Event stays on the battlefield instead of the Scrapheap.
    EventStaysInPlay = "event-stays-in-play", "2.6", Event, F(false), FLAG;
    /// Whether Fighter Wings may attach Module or Marine cards.
    FighterWingAttachments = "fighter-wing-attachments", "2.5.1", FighterWing, F(false), FLAG;
    /// Whether a Regimented unit may fetch its units from the hand as well as the Shipyard.
    RegimentedFromHand = "regimented-from-hand", "3.4.7", Unit, F(false), FLAG;
    /// Active traits a unit may use in one turn to volley.
    ActiveTraitsPerVolley = "active-traits-per-volley", "3.2", Unit, N(1),
        count(0, 5, "0 forbids active traits; §3.3 names five active traits, so a higher limit would never bind");
    /// Times per engagement a Fearless unit may swap attack and defense.
    FearlessPerEngagement = "fearless-per-engagement", "3.4.5", Unit, N(1), count(0, MAX_USES, USES);
    /// Whether a Marine-Character may be Conscripted.
    CharacterConscription = "character-conscription", "5.4.3", Commander, F(false), FLAG;
    /// Whether ships without Hunter may board this Stealth unit.
    StealthBoardable = "stealth-boardable", "3.4.9", Unit, F(false), FLAG;
}

/// Why an override cannot take effect: a sentence for the diagnostic and one for its help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverrideProblem {
    pub message: String,
    /// Short label under the span.
    pub label: &'static str,
    pub help: String,
}

impl fmt::Display for OverrideProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.help)
    }
}

/// The card's type with its article: `a Ship - Cruiser`, `an Event`.
pub fn a_kind(kind: CardKind) -> String {
    let t = kind.type_line();
    let article = if t.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {t}")
}

/// Card kinds a card of `kind` can be attached to (§2.3, §2.4, §2.5.1.1, §2.6).
pub fn host_kinds(kind: CardKind) -> Vec<CardKind> {
    let ships = || {
        ShipClass::ALL
            .iter()
            .map(|c| CardKind::Ship(*c))
            .collect::<Vec<_>>()
    };
    match kind {
        CardKind::Module(ModuleKind::Station) => vec![CardKind::Station],
        CardKind::Module(ModuleKind::Ship) => ShipClass::ALL
            .iter()
            .filter(|c| !matches!(c, ShipClass::FighterWing | ShipClass::Transport))
            .map(|c| CardKind::Ship(*c))
            .collect(),
        CardKind::Module(ModuleKind::Marine) => vec![CardKind::Marine { character: false }],
        CardKind::Marine { .. } | CardKind::Ship(ShipClass::FighterWing) => {
            let mut v: Vec<CardKind> = ShipClass::ALL
                .iter()
                .filter(|c| **c != ShipClass::FighterWing)
                .map(|c| CardKind::Ship(*c))
                .collect();
            v.push(CardKind::Station);
            v
        }
        // An Event may be deployed attached to another card (§2.6).
        CardKind::Event => {
            let mut v = ships();
            v.push(CardKind::Station);
            v.push(CardKind::Marine { character: false });
            v.push(CardKind::Marine { character: true });
            v
        }
        _ => Vec::new(),
    }
}

impl BaseRule {
    /// Whether `value` is one the rule admits (its kind, then [`BaseRule::admits`]). The
    /// compiler, the database loader and the ruling-file `override:` header all ask this.
    pub fn check_value(self, value: RuleValue) -> Result<(), OverrideProblem> {
        let admits = self.admits();
        let out_of_range = |shown: String| OverrideProblem {
            message: format!("`{}` admits {admits}, not `{shown}`", self.name()),
            label: "outside what the rule admits",
            help: format!("§{}: {}", self.section(), admits.why()),
        };
        if value.kind() != self.kind() {
            return Err(OverrideProblem {
                message: format!("`{}` takes {}, not `{value}`", self.name(), self.kind()),
                label: "wrong kind of value",
                help: format!(
                    "the base value of `{}` (§{}) is `{}`",
                    self.name(),
                    self.section(),
                    self.default_value()
                ),
            });
        }
        match (admits, value) {
            (Admits::Count { min, max, .. }, RuleValue::Count(n)) if !(min..=max).contains(&n) => {
                Err(out_of_range(n.to_string()))
            }
            (Admits::Amount, RuleValue::Amount(a))
                if a.resource > MAX_AMOUNT || a.currency > MAX_AMOUNT =>
            {
                Err(out_of_range(a.to_string()))
            }
            (Admits::SizeClass, RuleValue::Class(ShipClass::Transport)) => {
                Err(out_of_range(ShipClass::Transport.to_string()))
            }
            _ => Ok(()),
        }
    }

    /// Whether an override of this rule can apply to one card of `kind` (a `for this`
    /// override on it, or a ruling file's `for @label`).
    pub fn check_target(self, kind: CardKind) -> Result<(), OverrideProblem> {
        let subject = self.subject();
        if subject == RuleSubject::Commander {
            return Err(OverrideProblem {
                message: format!("`{}` is a Commander's rule, not a card's", self.name()),
                label: "scope makes no sense",
                help: "scope it to a Commander: `for you` (or `for opponents`)".into(),
            });
        }
        if !subject.admits(kind) {
            return Err(OverrideProblem {
                message: format!(
                    "`{}` is about {subject}; this card is {}",
                    self.name(),
                    a_kind(kind)
                ),
                label: "scope makes no sense",
                help: format!(
                    "§{}: the rule governs {subject}; scope the override `for you` to change it for all your cards, or put it on {subject}",
                    self.section()
                ),
            });
        }
        Ok(())
    }

    /// Whether an override of this rule printed on a card of `kind` with `scope` can ever
    /// take effect: `for this` needs the card to be what the rule is about, `for host` a card
    /// it can be attached to that is; `for you` / `for opponents` reach every card.
    pub fn check_scope(
        self,
        kind: CardKind,
        scope: OverrideScope,
        value: RuleValue,
    ) -> Result<(), OverrideProblem> {
        let subject = self.subject();
        match scope {
            // I-99: a rule one unit meets in another, changed against the other.
            OverrideScope::Against if !self.met_by_another() => Err(OverrideProblem {
                message: format!(
                    "`{}` is not a rule one unit meets in another, so it cannot change against this card",
                    self.name()
                ),
                label: "against what?",
                help: "`against this` changes `stealth-bonus` (§3.4.9) for the units this card fires at; write `for this`, `for you` or `for opponents`".into(),
            }),
            OverrideScope::Against if !kind.is_unit() => Err(OverrideProblem {
                message: format!(
                    "`{}` against this card: {} never fires a volley",
                    self.name(),
                    a_kind(kind)
                ),
                label: "never fires",
                help: "only units fire volleys (§6.2, §9.35): a Module gives its host the text with `static:`".into(),
            }),
            OverrideScope::This | OverrideScope::Host if subject == RuleSubject::Commander => {
                Err(OverrideProblem {
                    message: format!("`{}` is a Commander's rule, not a card's", self.name()),
                    label: "scope makes no sense",
                    help: format!(
                        "write `override {} = {value} for you` (or `for opponents`)",
                        self.name()
                    ),
                })
            }
            OverrideScope::This => self.check_target(kind),
            OverrideScope::Host if !host_kinds(kind).iter().any(|k| subject.admits(*k)) => {
                Err(OverrideProblem {
                    message: format!(
                        "`{}` is about {subject}, but {} is never attached to one",
                        self.name(),
                        a_kind(kind)
                    ),
                    label: "scope makes no sense",
                    help: format!("§{}: use `for this` or `for you`", self.section()),
                })
            }
            _ => Ok(()),
        }
    }
}

impl BaseRule {
    /// Whether the rule is about one unit as another meets it, so that card text may change
    /// it against that other (`against this`, I-99): the Stealth bonus a unit has against the
    /// one firing at it (§3.4.9).
    pub fn met_by_another(self) -> bool {
        matches!(self, BaseRule::StealthBonus)
    }

    pub fn kind(self) -> RuleKind {
        self.default_value().kind()
    }

    pub fn from_name(name: &str) -> Option<BaseRule> {
        BaseRule::ALL.iter().copied().find(|r| r.name() == name)
    }
}

impl fmt::Display for BaseRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (§{})", self.name(), self.section())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule's range fits its kind and holds its own default: an override to the base
    /// value is never refused as out of range.
    #[test]
    fn every_default_is_admitted() {
        for r in BaseRule::ALL {
            let fits = matches!(
                (r.admits(), r.kind()),
                (Admits::Flag, RuleKind::Flag)
                    | (Admits::Count { .. }, RuleKind::Count)
                    | (Admits::Amount, RuleKind::Amount)
                    | (Admits::SizeClass, RuleKind::Class)
            );
            assert!(fits, "{r}: range {} for {}", r.admits(), r.kind());
            assert_eq!(r.check_value(r.default_value()), Ok(()), "{r}");
            if let Admits::Count { min, max, why } = r.admits() {
                assert!(min <= max && !why.is_empty(), "{r}");
                if min > 0 {
                    assert!(r.check_value(RuleValue::Count(min - 1)).is_err(), "{r}");
                }
                if max < u8::MAX {
                    assert!(r.check_value(RuleValue::Count(max + 1)).is_err(), "{r}");
                }
            }
        }
    }

    /// Caps go past 20 where the rule is the cap (§9.27); nonsense values are refused.
    #[test]
    fn caps_and_limits() {
        let ok = |r: BaseRule, n| r.check_value(RuleValue::Count(n)).is_ok();
        assert!(ok(BaseRule::StockpileCap, 25) && ok(BaseRule::StockpileCap, 255));
        assert!(!ok(BaseRule::StockpileCap, 0));
        assert!(ok(BaseRule::HandSize, 30) && !ok(BaseRule::HandSize, 0));
        assert!(!ok(BaseRule::HandSize, 56));
        assert!(ok(BaseRule::StationModuleLimit, 0) && ok(BaseRule::StationModuleLimit, 55));
        assert!(!ok(BaseRule::UniqueInPlay, 0) && !ok(BaseRule::UniqueInPlay, 6));
        assert!(!ok(BaseRule::AnnihilateWounds, 0) && !ok(BaseRule::StealthBonus, 21));
        assert!(BaseRule::FaceDownMinClass
            .check_value(RuleValue::Class(ShipClass::Transport))
            .is_err());
        assert!(BaseRule::FaceDownMinClass
            .check_value(RuleValue::Class(ShipClass::Cruiser))
            .is_ok());
        let wrong_kind = BaseRule::HandSize.check_value(RuleValue::Flag(true));
        assert!(wrong_kind.is_err_and(|p| p.message.contains("takes a number")));
    }

    /// §4.6: a Tactic whose text says so may be deployed in Setup, like an Event.
    #[test]
    fn deploy_in_setup_is_about_events_and_tactics() {
        let yes = RuleValue::Flag(true);
        let on = |k| {
            BaseRule::DeployInSetup
                .check_scope(k, OverrideScope::This, yes)
                .is_ok()
        };
        assert!(on(CardKind::Event) && on(CardKind::Tactic));
        assert!(!on(CardKind::Ship(ShipClass::Cruiser)) && !on(CardKind::Station));
    }

    /// The scope check: `for this` needs the card to be what the rule is about, `for host` a
    /// card it can be attached to that is, and a Commander's rule is never a card's.
    #[test]
    fn scopes() {
        let yes = RuleValue::Flag(true);
        let cruiser = CardKind::Ship(ShipClass::Cruiser);
        let board = BaseRule::StationMarinesBoard;
        assert!(board
            .check_scope(cruiser, OverrideScope::This, yes)
            .is_err());
        assert!(board.check_scope(cruiser, OverrideScope::You, yes).is_ok());
        assert!(board
            .check_scope(CardKind::Station, OverrideScope::This, yes)
            .is_ok());
        let module = |k| CardKind::Module(k);
        assert!(board
            .check_scope(module(ModuleKind::Ship), OverrideScope::Host, yes)
            .is_err());
        assert!(board
            .check_scope(module(ModuleKind::Station), OverrideScope::Host, yes)
            .is_ok());
        let hand = BaseRule::HandSize;
        let six = RuleValue::Count(6);
        for scope in [OverrideScope::This, OverrideScope::Host] {
            assert!(hand.check_scope(CardKind::Station, scope, six).is_err());
        }
        assert!(hand.check_target(CardKind::Station).is_err());
        assert!(hand
            .check_scope(cruiser, OverrideScope::Opponents, six)
            .is_ok());
    }

    #[test]
    fn names_are_unique_and_round_trip() {
        for (i, a) in BaseRule::ALL.iter().enumerate() {
            assert_eq!(BaseRule::from_name(a.name()), Some(*a));
            for b in &BaseRule::ALL[i + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
    }
}
