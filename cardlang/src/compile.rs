//! The front end's entry point: source files -> checked cards + every diagnostic.
//!
//! Per file: size cap, parse with recovery ([`crate::syntax`]), lowering ([`crate::lower`]) and
//! checks ([`crate::check`]); then the pool-level check that no two cards share a name. Card
//! ids are dense, in file-name order then source position.

use std::collections::BTreeMap;

use crate::check::check_card;
use crate::diag::{codes, Diagnostic, Sink};
use crate::ir::{Card, CardId};
use crate::lower::lower_card;
use crate::source::{SourceFile, Span, MAX_FILE_BYTES};
use crate::syntax::parse_file;

/// `named "X"` references of one card's abilities, with their spans.
type NameRefs = Vec<crate::effect::NameRef>;

/// The result of compiling a pool: the cards that passed every check, and every diagnostic.
#[derive(Debug, Clone, Default)]
pub struct Compilation {
    /// Checked cards with dense ids. Cards with errors are left out, so when
    /// [`has_errors`](Compilation::has_errors) is true this is not the whole pool.
    pub cards: Vec<Card>,
    /// In file order, then source order within a file.
    pub diagnostics: Vec<Diagnostic>,
}

impl Compilation {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}

/// The database's pool-wide limits (`db::pool_limit`: card count, encoded size), reported at
/// the first card that does not fit, so a pool that compiles always makes a database. The cards
/// from there on are left out.
fn pool_limits(
    cards: &mut Vec<Card>,
    places: &[(usize, Span)],
    order: &[&SourceFile],
    sinks: &mut [Sink],
) {
    let Some((index, limit)) = crate::db::pool_limit(cards) else {
        return;
    };
    let (Some(&(file, span)), Some(source)) = (
        places.get(index),
        places.get(index).and_then(|(f, _)| order.get(*f)),
    ) else {
        return;
    };
    let rest = cards.len() - index;
    let (message, label) = match limit {
        crate::db::PoolLimit::Cards => (
            format!(
                "the pool has {} cards; a card database holds at most {}",
                cards.len(),
                crate::db::MAX_CARDS
            ),
            format!(
                "card {} of the pool: this card and the {} after it do not fit",
                index + 1,
                rest - 1
            ),
        ),
        crate::db::PoolLimit::Bytes => (
            format!(
                "the pool does not fit in one card database: it would be larger than {} MiB",
                crate::db::MAX_FILE_BYTES / (1024 * 1024)
            ),
            format!(
                "the database is full here: this card and the {} after it do not fit",
                rest - 1
            ),
        ),
    };
    if let Some(sink) = sinks.get_mut(file) {
        sink.push(
            Diagnostic::error(codes::POOL_TOO_LARGE, source.name.clone(), message)
                .at(span, label)
                .with_help("split the cards into several pools, or shorten their text"),
        );
    }
    cards.truncate(index);
}

/// Compiles every file; never stops at the first problem and never panics.
pub fn compile(files: &[SourceFile]) -> Compilation {
    let mut order: Vec<&SourceFile> = files.iter().collect();
    order.sort_by(|a, b| a.name.cmp(&b.name));

    let mut sinks: Vec<Sink> = Vec::with_capacity(order.len());
    // (file index, card) for cards that checked clean, in source order.
    let mut checked: Vec<(usize, Span, Card)> = Vec::new();
    // Lower-cased name -> where it was first defined, for the duplicate check.
    let mut first_seen: BTreeMap<String, (usize, Span, String)> = BTreeMap::new();
    // (file index, position in `checked`, card-name references of its abilities).
    let mut name_refs: Vec<(usize, usize, NameRefs)> = Vec::new();

    for (index, file) in order.iter().enumerate() {
        let mut sink = Sink::new(file.name.clone());
        if file.text.len() > MAX_FILE_BYTES {
            sink.push(
                Diagnostic::error(
                    codes::FILE_TOO_LARGE,
                    file.name.clone(),
                    format!(
                        "card file is larger than {} MiB",
                        MAX_FILE_BYTES / (1024 * 1024)
                    ),
                )
                .with_help("split the cards over several smaller files"),
            );
            sinks.push(sink);
            continue;
        }
        for raw in parse_file(&file.text, &mut sink) {
            let decl = lower_card(&raw, &mut sink);
            let card = check_card(&decl, &mut sink);
            let Some(name) = &decl.name else {
                continue;
            };
            let key = name.node.to_lowercase();
            if let Some((first_file, first_span, first_name)) = first_seen.get(&key) {
                let first_file_name = order
                    .get(*first_file)
                    .map(|f| f.name.clone())
                    .unwrap_or_default();
                let message = if *first_name == name.node {
                    format!("two cards are named `{}`", name.node)
                } else {
                    format!(
                        "card names `{first_name}` and `{}` differ only in case",
                        name.node
                    )
                };
                sink.push(
                    Diagnostic::error(codes::DUPLICATE_CARD, file.name.clone(), message)
                        .at(name.span, "second card with this name")
                        .with_label_in(first_file_name, *first_span, "first card with this name")
                        .with_help("card names identify cards in deck lists; rename one of them"),
                );
                continue;
            }
            first_seen.insert(key, (index, name.span, name.node.clone()));
            if let Some(card) = card {
                let refs = crate::effect::name_refs(&decl.abilities);
                if !refs.is_empty() {
                    name_refs.push((index, checked.len(), refs));
                }
                checked.push((index, name.span, card));
            }
        }
        sinks.push(sink);
    }

    // `named "X"` in abilities must name a card of the pool its filter can match
    // (crate::effect); a card with errors of its own is known by name only.
    let mut pool: std::collections::BTreeMap<&str, Option<&Card>> = first_seen
        .values()
        .map(|(_, _, n)| (n.as_str(), None))
        .collect();
    for (_, _, card) in &checked {
        pool.insert(card.name.as_str(), Some(card));
    }
    let mut unresolved = std::collections::BTreeSet::new();
    for (index, at, refs) in &name_refs {
        if let Some(sink) = sinks.get_mut(*index) {
            if !crate::effect::check_card_names(refs, &pool, sink) {
                unresolved.insert(*at);
            }
        }
    }
    let checked: Vec<_> = checked
        .into_iter()
        .enumerate()
        .filter(|(at, _)| !unresolved.contains(at))
        .map(|(_, c)| c)
        .collect();

    let mut cards: Vec<Card> = Vec::with_capacity(checked.len());
    let mut places: Vec<(usize, Span)> = Vec::with_capacity(checked.len());
    for (id, (file, span, mut card)) in checked.into_iter().enumerate() {
        card.id = CardId(u32::try_from(id).unwrap_or(u32::MAX));
        cards.push(card);
        places.push((file, span));
    }
    pool_limits(&mut cards, &places, &order, &mut sinks);
    let diagnostics = sinks.into_iter().flat_map(Sink::into_diagnostics).collect();
    Compilation { cards, diagnostics }
}
