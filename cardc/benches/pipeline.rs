//! End-to-end throughput of the toolkit's main jobs on the bundled pool: compile the card
//! files, encode and load the database, validate a starter deck, play seeded games.
//!
//! Run with `cargo bench -p cardc --bench pipeline`; figures go in docs/performance.md.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use cardlang::db::CardDb;
use cardlang::source::{read_pool, SourceFile};
use engine::deck::{self, DeckOptions};
use engine::players::{play_out, HeuristicPlayer, Player, RandomPlayer};
use engine::{Config, Game};

fn main() {
    divan::main();
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn pool_files() -> Vec<SourceFile> {
    read_pool(&root().join("cards")).expect("the bundled pool is readable")
}

fn pool_db() -> CardDb {
    let comp = cardlang::compile(&pool_files());
    assert!(!comp.has_errors(), "the bundled pool compiles");
    CardDb::new(comp.cards).expect("the bundled pool is a valid database")
}

fn starter(name: &str) -> Vec<u8> {
    std::fs::read(root().join("cards/decks").join(name)).expect("starter deck exists")
}

/// Parse, check and lower the whole bundled pool (~150 cards, 28 files).
#[divan::bench]
fn compile_pool(b: divan::Bencher) {
    let files = pool_files();
    b.bench(|| cardlang::compile(divan::black_box(&files)));
}

#[divan::bench]
fn db_encode(b: divan::Bencher) {
    let db = pool_db();
    b.bench(|| CardDb::new(divan::black_box(db.cards().to_vec())));
}

/// Every check the loader makes: header, checksum, bounded decode, content validation.
#[divan::bench]
fn db_load(b: divan::Bencher) {
    let bytes = pool_db().to_bytes();
    b.bench(|| CardDb::from_bytes(divan::black_box(&bytes)));
}

#[divan::bench]
fn deck_check(b: divan::Bencher) {
    let db = pool_db();
    let text = starter("rdf-starter.txt");
    b.bench(|| deck::check(divan::black_box(&text), &db, &DeckOptions::default()));
}

fn deck_ids(cat: &CardDb, name: &str) -> Vec<cardlang::ir::CardId> {
    let list = deck::parse(&starter(name));
    let mut ids = Vec::new();
    for e in &list.entries {
        let card = cat.by_name(&e.name).expect("starter deck names resolve");
        ids.extend(std::iter::repeat_n(card.id, e.count as usize));
    }
    ids
}

fn play(kind: &str, seed: u64) -> usize {
    thread_local! {
        static CAT: Arc<CardDb> = Arc::new(pool_db());
    }
    CAT.with(|cat| {
        let decks = vec![
            ("rdf".to_string(), deck_ids(cat, "rdf-starter.txt")),
            (
                "colonial".to_string(),
                deck_ids(cat, "colonial-starter.txt"),
            ),
        ];
        let mut game = Game::new(
            cat.clone(),
            decks,
            Config {
                seed,
                max_turns: 20,
            },
        )
        .expect("starter decks set up");
        let mut players: Vec<Box<dyn Player>> = (0..2u64)
            .map(|k| -> Box<dyn Player> {
                if kind == "random" {
                    Box::new(RandomPlayer::new(seed ^ k))
                } else {
                    Box::new(HeuristicPlayer::new(seed ^ k))
                }
            })
            .collect();
        play_out(&mut game, &mut players, 1_000_000)
    })
}

/// One whole seeded game between two starter decks, to the turn limit or a victory.
#[divan::bench(args = ["random", "heuristic"])]
fn game(b: divan::Bencher, kind: &str) {
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        play(kind, seed)
    });
}
