//! `cardc check --watch` and `cardc build --watch`, end to end: after an edit that breaks a card
//! or a decklist, the new diagnostic is printed; after the fix, a `fixed:` line; one change is
//! one rebuild. Every wait polls the output up to a deadline that only a hang reaches (no timed
//! assertions); the watcher is stopped by killing the child this test started.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(60);

const GOOD: &str = "Ship \"Kite\" {\n    class: Frigate\n    cost: 1R\n    attack: 1\n    defense: 1\n    wounds: 1\n}\n";
const BAD: &str = "Ship \"Kite\" {\n    class: Frigate\n    cost: 1R\n    atack: 1\n    defense: 1\n    wounds: 1\n}\n";

struct Guard(Child, PathBuf);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

fn lines(from: impl Read + Send + 'static, tx: std::sync::mpsc::Sender<String>) {
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
}

/// Reads lines until one contains `wanted`; panics at the deadline.
fn wait_for(rx: &Receiver<String>, wanted: &str, seen: &mut Vec<String>) {
    // stdout and stderr are read by two threads: a line may already be here.
    if let Some(i) = seen.iter().position(|l| l.contains(wanted)) {
        let line = seen.remove(i);
        seen.push(line);
        return;
    }
    let deadline = Instant::now() + DEADLINE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => {
                let hit = line.contains(wanted);
                seen.push(line);
                if hit {
                    return;
                }
            }
            Err(_) => panic!(
                "no line with {wanted:?} before the deadline; saw:\n{}",
                seen.join("\n")
            ),
        }
    }
}

/// How long the watcher is left alone to show whether one change makes more than one check:
/// the debouncer waits 200 ms, so a watcher re-checking its own reads would check ten times here.
const SETTLE: Duration = Duration::from_secs(3);

/// Every line that arrives for `SETTLE`.
fn settle(rx: &Receiver<String>, seen: &mut Vec<String>) {
    let until = Instant::now() + SETTLE;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => return,
        }
    }
}

/// A copy of the repository's card pool with its starter decks, in a fresh scratch directory.
fn scratch_pool(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardc-watch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards"),
        &dir.join("cards"),
    );
    dir
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let path = entry.expect("entry").path();
        let target = to.join(path.file_name().expect("name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy");
        }
    }
}

/// Starts `cardc` with `args` (the last being the pool) and its output read line by line.
fn start(args: &[&str], dir: &std::path::Path) -> (Guard, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cardc starts");
    let (tx, rx) = channel();
    lines(child.stdout.take().expect("stdout"), tx.clone());
    lines(child.stderr.take().expect("stderr"), tx);
    (Guard(child, dir.to_path_buf()), rx)
}

/// Replaces `from` by `to` in the file at `path` (which must hold it), saved as many editors
/// save: written beside it and renamed over it, so the watcher never sees half a file.
fn edit(path: &std::path::Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    let saving = path.with_extension("saving");
    std::fs::write(&saving, text.replacen(from, to, 1)).expect("write");
    std::fs::rename(&saving, path).expect("rename");
}

#[test]
fn build_watch_rebuilds_once_per_change() {
    let dir = scratch_pool("build");
    let (_guard, rx) = start(
        &[
            "--message-format",
            "short",
            "build",
            "--watch",
            "cards",
            "-o",
            "out.hbdb",
        ],
        &dir,
    );
    let mut seen = Vec::new();
    wait_for(&rx, "watching", &mut seen);
    let wrote = |seen: &[String]| seen.iter().filter(|l| l.starts_with("wrote ")).count();
    assert_eq!(wrote(&seen), 1, "{seen:?}");
    // Nothing changed: reading the pool and the decks must not start a check.
    settle(&rx, &mut seen);
    assert_eq!(wrote(&seen), 1, "{seen:?}");

    edit(
        &dir.join("cards/rdf/ships.hb"),
        "Ship \"Merlin-class Frigate\" {",
        "# a designer's note\nShip \"Merlin-class Frigate\" {",
    );
    wait_for(&rx, "[watch] 0 new, 0 fixed; 0 errors", &mut seen);
    wait_for(&rx, "wrote out.hbdb", &mut seen);
    settle(&rx, &mut seen);
    assert_eq!(wrote(&seen), 2, "one change, one rebuild: {seen:#?}");
    let checks = seen.iter().filter(|l| l.starts_with("[watch]")).count();
    assert_eq!(checks, 1, "{seen:#?}");
}

#[test]
fn check_watch_reports_deck_problems_new_and_fixed() {
    let dir = scratch_pool("decks");
    let (_guard, rx) = start(
        &["--message-format", "short", "check", "--watch", "cards"],
        &dir,
    );
    let mut seen = Vec::new();
    wait_for(&rx, "watching", &mut seen);
    assert!(
        seen.iter()
            .any(|l| l.contains("deck cards/decks/rdf-starter.txt: legal")),
        "{seen:?}"
    );
    let deck = dir.join("cards/decks/rdf-starter.txt");

    // A sixth copy: the deck's new problems, then their fix.
    edit(&deck, "3 Merlin-class Frigate", "6 Merlin-class Frigate");
    wait_for(
        &rx,
        "cards/decks/rdf-starter.txt:23:1: error[HB0706]: 6 copies of \"Merlin-class Frigate\"",
        &mut seen,
    );
    wait_for(&rx, "[watch] 2 new, 0 fixed; 2 errors", &mut seen);
    edit(&deck, "6 Merlin-class Frigate", "3 Merlin-class Frigate");
    wait_for(
        &rx,
        "fixed: cards/decks/rdf-starter.txt:23:1: error[HB0706]",
        &mut seen,
    );
    wait_for(&rx, "[watch] 0 new, 2 fixed; 0 errors", &mut seen);

    // A renamed card breaks the deck that names it, and naming it back mends it.
    let ships = dir.join("cards/rdf/ships.hb");
    edit(
        &ships,
        "Ship \"Merlin-class Frigate\"",
        "Ship \"Merlin-class Frigat\"",
    );
    wait_for(
        &rx,
        "cards/decks/rdf-starter.txt:23:3: error[HB0613]: no card named \"Merlin-class Frigate\"",
        &mut seen,
    );
    wait_for(&rx, "[watch] 1 new, 0 fixed; 1 error", &mut seen);
    edit(
        &ships,
        "Ship \"Merlin-class Frigat\"",
        "Ship \"Merlin-class Frigate\"",
    );
    wait_for(
        &rx,
        "fixed: cards/decks/rdf-starter.txt:23:3: error[HB0613]",
        &mut seen,
    );
    wait_for(&rx, "[watch] 0 new, 1 fixed; 0 errors", &mut seen);
}

#[test]
fn watch_prints_the_new_diagnostic_and_then_the_fix() {
    let dir = std::env::temp_dir().join(format!("cardc-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    let file = dir.join("a.hb");
    std::fs::write(&file, GOOD).expect("write");

    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(["--message-format", "short", "check", "--watch"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cardc starts");
    let (tx, rx) = channel();
    lines(child.stdout.take().expect("stdout"), tx.clone());
    lines(child.stderr.take().expect("stderr"), tx);
    let _guard = Guard(child, dir.clone());
    let mut seen = Vec::new();

    wait_for(&rx, "watching", &mut seen);
    assert!(
        seen.iter().any(|l| l.contains("compiled 1 card file")),
        "{seen:?}"
    );

    std::fs::write(&file, BAD).expect("write");
    wait_for(&rx, "error[HB0102]: unknown field `atack`", &mut seen);
    wait_for(&rx, "[watch] 1 new, 0 fixed; 1 error", &mut seen);

    std::fs::write(&file, GOOD).expect("write");
    wait_for(&rx, "fixed: ", &mut seen);
    let fixed = seen.last().cloned().unwrap_or_default();
    assert!(fixed.contains("a.hb:4:5: error[HB0102]"), "{fixed}");
    wait_for(&rx, "[watch] 0 new, 1 fixed; 0 errors", &mut seen);
}
