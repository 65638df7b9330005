//! Hosts (§2.3–§2.5, §3.4.4): where a Marine, a Fighter Wing or a Module may go aboard or
//! attach, and a host's Module slots.

use super::*;

// ----- hosts -------------------------------------------------------------------------------

pub(super) fn own_in_play(g: &Game, who: PlayerId, i: Inst) -> bool {
    g.in_play(i) && g.controller(i) == who
}

/// §2.4, §2.5.1: Marines go aboard a ship larger than a Fighter Wing, or a Station, that
/// carries Marines; a Marine's size restriction limits the ship classes it may board.
pub(crate) fn check_marine_host<R: Refusal>(
    g: &Game,
    card: &Card,
    host: Inst,
    except: Option<Inst>,
) -> Result<(), R> {
    marine_host(g, card, host, || Room::of(g, host, except))
        .map_err(|m| refuse(g, card, Some(host), m))
}

/// [`check_marine_host`] with the host's room read by `room`, only once the host's kind
/// admits the Marine.
pub(super) fn marine_host(
    g: &Game,
    card: &Card,
    host: Inst,
    room: impl FnOnce() -> Room,
) -> Result<(), Misfit> {
    match g.card(host).kind {
        CardKind::Station => {}
        CardKind::Ship(ShipClass::FighterWing)
            if !stats::card_rule(g, BaseRule::FighterWingAttachments, host).flag() =>
        {
            return Err(Misfit::WingCarriesNoMarines);
        }
        CardKind::Ship(class) => {
            if card.fits.as_ref().is_some_and(|fits| !fits.admits(class)) {
                return Err(Misfit::TooSmall);
            }
        }
        _ => return Err(Misfit::NotAShipOrStation),
    }
    check_room(card, room())
}

/// §2.5.1.1: a docked Fighter Wing needs a ship or Station with Fighter Wing capacity; the
/// host's room is read by `room`, only once the host can dock it.
pub(super) fn wing_host(
    g: &Game,
    host: Inst,
    card: &Card,
    room: impl FnOnce() -> Room,
) -> Result<(), Misfit> {
    let h = g.card(host);
    if !matches!(h.kind, CardKind::Station | CardKind::Ship(_)) || is_wing(h) {
        return Err(Misfit::NoBays);
    }
    check_room(card, room())
}

/// Module rules (§2.2, §2.3, §2.5.1, §2.5.6, §3.4.4, §2.5 "Size Matters!"): the host the
/// Module's kind attaches to, then the host's room for it. The answer is whether the Module
/// goes face down.
pub(super) fn check_module<R: Refusal>(
    ck: &mut Checker,
    card: &Card,
    inst: Inst,
    mk: ModuleKind,
    host: Inst,
    replacing: Option<Inst>,
) -> Result<bool, R> {
    let (limit_rule, face_down) = match mk {
        ModuleKind::Station => (check_station_module_host::<R>(ck.g, card, host)?, false),
        ModuleKind::Ship => check_ship_module_host::<R>(ck, card, inst, host)?,
        ModuleKind::Marine => (check_marine_module_host::<R>(ck.g, card, host)?, false),
    };
    check_module_slots::<R>(ck, card, inst, mk, host, replacing, limit_rule)?;
    Ok(face_down)
}

/// §2.3: a Module-Station attaches to a Station; its limit is the Station's (§2.2).
fn check_station_module_host<R: Refusal>(g: &Game, card: &Card, host: Inst) -> Result<BaseRule, R> {
    if g.card(host).kind != CardKind::Station {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                "a Module-Station attaches to a Station",
                "2.3",
            )
        }));
    }
    Ok(BaseRule::StationModuleLimit)
}

/// §2.3: a Module-Ship attaches to a ship — not a Fighter Wing (§2.5.1) or a Transport
/// (§2.5.6) unless card text allows it (§8.1), only a class it fits (§2.5); a Face Up-Face Down
/// Module goes face down, on a Battle Cruiser or larger (§3.4.4, §2.5.5, "Size Matters!", I-3).
fn check_ship_module_host<R: Refusal>(
    ck: &mut Checker,
    card: &Card,
    inst: Inst,
    host: Inst,
) -> Result<(BaseRule, bool), R> {
    let g = ck.g;
    let CardKind::Ship(class) = g.card(host).kind else {
        return Err(R::because(|| {
            host_err(g, card, host, "a Module-Ship attaches to a ship", "2.3")
        }));
    };
    if class == ShipClass::FighterWing
        && !ck.rule(BaseRule::FighterWingAttachments, Some(host)).flag()
    {
        return Err(R::because(|| {
            host_err(g, card, host, "Fighter Wings take no Modules", "2.5.1")
        }));
    }
    if class == ShipClass::Transport && !ck.rule(BaseRule::TransportModules, Some(host)).flag() {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                "Transports take no Module-Ship cards",
                "2.5.6",
            )
        }));
    }
    if let Some(fits) = &card.fits {
        if !fits.admits(class) {
            return Err(R::because(|| {
                host_err(
                    g,
                    card,
                    host,
                    format!("the Module fits only {}", crate::error::fitting(fits)),
                    "2.5",
                )
            }));
        }
    }
    // printed: Face Up-Face Down is the Module's own printed trait (§3.4.4).
    if !card.has_trait(TraitName::FaceUpFaceDown) {
        return Ok((BaseRule::UnitModuleLimit, false));
    }
    // The rule is about the Module (its subject, §2.5.5): read for the card deployed.
    let min = match ck.rule(BaseRule::FaceDownMinClass, Some(inst)).value {
        RuleValue::Class(c) => c,
        _ => ShipClass::BattleCruiser,
    };
    if class.size() < min.size() {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                format!("Face Up-Face Down Modules need a {min} or larger"),
                "3.4.4",
            )
        }));
    }
    Ok((BaseRule::UnitModuleLimit, true))
}

/// §2.3: a Module-Marine attaches to a Marine, never a Marine-Character (§2.4.2).
fn check_marine_module_host<R: Refusal>(g: &Game, card: &Card, host: Inst) -> Result<BaseRule, R> {
    let h = g.card(host);
    if !is_marine(h) {
        return Err(R::because(|| {
            host_err(g, card, host, "a Module-Marine attaches to a Marine", "2.3")
        }));
    }
    if is_character(h) {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                "Marine-Characters take no Module-Marine cards",
                "2.4.2",
            )
        }));
    }
    Ok(BaseRule::UnitModuleLimit)
}

/// The host's room for one more Module: a replaced Module must be one of its Modules (§2.3);
/// one copy of a Module-Station unless card text allows more (§2.2, §8.1), one copy of any
/// other Module for any reason (§2.3); and no more Modules than the limit, read as it stands
/// once the replaced Module is gone, its own text no longer counting (§2.2).
fn check_module_slots<R: Refusal>(
    ck: &mut Checker,
    card: &Card,
    inst: Inst,
    mk: ModuleKind,
    host: Inst,
    replacing: Option<Inst>,
    limit_rule: BaseRule,
) -> Result<(), R> {
    let g = ck.g;
    let is_module = |a: Inst| matches!(g.card(a).kind, CardKind::Module(_));
    let modules = || {
        g.attachments(host)
            .iter()
            .copied()
            .filter(|&a| is_module(a))
    };
    if let Some(old) = replacing {
        if !modules().any(|m| m == old) {
            return Err(R::because(|| {
                host_err(
                    g,
                    card,
                    host,
                    format!("{} {old} is not a Module attached to it", g.name(old)),
                    "2.3",
                )
            }));
        }
    }
    let section = if mk == ModuleKind::Station {
        "2.2"
    } else {
        "2.3"
    };
    let same = g.card(inst).id;
    let copies = modules()
        .filter(|&m| Some(m) != replacing && g.card(m).id == same)
        .count();
    let allowed = if mk == ModuleKind::Station {
        usize::from(ck.rule(BaseRule::StationModuleCopies, Some(host)).count())
    } else {
        1
    };
    if copies >= allowed {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                "it already has a copy of that Module",
                section,
            )
        }));
    }
    let limit = ck.rule_without(limit_rule, Some(host), replacing).count() as usize;
    let held = modules().count();
    let after = held - usize::from(replacing.is_some()) + 1;
    if after > limit {
        return Err(R::no_room(|| RuleError::NoCapacity {
            host: g.name(host).to_string(),
            why: format!("it holds {held} Module(s), the limit is {limit}; name one to replace"),
            section,
        }));
    }
    Ok(())
}
