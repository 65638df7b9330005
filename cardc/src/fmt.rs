//! `cardc fmt [PATH…] [--check]`: the formatter (`cardlang::fmt`) applied to files. Thin: it
//! lists files, reads them through the bounded reader, and writes back only what changed.

use std::path::{Path, PathBuf};

use cardlang::diag::{codes, Diagnostic};
use cardlang::source::{pool_paths, read_one, SourceFile};

use crate::output::{say, Emitter, Status};

/// The card files named by `paths`: files as given, directories searched like a pool.
fn card_files(paths: &[PathBuf], out: &mut Emitter) -> (Vec<PathBuf>, Status) {
    let mut files = Vec::new();
    let mut status = Status::Success;
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let (found, problems) = pool_paths(path);
                if !problems.is_empty() {
                    out.emit(&problems, &[]);
                    status = status.max(Status::Usage);
                }
                files.extend(found);
            }
            Ok(_) => files.push(path.clone()),
            Err(e) => {
                out.emit_one(Diagnostic::error(
                    codes::READ_ERROR,
                    display(path),
                    format!("cannot read: {e}"),
                ));
                status = status.max(Status::Usage);
            }
        }
    }
    (files, status)
}

fn display(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Writes `text` to `path` through a temporary file beside it, so a failed write leaves the
/// card file as it was.
fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".cardc-fmt.tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Formats (or with `check`, only compares) every card file under `paths`. Files that do not
/// parse are reported with the compiler's diagnostics and left untouched.
pub fn fmt(paths: &[PathBuf], check: bool, out: &mut Emitter) -> Status {
    let (files, mut status) = card_files(paths, out);
    let mut changed = Vec::new();
    let mut unchanged = 0usize;
    for path in &files {
        let name = display(path);
        let source: SourceFile = match read_one(path, &name) {
            Ok(f) => f,
            Err(e) => {
                out.emit(&e.diagnostics, &[]);
                status = status.max(Status::Usage);
                continue;
            }
        };
        let formatted = match cardlang::fmt::format_source(&name, &source.text) {
            Ok(f) => f,
            Err(problems) => {
                out.emit(&problems, std::slice::from_ref(&source));
                status = status.max(Status::Invalid);
                continue;
            }
        };
        if formatted == source.text {
            unchanged += 1;
            continue;
        }
        if !check {
            if let Err(e) = write_atomic(path, &formatted) {
                out.emit_one(Diagnostic::error(
                    codes::READ_ERROR,
                    name,
                    format!("cannot write the formatted file: {e}"),
                ));
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
