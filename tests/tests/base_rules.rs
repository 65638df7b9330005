//! Card text always wins (§8.1), proven by outcomes rather than citations: for every base rule
//! a card may override (`BaseRule::ALL`), some ruling under `tests/rulings/` shows a card
//! overriding it (`[§8.1] X overrides <rule>`) and, run again with every override of that rule
//! taken away — printed on cards and in `override:` headers — ends differently. A new base rule
//! without such a ruling fails here; so does a rule the engine stops honouring.

use tests::{base_rule_pins, outcome, override_line, pool_without, ruling_pool, run_ruling};

#[test]
fn every_base_rule_has_a_ruling_whose_outcome_it_changes() {
    let missing: Vec<&str> = base_rule_pins()
        .iter()
        .filter(|(_, pins)| pins.is_empty())
        .map(|(rule, _)| rule.name())
        .collect();
    assert!(
        missing.is_empty(),
        "base rules with no ruling in which a card's override changes the outcome: {missing:?}"
    );
}

/// The proof can fail: a ruling that only consults a rule at its default pins nothing.
#[test]
fn a_ruling_without_an_override_pins_nothing() {
    let pool = ruling_pool();
    let text = "title: no override here\nphase: manufacturing\n\ncommander Ada\n  \
                hand: Refinery Module\n  in play:\n    Test Station @home\n\n\
                commander Bob\n  in play:\n    Test Station\n\nscript:\n  \
                Ada: deploy Refinery Module onto @home\n";
    let rule = cardlang::ir::BaseRule::StationModuleLimit;
    let with = run_ruling(text, pool.clone(), None);
    assert!(!with.contains(&override_line(rule)));
    let without = run_ruling(text, pool_without(&pool, rule), Some(rule));
    assert_eq!(outcome(&with), outcome(&without));
}
