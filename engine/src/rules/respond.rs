//! The response model (§2.6, §2.7, §6.6 STEP 1, §6.8; I-58 to I-61): who may answer what,
//! when a window opens, who is asked in which order, and when it closes.
//!
//! - **What**: in a window a commander may deploy an Event (§2.6: at any time, even in another
//!   commander's turn), and during an engagement a Tactic — its own commanders' Tactics, and
//!   another commander's only where its text allows it (§2.7, `tactic-in-other-engagements`).
//!   The deploy checks are `manufacturing::check`'s, one gate for every deployment.
//! - **When** a window opens (I-58): after each Event or Tactic resolves, after each volley a
//!   commander fires by a choice (§6.8: the action is complete once volley dice have been
//!   rolled or another card has been deployed), and at the phase boundaries of the active
//!   commander's turn (after Logistics, after Manufacturing, after the turn ends). Never in
//!   Setup (§5.1). STEP 1 of an engagement is a window of its own (`Engagement::start_queue`,
//!   the attacker first): the same rules decide whom it asks.
//! - **Who, in which order** (I-59): every commander still in the game, clockwise from the one
//!   after the commander who acted, except the *holder* — the commander whose decision the
//!   window interrupts, when that decision lets them deploy the same cards (they answer
//!   there). A responder whose card resolved is asked again last.
//! - **Closing** (I-59): when everyone asked has passed in turn. A card deployed in the window
//!   opens it again after its commander: everyone may answer the new card.
//! - **Activated abilities** (I-93): a commander may also use one in a window, and one who
//!   could is asked as one holding a card is; once it has resolved the window opens again
//!   after them, as after a card.
//! - **Cost** (I-60): a commander with no card they could legally deploy now (in hand, the
//!   right kind, passing every deploy check, affordable) and no activated ability to use is
//!   skipped silently — no decision,
//!   no log line — when their turn in the window comes; a window nobody can answer opens and
//!   closes without a decision. Checks run lazily, for the commander at the head only.
//! - **Eliminations** (I-61): a commander who leaves the game drops out of the window; their
//!   own turn passes when it closes (`victory::pass_turn_of_eliminated`). Pending card effects
//!   come first: the window waits below them (`Game::decision`).

use crate::state::engagement::CombatStep;
use crate::state::pending::Window;

use crate::choice::{Choice, DecisionKind};
use crate::error::RuleError;
use crate::event::{Event, Phase};
use crate::ids::{Inst, PlayerId};
use crate::ir::CardKind;
use crate::rules::engagement::{self};
use crate::rules::manufacturing::{self, Context};
use crate::rules::turn;
use crate::state::{Game, Seats, Step, Then};

/// §5.5.1-§5.5.5: a window at a phase boundary of the active commander's turn; `then` follows
/// when it closes.
pub(crate) fn open_phase(g: &mut Game, then: Then) {
    g.step = Step::Respond { then };
    let active = g.active;
    open_after(g, active, false);
}

/// §2.6, §2.7: an Event or Tactic deployed by `who` has resolved.
pub(crate) fn after_card(g: &mut Game, who: PlayerId) {
    if g.phase == Phase::Setup || g.outcome.is_some() {
        return;
    }
    // STEP 1 is itself the window: it begins again after the card's commander.
    if g.window.is_none() {
        let others: Seats = g.others_clockwise(who).collect();
        if let Some(e) = g.engagement.as_mut() {
            if e.step == CombatStep::StartCards {
                e.start_queue = others;
                e.start_queue.push(who);
                e.start_asked = None;
                return;
            }
        }
    }
    let responder = g.window.is_some();
    open_after(g, who, responder);
}

/// §6.8: a volley fired by `who` has been rolled.
pub(crate) fn after_volley(g: &mut Game, who: PlayerId) {
    // §6.7: a Stoic unit's last volley belongs to its destruction; the window follows it.
    if g.engagement.as_ref().is_some_and(|e| !e.stoic.is_empty()) {
        return;
    }
    open_after(g, who, false);
}

/// Open (or open again) the window after `actor`'s action. `responder`: the actor answered
/// in a window and is asked again last.
fn open_after(g: &mut Game, actor: PlayerId, responder: bool) {
    g.window = None;
    let holder = holder(g);
    let mut queue: Seats = g
        .others_clockwise(actor)
        .filter(|&p| Some(p) != holder)
        .collect();
    if responder && Some(actor) != holder && g.cmd(actor).is_some_and(|c| !c.out) {
        queue.push(actor);
    }
    g.window = Some(Window { queue, asked: None });
    settle(g);
}

/// The commander whose decision the window interrupts, when that decision lets them deploy
/// Events (and in an engagement Tactics) themselves: they are not asked in the window.
fn holder(g: &Game) -> Option<PlayerId> {
    match &g.step {
        Step::Manufacturing | Step::Engagement | Step::Discard => Some(g.active),
        Step::Respond {
            then: Then::Manufacturing | Then::Engagement,
        } => Some(g.active),
        Step::Combat => match engagement::decision(g)? {
            crate::choice::Decision {
                who,
                kind: DecisionKind::Combat(step),
            } if !matches!(step, CombatStep::Stoic(_)) => Some(who),
            _ => None,
        },
        _ => None,
    }
}

/// Skip commanders who cannot answer when their turn comes (once asked, a commander keeps the
/// decision until they pass or the window begins again), close a window nobody is left in,
/// and move STEP 1 on
/// when nobody is left to deploy a start-of-engagement card. Waits while card effects are
/// resolving or pending, and while a search, the Spoils of War or their Marines wait (they
/// come first, and what they do may change who can answer). Run after every choice.
pub(crate) fn settle(g: &mut Game) {
    for _ in 0..64 {
        // What `Game::decision` asks before the window finishes first (I-61).
        if g.resolving
            || !g.pending.is_empty()
            || !g.regiments.is_empty()
            || !g.spoils.is_empty()
            || crate::rules::victory::pending_relocation(g).is_some()
            || g.outcome.is_some()
        {
            return;
        }
        if let Some(w) = g.window.as_ref() {
            match w.queue.first() {
                Some(&who) if w.asked == Some(who) => return,
                Some(&who) if can_respond(g, who) => {
                    if let Some(w) = g.window.as_mut() {
                        w.asked = Some(who);
                    }
                    return;
                }
                Some(_) => {
                    if let Some(w) = g.window.as_mut() {
                        w.queue.remove(0);
                    }
                }
                None => close(g),
            }
            continue;
        }
        let Some(e) = g.engagement.as_ref() else {
            return;
        };
        if e.step != CombatStep::StartCards {
            return;
        }
        match e.start_queue.first() {
            Some(&who) if e.start_asked == Some(who) => return,
            Some(&who) if can_respond(g, who) || acts_anytime(g, who) => {
                if let Some(e) = g.engagement.as_mut() {
                    e.start_asked = Some(who);
                }
                return;
            }
            Some(_) => {
                if let Some(e) = g.engagement.as_mut() {
                    e.start_queue.remove(0);
                }
            }
            None => engagement::advance(g),
        }
    }
}

/// STEP 1 is also a decision of the engagement's commanders, who may launch Fighter Wings or
/// make a Fearless swap at any of their engagement decisions (§2.5.1.2, §3.4.5): one who could
/// is asked even with no card to deploy.
fn acts_anytime(g: &Game, who: PlayerId) -> bool {
    let mut v = crate::rules::Found::default();
    crate::rules::traits::legal_anytime(g, who, &mut v);
    v.0
}

/// Everyone has passed: the window closes; at a phase boundary the turn goes on.
fn close(g: &mut Game) {
    g.window = None;
    if let Step::Respond { then } = g.step {
        turn::continue_with(g, then);
    }
}

/// §2.6: the responder is done.
pub(crate) fn pass(g: &mut Game, who: PlayerId) {
    g.log.push(Event::Passed { who });
    drop(g, who);
}

/// A commander leaves the window (they passed, or left the game, §6.3, §7.2).
pub(crate) fn drop(g: &mut Game, who: PlayerId) {
    if let Some(w) = g.window.as_mut() {
        w.queue.retain(|p| *p != who);
    }
    settle(g);
}

/// Where a response is deployed: an engagement (Events and Tactics, §6.5.4) or not (Events).
fn context(g: &Game) -> Context {
    if g.engagement.is_some() {
        Context::Engagement
    } else {
        Context::EventsOnly
    }
}

/// Whether `card` is of a kind that answers in a window now: an Event (§2.6); in an
/// engagement a Tactic (§2.7), or any card whose text lets it be deployed in an engagement
/// (§6.5.4, §8.1). A fast filter: `manufacturing::check` refuses every other kind.
fn answers(g: &Game, who: PlayerId, card: Inst) -> bool {
    match g.card(card).kind {
        CardKind::Event => true,
        CardKind::Tactic => g.engagement.is_some(),
        _ => {
            g.engagement.is_some()
                && g.resolve(crate::ir::BaseRule::DeployInEngagement, who, Some(card))
                    .flag()
        }
    }
}

/// Whether `who` may deploy `card` in a window now: at its printed timing (start-of-engagement
/// cards only in STEP 1), passing the deploy checks of the context (§2.6, §2.7, §6.5.4).
fn check(
    g: &Game,
    who: PlayerId,
    card: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
) -> Result<(), RuleError> {
    // The kinds that answer are exactly those `manufacturing::check` admits in this context
    // (`answers` only saves it the work), so its refusals name the rule.
    if let Some(e) = g.engagement.as_ref() {
        engagement::check_card_timing(g, card, &e.step)?;
    }
    manufacturing::check(g, who, card, host, replacing, context(g)).map(|_| ())
}

/// Whether `card` answers in a window now and is at its printed timing (start-of-engagement
/// cards only in STEP 1): what every window deployment must be before its deploy checks.
fn may_answer(g: &Game, who: PlayerId, card: Inst) -> bool {
    answers(g, who, card)
        && g.engagement.as_ref().is_none_or(|e| {
            engagement::check_card_timing::<crate::error::Refused>(g, card, &e.step).is_ok()
        })
}

/// §2.6, §2.7: whether `who` holds a card they could deploy in a window now (I-60).
pub(crate) fn can_respond(g: &Game, who: PlayerId) -> bool {
    g.cmd(who).is_some_and(|c| {
        !c.out
            && c.hand.iter().any(|&card| {
                may_answer(g, who, card) && manufacturing::deployable(g, who, card, context(g))
            })
    }) || crate::effects::activated::any(g, who)
}

/// A responder deploys `card`.
pub(crate) fn deploy(
    g: &mut Game,
    who: PlayerId,
    card: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
) -> Result<(), RuleError> {
    check(g, who, card, host, replacing)?;
    manufacturing::deploy(g, who, card, host, replacing, context(g))
}

/// The responder's legal choices: each way to deploy a card they could deploy, or pass.
pub(crate) fn legal(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    if let Some(c) = g.cmd(who) {
        for card in manufacturing::first_copies(g, c.hand.iter().copied()) {
            // Every way `who` may deploy `card` in the window now (an Event or Tactic has one).
            if !may_answer(g, who, card) {
                continue;
            }
            manufacturing::each_way(g, who, card, context(g), |w| {
                out.push(Choice::Deploy {
                    card,
                    host: w.host,
                    replacing: w.replacing,
                });
                true
            });
        }
    }
    out.push(Choice::Pass);
}
