//! `cardc explain HB0417` (issue #40 §4): every code a tool can emit has a long explanation, read
//! through the binary; a code no tool emits is a usage error.

use std::process::{Command, Output};

fn cardc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("cardc runs")
}

/// Every code the compiler, the deck validator, the ruling reader, `cardc` and `hullbreach` can
/// emit, from their own tables.
fn every_code() -> Vec<String> {
    let mut all: Vec<String> = cardlang::diag::codes::ALL
        .iter()
        .chain(cardlang::effect::codes::ALL)
        .map(|(c, _)| c.to_string())
        .collect();
    all.extend(
        engine::deck::DeckRule::ALL
            .iter()
            .map(|r| r.code().to_string()),
    );
    all.extend(cardc::commands::CODES.iter().map(|c| c.to_string()));
    all.extend(
        engine::ruling::Code::ALL
            .iter()
            .map(|c| c.code().to_string()),
    );
    all.extend(engine::diagnostics::CODES.iter().map(|c| c.to_string()));
    all
}

#[test]
fn every_code_has_an_explanation_and_every_explanation_a_code() {
    let all = every_code();
    let missing: Vec<&String> = all
        .iter()
        .filter(|c| cardlang::diag::explanation(c).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "codes without an explanation: {missing:?}"
    );
    let stale: Vec<&str> = cardlang::diag::explained_codes()
        .map(|(c, _)| c)
        .filter(|c| !all.iter().any(|a| a == c))
        .collect();
    assert!(stale.is_empty(), "explanations of no code: {stale:?}");
}

#[test]
fn explain_prints_the_explanation_of_a_code_either_way() {
    for args in [
        &["explain", "HB0417"][..],
        &["explain", "--code", "HB0417"],
        &["explain", "hb0417"],
    ] {
        let out = cardc(args);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {text}");
        assert!(
            text.starts_with("HB0417: `that <noun>`"),
            "{args:?}: {text}"
        );
        assert!(text.contains("Wrong:") && text.contains("Fix:"), "{text}");
    }
}

#[test]
fn every_code_is_explained_through_the_binary() {
    for code in every_code() {
        let out = cardc(&["explain", &code]);
        assert_eq!(out.status.code(), Some(0), "{code}");
        assert!(String::from_utf8_lossy(&out.stdout).starts_with(&format!("{code}: ")));
    }
}

#[test]
fn an_unknown_code_is_a_clear_usage_error() {
    for args in [
        &["explain", "HB9999"][..],
        &["explain", "--code", "kestrel"],
    ] {
        let out = cardc(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(
            err.contains("HB0903") && err.contains("no diagnostic code"),
            "{err}"
        );
    }
}

#[test]
fn a_code_and_a_name_together_are_refused() {
    let out = cardc(&["explain", "Kestrel", "--code", "HB0417"]);
    assert_eq!(out.status.code(), Some(2));
}
