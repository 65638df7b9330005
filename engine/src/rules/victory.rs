//! Elimination and the Spoils of War (§6.1, §6.3, §7.1.3, §7.2).
//!
//! A commander whose Station is destroyed, hijacked or scuttled is eliminated at once
//! (§2.2, §6.6 STEP 8E). They pick up their cards — every card they own leaves play,
//! including ships others hijacked from them (§6.3); ships they had hijacked go back to
//! their owners, so nothing stays under their command (§6.9.7, I-74). With two commanders
//! the game ends; with more, the victor takes the Spoils of War: the eliminated Stockpile
//! (still capped, §9.27), one free deployment from the Shipyard (§7.1.3.2, then a shuffle,
//! §8.3), and their Marines aboard ships hijacked from the eliminated commander move to
//! their own ships with room or are discarded (§7.1.3.3). A commander who scoops after
//! being attacked grants the same (§7.2).
//!
//! §7.1.3.3 is a decision of the Marines' commander (I-50): which local ship with room takes
//! each Marine; discarding is legal only for a Marine no such ship has room for. So that
//! every card stays in exactly one zone while they decide, a ship hijacked from the loser
//! that still carries such Marines stays in play, under its hijacker, as a [`Relocation`]:
//! every other card of the loser leaves at once, the pick (`DecisionKind::SpoilsMarines`)
//! comes before any other decision, and the ship leaves play (to its owner's Scrapheap, as
//! destroyed) the moment its last waiting Marine has moved. It is never garrison-checked
//! (§6.9.7 does not return it to a commander out of the game), and nothing else happens while
//! it waits except a scoop, after which [`settle_relocations`] drops what no longer applies.

use crate::choice::Choice;
use crate::error::RuleError;
use crate::event::Phase;
use crate::event::{EndReason, Event, LeftPlayWhy};
use crate::ids::{Inst, PlayerId};
use crate::ir::CardKind;
use crate::rules::manufacturing::{self, Context};
use crate::rules::{aftermath, boarding, engagement, respond, scoop, setup, turn};
use crate::state::pending::Relocation;
use crate::state::{Game, Step, Zone};

/// §6.1, §6.3: `loser`'s Station fell to `by`.
pub(crate) fn eliminate(g: &mut Game, loser: PlayerId, by: Option<PlayerId>) {
    if g.cmd(loser).is_none_or(|c| c.out) {
        return;
    }
    if let Some(c) = g.cmd_mut(loser) {
        c.out = true;
    }
    g.log.push(Event::Eliminated { who: loser, by });
    leave_game(g, loser, by, false);
}

/// What follows a commander leaving the game by elimination or scoop: Spoils of War for
/// `victor` in a game of three or more, the cards picked up, the engagement ended.
pub(crate) fn leave_game(g: &mut Game, loser: PlayerId, victor: Option<PlayerId>, scooped: bool) {
    let spoils = g.commanders.len() > 2;
    // §7.1.3.1: the victor adds the loser's whole Stockpile to their own, still capped (§9.27).
    if let (true, Some(v)) = (spoils, victor) {
        let loot = g.cmd(loser).map(|c| c.stockpile()).unwrap_or_default();
        let (gained, _) = g.gain(v, loot);
        // Taken, not copied: the loser's Stockpile is empty from now on (what the cap left
        // behind is lost with them).
        g.pay(loser, loot);
        g.log.push(Event::SpoilsOfWar {
            to: v,
            from: loser,
            gained,
        });
    }
    pick_up(g, loser, spoils);
    give_back(g, loser);
    settle_relocations(g);
    boarding::check_garrisons(g);
    let involved = g.engagement.as_ref().map(|e| {
        (
            e.attacker == loser || e.defender == loser,
            e.defender == loser,
        )
    });
    match involved {
        Some((true, defender)) => engagement::end(
            g,
            if defender && scooped {
                EndReason::DefenderLeft
            } else if defender {
                EndReason::StationTaken
            } else {
                EndReason::AttackerLeft
            },
        ),
        Some((false, _)) => {
            let empty = g.engagement.as_mut().is_some_and(|e| {
                let had = e.start_queue.contains(&loser);
                e.start_queue.retain(|p| *p != loser);
                had && e.start_queue.is_empty()
            });
            if empty {
                engagement::advance(g);
            }
        }
        None => {}
    }
    if scoop::check_end(g) {
        settle_relocations(g);
        return;
    }
    if let (true, Some(v)) = (spoils, victor) {
        g.spoils.push(v);
    }
    drop_decisions(g, loser);
    pass_turn_of_eliminated(g);
}

/// §6.3, §7.2: a commander who left the game decides nothing more. Whatever they were deciding
/// is dropped: their Setup (the next seat's begins), their Regimented searches and Spoils, their
/// place in a response window (§2.6: the window goes on with the others, clockwise) or in an
/// engagement's aftermath. Card effects they were to answer are dropped when effects next run
/// (`effects::actions`). Their own turn ends: see [`pass_turn_of_eliminated`].
fn drop_decisions(g: &mut Game, loser: PlayerId) {
    g.regiments.retain(|r| r.who != loser);
    g.setup_queue.retain(|&p| p != loser);
    g.spoils.retain(|&p| p != loser);
    respond::drop(g, loser);
    match g.step.clone() {
        Step::SetupModule { who, .. }
        | Step::Mulligan { who }
        | Step::SetupDeploy { who }
        | Step::SetupDiscard { who }
            if who == loser =>
        {
            setup::next_setup(g)
        }
        Step::Aftermath(_) => aftermath::drop_commander(g, loser),
        _ => {}
    }
}

/// §5.6: a commander eliminated (or scooping) in their own turn has ended it; once no card
/// effect is resolving, any engagement is over and the Spoils of War have been taken
/// (§7.1.3.2 comes first), play passes clockwise to the next commander still in. Run after
/// every choice (`Game::apply`) and whenever a commander leaves the game.
pub(crate) fn pass_turn_of_eliminated(g: &mut Game) {
    if g.outcome.is_some()
        || g.phase == Phase::Setup
        || g.resolving
        || !g.pending.is_empty()
        || !g.spoils.is_empty()
        || !g.relocations.is_empty()
        || g.engagement.is_some()
        || g.cmd(g.active).is_none_or(|c| !c.out)
    {
        return;
    }
    // A response window goes on with the others; the turn passes when it closes (at a phase
    // boundary `turn::continue_with` passes it).
    if g.window.is_some() || matches!(g.step, Step::Respond { .. }) {
        return;
    }
    let from = g.active;
    turn::next_turn(g, from);
    crate::effects::actions::run(g);
    respond::settle(g);
}

/// Who gets the Spoils of War for `loser`'s Station, destroyed now (§7.1.3): the commander
/// whose card is resolving — an Event, a Tactic, a triggered text — wherever it happens (their
/// own turn, a response window, another commander's engagement); otherwise the engagement
/// opponent, whose volley fire destroyed it. Nobody when the card was the loser's own (I-54).
pub(crate) fn destroyer(g: &Game, loser: PlayerId) -> Option<PlayerId> {
    let by = match g.acting {
        Some((source, _)) => Some(g.controller(source)),
        None => g.engagement.as_ref().map(|e| {
            if e.defender == loser {
                e.attacker
            } else {
                e.defender
            }
        }),
    };
    by.filter(|&p| p != loser && g.cmd(p).is_some_and(|c| !c.out))
}

/// §6.3, §7.1.3.3: every card `loser` owns leaves play; in a game of three or more
/// (`spoils`), a ship hijacked from them that carries other commanders' Marines stays until
/// those Marines have moved ([`Relocation`]). With two commanders the game is over and they
/// simply leave play with the ship.
fn pick_up(g: &mut Game, loser: PlayerId, spoils: bool) {
    // Inline (issue #15): a commander leaving the game rarely has many ships in other hands.
    let hijacked_from: crate::state::Cards<8> = (0..g.instances.len())
        .map(|k| Inst(k as u16))
        .filter(|&i| {
            g.in_play(i)
                && g.instance(i)
                    .is_some_and(|x| x.owner == loser && x.controller != loser)
                && matches!(g.card(i).kind, CardKind::Ship(_))
        })
        .collect();
    for ship in hijacked_from.into_iter().filter(|_| spoils) {
        if waiting(g, ship, loser).is_empty() {
            continue;
        }
        let local = local_ships(g, g.controller(ship), loser);
        g.relocations.push(Relocation { ship, loser, local });
        g.garrisons_stale = true;
    }
    // Top-level cards first (their attachments follow them to the Scrapheap), then any of the
    // loser's cards attached to other commanders' cards.
    let mut owned: crate::state::Cards<32> = (0..g.instances.len())
        .map(|k| Inst(k as u16))
        .filter(|&i| g.in_play(i) && g.instance(i).is_some_and(|x| x.owner == loser))
        .filter(|&i| !g.relocations.iter().any(|r| r.ship == i))
        .collect();
    owned.sort_by_key(|&i| !matches!(g.zone(i), Some(Zone::Battlefield)));
    for i in owned {
        if g.in_play(i) {
            g.log.push(Event::LeftPlay {
                card: g.card_ref(i),
                why: LeftPlayWhy::CommanderOut(loser),
            });
            g.move_to(i, Zone::Scrapheap);
        }
    }
}

/// §6.3, §6.9.7, §9.16 (I-74): nothing stays under the command of a commander out of the game.
/// Once their own cards have left play, every card on their battlefield that another commander
/// still in owns goes back to its owner with whatever of theirs is aboard it — even a ship whose
/// garrison was a Marine of the owner's that came under their command with it (I-75), which
/// counts as a garrison only while its commander is in.
fn give_back(g: &mut Game, loser: PlayerId) {
    let held: crate::state::Cards<8> = g
        .cmd(loser)
        .map(|c| c.battlefield.iter().copied().collect())
        .unwrap_or_default();
    for card in held {
        let owner = g.instance(card).map_or(loser, |x| x.owner);
        if owner != loser && g.cmd(owner).is_some_and(|c| !c.out) {
            boarding::change_controller(g, card, owner);
            g.log.push(Event::GivenBack {
                card: g.card_ref(card),
                to: owner,
                from: loser,
            });
        }
    }
    // No rule leaves anything else under their command (an attached card takes its host's
    // commander; a card of a commander already out left with them); should one, it leaves
    // play rather than stay with nobody (`engine::invariants` reports it in a sweep).
    let stray: crate::state::Cards<4> = (0..g.instances.len())
        .map(|k| Inst(k as u16))
        .filter(|&i| g.in_play(i) && g.controller(i) == loser)
        .collect();
    debug_assert!(
        stray.is_empty(),
        "cards left under a commander out of the game"
    );
    for i in stray {
        if g.in_play(i) {
            g.move_to(i, Zone::Scrapheap);
        }
    }
}

/// The hijacker's Marines aboard `ship` still to move (§7.1.3.3).
fn waiting(g: &Game, ship: Inst, loser: PlayerId) -> Vec<Inst> {
    let who = g.controller(ship);
    g.attachments(ship)
        .iter()
        .copied()
        .filter(|&m| {
            matches!(g.card(m).kind, CardKind::Marine { .. })
                && g.instance(m)
                    .is_some_and(|x| x.owner != loser && x.controller == who)
        })
        .collect()
}

/// `who`'s local ships (§9.18, I-40): during an engagement only their ships fighting in it,
/// not their Station or ships left at home; outside one, any of their ships. Never one of the
/// `loser`'s (they all leave play).
fn local_ships(g: &Game, who: PlayerId, loser: PlayerId) -> Vec<Inst> {
    let hosts = match g.engagement.as_ref().and_then(|e| e.side_of(who)) {
        Some(side) => engagement::units(g, side).collect(),
        None => g.cmd(who).map_or(Vec::new(), |c| c.battlefield.to_vec()),
    };
    hosts
        .into_iter()
        .filter(|&h| {
            g.controller(h) == who
                && g.instance(h).is_some_and(|x| x.owner != loser)
                && matches!(g.card(h).kind, CardKind::Ship(_))
        })
        .collect()
}

/// Whether Marine `m` may move aboard `host` under §7.1.3.3: one of its commander's local
/// ships, checked as any Marine host is (`manufacturing::check_marine_host`: the class it fits,
/// room §2.4.1, Characters take none §2.4.2).
fn check_new_home(g: &Game, r: &Relocation, m: Inst, host: Inst) -> Result<(), RuleError> {
    let who = g.controller(r.ship);
    if !r.local.contains(&host) || !g.in_play(host) || g.controller(host) != who {
        return Err(RuleError::Engagement {
            what: format!(
                "{} {host} is not one of your local ships: the Marines go to a ship that fought alongside (I-40)",
                g.name(host)
            ),
            section: "7.1.3.3",
        });
    }
    manufacturing::check_marine_host(g, g.card(m), host, Some(m))
}

/// Who moves Marines now: the commander of the first ship still waiting (§7.1.3.3).
pub(crate) fn pending_relocation(g: &Game) -> Option<PlayerId> {
    g.relocations
        .iter()
        .find(|r| g.in_play(r.ship) && !waiting(g, r.ship, r.loser).is_empty())
        .map(|r| g.controller(r.ship))
}

/// `who`'s waiting Marines, each with the relocation it waits on.
fn waiting_of(g: &Game, who: PlayerId) -> Vec<(Inst, &Relocation)> {
    g.relocations
        .iter()
        .filter(|r| g.in_play(r.ship) && g.controller(r.ship) == who)
        .flat_map(|r| waiting(g, r.ship, r.loser).into_iter().map(move |m| (m, r)))
        .collect()
}

/// Every Marine of `who` still waiting, to each local ship with room, or discarded when none
/// has room (I-50).
pub(crate) fn legal_relocations(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    for (m, r) in waiting_of(g, who) {
        let hosts: Vec<Inst> = r
            .local
            .iter()
            .copied()
            .filter(|&h| check_new_home(g, r, m, h).is_ok())
            .collect();
        if hosts.is_empty() {
            out.push(Choice::SpoilsMarine {
                marine: m,
                host: None,
            });
        }
        out.extend(hosts.into_iter().map(|h| Choice::SpoilsMarine {
            marine: m,
            host: Some(h),
        }));
    }
}

/// §7.1.3.3: `who`'s Marine `marine`, aboard a ship hijacked from the eliminated commander,
/// moves aboard `host`, or (`None`) is discarded — only when none of their local ships has
/// room for it (I-50).
pub(crate) fn relocate(
    g: &mut Game,
    who: PlayerId,
    marine: Inst,
    host: Option<Inst>,
) -> Result<(), RuleError> {
    let r = waiting_of(g, who)
        .into_iter()
        .find(|&(m, _)| m == marine)
        .map(|(_, r)| r.clone())
        .ok_or_else(|| RuleError::Engagement {
            what: format!(
                "{} {marine} is not one of your Marines aboard a ship hijacked from the eliminated commander",
                g.name(marine)
            ),
            section: "7.1.3.3",
        })?;
    match host {
        Some(h) => check_new_home(g, &r, marine, h)?,
        None => {
            if let Some(&h) = r
                .local
                .iter()
                .find(|&&h| check_new_home(g, &r, marine, h).is_ok())
            {
                return Err(RuleError::Engagement {
                    what: format!(
                        "{} {marine} may be discarded only when none of your local ships has room; {} {h} has",
                        g.name(marine),
                        g.name(h)
                    ),
                    section: "7.1.3.3",
                });
            }
        }
    }
    match host {
        Some(h) => g.move_to(marine, Zone::Attached(h)),
        None => g.move_to(marine, Zone::Scrapheap),
    }
    g.log.push(Event::SpoilsMarines {
        marine: g.card_ref(marine),
        to: host.map(|h| g.card_ref(h)),
    });
    settle_relocations(g);
    Ok(())
}

/// Ships whose waiting is over leave play (§7.1.3.3: destroyed): their Marines have all moved,
/// their hijacker is out of the game, or the game is over. The aftermath of an engagement
/// waits for them (`aftermath::resume`).
pub(crate) fn settle_relocations(g: &mut Game) {
    if g.relocations.is_empty() {
        return;
    }
    let over = g.outcome.is_some();
    let done: Vec<Relocation> = g
        .relocations
        .iter()
        .filter(|r| {
            over || !g.in_play(r.ship)
                || g.cmd(g.controller(r.ship)).is_none_or(|c| c.out)
                || waiting(g, r.ship, r.loser).is_empty()
        })
        .cloned()
        .collect();
    if !done.is_empty() {
        g.relocations.retain(|r| !done.contains(r));
        g.garrisons_stale = true;
    }
    for r in done {
        if g.in_play(r.ship) {
            g.log.push(Event::LeftPlay {
                card: g.card_ref(r.ship),
                why: LeftPlayWhy::HijackedFromOut(r.loser),
            });
            g.move_to(r.ship, Zone::Scrapheap);
        }
    }
    if g.relocations.is_empty() {
        aftermath::resume(g);
    }
}

// ----- §7.1.3.2: one free deployment from the Shipyard ----------------------------------------

pub(crate) fn legal_spoils(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    let mut picks = Vec::new();
    manufacturing::legal_from_shipyard(g, who, Context::Spoils, &mut picks);
    out.extend(picks.into_iter().filter_map(|c| match c {
        Choice::Conscript { card, host } => Some(Choice::SpoilsPick { card, host }),
        _ => None,
    }));
    out.push(Choice::SpoilsDecline);
}

pub(crate) fn spoils_pick(
    g: &mut Game,
    who: PlayerId,
    card: Inst,
    host: Option<Inst>,
) -> Result<(), RuleError> {
    let plan = manufacturing::check(g, who, card, host, None, Context::Spoils)?;
    spoils_taken(g, who);
    manufacturing::carry_out(g, who, plan);
    g.shuffle_shipyard(who);
    Ok(())
}

/// §7.1.3: the Spoils of War are per Station destroyed; one is settled, and any other the same
/// commander is owed (two Stations at once) waits its turn.
fn spoils_taken(g: &mut Game, who: PlayerId) {
    if let Some(at) = g.spoils.iter().position(|&p| p == who) {
        g.spoils.remove(at);
    }
}

pub(crate) fn spoils_decline(g: &mut Game, who: PlayerId) {
    spoils_taken(g, who);
    g.log.push(Event::SpoilsDeclined { who });
    g.shuffle_shipyard(who);
}
