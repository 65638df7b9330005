//! Reassignment (§5.4.5, §2.5.1.2) and relieving a prize's garrison (§6.9.7, I-86): moving
//! Marines and Fighter Wings already in play, and listing the moves the rules allow.

use super::*;

// ----- reassignment (§5.4.5, §2.5.1.2) -------------------------------------------------------

pub(crate) fn check_reassign<R: Refusal>(
    g: &Game,
    who: PlayerId,
    unit: Inst,
    host: Option<Inst>,
) -> Result<(), R> {
    reassign_misfit(g, who, unit, host).map_err(|m| refuse_move(g, unit, host, m))
}

/// A misfit of a unit moving in play as `R`: the host and room refusals of a deployment, and
/// otherwise words of moving, not of deploying ("cannot be reassigned: …").
fn refuse_move<R: Refusal>(g: &Game, unit: Inst, host: Option<Inst>, m: Misfit) -> R {
    let card = g.card(unit);
    refuse_with(host, m, || {
        let cannot = match m {
            Misfit::NotAGarrison => "cannot be relieved",
            Misfit::ReliefNotAMarine => "cannot relieve a garrison",
            Misfit::MarineStaysAboard | Misfit::NotReassignable | Misfit::AlreadyThere => {
                "cannot be reassigned"
            }
            _ => return misfit_error(g, card, host, m),
        };
        RuleError::Move {
            card: crate::transcript::card_label(g, unit),
            cannot,
            why: m.words(card),
            section: m.section(),
        }
    })
}

/// [`check_reassign`]'s answer as a fact: an effect's attach logs it as it is (§9.1).
pub(crate) fn reassign_misfit(
    g: &Game,
    who: PlayerId,
    unit: Inst,
    host: Option<Inst>,
) -> Result<(), Misfit> {
    let from = reassign_from(g, who, unit)?;
    reassign_to(g, who, g.card(unit), from, host, |h| {
        Room::of(g, h, Some(unit))
    })
}

/// The unit's half of [`check_reassign`], asked once per unit by a listing: `unit` is a card
/// of `who`'s in play. The answer is where it is now (its host, or open space).
fn reassign_from(g: &Game, who: PlayerId, unit: Inst) -> Result<Option<Inst>, Misfit> {
    if g.instance(unit).is_none() || !own_in_play(g, who, unit) {
        return Err(Misfit::UnitNotYours(unit));
    }
    Ok(match g.zone(unit) {
        Some(Zone::Attached(h)) => Some(h),
        _ => None,
    })
}

/// The host's half of [`check_reassign`]: the unit, a `card` now on `from`, may move to
/// `host`, whose room `room` reads.
fn reassign_to(
    g: &Game,
    who: PlayerId,
    card: &Card,
    from: Option<Inst>,
    host: Option<Inst>,
    room: impl FnOnce(Inst) -> Room,
) -> Result<(), Misfit> {
    if host == from {
        return Err(Misfit::AlreadyThere);
    }
    if !(is_marine(card) || is_wing(card)) {
        return Err(Misfit::NotReassignable);
    }
    let Some(h) = host else {
        // A Wing launches into open space (§2.5.1.2); a Marine never goes there.
        return if is_marine(card) {
            Err(Misfit::MarineStaysAboard)
        } else {
            Ok(())
        };
    };
    if !own_in_play(g, who, h) {
        return Err(Misfit::HostNotYours(h));
    }
    if is_marine(card) {
        marine_host(g, card, h, || room(h))
    } else {
        wing_host(g, h, card, || room(h))
    }
}

pub(crate) fn reassign(
    g: &mut Game,
    who: PlayerId,
    unit: Inst,
    host: Option<Inst>,
) -> Result<(), RuleError> {
    check_reassign(g, who, unit, host)?;
    let from = match g.zone(unit) {
        Some(Zone::Attached(h)) => Some(g.card_ref(h)),
        _ => None,
    };
    // Moving within play keeps wounds and attachments (a Marine keeps its Module).
    move_within_play(g, unit, host);
    g.log.push(Event::Reassigned {
        who,
        card: g.card_ref(unit),
        from,
        to: host.map(|h| g.card_ref(h)),
    });
    Ok(())
}

// ----- relief (§6.9.7) ----------------------------------------------------------------------

/// Whether `ship` is a hijacked ship: a ship on the battlefield of a commander not its owner.
fn is_prize(g: &Game, ship: Inst) -> bool {
    matches!(g.card(ship).kind, CardKind::Ship(_))
        && g.instance(ship).is_some_and(|x| x.controller != x.owner)
}

/// §6.9.7 (I-86): `garrison`, a Marine of `who`'s aboard a ship they hijacked, may be relieved
/// by `relief`, another Marine of theirs: the two change places at once, each move checked as
/// a reassignment (§5.4.5, §9.4, §2.4) with the other Marine gone. A one-Marine prize that is
/// full can be relieved no other way: the relief finds no room, and the garrison leaving first
/// hands the ship back. The answer is (the prize, the relief's post).
pub(crate) fn check_relieve<R: Refusal>(
    g: &Game,
    who: PlayerId,
    garrison: Inst,
    relief: Inst,
) -> Result<(Inst, Inst), R> {
    let refused = |unit: Inst, host: Option<Inst>, m: Misfit| refuse_move(g, unit, host, m);
    let prize = match reassign_from(g, who, garrison) {
        Ok(Some(p)) if is_marine(g.card(garrison)) && is_prize(g, p) => p,
        Ok(_) => return Err(refused(garrison, None, Misfit::NotAGarrison)),
        Err(m) => return Err(refused(garrison, None, m)),
    };
    let post = match reassign_from(g, who, relief) {
        Ok(Some(h)) if is_marine(g.card(relief)) => h,
        Ok(_) => return Err(refused(relief, None, Misfit::ReliefNotAMarine)),
        Err(m) => return Err(refused(relief, None, m)),
    };
    reassign_to(g, who, g.card(relief), Some(post), Some(prize), |h| {
        Room::of(g, h, Some(garrison))
    })
    .map_err(|m| refused(relief, Some(prize), m))?;
    reassign_to(g, who, g.card(garrison), Some(prize), Some(post), |h| {
        Room::of(g, h, Some(relief))
    })
    .map_err(|m| refused(garrison, Some(post), m))?;
    Ok((prize, post))
}

/// Carry out a relief [`check_relieve`] allows: both Marines move, then one line says so.
pub(crate) fn relieve(
    g: &mut Game,
    who: PlayerId,
    garrison: Inst,
    relief: Inst,
) -> Result<(), RuleError> {
    let (prize, post) = check_relieve::<RuleError>(g, who, garrison, relief)?;
    move_within_play(g, relief, Some(prize));
    move_within_play(g, garrison, Some(post));
    g.log.push(Event::Relieved {
        who,
        prize: g.card_ref(prize),
        garrison: g.card_ref(garrison),
        relief: g.card_ref(relief),
        post: g.card_ref(post),
    });
    Ok(())
}

/// The reliefs `who` may make among the (unit, host) moves `keep` lets through: every
/// garrison of a prize with every other Marine of theirs. Few: prizes are rare.
pub(super) fn reliefs_in(
    g: &Game,
    who: PlayerId,
    in_play: &[Inst],
    keep: &impl Fn(Inst, Option<Inst>) -> bool,
    out: &mut impl crate::rules::Choices,
) {
    let marines = || {
        in_play.iter().copied().filter_map(|m| match g.zone(m) {
            Some(Zone::Attached(h)) if is_marine(g.card(m)) => Some((m, h)),
            _ => None,
        })
    };
    for (garrison, prize) in marines().filter(|&(_, h)| is_prize(g, h)) {
        for (relief, post) in marines().filter(|&(_, h)| h != prize) {
            if keep(relief, Some(prize))
                && keep(garrison, Some(post))
                && check_relieve::<Refused>(g, who, garrison, relief).is_ok()
            {
                out.extend([Choice::Relieve { garrison, relief }]);
                if out.enough() {
                    return;
                }
            }
        }
    }
}

/// Re-home a card that stays in play: detach from old host/list, attach to new.
fn move_within_play(g: &mut Game, unit: Inst, host: Option<Inst>) {
    let controller = g.controller(unit);
    g.mark_move(unit, host.map_or(Zone::Battlefield, Zone::Attached));
    match g.zone(unit) {
        Some(Zone::Attached(old)) => {
            if let Some(h) = g.instances.get_mut(old.0 as usize) {
                h.attachments.retain(|a| *a != unit);
            }
        }
        Some(Zone::Battlefield) => {
            if let Some(c) = g.cmd_mut(controller) {
                c.battlefield.retain(|a| *a != unit);
            }
        }
        _ => return,
    }
    match host {
        Some(h) => {
            if let Some(hx) = g.instances.get_mut(h.0 as usize) {
                hx.attachments.push(unit);
            }
            if let Some(x) = g.instances.get_mut(unit.0 as usize) {
                x.zone = Zone::Attached(h);
            }
        }
        None => {
            if let Some(c) = g.cmd_mut(controller) {
                c.battlefield.push(unit);
            }
            if let Some(x) = g.instances.get_mut(unit.0 as usize) {
                x.zone = Zone::Battlefield;
            }
        }
    }
}

pub(crate) fn legal_reassigns(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    legal_reassigns_where(g, who, |_, _| true, out);
}

/// [`legal_reassigns`] among the (unit, host) pairs `keep` lets through (the aftermath keeps
/// units among local cards, I-45), asked of the pairs the reassignment check lets through.
pub(crate) fn legal_reassigns_where(
    g: &Game,
    who: PlayerId,
    keep: impl Fn(Inst, Option<Inst>) -> bool,
    out: &mut impl crate::rules::Choices,
) {
    let in_play = g.in_play_list(who);
    reassigns_in(g, who, &in_play, &keep, &mut Rooms::default(), out);
    if !out.enough() {
        reliefs_in(g, who, &in_play, &keep, out);
    }
}

/// [`legal_reassigns_where`] over `in_play`, `who`'s cards in play (`Game::in_play_of`).
pub(super) fn reassigns_in(
    g: &Game,
    who: PlayerId,
    in_play: &[Inst],
    keep: &impl Fn(Inst, Option<Inst>) -> bool,
    rooms: &mut Rooms,
    out: &mut impl crate::rules::Choices,
) {
    // Walked once: every unit is asked about the same hosts, each host's room read once.
    // Only a ship or a Station is asked ([`takes_units`]).
    let mut units: smallvec::SmallVec<[Inst; 16]> = smallvec::SmallVec::new();
    let mut hosts: smallvec::SmallVec<[Inst; 16]> = smallvec::SmallVec::new();
    for &i in in_play {
        let k = g.card(i);
        if is_marine(k) || is_wing(k) {
            units.push(i);
        }
        if takes_units(g, i) {
            hosts.push(i);
        }
    }
    for &unit in &units {
        let k = g.card(unit);
        let Ok(from) = reassign_from(g, who, unit) else {
            continue;
        };
        #[cfg(debug_assertions)]
        for h in g.in_play_of(who).filter(|h| !hosts.contains(h)) {
            debug_assert!(
                check_reassign::<Refused>(g, who, unit, Some(h)).is_err(),
                "a card the listing does not ask takes a reassigned unit"
            );
        }
        for host in std::iter::once(None).chain(hosts.iter().copied().map(Some)) {
            // `keep` first: a pair it refuses needs no room read.
            if host == Some(unit) || !keep(unit, host) {
                continue;
            }
            // `unit` is aboard `from` only, which is refused first, so every host asked has
            // the same room counted with or without it. Debug builds hold that to the check.
            let ok = reassign_to(g, who, k, from, host, |h| rooms.get(g, h)).is_ok();
            debug_assert_eq!(
                ok,
                check_reassign::<Refused>(g, who, unit, host).is_ok(),
                "the listing and the reassignment check disagree"
            );
            if ok {
                out.extend([Choice::Reassign { unit, host }]);
                if out.enough() {
                    return;
                }
            }
        }
    }
}
