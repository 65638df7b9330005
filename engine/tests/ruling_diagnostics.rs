//! Ruling files diagnosed like card files (issue #43): `hullbreach ruling` reads the whole file
//! and reports every problem at once, each with its code (`HB08xx`, explained by `cardc
//! explain`), line and column, the source line with a label and a did-you-mean where there is
//! one, in `--message-format human|short|json`. One ruling file per case in
//! `tests/ruling_diagnostics/`, its snapshot beside it (human, no colour, 100 columns).

mod support;
use support::{hullbreach_plain, repo, snapshot_cases, text};

use std::process::{Command, Output};

const CASES: &str = "engine/tests/ruling_diagnostics";

/// `hullbreach --cards tests/rulings/pool ARGS` in the repository root, no colour.
fn hullbreach(args: &[&str]) -> Output {
    let mut all = vec!["--cards", "tests/rulings/pool"];
    all.extend_from_slice(args);
    hullbreach_plain(&all)
}

#[test]
fn every_case_is_diagnosed_as_its_snapshot_shows() {
    snapshot_cases(CASES, "ruling", 4, |file| hullbreach(&["ruling", file]));
}

/// Every problem of the file, not the first: the format problems of eleven lines, then (once
/// the format is right) each misspelt name with the nearest one.
#[test]
fn every_problem_is_reported_at_once_with_line_and_column() {
    let out = hullbreach(&[
        "--message-format",
        "short",
        "ruling",
        &format!("{CASES}/unknown-names.ruling"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[..6],
        [
            "engine/tests/ruling_diagnostics/unknown-names.ruling:4:9: error[HB0806]: no commander named `Adda`",
            "engine/tests/ruling_diagnostics/unknown-names.ruling:7:9: error[HB0805]: no card named `Damage Controll Teams` in the pool",
            "engine/tests/ruling_diagnostics/unknown-names.ruling:10:5: error[HB0805]: no card named `Phoenix-class Capitol Ship` in the pool",
            "engine/tests/ruling_diagnostics/unknown-names.ruling:11:5: error[HB0805]: no card named `Nothing Like Any Card` in the pool",
            "engine/tests/ruling_diagnostics/unknown-names.ruling:20:3: error[HB0806]: no commander named `Bbo`",
            "engine/tests/ruling_diagnostics/unknown-names.ruling:21:8: error[HB0807]: unknown action `fier`",
        ],
        "{err}"
    );
    assert_eq!(lines.len(), 7, "{err}");
}

/// `--message-format json`: every stderr line is a record (code, line, column, label, help),
/// and nothing else is printed there.
#[test]
fn json_records_carry_code_position_label_and_help() {
    let out = hullbreach(&[
        "--message-format",
        "json",
        "ruling",
        &format!("{CASES}/format-problems.ruling"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let records: Vec<serde_json::Value> = err
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(records.len(), 11, "{err}");
    let phase = &records[1];
    assert_eq!(phase["code"], "HB0804");
    assert_eq!(
        (phase["line"].as_u64(), phase["column"].as_u64()),
        (Some(3), Some(8))
    );
    assert_eq!(phase["label"], "no phase");
    assert_eq!(phase["help"], "did you mean `manufacturing`?");
}

/// A path that is no ruling file (a directory, nothing) is a diagnostic naming it, exit 2.
#[test]
fn an_unreadable_ruling_file_is_named_and_exits_2() {
    for path in [CASES, "engine/tests/ruling_diagnostics/no-such.ruling"] {
        let out = hullbreach(&["--message-format", "short", "ruling", path]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.starts_with(&format!("{path}:1:1: error[HB0801]: ")),
            "{err}"
        );
    }
}

/// A script line that names nothing of the game stops the run: the transcript so far on
/// stdout, the line diagnosed on stderr.
#[test]
fn a_script_problem_follows_the_transcript_so_far() {
    let out = hullbreach(&["ruling", &format!("{CASES}/script-line.ruling")]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("> Ada: engage Bob with @phoenix"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("> Ada: fire @phoenix at dragon\n"),
        "{stdout}"
    );
}

/// A decklist `play` or `simulate` is given is diagnosed as `cardc deck check` diagnoses it
/// (the one conversion, `engine::diagnostics::deck_diagnostic`): every problem, each at its
/// line and column with its code, in the chosen format.
#[test]
fn an_illegal_decklist_is_diagnosed_with_every_problem() {
    let dir = std::env::temp_dir().join(format!("hb-deck-diag-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    let deck = dir.join("bad.txt");
    std::fs::write(
        &deck,
        "[Station]\n1 Bastion Fleet Command\n6 Kestrel Strike Wing\n2 Kestral\n",
    )
    .expect("write");
    let path = deck.to_str().expect("utf-8");
    let out = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["--message-format", "short", "--cards", "cards", "play"])
        .args(["--deck", path, "--deck", "rdf-starter"])
        .current_dir(repo())
        .output()
        .expect("hullbreach runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    for line in [
        format!("{path}:3:1: error[HB0706]: 6 copies of \"Kestrel Strike Wing\""),
        format!("{path}:4:3: error[HB0613]: no card named \"Kestral\" in the card pool"),
        format!("{path}:1:1: error[HB0701]: the deck has 9 cards but must have exactly 55"),
    ] {
        assert!(err.lines().any(|l| l.starts_with(&line)), "{line}\n{err}");
    }
    assert!(out.stdout.is_empty(), "no game was played");
}

/// A `--cards` pool that does not compile is diagnosed as `cardc check` diagnoses it (the
/// compiler's own diagnostics, each at its file, line and column), then summed up; exit 1.
#[test]
fn a_pool_that_does_not_compile_is_diagnosed_as_cardc_does() {
    let dir = std::env::temp_dir().join(format!("hb-broken-pool-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    std::fs::write(
        dir.join("a.hb"),
        "Ship \"Kite\" {\n    class: Frigate\n    atack: 2\n}\n",
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["--message-format", "short", "--cards"])
        .arg(&dir)
        .args(["ruling", "tests/rulings/combat-repair.ruling"])
        .current_dir(repo())
        .output()
        .expect("hullbreach runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.lines()
            .any(|l| l.ends_with("a.hb:3:5: error[HB0102]: unknown field `atack`")),
        "{err}"
    );
    assert!(err.contains("does not compile"), "{err}");
}
