//! `cardc fmt [PATH…] [--check]`, and `cardc fmt -` (standard input to standard output): the
//! formatter (`cardlang::fmt`) applied to files. Thin: it lists files, reads them through the
//! bounded reader, and writes back only what changed, through `cardlang::write::replace_file`.
//!
//! A card file is edited in place, as an editor would: a symlinked file stays a link and its
//! target is formatted (a link met while walking a directory only if its target lies inside
//! that directory: a repository cannot send the formatter to a file outside it), permissions
//! and hard links are kept, a read-only file is refused, and a file saved by someone else
//! while it was being formatted is left as it is now (docs/cardc.md, "`cardc fmt`").

use std::path::{Path, PathBuf};

use cardlang::diag::{codes, Diagnostic};
use cardlang::read::is_stdin;
use cardlang::source::{pool_paths, read_one, SourceFile};
use cardlang::write::{replace_file, WriteError};

use crate::commands::display;
use crate::output::{say, Emitter, Status};

/// A card file to format: the path it was found under (as shown) and the file to read and
/// write (a link resolved).
struct Target {
    name: String,
    file: PathBuf,
}

/// The file a card path stands for: the path itself, or the target of a link. `inside`: the
/// walked directory (resolved) the target must lie in; `None` for a path named on the command
/// line, which is followed wherever it leads.
fn resolve(path: &Path, inside: Option<&Path>) -> Result<PathBuf, String> {
    let name = display(path);
    let meta = std::fs::symlink_metadata(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    if !meta.file_type().is_symlink() {
        return Ok(path.to_path_buf());
    }
    let target = std::fs::canonicalize(path)
        .map_err(|e| format!("{name} is a symbolic link that cannot be followed ({e}); skipped"))?;
    match inside {
        Some(dir) if !target.starts_with(dir) => Err(format!(
            "{name} is a symbolic link to {}, outside {}; skipped (name the file itself to \
             format it)",
            target.display(),
            dir.display()
        )),
        _ => Ok(target),
    }
}

/// The card files named by `paths`: files as given, directories searched like a pool. Each
/// file once, however many names lead to it.
fn card_files(paths: &[PathBuf], out: &mut Emitter) -> (Vec<Target>, Status) {
    let mut files: Vec<Target> = Vec::new();
    let mut status = Status::Success;
    let add = |files: &mut Vec<Target>, name: String, file: PathBuf| {
        let same = |t: &Target| t.file == file;
        if !files.iter().any(same) {
            files.push(Target { name, file });
        }
    };
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let (found, problems) = pool_paths(path);
                if !problems.is_empty() {
                    out.emit(&problems, &[]);
                    status = status.max(Status::Usage);
                }
                let inside = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
                for p in found {
                    match resolve(&p, Some(&inside)) {
                        Ok(file) => add(&mut files, display(&p), file),
                        Err(why) => {
                            out.emit_one(Diagnostic::warning(codes::READ_ERROR, display(&p), why))
                        }
                    }
                }
            }
            Ok(_) => match resolve(path, None) {
                Ok(file) => add(&mut files, display(path), file),
                Err(why) => {
                    out.emit_one(Diagnostic::error(codes::READ_ERROR, display(path), why));
                    status = status.max(Status::Usage);
                }
            },
            Err(e) => {
                out.emit_one(Diagnostic::error(
                    codes::READ_ERROR,
                    display(path),
                    format!("{}: cannot read: {e}", display(path)),
                ));
                status = status.max(Status::Usage);
            }
        }
    }
    (files, status)
}

/// One card file read and formatted, not yet written.
pub struct Formatted {
    /// The file as it was read.
    pub source: SourceFile,
    /// Its canonical layout (the same text when it is already formatted).
    pub text: String,
}

impl Formatted {
    /// Whether formatting changes the file.
    pub fn changes(&self) -> bool {
        self.text != self.source.text
    }
}

/// Why a file was not formatted: the diagnostics to show, and the exit status they mean.
pub struct Refused {
    pub diagnostics: Vec<Diagnostic>,
    /// The file's text, when it was read (its diagnostics point into it).
    pub source: Option<SourceFile>,
    pub status: Status,
}

/// Reads the card file at `file` (`-`: standard input), shown as `name`, and formats it.
pub fn format_file(file: &Path, name: &str) -> Result<Formatted, Refused> {
    let source = read_one(file, name).map_err(|e| Refused {
        diagnostics: e.diagnostics,
        source: None,
        status: Status::Usage,
    })?;
    match cardlang::fmt::format_source(name, &source.text) {
        Ok(text) => Ok(Formatted { source, text }),
        Err(diagnostics) => Err(Refused {
            diagnostics,
            source: Some(source),
            status: Status::Invalid,
        }),
    }
}

/// Writes a formatted file back over `file`, the file it was read from, only if that still
/// holds what was read (an edit saved meanwhile is never overwritten).
pub fn write_back(file: &Path, name: &str, formatted: &Formatted) -> Result<(), Box<Diagnostic>> {
    let old = formatted.source.text.as_bytes();
    replace_file(file, old, formatted.text.as_bytes()).map_err(|e| {
        let message = match &e {
            WriteError::Changed { .. } => format!(
                "{name}: changed on disk while formatting; left as it is (run `cardc fmt` \
                 again to format the new text)"
            ),
            other => format!("{name} not formatted: {other}"),
        };
        Box::new(Diagnostic::error(codes::READ_ERROR, name, message))
    })
}

/// `cardc fmt -`: standard input formatted to standard output (`check`: only said whether it
/// is formatted). Nothing is written anywhere else.
fn fmt_stdin(check: bool, out: &mut Emitter) -> Status {
    let name = display(Path::new(cardlang::read::STDIN));
    let formatted = match format_file(Path::new(cardlang::read::STDIN), &name) {
        Ok(f) => f,
        Err(refused) => {
            let files: Vec<SourceFile> = refused.source.into_iter().collect();
            out.emit(&refused.diagnostics, &files);
            return refused.status;
        }
    };
    if !check {
        say(&formatted.text);
        return Status::Success;
    }
    if formatted.changes() {
        say(&format!("would reformat {name}\n"));
        Status::Invalid
    } else {
        say(&format!("{name} is already formatted\n"));
        Status::Success
    }
}

/// Formats (or with `check`, only compares) every card file under `paths`. Files with errors
/// are reported with the compiler's diagnostics and left untouched.
pub fn fmt(paths: &[PathBuf], check: bool, out: &mut Emitter) -> Status {
    if paths.iter().any(|p| is_stdin(p)) {
        if paths.len() > 1 {
            out.emit_one(Diagnostic::error(
                codes::READ_ERROR,
                "<stdin>",
                "`-` (standard input) is formatted on its own: give no other path with it",
            ));
            return Status::Usage;
        }
        return fmt_stdin(check, out);
    }
    let (files, mut status) = card_files(paths, out);
    let mut changed = Vec::new();
    let mut unchanged = 0usize;
    for target in &files {
        let name = &target.name;
        let formatted = match format_file(&target.file, name) {
            Ok(f) => f,
            Err(refused) => {
                let files: Vec<SourceFile> = refused.source.into_iter().collect();
                out.emit(&refused.diagnostics, &files);
                status = status.max(refused.status);
                continue;
            }
        };
        if !formatted.changes() {
            unchanged += 1;
            continue;
        }
        if !check {
            if let Err(d) = write_back(&target.file, name, &formatted) {
                out.emit_one(*d);
                status = status.max(Status::Usage);
                continue;
            }
        }
        changed.push(name);
    }
    let mut text = String::new();
    for name in &changed {
        if check {
            text.push_str(&format!("would reformat {name}\n"));
        } else {
            text.push_str(&format!("reformatted {name}\n"));
        }
    }
    text.push_str(&format!(
        "{} file{} {}, {unchanged} already formatted\n",
        changed.len(),
        if changed.len() == 1 { "" } else { "s" },
        if check { "to reformat" } else { "reformatted" },
    ));
    say(&text);
    if check && !changed.is_empty() {
        status = status.max(Status::Invalid);
    }
    status
}
