//! Rule errors: why a choice was refused, citing the section. A refused choice changes
//! nothing (`Game::apply` commits only on success).

use serde::Serialize;
use thiserror::Error;

use crate::choice::{Choice, DecisionKind};
use crate::ids::{Inst, PlayerId};
use crate::ir::{Amount, Card, SizeRestriction};

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
    /// A unit that cannot move in play that way (§5.4.5, §6.9.7): `card` `cannot` (be
    /// reassigned, be relieved, relieve a garrison) because `why`.
    #[error("{card} {cannot}: {why}")]
    Move {
        card: String,
        cannot: &'static str,
        why: String,
        section: &'static str,
    },
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
            | RuleError::Move { section, .. }
            | RuleError::NotAChoice { section, .. } => section,
        }
    }
}

/// Why a Marine or Fighter Wing may not go aboard a host, or an effect may not attach a card
/// there (§2.4, §2.5.1, §5.4.5, §9.1, §9.4). A fact, not words: a deployment or reassignment
/// words it as a [`RuleError`] for the commander who chose it, and an effect's refused attach
/// (`Event::AttachRefused`) keeps it as it is, so logging a refusal allocates nothing
/// (issue #15); [`Misfit::words`] is the one wording of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Misfit {
    /// §9.1: onto itself, or onto a card attached to it.
    OntoItself,
    /// §9.1: it is attached there already.
    AlreadyAttached,
    /// §2.3: a Module once attached never moves.
    ModuleNeverMoves,
    /// §9.1: an effect attaches only Marines, Fighter Wings and Events.
    NotAttachable,
    /// §5.4.5: the unit is not a Marine or Fighter Wing of the commander's in play.
    UnitNotYours(Inst),
    /// §5.4.5: the host is not a card of the commander's in play.
    HostNotYours(Inst),
    /// §5.4.5: the unit is on that host (or in open space) already.
    AlreadyThere,
    /// §2.4: a Marine never moves into open space.
    MarineStaysAboard,
    /// §5.4.5: only Marines and Fighter Wings are reassigned.
    NotReassignable,
    /// §6.9.7: only a Marine of the commander's aboard a ship they hijacked is relieved.
    NotAGarrison,
    /// §6.9.7: only a Marine relieves a garrison.
    ReliefNotAMarine,
    /// §2.5.1: Fighter Wings carry no Marines.
    WingCarriesNoMarines,
    /// §2.4: the Marine's size restriction leaves out the ship's class.
    TooSmall,
    /// §2.4: Marines go aboard a ship or a Station only.
    NotAShipOrStation,
    /// §2.5.1.1: Fighter Wings dock only in a ship's or Station's bays.
    NoBays,
    /// §2.4.1 (§2.4.2 for a Character): the host carries no Marines at all.
    NoMarineCapacity { character: bool },
    /// §2.4.1 (Marines) or §2.5.1.1 (Fighter Wings): not enough free space aboard.
    NoRoom {
        wing: bool,
        space: u8,
        free: u8,
        capacity: u8,
    },
}

impl Misfit {
    /// Whether the host lacks the room (none at all, or not enough free; §2.4.1, §2.5.1.1)
    /// rather than refusing the card: such a refusal is `RuleError::NoCapacity`.
    pub fn is_room(self) -> bool {
        matches!(
            self,
            Misfit::NoMarineCapacity { .. } | Misfit::NoRoom { .. }
        )
    }

    /// The section whose rule refuses it.
    pub fn section(self) -> &'static str {
        match self {
            Misfit::OntoItself | Misfit::AlreadyAttached | Misfit::NotAttachable => "9.1",
            Misfit::ModuleNeverMoves => "2.3",
            Misfit::UnitNotYours(_)
            | Misfit::HostNotYours(_)
            | Misfit::AlreadyThere
            | Misfit::NotReassignable => "5.4.5",
            Misfit::NotAGarrison | Misfit::ReliefNotAMarine => "6.9.7",
            Misfit::MarineStaysAboard | Misfit::TooSmall | Misfit::NotAShipOrStation => "2.4",
            Misfit::WingCarriesNoMarines => "2.5.1",
            Misfit::NoBays => "2.5.1.1",
            Misfit::NoMarineCapacity { character: true } => "2.4.2",
            Misfit::NoMarineCapacity { character: false } => "2.4.1",
            Misfit::NoRoom { wing: false, .. } => "2.4.1",
            Misfit::NoRoom { wing: true, .. } => "2.5.1.1",
        }
    }

    /// Why, in words, for `card`, the card that would move (its printed name and size
    /// restriction; the host is named by whoever words the rest).
    pub fn words(self, card: &Card) -> String {
        match self {
            Misfit::OntoItself => {
                "a card cannot be attached to itself or to a card attached to it".into()
            }
            Misfit::AlreadyAttached => "it is already attached there".into(),
            Misfit::ModuleNeverMoves => "a Module once attached never moves to another card".into(),
            Misfit::NotAttachable => {
                "only Marines, Fighter Wings and Events can be attached by an effect".into()
            }
            Misfit::UnitNotYours(_) => "it is not a Marine or Fighter Wing of yours in play".into(),
            Misfit::HostNotYours(_) => "the host is not a card of yours in play".into(),
            Misfit::AlreadyThere => "it is already there".into(),
            Misfit::MarineStaysAboard => "a Marine must stay aboard a ship or Station".into(),
            Misfit::NotReassignable => "only Marines and Fighter Wings are reassigned".into(),
            Misfit::NotAGarrison => "it garrisons no ship its commander hijacked".into(),
            Misfit::ReliefNotAMarine => "only a Marine aboard a ship relieves a garrison".into(),
            Misfit::WingCarriesNoMarines => "Fighter Wings carry no Marines".into(),
            Misfit::TooSmall => match &card.fits {
                Some(fits) => format!("the Marine fits only {}", fitting(fits)),
                None => "the Marine does not fit that ship".into(),
            },
            Misfit::NotAShipOrStation => "Marines go aboard a ship or Station".into(),
            Misfit::NoBays => "Fighter Wings dock only in a ship or Station's bays".into(),
            Misfit::NoMarineCapacity { .. } => "it cannot carry Marines".into(),
            Misfit::NoRoom {
                wing,
                space,
                free,
                capacity,
            } => format!(
                "{} needs {space} {} space, {free} of {capacity} is free",
                card.name,
                if wing { "Fighter Wing" } else { "Marine" }
            ),
        }
    }
}

/// The ships a size restriction admits, as a refusal says it: `ships larger than a Cruiser`,
/// `a Cruiser or larger`, `a Frigate or a Destroyer` (§2.4, §2.5 "Size Matters!").
pub(crate) fn fitting(fits: &SizeRestriction) -> String {
    match fits {
        SizeRestriction::LargerThan(c) => format!("ships larger than a {c}"),
        SizeRestriction::AtLeast(c) => format!("a {c} or larger"),
        SizeRestriction::SmallerThan(c) => format!("ships smaller than a {c}"),
        SizeRestriction::AtMost(c) => format!("a {c} or smaller"),
        SizeRestriction::Classes(cs) if cs.is_empty() => "no ship".into(),
        SizeRestriction::Classes(cs) => {
            let mut out = String::new();
            for (k, c) in cs.iter().enumerate() {
                out.push_str(match k {
                    0 => "a ",
                    k if k + 1 == cs.len() => " or a ",
                    _ => ", a ",
                });
                out.push_str(c.name());
            }
            out
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

    /// A refusal for want of room aboard a host or on a Station ([`RuleError::NoCapacity`]):
    /// a Regiment's search asks only whether that is why a card was refused (§3.4.7).
    fn no_room(why: impl FnOnce() -> RuleError) -> Self {
        Self::because(why)
    }
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

/// Whether a refusal was for want of room, and nothing more (no words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NoRoom(pub bool);

impl Refusal for NoRoom {
    fn because(_why: impl FnOnce() -> RuleError) -> NoRoom {
        NoRoom(false)
    }

    fn no_room(_why: impl FnOnce() -> RuleError) -> NoRoom {
        NoRoom(true)
    }
}

#[cfg(test)]
mod tests {
    use super::fitting;
    use crate::ir::{ShipClass, SizeRestriction};

    #[test]
    fn a_size_restriction_reads_as_the_ships_it_admits() {
        use ShipClass::*;
        let cases = [
            (
                SizeRestriction::LargerThan(Cruiser),
                "ships larger than a Cruiser",
            ),
            (SizeRestriction::AtLeast(Cruiser), "a Cruiser or larger"),
            (
                SizeRestriction::SmallerThan(Battleship),
                "ships smaller than a Battleship",
            ),
            (SizeRestriction::AtMost(Destroyer), "a Destroyer or smaller"),
            (SizeRestriction::Classes(vec![Frigate]), "a Frigate"),
            (
                SizeRestriction::Classes(vec![Frigate, Destroyer, Cruiser]),
                "a Frigate, a Destroyer or a Cruiser",
            ),
            (SizeRestriction::Classes(vec![]), "no ship"),
        ];
        for (fits, words) in cases {
            assert_eq!(fitting(&fits), words, "{fits:?}");
        }
    }
}
