//! `hullbreach` end to end: the binary plays the bundled starter decks, reproduces a game from
//! its seed byte for byte, refuses an illegal deck, and prints a ruling's transcript exactly as
//! the ruling suite snapshots it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn hullbreach(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("hullbreach runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn plays_starter_decks_deterministically() {
    let args = [
        "play",
        "--deck",
        "rdf-starter",
        "--deck",
        "colonial-starter",
        "--seed",
        "11",
    ];
    let a = hullbreach(&args);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let log = text(&a.stdout);
    assert!(
        log.starts_with("[§4.1] game of 2 commanders starts (seed 11)"),
        "{log}"
    );
    let last = log.lines().last().unwrap_or_default();
    assert!(
        last.contains("wins") || last.contains("turn limit"),
        "a game ends in a victory or at the turn limit: {last}"
    );
    let b = hullbreach(&args);
    assert_eq!(
        a.stdout, b.stdout,
        "same seed, same decisions, same transcript"
    );
    let other = hullbreach(&[
        "play",
        "--deck",
        "rdf-starter",
        "--deck",
        "colonial-starter",
        "--seed",
        "12",
    ]);
    assert_ne!(a.stdout, other.stdout, "the seed drives the game");
}

#[test]
fn random_players_play_too() {
    let out = hullbreach(&[
        "play",
        "--deck",
        "corporate-starter",
        "--deck",
        "rdf-starter",
        "--seed",
        "5",
        "--player",
        "random",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("[§5.2] turn 1:"));
}

#[test]
fn refuses_an_illegal_deck() {
    let dir = std::env::temp_dir().join(format!("hullbreach-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let deck = dir.join("short.txt");
    std::fs::write(&deck, "54 Zephyr Fighter Wing\n").expect("write deck");
    let out = hullbreach(&[
        "play",
        "--deck",
        deck.to_str().expect("utf-8 path"),
        "--deck",
        "rdf-starter",
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("is not a legal deck"), "{err}");
    assert!(err.contains("(§2.1.3)"), "{err}");
    assert!(out.stdout.is_empty(), "nothing is played");
}

#[test]
fn ruling_output_is_the_snapshot() {
    let out = hullbreach(&[
        "--cards",
        "tests/rulings/pool",
        "ruling",
        "tests/rulings/combat-griffin-volley.ruling",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let snap =
        std::fs::read_to_string(repo().join("tests/rulings/rulings@combat-griffin-volley.snap"))
            .expect("snapshot exists");
    let body = snap.splitn(3, "---\n").nth(2).expect("snapshot body");
    assert_eq!(text(&out.stdout).trim_end(), body.trim_end());
}

/// `hullbreach sweep`: a deterministic report, each game replayable alone by its index, and a
/// clear error for a bad commander range.
#[test]
fn sweep_reports_deterministically_and_replays_one_game() {
    let args = [
        "sweep",
        "--games",
        "4",
        "--seed",
        "3",
        "--commanders",
        "2..4",
        "--turns",
        "8",
        "--feature",
        "tests/rulings/pool/eliminations.hb",
    ];
    let a = hullbreach(&args);
    assert!(a.status.success(), "{}{}", text(&a.stdout), text(&a.stderr));
    let report = text(&a.stdout);
    assert!(report.starts_with("4 games ("), "{report}");
    assert!(report.contains("\nviolations: 0\n"), "{report}");
    assert_eq!(a.stdout, hullbreach(&args).stdout, "same seed, same report");
    let mut one = args.to_vec();
    one.extend(["--game", "2", "--log"]);
    let g = hullbreach(&one);
    assert!(g.status.success(), "{}", text(&g.stderr));
    let log = text(&g.stdout);
    assert!(log.starts_with("[§4.1] game of "), "{log}");
    assert!(
        log.contains("\ngame 2: seed ") && log.ends_with("no violation\n"),
        "{log}"
    );
    let bad = hullbreach(&["sweep", "--commanders", "1..7"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(text(&bad.stderr).contains("--commanders takes N or MIN..MAX"));
}
