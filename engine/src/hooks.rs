//! Hook points where card abilities plug in (the effect IR is a later issue).
//!
//! The engine calls [`dispatch`] at every trigger point the rulebook names and asks
//! [`ability_overrides`] / [`ability_discounts`] for the Golden-Rule overrides (§8.1) and cost
//! changes (§8.4) that cards in play contribute. Today they contribute nothing; rulings inject
//! overrides and discounts directly (`Game::add_override`, `Game::add_discount`).

use crate::game::{Discount, Game};
use crate::ids::{Inst, PlayerId};
use crate::resolver::Override;

/// A moment the rules let card text act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// A card was deployed: resolve its "when deployed" effects (§4.2, §4.6, §5.4.2, §8.6).
    Deployed { card: Inst },
    /// An Event resolves as it is deployed (§2.6).
    EventDeployed { card: Inst },
    /// "During your Logistics Phase" effects (§5.3.5).
    Logistics { who: PlayerId },
    /// "During your Manufacturing Phase" effects (§5.4.4).
    Manufacturing { who: PlayerId },
}

/// Run the abilities that `trigger` wakes. No abilities exist yet.
pub fn dispatch(_game: &mut Game, _trigger: Trigger) {}

/// Whether [`ability_overrides`] can return anything (lets the resolver skip the scan).
pub const HAS_ABILITY_OVERRIDES: bool = false;

/// Overrides from the printed abilities of cards in play. None yet.
pub fn ability_overrides(_game: &Game) -> Vec<Override> {
    Vec::new()
}

/// Cost changes from the printed abilities of cards in play. None yet.
pub fn ability_discounts(_game: &Game) -> Vec<Discount> {
    Vec::new()
}
