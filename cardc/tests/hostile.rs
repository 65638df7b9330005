//! `cardc` against a hostile workspace, through the binary: links planted where `build` writes
//! its database, a tampered database whose recorded card directory is `/` or holds no cards, and
//! file-level errors that must name their file. A run that could hang is waited for under a
//! generous watchdog that only fails on a hang (no timed assertions).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use cardlang::db::{CardDb, SourceStamp};

/// Long enough for any run on a loaded machine; reached only by a hang.
const WATCHDOG: Duration = Duration::from_secs(300);

const CARD: &str = "Ship \"Kite\" {\n    class: Frigate\n    cost: 1R\n    attack: 1\n    defense: 1\n    wounds: 1\n}\n";

/// A scratch directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("cardc-hostile-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `cardc` in `cwd` with colour off and no standard input; `pid` is told the child's
/// process id. Panics only if the run outlives the watchdog (it is killed first).
fn cardc_watched(cwd: &Path, args: &[&str], pid: &mut Option<u32>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cardc starts");
    *pid = Some(child.id());
    // The pipes are drained by threads so a chatty child cannot block on a full pipe.
    let drain = |r: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut r) = r {
                let _ = r.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let out = drain(child.stdout.take().map(|s| Box::new(s) as _));
    let err = drain(child.stderr.take().map(|s| Box::new(s) as _));
    let deadline = Instant::now() + WATCHDOG;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("cardc {args:?} still running after {WATCHDOG:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().expect("stdout"),
        stderr: err.join().expect("stderr"),
    }
}

fn cardc(cwd: &Path, args: &[&str]) -> Output {
    cardc_watched(cwd, args, &mut None)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A one-card pool under `at`.
fn pool(at: &Path) -> PathBuf {
    let dir = at.join("pool");
    std::fs::create_dir_all(&dir).expect("pool dir");
    std::fs::write(dir.join("kite.hb"), CARD).expect("card file");
    dir
}

/// The pids `cardc` may run under: every one when the system has few, else the next 20,000.
fn likely_pids() -> Vec<u32> {
    let read = |p: &str| -> Option<u32> { std::fs::read_to_string(p).ok()?.trim().parse().ok() };
    let max = read("/proc/sys/kernel/pid_max").unwrap_or(32_768);
    if max <= 65_536 {
        return (1..=max).collect();
    }
    let last = read("/proc/sys/kernel/ns_last_pid").unwrap_or(std::process::id());
    (1..=20_000).map(|i| (last + i) % max).collect()
}

#[cfg(unix)]
#[test]
fn build_never_writes_through_a_link_planted_at_the_database_or_a_temp_name() {
    let scratch = Scratch::new("links");
    pool(scratch.path());
    let victim = scratch.path().join("victim.txt");
    std::fs::write(&victim, "the victim's own words\n").expect("victim");
    let out = scratch.path().join("out");
    std::fs::create_dir_all(&out).expect("out dir");
    // The database's own name, and the fixed temp name `.<db>.<pid>.tmp` an older `cardc`
    // wrote through, for every pid the child could get.
    std::os::unix::fs::symlink(&victim, out.join("cards.hbdb")).expect("link");
    let pids = likely_pids();
    for pid in &pids {
        std::os::unix::fs::symlink(&victim, out.join(format!(".cards.hbdb.{pid}.tmp")))
            .expect("link");
    }

    let mut pid = None;
    let run = cardc_watched(
        scratch.path(),
        &["build", "pool", "-o", "out/cards.hbdb"],
        &mut pid,
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let pid = pid.expect("the child's pid");
    assert!(pids.contains(&pid), "pid {pid} was not planted");

    assert_eq!(
        std::fs::read_to_string(&victim).expect("victim"),
        "the victim's own words\n"
    );
    // The link at the target is replaced by the database, not followed.
    let db = out.join("cards.hbdb");
    assert!(std::fs::symlink_metadata(&db).expect("db").is_file());
    assert_eq!(CardDb::load(&db).expect("loads").len(), 1);
    // The planted temp name is still the planted link.
    let tmp = out.join(format!(".cards.hbdb.{pid}.tmp"));
    assert!(std::fs::symlink_metadata(&tmp)
        .expect("link")
        .file_type()
        .is_symlink());
}

/// A database of the one-card pool that records `dir` as the card directory it was built from.
fn tampered(at: &Path, dir: &str) -> PathBuf {
    let files = cardlang::source::read_pool(&pool(at)).expect("pool");
    let cards = cardlang::compile(&files).cards;
    let db = CardDb::new(cards)
        .expect("database")
        .with_sources(SourceStamp {
            dir: dir.to_string(),
            digest: 0,
        })
        .expect("stamped");
    let path = at.join("tampered.hbdb");
    db.save(&path).expect("saved");
    path
}

#[test]
fn a_database_recording_the_root_as_its_card_directory_does_not_walk_the_disk() {
    let scratch = Scratch::new("root");
    tampered(scratch.path(), "/");
    let run = cardc(
        scratch.path(),
        &["explain", "Kite", "--db", "tampered.hbdb"],
    );
    let err = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{err}");
    assert!(text(&run.stdout).contains("Kite"), "{}", text(&run.stdout));
    assert!(
        err.contains(
            "note: the card database `tampered.hbdb` records `/` as the card directory it was \
             built from, which is not a card pool ("
        ),
        "{err}"
    );
    assert!(
        err.contains("which is not a card pool (it is the root of the file system)"),
        "{err}"
    );
    assert!(err.contains("its stale check was skipped"), "{err}");
    assert!(!err.contains("rebuild"), "{err}");
}

#[test]
fn a_database_recording_a_directory_with_no_card_files_is_not_called_stale() {
    let scratch = Scratch::new("empty");
    let empty = scratch.path().join("empty");
    std::fs::create_dir_all(empty.join("notes")).expect("dirs");
    std::fs::write(empty.join("notes/readme.txt"), "no cards here\n").expect("file");
    let empty = std::fs::canonicalize(&empty).expect("absolute");
    tampered(scratch.path(), &empty.to_string_lossy());
    let run = cardc(
        scratch.path(),
        &["explain", "Kite", "--db", "tampered.hbdb"],
    );
    let err = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{err}");
    assert!(
        err.contains("which is not a card pool (there is no `*.hb` card file under it)"),
        "{err}"
    );
}

#[test]
fn file_level_errors_name_their_file_in_human_output() {
    let scratch = Scratch::new("names");
    pool(scratch.path());
    let run = cardc(
        scratch.path(),
        &["deck", "check", "--cards", "pool", "nosuch-deck.txt"],
    );
    assert_eq!(run.status.code(), Some(2));
    let err = text(&run.stderr);
    assert!(
        err.contains("nosuch-deck.txt: no such decklist file"),
        "{err}"
    );

    std::fs::write(scratch.path().join("garbage.hbdb"), "garbage\n").expect("garbage");
    let run = cardc(scratch.path(), &["explain", "Kite", "--db", "garbage.hbdb"]);
    assert_eq!(run.status.code(), Some(2));
    let err = text(&run.stderr);
    assert!(
        err.contains("garbage.hbdb: cannot load the card database: not a Hull Breach! card"),
        "{err}"
    );

    std::fs::create_dir_all(scratch.path().join("dbdir")).expect("dir");
    let run = cardc(scratch.path(), &["build", "pool", "-o", "dbdir"]);
    assert_eq!(run.status.code(), Some(2));
    let err = text(&run.stderr);
    assert!(err.contains("cannot write the database"), "{err}");
    assert!(err.contains("dbdir"), "{err}");

    // A card file that cannot be read is named too (it has no snippet to name it).
    std::fs::write(scratch.path().join("pool/bad.hb"), b"Ship \"\xff\" {}\n").expect("file");
    let run = cardc(scratch.path(), &["check", "pool"]);
    assert_eq!(run.status.code(), Some(1));
    let err = text(&run.stderr);
    assert!(
        err.contains("pool/bad.hb: card file is not valid UTF-8"),
        "{err}"
    );
}

#[test]
fn a_database_recording_the_home_directory_does_not_walk_it() {
    let scratch = Scratch::new("home");
    let home = scratch.path().join("home");
    pool(&home);
    let home = std::fs::canonicalize(&home).expect("absolute");
    tampered(scratch.path(), &home.to_string_lossy());
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"));
    child
        .args(["explain", "Kite", "--db", "tampered.hbdb"])
        .current_dir(scratch.path())
        .env("HOME", &home)
        .env("NO_COLOR", "1");
    let run = child.output().expect("cardc runs");
    let err = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{err}");
    assert!(
        err.contains("which is not a card pool (it is the home directory)"),
        "{err}"
    );
}

#[test]
fn a_database_recording_a_folder_past_the_pool_bounds_is_not_called_stale() {
    let scratch = Scratch::new("bounds");
    let big = scratch.path().join("big");
    std::fs::create_dir_all(&big).expect("dir");
    // One more card file than a pool may have: the walk stops at the bound.
    for i in 0..=cardlang::source::MAX_POOL_FILES {
        std::fs::write(big.join(format!("{i}.hb")), "").expect("file");
    }
    let big = std::fs::canonicalize(&big).expect("absolute");
    tampered(scratch.path(), &big.to_string_lossy());
    let run = cardc(
        scratch.path(),
        &["explain", "Kite", "--db", "tampered.hbdb"],
    );
    let err = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{err}");
    assert!(
        err.contains(&format!(
            "which is not a card pool (the pool has {} card files; at most {} are read)",
            cardlang::source::MAX_POOL_FILES + 1,
            cardlang::source::MAX_POOL_FILES
        )),
        "{err}"
    );
}
