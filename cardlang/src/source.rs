//! Card source files: reading a card pool from disk with size caps, byte spans, and turning a
//! byte offset into a line and column.
//!
//! Reading never panics and never allocates without bound: a file over [`MAX_FILE_BYTES`], a
//! file that is not UTF-8, or an unreadable directory becomes a [`Diagnostic`], and the
//! readable files are still returned so one run reports every problem.

use std::fmt;
use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::diag::{codes, Diagnostic};

/// Largest card file the compiler reads (4 MiB). Bigger files are rejected with a diagnostic.
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;
/// Largest total pool the compiler reads (64 MiB); files past it are rejected.
pub const MAX_POOL_BYTES: usize = 64 * 1024 * 1024;
/// Most `*.hb` files in one pool.
pub const MAX_POOL_FILES: usize = 10_000;
/// Deepest directory nesting `read_pool` descends into.
pub const MAX_DIR_DEPTH: usize = 32;
/// Most directory entries (files and folders of any kind) one walk of a pool looks at. A
/// database recording `/` as its source, or `--cards ~` by mistake, stops here (well under a
/// second) instead of walking the whole disk; a real pool of 10,000 files fits many times over.
pub const MAX_DIR_ENTRIES: usize = 100_000;

/// One card file: its display name (repo-relative, `/`-separated) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }
}

/// A half-open byte range `start..end` in one file's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// An empty span at `at`, for "expected something here".
    pub const fn point(at: usize) -> Span {
        Span { start: at, end: at }
    }

    pub fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Moves a span found in a slice starting at `by` into file coordinates.
    pub fn offset(self, by: usize) -> Span {
        Span::new(self.start + by, self.end + by)
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

impl From<Range<usize>> for Span {
    fn from(r: Range<usize>) -> Span {
        Span::new(r.start, r.end)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A value with the span it was written at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

/// 1-based line and column (in characters) of byte `offset` in `text`. Offsets past the end
/// or inside a character are clamped, never a panic.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = text.get(..at).unwrap_or("");
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

/// Every `*.hb` file under `dir`, recursively, sorted by path, skipping `decks/` directories.
///
/// Names are `dir`'s own name joined with the path below it (`cards/rdf/ships.hb` for
/// `dir = /x/cards`), so they read the same on every machine. On any problem the error holds
/// one diagnostic per problem plus every file that could be read, so a caller can still
/// compile those and report everything in one run.
pub fn read_pool(dir: &Path) -> Result<Vec<SourceFile>, PoolError> {
    let mut problems = Vec::new();
    let mut paths = Vec::new();
    let root_name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut budget = MAX_DIR_ENTRIES;
    collect_paths(dir, 0, &mut paths, &mut problems, &mut budget);
    paths.sort();
    if paths.len() > MAX_POOL_FILES {
        problems.push(Diagnostic::error(
            codes::FILE_TOO_LARGE,
            display_dir(dir),
            format!(
                "the pool has {} card files; at most {MAX_POOL_FILES} are read",
                paths.len()
            ),
        ));
        paths.truncate(MAX_POOL_FILES);
    }

    let mut files = Vec::new();
    let mut total = 0usize;
    for path in paths {
        let name = display_name(&root_name, dir, &path);
        match read_capped(&path) {
            Ok(bytes) if total.saturating_add(bytes.len()) > MAX_POOL_BYTES => {
                problems.push(Diagnostic::error(
                    codes::FILE_TOO_LARGE,
                    name,
                    format!(
                        "the pool is larger than {} MiB; this file and the rest were not read",
                        MAX_POOL_BYTES / (1024 * 1024)
                    ),
                ));
                break;
            }
            Ok(bytes) => {
                total += bytes.len();
                match String::from_utf8(bytes) {
                    Ok(text) => files.push(SourceFile { name, text }),
                    Err(e) => problems.push(not_utf8(name, e.as_bytes(), e.utf8_error())),
                }
            }
            Err(ReadProblem::TooLarge) => problems.push(too_large(name)),
            Err(ReadProblem::Io(e)) => problems.push(Diagnostic::error(
                codes::READ_ERROR,
                name,
                format!("cannot read card file: {e}"),
            )),
        }
    }

    if problems.is_empty() {
        Ok(files)
    } else {
        Err(PoolError {
            diagnostics: problems,
            files,
        })
    }
}

/// The paths `read_pool` would read under `dir` (sorted, `decks/` skipped, at most
/// [`MAX_POOL_FILES`]), with the problems listing it: for tools that write card files back
/// (`cardc fmt`) or watch them.
pub fn pool_paths(dir: &Path) -> (Vec<PathBuf>, Vec<Diagnostic>) {
    let mut problems = Vec::new();
    let mut paths = Vec::new();
    let mut budget = MAX_DIR_ENTRIES;
    collect_paths(dir, 0, &mut paths, &mut problems, &mut budget);
    paths.sort();
    paths.truncate(MAX_POOL_FILES);
    (paths, problems)
}

/// One card file given on its own (`-` is standard input), read and decoded like a pool's:
/// the problem, if any, is the one diagnostic of the error, under `name`.
pub fn read_one(path: &Path, name: &str) -> Result<SourceFile, PoolError> {
    let problem = match read_capped(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => return Ok(SourceFile::new(name, text)),
            Err(e) => not_utf8(name.to_string(), e.as_bytes(), e.utf8_error()),
        },
        Err(ReadProblem::TooLarge) => too_large(name.to_string()),
        Err(ReadProblem::Io(e)) => Diagnostic::error(
            codes::READ_ERROR,
            name,
            format!("cannot read card file: {e}"),
        ),
    };
    Err(PoolError {
        diagnostics: vec![problem],
        files: Vec::new(),
    })
}

/// The diagnostic for a card file over [`MAX_FILE_BYTES`] (also the language server's, for an
/// open document).
pub fn too_large(name: String) -> Diagnostic {
    Diagnostic::error(
        codes::FILE_TOO_LARGE,
        name,
        format!(
            "card file is larger than {} MiB",
            MAX_FILE_BYTES / (1024 * 1024)
        ),
    )
    .with_help("split the cards over several smaller files")
}

/// What went wrong reading a pool, and what could be read anyway.
#[derive(Debug, Clone)]
pub struct PoolError {
    /// One diagnostic per unreadable file or directory.
    pub diagnostics: Vec<Diagnostic>,
    /// The files that were read fine, sorted by path.
    pub files: Vec<SourceFile>,
}

impl fmt::Display for PoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} problem(s) reading the card pool",
            self.diagnostics.len()
        )
    }
}

impl std::error::Error for PoolError {}

enum ReadProblem {
    TooLarge,
    Io(String),
}

/// One card file through the shared bounded reader ([`crate::read`]): regular files only,
/// at most [`MAX_FILE_BYTES`] + 1 bytes.
fn read_capped(path: &Path) -> Result<Vec<u8>, ReadProblem> {
    match crate::read::read_file(path, MAX_FILE_BYTES) {
        Ok(bytes) => Ok(bytes),
        Err(crate::read::ReadError::TooLarge { .. }) => Err(ReadProblem::TooLarge),
        Err(e) => Err(ReadProblem::Io(e.reason())),
    }
}

/// `budget`: directory entries still to look at ([`MAX_DIR_ENTRIES`] for a whole walk); when it
/// runs out the walk stops with one problem saying so.
fn collect_paths(
    dir: &Path,
    depth: usize,
    out: &mut Vec<PathBuf>,
    problems: &mut Vec<Diagnostic>,
    budget: &mut usize,
) {
    if depth > MAX_DIR_DEPTH || out.len() > MAX_POOL_FILES || *budget == 0 {
        return;
    }
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            problems.push(Diagnostic::error(
                codes::READ_ERROR,
                display_dir(dir),
                format!("cannot read card directory: {e}"),
            ));
            return;
        }
    };
    // At most the budget plus one, so an over-full folder is noticed without listing it whole.
    let mut children: Vec<PathBuf> = entries
        .take(budget.saturating_add(1))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    if children.len() > *budget {
        *budget = 0;
        problems.push(
            Diagnostic::error(
                codes::FILE_TOO_LARGE,
                display_dir(dir),
                format!(
                    "more than {MAX_DIR_ENTRIES} files and folders under the card directory; \
                 the walk stopped here"
                ),
            )
            .with_help(
                "point `--cards` (or `cardc build`) at the folder that holds the card files",
            ),
        );
        return;
    }
    *budget -= children.len();
    children.sort();
    for path in children {
        // `symlink_metadata`: a symlinked directory is not followed, so a link loop cannot
        // make the walk endless.
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            if path.file_name().is_some_and(|n| n == "decks") {
                continue;
            }
            collect_paths(&path, depth + 1, out, problems, budget);
        } else if path.extension().is_some_and(|e| e == "hb") {
            // Not only regular files: a FIFO or device named `*.hb` is reported by the reader
            // (without being opened), not silently skipped.
            out.push(path);
        }
    }
}

fn display_dir(dir: &Path) -> String {
    dir.to_string_lossy().replace('\\', "/")
}

fn display_name(root_name: &str, dir: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(dir).unwrap_or(path);
    let rel: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let rel = rel.join("/");
    if root_name.is_empty() || root_name == "." {
        rel
    } else {
        format!("{root_name}/{rel}")
    }
}

fn not_utf8(name: String, bytes: &[u8], e: std::str::Utf8Error) -> Diagnostic {
    let at = e.valid_up_to();
    let valid = std::str::from_utf8(bytes.get(..at).unwrap_or(&[])).unwrap_or("");
    let (line, column) = line_col(valid, at);
    Diagnostic::error(
        codes::NOT_UTF8,
        name,
        format!("card file is not valid UTF-8 (byte {at}, line {line}, column {column})"),
    )
    .with_help("save the file as UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_chars() {
        let t = "ab\nçd\n";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 2), (1, 3));
        assert_eq!(line_col(t, 3), (2, 1));
        // 'ç' is two bytes; offset 5 is after it: column 2.
        assert_eq!(line_col(t, 5), (2, 2));
        // Inside a character and past the end are clamped.
        assert_eq!(line_col(t, 4), (2, 1));
        assert_eq!(line_col(t, 999), (3, 1));
    }

    #[test]
    fn display_names_are_relative_to_the_pool_dir_parent() {
        let dir = Path::new("/x/cards");
        assert_eq!(
            display_name("cards", dir, Path::new("/x/cards/rdf/a.hb")),
            "cards/rdf/a.hb"
        );
        assert_eq!(display_name("", dir, Path::new("/x/cards/a.hb")), "a.hb");
    }
}
