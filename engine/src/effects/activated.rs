//! Activated abilities (issue #40, part 3.3; docs/interpretations.md I-93): an ability of a
//! card in play that its commander uses at a moment they pick, paying its cost.
//!
//! - **When**: at a decision where its commander may deploy an Event (§2.6) — their own
//!   Manufacturing, engagement-declaration and end-of-turn decisions, a response window they
//!   are asked in, and an engagement decision of theirs other than a Stoic unit's last volley
//!   (`rules::activation_moment` says which decisions) — and within that only as its words
//!   restrict it: `only during your turn`, `only during an engagement`, `only during an
//!   engagement this ship is in` (§6.5.2, I-85). Never in Setup, and never while a card effect,
//!   a search, the Spoils of War, a split volley or an engagement's aftermath waits.
//! - **Limit**: `once per turn` / `engagement` / `game`, per card in play (a card that leaves
//!   and returns is new, §9.12), kept with the trigger limits (`Game::limits_used`, I-69) and
//!   renewed at the same boundaries, with a line saying so.
//! - **Cost**: paid from its commander's Stockpiles when it is used, as a deployment pays
//!   (§9.27: never below 0, so a cost they cannot pay refuses the choice).
//! - **Targets**: like an Event, it is used only with a legal target for each chosen one (§8.5).
//!
//! Its effect then resolves as any card effect does (`actions`), and once it has, every other
//! commander may answer it, as they may an Event (I-58).

use crate::choice::Choice;
use crate::error::{Refusal, RuleError};
use crate::event::{Cause, Event};
use crate::ids::{Inst, PlayerId};
use crate::ir::effect::{Ability, Activation, Limit};
use crate::ir::{Amount, Card};
use crate::rules::act;
use crate::state::pending::Pending;
use crate::state::Game;

/// How many activated abilities a card prints.
pub fn count(card: &Card) -> usize {
    card.abilities
        .iter()
        .filter(|a| matches!(a, Ability::Activated { .. }))
        .count()
}

/// Whether ability `k` of `card` is an activated ability with a limit.
pub fn limited(card: &Card, k: u8) -> bool {
    matches!(
        card.abilities.get(usize::from(k)),
        Some(Ability::Activated { limit: Some(_), .. })
    )
}

/// The positions of a card's activated abilities (the script's `ability K` counts from 1).
pub fn positions(card: &Card) -> impl Iterator<Item = u8> + '_ {
    card.abilities
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, Ability::Activated { .. }))
        .filter_map(|(k, _)| u8::try_from(k).ok())
}

fn refuse(what: String) -> RuleError {
    RuleError::Effect {
        what,
        section: "2.6",
    }
}

/// Whether `who` may use ability `k` of `card` now, the decision being one where they may
/// deploy an Event (the caller's part): its card, its words, its limit, its cost, its targets.
pub(crate) fn check<R: Refusal>(g: &Game, who: PlayerId, card: Inst, k: u8) -> Result<(), R> {
    let c = g.card(card);
    let name = || format!("{} {card}", c.name);
    let Some(Ability::Activated {
        cost, limit, when, ..
    }) = c.abilities.get(usize::from(k))
    else {
        return Err(R::because(|| {
            refuse(format!(
                "{} has no activated ability {}",
                name(),
                u16::from(k) + 1
            ))
        }));
    };
    if !g.in_play(card) || g.controller(card) != who {
        return Err(R::because(|| {
            refuse(format!(
                "{} is not a card {} has in play",
                name(),
                g.commander_name(who)
            ))
        }));
    }
    // A face-down module has no text until flipped (§3.4.4).
    if !g.text_live(card) {
        return Err(R::because(|| {
            refuse(format!("{} is face down: its text does nothing", name()))
        }));
    }
    let allowed = match when {
        Activation::Event => true,
        Activation::YourTurn => g.active == who,
        Activation::Engagement => g.engagement.is_some(),
        Activation::EngagementIn => g.engagement.is_some() && in_engagement(g, card),
    };
    if !allowed {
        return Err(R::because(|| {
            refuse(format!(
                "{}'s ability may be used {}, and it is not",
                name(),
                when.words().replace("this card", "it")
            ))
        }));
    }
    if let Some(l) = limit {
        if g.limits_used.contains(&key(g, card, k, *l)) {
            return Err(R::because(|| {
                refuse(format!(
                    "{}'s ability is used {}, and it has been",
                    name(),
                    l.name()
                ))
            }));
        }
    }
    let cost = cost.unwrap_or(Amount::ZERO);
    if !g.can_afford(who, cost) {
        return Err(R::because(|| {
            g.check_afford(who, cost, "9.27")
                .err()
                .unwrap_or_else(|| refuse(String::new()))
        }));
    }
    super::actions::check_targets(g, card, usize::from(k))
}

/// The key of a used limit: the card as it is in play, the ability, the limit.
fn key(g: &Game, card: Inst, k: u8, l: Limit) -> (Inst, u32, u8, Limit) {
    let entered = g.instance(card).map_or(0, |x| x.entered);
    (card, entered, k, l)
}

/// Whether the card, or the unit it is aboard or attached to, fights in the engagement
/// (§6.5.2, I-85).
fn in_engagement(g: &Game, card: Inst) -> bool {
    use crate::state::engagement::Side;
    let unit = super::top(g, card);
    act::fights_for(g, Side::Attacker, unit) || act::fights_for(g, Side::Defender, unit)
}

/// Every activated ability `who` may use now, as choices (the decision allows them).
pub(crate) fn legal(g: &Game, who: PlayerId, out: &mut impl Extend<Choice>) {
    if g.cmd(who).is_none_or(|c| c.out) {
        return;
    }
    for card in g.in_play_of(who) {
        let c = g.card(card);
        if c.abilities.is_empty() {
            continue;
        }
        for k in positions(c) {
            if check::<crate::error::Refused>(g, who, card, k).is_ok() {
                out.extend([Choice::Activate { card, ability: k }]);
            }
        }
    }
}

/// Whether `who` has an activated ability they may use now (a response window asks them).
pub(crate) fn any(g: &Game, who: PlayerId) -> bool {
    g.cmd(who).is_some_and(|c| !c.out)
        && g.in_play_of(who).any(|card| {
            positions(g.card(card)).any(|k| check::<crate::error::Refused>(g, who, card, k).is_ok())
        })
}

/// `who` uses ability `k` of `card`: checked, paid, its limit marked, its effect queued.
pub(crate) fn activate(g: &mut Game, who: PlayerId, card: Inst, k: u8) -> Result<(), RuleError> {
    check::<RuleError>(g, who, card, k)?;
    let (cost, limit) = match g.card(card).abilities.get(usize::from(k)) {
        Some(Ability::Activated { cost, limit, .. }) => (cost.unwrap_or(Amount::ZERO), *limit),
        _ => return Ok(()),
    };
    g.pay(who, cost);
    if let Some(l) = limit {
        let used = key(g, card, k, l);
        g.limits_used.push(used);
    }
    g.log.push(Event::Activated {
        who,
        card: g.card_ref(card),
        paid: cost,
        limit,
    });
    let before = g.pending.len();
    super::actions::push(g, Pending::new(card, who, Cause::Activated, usize::from(k)));
    // Its effect dropped (the queue is full): it has resolved, and may be answered now.
    if g.pending.len() == before {
        act::answered(g, who);
    }
    Ok(())
}

/// The limits of used activated abilities that `ended` has renewed, each with its line, in
/// the order they were used (I-93); the trigger limits end silently with them (I-69).
pub(crate) fn renew(g: &mut Game, ended: Limit) {
    let mut renewed = Vec::new();
    for &(card, entered, k, l) in &g.limits_used {
        if l == ended
            && g.instance(card).is_some_and(|x| x.entered == entered)
            && g.in_play(card)
            && matches!(
                g.card(card).abilities.get(usize::from(k)),
                Some(Ability::Activated { .. })
            )
        {
            renewed.push(card);
        }
    }
    for card in renewed {
        g.log.push(Event::ActivationRenewed {
            card: g.card_ref(card),
            limit: ended,
        });
    }
}
