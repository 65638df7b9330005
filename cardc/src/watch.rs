//! `cardc check --watch` and `cardc build --watch`: check once as usual, then re-check the
//! pool and its decklists whenever their files change (notify, through its mini debouncer, so
//! an editor's burst of writes is one re-check) and print only what changed: the new problems
//! in full, the fixed ones as one `fixed:` line each, and a one-line tally. `build --watch`
//! also rewrites the database after every clean check. Runs until interrupted.
//!
//! The watcher also reports files being opened, and every check opens the card files and
//! decklists: a batch of events re-checks only when a file's stamp (size, modification and
//! change times, inode) differs from the last check's, so a check never triggers the next one.

use std::path::{Path, PathBuf};
use std::sync::mpsc::channel;
use std::time::Duration;

use cardlang::diag::{render_short, Diagnostic};
use notify_debouncer_mini::new_debouncer;
use notify_debouncer_mini::notify::RecursiveMode;

use crate::commands::{assess, deck_files, display, report, write_database, Assessment};
use crate::output::{say, Emitter, Status};

/// What changed between two checks of a pool.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Problems the new check has and the old one had not.
    pub new: Vec<Diagnostic>,
    /// Problems the old check had and the new one has not.
    pub fixed: Vec<Diagnostic>,
}

/// A problem's identity across edits: its file, code, message and label, not its position
/// (a line added above it moves it without changing it).
fn identity(d: &Diagnostic) -> (&str, &str, &str, Option<&str>) {
    (&d.file, d.code, &d.message, d.label.as_deref())
}

/// Diffs two check results as multisets of problems (two identical problems in one file
/// count twice), keeping each side's order.
pub fn diff(before: &[Diagnostic], after: &[Diagnostic]) -> Changes {
    let mut unmatched: Vec<bool> = vec![true; before.len()];
    let mut new = Vec::new();
    for d in after {
        let id = identity(d);
        match (0..before.len()).find(|&i| unmatched[i] && identity(&before[i]) == id) {
            Some(i) => unmatched[i] = false,
            None => new.push(d.clone()),
        }
    }
    let fixed = before
        .iter()
        .zip(unmatched)
        .filter(|(_, u)| *u)
        .map(|(d, _)| d.clone())
        .collect();
    Changes { new, fixed }
}

/// Whether a changed path can change the check: a card file or a decklist.
fn relevant(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "hb" || x == "txt")
}

/// What `stat` says of a file, enough to tell it was written or replaced: size, modification
/// and change times, and (on Unix) the inode an editor's save-by-rename changes.
type Stamp = (std::time::SystemTime, u64, u64, i64, i64);

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let (ino, ctime, ctime_nsec) = {
        use std::os::unix::fs::MetadataExt;
        (meta.ino(), meta.ctime(), meta.ctime_nsec())
    };
    #[cfg(not(unix))]
    let (ino, ctime, ctime_nsec) = (0, 0, 0);
    Some((meta.modified().ok()?, meta.len(), ino, ctime, ctime_nsec))
}

/// The stamp of every card file and decklist a check reads, by `stat` alone: reading the files
/// makes the watcher report them again (opened), and those reports must not re-check.
fn stamps(dir: &Path) -> Vec<(PathBuf, Option<Stamp>)> {
    let (cards, _) = cardlang::source::pool_paths(dir);
    let decks = deck_files(dir).unwrap_or_default();
    cards
        .into_iter()
        .chain(decks)
        .map(|p| {
            let s = stamp(&p);
            (p, s)
        })
        .collect()
}

/// The problems a check is compared by. Decklists are only checked against a clean pool, so
/// while the pool has errors the decks' last known problems stand (neither new nor fixed).
fn problems(now: &Assessment, before_decks: &[Diagnostic]) -> Vec<Diagnostic> {
    let mut all = now.pool_problems.clone();
    match &now.deck_problems {
        Some(decks) => all.extend(decks.iter().cloned()),
        None => all.extend(before_decks.iter().cloned()),
    }
    all
}

/// Runs `build` (with `output`) or `check` (without) once, then again on every change.
pub fn watch(dir: &Path, output: Option<&Path>, out: &mut Emitter) -> Status {
    let (tx, rx) = channel();
    let mut debouncer = match new_debouncer(Duration::from_millis(200), tx) {
        Ok(d) => d,
        Err(e) => {
            out.note(&format!("cannot watch for changes: {e}"));
            return build_once(dir, output, out).max(Status::Usage);
        }
    };
    // Watching starts before the first check, so an edit made during it is not missed.
    if let Err(e) = debouncer.watcher().watch(dir, RecursiveMode::Recursive) {
        out.note(&format!("cannot watch `{}`: {e}", display(dir)));
        return build_once(dir, output, out).max(Status::Usage);
    }
    let mut seen = stamps(dir);
    let first = assess(dir);
    let status = report(&first, output, out);
    let mut deck_problems = first.deck_problems.clone().unwrap_or_default();
    let mut before = problems(&first, &deck_problems);
    let mut before_files = first.files;
    say(&format!("watching {} for changes\n", display(dir)));
    for batch in rx {
        let Ok(events) = batch else { continue };
        if !events.iter().any(|e| relevant(&e.path)) {
            continue;
        }
        let now = stamps(dir);
        if now == seen {
            continue;
        }
        seen = now;
        let check = assess(dir);
        let after = problems(&check, &deck_problems);
        if let Some(decks) = &check.deck_problems {
            deck_problems = decks.clone();
        }
        let changes = diff(&before, &after);
        out.emit(&changes.new, &check.files);
        let mut text = String::new();
        for d in &changes.fixed {
            text.push_str(&format!("fixed: {}\n", render_short(d, &before_files)));
        }
        let errors = after.iter().filter(|d| d.is_error()).count();
        let warnings = after.len() - errors;
        text.push_str(&format!(
            "[watch] {} new, {} fixed; {errors} error{}, {warnings} warning{}\n",
            changes.new.len(),
            changes.fixed.len(),
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" },
        ));
        if let (Status::Success, Some(db), Some(output)) = (check.status, &check.db, output) {
            match write_database(db, output) {
                Ok(line) => text.push_str(&line),
                Err(problem) => out.emit_one(problem),
            }
        }
        say(&text);
        before = after;
        before_files = check.files;
    }
    status
}

/// One check or build, printed, for when watching cannot start.
fn build_once(dir: &Path, output: Option<&Path>, out: &mut Emitter) -> Status {
    report(&assess(dir), output, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(file: &str, code: &'static str, message: &str, at: usize) -> Diagnostic {
        Diagnostic::error(code, file, message).at(cardlang::source::Span::new(at, at + 1), "here")
    }

    #[test]
    fn diff_reports_new_and_fixed_problems_not_moved_ones() {
        let before = vec![
            d("a.hb", "HB0102", "unknown field `atack`", 10),
            d("a.hb", "HB0202", "out of range", 20),
            d("b.hb", "HB0202", "out of range", 5),
        ];
        // `atack` moved down a line; one out-of-range fixed; a new problem in b.hb.
        let after = vec![
            d("a.hb", "HB0102", "unknown field `atack`", 30),
            d("b.hb", "HB0202", "out of range", 5),
            d("b.hb", "HB0301", "two cards are named `X`", 9),
        ];
        let changes = diff(&before, &after);
        assert_eq!(changes.new, vec![after[2].clone()]);
        assert_eq!(changes.fixed, vec![before[1].clone()]);
        assert_eq!(diff(&after, &after), Changes::default());
    }

    #[test]
    fn identical_problems_count_as_many_times_as_they_occur() {
        let one = d("a.hb", "HB0202", "out of range", 1);
        let changes = diff(std::slice::from_ref(&one), &[one.clone(), one.clone()]);
        assert_eq!(changes.new.len(), 1);
        assert!(changes.fixed.is_empty());
    }
}
