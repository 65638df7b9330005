//! Damage prevention (issue 17, I-72): `prevents the first N wounds it would suffer each
//! round` (or `each turn`). Every wound a unit would suffer — from a volley die (an Annihilate
//! natural 10's three included, §3.4.2) or a compulsory wound (§9.6) — is first held against
//! its wards, each card's own count, in the order the cards entered play; a wound a ward
//! takes is never suffered, so it neither counts toward destruction nor wakes a deed.
//!
//! A ward's count is spent per unit and per source card, and comes back when its span ends:
//! a round at STEP 9 (§6.6) and at the end of every turn (outside an engagement, a round runs
//! to the end of the turn); a turn at the end of the turn (§5.6).

use crate::ids::Inst;
use crate::ir::effect::Span;
use crate::rules::stats;
use crate::state::Game;

/// Take what the unit's wards prevent out of `wounds`; returns the wounds still suffered and
/// pushes each ward that prevented one, with how many, onto `by`.
pub(crate) fn prevent(g: &mut Game, t: Inst, wounds: u8, by: &mut Vec<(Inst, u8)>) -> u8 {
    if wounds == 0 {
        return 0;
    }
    let wards = stats::wards(g, t);
    if wards.is_empty() {
        return wounds;
    }
    let entered = g.instance(t).map_or(0, |x| x.entered);
    let mut left = wounds;
    for (src, count, each) in wards {
        if left == 0 {
            break;
        }
        let key = (t, entered, src, each);
        let used = g
            .wards_used
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(0, |&(_, n)| n);
        let take = left.min(count.saturating_sub(used));
        if take == 0 {
            continue;
        }
        left -= take;
        match g.wards_used.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += take,
            None => g.wards_used.push((key, take)),
        }
        match by.iter_mut().find(|(s, _)| *s == src) {
            Some((_, n)) => *n += take,
            None => by.push((src, take)),
        }
    }
    left
}

/// A span ended: the wards counting over it are whole again.
pub(crate) fn span_ended(g: &mut Game, span: Span) {
    g.wards_used.retain(|&((_, _, _, each), _)| each != span);
}

/// Log the wards that prevented wounds to `t` (§8.1: the card that changed the outcome).
pub(crate) fn log(g: &mut Game, t: Inst, by: &[(Inst, u8)]) {
    for &(src, n) in by {
        g.log.push(crate::event::Event::WoundsPrevented {
            card: g.card_ref(t),
            wounds: n,
            source: g.card_ref(src),
        });
    }
}
