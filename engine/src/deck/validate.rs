//! The deck-construction rules ("Your Constructed Deck", §2.1.1–§2.1.3, §8.8, §9.14).
//!
//! One function per rule, each appending every violation it finds; [`validate`] runs them all
//! so a single run reports everything wrong with a deck. Copies of a card spread over several
//! lines are summed; a limit is reported at the line that crosses it, the other lines labelled.

use std::collections::BTreeMap;

use cardlang::ir::{Card, CardId, CardKind, Faction, ModuleKind, StockpileKind};

use super::parse::{DeckEntry, Decklist};
use super::summary::DeckSummary;
use super::{CardLookup, DeckRule, Violation};

/// A legal deck holds exactly this many cards ("Your Constructed Deck").
pub const DECK_SIZE: u64 = 55;
/// Copies allowed of any one Ship, Marine or Module (§2.1.1).
pub const MAX_COPIES: u64 = 5;
/// Module-Station cards every deck needs at least ("Your Constructed Deck").
pub const MIN_MODULE_STATIONS: u64 = 2;

/// Choices the table makes before a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DeckOptions {
    /// Every Commander has agreed to Prototype cards (§8.8).
    pub allow_prototypes: bool,
}

/// The verdict on one deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckReport {
    /// Every format problem and broken rule, ordered by position (whole-deck counts last).
    pub violations: Vec<Violation>,
    /// Counts and cost curve of the cards that were recognised.
    pub summary: DeckSummary,
}

impl DeckReport {
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty()
    }
}

type Resolved<'a> = (&'a DeckEntry, &'a Card);

/// Checks a parsed decklist against a card pool; see the module docs.
pub fn validate<P: CardLookup + ?Sized>(
    list: &Decklist,
    pool: &P,
    options: &DeckOptions,
) -> DeckReport {
    let mut out = list.problems.clone();
    let mut resolved: Vec<Resolved<'_>> = Vec::new();
    // Did-you-mean is a search over the whole pool: bounded per deck, and asked once per name.
    let mut suggestions: BTreeMap<&str, Option<String>> = BTreeMap::new();
    for entry in &list.entries {
        match pool.card_named(&entry.name) {
            Some(card) => resolved.push((entry, card)),
            None => {
                let near = match suggestions.get(entry.name.as_str()) {
                    Some(near) => near.clone(),
                    None if suggestions.len() < MAX_SUGGESTIONS => {
                        let near = pool.suggest_name(&entry.name).map(str::to_string);
                        suggestions.insert(&entry.name, near.clone());
                        near
                    }
                    None => None,
                };
                out.push(unknown_card(entry, near.as_deref()));
            }
        }
    }

    if list.entries.is_empty() {
        // Whole-deck counts of nothing would only repeat the format problems.
        if list.problems.is_empty() {
            out.push(
                Violation::new(DeckRule::Empty, "the decklist holds no cards")
                    .with_help("write one `N Card Name` line per card, 55 cards in all"),
            );
        }
    } else {
        copy_limits(&resolved, &mut out);
        station_count(&resolved, &mut out);
        module_station_count(&resolved, &mut out);
        stockpile_count(&resolved, StockpileKind::Resource, &mut out);
        stockpile_count(&resolved, StockpileKind::Currency, &mut out);
        deck_size(list, &mut out);
        faction(&resolved, &mut out);
        if !options.allow_prototypes {
            prototypes(&resolved, &mut out);
        }
    }

    // Stable: violations on the same line keep rule order; whole-deck ones go last.
    out.sort_by_key(|v| v.span.as_ref().map_or(usize::MAX, |s| s.start));
    DeckReport {
        violations: capped(out),
        summary: DeckSummary::from_cards(resolved.iter().map(|(e, c)| (e.count, *c))),
    }
}

/// Most line-located violations listed for one deck, as for one card file (200): past it a
/// single [`DeckRule::TooManyProblems`] says how many more there are, so a hostile file cannot
/// flood the output. Whole-deck counts are always kept.
pub const MAX_VIOLATIONS: usize = 200;
/// Unknown card names per deck that get a did-you-mean search (each searches the whole pool).
pub const MAX_SUGGESTIONS: usize = 50;

/// The first [`MAX_VIOLATIONS`] located violations, a count of the rest, then the whole-deck
/// ones (`out` is sorted: located first).
fn capped(mut out: Vec<Violation>) -> Vec<Violation> {
    let located = out.iter().filter(|v| v.span.is_some()).count();
    if located <= MAX_VIOLATIONS {
        return out;
    }
    let whole = out.split_off(located);
    let more = located - MAX_VIOLATIONS;
    out.truncate(MAX_VIOLATIONS);
    out.push(
        Violation::new(
            DeckRule::TooManyProblems,
            format!(
                "too many problems in this file; stopped after {MAX_VIOLATIONS} (and {more} more error{})",
                if more == 1 { "" } else { "s" }
            ),
        )
        .with_help("fix the problems above and check again"),
    );
    out.extend(whole);
    out
}

fn unknown_card(entry: &DeckEntry, near: Option<&str>) -> Violation {
    let v = Violation::new(
        DeckRule::UnknownCard,
        format!("no card named \"{}\" in the card pool", entry.name),
    )
    .at(entry.name_span.clone(), "unknown card");
    match near {
        Some(near) => v.with_help(format!("did you mean \"{near}\"?")),
        None => v.with_help("card names are written exactly as printed"),
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Where a running total of `lines` first exceeds `limit`: that line's index and the total.
fn crossing(lines: &[Resolved<'_>], limit: u64) -> Option<(usize, u64)> {
    let mut running = 0u64;
    let mut crossed = None;
    for (i, (entry, _)) in lines.iter().enumerate() {
        running += u64::from(entry.count);
        if running > limit && crossed.is_none() {
            crossed = Some(i);
        }
    }
    crossed.map(|i| (i, running))
}

/// Reports `lines` (copies of one card, or all cards of one kind) when they add up to more
/// than `limit`: at the line that crosses it, with every other line labelled.
fn over_limit(
    lines: &[Resolved<'_>],
    limit: u64,
    violation: impl FnOnce(u64) -> Violation,
    other_label: impl Fn(&DeckEntry) -> String,
    out: &mut Vec<Violation>,
) {
    let Some((at, total)) = crossing(lines, limit) else {
        return;
    };
    let mut running = 0u64;
    let mut v = violation(total);
    for (i, (entry, _)) in lines.iter().enumerate() {
        running += u64::from(entry.count);
        if i == at {
            let label = if lines.len() == 1 {
                plural(running, "copy", "copies")
            } else {
                format!("this line brings the total to {running}")
            };
            v = v.at(entry.span.clone(), label);
        } else {
            v = v.with_related(entry.span.clone(), other_label(entry));
        }
    }
    out.push(v);
}

/// §2.1.1 (five of a Ship, Marine or Module), §2.1.2 (one of an Event, Tactic or Breakthru)
/// and "Your Constructed Deck" (one of a Marine-Character, which §2.4.2 describes).
fn copy_limits(resolved: &[Resolved<'_>], out: &mut Vec<Violation>) {
    // Lines of each card, cards in order of first appearance.
    let mut index: BTreeMap<CardId, usize> = BTreeMap::new();
    let mut groups: Vec<Vec<Resolved<'_>>> = Vec::new();
    for &(entry, card) in resolved {
        let slot = *index.entry(card.id).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        if let Some(group) = groups.get_mut(slot) {
            group.push((entry, card));
        }
    }
    for group in &groups {
        let Some(&(_, card)) = group.first() else {
            continue;
        };
        let (limit, rule, what) = match card.kind {
            CardKind::Ship(_) | CardKind::Marine { character: false } | CardKind::Module(_) => {
                (MAX_COPIES, DeckRule::CopyLimit, "a Ship, Marine or Module")
            }
            CardKind::Event | CardKind::Tactic | CardKind::Breakthru => {
                (1, DeckRule::SingleCopy, "an Event, Tactic or Breakthru")
            }
            CardKind::Marine { character: true } => {
                (1, DeckRule::CharacterCopy, "a Marine-Character")
            }
            // Counted by kind: station_count, stockpile_count.
            CardKind::Station | CardKind::Stockpile(_) => continue,
        };
        over_limit(
            group,
            limit,
            |total| {
                Violation::new(
                    rule,
                    format!(
                        "{} of \"{}\", but a deck may hold at most {} of {what}",
                        plural(total, "copy", "copies"),
                        card.name,
                        plural(limit, "copy", "copies"),
                    ),
                )
                .with_help(format!(
                    "remove {}",
                    plural(total - limit, "copy", "copies")
                ))
            },
            |entry| format!("{} here", plural(u64::from(entry.count), "copy", "copies")),
            out,
        );
    }
}

fn total(lines: &[Resolved<'_>]) -> u64 {
    lines.iter().map(|(e, _)| u64::from(e.count)).sum()
}

fn of_kind<'a>(resolved: &[Resolved<'a>], kind: impl Fn(CardKind) -> bool) -> Vec<Resolved<'a>> {
    resolved
        .iter()
        .copied()
        .filter(|(_, c)| kind(c.kind))
        .collect()
}

/// §2.1.3: exactly one Station, whether the extra is a second copy or a different Station.
fn station_count(resolved: &[Resolved<'_>], out: &mut Vec<Violation>) {
    let stations = of_kind(resolved, |k| k == CardKind::Station);
    if stations.is_empty() {
        out.push(
            Violation::new(DeckRule::StationCount, "the deck has no Station")
                .with_help("add exactly one Station card; it also sets your faction (§9.14)"),
        );
        return;
    }
    over_limit(
        &stations,
        1,
        |total| {
            Violation::new(
                DeckRule::StationCount,
                format!("the deck has {total} Stations, but may have only one"),
            )
            .with_help("keep one Station card and remove the others")
        },
        |entry| format!("Station \"{}\" here", entry.name),
        out,
    );
}

/// "Your Constructed Deck": at least two Module-Station cards (two are deployed at setup).
fn module_station_count(resolved: &[Resolved<'_>], out: &mut Vec<Violation>) {
    let modules = of_kind(resolved, |k| k == CardKind::Module(ModuleKind::Station));
    let n = total(&modules);
    if n >= MIN_MODULE_STATIONS {
        return;
    }
    let mut v = Violation::new(
        DeckRule::ModuleStationCount,
        format!(
            "the deck has {}, but needs at least {MIN_MODULE_STATIONS}",
            plural(n, "Module-Station card", "Module-Station cards")
        ),
    )
    .with_help("two Module-Station cards are deployed with the Station at setup; four or more are recommended");
    if let Some((first, _)) = modules.first() {
        v = v.at(first.span.clone(), "the only Module-Station card");
    }
    out.push(v);
}

/// "Your Constructed Deck": exactly one Resource Stockpile and one Currency Stockpile.
fn stockpile_count(resolved: &[Resolved<'_>], kind: StockpileKind, out: &mut Vec<Violation>) {
    let (rule, what) = match kind {
        StockpileKind::Resource => (DeckRule::ResourceStockpileCount, "Resource Stockpile"),
        StockpileKind::Currency => (DeckRule::CurrencyStockpileCount, "Currency Stockpile"),
    };
    let piles = of_kind(resolved, |k| k == CardKind::Stockpile(kind));
    if piles.is_empty() {
        out.push(
            Violation::new(rule, format!("the deck has no {what} card"))
                .with_help(format!("add exactly one {what} card")),
        );
        return;
    }
    over_limit(
        &piles,
        1,
        |total| {
            Violation::new(
                rule,
                format!("the deck has {total} {what} cards, but must have exactly one"),
            )
            .with_help(format!("keep one {what} card and remove the others"))
        },
        |entry| format!("{} here", plural(u64::from(entry.count), "copy", "copies")),
        out,
    );
}

/// "Your Constructed Deck": exactly 55 cards. Unknown cards count (their number is known);
/// unreadable lines cannot.
fn deck_size(list: &Decklist, out: &mut Vec<Violation>) {
    let n: u64 = list.entries.iter().map(|e| u64::from(e.count)).sum();
    if n == DECK_SIZE {
        return;
    }
    let unreadable = if list.has_unreadable_lines() {
        ", not counting unreadable lines,"
    } else {
        ""
    };
    let message = format!(
        "the deck has {}{unreadable} but must have exactly {DECK_SIZE}",
        plural(n, "card", "cards")
    );
    let help = if n > DECK_SIZE {
        format!("remove {}", plural(n - DECK_SIZE, "card", "cards"))
    } else {
        format!("add {}", plural(DECK_SIZE - n, "card", "cards"))
    };
    out.push(Violation::new(DeckRule::DeckSize, message).with_help(help));
}

/// §9.14: a faction-restricted card needs a Station of its faction. With no Station at all
/// the deck has no faction to compare with, and `station_count` already reports that.
fn faction(resolved: &[Resolved<'_>], out: &mut Vec<Violation>) {
    let stations: Vec<(Faction, Resolved<'_>)> = resolved
        .iter()
        .filter(|(_, c)| c.kind == CardKind::Station)
        .filter_map(|&(e, c)| c.faction.map(|f| (f, (e, c))))
        .collect();
    if stations.is_empty() {
        return;
    }
    let station_factions = stations
        .iter()
        .map(|(f, _)| f.name())
        .collect::<Vec<_>>()
        .join(" and ");
    for &(entry, card) in resolved {
        let Some(needed) = card.faction.filter(|_| card.restricted) else {
            continue;
        };
        if stations.iter().any(|(f, _)| *f == needed) {
            continue;
        }
        let mut v = Violation::new(
            DeckRule::Faction,
            format!(
                "\"{}\" is restricted to {needed} decks, but the deck's Station is {station_factions}",
                card.name
            ),
        )
        .at(entry.span.clone(), format!("{needed} only"))
        .with_help(format!(
            "a faction-restricted card is legal only with a Station of its faction: switch to a Station of the {needed} faction, or remove this card"
        ));
        for (f, (station, _)) in &stations {
            v = v.with_related(station.span.clone(), format!("{f} Station"));
        }
        out.push(v);
    }
}

/// §8.8: Prototype cards are illegal unless every Commander agrees to them. One violation per
/// card, at its first line, with every other line naming it as a label.
fn prototypes(resolved: &[Resolved<'_>], out: &mut Vec<Violation>) {
    let mut seen = std::collections::BTreeSet::new();
    for (k, &(entry, card)) in resolved.iter().enumerate() {
        if !card.prototype || !seen.insert(card.id) {
            continue;
        }
        let mut v = Violation::new(
            DeckRule::Prototype,
            format!("\"{}\" is a Prototype card", card.name),
        )
        .at(entry.span.clone(), "prototype")
        .with_help(
            "Prototype cards are legal only when every Commander in the game agrees to them",
        );
        for &(other, _) in resolved[k + 1..].iter().filter(|(_, c)| c.id == card.id) {
            v = v.with_related(other.span.clone(), "more copies of it");
        }
        out.push(v);
    }
}
