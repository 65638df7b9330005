//! `hullbreach` against hostile input paths (issues #12, #14): a ruling file or decklist that
//! is a FIFO, a device or a directory is refused before it is opened (once `ruling /dev/zero`
//! grew until memory ran out and a FIFO blocked forever); `ruling -` reads standard input under
//! the same 256 KiB cap; a multi-byte amount is an error with its line, never a panic.

mod support;
use support::repo;

use std::io::Write;

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `hullbreach --cards tests/rulings/pool ARGS` with `stdin` piped in; killed (and the
/// test failed) if still running after a minute.
fn hullbreach(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["--cards", "tests/rulings/pool"])
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hullbreach runs");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("hullbreach {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = writer.join();
    child.wait_with_output().expect("output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Exit 1 with a message: refused, not crashed (a panic exits 101).
fn refused(out: &Output, says: &str) {
    assert_eq!(out.status.code(), Some(1), "{}", stderr(out));
    assert!(stderr(out).contains(says), "{}", stderr(out));
}

/// Exit 2 with a message: a file that cannot be read as one means the command could not run
/// (docs/cli.md), as in cardc.
fn unreadable(out: &Output, says: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    assert!(stderr(out).contains(says), "{}", stderr(out));
}

#[cfg(target_os = "linux")]
#[test]
fn a_fifo_ruling_or_deck_is_refused() {
    let dir = std::env::temp_dir().join(format!("hb-cli-inputs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("pipe.ruling");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()));
    let fifo = fifo.to_string_lossy().into_owned();
    unreadable(
        &hullbreach(&["ruling", &fifo], b""),
        "a FIFO (named pipe), not a regular file",
    );
    unreadable(
        &hullbreach(&["play", "--deck", &fifo, "--deck", &fifo], b""),
        "a FIFO (named pipe), not a regular file",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_device_or_directory_ruling_is_refused() {
    unreadable(
        &hullbreach(&["ruling", "/dev/zero"], b""),
        "a character device, not a regular file",
    );
    unreadable(
        &hullbreach(&["ruling", "tests"], b""),
        "a directory, not a regular file",
    );
}

#[test]
fn an_oversized_ruling_is_refused() {
    let dir = std::env::temp_dir().join(format!("hb-cli-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.ruling");
    std::fs::write(&big, vec![b'#'; 256 * 1024 + 1]).unwrap();
    unreadable(
        &hullbreach(&["ruling", &big.to_string_lossy()], b""),
        "larger than 262144 bytes",
    );
    // From standard input too: the cap holds however much is piped.
    unreadable(
        &hullbreach(&["ruling", "-"], &vec![b'#'; 1024 * 1024]),
        "larger than 262144 bytes",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dash_reads_a_ruling_from_stdin() {
    let path = "tests/rulings/combat-griffin-volley.ruling";
    let file = hullbreach(&["ruling", path], b"");
    assert!(file.status.success(), "{}", stderr(&file));
    let text = std::fs::read(repo().join(path)).unwrap();
    let piped = hullbreach(&["ruling", "-"], &text);
    assert!(piped.status.success(), "{}", stderr(&piped));
    assert_eq!(piped.stdout, file.stdout);
}

/// `stockpile: 1é` sliced inside `é` and panicked (issue #12).
#[test]
fn a_multi_byte_amount_is_an_error_with_its_line() {
    let ruling = "title: t\nphase: manufacturing\nactive: Ada\n\ncommander Ada\n  stockpile: 1é\n  in play:\n    Test Station\n\ncommander Bob\n  in play:\n    Test Station\n";
    refused(
        &hullbreach(&["ruling", "-"], ruling.as_bytes()),
        "`1é` is not an amount",
    );
    refused(&hullbreach(&["ruling", "-"], ruling.as_bytes()), "[-:6:14]");
}

/// The swap race (issue #39): a games file swapped for a FIFO between a look at the path and
/// the open once blocked `simulate merge` and `replay` forever (they looked, then opened
/// blocking). Now the file is opened first, non-blocking, and judged on the handle: every read
/// meets a games file or refuses a FIFO, and none blocks.
#[cfg(target_os = "linux")]
#[test]
fn a_games_file_swapped_for_a_fifo_never_blocks_a_read() {
    use engine::simulate::record;
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    use std::sync::{mpsc, Arc};
    let dir = std::env::temp_dir().join(format!("hb-cli-swap-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("games.jsonl");
    let (file_next, fifo_next, fifo) = (
        dir.join("file.next"),
        dir.join("fifo.next"),
        dir.join("pipe"),
    );
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()));
    let stop = Arc::new(AtomicBool::new(false));
    // What the reader met: games files read, FIFOs refused.
    let met = Arc::new([AtomicU32::new(0), AtomicU32::new(0)]);
    let (done_tx, done_rx) = mpsc::channel();
    let reader = {
        let (stop, met, target) = (Arc::clone(&stop), Arc::clone(&met), target.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let mut budget = record::MAX_MERGE_BYTES;
                match record::read(&target, &mut Vec::new(), &mut budget) {
                    // An empty file holds no game: read, nothing kept.
                    Ok(()) => met[0].fetch_add(1, Ordering::Relaxed),
                    Err(e) if e.to_string().contains("not a regular file") => {
                        met[1].fetch_add(1, Ordering::Relaxed)
                    }
                    Err(_) => 0, // no file at all for a moment
                };
            }
            let _ = done_tx.send(());
        })
    };
    // Swap until the reader has met both kinds (on a loaded machine it may be scheduled late),
    // at least 2,000 times and at most 200,000.
    for swaps in 0..200_000 {
        let _ = std::fs::write(&file_next, b"");
        let _ = std::fs::rename(&file_next, &target);
        // A second name for the one FIFO, renamed over the games file.
        let _ = std::fs::remove_file(&fifo_next);
        if std::fs::hard_link(&fifo, &fifo_next).is_ok() {
            let _ = std::fs::rename(&fifo_next, &target);
        }
        let both = met.iter().all(|m| m.load(Ordering::Relaxed) > 0);
        if swaps >= 2_000 && both {
            break;
        }
    }
    stop.store(true, Ordering::Relaxed);
    match done_rx.recv_timeout(Duration::from_secs(60)) {
        Ok(()) => {
            reader.join().unwrap();
            let [files, fifos] = [0, 1].map(|k| met[k].load(Ordering::Relaxed));
            assert!(files > 0 && fifos > 0, "met {files} files, {fifos} FIFOs");
        }
        // The stuck reader is left behind; the test process ends without it.
        Err(_) => panic!("a games file read blocked on a FIFO swapped in after it started"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}
