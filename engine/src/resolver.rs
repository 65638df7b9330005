//! The Golden-Rule resolver (§8.1 "We Break Our Own Rules").
//!
//! Every base rule the engine consults is a [`BaseRule`] (name, section, default). The engine
//! never reads a rule value directly: it asks [`resolve`], which looks at the overrides in
//! scope and answers with the value *and* its provenance, so the log can say which card
//! changed which rule.
//!
//! Overrides are data ([`Override`]: rule, value, scope, source card instance). In this issue
//! they are injected by rulings and tests (`Game::add_override`); card abilities will feed the
//! same list through `hooks::ability_overrides`.
//!
//! **In scope**: an override counts only while its source card is in play (on the battlefield
//! or attached there, and not face down, §3.4.4) and its commander is still in the game, and
//! only for the commanders/cards its [`Scope`] covers.
//!
//! **Precedence** between conflicting overrides of one rule (documented in docs/engine.md):
//! 1. the most specific scope wins: `Card` > `Controller`/`Opponents` > `Global`;
//! 2. among equally specific ones, the source that entered play most recently wins
//!    (timestamp order, like printed text read in the order the cards arrived);
//! 3. among overrides from one source, the one added last wins.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::ids::{Inst, PlayerId};
use crate::ir::{BaseRule, RuleValue};

/// Whom an override applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scope {
    /// Every commander.
    Global,
    /// The source card's controller.
    Controller,
    /// Every commander except the source's controller.
    Opponents,
    /// Only questions about this card (e.g. `deploy-in-setup` of one Event).
    Card(Inst),
    /// Questions about any card as this one meets it (`stealth-bonus` against this firer,
    /// issue #40, part 3.10; I-99).
    Against(Inst),
}

impl Scope {
    fn specificity(self) -> u8 {
        match self {
            // I-99: the rule of one meeting is more specific than either card's own rule.
            Scope::Against(_) => 4,
            Scope::Card(_) => 3,
            Scope::Controller | Scope::Opponents => 2,
            Scope::Global => 1,
        }
    }
}

/// A card's change to a base rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Override {
    pub rule: BaseRule,
    pub value: RuleValue,
    pub scope: Scope,
    pub source: Inst,
}

/// What the question is about: whose rule, and which card if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Query {
    pub rule: BaseRule,
    pub commander: PlayerId,
    pub card: Option<Inst>,
    /// The card that meets `card` (the unit firing at it), for `Scope::Against`.
    pub against: Option<Inst>,
}

/// An override that is live, with what the resolver needs to rank it.
#[derive(Debug, Clone, Copy)]
pub struct Live {
    pub ov: Override,
    pub controller: PlayerId,
    /// When the source entered play (bigger = later).
    pub timestamp: u32,
    /// Position in the override list (bigger = added later).
    pub order: usize,
}

/// Resolutions a check consulted that a card overrode, logged once the checked action is
/// carried out (§8.1); inline, as a deployment meets one or two (issue #15).
pub type Consulted = SmallVec<[Resolution; 2]>;

/// The answer: value, default, and which override (if any) produced it.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolution {
    pub rule: BaseRule,
    pub value: RuleValue,
    pub winner: Option<Override>,
    /// In-scope overrides of the same rule that lost to the winner; inline, as rarely more
    /// than one is in scope (issue #15).
    pub beat: SmallVec<[Override; 2]>,
}

impl Resolution {
    /// The rule at its base value, no override in scope (§8.1).
    pub fn base(rule: BaseRule) -> Resolution {
        Resolution {
            rule,
            value: rule.default_value(),
            winner: None,
            beat: SmallVec::new(),
        }
    }

    pub fn count(&self) -> u8 {
        match self.value {
            RuleValue::Count(n) => n,
            _ => count_default(self.rule),
        }
    }

    pub fn flag(&self) -> bool {
        match self.value {
            RuleValue::Flag(b) => b,
            _ => matches!(self.rule.default_value(), RuleValue::Flag(true)),
        }
    }
}

fn count_default(rule: BaseRule) -> u8 {
    match rule.default_value() {
        RuleValue::Count(n) => n,
        _ => 0,
    }
}

fn covers(live: &Live, q: &Query) -> bool {
    match live.ov.scope {
        Scope::Global => true,
        Scope::Controller => live.controller == q.commander,
        Scope::Opponents => live.controller != q.commander,
        Scope::Card(c) => q.card == Some(c),
        Scope::Against(c) => q.against == Some(c),
    }
}

/// Resolve `q` against the live overrides (already filtered to sources in play).
pub fn resolve(q: Query, live: &[Live]) -> Resolution {
    resolve_from(q, live.iter().copied())
}

/// [`resolve`] over the live overrides as they come, with no list built on the heap: the
/// in-scope overrides are held inline (a few at most in any game seen), so a resolution
/// allocates nothing (the engine's path, `Game::resolve`; issue #15).
pub fn resolve_from(q: Query, live: impl IntoIterator<Item = Live>) -> Resolution {
    let mut candidates: SmallVec<[Live; 8]> = live
        .into_iter()
        .filter(|l| l.ov.rule == q.rule && l.ov.value.kind() == q.rule.kind() && covers(l, &q))
        .collect();
    // Highest precedence last (stable sort: deterministic for equal keys).
    candidates.sort_by_key(|l| (l.ov.scope.specificity(), l.timestamp, l.order));
    match candidates.pop() {
        None => Resolution::base(q.rule),
        Some(w) => Resolution {
            rule: q.rule,
            value: w.ov.value,
            winner: Some(w.ov),
            beat: candidates.iter().rev().map(|l| l.ov).collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::RuleValue::Count;

    fn live(value: u8, scope: Scope, controller: u8, timestamp: u32, order: usize) -> Live {
        Live {
            ov: Override {
                rule: BaseRule::HandSize,
                value: Count(value),
                scope,
                source: Inst(order as u16),
            },
            controller: PlayerId(controller),
            timestamp,
            order,
        }
    }

    fn q(commander: u8, card: Option<Inst>) -> Query {
        Query {
            rule: BaseRule::HandSize,
            commander: PlayerId(commander),
            card,
            against: None,
        }
    }

    #[test]
    fn default_without_overrides() {
        let r = resolve(q(0, None), &[]);
        assert_eq!(r.value, Count(5));
        assert!(r.winner.is_none());
    }

    #[test]
    fn scope_filters_commanders() {
        let l = [
            live(7, Scope::Controller, 0, 1, 0),
            live(3, Scope::Opponents, 0, 1, 1),
        ];
        assert_eq!(resolve(q(0, None), &l).value, Count(7));
        assert_eq!(resolve(q(1, None), &l).value, Count(3));
    }

    #[test]
    fn specific_beats_general_then_latest_wins() {
        let l = [
            live(9, Scope::Global, 1, 50, 0),
            live(6, Scope::Controller, 0, 10, 1),
            live(8, Scope::Controller, 1, 20, 2),
        ];
        // Both commander-scoped overrides cover P0? Only the first (controller 0).
        let r = resolve(q(0, None), &l);
        assert_eq!(r.value, Count(6));
        assert_eq!(r.beat.len(), 1);
        let l2 = [
            live(6, Scope::Global, 0, 10, 0),
            live(8, Scope::Global, 1, 20, 1),
        ];
        assert_eq!(resolve(q(0, None), &l2).value, Count(8));
        let l3 = [
            live(6, Scope::Global, 0, 10, 0),
            live(2, Scope::Card(Inst(4)), 0, 1, 1),
        ];
        assert_eq!(resolve(q(0, Some(Inst(4))), &l3).value, Count(2));
        assert_eq!(resolve(q(0, Some(Inst(5))), &l3).value, Count(6));
    }
}
