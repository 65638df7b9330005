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

use inputs::fuzzing::{fuzz, iterations, seed};
use inputs::reframe;

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
