//! Deploying cards (§4.6, §5.4) and moving what is in play, by concern:
//! - `deploying` — the one deployment check and its carrying out: timing (§2.6, §2.7, §5.1),
//!   costs and discounts (§8.4), Breakthrus (§5.4.1), Unique (§3.4.11), conscription (§5.4.3,
//!   §9.7);
//! - `hosts` — where Marines, Fighter Wings and Modules go (§2.3–§2.5, §3.4.4);
//! - `capacity` — Marine and Fighter Wing capacity and what a host that loses it sheds (§2.4.1,
//!   §2.5.1.1, §9.4);
//! - `regimented` — Regimented searches (§3.4.7, §8.3);
//! - `reassigning` — reassignment (§5.4.5) and relieving a prize's garrison (§6.9.7);
//! - `listing` — the legal deployments of a decision.
//!
//! Every deployment is first *checked* by a pure function that returns a [`Plan`] (or the
//! rule error), then *carried out*; `legal_*` list exactly the choices whose check passes.
//! The shared types (the context, the plan, the checker) live here; callers name everything
//! as `manufacturing::…`, whichever file holds it.

use crate::choice::Choice;
use crate::error::{Misfit, NoRoom, Refusal, Refused, RuleError};
use crate::event::{CapacityOutcome, DeployHow, Event, RegimentEnd};
use crate::hooks::{self, Trigger};
use crate::ids::{Inst, PlayerId};
use crate::ir::{
    Amount, BaseRule, Card, CardId, CardKind, ModuleKind, RegimentUnit, RuleValue, ShipClass,
    Trait, TraitName,
};
use crate::resolver::Resolution;
use crate::rules::stats;
use crate::state::{DiscountTarget, Game, RegimentSearch, Zone};

mod capacity;
mod deploying;
mod hosts;
mod listing;
mod reassigning;
mod regimented;

pub use capacity::used;
pub(crate) use capacity::*;
pub use deploying::check;
pub(crate) use deploying::*;
pub(crate) use hosts::*;
pub(crate) use listing::*;
pub(crate) use reassigning::*;
pub(crate) use regimented::*;

/// Where a deployment happens, which decides what may be deployed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// From hand in Setup (§4.6, §5.1).
    Setup,
    /// From hand in the commander's Manufacturing Phase (§5.4).
    Manufacturing,
    /// Outside Manufacturing: only Events (§2.6).
    EventsOnly,
    /// From the Shipyard at double cost (§5.4.3).
    Conscript,
    /// From the Shipyard onto a Regimented host, free (§3.4.7).
    Regiment,
    /// During an engagement: Events and Tactics only (§6.5.4, §2.7).
    Engagement,
    /// From the Shipyard, free: the Spoils of War (§7.1.3.2).
    Spoils,
    /// From the Shipyard by a card's search, free or at cost (§8.3).
    Searched { free: bool },
}

/// A checked deployment, ready to carry out.
#[derive(Debug, Clone)]
pub struct Plan {
    pub card: Inst,
    pub host: Option<Inst>,
    pub replacing: Option<Inst>,
    pub cost: Amount,
    pub how: DeployHow,
    pub face_down: bool,
    /// Rules consulted that a card overrode (logged when carried out, §8.1).
    pub consulted: crate::resolver::Consulted,
    /// Cards whose cost modifiers changed the cost (logged when carried out, §8.4).
    pub cost_sources: crate::effects::overrides::Sources,
}

#[derive(Clone)]
struct Checker<'g> {
    g: &'g Game,
    who: PlayerId,
    consulted: crate::resolver::Consulted,
}

impl Checker<'_> {
    fn rule(&mut self, rule: BaseRule, card: Option<Inst>) -> Resolution {
        self.rule_without(rule, card, None)
    }

    /// The rule as it stands with `gone`'s text no longer in play.
    fn rule_without(
        &mut self,
        rule: BaseRule,
        card: Option<Inst>,
        gone: Option<Inst>,
    ) -> Resolution {
        let r = self.g.resolve_without(rule, self.who, card, gone);
        if r.winner.is_some() {
            self.consulted.push(r.clone());
        }
        r
    }
}

fn deploy_err(card: &Card, why: impl Into<String>, section: &'static str) -> RuleError {
    RuleError::CannotDeploy {
        card: card.name.clone(),
        why: why.into(),
        section,
    }
}

fn host_err(
    g: &Game,
    card: &Card,
    host: Inst,
    why: impl Into<String>,
    s: &'static str,
) -> RuleError {
    RuleError::BadHost {
        card: card.name.clone(),
        host: g.name(host).to_string(),
        why: why.into(),
        section: s,
    }
}
