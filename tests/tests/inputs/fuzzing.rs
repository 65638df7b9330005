//! The fuzz driver every harness shares (`fuzz.rs` and the harnesses of the newer surfaces in
//! their own files): run a checker on each corpus input, then on seeded mutants, and on a
//! panic save the input under `target/fuzz-crashes/` and fail naming it. `HB_FUZZ_ITERS`,
//! `HB_FUZZ_SEED` and `HB_FUZZ_SECS` set a long offline run (docs/reliability.md, "Fuzzing").

use std::panic::{catch_unwind, AssertUnwindSafe};

use super::{mutate, Rng};

/// Inputs per harness: `HB_FUZZ_ITERS`, or `default` (the in-suite run).
pub fn iterations(default: usize) -> usize {
    std::env::var("HB_FUZZ_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

pub fn seed(kind: u64) -> u64 {
    let base = std::env::var("HB_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x4855_4c4c);
    base ^ kind.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Runs `check` on every corpus file, then on `iters` mutants; on a panic, saves the input and
/// fails naming it.
pub fn fuzz(
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
            let dir = super::repo().join("target/fuzz-crashes");
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
