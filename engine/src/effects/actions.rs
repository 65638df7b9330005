//! One-shot effects: an Event's or Tactic's `play:` (§2.6, §2.7, §6.8) and the effect of a
//! triggered ability, interpreted step by step from the IR.
//!
//! An effect waiting to resolve is a [`Pending`] on `Game::pending` (a queue: effects woken
//! while another resolves wait their turn, §6.8). It runs until it needs a decision — a chosen
//! target (§8.5), an opposing Commander, an optional step (§8.6), a Face Up-Face Down flip
//! (§3.4.4), a Shipyard search pick (§8.3), a discard — and then `Game::decision` asks the
//! right Commander with [`Ask`]. Every answer is a choice applied through `Game::apply`, so an
//! illegal answer leaves the state exactly as before. Named recipients (`this`, `each ...`)
//! are never aimed and never asked about.
//!
//! Actions reuse the rules: destruction is `rules::volley::destroy` (§6.7, §9.17), a volley is
//! `rules::volley::volley` (§6.2), draws are `rules::logistics::draw`, Stockpiles go through
//! `Game::gain` / `Game::pay` (§9.27), deployments after a search through
//! `rules::act::check` (§8.3).

use crate::state::engagement::VolleyKind;
use crate::state::pending::{Ask, Branch, Pending};

use crate::choice::Choice;
use crate::error::{Misfit, Refusal, RuleError};
use crate::event::{EndReason, Event};
use crate::ids::{Inst, PlayerId};
use crate::ir::effect::{
    Action, Aim, CommanderAim, DiscardCount, Filter, Group, Quantity, SearchThen, Step,
};
use crate::ir::{Amount, Card, CardKind, ShipClass, TraitName};
use crate::rules::act::{self, Context};
use crate::rules::stats;
use crate::state::{Cards, Game, Seats, Zone};
use smallvec::smallvec;

/// How many effects may wait at once; more are dropped (a loop of triggers cannot grow the
/// queue without bound).
pub const MAX_PENDING: usize = 64;
/// How many interpreter steps one choice may run.
const MAX_STEPS: usize = 4_096;

impl Pending {
    fn next_action(&mut self) {
        self.action += 1;
        self.chosen.clear();
        self.settled.clear();
        self.stopped = false;
        self.opponent = None;
        self.search_left = None;
        self.discarding = false;
    }
}

/// Queue an effect (bounded by [`MAX_PENDING`]).
pub(crate) fn push(g: &mut Game, p: Pending) {
    if g.pending.len() >= MAX_PENDING {
        return;
    }
    // A face-down module only resolves once flipped (§3.4.4): `ModuleFlipped` says so.
    if p.ask != Some(Ask::Flip) {
        g.log.push(Event::AbilityResolves {
            source: g.card_ref(p.source),
            who: p.who,
            cause: p.cause,
        });
    }
    g.pending.push(p);
}

/// Run queued effects until one needs a decision or none is left. Not reentrant: an effect
/// that wakes more abilities only queues them (they resolve after it, §6.8).
pub(crate) fn run(g: &mut Game) {
    // Nothing queued and no temporary modifier: nothing to run or end (most choices).
    if g.resolving || (g.pending.is_empty() && g.temporary.is_empty()) {
        return;
    }
    g.resolving = true;
    run_queue(g);
    g.resolving = false;
    // A temporary modifier ends when its card leaves play (a card that returns is new).
    if g.temporary.iter().all(|t| g.in_play(t.card)) {
        return;
    }
    let temporary = std::mem::take(&mut g.temporary);
    let before = temporary.len();
    g.temporary = temporary
        .into_iter()
        .filter(|t| g.in_play(t.card))
        .collect();
    // A capacity modifier may have ended (§9.4).
    if g.temporary.len() != before {
        g.capacity_stale.mark_all();
    }
}

fn run_queue(g: &mut Game) {
    for _ in 0..MAX_STEPS {
        if g.outcome.is_some() {
            g.pending.clear();
            return;
        }
        if g.pending.is_empty() {
            break;
        }
        // An effect whose decider left the game (§7.2) is dropped — unless the one who left
        // was only answering it (a discard it asks of each opponent in turn): the effect goes
        // on for the commanders still in (§7.2, §8.6).
        if let Some(p) = g.pending.first() {
            if g.cmd(p.decider()).is_none_or(|c| c.out) {
                let mut p = g.pending.remove(0);
                let gone = p.decider();
                if gone != p.who && g.cmd(p.who).is_some_and(|c| !c.out) {
                    p.ask = next_discarder(g, &p, gone);
                    g.pending.insert(0, p);
                } else {
                    done(g, &p);
                }
                continue;
            }
            if p.ask.is_some() {
                return;
            }
        }
        let mut p = g.pending.remove(0);
        g.acting = Some((p.source, p.cause));
        let going = advance(g, &mut p);
        g.acting = None;
        if going {
            g.pending.insert(0, p);
        } else {
            done(g, &p);
        }
    }
    // The step budget ran out (a loop of effects): what is left is dropped, its cards resolved.
    if g.pending.first().is_some_and(|p| p.ask.is_none()) {
        for p in std::mem::take(&mut g.pending) {
            done(g, &p);
        }
    }
}

/// An effect is over (resolved or dropped): an Event's or Tactic's card has resolved.
fn done(g: &mut Game, p: &Pending) {
    if p.resolves_card {
        act::card_resolved(g, p.who, p.source);
    }
    // An activated ability has resolved: the others may answer it, as an Event (I-93).
    if p.cause == crate::event::Cause::Activated {
        act::answered(g, p.who);
    }
}

/// One interpreter step. Returns whether the effect is still pending.
fn advance(g: &mut Game, p: &mut Pending) -> bool {
    // The effect's own text, read in place while it changes the game.
    let text = g.text(p.source);
    let card = text.card();
    if p.actions.is_none() {
        let Some(step) = p.effect(card).steps.get(p.step) else {
            return false;
        };
        p.action = 0;
        match step {
            Step::Do(_) => p.actions = Some(Branch::Do),
            Step::If { condition, .. } => {
                let held = super::holds(g, p.source, condition);
                p.actions = Some(if held {
                    Branch::Then
                } else {
                    Branch::Otherwise
                });
            }
            Step::May { cost, .. } => {
                p.ask = Some(Ask::May { cost: *cost });
            }
            Step::Roll { branches } => {
                let natural = g.dice.d10();
                g.log.push(Event::EffectDie {
                    source: g.card_ref(p.source),
                    natural,
                });
                let k = branches
                    .iter()
                    .position(|b| b.lo <= natural && natural <= b.hi);
                p.actions = Some(k.map_or(Branch::Nothing, Branch::Roll));
            }
            Step::Choose { count, modes } => {
                p.modes = 0;
                let open = modes.iter().filter(|m| mode_open(g, p, m)).count() as u8;
                if open == 0 {
                    // I-89: no mode can be chosen; the step does nothing, and says so.
                    g.log.push(Event::NoModeOpen {
                        source: g.card_ref(p.source),
                    });
                    p.actions = Some(Branch::Nothing);
                } else {
                    p.ask = Some(Ask::Mode {
                        left: (*count).min(open),
                    });
                }
            }
        }
        return true;
    }
    let Some(a) = p.current(card) else {
        // The chosen modes of a modal step are done one after another, in printed order.
        if let Some(Branch::Mode(k)) = p.actions {
            if let Some(next) = (k + 1..8).find(|j| p.modes & (1 << j) != 0) {
                p.actions = Some(Branch::Mode(next));
                p.action = 0;
                return true;
            }
        }
        p.step += 1;
        p.actions = None;
        return true;
    };
    // Chosen card targets (§8.5), aim by aim.
    while let Some(aim) = a.aim(p.settled.len()) {
        if let Aim::Chosen(t) = aim {
            if !p.stopped && (p.chosen.len() as u8) < t.count {
                if candidates(g, p, &t.filter).next().is_some() {
                    p.ask = Some(Ask::Target {
                        picked: p.chosen.len() as u8,
                        count: t.count,
                        up_to: t.up_to,
                    });
                    return true;
                }
                if !t.up_to {
                    // §8.5: never silently: the target the card needs is not there.
                    g.log.push(Event::TargetLost {
                        source: g.card_ref(p.source),
                        target: None,
                    });
                }
            }
        }
        let picked = std::mem::take(&mut p.chosen);
        p.settled.push(picked);
        p.stopped = false;
    }
    // "The opposing Commander" is the one a commander fights in an engagement; outside one
    // (a third commander's card, an Event between engagements) it is the one opponent left,
    // or the one its commander names among several (§9.21, §8.5, I-81), as `target opponent`.
    let named = match a.commander_aim() {
        Some(CommanderAim::TargetOpponent) => true,
        Some(CommanderAim::Opponent) => engaged_opponent(g, p.who).is_none(),
        _ => false,
    };
    if named && p.opponent.is_none() {
        let mut opps = g.others_clockwise(p.who);
        match (opps.next(), opps.next()) {
            (None, _) => {}
            (Some(one), None) => p.opponent = Some(one),
            _ => {
                p.ask = Some(Ask::Opponent);
                return true;
            }
        }
    }
    if let Action::Search {
        count,
        filter,
        then,
    } = a
    {
        let left = *p.search_left.get_or_insert(*count);
        if left > 0 && search_candidates(g, p, filter, then).next().is_some() {
            p.ask = Some(Ask::Search { left });
            return true;
        }
        g.log.push(Event::SearchEnded {
            who: p.who,
            source: g.card_ref(p.source),
        });
        g.shuffle_shipyard(p.who);
        p.next_action();
        return true;
    }
    if let Action::Discard {
        who,
        count: DiscardCount::N(n),
    } = a
    {
        if !p.discarding {
            p.discarding = true;
            for c in commanders(g, p, *who) {
                let have = g.cmd(c).map_or(0, |x| x.hand.len()) as u8;
                let left = (*n).min(have);
                if left > 0 {
                    // One Commander at a time; several opponents discard in turn order.
                    p.ask = Some(Ask::Discard { who: c, left });
                    return true;
                }
            }
        }
        p.next_action();
        return true;
    }
    execute(g, p, a);
    p.next_action();
    true
}

/// I-89: a mode may be chosen unless an action of it must choose a target (`target X`, not
/// `up to`) and none is there (§8.5); a mode that would only find nothing to act on is still open.
fn mode_open(g: &Game, p: &Pending, mode: &[Action]) -> bool {
    mode.iter().all(|a| {
        a.each_aim().all(|aim| match aim {
            Aim::Chosen(t) if !t.up_to => candidates(g, p, &t.filter).next().is_some(),
            _ => true,
        })
    })
}

/// The modes of the modal step `p` is at, in `card`'s text.
fn modes_at<'a>(p: &Pending, card: &'a Card) -> &'a [Vec<Action>] {
    match p.effect(card).steps.get(p.step) {
        Some(Step::Choose { modes, .. }) => modes,
        _ => &[],
    }
}

/// Commanders an action names, seen from the pending effect (inline, issue #15).
fn commanders(g: &Game, p: &Pending, aim: CommanderAim) -> Seats {
    match aim {
        CommanderAim::You => smallvec![p.who],
        CommanderAim::Opponent => engaged_opponent(g, p.who)
            .or(p.opponent)
            .into_iter()
            .collect(),
        CommanderAim::EachOpponent => g.others_clockwise(p.who).collect(),
        CommanderAim::TargetOpponent => p.opponent.into_iter().collect(),
    }
}

/// The commander `who` fights in the engagement under way, if they fight in it.
fn engaged_opponent(g: &Game, who: PlayerId) -> Option<PlayerId> {
    match g.engagement.as_ref() {
        Some(e) if e.attacker == who => Some(e.defender),
        Some(e) if e.defender == who => Some(e.attacker),
        _ => None,
    }
}

/// §2.5.1.1: a Fighter Wing in a bay is immune to Event and Tactic effects.
fn shielded(g: &Game, p: &Pending, i: Inst) -> bool {
    shielded_from(g, p.source, i)
}

/// [`shielded`] for an effect of `source`'s.
fn shielded_from(g: &Game, source: Inst, i: Inst) -> bool {
    matches!(g.card(source).kind, CardKind::Event | CardKind::Tactic)
        && g.card(i).kind == CardKind::Ship(ShipClass::FighterWing)
        && matches!(g.zone(i), Some(Zone::Attached(_)))
}

/// Legal targets for a chosen aim: in play, matching, not yet chosen (§8.5). Walked, not
/// listed: most callers only ask whether there is one (issue #15).
pub(crate) fn candidates<'a>(
    g: &'a Game,
    p: &'a Pending,
    f: &'a Filter,
) -> impl Iterator<Item = Inst> + 'a {
    g.cards_in_play()
        .filter(move |&i| is_candidate(g, p.source, &p.chosen, f, i))
}

/// Whether `i` is one of the [`candidates`] of an effect of `source`'s that has `chosen`.
fn is_candidate(g: &Game, source: Inst, chosen: &[Inst], f: &Filter, i: Inst) -> bool {
    // The card's kind first: most cards in play are of a kind the filter never names.
    f.noun.admits(g.card(i).kind)
        && g.in_play(i)
        && !chosen.contains(&i)
        && !shielded_from(g, source, i)
        && super::matches_filter(g, source, f, i)
}

/// The Shipyard cards a search can take (§8.3), walked, not listed (issue #15).
fn search_candidates<'a>(
    g: &'a Game,
    p: &'a Pending,
    f: &'a Filter,
    then: &'a SearchThen,
) -> impl Iterator<Item = Inst> + 'a {
    let shipyard = g.cmd(p.who).map_or(&[][..], |c| &c.shipyard[..]);
    shipyard
        .iter()
        .copied()
        .filter(move |&i| f.noun.admits(g.card(i).kind))
        .filter(move |&i| super::matches_filter(g, p.source, f, i))
        .filter(move |&i| match then {
            SearchThen::ToHand => true,
            SearchThen::Deploy { free } => {
                act::deployable(g, p.who, i, Context::Searched { free: *free })
            }
            SearchThen::DeployAboard { .. } => {
                let mut any = false;
                search_ways(g, p, i, then, |_| {
                    any = true;
                    false
                });
                any
            }
        })
}

/// Whether a searched card's deployment is free (§8.3), for a search that deploys.
fn search_free(then: &SearchThen) -> bool {
    match *then {
        SearchThen::Deploy { free } | SearchThen::DeployAboard { free, .. } => free,
        SearchThen::ToHand => false,
    }
}

/// Whether `host` is a place the search's text lets its card go (I-102): any legal place for
/// `deploy it`; aboard this card, its host, or a card matching the filter for `deploy it
/// aboard ...`.
fn search_host_fits(g: &Game, p: &Pending, then: &SearchThen, host: Option<Inst>) -> bool {
    let SearchThen::DeployAboard { aboard, .. } = then else {
        return true;
    };
    let Some(h) = host else { return false };
    match aboard {
        Group::This => h == p.source,
        Group::Host => super::host(g, p.source) == Some(h),
        Group::Each(f) => super::matches_filter(g, p.source, f, h),
        _ => false,
    }
}

/// Visit every legal way (host, replacing) to deploy a searched card, for a search that
/// deploys (§8.3): the searching Commander picks one (I-48), among the places its text names
/// (I-102). Walked, not listed (issue #15).
fn search_ways(
    g: &Game,
    p: &Pending,
    card: Inst,
    then: &SearchThen,
    mut f: impl FnMut(act::Way) -> bool,
) {
    let ctx = Context::Searched {
        free: search_free(then),
    };
    act::each_way(g, p.who, card, ctx, |w| {
        if search_host_fits(g, p, then, w.host) {
            f(w)
        } else {
            true
        }
    });
}

/// Cards a named group holds now (inline, issue #15).
fn named(g: &Game, p: &Pending, group: &Group) -> Cards<8> {
    match group {
        Group::This => smallvec![p.source],
        Group::Host => super::host(g, p.source).into_iter().collect(),
        Group::Attached => Cards::from_slice(g.attachments(p.source)),
        // The deed's other card, while it is still in play and of the named kind.
        Group::That(n) => p
            .that
            .filter(|&i| g.in_play(i) && n.admits(g.card(i).kind))
            .into_iter()
            .collect(),
        // The card an `any ...` trigger woke for, likewise.
        Group::Watched(n) => p
            .watched
            .filter(|&i| g.in_play(i) && n.admits(g.card(i).kind))
            .into_iter()
            .collect(),
        Group::Each(f) => g
            .cards_in_play()
            .filter(|&i| !shielded(g, p, i))
            .filter(|&i| super::matches_filter(g, p.source, f, i))
            .collect(),
    }
}

/// The cards `aim` (one of action `a`'s aims) reaches now. A chosen target that is no longer
/// legal — gone from play, or no longer matching the card's words, or docked out of reach —
/// is dropped with a `TargetLost` event saying so (§8.5).
fn recipients(g: &mut Game, p: &Pending, a: &Action, aim: &Aim) -> Cards<8> {
    match aim {
        Aim::Chosen(t) => {
            let chosen = a
                .each_aim()
                .position(|x| std::ptr::eq(x, aim))
                .and_then(|k| p.settled.get(k).cloned())
                .unwrap_or_default();
            let mut out = Cards::new();
            for i in chosen {
                if g.in_play(i)
                    && !shielded(g, p, i)
                    && super::matches_filter(g, p.source, &t.filter, i)
                {
                    out.push(i);
                } else {
                    g.log.push(Event::TargetLost {
                        source: g.card_ref(p.source),
                        target: Some(g.card_ref(i)),
                    });
                }
            }
            out
        }
        Aim::Named(group) => named(g, p, group)
            .into_iter()
            .filter(|&i| g.in_play(i))
            .collect(),
    }
}

fn quantity(g: &Game, p: &Pending, q: &Quantity) -> u8 {
    match q {
        Quantity::N(n) => *n,
        Quantity::All => u8::MAX,
        Quantity::Per { n, each } => {
            let k = named(g, p, each).len().min(u8::MAX as usize) as u8;
            n.saturating_mul(k)
        }
    }
}

fn is_woundable(kind: CardKind) -> bool {
    kind.is_unit() || kind == CardKind::Module(crate::ir::ModuleKind::Station)
}

fn execute(g: &mut Game, p: &mut Pending, a: &Action) {
    let src = g.card_ref(p.source);
    match a {
        Action::CompulsoryWounds { amount, to } => {
            let n = quantity(g, p, amount);
            for t in recipients(g, p, a, to) {
                if !is_woundable(g.card(t).kind) {
                    continue;
                }
                compulsory(g, t, n);
            }
        }
        Action::Volley { dice, at } => {
            let n = quantity(g, p, dice).min(20);
            for t in recipients(g, p, a, at) {
                if n > 0 && is_woundable(g.card(t).kind) {
                    act::volley(g, p.source, &[(t, n)], VolleyKind::Normal);
                }
            }
        }
        Action::Repair { amount, on } => {
            let n = quantity(g, p, amount);
            for t in recipients(g, p, a, on) {
                let have = g.instance(t).map_or(0, |x| x.wounds);
                let healed = n.min(have);
                if healed == 0 {
                    continue;
                }
                if let Some(x) = g.instances.get_mut(t.0 as usize) {
                    x.wounds = have - healed;
                }
                g.log.push(Event::EffectRepaired {
                    card: g.card_ref(t),
                    healed,
                    left: have - healed,
                });
            }
        }
        Action::Destroy { what, immediately } => {
            for t in recipients(g, p, a, what) {
                act::destroy(g, t, *immediately);
            }
        }
        Action::Sacrifice { what } => {
            for t in recipients(g, p, a, what) {
                // §9.29: only a card under your command.
                if g.controller(t) == p.who {
                    g.log.push(Event::Sacrificed {
                        card: g.card_ref(t),
                    });
                    act::destroy(g, t, false);
                }
            }
        }
        Action::Draw { who, count } => {
            let n = quantity(g, p, count).min(20);
            for c in commanders(g, p, *who) {
                act::draw(g, c, n, false);
            }
        }
        Action::Discard { who, count } => {
            // `discard N` is asked in `advance`; here the whole hand.
            if *count == DiscardCount::Hand {
                for c in commanders(g, p, *who) {
                    let hand = g.cmd(c).map(|x| x.hand.clone()).unwrap_or_default();
                    for card in hand {
                        discard(g, c, card);
                    }
                }
            }
        }
        Action::Gain { who, amount } => {
            for c in commanders(g, p, *who) {
                let (gained, clamped) = g.gain(c, *amount);
                g.log.push(Event::StockpileGained {
                    who: c,
                    gained,
                    clamped,
                });
            }
        }
        Action::Pay { amount } => {
            let paid = pay_up_to(g, p.who, *amount);
            g.log.push(Event::StockpilePaid { who: p.who, paid });
        }
        Action::Take { from, amount } => {
            for c in commanders(g, p, *from) {
                let moved = pay_up_to(g, c, *amount);
                let (gained, _) = g.gain(p.who, moved);
                g.log.push(Event::StockpileMoved {
                    from: c,
                    to: p.who,
                    amount: moved,
                    kept: gained,
                });
            }
        }
        Action::Give { to, amount } => {
            for c in commanders(g, p, *to) {
                let moved = pay_up_to(g, p.who, *amount);
                let (gained, _) = g.gain(c, moved);
                g.log.push(Event::StockpileMoved {
                    from: p.who,
                    to: c,
                    amount: moved,
                    kept: gained,
                });
            }
        }
        Action::Search { .. } => {}
        Action::CancelEngagement { .. } => {
            if g.engagement.is_some() {
                act::end_engagement(g, EndReason::Cancelled);
            }
        }
        Action::ReturnToHand { what } => {
            for t in recipients(g, p, a, what) {
                let c = g.card_ref(t);
                if let Some(e) = g.engagement.as_mut() {
                    e.fleet.retain(|u| *u != t);
                }
                // I-87: its docked Wings launch, as from a destroyed host; what else is
                // attached leaves play with it, each with its line (`Game::move_to`).
                act::launch_all(g, t);
                g.log.push(Event::ReturnedToHand { card: c });
                g.move_to(t, Zone::Hand);
            }
        }
        Action::Retreat { what } => {
            for t in recipients(g, p, a, what) {
                let Some(e) = g.engagement.as_mut() else {
                    break;
                };
                if e.fleet.contains(&t) && !e.retreating.contains(&t) {
                    e.retreating.push(t);
                    if !e.acted.contains(&t) {
                        e.acted.push(t);
                    }
                    g.log.push(Event::Retreating {
                        card: g.card_ref(t),
                    });
                }
            }
        }
        Action::Modify {
            on,
            modifier,
            duration,
        } => {
            for t in recipients(g, p, a, on) {
                g.capacity_stale.mark_all();
                g.temporary.push(super::Temporary {
                    source: p.source,
                    card: t,
                    modifier: *modifier,
                    duration: *duration,
                });
                g.log.push(Event::TemporaryModifier {
                    source: src,
                    card: g.card_ref(t),
                    modifier: *modifier,
                    duration: *duration,
                });
            }
        }
        Action::ModifyCommanders {
            who,
            modifier,
            duration,
        } => {
            let controller = g.controller(p.source);
            g.temporary_commanders
                .push(crate::state::pending::TemporaryCommanders {
                    source: p.source,
                    controller,
                    who: *who,
                    modifier: modifier.clone(),
                    duration: *duration,
                });
            g.log.push(Event::TemporaryCommanderModifier {
                source: src,
                controller,
                who: *who,
                modifier: modifier.clone(),
                duration: *duration,
            });
        }
        Action::Attach { what, to } => {
            let Some(host) = recipients(g, p, a, to).into_iter().next() else {
                return;
            };
            for card in recipients(g, p, a, what) {
                attach(g, p.source, card, host);
            }
        }
        Action::Detach { what } => {
            for card in recipients(g, p, a, what) {
                detach(g, p.source, card);
            }
        }
    }
}

/// §9.1, I-46: an effect attaches `card` to `host`. Marines and Fighter Wings move as a
/// reassignment would (capacity §9.4, size restrictions, a Wing leaves the fleet it flew
/// with); an Event (or Tactic) is tucked under its host and stays there until the host
/// leaves play (§2.6), under its own commander's command; a Module never moves once attached
/// (§2.3); ships and Stations are never attached.
fn attach(g: &mut Game, source: Inst, card: Inst, host: Inst) {
    let kind = g.card(card).kind;
    let misfit = match kind {
        _ if card == host || crate::effects::top(g, host) == card => Err(Misfit::OntoItself),
        _ if g.zone(card) == Some(Zone::Attached(host)) => Err(Misfit::AlreadyAttached),
        CardKind::Marine { .. } | CardKind::Ship(ShipClass::FighterWing) => {
            act::reassign_misfit(g, g.controller(card), card, Some(host))
        }
        CardKind::Event | CardKind::Tactic => Ok(()),
        CardKind::Module(_) => Err(Misfit::ModuleNeverMoves),
        _ => Err(Misfit::NotAttachable),
    };
    if let Err(why) = misfit {
        g.log.push(Event::AttachRefused {
            source: g.card_ref(source),
            card: g.card_ref(card),
            to: g.card_ref(host),
            why,
        });
        return;
    }
    let controller = g.controller(card);
    if let Some(e) = g.engagement.as_mut() {
        e.fleet.retain(|u| *u != card);
    }
    g.move_to(card, Zone::Attached(host));
    // An Event attached to an opposing card stays its deployer's (§2.6).
    if matches!(kind, CardKind::Event | CardKind::Tactic) {
        if let Some(x) = g.instances.get_mut(card.0 as usize) {
            x.controller = controller;
        }
    }
    g.log.push(Event::Attached {
        source: g.card_ref(source),
        card: g.card_ref(card),
        to: g.card_ref(host),
    });
}

/// §9.1, I-46: an effect detaches `card` from its host. A Fighter Wing launches into open
/// space beside it (§2.5.1.2); anything else — a Marine, a Module, an Event — goes to its
/// owner's Scrapheap without being destroyed, with whatever is attached to it. The host may
/// then hold more than its capacity allows (§9.4) or a hijacked ship lose its garrison
/// (§6.9.7); both are settled at once.
fn detach(g: &mut Game, source: Inst, card: Inst) {
    let Some(Zone::Attached(host)) = g.zone(card) else {
        return;
    };
    if g.card(card).kind == CardKind::Ship(ShipClass::FighterWing) {
        g.log.push(Event::Detached {
            source: g.card_ref(source),
            card: g.card_ref(card),
            from: g.card_ref(host),
            to_scrapheap: false,
        });
        act::launch_from(g, card, host);
        return;
    }
    let (c, from) = (g.card_ref(card), g.card_ref(host));
    g.move_to(card, Zone::Scrapheap);
    g.log.push(Event::Detached {
        source: g.card_ref(source),
        card: c,
        from,
        to_scrapheap: true,
    });
    act::enforce_capacity(g, host);
    act::check_garrisons(g);
}

/// Pay what can be paid of `amount` (Stockpiles never below 0, §9.27); returns the paid part.
fn pay_up_to(g: &mut Game, who: PlayerId, amount: Amount) -> Amount {
    let have = g.cmd(who).map_or(Amount::ZERO, |c| c.stockpile());
    let paid = Amount {
        resource: amount.resource.min(have.resource),
        currency: amount.currency.min(have.currency),
    };
    g.pay(who, paid);
    paid
}

/// §9.6: wounds without dice, whatever the defense; Resistant ignores them (§3.4.8). A unit
/// whose wounds reach its printed wounds is destroyed (not immediately, §6.7).
pub(crate) fn compulsory(g: &mut Game, t: Inst, n: u8) {
    if n == 0 {
        return;
    }
    if stats::has(g, t, TraitName::Resistant) {
        g.log.push(Event::CompulsoryIgnored {
            card: g.card_ref(t),
        });
        return;
    }
    if super::replacements::replace(g, t, crate::ir::effect::Replaced::CompulsoryWounds) {
        return;
    }
    // I-72: a ward takes wounds before they are suffered.
    let mut prevented = Vec::new();
    let n = act::prevent(g, t, n, &mut prevented);
    act::log_prevented(g, t, &prevented);
    if n == 0 {
        return;
    }
    let printed = stats::wounds(g, t);
    let have = g.instance(t).map_or(0, |x| x.wounds);
    let take = n.min(printed.saturating_sub(have));
    if let Some(x) = g.instances.get_mut(t.0 as usize) {
        x.wounds = have + take;
    }
    g.log.push(Event::CompulsoryWounds {
        card: g.card_ref(t),
        wounds: take,
        total: have + take,
        of: printed,
    });
    // `is wounded` (issue #40, part 3.1), woken while the unit is in play, as volley fire's deeds.
    if take > 0 {
        let (deed, actor) = (crate::ir::effect::TriggerEvent::Wounded, t);
        crate::hooks::dispatch(
            g,
            crate::hooks::Trigger::Deed {
                deed,
                actor,
                other: None,
            },
        );
    }
    if printed > 0 && have + take >= printed {
        act::destroy(g, t, false);
    }
}

fn discard(g: &mut Game, who: PlayerId, card: Inst) {
    g.move_to(card, Zone::Scrapheap);
    g.log.push(Event::DiscardedByEffect {
        who,
        card: g.card_ref(card),
    });
}

// ----- answering ----------------------------------------------------------------------------

fn refuse(what: impl Into<String>, section: &'static str) -> RuleError {
    RuleError::Effect {
        what: what.into(),
        section,
    }
}

/// The chosen aim being asked about, if any, in the source's text `card`.
fn asked_target<'a>(p: &Pending, card: &'a Card) -> Option<&'a crate::ir::effect::Target> {
    match p.current(card)?.aim(p.settled.len())? {
        Aim::Chosen(t) => Some(t),
        Aim::Named(_) => None,
    }
}

/// Every legal answer to the front effect's question.
pub(crate) fn legal(g: &Game, out: &mut Vec<Choice>) {
    let Some(p) = g.pending.first() else { return };
    let Some(ask) = &p.ask else { return };
    match ask {
        Ask::Target { up_to, .. } => {
            if let Some(t) = asked_target(p, g.card(p.source)) {
                for i in candidates(g, p, &t.filter) {
                    out.push(Choice::EffectTarget(i));
                }
            }
            if *up_to {
                out.push(Choice::EffectNo);
            }
        }
        Ask::Opponent => {
            for o in g.others_clockwise(p.who) {
                out.push(Choice::EffectCommander(o));
            }
        }
        Ask::May { cost } => {
            if cost.is_none_or(|c| g.can_afford(p.who, c)) {
                out.push(Choice::EffectYes);
            }
            out.push(Choice::EffectNo);
        }
        Ask::Flip => {
            out.push(Choice::EffectYes);
            out.push(Choice::EffectNo);
        }
        Ask::Search { .. } => {
            if let Some(Action::Search { filter, then, .. }) = p.current(g.card(p.source)) {
                for i in search_candidates(g, p, filter, then) {
                    match then {
                        SearchThen::ToHand => out.push(Choice::EffectTarget(i)),
                        SearchThen::Deploy { .. } | SearchThen::DeployAboard { .. } => {
                            search_ways(g, p, i, then, |w| {
                                out.push(Choice::EffectDeploy {
                                    card: i,
                                    host: w.host,
                                    replacing: w.replacing,
                                });
                                true
                            });
                        }
                    }
                }
            }
            out.push(Choice::EffectNo);
        }
        Ask::Mode { .. } => {
            for (k, m) in modes_at(p, g.card(p.source)).iter().enumerate() {
                if p.modes & (1 << k) == 0 && mode_open(g, p, m) {
                    out.push(Choice::EffectMode(k as u8));
                }
            }
        }
        Ask::Discard { who, .. } => {
            if let Some(c) = g.cmd(*who) {
                let mut seen = smallvec::SmallVec::<[crate::ir::CardId; 8]>::new();
                for &i in &c.hand {
                    let id = g.card(i).id;
                    if !seen.contains(&id) {
                        seen.push(id);
                        out.push(Choice::EffectTarget(i));
                    }
                }
            }
        }
    }
}

/// Apply an answer to the front effect's question, then keep resolving.
pub(crate) fn answer(g: &mut Game, who: PlayerId, choice: &Choice) -> Result<(), RuleError> {
    let Some(mut p) = g.pending.first().cloned() else {
        return Err(refuse("no effect is waiting for a choice", "6.8"));
    };
    let Some(ask) = p.ask.clone() else {
        return Err(refuse("no effect is waiting for a choice", "6.8"));
    };
    if who != p.decider() {
        return Err(RuleError::NotYourDecision {
            who,
            decider: p.decider(),
        });
    }
    // The effect's own text, read in place while the answer changes the game.
    let text = g.text(p.source);
    let own = text.card();
    match (&ask, choice) {
        (Ask::Target { count, .. }, Choice::EffectTarget(t)) => {
            let Some(target) = asked_target(&p, own) else {
                return Err(refuse("this step chooses no target", "8.5"));
            };
            if !candidates(g, &p, &target.filter).any(|i| i == *t) {
                return Err(refuse(
                    format!(
                        "{} {t} is not a legal target for {} {}",
                        g.name(*t),
                        g.name(p.source),
                        p.source
                    ),
                    "8.5",
                ));
            }
            p.chosen.push(*t);
            g.log.push(Event::TargetChosen {
                source: g.card_ref(p.source),
                target: g.card_ref(*t),
            });
            if p.chosen.len() as u8 >= *count {
                p.ask = None;
            } else {
                p.ask = Some(Ask::Target {
                    picked: p.chosen.len() as u8,
                    count: *count,
                    up_to: target.up_to,
                });
                if candidates(g, &p, &target.filter).next().is_none() {
                    p.ask = None;
                }
            }
        }
        (Ask::Target { up_to, .. }, Choice::EffectNo) => {
            if !*up_to {
                return Err(refuse(
                    "every target must be chosen while a legal one is left",
                    "8.5",
                ));
            }
            p.stopped = true;
            p.ask = None;
        }
        (Ask::Opponent, Choice::EffectCommander(o)) => {
            if !g.others_clockwise(p.who).any(|x| x == *o) {
                return Err(refuse(
                    format!("{} is not an opposing Commander", g.commander_name(*o)),
                    "8.5",
                ));
            }
            p.opponent = Some(*o);
            g.log.push(Event::CommanderChosen {
                source: g.card_ref(p.source),
                who: *o,
            });
            p.ask = None;
        }
        (Ask::May { cost }, Choice::EffectYes) => {
            let cost = cost.unwrap_or(Amount::ZERO);
            g.check_afford(p.who, cost, "8.6")?;
            g.pay(p.who, cost);
            g.log.push(Event::OptionalTaken {
                source: g.card_ref(p.source),
                paid: cost,
            });
            // The step's actions, now taken (a `you may` step's `then`).
            p.actions = Some(Branch::Then);
            p.action = 0;
            p.ask = None;
        }
        (Ask::May { .. }, Choice::EffectNo) => {
            g.log.push(Event::OptionalDeclined {
                source: g.card_ref(p.source),
            });
            p.step += 1;
            p.actions = None;
            p.ask = None;
        }
        (Ask::Flip, Choice::EffectYes) => {
            if let Some(x) = g.instances.get_mut(p.source.0 as usize) {
                x.face_down = false;
            }
            // A face-down Module grants no capacity (§3.4.4, §9.4).
            g.capacity_stale.mark_all();
            g.log.push(Event::ModuleFlipped {
                card: g.card_ref(p.source),
            });
            p.ask = None;
        }
        (Ask::Flip, Choice::EffectNo) => {
            g.log.push(Event::OptionalDeclined {
                source: g.card_ref(p.source),
            });
            g.pending.remove(0);
            run(g);
            return Ok(());
        }
        (Ask::Search { left }, Choice::EffectTarget(card) | Choice::EffectDeploy { card, .. }) => {
            let Some(Action::Search { filter, then, .. }) = p.current(own) else {
                return Err(refuse("no search in progress", "8.3"));
            };
            if !search_candidates(g, &p, filter, then).any(|i| i == *card) {
                // A card the search finds but cannot deploy says why (a Marine-Character, a
                // host without room, ...), as the deployment's own check words it.
                if !matches!(then, SearchThen::ToHand) && filter.noun.admits(g.card(*card).kind) {
                    placement(g, &p, *card, then, choice)?;
                }
                return Err(refuse(
                    format!("{} {card} cannot be taken by this search", g.name(*card)),
                    "8.3",
                ));
            }
            match (then, choice) {
                (SearchThen::ToHand, Choice::EffectTarget(_)) => {
                    g.move_to(*card, Zone::Hand);
                    g.log.push(Event::SearchedToHand {
                        who: p.who,
                        card: g.card_ref(*card),
                    });
                }
                (SearchThen::ToHand, _) => {
                    return Err(refuse(
                        format!(
                            "{} {} puts its find in hand, not into play",
                            g.name(p.source),
                            p.source
                        ),
                        "8.3",
                    ))
                }
                (SearchThen::Deploy { .. } | SearchThen::DeployAboard { .. }, _) => {
                    let plan = placement(g, &p, *card, then, choice)?;
                    act::carry_out(g, p.who, plan);
                }
            }
            p.search_left = Some(left.saturating_sub(1));
            p.ask = None;
        }
        (Ask::Search { .. }, Choice::EffectNo) => {
            p.search_left = Some(0);
            p.ask = None;
        }
        (Ask::Mode { left }, Choice::EffectMode(k)) => {
            let modes = modes_at(&p, own);
            let k = usize::from(*k);
            let Some(mode) = modes.get(k) else {
                return Err(refuse(
                    format!(
                        "{} {} has {} modes, not a mode {}",
                        g.name(p.source),
                        p.source,
                        modes.len(),
                        k + 1
                    ),
                    "6.8",
                ));
            };
            if p.modes & (1 << k) != 0 {
                return Err(refuse(
                    format!("mode {} is chosen already; each mode is chosen once", k + 1),
                    "6.8",
                ));
            }
            if !mode_open(g, &p, mode) {
                return Err(refuse(
                    format!(
                        "mode {} of {} {} has no legal target, so it cannot be chosen (I-89)",
                        k + 1,
                        g.name(p.source),
                        p.source
                    ),
                    "8.5",
                ));
            }
            p.modes |= 1 << k;
            g.log.push(Event::ModeChosen {
                source: g.card_ref(p.source),
                who: p.who,
                ability: p.ability as u8,
                step: p.step as u8,
                mode: k as u8,
            });
            let more = modes
                .iter()
                .enumerate()
                .any(|(j, m)| p.modes & (1 << j) == 0 && mode_open(g, &p, m));
            if *left > 1 && more {
                p.ask = Some(Ask::Mode { left: left - 1 });
            } else {
                p.ask = None;
                let first = (0..modes.len()).find(|j| p.modes & (1 << j) != 0);
                p.actions = Some(first.map_or(Branch::Nothing, Branch::Mode));
                p.action = 0;
            }
        }
        (Ask::Discard { who: d, left }, Choice::EffectTarget(card)) => {
            if !g.cmd(*d).is_some_and(|c| c.hand.contains(card)) {
                return Err(refuse(
                    format!(
                        "{} is not in {}'s hand",
                        crate::transcript::card_label(g, *card),
                        g.commander_name(*d)
                    ),
                    "5.5.4",
                ));
            }
            discard(g, *d, *card);
            let rest = left.saturating_sub(1);
            let have = g.cmd(*d).map_or(0, |c| c.hand.len()) as u8;
            p.ask = if rest > 0 && have > 0 {
                Some(Ask::Discard {
                    who: *d,
                    left: rest,
                })
            } else {
                next_discarder(g, &p, *d)
            };
        }
        _ => {
            return Err(refuse(
                format!(
                    "{} {} is waiting for {}",
                    g.name(p.source),
                    p.source,
                    crate::words::ask_words(g, &ask)
                ),
                "6.8",
            ))
        }
    }
    if let Some(front) = g.pending.first_mut() {
        *front = p;
    }
    run(g);
    Ok(())
}

/// Where a searched card is deployed (§8.3, I-48): the place the answer names, checked as
/// any deployment; a bare card is enough only when there is one legal place for it.
fn placement(
    g: &Game,
    p: &Pending,
    card: Inst,
    then: &SearchThen,
    choice: &Choice,
) -> Result<act::Plan, RuleError> {
    let free = search_free(then);
    if let Choice::EffectDeploy {
        host, replacing, ..
    } = choice
    {
        if !search_host_fits(g, p, then, *host) {
            return Err(refuse(
                format!(
                    "{} {} deploys its find {}, not {}",
                    g.name(p.source),
                    p.source,
                    search_place_words(g, p, then),
                    match host {
                        Some(h) => format!("onto {} {h}", g.name(*h)),
                        None => "into open space".to_string(),
                    }
                ),
                "8.3",
            ));
        }
        let ctx = Context::Searched { free };
        return act::check_deployment(g, p.who, card, *host, *replacing, ctx);
    }
    let (mut n, mut first) = (0usize, None);
    search_ways(g, p, card, then, |w| {
        n += 1;
        first.get_or_insert(w);
        true
    });
    match (n, first) {
        (1, Some(w)) => {
            let ctx = Context::Searched { free };
            act::check_deployment(g, p.who, card, w.host, w.replacing, ctx)
        }
        (0, _) | (_, None) => Err(refuse("no legal way to deploy it", "8.3")),
        (n, _) => {
            let places: Vec<String> = act::plans(g, p.who, card, Context::Searched { free })
                .iter()
                .filter(|w| search_host_fits(g, p, then, w.host))
                .map(|w| match w.host {
                    Some(h) => format!("{} {h}", g.name(h)),
                    None => "open space".to_string(),
                })
                .collect();
            Err(refuse(
                format!(
                    "{} {card} can be deployed in {n} places: say where (onto {})",
                    g.name(card),
                    places.join(", ")
                ),
                "8.3",
            ))
        }
    }
}

/// Where a search's text puts its find, in words: `aboard a ship in your fleet`.
fn search_place_words(g: &Game, p: &Pending, then: &SearchThen) -> String {
    match then {
        SearchThen::DeployAboard { aboard, .. } => match aboard {
            Group::This => format!("aboard {} {}", g.name(p.source), p.source),
            Group::Host => "aboard its host".to_string(),
            // The kind in a word (the engine has no card language, invariant 1): `a ship in
            // your fleet`, `a Station`, `a unit`.
            Group::Each(f) => {
                use crate::ir::effect::{Noun, Pred};
                let noun = match f.noun {
                    Noun::Ship => "a ship",
                    Noun::Station => "a Station",
                    Noun::Marine | Noun::MarineCharacter => "a Marine",
                    Noun::Unit => "a unit",
                    _ => "a card",
                };
                let fleet = if f.preds.contains(&Pred::InYourFleet) {
                    " in your fleet"
                } else {
                    ""
                };
                format!("aboard {noun}{fleet}")
            }
            _ => "nowhere".to_string(),
        },
        _ => "where it may be deployed".to_string(),
    }
}

/// After `done` discarded (or left the game while asked), the next Commander the discard
/// names (clockwise from the effect's commander), if any.
fn next_discarder(g: &Game, p: &Pending, done: PlayerId) -> Option<Ask> {
    let Some(Action::Discard {
        who,
        count: DiscardCount::N(n),
    }) = p.current(g.card(p.source))
    else {
        return None;
    };
    // The list runs clockwise from the effect's commander; "after `done`" is by seat, so it
    // holds when `done` has just left the game and is no longer in it.
    let seats = g.commanders().len();
    let seat = |c: PlayerId| (usize::from(c.0) + seats - usize::from(p.who.0)) % seats;
    let list = commanders(g, p, *who);
    list.into_iter()
        .filter(|&c| seat(c) > seat(done))
        .find_map(|c| {
            let have = g.cmd(c).map_or(0, |x| x.hand.len()) as u8;
            (have > 0).then_some(Ask::Discard {
                who: c,
                left: (*n).min(have),
            })
        })
}

/// §8.5: an Event or Tactic whose `play:` must choose a target cannot be deployed when no
/// legal target exists (any chosen aim of an unconditional step, not `up to`).
pub(crate) fn check_play_targets<R: Refusal>(g: &Game, card: Inst) -> Result<(), R> {
    let c = g.card(card);
    for (k, a) in c.abilities.iter().enumerate() {
        if matches!(a, crate::ir::effect::Ability::Play(_)) {
            check_targets(g, card, k)?;
        }
    }
    Ok(())
}

/// §8.5: every chosen target of the plain steps of ability `k` of `card` has a legal
/// candidate now (an Event's `play:`, an activated ability as it is used, I-93).
pub(crate) fn check_targets<R: Refusal>(g: &Game, card: Inst, k: usize) -> Result<(), R> {
    let c = g.card(card);
    let effect = match c.abilities.get(k) {
        Some(
            crate::ir::effect::Ability::Play(e)
            | crate::ir::effect::Ability::Activated { effect: e, .. },
        ) => e,
        _ => return Ok(()),
    };
    for step in &effect.steps {
        let Step::Do(actions) = step else { continue };
        for action in actions {
            for aim in action.each_aim() {
                if let Aim::Chosen(t) = aim {
                    if t.up_to {
                        continue;
                    }
                    // Nothing is chosen yet when a card is played. The cards in play are
                    // read from the commanders' lists (`Game::in_play_of`), not found
                    // among every card of the game: the same cards, in another order.
                    let candidate = |i| is_candidate(g, card, &[], &t.filter, i);
                    let any = (0..g.commanders.len())
                        .any(|k| g.in_play_of(PlayerId(k as u8)).any(candidate));
                    debug_assert_eq!(any, g.cards_in_play().any(candidate));
                    if !any {
                        return Err(R::because(|| {
                            refuse(format!("{} has no legal target", c.name), "8.5")
                        }));
                    }
                }
            }
        }
    }
    Ok(())
}
