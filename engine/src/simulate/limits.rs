//! The ranges of the engine tools' numbers, one definition each: `hullbreach` checks every
//! numeric flag of `play`, `simulate`, `sweep`, `replay` and `odds` against them when it parses
//! its arguments (docs/cli.md lists them), and a games file given to `simulate merge` or
//! `replay` is refused by the same ranges ([`super::record::GameRecord::check`]), so a tampered
//! file cannot ask the report for what the flags would have refused.
//!
//! Each bound is what keeps one run finite and its memory in proportion to what it was asked.

use std::ops::RangeInclusive;

/// `simulate --games`: every game's record is kept in memory until the report (a two-deck
/// record is about 8 KB as a JSON line), so a run stops at a million games; `--shard` splits a
/// run across processes, and `merge` reads at most [`super::record::MAX_RECORDS`] records.
pub const SIMULATE_GAMES: RangeInclusive<u64> = 1..=1_000_000;

/// `sweep --games`: a sweep plays its games one at a time and keeps only their counts and the
/// violations found, so its bound is on time, not memory.
pub const SWEEP_GAMES: RangeInclusive<u64> = 1..=100_000_000;

/// `--turns` of `play`, `simulate` and `sweep`, and a games file's turn cap. A game keeps its
/// log to the end (about 2.6 KB a commander turn in a random sweep game), so the cap bounds one
/// game's memory near 2.6 MB; games at the bundled decks end or stall well within 100 turns.
pub const TURNS: RangeInclusive<u32> = 1..=1_000;

/// Commanders in one game (§4.1): `simulate --deck` given 2 to 5 times, `sweep --commanders`,
/// and a games file's entrants.
pub const COMMANDERS: RangeInclusive<usize> = 2..=5;

/// `simulate --round-robin --deck`: the decks of a round robin (every pairing plays, so the
/// pairings grow as the square: 16 decks are 120 pairings).
pub const ROUND_ROBIN_DECKS: RangeInclusive<usize> = 2..=16;

/// `simulate --jobs`: worker threads.
pub const JOBS: RangeInclusive<usize> = 1..=256;

/// `--at` of `replay --to-ruling` and `sweep --to-ruling`: a choice of one game, which is
/// stopped after [`super::MAX_CHOICES`] choices.
pub const AT: RangeInclusive<usize> = 1..=super::MAX_CHOICES;

/// `--script-lines` of `--to-ruling`: the script lines of the ruling written.
pub const SCRIPT: RangeInclusive<usize> = 1..=crate::replay::MAX_SCRIPT;

/// `--game` of `replay` and `sweep`: a game's index in a run, from 0.
pub const GAME_INDEX: RangeInclusive<u64> = 0..=*SWEEP_GAMES.end() - 1;

/// The range as docs and messages write it: `1 to 1000`.
pub fn words<T: std::fmt::Display>(range: &RangeInclusive<T>) -> String {
    format!("{} to {}", range.start(), range.end())
}
