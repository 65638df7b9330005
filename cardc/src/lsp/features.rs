//! What the language server answers, from the compiler's own parse (`syntax::parse_file`,
//! `lower::lower_card`), its compilation and its tables (fields per card type, traits, classes,
//! factions, base rules, ability keywords): hover, completion, definition, symbols, fixes and
//! formatting. Everything here is pure: a pool and a position in, protocol values out.

use lsp_types::{
    CodeAction, CodeActionKind, CompletionItem, CompletionItemKind, Hover, HoverContents, Location,
    MarkupContent, MarkupKind, Position, SymbolInformation, SymbolKind, TextEdit, Uri,
    WorkspaceEdit,
};

use cardlang::ast::{CardType, FieldKey};
use cardlang::diag::{codes, Diagnostic, Sink};
use cardlang::ir::rules::BaseRule;
use cardlang::ir::{Faction, ShipClass, TraitName};
use cardlang::source::Span;
use cardlang::syntax::{parse_file, RawCard, RawValue};

use super::pool::Pool;
use super::text::{offset, path_uri, range};

/// The cards of one file as the compiler parses them (syntax errors are the compilation's to
/// report, not ours).
fn cards(text: &str) -> Vec<RawCard<'_>> {
    let mut sink = Sink::new("");
    parse_file(text, &mut sink)
}

fn contains(span: Span, at: usize) -> bool {
    span.start <= at && at <= span.end
}

fn uri(pool: &Pool, name: &str) -> Option<Uri> {
    path_uri(&pool.path_of(name)).parse().ok()
}

fn markdown(value: String) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: None,
    }
}

/// Where a card named `name` (exactly, or differing in case) is defined in the pool.
pub(crate) fn definition_of(pool: &Pool, name: &str) -> Option<Location> {
    for file in &pool.files {
        for card in cards(&file.text) {
            if card.name.inner.eq_ignore_ascii_case(name) {
                return Some(Location::new(
                    uri(pool, &file.name)?,
                    range(&file.text, card.name.span),
                ));
            }
        }
    }
    None
}

/// A compiled card in canonical English, or why there is none.
fn explained(pool: &Pool, name: &str) -> String {
    match pool.compilation.cards.iter().find(|c| c.name == name) {
        Some(card) => format!("```text\n{}```", cardlang::explain::explain(card)),
        None => format!("**{name}** has errors; fix them to see it as the engine reads it"),
    }
}

/// Hover on a card named elsewhere (a decklist line): the card as `cardc explain` prints it.
pub fn card_hover(pool: &Pool, name: &str) -> Option<Hover> {
    pool.compilation
        .cards
        .iter()
        .any(|c| c.name == name)
        .then(|| markdown(explained(pool, name)))
}

/// The pool's card names, sorted, as completion items.
pub fn card_names(pool: &Pool) -> Vec<CompletionItem> {
    let mut names: Vec<&str> = pool
        .compilation
        .cards
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    names.sort_unstable();
    names
        .into_iter()
        .map(|n| item(n, CompletionItemKind::REFERENCE, "card"))
        .collect()
}

/// The `named "X"` reference under `at`, if any.
fn named_ref_at(card: &RawCard<'_>, at: usize) -> Option<String> {
    let mut sink = Sink::new("");
    let decl = cardlang::lower::lower_card(card, &mut sink);
    cardlang::effect::name_refs(&decl.abilities)
        .into_iter()
        .find(|r| contains(r.span, at))
        .map(|r| r.name)
}

/// The comma-separated item of a line value under `at`, trimmed.
fn item_at(value: &str, value_start: usize, at: usize) -> Option<&str> {
    let mut start = value_start;
    for item in value.split(',') {
        let end = start + item.len();
        if start <= at && at <= end {
            return Some(item.trim());
        }
        start = end + 1;
    }
    None
}

/// The word (letters, digits, `-`) under `at`.
fn word_at(text: &str, at: usize) -> &str {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '-';
    let before = text.get(..at).unwrap_or("");
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_word(*c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = text
        .get(at..)
        .unwrap_or("")
        .char_indices()
        .find(|(_, c)| !is_word(*c))
        .map_or(text.len(), |(i, _)| at + i);
    text.get(start..end).unwrap_or("")
}

/// The two-word phrases of the line under `at` that hold the word there: the word with the one
/// before it, and with the one after it.
fn phrases_at(text: &str, at: usize) -> Vec<String> {
    let word = word_at(text, at);
    if word.is_empty() {
        return Vec::new();
    }
    let start = text.get(..at).map_or(at, |b| {
        let letters = b
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-');
        at - letters.map(char::len_utf8).sum::<usize>()
    });
    let end = start + word.len();
    let before = text.get(..start).unwrap_or("").strip_suffix(' ');
    let after = text.get(end..).unwrap_or("").strip_prefix(' ');
    let mut out = Vec::new();
    if let Some(b) = before {
        let prev = word_at(b, b.len());
        if !prev.is_empty() {
            out.push(format!("{prev} {word}"));
        }
    }
    if let Some(a) = after {
        let next = word_at(a, 0);
        if !next.is_empty() {
            out.push(format!("{word} {next}"));
        }
    }
    out
}

fn trait_hover(t: TraitName) -> String {
    let kind = if t.is_stackable() {
        "active trait: stackable, written with `+X`"
    } else {
        "passive trait"
    };
    format!("**{t}** — {kind} (§{})", t.section())
}

fn rule_hover(rule: BaseRule) -> String {
    format!(
        "**{}** — base rule (§{}): {}\n\noverridable with `override {} = …` (§8.1)",
        rule.name(),
        rule.section(),
        rule.meaning(),
        rule.name()
    )
}

/// Hover text for the value item `item` of field `key`.
fn value_hover(key: FieldKey, item: &str) -> Option<String> {
    let first = |s: &str| {
        s.split(['+', ' '])
            .next()
            .unwrap_or("")
            .trim()
            .to_lowercase()
    };
    match key {
        FieldKey::Traits => {
            let name = item
                .trim_end_matches(|c: char| c.is_ascii_digit() || c == '+' || c == 'x')
                .trim();
            let t = TraitName::ALL.into_iter().find(|t| {
                t.name().eq_ignore_ascii_case(name)
                    || (t.name().eq_ignore_ascii_case(&first(name)) && *t == TraitName::Regimented)
            })?;
            Some(trait_hover(t))
        }
        FieldKey::Class | FieldKey::Fits => {
            let c = ShipClass::ALL
                .into_iter()
                .find(|c| item.to_lowercase().contains(&c.name().to_lowercase()))?;
            Some(class_hover(c))
        }
        FieldKey::Faction => {
            let f = Faction::ALL
                .into_iter()
                .find(|f| f.name().eq_ignore_ascii_case(&first(item)))?;
            Some(faction_hover(f))
        }
        _ => None,
    }
}

fn class_hover(c: ShipClass) -> String {
    format!("**{}** — ship class (§2.5)", c.name())
}

fn faction_hover(f: Faction) -> String {
    format!(
        "**{}** — faction (§9.14); `only` restricts the card to decks of this faction",
        f.name()
    )
}

/// Hover at `pos` in file `name` of the pool.
pub fn hover(pool: &Pool, name: &str, pos: Position) -> Option<Hover> {
    let text = pool.text(name)?;
    let at = offset(text, pos);
    let cards = cards(text);
    let card = cards.iter().find(|c| contains(c.span, at))?;
    if contains(card.type_span.to(card.open_brace), at) {
        return Some(markdown(explained(pool, card.name.inner)));
    }
    let entry = card.entries.iter().find(|e| contains(e.span, at))?;
    if contains(entry.key_span, at) {
        if let Some(key) = FieldKey::from_name(entry.key) {
            return Some(markdown(format!(
                "**`{key}`** — {}\n\nfor example `{}`",
                key.meaning(),
                key.example()
            )));
        }
        if cardlang::effect::is_ability_key(entry.key) {
            return Some(markdown(format!(
                "**`{}`** — ability field (docs/abilities.md)",
                entry.key
            )));
        }
        return None;
    }
    if let Some(named) = named_ref_at(card, at) {
        return Some(markdown(explained(pool, &named)));
    }
    if let (Some(key), RawValue::Line { text: value, span }) =
        (FieldKey::from_name(entry.key), &entry.value)
    {
        return value_hover(key, item_at(value, span.start, at)?).map(markdown);
    }
    let word = word_at(text, at);
    if let Some(rule) = BaseRule::from_name(word) {
        return Some(markdown(rule_hover(rule)));
    }
    // Words of ability lines (`a Frigate you control`, `RDF ships`): the same meanings as in
    // the fields that hold them. A class of two words (`Fighter Wing`, `Battle Cruisers`)
    // hovers from either word.
    let class_named = |phrase: &str| {
        let singular = phrase.strip_suffix('s').unwrap_or(phrase);
        ShipClass::ALL.into_iter().find(|c| {
            c.name().eq_ignore_ascii_case(phrase) || c.name().eq_ignore_ascii_case(singular)
        })
    };
    if let Some(c) = phrases_at(text, at).iter().find_map(|p| class_named(p)) {
        return Some(markdown(class_hover(c)));
    }
    let singular = word.strip_suffix('s').unwrap_or(word);
    TraitName::ALL
        .into_iter()
        .find(|t| t.name().eq_ignore_ascii_case(word))
        .map(trait_hover)
        .or_else(|| {
            ShipClass::ALL
                .into_iter()
                .find(|c| {
                    c.name().eq_ignore_ascii_case(word) || c.name().eq_ignore_ascii_case(singular)
                })
                .map(class_hover)
        })
        .or_else(|| {
            Faction::ALL
                .into_iter()
                .find(|f| f.name().eq_ignore_ascii_case(word))
                .map(faction_hover)
        })
        .map(markdown)
}

fn item(
    label: impl Into<String>,
    kind: CompletionItemKind,
    detail: impl Into<String>,
) -> CompletionItem {
    CompletionItem {
        label: label.into(),
        kind: Some(kind),
        detail: Some(detail.into()),
        ..CompletionItem::default()
    }
}

fn card_type_of(card: &RawCard<'_>) -> (Option<CardType>, Option<ShipClass>) {
    let ty = CardType::from_keyword(card.type_word);
    let class = card
        .entries
        .iter()
        .find(|e| e.key == "class")
        .and_then(|e| match e.value {
            RawValue::Line { text, .. } => ShipClass::ALL
                .into_iter()
                .find(|c| c.name().eq_ignore_ascii_case(text.trim())),
            _ => None,
        });
    (ty, class)
}

/// Completion at `pos`: what may be written there.
pub fn completion(pool: &Pool, name: &str, pos: Position) -> Vec<CompletionItem> {
    let Some(text) = pool.text(name) else {
        return Vec::new();
    };
    let at = offset(text, pos);
    let line_start = text
        .get(..at)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |i| i + 1);
    let prefix = text.get(line_start..at).unwrap_or("").trim_start();
    let cards = cards(text);
    let Some(card) = cards
        .iter()
        .find(|c| c.open_brace.end <= at && at <= c.span.end)
    else {
        return CardType::ALL
            .into_iter()
            .map(|t| item(t.keyword(), CompletionItemKind::CLASS, "card type"))
            .collect();
    };
    if prefix.ends_with("named \"") {
        return card_names(pool);
    }
    let key = prefix
        .split(|c: char| c == ':' || c.is_whitespace())
        .next()
        .unwrap_or("");
    let after_key = prefix.len() > key.len();
    if !after_key {
        let (ty, class) = card_type_of(card);
        let written: Vec<&str> = card.entries.iter().map(|e| e.key).collect();
        let fields = match ty {
            Some(ty) => cardlang::check::allowed_fields(ty, class),
            None => FieldKey::ALL.to_vec(),
        };
        let mut items: Vec<CompletionItem> = fields
            .into_iter()
            .filter(|k| !written.contains(&k.name()))
            .map(|k| item(k.name(), CompletionItemKind::FIELD, k.meaning()))
            .collect();
        // `timing:` and `play:` are an Event's or Tactic's alone (§2.6, §2.7): the ability
        // checks refuse them on any other card, so they are not offered there.
        let played = |k: &&&str| {
            !matches!(**k, "timing" | "play")
                || matches!(ty, None | Some(CardType::Event | CardType::Tactic))
        };
        items.extend(
            cardlang::effect::ABILITY_KEYS
                .iter()
                .filter(played)
                .map(|k| {
                    item(
                        *k,
                        CompletionItemKind::KEYWORD,
                        "ability field (docs/abilities.md)",
                    )
                }),
        );
        return items;
    }
    match FieldKey::from_name(key) {
        Some(FieldKey::Traits) => TraitName::ALL
            .into_iter()
            .map(|t| {
                let label = if t.is_stackable() {
                    format!("{t} +1")
                } else if t == TraitName::Regimented {
                    "Regimented Marine x1".to_string()
                } else {
                    t.to_string()
                };
                item(
                    label,
                    CompletionItemKind::ENUM_MEMBER,
                    format!("trait (§{})", t.section()),
                )
            })
            .collect(),
        Some(FieldKey::Class | FieldKey::Fits) => ShipClass::ALL
            .into_iter()
            .map(|c| {
                item(
                    c.name(),
                    CompletionItemKind::ENUM_MEMBER,
                    "ship class (§2.5)",
                )
            })
            .collect(),
        Some(FieldKey::Faction) => Faction::ALL
            .into_iter()
            .map(|f| item(f.name(), CompletionItemKind::ENUM_MEMBER, "faction (§9.14)"))
            .collect(),
        Some(_) => Vec::new(),
        None if key == "override" => BaseRule::ALL
            .iter()
            .map(|r| {
                item(
                    r.name(),
                    CompletionItemKind::CONSTANT,
                    format!("base rule (§{}): {}", r.section(), r.meaning()),
                )
            })
            .collect(),
        None if cardlang::effect::is_ability_key(key) => {
            use cardlang::effect::keywords::{EFFECTS, TRIGGERS};
            let triggers = if key == "when" || key == "flip" {
                TRIGGERS
            } else {
                &[]
            };
            triggers
                .iter()
                .map(|t| item(*t, CompletionItemKind::EVENT, "trigger"))
                .chain(
                    EFFECTS
                        .iter()
                        .map(|e| item(*e, CompletionItemKind::KEYWORD, "effect")),
                )
                .collect()
        }
        None => Vec::new(),
    }
}

/// Go to definition: a `named "X"` reference to its card.
pub fn definition(pool: &Pool, name: &str, pos: Position) -> Option<Location> {
    let text = pool.text(name)?;
    let at = offset(text, pos);
    let cards = cards(text);
    let card = cards.iter().find(|c| contains(c.span, at))?;
    let named = named_ref_at(card, at)?;
    definition_of(pool, &named)
}

fn symbol_kind(type_word: &str) -> SymbolKind {
    match CardType::from_keyword(type_word) {
        Some(CardType::Event | CardType::Tactic | CardType::Breakthru) => SymbolKind::EVENT,
        Some(_) => SymbolKind::STRUCT,
        None => SymbolKind::OBJECT,
    }
}

#[allow(deprecated)] // `SymbolInformation::deprecated` is a required field of the type.
fn symbol(pool: &Pool, file: &str, text: &str, card: &RawCard<'_>) -> Option<SymbolInformation> {
    Some(SymbolInformation {
        name: card.name.inner.to_string(),
        kind: symbol_kind(card.type_word),
        tags: None,
        deprecated: None,
        location: Location::new(uri(pool, file)?, range(text, card.span)),
        container_name: Some(card.type_word.to_string()),
    })
}

/// One symbol per card of the file.
pub fn document_symbols(pool: &Pool, name: &str) -> Vec<SymbolInformation> {
    let Some(text) = pool.text(name) else {
        return Vec::new();
    };
    cards(text)
        .iter()
        .filter_map(|c| symbol(pool, name, text, c))
        .collect()
}

/// Cards of the whole pool whose name contains `query` (any case), sorted by name.
pub fn workspace_symbols(pool: &Pool, query: &str) -> Vec<SymbolInformation> {
    let query = query.to_lowercase();
    let mut out: Vec<SymbolInformation> = pool
        .files
        .iter()
        .flat_map(|f| {
            cards(&f.text)
                .iter()
                .filter(|c| c.name.inner.to_lowercase().contains(&query))
                .filter_map(|c| symbol(pool, &f.name, &f.text, c))
                .collect::<Vec<_>>()
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The edit that fixes a diagnostic, when one is known: a did-you-mean replaces the word it
/// points at, a stackable trait without a value gets `+1`, a passive trait loses its `+X`.
fn fix(d: &Diagnostic, text: &str) -> Option<(String, TextEdit)> {
    let written = text.get(d.span.start..d.span.end)?;
    match d.code {
        codes::TRAIT_NEEDS_VALUE => {
            return Some((
                format!("write `{written} +1`"),
                TextEdit::new(range(text, Span::point(d.span.end)), " +1".into()),
            ))
        }
        codes::TRAIT_TAKES_NO_VALUE => {
            let before = text.get(..d.span.start)?;
            let start = before.trim_end_matches([' ', '\t']).len();
            return Some((
                format!("remove `{written}`"),
                TextEdit::new(range(text, Span::new(start, d.span.end)), String::new()),
            ));
        }
        _ => {}
    }
    let help = d.help.as_deref()?;
    let rest = help.split("did you mean `").nth(1)?;
    let meant = rest.split('`').next()?;
    // Only a like-for-like replacement: as many words as were written.
    if d.span.is_empty() || written.split_whitespace().count() != meant.split_whitespace().count() {
        return None;
    }
    Some((
        format!("replace `{written}` with `{meant}`"),
        TextEdit::new(range(text, d.span), meant.to_string()),
    ))
}

/// Quick fixes for the file's diagnostics that touch lines `from..=to`.
// `WorkspaceEdit::changes` is a `HashMap<Uri, _>` by the protocol's types (lsp-types); `Uri`
// caches its parse, which clippy counts as a mutable key. One key per map: no order to leak.
#[allow(clippy::mutable_key_type)]
pub fn code_actions(pool: &Pool, name: &str, from: u32, to: u32) -> Vec<CodeAction> {
    let (Some(text), Some(uri)) = (pool.text(name), uri(pool, name)) else {
        return Vec::new();
    };
    pool.diagnostics_of(name)
        .filter(|d| {
            let r = range(text, d.span);
            r.start.line <= to && from <= r.end.line
        })
        .filter_map(|d| {
            let (title, edit) = fix(d, text)?;
            let mut changes = std::collections::HashMap::new();
            changes.insert(uri.clone(), vec![edit]);
            Some(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![super::to_lsp_diagnostic(pool, d)]),
                edit: Some(WorkspaceEdit::new(changes)),
                is_preferred: Some(true),
                ..CodeAction::default()
            })
        })
        .collect()
}

/// Formatting: one edit replacing the whole file with `cardc fmt`'s layout; none if it is
/// already formatted or does not parse.
pub fn formatting(pool: &Pool, name: &str) -> Vec<TextEdit> {
    let Some(text) = pool.text(name) else {
        return Vec::new();
    };
    match cardlang::fmt::format_source(name, text) {
        Ok(formatted) if formatted != text => vec![TextEdit::new(
            range(text, Span::new(0, text.len())),
            formatted,
        )],
        _ => Vec::new(),
    }
}
