//! Boarding actions (§6.6 STEP 4–8, §6.9, §9.3, §9.16, §9.23, §9.31).
//!
//! Declarations: a ship needs a Marine aboard (§6.9.6) that may board the target's class
//! (§6.9.5); one boarding ship per target (§6.9.2) and one target per ship (§6.9.1); only
//! Hunters board Stealth ships (§3.4.6, §3.4.9); Stations never board (§2.2, §6.9.4); a
//! defending ship already targeted is locked down (STEP 6); no Station in round 1 while
//! defending ships remain (§6.5.3). Fighter Wings carry no Marines, so they cannot be boarded
//! (a hijacked ship must keep a Marine aboard, §2.5.1, §6.9.7).
//!
//! Escorts (STEP 7, §3.4.3) cancel one opposing board each, defenders first. Then each board
//! is fought (STEP 8A–8E): defending Interceptor Marines, then the boarders and the
//! defenders volley in turn until one party is destroyed; the boarders may retreat and the
//! defenders may pursue with the roles reversed (§9.23); a ship with no Marines aboard is
//! taken automatically (§6.9.3). The winners hijack or scuttle (STEP 8E, §9.31); a boarded
//! Station eliminates its commander at once.

use crate::state::engagement::{Board, CombatStep, Fight, FightStage, Side, VolleyKind};

use crate::choice::Choice;
use crate::error::{Refusal, Refused, RuleError};
use crate::event::Event;
use crate::ids::{Inst, PlayerId};
use crate::ir::{BaseRule, CardKind, ShipClass, TraitName};
use crate::rules::engagement::{self, err, fights_for, units};
use crate::rules::volley;
use crate::rules::{manufacturing, stats, traits, victory};
use crate::state::{Cards, Game, Zone};

fn is_marine(g: &Game, i: Inst) -> bool {
    matches!(g.card(i).kind, CardKind::Marine { .. })
}

/// The Marines aboard `host` under `who`'s command.
fn marines(g: &Game, host: Inst, who: PlayerId) -> Cards<8> {
    g.attachments(host)
        .iter()
        .copied()
        .filter(|&m| is_marine(g, m) && g.controller(m) == who)
        .collect()
}

/// Whether `who` has a Marine aboard `host` ([`marines`], without the list).
fn has_marines(g: &Game, host: Inst, who: PlayerId) -> bool {
    g.attachments(host)
        .iter()
        .any(|&m| is_marine(g, m) && g.controller(m) == who)
}

/// §6.9.5, §2.4: the Marines whose class-size restriction admits `target` (a Station admits
/// all) — for a boarding party and for a pursuit alike.
fn admitted(g: &Game, marines: Cards<8>, target: Inst) -> Cards<8> {
    let class = g.card(target).ship_class();
    marines
        .into_iter()
        .filter(|&m| match (&g.card(m).fits, class) {
            (Some(r), Some(c)) => r.admits(c),
            _ => true,
        })
        .collect()
}

fn party(g: &Game, ship: Inst, target: Inst) -> Cards<8> {
    admitted(g, marines(g, ship, g.controller(ship)), target)
}

/// §6.9.4: whether a Station's Marines may board (`station-marines-board`, §8.1). `None`
/// when `ship` is not a Station.
fn station_boards(g: &Game, ship: Inst) -> Option<crate::resolver::Resolution> {
    (g.card(ship).kind == CardKind::Station)
        .then(|| stats::card_rule(g, BaseRule::StationMarinesBoard, ship))
}

/// §3.4.9, §3.4.6: a Stealth target may be boarded only by a Hunter, unless the
/// `stealth-boardable` rule (§8.1) says otherwise for it. `None` when Stealth does not come
/// into it.
fn stealth_boardable(g: &Game, ship: Inst, target: Inst) -> Option<crate::resolver::Resolution> {
    (stats::has(g, target, TraitName::Stealth) && !stats::has(g, ship, TraitName::Hunter))
        .then(|| stats::card_rule(g, BaseRule::StealthBoardable, target))
}

/// §3.4.3: how many boarding actions an Escort may cancel in one Escort Phase (§8.1).
fn escort_cancels(g: &Game, escort: Inst) -> crate::resolver::Resolution {
    stats::card_rule(g, BaseRule::EscortCancels, escort)
}

// ----- declarations (STEP 4, STEP 6) --------------------------------------------------------

pub(crate) fn check_board<R: Refusal>(
    g: &Game,
    side: Side,
    ship: Inst,
    target: Inst,
) -> Result<(), R> {
    let e = g
        .engagement
        .as_ref()
        .ok_or_else(|| R::because(|| err("no engagement", "6.6")))?;
    let boards = matches!(g.card(ship).kind, CardKind::Ship(_))
        || station_boards(g, ship).is_some_and(|r| r.flag());
    if !fights_for(g, side, ship) || !boards {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {ship} is not a ship of yours in the engagement (Stations never board)",
                    g.name(ship)
                ),
                "6.9.4",
            )
        }));
    }
    volley::held_back::<R>(g, e, ship)?;
    if e.boards.iter().any(|b| b.ship == ship) {
        return Err(R::because(|| {
            err(
                format!("{} {ship} already boards a target", g.name(ship)),
                "6.9.1",
            )
        }));
    }
    if e.boards.iter().any(|b| b.target == ship) {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {ship} is the target of a boarding action and is locked down",
                    g.name(ship)
                ),
                "6.6",
            )
        }));
    }
    if !has_marines(g, ship, g.controller(ship)) {
        return Err(R::because(|| {
            err(
                format!("{} {ship} has no Marine aboard", g.name(ship)),
                "6.9.6",
            )
        }));
    }
    let tk = g.card(target).kind;
    if !fights_for(g, side.other(), target) || !matches!(tk, CardKind::Ship(_) | CardKind::Station)
    {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {target} is not an opposing ship or Station in the engagement",
                    g.name(target)
                ),
                "6.6",
            )
        }));
    }
    if tk == CardKind::Ship(ShipClass::FighterWing) {
        return Err(R::because(|| {
            err(
                "a Fighter Wing carries no Marines and cannot be boarded",
                "2.5.1",
            )
        }));
    }
    if e.boards.iter().any(|b| b.target == target) {
        return Err(R::because(|| {
            err(
                format!("another ship already boards {} {target}", g.name(target)),
                "6.9.2",
            )
        }));
    }
    if tk == CardKind::Station && volley::station_shield(g, e, target).is_some_and(|r| r.flag()) {
        return Err(R::because(|| {
            err(
                "the Station cannot be boarded in the first round while it has ships",
                "6.5.3",
            )
        }));
    }
    if stealth_boardable(g, ship, target).is_some_and(|r| !r.flag()) {
        return Err(R::because(|| {
            err(
                format!(
                    "only a Hunter may board the Stealth ship {} {target}",
                    g.name(target)
                ),
                "3.4.6",
            )
        }));
    }
    if party(g, ship, target).is_empty() {
        return Err(R::because(|| {
            err(
                format!(
                    "no Marine aboard {} {ship} may board a ship of that class",
                    g.name(ship)
                ),
                "6.9.5",
            )
        }));
    }
    Ok(())
}

/// (ship, target) pairs, inline: a side declares a handful at most (issue #15).
pub(crate) type Pairs = smallvec::SmallVec<[(Inst, Inst); 8]>;

pub(crate) fn legal_boards(g: &Game, side: Side) -> Pairs {
    let mut out = Pairs::new();
    for s in units(g, side) {
        for t in units(g, side.other()) {
            if check_board::<Refused>(g, side, s, t).is_ok() {
                out.push((s, t));
            }
        }
    }
    out
}

pub(crate) fn declare(g: &mut Game, side: Side, ship: Inst, target: Inst) -> Result<(), RuleError> {
    check_board(g, side, ship, target)?;
    // The rules this declaration passed, logged when a card changed them (§8.1).
    let shield = g
        .engagement
        .as_ref()
        .and_then(|e| volley::station_shield(g, e, target));
    for r in [
        station_boards(g, ship),
        stealth_boardable(g, ship, target),
        shield,
    ]
    .into_iter()
    .flatten()
    {
        g.note(&r);
    }
    if let Some(e) = g.engagement.as_mut() {
        e.boards.push(Board {
            ship,
            target,
            side,
            cancelled: false,
        });
    }
    g.log.push(Event::BoardDeclared {
        ship: g.card_ref(ship),
        target: g.card_ref(target),
    });
    Ok(())
}

// ----- Escorts (STEP 7, §3.4.3) -------------------------------------------------------------

fn check_cancel<R: Refusal>(g: &Game, side: Side, escort: Inst, ship: Inst) -> Result<(), R> {
    let e = g
        .engagement
        .as_ref()
        .ok_or_else(|| R::because(|| err("no engagement", "6.6")))?;
    if !fights_for(g, side, escort) || !stats::has(g, escort, TraitName::Escort) {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {escort} is not an Escort of yours in the engagement",
                    g.name(escort)
                ),
                "3.4.3",
            )
        }));
    }
    let used = e.escorts_used.iter().filter(|&&x| x == escort).count();
    if used >= usize::from(escort_cancels(g, escort).count()) {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {escort} has already cancelled {used} board(s) this phase",
                    g.name(escort)
                ),
                "3.4.3",
            )
        }));
    }
    volley::held_back::<R>(g, e, escort)?;
    if !e
        .boards
        .iter()
        .any(|b| b.ship == ship && b.side != side && !b.cancelled)
    {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {ship} has no opposing boarding action to cancel",
                    g.name(ship)
                ),
                "3.4.3",
            )
        }));
    }
    Ok(())
}

pub(crate) fn legal_cancels(g: &Game, side: Side) -> Pairs {
    let Some(e) = g.engagement.as_ref() else {
        return Pairs::new();
    };
    let mut out = Pairs::new();
    for escort in units(g, side) {
        for b in &e.boards {
            if check_cancel::<Refused>(g, side, escort, b.ship).is_ok() {
                out.push((escort, b.ship));
            }
        }
    }
    out
}

pub(crate) fn cancel(g: &mut Game, side: Side, escort: Inst, ship: Inst) -> Result<(), RuleError> {
    check_cancel(g, side, escort, ship)?;
    if g.engagement
        .as_ref()
        .is_some_and(|e| e.escorts_used.contains(&escort))
    {
        // A second cancel this phase is what only card text allows (§8.1).
        let r = escort_cancels(g, escort);
        g.note(&r);
    }
    if let Some(e) = g.engagement.as_mut() {
        e.escorts_used.push(escort);
        for b in e.boards.iter_mut() {
            if b.ship == ship {
                b.cancelled = true;
            }
        }
    }
    g.log.push(Event::BoardCancelled {
        escort: g.card_ref(escort),
        ship: g.card_ref(ship),
    });
    Ok(())
}

// ----- fights (STEP 8) ----------------------------------------------------------------------

pub(crate) fn fight(g: &Game) -> Option<&Fight> {
    g.engagement.as_ref()?.fight.as_ref()
}

fn fight_mut(g: &mut Game) -> Option<&mut Fight> {
    g.engagement.as_mut()?.fight.as_mut()
}

fn set_stage(g: &mut Game, stage: FightStage) {
    if let Some(f) = fight_mut(g) {
        f.stage = stage;
        f.acted.clear();
    }
}

/// Start the next boarding action still standing, or finish STEP 8.
pub(crate) fn next_fight(g: &mut Game) {
    loop {
        let Some(e) = g.engagement.as_mut() else {
            return;
        };
        e.fight = None;
        let Some(k) = e.boards.iter().position(|b| !b.cancelled) else {
            engagement::advance(g);
            return;
        };
        let b = e.boards.remove(k);
        let side_ok = fights_for(g, b.side, b.ship) && fights_for(g, b.side.other(), b.target);
        if side_ok && !party(g, b.ship, b.target).is_empty() {
            // `instead of being boarded`: this boarding action does not happen; what the
            // card does instead resolves before the next one (§8.1, I-47).
            if crate::effects::replacements::replace(
                g,
                b.target,
                crate::ir::effect::Replaced::Boarded,
            ) {
                crate::effects::actions::run(g);
                continue;
            }
            start_fight(g, b.ship, b.target);
            return;
        }
    }
}

fn start_fight(g: &mut Game, ship: Inst, target: Inst) {
    let boarders = g.controller(ship);
    let holders = g.controller(target);
    let p = party(g, ship, target);
    let d = marines(g, target, holders);
    g.log.push(Event::BoardingBegan {
        ship: g.card_ref(ship),
        target: g.card_ref(target),
        boarders: p.iter().map(|&m| g.card_ref(m)).collect(),
        defenders: d.iter().map(|&m| g.card_ref(m)).collect(),
    });
    crate::hooks::dispatch(g, crate::hooks::Trigger::Boarding { ship, target });
    let stage = if d.is_empty() {
        FightStage::Outcome
    } else if d.iter().any(|&m| stats::has(g, m, TraitName::Interceptor)) {
        FightStage::Interceptor
    } else {
        FightStage::Boarders
    };
    if stage == FightStage::Outcome {
        g.log.push(Event::BoardingWon {
            ship: g.card_ref(ship),
            target: g.card_ref(target),
            automatic: true,
        });
    }
    if let Some(e) = g.engagement.as_mut() {
        e.fight = Some(Fight {
            ship,
            target,
            boarders,
            holders,
            party: p,
            defenders: d,
            stage,
            acted: Cards::new(),
            retreating: false,
        });
    }
}

/// Who decides in the current fight.
pub(crate) fn decider(g: &Game) -> Option<PlayerId> {
    let f = fight(g)?;
    Some(match f.stage {
        FightStage::Interceptor | FightStage::Holders | FightStage::Pursue => f.holders,
        FightStage::Boarders | FightStage::Outcome => f.boarders,
    })
}

/// The Marines of a party still in play, in party order.
fn alive<'g>(g: &'g Game, v: &'g [Inst]) -> impl Iterator<Item = Inst> + Clone + 'g {
    v.iter().copied().filter(|&m| g.in_play(m))
}

/// Whether `m` is one of a party's Marines still in play.
fn alive_in(g: &Game, v: &[Inst], m: Inst) -> bool {
    v.contains(&m) && g.in_play(m)
}

/// A Marine may fire only at a Marine of the other party (STEP 8B, 8C).
pub(crate) fn check_marine_target<R: Refusal>(
    g: &Game,
    firer: Inst,
    target: Inst,
) -> Result<(), R> {
    let f =
        fight(g).ok_or_else(|| R::because(|| err("no boarding action is being fought", "6.6")))?;
    let (a, d) = (&f.party[..], &f.defenders[..]);
    let ok = (alive_in(g, a, firer) && alive_in(g, d, target))
        || (alive_in(g, d, firer) && alive_in(g, a, target));
    if !ok {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {target} is not an opposing Marine in this boarding action",
                    g.name(target)
                ),
                "6.6",
            )
        }));
    }
    Ok(())
}

/// The Marines that may fire at this stage, that have not fired yet.
fn shooters<'g>(g: &'g Game, f: &'g Fight) -> impl Iterator<Item = Inst> + 'g {
    let list: &[Inst] = match f.stage {
        FightStage::Interceptor | FightStage::Holders => &f.defenders,
        FightStage::Boarders => &f.party,
        _ => &[],
    };
    alive(g, list)
        .filter(move |&m| {
            f.stage != FightStage::Interceptor || stats::has(g, m, TraitName::Interceptor)
        })
        .filter(move |m| !f.acted.contains(m))
}

pub(crate) fn legal_fight(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    let Some(f) = fight(g) else { return };
    match f.stage {
        FightStage::Interceptor => {
            for m in shooters(g, f) {
                let n = volley::dice_for(g, m, VolleyKind::Interceptor);
                volley::push_fire(m, n, alive(g, &f.party), out, |unit, fire| {
                    Choice::Intercept { unit, fire }
                });
            }
            out.push(Choice::EndStep);
        }
        FightStage::Boarders | FightStage::Holders => {
            let targets = alive(
                g,
                if f.stage == FightStage::Boarders {
                    &f.defenders
                } else {
                    &f.party
                },
            );
            for m in shooters(g, f) {
                let n = volley::dice_for(g, m, VolleyKind::Marine);
                if n > 0 {
                    volley::push_fire(m, n, targets.clone(), out, |unit, fire| Choice::Volley {
                        unit,
                        fire,
                    });
                }
            }
            if check_marine_retreat::<Refused>(g, who, f).is_ok() {
                out.push(Choice::Retreat { unit: f.ship });
            }
            out.push(Choice::EndStep);
        }
        FightStage::Pursue => {
            if !pursuers(g, f).is_empty() {
                out.push(Choice::Pursue);
            }
            out.push(Choice::EndStep);
        }
        FightStage::Outcome => {
            out.push(Choice::Hijack);
            out.push(Choice::Scuttle);
        }
    }
}

pub(crate) fn fight_choice(g: &mut Game, who: PlayerId, c: &Choice) -> Result<(), RuleError> {
    let f = fight(g)
        .cloned()
        .ok_or_else(|| err("no boarding action is being fought", "6.6"))?;
    match (f.stage, c) {
        (FightStage::Interceptor, Choice::Intercept { unit, fire })
        | (FightStage::Boarders | FightStage::Holders, Choice::Volley { unit, fire }) => {
            volley::fire_all(g, who, *unit, fire)?
        }
        (FightStage::Interceptor, Choice::EndStep) => set_stage(g, FightStage::Boarders),
        (FightStage::Boarders, Choice::EndStep) => set_stage(g, FightStage::Holders),
        (FightStage::Holders, Choice::EndStep) if f.retreating => set_stage(g, FightStage::Pursue),
        (FightStage::Holders, Choice::EndStep) if fight_deadlocked(g, &f) => {
            g.log.push(Event::BoardingDeadlocked {
                ship: g.card_ref(f.ship),
                target: g.card_ref(f.target),
            });
            next_fight(g);
        }
        (FightStage::Holders, Choice::EndStep) => set_stage(g, FightStage::Boarders),
        (FightStage::Boarders, Choice::Retreat { unit }) if *unit == f.ship => {
            check_marine_retreat(g, who, &f)?;
            g.log.push(Event::MarinesRetreat {
                ship: g.card_ref(f.ship),
            });
            // §9.28: before the retreat is effected, the defending Marines may fire at the
            // retreating party — their volley turn (STEP 8C/8D), as the defenders' volley turn
            // is a retreating ship's parting fire (STEP 5); then the pursuit (§9.23).
            if let Some(f) = fight_mut(g) {
                f.retreating = true;
            }
            set_stage(g, FightStage::Holders);
        }
        (FightStage::Pursue, Choice::Pursue) => {
            // §9.23: the roles reverse: the defenders now board the ship the boarders came from.
            let ship = f.target;
            let target = f.ship;
            if let Some(r) = station_boards(g, ship) {
                if !r.flag() {
                    return Err(err(
                        format!(
                            "{} {ship} is a Station: its Marines may not board, so they cannot pursue",
                            g.name(ship)
                        ),
                        "6.9.4",
                    ));
                }
                // Card text lets this Station's Marines board: say which (§8.1).
                g.note(&r);
            }
            let survivors = pursuers(g, &f);
            if survivors.is_empty() {
                return Err(err(
                    format!(
                        "no surviving Marine may board {} {target}: their cards restrict the ship classes they board",
                        g.name(target)
                    ),
                    "6.9.5",
                ));
            }
            g.log.push(Event::Pursuit {
                ship: g.card_ref(f.ship),
                pursued: true,
                returning: false,
            });
            if let Some(e) = g.engagement.as_mut() {
                e.fight = None;
            }
            start_pursuit(g, ship, target, survivors);
        }
        (FightStage::Pursue, Choice::EndStep) => {
            let returning = alive(g, &f.party).next().is_some();
            g.log.push(Event::Pursuit {
                ship: g.card_ref(f.ship),
                pursued: false,
                returning,
            });
            next_fight(g);
        }
        (FightStage::Outcome, Choice::Hijack) => {
            hijack(g, &f);
            next_fight_if_running(g);
        }
        (FightStage::Outcome, Choice::Scuttle) => {
            scuttle(g, &f);
            next_fight_if_running(g);
        }
        (FightStage::Interceptor, Choice::Volley { .. }) => {
            return Err(err(
                "only Interceptor fire by the defending Marines comes first",
                "6.6 STEP 8A",
            ))
        }
        (_, Choice::Intercept { .. }) => {
            return Err(err(
                "Marine Interceptor fire comes only before the boarders fire",
                "6.6 STEP 8A",
            ))
        }
        (_, Choice::Hijack | Choice::Scuttle) => {
            return Err(err(
                "the boarding action has not been won: there is nothing to hijack or scuttle yet",
                "9.31",
            ))
        }
        _ => {
            return Err(RuleError::NotAChoice {
                who,
                choice: c.clone(),
                kind: crate::choice::DecisionKind::Combat(CombatStep::Boarding),
                section: "6.6",
            })
        }
    }
    Ok(())
}

/// §6.6 STEP 8D, I-66: the Marines fire in turn until one party is destroyed — which can never
/// happen when no Marine of either party may ever roll a volley die (counted as generously as
/// an engagement's deadlock, `engagement::may_wound`). Asked at the end of a round of the
/// fight (the defenders' turn to fire is over), so one round is always fought.
fn fight_deadlocked(g: &Game, f: &Fight) -> bool {
    let Some(e) = g.engagement.as_ref() else {
        return false;
    };
    !alive(g, &f.party)
        .chain(alive(g, &f.defenders))
        .any(|m| engagement::may_wound(g, e, m))
}

/// §6.6 STEP 8D, §9.28: the boarding party retreats on its own turn to fire, in lieu of
/// firing: not once one of them has fired this turn.
fn check_marine_retreat<R: Refusal>(g: &Game, who: PlayerId, f: &Fight) -> Result<(), R> {
    if f.stage != FightStage::Boarders || f.boarders != who {
        return Err(R::because(|| {
            err(
                "only the boarding party retreats, on its turn to fire",
                "6.6 STEP 8D",
            )
        }));
    }
    if let Some(&m) = f.acted.first() {
        return Err(R::because(|| {
            err(
                format!(
                    "{} {m} has already fired this turn: the Marines retreat instead of firing",
                    g.name(m)
                ),
                "9.28",
            )
        }));
    }
    Ok(())
}

/// Whether `who` may fire Marine `unit` now, and with which kind of volley: STEP 8A
/// Interceptor fire, STEP 8B–8D Marine volleys.
pub(crate) fn check_shooter<R: Refusal>(
    g: &Game,
    who: PlayerId,
    unit: Inst,
) -> Result<VolleyKind, R> {
    let f =
        fight(g).ok_or_else(|| R::because(|| err("no boarding action is being fought", "6.6")))?;
    if !shooters(g, f).any(|m| m == unit) || g.controller(unit) != who {
        return Err(R::because(|| cannot_fire(g, f, unit)));
    }
    Ok(match f.stage {
        FightStage::Interceptor => VolleyKind::Interceptor,
        _ => VolleyKind::Marine,
    })
}

/// The Marines of the other party that `firer` may fire at (STEP 8A–8D).
pub(crate) fn opposing_marines(g: &Game, firer: Inst) -> Cards<8> {
    let Some(f) = fight(g) else {
        return Cards::new();
    };
    if alive_in(g, &f.party, firer) {
        alive(g, &f.defenders).collect()
    } else if alive_in(g, &f.defenders, firer) {
        alive(g, &f.party).collect()
    } else {
        Cards::new()
    }
}

/// A checked Marine volley is fired: the Marine has fired this step. Once its dice count, a
/// destroyed party ends the fighting (STEP 8D, [`check_fight`]).
pub(crate) fn firing(g: &mut Game, unit: Inst) {
    if let Some(f) = fight_mut(g) {
        f.acted.push(unit);
    }
}

/// Why `unit` may not fire now in fight `f` (§6.6 STEP 8A, §6.6 STEP 8B, §6.6 STEP 8C).
fn cannot_fire(g: &Game, f: &Fight, unit: Inst) -> RuleError {
    let step = match f.stage {
        FightStage::Interceptor => "6.6 STEP 8A",
        FightStage::Boarders => "6.6 STEP 8B",
        _ => "6.6 STEP 8C",
    };
    let name = format!("{} {unit}", g.name(unit));
    let what = if f.acted.contains(&unit) {
        format!("{name} has already fired in this step")
    } else if f.stage == FightStage::Interceptor && alive_in(g, &f.defenders, unit) {
        format!("{name} has no Interceptor: only defending Marines with Interceptor fire now")
    } else if f.stage == FightStage::Boarders {
        format!("{name} is not one of the boarding Marines, who fire now")
    } else {
        format!("{name} is not one of the defending Marines, who fire now")
    };
    err(what, step)
}

fn next_fight_if_running(g: &mut Game) {
    if g.engagement.is_some() {
        next_fight(g);
    }
}

/// §9.23, §6.9.5: the surviving defenders who may pursue onto the boarders' ship — a Marine
/// whose card restricts the classes it boards stays behind (§2.4). A pursuit is a boarding
/// action with the roles reversed, so a Station's Marines never pursue (§2.2, §6.9.4) unless
/// card text lets that Station's Marines board (`station-marines-board`, §8.1).
fn pursuers(g: &Game, f: &Fight) -> Cards<8> {
    if station_boards(g, f.target).is_some_and(|r| !r.flag()) {
        return Cards::new();
    }
    admitted(g, alive(g, &f.defenders).collect(), f.ship)
}

fn start_pursuit(g: &mut Game, ship: Inst, target: Inst, party: Cards<8>) {
    let boarders = g.controller(ship);
    let holders = g.controller(target);
    let d = marines(g, target, holders);
    g.log.push(Event::BoardingBegan {
        ship: g.card_ref(ship),
        target: g.card_ref(target),
        boarders: party.iter().map(|&m| g.card_ref(m)).collect(),
        defenders: d.iter().map(|&m| g.card_ref(m)).collect(),
    });
    let stage = if d.is_empty() {
        g.log.push(Event::BoardingWon {
            ship: g.card_ref(ship),
            target: g.card_ref(target),
            automatic: true,
        });
        FightStage::Outcome
    } else if d.iter().any(|&m| stats::has(g, m, TraitName::Interceptor)) {
        FightStage::Interceptor
    } else {
        FightStage::Boarders
    };
    if let Some(e) = g.engagement.as_mut() {
        e.fight = Some(Fight {
            ship,
            target,
            boarders,
            holders,
            party,
            defenders: d,
            stage,
            acted: Cards::new(),
            retreating: false,
        });
    }
}

/// §6.6 STEP 8, §6.9: the boarding action being fought stands only while its ship and its
/// target are both in play under the commanders who began it, and the party that must act
/// next still has Marines. Settled after every choice (`engagement::settle`), whatever moved
/// the cards — volley, Tactic, Event, trigger, replacement — so no stage is ever offered for
/// a fight that is over: `Hijack` and `Scuttle` only for a target still in play (§6.6 STEP
/// 8E, §9.31), pursuit only to a ship still in play with pursuers left (§9.23). A fight that
/// no longer stands ends unfought and the next boarding action begins (I-56).
pub(crate) fn settle_fight(g: &mut Game) {
    let Some(f) = fight(g) else { return };
    let (ship, target) = (f.ship, f.target);
    let standing = |i: Inst, who: PlayerId| g.in_play(i) && g.controller(i) == who;
    let gone = if !standing(f.target, f.holders) {
        Some(Some(f.target))
    } else if !standing(f.ship, f.boarders) {
        Some(Some(f.ship))
    } else {
        match f.stage {
            // STEP 8D: a party destroyed by a card ends the fighting as volley fire would.
            FightStage::Interceptor | FightStage::Boarders | FightStage::Holders => {
                check_fight(g);
                None
            }
            // §9.23: pursuers must be left; STEP 8E: winners must be left to take the ship.
            FightStage::Pursue => alive(g, &f.defenders).next().is_none().then_some(None),
            FightStage::Outcome => alive(g, &f.party).next().is_none().then_some(None),
        }
    };
    let Some(gone) = gone else { return };
    g.log.push(Event::BoardingEnded {
        ship: g.card_ref(ship),
        target: g.card_ref(target),
        gone: gone.map(|c| g.card_ref(c)),
    });
    next_fight(g);
}

/// STEP 8D: a party destroyed ends the fighting.
pub(crate) fn check_fight(g: &mut Game) {
    let Some(f) = fight(g) else { return };
    let (ship, target, boarders) = (f.ship, f.target, f.boarders);
    let a = alive(g, &f.party).next().is_some();
    let d = alive(g, &f.defenders).next().is_some();
    if !d && a {
        g.log.push(Event::BoardingWon {
            ship: g.card_ref(ship),
            target: g.card_ref(target),
            automatic: false,
        });
        set_stage(g, FightStage::Outcome);
    } else if !a {
        // §6.9.3: the surviving defenders may pursue to the boarders' ship.
        g.log.push(Event::BoardingRepelled {
            ship: g.card_ref(ship),
            target: g.card_ref(target),
        });
        // §6.9.7: a hijacked ship whose garrison was the boarding party reverts to its owner at
        // once, so there is no enemy ship left to pursue to.
        check_garrisons(g);
        // Both parties destroyed (a Stoic last volley): nobody is left to win or pursue.
        if g.controller(ship) == boarders && d {
            set_stage(g, FightStage::Pursue);
        } else {
            next_fight(g);
        }
    }
}

// ----- hijack, scuttle, garrisons -----------------------------------------------------------

/// Put `ship` under `new`'s command with every card aboard under its old commander's (I-75:
/// a hijack captures what stays aboard; a third commander's cards stay theirs), moving it
/// between the commanders' battlefields and the engagement's sides.
pub(crate) fn change_controller(g: &mut Game, ship: Inst, new: PlayerId) {
    let old = g.controller(ship);
    if old == new {
        return;
    }
    g.garrisons_stale = true;
    g.in_play.mark_all();
    if let Some(c) = g.cmd_mut(old) {
        c.battlefield.retain(|x| *x != ship);
    }
    if let Some(c) = g.cmd_mut(new) {
        c.battlefield.push(ship);
    }
    // Inline (issue #15): a ship and what is aboard it, a level or two deep.
    let mut stack: crate::state::Cards<16> = smallvec::smallvec![ship];
    while let Some(i) = stack.pop() {
        if let Some(x) = g.instances.get_mut(i.0 as usize) {
            if i == ship || !matches!(x.zone, Zone::Attached(_)) || x.controller == old {
                x.controller = new;
            }
            stack.extend(x.attachments.iter().copied());
        }
    }
    if let Some(e) = g.engagement.as_mut() {
        e.retreating.retain(|x| *x != ship);
        if new == e.attacker {
            if !e.fleet.contains(&ship) {
                e.fleet.push(ship);
            }
        } else {
            e.fleet.retain(|x| *x != ship);
        }
    }
}

/// STEP 8E hijack: the winners take the ship (its Wings may launch first, §6.7) and garrison
/// it (§6.9.7); it acts on its new commander's next volley. A Station eliminates its commander.
fn hijack(g: &mut Game, f: &Fight) {
    g.log.push(Event::Hijacked {
        card: g.card_ref(f.target),
        by: f.boarders,
    });
    // Deeds (issue 17), woken before the ship changes hands: its old commander's text sees
    // it hijacked, the boarders' ship and Marines see it hijack.
    use crate::ir::effect::TriggerEvent;
    for (deed, actor, other) in [
        (TriggerEvent::Hijacks, f.ship, f.target),
        (TriggerEvent::Hijacked, f.target, f.ship),
    ] {
        let other = Some(other);
        crate::hooks::dispatch(g, crate::hooks::Trigger::Deed { deed, actor, other });
    }
    if g.card(f.target).kind == CardKind::Station {
        victory::eliminate(g, f.holders, Some(f.boarders));
        return;
    }
    traits::launch_all(g, f.target);
    change_controller(g, f.target, f.boarders);
    let party: crate::state::Cards<8> = alive(g, &f.party).collect();
    for m in party {
        g.move_to(m, Zone::Attached(f.target));
    }
    settle_garrison(g, f);
    g.fresh.push(f.target);
}

/// §6.9.1, §9.4: the hijacked ship's Marine capacity counts once the boarding action is
/// complete. Marines beyond it go back to the ship they boarded from while it has room;
/// any still over are lost to the Scrapheap (I-52).
fn settle_garrison(g: &mut Game, f: &Fight) {
    loop {
        let (cap, _) = stats::capacity(g, f.target);
        let (used, _) = manufacturing::used(g, f.target, None);
        if used <= cap {
            break;
        }
        let back = g.attachments(f.target).iter().rev().copied().find(|&m| {
            f.party.contains(&m)
                && g.in_play(f.ship)
                && manufacturing::check_marine_host::<crate::error::Refused>(
                    g,
                    g.card(m),
                    f.ship,
                    None,
                )
                .is_ok()
        });
        let Some(m) = back else { break };
        g.move_to(m, Zone::Attached(f.ship));
        g.log.push(Event::Reassigned {
            who: f.boarders,
            card: g.card_ref(m),
            from: Some(g.card_ref(f.target)),
            to: Some(g.card_ref(f.ship)),
        });
    }
    manufacturing::enforce_capacity(g, f.target);
}

/// §9.31 scuttle: the ship is destroyed immediately (no Stoic); the Marines stay with the
/// ship they boarded from. A scuttled Station eliminates its commander.
fn scuttle(g: &mut Game, f: &Fight) {
    g.log.push(Event::Scuttled {
        card: g.card_ref(f.target),
        by: f.boarders,
    });
    if g.card(f.target).kind == CardKind::Station {
        victory::eliminate(g, f.holders, Some(f.boarders));
        return;
    }
    volley::destroy(g, f.target, true);
}

/// §6.9.7, §9.16: a hijacked ship left without a Marine of its commander aboard reverts to
/// its owner at once. Only a move, a change of control or the end of a relocation can leave
/// one so (`Game::garrisons_stale`); otherwise nothing is read. Debug builds check that
/// nothing was missed.
pub(crate) fn check_garrisons(g: &mut Game) {
    if !g.garrisons_stale {
        debug_assert!(
            hijacked(g)
                .iter()
                .all(|&s| has_marines(g, s, g.controller(s))),
            "a hijacked ship lost its Marines without marking the game for the check"
        );
        return;
    }
    for s in hijacked(g) {
        let ctrl = g.controller(s);
        if has_marines(g, s, ctrl) {
            continue;
        }
        let owner = g.instance(s).map_or(ctrl, |x| x.owner);
        g.log.push(Event::Reverted {
            card: g.card_ref(s),
            to: owner,
        });
        // The hijacker's own Wings docked aboard are theirs, not the prize's: they launch and
        // stay under their commander, as the owner's Wings launched before the hijack (§6.7).
        // Nothing but a boarding action gives a commander's card to another (§9.16).
        let wings: crate::state::Cards<4> = g
            .attachments(s)
            .iter()
            .copied()
            .filter(|&a| {
                g.card(a).kind == CardKind::Ship(crate::ir::ShipClass::FighterWing)
                    && g.controller(a) == ctrl
            })
            .collect();
        for w in wings {
            traits::launch_from(g, w, s);
        }
        change_controller(g, s, owner);
    }
    g.garrisons_stale = false;
}

/// The hijacked ships a garrison check reads, in instance order, as a scan of every instance
/// finds them: ships on a battlefield not their owner's, but those leaving play with a
/// relocation (read from the battlefields, not every instance; inline, and hardly ever
/// holding anything).
fn hijacked(g: &Game) -> crate::state::Cards<8> {
    let mut hijacked: crate::state::Cards<8> = g
        .commanders
        .iter()
        .flat_map(|c| c.battlefield.iter().copied())
        .filter(|&i| {
            g.instance(i)
                .is_some_and(|x| x.controller != x.owner && matches!(x.zone, Zone::Battlefield))
        })
        .filter(|&i| matches!(g.card(i).kind, CardKind::Ship(_)))
        // §7.1.3.3: a ship hijacked from an eliminated commander is leaving play, not reverting.
        .filter(|&i| !g.relocations.iter().any(|r| r.ship == i))
        .collect();
    hijacked.sort_unstable();
    hijacked.dedup();
    hijacked
}
