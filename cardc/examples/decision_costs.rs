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
use engine::state::engagement::CombatStep;
use engine::{deck, Config, DecisionKind, Game};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn deck_ids(cat: &CardDb, file: &str) -> Result<Vec<CardId>, String> {
    let path = root().join("cards/decks").join(file);
    let text = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut ids = Vec::new();
    for e in &deck::parse(&text).entries {
        let card = cat
            .by_name(&e.name)
            .ok_or_else(|| format!("{file}: no card named {}", e.name))?;
        ids.extend(std::iter::repeat_n(card.id, e.count as usize));
    }
    Ok(ids)
}

/// The decision as the rulebook names it.
fn label(kind: &DecisionKind) -> &'static str {
    match kind {
        DecisionKind::SetupModule { .. } => "Setup: Module-Station (§4.2)",
        DecisionKind::Mulligan => "Setup: mulligan (§4.4.1)",
        DecisionKind::SetupDeploy => "Setup: deploy (§4.6)",
        DecisionKind::SetupDiscard => "Setup: discard (§4.7)",
        DecisionKind::Manufacturing => "Manufacturing Phase (§5.4)",
        DecisionKind::Engagement => "declare an engagement (§5.5.1)",
        DecisionKind::Discard => "discard and end the turn (§5.5.4)",
        DecisionKind::Respond => "response window (§2.6, §2.7)",
        DecisionKind::Regiment { .. } => "Regimented search (§3.4.7)",
        DecisionKind::Combat(step) => match step {
            CombatStep::StartCards => "engagement STEP 1: cards (§6.6)",
            CombatStep::Interceptors => "engagement STEP 2: Interceptors",
            CombatStep::Volley(_) => "engagement STEP 3/5: volley turn",
            CombatStep::Boards(_) => "engagement STEP 4/6: boarding",
            CombatStep::Escorts(_) => "engagement STEP 7: Escorts (§3.4.3)",
            CombatStep::Boarding => "engagement STEP 8: boarding action",
            CombatStep::Stoic(_) => "Stoic's last volley (§3.4.10)",
        },
        DecisionKind::Spoils => "Spoils of War (§7.1.3.2)",
        DecisionKind::SpoilsMarines => "Spoils of War Marines (§7.1.3.3)",
        DecisionKind::AssignDice { .. } => "split fire, die by die (§6.2)",
        DecisionKind::Aftermath => "aftermath (§2.5.1.2, §6.9.7)",
        DecisionKind::Effect { .. } => "a card effect's choice (§8.5)",
    }
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
            let c = costs.entry(label(&d.kind)).or_default();
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
        "{:<36} {:>9} {:>7} {:>7} {:>10} {:>10}",
        "decision", "count", "share", "listed", "legal ns", "play ns"
    );
    let mut rows: Vec<_> = costs.into_iter().collect();
    rows.sort_by_key(|(_, c)| std::cmp::Reverse(c.legal + c.play));
    for (kind, c) in rows {
        let per = |d: Duration| d.as_nanos() as f64 / c.decisions as f64;
        println!(
            "{kind:<36} {:>9} {:>6.1}% {:>7.1} {:>10.0} {:>10.0}",
            c.decisions,
            (c.legal + c.play).as_secs_f64() * 100.0 / total.as_secs_f64(),
            c.listed as f64 / c.decisions as f64,
            per(c.legal),
            per(c.play),
        );
    }
    Ok(())
}
