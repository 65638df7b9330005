//! `cardc check --watch` and `cardc build --watch`: check once as usual, then re-check the
//! pool whenever its files change (notify, through its mini debouncer, so an editor's burst of
//! writes is one re-check) and print only what changed: the new problems in full, the fixed
//! ones as one `fixed:` line each, and a one-line tally. `build --watch` also rewrites the
//! database after every clean check. Runs until interrupted.

use std::path::Path;
use std::sync::mpsc::channel;
use std::time::Duration;

use cardlang::diag::{render_short, Diagnostic};
use cardlang::source::SourceFile;
use notify_debouncer_mini::new_debouncer;
use notify_debouncer_mini::notify::RecursiveMode;

use crate::commands::{build, read_and_compile};
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

/// Every problem of the pool under `dir` as it is now, with the files they point into.
fn check_now(dir: &Path, out: &mut Emitter) -> (Vec<Diagnostic>, Vec<SourceFile>) {
    match read_and_compile(dir, out) {
        Ok(c) => {
            let mut all = c.read_problems;
            all.extend(c.compilation.diagnostics);
            (all, c.files)
        }
        Err(_) => (Vec::new(), Vec::new()),
    }
}

/// Whether a changed path can change the check: a card file or a decklist.
fn relevant(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "hb" || x == "txt")
}

/// Size and modification time of each card file, by `stat` alone: reading the files to check
/// them makes the watcher report them again (opened), and those reports must not re-check.
fn stamps(dir: &Path) -> Vec<(std::path::PathBuf, Option<(std::time::SystemTime, u64)>)> {
    let (paths, _) = cardlang::source::pool_paths(dir);
    paths
        .into_iter()
        .map(|p| {
            let stamp = std::fs::metadata(&p)
                .ok()
                .and_then(|m| Some((m.modified().ok()?, m.len())));
            (p, stamp)
        })
        .collect()
}

/// Runs `build` (with `output`) or `check` (without) once, then again on every change.
pub fn watch(dir: &Path, output: Option<&Path>, out: &mut Emitter) -> Status {
    let first = build(dir, output, out);
    let (tx, rx) = channel();
    let mut debouncer = match new_debouncer(Duration::from_millis(200), tx) {
        Ok(d) => d,
        Err(e) => {
            out.note(&format!("cannot watch for changes: {e}"));
            return first.max(Status::Usage);
        }
    };
    if let Err(e) = debouncer.watcher().watch(dir, RecursiveMode::Recursive) {
        out.note(&format!("cannot watch `{}`: {e}", dir.display()));
        return first.max(Status::Usage);
    }
    let mut quiet = Emitter::new(out.format());
    let (mut before, mut before_files) = check_now(dir, &mut quiet);
    let mut seen = stamps(dir);
    say(&format!("watching {} for changes\n", dir.display()));
    for batch in rx {
        let Ok(events) = batch else { continue };
        if !events.iter().any(|e| relevant(&e.path)) {
            continue;
        }
        let now = stamps(dir);
        let decks = events
            .iter()
            .any(|e| e.path.extension().is_some_and(|x| x == "txt"));
        if now == seen && !decks {
            continue;
        }
        seen = now;
        let (after, after_files) = check_now(dir, &mut quiet);
        let changes = diff(&before, &after);
        out.emit(&changes.new, &after_files);
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
        say(&text);
        if errors == 0 && output.is_some() {
            build(dir, output, &mut quiet);
        }
        before = after;
        before_files = after_files;
    }
    first
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
