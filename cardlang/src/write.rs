//! Writing one output file without trusting what is already on disk: the one writer every
//! output goes through (card databases, `cardc fmt`, rendered faces, simulate reports and
//! charts, replay rulings; ARCHITECTURE.md, invariant 5; docs/reliability.md, "Writing").
//!
//! Always built, beside [`crate::read`], so the engine's tools write through the same code as
//! `cardc`.
//!
//! Three rules hold for every write:
//! - **Never through a link we did not create.** A new file is first written to a temporary
//!   file in the target's own directory, created exclusively (`O_CREAT | O_EXCL`, which never
//!   follows a symlink) under a name nobody can guess (a fresh random suffix each try), then
//!   renamed over the target. A rename replaces the directory entry itself, so a symlink or a
//!   hard link planted at the target is replaced, never written through; one planted at a
//!   temporary name makes that try fail and another name is drawn.
//! - **All or nothing.** The temporary file is synced before the rename; a failed write leaves
//!   the target as it was and removes the temporary file.
//! - **A file being replaced keeps its identity** ([`replace_file`], for `cardc fmt`): its
//!   permissions are carried over, a file with other hard links is rewritten in place (a rename
//!   would split the links), a read-only file is refused, and a file that changed since it was
//!   read is left alone (compare before replace) and reported.

use std::fs::{self, File, Metadata, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Why an output could not be written. Every variant names the path it is about.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The target is a directory (or another kind of file no output may replace).
    #[error("{}: is {what}; give a file path", .path.display())]
    NotAFile { path: PathBuf, what: &'static str },
    /// The target is not writable by its permissions (`chmod u+w` to allow it).
    #[error("{}: is read-only; not changed", .path.display())]
    ReadOnly { path: PathBuf },
    /// The file changed on disk after it was read: someone saved an edit meanwhile.
    #[error(
        "{}: changed on disk while it was being rewritten; left as it is now (run again to include the new edit)",
        .path.display()
    )]
    Changed { path: PathBuf },
    /// Something is already at a path [`write_new`] was to create.
    #[error("{}: already exists; not replaced (give another name)", .path.display())]
    Exists { path: PathBuf },
    /// The file to replace is a symlink (callers resolve links they are allowed to follow).
    #[error("{}: is a symbolic link; not written through", .path.display())]
    Link { path: PathBuf },
    #[error("{}: cannot {action}: {source}", .path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        source: io::Error,
    },
}

impl WriteError {
    /// The path the error is about.
    pub fn path(&self) -> &Path {
        match self {
            WriteError::NotAFile { path, .. }
            | WriteError::ReadOnly { path }
            | WriteError::Changed { path }
            | WriteError::Link { path }
            | WriteError::Exists { path }
            | WriteError::Io { path, .. } => path,
        }
    }
}

fn io_err(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> WriteError {
    let path = path.to_path_buf();
    move |source| WriteError::Io {
        action,
        path,
        source,
    }
}

/// How many temporary names are tried before giving up (each try draws a fresh name, so only
/// an adversary who can predict the random suffix could make more than one fail).
const NAME_TRIES: usize = 16;

/// A fresh unpredictable suffix: the standard library's random hash keys (drawn from the
/// operating system's randomness) over the process id and a counter. Deliberately not drawn from
/// a game's seed: a temporary name a repository could predict is exactly what a planted link
/// needs. It names a file for the length of one write and reaches no game, transcript or report,
/// so determinism (invariant 6) is untouched; no clock is read.
fn random_suffix() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u32(std::process::id());
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    let a = h.finish();
    let mut h2 = std::collections::hash_map::RandomState::new().build_hasher();
    h2.write_u64(a);
    format!("{a:016x}{:016x}", h2.finish())
}

/// The directory a path's file lives in (`.` for a bare file name).
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A temporary file beside `target`, created exclusively under a fresh random name.
fn create_temp(target: &Path) -> Result<(File, PathBuf), WriteError> {
    let Some(file_name) = target.file_name() else {
        return Err(WriteError::NotAFile {
            path: target.to_path_buf(),
            what: "not a file name",
        });
    };
    let dir = parent_of(target);
    let mut last = None;
    for _ in 0..NAME_TRIES {
        let tmp = dir.join(format!(
            ".{}.{}.tmp",
            file_name.to_string_lossy(),
            random_suffix()
        ));
        let mut options = OpenOptions::new();
        // `create_new` is O_CREAT | O_EXCL: it fails on any existing entry, a symlink (even a
        // dangling one) included, and never follows one.
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            // 0666 less the umask, what `File::create` gives a new file.
            options.mode(0o666).custom_flags(libc::O_NOFOLLOW);
        }
        match options.open(&tmp) {
            Ok(f) => return Ok((f, tmp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(io_err("create a temporary file in", dir)(e)),
        }
    }
    Err(io_err("create a temporary file in", dir)(
        last.unwrap_or_else(|| {
            io::Error::new(io::ErrorKind::AlreadyExists, "every name tried was taken")
        }),
    ))
}

/// What is at `path` now, without following a final symlink.
fn entry(path: &Path) -> Result<Option<Metadata>, WriteError> {
    match fs::symlink_metadata(path) {
        Ok(m) => Ok(Some(m)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io_err("look at", path)(e)),
    }
}

/// Whether the entry is one an output may replace by rename: a regular file or a symlink
/// (replaced, not followed). A directory, FIFO, device or socket is refused.
fn replaceable(path: &Path, meta: &Metadata) -> Result<(), WriteError> {
    let ft = meta.file_type();
    if ft.is_file() || ft.is_symlink() {
        return Ok(());
    }
    Err(WriteError::NotAFile {
        path: path.to_path_buf(),
        what: kind_words(meta),
    })
}

fn kind_words(meta: &Metadata) -> &'static str {
    let ft = meta.file_type();
    if ft.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if ft.is_char_device() || ft.is_block_device() {
            return "a device";
        }
        if ft.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Writes `bytes` into the fresh temporary file, syncs it and renames it over `target`;
/// on any failure the temporary file is removed and `target` is left as it was.
fn commit_temp(
    mut file: File,
    tmp: &Path,
    target: &Path,
    bytes: &[u8],
    before_rename: impl FnOnce() -> Result<(), WriteError>,
) -> Result<(), WriteError> {
    let written = (|| {
        file.write_all(bytes).map_err(io_err("write", tmp))?;
        file.sync_all().map_err(io_err("sync", tmp))?;
        drop(file);
        before_rename()?;
        fs::rename(tmp, target).map_err(io_err("replace", target))
    })();
    if written.is_err() {
        // Best effort: the error reported is the write's, not the clean-up's.
        let _ = fs::remove_file(tmp);
    }
    written
}

/// What [`write_atomic`] would find at `path` (nothing, a regular file or a link), or the
/// refusal it would give (a directory or special file, or a path it cannot look at). A tool
/// that writes several files asks this of every one before writing the first, so a refusal
/// leaves none of them written.
pub fn check_target(path: &Path) -> Result<Option<Metadata>, WriteError> {
    let existing = entry(path)?;
    if let Some(meta) = &existing {
        replaceable(path, meta)?;
    }
    Ok(existing)
}

/// Writes an output file atomically: a new file, or a replacement of whatever regular file or
/// link is at `path` (the link itself is replaced, never followed). A directory or special file
/// at `path` is refused. A new file gets the usual permissions (`0666` less the umask); a
/// replaced regular file keeps its own.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let existing = check_target(path)?;
    let (file, tmp) = create_temp(path)?;
    if let Some(meta) = existing.as_ref().filter(|m| m.file_type().is_file()) {
        if let Err(e) = file.set_permissions(meta.permissions()) {
            let _ = fs::remove_file(&tmp);
            return Err(io_err("set permissions on", &tmp)(e));
        }
    }
    commit_temp(file, &tmp, path, bytes, || Ok(()))
}

/// Writes a new file at `path`, atomically, and never over anything already there: the bytes go
/// into a fresh temporary file beside it, which is then hard-linked at `path` (the link fails on
/// any existing entry, a dangling symlink included, and follows none) and its temporary name
/// removed. A person's chosen name (the workbench's saved rulings) is written this way, so no
/// file of theirs is replaced and no link is written through.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    if entry(path)?.is_some() {
        return Err(WriteError::Exists {
            path: path.to_path_buf(),
        });
    }
    let (mut file, tmp) = create_temp(path)?;
    let written = (|| {
        file.write_all(bytes).map_err(io_err("write", &tmp))?;
        file.sync_all().map_err(io_err("sync", &tmp))?;
        drop(file);
        fs::hard_link(&tmp, path).map_err(|e| {
            if e.kind() == io::ErrorKind::AlreadyExists {
                WriteError::Exists {
                    path: path.to_path_buf(),
                }
            } else {
                io_err("create", path)(e)
            }
        })
    })();
    let _ = fs::remove_file(&tmp);
    written
}

/// Checks, without writing it, that an output could be written at `path` now: what is there may
/// be replaced (a regular file or a link, never a directory or special file) and a temporary
/// file can be created beside it (the directory exists and is writable; the probe is removed).
/// For a long job that writes only at its end, so a typo fails before the work, not after it.
pub fn check_writable(path: &Path) -> Result<(), WriteError> {
    check_target(path)?;
    let (file, tmp) = create_temp(path)?;
    drop(file);
    fs::remove_file(&tmp).map_err(io_err("remove", &tmp))
}

/// Whether the permissions let the owner write (root ignores permissions; a file its owner
/// made read-only is still refused).
fn read_only(meta: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o200 == 0
    }
    #[cfg(not(unix))]
    {
        meta.permissions().readonly()
    }
}

/// Number of hard links to the file.
fn links(meta: &Metadata) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink()
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        1
    }
}

/// The same file (device and inode) as `meta`?
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        true
    }
}

/// Reads at most `expected.len() + 1` bytes of `file` and says whether they are `expected`.
fn still_reads(file: impl Read, expected: &[u8]) -> io::Result<bool> {
    let now = crate::read::read_bounded(file, expected.len())?;
    Ok(now == expected)
}

/// Replaces the regular file at `path`, whose content was `expected` when it was read, with
/// `bytes`, keeping the file's identity: its permissions (and owner, where a rename is used,
/// the new file is the writer's), its other hard links (rewritten in place), and refusing a
/// read-only file, a symlink (resolve links first, where following one is allowed), or a file
/// whose content is no longer `expected` (an edit saved meanwhile is never overwritten).
///
/// The comparison is made again just before the rename (or the in-place write): the window in
/// which an edit can still be lost is the time of one rename.
pub fn replace_file(path: &Path, expected: &[u8], bytes: &[u8]) -> Result<(), WriteError> {
    let Some(meta) = entry(path)? else {
        return Err(io_err("open", path)(io::Error::from(
            io::ErrorKind::NotFound,
        )));
    };
    if meta.file_type().is_symlink() {
        return Err(WriteError::Link {
            path: path.to_path_buf(),
        });
    }
    if !meta.file_type().is_file() {
        return Err(WriteError::NotAFile {
            path: path.to_path_buf(),
            what: kind_words(&meta),
        });
    }
    if read_only(&meta) {
        return Err(WriteError::ReadOnly {
            path: path.to_path_buf(),
        });
    }
    let changed = || WriteError::Changed {
        path: path.to_path_buf(),
    };
    let check_unchanged = || -> Result<(), WriteError> {
        let f = open_nofollow(path, false).map_err(io_err("read", path))?;
        let now = f.metadata().map_err(io_err("look at", path))?;
        if !same_file(&meta, &now) || !still_reads(&f, expected).map_err(io_err("read", path))? {
            return Err(changed());
        }
        Ok(())
    };
    if links(&meta) > 1 {
        // A rename would leave the other links on the old text: write into the same inode.
        let mut f = open_nofollow(path, true).map_err(io_err("open", path))?;
        let now = f.metadata().map_err(io_err("look at", path))?;
        if !same_file(&meta, &now) || !still_reads(&f, expected).map_err(io_err("read", path))? {
            return Err(changed());
        }
        use std::io::{Seek, SeekFrom};
        f.seek(SeekFrom::Start(0)).map_err(io_err("write", path))?;
        f.write_all(bytes).map_err(io_err("write", path))?;
        f.set_len(bytes.len() as u64)
            .map_err(io_err("write", path))?;
        return f.sync_all().map_err(io_err("sync", path));
    }
    check_unchanged()?;
    let (file, tmp) = create_temp(path)?;
    if let Err(e) = file.set_permissions(meta.permissions()) {
        let _ = fs::remove_file(&tmp);
        return Err(io_err("set permissions on", &tmp)(e));
    }
    commit_temp(file, &tmp, path, bytes, check_unchanged)
}

/// Opens an existing file without following a final symlink (and, for reading, without
/// blocking on a FIFO swapped in meanwhile).
fn open_nofollow(path: &Path, write: bool) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(write);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let f = options.open(path)?;
    if !f.metadata()?.file_type().is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Scratch(PathBuf);
    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }
    fn scratch(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "cardlang-write-{name}-{}-{}",
            std::process::id(),
            random_suffix()
        ));
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    #[test]
    fn writes_a_new_file_and_leaves_no_temporary() {
        let d = scratch("new");
        let out = d.0.join("out.txt");
        write_atomic(&out, b"hello").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"hello");
        assert_eq!(fs::read_dir(&d.0).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_symlink_at_the_target_is_replaced_not_followed() {
        let d = scratch("planted");
        let victim = d.0.join("victim");
        fs::write(&victim, b"precious").unwrap();
        let out = d.0.join("out.txt");
        std::os::unix::fs::symlink(&victim, &out).unwrap();
        write_atomic(&out, b"new").unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"precious");
        assert!(fs::symlink_metadata(&out).unwrap().file_type().is_file());
        assert_eq!(fs::read(&out).unwrap(), b"new");
    }

    /// `write_new` creates and never replaces: not a file, not a link (dangling or not), and
    /// it leaves no temporary name behind either way.
    #[cfg(unix)]
    #[test]
    fn write_new_never_replaces_or_follows() {
        let d = scratch("write-new");
        let out = d.0.join("saved.ruling");
        write_new(&out, b"first").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"first");
        let again = write_new(&out, b"second").unwrap_err();
        assert!(matches!(again, WriteError::Exists { .. }), "{again}");
        assert!(again.to_string().contains("already exists"), "{again}");
        assert_eq!(fs::read(&out).unwrap(), b"first");
        let victim = d.0.join("victim");
        let link = d.0.join("link.ruling");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        assert!(matches!(
            write_new(&link, b"x"),
            Err(WriteError::Exists { .. })
        ));
        assert!(
            !victim.exists(),
            "nothing was written through the dangling link"
        );
        assert_eq!(fs::read_dir(&d.0).unwrap().count(), 2);
    }

    #[test]
    fn the_temporary_names_differ_every_time() {
        let a = random_suffix();
        let b = random_suffix();
        assert_ne!(a, b);
        assert_eq!(a.len(), 32);
    }

    #[test]
    fn a_directory_is_refused() {
        let d = scratch("dir");
        let e = write_atomic(&d.0, b"x").unwrap_err();
        assert!(
            matches!(
                e,
                WriteError::NotAFile {
                    what: "a directory",
                    ..
                }
            ),
            "{e}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn replace_keeps_permissions_and_hard_links() {
        use std::os::unix::fs::PermissionsExt;
        let d = scratch("identity");
        let a = d.0.join("a.hb");
        fs::write(&a, b"old").unwrap();
        fs::set_permissions(&a, fs::Permissions::from_mode(0o640)).unwrap();
        replace_file(&a, b"old", b"new").unwrap();
        let m = fs::metadata(&a).unwrap();
        assert_eq!(m.permissions().mode() & 0o777, 0o640);
        assert_eq!(fs::read(&a).unwrap(), b"new");

        let b = d.0.join("b.hb");
        fs::hard_link(&a, &b).unwrap();
        replace_file(&a, b"new", b"newer and longer").unwrap();
        assert_eq!(fs::read(&b).unwrap(), b"newer and longer");
        replace_file(&a, b"newer and longer", b"short").unwrap();
        assert_eq!(fs::read(&b).unwrap(), b"short");
    }

    #[cfg(unix)]
    #[test]
    fn replace_refuses_read_only_links_and_changed_files() {
        use std::os::unix::fs::PermissionsExt;
        let d = scratch("refuse");
        let a = d.0.join("a.hb");
        fs::write(&a, b"old").unwrap();
        // An edit saved after the read: left alone.
        let e = replace_file(&a, b"older", b"new").unwrap_err();
        assert!(matches!(e, WriteError::Changed { .. }), "{e}");
        assert_eq!(fs::read(&a).unwrap(), b"old");
        // Read-only.
        fs::set_permissions(&a, fs::Permissions::from_mode(0o444)).unwrap();
        let e = replace_file(&a, b"old", b"new").unwrap_err();
        assert!(matches!(e, WriteError::ReadOnly { .. }), "{e}");
        assert_eq!(fs::read(&a).unwrap(), b"old");
        // A link is for the caller to resolve.
        let l = d.0.join("l.hb");
        std::os::unix::fs::symlink(&a, &l).unwrap();
        let e = replace_file(&l, b"old", b"new").unwrap_err();
        assert!(matches!(e, WriteError::Link { .. }), "{e}");
    }
}
