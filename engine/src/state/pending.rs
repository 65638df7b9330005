//! State that waits on someone: open response windows (§2.6, §2.7), Spoils-of-War Marines
//! still to move (§7.1.3.3), card effects waiting to resolve and what they ask (§6.8), and
//! the temporary modifiers of one-shot effects (§9.22). Data only: the rules that move it are
//! `crate::rules::{respond, victory}` and `crate::effects`.

use serde::Serialize;

use crate::event::Cause;
use crate::ids::{Inst, PlayerId};
use crate::ir::effect::{Action, CardModifier, Commanders, Duration, Effect, Step};
use crate::ir::Amount;

/// An open response window: who is still to be asked, in order; the first decides. `Clone` is
/// written out in `state::fork`.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Window {
    pub queue: super::Seats,
    /// The head of the queue once asked: they keep the decision until they pass or deploy.
    pub asked: Option<PlayerId>,
}

/// §7.1.3.3: a ship hijacked from an eliminated commander, kept in play until its hijacker's
/// Marines aboard have moved to `local` ships with room (or been discarded).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Relocation {
    pub ship: Inst,
    pub loser: PlayerId,
    /// The hijacker's local ships when the loser fell (§9.18, I-40): in an engagement, their
    /// ships fighting in it; outside one, all their ships. None of the loser's.
    pub local: Vec<Inst>,
}

/// What a pending effect is waiting for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Ask {
    /// A chosen target of the current action (§8.5): `picked` so far of `count`.
    Target { picked: u8, count: u8, up_to: bool },
    /// `target opponent` (§8.5).
    Opponent,
    /// `you may [pay X to] ...` (§8.6): yes or no.
    May { cost: Option<Amount> },
    /// A Face Up-Face Down module's trigger occurred: flip it face up (§3.4.4)?
    Flip,
    /// Pick a card found in the Shipyard (`left` more may be taken), or stop (§8.3).
    Search { left: u8 },
    /// `who` discards a card of their choice (`left` more).
    Discard { who: PlayerId, left: u8 },
    /// A mode of a modal step (`choose one — ...`), `left` more to choose (I-89).
    Mode { left: u8 },
}

/// Which actions of an effect's step are being done, once the step's branch is known: the
/// actions are read from the card's text where they are, never copied (issue #15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Branch {
    /// A `Step::Do`'s actions.
    Do,
    /// An `if`'s `then`, or a `you may`'s actions once taken (§8.6).
    Then,
    /// An `if`'s `else`.
    Otherwise,
    /// The branch of a `Step::Roll` at this position (§9.37).
    Roll(usize),
    /// No actions: a roll no branch of the step covers.
    Nothing,
    /// The chosen mode of a `Step::Choose` at this position (I-89).
    Mode(usize),
}

impl Branch {
    /// The actions this branch of `step` names (none when it is not that kind of step).
    pub fn of(self, step: &Step) -> &[Action] {
        match (self, step) {
            (Branch::Do, Step::Do(a)) => a,
            (Branch::Then, Step::If { then, .. } | Step::May { then, .. }) => then,
            (Branch::Otherwise, Step::If { otherwise, .. }) => otherwise,
            (Branch::Roll(k), Step::Roll { branches }) => {
                branches.get(k).map_or(&[], |b| &b.actions[..])
            }
            (Branch::Mode(k), Step::Choose { modes, .. }) => modes.get(k).map_or(&[], |m| &m[..]),
            _ => &[],
        }
    }
}

/// Chosen targets, inline: a card chooses one or two (issue #15).
pub type Chosen = super::Cards<4>;

/// An effect being resolved. It holds no copy of the card's text, only where it is: `ability`
/// of the source's card, `step`, `actions` and `action` (issue #15: waking and resolving an
/// effect allocates nothing).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pending {
    /// The card whose text this is.
    pub source: Inst,
    /// Its controller when it was woken: the Commander who makes its choices.
    pub who: PlayerId,
    pub cause: Cause,
    /// The source card's ability (its position in `Card::abilities`) whose effect this is:
    /// a `play:`, a triggered ability or a replacement.
    pub ability: usize,
    pub step: usize,
    /// The actions of the current step, once its branch is known.
    pub actions: Option<Branch>,
    pub action: usize,
    /// Targets chosen so far for the current action's aim being chosen.
    pub chosen: Chosen,
    /// The recipients of the current action's earlier aims, by position (`attach target
    /// Marine to target ship` chooses twice; a named aim settles with none).
    pub settled: smallvec::SmallVec<[Chosen; 2]>,
    /// `up to N target`: the Commander stopped choosing.
    pub stopped: bool,
    pub opponent: Option<PlayerId>,
    /// Cards still to find in the current search.
    pub search_left: Option<u8>,
    /// The current discard is being asked.
    pub discarding: bool,
    pub ask: Option<Ask>,
    /// This is the `play:` of an Event or Tactic: when it is done the card has resolved and
    /// goes to the Scrapheap or stays (§2.6, §2.7).
    pub resolves_card: bool,
    /// The other card of the deed that woke this effect: `that <noun>` (issue 17).
    pub that: Option<Inst>,
    /// The card whose event woke this effect, for `that <noun>` naming the card an `any ...`
    /// trigger watched (issue #40).
    pub watched: Option<Inst>,
    /// The modes chosen for the current modal step, one bit each by position (I-89).
    pub modes: u8,
}

/// A temporary modifier from a one-shot effect (§9.22), until its duration ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Temporary {
    pub source: Inst,
    pub card: Inst,
    pub modifier: CardModifier,
    pub duration: Duration,
}

/// A temporary modifier on Commanders from a one-shot effect: hand size, income or costs
/// (issue 17), for `who` as seen from `controller`, the commander who played it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TemporaryCommanders {
    pub source: Inst,
    pub controller: PlayerId,
    pub who: Commanders,
    pub modifier: crate::ir::effect::CommanderModifier,
    pub duration: Duration,
}

impl Pending {
    pub(crate) fn new(source: Inst, who: PlayerId, cause: Cause, ability: usize) -> Pending {
        Pending {
            source,
            who,
            cause,
            ability,
            step: 0,
            actions: None,
            action: 0,
            chosen: Chosen::new(),
            settled: smallvec::SmallVec::new(),
            stopped: false,
            opponent: None,
            search_left: None,
            discarding: false,
            ask: None,
            resolves_card: false,
            that: None,
            watched: None,
            modes: 0,
        }
    }

    /// The effect this is, in `card`'s text (`card` is the source's card; none for an
    /// ability that has no effect).
    pub fn effect<'a>(&self, card: &'a crate::ir::Card) -> &'a Effect {
        static NONE: Effect = Effect { steps: Vec::new() };
        match card.abilities.get(self.ability) {
            Some(
                crate::ir::effect::Ability::Play(e)
                | crate::ir::effect::Ability::Triggered { effect: e, .. }
                | crate::ir::effect::Ability::Replacement { effect: e, .. }
                | crate::ir::effect::Ability::Activated { effect: e, .. },
            ) => e,
            _ => &NONE,
        }
    }

    /// The actions of the current step, once its branch is known, in `card`'s text.
    pub fn actions<'a>(&self, card: &'a crate::ir::Card) -> Option<&'a [Action]> {
        let branch = self.actions?;
        Some(
            self.effect(card)
                .steps
                .get(self.step)
                .map_or(&[], |s| branch.of(s)),
        )
    }

    /// The action being done, in `card`'s text.
    pub fn current<'a>(&self, card: &'a crate::ir::Card) -> Option<&'a Action> {
        self.actions(card)?.get(self.action)
    }

    /// Who answers the current question.
    pub fn decider(&self) -> PlayerId {
        match self.ask {
            Some(Ask::Discard { who, .. }) => who,
            _ => self.who,
        }
    }
}
