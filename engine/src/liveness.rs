//! Liveness across choices: a game that keeps coming back to the same position while nothing
//! happens is stuck, however long it is allowed to run.
//!
//! The rules must never offer such a loop (I-56, I-66), but a driver that plays games
//! (`players::play_out`, the sweep) must not hang if one slips through: it asks a [`LoopGuard`]
//! after every choice. A *position* is everything the rules read — commanders' zones and
//! Stockpiles, every card instance, the dice stream, turn, phase, step, the engagement and
//! its boarding actions, pending effects and temporary modifiers — but not the log or the
//! history of choices, which only ever grow. Nothing happened when a choice added no event to
//! the log. A position seen [`MAX_REPEATS`] times with no event in between is a loop: the
//! same commander faces the same decision in the same game again and again.
//!
//! One repeat is not a loop (a commander may hold fire twice in a boarding action and then
//! fire); a player that chooses at random leaves a repeated position long before
//! [`MAX_REPEATS`], and a deterministic player that loops comes back every few choices, so it
//! is caught after a few hundred choices at most. Positions are hashed only once 32 choices in
//! a row have added no event, so ordinary games pay nothing for the guard.

use std::collections::hash_map::DefaultHasher;
use std::fmt::Write as _;
use std::hash::Hasher;

use crate::state::Game;

/// How many times one position may recur with no event in between before it is a loop.
pub const MAX_REPEATS: u32 = 64;

/// Silent choices in a row before positions are hashed.
const QUIET_RUN: usize = 32;

/// Positions kept while nothing happens; more than this many choices in a row with no event is
/// a loop too (no rule asks that many silent questions).
const MAX_SILENT: usize = 4096;

/// Watches a game for a repeated position with no event in between.
#[derive(Debug, Clone, Default)]
pub struct LoopGuard {
    log_len: usize,
    /// Choices in a row that added no event.
    silent: usize,
    seen: Vec<(u64, u32)>,
}

impl LoopGuard {
    pub fn new(game: &Game) -> LoopGuard {
        LoopGuard {
            log_len: game.log_len(),
            silent: 0,
            seen: Vec::new(),
        }
    }

    /// Call after each applied choice: `Some(why)` (in words) once the game is looping.
    pub fn after_choice(&mut self, game: &Game) -> Option<String> {
        let len = game.log_len();
        if len != self.log_len {
            self.log_len = len;
            self.silent = 0;
            self.seen.clear();
            return None;
        }
        self.silent += 1;
        // Ordinary play has short runs of silent choices (a split volley assigned die by die);
        // positions are hashed only in a longer run, so the guard costs ordinary games nothing.
        if self.silent <= QUIET_RUN {
            return None;
        }
        let what = || {
            game.decision()
                .map_or_else(|| "no decision".to_string(), |d| d.words(game))
        };
        if self.silent >= MAX_SILENT {
            return Some(format!(
                "{MAX_SILENT} choices in a row changed nothing in the log; the last decision is {}",
                what()
            ));
        }
        let f = fingerprint(game);
        match self.seen.iter_mut().find(|(h, _)| *h == f) {
            Some((_, n)) => {
                *n += 1;
                if *n >= MAX_REPEATS {
                    return Some(format!(
                        "the game loops: {} came back {MAX_REPEATS} times with nothing happening in between",
                        what()
                    ));
                }
            }
            None => self.seen.push((f, 1)),
        }
        None
    }
}

/// A hash of the position: every field of the game the rules read, not the log or history.
pub fn fingerprint(g: &Game) -> u64 {
    struct H(DefaultHasher);
    impl std::fmt::Write for H {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0.write(s.as_bytes());
            Ok(())
        }
    }
    let mut h = H(DefaultHasher::new());
    let _ = write!(
        h,
        "{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
        g.commanders,
        g.instances,
        g.dice,
        g.turn,
        g.active,
        g.phase,
        g.step,
        g.regiments,
        g.setup_queue,
        g.order,
        g.overrides,
        g.discounts,
        g.declared_against,
        g.outcome,
        g.engagement,
        g.spoils,
        g.fresh,
        g.pending,
        g.temporary,
    );
    let _ = write!(
        h,
        "{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
        g.drawback_carried,
        g.relocations,
        g.clock,
        g.limits_used,
        g.plays_used,
        g.wards_used,
        g.temporary_commanders
    );
    h.0.finish()
}
