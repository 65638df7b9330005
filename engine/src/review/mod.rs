//! `hullbreach review OLD NEW` (issue #44): what a change to the card pool does to every card,
//! deck, ruling and matchup, in one report — for a terminal, as Markdown for a pull request's
//! comment, or as JSON — and a gate that fails a change for what it is told to deny.
//!
//! The library compares two [`Version`]s the caller has compiled (the engine library never
//! calls the compiler, ARCHITECTURE.md invariant 1, so the caller also says abilities in
//! words, [`cards::Words`]): the cards in words ([`cards`]), the
//! decklists through `engine::deck` ([`decks`]), the ruling files through `engine::ruling`
//! ([`rulings`]) and each changed card's A/B through `engine::simulate` ([`balance`]).
//! [`git`] reads a revision of the repository with the `git` program, writing nothing.
//! docs/review.md is the user's guide.

pub mod balance;
pub mod cards;
pub mod decks;
pub mod diff;
pub mod git;
pub mod render;
pub mod rulings;

use std::sync::Arc;

use serde::Serialize;

use crate::ir::Card;
use crate::sweep::PlayerKind;
use crate::CardDb;

/// One side of a review: what the caller read and compiled.
#[derive(Debug, Clone, Default)]
pub struct Version {
    /// How reports name it: a directory, or a revision with its commit.
    pub label: String,
    /// The cards that compiled.
    pub cards: Vec<Card>,
    /// Every error of reading and compiling the pool, each saying where; empty when it
    /// compiles.
    pub problems: Vec<String>,
    /// Decklists by name (file stem), with their bytes.
    pub decks: Vec<(String, Vec<u8>)>,
    /// Ruling files by name, with their text.
    pub rulings: Vec<(String, String)>,
}

/// The balance section's flags.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Games per matchup (each played twice: with the old card and the new).
    pub games: u64,
    pub seed: u64,
    pub turns: u32,
    pub player: PlayerKind,
    /// Worker threads; the results do not depend on it.
    pub jobs: usize,
    /// Whether to run the A/B at all.
    pub balance: bool,
    /// Whether to play a round robin of the decks in each version (`--round-robin`).
    pub round_robin: bool,
}

/// A version that does not compile, and its errors.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Broken {
    pub version: String,
    pub problems: Vec<String>,
}

/// The whole review.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    pub old: String,
    pub new: String,
    /// The versions that do not compile: the rest of the review compares what did.
    pub broken: Vec<Broken>,
    pub cards: cards::Cards,
    pub decks: Vec<decks::DeckChange>,
    pub rulings: Vec<rulings::RulingChange>,
    /// Ruling files reviewed (0 when none were given).
    pub rulings_run: usize,
    /// Decklists of the new version (0 when it has none).
    pub decks_read: usize,
    /// Whether decks and rulings were judged (both versions compile).
    pub compared: bool,
    pub balance: balance::Balance,
    /// How the games were played, in words.
    pub balance_run: String,
    /// Why there is no balance section, when there is none.
    pub balance_note: Option<String>,
    /// `--round-robin`: each deck's standing in the old pool and the new.
    pub standings: Vec<balance::Standing>,
    /// Why there are no standings, when a round robin was asked for and none was played.
    pub standings_note: Option<String>,
}

/// The cards that compiled as a pool, or why they make none.
fn pool(v: &Version) -> Result<Arc<CardDb>, String> {
    CardDb::new(v.cards.clone())
        .map(Arc::new)
        .map_err(|e| format!("{}: the cards that compiled make no pool: {e}", v.label))
}

/// Review `new` against `old`; `words` says a card's abilities (`cardc explain`'s words).
pub fn review(old: &Version, new: &Version, settings: &Settings, words: cards::Words) -> Review {
    let mut broken = Vec::new();
    let mut dbs = Vec::new();
    for v in [old, new] {
        let db = pool(v);
        let mut problems = v.problems.clone();
        if let Err(e) = &db {
            problems.push(e.clone());
        }
        if !problems.is_empty() {
            broken.push(Broken {
                version: v.label.clone(),
                problems,
            });
        }
        // A pool with errors is compared on the cards that compiled, and run on nothing.
        dbs.push(db.ok().filter(|_| v.problems.is_empty()));
    }
    let (old_db, new_db) = (dbs[0].clone(), dbs[1].clone());
    let cards = cards::compare(&old.cards, &new.cards, words);
    // Decks and rulings are judged under both pools or not at all: against a pool that does
    // not compile every deck and ruling would read as changed.
    let (decks, rulings) = match (&old_db, &new_db) {
        (Some(o), Some(n)) => (
            decks::compare(old, o, new, n),
            rulings::compare(old, o, new, n),
        ),
        _ => (Vec::new(), Vec::new()),
    };
    let compared = old_db.is_some() && new_db.is_some();
    let changed: Vec<String> = cards.changed.iter().map(|c| c.card.clone()).collect();
    let (balance, balance_note) = match (&old_db, &new_db) {
        _ if !settings.balance => (
            Default::default(),
            Some("not asked for (--no-balance)".into()),
        ),
        (Some(o), Some(n)) if !changed.is_empty() => {
            (balance::measure(&changed, o, new, n, settings), None)
        }
        (Some(_), Some(_)) => (Default::default(), Some("no card changed".into())),
        _ => (
            Default::default(),
            Some("games need both versions to compile".into()),
        ),
    };
    let (standings, standings_note) = match (&old_db, &new_db) {
        _ if !settings.round_robin => (Vec::new(), None),
        (Some(o), Some(n)) => match balance::round_robin(old, o, new, n, settings) {
            Ok(s) => (s, None),
            Err(e) => (Vec::new(), Some(e)),
        },
        _ => (
            Vec::new(),
            Some("games need both versions to compile".into()),
        ),
    };
    Review {
        old: old.label.clone(),
        new: new.label.clone(),
        broken,
        cards,
        decks,
        rulings,
        rulings_run: new.rulings.len(),
        decks_read: new.decks.len(),
        compared,
        balance,
        balance_run: format!(
            "{} games per matchup, each played with the old card and with the new on the same \
             seed; {} players; seed {}; at most {} turns",
            settings.games,
            settings.player.name(),
            settings.seed,
            settings.turns
        ),
        balance_note,
        standings,
        standings_note,
    }
}

/// What the gate denies (`--deny illegal-decks,broken-rulings,changed-rulings,win-rate-shift=5`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Deny {
    pub illegal_decks: bool,
    pub broken_rulings: bool,
    pub changed_rulings: bool,
    /// Percentage points a matchup's win rate may move (clearly) before the gate fails.
    pub win_rate_shift: Option<f64>,
}

impl Deny {
    /// The comma-separated list `--deny` takes.
    pub fn parse(text: &str) -> Result<Deny, String> {
        let mut d = Deny::default();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            match item.split_once('=') {
                None if item == "illegal-decks" => d.illegal_decks = true,
                None if item == "broken-rulings" => d.broken_rulings = true,
                None if item == "changed-rulings" => d.changed_rulings = true,
                Some(("win-rate-shift", n)) => {
                    let points: f64 = n
                        .trim()
                        .parse()
                        .ok()
                        .filter(|p: &f64| p.is_finite() && (0.0..=100.0).contains(p))
                        .ok_or_else(|| {
                            format!(
                                "--deny win-rate-shift takes percentage points from 0 to 100, \
                                 not `{n}`"
                            )
                        })?;
                    d.win_rate_shift = Some(points);
                }
                _ => {
                    return Err(format!(
                        "--deny takes a comma-separated list of illegal-decks, broken-rulings, \
                         changed-rulings and win-rate-shift=POINTS, not `{item}`"
                    ))
                }
            }
        }
        Ok(d)
    }
}

impl Review {
    /// Why the gate fails, one line per reason; empty when it passes. A version that does not
    /// compile always fails it.
    pub fn denied(&self, deny: &Deny) -> Vec<String> {
        let mut why = Vec::new();
        for b in &self.broken {
            why.push(format!("{} does not compile", b.version));
        }
        if deny.illegal_decks {
            for d in &self.decks {
                if d.verdict == decks::Verdict::BecomesIllegal {
                    why.push(format!("deck {} becomes illegal", d.deck));
                }
            }
        }
        for r in &self.rulings {
            let broken = matches!(
                r.verdict,
                rulings::Verdict::Broken | rulings::Verdict::Added
            ) && r.error.is_some();
            if deny.broken_rulings && broken {
                why.push(format!("ruling {} no longer runs", r.ruling));
            }
            if deny.changed_rulings && r.verdict == rulings::Verdict::Changed {
                why.push(format!("ruling {} reads differently", r.ruling));
            }
        }
        if let Some(points) = deny.win_rate_shift {
            for m in &self.balance.matchups {
                if m.shift.clear() && m.shift.shift.abs() * 100.0 > points {
                    why.push(format!(
                        "{} moves {} against {} by {:+.1} points (more than {points})",
                        m.card,
                        m.deck,
                        m.opponent,
                        m.shift.shift * 100.0
                    ));
                }
            }
        }
        why
    }
}
