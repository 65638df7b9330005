//! Replacement abilities: `instead of being destroyed`, `instead of suffering compulsory
//! wounds`, `instead of being boarded` (§8.1: card text overrides the rule that would apply).
//!
//! The replaced event does not happen at all — no "when destroyed" or "when boarded"
//! triggers, no last volley — and the card's replacement effect is queued in its place,
//! resolved by its controller like any other effect (§6.8). Only a card whose text is live
//! replaces. Immediate destruction (§6.7, §9.17) cannot be replaced, and a card destroyed only
//! because its host was is not replaced either: it cannot stay without its host (§9.1, I-47).
//! Nor does a replacement replace what its own effect brings about: it cannot loop.

use crate::event::{Cause, Event};
use crate::ids::Inst;
use crate::ir::effect::{Ability, Replaced};
use crate::rules::stats;
use crate::state::pending::Pending;
use crate::state::Game;

use super::actions::{self};

/// The replacement `card` has for `what`, if its text is live. A replacement does not
/// replace what its own effect does ("instead of being destroyed: sacrifice this" destroys
/// it), so it cannot loop.
/// The position in `card`'s abilities of its live replacement of `what`, if any.
fn find(g: &Game, card: Inst, what: Replaced) -> Option<usize> {
    if !g.text_live(card) || g.acting == Some((card, Cause::Replaced(what))) {
        return None;
    }
    g.card(card)
        .abilities
        .iter()
        .position(|a| matches!(a, Ability::Replacement { event, .. } if *event == what))
}

/// Whether `card`'s own text would replace its destruction (§6.7: not an immediate one).
pub(crate) fn would_replace_destruction(g: &Game, card: Inst) -> bool {
    find(g, card, Replaced::Destroyed).is_some()
}

/// Try to replace `what` happening to `card`: if its text does, the replacement is queued
/// and this returns true (the caller skips the event). A card whose destruction is replaced
/// keeps one wound fewer than its wounds, so it is not destroyed again at once (I-47).
pub(crate) fn replace(g: &mut Game, card: Inst, what: Replaced) -> bool {
    let Some(ability) = find(g, card, what) else {
        return false;
    };
    let wounds = if what == Replaced::Destroyed {
        let printed = stats::wounds(g, card);
        let have = g.instance(card).map_or(0, |x| x.wounds);
        let left = have.min(printed.saturating_sub(1));
        if let Some(x) = g.instances.get_mut(card.0 as usize) {
            x.wounds = left;
        }
        Some(left)
    } else {
        None
    };
    g.log.push(Event::Replaced {
        card: g.card_ref(card),
        what,
        wounds,
    });
    let who = g.controller(card);
    actions::push(g, Pending::new(card, who, Cause::Replaced(what), ability));
    true
}
