//! `hullbreach replay` end to end (issue #16 item 7): a game of a `simulate --out` file plays
//! again byte for byte as `hullbreach play` plays it from the record's seed, decks and players;
//! `--numbered` numbers its choices; `--to-ruling` writes a ruling `hullbreach ruling` runs at
//! any choice (a board, or the nearest earlier board and a prelude where a card effect is
//! resolving); bad files and game numbers are refused with what is wrong. The writer itself is tested in
//! `tests/tests/replay.rs`.

mod support;
use support::{copy_dir, hullbreach, repo, text, Scratch};

use std::path::Path;
use std::process::{Command, Output};

fn ok(out: Output) -> String {
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

fn scratch_with_games(name: &str) -> Scratch {
    let s = Scratch::new(name);
    ok(hullbreach(&[
        "simulate",
        "--deck",
        "rdf-starter",
        "--deck",
        "colonial-starter",
        "--games",
        "4",
        "--seed",
        "5",
        "--player",
        "random",
        "--turns",
        "20",
        "--out",
        &s.file("games.jsonl"),
    ]));
    s
}

/// A field of the JSON line of game `index` (after the run header).
fn field(games: &str, index: u64, key: &str) -> String {
    let file = std::fs::read_to_string(games).expect("games file");
    let marker = format!("\"index\":{index},");
    let line = file
        .lines()
        .find(|l| l.contains(&marker))
        .expect("the game's line");
    let line = &line[line.find(&marker).expect("the index")..];
    let at = line.find(&format!("\"{key}\":")).expect("the key") + key.len() + 3;
    line[at..]
        .split([',', '}'])
        .next()
        .unwrap_or("")
        .to_string()
}

#[test]
fn a_replay_is_the_game_play_plays_byte_for_byte() {
    let dir = scratch_with_games("play");
    let games = dir.file("games.jsonl");
    for game in ["1", "2"] {
        let a = ok(hullbreach(&["replay", &games, "--game", game]));
        let b = ok(hullbreach(&["replay", &games, "--game", game]));
        assert_eq!(a, b, "two replays print the same bytes");
        // The record's seed, decks (in seat order) and players give the same game to `play`.
        let index: u64 = game.parse().expect("a number");
        let seed = field(&games, index, "seed");
        let first = if index.is_multiple_of(2) {
            ["rdf-starter", "colonial-starter"]
        } else {
            ["colonial-starter", "rdf-starter"]
        };
        let play = hullbreach(&[
            "play", "--seed", &seed, "--turns", "20", "--deck", first[0], "--deck", first[1],
            "--player", "random",
        ]);
        assert_eq!(
            a,
            text(&play.stdout),
            "game {game} replays as `play` plays it"
        );
        // Numbered: the same events, each choice before its own.
        let numbered = ok(hullbreach(&[
            "replay",
            &games,
            "--game",
            game,
            "--numbered",
        ]));
        let choices = numbered
            .lines()
            .filter(|l| l.starts_with("choice "))
            .count();
        assert_eq!(choices.to_string(), field(&games, index, "choices"));
        assert!(numbered.contains("\nchoice 1> "), "{numbered}");
        let events: String = numbered
            .lines()
            .filter(|l| !l.starts_with("choice "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(events, a);
    }
}

#[test]
fn to_ruling_writes_a_ruling_at_any_choice_that_runs() {
    let dir = scratch_with_games("ruling");
    let games = dir.file("games.jsonl");
    let file = dir.file("moment.ruling");
    let write = |at: &str, extra: &[&str]| {
        let mut args = vec!["replay", &games, "--game", "0", "--to-ruling", "--at", at];
        args.extend_from_slice(extra);
        hullbreach(&args)
    };
    // Choice 1 is in Setup: a board too (§4), to a file, and the ruling runs with every script
    // line accepted.
    let out = write("1", &["--out", &file]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("the board before choice 1 "), "{err}");
    let written = std::fs::read_to_string(&file).expect("the ruling file");
    assert!(written.contains("before choice 1\n"), "{written}");
    assert!(written.contains("\nturn: 0\n"), "{written}");
    let run = ok(hullbreach(&["ruling", &file]));
    assert!(!run.contains("REFUSED"), "{run}");
    assert!(!run.contains("forced dice ran out"), "{run}");
    // Standard output gets the same ruling without --out.
    assert_eq!(ok(write("1", &[])), written);
    // A choice that answers a resolving card effect: the nearest earlier board and a prelude,
    // or with --nearest that board and its script.
    let numbered = ok(hullbreach(&["replay", &games, "--game", "0", "--numbered"]));
    let at: String = numbered
        .lines()
        .find(|l| l.starts_with("choice ") && l.contains(": target "))
        .expect("a choice for a card effect")
        .trim_start_matches("choice ")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let out = write(&at, &["--out", &file]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("cannot be a board"), "{err}");
    assert!(
        err.contains(&format!("to the moment before choice {at}")),
        "{err}"
    );
    let written = std::fs::read_to_string(&file).expect("the ruling file");
    assert!(
        written.contains("\nprelude:  # the game's choice"),
        "{written}"
    );
    let run = ok(hullbreach(&["ruling", &file]));
    assert!(
        run.contains("\n== prelude ==\n") && !run.contains("REFUSED"),
        "{run}"
    );
    let nearest = ok(write(&at, &["--nearest"]));
    assert!(!nearest.contains("\nprelude:"), "{nearest}");
    assert!(
        nearest.starts_with(&format!("# choice {at} cannot be a board")),
        "{nearest}"
    );
}

#[test]
fn bad_games_files_and_numbers_are_refused() {
    let dir = scratch_with_games("bad");
    let games = dir.file("games.jsonl");
    let err = |args: &[&str]| {
        let out = hullbreach(args);
        assert!(!out.status.success(), "{args:?} should fail");
        text(&out.stderr)
    };
    let e = err(&["replay", &games, "--game", "9"]);
    assert!(e.contains("no game 9 among its 4 record(s)"), "{e}");
    let e = err(&["replay", &dir.file(""), "--game", "0"]);
    assert!(e.contains("not a regular file"), "{e}");
    let broken = dir.file("broken.jsonl");
    std::fs::write(&broken, "{\"index\":0, not json\n").expect("write");
    let e = err(&["replay", &broken, "--game", "0"]);
    assert!(e.contains("1 line is not a game record"), "{e}");
    // --at without --to-ruling, and --to-ruling without --at, are usage errors.
    err(&["replay", &games, "--game", "0", "--at", "3"]);
    err(&["replay", &games, "--game", "0", "--to-ruling"]);
    let e = err(&[
        "replay",
        &games,
        "--game",
        "0",
        "--to-ruling",
        "--at",
        "100000",
    ]);
    assert!(e.contains("the game has choices 1 to"), "{e}");
    let e = err(&[
        "replay",
        &games,
        "--game",
        "0",
        "--deck",
        "cards/decks/nope.txt",
    ]);
    assert!(e.contains("has no deck named `nope`"), "{e}");
}

/// A sweep's game (generated decks included) writes a ruling the same way, from its
/// `--game I` form; `--log` prints what it printed before, `--numbered` numbers its choices.
#[test]
fn a_sweep_game_writes_a_ruling_too() {
    let dir = scratch_with_games("sweep");
    let file = dir.file("sweep.ruling");
    let sweep = [
        "sweep",
        "--games",
        "2",
        "--seed",
        "2",
        "--commanders",
        "3",
        "--turns",
        "12",
        "--game",
        "1",
    ];
    let with = |extra: &[&str]| {
        let mut args = sweep.to_vec();
        args.extend_from_slice(extra);
        hullbreach(&args)
    };
    let log = ok(with(&["--log"]));
    assert!(log.contains("\n[§5.2] turn 1: "), "{log}");
    assert!(!log.contains("\nchoice 1> "), "{log}");
    assert!(log.ends_with("no violation\n"), "{log}");
    let numbered = ok(with(&["--log", "--numbered"]));
    assert!(numbered.contains("\nchoice 1> "), "{numbered}");
    let out = with(&["--to-ruling", "--at", "60", "--nearest", "--out", &file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&file).expect("the ruling file");
    assert!(
        written.contains(", game 1 of sweep --seed 2 (game seed "),
        "{written}"
    );
    let run = ok(hullbreach(&["ruling", &file]));
    assert!(!run.contains("REFUSED"), "{run}");
}

/// The swapped side of an A/B game replays with `--swapped` (and the new card's file); the
/// base side is the default.
#[test]
fn the_swapped_side_of_an_ab_game_replays() {
    let dir = scratch_with_games("swap");
    let games = dir.file("ab.jsonl");
    let pool = ["--cards", "tests/rulings/pool"];
    let decks = [
        "--deck",
        "docs/guide/pelican-deck.txt",
        "--deck",
        "docs/guide/opponent-deck.txt",
    ];
    let feature = ["--feature", "docs/guide/pelican-mk2.hb"];
    let run = |args: &[&str]| {
        let mut all = pool.to_vec();
        all.extend_from_slice(args);
        Command::new(env!("CARGO_BIN_EXE_hullbreach"))
            .args(&all)
            .current_dir(repo())
            .output()
            .expect("hullbreach runs")
    };
    let mut sim = vec!["simulate"];
    sim.extend_from_slice(&decks);
    sim.extend_from_slice(&feature);
    sim.extend_from_slice(&[
        "--games",
        "6",
        "--seed",
        "3",
        "--turns",
        "12",
        "--swap",
        "Pelican-class Transport=Pelican-class Transport Mk II",
        "--out",
        &games,
    ]);
    ok(run(&sim));
    // A game whose two sides played differently (their records' choice counts differ).
    let file = std::fs::read_to_string(&games).expect("games file");
    let choices = |index: u64, variant: &str| {
        file.lines()
            .find(|l| {
                l.contains(&format!("\"index\":{index},"))
                    && l.contains(&format!("\"variant\":\"{variant}\""))
            })
            .and_then(|l| l.split("\"choices\":").nth(1))
            .map(|c| c.split(',').next().unwrap_or("").to_string())
            .expect("the record")
    };
    let index = (0..6)
        .find(|&i| choices(i, "base") != choices(i, "swap"))
        .expect("a game the swap changed")
        .to_string();
    let mut base = vec!["replay", games.as_str(), "--game", index.as_str()];
    base.extend_from_slice(&decks);
    base.extend_from_slice(&feature);
    let a = ok(run(&base));
    let mut swapped = base.clone();
    swapped.push("--swapped");
    let b = ok(run(&swapped));
    assert!(a != b, "the two sides of game {index} play differently");
    assert!(!a.contains("Mk II"), "the base side has no Mk II");
    // Without the new card the swapped side cannot be built, and says so.
    let out = run(&[
        "replay",
        &games,
        "--game",
        &index,
        "--swapped",
        "--deck",
        "docs/guide/pelican-deck.txt",
        "--deck",
        "docs/guide/opponent-deck.txt",
    ]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("which is not in the pool: give its --feature FILE"),
        "{err}"
    );
}

/// Issue #39: a deck a games file names is a deck name looked up in the pool's `decks/`, never
/// a path: a tampered record naming a decklist anywhere on disk once made `replay` read (and
/// play) it. A hostile name is refused in words, escaped and cut, never echoed as it is.
#[test]
fn a_games_file_cannot_name_a_deck_outside_the_pool() {
    let dir = scratch_with_games("hostile-decks");
    let games = dir.file("games.jsonl");
    let line = std::fs::read_to_string(&games)
        .expect("games")
        .lines()
        .next()
        .expect("game 0")
        .to_string();
    // A legal decklist outside the pool, named by absolute path.
    let outside = dir.file("elsewhere/rdf-starter.txt");
    std::fs::create_dir_all(dir.file("elsewhere")).expect("dir");
    std::fs::copy(repo().join("cards/decks/rdf-starter.txt"), &outside).expect("copy");
    let tampered = dir.file("tampered.jsonl");
    let refused = |deck: &str, says: &str, never: &str| {
        let hostile = line.replace("\"rdf-starter\"", &format!("\"{deck}\""));
        assert_ne!(hostile, line);
        std::fs::write(&tampered, format!("{hostile}\n")).expect("write");
        // The message itself (the human form also shows the line, control characters escaped).
        let out = hullbreach(&[
            "--message-format",
            "short",
            "replay",
            &tampered,
            "--game",
            "0",
        ]);
        let e = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{e}");
        assert!(e.contains(says), "{e}");
        assert!(!e.contains(never), "echoed as it is: {e}");
        assert_eq!(text(&out.stdout), "");
    };
    refused(
        &outside,
        "is not a deck name: a games file names decks by name, never by path",
        "no such",
    );
    refused(
        "../../../../../../../etc/passwd",
        "deck `../../../../../../../etc/passwd` is not a deck name",
        "no such",
    );
    // A terminal escape and a long name: escaped, and cut after 40 characters.
    let long = format!("\\u001b[2J{}", "x".repeat(300));
    refused(&long, "deck `\\u{1b}[2Jxxxxxxxxxxxxxxx", "\u{1b}");
    refused(&long, "x…`", &"x".repeat(41));
}

/// A deck of the pool's `decks/` that is a link out of the pool is not the pool's: `replay`
/// refuses it (the games file names it; a run given it on the command line played it).
#[cfg(unix)]
#[test]
fn a_recorded_deck_linked_out_of_the_pool_is_refused() {
    let dir = scratch_with_games("linked-deck");
    let pool = dir.file("pool");
    copy_dir(&repo().join("cards"), Path::new(&pool));
    let outside = dir.file("outside.txt");
    std::fs::copy(repo().join("cards/decks/rdf-starter.txt"), &outside).expect("copy");
    std::os::unix::fs::symlink(&outside, dir.file("pool/decks/linked.txt")).expect("link");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_hullbreach"))
            .args(["--cards", &pool])
            .args(args)
            .current_dir(repo())
            .output()
            .expect("hullbreach runs")
    };
    let games = dir.file("linked.jsonl");
    let made = run(&[
        "simulate",
        "--deck",
        "linked",
        "--deck",
        "colonial-starter",
        "--games",
        "1",
        "--player",
        "random",
        "--turns",
        "20",
        "--out",
        &games,
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let out = run(&["replay", &games, "--game", "0"]);
    let e = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{e}");
    assert!(
        e.contains("game 0 names deck `linked`, which is no decklist in"),
        "{e}"
    );
    // Given by path on the command line, it is the user's to give.
    let linked = dir.file("pool/decks/linked.txt");
    let out = run(&["replay", &games, "--game", "0", "--deck", &linked]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// `replay --to-ruling --out FILE` never writes through a link planted at FILE.
#[cfg(unix)]
#[test]
fn a_ruling_is_never_written_through_a_planted_link() {
    let dir = scratch_with_games("ruling-link");
    let games = dir.file("games.jsonl");
    let victim = dir.file("victim.txt");
    std::fs::write(&victim, "precious\n").expect("victim");
    let out = dir.file("moment.ruling");
    std::os::unix::fs::symlink(&victim, &out).expect("link");
    let done = hullbreach(&[
        "replay",
        &games,
        "--game",
        "0",
        "--to-ruling",
        "--at",
        "1",
        "--out",
        &out,
    ]);
    assert!(done.status.success(), "{}", text(&done.stderr));
    assert_eq!(
        std::fs::read_to_string(&victim).expect("victim"),
        "precious\n"
    );
    let meta = std::fs::symlink_metadata(&out).expect("written");
    assert!(
        meta.file_type().is_file(),
        "the link is replaced by the ruling"
    );
    assert!(std::fs::read_to_string(&out)
        .expect("ruling")
        .contains("script:"));
}
