//! Elimination and the Spoils of War (§6.1, §6.3, §7.1.3, §7.2).
//!
//! A commander whose Station is destroyed, hijacked or scuttled is eliminated at once
//! (§2.2, §6.6 STEP 8E). They pick up their cards — every card they own leaves play,
//! including ships others hijacked from them (§6.3); ships they had hijacked lose their
//! garrison and revert (§6.9.7). With two commanders the game ends; with more, the victor
//! takes the Spoils of War: the eliminated Stockpile (still capped, §9.27), one free
//! deployment from the Shipyard (§7.1.3.2, then a shuffle, §8.3), and their Marines aboard
//! ships hijacked from the eliminated commander move to their own ships with room or are
//! discarded (§7.1.3.3). A commander who scoops after being attacked grants the same (§7.2).

use crate::choice::Choice;
use crate::error::RuleError;
use crate::event::{EndReason, Event};
use crate::game::{Game, Zone};
use crate::ids::{Inst, PlayerId};
use crate::ir::CardKind;
use crate::rules::manufacturing::{self, capacity, used, Context};
use crate::rules::{boarding, engagement, scoop};

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
        g.log.push(Event::SpoilsOfWar {
            to: v,
            from: loser,
            gained,
        });
    }
    pick_up(g, loser, spoils);
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
                e.start_queue.retain(|&p| p != loser);
                had && e.start_queue.is_empty()
            });
            if empty {
                engagement::advance(g);
            }
        }
        None => {}
    }
    if scoop::check_end(g) {
        return;
    }
    if let (true, Some(v)) = (spoils, victor) {
        g.spoils.push(v);
    }
}

/// §6.3, §7.1.3.3: every card `loser` owns leaves play; in a game of three or more
/// (`spoils`), Marines of other commanders aboard ships hijacked from them move to their own
/// local ships with room, or are discarded. With two commanders the game is over and they
/// simply leave play with the ship.
fn pick_up(g: &mut Game, loser: PlayerId, spoils: bool) {
    let hijacked_from: Vec<Inst> = (0..g.instances.len())
        .map(|k| Inst(k as u16))
        .filter(|&i| {
            g.in_play(i)
                && g.instance(i)
                    .is_some_and(|x| x.owner == loser && x.controller != loser)
                && matches!(g.card(i).kind, CardKind::Ship(_))
        })
        .collect();
    for ship in hijacked_from.into_iter().filter(|_| spoils) {
        let aboard: Vec<Inst> = g
            .attachments(ship)
            .iter()
            .copied()
            .filter(|&m| {
                matches!(g.card(m).kind, CardKind::Marine { .. })
                    && g.instance(m).is_some_and(|x| x.owner != loser)
            })
            .collect();
        for m in aboard {
            let who = g.controller(m);
            let to = new_home(g, who, m, loser);
            match to {
                Some(h) => g.move_to(m, Zone::Attached(h)),
                None => g.move_to(m, Zone::Scrapheap),
            }
            g.log.push(Event::SpoilsMarines {
                marine: g.card_ref(m),
                to: to.map(|h| g.card_ref(h)),
            });
        }
    }
    // Top-level cards first (their attachments follow them to the Scrapheap), then any of the
    // loser's cards attached to other commanders' cards.
    let mut owned: Vec<Inst> = (0..g.instances.len())
        .map(|k| Inst(k as u16))
        .filter(|&i| g.in_play(i) && g.instance(i).is_some_and(|x| x.owner == loser))
        .collect();
    owned.sort_by_key(|&i| !matches!(g.zone(i), Some(Zone::Battlefield)));
    for i in owned {
        if g.in_play(i) {
            g.move_to(i, Zone::Scrapheap);
        }
    }
}

/// A local ship of `who` with room for Marine `m` (§7.1.3.3, §2.4.1), never one of the
/// `loser`'s (they all leave play). Local (§9.18): during an engagement only `who`'s ships
/// fighting in it, not their Station or ships left at home (docs/interpretations.md I-40);
/// outside one, any of their ships.
fn new_home(g: &Game, who: PlayerId, m: Inst, loser: PlayerId) -> Option<Inst> {
    let card = g.card(m);
    let character = matches!(card.kind, CardKind::Marine { character: true });
    let hosts = match g.engagement.as_ref().and_then(|e| e.side_of(who)) {
        Some(side) => engagement::units(g, side),
        None => g.cmd(who)?.battlefield.clone(),
    };
    hosts.into_iter().find(|&h| {
        if g.controller(h) != who || g.instance(h).is_none_or(|x| x.owner == loser) {
            return false;
        }
        let hc = g.card(h);
        let ship_ok = match hc.kind {
            CardKind::Ship(c) => {
                card.fits.as_ref().is_none_or(|r| r.admits(c))
                    && c != crate::ir::ShipClass::FighterWing
            }
            _ => false,
        };
        let (cap, _) = capacity(g, h);
        let (have, _) = used(g, h, None);
        ship_ok
            && cap > 0
            && (character || u32::from(have) + u32::from(card.space) <= u32::from(cap))
    })
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
    g.spoils.retain(|&p| p != who);
    manufacturing::carry_out(g, who, plan);
    g.shuffle_shipyard(who);
    Ok(())
}

pub(crate) fn spoils_decline(g: &mut Game, who: PlayerId) {
    g.spoils.retain(|&p| p != who);
    g.log.push(Event::SpoilsDeclined { who });
    g.shuffle_shipyard(who);
}
