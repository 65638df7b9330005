//! Games files diagnosed like ruling files (issue #43): `hullbreach simulate merge` and
//! `replay` read the whole file and report every line that is no game record (`HB0810`) or a
//! record no run writes (`HB0811`) at once, each with its code (explained by `cardc explain`),
//! line and column, and the part of the line at fault labelled, in `--message-format
//! human|short|json`. One games file per case in `games_diagnostics/`, its snapshot beside it
//! (`simulate merge`, human, no colour, 100 columns).

mod support;
// `hullbreach ARGS` in the repository root, no colour.
use support::{hullbreach_plain as hullbreach, snapshot_cases, text};

const CASES: &str = "engine/tests/games_diagnostics";

#[test]
fn every_case_is_diagnosed_as_its_snapshot_shows() {
    snapshot_cases(CASES, "jsonl", 4, |file| {
        hullbreach(&["simulate", "merge", file])
    });
}

/// Every problem of the file at once, each at its line and column, with its own code; the
/// good lines among them are no problem.
#[test]
fn every_line_problem_is_reported_at_once_with_line_and_column() {
    let file = format!("{CASES}/not-records.jsonl");
    let out = hullbreach(&["--message-format", "short", "simulate", "merge", &file]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let at: Vec<&str> = err
        .lines()
        .filter_map(|l| l.split(": error[").next().filter(|_| l.contains("error[")))
        .collect();
    assert_eq!(
        at,
        [
            format!("{file}:2:13"),
            format!("{file}:4:348"),
            format!("{file}:5:1"),
            format!("{file}:6:150"),
        ],
        "{err}"
    );
    assert!(err.lines().all(|l| !l.contains('\u{1b}')), "{err:?}");
    let file = format!("{CASES}/impossible-records.jsonl");
    let out = hullbreach(&["--message-format", "short", "simulate", "merge", &file]);
    let err = text(&out.stderr);
    assert_eq!(err.matches("error[HB0811]").count(), 5, "{err}");
}

/// `replay` reads a games file with the same reader, and says so the same way.
#[test]
fn replay_reports_a_games_file_alike() {
    let file = format!("{CASES}/not-records.jsonl");
    let out = hullbreach(&["--message-format", "json", "replay", &file, "--game", "1"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    let records: Vec<serde_json::Value> = err
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let codes: Vec<(&str, u64)> = records
        .iter()
        .map(|r| {
            (
                r["code"].as_str().unwrap_or(""),
                r["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        codes,
        [("HB0810", 2), ("HB0810", 4), ("HB0810", 5), ("HB0810", 6)],
        "{err}"
    );
}
