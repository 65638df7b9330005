//! What card text changes continuously outside combat numbers:
//! - Golden-Rule overrides (§8.1): `override <rule> = <value> [for this|host|you|opponents]`
//!   become resolver [`Override`]s whose source is the card, so the log names it;
//! - cost modifiers (§5.4.2, §8.4): `static: your Marines cost 1C less` — discounts and
//!   penalties summed, the result floored at zero; Conscription ignores them (§5.4.3);
//! - income (§5.3.2): `static: host gets +1R income`, `static: your income +1C`;
//! - hand size (§5.3.1): `static: your hand size +1`.
//!
//! A card's text counts while it is live (in play, face up, commander in the game). An
//! Event or Tactic in hand also speaks for itself: its `for this` overrides (`deploy-in-setup`,
//! `tactic-in-other-engagements`) decide whether it may be deployed (§5.1, §2.7).

use crate::ids::{Inst, PlayerId};
use crate::ir::effect::{
    Ability, AmountChange, CardModifier, CommanderModifier, Commanders, OverrideScope, Static,
};
use crate::ir::{Amount, BaseRule};
use crate::resolver::{Override, Scope};
use crate::state::{Game, Zone};

/// Whether a card in hand may speak for itself through `override`: only about when it may
/// itself be deployed (§5.1, §6.5.4, §2.7 — "unless a card's printed text indicates
/// otherwise").
fn speaks_from_hand(g: &Game, i: Inst) -> bool {
    g.zone(i) == Some(Zone::Hand)
}

/// The base rules a card's text may change while the card is still in hand: its own timing.
fn about_own_deployment(rule: BaseRule) -> bool {
    matches!(
        rule,
        BaseRule::DeployInSetup
            | BaseRule::DeployInEngagement
            | BaseRule::TacticInOtherEngagements
            | BaseRule::FaceDownMinClass
    )
}

/// Overrides printed on cards whose text is live (§8.1), with their scope mapped onto the
/// resolver's: `this` → the card, `host` → the card it is attached to, `you` → its
/// controller, `opponents` → every other commander.
pub fn ability_overrides(g: &Game) -> Vec<Override> {
    g.speakers
        .overrides
        .iter()
        .flat_map(|&src| live_overrides_of(g, src, None))
        .collect()
}

/// The live overrides of `rule` printed on cards, in card order, as they come, with no list
/// built (the resolver's path): only the cards that print one of `rule` are visited
/// (`Speakers::overrides_of`).
pub(crate) fn live_ability_overrides(
    g: &Game,
    rule: BaseRule,
) -> impl Iterator<Item = Override> + '_ {
    g.speakers
        .overrides_of(rule)
        .iter()
        .flat_map(move |&src| live_overrides_of(g, src, Some(rule)))
}

/// The live overrides `src` prints (of `rule` only, if given).
fn live_overrides_of(
    g: &Game,
    src: Inst,
    rule: Option<BaseRule>,
) -> impl Iterator<Item = Override> + '_ {
    let from_hand = speaks_from_hand(g, src);
    let live = g.text_live(src);
    let abilities: &[Ability] = if live || from_hand {
        &g.card(src).abilities
    } else {
        &[]
    };
    abilities.iter().filter_map(move |a| {
        let Ability::Override {
            rule: printed,
            value,
            scope,
        } = a
        else {
            return None;
        };
        if rule.is_some_and(|r| r != *printed) {
            return None;
        }
        let rule = printed;
        let scope = match scope {
            OverrideScope::This => Scope::Card(src),
            OverrideScope::Host => Scope::Card(super::host(g, src)?),
            OverrideScope::You => Scope::Controller,
            OverrideScope::Opponents => Scope::Opponents,
            OverrideScope::Against => Scope::Against(src),
        };
        if from_hand && !live && (scope != Scope::Card(src) || !about_own_deployment(*rule)) {
            return None;
        }
        Some(Override {
            rule: *rule,
            value: *value,
            scope,
            source: src,
        })
    })
}

/// Whether a hand card's own override may count although the card is not in play.
pub(crate) fn live_from_hand(g: &Game, ov: &Override) -> bool {
    ov.scope == Scope::Card(ov.source)
        && about_own_deployment(ov.rule)
        && speaks_from_hand(g, ov.source)
}

fn covers(who: Commanders, src_controller: PlayerId, commander: PlayerId) -> bool {
    match who {
        Commanders::You => src_controller == commander,
        Commanders::Opponents => src_controller != commander,
        Commanders::All => true,
    }
}

/// Whether no Commander static can apply to anyone now: no card in play prints one and no
/// one-shot effect left a temporary one, so [`each_commander_static`] visits nothing (costs,
/// income and hand sizes are as printed).
pub(crate) fn no_commander_statics(g: &Game) -> bool {
    g.commander_statics_in_play.is_empty() && g.temporary_commanders.is_empty()
}

/// Visit every live Commander static covering `commander`, with its source: printed ones in
/// instance order, then temporary ones from one-shot effects. No list is made.
fn each_commander_static(
    g: &Game,
    commander: PlayerId,
    mut f: impl FnMut(Inst, &CommanderModifier),
) {
    // Only cards in play printing a static on commanders can have a live one
    // (`Game::commander_statics_in_play`; `text_live` asks the rest).
    for &src in &g.commander_statics_in_play {
        let card = g.card(src);
        if card.abilities.is_empty() || !g.text_live(src) {
            continue;
        }
        for a in &card.abilities {
            if let Ability::Static(Static::Commanders {
                who,
                modifier,
                condition,
            }) = a
            {
                if !covers(*who, g.controller(src), commander) {
                    continue;
                }
                if condition.as_ref().is_some_and(|c| !super::holds(g, src, c)) {
                    continue;
                }
                f(src, modifier);
            }
        }
    }
    // Temporary ones from one-shot effects (issue 17); `while attached` lasts while its card does.
    for t in &g.temporary_commanders {
        if !covers(t.who, t.controller, commander) {
            continue;
        }
        if t.duration == crate::ir::effect::Duration::WhileAttached && !g.in_play(t.source) {
            continue;
        }
        f(t.source, &t.modifier);
    }
}

fn add(c: AmountChange, into_more: &mut Amount, into_less: &mut Amount) {
    let t = if c.more { into_more } else { into_less };
    t.resource = t.resource.saturating_add(c.amount.resource);
    t.currency = t.currency.saturating_add(c.amount.currency);
}

/// Apply penalties then discounts to `base`, never below zero (§8.4).
fn changed(base: Amount, more: Amount, less: Amount) -> Amount {
    Amount {
        resource: base
            .resource
            .saturating_add(more.resource)
            .saturating_sub(less.resource),
        currency: base
            .currency
            .saturating_add(more.currency)
            .saturating_sub(less.currency),
    }
}

/// The cards whose modifiers changed a cost or an income, inline: a few at most (issue #15).
pub type Sources = crate::state::Cards<4>;

/// §5.4.2, §8.4: `card`'s cost for `who` after the cost modifiers of cards in play, and the
/// cards that changed it.
pub fn cost(g: &Game, who: PlayerId, card: Inst, base: Amount) -> (Amount, Sources) {
    let (mut more, mut less) = (Amount::ZERO, Amount::ZERO);
    let mut sources = Sources::new();
    each_commander_static(g, who, |src, m| {
        if let CommanderModifier::Cost { of, change } = m {
            if super::matches_filter(g, src, of, card) {
                add(*change, &mut more, &mut less);
                if !sources.contains(&src) {
                    sources.push(src);
                }
            }
        }
    });
    (changed(base, more, less), sources)
}

/// §8.4: the most the cost modifiers of cards in play can take off any card's cost for
/// `who` now: every decrease of a static on commanders that covers them, whatever cards it
/// names (a bound [`cost`] never goes below, read once for a whole listing).
pub(crate) fn greatest_cost_decrease(g: &Game, who: PlayerId) -> Amount {
    // Penalties only raise a cost: they are left out.
    let (mut more, mut less) = (Amount::ZERO, Amount::ZERO);
    each_commander_static(g, who, |_, m| {
        if let CommanderModifier::Cost { change, .. } = m {
            add(*change, &mut more, &mut less);
        }
    });
    less
}

/// §5.3.2: a card's income after `static: ... gets +1R income` modifiers.
pub fn card_income(g: &Game, card: Inst) -> (Amount, Sources) {
    let base = g.card(card).income;
    let (mut more, mut less) = (Amount::ZERO, Amount::ZERO);
    let mut sources = Sources::new();
    super::for_each_modifier(g, card, super::Wanted::INCOME, |src, m| {
        if let CardModifier::Income { change } = m {
            add(change, &mut more, &mut less);
            sources.push(src);
        }
    });
    (changed(base, more, less), sources)
}

/// §5.3.2: Commander income modifiers (`static: your income +1C`), as (more, less, sources).
pub fn commander_income(g: &Game, who: PlayerId) -> (Amount, Amount, Sources) {
    let (mut more, mut less) = (Amount::ZERO, Amount::ZERO);
    let mut sources = Sources::new();
    each_commander_static(g, who, |src, m| {
        if let CommanderModifier::Income(change) = m {
            add(*change, &mut more, &mut less);
            sources.push(src);
        }
    });
    (more, less, sources)
}

/// §5.3.1: the change to `who`'s hand size from `static: your hand size +N`.
pub fn hand_size_delta(g: &Game, who: PlayerId) -> i32 {
    let mut delta = 0;
    each_commander_static(g, who, |_, m| {
        if let CommanderModifier::HandSize(d) = m {
            delta += i32::from(*d);
        }
    });
    delta
}
