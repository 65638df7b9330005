//! Semantic checks on one typed card, and the build of its checked IR.
//!
//! Owns the type/field matrix (which fields each card type may, must or must not have), the
//! value forms that depend on the type (a unit's `attack: 3` vs a Module's `attack: +1`) and
//! the card-level rulebook constraints (§2.4.2, §2.5.1, §2.5.8, §2.8, §3.4.4). Pool-level checks
//! (duplicate names) are in [`crate::compile`].

use crate::ast::{CardDecl, CardType, Field, FieldKey, Stat, Value};
use crate::diag::{codes, Diagnostic, Sink};
use crate::ir::effect::{Ability, Timing};
use crate::ir::{
    Capacity, Card, CardId, CardKind, ModuleKind, ShipClass, SizeRestriction, StockpileKind, Trait,
    TraitName,
};

/// Whether a field may appear on a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    Required,
    Optional,
    /// Not allowed; the text says why, for the help line.
    Forbidden(&'static str),
}

/// The type/field matrix (docs/cardlang.md, "Which fields go on which card"). `class` is the
/// Ship's class if known; class-dependent fields are `Optional` while it is unknown.
pub fn presence(ty: CardType, class: Option<ShipClass>, key: FieldKey) -> Presence {
    use CardType as T;
    use Presence::{Forbidden, Optional, Required};
    let unit = ty.is_unit();
    match key {
        FieldKey::Class if ty == T::Ship => Required,
        FieldKey::Class => Forbidden("only Ships have a class (§2.5)"),
        FieldKey::Faction if ty == T::Station => Required,
        FieldKey::Faction | FieldKey::Prototype if ty.is_stockpile() => {
            Forbidden("Stockpile cards have no fields but `text` and `flavour`")
        }
        FieldKey::Faction => Optional,
        FieldKey::Prototype if ty == T::Station => {
            Forbidden("a Station cannot be a prototype (§8.8 applies to deployed cards)")
        }
        FieldKey::Prototype => Optional,
        FieldKey::Cost if ty == T::Station => {
            Forbidden("a Station is put on the battlefield at setup, not deployed at cost (§4.1)")
        }
        FieldKey::Cost if ty.is_stockpile() => {
            Forbidden("Stockpile cards have no fields but `text` and `flavour`")
        }
        FieldKey::Cost => Required,
        FieldKey::Income if matches!(ty, T::Station | T::ModuleStation) => Optional,
        FieldKey::Income if ty == T::Ship => match class {
            None | Some(ShipClass::Transport) => Optional,
            Some(_) => Forbidden("only Transports produce income among ships (§2.5.6)"),
        },
        FieldKey::Income => {
            Forbidden("income is printed on Stations, Module-Stations and Transports (§4.5)")
        }
        FieldKey::Attack | FieldKey::Defense | FieldKey::Wounds if unit => Required,
        FieldKey::Wounds if ty == T::ModuleStation => Required,
        FieldKey::Attack | FieldKey::Defense | FieldKey::Wounds if ty.is_module() => Optional,
        FieldKey::Attack | FieldKey::Defense | FieldKey::Wounds => {
            Forbidden("only units and Modules have attack, defense and wounds (§6.2)")
        }
        // On a Module, `carries:` is capacity it adds to its host, lost with it (§9.4).
        FieldKey::Carries if matches!(ty, T::Station | T::Ship | T::ModuleStation | T::ModuleShip) => {
            Optional
        }
        FieldKey::Carries => Forbidden(
            "only Stations, Ships, and the Module-Station and Module-Ship cards that enlarge them carry Marines and Wings (§9.4)",
        ),
        FieldKey::Space if ty == T::Marine => Optional,
        FieldKey::Space if ty == T::MarineCharacter => {
            Forbidden("Marine-Characters ignore space requirements (§2.4.2)")
        }
        FieldKey::Space if ty == T::Ship => match class {
            None | Some(ShipClass::FighterWing) => Optional,
            Some(_) => Forbidden("only Fighter Wings take up space aboard another ship (§2.5.1)"),
        },
        FieldKey::Space => Forbidden("only Marines and Fighter Wings take up space (§2.4.1)"),
        FieldKey::Fits if matches!(ty, T::ModuleShip | T::Marine | T::MarineCharacter) => Optional,
        FieldKey::Fits => {
            Forbidden("only Module-Ships, Marines and Marine-Characters have a size restriction")
        }
        FieldKey::Traits if unit || ty.is_module() => Optional,
        FieldKey::Traits => Forbidden("only units and Modules have traits (§3.1)"),
        FieldKey::Text | FieldKey::Flavour => Optional,
    }
}

/// The fields a card of this type may have (`class` as in [`presence`]), in [`FieldKey::ALL`]
/// order: what an editor offers to complete.
pub fn allowed_fields(ty: CardType, class: Option<ShipClass>) -> Vec<FieldKey> {
    FieldKey::ALL
        .into_iter()
        .filter(|&k| !matches!(presence(ty, class, k), Presence::Forbidden(_)))
        .collect()
}

/// Checks one card; returns its IR (with a placeholder id) if it has no errors. The IR takes
/// the declaration's abilities and texts rather than copies of them, so on success those are
/// left empty in `decl` (its name, spans and the abilities' card-name references stay).
pub fn check_card(decl: &mut CardDecl, sink: &mut Sink) -> Option<Card> {
    let mut c = Checker {
        sink,
        errors: decl.had_errors,
    };
    let ty = decl.card_type.as_ref().map(|t| t.node)?;
    let class = match decl.field(FieldKey::Class).map(|f| &f.value) {
        Some(Value::Class(class)) => Some(*class),
        _ => None,
    };

    for f in &decl.fields {
        if let Presence::Forbidden(why) = presence(ty, class, f.key) {
            let what = match (ty, class) {
                (CardType::Ship, Some(cl)) => format!("a {cl}"),
                _ => ty.with_article(),
            };
            c.error(
                Diagnostic::error(
                    codes::FIELD_NOT_ALLOWED,
                    c.sink.file(),
                    format!("field `{}` is not allowed on {what}", f.key),
                )
                .at(f.key_span, "not allowed here")
                .with_help(why),
            );
        }
    }
    for key in FieldKey::ALL {
        if presence(ty, class, key) == Presence::Required && !decl.written.contains(&key) {
            c.error(
                Diagnostic::error(
                    codes::MISSING_FIELD,
                    c.sink.file(),
                    format!("{} needs the field `{key}`", ty.with_article()),
                )
                .at(decl.header, format!("this card has no `{key}`"))
                .with_help(format!("add a line like `{}`", key.example())),
            );
        }
    }
    c.stat_forms(ty, decl);
    c.rules(ty, class, decl);

    if c.errors {
        return None;
    }
    let kind = match ty {
        CardType::Station => CardKind::Station,
        CardType::ModuleStation => CardKind::Module(ModuleKind::Station),
        CardType::ModuleShip => CardKind::Module(ModuleKind::Ship),
        CardType::ModuleMarine => CardKind::Module(ModuleKind::Marine),
        CardType::Ship => CardKind::Ship(class?),
        CardType::Marine => CardKind::Marine { character: false },
        CardType::MarineCharacter => CardKind::Marine { character: true },
        CardType::Event => CardKind::Event,
        CardType::Tactic => CardKind::Tactic,
        CardType::Breakthru => CardKind::Breakthru,
        CardType::ResourceStockpile => CardKind::Stockpile(StockpileKind::Resource),
        CardType::CurrencyStockpile => CardKind::Stockpile(StockpileKind::Currency),
    };
    // Ability checks that need the card (crate::effect); an error there drops the card too.
    if !crate::effect::check_decl(decl, kind, c.sink) {
        return None;
    }
    let card = build(decl, kind);
    // The database loader's own check of every card (ARCHITECTURE.md, invariant 3), run here
    // too so the two can never disagree: a card the checks above let through but the loader
    // would refuse is a located error here, never a "not a valid card database" after
    // compiling. The checks above give the precise diagnostics; this is the net under them.
    if let Err(problem) = crate::db::validate_card(&card) {
        let at = decl.name.as_ref().map_or(decl.header, |n| n.span);
        c.sink.push(
            Diagnostic::error(
                codes::CARD_INVALID,
                c.sink.file(),
                format!("this card cannot be stored in a card database: {problem}"),
            )
            .at(at, "this card"),
        );
        return None;
    }
    Some(card)
}

struct Checker<'a> {
    sink: &'a mut Sink,
    errors: bool,
}

impl Checker<'_> {
    fn error(&mut self, d: Diagnostic) {
        self.errors |= d.is_error();
        self.sink.push(d);
    }

    /// A unit prints plain numbers; a Module prints `+N` bonuses, except a Module-Station's
    /// own wounds (§2.2: it is targeted and destroyed on its own).
    fn stat_forms(&mut self, ty: CardType, decl: &CardDecl) {
        for f in &decl.fields {
            let Value::Stat(Stat { value, bonus }) = f.value else {
                continue;
            };
            let plain =
                ty.is_unit() || (ty == CardType::ModuleStation && f.key == FieldKey::Wounds);
            if !ty.is_unit() && !ty.is_module() {
                continue; // already "not allowed"
            }
            if plain && bonus {
                self.error(
                    Diagnostic::error(
                        codes::BAD_VALUE,
                        self.sink.file(),
                        format!(
                            "{}'s `{}` is a plain number, not a bonus",
                            ty.with_article(),
                            f.key
                        ),
                    )
                    .at(f.value_span, "")
                    .with_help(format!("write `{}: {value}`", f.key)),
                );
            } else if !plain && !bonus {
                self.error(
                    Diagnostic::error(
                        codes::BAD_VALUE,
                        self.sink.file(),
                        format!(
                            "{}'s `{}` is a bonus to the card it is attached to",
                            ty.with_article(),
                            f.key
                        ),
                    )
                    .at(f.value_span, "")
                    .with_help(format!("write `{}: +{value}`", f.key)),
                );
            }
        }
    }

    fn rules(&mut self, ty: CardType, class: Option<ShipClass>, decl: &CardDecl) {
        let traits: &[crate::source::Spanned<Trait>] = match decl.field(FieldKey::Traits) {
            Some(Field {
                value: Value::Traits(t),
                ..
            }) => t,
            _ => &[],
        };
        let trait_at = |name: TraitName| traits.iter().find(|t| t.node.name() == name);

        // §2.5.8: every Capital Ship is Unique.
        if class == Some(ShipClass::CapitalShip) && trait_at(TraitName::Unique).is_none() {
            let at = decl
                .field(FieldKey::Class)
                .map_or(decl.header, |f| f.value_span);
            self.error(
                Diagnostic::error(
                    codes::CAPITAL_NOT_UNIQUE,
                    self.sink.file(),
                    "a Capital Ship must have the trait `Unique`",
                )
                .at(at, "Capital Ships are all Unique (§2.5.8)")
                .with_help("add `Unique` to `traits:`"),
            );
        }

        // §2.5.1: no Marine can be attached to a Fighter Wing.
        if class == Some(ShipClass::FighterWing) {
            if let Some(Field {
                value:
                    Value::Carries {
                        capacity: Capacity { marines: 1.., .. },
                        marines: Some(span),
                        ..
                    },
                ..
            }) = decl.field(FieldKey::Carries)
            {
                self.error(
                    Diagnostic::error(
                        codes::WING_CARRIES_MARINES,
                        self.sink.file(),
                        "a Fighter Wing cannot carry Marines",
                    )
                    .at(*span, "no Marines on a Fighter Wing (§2.5.1)")
                    .with_help("remove the Marines from `carries:`"),
                );
            }
        }

        // §2.4.2: Marine-Characters are never Regimented.
        if ty == CardType::MarineCharacter {
            if let Some(t) = trait_at(TraitName::Regimented) {
                self.error(
                    Diagnostic::error(
                        codes::CHARACTER_REGIMENTED,
                        self.sink.file(),
                        "a Marine-Character cannot be Regimented",
                    )
                    .at(t.span, "Characters are never Regimented (§2.4.2)")
                    .with_help("remove the trait, or make the card a `Marine`"),
                );
            }
        }

        // §3.4.4: Face Up-Face Down is a Module-Ship trait.
        if ty != CardType::ModuleShip {
            if let Some(t) = trait_at(TraitName::FaceUpFaceDown) {
                self.error(
                    Diagnostic::error(
                        codes::FACE_DOWN_NOT_MODULE_SHIP,
                        self.sink.file(),
                        format!("{} cannot have `Face Up-Face Down`", ty.with_article()),
                    )
                    .at(t.span, "only Module-Ship cards have this trait (§3.4.4)")
                    .with_help("remove the trait, or make the card a `Module-Ship`"),
                );
            }
        }

        // §9.14: a Station's faction is what restricts other cards; it is never restricted.
        if ty == CardType::Station {
            if let Some(Field {
                value: Value::Faction {
                    only: Some(span), ..
                },
                ..
            }) = decl.field(FieldKey::Faction)
            {
                self.error(
                    Diagnostic::error(
                        codes::STATION_FACTION_ONLY,
                        self.sink.file(),
                        "a Station's faction cannot be `only`",
                    )
                    .at(*span, "a Station is never faction-restricted")
                    .with_help("remove `only`: the Station's faction is what other cards' `only` refers to (§9.14)"),
                );
            }
        }

        // Units and Module-Stations with no wounds would be destroyed on arrival (§9.38).
        if ty.is_unit() || ty == CardType::ModuleStation {
            if let Some(f) = decl.field(FieldKey::Wounds) {
                if let Value::Stat(Stat {
                    value: 0,
                    bonus: false,
                }) = f.value
                {
                    self.error(
                        Diagnostic::error(
                            codes::ZERO_WOUNDS,
                            self.sink.file(),
                            format!("{} with 0 wounds is destroyed as soon as it is deployed", ty.with_article()),
                        )
                        .at(f.value_span, "must be at least 1")
                        .with_help("a unit is destroyed when its wounds suffered reach this number (§9.38)"),
                    );
                }
            }
        }

        // §2.8: Breakthrus are deployed at no cost.
        if ty == CardType::Breakthru {
            if let Some(Field {
                value: Value::Amount(a),
                value_span,
                ..
            }) = decl.field(FieldKey::Cost)
            {
                if !a.is_zero() {
                    self.error(
                        Diagnostic::error(
                            codes::BREAKTHRU_COST,
                            self.sink.file(),
                            "a Breakthru's cost must be 0",
                        )
                        .at(*value_span, "Breakthrus are deployed at no cost (§2.8)")
                        .with_help("write `cost: 0`"),
                    );
                }
            }
        }

        // §3.4.4: Face Up-Face Down modules are deployed at no cost. (On any other card type
        // the trait itself is the error, HB0305.)
        if let Some(t) = trait_at(TraitName::FaceUpFaceDown).filter(|_| ty == CardType::ModuleShip)
        {
            if let Some(Field {
                value: Value::Amount(a),
                value_span,
                ..
            }) = decl.field(FieldKey::Cost)
            {
                if !a.is_zero() {
                    self.error(
                        Diagnostic::error(
                            codes::FACE_DOWN_COST,
                            self.sink.file(),
                            "a Face Up-Face Down module's cost must be 0",
                        )
                        .at(*value_span, "never paid: it is deployed at no cost (§3.4.4)")
                        .with_label(t.span, "because of this trait")
                        .with_help("write `cost: 0`, or remove `Face Up-Face Down` to make it a module deployed at cost"),
                    );
                }
            }
        }

        self.fits(ty, decl, trait_at(TraitName::FaceUpFaceDown).is_some());
    }

    /// A size restriction must leave some ship the card can actually attach to: Module-Ships
    /// never go on Fighter Wings or Transports (§2.3, §2.5.6), Face Up-Face Down ones only on
    /// ships larger than Cruisers (§3.4.4), Marines never on Fighter Wings (§2.4.1).
    fn fits(&mut self, ty: CardType, decl: &CardDecl, face_down: bool) {
        let Some(Field {
            value: Value::Fits(fits),
            value_span,
            ..
        }) = decl.field(FieldKey::Fits)
        else {
            return;
        };
        let attachable = |c: ShipClass| match ty {
            CardType::ModuleShip => {
                !matches!(c, ShipClass::FighterWing | ShipClass::Transport)
                    && (!face_down || c.size() > ShipClass::Cruiser.size())
            }
            _ => c != ShipClass::FighterWing,
        };
        if ShipClass::ALL
            .into_iter()
            .any(|c| attachable(c) && fits.admits(c))
        {
            return;
        }
        let why = match ty {
            CardType::ModuleShip if face_down => {
                "Face Up-Face Down modules go only on ships larger than Cruisers, never on \
                 Transports (§3.4.4, §2.5.6)"
            }
            CardType::ModuleShip => {
                "Module-Ship cards never go on Fighter Wings or Transports (§2.3)"
            }
            _ => "Marines never go on Fighter Wings (§2.4.1)",
        };
        let shown = match fits {
            SizeRestriction::Classes(cs) if cs.is_empty() => "nothing".to_string(),
            f => format!("`{f}`"),
        };
        self.error(
            Diagnostic::error(
                codes::FITS_NO_SHIP,
                self.sink.file(),
                format!(
                    "{} that fits {shown} can never be attached",
                    ty.with_article()
                ),
            )
            .at(*value_span, "admits no ship this card can attach to")
            .with_help(why),
        );
    }
}

/// The card's IR from a declaration that passed every check. Texts and abilities are moved
/// out of `decl`, not copied.
fn build(decl: &mut CardDecl, kind: CardKind) -> Card {
    let name = decl
        .name
        .as_ref()
        .map(|n| n.node.clone())
        .unwrap_or_default();
    let mut card = Card::blank(CardId(0), name, kind);
    // The red icon defaults to 1 on the cards that have one (§2.4.1, §2.5.1);
    // Marine-Characters ignore space (§2.4.2).
    if matches!(
        kind,
        CardKind::Marine { character: false } | CardKind::Ship(ShipClass::FighterWing)
    ) {
        card.space = 1;
    }
    for f in &mut decl.fields {
        match (&f.key, &mut f.value) {
            (FieldKey::Cost, Value::Amount(a)) => card.cost = *a,
            (FieldKey::Income, Value::Amount(a)) => card.income = *a,
            (FieldKey::Attack, Value::Stat(s)) => card.attack = Some(s.value),
            (FieldKey::Defense, Value::Stat(s)) => card.defense = Some(s.value),
            (FieldKey::Wounds, Value::Stat(s)) => card.wounds = Some(s.value),
            (_, Value::Carries { capacity, .. }) => card.capacity = *capacity,
            (_, Value::Space(n)) => card.space = *n,
            (_, Value::Faction { faction, only }) => {
                card.faction = Some(*faction);
                card.restricted = only.is_some();
            }
            (FieldKey::Prototype, Value::Flag) => card.prototype = true,
            (_, Value::Fits(r)) => card.fits = Some(r.clone()),
            (_, Value::Traits(ts)) => {
                card.traits = ts.iter().map(|t| t.node).collect();
                // The rulebook's order (§3.3), whatever order they were written in: trait
                // order means nothing, and `cardc fmt` may reorder them (crate::fmt).
                card.traits.sort_by_key(|t| t.name().rank());
            }
            (FieldKey::Text, Value::Text(s)) => card.text = std::mem::take(s),
            (FieldKey::Flavour, Value::Text(s)) => card.flavour = std::mem::take(s),
            _ => {}
        }
    }
    card.abilities = decl
        .abilities
        .iter_mut()
        .map(|a| std::mem::replace(&mut a.ability, Ability::Timing(Timing::AnyTime)))
        .collect();
    card
}
