//! The Setup Phase (§4.1–§4.8, the §5 Setup recap, §5.1).
//!
//! Setup is simultaneous (§7.1): first every commander's Station (§4.2), then every commander's
//! Stockpile cards and 10/10 (§4.3), so no later step of one commander's Setup can reset what
//! another's took. Then per commander: two Module-Stations from the Shipyard, free (§4.2), shuffle (the Shipyard was searched,
//! §8.3), draw 5 (§4.4), mulligans at 1R 1C each (§4.4.1), income (§4.5), deploy (§4.6),
//! optional discard (§4.7). Then initiative by volley die, ties re-rolled (§4.8).
//!
//! Interpretation: Setup deployment allows ships, Marines and Modules from hand (§4.6 names
//! exactly these); Breakthrus wait for a Manufacturing Phase (§2.8) and there is no
//! Conscription in Setup (§5.4.3 is a Manufacturing step). Past the Stockpiles the engine
//! runs Setup seat by seat (I-55).

use crate::error::{Refusal, Refused, RuleError};
use crate::event::{Event, Phase};
use crate::hooks::{self, Trigger};
use crate::ids::{Inst, PlayerId};
use crate::ir::{BaseRule, CardKind, ModuleKind, Trait};
use crate::rules::{logistics, manufacturing};
use crate::state::{Game, Step, Zone};
use std::sync::Arc;

/// Start the next commander's Setup, or roll initiative when all are done.
pub(crate) fn next_setup(g: &mut Game) {
    g.phase = Phase::Setup;
    while !g.setup_queue.is_empty() {
        let who = g.setup_queue.remove(0);
        if g.cmd(who).is_some_and(|c| !c.out) {
            begin(g, who);
            return;
        }
    }
    initiative(g);
}

/// §7.1, §4.3: Setup is simultaneous, so every commander's Stockpile cards are placed and
/// their Stockpiles set to the starting 10/10 before any commander's Setup goes on; a Setup
/// Event that takes from another commander's Stockpile (§5.1) then takes from the full
/// Stockpile, and nothing later resets it. Then the Setups proceed seat by seat.
pub(crate) fn start(g: &mut Game) {
    // Inline (issue #15): never more than the commanders.
    let seats: crate::state::Seats = g.setup_queue.iter().copied().collect();
    // §4.2 before §4.3: every Station is in play, so its text (a different starting
    // Stockpile, §8.1) counts when the Stockpiles are set.
    for &who in &seats {
        deploy_station(g, who);
    }
    for &who in &seats {
        stockpiles(g, who);
    }
    next_setup(g);
}

/// §4.2: the Station from the Shipyard, at no cost, its text resolved.
fn deploy_station(g: &mut Game, who: PlayerId) {
    let Some(c) = g.cmd(who) else { return };
    let Some(s) = c
        .shipyard
        .iter()
        .copied()
        .find(|&i| g.card(i).kind == CardKind::Station)
    else {
        return;
    };
    g.move_to(s, Zone::Battlefield);
    if let Some(x) = g.instances.get_mut(s.0 as usize) {
        x.deployed_by = Some(who);
    }
    g.log.push(Event::StationDeployed {
        who,
        station: g.card_ref(s),
    });
    hooks::dispatch(g, Trigger::Deployed { card: s });
}

/// §4.3: the Stockpile cards are placed and 10 Resource and 10 Currency added.
fn stockpiles(g: &mut Game, who: PlayerId) {
    let Some(c) = g.cmd(who) else { return };
    // Inline (issue #15): a deck holds its two Stockpile cards.
    let piles: crate::state::Cards<8> = c
        .shipyard
        .iter()
        .copied()
        .filter(|&i| matches!(g.card(i).kind, CardKind::Stockpile(_)))
        .collect();
    for &s in &piles {
        g.move_to(s, Zone::Stockpile);
    }
    if !piles.is_empty() {
        g.log.push(Event::StockpileCardsPlaced {
            who,
            cards: piles.iter().map(|&s| g.card_ref(s)).collect(),
        });
    }
    let r = g.rule_count(BaseRule::StartingResource, who);
    let k = g.rule_count(BaseRule::StartingCurrency, who);
    let cap = g.rule_count(BaseRule::StockpileCap, who);
    g.set_stockpile(who, r, k);
    g.log.push(Event::StockpilesSet {
        who,
        resource: r.min(cap),
        currency: k.min(cap),
    });
}

/// §4.2: the Module picks (the Station is in play and the Stockpiles are set, [`start`]).
fn begin(g: &mut Game, who: PlayerId) {
    g.active = who;
    let Some(c) = g.cmd(who) else { return };
    let station = c
        .battlefield
        .iter()
        .copied()
        .find(|&i| g.card(i).kind == CardKind::Station);
    let left = g.rule_count(BaseRule::SetupStationModules, who);
    g.step = Step::SetupModule { who, left };
    // A Regimented Station searches now, before the Module picks (§3.4.7).
    if let Some(s) = station {
        // Read through `text`, which holds the card apart from the game: no copy of the
        // traits (issue #15).
        let text = g.text(s);
        // printed: the card's printed text says what Regimented fetches (§3.4.7).
        for t in &text.card().traits {
            if let Trait::Regimented { unit, count } = *t {
                manufacturing::start_regiment(g, who, s, unit, count);
            }
        }
    }
    if left == 0 || module_candidates(g, who).is_empty() {
        modules_done(g, who);
    }
}

/// Module-Stations in the Shipyard that may go on the Station now (§4.2, §2.2).
/// Inline (issue #15): a deck holds a few kinds of Module-Station.
pub(crate) fn module_candidates(g: &Game, who: PlayerId) -> crate::state::Cards<8> {
    let Some(station) = g.station(who) else {
        return Default::default();
    };
    let Some(c) = g.cmd(who) else {
        return Default::default();
    };
    // The first copy of each card stands for them all: copies pass or fail alike.
    let modules = c
        .shipyard
        .iter()
        .copied()
        .filter(|&i| g.card(i).kind == CardKind::Module(ModuleKind::Station));
    manufacturing::first_copies(g, modules)
        .filter(|&i| check_module_pick::<Refused>(g, who, station, i).is_ok())
        .collect()
}

/// Whether `card` may be picked now; listing asks it without wording the refusal
/// ([`Refused`]), so a Station at its limit costs no string (issue #15).
fn check_module_pick<R: Refusal>(
    g: &Game,
    who: PlayerId,
    station: Inst,
    card: Inst,
) -> Result<(), R> {
    if g.zone(card) != Some(Zone::Shipyard) || g.instance(card).is_none_or(|x| x.owner != who) {
        return Err(R::because(|| RuleError::WrongZone {
            inst: card,
            wanted: "in your Shipyard",
            section: "4.2",
        }));
    }
    let k = g.card(card);
    if k.kind != CardKind::Module(ModuleKind::Station) {
        return Err(R::because(|| RuleError::CannotDeploy {
            card: k.name.clone(),
            why: "Setup deploys Module-Station cards only".into(),
            section: "4.2",
        }));
    }
    let attached = g.attachments(station);
    if attached.iter().any(|&a| g.card(a).id == k.id) {
        return Err(R::because(|| RuleError::BadHost {
            card: k.name.clone(),
            host: g.name(station).to_string(),
            why: "no two copies of one Module-Station on a Station".into(),
            section: "2.2",
        }));
    }
    let limit = g
        .resolve(BaseRule::StationModuleLimit, who, Some(station))
        .count() as usize;
    if attached.len() >= limit {
        return Err(R::no_room(|| RuleError::NoCapacity {
            host: g.name(station).to_string(),
            why: format!("the Station holds its limit of {limit} Module-Stations"),
            section: "2.2",
        }));
    }
    Ok(())
}

pub(crate) fn pick_module(g: &mut Game, who: PlayerId, card: Inst) -> Result<(), RuleError> {
    let Step::SetupModule { left, .. } = g.step else {
        return Err(RuleError::NotNow {
            what: "picking a Setup Module-Station",
            why: "not in the Setup Module step".into(),
            section: "4.2",
        });
    };
    // `ok_or_else`: the refusal is worded only when there is one.
    let station = g.station(who).ok_or_else(|| RuleError::NotNow {
        what: "picking a Setup Module-Station",
        why: "there is no Station in play".into(),
        section: "4.2",
    })?;
    check_module_pick::<RuleError>(g, who, station, card)?;
    g.rule(BaseRule::StationModuleLimit, who, Some(station));
    g.move_to(card, Zone::Attached(station));
    if let Some(x) = g.instances.get_mut(card.0 as usize) {
        x.deployed_by = Some(who);
    }
    g.log.push(crate::event::Event::Deployed {
        who,
        card: g.card_ref(card),
        host: Some(g.card_ref(station)),
        paid: crate::ir::Amount::ZERO,
        how: crate::event::DeployHow::Setup,
    });
    let left = left.saturating_sub(1);
    g.step = Step::SetupModule { who, left };
    hooks::dispatch(g, Trigger::Deployed { card });
    if left == 0 || module_candidates(g, who).is_empty() {
        modules_done(g, who);
    }
    Ok(())
}

/// §8.3 then §4.4: shuffle the searched Shipyard and draw the opening hand.
fn modules_done(g: &mut Game, who: PlayerId) {
    g.rule(BaseRule::SetupStationModules, who, None);
    g.shuffle_shipyard(who);
    let n = g.rule_count(BaseRule::HandSize, who);
    logistics::draw(g, who, n, true);
    g.step = Step::Mulligan { who };
}

pub(crate) fn check_mulligan(g: &Game, who: PlayerId) -> Result<crate::ir::Amount, RuleError> {
    let cost = match g.resolve(BaseRule::MulliganCost, who, None).value {
        crate::ir::RuleValue::Amount(a) => a,
        _ => crate::ir::Amount {
            resource: 1,
            currency: 1,
        },
    };
    g.check_afford(who, cost, "4.4.1")?;
    Ok(cost)
}

/// §4.4.1: scrap the hand, pay, draw a new one. Only in Setup (this step exists only there).
pub(crate) fn mulligan(g: &mut Game, who: PlayerId) -> Result<(), RuleError> {
    check_mulligan(g, who)?;
    let cost = g.rule_amount(BaseRule::MulliganCost, who);
    g.pay(who, cost);
    let hand = g.cmd(who).map(|c| c.hand.clone()).unwrap_or_default();
    for &i in &hand {
        g.move_to(i, Zone::Scrapheap);
    }
    let discarded = hand.iter().map(|&i| g.card_ref(i)).collect();
    if let Some(c) = g.cmd_mut(who) {
        c.mulligans = c.mulligans.saturating_add(1);
    }
    g.log.push(Event::Mulligan {
        who,
        discarded,
        paid: cost,
    });
    let n = g.rule_count(BaseRule::HandSize, who);
    logistics::draw(g, who, n, true);
    Ok(())
}

/// Keep the hand; §4.5 income; on to deployment (§4.6).
pub(crate) fn keep(g: &mut Game, who: PlayerId) -> Result<(), RuleError> {
    let mulligans = g.cmd(who).map_or(0, |c| c.mulligans);
    g.log.push(Event::KeptHand { who, mulligans });
    logistics::income(g, who, true);
    g.step = Step::SetupDeploy { who };
    Ok(())
}

pub(crate) fn end_deploy(g: &mut Game, who: PlayerId) {
    g.step = Step::SetupDiscard { who };
}

/// §4.7 done: this commander's Setup is over.
pub(crate) fn finish(g: &mut Game, who: PlayerId) {
    g.log.push(Event::SetupDone { who });
    next_setup(g);
}

/// §4.8: every commander rolls a volley die; ties for highest re-roll among the tied.
/// (Re-rolls stop after 255 rounds, lowest seat winning, so forced dice cannot loop forever.)
pub(crate) fn initiative(g: &mut Game) {
    let mut contenders: crate::state::Seats = (0..g.commanders.len())
        .map(|s| PlayerId(s as u8))
        .filter(|&p| g.cmd(p).is_some_and(|c| !c.out))
        .collect();
    let mut round: u8 = 1;
    let winner = loop {
        let rolls: smallvec::SmallVec<[(PlayerId, u8); crate::state::MAX_COMMANDERS]> =
            contenders.iter().map(|&p| (p, g.dice.d10())).collect();
        let best = rolls.iter().map(|r| r.1).max().unwrap_or(0);
        g.log.push(Event::InitiativeRolled {
            round,
            rolls: rolls.clone(),
        });
        contenders = rolls.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        if contenders.len() <= 1 || round == u8::MAX {
            break contenders.first().copied();
        }
        round += 1;
    };
    let Some(first) = winner else {
        return;
    };
    let n = g.commanders.len();
    let seat = |k: usize| PlayerId(((first.0 as usize + k) % n) as u8);
    // The order made with the game, shared with no fork yet, takes the rotation in place.
    match Arc::get_mut(&mut g.order) {
        Some(order) if order.len() == n => {
            for (k, p) in order.iter_mut().enumerate() {
                *p = seat(k);
            }
        }
        _ => g.order = (0..n).map(seat).collect(),
    }
    // The order of play among the commanders still in: one who scooped in Setup has no turn.
    let order = g
        .order
        .iter()
        .copied()
        .filter(|&p| g.cmd(p).is_some_and(|c| !c.out))
        .collect();
    g.log.push(Event::TurnOrder { order });
    logistics::begin_turn(g, first);
}
