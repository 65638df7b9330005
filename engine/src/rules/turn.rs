//! Turn flow after Logistics: the end of Manufacturing, the Engagement-phase declaration
//! (§5.5.1, §5.5.2; the engagement itself, §6.6, is `engagement`), the optional discard
//! (§5.5.4), the end of the turn (§5.5.5) and passing play clockwise (§5.6).
//!
//! Each phase boundary of the active commander's turn — after Logistics, after Manufacturing,
//! after the turn ends — opens a response window (`respond`, §2.6): `Step::Respond` waits for
//! it to close, then [`continue_with`] goes on. If the active commander left the game while
//! it was open, their turn is over and play passes when it closes (§5.6).

use crate::choice::Choice;
use crate::error::{Refusal, Refused, RuleError};
use crate::event::{Event, Phase};
use crate::hooks::{self, Trigger};
use crate::ids::{Inst, PlayerId};
use crate::ir::{BaseRule, CardKind};
use crate::rules::{logistics, respond};
use crate::state::{Game, Step, Then, Zone};

pub(crate) fn continue_with(g: &mut Game, then: Then) {
    let who = g.active;
    // §5.6: the active commander left the game while the window was open: their turn is over.
    let then = if g.cmd(who).is_none_or(|c| c.out) && g.phase != Phase::Setup {
        Then::NextTurn
    } else {
        then
    };
    match then {
        Then::Manufacturing => {
            g.phase = Phase::Manufacturing;
            if let Some(c) = g.cmd_mut(who) {
                c.conscripted = 0;
            }
            g.log.push(Event::PhaseBegan {
                who,
                phase: Phase::Manufacturing,
            });
            g.step = Step::Manufacturing;
            hooks::dispatch(g, Trigger::Manufacturing { who });
        }
        Then::Engagement => {
            g.phase = Phase::Engagement;
            g.log.push(Event::PhaseBegan {
                who,
                phase: Phase::Engagement,
            });
            g.step = Step::Engagement;
        }
        Then::NextTurn => next_turn(g, who),
    }
}

/// §5.6: play passes clockwise to the next commander still in the game.
pub(crate) fn next_turn(g: &mut Game, from: PlayerId) {
    let next = g.others_clockwise(from).next();
    match next {
        Some(next) => logistics::begin_turn(g, next),
        None => {
            crate::rules::scoop::check_end(g);
        }
    }
}

pub(crate) fn end_manufacturing(g: &mut Game) {
    respond::open_phase(g, Then::Engagement);
}

/// Units that may join an attacking fleet: the commander's ships in open space (§5.5.2,
/// §6.5.2), and a Station only where card text says so (§2.2, `station-joins-attack`).
fn fleet_candidates(g: &Game, who: PlayerId) -> impl Iterator<Item = Inst> + '_ {
    let battlefield: &[Inst] = g.cmd(who).map_or(&[], |c| &c.battlefield);
    battlefield
        .iter()
        .copied()
        .filter(move |&i| may_attack_with(g, i))
}

/// Whether a battlefield card may be in an attacking fleet: a ship, or a Station whose text
/// lets it join (§2.2).
fn may_attack_with(g: &Game, i: Inst) -> bool {
    match g.card(i).kind {
        CardKind::Ship(_) => true,
        CardKind::Station => station_joins(g, i).flag(),
        _ => false,
    }
}

/// §2.2: whether a Station may join its commander's attack (§8.1).
fn station_joins(g: &Game, station: Inst) -> crate::resolver::Resolution {
    crate::rules::stats::card_rule(g, BaseRule::StationJoinsAttack, station)
}

fn eng_err(what: String, section: &'static str) -> RuleError {
    RuleError::Engagement { what, section }
}

/// §5.5.1, §5.5.2: whether `who` may declare an engagement against `defender` with `fleet`:
/// the declaration's own rules ([`check_declaration`]), then the fleet's.
pub(crate) fn check_engagement<R: Refusal>(
    g: &Game,
    who: PlayerId,
    defender: PlayerId,
    fleet: &[Inst],
) -> Result<(), R> {
    check_declaration::<R>(g, who, defender)?;
    if fleet.is_empty() {
        return Err(R::because(|| {
            eng_err("an attacking fleet needs at least one ship".into(), "5.5.2")
        }));
    }
    let battlefield: &[Inst] = g.cmd(who).map_or(&[], |c| &c.battlefield);
    for (k, s) in fleet.iter().enumerate() {
        if !battlefield.contains(s) || !may_attack_with(g, *s) {
            return Err(R::because(|| {
                eng_err(
                    format!("{} {s} is not a ship of yours in open space", g.name(*s)),
                    "5.5.2",
                )
            }));
        }
        if fleet[..k].contains(s) {
            return Err(R::because(|| {
                eng_err(
                    format!("{} {s} is named twice in the fleet", g.name(*s)),
                    "5.5.2",
                )
            }));
        }
    }
    Ok(())
}

/// The rules of a declaration that read no ship of the fleet: the engagements left this turn
/// (§5.5.2, §8.1) and an opposing commander still in the game to attack (§5.5.1).
fn check_declaration<R: Refusal>(g: &Game, who: PlayerId, defender: PlayerId) -> Result<(), R> {
    let used = g.cmd(who).map_or(0, |c| c.engagements);
    let limit = g.resolve(BaseRule::EngagementsPerTurn, who, None).count();
    if used >= limit {
        return Err(R::because(|| {
            eng_err(
                format!("already attacked {used} time(s) this turn (limit {limit})"),
                "5.5.2",
            )
        }));
    }
    if defender == who {
        return Err(R::because(|| {
            eng_err("a commander cannot attack themselves".into(), "5.5.1")
        }));
    }
    if g.cmd(defender).is_none_or(|c| c.out) {
        return Err(R::because(|| {
            eng_err(
                format!(
                    "{} is not an opposing commander in the game",
                    g.commander_name(defender)
                ),
                "5.5.1",
            )
        }));
    }
    Ok(())
}

/// §5.5.1, §5.5.2: declare one engagement against one opposing Commander with a fleet; the
/// engagement is always between exactly these two (§7.1.2) and is fought at once (§5.5.3).
pub(crate) fn declare_engagement(
    g: &mut Game,
    who: PlayerId,
    defender: PlayerId,
    fleet: &[Inst],
) -> Result<(), RuleError> {
    check_engagement::<RuleError>(g, who, defender, fleet)?;
    for &s in fleet {
        if g.card(s).kind == CardKind::Station {
            let r = station_joins(g, s);
            g.note(&r);
        }
    }
    // Consulted here so an override of the limit is logged with the declaration (§8.1);
    // `engagement::end` decides whether another engagement may follow.
    g.rule_count(BaseRule::EngagementsPerTurn, who);
    if let Some(c) = g.cmd_mut(who) {
        c.engagements = c.engagements.saturating_add(1);
    }
    g.declared_against = Some(defender);
    g.log.push(Event::EngagementDeclared {
        attacker: who,
        defender,
        fleet: fleet.iter().map(|&s| g.card_ref(s)).collect(),
    });
    crate::rules::engagement::begin(g, who, defender, fleet);
    Ok(())
}

pub(crate) fn decline_engagement(g: &mut Game, who: PlayerId) {
    g.log.push(Event::EngagementDeclined { who });
    g.step = Step::Discard;
}

/// The whole fleet, then (when there is a choice) each ship alone, against each opposing
/// commander. Every ship listed is one of `who`'s in open space that may attack, named once
/// ([`fleet_candidates`]), so a fleet of them passes the fleet's rules by construction and
/// only the declaration's are asked, once per defender ([`check_declaration`]); debug builds
/// hold each answer to the whole check.
pub(crate) fn legal_engagements(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    let fleet: crate::choice::Fleet = fleet_candidates(g, who).collect();
    if fleet.is_empty() {
        return;
    }
    for defender in g.others_clockwise(who) {
        let ok = check_declaration::<Refused>(g, who, defender).is_ok();
        debug_assert_eq!(
            ok,
            check_engagement::<Refused>(g, who, defender, &fleet).is_ok(),
            "the engagement listing and the declaration check disagree"
        );
        if !ok {
            continue;
        }
        out.push(Choice::DeclareEngagement {
            defender,
            fleet: fleet.clone(),
        });
        if fleet.len() > 1 {
            for &s in &fleet {
                debug_assert!(
                    check_engagement::<Refused>(g, who, defender, std::slice::from_ref(&s)).is_ok(),
                    "a ship of a legal fleet cannot attack alone"
                );
                out.push(Choice::DeclareEngagement {
                    defender,
                    fleet: smallvec::smallvec![s],
                });
            }
        }
    }
}

/// §4.7, §5.5.4: discard an unwanted card from hand.
pub(crate) fn discard(
    g: &mut Game,
    who: PlayerId,
    card: Inst,
    setup: bool,
) -> Result<(), RuleError> {
    if g.zone(card) != Some(Zone::Hand) || g.instance(card).is_none_or(|x| x.owner != who) {
        return Err(RuleError::WrongZone {
            inst: card,
            wanted: "in your hand",
            section: if setup { "4.7" } else { "5.5.4" },
        });
    }
    g.move_to(card, Zone::Scrapheap);
    g.log.push(Event::Discarded {
        who,
        card: g.card_ref(card),
        setup,
    });
    Ok(())
}

pub(crate) fn legal_discards(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    if let Some(c) = g.cmd(who) {
        out.extend(
            crate::rules::manufacturing::first_copies(g, c.hand.iter().copied())
                .map(Choice::Discard),
        );
    }
}

/// §5.5.5: declare the end of the turn; others may respond, then play passes (§5.6).
pub(crate) fn end_turn(g: &mut Game, who: PlayerId) {
    g.log.push(Event::TurnEnded { who });
    hooks::dispatch(g, Trigger::TurnEnds { who });
    // Temporary modifiers `until end of turn` end with it (§9.22).
    {
        use crate::ir::effect::Duration;
        crate::effects::expire(g, &[Duration::EndOfTurn, Duration::EndOfRound]);
    }
    respond::open_phase(g, Then::NextTurn);
}
