//! The checked intermediate representation: what the compiler produces, the database stores
//! and the engine interprets. No spans, no source text, no parser types.

pub mod card;
pub mod effect;
pub mod limits;
pub mod rules;

pub use card::*;
pub use rules::{Admits, BaseRule, OverrideProblem, RuleKind, RuleSubject, RuleValue};
