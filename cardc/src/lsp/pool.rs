//! A card pool as the language server holds it: every card file of the pool (open documents
//! as the editor has them, the rest as on disk) and its compilation, redone on every change
//! with the same compiler as `cardc check`.

use std::path::{Path, PathBuf};

use cardlang::diag::Diagnostic;
use cardlang::source::{read_pool, SourceFile, MAX_FILE_BYTES};
use cardlang::Compilation;

/// The pool a card file belongs to: its directory, or the parent of it when that parent is a
/// pool root with a `decks/` directory (`cards/rdf/ships.hb` belongs to `cards/`, whose
/// `decks/` `cardc build` checks).
pub fn pool_root(file: &Path) -> Option<PathBuf> {
    let dir = file.parent()?;
    if dir.join("decks").is_dir() {
        return Some(dir.to_path_buf());
    }
    match dir.parent() {
        Some(up) if up.join("decks").is_dir() && dir.file_name().is_some_and(|n| n != "decks") => {
            Some(up.to_path_buf())
        }
        _ => Some(dir.to_path_buf()),
    }
}

#[derive(Debug)]
pub struct Pool {
    /// The pool directory (absolute).
    pub root: PathBuf,
    /// Named as `read_pool` names them: the root's last component, then the path below it.
    pub files: Vec<SourceFile>,
    /// Problems reading files from disk.
    pub read_problems: Vec<Diagnostic>,
    pub compilation: Compilation,
}

impl Pool {
    pub fn load(root: &Path) -> Pool {
        let (files, read_problems) = match read_pool(root) {
            Ok(files) => (files, Vec::new()),
            Err(e) => (e.files, e.diagnostics),
        };
        let mut pool = Pool {
            root: root.to_path_buf(),
            files,
            read_problems,
            compilation: Compilation::default(),
        };
        pool.recompile();
        pool
    }

    pub fn recompile(&mut self) {
        self.compilation = cardlang::compile(&self.files);
    }

    /// The file's name in this pool, if it is under the root.
    pub fn name_of(&self, path: &Path) -> Option<String> {
        let rel = path.strip_prefix(&self.root).ok()?;
        let root = self.root.file_name()?.to_string_lossy().into_owned();
        Some(format!(
            "{root}/{}",
            rel.to_string_lossy().replace('\\', "/")
        ))
    }

    /// The path of a file named as in [`Pool::files`].
    pub fn path_of(&self, name: &str) -> PathBuf {
        let rest = name.split_once('/').map_or(name, |(_, r)| r);
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
        self.read_problems.retain(|d| d.file != name);
        let text = if text.len() > MAX_FILE_BYTES {
            self.read_problems
                .push(cardlang::source::too_large(name.to_string()));
            String::new()
        } else {
            text
        };
        match self.files.iter_mut().find(|f| f.name == name) {
            Some(f) => f.text = text,
            None => {
                self.files.push(SourceFile::new(name, text));
                self.files.sort_by(|a, b| a.name.cmp(&b.name));
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
