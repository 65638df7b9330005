//! Mutation fuzzing of the games file (`simulate --out`), the input `simulate merge` and
//! `replay` take from anyone (issue #39): a seeded mutant of a real run's file is read as they
//! read it (`record::read`, `record::find`), and what is accepted is merged, reported (text,
//! JSON) and charted. No panic, no hang; every refusal names the file and shows no control
//! character (a hostile name is escaped, never echoed as it is); every accepted record is within
//! the flags' ranges (`simulate::limits`).
//!
//! A long offline run (docs/reliability.md, "Fuzzing"):
//!
//! ```text
//! HB_FUZZ_ITERS=1000000 HB_FUZZ_SEED=7 cargo test -p tests --test fuzz_games -- --nocapture
//! ```

mod inputs;

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use engine::simulate::record::{self, Variant};
use engine::simulate::report::Report;
use engine::simulate::{chart, limits, Entrant, Settings, Shard, Simulation};
use engine::sweep::PlayerKind;
use engine::CardDb;
use inputs::fuzzing::{fuzz, iterations, seed};

/// What a mutant may splice in: the file's keys and the values a hostile file would try.
const WORDS: &[&str] = &[
    "\"index\":",
    "\"turns\":",
    "\"games\":",
    "\"seats\":[0,1]",
    "\"seats\":[1,0,0]",
    "\"decks\":[\"../../etc/passwd\",\"x\"]",
    "\"players\":[\"search:0\",\"random\"]",
    "\"swap\":\"A=B\"",
    "\"variant\":\"swap\"",
    "\"winner\":7",
    "\"ending\":\"winner\"",
    "\"cap_reason\":\"deck-out\"",
    "4294967295",
    "18446744073709551615",
    "-1",
    "1e308",
    "null",
    "\\u001b[2J",
    "\\u0000",
    "\n",
    "{}",
];

fn pool() -> Arc<CardDb> {
    static POOL: OnceLock<Arc<CardDb>> = OnceLock::new();
    POOL.get_or_init(|| {
        let files = cardlang::source::read_pool(&inputs::repo().join("cards")).expect("cards/");
        Arc::new(CardDb::new(cardlang::compile(&files).cards).expect("the bundled pool"))
    })
    .clone()
}

/// Small real runs: two and three starter decks, random players, short turn caps.
fn corpus() -> Vec<Vec<u8>> {
    let db = pool();
    let deck = |name: &str| {
        let path = inputs::repo()
            .join("cards/decks")
            .join(format!("{name}.txt"));
        let bytes = engine::deck::read_deck_file(&path).expect("deck");
        engine::deck::card_ids(&engine::deck::parse(&bytes), &db).expect("bundled cards")
    };
    let run = |decks: &[&str], games: u64, turns: u32| {
        let sim = Simulation {
            db: db.clone(),
            entrants: decks
                .iter()
                .map(|d| Entrant {
                    deck: d.to_string(),
                    cards: deck(d),
                    player: PlayerKind::Random,
                })
                .collect(),
            swap: None,
            settings: Settings {
                games,
                seed: 3,
                turns,
                jobs: 1,
                shard: Shard::ALL,
                round_robin: false,
            },
        };
        record::to_jsonl(&sim.run(&|| {}).expect("the run plays")).into_bytes()
    };
    vec![
        run(&["rdf-starter", "colonial-starter"], 3, 12),
        run(
            &["rdf-starter", "colonial-starter", "corporate-starter"],
            2,
            8,
        ),
    ]
}

/// The file each mutant is written to (one per test process).
fn scratch() -> PathBuf {
    std::env::temp_dir().join(format!("hb-fuzz-games-{}.jsonl", std::process::id()))
}

fn refusal_is_words(path: &str, e: &str) {
    assert!(e.starts_with(path), "a refusal names the file: {e}");
    assert!(
        !e.chars().any(char::is_control),
        "a refusal echoes a control character: {e:?}"
    );
    assert!(e.len() < 4096, "a refusal of {} bytes", e.len());
}

/// A refused games file is told in words: its summary, and each line problem's message and the
/// part of the line it shows (escaped, bounded).
fn refusal_is_diagnosed(path: &str, e: &record::GamesFileError) {
    refusal_is_words(path, &e.to_string());
    assert!(
        e.lines.len() <= record::MAX_PROBLEMS,
        "{} problems kept",
        e.lines.len()
    );
    for p in &e.lines {
        assert!(!p.message.chars().any(char::is_control), "{:?}", p.message);
        assert!(!p.shown.chars().any(char::is_control), "{:?}", p.shown);
        assert!(
            p.shown.len() <= 8 << 17,
            "a line shown in {} bytes",
            p.shown.len()
        );
        assert!(
            p.at.0 <= p.at.1 && p.at.1 <= p.shown.len(),
            "{:?} in {:?}",
            p.at,
            p.shown
        );
    }
}

fn check_games_file(bytes: &[u8]) {
    let path = scratch();
    std::fs::write(&path, bytes).expect("scratch file");
    let shown = path.display().to_string();
    let mut records = Vec::new();
    let mut budget = record::MAX_MERGE_BYTES;
    match record::read(&path, &mut records, &mut budget) {
        Err(e) => refusal_is_diagnosed(&shown, &e),
        Ok(()) => {
            for r in &records {
                assert!(limits::TURNS.contains(&r.run.turns) && r.turns <= r.run.turns);
                assert!(limits::SIMULATE_GAMES.contains(&r.run.games) && r.index < r.run.games);
                assert!(limits::COMMANDERS.contains(&r.run.entrants.len()));
            }
            if let Ok(merged) = record::merge(records, false) {
                if let Ok(report) = Report::new(merged) {
                    let _ = report.render();
                    let _ = report.to_json();
                    let _ = chart::draw(&report);
                }
            }
        }
    }
    for variant in [Variant::Base, Variant::Swap] {
        if let Err(e) = record::find(&path, 0, variant) {
            refusal_is_diagnosed(&shown, &e);
        }
    }
}

#[test]
fn fuzz_games_files() {
    let corpus = corpus();
    fuzz(
        "games",
        &corpus,
        WORDS,
        iterations(300),
        seed(21),
        |b| b,
        check_games_file,
    );
    let _ = std::fs::remove_file(scratch());
}
