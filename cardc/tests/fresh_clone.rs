//! A fresh clone that follows `docs/guide.md` to the letter ends green (issue #43).
//!
//! The clone is this repository's HEAD, fetched with `git` into `guide-clone/` in this build's
//! target directory, plus the working tree's changes to tracked files (staged or not) committed
//! there, so a change is tried before it is committed. Files git does not track are not in it: the test names any
//! that git does not ignore, since `git add` puts them in. In the clone, the guide's own files
//! are taken away (every file a ```` ```text PATH ```` block shows, and the snapshot of every
//! ruling the guide runs) and `docs/coverage.md` is regenerated without them: the repository as a
//! designer finds it before the guide. Then the guide is followed (`support/guide.rs`): each file
//! written from its block, `cardc` run, the `hullbreach` commands made as the library calls the
//! binary makes, and its `cargo test` commands run for real. Green means two things:
//!
//! - the clone is the commit again (`git status` shows nothing), so every test target sees there
//!   the files it sees in this repository: the doc-example harnesses, the guide test and the
//!   engine tests that read the guide's deck are not built a second time for the clone;
//! - the targets the guide's files can turn red pass in the clone with `CI=true`, as `.ci/run`
//!   runs them: `rulings` (a missing or changed snapshot), `coverage` (a stale
//!   `docs/coverage.md`), `words` (every ruling's script and the ruling pool's card names) and
//!   `effects` (every card of the ruling pool).
//!
//! The clone builds in this build's target directory, so the dependencies are not built again.
//! Cargo names a workspace package's artifacts by its path within the workspace, not by where
//! the workspace is, so the clone's packages are built with a profile of their own (see
//! `support/guide.rs`, `cargo`): else the clone's test binaries, which hold the clone's path,
//! would replace this build's. Only the `tests` package is built there, and it has no binary,
//! so nothing in `target/debug/` is replaced. The clone is removed when the test passes and kept
//! for a look when it fails.
//!
//! `full_ci_in_a_fresh_clone` (ignored: it doubles CI's time) runs the whole `.ci/run` in the
//! clone instead of those targets: `cargo test -p cardc --test fresh_clone -- --ignored`. `.ci/run`
//! is run as it is, so it builds in a target directory of its own, `guide-clone-ci-target/`
//! beside the clone: the whole workspace and its dependencies, once.

#[path = "support/guide.rs"]
mod guide;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use guide::{blocks, cargo, follow_guide, read, repo, tail, GUIDE};

/// This build's target directory: where `cardc` was built (`TARGET/debug/cardc`).
fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        let dir = PathBuf::from(dir);
        return if dir.is_absolute() {
            dir
        } else {
            repo().join(dir)
        };
    }
    Path::new(env!("CARGO_BIN_EXE_cardc"))
        .ancestors()
        .nth(2)
        .expect("cardc is built in TARGET/PROFILE/")
        .to_path_buf()
}

/// `git ARGS` in `dir`; it must succeed. Its standard output.
fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "`git {}` in {} fails:\n{}",
        args.join(" "),
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A fresh clone of HEAD in `TARGET/NAME`, with the working tree's changes to tracked files.
fn fresh_clone(name: &str) -> PathBuf {
    let clone = target_dir().join(name);
    if clone.exists() {
        std::fs::remove_dir_all(&clone).expect("the last clone can be removed");
    }
    std::fs::create_dir_all(&clone).expect("the clone's folder can be made");
    let repo = repo();
    git(&clone, &["init", "--quiet"]);
    let origin = repo.to_string_lossy().into_owned();
    git(
        &clone,
        &["fetch", "--quiet", "--depth", "1", &origin, "HEAD"],
    );
    git(&clone, &["checkout", "--quiet", "--detach", "FETCH_HEAD"]);
    let changed = git(&repo, &["diff", "--name-only", "--no-renames", "HEAD"]);
    for rel in changed.lines() {
        let (from, to) = (repo.join(rel), clone.join(rel));
        if from.exists() {
            std::fs::create_dir_all(to.parent().expect("a file in a folder")).expect("a folder");
            std::fs::copy(&from, &to).expect("a changed file is copied");
        } else if to.exists() {
            std::fs::remove_file(&to).expect("a deleted file is deleted");
        }
    }
    // The changes are the clone's commit, which following the guide must give back.
    git(&clone, &["add", "--all"]);
    git(
        &clone,
        &[
            "-c",
            "user.name=fresh clone",
            "-c",
            "user.email=fresh-clone@localhost",
            "commit",
            "--quiet",
            "--allow-empty",
            "--no-verify",
            "--message",
            "the working tree's changes",
        ],
    );
    let untracked = git(&repo, &["ls-files", "--others", "--exclude-standard"]);
    if !untracked.trim().is_empty() {
        eprintln!(
            "note: files git does not track are not in the fresh clone (git add them to try \
             them):\n{untracked}"
        );
    }
    clone
}

/// Takes away the guide's files and regenerates docs/coverage.md without them.
fn before_the_guide(clone: &Path, target: &Path) {
    let text = read(clone, GUIDE);
    let mut taken = 0;
    for b in blocks(&text) {
        let mut info = b.info.split_whitespace();
        let (Some("text"), Some(path)) = (info.next(), info.next()) else {
            continue;
        };
        if !path.contains('/') {
            continue;
        }
        let file = clone.join(path);
        if file.exists() {
            std::fs::remove_file(&file).expect("a guide file is removed");
            taken += 1;
        }
        let rel = Path::new(path);
        if rel.extension().is_some_and(|e| e == "ruling") {
            let name = rel.file_stem().expect("a name").to_string_lossy();
            let snap = file.with_file_name(format!("rulings@{name}.snap"));
            if snap.exists() {
                std::fs::remove_file(&snap).expect("a guide snapshot is removed");
            }
        }
    }
    assert!(
        taken >= 3,
        "{GUIDE}: expected the card, deck and ruling the guide shows in the clone, found {taken}"
    );
    let env = ["UPDATE_COVERAGE=1".to_string()];
    let out = cargo(
        clone,
        &env,
        &["test", "-p", "tests", "--test", "coverage"],
        target,
    );
    assert!(
        out.status.success(),
        "docs/coverage.md cannot be regenerated without the guide's files:\n{}",
        tail(&out.stderr)
    );
}

/// The clone is the commit again: nothing changed, nothing new that git would see.
fn assert_clone_is_the_commit(clone: &Path) {
    let status = git(clone, &["status", "--porcelain", "--untracked-files=all"]);
    let diff = git(clone, &["diff", "--stat"]);
    assert!(
        status.trim().is_empty(),
        "following {GUIDE} in a fresh clone ({}) leaves files that differ from the repository's: \
         the guide writes something else, or misses a step that regenerates them\n{status}\n{diff}",
        clone.display()
    );
}

fn followed_clone(name: &str) -> (PathBuf, PathBuf) {
    let target = target_dir();
    let clone = fresh_clone(name);
    before_the_guide(&clone, &target);
    follow_guide(&clone, Some(target.clone()));
    assert_clone_is_the_commit(&clone);
    (clone, target)
}

#[test]
fn a_fresh_clone_following_the_guide_is_green() {
    let (clone, target) = followed_clone("guide-clone");
    let env = ["CI=true".to_string()];
    let mut args = vec!["test", "-p", "tests", "--locked"];
    for t in ["rulings", "coverage", "words", "effects"] {
        args.extend(["--test", t]);
    }
    let out = cargo(&clone, &env, &args, &target);
    assert!(
        out.status.success(),
        "CI=true cargo {} fails in the fresh clone {} after {GUIDE}:\n{}\n{}",
        args.join(" "),
        clone.display(),
        tail(&out.stdout),
        tail(&out.stderr)
    );
    std::fs::remove_dir_all(&clone).expect("the clone is removed");
}

#[test]
#[ignore = "runs the whole of .ci/run in a fresh clone, as long as CI itself"]
fn full_ci_in_a_fresh_clone() {
    let (clone, target) = followed_clone("guide-clone-ci");
    let start = Instant::now();
    let mut cmd = Command::new("bash");
    cmd.arg(".ci/run")
        .current_dir(&clone)
        .env("CARGO_TARGET_DIR", target.join("guide-clone-ci-target"));
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy().into_owned();
        if name.starts_with("INSTA_") || name.starts_with("UPDATE_") {
            cmd.env_remove(name);
        }
    }
    let out = cmd.output().expect("bash runs");
    eprintln!(
        ".ci/run in the fresh clone: {} in {:.0} s",
        if out.status.success() { "green" } else { "red" },
        start.elapsed().as_secs_f64()
    );
    assert!(
        out.status.success(),
        ".ci/run fails in the fresh clone {} after {GUIDE}:\n{}\n{}",
        clone.display(),
        tail(&out.stdout),
        tail(&out.stderr)
    );
    std::fs::remove_dir_all(&clone).expect("the clone is removed");
}
