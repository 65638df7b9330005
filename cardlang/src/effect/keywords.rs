//! The ability language's words as an editor offers them (`cardc lsp` completion): the one
//! list to extend when the grammar (`ability.pest`) learns a trigger or an effect.

/// Trigger phrases after `when` (docs/abilities.md, "Triggers").
pub const TRIGGERS: &[&str] = &[
    "deployed",
    "destroyed",
    "boarded",
    "boards",
    "is wounded",
    "rolls a natural",
    "engagement starts",
    "engagement ends",
    "your logistics phase",
    "your manufacturing phase",
    "turn starts",
    "turn ends",
    "host",
    "any",
];

/// Words that start a step or an action of an effect (docs/abilities.md, "Effects").
pub const EFFECTS: &[&str] = &[
    "deal",
    "volley",
    "repair",
    "cancel this engagement",
    "destroy",
    "sacrifice",
    "search your shipyard for",
    "attach",
    "detach",
    "return",
    "retreat",
    "take",
    "give",
    "pay",
    "draw",
    "discard",
    "gain",
    "lose",
    "if",
    "you may",
    "roll a volley die",
    "choose one —",
    "immediately",
    "named",
    "until end of engagement",
    // Issue #40, parts 3.4 and 3.6: a bonus against a kind of target, taunt, decoy.
    "against",
    "opposing ships must target",
    "the next volley at",
];
