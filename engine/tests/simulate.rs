//! `hullbreach simulate` end to end (issue #16): the same report and games file for any
//! `--jobs`; shards merged with `hullbreach simulate merge` give the whole run's report and
//! file; `--format json` has the report's shape; `--chart` writes the four SVGs; the
//! progress bar stays off when stderr is a pipe; bad flags and hostile merge files are
//! refused with what is wrong. The report's content is snapshotted in `tests/tests/simulate.rs`.

mod support;
use support::{hullbreach, repo, text, Scratch};

use std::path::Path;
use std::process::{Command, Output};

/// The small fixed run: 12 games, RDF vs Colonial, random players, turn cap 30.
const RUN: &[&str] = &[
    "simulate",
    "--deck",
    "rdf-starter",
    "--deck",
    "colonial-starter",
    "--games",
    "12",
    "--seed",
    "5",
    "--player",
    "random",
    "--turns",
    "30",
];

fn simulate(extra: &[&str]) -> Output {
    let mut args = RUN.to_vec();
    args.extend_from_slice(extra);
    let out = hullbreach(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    out
}

#[test]
fn jobs_shards_and_merge_give_the_same_report_and_games() {
    let dir = Scratch::new("jobs");
    let (one, two) = (dir.file("one.jsonl"), dir.file("two.jsonl"));
    let a = simulate(&["--jobs", "1", "--out", &one]);
    let b = simulate(&["--jobs", "2", "--out", &two]);
    let report = text(&a.stdout);
    assert!(
        report.starts_with("12 games, seed 5, turn cap 30\n"),
        "{report}"
    );
    assert_eq!(report, text(&b.stdout));
    let games = std::fs::read_to_string(&one).expect("--out written");
    assert_eq!(games, std::fs::read_to_string(&two).expect("--out written"));
    assert_eq!(games.lines().count(), 12);
    // Piped stderr: no progress bar.
    assert_eq!(text(&a.stderr), "");

    let (s1, s2) = (dir.file("s1.jsonl"), dir.file("s2.jsonl"));
    let part = simulate(&["--shard", "1/2", "--out", &s1]);
    assert!(text(&part.stdout).starts_with("6 games, seed 5, turn cap 30 (of the run's 12)"));
    simulate(&["--shard", "2/2", "--out", &s2]);
    let merged_file = dir.file("merged.jsonl");
    let merged = hullbreach(&["simulate", "merge", &s2, &s1, "--out", &merged_file]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(text(&merged.stdout), report);
    assert_eq!(
        std::fs::read_to_string(&merged_file).expect("merged"),
        games
    );

    // One shard alone is not the run.
    let alone = hullbreach(&["simulate", "merge", &s1]);
    assert!(!alone.status.success());
    assert!(
        text(&alone.stderr).contains("game 1 of the run's 12 is missing"),
        "{}",
        text(&alone.stderr)
    );
}

#[test]
fn json_report_and_charts() {
    let dir = Scratch::new("json");
    let charts = dir.file("charts");
    let out = simulate(&["--format", "json", "--chart", &charts]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["games"], 12);
    assert_eq!(v["entrants"][0]["deck"], "rdf-starter");
    assert_eq!(v["entrants"][1]["player"], "random");
    for key in ["won", "won_decided"] {
        let r = &v["entrants"][0][key];
        assert!(
            r["low"].as_f64() <= r["rate"].as_f64() && r["rate"].as_f64() <= r["high"].as_f64()
        );
    }
    assert_eq!(v["seats"].as_array().map(Vec::len), Some(2));
    assert!(v["first_player"]["even"] == 0.5);
    assert!(v["endings"]["turn_cap"].is_u64());
    assert!(v["length"]["histogram"]
        .as_array()
        .is_some_and(|h| !h.is_empty()));
    let card = &v["cards"][0];
    for key in [
        "card",
        "drawn",
        "deployed",
        "destroyed",
        "wounds",
        "won_drawn",
        "won_not_drawn",
        "verdict",
    ] {
        assert!(!card[key].is_null(), "cards[0].{key} in {card}");
    }
    assert!(v["swap"].is_null());
    for name in [
        "win-rates.svg",
        "game-length.svg",
        "card-impact.svg",
        "endings.svg",
    ] {
        let svg = std::fs::read_to_string(Path::new(&charts).join(name)).expect("chart written");
        assert!(svg.starts_with("<svg"), "{name}");
    }
}

#[test]
fn a_swap_reports_the_shift() {
    let out = simulate(&["--swap", "Merlin-class Frigate=Griffin-class Battleship"]);
    let report = text(&out.stdout);
    assert!(
        report.contains(
            "A/B: every `Merlin-class Frigate` replaced by `Griffin-class Battleship`, 12 paired games"
        ),
        "{report}"
    );
    // A card file brought in with --feature can be the new card; without it, the card is
    // unknown.
    let feature = [
        "--swap",
        "Call to Arms=Orbital Bombardment",
        "--feature",
        "tests/rulings/pool/eliminations.hb",
    ];
    let out = simulate(&feature);
    assert!(text(&out.stdout).contains("every `Call to Arms` replaced by `Orbital Bombardment`"));
    let without = hullbreach(&[RUN, &feature[..2]].concat());
    assert!(text(&without.stderr).contains("no card `Orbital Bombardment` in the pool"));
    let unknown =
        hullbreach(&[RUN, &["--swap", "Merlin-class Frigate=Merlin-class Frigat"]].concat());
    assert!(!unknown.status.success());
    assert!(
        text(&unknown.stderr).contains("no card `Merlin-class Frigat` in the pool"),
        "{}",
        text(&unknown.stderr)
    );
}

#[test]
fn bad_flags_and_hostile_files_are_refused() {
    let refused = |args: &[&str], says: &str| {
        let out = hullbreach(args);
        assert!(!out.status.success(), "{args:?} was accepted");
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(text(&out.stdout), "", "{args:?} printed a report");
    };
    refused(&[RUN, &["--shard", "3/2"]].concat(), "--shard takes K/N");
    refused(&[RUN, &["--shard", "0/2"]].concat(), "--shard takes K/N");
    refused(&[RUN, &["--jobs", "0"]].concat(), "0 is not in 1..=256");
    refused(
        &["simulate", "--deck", "rdf-starter", "--games", "2"],
        "give 2 to 5 --deck, not 1",
    );
    refused(
        &[
            RUN,
            &[
                "--player",
                "random",
                "--player",
                "heuristic",
                "--player",
                "random",
            ],
        ]
        .concat(),
        "--player is given once for every seat or once per --deck",
    );
    refused(
        &[RUN, &["--swap", "no equals sign"]].concat(),
        "--swap takes",
    );
    let dir = Scratch::new("hostile");
    let bad = dir.file("bad.jsonl");
    std::fs::write(&bad, "{\"index\": 0}\n").expect("write");
    refused(
        &["simulate", "merge", &bad],
        "bad.jsonl: 1 line is not a game record",
    );
    // A directory (like a FIFO or a device) is not a games file.
    refused(&["simulate", "merge", &dir.file("")], "not a regular file");
    // A line whose seats name an entrant the run does not have.
    let good = dir.file("good.jsonl");
    let one_game: Vec<&str> = RUN
        .iter()
        .map(|a| if *a == "12" { "1" } else { a })
        .collect();
    let made = hullbreach(&[&one_game[..], &["--out", &good]].concat());
    assert!(made.status.success(), "{}", text(&made.stderr));
    let line = std::fs::read_to_string(&good).expect("written");
    let hostile = line.replacen("\"seats\":[0,1]", "\"seats\":[0,7]", 1);
    assert_ne!(hostile, line);
    std::fs::write(&bad, hostile).expect("write");
    refused(
        &["--message-format", "short", "simulate", "merge", &bad],
        "bad.jsonl:1:",
    );
    refused(
        &["simulate", "merge", &bad],
        "seats [0, 7] are not one of each entrant",
    );
}

/// A game of the games file replays with `hullbreach play`: its seed, its seat order's decks
/// and players, the run's turn cap; the replay ends as the record says.
#[test]
fn a_simulated_game_replays_with_play() {
    let dir = Scratch::new("replay");
    let games = dir.file("games.jsonl");
    simulate(&["--out", &games]);
    let text_games = std::fs::read_to_string(&games).expect("written");
    let records: Vec<serde_json::Value> = text_games
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let won = records.iter().find(|r| !r["winner"].is_null());
    let capped = records.iter().find(|r| r["ending"] == "turn-cap");
    assert!(won.is_some() || capped.is_some());
    for r in [won, capped].into_iter().flatten() {
        let seed = r["seed"].to_string();
        let mut args = vec!["play", "--seed", &seed, "--turns", "30"];
        for s in 0..2 {
            args.extend(["--deck", r["decks"][s].as_str().expect("deck")]);
            args.extend(["--player", r["players"][s].as_str().expect("player")]);
        }
        let out = hullbreach(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let log = text(&out.stdout);
        let last = log.lines().last().expect("a log");
        let expected = match r["winner"].as_u64() {
            Some(w) => format!(
                "[§6.1] game over: {} ({}) wins",
                r["decks"][w as usize].as_str().expect("deck"),
                w + 1
            ),
            None => "game over: turn limit reached after 30 turns (no winner)".to_string(),
        };
        assert!(last.ends_with(&expected), "game {}: {last}", r["index"]);
        // `[§5.2] turn N: COMMANDER`, once per commander turn.
        let turns = log
            .lines()
            .filter(|l| l.starts_with("[§5.2] turn "))
            .count();
        assert_eq!(
            Some(turns as u64),
            r["turns"].as_u64(),
            "game {}",
            r["index"]
        );
    }
}

/// `--player search:N` (issue #16 item 6): the same report and games file for one thread and
/// two, the budget recorded with the player, the game replayed from the file, `play` and
/// `sweep` seating it; bad budgets refused in words.
#[test]
fn search_players_simulate_the_same_on_any_number_of_threads() {
    let dir = Scratch::new("search");
    let run = |jobs: &str, out: &str| {
        let out = hullbreach(&[
            "simulate",
            "--deck",
            "rdf-starter",
            "--deck",
            "colonial-starter",
            "--games",
            "4",
            "--seed",
            "3",
            "--turns",
            "20",
            "--player",
            "search:3",
            "--player",
            "heuristic",
            "--jobs",
            jobs,
            "--out",
            out,
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let (one, two) = (dir.file("one.jsonl"), dir.file("two.jsonl"));
    let report = run("1", &one);
    assert_eq!(
        report,
        run("2", &two),
        "the report is the same for 2 threads"
    );
    let games = std::fs::read_to_string(&one).expect("written");
    assert_eq!(games, std::fs::read_to_string(&two).expect("written"));
    assert!(report.contains("search:3"), "{report}");
    assert!(games.contains("\"player\":\"search:3\""), "{games}");
    let replayed = hullbreach(&["replay", &one, "--game", "1"]);
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    // `play` and `sweep` seat it too; a transcript is the same byte for byte.
    let play = || {
        let out = hullbreach(&[
            "play",
            "--deck",
            "rdf-starter",
            "--deck",
            "corporate-starter",
            "--seed",
            "4",
            "--turns",
            "6",
            "--player",
            "heuristic",
            "--player",
            "search:2",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        out.stdout
    };
    assert_eq!(play(), play());
    let swept = hullbreach(&[
        "sweep",
        "--games",
        "2",
        "--commanders",
        "3",
        "--turns",
        "4",
        "--player",
        "search:2",
    ]);
    assert!(swept.status.success(), "{}", text(&swept.stderr));
    assert!(
        text(&swept.stdout).contains("search:2"),
        "{}",
        text(&swept.stdout)
    );
    let refused = |player: &str, says: &str| {
        let out = hullbreach(&[RUN, &["--player", player]].concat());
        assert!(!out.status.success(), "{player} was accepted");
        let err = text(&out.stderr);
        assert!(
            err.contains(says) && err.contains(player),
            "{player}: {err}"
        );
    };
    for bad in [
        "search:0",
        "search:",
        "search:lots",
        "search:100001",
        "search-9",
    ] {
        refused(bad, "budget is a number of playouts from 1 to 100000");
    }
    refused(
        "wizard",
        "no computer player `wizard`: random, heuristic, heuristic-v1 or search[:budget]",
    );
}

/// Runs `hullbreach --cards cards ARGS`, failing the test (not hanging it) if the command is
/// still running after two minutes: a report that loops forever is a finding, not a stuck
/// suite. No duration is asserted for a command that ends.
fn hullbreach_or_hang(args: &[&str]) -> Output {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["--cards", "cards"])
        .args(args)
        .current_dir(repo())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hullbreach runs");
    let started = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > std::time::Duration::from_secs(120) {
            let _ = child.kill();
            panic!("hullbreach {args:?} hung");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// Exit 2 (a usage error from the argument parser, before any pool is read) with the range.
fn out_of_range(args: &[&str], says: &str) {
    let out = hullbreach_or_hang(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: {}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains(says),
        "{args:?}: {}",
        text(&out.stderr)
    );
    assert_eq!(text(&out.stdout), "", "{args:?}");
}

/// Issue #39: `simulate --turns` near `u32::MAX` overflowed the report's length histogram and
/// looped forever; `sweep --turns` had no bound, `sweep --games 0` ran nothing and succeeded.
/// Every numeric flag is checked by the argument parser, the message naming the range.
#[test]
fn numeric_flags_out_of_range_are_refused_when_parsed() {
    // Refused before anything runs: without the check, 1,000 games at the given cap.
    let sim = |flag: &str, value: &str| {
        [
            "simulate",
            "--deck",
            "rdf-starter",
            "--deck",
            "colonial-starter",
            flag,
            value,
        ]
        .map(String::from)
        .to_vec()
    };
    let check = |args: Vec<String>, says: &str| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        out_of_range(&args, says);
    };
    check(
        sim("--turns", "4294967295"),
        "4294967295 is not in 1..=1000",
    );
    check(sim("--turns", "0"), "0 is not in 1..=1000");
    check(sim("--games", "0"), "0 is not in 1..=1000000");
    check(sim("--jobs", "0"), "0 is not in 1..=256");
    check(sim("--jobs", "257"), "257 is not in 1..=256");
    let sweep = |extra: &[&str]| {
        let mut args = vec!["sweep", "--commanders", "2"];
        args.extend_from_slice(extra);
        args.iter().map(|a| a.to_string()).collect::<Vec<_>>()
    };
    check(sweep(&["--games", "0"]), "0 is not in 1..=100000000");
    check(sweep(&["--turns", "1001"]), "1001 is not in 1..=1000");
    check(sweep(&["--turns", "4294967295"]), "not in 1..=1000");
    let play = [
        "play",
        "--deck",
        "rdf-starter",
        "--deck",
        "colonial-starter",
    ];
    check(
        [&play[..], &["--turns", "0"]]
            .concat()
            .iter()
            .map(|a| a.to_string())
            .collect(),
        "0 is not in 1..=1000",
    );
    let odds = |extra: &[&str]| {
        let mut args = vec!["odds", "--defense", "5"];
        args.extend_from_slice(extra);
        args.iter().map(|a| a.to_string()).collect::<Vec<_>>()
    };
    check(odds(&["--dice", "31"]), "31 is not in 1..=30");
    check(odds(&["--dice", "0"]), "0 is not in 1..=30");
    check(
        odds(&["--dice", "3", "--wounds", "0"]),
        "0 is not in 1..=255",
    );
    check(
        [
            "replay",
            "games.jsonl",
            "--game",
            "0",
            "--to-ruling",
            "--at",
            "0",
        ]
        .iter()
        .map(|a| a.to_string())
        .collect(),
        "0 is not in 1..=100000",
    );
}

/// A tampered games file given to `simulate merge` is refused by the flags' own ranges (a
/// turn cap near `u32::MAX` once sent the report's histogram into an endless loop), and a
/// deck it names must be a deck name, never a path.
#[test]
fn a_tampered_games_file_is_refused_by_the_same_ranges() {
    let dir = Scratch::new("tampered");
    let good = dir.file("good.jsonl");
    let one_game: Vec<&str> = RUN
        .iter()
        .map(|a| if *a == "12" { "1" } else { a })
        .collect();
    let made = hullbreach(&[&one_game[..], &["--out", &good]].concat());
    assert!(made.status.success(), "{}", text(&made.stderr));
    let line = std::fs::read_to_string(&good).expect("written");
    assert!(line.contains("\"turns\":30,"), "{line}");
    let bad = dir.file("bad.jsonl");
    let refused = |tampered: String, says: &str| {
        assert_ne!(tampered, line, "the tampering changed nothing");
        std::fs::write(&bad, &tampered).expect("write");
        let out = hullbreach_or_hang(&["simulate", "merge", &bad]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "");
    };
    refused(
        line.replace("\"turns\":30,", "\"turns\":4294967295,"),
        "a run's turn cap (--turns) is 1 to 1000, not 4294967295",
    );
    refused(
        line.replacen("\"games\":1,", "\"games\":0,", 1),
        "a run has 1 to 1000000 games (--games), not 0",
    );
    refused(
        line.replace("\"rdf-starter\"", "\"../../etc/rdf-starter\""),
        "deck `../../etc/rdf-starter` is not a deck name",
    );
    refused(
        line.replace("\"random\"", "\"\\u001b]0;pwned\\u0007\""),
        "no computer player `\\u{1b}]0;pwned\\u{7}`",
    );
}

/// `--out` and `--chart` never write through a link planted at a name the run writes (the
/// link is replaced, the file it pointed at is untouched), as `cardlang::write` promises.
#[cfg(unix)]
#[test]
fn outputs_never_write_through_a_planted_link() {
    let dir = Scratch::new("links");
    let victim = dir.file("victim.txt");
    std::fs::write(&victim, "precious\n").expect("victim");
    let out = dir.file("games.jsonl");
    std::os::unix::fs::symlink(&victim, &out).expect("link at --out");
    let charts = dir.file("charts");
    std::fs::create_dir_all(&charts).expect("chart dir");
    let chart = Path::new(&charts).join("win-rates.svg");
    std::os::unix::fs::symlink(&victim, &chart).expect("link at a chart");
    simulate(&["--out", &out, "--chart", &charts]);
    assert_eq!(
        std::fs::read_to_string(&victim).expect("victim"),
        "precious\n",
        "written through a planted link"
    );
    for path in [Path::new(&out), chart.as_path()] {
        let meta = std::fs::symlink_metadata(path).expect("written");
        assert!(
            meta.file_type().is_file(),
            "{} is still a link",
            path.display()
        );
    }
    assert_eq!(
        std::fs::read_to_string(&out)
            .expect("games")
            .lines()
            .count(),
        12
    );
}

/// `--out` and `--chart` are checked before the first game: a chart "directory" that is a file,
/// or an `--out` that is a directory or in a missing directory, is refused with its path and
/// nothing is written (once the games were played, `--out` written, and only then the chart
/// refused).
#[test]
fn unwritable_outputs_are_refused_before_the_first_game() {
    let dir = Scratch::new("unwritable");
    let out = dir.file("games.jsonl");
    let not_a_dir = dir.file("charts.txt");
    std::fs::write(&not_a_dir, "a file\n").expect("file");
    let refused = |extra: &[&str], says: &str| {
        let mut args = RUN.to_vec();
        args.extend_from_slice(extra);
        let run = hullbreach(&args);
        // An output that cannot be written: the run could not go as asked (docs/cli.md).
        assert_eq!(run.status.code(), Some(2), "{}", text(&run.stderr));
        assert!(text(&run.stderr).contains(says), "{}", text(&run.stderr));
        assert_eq!(text(&run.stdout), "", "a report was printed");
        assert!(!Path::new(&out).exists(), "--out was written");
    };
    refused(
        &["--out", &out, "--chart", &not_a_dir],
        &format!("--chart {not_a_dir}: is not a directory"),
    );
    let missing = dir.file("missing/games.jsonl");
    refused(&["--out", &missing], &dir.file("missing"));
    refused(
        &["--out", &dir.file("")],
        "is a directory; give a file path",
    );
}
