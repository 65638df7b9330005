//! Exact volley odds (`hullbreach odds`): the distribution of wounds one volley deals and the
//! chance it destroys its target, by convolution over the ten faces of each die — the same
//! model `rules::volley::volley` rolls, die for die:
//!
//! - the target's defense is its defense plus the Stealth bonus (§3.4.9, 5 by default) less
//!   Target Painter marks (§3.3.5), never below 0, as `rules::stats::defense` reads it;
//! - each die adds the Alpha Strike bonus (§3.4.1, 3 by default) on the unit's first volley of
//!   an engagement, and wounds when the result reaches the defense; a natural 1 always misses
//!   and a natural 10 always hits (§8.2);
//! - with Annihilate (§3.4.2) a natural 10 deals 3 wounds, and two natural 10s at one target in
//!   one volley destroy it immediately; a Resistant target (§3.4.8) takes one wound from a
//!   natural 10 and ignores the two-tens rule;
//! - a roll-result modifier of card text (issue 17, `--bonus`) adds to every die like Alpha
//!   Strike, and the naturals still decide the ends;
//! - wounds beyond what the target has left are lost (overkill).
//!
//! Probabilities are kept exact, as counts of the 10^n equally likely rolls of n dice, so the
//! dice are capped at [`MAX_DICE`] (10^30 fits in a `u128`).

/// More dice than this are refused (the counts would overflow).
pub const MAX_DICE: u8 = 30;

/// One volley's setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Volley {
    pub dice: u8,
    /// The target's defense before Stealth and paint.
    pub target_defense: u8,
    /// Wounds the target has left; `None`: count raw wounds, no destruction.
    pub wounds: Option<u8>,
    pub annihilate: bool,
    /// This is the unit's first volley of the engagement and it has Alpha Strike.
    pub alpha_strike: bool,
    /// The target has Stealth and the firer is no Hunter.
    pub stealth: bool,
    /// Total Target Painter marks on the target.
    pub painted: u8,
    pub resistant: bool,
    /// The firer's roll-result modifier from card text (`gets +1 to volley rolls`, issue 17).
    pub bonus: i8,
}

/// The base-rule values the odds use (§8.1 overrides can change them on a card).
pub const STEALTH_BONUS: u8 = 5;
pub const ALPHA_STRIKE_BONUS: u8 = 3;
pub const ANNIHILATE_WOUNDS: u8 = 3;

/// The exact result: `dealt[k]` rolls of `total` deal k wounds (capped at the wounds left).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Odds {
    pub total: u128,
    pub dealt: Vec<u128>,
    /// Rolls that destroy the target (wounds reach what it has left, or two natural 10s with
    /// Annihilate); 0 when no wounds were given.
    pub destroyed: u128,
    /// The defense each die must reach after Stealth and paint.
    pub effective_defense: u8,
}

impl Odds {
    pub fn chance(&self, count: u128) -> f64 {
        count as f64 / self.total as f64
    }

    /// The expected wounds dealt.
    pub fn mean(&self) -> f64 {
        self.dealt
            .iter()
            .enumerate()
            .map(|(k, &c)| k as f64 * self.chance(c))
            .sum()
    }
}

/// How one die can land: (probability in tenths, wounds, is a natural 10 that counts for
/// Annihilate).
fn faces(v: &Volley, defense: u8) -> [(u128, u8, bool); 10] {
    let alpha = if v.alpha_strike {
        ALPHA_STRIKE_BONUS
    } else {
        0
    };
    let annihilating = v.annihilate && !v.resistant;
    let mut out = [(1u128, 0u8, false); 10];
    for (k, f) in out.iter_mut().enumerate() {
        let natural = k as u8 + 1;
        let result = i32::from(natural) + i32::from(alpha) + i32::from(v.bonus);
        let hit = natural == 10 || (natural != 1 && result >= i32::from(defense));
        let wounds = match (hit, natural == 10 && annihilating) {
            (false, _) => 0,
            (true, true) => ANNIHILATE_WOUNDS,
            (true, false) => 1,
        };
        *f = (1, wounds, hit && natural == 10 && annihilating);
    }
    out
}

/// The exact odds of one volley, or why the setting is refused.
pub fn odds(v: &Volley) -> Result<Odds, String> {
    if v.dice == 0 || v.dice > MAX_DICE {
        return Err(format!("--dice must be 1 to {MAX_DICE}, not {}", v.dice));
    }
    if v.wounds == Some(0) {
        return Err("--wounds must be at least 1 (the wounds the target has left)".into());
    }
    let stealth = if v.stealth { STEALTH_BONUS } else { 0 };
    let defense = (i32::from(v.target_defense) + i32::from(stealth) - i32::from(v.painted))
        .clamp(0, i32::from(u8::MAX)) as u8;
    let faces = faces(v, defense);
    // Wounds are counted up to the cap (what is left, or every die at its most).
    let cap = usize::from(
        v.wounds
            .unwrap_or(v.dice.saturating_mul(ANNIHILATE_WOUNDS.max(1))),
    );
    // state[w][t]: rolls so far with w wounds (capped) and t counting natural 10s (capped at 2).
    let mut state = vec![[0u128; 3]; cap + 1];
    state[0][0] = 1;
    for _ in 0..v.dice {
        let mut next = vec![[0u128; 3]; cap + 1];
        for (w, row) in state.iter().enumerate() {
            for (t, &count) in row.iter().enumerate() {
                if count == 0 {
                    continue;
                }
                for &(p, wounds, ten) in &faces {
                    let w2 = (w + usize::from(wounds)).min(cap);
                    let t2 = (t + usize::from(ten)).min(2);
                    next[w2][t2] += count * p;
                }
            }
        }
        state = next;
    }
    let total = 10u128.pow(u32::from(v.dice));
    let dealt: Vec<u128> = state.iter().map(|row| row.iter().sum()).collect();
    let destroyed = match v.wounds {
        None => 0,
        Some(_) => state
            .iter()
            .enumerate()
            .map(|(w, row)| if w == cap { row.iter().sum() } else { row[2] })
            .sum(),
    };
    Ok(Odds {
        total,
        dealt,
        destroyed,
        effective_defense: defense,
    })
}

/// The odds as a table in words.
pub fn render(v: &Volley, o: &Odds) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let mut traits = Vec::new();
    if v.alpha_strike {
        traits.push(format!("Alpha Strike +{ALPHA_STRIKE_BONUS} (§3.4.1)"));
    }
    if v.annihilate {
        traits.push("Annihilate (§3.4.2)".to_string());
    }
    if v.bonus != 0 {
        traits.push(format!("{:+} to volley rolls (card text)", v.bonus));
    }
    let mut target = Vec::new();
    if v.stealth {
        target.push(format!("Stealth +{STEALTH_BONUS} (§3.4.9)"));
    }
    if v.painted > 0 {
        target.push(format!("painted -{} (§3.3.5)", v.painted));
    }
    if v.resistant {
        target.push("Resistant (§3.4.8)".to_string());
    }
    let _ = writeln!(
        s,
        "{} dice{} at defense {}{}: each die needs a natural {} or more (a natural 1 misses, a natural 10 hits, §8.2)",
        v.dice,
        if traits.is_empty() {
            String::new()
        } else {
            format!(" with {}", traits.join(", "))
        },
        v.target_defense,
        if target.is_empty() {
            String::new()
        } else {
            format!(" ({})", target.join(", "))
        },
        (i32::from(o.effective_defense)
            - i32::from(if v.alpha_strike { ALPHA_STRIKE_BONUS } else { 0 })
            - i32::from(v.bonus))
        .clamp(2, 10),
    );
    let label = match v.wounds {
        Some(w) => format!("wounds dealt (of {w} left; overkill is lost)"),
        None => "wounds dealt".to_string(),
    };
    let _ = writeln!(s, "{label}:");
    let last = o.dealt.iter().rposition(|&c| c > 0).unwrap_or(0);
    for (k, &c) in o.dealt.iter().enumerate().take(last + 1) {
        let _ = writeln!(s, "  {k:>3}  {:>7.3}%", 100.0 * o.chance(c));
    }
    let _ = writeln!(s, "expected wounds: {:.3}", o.mean());
    match v.wounds {
        Some(w) => {
            let _ = writeln!(
                s,
                "chance to destroy ({w} wound(s) left{}): {:.3}%",
                if v.annihilate && !v.resistant {
                    ", or two natural 10s"
                } else {
                    ""
                },
                100.0 * o.chance(o.destroyed)
            );
        }
        None => {
            let _ = writeln!(s, "give --wounds N for the chance to destroy");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(dice: u8, defense: u8) -> Volley {
        Volley {
            dice,
            target_defense: defense,
            wounds: None,
            annihilate: false,
            alpha_strike: false,
            stealth: false,
            painted: 0,
            resistant: false,
            bonus: 0,
        }
    }

    #[test]
    fn one_die_hits_on_defense_or_more_and_the_naturals_decide_the_ends() {
        // Defense 7: faces 7, 8, 9, 10 hit.
        let o = odds(&plain(1, 7)).unwrap();
        assert_eq!(o.dealt, vec![6, 4, 0, 0]);
        // Defense 12: only the natural 10 hits (§8.2).
        assert_eq!(odds(&plain(1, 12)).unwrap().dealt[1], 1);
        // Defense 0 (painted away): the natural 1 still misses.
        let mut v = plain(1, 3);
        v.painted = 5;
        let o = odds(&v).unwrap();
        assert_eq!((o.effective_defense, o.dealt[0], o.dealt[1]), (0, 1, 9));
    }

    #[test]
    fn two_dice_convolve_and_overkill_is_lost() {
        let mut v = plain(2, 7);
        v.wounds = Some(1);
        let o = odds(&v).unwrap();
        // P(no hit) = 0.6^2 = 36/100; every other roll destroys.
        assert_eq!((o.dealt.clone(), o.destroyed), (vec![36, 64], 64));
    }

    #[test]
    fn annihilate_two_tens_destroy_unless_resistant() {
        let mut v = plain(2, 11);
        v.annihilate = true;
        v.wounds = Some(9);
        let o = odds(&v).unwrap();
        // Only natural 10s hit: one ten (18 rolls) deals 3, two tens (1 roll) deal 6 and destroy.
        assert_eq!(o.dealt[3], 18);
        assert_eq!(o.dealt[6], 1);
        assert_eq!(o.destroyed, 1);
        v.resistant = true;
        let o = odds(&v).unwrap();
        assert_eq!((o.dealt[1], o.dealt[2], o.destroyed), (18, 1, 0));
    }

    #[test]
    fn stealth_and_alpha_strike_move_the_needed_roll() {
        let mut v = plain(1, 4);
        v.stealth = true; // defense 9: faces 9, 10
        assert_eq!(odds(&v).unwrap().dealt[1], 2);
        v.alpha_strike = true; // needs 6 natural: faces 6..10
        assert_eq!(odds(&v).unwrap().dealt[1], 5);
    }

    #[test]
    fn settings_out_of_range_are_refused_with_the_flag_named() {
        assert!(odds(&plain(0, 5)).unwrap_err().contains("--dice"));
        assert!(odds(&plain(31, 5)).unwrap_err().contains("--dice"));
        let mut v = plain(3, 5);
        v.wounds = Some(0);
        assert!(odds(&v).unwrap_err().contains("--wounds"));
        // The largest volley stays exact.
        let o = odds(&plain(MAX_DICE, 7)).unwrap();
        assert_eq!(o.dealt.iter().sum::<u128>(), o.total);
    }

    #[test]
    fn a_roll_bonus_moves_the_needed_roll_but_not_the_naturals() {
        // Defense 7 with +3: faces 4..10 hit; with +9 a natural 1 still misses.
        assert_eq!(
            odds(&Volley {
                bonus: 3,
                ..plain(1, 7)
            })
            .unwrap()
            .dealt,
            vec![3, 7, 0, 0]
        );
        assert_eq!(
            odds(&Volley {
                bonus: 9,
                ..plain(1, 7)
            })
            .unwrap()
            .dealt,
            vec![1, 9, 0, 0]
        );
        // Defense 9 with -5: only a natural 10 hits.
        assert_eq!(
            odds(&Volley {
                bonus: -5,
                ..plain(1, 9)
            })
            .unwrap()
            .dealt,
            vec![9, 1, 0, 0]
        );
    }
}
