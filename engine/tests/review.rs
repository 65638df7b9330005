//! `hullbreach review OLD NEW` end to end (issue #44), through the binary: the fixtures under
//! `tests/review/` (two versions of a pool, their decklists, and ruling files) cover every
//! section — cards added, removed, renamed, changed and only laid out anew; decks that become
//! illegal and legal, summary lines that move; rulings that read differently, refuse, break or
//! stay; the A/B of the changed cards — in each format, the gate's exit codes, bad input
//! (unknown revisions, a dirty work tree, a pool that does not compile, decks of another
//! repository), and two real revisions of this repository.

mod support;
use support::{copy_dir, hullbreach_in, repo, Scratch};

use std::path::Path;
use std::process::{Command, Output};

/// `hullbreach review` of the fixtures, in the repository root, with few games.
fn review(extra: &[&str]) -> Output {
    let mut args = vec![
        "review",
        "tests/review/old",
        "tests/review/new",
        "--rulings",
        "tests/review/rulings",
    ];
    if !extra.contains(&"--games") {
        args.extend(["--games", "12"]);
    }
    if !extra.contains(&"--jobs") {
        args.extend(["--jobs", "2"]);
    }
    args.extend_from_slice(extra);
    hullbreach_in(&repo(), &args)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn git(dir: &Path, args: &[&str]) -> String {
    let o = Command::new("git")
        .args([
            "-c",
            "user.name=Review Test",
            "-c",
            "user.email=review@example.invalid",
        ])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(o.status.success(), "git {args:?}: {}", stderr(&o));
    stdout(&o)
}

/// A repository whose first commit holds the old fixture pool as `cards/` and whose second
/// holds the new one.
fn two_commit_repo(name: &str) -> Scratch {
    let s = Scratch::new(name);
    git(&s.0, &["init", "-q"]);
    copy_dir(&repo().join("tests/review/old"), &s.0.join("cards"));
    git(&s.0, &["add", "-A"]);
    git(&s.0, &["commit", "-q", "-m", "old"]);
    git(&s.0, &["tag", "before"]);
    std::fs::remove_dir_all(s.0.join("cards")).expect("rm");
    copy_dir(&repo().join("tests/review/new"), &s.0.join("cards"));
    git(&s.0, &["add", "-A"]);
    git(&s.0, &["commit", "-q", "-m", "new"]);
    s
}

#[test]
fn the_fixtures_reviewed_for_a_terminal() {
    let o = review(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    // A change of layout alone is no change.
    assert!(!text.contains("Freelancer"), "{text}");
    insta::assert_snapshot!("fixtures_text", text);
}

#[test]
fn the_fixtures_reviewed_as_markdown_for_a_pull_request() {
    let o = review(&["--format", "markdown"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("fixtures_markdown", stdout(&o));
}

#[test]
fn the_json_says_what_the_text_says_and_is_deterministic() {
    let a = review(&["--format", "json"]);
    let b = review(&["--format", "json", "--jobs", "1"]);
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    assert_eq!(
        stdout(&a),
        stdout(&b),
        "the review depends on the thread count"
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&a)).expect("JSON");
    let r = &v["review"];
    assert_eq!(r["cards"]["added"][0], "Sparrow-class Frigate");
    assert_eq!(r["cards"]["removed"][0], "Courier-class Frigate");
    assert_eq!(r["cards"]["renamed"][0]["to"], "Hawk-class Frigate");
    assert_eq!(r["cards"]["changed"].as_array().map(Vec::len), Some(3));
    assert!(!r["balance"]["matchups"]
        .as_array()
        .expect("matchups")
        .is_empty());
    assert_eq!(v["gate"]["asked"], false);
}

#[test]
fn the_gate_fails_for_what_it_is_told_to_deny() {
    for (deny, code) in [
        ("illegal-decks", 1),
        ("broken-rulings", 1),
        ("changed-rulings", 1),
        ("win-rate-shift=100", 0),
    ] {
        let o = review(&["--deny", deny, "--format", "markdown"]);
        assert_eq!(o.status.code(), Some(code), "--deny {deny}: {}", stderr(&o));
        let text = stdout(&o);
        if code == 1 {
            assert!(text.contains("- denied ("), "--deny {deny}: {text}");
        } else {
            assert!(text.contains("- passed"), "--deny {deny}: {text}");
        }
    }
    // The same pool on both sides passes every gate.
    let o = hullbreach_in(
        &repo(),
        &[
            "review",
            "tests/review/new",
            "tests/review/new",
            "--rulings",
            "tests/review/rulings",
            "--deny",
            "illegal-decks,broken-rulings,changed-rulings,win-rate-shift=5",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("no card reads differently"));
    // A list the gate does not know is refused before anything is read.
    let o = review(&["--deny", "illegal-decks,everything"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not `everything`"), "{}", stderr(&o));
}

#[test]
fn the_gate_denies_a_clear_win_rate_shift_past_its_points() {
    // Twelve pairs cannot show a clear shift; the shift is measured, the gate reads it.
    let o = review(&["--format", "json", "--deny", "win-rate-shift=0"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let clear = v["review"]["balance"]["matchups"]
        .as_array()
        .expect("matchups")
        .iter()
        .any(|m| m["shift"]["low"].as_f64() > Some(0.0) || m["shift"]["high"].as_f64() < Some(0.0));
    assert_eq!(o.status.code(), Some(if clear { 1 } else { 0 }));
}

#[test]
fn a_pool_that_does_not_compile_is_reported_and_the_rest_still_reviewed() {
    let s = Scratch::new("broken");
    let new = s.0.join("new");
    copy_dir(&repo().join("tests/review/new"), &new);
    std::fs::write(
        new.join("rdf/broken.hb"),
        "Ship \"Broken Frigate\" {\n    class: Frigate\n    cost: lots\n}\n",
    )
    .expect("write");
    // The rulings beside the new pool, in no repository as it is.
    copy_dir(&repo().join("tests/review/rulings"), &s.0.join("rulings"));
    let old = repo().join("tests/review/old");
    let o = hullbreach_in(
        &s.0,
        &[
            "review",
            old.to_str().expect("path"),
            "new",
            "--rulings",
            "rulings",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("new does not compile"), "{text}");
    assert!(text.contains("rdf/broken.hb:3"), "{text}");
    // The cards that compiled are still compared.
    assert!(
        text.contains("renamed: Harrier-class Frigate → Hawk-class Frigate"),
        "{text}"
    );
    // Decks and rulings are not judged against the cards that happened to compile.
    assert!(
        text.contains("Decks: not judged, a pool does not compile"),
        "{text}"
    );
    assert!(
        text.contains("Rulings: not run, a pool does not compile"),
        "{text}"
    );
    assert!(
        text.contains("games need both versions to compile"),
        "{text}"
    );
}

#[test]
fn revisions_are_read_from_git_and_nothing_is_written() {
    let s = two_commit_repo("revisions");
    let before = git(&s.0, &["status", "--porcelain", "--ignored"]);
    let o = hullbreach_in(&s.0, &["review", "before", "HEAD", "--no-balance"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Pool review: before ("), "{text}");
    assert!(text.contains("changed: Merlin-class Frigate"), "{text}");
    assert!(text.contains("corporate-starter becomes illegal"), "{text}");
    // The directories and the revisions read alike.
    let dirs = review(&["--no-balance"]);
    let cards = |t: &str| {
        t.split("\nDecks")
            .next()
            .unwrap_or("")
            .split_once('\n')
            .map(|x| x.1.to_string())
    };
    assert_eq!(cards(&text), cards(&stdout(&dirs)));
    assert_eq!(git(&s.0, &["status", "--porcelain", "--ignored"]), before);
}

#[test]
fn an_unknown_revision_is_refused_in_words() {
    let s = two_commit_repo("unknown");
    let o = hullbreach_in(&s.0, &["review", "before", "no-such-branch"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`no-such-branch` is neither a directory nor a revision"),
        "{}",
        stderr(&o)
    );
    assert!(o.stdout.is_empty());
    let o = hullbreach_in(&s.0, &["review", "before", "--upload-pack=x"]);
    assert_ne!(o.status.code(), Some(0));
}

#[test]
fn a_revision_outside_any_repository_is_refused() {
    let s = Scratch::new("norepo");
    let o = hullbreach_in(&s.0, &["review", "HEAD~1", "HEAD"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is in no git repository"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_checked_out_commit_with_uncommitted_cards_is_refused() {
    let s = two_commit_repo("dirty");
    let ships = s.0.join("cards/rdf/ships.hb");
    let text = std::fs::read_to_string(&ships).expect("read");
    std::fs::write(&ships, text.replace("attack: 4", "attack: 5")).expect("write");
    let o = hullbreach_in(&s.0, &["review", "before", "HEAD", "--no-balance"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("uncommitted changes"), "{err}");
    assert!(err.contains("cards/rdf/ships.hb"), "{err}");
    // The directory as it is on disk is what to review instead.
    let o = hullbreach_in(&s.0, &["review", "before", "cards", "--no-balance"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("attack 3 → 5"), "{}", stdout(&o));
}

#[test]
fn decks_of_another_repository_are_refused() {
    let s = two_commit_repo("other");
    let decks = repo().join("tests/review/new/decks");
    let o = hullbreach_in(
        &s.0,
        &[
            "review",
            "before",
            "HEAD",
            "--decks",
            decks.to_str().expect("path"),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("must come from the same repository"),
        "{}",
        stderr(&o)
    );
}

/// Commits of this repository that touch `cards/`: the bundled pool laid out canonically
/// (`cardc fmt cards`, 0ad4209, against the commit before it) — a change of layout only — and
/// one card's printed text reworded (07f6a1a against 3d67132).
#[test]
fn two_real_revisions_of_this_repository() {
    let root = repo();
    let shallow = Command::new("git")
        .args(["rev-parse", "--is-shallow-repository"])
        .current_dir(&root)
        .output();
    match shallow {
        Ok(o) if o.status.success() && String::from_utf8_lossy(&o.stdout).trim() == "false" => {}
        _ => {
            eprintln!(
                "SKIPPED two_real_revisions_of_this_repository: this is a shallow clone (or no \
                 git clone): the revisions it reviews are not here; CI runs it on a full clone"
            );
            return;
        }
    }
    // `cardc fmt cards`: every file laid out anew, no card reads differently.
    let o = hullbreach_in(&root, &["review", "37006f0", "0ad4209", "--no-balance"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Cards: 0 added, 0 removed, 0 renamed, 0 changed"));
    // Issue #40: one card's printed text.
    let o = hullbreach_in(
        &root,
        &[
            "review", "3d67132", "07f6a1a", "--format", "markdown", "--games", "20",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("real_revisions", stdout(&o));
}

#[test]
fn the_transcript_diff_is_a_line_diff_bounded_in_size() {
    use engine::review::diff;
    let d = diff::lines("a\nb\nc\nd\n", "a\nc\nx\nd\n");
    assert_eq!(d, ["  a", "- b", "  c", "+ x", "  d"]);
    assert_eq!(diff::hunks(&d, 0), ["  …", "- b", "  …", "+ x", "  …"]);
    // Past the table's bound the middle is shown replaced, in linear memory.
    let old: String = (0..3000).map(|i| format!("old {i}\n")).collect();
    let new: String = (0..3000).map(|i| format!("new {i}\n")).collect();
    const { assert!(3000 * 3000 > diff::MAX_CELLS) };
    let d = diff::lines(&format!("same\n{old}"), &format!("same\n{new}"));
    assert_eq!(d.len(), 6001);
    assert_eq!(d[1], "- old 0");
    assert_eq!(d[3001], "+ new 0");
}

#[test]
fn a_revision_without_git_is_refused_in_words() {
    let s = two_commit_repo("nogit");
    let o = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["review", "before", "HEAD"])
        .current_dir(&s.0)
        .env("PATH", "")
        .output()
        .expect("hullbreach runs");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("needs the `git` program"),
        "{}",
        stderr(&o)
    );
    // Two directories need no git.
    let o = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["review", "cards", "cards", "--no-balance"])
        .current_dir(&s.0)
        .env("PATH", "")
        .output()
        .expect("hullbreach runs");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_card_directory_outside_the_repository_is_refused() {
    let s = two_commit_repo("outside");
    let elsewhere = Scratch::new("outside-cards");
    let o = hullbreach_in(
        &s.0,
        &[
            "review",
            "before",
            "HEAD",
            "--path",
            elsewhere.0.to_str().expect("path"),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is no directory of the repository"),
        "{}",
        stderr(&o)
    );
    let o = hullbreach_in(&s.0, &["review", "before", "HEAD", "--path", "."]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("names the repository's root"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_version_without_decklists_says_so() {
    // The RDF cards alone: no decks/ beside them.
    let o = hullbreach_in(
        &repo(),
        &[
            "review",
            "tests/review/old/rdf",
            "tests/review/new/rdf",
            "--no-balance",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Decks: none found"), "{text}");
    assert!(text.contains("changed: Merlin-class Frigate"), "{text}");
}

/// A balance line of the text review: the points it moves and whether its interval excludes 0.
fn shifts(text: &str) -> Vec<(f64, bool)> {
    text.lines()
        .filter(|l| l.contains(" points (95%: "))
        .map(|l| {
            let before = l.split(" points (95%: ").next().unwrap_or("");
            let points = before.rsplit(' ').next().unwrap_or("").parse::<f64>();
            let clear = !l.ends_with("no clear shift");
            (
                points.expect("a balance line gives its points").abs(),
                clear,
            )
        })
        .collect()
}

#[test]
fn the_win_rate_gate_reads_points_and_the_interval() {
    // Crow's new attack and Escort move some matchup clearly at 100 pairs for some seed; which
    // one depends on the players, so the test finds a seed and reads the figures it printed.
    let (seed, lines) = (0..12)
        .map(|seed| {
            let s = seed.to_string();
            let o = review(&["--games", "100", "--seed", &s]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            (s, shifts(&stdout(&o)))
        })
        .find(|(_, lines)| lines.iter().any(|&(_, clear)| clear))
        .expect("a clear shift at 100 pairs within 12 seeds");
    let clear = lines
        .iter()
        .filter(|l| l.1)
        .map(|l| l.0)
        .fold(0.0, f64::max);
    // Below the clearest shift the gate denies, naming each clear shift over the bar.
    let bar = (clear - 1.0).floor().max(0.0);
    let gate = format!("win-rate-shift={bar}");
    let o = review(&["--games", "100", "--seed", &seed, "--deny", &gate]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let over = lines.iter().filter(|&&(p, c)| c && p > bar).count();
    let named = stdout(&o)
        .matches(&format!("points (more than {bar})"))
        .count();
    assert_eq!(named, over, "{}", stdout(&o));
    // Above it, no clear shift is over the bar, however far an unclear one moves: it passes.
    let gate = format!("win-rate-shift={}", clear.ceil());
    let o = review(&["--games", "100", "--seed", &seed, "--deny", &gate]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

/// `--round-robin`: each deck legal in both versions is rated in the old pool and in the new,
/// and the new standings are exactly what `simulate --round-robin` gives on the new pool
/// (the review plays the simulator's games; it adds no model of its own).
#[test]
fn the_round_robin_shows_each_decks_standing_before_and_after() {
    let o = review(&[
        "--no-balance",
        "--round-robin",
        "--games",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("the review is JSON");
    let standings = json["review"]["standings"]
        .as_array()
        .expect("standings listed");
    let decks: Vec<&str> = standings
        .iter()
        .map(|s| s["deck"].as_str().expect("a deck name"))
        .collect();
    assert_eq!(decks, ["colonial-starter", "rdf-starter"], "{json:#}");
    let sim = hullbreach_in(
        &repo(),
        &[
            "--cards",
            "tests/review/new",
            "simulate",
            "--round-robin",
            "--deck",
            "tests/review/new/decks/colonial-starter.txt",
            "--deck",
            "tests/review/new/decks/rdf-starter.txt",
            "--games",
            "20",
            "--seed",
            "0",
            "--turns",
            "100",
            "--jobs",
            "2",
            "--format",
            "json",
        ],
    );
    assert_eq!(sim.status.code(), Some(0), "{}", stderr(&sim));
    let sim: serde_json::Value = serde_json::from_str(&stdout(&sim)).expect("simulate's JSON");
    for (k, s) in standings.iter().enumerate() {
        assert_eq!(
            s["rating_after"], sim["round_robin"]["ratings"][k],
            "{json:#}"
        );
        assert_eq!(s["won_after"], sim["entrants"][k]["won"], "{json:#}");
    }
    // The text says how each deck moves.
    let o = review(&["--no-balance", "--round-robin", "--games", "20"]);
    assert!(
        stdout(&o).contains("Round robin: every deck legal in both versions"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("rdf-starter: rating "),
        "{}",
        stdout(&o)
    );
}
