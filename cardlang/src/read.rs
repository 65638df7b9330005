//! Reading one input file without trusting it: the one bounded reader every input kind uses
//! (card files, decklists, ruling files, card databases; ARCHITECTURE.md, invariant 5).
//!
//! Always built, so the engine (which links cardlang without the compiler) reads decks and
//! rulings through the same code as `cardc` reads card files.
//!
//! Two rules hold for every read:
//! - **Regular files only, checked before opening.** Opening a FIFO blocks until a writer comes
//!   (possibly forever) and a device such as `/dev/zero` never ends, so the path's type is
//!   looked at first and anything but a regular file is refused with a message naming what it
//!   is. The type is looked at again on the open handle, in case the path changed in between.
//! - **At most the cap plus one byte is read.** The extra byte is what tells "exactly at the
//!   cap" from "over it", however large the file claims (or turns out) to be.
//!
//! `-` means standard input, read under the same cap.

use std::fs::{self, File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Why an input could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{}: no such file", .path.display())]
    NotFound { path: PathBuf },
    /// A directory, FIFO, device or socket: `what` names it ("a directory", "a FIFO (named
    /// pipe)", ...).
    #[error("{}: is {what}, not a regular file", .path.display())]
    NotRegular { path: PathBuf, what: &'static str },
    /// More than `cap` bytes: `len` is the size the file reports, or at least `cap + 1`.
    #[error("{}: larger than {cap} bytes", .path.display())]
    TooLarge { path: PathBuf, cap: usize, len: u64 },
    #[error("{}: {source}", .path.display())]
    Io { path: PathBuf, source: io::Error },
}

impl ReadError {
    /// The message without the path, for callers that show the path themselves.
    pub fn reason(&self) -> String {
        match self {
            ReadError::NotFound { .. } => "no such file".to_string(),
            ReadError::NotRegular { what, .. } => {
                format!("is {what}, not a regular file; give a file (or `-` for standard input)")
            }
            ReadError::TooLarge { cap, .. } => format!("larger than {cap} bytes"),
            ReadError::Io { source, .. } => source.to_string(),
        }
    }

    /// The path the error is about.
    pub fn path(&self) -> &Path {
        match self {
            ReadError::NotFound { path }
            | ReadError::NotRegular { path, .. }
            | ReadError::TooLarge { path, .. }
            | ReadError::Io { path, .. } => path,
        }
    }
}

/// The path that means standard input.
pub const STDIN: &str = "-";

/// Whether `path` is `-` (standard input).
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == STDIN
}

/// What a non-regular file is, in words.
fn kind_of(meta: &Metadata) -> Option<&'static str> {
    let ft = meta.file_type();
    if ft.is_file() {
        return None;
    }
    if ft.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if ft.is_char_device() {
            return Some("a character device");
        }
        if ft.is_block_device() {
            return Some("a block device");
        }
        if ft.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Refuses anything but a regular file, without opening it (a FIFO would block the open).
pub fn check_regular(path: &Path) -> Result<(), ReadError> {
    let meta = fs::metadata(path).map_err(|e| io_error(path, e))?;
    match kind_of(&meta) {
        None => Ok(()),
        Some(what) => Err(ReadError::NotRegular {
            path: path.to_path_buf(),
            what,
        }),
    }
}

fn io_error(path: &Path, source: io::Error) -> ReadError {
    if source.kind() == io::ErrorKind::NotFound {
        ReadError::NotFound {
            path: path.to_path_buf(),
        }
    } else {
        ReadError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Reads at most `cap + 1` bytes of the regular file at `path` (or of standard input for
/// `-`). More than `cap` bytes in the result means the input is over its cap; the caller says
/// so in its own words (a deck reports it as a violation). Never reads more.
pub fn read_prefix(path: &Path, cap: usize) -> Result<Vec<u8>, ReadError> {
    if is_stdin(path) {
        return read_bounded(io::stdin().lock(), cap).map_err(|e| io_error(path, e));
    }
    let (file, _) = open_regular(path)?;
    read_bounded(file, cap).map_err(|e| io_error(path, e))
}

/// [`read_prefix`], refusing an input over `cap` bytes. A regular file whose size is already
/// over the cap is refused before anything is read.
pub fn read_file(path: &Path, cap: usize) -> Result<Vec<u8>, ReadError> {
    let too_large = |len: u64| ReadError::TooLarge {
        path: path.to_path_buf(),
        cap,
        len,
    };
    let bytes = if is_stdin(path) {
        read_bounded(io::stdin().lock(), cap).map_err(|e| io_error(path, e))?
    } else {
        let (file, meta) = open_regular(path)?;
        if meta.len() > cap as u64 {
            return Err(too_large(meta.len()));
        }
        read_bounded(file, cap).map_err(|e| io_error(path, e))?
    };
    if bytes.len() > cap {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Opens `path` only if it is a regular file, looked at before opening and again after (the
/// path may have been swapped in between).
fn open_regular(path: &Path) -> Result<(File, Metadata), ReadError> {
    check_regular(path)?;
    let file = File::open(path).map_err(|e| io_error(path, e))?;
    let meta = file.metadata().map_err(|e| io_error(path, e))?;
    if let Some(what) = kind_of(&meta) {
        return Err(ReadError::NotRegular {
            path: path.to_path_buf(),
            what,
        });
    }
    Ok((file, meta))
}

/// At most `cap + 1` bytes of `reader`.
pub fn read_bounded(reader: impl Read, cap: usize) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardlang-read-{}", std::process::id()));
        let _ = fs::create_dir_all(&dir);
        dir.join(name)
    }

    #[test]
    fn reads_a_file_up_to_its_cap() {
        let path = scratch("exact.txt");
        fs::write(&path, b"12345").unwrap();
        assert_eq!(read_file(&path, 5).unwrap(), b"12345");
        // One byte over: the prefix holds cap + 1 bytes, the checked read refuses.
        assert_eq!(read_prefix(&path, 4).unwrap(), b"12345");
        assert!(matches!(
            read_file(&path, 4),
            Err(ReadError::TooLarge { cap: 4, .. })
        ));
        assert_eq!(read_prefix(&path, 2).unwrap(), b"123");
    }

    #[test]
    fn refuses_directories_and_missing_files() {
        let dir = scratch("");
        let e = read_file(&dir, 10).unwrap_err();
        assert!(
            matches!(
                e,
                ReadError::NotRegular {
                    what: "a directory",
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.reason().contains("a directory, not a regular file"));
        let e = read_file(&scratch("missing.txt"), 10).unwrap_err();
        assert!(matches!(e, ReadError::NotFound { .. }), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn refuses_devices_without_reading_them() {
        // `/dev/zero` never ends: reading it whole would exhaust memory.
        let e = read_file(Path::new("/dev/zero"), 10).unwrap_err();
        assert!(
            matches!(
                e,
                ReadError::NotRegular {
                    what: "a character device",
                    ..
                }
            ),
            "{e}"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn refuses_a_fifo_before_opening_it() {
        let path = scratch("pipe");
        let _ = fs::remove_file(&path);
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo failed");
        // Opening a FIFO with no writer blocks forever; the check must come first.
        let e = read_file(&path, 10).unwrap_err();
        assert!(
            matches!(
                e,
                ReadError::NotRegular {
                    what: "a FIFO (named pipe)",
                    ..
                }
            ),
            "{e}"
        );
        let _ = fs::remove_file(&path);
    }

    #[test]
    fn bounded_reader_stops_at_cap_plus_one() {
        let endless = io::repeat(b'x');
        assert_eq!(read_bounded(endless, 7).unwrap().len(), 8);
    }
}
