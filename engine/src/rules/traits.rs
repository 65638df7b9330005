//! Traits in an engagement (§3).
//!
//! Active traits (§3.2, §3.3) are used on the unit's volley turn instead of firing, one per
//! turn; the card turns to face the opponent until its next volley turn: Jammer (§3.3.2),
//! Overload (§3.3.3, once per engagement, then the Overload Drawback), Repair (§3.3.4),
//! Target Painter (§3.3.5). Interceptor (§3.3.1) is the free STEP 2 volley of defending
//! units (and of defending Marines in STEP 8A, `boarding`). Fearless (§3.4.5) may be declared
//! at any time; Fighter Wings (§2.5.1.2) launch at any time and dock on their volley turn.
//! The passive traits act where their rule is: Alpha Strike, Annihilate, Resistant (`volley`),
//! Stealth and Hunter (`stats`, `boarding`), Stoic (`volley`), Escort (`boarding`).

use crate::choice::Choice;
use crate::error::{Refusal, Refused, RuleError};
use crate::event::Event;
use crate::ids::{Inst, PlayerId};
use crate::ir::{BaseRule, CardKind, ShipClass, TraitName};
use crate::rules::engagement::{err, fights_for, not_in_engagement, side_of_unit, units};
use crate::rules::manufacturing::used;
use crate::rules::stats;
use crate::rules::volley::{self, can_act};
use crate::state::engagement::{Mark, Side, VolleyKind};
use crate::state::{Facing, Game, Zone};

fn mine<R: Refusal>(g: &Game, who: PlayerId, unit: Inst) -> Result<(), R> {
    if g.controller(unit) != who || !g.in_play(unit) {
        return Err(R::because(|| {
            err(
                format!("{} {unit} is not a unit of yours in play", g.name(unit)),
                "3.2",
            )
        }));
    }
    Ok(())
}

fn need<R: Refusal>(g: &Game, unit: Inst, t: TraitName) -> Result<u8, R> {
    let x = stats::value(g, unit, t);
    if x == 0 {
        return Err(R::because(|| {
            err(format!("{} {unit} lacks {t}", g.name(unit)), t.section())
        }));
    }
    Ok(x)
}

/// §3.2: using an active trait turns the card and replaces the unit's volley; once it has
/// used as many as `active-traits-per-volley` allows (one, §8.1), its volley turn is over.
fn used_trait(g: &mut Game, unit: Inst) {
    if let Some(x) = g.instances.get_mut(unit.0 as usize) {
        x.facing = Facing::Turned;
    }
    let before = g.engagement.as_ref().map_or(0, |e| traits_used(e, unit));
    let limit = g.rule(
        BaseRule::ActiveTraitsPerVolley,
        g.controller(unit),
        Some(unit),
    );
    if before >= 1 {
        // A second trait this turn is what only card text allows (§8.1).
        g.note(&limit);
    }
    if let Some(e) = g.engagement.as_mut() {
        e.traits_used.push(unit);
        if before + 1 >= usize::from(limit.count()) {
            e.acted.push(unit);
        }
    }
}

/// How many active traits `unit` used this volley turn (§3.2).
pub(crate) fn traits_used(e: &crate::state::engagement::Engagement, unit: Inst) -> usize {
    e.traits_used.iter().filter(|&&u| u == unit).count()
}

// ----- Interceptor (§3.3.1) ---------------------------------------------------------------

/// §6.6 STEP 2: defending units with Interceptor that have not fired it and have a target.
pub(crate) fn interceptor_units(g: &Game) -> impl Iterator<Item = Inst> + '_ {
    units(g, Side::Defender).filter(move |&u| may_intercept(g, u))
}

/// Whether `u` is one of the [`interceptor_units`].
fn may_intercept(g: &Game, u: Inst) -> bool {
    let Some(e) = g.engagement.as_ref() else {
        return false;
    };
    fights_for(g, Side::Defender, u)
        && !e.acted.contains(&u)
        && stats::has(g, u, TraitName::Interceptor)
        && volley::held_back::<Refused>(g, e, u).is_ok()
        && volley::targets(g, u, VolleyKind::Interceptor)
            .next()
            .is_some()
}

pub(crate) fn legal_intercepts(g: &Game, out: &mut Vec<Choice>) {
    for u in interceptor_units(g) {
        let n = volley::dice_for(g, u, VolleyKind::Interceptor);
        let targets = volley::targets(g, u, VolleyKind::Interceptor);
        volley::push_fire(u, n, targets, out, |unit, fire| Choice::Intercept {
            unit,
            fire,
        });
    }
}

/// §3.3.1: whether `unit` may fire its Interceptor volley now: a defending unit of `who`'s
/// with Interceptor, once, in STEP 2. The volley itself (X dice at attacking ships, not
/// Jammers; kills immediate) is fired like any other (`volley::fire_all`, `volley::assign`).
pub(crate) fn check_intercept<R: Refusal>(g: &Game, who: PlayerId, unit: Inst) -> Result<(), R> {
    mine::<R>(g, who, unit)?;
    if let Some(e) = g.engagement.as_ref() {
        // §6.6 STEP 8E: a ship hijacked by the defender waits for their next volley turn.
        volley::held_back::<R>(g, e, unit)?;
    }
    if !may_intercept(g, unit) {
        return Err(R::because(|| {
            err(
                format!(
                "{} {unit} cannot fire Interceptor now (a defending unit with Interceptor, once)",
                g.name(unit)
            ),
                "3.3.1",
            )
        }));
    }
    Ok(())
}

// ----- Jammer, Target Painter, Overload, Repair ---------------------------------------------

fn check_mark<R: Refusal>(g: &Game, unit: Inst, target: Inst, jam: bool) -> Result<u8, R> {
    let t = if jam {
        TraitName::Jammer
    } else {
        TraitName::TargetPainter
    };
    can_act::<R>(g, unit)?;
    let x = need::<R>(g, unit, t)?;
    let side = side_of_unit(g, unit)
        .ok_or_else(|| R::because(|| err("not in the engagement", "6.5.2")))?;
    if !matches!(g.card(target).kind, CardKind::Ship(_)) {
        return Err(R::because(|| {
            err(
                format!(
                    "{t} may only be used on an opposing ship, never a Station or Module-Station"
                ),
                t.section(),
            )
        }));
    }
    if !fights_for(g, side.other(), target) {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {target} is not an opposing local ship in open space",
                    g.name(target)
                ),
                t.section(),
            )
        }));
    }
    Ok(x)
}

/// §3.3.2 Jammer: the target loses X attack; §3.3.5 Target Painter: X defense. Until the
/// user's next volley turn (§3.2).
pub(crate) fn jam_or_paint(
    g: &mut Game,
    who: PlayerId,
    unit: Inst,
    target: Inst,
    jam: bool,
) -> Result<(), RuleError> {
    mine(g, who, unit)?;
    let x = check_mark(g, unit, target, jam)?;
    if let Some(e) = g.engagement.as_mut() {
        e.marks.push(Mark {
            source: unit,
            target,
            jam,
            amount: x,
        });
    }
    used_trait(g, unit);
    g.log.push(Event::TraitUsed {
        unit: g.card_ref(unit),
        ability: if jam {
            TraitName::Jammer
        } else {
            TraitName::TargetPainter
        },
        target: Some(g.card_ref(target)),
        amount: x,
    });
    Ok(())
}

/// §3.3.3: how many times per engagement the unit may Overload (§8.1).
fn overload_limit(g: &Game, unit: Inst) -> crate::resolver::Resolution {
    stats::card_rule(g, BaseRule::OverloadPerEngagement, unit)
}

fn check_overload<R: Refusal>(g: &Game, unit: Inst, target: Inst) -> Result<u8, R> {
    can_act::<R>(g, unit)?;
    let x = need::<R>(g, unit, TraitName::Overload)?;
    // A new engagement starts the count per engagement again, never the Drawback.
    volley::check_drawback::<R>(g, unit, "Overload again")?;
    let used = g
        .engagement
        .as_ref()
        .map_or(0, |e| e.overloaded.iter().filter(|&&u| u == unit).count());
    if used >= usize::from(overload_limit(g, unit).count()) {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {unit} has already used Overload {used} time(s) this engagement",
                    g.name(unit)
                ),
                "3.3.3",
            )
        }));
    }
    volley::check_fire::<R>(g, unit, &[(target, x)], VolleyKind::Overload)?;
    Ok(x)
}

/// §3.3.3: once per engagement, X dice at one target; no fire on the next volley turn.
pub(crate) fn overload(
    g: &mut Game,
    who: PlayerId,
    unit: Inst,
    target: Inst,
) -> Result<(), RuleError> {
    mine(g, who, unit)?;
    let x = check_overload(g, unit, target)?;
    if g.engagement
        .as_ref()
        .is_some_and(|e| e.overloaded.contains(&unit))
    {
        // A second Overload is what only card text allows (§8.1).
        let limit = overload_limit(g, unit);
        g.note(&limit);
    }
    g.log.push(Event::TraitUsed {
        unit: g.card_ref(unit),
        ability: TraitName::Overload,
        target: Some(g.card_ref(target)),
        amount: x,
    });
    if let Some(e) = g.engagement.as_mut() {
        e.overloaded.push(unit);
        e.drawback_next.push(unit);
    }
    // §6.8: Overload dice are volley dice; once they count, the others may answer (I-58).
    let then = Some((who, volley::AfterRoll::Overload));
    if volley::volley_asking(g, unit, &[(target, x)], VolleyKind::Overload, then) {
        volley::after_roll(g, who, unit, volley::AfterRoll::Overload);
    }
    Ok(())
}

/// §3.3.3: the unit that fired an Overload is turned.
pub(crate) fn overloaded(g: &mut Game, unit: Inst) {
    if let Some(xi) = g.instances.get_mut(unit.0 as usize) {
        xi.facing = Facing::Turned;
    }
}

fn check_repair<R: Refusal>(g: &Game, unit: Inst) -> Result<u8, R> {
    can_act::<R>(g, unit)?;
    let x = need::<R>(g, unit, TraitName::Repair)?;
    if g.instance(unit).is_none_or(|i| i.wounds == 0) {
        return Err(R::because(|| {
            err(format!("{} {unit} is not damaged", g.name(unit)), "3.3.4")
        }));
    }
    Ok(x)
}

/// §3.3.4: a damaged unit removes X wounds from itself instead of firing.
pub(crate) fn repair(g: &mut Game, who: PlayerId, unit: Inst) -> Result<(), RuleError> {
    mine(g, who, unit)?;
    let x = check_repair(g, unit)?;
    let have = g.instance(unit).map_or(0, |i| i.wounds);
    let heal = x.min(have);
    if let Some(i) = g.instances.get_mut(unit.0 as usize) {
        i.wounds = have - heal;
    }
    used_trait(g, unit);
    g.log.push(Event::TraitUsed {
        unit: g.card_ref(unit),
        ability: TraitName::Repair,
        target: None,
        amount: heal,
    });
    Ok(())
}

// ----- Fearless (§3.4.5) and Fighter Wings (§2.5.1.2) ---------------------------------------

fn check_fearless<R: Refusal>(g: &Game, who: PlayerId, unit: Inst) -> Result<(), R> {
    mine::<R>(g, who, unit)?;
    need::<R>(g, unit, TraitName::Fearless)?;
    let Some(e) = g.engagement.as_ref() else {
        return Err(R::because(|| err("no engagement", "3.4.5")));
    };
    if side_of_unit(g, unit).is_none() {
        return Err(R::because(|| not_in_engagement(g, unit, "3.4.5")));
    }
    // §6.6 STEP 3, STEP 8E: a retreating ship uses no traits, and a ship that just changed
    // hands waits for its new commander's next volley before any other action.
    volley::held_back::<R>(g, e, unit)?;
    let swaps = stats::fearless_swaps(g, unit);
    if swaps >= usize::from(fearless_limit(g, unit).count()) {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {unit} has already swapped this engagement; it cannot be reversed",
                    g.name(unit)
                ),
                "3.4.5",
            )
        }));
    }
    Ok(())
}

/// §3.4.5: how many Fearless swaps the unit may make in one engagement (§8.1); a second swap
/// swaps the printed values back.
fn fearless_limit(g: &Game, unit: Inst) -> crate::resolver::Resolution {
    stats::card_rule(g, BaseRule::FearlessPerEngagement, unit)
}

/// §3.4.5: swap printed attack and defense until the end of the engagement.
pub(crate) fn fearless(g: &mut Game, who: PlayerId, unit: Inst) -> Result<(), RuleError> {
    check_fearless(g, who, unit)?;
    if stats::fearless_swaps(g, unit) > 0 {
        let limit = fearless_limit(g, unit);
        g.note(&limit);
    }
    if let Some(e) = g.engagement.as_mut() {
        e.fearless.push(unit);
    }
    g.log.push(Event::FearlessSwap {
        unit: g.card_ref(unit),
        attack: stats::attack(g, unit),
        defense: stats::defense(g, unit, None),
    });
    Ok(())
}

fn is_wing(g: &Game, i: Inst) -> bool {
    g.card(i).kind == CardKind::Ship(ShipClass::FighterWing)
}

fn check_launch<R: Refusal>(g: &Game, who: PlayerId, wing: Inst) -> Result<Inst, R> {
    mine::<R>(g, who, wing)?;
    let host = match g.zone(wing) {
        Some(Zone::Attached(h)) if is_wing(g, wing) => h,
        _ => {
            return Err(R::because(|| {
                err(
                    format!("{} {wing} is not a docked Fighter Wing", g.name(wing)),
                    "2.5.1.2",
                )
            }))
        }
    };
    if side_of_unit(g, host).is_none() {
        return Err(R::because(|| {
            err(
                format!("its host {} {host} is not in the engagement", g.name(host)),
                "2.5.1.2",
            )
        }));
    }
    Ok(host)
}

/// §2.5.1.2: a docked Wing deploys into open space at any time, joining its host's side.
pub(crate) fn launch(g: &mut Game, who: PlayerId, wing: Inst) -> Result<(), RuleError> {
    let host = check_launch(g, who, wing)?;
    launch_from(g, wing, host);
    Ok(())
}

/// Moves a docked Wing into open space beside `host`; it joins the attacking fleet if its host
/// is in it (§2.5.1.2). The one place a Wing leaves a fighter bay, whether its commander
/// launches it or its host is destroyed or hijacked (§6.7).
pub(crate) fn launch_from(g: &mut Game, wing: Inst, host: Inst) {
    let in_fleet = g
        .engagement
        .as_ref()
        .is_some_and(|e| e.fleet.contains(&host));
    g.move_to(wing, Zone::Battlefield);
    if in_fleet {
        if let Some(e) = g.engagement.as_mut() {
            e.fleet.push(wing);
        }
    }
    g.log.push(Event::WingLaunched {
        wing: g.card_ref(wing),
        from: g.card_ref(host),
    });
}

/// §6.7: every Wing in `host`'s bays launches (its host was destroyed by volley fire, or
/// hijacked).
pub(crate) fn launch_all(g: &mut Game, host: Inst) {
    let wings: crate::state::Cards<8> = g
        .attachments(host)
        .iter()
        .copied()
        .filter(|&a| g.card(a).kind == CardKind::Ship(ShipClass::FighterWing))
        .collect();
    for w in wings {
        launch_from(g, w, host);
    }
}

fn check_dock<R: Refusal>(g: &Game, who: PlayerId, wing: Inst, host: Inst) -> Result<(), R> {
    mine::<R>(g, who, wing)?;
    mine::<R>(g, who, host)?;
    if !is_wing(g, wing) {
        return Err(R::because(|| {
            err(
                format!("{} {wing} is not a Fighter Wing", g.name(wing)),
                "2.5.1.2",
            )
        }));
    }
    can_act::<R>(g, wing)?;
    if host == wing || side_of_unit(g, host) != side_of_unit(g, wing) {
        return Err(R::because(|| {
            err(
                format!("{} {host} is not a local host on your side", g.name(host)),
                "2.5.1.2",
            )
        }));
    }
    let (_, cap) = stats::capacity(g, host);
    let (_, have) = used(g, host, None);
    if u32::from(have) + u32::from(stats::space(g, wing)) > u32::from(cap) {
        return Err(R::because(|| {
            err(
                format!("{} {host} has no free Fighter Wing capacity", g.name(host)),
                "2.5.1.1",
            )
        }));
    }
    Ok(())
}

/// §2.5.1.2: on its own volley turn, instead of firing, a Wing returns to a fighter bay.
pub(crate) fn dock(g: &mut Game, who: PlayerId, wing: Inst, host: Inst) -> Result<(), RuleError> {
    check_dock(g, who, wing, host)?;
    if let Some(e) = g.engagement.as_mut() {
        e.fleet.retain(|u| *u != wing);
        e.acted.push(wing);
    }
    g.move_to(wing, Zone::Attached(host));
    g.log.push(Event::WingDocked {
        wing: g.card_ref(wing),
        host: g.card_ref(host),
    });
    Ok(())
}

// ----- legal lists ------------------------------------------------------------------------

/// The active-trait choices of `u` on its volley turn.
pub(crate) fn legal_active(g: &Game, u: Inst, out: &mut Vec<Choice>) {
    let Some(side) = side_of_unit(g, u) else {
        return;
    };
    // What `check_mark` reads of the unit alone (§3.3.2, §3.3.5: it has the trait), asked
    // once rather than for every target; a unit with neither trait is asked about none.
    let (jam, paint) = (
        stats::has(g, u, TraitName::Jammer),
        stats::has(g, u, TraitName::TargetPainter),
    );
    // Debug builds walk the targets anyway and hold the shortcut to the check.
    let asked = if jam || paint || cfg!(debug_assertions) {
        usize::MAX
    } else {
        0
    };
    for t in units(g, side.other()).take(asked) {
        debug_assert!(
            jam || check_mark::<Refused>(g, u, t, true).is_err(),
            "a unit without Jammer can jam"
        );
        debug_assert!(
            paint || check_mark::<Refused>(g, u, t, false).is_err(),
            "a unit without Target Painter can paint"
        );
        if jam && check_mark::<Refused>(g, u, t, true).is_ok() {
            out.push(Choice::Jam { unit: u, target: t });
        }
        if paint && check_mark::<Refused>(g, u, t, false).is_ok() {
            out.push(Choice::Paint { unit: u, target: t });
        }
    }
    if stats::has(g, u, TraitName::Overload) {
        for t in volley::targets(g, u, VolleyKind::Overload) {
            if check_overload::<Refused>(g, u, t).is_ok() {
                out.push(Choice::Overload { unit: u, target: t });
            }
        }
    }
    if check_repair::<Refused>(g, u).is_ok() {
        out.push(Choice::Repair { unit: u });
    }
    if is_wing(g, u) {
        let who = g.controller(u);
        for h in units(g, side) {
            if check_dock::<crate::error::Refused>(g, who, u, h).is_ok() {
                out.push(Choice::Dock { wing: u, host: h });
            }
        }
    }
}

/// Choices open to `who` at any of their engagement decisions: Fearless, launching Wings.
pub(crate) fn legal_anytime(g: &Game, who: PlayerId, out: &mut impl Extend<Choice>) {
    let Some(e) = g.engagement.as_ref() else {
        return;
    };
    let Some(side) = e.side_of(who) else {
        return;
    };
    for u in units(g, side) {
        if check_fearless::<Refused>(g, who, u).is_ok() {
            out.extend([Choice::Fearless { unit: u }]);
        }
        for &a in g.attachments(u) {
            if check_launch::<Refused>(g, who, a).is_ok() {
                out.extend([Choice::Launch { wing: a }]);
            }
        }
    }
}
