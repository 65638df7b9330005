//! How both binaries print problems with a user's files (feature `cli`): the
//! `--message-format human|short|json` choice, the [`Emitter`] that prints diagnostics on
//! stderr in it, and ruling-file, decklist and games-file problems as the card compiler's
//! [`Diagnostic`]s, so a ruling, a deck, a games file and a card file are reported alike by
//! `cardc` and `hullbreach` (issue #43). Rendering itself is `cardlang::diag`'s; this module only chooses
//! and prints.
//!
//! Write errors (a closed pipe) are ignored: output is best effort, the exit status is not.

use std::collections::BTreeSet;
use std::io::{IsTerminal, Write};

use cardlang::diag::{self, render_short, Diagnostic, HumanStyle};
use cardlang::source::{SourceFile, Span};

use crate::deck::{DeckRule, Violation};
use crate::ruling::RulingError;
use crate::simulate::record::{GamesFileError, LineFault};

/// `hullbreach` could not run as asked (a file that cannot be read, a card database missing or
/// older than its cards, flags no run can satisfy): exit 2. The code of a failure that has no
/// diagnostic of its own, printed as one with `--message-format short|json`.
pub const CANNOT_RUN: &str = "HB0904";
/// `hullbreach` ran and failed (a game that stopped without a winner, a pool that does not
/// compile): exit 1.
pub const FAILED: &str = "HB0905";
/// The codes of this module and of the games-file reader it renders, for the explanation
/// table's test.
pub const CODES: &[&str] = &[
    CANNOT_RUN,
    FAILED,
    LineFault::NotARecord.code(),
    LineFault::Impossible.code(),
];

/// How diagnostics are printed on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MessageFormat {
    /// rustc-style reports with source snippets (colour on a terminal unless NO_COLOR is set).
    Human,
    /// One line per diagnostic: `file:line:col: error[CODE]: message`.
    Short,
    /// One JSON object per line per diagnostic.
    Json,
}

/// Columns for human diagnostics: the terminal's width when stderr is one (clamped so a
/// snippet stays readable), else 100 — what the snapshots and CI logs hold.
fn human_width() -> usize {
    if !std::io::stderr().is_terminal() {
        return 100;
    }
    terminal_size::terminal_size_of(std::io::stderr())
        .map_or(100, |(w, _)| usize::from(w.0).clamp(60, 200))
}

/// Prints diagnostics and counts them.
#[derive(Debug)]
pub struct Emitter {
    format: MessageFormat,
    style: HumanStyle,
    pub errors: usize,
    pub warnings: usize,
}

impl Emitter {
    pub fn new(format: MessageFormat) -> Emitter {
        // Colour only for a person at a terminal who has not opted out (no-color.org).
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Emitter {
            format,
            style: HumanStyle {
                color: std::io::stderr().is_terminal() && !no_color,
                width: human_width(),
            },
            errors: 0,
            warnings: 0,
        }
    }

    pub fn format(&self) -> MessageFormat {
        self.format
    }

    /// Prints `diags`, whose spans point into `files`.
    pub fn emit(&mut self, diags: &[Diagnostic], files: &[SourceFile]) {
        let mut err = std::io::stderr().lock();
        // One renderer for the batch: each file's lines are indexed once (linear rendering).
        let human = diag::HumanRenderer::new(files, self.style);
        let drawn: BTreeSet<&str> = files.iter().map(|f| f.name.as_str()).collect();
        for d in diags {
            if d.is_error() {
                self.errors += 1;
            } else {
                self.warnings += 1;
            }
            let _ = match self.format {
                MessageFormat::Human => match naming_the_file(d, &drawn) {
                    Some(named) => writeln!(err, "{}", human.render(&named)),
                    None => writeln!(err, "{}", human.render(d)),
                },
                MessageFormat::Short => writeln!(err, "{}", render_short(d, files)),
                MessageFormat::Json => match serde_json::to_string(&d.to_record(files)) {
                    Ok(line) => writeln!(err, "{line}"),
                    Err(_) => Ok(()),
                },
            };
        }
    }

    /// Prints one diagnostic about a whole file (no snippet): an unreadable path, a bad database.
    pub fn emit_one(&mut self, d: Diagnostic) {
        self.emit(&[d], &[]);
    }

    /// A `note: ...` line for people, beside a successful result (not a diagnostic: it is not
    /// counted, and JSON mode leaves it out so every stderr line there stays a record).
    pub fn note(&self, text: &str) {
        if self.format == MessageFormat::Json {
            return;
        }
        let _ = writeln!(std::io::stderr().lock(), "note: {text}");
    }

    /// A closing line for people (`error: ...`), not printed in JSON mode so every stderr
    /// line there stays a JSON object.
    pub fn conclude(&self, what: &str) {
        if self.format == MessageFormat::Json || self.errors == 0 {
            return;
        }
        let n = self.errors;
        let _ = writeln!(
            std::io::stderr().lock(),
            "error: {what}: {n} error{}",
            if n == 1 { "" } else { "s" }
        );
    }
}

/// A diagnostic whose human rendering would not name its file, with the path leading its
/// message: the renderer names a file only in a source snippet, and a problem with a whole
/// file (no such decklist, cannot write, a database that does not load) or with a file not
/// among those read has none. `None` when the rendering names it already.
fn naming_the_file(d: &Diagnostic, drawn: &BTreeSet<&str>) -> Option<Diagnostic> {
    let whole_file = d.span.is_empty() && d.label.is_none() && d.secondary.is_empty();
    let said = d.message.contains(&format!("`{}`", d.file));
    if (!whole_file && drawn.contains(d.file.as_str())) || d.file.is_empty() || said {
        return None;
    }
    let mut named = d.clone();
    named.message = format!("{}: {}", d.file, d.message);
    Some(named)
}

/// One decklist violation as a diagnostic: the rule's code, its section cited in the message.
pub fn deck_diagnostic(v: &Violation, file: &str) -> Diagnostic {
    let message = match v.rule.citation() {
        Some(cite) => format!("{} ({cite})", v.message),
        None => v.message.clone(),
    };
    let mut d = Diagnostic::error(v.rule.code(), file, message);
    if let Some(span) = &v.span {
        d = d.at(
            Span::from(span.clone()),
            v.label.clone().unwrap_or_default(),
        );
    }
    for (span, label) in &v.related {
        d = d.with_label(Span::from(span.clone()), label.clone());
    }
    let help = match (v.rule, &v.help) {
        (DeckRule::Prototype, Some(h)) => {
            Some(format!("{h}; check with `--allow-prototypes` when they do"))
        }
        (_, h) => h.clone(),
    };
    if let Some(h) = help {
        d = d.with_help(h);
    }
    d
}

/// The highest line number a games-file diagnostic shows its line for: the problems' lines
/// stand at their numbers in an otherwise blank text, so that text stays small (a problem
/// further down names its line in its message instead).
const MAX_GAMES_SOURCE_LINES: usize = 1 << 21;

/// A games file's line problems as diagnostics, with the text their spans point into: each
/// problem's shown part of its line, at its line number.
pub fn games_file_diagnostics(e: &GamesFileError) -> (Vec<Diagnostic>, SourceFile) {
    let mut text = String::new();
    let mut lines = 0;
    let mut diags = Vec::new();
    for p in &e.lines {
        let mut d = Diagnostic::error(p.fault.code(), e.path.clone(), p.message.clone());
        if p.line <= MAX_GAMES_SOURCE_LINES && p.line > lines {
            text.extend(std::iter::repeat_n('\n', p.line - 1 - lines));
            let start = text.len();
            text.push_str(&p.shown);
            text.push('\n');
            lines = p.line;
            d = d.at(Span::new(start + p.at.0, start + p.at.1), p.label.clone());
        } else {
            d.message = format!("line {}: {}", p.line, p.message);
        }
        let help = match p.fault {
            LineFault::NotARecord => {
                "a games file holds one game a line, as `hullbreach simulate --out` writes it"
            }
            LineFault::Impossible => {
                "the line was changed after `hullbreach simulate --out` wrote it: write the \
                 games file again"
            }
        };
        diags.push(d.with_help(help));
    }
    (diags, SourceFile::new(e.path.clone(), text))
}

/// Ruling-file problems as diagnostics against the file's `text` (shown as `file`): each
/// points at its subject in its line (the words at fault; the line's text when the subject is
/// not found there), a problem of line 0 at the whole file.
pub fn ruling_diagnostics(file: &str, text: &str, problems: &[RulingError]) -> Vec<Diagnostic> {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(k, _)| k + 1))
        .collect();
    problems
        .iter()
        .map(|p| {
            let mut d = Diagnostic::error(p.code.code(), file, p.message.clone());
            if let Some(&start) = p.line.checked_sub(1).and_then(|k| starts.get(k)) {
                let end = text[start..].find('\n').map_or(text.len(), |k| start + k);
                let line = &text[start..end];
                let (from, to) = subject_in(line, p.subject.as_deref());
                let label = p.label.clone().unwrap_or_else(|| "here".into());
                d = d.at(Span::new(start + from, start + to), label);
            }
            if let Some(h) = &p.help {
                d = d.with_help(h.clone());
            }
            d
        })
        .collect()
}

/// Where `subject` stands in `line`, as byte offsets: preferably as a whole item of a list
/// (between `:` or `;` and `;`, `@`, `#` or the end), else as a whole word, else anywhere;
/// without a subject found, the line's text without its indentation or line end.
fn subject_in(line: &str, subject: Option<&str>) -> (usize, usize) {
    let word_edge = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '-');
    if let Some(s) = subject.map(str::trim).filter(|s| !s.is_empty()) {
        let (mut word, mut any) = (None, None);
        for (k, _) in line.match_indices(s) {
            any.get_or_insert(k);
            let before = line[..k].trim_end();
            let after = line[k + s.len()..].trim_start();
            if (before.is_empty() || before.ends_with([':', ';']))
                && (after.is_empty() || after.starts_with([';', '@', '#']))
            {
                return (k, k + s.len());
            }
            if word_edge(line[..k].chars().next_back())
                && word_edge(line[k + s.len()..].chars().next())
            {
                word.get_or_insert(k);
            }
        }
        if let Some(k) = word.or(any) {
            return (k, k + s.len());
        }
    }
    let body = line.trim_end_matches('\r');
    let from = body.len() - body.trim_start().len();
    let to = body.trim_end().len().max(from);
    (from, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subject_is_found_as_a_word() {
        let line = "  hand: Kestrel Mk II; Kestrel";
        assert_eq!(subject_in(line, Some("Kestrel")), (23, 30));
        assert_eq!(subject_in(line, Some("Mk")), (16, 18));
        assert_eq!(subject_in(line, Some("nowhere")), (2, 30));
        assert_eq!(subject_in("  Ada: fier x", Some("fier")), (7, 11));
        assert_eq!(subject_in("", None), (0, 0));
    }
}
