//! Mutation fuzzing of the four input kinds, on the stable toolchain (docs/reliability.md):
//! card source, decklists, ruling files and database bytes. Each harness mutates its seed
//! corpus (the fixture files themselves, plus `tests/fuzz/<kind>/`) with a seeded mutator and
//! runs the checker of `inputs`: no panic, bounded output, a location on every error.
//!
//! In the normal suite each harness runs a short, fixed-seed bounded number of inputs. A long
//! offline run sets `HB_FUZZ_ITERS` (inputs per harness) and `HB_FUZZ_SEED`:
//!
//! ```text
//! HB_FUZZ_ITERS=10000000 HB_FUZZ_SECS=180 HB_FUZZ_SEED=7 \
//!     cargo test --release -p tests --test fuzz -- --test-threads 1 --nocapture
//! ```
//!
//! A crash prints the seed, the iteration and where the input was written
//! (`target/fuzz-crashes/`); it becomes a file under `tests/fuzz/<kind>/`, which every run
//! (the short one included) replays first.

mod inputs;

use std::panic::{catch_unwind, AssertUnwindSafe};

use inputs::{mutate, reframe, Rng};

/// Inputs per harness: `HB_FUZZ_ITERS`, or `default` (the in-suite run).
fn iterations(default: usize) -> usize {
    std::env::var("HB_FUZZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn seed(kind: u64) -> u64 {
    let base = std::env::var("HB_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x4855_4c4c);
    base ^ kind.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Runs `check` on every corpus file, then on `iters` mutants; on a panic, saves the input and
/// fails naming it.
fn fuzz(
    kind: &str,
    corpus: &[Vec<u8>],
    words: &[&str],
    iters: usize,
    seed: u64,
    prepare: impl Fn(Vec<u8>) -> Vec<u8>,
    check: impl Fn(&[u8]),
) {
    assert!(!corpus.is_empty(), "{kind}: empty corpus");
    let run = |input: &[u8], what: &str| {
        if catch_unwind(AssertUnwindSafe(|| check(input))).is_err() {
            let dir = inputs::repo().join("target/fuzz-crashes");
            let _ = std::fs::create_dir_all(&dir);
            let path = dir.join(format!("{kind}-{seed}-{what}.bin"));
            let _ = std::fs::write(&path, input);
            panic!(
                "{kind}: crash on {what} (seed {seed}); input saved to {}",
                path.display()
            );
        }
    };
    for (i, input) in corpus.iter().enumerate() {
        run(input, &format!("corpus-{i}"));
    }
    // A long run may also stop at a time budget (`HB_FUZZ_SECS` per harness); the in-suite run
    // never sets one, so it is the same inputs every time.
    let budget = std::env::var("HB_FUZZ_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map(std::time::Duration::from_secs);
    let started = std::time::Instant::now();
    let mut rng = Rng::new(seed);
    let mut done = 0;
    for i in 0..iters {
        if budget.is_some_and(|b| started.elapsed() > b) {
            break;
        }
        let base = rng.pick(corpus);
        let input = prepare(mutate(&mut rng, base, corpus, words));
        run(&input, &format!("iteration-{i}"));
        done += 1;
    }
    eprintln!(
        "{kind}: {} corpus files, {done} mutants, seed {seed}, {:.0} s: no crash",
        corpus.len(),
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn fuzz_card_source() {
    let corpus = inputs::card_corpus();
    fuzz(
        "cards",
        &corpus,
        inputs::CARD_WORDS,
        iterations(150),
        seed(1),
        |b| b,
        inputs::check_card_source,
    );
}

#[test]
fn fuzz_decklists() {
    let corpus = inputs::deck_corpus();
    fuzz(
        "decks",
        &corpus,
        inputs::DECK_WORDS,
        iterations(300),
        seed(2),
        |b| b,
        inputs::check_decklist,
    );
}

#[test]
fn fuzz_ruling_files() {
    let corpus = inputs::ruling_corpus();
    fuzz(
        "rulings",
        &corpus,
        inputs::RULING_WORDS,
        iterations(150),
        seed(3),
        |b| b,
        inputs::check_ruling,
    );
}

/// Mutates the payload and recomputes the header's length and checksum, so mutants reach the
/// decoder and the content checks; one in eight keeps the raw mutation (header checks).
#[test]
fn fuzz_database_bytes() {
    let corpus = inputs::db_corpus();
    let keep_raw = std::cell::Cell::new(0u32);
    fuzz(
        "db",
        &corpus,
        &[],
        iterations(150),
        seed(4),
        |b| {
            keep_raw.set(keep_raw.get().wrapping_add(1));
            if keep_raw.get().is_multiple_of(8) {
                b
            } else {
                reframe(&b)
            }
        },
        inputs::check_db,
    );
}

/// The reframing reaches the decoder: a corpus database reframed unchanged still loads, and a
/// payload byte changed then reframed fails past the checksum, not at it.
#[test]
fn reframed_mutants_reach_the_decoder() {
    let db = inputs::db_corpus().remove(0);
    assert_eq!(reframe(&db), db);
    let mut changed = db.clone();
    let last = changed.len() - 1;
    changed[last] ^= 0xff;
    let raw = cardlang::db::CardDb::from_bytes(&changed).unwrap_err();
    assert!(
        matches!(raw, cardlang::db::DbError::ChecksumMismatch { .. }),
        "{raw}"
    );
    let reframed = cardlang::db::CardDb::from_bytes(&reframe(&changed));
    assert!(
        !matches!(
            reframed,
            Err(cardlang::db::DbError::ChecksumMismatch { .. })
        ),
        "reframing failed"
    );
}
