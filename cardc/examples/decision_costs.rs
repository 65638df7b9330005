//! Where a random playout's time goes, by decision kind (issue #15): seeded random games on
//! the starter decks with the bundled pool, played on the playout path (the legal choices
//! into a reused buffer, `Game::play`), each decision's two halves timed apart.
//!
//! `cargo run --release -p cardc --example decision_costs -- [GAMES]` (default 2,000). The
//! counts are the same on every run; the times are one run's, so compare kinds within a run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cardlang::db::CardDb;
use cardlang::ir::CardId;
use cardlang::source::read_pool;
use engine::rng::Dice;
use engine::{deck, Config, Game};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A starter deck of the bundled pool, read the way `hullbreach` reads deck files.
fn deck_ids(cat: &CardDb, file: &str) -> Result<Vec<CardId>, String> {
    let path = root().join("cards/decks").join(file);
    let bytes = deck::read_deck_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    deck::card_ids(&deck::parse(&bytes), cat)
        .ok_or_else(|| format!("{file}: a card not in the pool"))
}

#[derive(Default)]
struct Cost {
    decisions: u64,
    listed: u64,
    legal: Duration,
    play: Duration,
}

fn main() -> Result<(), String> {
    let games: u64 = match std::env::args().nth(1) {
        Some(n) => n
            .parse()
            .map_err(|_| format!("GAMES is a number, not `{n}`"))?,
        None => 2_000,
    };
    let files = read_pool(&root().join("cards")).map_err(|e| e.to_string())?;
    let comp = cardlang::compile(&files);
    if comp.has_errors() {
        return Err("the bundled pool does not compile".into());
    }
    let cat = Arc::new(CardDb::new(comp.cards).map_err(|e| e.to_string())?);
    let decks = [
        ("rdf", deck_ids(&cat, "rdf-starter.txt")?),
        ("colonial", deck_ids(&cat, "colonial-starter.txt")?),
    ];
    let config = |seed| Config {
        seed,
        max_turns: 100,
    };
    let named = decks.iter().map(|(n, d)| (n.to_string(), d.clone()));
    let mut game = Game::new(cat.clone(), named.collect(), config(0)).map_err(|e| e.to_string())?;
    let mut costs: BTreeMap<&'static str, Cost> = BTreeMap::new();
    let mut buf = Vec::with_capacity(256);
    for seed in 0..games {
        game.renew(cat.clone(), &decks, config(seed))
            .map_err(|e| e.to_string())?;
        let mut dice = Dice::new(seed);
        while let Some(d) = game.decision() {
            let start = Instant::now();
            game.legal_choices_into(&mut buf);
            let listed = Instant::now();
            if buf.is_empty() {
                break;
            }
            let n = buf.len() as u64;
            let k = dice.below(buf.len() as u32) as usize;
            let played = game.play(d.who, buf.swap_remove(k)).is_ok();
            // Grouped by the step's kind in the rulebook's words (`engine::words`).
            let c = costs.entry(d.kind.kind_words()).or_default();
            c.decisions += 1;
            c.listed += n;
            c.legal += listed - start;
            c.play += listed.elapsed();
            if !played {
                return Err(format!("seed {seed}: a listed choice was refused"));
            }
        }
    }
    let total: Duration = costs.values().map(|c| c.legal + c.play).sum();
    let decisions: u64 = costs.values().map(|c| c.decisions).sum();
    println!(
        "{games} games, {decisions} decisions, {:.0} ns a decision (timed halves)",
        total.as_nanos() as f64 / decisions as f64
    );
    println!(
        "{:<50} {:>9} {:>7} {:>7} {:>10} {:>10}",
        "decision", "count", "share", "listed", "legal ns", "play ns"
    );
    let mut rows: Vec<_> = costs.into_iter().collect();
    rows.sort_by_key(|(_, c)| std::cmp::Reverse(c.legal + c.play));
    for (kind, c) in rows {
        let per = |d: Duration| d.as_nanos() as f64 / c.decisions as f64;
        println!(
            "{kind:<50} {:>9} {:>6.1}% {:>7.1} {:>10.0} {:>10.0}",
            c.decisions,
            (c.legal + c.play).as_secs_f64() * 100.0 / total.as_secs_f64(),
            c.listed as f64 / c.decisions as f64,
            per(c.legal),
            per(c.play),
        );
    }
    Ok(())
}
