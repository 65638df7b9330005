//! The balance section of a review: for each changed card, the simulator's A/B
//! (`engine::simulate`, its `--swap`) over each deck that holds it against each other deck —
//! the same seeds played with the old card and with the new, paired, with 95% intervals.
//!
//! The A/B runs in the new pool with the old card added beside the new one under a name of
//! its own (`Name (before)`), so the only difference between the two sides of a pair is the
//! one card; the decks are the new version's decklists that are legal in it.

use std::sync::Arc;

use serde::Serialize;

use super::{Settings, Version};
use crate::ir::{Card, CardId};
use crate::simulate::report::Report;
use crate::simulate::stats::{Rate, Shift};
use crate::simulate::{self, Entrant, Swap};
use crate::{deck, CardDb};

/// One deck's games against one opponent, with the old card and with the new.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Matchup {
    pub card: String,
    pub deck: String,
    pub opponent: String,
    /// Pairs of games (each seed played with the old card and the new).
    pub pairs: u64,
    pub before: Rate,
    pub after: Rate,
    pub shift: Shift,
    pub verdict: String,
}

/// A changed card no A/B could be run for, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Skipped {
    pub card: String,
    pub why: String,
}

/// The balance section.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Balance {
    pub matchups: Vec<Matchup>,
    pub skipped: Vec<Skipped>,
}

/// The name the old version of `card` plays under beside the new.
fn before_name(card: &str) -> String {
    format!("{card} (before)")
}

/// The A/B of each changed card over the decks that hold it.
pub fn measure(
    changed: &[String],
    old_db: &CardDb,
    new: &Version,
    new_db: &CardDb,
    settings: &Settings,
) -> Balance {
    let mut out = Balance::default();
    // The new version's legal decks, by name.
    let decks: Vec<(String, Vec<CardId>)> = new
        .decks
        .iter()
        .filter_map(|(name, bytes)| {
            let list = deck::parse(bytes);
            let report = deck::validate(&list, new_db, &deck::DeckOptions::default());
            let ids = deck::card_ids(&list, new_db).filter(|_| report.is_legal())?;
            Some((name.clone(), ids))
        })
        .collect();
    for card in changed {
        let skip = |why: String| Skipped {
            card: card.clone(),
            why,
        };
        let (Some(old_card), Some(new_card)) = (old_db.by_name(card), new_db.by_name(card)) else {
            continue;
        };
        let holders: Vec<&(String, Vec<CardId>)> = decks
            .iter()
            .filter(|(_, ids)| ids.contains(&new_card.id))
            .collect();
        if holders.is_empty() {
            out.skipped
                .push(skip("no legal deck of the new version holds it".into()));
            continue;
        }
        if decks.len() < 2 {
            out.skipped
                .push(skip("there is no other legal deck to play against".into()));
            continue;
        }
        // The new pool with the old card beside the new one.
        let mut cards: Vec<Card> = new_db.cards().to_vec();
        let mut before = old_card.clone();
        before.id = CardId(cards.len() as u32);
        before.name = before_name(card);
        cards.push(before);
        let db = match CardDb::new(cards) {
            Ok(db) => Arc::new(db),
            Err(e) => {
                out.skipped.push(skip(format!(
                    "the old card cannot sit beside the new one in a pool: {e}"
                )));
                continue;
            }
        };
        let (old_id, new_id) = (CardId(db.cards().len() as u32 - 1), new_card.id);
        let with_old = |ids: &[CardId]| -> Vec<CardId> {
            ids.iter()
                .map(|&c| if c == new_id { old_id } else { c })
                .collect()
        };
        for (name, ids) in &holders {
            for (other, other_ids) in decks.iter().filter(|(n, _)| n != name) {
                match play(
                    &db, settings, name, ids, other, other_ids, &with_old, old_id, new_id,
                ) {
                    Ok((pairs, line)) => out.matchups.push(Matchup {
                        card: card.clone(),
                        deck: name.clone(),
                        opponent: other.clone(),
                        pairs,
                        before: line.before,
                        after: line.after,
                        shift: line.shift,
                        verdict: line.verdict,
                    }),
                    Err(e) => out
                        .skipped
                        .push(skip(format!("{name} against {other}: {e}"))),
                }
            }
        }
    }
    out
}

/// One A/B run of `deck` (entrant 1) against `other`; the paired line of entrant 1.
#[allow(clippy::too_many_arguments)]
fn play(
    db: &Arc<CardDb>,
    settings: &Settings,
    deck: &str,
    ids: &[CardId],
    other: &str,
    other_ids: &[CardId],
    with_old: &dyn Fn(&[CardId]) -> Vec<CardId>,
    old_id: CardId,
    new_id: CardId,
) -> Result<(u64, simulate::report::SwapLine), String> {
    let entrants = vec![
        Entrant {
            deck: deck.to_string(),
            cards: with_old(ids),
            player: settings.player,
        },
        Entrant {
            deck: other.to_string(),
            cards: with_old(other_ids),
            player: settings.player,
        },
    ];
    // Both sides must be decks a designer could play: the old card in the new deck too.
    for e in &entrants {
        simulate::swap_deck(db, &e.cards, old_id, old_id)
            .map_err(|why| format!("with the old card, {} is not a legal deck: {why}", e.deck))?;
    }
    let decks = entrants
        .iter()
        .map(|e| simulate::swap_deck(db, &e.cards, old_id, new_id))
        .collect::<Result<Vec<_>, _>>()?;
    let name = |id: CardId| db.get(id).map(|c| c.name.clone()).unwrap_or_default();
    let sim = simulate::Simulation {
        db: db.clone(),
        entrants,
        swap: Some(Swap {
            old: name(old_id),
            new: name(new_id),
            decks,
        }),
        settings: simulate::Settings {
            games: settings.games,
            seed: settings.seed,
            turns: settings.turns,
            jobs: settings.jobs,
            shard: simulate::Shard::ALL,
            round_robin: false,
        },
    };
    let report = Report::new(sim.run(&|| {})?)?;
    let swap = report.swap.ok_or("the run played no pairs")?;
    let line = swap
        .entrants
        .into_iter()
        .next()
        .ok_or("the run had no entrants")?;
    Ok((swap.pairs, line))
}

/// One deck's standing in a round robin of the decks legal in both versions, before and after.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub deck: String,
    /// Its Bradley–Terry rating in Elo points (`simulate --round-robin`), old pool and new.
    pub rating_before: f64,
    pub rating_after: f64,
    /// Its wins over all its round-robin games, old pool and new.
    pub won_before: Rate,
    pub won_after: Rate,
}

/// `--round-robin`: every deck legal in both versions plays every other, seats rotated, once
/// in the old pool and once in the new, on the same seeds; each deck's rating and wins move by
/// what the change did to the whole field (`simulate --round-robin`, docs/simulate.md).
pub fn round_robin(
    old: &Version,
    old_db: &Arc<CardDb>,
    new: &Version,
    new_db: &Arc<CardDb>,
    settings: &Settings,
) -> Result<Vec<Standing>, String> {
    let legal = |v: &Version, db: &CardDb| -> Vec<(String, Vec<CardId>)> {
        v.decks
            .iter()
            .filter_map(|(name, bytes)| {
                let list = deck::parse(bytes);
                let report = deck::validate(&list, db, &deck::DeckOptions::default());
                let ids = deck::card_ids(&list, db).filter(|_| report.is_legal())?;
                Some((name.clone(), ids))
            })
            .collect()
    };
    let (before, after) = (legal(old, old_db), legal(new, new_db));
    let mut names: Vec<&String> = after
        .iter()
        .map(|(n, _)| n)
        .filter(|n| before.iter().any(|(b, _)| b == *n))
        .collect();
    names.sort();
    if names.len() < 2 {
        return Err(format!(
            "{} deck(s) are legal in both versions; a round robin needs 2",
            names.len()
        ));
    }
    let run = |db: &Arc<CardDb>, decks: &[(String, Vec<CardId>)]| {
        let entrants = names
            .iter()
            .filter_map(|n| decks.iter().find(|(d, _)| d == *n))
            .map(|(deck, cards)| Entrant {
                deck: deck.clone(),
                cards: cards.clone(),
                player: settings.player,
            })
            .collect();
        let sim = simulate::Simulation {
            db: db.clone(),
            entrants,
            swap: None,
            settings: simulate::Settings {
                games: settings.games,
                seed: settings.seed,
                turns: settings.turns,
                jobs: settings.jobs,
                shard: simulate::Shard::ALL,
                round_robin: true,
            },
        };
        let report = Report::new(sim.run(&|| {})?)?;
        let rr = report.round_robin.ok_or("the run played no round robin")?;
        let won: Vec<Rate> = report.entrants.into_iter().map(|e| e.won).collect();
        Ok::<_, String>((rr.ratings, won))
    };
    let (old_ratings, old_won) = run(old_db, &before)?;
    let (new_ratings, new_won) = run(new_db, &after)?;
    Ok(names
        .iter()
        .enumerate()
        .map(|(k, deck)| Standing {
            deck: (*deck).clone(),
            rating_before: old_ratings[k],
            rating_after: new_ratings[k],
            won_before: old_won[k],
            won_after: new_won[k],
        })
        .collect())
}
