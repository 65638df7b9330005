//! The game log: typed events, each citing the rule section it applied.
//!
//! A log is the ruling transcript: same decks, seed and choices give the same log, byte for
//! byte (see `Game::log_json`). Events name cards by [`CardRef`]; `transcript` renders names.

use serde::Serialize;

use crate::ids::{Inst, PlayerId};
use crate::ir::{Amount, BaseRule, CardId, RegimentUnit, RuleValue};
use crate::resolver::Scope;

/// A card instance and the card it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CardRef {
    pub inst: Inst,
    pub card: CardId,
}

/// The phases of the game (§4.1, §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Phase {
    Setup,
    Logistics,
    Manufacturing,
    Engagement,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::Logistics => "Logistics",
            Phase::Manufacturing => "Manufacturing",
            Phase::Engagement => "Engagement",
        }
    }

    pub fn section(self) -> &'static str {
        match self {
            Phase::Setup => "4.1",
            Phase::Logistics => "5.3",
            Phase::Manufacturing => "5.4",
            Phase::Engagement => "5.5",
        }
    }
}

/// How a card came to be deployed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DeployHow {
    /// From hand at cost (§4.6, §5.4.2).
    FromHand,
    /// An Event from hand, at cost, at any time (§2.6).
    Event,
    /// Breakthru from hand, free (§5.4.1).
    Breakthru,
    /// Face Up-Face Down Module-Ship, free and face down (§3.4.4).
    FaceDown,
    /// Searched from the Shipyard at double printed cost (§5.4.3).
    Conscripted,
    /// Searched from the Shipyard for a Regimented unit, free (§3.4.7).
    Regimented,
    /// Station or Setup Module-Station, free (§4.2).
    Setup,
}

impl DeployHow {
    pub fn section(self) -> &'static str {
        match self {
            DeployHow::FromHand => "5.4.2",
            DeployHow::Event => "2.6",
            DeployHow::Breakthru => "5.4.1",
            DeployHow::FaceDown => "3.4.4",
            DeployHow::Conscripted => "5.4.3",
            DeployHow::Regimented => "3.4.7",
            DeployHow::Setup => "4.2",
        }
    }
}

/// What happened to a unit that no longer fits its host (§9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CapacityOutcome {
    /// A Fighter Wing launched into open space.
    ToOpenSpace,
    /// A Marine lost as a casualty, to the Scrapheap.
    Scrapped,
}

/// Why the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// Only one commander remains (§6.1, §7.2).
    Winner(PlayerId),
    /// The configured turn limit was reached before engagements could decide it.
    TurnLimit { turns: u32 },
    /// Every commander scooped.
    NoCommanders,
}

/// One thing that happened, with the rule that made it happen.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Event {
    GameStarted {
        commanders: u8,
        seed: u64,
    },
    /// Every search ends in a shuffle (§8.3); so does the opening shuffle.
    ShipyardShuffled {
        who: PlayerId,
    },
    StationDeployed {
        who: PlayerId,
        station: CardRef,
    },
    StockpileCardsPlaced {
        who: PlayerId,
        cards: Vec<CardRef>,
    },
    StockpilesSet {
        who: PlayerId,
        resource: u8,
        currency: u8,
    },
    /// Cards drawn; `short` counts cards the Shipyard could not supply (§5.3.1: not an error).
    Drew {
        who: PlayerId,
        cards: Vec<CardRef>,
        short: u8,
        setup: bool,
    },
    Mulligan {
        who: PlayerId,
        discarded: Vec<CardRef>,
        paid: Amount,
    },
    KeptHand {
        who: PlayerId,
        mulligans: u8,
    },
    /// Income gained; `clamped` when the Stockpile cap cut it (§9.27).
    Income {
        who: PlayerId,
        gained: Amount,
        sources: Vec<CardRef>,
        clamped: bool,
        setup: bool,
    },
    SetupDone {
        who: PlayerId,
    },
    InitiativeRolled {
        round: u8,
        rolls: Vec<(PlayerId, u8)>,
    },
    TurnOrder {
        order: Vec<PlayerId>,
    },
    TurnBegan {
        who: PlayerId,
        turn: u32,
    },
    PhaseBegan {
        who: PlayerId,
        phase: Phase,
    },
    Repaired {
        card: CardRef,
        healed: u8,
        left: u8,
        repair_trait: bool,
    },
    Deployed {
        who: PlayerId,
        card: CardRef,
        host: Option<CardRef>,
        paid: Amount,
        how: DeployHow,
    },
    /// A deployed card's "on deployed" effects would resolve here (abilities: later issue).
    ModuleReplaced {
        who: PlayerId,
        old: CardRef,
        host: CardRef,
    },
    Reassigned {
        who: PlayerId,
        card: CardRef,
        from: Option<CardRef>,
        to: Option<CardRef>,
    },
    CapacityLost {
        card: CardRef,
        host: CardRef,
        outcome: CapacityOutcome,
    },
    RegimentSearch {
        host: CardRef,
        unit: RegimentUnit,
        left: u8,
    },
    RegimentEnded {
        host: CardRef,
        declined: bool,
        nothing_left: bool,
    },
    EventResolved {
        who: PlayerId,
        card: CardRef,
    },
    Discarded {
        who: PlayerId,
        card: CardRef,
        setup: bool,
    },
    EngagementDeclared {
        attacker: PlayerId,
        defender: PlayerId,
        fleet: Vec<CardRef>,
    },
    /// Resolution of engagements (§6.6) lands with the engagement issue.
    EngagementNotResolved {
        attacker: PlayerId,
        defender: PlayerId,
    },
    EngagementDeclined {
        who: PlayerId,
    },
    Passed {
        who: PlayerId,
    },
    TurnEnded {
        who: PlayerId,
    },
    Scooped {
        who: PlayerId,
    },
    SpoilsOfWar {
        to: PlayerId,
        from: PlayerId,
        gained: Amount,
    },
    /// A card's text changed a base rule (§8.1); the value the engine used instead.
    RuleOverridden {
        rule: BaseRule,
        default: RuleValue,
        value: RuleValue,
        source: CardRef,
        scope: Scope,
        /// Other in-scope overrides this one beat, by the precedence in `resolver`.
        beat: Vec<CardRef>,
    },
    GameOver {
        outcome: Outcome,
    },
}

impl Event {
    /// The rulebook section the event applied.
    pub fn section(&self) -> &'static str {
        match self {
            Event::GameStarted { .. } => "4.1",
            Event::ShipyardShuffled { .. } => "8.3",
            Event::StationDeployed { .. } => "4.2",
            Event::StockpileCardsPlaced { .. } => "4.3",
            Event::StockpilesSet { .. } => "4.3",
            Event::Drew { setup: true, .. } => "4.4",
            Event::Drew { setup: false, .. } => "5.3.1",
            Event::Mulligan { .. } | Event::KeptHand { .. } => "4.4.1",
            Event::Income { setup: true, .. } => "4.5",
            Event::Income { setup: false, .. } => "5.3.2",
            Event::SetupDone { .. } => "4.7",
            Event::InitiativeRolled { .. } | Event::TurnOrder { .. } => "4.8",
            Event::TurnBegan { .. } => "5.2",
            Event::PhaseBegan { phase, .. } => phase.section(),
            Event::Repaired { .. } => "5.3.4",
            Event::Deployed { how, .. } => how.section(),
            Event::ModuleReplaced { .. } => "2.3",
            Event::Reassigned { .. } => "5.4.5",
            Event::CapacityLost { .. } => "9.4",
            Event::RegimentSearch { .. } | Event::RegimentEnded { .. } => "3.4.7",
            Event::EventResolved { .. } => "2.6",
            Event::Discarded { setup: true, .. } => "4.7",
            Event::Discarded { setup: false, .. } => "5.5.4",
            Event::EngagementDeclared { .. } => "5.5.2",
            Event::EngagementNotResolved { .. } => "6.6",
            Event::EngagementDeclined { .. } => "5.5.1",
            Event::Passed { .. } => "2.6",
            Event::TurnEnded { .. } => "5.5.5",
            Event::Scooped { .. } => "7.2",
            Event::SpoilsOfWar { .. } => "7.1.3.1",
            Event::RuleOverridden { .. } => "8.1",
            Event::GameOver { .. } => "6.1",
        }
    }
}
