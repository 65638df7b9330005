//! Reading a revision of a repository with the `git` program, never writing to it: the
//! commit a revision names, the files under a path at that commit (read blob by blob into
//! memory, each and all of them bounded), and whether the work tree has uncommitted changes.
//!
//! The `git` program rather than a library: gix would cost this workspace minutes of compile
//! time per build, and every machine a pull request is reviewed on has git. Every command runs
//! with `GIT_OPTIONAL_LOCKS=0`, so not even `git status` refreshes the index.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Most bytes a listing or a message of git is read to.
const MAX_LISTING_BYTES: usize = 16 * 1024 * 1024;
/// Most bytes of git's standard error kept for a message.
const MAX_MESSAGE_BYTES: usize = 4096;

/// A repository: the top of its work tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repo {
    pub root: PathBuf,
}

/// A file at a revision: its path in the repository and its bytes.
#[derive(Debug, Clone)]
pub struct Blob {
    pub path: String,
    pub bytes: Vec<u8>,
}

/// Caps on what one listing reads.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub file_bytes: usize,
    pub files: usize,
    pub total_bytes: usize,
}

/// Run `git -C dir ARGS`, reading at most `cap` bytes of its output.
fn git(dir: &Path, args: &[&str], cap: usize) -> Result<Vec<u8>, String> {
    let mut child = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .env("GIT_TERMINAL_PROMPT", "0")
        // Messages in English: `repo_of` tells "no repository" by git's words.
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                "reading a revision needs the `git` program, which is not installed or not on \
                 PATH; review two card directories instead"
                    .to_string()
            }
            _ => format!("cannot run git: {e}"),
        })?;
    // Standard error is drained on its own thread (its first bytes kept for a message), so a
    // git that writes much there can never block while its output is read here.
    let errors = child.stderr.take().map(|mut e| {
        std::thread::spawn(move || {
            let mut kept = Vec::new();
            let _ = (&mut e)
                .take(MAX_MESSAGE_BYTES as u64)
                .read_to_end(&mut kept);
            let _ = std::io::copy(&mut e, &mut std::io::sink());
            kept
        })
    });
    let mut out = Vec::new();
    let read = child
        .stdout
        .take()
        .map(|s| s.take(cap as u64 + 1).read_to_end(&mut out));
    if out.len() > cap {
        // Stop git rather than wait on a pipe nobody reads.
        let _ = child.kill();
        let _ = child.wait();
        return Err(format!(
            "git {} printed more than {cap} bytes; refused",
            args.first().copied().unwrap_or("")
        ));
    }
    let status = child.wait().map_err(|e| format!("git: {e}"))?;
    let err = errors.and_then(|t| t.join().ok()).unwrap_or_default();
    if let Some(Err(e)) = read {
        return Err(format!("reading git's output: {e}"));
    }
    if !status.success() {
        let msg = String::from_utf8_lossy(&err);
        return Err(msg
            .lines()
            .next()
            .unwrap_or("git failed")
            .trim()
            .to_string());
    }
    Ok(out)
}

/// The repository whose work tree holds `dir`, or `None` when it is in none.
pub fn repo_of(dir: &Path) -> Result<Option<Repo>, String> {
    match git(dir, &["rev-parse", "--show-toplevel"], MAX_MESSAGE_BYTES) {
        Ok(out) => {
            let root = String::from_utf8_lossy(&out).trim_end().to_string();
            Ok(Some(Repo {
                root: PathBuf::from(root),
            }))
        }
        Err(e) if e.contains("not a git repository") => Ok(None),
        Err(e) => Err(e),
    }
}

/// The repository holding `dir`, refused in words when there is none.
pub fn open(dir: &Path) -> Result<Repo, String> {
    repo_of(dir)?.ok_or_else(|| {
        format!(
            "{} is in no git repository, so no revision can be read there",
            dir.display()
        )
    })
}

impl Repo {
    /// The commit `rev` names, refused in words when it names none.
    pub fn commit(&self, rev: &str) -> Result<String, String> {
        // A revision is never an option of git's.
        if rev.is_empty() || rev.starts_with('-') || rev.contains(char::is_control) {
            return Err(format!("`{}` is no revision", rev.escape_debug()));
        }
        let spec = format!("{rev}^{{commit}}");
        let out = git(
            &self.root,
            &["rev-parse", "--verify", "--quiet", &spec],
            MAX_MESSAGE_BYTES,
        )
        .map_err(|_| {
            format!(
                "`{rev}` is neither a directory nor a revision of the repository at {}",
                self.root.display()
            )
        })?;
        Ok(String::from_utf8_lossy(&out).trim().to_string())
    }

    /// Whether the clone is shallow (a revision before its graft is missing).
    pub fn is_shallow(&self) -> Result<bool, String> {
        let out = git(
            &self.root,
            &["rev-parse", "--is-shallow-repository"],
            MAX_MESSAGE_BYTES,
        )?;
        Ok(String::from_utf8_lossy(&out).trim() == "true")
    }

    /// The files under `dir` (a path in the repository) at `commit` whose names end with
    /// `ext`, sorted by path; those under `skip` (a path below `dir`) are left out, and with
    /// `flat` every file below a subdirectory. A file over the caps is an error naming it.
    pub fn files(
        &self,
        commit: &str,
        dir: &str,
        ext: &str,
        skip: Option<&str>,
        flat: bool,
        caps: Caps,
    ) -> Result<Vec<Blob>, String> {
        let dir = dir.trim_end_matches('/');
        let listing = git(
            &self.root,
            &[
                "ls-tree",
                "-r",
                "-l",
                "-z",
                "--full-tree",
                commit,
                "--",
                dir,
            ],
            MAX_LISTING_BYTES,
        )?;
        let mut wanted = Vec::new();
        for entry in listing.split(|&b| b == 0).filter(|e| !e.is_empty()) {
            // `<mode> blob <oid> <size>\t<path>`
            let text = String::from_utf8_lossy(entry);
            let Some((meta, path)) = text.split_once('\t') else {
                continue;
            };
            let meta: Vec<&str> = meta.split_whitespace().collect();
            let (Some(&"blob"), Some(oid), Some(size)) = (meta.get(1), meta.get(2), meta.get(3))
            else {
                continue;
            };
            let below = path.strip_prefix(dir).and_then(|p| p.strip_prefix('/'));
            let Some(below) = below else { continue };
            let skipped = skip.is_some_and(|s| below.starts_with(&format!("{s}/")));
            if !path.ends_with(ext) || skipped || (flat && below.contains('/')) {
                continue;
            }
            let size: usize = size.parse().unwrap_or(usize::MAX);
            if size > caps.file_bytes {
                return Err(format!(
                    "{path} at {} is larger than {} KiB; refused",
                    short(commit),
                    caps.file_bytes / 1024
                ));
            }
            wanted.push((path.to_string(), oid.to_string(), size));
        }
        if wanted.len() > caps.files {
            return Err(format!(
                "{dir} at {} holds {} files; at most {} are read",
                short(commit),
                wanted.len(),
                caps.files
            ));
        }
        let total: usize = wanted.iter().map(|w| w.2).sum();
        if total > caps.total_bytes {
            return Err(format!(
                "{dir} at {} is larger than {} MiB; refused",
                short(commit),
                caps.total_bytes / (1024 * 1024)
            ));
        }
        wanted.sort();
        wanted
            .into_iter()
            .map(|(path, oid, size)| {
                let bytes = git(&self.root, &["cat-file", "blob", &oid], size.max(1))?;
                Ok(Blob { path, bytes })
            })
            .collect()
    }

    /// The paths under `paths` with uncommitted changes in the work tree (untracked files
    /// included), sorted.
    pub fn uncommitted(&self, paths: &[&str]) -> Result<Vec<String>, String> {
        let mut args = vec!["status", "--porcelain", "-z", "--untracked-files=all", "--"];
        args.extend(paths.iter().map(|p| if p.is_empty() { "." } else { p }));
        let out = git(&self.root, &args, MAX_LISTING_BYTES)?;
        let mut changed: Vec<String> = out
            .split(|&b| b == 0)
            .filter(|e| e.len() > 3)
            .map(|e| String::from_utf8_lossy(&e[3..]).into_owned())
            .collect();
        changed.sort();
        changed.dedup();
        Ok(changed)
    }

    /// The path of `dir` in this repository (`cards` for `<root>/cards`), or `None` when it
    /// is outside.
    pub fn inside(&self, dir: &Path) -> Option<String> {
        let root = self.root.canonicalize().ok()?;
        let dir = dir.canonicalize().ok()?;
        let rel = dir.strip_prefix(&root).ok()?;
        Some(rel.to_string_lossy().replace('\\', "/"))
    }
}

/// A commit as reports name it: its first twelve digits.
pub fn short(commit: &str) -> &str {
    commit.get(..12).unwrap_or(commit)
}
