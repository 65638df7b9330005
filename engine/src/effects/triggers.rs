//! Which abilities a game moment wakes (`hooks::Trigger`), queued in §6.8 order: the card's
//! printed timing decides first (the hook point), then deployment order (the card that
//! entered play first resolves first).
//!
//! - `play:` of an Event or Tactic as it is deployed (§2.6, §2.7);
//! - `when deployed` / `when destroyed` watching `this`, `host` or `any <filter>` (§9.11,
//!   §6.7, §9.12); a destroyed card's own ability is woken while it is still in play;
//! - `during your Logistics Phase` (§5.3.5), `during your Manufacturing Phase` (§5.4.4),
//!   `your turn starts` / `ends` (§5.2): the cards of that commander;
//! - `engagement starts` / `ends` (§6.5.1): with no card named, the cards of both
//!   commanders of the engagement; watching `this` or `host`, only a card that is (or whose
//!   host is) one of the engagement's units, or aboard one;
//! - a Face Up-Face Down module's `flip when ...` (§3.4.4): its controller is asked whether
//!   to flip it; the effect happens only if it is flipped.
//!
//! - `rolls a natural 1` / `10` (§9.19): the unit that rolled it;
//! - `boards` / `is boarded` (§6.6 STEP 8): the boarding ship / the boarded ship or Station;
//!   `this` on a Marine aboard that ship counts too (its Marines board / are boarded);
//! - deeds (issue 17): `destroys` / `wounds` / `is wounded by` (a volley, §6.2, §6.7),
//!   `hijacks` / `is hijacked` (§6.6 STEP 8E, §9.16), `retreats` (§9.28, STEP 9). The other
//!   card of the deed must match the trigger's filter, and the effect names it `that <noun>`;
//! - `is wounded` (issue #40, part 3.1): any wound, woken with `is wounded by` and by compulsory
//!   wounds (`actions::compulsory`).
//!
//! Replacements: `instead of suffering compulsory wounds` is applied by
//! `actions::compulsory`; `instead of being destroyed` / `boarded` are not interpreted yet.

use crate::event::Cause;
use crate::hooks::Trigger;
use crate::ids::{Inst, PlayerId};
use crate::ir::effect::{Ability, Limit, TriggerEvent, Watch};
use crate::state::pending::{Ask, Pending};
use crate::state::Game;

use super::actions::{self};

enum Whose {
    /// A card event: the card it happened to.
    Card(Inst),
    /// A commander's phase or turn.
    Commander(PlayerId),
    /// A ship (or Station) and the Marines aboard it.
    Aboard(Inst),
    /// Both commanders of an engagement.
    Pair(PlayerId, PlayerId),
}

pub(crate) fn wake(g: &mut Game, t: Trigger) {
    if g.outcome.is_some() {
        return;
    }
    if let Trigger::EventDeployed { card } = t {
        let who = g.controller(card);
        // Each `play:` by its position in the card's abilities; the last resolves the card.
        let text = g.text(card);
        let plays = || {
            text.card()
                .abilities
                .iter()
                .enumerate()
                .filter(|(_, a)| matches!(a, Ability::Play(_)))
                .map(|(k, _)| k)
        };
        let last = plays().next_back();
        for k in plays() {
            let mut p = Pending::new(card, who, Cause::Play, k);
            p.resolves_card = Some(k) == last;
            actions::push(g, p);
        }
        return;
    }
    if let Trigger::Boarding { ship, target } = t {
        collect(
            g,
            TriggerEvent::Boards,
            Cause::Boards,
            Whose::Aboard(ship),
            Some(target),
        );
        collect(
            g,
            TriggerEvent::Boarded,
            Cause::Boarded,
            Whose::Aboard(target),
            Some(ship),
        );
        return;
    }
    if let Trigger::Deed { deed, actor, other } = t {
        // The Marines aboard a ship share its boarding deeds, as with `boards`.
        let whose = match deed {
            TriggerEvent::Hijacks => Whose::Aboard(actor),
            _ => Whose::Card(actor),
        };
        collect(g, deed, Cause::Deed(deed), whose, other);
        // Wounded by volley fire is wounded (issue #40, part 3.1); compulsory wounds wake
        // `Wounded` alone (`actions::compulsory`).
        if deed == TriggerEvent::WoundedBy {
            let wounded = TriggerEvent::Wounded;
            collect(g, wounded, Cause::Deed(wounded), Whose::Card(actor), None);
        }
        return;
    }
    let (event, cause, whose) = match t {
        Trigger::EventDeployed { .. } | Trigger::Boarding { .. } | Trigger::Deed { .. } => return,
        Trigger::RollsNatural { unit, natural } => (
            TriggerEvent::RollsNatural(natural),
            Cause::Natural,
            Whose::Card(unit),
        ),
        Trigger::Deployed { card } => (TriggerEvent::Deployed, Cause::Deployed, Whose::Card(card)),
        Trigger::Destroyed { card } => {
            (TriggerEvent::Destroyed, Cause::Destroyed, Whose::Card(card))
        }
        Trigger::Logistics { who } => (
            TriggerEvent::YourLogistics,
            Cause::Logistics,
            Whose::Commander(who),
        ),
        Trigger::Manufacturing { who } => (
            TriggerEvent::YourManufacturing,
            Cause::Manufacturing,
            Whose::Commander(who),
        ),
        Trigger::TurnStarts { who } => (
            TriggerEvent::YourTurnStarts,
            Cause::TurnStarts,
            Whose::Commander(who),
        ),
        Trigger::TurnEnds { who } => (
            TriggerEvent::YourTurnEnds,
            Cause::TurnEnds,
            Whose::Commander(who),
        ),
        Trigger::EngagementStarts { attacker, defender } => (
            TriggerEvent::EngagementStarts,
            Cause::EngagementStarts,
            Whose::Pair(attacker, defender),
        ),
        Trigger::EngagementEnds { attacker, defender } => (
            TriggerEvent::EngagementEnds,
            Cause::EngagementEnds,
            Whose::Pair(attacker, defender),
        ),
    };
    collect(g, event, cause, whose, None);
    // Limits end at their boundary, after the abilities the boundary itself woke (I-69).
    let ended = match t {
        Trigger::TurnEnds { .. } => Some(Limit::Turn),
        Trigger::EngagementEnds { .. } => Some(Limit::Engagement),
        _ => None,
    };
    if let Some(ended) = ended {
        super::activated::renew(g, ended);
        g.limits_used.retain(|&(_, _, _, l)| l != ended);
        g.plays_used.retain(|&(_, _, l)| l != ended);
        // An engagement's end is its last round's end; a turn's end ends both spans (I-72).
        use crate::ir::effect::Span;
        crate::rules::act::span_ended(g, Span::Round);
        if ended == Limit::Turn {
            crate::rules::act::span_ended(g, Span::Turn);
        }
    }
}

/// Queue every live ability woken by `event` happening to `whose`; `other` is the other card
/// of a deed, which a trigger's `other` filter must match (seen from the ability's card) and
/// its effect names `that <noun>`.
fn collect(g: &mut Game, event: TriggerEvent, cause: Cause, whose: Whose, other: Option<Inst>) {
    if g.speakers.waiting_for(event).is_empty() {
        return;
    }
    // Inline (issue #15): a moment wakes a few abilities at most.
    let mut found: smallvec::SmallVec<[(u32, Pending); 4]> = smallvec::SmallVec::new();
    let mut used: smallvec::SmallVec<[_; 4]> = smallvec::SmallVec::new();
    let mut refused: smallvec::SmallVec<[_; 4]> = smallvec::SmallVec::new();
    // Only cards printing an ability that waits for `event` can wake, in instance order
    // (`Speakers::waiting_for`).
    for &src in g.speakers.waiting_for(event) {
        let card = g.card(src);
        if card.abilities.is_empty() || !g.in_play(src) {
            continue;
        }
        let face_down_now = g.instance(src).is_some_and(|x| x.face_down);
        let commander_in = g.cmd(g.controller(src)).is_some_and(|c| !c.out);
        for (index, a) in card.abilities.iter().enumerate() {
            let Ability::Triggered {
                trigger, face_down, ..
            } = a
            else {
                continue;
            };
            if trigger.event != event || !commander_in {
                continue;
            }
            // A face-down module only offers its flip (§3.4.4); face-up text acts directly.
            if *face_down != face_down_now {
                continue;
            }
            let me = g.controller(src);
            let watched = match &whose {
                Whose::Card(c) => match &trigger.watch {
                    Watch::This => src == *c,
                    Watch::Host => super::host(g, src) == Some(*c),
                    Watch::Any(f) => src != *c && super::matches_filter(g, src, f, *c),
                    // The compiler and the loader give a card's event a card to watch.
                    Watch::Commander => false,
                },
                Whose::Aboard(c) => match &trigger.watch {
                    Watch::This => {
                        src == *c
                            || (super::host(g, src) == Some(*c)
                                && matches!(card.kind, crate::ir::CardKind::Marine { .. }))
                    }
                    Watch::Host => super::host(g, src) == Some(*c),
                    Watch::Any(f) => src != *c && super::matches_filter(g, src, f, *c),
                    Watch::Commander => false,
                },
                Whose::Commander(who) => me == *who,
                Whose::Pair(a, d) => match &trigger.watch {
                    Watch::This => in_engagement(g, src, event),
                    Watch::Host => super::host(g, src).is_some_and(|h| in_engagement(g, h, event)),
                    Watch::Commander => me == *a || me == *d,
                    // The compiler and the loader refuse a kind of card watched here.
                    Watch::Any(_) => false,
                },
            };
            if !watched {
                continue;
            }
            if let Some(f) = &trigger.other {
                if !other.is_some_and(|o| super::matches_filter(g, src, f, o)) {
                    continue;
                }
            }
            // A limited ability triggers once until its boundary passes (I-69).
            if let Some(limit) = trigger.limit {
                let entered = g.instance(src).map_or(0, |x| x.entered);
                let key = (src, entered, index as u8, limit);
                if g.limits_used.contains(&key) {
                    refused.push((src, limit));
                    continue;
                }
                used.push(key);
            }
            let mut p = Pending::new(src, me, cause, index);
            p.that = other;
            p.watched = match &whose {
                Whose::Card(c) | Whose::Aboard(c) => Some(*c),
                _ => None,
            };
            if *face_down {
                p.ask = Some(Ask::Flip);
            }
            let entered = g.instance(src).map_or(0, |x| x.entered);
            found.push((entered, p));
        }
    }
    g.limits_used.extend(used);
    for (src, limit) in refused {
        g.log.push(crate::event::Event::LimitReached {
            card: g.card_ref(src),
            limit,
        });
    }
    // §6.8: deployment order (stable for abilities of one card).
    found.sort_by_key(|(entered, _)| *entered);
    for (_, p) in found {
        actions::push(g, p);
    }
}

/// Whether `card` is in the engagement that starts (or has just ended, at `EngagementEnds`):
/// it, or the ship or Station it is aboard or attached to, is one of the units a side fights
/// with (§6.5.2): the attacking fleet, or the defender's Station and ships in open space.
fn in_engagement(g: &Game, card: Inst, event: TriggerEvent) -> bool {
    use crate::rules::act::fights_for;
    use crate::state::engagement::Side;
    let unit = super::top(g, card);
    if event == TriggerEvent::EngagementStarts || g.engagement.is_some() {
        return fights_for(g, Side::Attacker, unit) || fights_for(g, Side::Defender, unit);
    }
    // `engagement::end` has put the ended engagement aside just before it wakes its
    // abilities, so its fleet is read there.
    let Some(e) = g.spare.engagement.as_ref() else {
        return false;
    };
    if e.fleet.contains(&unit) {
        return g.in_play(unit);
    }
    g.controller(unit) == e.defender
        && g.cmd(e.defender)
            .is_some_and(|c| c.battlefield.contains(&unit))
        && matches!(
            g.card(unit).kind,
            crate::ir::CardKind::Ship(_) | crate::ir::CardKind::Station
        )
}
