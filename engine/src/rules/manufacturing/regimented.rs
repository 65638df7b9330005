//! Regimented searches (§3.4.7, §8.3): a Regimented host's free units from the Shipyard.

use super::*;

// ----- Regimented (§3.4.7) -----------------------------------------------------------------

fn regiment_fits(unit: RegimentUnit, card: &Card) -> bool {
    match unit {
        // §2.4.2: Characters cannot be Regimented.
        RegimentUnit::Marine => matches!(card.kind, CardKind::Marine { character: false }),
        RegimentUnit::Wing => is_wing(card),
    }
}

/// §3.4.7: whether the Regimented `host` may take its units from the hand too (§8.1).
pub(super) fn regimented_from_hand(g: &Game, host: Inst) -> Resolution {
    stats::card_rule(g, BaseRule::RegimentedFromHand, host)
}

/// The cards a Regimented search may fetch now, one of each kind. Inline (issue #15): a deck
/// holds a few kinds of Marine or Wing.
fn regiment_candidates(g: &Game, r: &RegimentSearch) -> crate::state::Cards<8> {
    let Some(c) = g.cmd(r.who) else {
        return Default::default();
    };
    let mut seen: smallvec::SmallVec<[CardId; 8]> = smallvec::SmallVec::new();
    let mut out = crate::state::Cards::<8>::new();
    let hand: &[Inst] = if regimented_from_hand(g, r.host).flag() {
        &c.hand
    } else {
        &[]
    };
    for &i in c.shipyard.iter().chain(hand) {
        let card = g.card(i);
        if seen.contains(&card.id) || !regiment_fits(r.unit, card) {
            continue;
        }
        if passes(g, r.who, i, Some(r.host), None, Context::Regiment).is_some() {
            seen.push(card.id);
            out.push(i);
        }
    }
    out
}

/// Why a Regimented search with no candidate left stops (§3.4.7): a unit of the right kind
/// is still there but no longer fits aboard the host (§9.4), or none is left.
fn regiment_stop(g: &Game, r: &RegimentSearch) -> RegimentEnd {
    let Some(c) = g.cmd(r.who) else {
        return RegimentEnd::NoneLeft;
    };
    let hand: &[Inst] = if regimented_from_hand(g, r.host).flag() {
        &c.hand
    } else {
        &[]
    };
    let no_room = c.shipyard.iter().chain(hand).any(|&i| {
        regiment_fits(r.unit, g.card(i))
            && matches!(
                check_as::<NoRoom>(g, r.who, i, Some(r.host), None, Context::Regiment),
                Err(NoRoom(true))
            )
    });
    if no_room {
        RegimentEnd::NoRoom
    } else {
        RegimentEnd::NoneLeft
    }
}

pub(crate) fn start_regiment(
    g: &mut Game,
    who: PlayerId,
    host: Inst,
    unit: RegimentUnit,
    count: u8,
) {
    let r = RegimentSearch {
        who,
        host,
        unit,
        left: count,
    };
    g.log.push(Event::RegimentSearch {
        host: g.card_ref(host),
        unit,
        left: count,
    });
    if count == 0 || regiment_candidates(g, &r).is_empty() {
        // "If you do not have enough ... simply ignore the trait."
        g.log.push(Event::RegimentEnded {
            host: g.card_ref(host),
            end: regiment_stop(g, &r),
        });
        g.shuffle_shipyard(who);
        return;
    }
    g.regiments.push(r);
}

pub(crate) fn legal_regiment_picks(g: &Game, out: &mut Vec<Choice>) {
    if let Some(r) = g.regiments.last() {
        out.extend(
            regiment_candidates(g, r)
                .into_iter()
                .map(Choice::RegimentPick),
        );
    }
}

pub(crate) fn regiment_pick(g: &mut Game, who: PlayerId, card: Inst) -> Result<(), RuleError> {
    let Some(&r) = g.regiments.last() else {
        return Err(RuleError::NotNow {
            what: "a Regimented pick",
            why: "no search is in progress".into(),
            section: "3.4.7",
        });
    };
    let c = g.card(card);
    if !regiment_fits(r.unit, c) {
        return Err(deploy_err(
            c,
            match r.unit {
                RegimentUnit::Marine => "the host is Regimented with Marines (not Characters)",
                RegimentUnit::Wing => "the host is Regimented with Fighter Wings",
            },
            "3.4.7",
        ));
    }
    let plan = check(g, who, card, Some(r.host), None, Context::Regiment)?;
    if g.zone(card) == Some(Zone::Hand) {
        let rule = regimented_from_hand(g, r.host);
        g.note(&rule);
    }
    let idx = g.regiments.len() - 1;
    carry_out(g, who, plan);
    // The fetched unit may have started its own search on top; update ours by index.
    let remaining = r.left.saturating_sub(1);
    let done = remaining == 0 || {
        let upd = RegimentSearch {
            left: remaining,
            ..r
        };
        regiment_candidates(g, &upd).is_empty()
    };
    if done {
        if idx < g.regiments.len() {
            g.regiments.remove(idx);
        }
        let end = if remaining == 0 {
            RegimentEnd::Satisfied
        } else {
            regiment_stop(g, &r)
        };
        g.log.push(Event::RegimentEnded {
            host: g.card_ref(r.host),
            end,
        });
        g.shuffle_shipyard(who);
    } else if let Some(x) = g.regiments.get_mut(idx) {
        x.left = remaining;
    }
    Ok(())
}

pub(crate) fn regiment_decline(g: &mut Game) {
    if let Some(r) = g.regiments.pop() {
        g.log.push(Event::RegimentEnded {
            host: g.card_ref(r.host),
            end: RegimentEnd::Declined,
        });
        g.shuffle_shipyard(r.who);
    }
}
