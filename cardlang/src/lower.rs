//! Lowering: raw cards from the parse -> the typed AST ([`crate::ast`]).
//!
//! This is where a field's key is resolved (unknown field, with did-you-mean) and its value
//! typed (numbers with ranges, amounts, classes, factions, traits, strings). Checks that need
//! the card's type (which fields a Ship may have, rulebook constraints) live in
//! [`crate::check`]. Every problem is reported; a field whose value is bad is left out of the
//! AST so later checks do not report it again.

use crate::ast::{CardDecl, CardType, Field, FieldKey, Stat, Value};
use crate::diag::{codes, Diagnostic, Sink};
use crate::ir::{
    Amount, Capacity, Faction, RegimentUnit, ShipClass, SizeRestriction, Trait, TraitName,
};
use crate::lex::{lex_into, number_at_most, Tok, Token};
use crate::names::did_you_mean;
use crate::source::{Span, Spanned};
use crate::syntax::{RawCard, RawEntry, RawValue};

// The limits live in `ir::limits`, shared with the database loader; widened here because the
// lexer reads numbers of any length as u64 before range-checking them.
const MAX_STAT: u64 = limits::MAX_STAT as u64;
const MAX_AMOUNT: u64 = limits::MAX_AMOUNT as u64;
const MAX_CARRIES: u64 = limits::MAX_CAPACITY as u64;
const MAX_SPACE: u64 = limits::MAX_SPACE as u64;
const MAX_TRAIT_VALUE: u64 = limits::MAX_TRAIT_VALUE as u64;
const MAX_REGIMENT: u64 = limits::MAX_REGIMENT as u64;
use crate::ir::limits::{self, MAX_NAME_CHARS};

/// Types one raw card, reporting every problem into `sink`.
pub fn lower_card(raw: &RawCard<'_>, sink: &mut Sink) -> CardDecl {
    let mut l = Lowerer {
        sink,
        errors: false,
    };
    let card_type = l.card_type(raw);
    let name = l.name(raw);
    // One allocation each, not one per doubling; and one token buffer for every value.
    let mut fields: Vec<Field> = Vec::with_capacity(raw.entries.len());
    let mut abilities = Vec::new();
    let mut written: Vec<FieldKey> = Vec::with_capacity(raw.entries.len());
    let mut toks = Vec::with_capacity(8);
    for entry in &raw.entries {
        match entry.key {
            // Ability fields: the ability language (`crate::effect`, docs/abilities.md).
            key if crate::effect::is_ability_key(key) => {
                match crate::effect::parse_raw_entry(entry, l.sink) {
                    Some(ability) => abilities.push(ability),
                    None => l.errors = true,
                }
            }
            key => match FieldKey::from_name(key) {
                Some(key) => {
                    if let Some(first) = raw
                        .entries
                        .iter()
                        .take_while(|e| !std::ptr::eq(*e, entry))
                        .find(|e| e.key == entry.key)
                    {
                        let first = first.key_span;
                        l.error(
                            Diagnostic::error(
                                codes::DUPLICATE_FIELD,
                                l.file(),
                                format!("field `{key}` is given twice"),
                            )
                            .at(entry.key_span, "given again here")
                            .with_label(first, "first given here")
                            .with_help("keep one of them"),
                        );
                        continue;
                    }
                    written.push(key);
                    if let Some(value) = l.value(key, entry, &mut toks) {
                        fields.push(Field {
                            key,
                            key_span: entry.key_span,
                            span: entry.span,
                            value_span: value_span(entry),
                            value,
                        });
                    }
                }
                // A misspelt field is reported once, as unknown with its did-you-mean; it
                // counts as written so the card is not also told the field is missing.
                None => written.extend(l.unknown_field(entry)),
            },
        }
    }
    CardDecl {
        span: raw.span,
        card_type,
        name,
        header: raw.type_span.to(raw.open_brace),
        fields,
        abilities,
        written,
        had_errors: l.errors,
    }
}

fn value_span(entry: &RawEntry<'_>) -> Span {
    match entry.value {
        RawValue::Line { span, .. }
        | RawValue::Phrase { span, .. }
        | RawValue::Block { span, .. } => span,
        RawValue::Flag => entry.key_span,
    }
}

struct Lowerer<'a> {
    sink: &'a mut Sink,
    errors: bool,
}

impl Lowerer<'_> {
    fn file(&self) -> String {
        self.sink.file().to_string()
    }

    fn error(&mut self, d: Diagnostic) {
        self.errors |= d.is_error();
        self.sink.push(d);
    }

    fn bad_value(&mut self, span: Span, message: impl Into<String>, help: impl Into<String>) {
        let d = Diagnostic::error(codes::BAD_VALUE, self.file(), message)
            .at(span, "")
            .with_help(help);
        self.error(d);
    }

    fn card_type(&mut self, raw: &RawCard<'_>) -> Option<Spanned<CardType>> {
        if let Some(t) = CardType::from_keyword(raw.type_word) {
            return Some(Spanned::new(t, raw.type_span));
        }
        let help = did_you_mean(raw.type_word, CardType::ALL.map(CardType::keyword))
            .unwrap_or_else(|| {
                let all: Vec<_> = CardType::ALL.iter().map(|t| t.keyword()).collect();
                format!("card types are {}", all.join(", "))
            });
        let d = Diagnostic::error(
            codes::UNKNOWN_CARD_TYPE,
            self.file(),
            format!("unknown card type `{}`", clip(raw.type_word)),
        )
        .at(raw.type_span, "not a card type")
        .with_help(help);
        self.error(d);
        None
    }

    fn name(&mut self, raw: &RawCard<'_>) -> Option<Spanned<String>> {
        let name = self.unescape(raw.name.inner, raw.name.inner_span)?;
        let problem = if name.trim().is_empty() {
            Some("card name is empty")
        } else if name.trim() != name {
            Some("card name starts or ends with a space")
        } else if name.chars().any(char::is_control) {
            Some("card name contains a line break or control character")
        } else if name.chars().count() > MAX_NAME_CHARS {
            Some("card name is too long")
        } else {
            None
        };
        if let Some(problem) = problem {
            let d = Diagnostic::error(codes::BAD_NAME, self.file(), problem)
                .at(raw.name.span, "")
                .with_help(format!(
                    "a card name is printed on one line: 1 to {MAX_NAME_CHARS} characters"
                ));
            self.error(d);
            return None;
        }
        Some(Spanned::new(name, raw.name.span))
    }

    /// Reports an unknown field; returns the field it is most likely a misspelling of.
    fn unknown_field(&mut self, entry: &RawEntry<'_>) -> Option<FieldKey> {
        let key = entry.key;
        let meant = crate::names::suggest(key, FieldKey::ALL.iter().map(|k| k.name()))
            .and_then(FieldKey::from_name);
        let help = if let Some(t) = TraitName::ALL
            .iter()
            .find(|t| t.name().eq_ignore_ascii_case(key))
        {
            format!("traits go in the `traits:` list: `traits: {t}`")
        } else {
            let known = FieldKey::ALL
                .iter()
                .map(|k| k.name())
                .chain(crate::effect::ABILITY_KEYS.iter().copied());
            did_you_mean(key, known).unwrap_or_else(|| {
                let all: Vec<_> = FieldKey::ALL.iter().map(|k| k.name()).collect();
                format!(
                    "fields are {}; ability fields are {} (docs/abilities.md)",
                    all.join(", "),
                    crate::effect::ABILITY_KEYS.join(", ")
                )
            })
        };
        let d = Diagnostic::error(
            codes::UNKNOWN_FIELD,
            self.file(),
            format!("unknown field `{}`", clip(key)),
        )
        .at(entry.key_span, "not a field")
        .with_help(help);
        self.error(d);
        meant
    }

    /// Types one field's value; `None` if it is malformed (reported).
    /// `toks` is a buffer for the value's tokens.
    fn value<'s>(
        &mut self,
        key: FieldKey,
        entry: &RawEntry<'s>,
        toks: &mut Vec<Token<'s>>,
    ) -> Option<Value> {
        let (text, span) = match entry.value {
            RawValue::Flag if key.is_flag() => return Some(Value::Flag),
            RawValue::Line { span, .. }
            | RawValue::Phrase { span, .. }
            | RawValue::Block { span, .. }
                if key.is_flag() =>
            {
                self.bad_value(
                    span,
                    format!("`{key}` is a flag and takes no value"),
                    format!("write `{key}` alone on its line"),
                );
                return None;
            }
            RawValue::Flag => {
                self.bad_value(
                    entry.key_span,
                    format!("field `{key}` needs a value"),
                    format!("write it as `{}`", key.example()),
                );
                return None;
            }
            RawValue::Phrase { .. } => {
                let d = Diagnostic::error(
                    codes::SYNTAX,
                    self.file(),
                    format!("expected `:` after `{key}`"),
                )
                .at(Span::point(entry.key_span.end), "`:` missing here")
                .with_help(format!("write it as `{}`", key.example()));
                self.error(d);
                return None;
            }
            RawValue::Block { span, .. } => {
                self.bad_value(
                    span,
                    format!("field `{key}` takes a value on its line, not a block"),
                    format!("write it as `{}`", key.example()),
                );
                return None;
            }
            RawValue::Line { text, span } => (text, span),
        };
        if text.is_empty() {
            self.bad_value(
                Span::point(span.start),
                format!("field `{key}` has no value"),
                format!("write it as `{}`", key.example()),
            );
            return None;
        }
        lex_into(text, span.start, toks);
        let toks: &[Token<'s>] = toks;
        match key {
            FieldKey::Class => self.class_value(toks, span).map(Value::Class),
            FieldKey::Faction => self.faction(toks, span),
            FieldKey::Prototype => Some(Value::Flag),
            FieldKey::Cost | FieldKey::Income => self.amount(key, toks, span).map(Value::Amount),
            FieldKey::Attack | FieldKey::Defense | FieldKey::Wounds => {
                self.stat(key, toks, span).map(Value::Stat)
            }
            FieldKey::Carries => self.carries(toks, span),
            FieldKey::Space => {
                let n = self.number(key, toks, span, 1, MAX_SPACE)?;
                Some(Value::Space(n))
            }
            FieldKey::Fits => self.fits(toks, span).map(Value::Fits),
            FieldKey::Traits => self.traits(toks, span).map(Value::Traits),
            FieldKey::Text | FieldKey::Flavour => self.string(key, toks, span).map(Value::Text),
        }
    }

    /// A digit run checked against `lo..=hi`, without overflow on any length. `what` names the
    /// value in the message; it is only formatted when there is one.
    fn ranged(
        &mut self,
        what: std::fmt::Arguments<'_>,
        digits: &str,
        span: Span,
        lo: u64,
        hi: u64,
    ) -> Option<u8> {
        match number_at_most(digits, hi) {
            Some(n) if n >= lo => u8::try_from(n).ok(),
            _ => {
                let d = Diagnostic::error(
                    codes::OUT_OF_RANGE,
                    self.file(),
                    format!(
                        "{what} must be between {lo} and {hi}, found {}",
                        clip(digits)
                    ),
                )
                .at(span, "out of range");
                self.error(d);
                None
            }
        }
    }

    fn number(
        &mut self,
        key: FieldKey,
        toks: &[Token<'_>],
        span: Span,
        lo: u64,
        hi: u64,
    ) -> Option<u8> {
        if let [Token {
            tok: Tok::Number(n),
            span,
        }] = toks
        {
            return self.ranged(format_args!("`{key}`"), n, *span, lo, hi);
        }
        self.bad_value(
            span,
            format!("`{key}` must be a number"),
            format!("write it as `{}`", key.example()),
        );
        None
    }

    fn stat(&mut self, key: FieldKey, toks: &[Token<'_>], span: Span) -> Option<Stat> {
        let (bonus, digits) = match toks {
            [Token {
                tok: Tok::Number(n),
                span,
            }] => (false, (*n, *span)),
            [Token { tok: Tok::Plus, .. }, Token {
                tok: Tok::Number(n),
                span,
            }] => (true, (*n, *span)),
            _ => {
                self.bad_value(
                    span,
                    format!("`{key}` must be a number, or `+N` for a Module's bonus"),
                    format!("write it as `{}` or `{key}: +1`", key.example()),
                );
                return None;
            }
        };
        let value = self.ranged(format_args!("`{key}`"), digits.0, digits.1, 0, MAX_STAT)?;
        Some(Stat { value, bonus })
    }

    fn amount(&mut self, key: FieldKey, toks: &[Token<'_>], span: Span) -> Option<Amount> {
        if let [Token {
            tok: Tok::Number(n),
            ..
        }] = toks
        {
            if number_at_most(n, 0) == Some(0) {
                return Some(Amount::ZERO);
            }
        }
        let malformed = |l: &mut Self| {
            l.bad_value(
                span,
                format!("`{key}` must be an amount like `3R 2C`, `3R`, `2C` or `0`"),
                "R is Resource, C is Currency; put the number first, e.g. `3R 2C`",
            );
            None
        };
        if toks.is_empty() || !toks.len().is_multiple_of(2) {
            return malformed(self);
        }
        let mut amount = Amount::ZERO;
        let mut seen = (false, false);
        for pair in toks.chunks(2) {
            let [Token {
                tok: Tok::Number(n),
                span: nspan,
            }, Token {
                tok: Tok::Word(unit),
                span: uspan,
            }] = pair
            else {
                return malformed(self);
            };
            let (slot, seen_it, what) = match *unit {
                "R" => (&mut amount.resource, &mut seen.0, "Resource"),
                "C" => (&mut amount.currency, &mut seen.1, "Currency"),
                _ => return malformed(self),
            };
            if *seen_it {
                self.bad_value(
                    *uspan,
                    format!("{what} is given twice in `{key}`"),
                    "give each of R and C at most once, e.g. `3R 2C`",
                );
                return None;
            }
            *seen_it = true;
            *slot = self.ranged(format_args!("{what} in `{key}`"), n, *nspan, 0, MAX_AMOUNT)?;
        }
        Some(amount)
    }

    fn carries(&mut self, toks: &[Token<'_>], span: Span) -> Option<Value> {
        let mut capacity = Capacity::default();
        let mut marines = None;
        let mut wings = None;
        for item in split_commas(toks) {
            let item_span = covering(item, span);
            let (n, words) = match item {
                [Token {
                    tok: Tok::Number(n),
                    span: nspan,
                }, rest @ ..]
                    if !rest.is_empty() =>
                {
                    (Some((*n, *nspan)), words_of(rest))
                }
                _ => (None, None),
            };
            let (Some((n, nspan)), Some(unit)) = (n, words) else {
                self.bad_value(
                    item_span,
                    "`carries` lists counts and units, like `2 Marines, 1 Wing`",
                    format!("write it as `{}`", FieldKey::Carries.example()),
                );
                return None;
            };
            let (slot, seen, what) = match unit.as_str() {
                "Marine" | "Marines" => (&mut capacity.marines, &mut marines, "Marines"),
                "Wing" | "Wings" | "Fighter Wing" | "Fighter Wings" => {
                    (&mut capacity.wings, &mut wings, "Wings")
                }
                _ => {
                    self.bad_value(
                        covering(item.get(1..).unwrap_or(&[]), item_span),
                        format!("a card carries Marines or Wings, not `{}`", clip(&unit)),
                        "write it as `2 Marines, 1 Wing`",
                    );
                    return None;
                }
            };
            if seen.is_some() {
                self.bad_value(
                    item_span,
                    format!("{what} are listed twice in `carries`"),
                    "give each of Marines and Wings at most once",
                );
                return None;
            }
            *seen = Some(item_span);
            *slot = self.ranged(format_args!("{what} carried"), n, nspan, 0, MAX_CARRIES)?;
        }
        Some(Value::Carries {
            capacity,
            marines,
            wings,
        })
    }

    fn class_value(&mut self, toks: &[Token<'_>], span: Span) -> Option<ShipClass> {
        let Some(name) = words_of(toks) else {
            self.bad_value(span, "`class` must be a ship class", class_list_help());
            return None;
        };
        self.class_named(&name, span)
    }

    fn class_named(&mut self, name: &str, span: Span) -> Option<ShipClass> {
        if let Some(c) = ShipClass::ALL.into_iter().find(|c| c.name() == name) {
            return Some(c);
        }
        let help =
            did_you_mean(name, ShipClass::ALL.map(ShipClass::name)).unwrap_or_else(class_list_help);
        let d = Diagnostic::error(
            codes::UNKNOWN_CLASS,
            self.file(),
            format!("unknown ship class `{}`", clip(name)),
        )
        .at(span, "not a ship class")
        .with_help(help);
        self.error(d);
        None
    }

    fn faction(&mut self, toks: &[Token<'_>], span: Span) -> Option<Value> {
        let (word, only) = match toks {
            [Token {
                tok: Tok::Word(w),
                span,
            }] => ((*w, *span), None),
            [Token {
                tok: Tok::Word(w),
                span,
            }, Token {
                tok: Tok::Word("only"),
                span: only,
            }] => ((*w, *span), Some(*only)),
            _ => {
                self.bad_value(
                    span,
                    "`faction` must be a faction, optionally followed by `only`",
                    "write it as `faction: RDF` or `faction: RDF only`",
                );
                return None;
            }
        };
        let Some(faction) = Faction::ALL.into_iter().find(|f| f.name() == word.0) else {
            let help = did_you_mean(word.0, Faction::ALL.map(Faction::name))
                .unwrap_or_else(|| "factions are RDF, Colonial and Corporate".into());
            let d = Diagnostic::error(
                codes::UNKNOWN_FACTION,
                self.file(),
                format!("unknown faction `{}`", clip(word.0)),
            )
            .at(word.1, "not a faction")
            .with_help(help);
            self.error(d);
            return None;
        };
        Some(Value::Faction { faction, only })
    }

    /// `larger than X`, `X or larger`, `smaller than X`, `X or smaller`, or `A, B, C`.
    fn fits(&mut self, toks: &[Token<'_>], span: Span) -> Option<SizeRestriction> {
        let malformed = |l: &mut Self| {
            l.bad_value(
                span,
                "`fits` must be a class-size restriction",
                "write `larger than Cruiser`, `Cruiser or larger`, `smaller than Battleship`, \
                 `Cruiser or smaller` or a list like `Frigate, Destroyer`",
            );
            None
        };
        let words: Vec<&Token<'_>> = toks.iter().filter(|t| t.tok != Tok::Comma).collect();
        let word = |i: usize| match words.get(i).map(|t| t.tok) {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        };
        let n = words.len();
        let has_comma = toks.iter().any(|t| t.tok == Tok::Comma);
        let bounded = |l: &mut Self, from: usize, to: usize| -> Option<ShipClass> {
            let part = toks.get(from..to).unwrap_or(&[]);
            match words_of(part) {
                Some(name) => l.class_named(&name, covering(part, span)),
                None => None,
            }
        };
        if !has_comma && n >= 3 {
            match (word(0), word(1), word(n - 2), word(n - 1)) {
                (Some("larger"), Some("than"), _, _) => {
                    return bounded(self, 2, toks.len()).map(SizeRestriction::LargerThan)
                }
                (Some("smaller"), Some("than"), _, _) => {
                    return bounded(self, 2, toks.len()).map(SizeRestriction::SmallerThan)
                }
                (_, _, Some("or"), Some("larger")) => {
                    return bounded(self, 0, toks.len() - 2).map(SizeRestriction::AtLeast)
                }
                (_, _, Some("or"), Some("smaller")) => {
                    return bounded(self, 0, toks.len() - 2).map(SizeRestriction::AtMost)
                }
                _ => {}
            }
        }
        let mut classes: Vec<ShipClass> = Vec::new();
        let mut ok = true;
        for item in split_commas(toks) {
            let item_span = covering(item, span);
            let Some(name) = words_of(item) else {
                return malformed(self);
            };
            match self.class_named(&name, item_span) {
                Some(c) if classes.contains(&c) => {
                    self.bad_value(
                        item_span,
                        format!("`{c}` is listed twice in `fits`"),
                        "list each class once",
                    );
                    ok = false;
                }
                Some(c) => classes.push(c),
                None => ok = false,
            }
        }
        ok.then_some(SizeRestriction::Classes(classes))
    }

    fn traits(&mut self, toks: &[Token<'_>], span: Span) -> Option<Vec<Spanned<Trait>>> {
        let mut out: Vec<Spanned<Trait>> = Vec::new();
        let mut ok = true;
        for item in split_commas(toks) {
            let item_span = covering(item, span);
            if item.is_empty() {
                self.bad_value(
                    item_span,
                    "empty item in `traits`",
                    "separate traits with single commas: `Interceptor +1, Stealth`",
                );
                ok = false;
                continue;
            }
            let Some(t) = self.one_trait(item, item_span) else {
                ok = false;
                continue;
            };
            // One rule with the database loader (ir::limits::same_trait).
            if let Some(first) = out
                .iter()
                .find(|u| crate::ir::limits::same_trait(&u.node, &t))
            {
                let help = if t.name() == TraitName::Regimented {
                    "a card is Regimented with either Wings or Marines, not both (§3.4.7, §3.1); keep one of them"
                } else {
                    "a trait counts once on a card (§3.1); keep one of them"
                };
                let d = Diagnostic::error(
                    codes::DUPLICATE_TRAIT,
                    self.file(),
                    format!("trait `{}` is listed twice", t.name()),
                )
                .at(item_span, "listed again here")
                .with_label(first.span, "first listed here")
                .with_help(help);
                self.error(d);
                ok = false;
                continue;
            }
            out.push(Spanned::new(t, item_span));
        }
        // The good traits are kept even when some are bad (the card is already marked as
        // failed), so rule checks such as §2.4.2 still see them.
        let _ = ok;
        Some(out)
    }

    fn one_trait(&mut self, item: &[Token<'_>], item_span: Span) -> Option<Trait> {
        let mut pieces: Vec<&str> = Vec::new();
        let mut plus: Option<(&str, Span)> = None;
        let mut times: Option<(&str, Span)> = None;
        let mut iter = item.iter().peekable();
        while let Some(tok) = iter.next() {
            match tok.tok {
                Tok::Word(w) if pieces.first() == Some(&"Regimented") && is_multiplier(w) => {
                    times = Some((w.get(1..).unwrap_or(""), tok.span));
                }
                Tok::Word(w) if plus.is_none() && times.is_none() => pieces.push(w),
                Tok::Other('-') if plus.is_none() => pieces.push("-"),
                Tok::Plus if plus.is_none() => match iter.next() {
                    Some(Token {
                        tok: Tok::Number(n),
                        span,
                    }) => plus = Some((n, tok.span.to(*span))),
                    _ => return self.trait_malformed(item_span),
                },
                _ => return self.trait_malformed(item_span),
            }
        }
        let name = join_words(&pieces);
        if pieces.first() == Some(&"Regimented") {
            return self.regimented(&name, plus, times, item_span);
        }
        let Some(trait_name) = TraitName::ALL.into_iter().find(|t| t.name() == name) else {
            let mut candidates: Vec<&str> = TraitName::ALL.iter().map(|t| t.name()).collect();
            candidates.extend(["Regimented Wing", "Regimented Marine"]);
            let help = did_you_mean(&name, candidates)
                .unwrap_or_else(|| "traits are listed in §3 and in docs/cardlang.md".into());
            let d = Diagnostic::error(
                codes::UNKNOWN_TRAIT,
                self.file(),
                format!("unknown trait `{}`", clip(&name)),
            )
            .at(item_span, "not a trait")
            .with_help(help);
            self.error(d);
            return None;
        };
        if times.is_some() {
            return self.trait_malformed(item_span);
        }
        if !trait_name.is_stackable() {
            if let Some((n, span)) = plus {
                let d = Diagnostic::error(
                    codes::TRAIT_TAKES_NO_VALUE,
                    self.file(),
                    format!("`{trait_name}` is a passive trait and takes no value"),
                )
                .at(span, "no value here")
                .with_help(format!(
                    "remove `+{}`: only Interceptor, Jammer, Overload, Repair and Target \
                     Painter carry +X (§3.2)",
                    clip(n)
                ));
                self.error(d);
                return None;
            }
        }
        let x = if trait_name.is_stackable() {
            let Some((n, span)) = plus else {
                let d = Diagnostic::error(
                    codes::TRAIT_NEEDS_VALUE,
                    self.file(),
                    format!("`{trait_name}` is a stackable trait and needs a value"),
                )
                .at(item_span, "missing `+X`")
                .with_help(format!(
                    "write `{trait_name} +1`: stackable traits carry +X (§3.1)"
                ));
                self.error(d);
                return None;
            };
            let digits_span = Span::new(span.end.saturating_sub(n.len()), span.end);
            self.ranged(
                format_args!("`{trait_name}`"),
                n,
                digits_span,
                1,
                MAX_TRAIT_VALUE,
            )?
        } else {
            0
        };
        Some(match trait_name {
            TraitName::Interceptor => Trait::Interceptor(x),
            TraitName::Jammer => Trait::Jammer(x),
            TraitName::Overload => Trait::Overload(x),
            TraitName::Repair => Trait::Repair(x),
            TraitName::TargetPainter => Trait::TargetPainter(x),
            TraitName::AlphaStrike => Trait::AlphaStrike,
            TraitName::Annihilate => Trait::Annihilate,
            TraitName::Escort => Trait::Escort,
            TraitName::FaceUpFaceDown => Trait::FaceUpFaceDown,
            TraitName::Fearless => Trait::Fearless,
            TraitName::Hunter => Trait::Hunter,
            // Handled above; kept total so a new trait cannot be forgotten here.
            TraitName::Regimented => return self.trait_malformed(item_span),
            TraitName::Resistant => Trait::Resistant,
            TraitName::Stealth => Trait::Stealth,
            TraitName::Stoic => Trait::Stoic,
            TraitName::Unique => Trait::Unique,
        })
    }

    /// `Regimented Wing`, `Regimented Marine x2` (§3.4.7).
    fn regimented(
        &mut self,
        name: &str,
        plus: Option<(&str, Span)>,
        times: Option<(&str, Span)>,
        item_span: Span,
    ) -> Option<Trait> {
        if let Some((_, span)) = plus {
            let d = Diagnostic::error(
                codes::TRAIT_TAKES_NO_VALUE,
                self.file(),
                "`Regimented` takes a count, not a `+X` value",
            )
            .at(span, "not a count")
            .with_help("write the count as `x2`: `Regimented Marine x2` (§3.4.7)");
            self.error(d);
            return None;
        }
        let unit_name = name
            .strip_prefix("Regimented")
            .unwrap_or("")
            .trim_start_matches(['-', ' ']);
        let unit = match unit_name {
            "Wing" | "Wings" | "Fighter Wing" | "Fighter Wings" => RegimentUnit::Wing,
            "Marine" | "Marines" => RegimentUnit::Marine,
            _ => {
                let what = if unit_name.is_empty() {
                    "`Regimented` needs the unit it deploys with".to_string()
                } else {
                    format!(
                        "`Regimented` deploys with Wings or Marines, not `{}`",
                        clip(unit_name)
                    )
                };
                self.bad_value(
                    item_span,
                    what,
                    "write `Regimented Wing` or `Regimented Marine x2` (§3.4.7)",
                );
                return None;
            }
        };
        let count = match times {
            None => 1,
            Some((digits, span)) if digits.chars().all(|c| c.is_ascii_digit()) => {
                let digits_span = Span::new(span.start + 1, span.end);
                self.ranged(
                    format_args!("the Regimented count"),
                    digits,
                    digits_span,
                    1,
                    MAX_REGIMENT,
                )?
            }
            Some(_) => return self.trait_malformed(item_span),
        };
        Some(Trait::Regimented { unit, count })
    }

    fn trait_malformed(&mut self, item_span: Span) -> Option<Trait> {
        self.bad_value(
            item_span,
            "malformed trait",
            "write traits like `Interceptor +2`, `Stealth` or `Regimented Marine x2`",
        );
        None
    }

    fn string(&mut self, key: FieldKey, toks: &[Token<'_>], span: Span) -> Option<String> {
        if let [Token {
            tok: Tok::Str(inner),
            span: s,
        }] = toks
        {
            let inner_span = Span::new(s.start + 1, s.end.saturating_sub(1).max(s.start + 1));
            let text = self.unescape(inner, inner_span)?;
            if text.len() > limits::MAX_TEXT_BYTES {
                let d = Diagnostic::error(
                    codes::OUT_OF_RANGE,
                    self.file(),
                    format!(
                        "`{key}` is {} bytes long, more than {}",
                        text.len(),
                        limits::MAX_TEXT_BYTES
                    ),
                )
                .at(*s, "too long")
                .with_help("card text is printed on a card: shorten it");
                self.error(d);
                return None;
            }
            return Some(text);
        }
        self.bad_value(
            span,
            format!("`{key}` must be one quoted string"),
            format!("write it as `{}`", key.example()),
        );
        None
    }

    /// Processes `\"`, `\\` and `\n`; any other escape is an error at its position.
    fn unescape(&mut self, inner: &str, span: Span) -> Option<String> {
        // Most strings hold no escape: copied whole, not character by character.
        if !inner.contains('\\') {
            return Some(inner.to_string());
        }
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.char_indices();
        let mut ok = true;
        while let Some((i, c)) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some((_, '"')) => out.push('"'),
                Some((_, '\\')) => out.push('\\'),
                Some((_, 'n')) => out.push('\n'),
                other => {
                    let end = other.map_or(i + 1, |(j, c)| j + c.len_utf8());
                    let shown = inner.get(i..end).unwrap_or("\\");
                    self.bad_value(
                        Span::new(span.start + i, span.start + end),
                        format!("unknown escape `{shown}`"),
                        "the escapes are `\\\"`, `\\\\` and `\\n`",
                    );
                    ok = false;
                }
            }
        }
        ok.then_some(out)
    }
}

fn class_list_help() -> String {
    let all: Vec<_> = ShipClass::ALL.iter().map(|c| c.name()).collect();
    format!("ship classes are {}", all.join(", "))
}

fn is_multiplier(w: &str) -> bool {
    w.len() > 1
        && w.starts_with('x')
        && w.get(1..)
            .is_some_and(|d| d.chars().all(|c| c.is_ascii_digit()))
}

/// Splits tokens at commas; a trailing comma yields a final empty item.
fn split_commas<'a, 's>(toks: &'a [Token<'s>]) -> impl Iterator<Item = &'a [Token<'s>]> {
    toks.split(|t| t.tok == Tok::Comma)
}

/// The span covering `toks`, or `fallback` if there are none.
fn covering(toks: &[Token<'_>], fallback: Span) -> Span {
    match (toks.first(), toks.last()) {
        (Some(a), Some(b)) => a.span.to(b.span),
        _ => fallback,
    }
}

/// Words (and `-`) joined by single spaces, `" - "` tightened to `"-"`; `None` if anything
/// else is among them.
fn words_of(toks: &[Token<'_>]) -> Option<String> {
    // One word, the common case (`Cruiser`), needs no joining.
    if let [Token {
        tok: Tok::Word(w), ..
    }] = toks
    {
        return Some((*w).to_string());
    }
    let mut pieces = Vec::new();
    for t in toks {
        match t.tok {
            Tok::Word(w) => pieces.push(w),
            Tok::Other('-') => pieces.push("-"),
            _ => return None,
        }
    }
    (!pieces.is_empty()).then(|| join_words(&pieces))
}

/// Pieces joined by single spaces, `" - "` tightened to `"-"`. Only a `-` piece (words start
/// with a letter) makes a `" - "`, so without one there is nothing to tighten.
fn join_words(pieces: &[&str]) -> String {
    let joined = pieces.join(" ");
    if pieces.contains(&"-") {
        joined.replace(" - ", "-")
    } else {
        joined
    }
}

/// Echoed user text is cut short, so a hostile value cannot blow up a message.
fn clip(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(MAX).collect();
        format!("{head}…")
    }
}
