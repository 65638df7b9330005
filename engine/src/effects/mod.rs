//! Card abilities (`ir::effect`), interpreted. This module owns matching (filters, named
//! recipients, conditions) and the continuous `static:` card modifiers — trait grants and
//! losses (§3.1: stackable +X traits add up across sources, §9.22), stat changes — which
//! combat reads through `rules::stats`. The rest lives in small modules:
//! - [`overrides`]: Golden-Rule overrides (§8.1), cost modifiers (§8.4), income (§5.3.2) and
//!   hand size (§5.3.1) from cards in play;
//! - [`actions`]: one-shot effects (`play:`, `when ...:`), resumable at each choice;
//! - [`triggers`]: which abilities a game moment wakes, in §6.8 order;
//! - [`replacements`]: `instead of ...` abilities (§8.1), which stop an event happening;
//! - [`activated`]: abilities a commander uses at a moment they pick, paying a cost (I-93).
//!
//! A static counts while its source card's text is live (in play, face up, its commander in
//! the game). Recipients are matched by the filter's noun and predicates; "local" and "your
//! fleet" (§9.15, §9.18) mean at the same Station: an attacking fleet is at the defender's
//! Station, every other card at its controller's.

pub mod actions;
pub mod activated;
pub mod overrides;
pub mod replacements;
pub mod triggers;

use crate::ids::{Inst, PlayerId};
use crate::ir::effect::{
    Ability, Anchor, CardModifier, Commanders, Condition, Duration, Filter, Group, Pred, Side,
    Static, Test,
};
use crate::ir::CardKind;
pub use crate::state::pending::Temporary;
pub(crate) use crate::state::Wanted;
use crate::state::{Game, Zone};

/// Every live static card modifier that applies to `unit`, with its source.
pub fn modifiers(g: &Game, unit: Inst) -> Vec<(Inst, CardModifier)> {
    let mut out = Vec::new();
    for_each_modifier(g, unit, Wanted::ALL, |src, m| out.push((src, m)));
    out
}

/// Visit every live static card modifier that applies to `unit`, with its source, in the
/// order [`modifiers`] lists them, building nothing: the characteristics layer asks this on
/// every read (`rules::stats`).
///
/// Only modifiers of the kinds `want` names are visited: a static's group and condition are
/// read only when its modifier is one the caller wants (a capacity read leaves every attack
/// bonus unread). Both are pure reads, so the modifiers visited are exactly those of
/// [`modifiers`] of those kinds, in the same order.
#[inline]
pub(crate) fn for_each_modifier(
    g: &Game,
    unit: Inst,
    want: Wanted,
    mut f: impl FnMut(Inst, CardModifier),
) {
    // No card in play prints a static the read wants: there is none to visit.
    let statics: &[Inst] = if g.statics_in_play_kinds.meets(want) {
        &g.statics_in_play
    } else {
        &[]
    };
    for &src in statics {
        // Whether the card's text is live, asked once it prints a modifier the read wants.
        let mut live = None;
        for a in &g.card(src).abilities {
            if let Ability::Static(Static::Cards {
                group,
                modifier,
                condition,
            }) = a
            {
                if !want.wants(modifier) {
                    continue;
                }
                if !*live.get_or_insert_with(|| g.text_live(src)) {
                    break;
                }
                // A static's own filter and condition read the layer below statics, so
                // statics never depend on each other (docs/engine.md, the layer order).
                if !in_group(g, src, group, unit) {
                    continue;
                }
                if let Some(c) = condition {
                    if !c.tests.iter().all(|t| test(g, src, t, Layer::BelowStatics)) {
                        continue;
                    }
                }
                f(src, *modifier);
            }
        }
    }
    // Temporary modifiers from one-shot effects (`until end of engagement`, ...).
    for t in &g.temporary {
        if t.card == unit && g.in_play(unit) && want.wants(&t.modifier) {
            if t.duration == Duration::WhileAttached && !g.in_play(t.source) {
                continue;
            }
            f(t.source, t.modifier);
        }
    }
}

/// Visit every live bonus `unit` has against `target` (`static: ... against <filter>`,
/// I-97), with its source, in the order of the statics in play. The recipients and condition
/// read the layer below statics, as every static's do; the target's filter reads it as it
/// stands (a Stealth a static grants counts), which no bonus against can change.
pub(crate) fn for_each_against(
    g: &Game,
    unit: Inst,
    target: Inst,
    mut f: impl FnMut(Inst, crate::ir::effect::AgainstBonus),
) {
    if !g.statics_in_play_kinds.meets(Wanted::AGAINST) {
        return;
    }
    for &src in &g.statics_in_play {
        let mut live = None;
        for a in &g.card(src).abilities {
            if let Ability::Static(Static::Against {
                group,
                bonus,
                against,
                condition,
            }) = a
            {
                if !*live.get_or_insert_with(|| g.text_live(src)) {
                    break;
                }
                if !in_group(g, src, group, unit) || !matches_filter(g, src, against, target) {
                    continue;
                }
                if let Some(c) = condition {
                    if !c.tests.iter().all(|t| test(g, src, t, Layer::BelowStatics)) {
                        continue;
                    }
                }
                f(src, *bonus);
            }
        }
    }
}

/// Drop the temporary modifiers, on cards and on Commanders, whose duration has ended.
/// Each one that ends has its line, in the order they began (§9.22); a modifier on a card
/// that has left play ended with it, unlogged (the card is a new one if it returns, §9.12).
pub(crate) fn expire(g: &mut Game, ended: &[Duration]) {
    let before = g.temporary.len();
    let mut kept = Vec::with_capacity(before);
    for t in std::mem::take(&mut g.temporary) {
        if !ended.contains(&t.duration) {
            kept.push(t);
        } else if g.in_play(t.card) {
            g.log.push(crate::event::Event::TemporaryEnded {
                source: g.card_ref(t.source),
                card: g.card_ref(t.card),
                modifier: t.modifier,
                duration: t.duration,
            });
        }
    }
    g.temporary = kept;
    if g.temporary.len() != before {
        g.capacity_stale.mark_all();
    }
    let mut kept = Vec::new();
    for t in std::mem::take(&mut g.temporary_commanders) {
        if !ended.contains(&t.duration) {
            kept.push(t);
        } else {
            g.log.push(crate::event::Event::TemporaryCommanderEnded {
                source: g.card_ref(t.source),
                controller: t.controller,
                who: t.who,
                modifier: t.modifier,
                duration: t.duration,
            });
        }
    }
    g.temporary_commanders = kept;
}

/// Whether every test of a condition holds, seen from `src`.
pub(crate) fn holds(g: &Game, src: Inst, c: &Condition) -> bool {
    c.tests.iter().all(|t| test(g, src, t, Layer::Full))
}

/// How much of the effective-characteristics layer (`rules::stats`) a filter sees: every
/// source, or everything but `static:` modifiers (what a static's own filter reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layer {
    Full,
    BelowStatics,
}

pub(crate) fn host(g: &Game, i: Inst) -> Option<Inst> {
    match g.instance(i)?.zone {
        Zone::Attached(h) => Some(h),
        _ => None,
    }
}

/// The top-level card `i` is (eventually) attached to.
pub(crate) fn top(g: &Game, i: Inst) -> Inst {
    let mut cur = i;
    for _ in 0..8 {
        match host(g, cur) {
            Some(h) => cur = h,
            None => break,
        }
    }
    cur
}

/// Whose Station a card is at (§9.18): an attacking fleet is at the defender's Station. A
/// Tactic deployed during an engagement is deployed into it (§6.5.4, §2.7), and so is an Event
/// of a commander who fights in it: in hand (the deploy check), while its `play:` waits for a
/// choice, while that `play:` runs, and once gone, it acts where the engagement is; otherwise
/// (a third commander's Event, I-82) at its controller's Station.
/// The deploy check and the resolution ask this one question, so they agree (§9.15, §9.18).
pub(crate) fn place(g: &Game, i: Inst) -> PlayerId {
    let t = top(g, i);
    if let Some(e) = g.engagement.as_ref() {
        let resolving = !g.in_play(t)
            || g.pending.iter().any(|p| p.resolves_card && p.source == t)
            || g.acting == Some((t, crate::event::Cause::Play));
        // A Tactic is always deployed into the engagement (§2.7); an Event only by a commander
        // who fights in it: a third commander's Event acts where their own fleet is, at their
        // Station (§2.6, §9.15, I-82).
        let fights = |who| e.attacker == who || e.defender == who;
        let played = resolving
            && match g.card(t).kind {
                CardKind::Tactic => true,
                CardKind::Event => g.instance(t).is_some_and(|x| fights(x.controller)),
                _ => false,
            };
        if e.fleet.contains(&t) || played {
            return e.defender;
        }
    }
    g.instance(t).map_or(PlayerId(u8::MAX), |x| x.controller)
}

pub(crate) fn local(g: &Game, a: Inst, b: Inst) -> bool {
    place(g, a) == place(g, b)
}

pub(crate) fn in_group(g: &Game, src: Inst, group: &Group, unit: Inst) -> bool {
    match group {
        Group::This => unit == src,
        Group::Host => host(g, src) == Some(unit),
        Group::Attached => host(g, unit) == Some(src),
        // No deed binds a card for a static (the compiler and loader refuse `that` there).
        Group::That(_) | Group::Watched(_) => false,
        Group::Each(f) => {
            g.in_play(unit) && matches_filter_in(g, src, f, unit, Layer::BelowStatics)
        }
    }
}

/// Whether `unit` matches `f` as seen from `src`. The noun reaches its subtypes (§9.33,
/// `Noun::admits`). Trait predicates see the unit's traits as they are now — printed, from
/// attached Modules and granted by statics (§9.22, `rules::stats`).
pub(crate) fn matches_filter(g: &Game, src: Inst, f: &Filter, unit: Inst) -> bool {
    matches_filter_in(g, src, f, unit, Layer::Full)
}

fn trait_in_layer(g: &Game, unit: Inst, t: crate::ir::TraitName, layer: Layer) -> bool {
    match layer {
        Layer::Full => crate::rules::stats::has(g, unit, t),
        Layer::BelowStatics => crate::rules::stats::has_below_statics(g, unit, t),
    }
}

fn matches_filter_in(g: &Game, src: Inst, f: &Filter, unit: Inst, layer: Layer) -> bool {
    let card = g.card(unit);
    if !f.noun.admits(card.kind) {
        return false;
    }
    let me = g.controller(src);
    f.preds.iter().all(|p| match p {
        Pred::Size(r) => card.ship_class().is_some_and(|c| r.admits(c)),
        Pred::Faction(fa) => card.faction == Some(*fa),
        Pred::Controller(Side::Yours) => g.controller(unit) == me,
        Pred::Controller(Side::Opposing) => g.controller(unit) != me,
        Pred::Local => local(g, src, unit),
        // A Breakthru is no unit and has no place (§2.8, §9.18): its "your fleet" is each of
        // its commander's fleets, at home and attacking (§9.15, I-88).
        Pred::InYourFleet => {
            matches!(card.kind, CardKind::Ship(_))
                && g.controller(unit) == me
                && (g.card(src).kind == CardKind::Breakthru || local(g, src, unit))
        }
        Pred::HasTrait(t) => trait_in_layer(g, unit, *t, layer),
        Pred::LacksTrait(t) => !trait_in_layer(g, unit, *t, layer),
        Pred::Damaged => g.instance(unit).is_some_and(|x| x.wounds > 0),
        Pred::Undamaged => g.instance(unit).is_some_and(|x| x.wounds == 0),
        Pred::Named(n) => card.name == *n,
        Pred::AttachedTo(Anchor::This) => host(g, unit) == Some(src),
        Pred::AttachedTo(Anchor::Host) => host(g, src).is_some() && host(g, unit) == host(g, src),
        // `other`: not the card the ability is printed on (I-101).
        Pred::Other => unit != src,
    })
}

fn test(g: &Game, src: Inst, t: &Test, layer: Layer) -> bool {
    let me = g.controller(src);
    match t {
        Test::Damaged { anchor, negated } => {
            let who = match anchor {
                Anchor::This => Some(src),
                Anchor::Host => host(g, src),
            };
            let damaged = who
                .and_then(|w| g.instance(w))
                .is_some_and(|x| x.wounds > 0);
            damaged != *negated
        }
        Test::Controls { who, count, filter } => {
            let n = g
                .instances()
                .iter()
                .enumerate()
                .map(|(k, _)| Inst(k as u16))
                .filter(|&i| g.in_play(i))
                .filter(|&i| {
                    let c = g.controller(i);
                    match who {
                        Commanders::You => c == me,
                        Commanders::Opponents => c != me,
                        Commanders::All => true,
                    }
                })
                .filter(|&i| matches_filter_in(g, src, filter, i, layer))
                .count();
            n >= usize::from(*count)
        }
        Test::Attacking => g.engagement.as_ref().is_some_and(|e| e.attacker == me),
        Test::Defending => g.engagement.as_ref().is_some_and(|e| e.defender == me),
    }
}
