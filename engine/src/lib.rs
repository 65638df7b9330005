//! Hull Breach! game state and rules.
//!
//! The engine sees cards only through the compiled card database ([`CardDb`]); it never
//! parses card text (ARCHITECTURE.md, invariant 1).
//!
//! Start at [`Game`]: [`Game::decision`] says who must decide what, [`Game::legal_choices`]
//! lists the options, [`Game::apply`] applies one (or refuses it with a [`RuleError`] citing
//! the section, changing nothing). Base rules go through the Golden-Rule [`resolver`] (§8.1).

pub use cardlang::db::{CardDb, DbError};
pub use cardlang::ir;

pub mod board;
pub mod choice;
pub mod completeness;
pub mod deck;
#[cfg(feature = "cli")]
pub mod diagnostics;
pub mod effects;
pub mod error;
pub mod event;
mod game;
pub mod hooks;
pub mod ids;
pub mod invariants;
pub mod liveness;
mod log;
mod moment;
pub mod odds;
pub mod players;
#[cfg(feature = "cli")]
pub mod pool_args;
pub mod replay;
pub mod resolver;
pub mod review;
pub mod rng;
pub mod rules;
pub mod ruling;
#[cfg(feature = "serve")]
pub mod serve;
pub mod simulate;
pub mod state;
pub mod sweep;
pub mod table;
pub mod transcript;
pub mod words;

pub use choice::{Choice, Decision, DecisionKind};
pub use error::RuleError;
pub use event::{Event, Outcome, Phase};
pub use ids::{Inst, PlayerId};
pub use state::{Config, Game, SetupError};
