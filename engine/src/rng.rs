//! The game's one source of chance: a named, explicitly seeded ChaCha generator.
//!
//! Dice (§9.37: ten-sided volley dice) and every Shipyard shuffle (§8.3) draw from it, so the
//! same decks, seed and choices always give the same game. Rulings may *force* dice: forced
//! results are used first, in order, before the generator is consulted. Sampling is written
//! here (not taken from `rand`'s distributions) so a dependency bump cannot change a ruling;
//! `tests::reference_sequence` pins the stream.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::VecDeque;

/// Seeded dice and shuffler.
/// Whether a volley die can show `n` (§9.37: a d10 shows 1 to 10).
pub fn shows(n: u8) -> bool {
    (1..=10).contains(&n)
}

/// A forced result no volley die shows (§9.37: 1 to 10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotADie(pub u8);

impl std::fmt::Display for NotADie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a volley die shows 1 to 10, not {} (§9.37)", self.0)
    }
}

impl std::error::Error for NotADie {}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dice {
    rng: ChaCha8Rng,
    forced: VecDeque<u8>,
    /// Volley dice rolled so far (forced or not), for a ruling's dice accounting.
    rolled: u32,
    /// Whether any result was ever forced.
    was_forced: bool,
    /// The roll (1-based) at which forced results ran out and the generator took over.
    ran_out_at: Option<u32>,
    /// Every d10 result since [`Dice::record_rolls`], for `hullbreach replay --to-ruling`.
    recorded: Option<Vec<u8>>,
    /// A forced result still draws the roll it replaces from the generator ([`Dice::set_advance`]).
    advance: bool,
}

impl Dice {
    /// The generator for `seed` (`ChaCha8Rng::seed_from_u64`).
    pub fn new(seed: u64) -> Dice {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: VecDeque::new(),
            rolled: 0,
            was_forced: false,
            ran_out_at: None,
            recorded: None,
            advance: false,
        }
    }

    /// Whether a forced result still draws the roll it replaces from the generator (a ruling's
    /// `dice-advance: yes`): then the generator moves as it did in the game the dice came from,
    /// and a later shuffle or unforced roll comes out as it did there (§8.3).
    pub fn set_advance(&mut self, advance: bool) {
        self.advance = advance;
    }

    /// How far the generator has run: 32-bit words drawn since the seed. A ruling written from
    /// a game (`seed-words:`) starts its generator where the game's was, so the game's later
    /// shuffles come out the same.
    pub fn word_pos(&self) -> u128 {
        self.rng.get_word_pos()
    }

    /// Move the generator to `pos` words after the seed (see [`Dice::word_pos`]).
    pub fn seek(&mut self, pos: u128) {
        self.rng.set_word_pos(pos);
    }

    /// Start keeping every d10 result (forced or rolled) until [`Dice::take_rolls`].
    pub fn record_rolls(&mut self) {
        self.recorded = Some(Vec::new());
    }

    /// The d10 results kept since [`Dice::record_rolls`], and stop keeping them.
    pub fn take_rolls(&mut self) -> Vec<u8> {
        self.recorded.take().unwrap_or_default()
    }

    /// Queue results the next d10 rolls will return, before any random ones. A result a
    /// volley die cannot show (§9.37: 1 to 10) refuses the whole list: nothing is queued.
    pub fn force(&mut self, results: impl IntoIterator<Item = u8>) -> Result<(), NotADie> {
        let before = self.forced.len();
        self.forced.extend(results);
        if let Some(&bad) = self.forced.range(before..).find(|&&r| !shows(r)) {
            self.forced.truncate(before);
            return Err(NotADie(bad));
        }
        self.was_forced |= self.forced.len() > before;
        Ok(())
    }

    /// Forced results still queued, in the order they would be used.
    pub fn forced_unused(&self) -> Vec<u8> {
        self.forced.iter().copied().collect()
    }

    /// The roll (1-based) at which the forced results ran out and the seeded generator
    /// rolled instead; `None` while forced results last, or when none were forced.
    pub fn ran_out_at(&self) -> Option<u32> {
        self.ran_out_at
    }

    /// Forced results not yet used.
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// One volley die: 1..=10 (§9.37).
    pub fn d10(&mut self) -> u8 {
        self.rolled = self.rolled.saturating_add(1);
        let r = match self.forced.pop_front() {
            Some(r) => {
                if self.advance {
                    self.below(10);
                }
                r
            }
            None => {
                if self.was_forced && self.ran_out_at.is_none() {
                    self.ran_out_at = Some(self.rolled);
                }
                // below(10) < 10, so the cast cannot truncate.
                self.below(10) as u8 + 1
            }
        };
        if let Some(kept) = self.recorded.as_mut() {
            kept.push(r);
        }
        r
    }

    /// Uniform in `0..n` by rejection sampling (no modulo bias); `0` when `n == 0`.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let x = self.rng.next_u32();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A seed for a stream of its own, drawn from this one (two `below(u32::MAX)` draws, so
    /// every seed a player has drawn so stays the same).
    pub fn seed(&mut self) -> u64 {
        (u64::from(self.below(u32::MAX)) << 32) | u64::from(self.below(u32::MAX))
    }

    /// Fisher–Yates shuffle (§8.3).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pins the dice and shuffle stream for seed 42. If this changes, every ruling and every
    /// recorded game changes with it: treat a failure as a breaking change, not a snapshot.
    #[test]
    fn reference_sequence() {
        let mut d = Dice::new(42);
        let rolls: Vec<u8> = (0..12).map(|_| d.d10()).collect();
        let mut deck: Vec<u8> = (0..10).collect();
        d.shuffle(&mut deck);
        assert_eq!(
            (rolls, deck),
            (REF_ROLLS.to_vec(), REF_DECK.to_vec()),
            "the seeded stream changed"
        );
    }

    const REF_ROLLS: [u8; 12] = [8, 6, 5, 9, 3, 9, 1, 2, 3, 3, 1, 4];
    const REF_DECK: [u8; 10] = [1, 2, 6, 7, 5, 8, 3, 9, 0, 4];

    #[test]
    fn a_result_no_die_shows_forces_nothing() {
        let mut d = Dice::new(1);
        assert_eq!(d.force([3, 0, 4]), Err(NotADie(0)));
        assert_eq!(d.force([11]), Err(NotADie(11)));
        assert_eq!(d.forced_left(), 0);
        assert_eq!(
            NotADie(0).to_string(),
            "a volley die shows 1 to 10, not 0 (§9.37)"
        );
    }

    #[test]
    fn forced_dice_come_first() {
        let mut d = Dice::new(1);
        d.force([10, 1]).unwrap();
        assert_eq!(d.d10(), 10);
        assert_eq!(d.d10(), 1);
        assert_eq!(d.forced_left(), 0);
        assert_eq!(d.ran_out_at(), None);
        let r = d.d10();
        assert!((1..=10).contains(&r));
        assert_eq!(
            d.ran_out_at(),
            Some(3),
            "the third roll was the generator's"
        );
    }

    #[test]
    fn a_seeked_generator_continues_the_stream_and_rolls_are_kept() {
        let mut a = Dice::new(9);
        let mut deck: Vec<u8> = (0..8).collect();
        a.shuffle(&mut deck);
        let mut b = Dice::new(9);
        b.seek(a.word_pos());
        a.record_rolls();
        let rolls: Vec<u8> = (0..5).map(|_| a.d10()).collect();
        assert_eq!(rolls, (0..5).map(|_| b.d10()).collect::<Vec<_>>());
        assert_eq!(a.take_rolls(), rolls);
        a.d10();
        assert!(a.take_rolls().is_empty(), "keeping stops at take_rolls");
    }

    #[test]
    fn advancing_forced_dice_move_the_generator_as_rolls_do() {
        let mut game = Dice::new(5);
        let rolled: Vec<u8> = (0..6).map(|_| game.d10()).collect();
        let mut ruling = Dice::new(5);
        ruling.set_advance(true);
        ruling.force(rolled.iter().map(|r| 11 - r)).unwrap();
        let forced: Vec<u8> = (0..6).map(|_| ruling.d10()).collect();
        assert_eq!(forced, rolled.iter().map(|r| 11 - r).collect::<Vec<_>>());
        assert_eq!(ruling.word_pos(), game.word_pos());
        let (mut a, mut b): (Vec<u8>, Vec<u8>) = ((0..9).collect(), (0..9).collect());
        game.shuffle(&mut a);
        ruling.shuffle(&mut b);
        assert_eq!(a, b, "a shuffle after forced dice comes out as the game's");
    }

    #[test]
    fn unused_forced_dice_are_reported_and_unforced_games_never_run_out() {
        let mut d = Dice::new(1);
        d.force([4, 5, 6]).unwrap();
        d.d10();
        assert_eq!(d.forced_unused(), vec![5, 6]);
        let mut free = Dice::new(1);
        free.d10();
        assert_eq!(free.ran_out_at(), None, "no forced dice, nothing ran out");
    }
}
