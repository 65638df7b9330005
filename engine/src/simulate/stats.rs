//! How sure a win rate is: 95% Wilson score intervals for a proportion, Newcombe's hybrid
//! score intervals for the difference of two proportions (independent samples, and paired
//! samples for the A/B games that share seeds), and nearest-rank percentiles.
//!
//! Rates compared across games of different lengths use the Mantel–Haenszel risk difference
//! over strata ([`stratified_difference`], with Sato's variance, consistent for many small
//! strata as well as few large ones), and a family of such comparisons is corrected with
//! Holm's step-down method ([`holm`]).
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

/// One stratum of a stratified comparison: wins and games on each side.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Stratum {
    pub won_with: u64,
    pub with: u64,
    pub won_without: u64,
    pub without: u64,
}

/// A stratified difference: the Mantel–Haenszel weighted difference of win rates (with −
/// without), its 95% Wald interval from Sato's (1989) variance, and the two-sided p-value of
/// no difference. `None` when no stratum has games on both sides, or when those games all
/// ended alike (no variance to measure).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Stratified {
    pub shift: Shift,
    pub p: f64,
    /// Games in strata with both sides (the games that carry the comparison).
    pub games: u64,
}

/// The Mantel–Haenszel risk difference over `strata` (Greenland & Robins 1985) with Sato's
/// variance: strata with games on one side only carry no weight.
pub fn stratified_difference(strata: &[Stratum]) -> Option<Stratified> {
    let (mut num, mut weight, mut sum_p, mut sum_q, mut games) = (0.0, 0.0, 0.0, 0.0, 0u64);
    for s in strata.iter().filter(|s| s.with > 0 && s.without > 0) {
        let (a, n1) = (s.won_with as f64, s.with as f64);
        let (c, n0) = (s.won_without as f64, s.without as f64);
        let n = n1 + n0;
        num += (a * n0 - c * n1) / n;
        weight += n1 * n0 / n;
        sum_p += (n1 * n1 * c - n0 * n0 * a + n1 * n0 * (n0 - n1) / 2.0) / (n * n);
        sum_q += (a * (n0 - c) + c * (n1 - a)) / (2.0 * n);
        games += s.with + s.without;
    }
    if weight <= 0.0 {
        return None;
    }
    let d = num / weight;
    let var = (d * sum_p + sum_q) / (weight * weight);
    // Every compared game ended alike (all won or all lost within each length): a zero
    // variance would give an interval of one point, a certainty the games do not carry.
    if var.is_nan() || var <= 0.0 {
        return None;
    }
    let se = var.sqrt();
    let p = erfc((d / se).abs() / std::f64::consts::SQRT_2);
    Some(Stratified {
        shift: Shift {
            shift: d,
            low: (d - Z95 * se).max(-1.0),
            high: (d + Z95 * se).min(1.0),
        },
        p: p.clamp(0.0, 1.0),
        games,
    })
}

/// Holm's step-down adjustment of p-values: each adjusted p is compared with the family's
/// level (0.05) as if it were the only test, and the chance that any true null is called a
/// difference stays at most that level, whatever the tests' dependence.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    let mut adjusted = vec![1.0; m];
    let mut running = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The complementary error function (Numerical Recipes' Chebyshev fit, relative error below
/// 1.2e-7: ample for a p-value).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
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
    fn stratified_difference_reduces_to_one_table_and_pools_strata() {
        // One stratum, 30/60 against 30/60: no difference, variance 1/(2·60)·2 = the unpooled
        // p(1−p)/n1 + p(1−p)/n0.
        let even = Stratum {
            won_with: 30,
            with: 60,
            won_without: 30,
            without: 60,
        };
        let s = stratified_difference(&[even]).expect("both sides");
        let se = (0.25f64 / 60.0 + 0.25 / 60.0).sqrt();
        assert!(
            close(s.shift.shift, 0.0) && close(s.shift.high, Z95 * se),
            "{s:?}"
        );
        assert!(close(s.p, 1.0));
        // Game length confounds: long games are drawn-in more and won more by this deck, and
        // within each length the card changes nothing. Pooled, the card looks strong; by
        // stratum the difference is zero.
        let short = Stratum {
            won_with: 2,
            with: 10,
            won_without: 18,
            without: 90,
        };
        let long = Stratum {
            won_with: 72,
            with: 90,
            won_without: 8,
            without: 10,
        };
        let s = stratified_difference(&[short, long]).expect("both sides");
        assert!(close(s.shift.shift, 0.0) && !s.shift.clear(), "{s:?}");
        let pooled = difference(&Rate::new(74, 100), &Rate::new(26, 100));
        assert!(
            pooled.clear(),
            "unstratified, the confounded card looks strong"
        );
        // A stratum with one side only carries nothing; none with both sides: no comparison.
        let one_sided = Stratum {
            won_with: 5,
            with: 9,
            ..Stratum::default()
        };
        assert_eq!(stratified_difference(&[one_sided]), None);
        // Every game lost on both sides: nothing to measure, not a difference of 0 ± 0.
        let alike = Stratum {
            won_with: 0,
            with: 12,
            won_without: 0,
            without: 8,
        };
        assert_eq!(stratified_difference(&[alike]), None);
        // p-values: z = 1.96 is p = 0.05.
        assert!((erfc(Z95 / std::f64::consts::SQRT_2) - 0.05).abs() < 1e-6);
    }

    #[test]
    fn holm_steps_down() {
        // Holm (1979) by hand: m = 4, sorted 0.01, 0.02, 0.03, 0.5 -> 0.04, 0.06, 0.06, 0.5.
        let adj = holm(&[0.03, 0.5, 0.01, 0.02]);
        let want = [0.06, 0.5, 0.04, 0.06];
        for (a, w) in adj.iter().zip(want) {
            assert!(close(*a, w), "{adj:?}");
        }
        assert!(holm(&[]).is_empty());
        assert_eq!(holm(&[0.9, 0.9]), vec![1.0, 1.0]);
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
