//! Where output goes: diagnostics to stderr in the chosen `--message-format`, summaries to
//! stdout; and the exit status.
//!
//! Write errors (a closed pipe) are ignored: output is best effort, the exit status is not.

use std::collections::BTreeSet;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use cardlang::diag::{self, render_short, Diagnostic, HumanStyle};
use cardlang::source::SourceFile;

use crate::cli::MessageFormat;

/// Exit status, ordered by severity: the worst one seen wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// 0: everything built or checked cleanly.
    Success,
    /// 1: the card pool or a deck has errors.
    Invalid,
    /// 2: bad arguments, or a file or directory that cannot be read or written.
    Usage,
}

impl Status {
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Invalid => 1,
            Status::Usage => 2,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> ExitCode {
        ExitCode::from(s.code())
    }
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

pub use diag::{render_all_human, render_human};

/// Prints a summary on stdout.
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}
