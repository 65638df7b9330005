//! The typed AST: one [`CardDecl`] per card, every field's value typed, everything spanned.
//!
//! Built by [`crate::lower`] from the raw parse; checked and turned into [`crate::ir::Card`] by
//! [`crate::check`]. A field whose value could not be typed is absent here (its diagnostic
//! has already been reported), so checks never report the same mistake twice.

use std::fmt;

use crate::ir::{Amount, Capacity, Faction, ShipClass, SizeRestriction, Trait};
use crate::source::{Span, Spanned};

pub use crate::ir::CardType;

/// The v1 fields. Ability fields (`when`, `static`, `override`, `ability`) will join them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FieldKey {
    Class,
    Faction,
    Prototype,
    Cost,
    Income,
    Attack,
    Defense,
    Wounds,
    Carries,
    Space,
    Fits,
    Traits,
    Text,
    Flavour,
}

impl FieldKey {
    pub const ALL: [FieldKey; 14] = [
        FieldKey::Class,
        FieldKey::Faction,
        FieldKey::Prototype,
        FieldKey::Cost,
        FieldKey::Income,
        FieldKey::Attack,
        FieldKey::Defense,
        FieldKey::Wounds,
        FieldKey::Carries,
        FieldKey::Space,
        FieldKey::Fits,
        FieldKey::Traits,
        FieldKey::Text,
        FieldKey::Flavour,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FieldKey::Class => "class",
            FieldKey::Faction => "faction",
            FieldKey::Prototype => "prototype",
            FieldKey::Cost => "cost",
            FieldKey::Income => "income",
            FieldKey::Attack => "attack",
            FieldKey::Defense => "defense",
            FieldKey::Wounds => "wounds",
            FieldKey::Carries => "carries",
            FieldKey::Space => "space",
            FieldKey::Fits => "fits",
            FieldKey::Traits => "traits",
            FieldKey::Text => "text",
            FieldKey::Flavour => "flavour",
        }
    }

    pub fn from_name(name: &str) -> Option<FieldKey> {
        FieldKey::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Written bare, without `:` and a value.
    pub fn is_flag(self) -> bool {
        self == FieldKey::Prototype
    }

    /// What the field means, with its rulebook section (docs/cardlang.md, "Fields"): for
    /// editors' hovers.
    pub fn meaning(self) -> &'static str {
        match self {
            FieldKey::Class => "ship class: Fighter Wing to Capital Ship (§2.5)",
            FieldKey::Faction => "faction, optionally `only` for a faction-restricted card (§9.14)",
            FieldKey::Prototype => "prototype flag: legal only if every Commander agrees (§8.8)",
            FieldKey::Cost => "deployment cost in Resource (R) and Currency (C) (§4.6)",
            FieldKey::Income => "Resource and Currency produced each turn (§4.5, §5.3.2)",
            FieldKey::Attack => "attack value, or a Module's `+N` bonus (§6.2, §9.38)",
            FieldKey::Defense => "defense value, or a Module's `+N` bonus (§6.2, §9.38)",
            FieldKey::Wounds => "wounds the card can take (§6.2, §9.38)",
            FieldKey::Carries => "white icons: Marines and Wings carried (§2.4.1, §2.5.1.1, §9.4)",
            FieldKey::Space => "red icon: space taken aboard a carrier (§2.4.1, §2.5.1)",
            FieldKey::Fits => {
                "class-size restriction: the ships it may attach to or board (§2.4, §2.5)"
            }
            FieldKey::Traits => "traits; stackable (active) ones carry `+X` (§3)",
            FieldKey::Text => "the printed rules text",
            FieldKey::Flavour => "flavour text, no rules meaning",
        }
    }

    /// A correct example of the field, for help lines.
    pub fn example(self) -> &'static str {
        match self {
            FieldKey::Class => "class: Cruiser",
            FieldKey::Faction => "faction: RDF",
            FieldKey::Prototype => "prototype",
            FieldKey::Cost => "cost: 3R 2C",
            FieldKey::Income => "income: 2R 1C",
            FieldKey::Attack => "attack: 4",
            FieldKey::Defense => "defense: 5",
            FieldKey::Wounds => "wounds: 3",
            FieldKey::Carries => "carries: 2 Marines, 1 Wing",
            FieldKey::Space => "space: 1",
            FieldKey::Fits => "fits: Cruiser or larger",
            FieldKey::Traits => "traits: Interceptor +1, Stealth",
            FieldKey::Text => "text: \"Draw a card.\"",
            FieldKey::Flavour => "flavour: \"For the Colonies!\"",
        }
    }
}

impl fmt::Display for FieldKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A printed attack, defense or wounds: a unit's plain number or a Module's `+N` bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stat {
    pub value: u8,
    pub bonus: bool,
}

/// A typed field value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Class(ShipClass),
    /// `only` carries its span so a Station's `only` can be pointed at.
    Faction {
        faction: Faction,
        only: Option<Span>,
    },
    Flag,
    Amount(Amount),
    Stat(Stat),
    Carries {
        capacity: Capacity,
        marines: Option<Span>,
        wings: Option<Span>,
    },
    Space(u8),
    Fits(SizeRestriction),
    Traits(Vec<Spanned<Trait>>),
    Text(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub key: FieldKey,
    pub key_span: Span,
    /// The whole entry, key to end of value.
    pub span: Span,
    pub value_span: Span,
    pub value: Value,
}

/// One card, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardDecl {
    pub span: Span,
    /// `None` if the type word is unknown (already reported).
    pub card_type: Option<Spanned<CardType>>,
    /// The name with escapes processed; `None` if malformed (already reported).
    pub name: Option<Spanned<String>>,
    /// The header up to and including `{`, for "missing field" diagnostics.
    pub header: Span,
    pub fields: Vec<Field>,
    /// Every known field key written, even with a malformed value: "missing field" is only
    /// said of fields that are really absent.
    pub written: Vec<FieldKey>,
    /// Ability fields, parsed and resolved by [`crate::effect`], in source order.
    pub abilities: Vec<crate::effect::ParsedAbility>,
    /// Whether lowering reported an error for this card.
    pub had_errors: bool,
}

impl CardDecl {
    pub fn field(&self, key: FieldKey) -> Option<&Field> {
        self.fields.iter().find(|f| f.key == key)
    }
}
