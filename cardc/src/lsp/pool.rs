//! A card pool as the language server holds it: every card file of the pool (open documents
//! as the editor has them, the rest as on disk) and its compilation, redone on every change
//! with the same compiler as `cardc check`; and where a document's pool is.
//!
//! Finding a pool looks at no more than the document's folder and its parent, and never walks
//! the filesystem root or the home directory: a document there, or in a folder with no other
//! card file and no `decks/`, is a pool of the open documents of that folder alone ("loose"),
//! answered without reading the disk. A pool read from disk is read by `read_pool`, whose walk
//! is bounded (`MAX_DIR_ENTRIES`, `MAX_POOL_FILES`, `MAX_POOL_BYTES`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cardlang::diag::Diagnostic;
use cardlang::source::{read_one, read_pool, SourceFile, MAX_FILE_BYTES, MAX_POOL_FILES};
use cardlang::Compilation;

/// Most entries of a document's folder looked at to find another card file there.
pub const MAX_SIBLINGS: usize = MAX_POOL_FILES;

/// Where a document's pool is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Home {
    /// A pool folder, read from disk.
    Disk(PathBuf),
    /// A folder that is no pool (the filesystem root, the home directory, a folder with no
    /// other card file): only its open documents make the pool.
    Loose(PathBuf),
}

impl Home {
    pub fn root(&self) -> &Path {
        match self {
            Home::Disk(p) | Home::Loose(p) => p,
        }
    }
}

/// A folder never read as a pool: the filesystem root and the user's home directory.
pub fn never_a_pool(dir: &Path) -> bool {
    dir.parent().is_none() || std::env::var_os("HOME").is_some_and(|h| Path::new(&h) == dir)
}

fn has_decks(dir: &Path) -> bool {
    !never_a_pool(dir) && dir.join("decks").is_dir()
}

/// Whether the folder holds a card file, looking at no more than [`MAX_SIBLINGS`] entries.
fn holds_card_files(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.take(MAX_SIBLINGS).filter_map(Result::ok).any(|e| {
            Path::new(&e.file_name())
                .extension()
                .is_some_and(|x| x == "hb")
        })
    })
}

/// The pool a card file belongs to: the folder holding `decks/` among its folder and that
/// folder's parent (`cards/rdf/ships.hb` belongs to `cards/`, whose `decks/` `cardc build`
/// checks); else its folder if that holds card files; else its folder, loose. The filesystem
/// root and the home directory are always loose.
pub fn pool_home(file: &Path) -> Option<Home> {
    let dir = file.parent()?;
    if never_a_pool(dir) {
        return Some(Home::Loose(dir.to_path_buf()));
    }
    if has_decks(dir) {
        return Some(Home::Disk(dir.to_path_buf()));
    }
    if let Some(up) = dir.parent() {
        if has_decks(up) && dir.file_name().is_some_and(|n| n != "decks") {
            return Some(Home::Disk(up.to_path_buf()));
        }
    }
    Some(if holds_card_files(dir) {
        Home::Disk(dir.to_path_buf())
    } else {
        Home::Loose(dir.to_path_buf())
    })
}

#[derive(Debug)]
pub struct Pool {
    /// The pool directory (absolute).
    pub root: PathBuf,
    /// Only open documents, nothing read from disk ([`Home::Loose`]).
    pub loose: bool,
    /// Named as `read_pool` names them: the root's last component, then the path below it.
    pub files: Vec<SourceFile>,
    /// Problems reading files from disk, and open documents over the size cap.
    pub read_problems: Vec<Diagnostic>,
    /// The files the editor has open.
    pub open: BTreeSet<String>,
    pub compilation: Compilation,
}

impl Pool {
    pub fn load(home: &Home) -> Pool {
        let (loose, (files, read_problems)) = match home {
            Home::Disk(root) => (
                false,
                match read_pool(root) {
                    Ok(files) => (files, Vec::new()),
                    Err(e) => (e.files, e.diagnostics),
                },
            ),
            Home::Loose(_) => (true, (Vec::new(), Vec::new())),
        };
        let mut pool = Pool {
            root: home.root().to_path_buf(),
            loose,
            files,
            read_problems,
            open: BTreeSet::new(),
            compilation: Compilation::default(),
        };
        pool.recompile();
        pool
    }

    pub fn recompile(&mut self) {
        self.compilation = cardlang::compile(&self.files);
    }

    fn root_name(&self) -> String {
        self.root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// The file's name in this pool, if it is under the root.
    pub fn name_of(&self, path: &Path) -> Option<String> {
        let rel = path.strip_prefix(&self.root).ok()?;
        let rel = rel.to_string_lossy().replace('\\', "/");
        if rel.is_empty() {
            return None;
        }
        let root = self.root_name();
        Some(if root.is_empty() {
            rel
        } else {
            format!("{root}/{rel}")
        })
    }

    /// Whether `name` names a file of this pool (not a folder's problem, named by its path).
    pub fn is_file_name(&self, name: &str) -> bool {
        let root = self.root_name();
        if root.is_empty() {
            !name.starts_with('/')
        } else {
            name.strip_prefix(&root).is_some_and(|r| r.starts_with('/'))
        }
    }

    /// The path of a file named as in [`Pool::files`].
    pub fn path_of(&self, name: &str) -> PathBuf {
        let root = self.root_name();
        let rest = if root.is_empty() {
            name
        } else {
            name.strip_prefix(&root)
                .and_then(|r| r.strip_prefix('/'))
                .unwrap_or(name)
        };
        self.root.join(rest)
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        self.files
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.text.as_str())
    }

    /// Replaces (or adds) a file's text and recompiles. A text over the compiler's size cap is
    /// not kept: the file is held empty and reported, so memory stays bounded per document.
    pub fn set_text(&mut self, name: &str, text: String) {
        if text.len() > MAX_FILE_BYTES {
            return self.hold_too_large(name);
        }
        self.read_problems.retain(|d| d.file != name);
        self.put(name, text);
    }

    /// Holds the file empty, reported as over the size cap.
    pub fn hold_too_large(&mut self, name: &str) {
        self.read_problems.retain(|d| d.file != name);
        self.read_problems
            .push(cardlang::source::too_large(name.to_string()));
        self.put(name, String::new());
    }

    fn put(&mut self, name: &str, text: String) {
        match self.files.iter_mut().find(|f| f.name == name) {
            Some(f) => f.text = text,
            None => {
                self.files.push(SourceFile::new(name, text));
                self.files.sort_by(|a, b| a.name.cmp(&b.name));
            }
        }
        self.recompile();
    }

    /// Whether the open document `name` is held empty for being over the size cap (so a
    /// ranged change cannot be applied to it).
    pub fn dropped(&self, name: &str) -> bool {
        self.read_problems
            .iter()
            .any(|d| d.file == name && d.code == cardlang::diag::codes::FILE_TOO_LARGE)
    }

    /// A document closed: back to the file as it is on disk, read as `cardc check` reads it
    /// (a problem reading it is its diagnostic); in a loose pool it leaves the pool.
    pub fn close(&mut self, name: &str) {
        self.open.remove(name);
        self.read_problems.retain(|d| d.file != name);
        self.files.retain(|f| f.name != name);
        // A document never saved (nothing at its path) just leaves.
        let path = self.path_of(name);
        if !self.loose && path.symlink_metadata().is_ok() {
            match read_one(&path, name) {
                Ok(file) => {
                    self.files.push(file);
                    self.files.sort_by(|a, b| a.name.cmp(&b.name));
                }
                Err(e) => self.read_problems.extend(e.diagnostics),
            }
        }
        self.recompile();
    }

    /// Every diagnostic about `name`.
    pub fn diagnostics_of<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Diagnostic> {
        self.read_problems
            .iter()
            .chain(&self.compilation.diagnostics)
            .filter(move |d| d.file == name)
    }
}
