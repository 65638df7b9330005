//! Rule errors: why a choice was refused, citing the section. A refused choice changes
//! nothing (`Game::apply` commits only on success).

use serde::Serialize;
use thiserror::Error;

use crate::choice::{Choice, DecisionKind};
use crate::ids::{Inst, PlayerId};
use crate::ir::Amount;

impl RuleError {
    /// The refusal in words, with commanders named as in the game rather than by seat and
    /// cards as `Name #N`.
    pub fn describe(&self, g: &crate::Game) -> String {
        self.describe_choice(g, None)
    }

    /// The refusal of `choice` in words. A few errors carry only a card's printed name (the
    /// deployment checks see the card, not its instance); naming the choice lets them name the
    /// instance the choice meant: `Merlin-class Frigate #4`, not `Merlin-class Frigate`.
    pub fn describe_choice(&self, g: &crate::Game, choice: Option<&Choice>) -> String {
        let cards = choice.map_or_else(Vec::new, Choice::cards);
        // The instance the choice names with this printed name, if exactly one does.
        let label = |name: &str| -> String {
            let mut hits = cards.iter().filter(|&&i| g.name(i) == name);
            match (hits.next(), hits.next()) {
                (Some(&i), None) => crate::transcript::card_label(g, i),
                _ => name.to_string(),
            }
        };
        match self {
            RuleError::NotAChoice {
                who, choice, kind, ..
            } => format!(
                "`{}` is not a choice in {}'s {}",
                choice.script(g),
                g.commander_name(*who),
                kind.step_words(g)
            ),
            RuleError::WrongZone { inst, wanted, .. } => {
                let name = crate::transcript::card_label(g, *inst);
                match g.zone(*inst) {
                    // A card refused because it is gone says so (§9.12).
                    Some(crate::game::Zone::Scrapheap) if wanted.contains("play") => {
                        format!("{name} is not {wanted}: it is in the Scrapheap")
                    }
                    _ => format!("{name} is not {wanted}"),
                }
            }
            RuleError::CannotDeploy { card, why, .. } => {
                format!("{} cannot be deployed that way: {why}", label(card))
            }
            RuleError::BadHost {
                card, host, why, ..
            } => format!("{} cannot go on {}: {why}", label(card), label(host)),
            RuleError::NoCapacity { host, why, .. } => {
                format!("{} has no room: {why}", label(host))
            }
            RuleError::OutOfGame { who } => {
                format!("{} is out of the game", g.commander_name(*who))
            }
            RuleError::NotYourDecision { who, decider } => format!(
                "it is {}'s decision, not {}'s",
                g.commander_name(*decider),
                g.commander_name(*who)
            ),
            RuleError::Unique { card, who, in_play } => format!(
                "{} is Unique and {} already has {in_play} in play",
                label(card),
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
        Some(crate::game::Zone::Scrapheap) => ": it was destroyed and is in the Scrapheap",
        _ => "",
    }
}
