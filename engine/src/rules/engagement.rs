//! The engagement (§6): its state and the step-by-step guide of §6.6, round after round.
//!
//! STEP 1 start-of-engagement cards (a window for every commander, clockwise from the
//! attacker), STEP 2 defending Interceptors, then each round: STEP 3 attacker's volley turn,
//! STEP 4 attacker's boards, STEP 5 defender's volley turn, STEP 6 defender's boards, STEP 7
//! Escorts (defender first), STEP 8 boarding actions, STEP 9 retreating ships go home and the
//! next round begins — until the attacking fleet is destroyed or has retreated, or the
//! defending Station is destroyed or boarded (§6.5.1, STEP 9).
//!
//! Only the fleet chosen at declaration takes part (§6.5.2); the defending side is the
//! defender's Station and its ships in open space (§2.2: Stations never attack). During an
//! engagement only Events and Tactics may be deployed (§6.5.4), by the commander whose
//! decision it is. The engine applies cards one at a time, so the deployment order of §6.8 is
//! the order of the log; no two cards are ever simultaneous.
//!
//! Volley fire is in `volley`, active traits in `traits`, boarding in `boarding`,
//! elimination in `victory`.

use crate::state::engagement::{CombatStep, Engagement, GoOn, Side, VolleyKind};

use crate::choice::{Choice, Decision, DecisionKind};
use crate::error::{Refusal, Refused, RuleError};
use crate::event::{EndReason, Event, Skipped};
use crate::ids::{Inst, PlayerId};
use crate::ir::effect::{Ability, Timing};
use crate::ir::{BaseRule, CardKind, ShipClass, TraitName};
use crate::rules::manufacturing::{self, Context};
use crate::rules::{boarding, stats, traits, volley};
use crate::state::{Facing, Game, Step};

/// A liveness guard, not a rule: an engagement still running after this many rounds ends with
/// the attacking fleet withdrawing (`EndReason::RoundLimit`). STEP 9 fights on until there is a
/// clear winner, and an engagement in which neither side can ever wound the other ends at once
/// (`deadlocked`, I-57); this bound only keeps a game that keeps missing from running forever.
pub const MAX_ROUNDS: u32 = 1000;

pub(crate) fn err(what: impl Into<String>, section: &'static str) -> RuleError {
    RuleError::Engagement {
        what: what.into(),
        section,
    }
}

/// `unit` is not one of the engagement's units (§6.5.2), saying so if it was destroyed.
pub(crate) fn not_in_engagement(g: &Game, unit: Inst, section: &'static str) -> RuleError {
    err(
        format!(
            "{} {unit} is not in the engagement{}",
            g.name(unit),
            crate::error::gone(g, unit)
        ),
        section,
    )
}

/// The units a side fights with: the attacking fleet, or the defender's Station and ships in
/// open space (§2.2, §6.5.2). Docked Fighter Wings and Marines are not among them (§2.5.1.1).
/// Read in place, in fleet or battlefield order; no list is made.
pub(crate) fn units(g: &Game, side: Side) -> impl Iterator<Item = Inst> + Clone + '_ {
    let (list, e): (&[Inst], _) = match (g.engagement.as_ref(), side) {
        (None, _) => (&[], None),
        (Some(e), Side::Attacker) => (&e.fleet, Some(e)),
        (Some(e), Side::Defender) => (g.cmd(e.defender).map_or(&[], |c| &c.battlefield), Some(e)),
    };
    list.iter()
        .copied()
        .filter(move |&i| e.is_some_and(|e| fights_from_list(g, e, side, i)))
}

/// Whether `i` is one of the units `side` fights with ([`units`]).
pub(crate) fn fights_for(g: &Game, side: Side, i: Inst) -> bool {
    let Some(e) = g.engagement.as_ref() else {
        return false;
    };
    let listed = match side {
        Side::Attacker => e.fleet.contains(&i),
        Side::Defender => g
            .cmd(e.defender)
            .is_some_and(|c| c.battlefield.contains(&i)),
    };
    listed && fights_from_list(g, e, side, i)
}

/// Whether `i`, on `side`'s list (the fleet, or the defender's battlefield), fights for it:
/// a fleet's unit while in play; a defender's Station or ship not in the attacking fleet.
fn fights_from_list(g: &Game, e: &Engagement, side: Side, i: Inst) -> bool {
    match side {
        Side::Attacker => g.in_play(i),
        Side::Defender => {
            matches!(g.card(i).kind, CardKind::Ship(_) | CardKind::Station) && !e.fleet.contains(&i)
        }
    }
}

/// Which side a unit in the engagement fights for.
pub(crate) fn side_of_unit(g: &Game, i: Inst) -> Option<Side> {
    [Side::Attacker, Side::Defender]
        .into_iter()
        .find(|&s| fights_for(g, s, i))
}

// ----- starting and ending ----------------------------------------------------------------

/// §6.5.1, §5.5.3: the declared engagement begins with STEP 1 and is fought to its end before
/// the turn goes on.
pub(crate) fn begin(g: &mut Game, attacker: PlayerId, defender: PlayerId, fleet: &[Inst]) {
    let mut e = Engagement::restart(g.spare.engagement.take(), attacker, defender, fleet);
    e.start_queue.push(attacker);
    e.start_queue.extend(g.others_clockwise(attacker));
    // §3.3.3, I-42: an Overload Drawback still to serve carries into this engagement.
    let carried = std::mem::take(&mut g.drawback_carried);
    e.drawback_next
        .extend(carried.into_iter().filter(|&i| g.in_play(i)));
    g.engagement = Some(e);
    g.step = Step::Combat;
    g.log.push(Event::CombatStep {
        step: 1,
        who: attacker,
    });
    crate::hooks::dispatch(
        g,
        crate::hooks::Trigger::EngagementStarts { attacker, defender },
    );
}

/// End the engagement (§6.5.1, STEP 9) and return to the Engagement phase.
pub(crate) fn end(g: &mut Game, reason: EndReason) {
    let Some(mut e) = g.engagement.take() else {
        return;
    };
    // I-73: a Stoic unit still waiting for its last volley when the engagement ends (its
    // Station fell in a response window, say) loses the volley, and its destruction by volley
    // fire completes (§3.4.10, §6.7).
    for &u in &e.stoic {
        if g.in_play(u) {
            g.log.push(Event::StoicWithheld {
                card: g.card_ref(u),
                section: "6.5.1",
            });
            volley::destroy(g, u, false);
        }
    }
    for i in g.instances.iter_mut() {
        i.facing = Facing::Normal;
    }
    // §3.3.3, I-42: "its next turn to volley" is not bounded by the engagement: a unit that
    // overloaded and has not had its next volley turn yet serves the Drawback in a later one.
    // Only units still in play owe it: a unit that left play during the engagement is a new
    // card if it comes back (§9.12), as `move_to` says for one that leaves later.
    g.drawback_carried.clone_from(&e.drawback_next);
    let mut carried = std::mem::take(&mut g.drawback_carried);
    carried.retain(|i| g.in_play(*i));
    g.drawback_carried = carried;
    let (attacker, defender) = (e.attacker, e.defender);
    // The aftermath's ships: the fleet as declared, then any that joined it since.
    let mut fleet = std::mem::take(&mut e.declared);
    for &i in &e.fleet {
        if !fleet.contains(&i) {
            fleet.push(i);
        }
    }
    g.spare.engagement = Some(e);
    g.log.push(Event::EngagementEnded {
        attacker,
        defender,
        reason,
    });
    {
        use crate::ir::effect::Duration;
        crate::effects::expire(g, &[Duration::EndOfEngagement, Duration::EndOfRound]);
    }
    crate::hooks::dispatch(
        g,
        crate::hooks::Trigger::EngagementEnds { attacker, defender },
    );
    boarding::check_garrisons(g);
    if g.outcome.is_some() {
        return;
    }
    if g.cmd(g.active).is_some_and(|c| c.out) {
        return;
    }
    let used = g.cmd(attacker).map_or(0, |c| c.engagements);
    let limit = g.rule_count(crate::ir::BaseRule::EngagementsPerTurn, attacker);
    let then = if used >= limit {
        GoOn::Discard
    } else {
        GoOn::Engagement
    };
    // §2.5.1.2, §3.4.4: before the turn goes on, reassignment and turning modules face down.
    super::aftermath::begin(g, attacker, defender, fleet, then);
}

/// After every combat choice: §6.9.7 garrisons, then whether the engagement is over.
pub(crate) fn settle(g: &mut Game) {
    if g.engagement.as_ref().is_some_and(|e| e.rolled.is_some()) {
        // I-91: nothing of the volley has counted yet; it settles once its dice do.
        return;
    }
    boarding::check_garrisons(g);
    boarding::settle_fight(g);
    let Some(e) = g.engagement.as_ref() else {
        return;
    };
    if e.assigning.is_some() {
        // A committed split waits only while it can be finished (never a dead end).
        let mut more = false;
        volley::each_assignment(g, |_| more = true);
        if !more {
            if let Some(e) = g.engagement.as_mut() {
                e.assigning = None;
            }
        }
        return;
    }
    let Some(e) = g.engagement.as_ref() else {
        return;
    };
    if !e.stoic.is_empty() {
        return;
    }
    // §6.6 STEP 8: a boarding action whose ship or target has left play is over.
    boarding::settle_fight(g);
    let Some(e) = g.engagement.as_ref() else {
        return;
    };
    let fleet_left = e.fleet.iter().any(|&i| g.in_play(i));
    if !fleet_left {
        // STEP 9 (a): a retreating ship goes home only at STEP 9; a fleet whose last ships
        // are destroyed (or hijacked) before then, retreating or not, has been destroyed.
        end(g, EndReason::FleetDestroyed);
    }
}

// ----- the step machine -------------------------------------------------------------------

fn set_step(g: &mut Game, step: CombatStep) {
    if let Some(e) = g.engagement.as_mut() {
        e.step = step;
    }
}

/// Move on from the step that just finished.
pub(crate) fn advance(g: &mut Game) {
    let Some(e) = g.engagement.as_ref() else {
        return;
    };
    if e.step == CombatStep::StartCards {
        if !e.stoic.is_empty() {
            // §3.4.10: a Stoic unit destroyed by a STEP 1 card takes its last volley in
            // STEP 1; STEP 2 begins once it is done (`respond::settle` comes back here).
            return;
        }
        if !e.fleet.iter().any(|&i| g.in_play(i)) {
            // STEP 9 (a): a fleet destroyed in STEP 1 ends the engagement; no STEP 2 begins.
            settle(g);
            return;
        }
    }
    let (att, def) = (e.attacker, e.defender);
    match e.step.clone() {
        CombatStep::StartCards | CombatStep::Stoic(_) => {
            g.log.push(Event::CombatStep { step: 2, who: def });
            set_step(g, CombatStep::Interceptors);
            if traits::interceptor_units(g).next().is_none() {
                g.log.push(Event::StepSkipped {
                    who: def,
                    skipped: Skipped::Interceptors,
                });
                advance(g);
            }
        }
        CombatStep::Interceptors => begin_volley(g, Side::Attacker),
        CombatStep::Volley(side) => {
            let (step, who) = if side == Side::Attacker {
                (4, att)
            } else {
                (6, def)
            };
            g.log.push(Event::CombatStep { step, who });
            set_step(g, CombatStep::Boards(side));
            if boarding::legal_boards(g, side).is_empty() {
                g.log.push(Event::StepSkipped {
                    who,
                    skipped: Skipped::Boards { step },
                });
                advance(g);
            }
        }
        CombatStep::Boards(Side::Attacker) => begin_volley(g, Side::Defender),
        CombatStep::Boards(Side::Defender) => {
            let any = g.engagement.as_ref().is_some_and(|e| !e.boards.is_empty());
            if !any {
                // STEP 6: no boards at all, straight to STEP 9.
                g.log.push(Event::StepSkipped {
                    who: att,
                    skipped: Skipped::NoBoards,
                });
                end_round(g);
                return;
            }
            g.log.push(Event::CombatStep { step: 7, who: def });
            set_step(g, CombatStep::Escorts(Side::Defender));
            if boarding::legal_cancels(g, Side::Defender).is_empty() {
                g.log.push(Event::StepSkipped {
                    who: def,
                    skipped: Skipped::Escorts,
                });
                advance(g);
            }
        }
        CombatStep::Escorts(Side::Defender) => {
            set_step(g, CombatStep::Escorts(Side::Attacker));
            if boarding::legal_cancels(g, Side::Attacker).is_empty() {
                g.log.push(Event::StepSkipped {
                    who: att,
                    skipped: Skipped::Escorts,
                });
                advance(g);
            }
        }
        CombatStep::Escorts(Side::Attacker) => {
            g.log.push(Event::CombatStep { step: 8, who: att });
            set_step(g, CombatStep::Boarding);
            boarding::next_fight(g);
        }
        CombatStep::Boarding => end_round(g),
    }
}

/// §6.6 STEP 3 / §6.6 STEP 5 begins: the side's cards face normally again, its marks lapse (§3.2), the
/// Overload Drawback moves on (§3.3.3), newly hijacked ships may act (§6.6 STEP 8E).
fn begin_volley(g: &mut Game, side: Side) {
    let Some(e) = g.engagement.as_ref() else {
        return;
    };
    let who = e.commander(side);
    g.log.push(Event::CombatStep {
        step: if side == Side::Attacker { 3 } else { 5 },
        who,
    });
    for x in g.instances.iter_mut().filter(|x| x.controller == who) {
        x.facing = Facing::Normal;
    }
    let instances = &g.instances;
    let mine = |i: &Inst| {
        instances
            .get(i.0 as usize)
            .is_some_and(|x| x.controller == who)
    };
    if let Some(e) = g.engagement.as_mut() {
        e.acted.clear();
        e.volleyed.clear();
        e.traits_used.clear();
        e.marks.retain(|m| !mine(&m.source));
        e.drawback.retain(|i| !mine(i));
        // Drawbacks due at this commander's next volley turn are due now, in order.
        let mut k = 0;
        while let Some(&i) = e.drawback_next.get(k) {
            if mine(&i) {
                e.drawback_next.remove(k);
                e.drawback.push(i);
            } else {
                k += 1;
            }
        }
        e.step = CombatStep::Volley(side);
    }
    // §6.6 STEP 8E: this is the next volley turn of the new commander of any ship of theirs
    // that changed hands by boarding (I-51).
    g.fresh.retain(|i| !mine(i));
}

/// STEP 9: retreating ships that survived go home; the next round begins at STEP 3.
fn end_round(g: &mut Game) {
    let Some(e) = g.engagement.as_mut() else {
        return;
    };
    let gone = std::mem::take(&mut e.retreating);
    e.boards.clear();
    e.escorts_used.clear();
    e.fight = None;
    let mut home = crate::state::Cards::<8>::new();
    for s in gone {
        if e.fleet.contains(&s) {
            e.fleet.retain(|x| *x != s);
            home.push(s);
            // A Wing launched in the engagement still counts for the aftermath (I-45).
            if !e.declared.contains(&s) {
                e.declared.push(s);
            }
        }
    }
    let (round, fleet_left, attacker) = (e.round, !e.fleet.is_empty(), e.attacker);
    g.log.push(Event::CombatStep {
        step: 9,
        who: attacker,
    });
    for &s in &home {
        let card = g.card_ref(s);
        if g.in_play(s) {
            g.log.push(Event::Retreated { card });
            // `when this ship retreats` (issue 17, §9.28).
            let (deed, actor) = (crate::ir::effect::TriggerEvent::Retreats, s);
            let other = None;
            crate::hooks::dispatch(g, crate::hooks::Trigger::Deed { deed, actor, other });
        }
    }
    // STEP 9 ends the round: wards counted per round are whole again (I-72), and modifiers
    // `until end of round` end.
    crate::rules::prevention::span_ended(g, crate::ir::effect::Span::Round);
    crate::effects::expire(g, &[crate::ir::effect::Duration::EndOfRound]);
    if !fleet_left {
        // STEP 9 (a)/(c): the fleet retreated only if its last ships went home now; a fleet
        // that was destroyed or hijacked while some ships had gone home earlier did not.
        let reason = if home.is_empty() {
            EndReason::FleetDestroyed
        } else {
            EndReason::Retreated
        };
        end(g, reason);
        return;
    }
    let stop = if deadlocked(g) {
        Some(EndReason::Deadlock)
    } else if round >= MAX_ROUNDS {
        Some(EndReason::RoundLimit)
    } else {
        None
    };
    if let Some(reason) = stop {
        // The attacking fleet goes home (I-57).
        if let Some(e) = g.engagement.as_mut() {
            for s in std::mem::take(&mut e.fleet) {
                if !e.declared.contains(&s) {
                    e.declared.push(s);
                }
            }
        }
        end(g, reason);
        return;
    }
    if let Some(e) = g.engagement.as_mut() {
        e.round += 1;
    }
    g.log.push(Event::RoundBegan { round: round + 1 });
    begin_volley(g, Side::Attacker);
}

/// STEP 9, I-57: whether neither side can ever wound the other, so that no clear winner can
/// come: no unit in the engagement (nor a Fighter Wing docked aboard one, which may launch at
/// any time) has volley dice — counting dice a Jammer mark takes away only for now, and the
/// printed values a Fearless swap still to come would exchange — or an Overload still to use,
/// and no ship (nor a Station whose card lets its Marines board, §6.9.4) carries a Marine of
/// its commander that could board an opposing ship or Station.
/// Docked Wings and Marines are never targets, so the other side always has something to aim
/// at while the engagement runs (its Station, or the attacking fleet).
/// Whether unit `u` may still roll volley dice in engagement `e`, counted generously (I-57,
/// I-66): it has dice now, or a Jammer's mark on it will lapse, or a Fearless swap (§3.4.5) or
/// an Overload (§3.3.3) is still to come.
pub(crate) fn may_wound(g: &Game, e: &Engagement, u: Inst) -> bool {
    let jammed = e.marks.iter().any(|m| m.target == u && m.jam);
    let swap_left = stats::has(g, u, TraitName::Fearless)
        && stats::fearless_swaps(g, u)
            < usize::from(stats::card_rule(g, BaseRule::FearlessPerEngagement, u).count());
    let overload_left = stats::value(g, u, TraitName::Overload) > 0
        && e.overloaded.iter().filter(|&&x| x == u).count()
            < usize::from(stats::card_rule(g, BaseRule::OverloadPerEngagement, u).count());
    stats::attack(g, u) > 0 || jammed || swap_left || overload_left
}

pub(crate) fn deadlocked(g: &Game) -> bool {
    let Some(e) = g.engagement.as_ref() else {
        return false;
    };
    let may_wound = |u: Inst| may_wound(g, e, u);
    for side in [Side::Attacker, Side::Defender] {
        let boardable = units(g, side.other())
            .any(|t| g.card(t).kind != CardKind::Ship(ShipClass::FighterWing));
        for u in units(g, side) {
            if may_wound(u) {
                return false;
            }
            let who = g.controller(u);
            for &a in g.attachments(u) {
                match g.card(a).kind {
                    CardKind::Ship(ShipClass::FighterWing) if may_wound(a) => return false,
                    CardKind::Marine { .. }
                        if boardable
                            && g.controller(a) == who
                            && (matches!(g.card(u).kind, CardKind::Ship(_))
                                || stats::card_rule(g, BaseRule::StationMarinesBoard, u)
                                    .flag()) =>
                    {
                        return false
                    }
                    _ => {}
                }
            }
        }
    }
    true
}

// ----- decisions --------------------------------------------------------------------------

/// Who decides what in the engagement.
pub(crate) fn decision(g: &Game) -> Option<Decision> {
    let e = g.engagement.as_ref()?;
    if let Some(r) = &e.rolled {
        // I-91: a volley's dice shown wait on its commander before anything else.
        return Some(Decision {
            who: r.who,
            kind: DecisionKind::Reroll {
                unit: r.unit,
                left: u8::try_from(r.allowed.len()).unwrap_or(u8::MAX),
            },
        });
    }
    if let Some(a) = &e.assigning {
        // §6.2: a split begun is finished before anything else.
        return Some(Decision {
            who: a.who,
            kind: DecisionKind::AssignDice {
                unit: a.unit,
                left: a.left(),
            },
        });
    }
    if let Some(&u) = e.stoic.first() {
        return Some(Decision {
            who: g.controller(u),
            kind: DecisionKind::Combat(CombatStep::Stoic(u)),
        });
    }
    let who = match &e.step {
        CombatStep::StartCards => *e.start_queue.first()?,
        CombatStep::Interceptors => e.defender,
        CombatStep::Volley(s) | CombatStep::Boards(s) | CombatStep::Escorts(s) => e.commander(*s),
        CombatStep::Boarding => boarding::decider(g)?,
        CombatStep::Stoic(u) => g.controller(*u),
    };
    Some(Decision {
        who,
        kind: DecisionKind::Combat(e.step.clone()),
    })
}

/// §6.5.4, §6.6 STEP 1: the Events and Tactics deployable now. A card whose timing is "at the
/// start of an engagement" only in STEP 1.
pub(crate) fn check_card_timing<R: Refusal>(
    g: &Game,
    card: Inst,
    step: &CombatStep,
) -> Result<(), R> {
    let start_only = g
        .card(card)
        .abilities
        .iter()
        .any(|a| matches!(a, Ability::Timing(Timing::StartOfEngagement)));
    if start_only && *step != CombatStep::StartCards {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {card} is deployed only at the start of an engagement",
                    g.name(card)
                ),
                "6.6",
            )
        }));
    }
    Ok(())
}

pub(crate) fn dispatch(
    g: &mut Game,
    who: PlayerId,
    step: &CombatStep,
    choice: &Choice,
) -> Result<(), RuleError> {
    if let Choice::AssignDice { unit, target, dice } = choice {
        // §6.2: split fire step by step, in whichever step fires volleys.
        volley::assign(g, who, *unit, *target, *dice)?;
        settle(g);
        return Ok(());
    }
    if let CombatStep::Stoic(u) = step {
        // §3.4.10: the Stoic unit takes its last volley and nothing else.
        match choice {
            Choice::Volley { unit, fire } if unit == u => volley::fire_all(g, who, *unit, fire)?,
            Choice::EndStep => {
                volley::stoic_done(g, *u);
                // The volley that destroyed it is complete: the others may answer (I-58).
                crate::rules::respond::after_volley(g, who);
            }
            _ => {
                return Err(err(
                    format!(
                        "{} {u} must take or decline its Stoic last volley",
                        g.name(*u)
                    ),
                    "3.4.10",
                ))
            }
        }
        settle(g);
        return Ok(());
    }
    match (step, choice) {
        (_, Choice::Deploy { card, host, .. }) => {
            check_card_timing(g, *card, step)?;
            manufacturing::deploy(g, who, *card, *host, None, Context::Engagement)?;
        }
        (CombatStep::StartCards, Choice::Pass) => {
            g.log.push(Event::Passed { who });
            let empty = g.engagement.as_mut().is_some_and(|e| {
                e.start_queue.retain(|p| *p != who);
                e.start_queue.is_empty()
            });
            if empty {
                advance(g);
            }
        }
        (CombatStep::Interceptors, Choice::Intercept { unit, fire }) => {
            volley::fire_all(g, who, *unit, fire)?
        }
        (CombatStep::Interceptors, Choice::EndStep) => advance(g),
        (CombatStep::Volley(_), Choice::Volley { unit, fire }) => {
            volley::fire_all(g, who, *unit, fire)?
        }
        (CombatStep::Volley(_), Choice::Jam { unit, target }) => {
            traits::jam_or_paint(g, who, *unit, *target, true)?
        }
        (CombatStep::Volley(_), Choice::Paint { unit, target }) => {
            traits::jam_or_paint(g, who, *unit, *target, false)?
        }
        (CombatStep::Volley(_), Choice::Overload { unit, target }) => {
            traits::overload(g, who, *unit, *target)?
        }
        (CombatStep::Volley(_), Choice::Repair { unit }) => traits::repair(g, who, *unit)?,
        (CombatStep::Volley(Side::Attacker), Choice::Retreat { unit }) => retreat(g, who, *unit)?,
        (CombatStep::Volley(_), Choice::Dock { wing, host }) => traits::dock(g, who, *wing, *host)?,
        (CombatStep::Volley(_), Choice::EndStep) => advance(g),
        (CombatStep::Boards(side), Choice::Board { ship, target }) => {
            boarding::declare(g, *side, *ship, *target)?
        }
        (CombatStep::Boards(_), Choice::EndStep) => advance(g),
        (CombatStep::Escorts(side), Choice::CancelBoard { escort, ship }) => {
            boarding::cancel(g, *side, *escort, *ship)?
        }
        (CombatStep::Escorts(_), Choice::EndStep) => advance(g),
        (_, Choice::Fearless { unit }) => traits::fearless(g, who, *unit)?,
        (_, Choice::Launch { wing }) => traits::launch(g, who, *wing)?,
        (CombatStep::Boarding, c) => boarding::fight_choice(g, who, c)?,
        (_, Choice::Dock { wing, .. }) => {
            return Err(err(
                format!(
                    "{} {wing} may return to a fighter bay only on its own volley turn, instead of firing",
                    g.name(*wing)
                ),
                "2.5.1.2",
            ))
        }
        (_, Choice::Hijack | Choice::Scuttle) => {
            return Err(err(
                "a ship is hijacked or scuttled only right after its boarding action is won; a hijacked ship can never be scuttled later",
                "9.31",
            ))
        }
        _ => {
            return Err(RuleError::NotAChoice {
                who,
                choice: choice.clone(),
                kind: crate::choice::DecisionKind::Combat(step.clone()),
                section: "6.6",
            })
        }
    }
    settle(g);
    Ok(())
}

/// Every legal choice for the engagement decision `d`.
pub(crate) fn legal(g: &Game, d: &Decision, step: &CombatStep, out: &mut Vec<Choice>) {
    let who = d.who;
    match step {
        CombatStep::Stoic(u) => {
            volley::legal_volleys(g, *u, VolleyKind::Stoic, out);
            out.push(Choice::EndStep);
            return;
        }
        CombatStep::StartCards => out.push(Choice::Pass),
        CombatStep::Interceptors => {
            traits::legal_intercepts(g, out);
            out.push(Choice::EndStep);
        }
        CombatStep::Volley(side) => {
            for u in units(g, *side) {
                if volley::can_act::<Refused>(g, u).is_err() {
                    if volley::may_fire_again(g, u) {
                        volley::legal_volleys(g, u, VolleyKind::Normal, out);
                    }
                    continue;
                }
                volley::legal_volleys(g, u, VolleyKind::Normal, out);
                traits::legal_active(g, u, out);
                if *side == Side::Attacker && check_retreat::<Refused>(g, who, u).is_ok() {
                    out.push(Choice::Retreat { unit: u });
                }
            }
            out.push(Choice::EndStep);
        }
        CombatStep::Boards(side) => {
            for (ship, target) in boarding::legal_boards(g, *side) {
                out.push(Choice::Board { ship, target });
            }
            out.push(Choice::EndStep);
        }
        CombatStep::Escorts(side) => {
            for (escort, ship) in boarding::legal_cancels(g, *side) {
                out.push(Choice::CancelBoard { escort, ship });
            }
            out.push(Choice::EndStep);
        }
        CombatStep::Boarding => boarding::legal_fight(g, who, out),
    }
    traits::legal_anytime(g, who, out);
    // The deployments straight into `out`, then those the step's timing refuses dropped
    // (retain visits in order): no scratch list (issue #15).
    let before = out.len();
    manufacturing::legal_deploys(g, who, Context::Engagement, out);
    let mut k = 0;
    out.retain(|c| {
        k += 1;
        k <= before
            || match c {
                Choice::Deploy { card, .. } => check_card_timing::<Refused>(g, *card, step).is_ok(),
                _ => false,
            }
    });
}

// ----- retreat (§6.6 STEP 3, §9.28) -------------------------------------------------------

pub(crate) fn check_retreat<R: Refusal>(g: &Game, who: PlayerId, unit: Inst) -> Result<(), R> {
    let e = g
        .engagement
        .as_ref()
        .ok_or_else(|| R::because(|| err("no engagement", "6.6")))?;
    if who != e.attacker || !e.fleet.contains(&unit) || !g.in_play(unit) {
        return Err(R::because(|| {
            err(
                format!("{unit} is not a ship of the attacking fleet"),
                "9.28",
            )
        }));
    }
    volley::can_act::<R>(g, unit)?;
    Ok(())
}

/// §6.6 STEP 3: the ship retreats instead of firing, using traits or boarding; it may be
/// fired on and goes home at STEP 9 if it survives.
fn retreat(g: &mut Game, who: PlayerId, unit: Inst) -> Result<(), RuleError> {
    check_retreat(g, who, unit)?;
    if let Some(e) = g.engagement.as_mut() {
        e.retreating.push(unit);
        e.acted.push(unit);
    }
    g.log.push(Event::Retreating {
        card: g.card_ref(unit),
    });
    Ok(())
}
