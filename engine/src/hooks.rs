//! Hook points: where the rules let card text act. The rules call [`dispatch`] at every
//! point the rulebook names; `effects::triggers` finds the abilities the moment wakes and
//! queues them (`effects::actions` resolves them after the choice, §6.8).
//! [`ability_overrides`] feeds the Golden-Rule resolver (§8.1) with the overrides printed on
//! cards; cost modifiers (§8.4) are read by `rules::manufacturing` through
//! `effects::overrides::cost`. Rulings may still inject overrides and discounts directly
//! (`Game::add_override`, `Game::add_discount`).

use crate::ids::{Inst, PlayerId};
use crate::resolver::Override;
use crate::state::{Discount, Game};

/// A moment the rules let card text act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// A card was deployed: resolve its "when deployed" effects (§4.2, §4.6, §5.4.2, §8.6).
    Deployed {
        card: Inst,
    },
    /// An Event or Tactic resolves as it is deployed (§2.6, §2.7, §6.8).
    EventDeployed {
        card: Inst,
    },
    /// "During your Logistics Phase" effects (§5.3.5).
    Logistics {
        who: PlayerId,
    },
    /// "During your Manufacturing Phase" effects (§5.4.4).
    Manufacturing {
        who: PlayerId,
    },
    /// A commander's turn starts / ends (§5.2, §5.5.5).
    TurnStarts {
        who: PlayerId,
    },
    TurnEnds {
        who: PlayerId,
    },
    /// A card is about to leave play destroyed (§6.7, §9.12); still in play when woken.
    Destroyed {
        card: Inst,
    },
    /// A volley die rolled an unmodified 1 or 10 for `unit` (§9.19, §8.2).
    RollsNatural {
        unit: Inst,
        natural: u8,
    },
    /// `ship`'s Marines begin a boarding action against `target` (§6.6 STEP 8, §9.3).
    Boarding {
        ship: Inst,
        target: Inst,
    },
    /// A deed (issue 17): `actor` did it (`Destroys`, `Wounds`, `Hijacks`, `Retreats`) or
    /// suffered it (`WoundedBy`, `Hijacked`); `other` is the card on the other side of it,
    /// which the effect may name `that <noun>`.
    Deed {
        deed: crate::ir::effect::TriggerEvent,
        actor: Inst,
        other: Option<Inst>,
    },
    /// An engagement between these commanders starts / ended (§6.5.1).
    EngagementStarts {
        attacker: PlayerId,
        defender: PlayerId,
    },
    EngagementEnds {
        attacker: PlayerId,
        defender: PlayerId,
    },
}

/// Queue the abilities that `trigger` wakes and resolve them now (§5.3.5, §5.4.4: at their
/// point of the turn). An Event's or Tactic's play and "when destroyed" abilities resolve
/// once the deployment or destruction is complete, after the current rule step; so do
/// abilities woken in the middle of combat (natural rolls, boarding).
pub fn dispatch(game: &mut Game, trigger: Trigger) {
    crate::effects::triggers::wake(game, trigger);
    if !matches!(
        trigger,
        Trigger::EventDeployed { .. }
            | Trigger::Destroyed { .. }
            | Trigger::RollsNatural { .. }
            | Trigger::Boarding { .. }
            | Trigger::Deed { .. }
    ) {
        crate::effects::actions::run(game);
    }
}

/// Overrides from the printed abilities of cards whose text is live (§8.1).
pub fn ability_overrides(game: &Game) -> Vec<Override> {
    crate::effects::overrides::ability_overrides(game)
}

/// Flat discounts from abilities: none — printed cost modifiers carry filters and
/// penalties, so `effects::overrides::cost` applies them.
pub fn ability_discounts(_game: &Game) -> Vec<Discount> {
    Vec::new()
}
