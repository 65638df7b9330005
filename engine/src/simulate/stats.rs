//! How sure a win rate is: 95% Wilson score intervals for a proportion, Newcombe's hybrid
//! score intervals for the difference of two proportions (independent samples, and paired
//! samples for the A/B games that share seeds), and nearest-rank percentiles.
//!
//! Wilson's interval stays inside 0..1 and behaves at 0 or n wins, where the textbook
//! `p ± 1.96·√(p(1−p)/n)` collapses to a point; Newcombe's method builds the difference's
//! interval from the two Wilson intervals (Newcombe 1998, method 10 for both).

use serde::{Deserialize, Serialize};

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins out of games, with the rate's 95% Wilson interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    pub wins: u64,
    pub games: u64,
    /// `wins / games` (0 when there are no games).
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    pub fn new(wins: u64, games: u64) -> Rate {
        let (low, high) = wilson(wins, games);
        Rate {
            wins,
            games,
            rate: if games == 0 {
                0.0
            } else {
                wins as f64 / games as f64
            },
            low,
            high,
        }
    }
}

/// A difference of two rates (in 0..1 units, e.g. +0.12 = twelve points) with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Shift {
    pub shift: f64,
    pub low: f64,
    pub high: f64,
}

impl Shift {
    /// Whether the interval excludes no difference.
    pub fn clear(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

/// The 95% Wilson score interval of `wins` out of `games`; `(0, 1)` with no games.
pub fn wilson(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let p = wins.min(games) as f64 / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    // At 0 or n wins one end is the rate itself; rounding must not move it past the rate.
    ((centre - half).clamp(0.0, p), (centre + half).clamp(p, 1.0))
}

/// `a − b` for two independent samples (Newcombe's hybrid score interval).
pub fn difference(a: &Rate, b: &Rate) -> Shift {
    let d = a.rate - b.rate;
    let below = ((a.rate - a.low).powi(2) + (b.high - b.rate).powi(2)).sqrt();
    let above = ((a.high - a.rate).powi(2) + (b.rate - b.low).powi(2)).sqrt();
    Shift {
        shift: d,
        low: (d - below).max(-1.0),
        high: (d + above).min(1.0),
    }
}

/// `after − before` over paired outcomes (the same game seed played twice): `pairs` holds one
/// `(before won, after won)` per seed. Newcombe's hybrid score interval for paired
/// proportions, with the phi correlation of the pairs.
pub fn paired_shift(pairs: &[(bool, bool)]) -> Shift {
    let count = |x: bool, y: bool| pairs.iter().filter(|p| **p == (x, y)).count() as f64;
    // a: both won, b: won only after, c: won only before, d: neither.
    let (a, b, c, d) = (
        count(true, true),
        count(false, true),
        count(true, false),
        count(false, false),
    );
    let n = pairs.len() as u64;
    let after = Rate::new((a + b) as u64, n);
    let before = Rate::new((a + c) as u64, n);
    let shift = after.rate - before.rate;
    let denom = ((a + b) * (c + d) * (a + c) * (b + d)).sqrt();
    let phi = if denom > 0.0 {
        (a * d - b * c) / denom
    } else {
        0.0
    };
    let (l1, u1, p1) = (after.low, after.high, after.rate);
    let (l2, u2, p2) = (before.low, before.high, before.rate);
    let below = ((p1 - l1).powi(2) - 2.0 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2).powi(2))
        .max(0.0)
        .sqrt();
    let above = ((u1 - p1).powi(2) - 2.0 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2).powi(2))
        .max(0.0)
        .sqrt();
    Shift {
        shift,
        low: (shift - below).max(-1.0),
        high: (shift + above).min(1.0),
    }
}

/// The nearest-rank percentile `pct` (0..=100) of sorted values; 0 when empty.
pub fn percentile(sorted: &[u32], pct: u32) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (u64::from(pct.min(100)) * sorted.len() as u64)
        .div_ceil(100)
        .max(1);
    sorted[(rank - 1) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), table II: 81 of 263 gives 0.2553 to 0.3662; 0 of 10 gives 0 to 0.2775.
        let (l, h) = wilson(81, 263);
        assert!(close(l, 0.2553) && close(h, 0.3662), "{l} {h}");
        let (l, h) = wilson(0, 10);
        assert!(close(l, 0.0) && close(h, 0.2775), "{l} {h}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        // No wins: the low end is the rate itself, not a rounding error above it.
        assert_eq!(wilson(0, 6).0, 0.0);
        assert_eq!(wilson(6, 6).1, 1.0);
    }

    #[test]
    fn independent_difference_matches_newcombe() {
        // Newcombe (1998b), example (a): 56/70 − 48/80, method 10: 0.0524 to 0.3339.
        let s = difference(&Rate::new(56, 70), &Rate::new(48, 80));
        assert!(close(s.low, 0.0524) && close(s.high, 0.3339), "{s:?}");
        assert!(s.clear());
    }

    #[test]
    fn paired_shift_matches_newcombe() {
        // Newcombe's paired example: 8 both, 5 only after, 4 only before, 83 neither. The
        // interval is method 10 with the plain phi (no continuity correction), computed by hand
        // from the two Wilson intervals: −0.0534 to 0.0745.
        let mut pairs = Vec::new();
        pairs.extend(std::iter::repeat_n((true, true), 8));
        pairs.extend(std::iter::repeat_n((false, true), 5));
        pairs.extend(std::iter::repeat_n((true, false), 4));
        pairs.extend(std::iter::repeat_n((false, false), 83));
        let s = paired_shift(&pairs);
        assert!(close(s.shift, 0.01), "{s:?}");
        assert!(close(s.low, -0.0534) && close(s.high, 0.0745), "{s:?}");
        assert!(!s.clear());
        // Every pair alike: no shift, but still an interval of honest width.
        let same = paired_shift(&[(true, true); 20]);
        assert_eq!(same.shift, 0.0);
        assert!(same.low < 0.0 && same.high > 0.0, "{same:?}");
        // Won only after the change, every time: a clear shift up.
        let up = paired_shift(&[(false, true); 20]);
        assert!(up.shift == 1.0 && up.clear(), "{up:?}");
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        assert_eq!(percentile(&v, 50), 5);
        assert_eq!(percentile(&v, 90), 9);
        assert_eq!(percentile(&v, 100), 10);
        assert_eq!(percentile(&v, 0), 1);
        assert_eq!(percentile(&[], 50), 0);
    }
}
