//! `cardc` against hostile input paths (issues #12, #14): a FIFO, a device or a directory
//! given as a card file, decklist or database is refused before it is opened, never read
//! until memory runs out and never waited on; `-` reads standard input under the same caps;
//! a deck's diagnostics are capped with a count of the rest.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `cardc` with `stdin` piped in; a run still going after a minute is killed and fails
/// the test (a FIFO once blocked forever).
fn cardc(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cardc runs");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("cardc {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = writer.join();
    child.wait_with_output().expect("output")
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited, not killed")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardc-inputs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
}

const POOL: &str = "tests/decks/pool";

#[cfg(target_os = "linux")]
#[test]
fn a_fifo_is_refused_for_every_input_kind() {
    let dir = scratch("fifo");
    let fifo = dir.join("deck.txt");
    mkfifo(&fifo);
    let fifo = fifo.to_string_lossy().into_owned();

    let out = cardc(&["deck", "check", &fifo, "--pool", POOL], b"");
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("a FIFO (named pipe), not a decklist file"),
        "{}",
        stderr(&out)
    );

    let out = cardc(
        &["deck", "check", "--db", &fifo, "tests/decks/legal-55.txt"],
        b"",
    );
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is a FIFO (named pipe)"),
        "{}",
        stderr(&out)
    );

    // A FIFO named like a card file inside a pool.
    let pool = dir.join("pool");
    std::fs::create_dir_all(&pool).unwrap();
    std::fs::copy(
        repo().join("tests/decks/pool/cards.hb"),
        pool.join("cards.hb"),
    )
    .unwrap();
    mkfifo(&pool.join("pipe.hb"));
    let out = cardc(&["check", &pool.to_string_lossy()], b"");
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is a FIFO (named pipe)"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn devices_and_directories_are_refused() {
    let out = cardc(&["deck", "check", "/dev/zero", "--pool", POOL], b"");
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("a character device"),
        "{}",
        stderr(&out)
    );

    let out = cardc(
        &[
            "deck",
            "check",
            "--db",
            "/dev/zero",
            "tests/decks/legal-55.txt",
        ],
        b"",
    );
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("a character device"),
        "{}",
        stderr(&out)
    );

    let out = cardc(&["deck", "check", "tests", "--pool", POOL], b"");
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("a directory"), "{}", stderr(&out));
}

#[test]
fn dash_reads_a_decklist_from_stdin() {
    let deck = std::fs::read(repo().join("tests/decks/legal-55.txt")).unwrap();
    let out = cardc(&["deck", "check", "-", "--pool", POOL], &deck);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stdout(&out).contains("<stdin>: legal deck"),
        "{}",
        stdout(&out)
    );

    let out = cardc(
        &[
            "--message-format",
            "short",
            "deck",
            "check",
            "-",
            "--pool",
            POOL,
        ],
        b"2 No Such Card\n",
    );
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("<stdin>:1:3: error[HB0613]"),
        "{}",
        stderr(&out)
    );

    // Standard input is capped like a file: 1 MiB + 1 byte is read, then HB0601.
    let huge = vec![b'#'; 3 * 1024 * 1024];
    let out = cardc(
        &[
            "--message-format",
            "short",
            "deck",
            "check",
            "-",
            "--pool",
            POOL,
        ],
        &huge,
    );
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("HB0601"), "{}", stderr(&out));
}

#[test]
fn dash_reads_one_card_file_from_stdin() {
    let card = b"Event \"Piped\" {\n    cost: 1R\n}\n";
    let out = cardc(&["check", "-"], card);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stdout(&out).contains("compiled 1 card file in <stdin>"),
        "{}",
        stdout(&out)
    );

    let out = cardc(
        &["--message-format", "short", "check", "-"],
        b"Event \"Piped\" {\n    atack: 1\n}\n",
    );
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).contains("<stdin>:2:5: error[HB0102]"),
        "{}",
        stderr(&out)
    );

    let out = cardc(&["--message-format", "short", "check", "-"], &[0xff, 0xfe]);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("HB0003"), "{}", stderr(&out));
}

/// 1,000 unknown card names once printed every one (7.7 MB); now 200 and a count.
#[test]
fn deck_diagnostics_are_capped_with_a_count() {
    let mut deck = String::new();
    for i in 0..1000 {
        deck.push_str(&format!("1 Lancer-clas Frigat {i}\n"));
    }
    let out = cardc(
        &[
            "--message-format",
            "short",
            "deck",
            "check",
            "-",
            "--pool",
            POOL,
        ],
        deck.as_bytes(),
    );
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert_eq!(err.matches("error[HB0613]").count(), 200, "{err}");
    assert!(
        err.contains("stopped after 200 (and 800 more errors)"),
        "{err}"
    );
    // The whole-deck counts are still reported.
    assert!(err.contains("HB0701"), "{err}");
}
