//! Issue #43: a games file `simulate merge` or `replay` cannot read as one — missing, a
//! directory, a FIFO — means the command could not run: exit 2 with a message naming the path
//! (docs/cli.md), as an unreadable card, deck or ruling file does. Nothing is read from a FIFO
//! (the open does not block).

mod support;
use support::repo;

use std::process::{Command, Output};

fn hullbreach(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["--cards", "cards"])
        .args(args)
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .output()
        .expect("hullbreach runs")
}

fn exits_2_naming(args: &[&str], path: &str) {
    let out = hullbreach(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(path), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed a report");
}

#[test]
fn an_unreadable_games_file_exits_2_with_its_path() {
    let dir = std::env::temp_dir().join(format!("hb-unreadable-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    let missing = dir.join("missing.jsonl");
    let mut paths = vec![dir.clone(), missing];
    #[cfg(unix)]
    {
        let fifo = dir.join("pipe.jsonl");
        let made = Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            paths.push(fifo);
        }
    }
    for path in &paths {
        let p = path.to_str().expect("utf-8");
        exits_2_naming(&["simulate", "merge", p], p);
        exits_2_naming(&["replay", p, "--game", "0"], p);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The class travels into `--message-format json` too: one record, the cannot-run code.
#[test]
fn an_unreadable_games_file_is_one_json_record() {
    let out = hullbreach(&[
        "--message-format",
        "json",
        "simulate",
        "merge",
        "no-such-games.jsonl",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    let record: serde_json::Value = serde_json::from_str(lines[0]).expect("a JSON record");
    assert_eq!(record["code"], engine::diagnostics::CANNOT_RUN);
    assert!(
        record["message"]
            .as_str()
            .is_some_and(|m| m.contains("no-such-games.jsonl")),
        "{err}"
    );
}
