//! The ability language (issue 4, docs/abilities.md): what a card does, written as typed
//! ability fields, parsed by its own grammar (`ability.pest`), resolved and checked, and lowered
//! to the ability IR in [`crate::ir::effect`].
//!
//! Pipeline, called by the card front end (`lower.rs`):
//! 1. [`parse_entry`]: one ability field (`when: deployed, draw 2`) -> [`ParsedAbility`]: the
//!    resolved IR plus the spans the checks need. Names (traits, classes, card types, rules)
//!    are resolved here; a bad one is an error with a did-you-mean.
//! 2. [`check_card`]: the checks that need the card (its type, traits, printed text): timing
//!    on the right card types, override scopes, satisfiable targets, dead triggers.
//! 3. [`check_card_names`]: after the whole pool is read, every `named "X"` must name a card.
//!
//! The distinction between a *chosen* target (`target ship`, checked for legality when played)
//! and *named* recipients (`this`, `host`, `each ship ...`, not aimed) is kept from the syntax
//! through the IR: see [`crate::ir::effect::Aim`].

mod check;
pub mod keywords;
pub mod missing;
mod parse;

pub use check::{check_card, check_card_names, CardContext};
pub use parse::parse_entry;

use crate::ir::effect::{Ability, Filter};
use crate::source::Span;

/// Field keys that hold abilities. The front end routes any of these to [`parse_entry`].
pub const ABILITY_KEYS: &[&str] = &[
    "timing", "play", "when", "flip", "instead", "static", "override", "activate", "limit",
];

/// Whether `key` is an ability field.
pub fn is_ability_key(key: &str) -> bool {
    ABILITY_KEYS.contains(&key)
}

/// Parses an ability entry as the card grammar delivered it: `key: text`, `key text` or a
/// brace block `key head { body }`. A block is handed to the ability grammar as one text with
/// the braces blanked out, so every span still points into the card file.
pub fn parse_raw_entry(
    entry: &crate::syntax::RawEntry<'_>,
    sink: &mut crate::diag::Sink,
) -> Option<ParsedAbility> {
    use crate::syntax::RawValue;
    match entry.value {
        RawValue::Line { text, span } | RawValue::Phrase { text, span } => {
            parse_entry(entry.key, entry.key_span, text, span.start, sink)
        }
        RawValue::Block { span: body, .. } => {
            let rel = |at: usize| at.checked_sub(entry.span.start);
            let (from, to) = (rel(entry.key_span.end)?, rel(body.end)?);
            let mut bytes = entry.text.get(from..to)?.as_bytes().to_vec();
            // The grammar puts `{` right before the body; a `:` may follow the key.
            if let Some(b) = rel(body.start)
                .and_then(|b| b.checked_sub(from + 1))
                .and_then(|i| bytes.get_mut(i))
            {
                *b = b' ';
            }
            if let Some(b) = bytes.iter_mut().find(|b| !b.is_ascii_whitespace()) {
                if *b == b':' {
                    *b = b' ';
                }
            }
            // Only ASCII bytes were replaced by ASCII, so this is still UTF-8.
            let text = String::from_utf8(bytes).ok()?;
            parse_entry(entry.key, entry.key_span, &text, entry.key_span.end, sink)
        }
        RawValue::Flag => parse_entry(entry.key, entry.key_span, "", entry.key_span.end, sink),
    }
}

/// The card-level checks for a lowered card declaration of `kind` (called by `check.rs`).
/// Returns whether they all passed (no error reported).
pub fn check_decl(
    decl: &crate::ast::CardDecl,
    kind: crate::ir::CardKind,
    sink: &mut crate::diag::Sink,
) -> bool {
    use crate::ast::{FieldKey, Value};
    let traits: Vec<crate::ir::Trait> = match decl.field(FieldKey::Traits).map(|f| &f.value) {
        Some(Value::Traits(ts)) => ts.iter().map(|t| t.node).collect(),
        _ => Vec::new(),
    };
    let text_span = match decl.field(FieldKey::Text) {
        Some(f) if matches!(&f.value, Value::Text(t) if !t.trim().is_empty()) => Some(f.value_span),
        _ => None,
    };
    let ctx = CardContext {
        kind,
        traits: &traits,
        name_span: decl.name.as_ref().map_or(decl.header, |n| n.span),
        text_span,
    };
    check_card(&ctx, &decl.abilities, sink)
}

/// A `named "X"` in a filter: the name, and what the rest of the filter asks of the card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameRef {
    pub span: Span,
    pub name: String,
    pub noun: crate::ir::effect::Noun,
    /// Class and size predicates of the same filter.
    pub sizes: Vec<crate::ir::SizeRestriction>,
}

/// Every card-name reference of a card's abilities, for [`check_card_names`].
pub fn name_refs(abilities: &[ParsedAbility]) -> Vec<NameRef> {
    abilities
        .iter()
        .flat_map(|a| a.names.iter().cloned())
        .collect()
}

/// Diagnostic codes of the ability language. Documented in docs/abilities.md; a test checks
/// the documentation lists every one.
pub mod codes {
    pub const SYNTAX: &str = "HB0401";
    pub const UNKNOWN_NAME: &str = "HB0402";
    pub const WRONG_KIND: &str = "HB0403";
    pub const OUT_OF_RANGE: &str = "HB0404";
    pub const TOO_LONG: &str = "HB0405";
    pub const UNSATISFIABLE_TARGET: &str = "HB0406";
    pub const TIMING_NOT_ALLOWED: &str = "HB0407";
    pub const PLAY_NOT_ALLOWED: &str = "HB0408";
    pub const OVERRIDE_SCOPE: &str = "HB0409";
    pub const STATIC_TARGETS: &str = "HB0410";
    pub const FLIP_NOT_FACE_DOWN: &str = "HB0411";
    pub const DUPLICATE_TIMING: &str = "HB0412";
    pub const UNKNOWN_CARD: &str = "HB0413";
    pub const NOT_A_TARGET_KIND: &str = "HB0414";
    pub const NAMED_WRONG_KIND: &str = "HB0415";
    pub const OVERRIDE_VALUE: &str = "HB0416";
    pub const THAT_UNBOUND: &str = "HB0417";
    pub const OPTIONAL_REROLL: &str = "HB0418";
    pub const WATCH_NOT_ALLOWED: &str = "HB0419";
    pub const THIS_IS_NOT: &str = "HB0420";
    pub const NOT_OWNERS_HAND: &str = "HB0421";
    pub const NOT_IN_LANGUAGE: &str = "HB0422";
    pub const ACTIVATED_NOT_ALLOWED: &str = "HB0430";
    pub const ACTIVATED_UNBOUNDED: &str = "HB0431";

    pub const NEVER_TRIGGERS: &str = "HB0451";
    pub const CONTRADICTION: &str = "HB0452";
    pub const TEXT_WITHOUT_EFFECT: &str = "HB0453";
    pub const FACE_DOWN_WITHOUT_FLIP: &str = "HB0454";
    pub const MATCHES_NOTHING: &str = "HB0455";
    pub const TEXT_DISAGREES: &str = "HB0456";

    /// Every code with a one-line meaning, in code order.
    pub const ALL: &[(&str, &str)] = &[
        (SYNTAX, "ability text does not parse"),
        (
            UNKNOWN_NAME,
            "unknown trait, ship class, card type or base rule",
        ),
        (
            WRONG_KIND,
            "a value of the wrong kind (number for an amount, trait without +X, ...)",
        ),
        (OUT_OF_RANGE, "number out of range"),
        (TOO_LONG, "too many abilities, steps, actions or predicates"),
        (
            UNSATISFIABLE_TARGET,
            "a chosen target no card could ever satisfy",
        ),
        (
            TIMING_NOT_ALLOWED,
            "timing on a card type that cannot use it (§2.6, §2.7)",
        ),
        (
            PLAY_NOT_ALLOWED,
            "`play:` on a card that is not an Event or Tactic",
        ),
        (
            OVERRIDE_SCOPE,
            "Golden-Rule override with a scope that makes no sense (§8.1)",
        ),
        (STATIC_TARGETS, "a static ability that chooses a target"),
        (
            FLIP_NOT_FACE_DOWN,
            "`flip:` on a card without Face Up-Face Down (§3.4.4)",
        ),
        (DUPLICATE_TIMING, "two `timing:` fields on one card"),
        (UNKNOWN_CARD, "`named \"X\"` names no card in the pool"),
        (
            NOT_A_TARGET_KIND,
            "an action aimed at cards it cannot affect",
        ),
        (
            NAMED_WRONG_KIND,
            "`named \"X\"` names a card its filter can never match",
        ),
        (
            OVERRIDE_VALUE,
            "Golden-Rule override value outside what the rule admits (§8.1)",
        ),
        (
            THAT_UNBOUND,
            "`that <noun>` naming no card of the trigger, or either of two",
        ),
        (
            OPTIONAL_REROLL,
            "an optional re-roll (`may re-roll`): the engine cannot stop a volley to ask",
        ),
        (
            WATCH_NOT_ALLOWED,
            "a card watched for a moment that is no card's (a phase, a turn)",
        ),
        (
            THIS_IS_NOT,
            "`this <noun>` on a card that is not one (`this ship` on a Module), or `other` with nothing to be other than",
        ),
        (
            NOT_OWNERS_HAND,
            "a card returned to `your hand`: it goes to its owner's (I-84)",
        ),
        (
            NOT_IN_LANGUAGE,
            "a construct the language does not have (tokens, counters, ...)",
        ),
        (
            ACTIVATED_NOT_ALLOWED,
            "an activated ability on an Event or Tactic, which is never in play to be used",
        ),
        (
            ACTIVATED_UNBOUNDED,
            "an activated ability that could be used without end (no cost or limit)",
        ),
        (NEVER_TRIGGERS, "an ability that can never trigger"),
        (CONTRADICTION, "an ability that contradicts itself"),
        (
            TEXT_WITHOUT_EFFECT,
            "printed rules text but no ability field",
        ),
        (
            FACE_DOWN_WITHOUT_FLIP,
            "Face Up-Face Down module without a `flip:` trigger (§3.4.4)",
        ),
        (MATCHES_NOTHING, "named recipients no card could ever match"),
        (
            TEXT_DISAGREES,
            "the printed text and the abilities name different numbers, traits, kinds or owners",
        ),
    ];
}

/// One parsed, resolved ability with the spans the card-level checks report at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedAbility {
    pub key: String,
    pub key_span: Span,
    /// The field's value (the text after `key:`, or inside the braces).
    pub span: Span,
    pub ability: Ability,
    /// Chosen targets (`target ...`), checked for satisfiability.
    pub targets: Vec<(Span, Filter)>,
    /// Named recipient filters (`each ...`, `ships in your fleet`).
    pub groups: Vec<(Span, Filter)>,
    /// Card-name references (`named "X"`), resolved against the pool.
    pub names: Vec<NameRef>,
    /// The scope of an override, where written.
    pub scope_span: Option<Span>,
    /// Every `this <noun>` written, with its noun: the card must be one (HB0420).
    pub this_nouns: Vec<(Span, crate::ir::effect::Noun)>,
    /// Every filter with `other`, with its noun: this card must be one, or `other` has nothing
    /// to be other than (HB0420).
    pub others: Vec<(Span, crate::ir::effect::Noun)>,
    /// Every host named as explain names it (`the ship this is attached to`), with its noun:
    /// the host must be able to be one (HB0420).
    pub host_nouns: Vec<(Span, crate::ir::effect::Noun)>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Sink;

    fn parse(key: &str, text: &str) -> (Option<ParsedAbility>, Vec<String>) {
        let mut sink = Sink::new("t.hb");
        let p = parse_entry(key, Span::new(0, key.len()), text, 0, &mut sink);
        let diags = sink
            .into_diagnostics()
            .into_iter()
            .map(|d| format!("{}: {} {:?}", d.code, d.message, d.help))
            .collect();
        (p, diags)
    }

    /// `Cruiser or larger` is a size; `Cruiser or Battleship` a class list (§2.5).
    #[test]
    fn class_lists_and_sizes_do_not_clash() {
        use crate::ir::card::{ShipClass as C, SizeRestriction as S};
        use crate::ir::effect::{Action, Aim, Step};
        let filter_of = |text: &str| -> Option<Filter> {
            let (p, d) = parse("play", text);
            assert!(d.is_empty(), "{text}: {d:#?}");
            match p?.ability {
                Ability::Play(e) => match e.steps.first()? {
                    Step::Do(a) => match a.first()? {
                        Action::Destroy {
                            what: Aim::Chosen(t),
                            ..
                        } => Some(t.filter.clone()),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            }
        };
        let size = |text: &str| {
            filter_of(text).and_then(|f| {
                f.preds.into_iter().find_map(|p| match p {
                    crate::ir::effect::Pred::Size(s) => Some(s),
                    _ => None,
                })
            })
        };
        assert_eq!(
            size("destroy target Cruiser or larger"),
            Some(S::AtLeast(C::Cruiser))
        );
        assert_eq!(
            size("destroy target Cruiser or Battleship"),
            Some(S::Classes(vec![C::Cruiser, C::Battleship]))
        );
        assert_eq!(
            size("destroy target Frigates, Destroyers or Frigates"),
            Some(S::Classes(vec![C::Frigate, C::Destroyer]))
        );
        let (p, d) = parse("play", "destroy target Frigate or Destroyer or larger");
        assert!(p.is_none() && d.iter().any(|d| d.starts_with("HB0403")));
    }

    #[test]
    fn every_documented_shape_parses() {
        let ok = [
            ("timing", "start of engagement"),
            ("timing", "any time"),
            ("timing", "engagement"),
            ("play", "draw 2"),
            ("play", "opponent discards their hand"),
            ("play", "immediately cancel this engagement"),
            ("play", "deal 2 compulsory wounds to target opposing ship"),
            (
                "play",
                "volley 3 dice at target opposing Cruiser or smaller",
            ),
            ("play", "repair all wounds on each ship in your fleet"),
            ("play", "destroy target opposing Fighter Wing; draw 1"),
            (
                "play",
                "immediately destroy up to 2 target damaged ships larger than Frigate",
            ),
            ("play", "search shipyard for a Marine and deploy it free"),
            (
                "play",
                "search your shipyard for 2 RDF Cruisers and put them in hand",
            ),
            (
                "play",
                "take 2C from target opponent and give 1R to each opponent",
            ),
            ("play", "you may pay 2C to draw 2"),
            (
                "play",
                "you may return target opposing ship to its owner's hand",
            ),
            ("play", "if you are attacking then draw 1 else gain 1R"),
            ("play", "roll a volley die (1-5: draw 1) (6-10: gain 1R 1C)"),
            ("play", "target ship gets +2 attack until end of engagement"),
            (
                "play",
                "each opposing ship with Stealth loses Stealth until end of turn",
            ),
            (
                "play",
                "deal 1 compulsory wound per Marine aboard this to target opposing ship",
            ),
            ("play", "retreat this and detach this and sacrifice this"),
            ("play", "attach this to target ship in your fleet"),
            ("when", "deployed, draw 2"),
            (
                "when",
                "host rolls a natural 10, deal 1 compulsory wound to target opposing ship",
            ),
            ("when", "any ship in your fleet is destroyed, gain 1R"),
            ("when", "your logistics phase, gain 1C"),
            ("when", "engagement ends, repair 1 wound on this"),
            (
                "flip",
                "boarded, deal 2 compulsory wounds to each opposing Marine aboard this",
            ),
            ("instead", "of being destroyed, return this to hand"),
            ("static", "ships in your fleet gain Interceptor +1"),
            ("static", "host gains Fearless"),
            ("static", "this gets +1 attack while this is damaged"),
            ("static", "your hand size +1"),
            ("static", "your income +1R"),
            ("static", "your Marines cost 1C less"),
            ("static", "opposing Events cost 1C more"),
            ("static", "host gets +1R income"),
            ("static", "each local opposing ship gets -1 defense"),
            ("override", "station-module-limit = 6"),
            ("override", "deploy-in-setup = yes"),
            ("override", "mulligan-cost = 0R 1C for you"),
            ("override", "face-down-min-class = Cruiser"),
            ("play", "destroy target opposing Frigate or Destroyer"),
            (
                "play",
                "volley 1 die at target Frigates, Destroyers, or Cruisers with Escort",
            ),
            ("static", "your Frigates or Destroyers cost 1R less"),
            ("when", "any Frigate or Destroyer is destroyed, draw 1"),
        ];
        for (k, t) in ok {
            let (p, d) = parse(k, t);
            assert!(p.is_some() && d.is_empty(), "{k}: {t} -> {d:#?}");
        }
    }
}
