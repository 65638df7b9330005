//! The checked card: every attribute the rulebook prints on a card (§1–§3, §9).
//!
//! Values here have passed every check in `check`; the engine trusts them. Nothing in this
//! module knows about source text or spans.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Index of a card in its [`crate::db::CardDb`]; dense, `0..len`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u32);

/// The seven card types (§2.1, §9.34) with their subtypes (§9.33), plus the two Stockpile
/// cards every deck holds ("Your Constructed Deck").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardKind {
    Station,
    Module(ModuleKind),
    Ship(ShipClass),
    /// A Marine; `character` marks a Marine-Character (§2.4.2).
    Marine {
        character: bool,
    },
    Event,
    Tactic,
    Breakthru,
    Stockpile(StockpileKind),
}

/// The three Module subtypes (§2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModuleKind {
    Station,
    Ship,
    Marine,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StockpileKind {
    Resource,
    Currency,
}

/// Ship classes (§2.5), the Ship subtype.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ShipClass {
    FighterWing,
    Frigate,
    Destroyer,
    Cruiser,
    BattleCruiser,
    Transport,
    Battleship,
    CapitalShip,
}

impl ShipClass {
    pub const ALL: [ShipClass; 8] = [
        ShipClass::FighterWing,
        ShipClass::Frigate,
        ShipClass::Destroyer,
        ShipClass::Cruiser,
        ShipClass::BattleCruiser,
        ShipClass::Transport,
        ShipClass::Battleship,
        ShipClass::CapitalShip,
    ];

    /// Size rank for "larger than / smaller than" comparisons (§2.5).
    ///
    /// Interpretation (docs/interpretations.md, "Transport size"): the class-size table puts
    /// Transports below Battle Cruisers in mass, the §2.5 list puts them above, and §2.5.6 says
    /// they count as Battle Cruisers for boarding. We give them the Battle Cruiser's rank for
    /// every size comparison, so the one explicit statement wins.
    pub fn size(self) -> u8 {
        match self {
            ShipClass::FighterWing => 0,
            ShipClass::Frigate => 1,
            ShipClass::Destroyer => 2,
            ShipClass::Cruiser => 3,
            ShipClass::BattleCruiser | ShipClass::Transport => 4,
            ShipClass::Battleship => 5,
            ShipClass::CapitalShip => 6,
        }
    }

    /// The class as printed on cards and written in the card language.
    pub fn name(self) -> &'static str {
        match self {
            ShipClass::FighterWing => "Fighter Wing",
            ShipClass::Frigate => "Frigate",
            ShipClass::Destroyer => "Destroyer",
            ShipClass::Cruiser => "Cruiser",
            ShipClass::BattleCruiser => "Battle Cruiser",
            ShipClass::Transport => "Transport",
            ShipClass::Battleship => "Battleship",
            ShipClass::CapitalShip => "Capital Ship",
        }
    }
}

impl fmt::Display for ShipClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Factions (§9.14): the subtype of a Station.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Faction {
    Rdf,
    Colonial,
    Corporate,
}

impl Faction {
    pub const ALL: [Faction; 3] = [Faction::Rdf, Faction::Colonial, Faction::Corporate];

    pub fn name(self) -> &'static str {
        match self {
            Faction::Rdf => "RDF",
            Faction::Colonial => "Colonial",
            Faction::Corporate => "Corporate",
        }
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An amount of Resource and Currency: a cost, or a per-turn income (§4.5, §9.27).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Amount {
    pub resource: u8,
    pub currency: u8,
}

impl Amount {
    pub const ZERO: Amount = Amount {
        resource: 0,
        currency: 0,
    };

    pub fn is_zero(self) -> bool {
        self == Amount::ZERO
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}R {}C", self.resource, self.currency)
    }
}

/// White icons: how many Marines and Fighter Wings a unit can carry (§2.4.1, §2.5.1, §9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Capacity {
    pub marines: u8,
    pub wings: u8,
}

/// Which ships a Module or Marine may be attached to (§2.4, §2.5 "Size Matters!").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SizeRestriction {
    LargerThan(ShipClass),
    AtLeast(ShipClass),
    SmallerThan(ShipClass),
    AtMost(ShipClass),
    /// Exactly these classes.
    Classes(Vec<ShipClass>),
}

impl SizeRestriction {
    /// Whether a ship of `class` satisfies the restriction, by size rank (§2.5).
    pub fn admits(&self, class: ShipClass) -> bool {
        let s = class.size();
        match self {
            SizeRestriction::LargerThan(c) => s > c.size(),
            SizeRestriction::AtLeast(c) => s >= c.size(),
            SizeRestriction::SmallerThan(c) => s < c.size(),
            SizeRestriction::AtMost(c) => s <= c.size(),
            SizeRestriction::Classes(cs) => cs.contains(&class),
        }
    }
}

impl fmt::Display for SizeRestriction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeRestriction::LargerThan(c) => write!(f, "larger than {c}"),
            SizeRestriction::AtLeast(c) => write!(f, "{c} or larger"),
            SizeRestriction::SmallerThan(c) => write!(f, "smaller than {c}"),
            SizeRestriction::AtMost(c) => write!(f, "{c} or smaller"),
            SizeRestriction::Classes(cs) => {
                for (i, c) in cs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{c}")?;
                }
                Ok(())
            }
        }
    }
}

/// What a Regimented unit fetches from the Shipyard (§3.4.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RegimentUnit {
    Wing,
    Marine,
}

/// The sixteen traits of §3. Stackable (active) traits carry their +X (§3.1, §3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trait {
    Interceptor(u8),
    Jammer(u8),
    Overload(u8),
    Repair(u8),
    TargetPainter(u8),
    AlphaStrike,
    Annihilate,
    Escort,
    FaceUpFaceDown,
    Fearless,
    Hunter,
    Regimented { unit: RegimentUnit, count: u8 },
    Resistant,
    Stealth,
    Stoic,
    Unique,
}

/// A trait without its value, for lookups and grants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TraitName {
    Interceptor,
    Jammer,
    Overload,
    Repair,
    TargetPainter,
    AlphaStrike,
    Annihilate,
    Escort,
    FaceUpFaceDown,
    Fearless,
    Hunter,
    Regimented,
    Resistant,
    Stealth,
    Stoic,
    Unique,
}

impl TraitName {
    pub const ALL: [TraitName; 16] = [
        TraitName::Interceptor,
        TraitName::Jammer,
        TraitName::Overload,
        TraitName::Repair,
        TraitName::TargetPainter,
        TraitName::AlphaStrike,
        TraitName::Annihilate,
        TraitName::Escort,
        TraitName::FaceUpFaceDown,
        TraitName::Fearless,
        TraitName::Hunter,
        TraitName::Regimented,
        TraitName::Resistant,
        TraitName::Stealth,
        TraitName::Stoic,
        TraitName::Unique,
    ];

    /// Position in [`TraitName::ALL`], the rulebook's order (§3.3): how traits are listed.
    pub fn rank(self) -> usize {
        TraitName::ALL
            .iter()
            .position(|&n| n == self)
            .unwrap_or(TraitName::ALL.len())
    }

    /// Active traits are the stackable ones and take +X (§3.1, §3.2).
    pub fn is_stackable(self) -> bool {
        matches!(
            self,
            TraitName::Interceptor
                | TraitName::Jammer
                | TraitName::Overload
                | TraitName::Repair
                | TraitName::TargetPainter
        )
    }

    /// The trait as printed on cards and written in the card language.
    pub fn name(self) -> &'static str {
        match self {
            TraitName::Interceptor => "Interceptor",
            TraitName::Jammer => "Jammer",
            TraitName::Overload => "Overload",
            TraitName::Repair => "Repair",
            TraitName::TargetPainter => "Target Painter",
            TraitName::AlphaStrike => "Alpha Strike",
            TraitName::Annihilate => "Annihilate",
            TraitName::Escort => "Escort",
            TraitName::FaceUpFaceDown => "Face Up-Face Down",
            TraitName::Fearless => "Fearless",
            TraitName::Hunter => "Hunter",
            TraitName::Regimented => "Regimented",
            TraitName::Resistant => "Resistant",
            TraitName::Stealth => "Stealth",
            TraitName::Stoic => "Stoic",
            TraitName::Unique => "Unique",
        }
    }

    /// The section that defines the trait.
    pub fn section(self) -> &'static str {
        match self {
            TraitName::Interceptor => "3.3.1",
            TraitName::Jammer => "3.3.2",
            TraitName::Overload => "3.3.3",
            TraitName::Repair => "3.3.4",
            TraitName::TargetPainter => "3.3.5",
            TraitName::AlphaStrike => "3.4.1",
            TraitName::Annihilate => "3.4.2",
            TraitName::Escort => "3.4.3",
            TraitName::FaceUpFaceDown => "3.4.4",
            TraitName::Fearless => "3.4.5",
            TraitName::Hunter => "3.4.6",
            TraitName::Regimented => "3.4.7",
            TraitName::Resistant => "3.4.8",
            TraitName::Stealth => "3.4.9",
            TraitName::Stoic => "3.4.10",
            TraitName::Unique => "3.4.11",
        }
    }
}

impl fmt::Display for TraitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Trait {
    pub fn name(self) -> TraitName {
        match self {
            Trait::Interceptor(_) => TraitName::Interceptor,
            Trait::Jammer(_) => TraitName::Jammer,
            Trait::Overload(_) => TraitName::Overload,
            Trait::Repair(_) => TraitName::Repair,
            Trait::TargetPainter(_) => TraitName::TargetPainter,
            Trait::AlphaStrike => TraitName::AlphaStrike,
            Trait::Annihilate => TraitName::Annihilate,
            Trait::Escort => TraitName::Escort,
            Trait::FaceUpFaceDown => TraitName::FaceUpFaceDown,
            Trait::Fearless => TraitName::Fearless,
            Trait::Hunter => TraitName::Hunter,
            Trait::Regimented { .. } => TraitName::Regimented,
            Trait::Resistant => TraitName::Resistant,
            Trait::Stealth => TraitName::Stealth,
            Trait::Stoic => TraitName::Stoic,
            Trait::Unique => TraitName::Unique,
        }
    }

    /// The +X of a stackable trait, `None` for passive ones.
    pub fn value(self) -> Option<u8> {
        match self {
            Trait::Interceptor(x)
            | Trait::Jammer(x)
            | Trait::Overload(x)
            | Trait::Repair(x)
            | Trait::TargetPainter(x) => Some(x),
            _ => None,
        }
    }
}

impl fmt::Display for Trait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Trait::Regimented { unit, count } => {
                let unit = match unit {
                    RegimentUnit::Wing => "Wing",
                    RegimentUnit::Marine => "Marine",
                };
                write!(f, "Regimented {unit}")?;
                if count > 1 {
                    write!(f, " x{count}")?;
                }
                Ok(())
            }
            t => match t.value() {
                Some(x) => write!(f, "{} +{x}", t.name()),
                None => write!(f, "{}", t.name()),
            },
        }
    }
}

/// One checked card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub id: CardId,
    pub name: String,
    pub kind: CardKind,
    /// Deployment cost (§4.6). Zero for Stations and Stockpiles.
    pub cost: Amount,
    /// Per-turn income (§4.5, §5.3.2): Stations, Module-Stations, Transports.
    pub income: Amount,
    /// Printed attack, defense and wounds of a unit or a Module's bonus (§6.2).
    pub attack: Option<u8>,
    pub defense: Option<u8>,
    pub wounds: Option<u8>,
    /// White icons (§2.4.1, §2.5.1.1).
    pub capacity: Capacity,
    /// Red icon: the capacity a Marine or Fighter Wing consumes when aboard (§2.4.1, §2.5.1).
    pub space: u8,
    /// A Station's faction is its subtype (§9.14); other cards may carry one too.
    pub faction: Option<Faction>,
    /// Only legal in a deck whose Station has `faction` (§9.14).
    pub restricted: bool,
    /// §8.8: illegal unless every Commander agrees.
    pub prototype: bool,
    /// Class-size restriction of a Module or Marine (§2.4, §2.5).
    pub fits: Option<SizeRestriction>,
    pub traits: Vec<Trait>,
    /// The printed rules text, as on the card.
    pub text: String,
    pub flavour: String,
    /// What the card does, checked and lowered from its ability fields (`ir::effect`,
    /// docs/abilities.md). Empty for a card without abilities.
    #[serde(default)]
    pub abilities: Vec<super::effect::Ability>,
}

impl Card {
    /// A card with nothing printed but its name and type: every number zero or absent, no
    /// traits, no text. Builders (the compiler, tests) fill in what the type needs.
    pub fn blank(id: CardId, name: impl Into<String>, kind: CardKind) -> Card {
        Card {
            id,
            name: name.into(),
            kind,
            cost: Amount::ZERO,
            income: Amount::ZERO,
            attack: None,
            defense: None,
            wounds: None,
            capacity: Capacity::default(),
            space: 0,
            faction: None,
            restricted: false,
            prototype: false,
            fits: None,
            traits: Vec::new(),
            text: String::new(),
            flavour: String::new(),
            abilities: Vec::new(),
        }
    }

    pub fn has_trait(&self, name: TraitName) -> bool {
        self.traits.iter().any(|t| t.name() == name)
    }

    pub fn is_unique(&self) -> bool {
        self.has_trait(TraitName::Unique)
    }

    pub fn ship_class(&self) -> Option<ShipClass> {
        match self.kind {
            CardKind::Ship(c) => Some(c),
            _ => None,
        }
    }
}

impl CardKind {
    /// The type line as printed ("Ship - Battleship", "Module-Station").
    pub fn type_line(self) -> String {
        match self {
            CardKind::Station => "Station".into(),
            CardKind::Module(ModuleKind::Station) => "Module-Station".into(),
            CardKind::Module(ModuleKind::Ship) => "Module-Ship".into(),
            CardKind::Module(ModuleKind::Marine) => "Module-Marine".into(),
            CardKind::Ship(c) => format!("Ship - {c}"),
            CardKind::Marine { character: false } => "Marine".into(),
            CardKind::Marine { character: true } => "Marine-Character".into(),
            CardKind::Event => "Event".into(),
            CardKind::Tactic => "Tactic".into(),
            CardKind::Breakthru => "Breakthru".into(),
            CardKind::Stockpile(StockpileKind::Resource) => "Resource Stockpile".into(),
            CardKind::Stockpile(StockpileKind::Currency) => "Currency Stockpile".into(),
        }
    }

    /// Units are Ships, Stations and Marines (§9.35).
    pub fn is_unit(self) -> bool {
        matches!(
            self,
            CardKind::Station | CardKind::Ship(_) | CardKind::Marine { .. }
        )
    }
}

/// A card's type and subtype without the ship class: the keyword of a card-language header
/// and the groups of a deck summary (§2.1, §9.34, plus the two Stockpile cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CardType {
    Station,
    ModuleStation,
    ModuleShip,
    ModuleMarine,
    Ship,
    Marine,
    MarineCharacter,
    Event,
    Tactic,
    Breakthru,
    ResourceStockpile,
    CurrencyStockpile,
}

impl CardType {
    pub const ALL: [CardType; 12] = [
        CardType::Station,
        CardType::ModuleStation,
        CardType::ModuleShip,
        CardType::ModuleMarine,
        CardType::Ship,
        CardType::Marine,
        CardType::MarineCharacter,
        CardType::Event,
        CardType::Tactic,
        CardType::Breakthru,
        CardType::ResourceStockpile,
        CardType::CurrencyStockpile,
    ];

    /// The type of a checked card.
    pub fn of(kind: CardKind) -> CardType {
        match kind {
            CardKind::Station => CardType::Station,
            CardKind::Module(ModuleKind::Station) => CardType::ModuleStation,
            CardKind::Module(ModuleKind::Ship) => CardType::ModuleShip,
            CardKind::Module(ModuleKind::Marine) => CardType::ModuleMarine,
            CardKind::Ship(_) => CardType::Ship,
            CardKind::Marine { character: false } => CardType::Marine,
            CardKind::Marine { character: true } => CardType::MarineCharacter,
            CardKind::Event => CardType::Event,
            CardKind::Tactic => CardType::Tactic,
            CardKind::Breakthru => CardType::Breakthru,
            CardKind::Stockpile(StockpileKind::Resource) => CardType::ResourceStockpile,
            CardKind::Stockpile(StockpileKind::Currency) => CardType::CurrencyStockpile,
        }
    }

    /// The type as a person reads it ("Resource Stockpile", not the keyword's hyphen).
    pub fn label(self) -> &'static str {
        match self {
            CardType::ResourceStockpile => "Resource Stockpile",
            CardType::CurrencyStockpile => "Currency Stockpile",
            t => t.keyword(),
        }
    }

    /// The keyword as written in a header.
    pub fn keyword(self) -> &'static str {
        match self {
            CardType::Station => "Station",
            CardType::ModuleStation => "Module-Station",
            CardType::ModuleShip => "Module-Ship",
            CardType::ModuleMarine => "Module-Marine",
            CardType::Ship => "Ship",
            CardType::Marine => "Marine",
            CardType::MarineCharacter => "Marine-Character",
            CardType::Event => "Event",
            CardType::Tactic => "Tactic",
            CardType::Breakthru => "Breakthru",
            CardType::ResourceStockpile => "Resource-Stockpile",
            CardType::CurrencyStockpile => "Currency-Stockpile",
        }
    }

    pub fn from_keyword(word: &str) -> Option<CardType> {
        CardType::ALL.into_iter().find(|t| t.keyword() == word)
    }

    /// Units are Stations, Ships and Marines (§9.35).
    pub fn is_unit(self) -> bool {
        matches!(
            self,
            CardType::Station | CardType::Ship | CardType::Marine | CardType::MarineCharacter
        )
    }

    pub fn is_module(self) -> bool {
        matches!(
            self,
            CardType::ModuleStation | CardType::ModuleShip | CardType::ModuleMarine
        )
    }

    pub fn is_stockpile(self) -> bool {
        matches!(
            self,
            CardType::ResourceStockpile | CardType::CurrencyStockpile
        )
    }

    /// "a Ship", "an Event": for messages.
    pub fn with_article(self) -> String {
        let k = self.keyword();
        let an = matches!(k.chars().next(), Some('A' | 'E' | 'I' | 'O' | 'U'));
        format!("{} {k}", if an { "an" } else { "a" })
    }
}

impl fmt::Display for CardType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}
