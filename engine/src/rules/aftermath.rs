//! The end of an engagement, before the turn goes on: each engaged commander may reassign
//! local Fighter Wings and Marines (§2.5.1.2, §6.9.7, I-45) and turn flipped-up Face Up-Face
//! Down modules face down again (§3.4.4). The attacker decides first, then the defender; a
//! commander with nothing to decide is skipped.
//!
//! Reassignment legality is `manufacturing::check_reassign` (capacity §9.4, size restrictions,
//! Characters §2.4.2); this module adds only the locality of I-45. Hijacked ships left without
//! a Marine revert through `boarding::check_garrisons` after every choice (§6.9.7, §9.16).

use crate::state::engagement::{Aftermath, GoOn};

use crate::choice::Choice;
use crate::error::{Refusal, Refused, RuleError};
use crate::event::Event;
use crate::ids::{Inst, PlayerId};
use crate::ir::{CardKind, TraitName};
use crate::rules::manufacturing;
use crate::state::{Game, Step, Zone};

/// §2.5.1.2, §3.4.4: start the aftermath of the engagement that just ended; `then` is the
/// step the turn goes on with.
pub(crate) fn begin(
    g: &mut Game,
    attacker: PlayerId,
    defender: PlayerId,
    fleet: crate::state::Cards<8>,
    then: GoOn,
) {
    let queue = [attacker, defender]
        .into_iter()
        .filter(|&p| g.cmd(p).is_some_and(|c| !c.out))
        .collect();
    g.step = Step::Aftermath(Aftermath {
        queue,
        attacker,
        defender,
        fleet,
        then,
        announced: false,
    });
    skip_idle(g);
}

/// §7.1.3.3 relocations done: the aftermath that waited for them goes on.
pub(crate) fn resume(g: &mut Game) {
    if matches!(g.step, Step::Aftermath(_)) {
        skip_idle(g);
    }
}

/// A commander who left the game (§6.3, §7.2) has nothing more to reassign: they leave the
/// queue, and the aftermath goes on with the other commander or ends.
pub(crate) fn drop_commander(g: &mut Game, who: PlayerId) {
    if let Step::Aftermath(a) = &mut g.step {
        if a.queue.first() == Some(&who) {
            a.announced = false;
        }
        a.queue.retain(|p| *p != who);
    }
    skip_idle(g);
}

/// Drop commanders with nothing to decide; once the queue is empty the turn goes on. While
/// Marines of the Spoils of War still wait to move (§7.1.3.3) nothing is decided yet: the
/// ship they wait on is leaving play (`victory::settle_relocations` resumes).
fn skip_idle(g: &mut Game) {
    if !g.relocations.is_empty() {
        return;
    }
    loop {
        let Step::Aftermath(a) = &g.step else { return };
        match a.queue.first() {
            Some(&who) => {
                let mut any = crate::rules::Found::default();
                legal(g, who, &mut any);
                if any.0 {
                    if let Step::Aftermath(a) = &mut g.step {
                        if !a.announced {
                            a.announced = true;
                            g.log.push(Event::AftermathBegan { who });
                        }
                    }
                    return;
                }
                let announced = matches!(&g.step, Step::Aftermath(a) if a.announced);
                if !announced {
                    g.log.push(Event::StepSkipped {
                        who,
                        skipped: crate::event::Skipped::Aftermath,
                    });
                }
                if let Step::Aftermath(a) = &mut g.step {
                    a.queue.remove(0);
                    a.announced = false;
                }
            }
            None => {
                g.step = a.then.step();
                return;
            }
        }
    }
}

/// I-45: whether `i` is one of the cards local to `who` after the engagement — the surviving
/// attacking fleet and the ships it hijacked for the attacker, the cards at its Station for the
/// defender — or is attached to one of them.
fn is_local(g: &Game, a: &Aftermath, who: PlayerId, i: Inst) -> bool {
    let mut at = i;
    // Up from the card to the battlefield card it hangs on (a Marine's Module is two deep).
    for _ in 0..=g.instances.len() {
        match g.zone(at) {
            Some(Zone::Attached(h)) => at = h,
            Some(Zone::Battlefield) => return is_local_root(g, a, who, at),
            _ => return false,
        }
    }
    false
}

/// A battlefield card local to `who` in its own right ([`is_local`]).
fn is_local_root(g: &Game, a: &Aftermath, who: PlayerId, i: Inst) -> bool {
    let on_battlefield = g.cmd(who).is_some_and(|c| c.battlefield.contains(&i));
    on_battlefield
        && if who == a.attacker {
            a.fleet.contains(&i)
                || (matches!(g.card(i).kind, CardKind::Ship(_))
                    && g.instance(i).is_some_and(|x| x.owner == a.defender))
        } else {
            !a.fleet.contains(&i)
        }
}

/// Visit the cards local to `who` ([`is_local`]) in the order the aftermath lists them: the
/// local battlefield cards, then what is attached to them, a level at a time.
fn each_local(g: &Game, a: &Aftermath, who: PlayerId, mut f: impl FnMut(Inst)) {
    let Some(c) = g.cmd(who) else { return };
    let roots = || {
        c.battlefield
            .iter()
            .copied()
            .filter(|&i| is_local_root(g, a, who, i))
    };
    roots().for_each(&mut f);
    // Attachments cannot nest deeper than there are cards.
    for depth in 1..=g.instances.len() {
        let mut any = false;
        for r in roots() {
            at_depth(g, r, depth, &mut |i| {
                any = true;
                f(i);
            });
        }
        if !any {
            break;
        }
    }
}

/// Visit what hangs `depth` levels below `i`, in attachment order.
fn at_depth(g: &Game, i: Inst, depth: usize, f: &mut impl FnMut(Inst)) {
    for &c in g.attachments(i) {
        if depth == 1 {
            f(c);
        } else {
            at_depth(g, c, depth - 1, f);
        }
    }
}

fn is_unit(g: &Game, i: Inst) -> bool {
    let k = g.card(i);
    manufacturing::is_wing(k) || manufacturing::is_marine(k)
}

/// I-45: a reassignment in the aftermath keeps the unit among `who`'s local cards.
fn check_local<R: Refusal>(
    g: &Game,
    a: &Aftermath,
    who: PlayerId,
    unit: Inst,
    host: Option<Inst>,
) -> Result<(), R> {
    let ok = is_local(g, a, who, unit)
        && match host {
            Some(h) => is_local(g, a, who, h),
            // Open space is local only at the defender's Station.
            None => who == a.defender,
        };
    if ok {
        Ok(())
    } else {
        Err(R::because(|| RuleError::NotNow {
            what: "reassigning",
            why: "at the end of an engagement only units local to each other may be \
                  reassigned (I-45)"
                .to_string(),
            section: "2.5.1.2",
        }))
    }
}

fn check_face_down<R: Refusal>(g: &Game, a: &Aftermath, who: PlayerId, m: Inst) -> Result<(), R> {
    // The card's own facts first: most local cards are no such module, and the walk up to
    // the battlefield is asked only of one that is. One refusal whichever fails.
    // printed: Face Up-Face Down is the Module's own printed trait (§3.4.4).
    let ok = g.card(m).has_trait(TraitName::FaceUpFaceDown)
        && g.instance(m).is_some_and(|x| !x.face_down)
        && g.controller(m) == who
        && is_local(g, a, who, m);
    if ok {
        Ok(())
    } else {
        Err(R::because(|| RuleError::NotNow {
            what: "turning a module face down",
            why: format!(
                "{m} is not a face-up Face Up-Face Down module local to {}",
                g.commander_name(who)
            ),
            section: "3.4.4",
        }))
    }
}

fn current(g: &Game) -> Option<&Aftermath> {
    match &g.step {
        Step::Aftermath(a) => Some(a),
        _ => None,
    }
}

/// Every aftermath choice for `who` except `EndStep` (empty: nothing to decide).
fn legal(g: &Game, who: PlayerId, out: &mut impl crate::rules::Choices) {
    let Some(a) = current(g) else { return };
    // The local cards, found once (each pair a reassignment asks is two of them).
    let mut locals: crate::state::Cards<32> = crate::state::Cards::new();
    each_local(g, a, who, |i| locals.push(i));
    // Only the reassignments that keep a unit local.
    let local = |unit, host: Option<Inst>| {
        let ok = locals.contains(&unit)
            && match host {
                Some(h) => locals.contains(&h),
                None => who == a.defender,
            };
        debug_assert_eq!(
            ok,
            check_local::<Refused>(g, a, who, unit, host).is_ok(),
            "the local cards and the locality check disagree"
        );
        ok
    };
    manufacturing::legal_reassigns_where(g, who, local, out);
    if out.enough() {
        return;
    }
    for &m in &locals {
        if check_face_down::<Refused>(g, a, who, m).is_ok() {
            out.extend([Choice::TurnFaceDown(m)]);
        }
    }
}

/// The legal choices of the pending aftermath decision.
pub(crate) fn legal_choices(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    legal(g, who, out);
    out.push(Choice::EndStep);
}

/// The aftermath under way, or why there is none.
fn ended(g: &Game) -> Result<&Aftermath, RuleError> {
    current(g).ok_or_else(|| crate::rules::engagement::err("no engagement has ended", "2.5.1.2"))
}

/// Apply an aftermath choice. The aftermath is read where it is, not copied: every check
/// below is done before the game changes.
pub(crate) fn dispatch(g: &mut Game, who: PlayerId, choice: &Choice) -> Result<(), RuleError> {
    ended(g)?;
    match choice {
        Choice::Reassign { unit, host } => {
            if g.instance(*unit).is_some() && is_unit(g, *unit) {
                check_local(g, ended(g)?, who, *unit, *host)?;
            }
            // The one reassignment check (§5.4.5, §9.4, §2.4.2) decides the rest.
            manufacturing::reassign(g, who, *unit, *host)?;
        }
        Choice::Relieve { garrison, relief } => {
            // §6.9.7 at the end of an engagement: both Marines stay among the local cards.
            for (unit, other) in [(*relief, *garrison), (*garrison, *relief)] {
                if g.instance(unit).is_some() && is_unit(g, unit) {
                    let to = match g.zone(other) {
                        Some(crate::state::Zone::Attached(h)) => Some(h),
                        _ => None,
                    };
                    check_local(g, ended(g)?, who, unit, to)?;
                }
            }
            manufacturing::relieve(g, who, *garrison, *relief)?;
        }
        Choice::TurnFaceDown(m) => {
            if g.instance(*m).is_none() {
                return Err(RuleError::NotNow {
                    what: "turning a module face down",
                    why: format!("{m} is not a card of this game"),
                    section: "3.4.4",
                });
            }
            check_face_down(g, ended(g)?, who, *m)?;
            g.set_face_down(*m, true);
            g.log.push(Event::ModuleTurnedFaceDown {
                card: g.card_ref(*m),
            });
        }
        Choice::EndStep => {
            if let Step::Aftermath(a) = &mut g.step {
                if !a.queue.is_empty() {
                    a.queue.remove(0);
                }
                a.announced = false;
            }
            skip_idle(g);
            return Ok(());
        }
        _ => {
            return Err(RuleError::NotNow {
                what: "that choice",
                why: format!(
                    "{} must first decide what to reassign or turn face down at the end of \
                     the engagement (§2.5.1.2, §3.4.4)",
                    g.commander_name(who)
                ),
                section: "2.5.1.2",
            })
        }
    }
    // A commander left with nothing more to decide is done (§2.5.1.2: the step is optional).
    skip_idle(g);
    Ok(())
}
