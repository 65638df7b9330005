//! Rule errors: why a choice was refused, citing the section. A refused choice changes
//! nothing (`Game::apply` commits only on success).

use serde::Serialize;
use thiserror::Error;

use crate::choice::{Choice, DecisionKind};
use crate::ids::{Inst, PlayerId};
use crate::ir::Amount;

/// A refused choice.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("{who} is out of the game")]
    OutOfGame { who: PlayerId },
    #[error("{who} has no commander seat in this game")]
    NoSuchCommander { who: PlayerId },
    #[error("it is {decider}'s decision, not {who}'s")]
    NotYourDecision { who: PlayerId, decider: PlayerId },
    #[error("{what} is not allowed now: {why}")]
    NotNow {
        what: &'static str,
        why: String,
        section: &'static str,
    },
    #[error("card {inst} is not {wanted}")]
    WrongZone {
        inst: Inst,
        wanted: &'static str,
        section: &'static str,
    },
    #[error("{card} cannot be deployed that way: {why}")]
    CannotDeploy {
        card: String,
        why: String,
        section: &'static str,
    },
    #[error("cannot pay {cost}: the Stockpile holds {have}")]
    CannotAfford {
        cost: Amount,
        have: Amount,
        section: &'static str,
    },
    #[error("{card} cannot go on {host}: {why}")]
    BadHost {
        card: String,
        host: String,
        why: String,
        section: &'static str,
    },
    #[error("{host} has no room: {why}")]
    NoCapacity {
        host: String,
        why: String,
        section: &'static str,
    },
    #[error("{card} is Unique and {who} already has {in_play} in play")]
    Unique {
        card: String,
        who: PlayerId,
        in_play: u8,
    },
    #[error("{what}")]
    Conscription { what: String, section: &'static str },
    #[error("{what}")]
    Engagement { what: String, section: &'static str },
    #[error("{what}")]
    Effect { what: String, section: &'static str },
    #[error("invalid override: {what}")]
    BadOverride { what: String },
    /// A choice that is not one of the pending step's (`describe` names both in words).
    #[error("that choice is not one of this step's")]
    NotAChoice {
        who: PlayerId,
        choice: Choice,
        kind: DecisionKind,
        section: &'static str,
    },
}

impl RuleError {
    /// The section whose rule refused the choice.
    pub fn section(&self) -> &'static str {
        match self {
            RuleError::GameOver => "6.1",
            RuleError::OutOfGame { .. } => "7.2",
            RuleError::NoSuchCommander { .. } => "7.1",
            RuleError::NotYourDecision { .. } => "5.6",
            RuleError::Unique { .. } => "3.4.11",
            RuleError::BadOverride { .. } => "8.1",
            RuleError::NotNow { section, .. }
            | RuleError::WrongZone { section, .. }
            | RuleError::CannotDeploy { section, .. }
            | RuleError::CannotAfford { section, .. }
            | RuleError::BadHost { section, .. }
            | RuleError::NoCapacity { section, .. }
            | RuleError::Conscription { section, .. }
            | RuleError::Engagement { section, .. }
            | RuleError::Effect { section, .. }
            | RuleError::NotAChoice { section, .. } => section,
        }
    }
}

/// `": it was destroyed"` when `i` is in the Scrapheap: a refusal of a card that is gone says
/// so rather than only that the card is not where the choice needs it (§9.12).
pub(crate) fn gone(g: &crate::Game, i: Inst) -> &'static str {
    match g.zone(i) {
        Some(crate::state::Zone::Scrapheap) => ": it was destroyed and is in the Scrapheap",
        _ => "",
    }
}

/// How a check says no. A choice a commander made gets the whole [`RuleError`], its names and
/// numbers in words; legal-move generation only asks whether a choice would pass, so its
/// checks word nothing ([`Refused`]): the closure that would build the error never runs
/// (issue #15). One check serves both, so a listed choice is always accepted.
pub(crate) trait Refusal: Sized {
    fn because(why: impl FnOnce() -> RuleError) -> Self;
}

impl Refusal for RuleError {
    fn because(why: impl FnOnce() -> RuleError) -> RuleError {
        why()
    }
}

/// A refusal nobody will read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Refused;

impl Refusal for Refused {
    fn because(_why: impl FnOnce() -> RuleError) -> Refused {
        Refused
    }
}
