//! A broken card file given to `hullbreach simulate --feature` (issue #43) is reported with
//! the card compiler's own diagnostics, rendered as `cardc check` renders them (through
//! `engine::diagnostics`, in `--message-format`), and a summary that names the file: not short
//! lines inside a summary. The case's snapshot is beside it (human, no colour, 100 columns).

mod support;
use support::{hullbreach_plain, repo, text};

use std::process::Output;

const CASE: &str = "engine/tests/feature_diagnostics/broken.hb";

/// `hullbreach --cards tests/rulings/pool simulate ... --feature CASE FLAGS` in the repository
/// root, no colour: the guide's A/B with a broken Mk III.
fn simulate_with_feature(format: &str) -> Output {
    hullbreach_plain(&[
        "--message-format",
        format,
        "--cards",
        "tests/rulings/pool",
        "simulate",
        "--deck",
        "docs/guide/pelican-deck.txt",
        "--deck",
        "docs/guide/opponent-deck.txt",
        "--games",
        "2",
        "--swap",
        "Pelican-class Transport=Pelican-class Transport Mk III",
        "--feature",
        CASE,
    ])
}

#[test]
fn a_broken_feature_file_gets_card_diagnostics() {
    let out = simulate_with_feature("human");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "", "no game is played");
    let shown = format!(
        "exit {:?}\n--- stderr\n{}",
        out.status.code(),
        text(&out.stderr)
    );
    insta::with_settings!({
        snapshot_path => repo().join("engine/tests/feature_diagnostics"),
        prepend_module_to_snapshot => false,
        input_file => CASE,
    }, {
        insta::assert_snapshot!("broken", shown);
    });
    // Each problem on its own line of the file, with its code, as `cardc check --message-format
    // short` prints it; then the summary naming the file.
    let out = simulate_with_feature("short");
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines.len() >= 3
            && lines[..lines.len() - 1]
                .iter()
                .all(|l| l.starts_with(&format!("{CASE}:")) && l.contains(": error[HB")),
        "{err}"
    );
    assert!(
        lines[lines.len() - 1].starts_with("error: ")
            && lines[lines.len() - 1].contains(&format!("in the --feature card file {CASE}")),
        "{err}"
    );
}
