//! The start of a turn and the Logistics Phase (§5.2, §5.3): reinforcements (§5.3.1),
//! taxes and collections (§5.3.2, §4.5), space dock repairs (§5.3.4), logistical events
//! (§5.3.5). All automatic: Logistics asks no one anything.

use crate::event::{Event, Outcome, Phase};
use crate::hooks::{self, Trigger};
use crate::ids::PlayerId;
use crate::ir::{Amount, BaseRule, CardKind, ModuleKind, TraitName};
use crate::state::{Game, Zone};

/// §5.2: a commander's turn begins with Logistics; the game stops at the turn limit.
pub(crate) fn begin_turn(g: &mut Game, who: PlayerId) {
    if g.turn >= g.max_turns {
        g.finish(Outcome::TurnLimit { turns: g.turn });
        return;
    }
    g.turn += 1;
    g.active = who;
    if let Some(c) = g.cmd_mut(who) {
        c.conscripted = 0;
        c.engagements = 0;
    }
    g.declared_against = None;
    g.log.push(Event::TurnBegan { who, turn: g.turn });
    hooks::dispatch(g, Trigger::TurnStarts { who });
    g.phase = Phase::Logistics;
    g.log.push(Event::PhaseBegan {
        who,
        phase: Phase::Logistics,
    });
    // §5.3.1: the (possibly overridden, §8.1) hand size plus `static: your hand size +N`.
    let max = match BaseRule::HandSize.admits() {
        crate::ir::rules::Admits::Count { max, .. } => i32::from(max),
        _ => i32::from(u8::MAX),
    };
    let hand = (i32::from(g.rule_count(BaseRule::HandSize, who))
        + crate::effects::overrides::hand_size_delta(g, who))
    .clamp(0, max) as usize;
    let have = g.cmd(who).map_or(0, |c| c.hand.len());
    draw(
        g,
        who,
        hand.saturating_sub(have).min(u8::MAX as usize) as u8,
        false,
    );
    income(g, who, false);
    repairs(g, who);
    hooks::dispatch(g, Trigger::Logistics { who });
    crate::rules::respond::open_phase(g, crate::state::Then::Manufacturing);
}

/// Draw `n` from the top of the Shipyard (§4.4, §5.3.1). An empty Shipyard is no error:
/// the commander makes do (§5.3.1); the event records the shortfall.
pub(crate) fn draw(g: &mut Game, who: PlayerId, n: u8, setup: bool) {
    let mut drawn = smallvec::SmallVec::new();
    for _ in 0..n {
        let Some(top) = g.cmd(who).and_then(|c| c.shipyard.first().copied()) else {
            break;
        };
        g.move_to(top, Zone::Hand);
        drawn.push(g.card_ref(top));
    }
    let short = n.saturating_sub(drawn.len() as u8);
    g.log.push(Event::Drew {
        who,
        cards: drawn,
        short,
        setup,
    });
}

/// §4.5, §5.3.2: income of the Station, its Module-Stations and Transports (any card in play
/// printing income, face up), clamped to the Stockpile cap (§9.27).
pub(crate) fn income(g: &mut Game, who: PlayerId, setup: bool) {
    let mut total = Amount::ZERO;
    let mut sources = smallvec::SmallVec::new();
    for i in g.in_play_of(who) {
        if !g.text_live(i) {
            continue;
        }
        // Printed income with `static: ... gets +1R income` modifiers (never below 0).
        let (inc, by) = crate::effects::overrides::card_income(g, i);
        if inc.is_zero() {
            continue;
        }
        total.resource = total.resource.saturating_add(inc.resource);
        total.currency = total.currency.saturating_add(inc.currency);
        sources.push(g.card_ref(i));
        for b in by {
            let r = g.card_ref(b);
            if !sources.contains(&r) {
                sources.push(r);
            }
        }
    }
    // Commander income modifiers (`static: your income +1C`).
    let (more, less, by) = crate::effects::overrides::commander_income(g, who);
    total.resource = total
        .resource
        .saturating_add(more.resource)
        .saturating_sub(less.resource);
    total.currency = total
        .currency
        .saturating_add(more.currency)
        .saturating_sub(less.currency);
    for b in by {
        let r = g.card_ref(b);
        if !sources.contains(&r) {
            sources.push(r);
        }
    }
    let (gained, clamped) = g.gain(who, total);
    g.log.push(Event::Income {
        who,
        gained,
        sources,
        clamped,
        setup,
    });
}

/// §5.3.4: every damaged ship, Station, Marine and Module-Station repairs one wound; one with
/// Repair (§3.3.4) repairs all.
pub(crate) fn repairs(g: &mut Game, who: PlayerId) {
    // Only the damaged cards, inline (issue #15): repairing one changes no other's wounds.
    let damaged: crate::state::Cards<16> = g
        .in_play_of(who)
        .filter(|&i| {
            let repairable = matches!(
                g.card(i).kind,
                CardKind::Station
                    | CardKind::Ship(_)
                    | CardKind::Marine { .. }
                    | CardKind::Module(ModuleKind::Station)
            );
            repairable && g.instance(i).is_some_and(|x| x.wounds > 0)
        })
        .collect();
    for i in damaged {
        let wounds = g.instance(i).map_or(0, |x| x.wounds);
        // §3.3.4 through the layer: Repair granted by a Module or a static counts too.
        let all = crate::rules::stats::has(g, i, TraitName::Repair);
        let heal = if all {
            wounds
        } else {
            g.rule(BaseRule::LogisticsRepair, who, Some(i))
                .count()
                .min(wounds)
        };
        if heal == 0 {
            continue;
        }
        if let Some(x) = g.instances.get_mut(i.0 as usize) {
            x.wounds -= heal;
        }
        g.log.push(Event::Repaired {
            card: g.card_ref(i),
            healed: heal,
            left: wounds - heal,
            repair_trait: all,
        });
    }
}
