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
//!
//! A volley is chosen whole (`Choice::Volley`, `Choice::Intercept`) or assigned one target at
//! a time (`Choice::AssignDice`): the first assignment binds the unit to fire (§6.2), the
//! pending `Assignment` is then the only decision, and the last die assigned rolls the volley
//! through the same check and the same roll as the whole choice. So `legal_choices` reaches
//! every split while listing at most k·n choices for n dice and k targets ([`push_fire`]).

pub(crate) use crate::state::engagement::AfterRoll;
use crate::state::engagement::{
    Assignment, CombatStep, Die, Engagement, Face, Occasion, Rolled, VolleyKind,
};

use crate::choice::Choice;
use crate::error::{Refusal, Refused, RuleError};
use crate::event::{CardRef, Event};
use crate::ids::{Inst, PlayerId};
use crate::ir::{BaseRule, CardKind, ModuleKind, ShipClass, TraitName};
use crate::resolver::Resolution;
use crate::rules::engagement::{err, fights_for, not_in_engagement, side_of_unit, units};
use crate::rules::{stats, traits, victory};
use crate::state::{Game, Zone};

/// Ships that may not act whatever they would do — fire (Interceptor fire too), use a trait or
/// board: a retreating ship this round (§6.6 STEP 3), and one that has changed hands by
/// boarding and waits for its new commander's next volley turn (§6.6 STEP 8E), in this
/// engagement or a later one (`Game::fresh`, I-51).
pub(crate) fn held_back<R: Refusal>(g: &Game, e: &Engagement, unit: Inst) -> Result<(), R> {
    let Some(why) = held_back_by(g, e, unit) else {
        return Ok(());
    };
    Err(R::because(|| {
        let words = match why {
            HeldBack::Retreating => {
                "is retreating: it may not fire, use traits or board this round"
            }
            HeldBack::ChangedHands => "changed hands and waits for its new commander's next volley",
        };
        err(format!("{} {unit} {words}", g.name(unit)), why.section())
    }))
}

/// Why a ship may not act ([`held_back`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HeldBack {
    /// §6.6 STEP 3: it retreats this round.
    Retreating,
    /// §6.6 STEP 8E: it changed hands by boarding and waits for its new commander's volley turn.
    ChangedHands,
}

impl HeldBack {
    fn section(self) -> &'static str {
        match self {
            HeldBack::Retreating => "6.6 STEP 3",
            HeldBack::ChangedHands => "6.6 STEP 8E",
        }
    }
}

/// What holds `unit` back ([`held_back`]), if anything: the rule alone, for a caller that logs
/// it and words nothing (issue #15).
fn held_back_by(g: &Game, e: &Engagement, unit: Inst) -> Option<HeldBack> {
    if e.retreating.contains(&unit) {
        return Some(HeldBack::Retreating);
    }
    if g.fresh.contains(&unit) {
        return Some(HeldBack::ChangedHands);
    }
    None
}

/// Whether `unit` may act in the current volley turn.
pub(crate) fn can_act<R: Refusal>(g: &Game, unit: Inst) -> Result<(), R> {
    let e = g
        .engagement
        .as_ref()
        .ok_or_else(|| R::because(|| err("no engagement", "6.6")))?;
    if side_of_unit(g, unit).is_none() {
        // §2.5.1.1: a Wing in a fighter bay waits there until it launches.
        if g.card(unit).kind == CardKind::Ship(ShipClass::FighterWing)
            && matches!(g.zone(unit), Some(Zone::Attached(_)))
        {
            return Err(R::because(|| {
                err(
                    format!(
                        "{} {unit} is docked in a fighter bay and must launch before it can act",
                        g.name(unit)
                    ),
                    "2.5.1.1",
                )
            }));
        }
        return Err(R::because(|| not_in_engagement(g, unit, "6.5.2")));
    }
    held_back::<R>(g, e, unit)?;
    if e.acted.contains(&unit) {
        return Err(R::because(|| {
            err(
                format!("{} {unit} has already acted this volley turn", g.name(unit)),
                "6.2",
            )
        }));
    }
    Ok(())
}

/// Whether `target` can be fired on by `firer` with a volley of `kind`: it fights on the other
/// side (§6.5.2, §6.2), directly or as a Module-Station of a Station that does (§6.5.3,
/// §2.2), and passes [`check_open_target`].
pub(crate) fn check_target<R: Refusal>(
    g: &Game,
    firer: Inst,
    target: Inst,
    kind: VolleyKind,
) -> Result<(), R> {
    let e = g
        .engagement
        .as_ref()
        .ok_or_else(|| R::because(|| err("no engagement", "6.6")))?;
    let Some(side) = side_of_unit(g, firer) else {
        return Err(R::because(|| not_in_engagement(g, firer, "6.5.2")));
    };
    // A Module-Station is targeted where its Station fights, on either side (§6.5.3, §2.2).
    let module_station =
        stats::station_of_module(g, target).filter(|&st| fights_for(g, side.other(), st));
    if !fights_for(g, side.other(), target) && module_station.is_none() {
        let why = if matches!(g.zone(target), Some(Zone::Attached(_))) {
            ("is aboard another card and cannot be targeted", "2.5.1.1")
        } else {
            (
                if g.in_play(target) {
                    "is not an opposing unit in this engagement"
                } else {
                    "is not an opposing unit in this engagement: it was destroyed and is in the Scrapheap"
                },
                "6.2",
            )
        };
        return Err(R::because(|| {
            err(format!("{} {target} {}", g.name(target), why.0), why.1)
        }));
    }
    check_open_target(g, e, target, kind)
}

/// The rules of [`check_target`] that read the target alone, once it is known to fight on
/// the other side: Jammer against Interceptor fire (§3.3.2), a Station's Module-Stations
/// first (§2.2), the first-round Station shield (§6.5.3). [`targets`] asks only these, of
/// the opposing units and Module-Stations it walks.
fn check_open_target<R: Refusal>(
    g: &Game,
    e: &Engagement,
    target: Inst,
    kind: VolleyKind,
) -> Result<(), R> {
    let name = || format!("{} {target}", g.name(target));
    if kind == VolleyKind::Interceptor {
        interceptor_may_target::<R>(g, target)?;
    }
    if g.card(target).kind == CardKind::Station
        && g.attachments(target)
            .iter()
            .any(|&a| g.card(a).kind == CardKind::Module(ModuleKind::Station))
    {
        return Err(R::because(|| {
            err(
                format!(
                    "{} still has Module-Stations attached; they must be destroyed first",
                    name()
                ),
                "2.2",
            )
        }));
    }
    if station_shield(g, e, target).is_some_and(|r| r.flag()) {
        return Err(R::because(|| {
            err(
            format!(
                "{} is part of the Station, off limits in the first round while defending ships can be targeted",
                name()
            ),
            "6.5.3",
        )
        }));
    }
    Ok(())
}

/// §3.3.2: a unit with Jammer is never the target of Interceptor fire — ships in STEP 2 and
/// Marines in STEP 8A alike.
pub(crate) fn interceptor_may_target<R: Refusal>(g: &Game, target: Inst) -> Result<(), R> {
    if stats::has(g, target, TraitName::Jammer) {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {target} has Jammer and cannot be targeted by Interceptor fire",
                    g.name(target)
                ),
                "3.3.2",
            )
        }));
    }
    Ok(())
}

/// §6.5.3: in the first round a Station and its Module-Stations are off limits — to volley
/// fire and boarding alike — while its side has ships that can be targeted. `Some` (the
/// `station-first-round-shield` rule as it stands for that Station, §8.1) when `target` is
/// part of a Station in that situation; `None` when the rule does not come into it.
pub(crate) fn station_shield(g: &Game, e: &Engagement, target: Inst) -> Option<Resolution> {
    // The round first: it is one read, and after the first round nothing else is asked.
    if e.round != 1 {
        return None;
    }
    let station = match g.card(target).kind {
        CardKind::Station => target,
        _ => stats::station_of_module(g, target)?,
    };
    let side = side_of_unit(g, station)?;
    units(g, side)
        .any(|u| matches!(g.card(u).kind, CardKind::Ship(_)))
        .then(|| stats::card_rule(g, BaseRule::StationFirstRoundShield, station))
}

/// Every target `firer` may fire a `kind` volley at: the opposing units, then the
/// Module-Stations on an opposing Station (§6.5.3), that pass [`check_target`]. Read in
/// place; no list is made. Each one walked fights on the other side, so only the rules that
/// read the target alone are asked ([`check_open_target`]); debug builds hold each answer to
/// the whole check.
pub(crate) fn targets(
    g: &Game,
    firer: Inst,
    kind: VolleyKind,
) -> impl Iterator<Item = Inst> + Clone + '_ {
    let e = g.engagement.as_ref();
    let theirs = side_of_unit(g, firer)
        .into_iter()
        .flat_map(move |side| units(g, side.other()));
    let module_stations = theirs
        .clone()
        .filter(move |&u| g.card(u).kind == CardKind::Station)
        .flat_map(move |u| g.attachments(u).iter().copied())
        .filter(move |&a| g.card(a).kind == CardKind::Module(ModuleKind::Station));
    theirs.chain(module_stations).filter(move |&t| {
        let ok = e.is_some_and(|e| check_open_target::<Refused>(g, e, t, kind).is_ok());
        debug_assert_eq!(
            ok,
            check_target::<Refused>(g, firer, t, kind).is_ok(),
            "the target listing and the target check disagree"
        );
        ok
    })
}

/// Dice a unit rolls in a volley of `kind`.
pub(crate) fn dice_for(g: &Game, unit: Inst, kind: VolleyKind) -> u8 {
    let n = match kind {
        VolleyKind::Interceptor => stats::value(g, unit, TraitName::Interceptor),
        VolleyKind::Overload => stats::value(g, unit, TraitName::Overload),
        _ => stats::attack(g, unit),
    };
    if n == 0 {
        // Extra dice join a volley the unit has; they never make one (issue 17).
        return 0;
    }
    (i32::from(n) + stats::extra_dice(g, unit)).clamp(0, 20) as u8
}

/// I-70: whether `unit`, having fired its normal volley this volley turn, may fire another
/// by card text — never after using an active trait (§3.2), retreating (§6.6 STEP 3) or
/// under the Overload Drawback (§3.3.3).
pub(crate) fn may_fire_again(g: &Game, unit: Inst) -> bool {
    let Some(e) = g.engagement.as_ref() else {
        return false;
    };
    let fired = e.volleyed.iter().filter(|&&u| u == unit).count() as u32;
    fired >= 1
        && fired <= stats::extra_volleys(g, unit)
        && !e.traits_used.contains(&unit)
        && !e.drawback.contains(&unit)
        && held_back::<Refused>(g, e, unit).is_ok()
        && side_of_unit(g, unit).is_some()
}

/// Check a volley: every die assigned, at distinct legal targets (§6.2, §8.5).
pub(crate) fn check_fire<R: Refusal>(
    g: &Game,
    unit: Inst,
    fire: &[(Inst, u8)],
    kind: VolleyKind,
) -> Result<(), R> {
    let n = dice_for(g, unit, kind);
    if n == 0 {
        return Err(R::because(|| {
            err(
                format!("{} {unit} has no volley dice", g.name(unit)),
                kind.section(),
            )
        }));
    }
    if fire.is_empty() || fire.iter().any(|&(_, k)| k == 0) {
        return Err(R::because(|| {
            err("name each target with at least one die", "8.5")
        }));
    }
    let total: u32 = fire.iter().map(|&(_, k)| u32::from(k)).sum();
    if total != u32::from(n) {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {unit} has {n} volley dice to assign, not {total}",
                    g.name(unit)
                ),
                "6.2",
            )
        }));
    }
    for (k, &(t, _)) in fire.iter().enumerate() {
        if fire[..k].iter().any(|&(u, _)| u == t) {
            return Err(R::because(|| {
                err(format!("target {} {t} is named twice", g.name(t)), "6.2")
            }));
        }
        check_one_target::<R>(g, unit, t, kind)?;
    }
    Ok(())
}

/// Whether `unit` may put volley dice of `kind` on `t`: an opposing Marine in a boarding
/// action, otherwise a legal target (§6.5.3).
fn check_one_target<R: Refusal>(g: &Game, unit: Inst, t: Inst, kind: VolleyKind) -> Result<(), R> {
    if matches!(g.card(unit).kind, CardKind::Marine { .. }) {
        if kind == VolleyKind::Interceptor {
            // STEP 8A is Interceptor fire too (§3.3.1, §3.3.2).
            interceptor_may_target::<R>(g, t)?;
        }
        crate::rules::boarding::check_marine_target(g, unit, t)
    } else {
        check_target(g, unit, t, kind)?;
        check_taunt(g, unit, t, kind)
    }
}

/// I-98: the units among `firer`'s targets of a `kind` volley that draw its fire by card
/// text (taunt): opposing ships' volleys, and opposing Stations' where the text says `units`.
/// A Marine's fire in a boarding action is at Marines and is never drawn.
fn drawing_fire(g: &Game, firer: Inst, kind: VolleyKind) -> smallvec::SmallVec<[Inst; 4]> {
    if matches!(g.card(firer).kind, CardKind::Marine { .. }) {
        return smallvec::SmallVec::new();
    }
    let station = g.card(firer).kind == CardKind::Station;
    targets(g, firer, kind)
        .filter(|&t| {
            stats::taunts(g, t)
                .iter()
                .any(|&(_, units)| units || !station)
        })
        .collect()
}

/// I-98: while a unit that draws `firer`'s fire can be targeted, every die goes at such a
/// unit (two or more: any of them, split as the commander likes); Stealth changes no target,
/// only a defense (§3.4.9), and a unit that cannot be targeted (Jammer against Interceptor
/// fire, the first-round Station shield) draws nothing.
fn check_taunt<R: Refusal>(g: &Game, firer: Inst, t: Inst, kind: VolleyKind) -> Result<(), R> {
    let drawn = drawing_fire(g, firer, kind);
    if drawn.is_empty() || drawn.contains(&t) {
        return Ok(());
    }
    Err(R::because(|| {
        let names: Vec<String> = drawn
            .iter()
            .map(|&d| {
                let by: Vec<String> = stats::taunts(g, d)
                    .iter()
                    .map(|&(s, _)| format!("{} {s}", g.name(s)))
                    .collect();
                format!("{} {d} (by the text of {})", g.name(d), by.join(", "))
            })
            .collect();
        err(
            format!(
                "{} {firer} must fire at {} while it can be targeted, not at {} {t}",
                g.name(firer),
                names.join(" or "),
                g.name(t)
            ),
            "8.1",
        )
    }))
}

/// I-98: the decoys that draw this volley: dice at a unit with a decoy on it go to the decoy
/// instead, if the firer could target the decoy, and the decoy is used. The fire as it lands.
fn redirect(
    g: &mut Game,
    unit: Inst,
    fire: &[(Inst, u8)],
    kind: VolleyKind,
) -> smallvec::SmallVec<[(Inst, u8); 5]> {
    let mut out: smallvec::SmallVec<[(Inst, u8); 5]> = smallvec::SmallVec::new();
    let marine = matches!(g.card(unit).kind, CardKind::Marine { .. });
    for &(t, n) in fire {
        let decoy = (!marine)
            .then(|| {
                g.temporary.iter().position(|x| {
                    x.card == t
                        && x.modifier == crate::ir::effect::CardModifier::Decoy
                        && x.source != t
                        && g.in_play(x.source)
                        && check_target::<Refused>(g, unit, x.source, kind).is_ok()
                })
            })
            .flatten();
        let to = match decoy {
            Some(k) => {
                let d = g.temporary.remove(k).source;
                g.log.push(Event::VolleyDrawn {
                    unit: g.card_ref(unit),
                    from: g.card_ref(t),
                    to: g.card_ref(d),
                    dice: n,
                });
                d
            }
            None => t,
        };
        match out.iter_mut().find(|(u, _)| *u == to) {
            Some(e) => e.1 = e.1.saturating_add(n),
            None => out.push((to, n)),
        }
    }
    out
}

/// Whether `who` may fire `unit` on this volley turn (§6.2, §3.2, §3.3.3).
fn check_shooter_turn<R: Refusal>(g: &Game, who: PlayerId, unit: Inst) -> Result<(), R> {
    if g.controller(unit) != who {
        return Err(R::because(|| {
            err(
                format!("{} {unit} is not under your command", g.name(unit)),
                "6.2",
            )
        }));
    }
    if !may_fire_again(g, unit) {
        can_act::<R>(g, unit)?;
    }
    if g.engagement
        .as_ref()
        .is_some_and(|e| e.traits_used.contains(&unit))
    {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {unit} used an active trait this volley turn and cannot also fire",
                    g.name(unit)
                ),
                "3.2",
            )
        }));
    }
    check_drawback::<R>(g, unit, "fire")
}

/// §3.3.3: a unit serving its Overload Drawback this volley turn may not fire — neither its
/// volley nor Overload again (`doing` says which was asked); other traits, a boarding action
/// and a retreat stay open to it.
pub(crate) fn check_drawback<R: Refusal>(g: &Game, unit: Inst, doing: &str) -> Result<(), R> {
    if g.engagement
        .as_ref()
        .is_some_and(|e| e.drawback.contains(&unit))
    {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {unit} used Overload and cannot {doing} this volley turn (the Overload Drawback)",
                    g.name(unit)
                ),
                "3.3.3",
            )
        }));
    }
    Ok(())
}

pub(crate) fn legal_volleys(g: &Game, unit: Inst, kind: VolleyKind, out: &mut Vec<Choice>) {
    let n = dice_for(g, unit, kind);
    if n == 0
        || g.engagement.as_ref().is_some_and(|e| {
            kind == VolleyKind::Normal
                && (e.drawback.contains(&unit) || e.traits_used.contains(&unit))
        })
    {
        return;
    }
    // A Marine's volley (a Stoic Marine's last one) is at the other party's Marines, as the
    // check reads it (issue #41: the listing offered only `done`).
    push_fire(
        unit,
        n,
        targets_for(g, unit, kind).into_iter(),
        out,
        |unit, fire| Choice::Volley { unit, fire },
    );
}

// ----- firing a volley: one choice or dice assigned step by step (§6.2) -----------------------

fn occasion(g: &Game) -> Option<Occasion> {
    let e = g.engagement.as_ref()?;
    if let Some(&u) = e.stoic.first() {
        return Some(Occasion::Stoic(u));
    }
    match e.step {
        CombatStep::Volley(_) => Some(Occasion::Turn),
        CombatStep::Interceptors => Some(Occasion::Interceptors),
        CombatStep::Boarding => Some(Occasion::Fight),
        _ => None,
    }
}

/// Whether `who` may fire `unit` now, and with which kind of volley.
fn check_shooter<R: Refusal>(
    g: &Game,
    who: PlayerId,
    unit: Inst,
) -> Result<(Occasion, VolleyKind), R> {
    let occ = occasion(g)
        .ok_or_else(|| R::because(|| err("no volley may be fired in this step", "6.6")))?;
    let kind = match occ {
        Occasion::Turn => {
            check_shooter_turn::<R>(g, who, unit)?;
            VolleyKind::Normal
        }
        Occasion::Stoic(u) => {
            if unit != u || g.controller(u) != who {
                return Err(R::because(|| {
                    err(
                        format!(
                            "{} {u} must take or decline its Stoic last volley",
                            g.name(u)
                        ),
                        "3.4.10",
                    )
                }));
            }
            VolleyKind::Stoic
        }
        Occasion::Interceptors => {
            traits::check_intercept::<R>(g, who, unit)?;
            VolleyKind::Interceptor
        }
        Occasion::Fight => crate::rules::boarding::check_shooter::<R>(g, who, unit)?,
    };
    Ok((occ, kind))
}

/// What `unit` may fire at in a volley of `kind`: opposing Marines in a boarding action,
/// otherwise the legal targets of §6.5.3.
/// Room inline for 32 (a list on the stack, not kept): as many targets as a fleet offers.
fn targets_for(g: &Game, unit: Inst, kind: VolleyKind) -> smallvec::SmallVec<[Inst; 32]> {
    if matches!(g.card(unit).kind, CardKind::Marine { .. }) {
        crate::rules::boarding::opposing_marines(g, unit)
            .into_iter()
            .collect()
    } else {
        // I-98: while a unit draws the firer's fire, only such units are targets.
        let drawn = drawing_fire(g, unit, kind);
        if drawn.is_empty() {
            targets(g, unit, kind).collect()
        } else {
            drawn.into_iter().collect()
        }
    }
}

/// Roll a checked volley and do what follows it where it was fired.
fn carry_out(
    g: &mut Game,
    who: PlayerId,
    occ: Occasion,
    unit: Inst,
    fire: &[(Inst, u8)],
    kind: VolleyKind,
) {
    let then = match occ {
        Occasion::Turn | Occasion::Interceptors => AfterRoll::Nothing,
        Occasion::Stoic(_) => AfterRoll::Stoic,
        Occasion::Fight => {
            crate::rules::boarding::firing(g, unit);
            AfterRoll::Fight
        }
    };
    if occ == Occasion::Interceptors {
        if let Some(e) = g.engagement.as_mut() {
            e.acted.push(unit);
        }
    }
    if volley_asking(g, unit, fire, kind, Some((who, then))) {
        after_roll(g, who, unit, then);
    }
}

/// What follows a volley where it was fired, once its dice count; then §6.8: the volley is
/// complete, and the others may answer (I-58).
pub(crate) fn after_roll(g: &mut Game, who: PlayerId, unit: Inst, then: AfterRoll) {
    match then {
        AfterRoll::Nothing => {}
        AfterRoll::Stoic => stoic_done(g, unit),
        AfterRoll::Fight => crate::rules::boarding::check_fight(g),
        AfterRoll::Overload => traits::overloaded(g, unit),
    }
    crate::rules::respond::after_volley(g, who);
}

/// `Choice::Reroll` / `Choice::KeepDice` (I-91): one die of the shown volley rolled again by
/// the text of the first card whose re-roll is unused, or the dice left as they are; the
/// volley counts once no re-roll is left or the dice are kept.
pub(crate) fn reroll(g: &mut Game, who: PlayerId, choice: &Choice) -> Result<(), RuleError> {
    let Some(mut r) = g.engagement.as_ref().and_then(|e| e.rolled.clone()) else {
        return Err(err("no volley's dice are waiting to be re-rolled", "6.2"));
    };
    match *choice {
        Choice::Reroll { target, die } => {
            let at = check_reroll::<RuleError>(g, &r, target, die)?;
            let source = r.allowed.remove(0);
            let from = r.faces[at].natural;
            let to = g.dice.d10();
            r.faces[at] = Face {
                natural: to,
                rerolled: std::num::NonZeroU8::new(from),
                chosen: true,
            };
            g.log.push(Event::Rerolled {
                who,
                unit: g.card_ref(r.unit),
                target: g.card_ref(target),
                die,
                from,
                to,
                source: g.card_ref(source),
            });
            let open = !r.allowed.is_empty() && r.faces.iter().any(|f| f.rerolled.is_none());
            if open {
                if let Some(e) = g.engagement.as_mut() {
                    e.rolled = Some(r);
                }
                return Ok(());
            }
        }
        Choice::KeepDice => g.log.push(Event::DiceKept {
            who,
            unit: g.card_ref(r.unit),
        }),
        _ => {
            return Err(err(
                "re-roll one die of the volley, or keep the dice",
                "6.2",
            ))
        }
    }
    if let Some(e) = g.engagement.as_mut() {
        e.rolled = None;
    }
    let against = bonuses_against(g, r.unit, &r.fire, r.kind);
    resolve(g, r.unit, &r.fire, r.kind, r.alpha, against, Some(&r.faces));
    after_roll(g, r.who, r.unit, r.then);
    Ok(())
}

/// Whether die `die` (from 1) at `target` of the shown volley may be re-rolled (I-91): the
/// die exists and has not been re-rolled already (I-71). Its place among all the faces.
fn check_reroll<R: Refusal>(g: &Game, r: &Rolled, target: Inst, die: u8) -> Result<usize, R> {
    let unit = || format!("{} {}", g.name(r.unit), r.unit);
    let Some(k) = r.fire.iter().position(|&(t, _)| t == target) else {
        return Err(R::because(|| {
            err(
                format!(
                    "{}'s volley rolled no die at {} {target}",
                    unit(),
                    g.name(target)
                ),
                "6.2",
            )
        }));
    };
    let faces = r.at(k);
    let i = usize::from(die);
    let Some(f) = i.checked_sub(1).and_then(|j| faces.get(j)) else {
        return Err(R::because(|| {
            err(
                format!(
                    "{}'s volley rolled {} {} at {} {target}: there is no die {die}",
                    unit(),
                    faces.len(),
                    if faces.len() == 1 { "die" } else { "dice" },
                    g.name(target)
                ),
                "6.2",
            )
        }));
    };
    if let Some(first) = f.rerolled {
        return Err(R::because(|| {
            err(
                format!(
                    "die {die} at {} {target} was re-rolled already (it showed {first}): a die is re-rolled at most once (I-71, I-91)",
                    g.name(target)
                ),
                "8.1",
            )
        }));
    }
    let start: usize = r.fire[..k].iter().map(|&(_, n)| usize::from(n)).sum();
    Ok(start + i - 1)
}

/// What re-rolling die `die` at `target` of the shown volley is worth, for a computer
/// player (I-91): the wounds a new roll deals on average less the wounds the die deals as it
/// shows, in tenths of a wound. A miss is always worth re-rolling; a hit only when a natural
/// 10 pays more (Annihilate, §3.4.2) and the die rarely misses.
pub(crate) fn reroll_gain(g: &Game, target: Inst, die: u8) -> i32 {
    let Some(r) = g.engagement.as_ref().and_then(|e| e.rolled.as_ref()) else {
        return 0;
    };
    let Some(k) = r.fire.iter().position(|&(t, _)| t == target) else {
        return 0;
    };
    let Some(shown) = usize::from(die).checked_sub(1).and_then(|j| r.at(k).get(j)) else {
        return 0;
    };
    let unit = r.unit;
    let plus: i32 = stats::roll_bonus(g, unit, Some(target))
        .iter()
        .map(|&(_, d)| i32::from(d))
        .sum();
    let defense = stats::defense(g, target, Some(unit));
    let annihilate =
        stats::has(g, unit, TraitName::Annihilate) && !stats::has(g, target, TraitName::Resistant);
    // A natural 10 deals the Annihilate wounds; beside another natural 10 at the target it
    // destroys it immediately (§3.4.2), worth every wound it has left.
    let ten = if annihilate {
        let wounds = i32::from(stats::card_rule(g, BaseRule::AnnihilateWounds, unit).count());
        let pair =
            (r.at(k).iter().enumerate()).any(|(j, f)| f.natural == 10 && j + 1 != usize::from(die));
        if pair {
            wounds.max(i32::from(stats::remaining(g, target)))
        } else {
            wounds
        }
    } else {
        1
    };
    let wounds = |natural: u8| match roll_die(natural, r.alpha, plus, defense) {
        (_, false) => 0,
        _ if natural == 10 => ten,
        _ => 1,
    };
    let average: i32 = (1..=10).map(wounds).sum();
    average - 10 * wounds(shown.natural)
}

/// Every choice of a shown volley (I-91): each die not re-rolled yet, then keeping the dice.
pub(crate) fn legal_rerolls(g: &Game, out: &mut Vec<Choice>) {
    let Some(r) = g.engagement.as_ref().and_then(|e| e.rolled.as_ref()) else {
        return;
    };
    for (k, &(target, _)) in r.fire.iter().enumerate() {
        for (j, f) in r.at(k).iter().enumerate() {
            if f.rerolled.is_none() {
                let die = u8::try_from(j + 1).unwrap_or(u8::MAX);
                out.push(Choice::Reroll { target, die });
            }
        }
    }
    out.push(Choice::KeepDice);
}

/// `Choice::Volley` / `Choice::Intercept`: every die assigned in one choice (§6.2).
pub(crate) fn fire_all(
    g: &mut Game,
    who: PlayerId,
    unit: Inst,
    fire: &[(Inst, u8)],
) -> Result<(), RuleError> {
    let (occ, kind) = check_shooter::<RuleError>(g, who, unit)?;
    check_fire(g, unit, fire, kind)?;
    carry_out(g, who, occ, unit, fire, kind);
    Ok(())
}

/// `Choice::AssignDice` (§6.2): `dice` of `unit`'s volley dice at `target`. The first
/// assignment commits the volley; each must leave the rest assignable (another legal target
/// while dice remain); the last one rolls it exactly as the one-shot choice would.
pub(crate) fn assign(
    g: &mut Game,
    who: PlayerId,
    unit: Inst,
    target: Inst,
    dice: u8,
) -> Result<(), RuleError> {
    let pending = g.engagement.as_ref().and_then(|e| e.assigning.clone());
    let mut a = match pending {
        Some(a) if a.unit != unit => {
            return Err(err(
                format!(
                    "{} {} is assigning its volley dice: its {} remaining dice come first",
                    g.name(a.unit),
                    a.unit,
                    a.left()
                ),
                "6.2",
            ))
        }
        Some(a) => a,
        None => {
            let (occasion, kind) = check_shooter::<RuleError>(g, who, unit)?;
            let n = dice_for(g, unit, kind);
            if n == 0 {
                return Err(err(
                    format!("{} {unit} has no volley dice", g.name(unit)),
                    kind.section(),
                ));
            }
            Assignment {
                who,
                unit,
                occasion,
                kind,
                dice: n,
                fire: crate::choice::Fire::new(),
            }
        }
    };
    let left = a.left();
    if dice == 0 {
        return Err(err("name each target with at least one die", "8.5"));
    }
    if dice > left {
        return Err(err(
            format!(
                "{} {unit} has {left} volley {} left to assign, not {dice}",
                g.name(unit),
                if left == 1 { "die" } else { "dice" }
            ),
            "6.2",
        ));
    }
    if a.fire.iter().any(|&(t, _)| t == target) {
        return Err(err(
            format!(
                "{} {target} already has its dice from this volley",
                g.name(target)
            ),
            "6.2",
        ));
    }
    check_one_target(g, unit, target, a.kind)?;
    if dice < left {
        let more = targets_for(g, unit, a.kind)
            .into_iter()
            .any(|t| t != target && a.fire.iter().all(|&(u, _)| u != t));
        if !more {
            return Err(err(
                format!(
                    "{} {unit} must assign all {left} remaining dice: no other target is left for the rest",
                    g.name(unit)
                ),
                "6.2",
            ));
        }
    }
    a.fire.push((target, dice));
    if dice == left {
        // The same final check as the one-shot choice: one rule, one gate — before anything
        // is logged, so a refusal changes nothing.
        check_fire(g, unit, &a.fire, a.kind)?;
    }
    g.log.push(Event::DiceAssigned {
        unit: g.card_ref(unit),
        target: g.card_ref(target),
        dice,
        left: left - dice,
    });
    if dice < left {
        if let Some(e) = g.engagement.as_mut() {
            e.assigning = Some(a);
        }
        return Ok(());
    }
    if let Some(e) = g.engagement.as_mut() {
        e.assigning = None;
    }
    carry_out(g, who, a.occasion, unit, &a.fire, a.kind);
    Ok(())
}

/// The assignments that continue a committed split (§6.2): each target not yet named, any
/// number of the remaining dice — all of them at the last target left.
pub(crate) fn legal_assignments(g: &Game, out: &mut Vec<Choice>) {
    each_assignment(g, |c| out.push(c));
}

/// [`legal_assignments`], each handed to `f` as it is found: whether there is one is asked
/// with no list built (issue #15).
pub(crate) fn each_assignment(g: &Game, mut f: impl FnMut(Choice)) {
    let Some(a) = g.engagement.as_ref().and_then(|e| e.assigning.as_ref()) else {
        return;
    };
    let left = a.left();
    let mut rest = targets_for(g, a.unit, a.kind);
    rest.retain(|t| a.fire.iter().all(|&(u, _)| u != *t));
    let from = if rest.len() > 1 { 1 } else { left };
    for &t in &rest {
        for dice in from..=left {
            f(Choice::AssignDice {
                unit: a.unit,
                target: t,
                dice,
            });
        }
    }
}

/// §6.2: the choices that reach every split of `n` dice over `targets`: all dice at each
/// target in one choice (`make`), and — with two targets or more — the first step of a
/// stepwise assignment, 1..n-1 dice at any target (`Choice::AssignDice`): k·n choices in all.
pub(crate) fn push_fire(
    unit: Inst,
    n: u8,
    targets: impl Iterator<Item = Inst>,
    out: &mut Vec<Choice>,
    make: impl Fn(Inst, crate::choice::Fire) -> Choice,
) {
    // Each target checked once (a target's check reads its defenses and shields), inline.
    let targets: smallvec::SmallVec<[Inst; 32]> = targets.collect();
    for &t in &targets {
        out.push(make(unit, smallvec::smallvec![(t, n)]));
    }
    // Splitting the dice needs two targets and two dice (§6.2).
    if targets.len() >= 2 && n >= 2 {
        for &t in &targets {
            for dice in 1..n {
                out.push(Choice::AssignDice {
                    unit,
                    target: t,
                    dice,
                });
            }
        }
    }
}

/// The static card modifiers a roll reads: the firer's attack and the target's defense (a
/// Module-Station's with its Station's, §6.5.3), by source, for the roll line.
fn static_sources(
    g: &Game,
    unit: Inst,
    target: Inst,
) -> smallvec::SmallVec<[(CardRef, crate::ir::effect::Stat, i8); 2]> {
    use crate::ir::effect::{CardModifier, Stat};
    let station = stats::station_of_module(g, target).map(|st| (st, Stat::Defense));
    let of = [(unit, Stat::Attack), (target, Stat::Defense)]
        .into_iter()
        .chain(station);
    let mut out = smallvec::SmallVec::new();
    for (card, want) in of {
        // The stat modifiers, visited in `effects::modifiers` order with no list built.
        let stats = crate::effects::Wanted::stats();
        crate::effects::for_each_modifier(g, card, stats, |src, m| {
            if let CardModifier::Stat { stat, delta } = m {
                if stat == want && delta != 0 {
                    out.push((g.card_ref(src), stat, delta));
                }
            }
        });
    }
    out
}

/// What a volley's dice at one target have by card text: roll bonuses (its own and against
/// such a target), extra dice against it, and the cards that double its wounds (I-97).
struct Against {
    bonus: Vec<(Inst, i8)>,
    dice: Vec<(Inst, i8)>,
    doubled: Vec<Inst>,
}

/// I-97: the bonuses of `unit`'s volley at each of its targets, in the order it named them.
/// A card's `+N attack against` joins the dice at the first target it counts against, and
/// only in a volley its attack makes (§6.2: not Interceptor fire or Overload, which their
/// traits count).
fn bonuses_against(g: &Game, unit: Inst, fire: &[(Inst, u8)], kind: VolleyKind) -> Vec<Against> {
    let by_attack = !matches!(kind, VolleyKind::Interceptor | VolleyKind::Overload);
    let mut used: smallvec::SmallVec<[Inst; 2]> = smallvec::SmallVec::new();
    fire.iter()
        .map(|&(t, _)| {
            let mut dice = Vec::new();
            if by_attack {
                for (src, d) in stats::attack_against(g, unit, t) {
                    if !used.contains(&src) {
                        used.push(src);
                        dice.push((src, d));
                    }
                }
            }
            Against {
                bonus: stats::roll_bonus(g, unit, Some(t)),
                dice,
                doubled: stats::doubles_wounds(g, unit, t),
            }
        })
        .collect()
}

/// Roll a volley and apply its wounds (§6.2). The caller has checked it. A volley a card's
/// effect rolls: nobody is asked to re-roll (I-91).
pub(crate) fn volley(g: &mut Game, unit: Inst, fire: &[(Inst, u8)], kind: VolleyKind) {
    volley_asking(g, unit, fire, kind, None);
}

/// Roll a volley the unit fires (§6.2). When a card lets its commander re-roll one of its
/// dice (I-91), the dice are rolled and shown, and the volley waits on that decision
/// ([`Rolled`]): false; `then` is what follows the volley once its dice count ([`finish`]).
pub(crate) fn volley_asking(
    g: &mut Game,
    unit: Inst,
    fire: &[(Inst, u8)],
    kind: VolleyKind,
    ask: Option<(PlayerId, AfterRoll)>,
) -> bool {
    let again = kind == VolleyKind::Normal
        && g.engagement
            .as_ref()
            .is_some_and(|e| e.volleyed.contains(&unit));
    if again {
        // I-70: a volley after the first of this volley turn, by the text of these cards.
        let mut sources = crate::event::CardRefs::new();
        let extra = crate::effects::Wanted::EXTRA_VOLLEYS;
        crate::effects::for_each_modifier(g, unit, extra, |src, _| sources.push(g.card_ref(src)));
        g.log.push(Event::AdditionalVolley {
            unit: g.card_ref(unit),
            sources,
        });
    }
    let fire_refs = fire.iter().map(|&(t, n)| (g.card_ref(t), n)).collect();
    g.log.push(Event::VolleyFired {
        unit: g.card_ref(unit),
        fire: fire_refs,
        kind,
    });
    let landed = redirect(g, unit, fire, kind);
    let fire = &landed[..];
    let first = g
        .engagement
        .as_ref()
        .is_some_and(|e| !e.fired.contains(&unit));
    let ctrl = g.controller(unit);
    // §3.4.1, §8.1: the Alpha Strike bonus as it stands for this unit.
    let alpha = if first && stats::has(g, unit, TraitName::AlphaStrike) {
        g.rule(BaseRule::AlphaStrikeBonus, ctrl, Some(unit)).count()
    } else {
        0
    };
    // Combat modifiers from card text (issue 17): a roll-result bonus, re-rolls of missed dice;
    // and what the unit has against each target (I-97), all fixed as the volley is fired.
    let against = bonuses_against(g, unit, fire, kind);
    if let Some(e) = g.engagement.as_mut() {
        if matches!(kind, VolleyKind::Normal | VolleyKind::Overload) {
            e.acted.push(unit);
        }
        if kind == VolleyKind::Normal {
            e.volleyed.push(unit);
        }
        if !e.fired.contains(&unit) {
            e.fired.push(unit);
        }
    }
    let allowed = match ask {
        Some(_) if g.engagement.is_some() => stats::may_rerolls(g, unit),
        _ => crate::state::Cards::new(),
    };
    if let (Some((who, then)), false) = (ask, allowed.is_empty()) {
        // I-91: every die rolled first (I-71's re-rolls of misses among them), then shown.
        let mut rerolls = stats::rerolls(g, unit);
        let mut faces = Vec::new();
        for (&(t, n), against) in fire.iter().zip(&against) {
            let plus: i32 = against.bonus.iter().map(|&(_, d)| i32::from(d)).sum();
            let defense = stats::defense(g, t, Some(unit));
            for _ in 0..dice_at(n, against) {
                let hits = |natural| roll_die(natural, alpha, plus, defense).1;
                faces.push(face(g, &mut rerolls, hits));
            }
        }
        let counted: crate::choice::Fire = fire
            .iter()
            .zip(&against)
            .map(|(&(t, n), against)| (t, dice_at(n, against)))
            .collect();
        if faces.iter().all(|f| f.rerolled.is_some()) {
            // Every die was rolled again already (I-71): none is left to re-roll.
            resolve(g, unit, &counted, kind, alpha, against, Some(&faces));
            return true;
        }
        let dice = fire
            .iter()
            .zip(&against)
            .scan(0usize, |at, (&(t, n), against)| {
                let k = usize::from(dice_at(n, against));
                let shown = faces[*at..*at + k].iter().copied().collect();
                *at += k;
                Some((g.card_ref(t), shown))
            })
            .collect();
        g.log.push(Event::DiceShown {
            who,
            unit: g.card_ref(unit),
            dice,
            sources: allowed.iter().map(|&s| g.card_ref(s)).collect(),
        });
        if let Some(e) = g.engagement.as_mut() {
            e.rolled = Some(Rolled {
                who,
                unit,
                kind,
                then,
                alpha,
                fire: counted,
                faces,
                allowed,
            });
        }
        return false;
    }
    resolve(g, unit, fire, kind, alpha, against, None);
    true
}

/// A volley's dice at one target: as assigned, with the extra dice card text gives against it
/// (I-97), at most 20.
fn dice_at(n: u8, against: &Against) -> u8 {
    (u32::from(n)
        + against
            .dice
            .iter()
            .map(|&(_, d)| d.unsigned_abs() as u32)
            .sum::<u32>())
    .min(20) as u8
}

/// A die's result and whether it hits: §8.2, a natural 1 always misses, a natural 10 always
/// hits.
fn roll_die(natural: u8, alpha: u8, plus: i32, defense: u8) -> (u8, bool) {
    let result = (i32::from(natural) + i32::from(alpha) + plus).clamp(0, 255) as u8;
    (result, natural == 10 || (natural != 1 && result >= defense))
}

/// Roll one die from the one RNG; I-71: a missed die is rolled again, once, while the unit has
/// re-rolls of misses left, and only the new result counts.
fn face(g: &mut Game, rerolls: &mut u32, hits: impl Fn(u8) -> bool) -> Face {
    let natural = g.dice.d10();
    if !hits(natural) && *rerolls > 0 {
        *rerolls -= 1;
        return Face {
            natural: g.dice.d10(),
            rerolled: std::num::NonZeroU8::new(natural),
            chosen: false,
        };
    }
    Face {
        natural,
        rerolled: None,
        chosen: false,
    }
}

/// The dice of a volley count (§6.2): rolled now, or the faces its commander saw and left
/// (I-91), in the order of `fire`.
fn resolve(
    g: &mut Game,
    unit: Inst,
    fire: &[(Inst, u8)],
    kind: VolleyKind,
    alpha: u8,
    against: Vec<Against>,
    shown: Option<&[Face]>,
) {
    let ctrl = g.controller(unit);
    let annihilate = stats::has(g, unit, TraitName::Annihilate);
    let mut rerolls = stats::rerolls(g, unit);
    let mut shown = shown.map(|f| f.iter());
    let mut destroyed: smallvec::SmallVec<[(Inst, bool); 4]> = smallvec::SmallVec::new();
    for (&(t, n), against) in fire.iter().zip(against) {
        // Shown dice were counted as they were rolled.
        let n = if shown.is_some() {
            n
        } else {
            dice_at(n, &against)
        };
        let Against {
            bonus,
            dice: more,
            doubled,
        } = against;
        let plus: i32 = bonus.iter().map(|&(_, d)| i32::from(d)).sum();
        let double = !doubled.is_empty();
        // Rules that shape this roll, logged when a card changed them (§8.1).
        if let Some(r) = stats::stealth(g, t, Some(unit)) {
            g.note(&r);
        }
        if let Some(r) = g.engagement.as_ref().and_then(|e| station_shield(g, e, t)) {
            g.note(&r);
        }
        let defense = stats::defense(g, t, Some(unit));
        let printed = stats::wounds(g, t);
        let resistant = stats::has(g, t, TraitName::Resistant);
        let mut dice = smallvec::SmallVec::new();
        let mut tens = 0u8;
        let mut dealt = 0u8;
        let mut prevented = Vec::new();
        for _ in 0..n {
            let f = match shown.as_mut().and_then(|f| f.next()) {
                Some(&f) => f,
                None => face(g, &mut rerolls, |n| roll_die(n, alpha, plus, defense).1),
            };
            let (natural, rerolled) = (f.natural, f.rerolled.filter(|_| !f.chosen));
            let (result, hit) = roll_die(natural, alpha, plus, defense);
            if natural == 1 || natural == 10 {
                crate::hooks::dispatch(g, crate::hooks::Trigger::RollsNatural { unit, natural });
            }
            let mut w = u8::from(hit);
            if hit && natural == 10 && annihilate && !resistant {
                // §3.4.2, §8.1: the wounds a natural 10 deals, as the rule stands.
                w = g.rule(BaseRule::AnnihilateWounds, ctrl, Some(unit)).count();
                tens += 1;
            }
            if double {
                // I-97: twice the wounds the hit deals, before any ward takes them.
                w = w.saturating_mul(2);
            }
            // I-72: a ward takes the wound before it is suffered.
            let w = crate::rules::prevention::prevent(g, t, w, &mut prevented);
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
                rerolled,
            });
        }
        let total = g.instance(t).map_or(0, |x| x.wounds);
        if double && dice.iter().any(|d: &Die| d.hit) {
            let sources = doubled.iter().map(|&s| g.card_ref(s)).collect();
            g.log.push(Event::WoundsDoubled {
                unit: g.card_ref(unit),
                target: g.card_ref(t),
                sources,
            });
        }
        let mut statics = static_sources(g, unit, t);
        statics.extend(
            more.iter()
                .map(|&(s, d)| (g.card_ref(s), crate::ir::effect::Stat::Attack, d)),
        );
        g.log.push(Event::VolleyRolled {
            unit: g.card_ref(unit),
            target: g.card_ref(t),
            defense,
            statics,
            bonus: bonus.iter().map(|&(s, d)| (g.card_ref(s), d)).collect(),
            dice,
            wounds: dealt,
            total,
            of: printed,
        });
        crate::rules::prevention::log(g, t, &prevented);
        // Deeds (issue 17): the firer wounded the target, the target was wounded by it.
        if dealt > 0 {
            for (deed, actor, other) in [
                (crate::ir::effect::TriggerEvent::Wounds, unit, t),
                (crate::ir::effect::TriggerEvent::WoundedBy, t, unit),
            ] {
                let other = Some(other);
                crate::hooks::dispatch(g, crate::hooks::Trigger::Deed { deed, actor, other });
            }
        }
        let annihilated = annihilate && !resistant && tens >= 2;
        if annihilated {
            g.log.push(Event::Annihilated {
                target: g.card_ref(t),
            });
        }
        if annihilated || (printed > 0 && total >= printed) {
            destroyed.push((t, annihilated || kind == VolleyKind::Interceptor));
        }
    }
    for (t, immediate) in destroyed {
        // The firer's deed (issue 17), woken while the destroyed unit is still in play so the
        // trigger's filter sees it as it was; a replaced destruction is no deed (I-47).
        if immediate || !crate::effects::replacements::would_replace_destruction(g, t) {
            let deed = crate::ir::effect::TriggerEvent::Destroys;
            let (actor, other) = (unit, Some(t));
            crate::hooks::dispatch(g, crate::hooks::Trigger::Deed { deed, actor, other });
        }
        destroyed_by_volley(g, t, immediate);
    }
}

/// §6.7: a unit destroyed by volley fire. A Stoic unit first takes its last volley
/// (§3.4.10), never when immediately destroyed.
fn destroyed_by_volley(g: &mut Game, t: Inst, immediate: bool) {
    // A replaced destruction never happens, so there is no last volley either (I-47).
    let replaced = !immediate && crate::effects::replacements::would_replace_destruction(g, t);
    // §3.4.10: any unit destroyed by volley fire — a Stoic last volley and Marine volley fire
    // included (§9.35, STEP 8) — but never one immediately destroyed.
    let stoic = !immediate && !replaced && stats::has(g, t, TraitName::Stoic);
    // A retreating ship, or one waiting after changing hands, may not act: Stoic is a trait
    // and its last volley an action (§6.6 STEP 3, STEP 8E, I-49).
    let withheld = g
        .engagement
        .as_ref()
        .and_then(|e| held_back_by(g, e, t))
        .map(HeldBack::section);
    if let (true, Some(section)) = (stoic, withheld) {
        g.log.push(Event::StoicWithheld {
            card: g.card_ref(t),
            section,
        });
        destroy(g, t, immediate);
        return;
    }
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

pub(crate) fn stoic_done(g: &mut Game, unit: Inst) {
    if let Some(e) = g.engagement.as_mut() {
        e.stoic.retain(|u| *u != unit);
    }
    destroy(g, unit, false);
}

/// Destroy a unit (§9.12). Destroyed by volley fire, the Fighter Wings in its bays launch
/// into open space first (§6.7); immediately destroyed, everything aboard is lost (§9.17).
/// A destroyed Station eliminates its commander (§2.2, §6.1). A card's `instead of being
/// destroyed` text replaces a destruction that is not immediate (§8.1, I-47).
pub(crate) fn destroy(g: &mut Game, t: Inst, immediate: bool) {
    destroy_as(g, t, immediate, true);
}

/// A Module replaced by a new one is destroyed (§2.3, §9.12): its `when destroyed` text
/// resolves, but no `instead of being destroyed` text keeps it — the replacement was chosen.
pub(crate) fn destroy_replaced_module(g: &mut Game, m: Inst) {
    destroy_as(g, m, false, false);
}

fn destroy_as(g: &mut Game, t: Inst, immediate: bool, replaceable: bool) {
    if !g.in_play(t) {
        return;
    }
    if !immediate
        && replaceable
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
    destroy_attached(g, t);
    g.move_to(t, Zone::Scrapheap);
    if let Some(e) = g.engagement.as_mut() {
        e.fleet.retain(|u| *u != t);
        e.stoic.retain(|u| *u != t);
    }
    if station {
        // §7.1.3: the Spoils of War go to whoever destroyed it.
        let by = victory::destroyer(g, ctrl);
        victory::eliminate(g, ctrl, by);
    }
}

/// §9.1, §2.3: every card still attached to a destroyed card is destroyed with it — logged,
/// and its `when destroyed` text resolves — deepest attachments with their own host first.
fn destroy_attached(g: &mut Game, host: Inst) {
    // A copy of the list, inline (issue #15): destroying each changes it.
    for a in crate::state::Cards::<8>::from_slice(g.attachments(host)) {
        if !g.in_play(a) {
            continue;
        }
        g.log.push(Event::DestroyedWithHost {
            card: g.card_ref(a),
            host: g.card_ref(host),
        });
        crate::hooks::dispatch(g, crate::hooks::Trigger::Destroyed { card: a });
        destroy_attached(g, a);
        if let Some(e) = g.engagement.as_mut() {
            e.fleet.retain(|u| *u != a);
            e.stoic.retain(|u| *u != a);
        }
        g.move_to(a, Zone::Scrapheap);
    }
}
