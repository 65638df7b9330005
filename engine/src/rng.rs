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
#[derive(Debug, Clone)]
pub struct Dice {
    rng: ChaCha8Rng,
    forced: VecDeque<u8>,
}

impl Dice {
    /// The generator for `seed` (`ChaCha8Rng::seed_from_u64`).
    pub fn new(seed: u64) -> Dice {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: VecDeque::new(),
        }
    }

    /// Queue results the next d10 rolls will return, before any random ones.
    pub fn force(&mut self, results: impl IntoIterator<Item = u8>) {
        self.forced.extend(results);
    }

    /// Forced results not yet used.
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// One volley die: 1..=10 (§9.37).
    pub fn d10(&mut self) -> u8 {
        match self.forced.pop_front() {
            Some(r) => r,
            // below(10) < 10, so the cast cannot truncate.
            None => self.below(10) as u8 + 1,
        }
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
    fn forced_dice_come_first() {
        let mut d = Dice::new(1);
        d.force([10, 1]);
        assert_eq!(d.d10(), 10);
        assert_eq!(d.d10(), 1);
        assert_eq!(d.forced_left(), 0);
        let r = d.d10();
        assert!((1..=10).contains(&r));
    }
}
