//! Small, copyable ids: commanders by seat and card instances by index.
//!
//! Ids are dense indices into `Vec`s so a game clones cheaply for AI search (no `Rc` graphs).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A commander, by seat. Seats run clockwise (§4.8, §5.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

/// One physical card in the game (a deck may hold several copies of a card).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Inst(pub u16);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

impl fmt::Display for Inst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
