//! The base rules card text may override (§8.1 "We Break Our Own Rules").
//!
//! Every rule the engine consults through its Golden-Rule resolver is named here, with the
//! section that states it, the kind of value it takes and its default. The card language
//! checks overrides against this table; the engine reads its defaults from it. One table, so
//! the compiler and the engine can never disagree on what a rule is called or means.

use serde::{Deserialize, Serialize};
use std::fmt;

use super::card::{Amount, CardKind, ModuleKind, ShipClass};

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
    ModuleShip,
    /// A card deployed at cost outside engagements: Ships, Marines, Modules, Breakthrus.
    Deployable,
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
            RuleSubject::ModuleShip => matches!(kind, CardKind::Module(ModuleKind::Ship)),
            RuleSubject::Deployable => matches!(
                kind,
                CardKind::Ship(_)
                    | CardKind::Marine { .. }
                    | CardKind::Module(_)
                    | CardKind::Breakthru
            ),
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
            RuleSubject::ModuleShip => "a Module-Ship",
            RuleSubject::Deployable => "a Ship, Marine, Module or Breakthru",
        })
    }
}

macro_rules! base_rules {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, $section:literal, $subject:ident, $default:expr; )*) => {
        /// A named, section-cited base rule (§8.1).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum BaseRule {
            $( $(#[$doc])* $variant, )*
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

            /// What the rule is about (which scopes an override may take).
            pub fn subject(self) -> RuleSubject {
                match self { $(BaseRule::$variant => RuleSubject::$subject,)* }
            }

            /// The rule's value when no card overrides it.
            pub fn default_value(self) -> RuleValue {
                match self { $(BaseRule::$variant => $default,)* }
            }
        }
    };
}

use RuleValue::{Amount as A, Class as K, Count as N, Flag as F};

base_rules! {
    /// Most Module-Station cards a Station may attach.
    StationModuleLimit = "station-module-limit", "2.2", Station, N(4);
    /// Module cards a Ship or Marine may attach.
    UnitModuleLimit = "unit-module-limit", "2.3", Unit, N(1);
    /// Module-Station cards deployed free with the Station in Setup.
    SetupStationModules = "setup-station-modules", "4.2", Commander, N(2);
    /// Resource each Stockpile starts with.
    StartingResource = "starting-resource", "4.3", Commander, N(10);
    /// Currency each Stockpile starts with.
    StartingCurrency = "starting-currency", "4.3", Commander, N(10);
    /// Cards in the opening hand and the hand size drawn up to in Logistics.
    HandSize = "hand-size", "5.3.1", Commander, N(5);
    /// What one mulligan costs.
    MulliganCost = "mulligan-cost", "4.4.1", Commander, A(Amount { resource: 1, currency: 1 });
    /// Highest Resource or Currency a Stockpile may hold.
    StockpileCap = "stockpile-cap", "9.27", Commander, N(20);
    /// Wounds every damaged unit repairs in Logistics (Repair repairs all).
    LogisticsRepair = "logistics-repair", "5.3.4", Unit, N(1);
    /// Units a Commander may Conscript in one Manufacturing Phase.
    ConscriptionsPerPhase = "conscriptions-per-phase", "5.4.3", Commander, N(1);
    /// How many times the printed cost a Conscripted unit costs.
    ConscriptionMultiplier = "conscription-multiplier", "5.4.3", Commander, N(2);
    /// Engagements a Commander may declare in one turn.
    EngagementsPerTurn = "engagements-per-turn", "5.5.2", Commander, N(1);
    /// Whether this Event may be deployed during the Setup Phase.
    DeployInSetup = "deploy-in-setup", "5.1", Event, F(false);
    /// Whether this non-Event, non-Tactic card may be deployed during an engagement.
    DeployInEngagement = "deploy-in-engagement", "6.5.4", Deployable, F(false);
    /// Whether this Tactic may be deployed into an engagement its Commander is not in.
    TacticInOtherEngagements = "tactic-in-other-engagements", "2.7", Tactic, F(false);
    /// Whether the Station is off limits in the first round of an engagement.
    StationFirstRoundShield = "station-first-round-shield", "6.5.3", Station, F(true);
    /// Whether Marines attached to a Station may board opposing ships.
    StationMarinesBoard = "station-marines-board", "6.9.4", Station, F(false);
    /// Whether a Station may join an engagement at another Commander's Station.
    StationJoinsAttack = "station-joins-attack", "2.2", Station, F(false);
    /// Smallest class that may attach a Face Up-Face Down Module-Ship.
    FaceDownMinClass = "face-down-min-class", "2.5.5", ModuleShip, K(ShipClass::BattleCruiser);
    /// Whether Transports may attach Module-Ship cards.
    TransportModules = "transport-modules", "2.5.6", Ship, F(false);
    /// Defense a Stealth unit adds to its printed defense.
    StealthBonus = "stealth-bonus", "3.4.9", Unit, N(5);
    /// Result bonus of an Alpha Strike unit's first volley die.
    AlphaStrikeBonus = "alpha-strike-bonus", "3.4.1", Unit, N(3);
    /// Wounds a natural 10 from an Annihilate unit inflicts.
    AnnihilateWounds = "annihilate-wounds", "3.4.2", Unit, N(3);
    /// Boarding actions one Escort may cancel per Escort Phase.
    EscortCancels = "escort-cancels", "3.4.3", Ship, N(1);
    /// Times per engagement a unit may use Overload.
    OverloadPerEngagement = "overload-per-engagement", "3.3.3", Unit, N(1);
    /// Copies of a Unique card one Commander may have in play.
    UniqueInPlay = "unique-in-play", "3.4.11", Card, N(1);
    /// Copies of one Module-Station card a Station may attach.
    StationModuleCopies = "station-module-copies", "2.2", Station, N(1);
    /// Whether a resolved Event stays on the battlefield instead of the Scrapheap.
    EventStaysInPlay = "event-stays-in-play", "2.6", Event, F(false);
    /// Whether Fighter Wings may attach Module or Marine cards.
    FighterWingAttachments = "fighter-wing-attachments", "2.5.1", Ship, F(false);
    /// Whether a Regimented unit may fetch its units from the hand as well as the Shipyard.
    RegimentedFromHand = "regimented-from-hand", "3.4.7", Unit, F(false);
    /// Active traits a unit may use in one turn to volley.
    ActiveTraitsPerVolley = "active-traits-per-volley", "3.2", Unit, N(1);
    /// Times per engagement a Fearless unit may swap attack and defense.
    FearlessPerEngagement = "fearless-per-engagement", "3.4.5", Unit, N(1);
    /// Whether a Marine-Character may be Conscripted.
    CharacterConscription = "character-conscription", "5.4.3", Card, F(false);
    /// Whether ships without Hunter may board this Stealth unit.
    StealthBoardable = "stealth-boardable", "3.4.9", Unit, F(false);
}

impl BaseRule {
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
