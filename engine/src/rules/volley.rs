//! Volley fire (§6.2, §8.2, §9.36) and destruction (§6.7, §9.12, §9.17).
//!
//! Dice are assigned to targets before rolling (split fire allowed, binding whatever the dice
//! show); each die wounds when its result reaches the target's current defense; a natural 1
//! always misses and a natural 10 always hits (§8.2, §9.19); overkill is lost. Alpha Strike
//! (§3.4.1) adds 3 to every die of the unit's first volley of the engagement; Annihilate
//! (§3.4.2) makes a natural 10 deal three wounds, and two natural 10s at one target in one
//! volley destroy it immediately (Resistant, §3.4.8, takes one wound and ignores both).
//!
//! Targeting (§6.5.3, §2.2, §2.5.1.1): only units on the other side of the engagement; every
//! Module-Station before the Station; in round 1 neither the Station nor its modules while a
//! defending ship can be targeted; docked Fighter Wings and Marines never.

use serde::Serialize;

use crate::choice::Choice;
use crate::error::RuleError;
use crate::event::{CardRef, Event};
use crate::game::{Game, Zone};
use crate::ids::{Inst, PlayerId};
use crate::ir::{CardKind, ModuleKind, ShipClass, TraitName};
use crate::rules::engagement::{err, side_of_unit, units, Engagement, Side};
use crate::rules::{stats, traits, victory};

/// What kind of volley is fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Kind {
    /// A unit's normal volley on its volley turn (§6.2).
    Normal,
    /// Interceptor fire (§3.3.1): its kills are immediate destructions.
    Interceptor,
    /// Overload (§3.3.3): X dice at one target.
    Overload,
    /// A Stoic unit's last volley (§3.4.10).
    Stoic,
    /// Marines fighting a boarding action (§6.6 STEP 8).
    Marine,
}

impl Kind {
    pub fn section(self) -> &'static str {
        match self {
            Kind::Normal => "6.2",
            Kind::Interceptor => "3.3.1",
            Kind::Overload => "3.3.3",
            Kind::Stoic => "3.4.10",
            Kind::Marine => "6.6",
        }
    }
}

/// One rolled die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Die {
    pub natural: u8,
    /// After roll-result bonuses (Alpha Strike).
    pub result: u8,
    pub hit: bool,
}

/// Ships that may not act this round whatever they would do — fire, use a trait or board:
/// a retreating ship (§6.6 STEP 3) and one that has just changed hands and waits for its new
/// commander's next volley (§6.6 STEP 8E).
pub(crate) fn held_back(g: &Game, e: &Engagement, unit: Inst) -> Result<(), RuleError> {
    if e.retreating.contains(&unit) {
        return Err(err(
            format!(
                "{} {unit} is retreating: it may not fire, use traits or board this round",
                g.name(unit)
            ),
            "6.6 STEP 3",
        ));
    }
    if e.fresh.contains(&unit) {
        return Err(err(
            format!(
                "{} {unit} changed hands and waits for its new commander's next volley",
                g.name(unit)
            ),
            "6.6 STEP 8E",
        ));
    }
    Ok(())
}

/// Whether `unit` may act in the current volley turn.
pub(crate) fn can_act(g: &Game, unit: Inst) -> Result<(), RuleError> {
    let e = g
        .engagement
        .as_ref()
        .ok_or_else(|| err("no engagement", "6.6"))?;
    if side_of_unit(g, unit).is_none() {
        // §2.5.1.1: a Wing in a fighter bay waits there until it launches.
        if g.card(unit).kind == CardKind::Ship(ShipClass::FighterWing)
            && matches!(g.zone(unit), Some(Zone::Attached(_)))
        {
            return Err(err(
                format!(
                    "{} {unit} is docked in a fighter bay and must launch before it can act",
                    g.name(unit)
                ),
                "2.5.1.1",
            ));
        }
        return Err(err(
            format!("{} {unit} is not in the engagement", g.name(unit)),
            "6.5.2",
        ));
    }
    held_back(g, e, unit)?;
    if e.acted.contains(&unit) {
        return Err(err(
            format!("{} {unit} has already acted this volley turn", g.name(unit)),
            "3.2",
        ));
    }
    Ok(())
}

/// Whether `unit` can be fired on by `firer` with a volley of `kind`.
pub(crate) fn check_target(
    g: &Game,
    firer: Inst,
    target: Inst,
    kind: Kind,
) -> Result<(), RuleError> {
    let e = g
        .engagement
        .as_ref()
        .ok_or_else(|| err("no engagement", "6.6"))?;
    let name = || format!("{} {target}", g.name(target));
    let Some(side) = side_of_unit(g, firer) else {
        return Err(err(
            format!("{} {firer} is not in the engagement", g.name(firer)),
            "6.5.2",
        ));
    };
    let theirs = units(g, side.other());
    let tk = g.card(target).kind;
    let module_station = stats::station_of_module(g, target)
        .filter(|st| theirs.contains(st) && side == Side::Attacker);
    if !theirs.contains(&target) && module_station.is_none() {
        let why = if matches!(g.zone(target), Some(Zone::Attached(_))) {
            ("is aboard another card and cannot be targeted", "2.5.1.1")
        } else {
            ("is not an opposing unit in this engagement", "6.2")
        };
        return Err(err(format!("{} {}", name(), why.0), why.1));
    }
    if kind == Kind::Interceptor && stats::has(g, target, TraitName::Jammer) {
        return Err(err(
            format!(
                "{} has Jammer and cannot be targeted by Interceptor fire",
                name()
            ),
            "3.3.2",
        ));
    }
    let station_part = tk == CardKind::Station || module_station.is_some();
    if station_part {
        if tk == CardKind::Station
            && g.attachments(target)
                .iter()
                .any(|&a| g.card(a).kind == CardKind::Module(ModuleKind::Station))
        {
            return Err(err(
                format!(
                    "{} still has Module-Stations attached; they must be destroyed first",
                    name()
                ),
                "2.2",
            ));
        }
        let ships = theirs
            .iter()
            .any(|&u| matches!(g.card(u).kind, CardKind::Ship(_)));
        if e.round == 1 && ships {
            return Err(err(
                format!(
                    "{} is part of the Station, off limits in the first round while defending ships can be targeted",
                    name()
                ),
                "6.5.3",
            ));
        }
    }
    Ok(())
}

/// Every target `firer` may fire a `kind` volley at.
pub(crate) fn legal_targets(g: &Game, firer: Inst, kind: Kind) -> Vec<Inst> {
    let Some(side) = side_of_unit(g, firer) else {
        return Vec::new();
    };
    let mut cands = units(g, side.other());
    if side == Side::Attacker {
        for u in units(g, Side::Defender) {
            if g.card(u).kind == CardKind::Station {
                cands.extend(
                    g.attachments(u)
                        .iter()
                        .copied()
                        .filter(|&a| g.card(a).kind == CardKind::Module(ModuleKind::Station)),
                );
            }
        }
    }
    cands
        .into_iter()
        .filter(|&t| check_target(g, firer, t, kind).is_ok())
        .collect()
}

/// Dice a unit rolls in a volley of `kind`.
pub(crate) fn dice_for(g: &Game, unit: Inst, kind: Kind) -> u8 {
    match kind {
        Kind::Interceptor => stats::value(g, unit, TraitName::Interceptor),
        Kind::Overload => stats::value(g, unit, TraitName::Overload),
        _ => stats::attack(g, unit),
    }
}

/// Check a volley: every die assigned, at distinct legal targets (§6.2, §8.5).
pub(crate) fn check_fire(
    g: &Game,
    unit: Inst,
    fire: &[(Inst, u8)],
    kind: Kind,
) -> Result<(), RuleError> {
    let n = dice_for(g, unit, kind);
    if n == 0 {
        return Err(err(
            format!("{} {unit} has no volley dice", g.name(unit)),
            kind.section(),
        ));
    }
    if fire.is_empty() || fire.iter().any(|&(_, k)| k == 0) {
        return Err(err("name each target with at least one die", "8.5"));
    }
    let total: u32 = fire.iter().map(|&(_, k)| u32::from(k)).sum();
    if total != u32::from(n) {
        return Err(err(
            format!(
                "{} {unit} has {n} volley dice to assign, not {total}",
                g.name(unit)
            ),
            "6.2",
        ));
    }
    for (k, &(t, _)) in fire.iter().enumerate() {
        if fire[..k].iter().any(|&(u, _)| u == t) {
            return Err(err(format!("target {t} is named twice"), "6.2"));
        }
        if matches!(g.card(unit).kind, CardKind::Marine { .. }) {
            crate::rules::boarding::check_marine_target(g, unit, t)?;
        } else {
            check_target(g, unit, t, kind)?;
        }
    }
    Ok(())
}

/// Check a normal or Stoic volley by `who`.
pub(crate) fn check_volley(
    g: &Game,
    who: PlayerId,
    unit: Inst,
    fire: &[(Inst, u8)],
    kind: Kind,
) -> Result<(), RuleError> {
    if g.controller(unit) != who {
        return Err(err(
            format!("{} {unit} is not under your command", g.name(unit)),
            "6.2",
        ));
    }
    if kind == Kind::Normal {
        can_act(g, unit)?;
        if g.engagement
            .as_ref()
            .is_some_and(|e| e.drawback.contains(&unit))
        {
            return Err(err(
                format!(
                    "{} {unit} used Overload and cannot fire this volley turn",
                    g.name(unit)
                ),
                "3.3.3",
            ));
        }
    }
    check_fire(g, unit, fire, kind)
}

pub(crate) fn legal_volleys(g: &Game, unit: Inst, kind: Kind, out: &mut Vec<Choice>) {
    let n = dice_for(g, unit, kind);
    if n == 0
        || g.engagement
            .as_ref()
            .is_some_and(|e| kind == Kind::Normal && e.drawback.contains(&unit))
    {
        return;
    }
    let targets = legal_targets(g, unit, kind);
    push_spreads(unit, n, &targets, out, |unit, fire| Choice::Volley {
        unit,
        fire,
    });
}

/// All dice at each target, plus one split over the first two (apply takes any split).
pub(crate) fn push_spreads(
    unit: Inst,
    n: u8,
    targets: &[Inst],
    out: &mut Vec<Choice>,
    make: impl Fn(Inst, Vec<(Inst, u8)>) -> Choice,
) {
    for &t in targets {
        out.push(make(unit, vec![(t, n)]));
    }
    if let [a, b, ..] = targets {
        if n >= 2 {
            out.push(make(unit, vec![(*a, n - 1), (*b, 1)]));
        }
    }
}

/// Roll a volley and apply its wounds (§6.2). The caller has checked it.
pub(crate) fn volley(g: &mut Game, unit: Inst, fire: &[(Inst, u8)], kind: Kind) {
    let fire_refs: Vec<(CardRef, u8)> = fire.iter().map(|&(t, n)| (g.card_ref(t), n)).collect();
    g.log.push(Event::VolleyFired {
        unit: g.card_ref(unit),
        fire: fire_refs,
        kind,
    });
    let first = g
        .engagement
        .as_ref()
        .is_some_and(|e| !e.fired.contains(&unit));
    let alpha = if first && stats::has(g, unit, TraitName::AlphaStrike) {
        3
    } else {
        0
    };
    let annihilate = stats::has(g, unit, TraitName::Annihilate);
    if let Some(e) = g.engagement.as_mut() {
        if matches!(kind, Kind::Normal | Kind::Overload) {
            e.acted.push(unit);
        }
        if !e.fired.contains(&unit) {
            e.fired.push(unit);
        }
    }
    let mut destroyed = Vec::new();
    for &(t, n) in fire {
        let defense = stats::defense(g, t, Some(unit));
        let printed = stats::wounds(g, t);
        let resistant = stats::has(g, t, TraitName::Resistant);
        let mut dice = Vec::new();
        let mut tens = 0u8;
        let mut dealt = 0u8;
        for _ in 0..n {
            let natural = g.dice.d10();
            if natural == 1 || natural == 10 {
                crate::hooks::dispatch(g, crate::hooks::Trigger::RollsNatural { unit, natural });
            }
            let result = natural.saturating_add(alpha);
            // §8.2: a natural 1 always misses, a natural 10 always hits.
            let hit = natural == 10 || (natural != 1 && result >= defense);
            let mut w = u8::from(hit);
            if hit && natural == 10 && annihilate && !resistant {
                w = 3;
                tens += 1;
            }
            let have = g.instance(t).map_or(0, |x| x.wounds);
            let take = w.min(printed.saturating_sub(have));
            if let Some(x) = g.instances.get_mut(t.0 as usize) {
                x.wounds = have + take;
            }
            dealt += take;
            dice.push(Die {
                natural,
                result,
                hit,
            });
        }
        let total = g.instance(t).map_or(0, |x| x.wounds);
        g.log.push(Event::VolleyRolled {
            unit: g.card_ref(unit),
            target: g.card_ref(t),
            defense,
            dice,
            wounds: dealt,
            total,
            of: printed,
        });
        let annihilated = annihilate && !resistant && tens >= 2;
        if annihilated {
            g.log.push(Event::Annihilated {
                target: g.card_ref(t),
            });
        }
        if annihilated || (printed > 0 && total >= printed) {
            destroyed.push((t, annihilated || kind == Kind::Interceptor));
        }
    }
    for (t, immediate) in destroyed {
        destroyed_by_volley(g, t, immediate, kind);
    }
}

/// §6.7: a unit destroyed by volley fire. A Stoic unit first takes its last volley
/// (§3.4.10), never when immediately destroyed.
fn destroyed_by_volley(g: &mut Game, t: Inst, immediate: bool, kind: Kind) {
    // A replaced destruction never happens, so there is no last volley either (I-47).
    let replaced = !immediate && crate::effects::replacements::would_replace_destruction(g, t);
    let stoic = !immediate
        && !replaced
        && kind != Kind::Stoic
        && stats::has(g, t, TraitName::Stoic)
        && !matches!(g.card(t).kind, CardKind::Marine { .. });
    if stoic {
        if let Some(e) = g.engagement.as_mut() {
            if !e.stoic.contains(&t) {
                e.stoic.push(t);
                g.log.push(Event::StoicLastVolley {
                    card: g.card_ref(t),
                });
                return;
            }
        }
    }
    destroy(g, t, immediate);
}

/// §3.4.10: the Stoic unit fires its last volley, then is destroyed.
pub(crate) fn stoic_volley(g: &mut Game, unit: Inst, fire: &[(Inst, u8)]) {
    volley(g, unit, fire, Kind::Stoic);
    stoic_done(g, unit);
}

pub(crate) fn stoic_done(g: &mut Game, unit: Inst) {
    if let Some(e) = g.engagement.as_mut() {
        e.stoic.retain(|&u| u != unit);
    }
    destroy(g, unit, false);
}

/// Destroy a unit (§9.12). Destroyed by volley fire, the Fighter Wings in its bays launch
/// into open space first (§6.7); immediately destroyed, everything aboard is lost (§9.17).
/// A destroyed Station eliminates its commander (§2.2, §6.1). A card's `instead of being
/// destroyed` text replaces a destruction that is not immediate (§8.1, I-47).
pub(crate) fn destroy(g: &mut Game, t: Inst, immediate: bool) {
    if !g.in_play(t) {
        return;
    }
    if !immediate
        && crate::effects::replacements::replace(g, t, crate::ir::effect::Replaced::Destroyed)
    {
        return;
    }
    if !immediate {
        traits::launch_all(g, t);
    }
    let ctrl = g.controller(t);
    let station = g.card(t).kind == CardKind::Station;
    g.log.push(Event::Destroyed {
        card: g.card_ref(t),
        immediate,
    });
    crate::hooks::dispatch(g, crate::hooks::Trigger::Destroyed { card: t });
    g.move_to(t, Zone::Scrapheap);
    if let Some(e) = g.engagement.as_mut() {
        e.fleet.retain(|&u| u != t);
        e.stoic.retain(|&u| u != t);
    }
    if station {
        let by = g.engagement.as_ref().map(|e| {
            if e.defender == ctrl {
                e.attacker
            } else {
                e.defender
            }
        });
        victory::eliminate(g, ctrl, by);
    }
}
