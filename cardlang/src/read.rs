//! Reading one input file without trusting it: the one bounded reader every input kind uses
//! (card files, decklists, ruling files, card databases; ARCHITECTURE.md, invariant 5).
//!
//! Always built, so the engine (which links cardlang without the compiler) reads decks and
//! rulings through the same code as `cardc` reads card files.
//!
//! Two rules hold for every read:
//! - **Regular files only, judged on the opened file.** Opening a FIFO blocks until a writer
//!   comes (possibly forever) and a device such as `/dev/zero` never ends, so every open is
//!   non-blocking and the opened handle's type decides: anything but a regular file is refused
//!   with a message naming what it is, before a byte is read. There is no check-then-open
//!   window for a swapped-in FIFO to slip through.
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

/// Opens `path` only if it is a regular file. The open itself never blocks: it is made with
/// `O_NONBLOCK` (a FIFO swapped in after any earlier look would otherwise block the open until
/// a writer comes), and the type that counts is the opened handle's (`fstat`), so no swap
/// between a check and the open can get a FIFO or device read. On a regular file the flag
/// changes nothing.
pub fn open_regular(path: &Path) -> Result<(File, Metadata), ReadError> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| io_error(path, e))?;
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

    /// The swap race (issue #39): a FIFO swapped in between a look at the path and the open
    /// made the open block, in 16 of 334 runs of the old check-then-open reader. Here the path
    /// flips between a regular file and a FIFO 2,000 times, as fast as renames go, while it is
    /// read over and over; every read must come back (a file's bytes, or "a FIFO"). The
    /// watchdog only tells a hang from a result; nothing here is timed.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_fifo_swapped_in_never_blocks_a_read() {
        use std::os::unix::ffi::OsStrExt;
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        let dir = scratch("swap");
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("card.hb");
        let (file_src, fifo_src) = (dir.join("file.next"), dir.join("fifo.next"));
        let fifo_c = std::ffi::CString::new(fifo_src.as_os_str().as_bytes()).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let (done_tx, done_rx) = std::sync::mpsc::channel();
        let reader = {
            let (stop, target) = (Arc::clone(&stop), target.clone());
            std::thread::spawn(move || {
                let (mut files, mut fifos) = (0u32, 0u32);
                while !stop.load(Ordering::Relaxed) {
                    match read_file(&target, 100) {
                        Ok(b) => {
                            assert_eq!(b, b"card: x");
                            files += 1;
                        }
                        Err(ReadError::NotRegular { .. }) => fifos += 1,
                        Err(_) => {} // no file at all for a moment
                    }
                }
                let _ = done_tx.send((files, fifos));
            })
        };
        for _ in 0..2_000 {
            let _ = fs::write(&file_src, b"card: x");
            let _ = fs::rename(&file_src, &target);
            let _ = fs::remove_file(&fifo_src);
            // SAFETY: a valid NUL-terminated path; mkfifo only creates a directory entry.
            if unsafe { libc::mkfifo(fifo_c.as_ptr(), 0o600) } == 0 {
                let _ = fs::rename(&fifo_src, &target);
            }
        }
        stop.store(true, Ordering::Relaxed);
        match done_rx.recv_timeout(std::time::Duration::from_secs(60)) {
            Ok((files, fifos)) => {
                reader.join().unwrap();
                assert!(
                    files > 0 && fifos > 0,
                    "the reads met {files} files, {fifos} FIFOs"
                );
            }
            // The stuck reader thread is left behind; the test process ends without it.
            Err(_) => panic!("a read blocked on a FIFO swapped in after it started"),
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn bounded_reader_stops_at_cap_plus_one() {
        let endless = io::repeat(b'x');
        assert_eq!(read_bounded(endless, 7).unwrap().len(), 8);
    }
}
