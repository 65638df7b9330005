//! Mutation fuzzing of the formatter (`cardlang::fmt`, `cardc fmt`) on the shared driver
//! (`inputs::fuzzing`, docs/reliability.md): for every mutant card file the formatter never
//! panics; a file with an error of its own is refused; a file without one is formatted, and
//! the output compiles to the same cards with the same problems, holds no CR and starts with
//! no byte-order mark, and formats to itself (idempotent).
//!
//! Half the mutants also get their layout shaken (CR LF, lone CRs, tabs, trailing blanks, blank
//! lines, a byte-order mark, no-break spaces), the edits that change nothing or must be
//! refused. In the suite the run is short; a long offline run:
//!
//! ```text
//! HB_FUZZ_ITERS=1000000 cargo test -p tests --test fuzz_fmt -- --nocapture
//! ```
//!
//! Also here: `cardc fmt` (the CLI, in process) keeps the identity of a small set of files, a
//! symlinked one, a hard-linked one and one with its own permissions.

mod inputs;

use cardlang::diag::Diagnostic;
use cardlang::fmt::format_source;
use cardlang::source::SourceFile;
use cardlang::{compile, Compilation};
use inputs::fuzzing::{fuzz, iterations, seed};
use inputs::Rng;

/// What a compilation reports, without where.
fn problems(c: &Compilation) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = c
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| (d.code.to_string(), d.message.clone()))
        .collect();
    v.sort();
    v
}

/// The codes of problems only a pool has: they do not stop formatting (cardlang::fmt).
const POOL_WIDE: [&str; 4] = ["HB0301", "HB0008", "HB0413", "HB0415"];

/// Layout noise for half the inputs, seeded by the input itself (the driver's `prepare` sees
/// only the bytes): line ends made CR LF or CR, indentation made tabs, blanks doubled or made
/// no-break spaces, blank lines, a byte-order mark.
fn shake(bytes: Vec<u8>) -> Vec<u8> {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes.iter().take(4096) {
        h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    let mut rng = Rng::new(h);
    if rng.below(2) == 0 {
        return bytes;
    }
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 8);
    if rng.below(4) == 0 {
        out.extend_from_slice("\u{feff}".as_bytes());
    }
    let mut line_start = true;
    for &b in &bytes {
        match b {
            b'\n' => {
                match rng.below(16) {
                    0..=3 => out.extend_from_slice(b"\r\n"),
                    4 => out.push(b'\r'),
                    5 => out.extend_from_slice(b"\n\n"),
                    6 => out.extend_from_slice(b" \t\n"),
                    _ => out.push(b'\n'),
                }
                line_start = true;
                continue;
            }
            b' ' if line_start && rng.below(4) == 0 => out.push(b'\t'),
            b' ' => match rng.below(40) {
                0 => out.extend_from_slice(b"  "),
                1 => out.extend_from_slice("\u{a0}".as_bytes()),
                _ => out.push(b' '),
            },
            _ => out.push(b),
        }
        line_start = line_start && (b == b' ' || b == b'\t');
    }
    out
}

/// The formatter's contract on one input.
fn check_fmt(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        // Not UTF-8: refused by the reader before the formatter sees it.
        return;
    };
    let name = "fuzz.hb";
    let before = compile(&[SourceFile::new(name, text)]);
    let blocking = before
        .diagnostics
        .iter()
        .any(|d| d.is_error() && !POOL_WIDE.contains(&d.code));
    match format_source(name, text) {
        Err(refused) => {
            assert!(!refused.is_empty(), "refused without a reason");
            assert!(
                blocking,
                "a file with no error was refused: {:?}\n{text}",
                refused.iter().map(|d| &d.message).collect::<Vec<_>>()
            );
        }
        Ok(once) => {
            assert!(!blocking, "a file with an error was formatted:\n{text}");
            // A CR is only ever a line end; a byte-order mark is dropped only where it leads
            // (anywhere else it is an error, or a comment's own character).
            assert!(!once.contains('\r'), "a CR kept");
            assert!(!once.starts_with('\u{feff}'), "the byte-order mark kept");
            let after = compile(&[SourceFile::new(name, once.as_str())]);
            assert_eq!(after.cards, before.cards, "the cards changed:\n{text}");
            assert_eq!(problems(&after), problems(&before), "the problems changed");
            match format_source(name, &once) {
                Ok(twice) => assert_eq!(twice, once, "not idempotent:\n{text}"),
                Err(d) => panic!("its own output refused: {d:?}\n{once}"),
            }
        }
    }
}

#[test]
fn fuzz_fmt() {
    // The card corpus with its biggest files left out: a mutant is compiled five times, and the
    // size caps have their own tests.
    let corpus: Vec<Vec<u8>> = inputs::card_corpus()
        .into_iter()
        .filter(|f| f.len() <= 16 * 1024)
        .collect();
    fuzz(
        "fmt",
        &corpus,
        inputs::CARD_WORDS,
        iterations(300),
        seed(11),
        shake,
        check_fmt,
    );
}

/// `cardc fmt` on a directory holding a symlinked card file, a hard-linked one and one with its
/// own permissions: each stays what it was, with its text formatted.
#[cfg(unix)]
#[test]
fn the_cli_keeps_each_file_s_identity() {
    use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
    let corpus: Vec<String> = inputs::card_corpus()
        .into_iter()
        .filter_map(|b| String::from_utf8(b).ok())
        .filter(|t| format_source("x.hb", t).is_ok())
        .take(3)
        .collect();
    assert_eq!(corpus.len(), 3);
    // Messy on purpose: every line indented by a tab, CR LF line ends.
    let messy: Vec<String> = corpus
        .iter()
        .map(|t| t.lines().map(|l| format!("\t{l}\r\n")).collect())
        .collect();
    let dir = std::env::temp_dir().join(format!("fuzz-fmt-identity-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cards = dir.join("cards");
    std::fs::create_dir_all(cards.join("real")).expect("dir");
    let real = cards.join("real/linked.hb");
    std::fs::write(&real, &messy[0]).expect("write");
    symlink("real/linked.hb", cards.join("link.hb")).expect("symlink");
    let hard = cards.join("hard.hb");
    std::fs::write(&hard, &messy[1]).expect("write");
    let other_name = dir.join("hard-elsewhere.hb");
    std::fs::hard_link(&hard, &other_name).expect("hard link");
    let private = cards.join("private.hb");
    std::fs::write(&private, &messy[2]).expect("write");
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).expect("chmod");

    let status = cardc::main_with_args(["cardc", "fmt", cards.to_str().expect("utf-8")]);
    assert_eq!(status, std::process::ExitCode::SUCCESS);

    let formatted = |i: usize| format_source("x.hb", &corpus[i]).expect("formats");
    let read = |p: &std::path::Path| std::fs::read_to_string(p).expect("read");
    assert!(std::fs::symlink_metadata(cards.join("link.hb"))
        .expect("link")
        .file_type()
        .is_symlink());
    assert_eq!(read(&real), formatted(0));
    assert_eq!(read(&other_name), formatted(1));
    assert_eq!(std::fs::metadata(&hard).expect("meta").nlink(), 2);
    assert_eq!(read(&private), formatted(2));
    assert_eq!(
        std::fs::metadata(&private)
            .expect("meta")
            .permissions()
            .mode()
            & 0o777,
        0o600
    );
    let _ = std::fs::remove_dir_all(&dir);
}
