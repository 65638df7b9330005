//! Rule errors: why a choice was refused, citing the section. A refused choice changes
//! nothing (`Game::apply` commits only on success).

use serde::Serialize;
use thiserror::Error;

use crate::ids::{Inst, PlayerId};
use crate::ir::Amount;

impl RuleError {
    /// The refusal in words, with commanders named as in the game rather than by seat.
    pub fn describe(&self, g: &crate::Game) -> String {
        match self {
            RuleError::OutOfGame { who } => {
                format!("{} is out of the game", g.commander_name(*who))
            }
            RuleError::NotYourDecision { who, decider } => format!(
                "it is {}'s decision, not {}'s",
                g.commander_name(*decider),
                g.commander_name(*who)
            ),
            RuleError::Unique { card, who, in_play } => format!(
                "{card} is Unique and {} already has {in_play} in play",
                g.commander_name(*who)
            ),
            e => e.to_string(),
        }
    }
}

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
            | RuleError::Effect { section, .. } => section,
        }
    }
}
