//! `cardc fmt`: the bundled pool is formatted (CI runs this), `--check` lists what would change
//! and exits 1, a file with any error is reported and left untouched, and formatting writes the
//! canonical layout. Writing keeps a file's identity (links, permissions, hard links), never
//! writes through a planted link, never overwrites an edit saved meanwhile, and `-` is
//! standard input to standard output.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn cardc_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("cardc runs")
}

/// `cardc` with `input` on standard input.
fn cardc_stdin(cwd: &Path, args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cardc runs");
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(input).expect("stdin");
    }
    child.wait_with_output().expect("cardc runs")
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited, not killed")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("cardc-fmt-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn the_bundled_pool_is_formatted() {
    let out = cardc_in(&repo(), &["fmt", "--check", "cards"]);
    assert_eq!(
        code(&out),
        0,
        "run `cargo run -p cardc -- fmt cards`:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("0 files to reformat"));
}

const MESSY: &str = "Ship \"A\" {\n  traits: Stealth,  Escort\n\tclass:Frigate   # why\n  cost: 1R\n  attack: 1\n  defense: 1\n  wounds: 1\n}\n";
const TIDY: &str = "Ship \"A\" {\n    class: Frigate # why\n    cost: 1R\n    attack: 1\n    defense: 1\n    wounds: 1\n    traits: Escort, Stealth\n}\n";

#[test]
fn check_lists_files_and_formatting_rewrites_them() {
    let dir = Scratch::new("rewrite");
    let file = dir.0.join("a.hb");
    std::fs::write(&file, MESSY).expect("write");
    std::fs::write(dir.0.join("b.hb"), TIDY).expect("write");

    let out = cardc_in(&dir.0, &["fmt", "--check", "."]);
    assert_eq!(code(&out), 1);
    let listed = text(&out.stdout);
    assert!(listed.contains("would reformat ./a.hb"), "{listed}");
    assert!(!listed.contains("b.hb"), "{listed}");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), MESSY);

    let out = cardc_in(&dir.0, &["fmt", "a.hb", "b.hb"]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("reformatted a.hb"));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), TIDY);
    assert_eq!(code(&cardc_in(&dir.0, &["fmt", "--check", "."])), 0);
}

#[test]
fn a_file_that_does_not_parse_is_reported_and_left_alone() {
    let dir = Scratch::new("broken");
    let broken = "Ship \"A\" {\n  class:   Frigate\n";
    std::fs::write(dir.0.join("a.hb"), broken).expect("write");
    let out = cardc_in(&dir.0, &["--message-format", "short", "fmt", "a.hb"]);
    assert_eq!(code(&out), 1);
    assert!(
        text(&out.stderr).contains("a.hb:1:10: error[HB0005]"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(dir.0.join("a.hb")).expect("read"),
        broken
    );
}

#[test]
fn a_missing_path_is_a_usage_error() {
    let dir = Scratch::new("missing");
    let out = cardc_in(&dir.0, &["fmt", "nope.hb"]);
    assert_eq!(code(&out), 2);
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    v.sort();
    v
}

/// A repository that ships symlinks at the temporary names a formatter could write through
/// (the old fixed `<file>.cardc-fmt.tmp`, and the shapes of the new one) makes no write
/// through any of them: the file they point at is untouched.
#[cfg(unix)]
#[test]
fn a_planted_symlink_at_a_temporary_name_is_never_followed() {
    use std::os::unix::fs::symlink;
    let dir = Scratch::new("planted");
    let victim_dir = dir.0.join("home");
    std::fs::create_dir_all(&victim_dir).expect("dir");
    let victim = victim_dir.join("victim.txt");
    std::fs::write(&victim, "precious\n").expect("write");
    let cards = dir.0.join("cards");
    std::fs::create_dir_all(&cards).expect("dir");
    std::fs::write(cards.join("a.hb"), MESSY).expect("write");
    let planted = [
        "a.hb.cardc-fmt.tmp",
        ".a.hb.cardc-fmt.tmp",
        ".a.hb.tmp",
        "a.hb.tmp",
        "a.hb~",
        ".a.hb.swp",
    ];
    for name in planted {
        symlink(&victim, cards.join(name)).expect("symlink");
    }
    let out = cardc_in(&dir.0, &["fmt", "cards"]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(read(&victim), "precious\n");
    assert_eq!(read(&cards.join("a.hb")), TIDY);
    for name in planted {
        let meta = std::fs::symlink_metadata(cards.join(name)).expect("still there");
        assert!(meta.file_type().is_symlink(), "{name}");
    }
    // Nothing else was left behind: the file, and the links as they were.
    assert_eq!(names_in(&cards).len(), planted.len() + 1);
}

/// A symlinked card file stays a link and its target is formatted; a link leading out of the
/// walked directory is skipped with a message naming it; a link named on the command line is
/// followed.
#[cfg(unix)]
#[test]
fn a_symlinked_card_file_stays_a_link_and_links_out_of_the_pool_are_skipped() {
    use std::os::unix::fs::symlink;
    let dir = Scratch::new("links");
    let cards = dir.0.join("cards");
    let shared = cards.join("shared");
    std::fs::create_dir_all(&shared).expect("dir");
    let outside = dir.0.join("outside.hb");
    std::fs::write(&outside, MESSY).expect("write");
    std::fs::write(shared.join("real.hb"), MESSY).expect("write");
    symlink("shared/real.hb", cards.join("link.hb")).expect("symlink");
    symlink(&outside, cards.join("escape.hb")).expect("symlink");

    let out = cardc_in(&dir.0, &["fmt", "cards"]);
    let err = text(&out.stderr);
    assert_eq!(code(&out), 0, "{err}");
    assert!(err.contains("cards/escape.hb"), "{err}");
    assert!(err.contains("outside"), "{err}");
    assert_eq!(read(&outside), MESSY, "a link out of the pool was followed");
    assert_eq!(read(&shared.join("real.hb")), TIDY);
    let link = std::fs::symlink_metadata(cards.join("link.hb")).expect("link");
    assert!(
        link.file_type().is_symlink(),
        "the link was replaced by a file"
    );
    assert!(std::fs::symlink_metadata(cards.join("escape.hb"))
        .expect("link")
        .file_type()
        .is_symlink());

    // Named on the command line, a link is followed wherever it leads.
    let out = cardc_in(&dir.0, &["fmt", "cards/escape.hb"]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(read(&outside), TIDY);
    assert!(std::fs::symlink_metadata(cards.join("escape.hb"))
        .expect("link")
        .file_type()
        .is_symlink());
}

/// Permissions and hard links are kept; a read-only file is refused, named, and untouched.
#[cfg(unix)]
#[test]
fn permissions_and_hard_links_are_kept_and_a_read_only_file_is_refused() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = Scratch::new("identity");
    let a = dir.0.join("a.hb");
    std::fs::write(&a, MESSY).expect("write");
    std::fs::set_permissions(&a, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let b = dir.0.join("b.hb");
    std::fs::write(&b, MESSY).expect("write");
    let b_too = dir.0.join("b-again.txt");
    std::fs::hard_link(&b, &b_too).expect("hard link");
    let out = cardc_in(&dir.0, &["fmt", "a.hb", "b.hb"]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    let meta = std::fs::metadata(&a).expect("meta");
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert_eq!(read(&a), TIDY);
    assert_eq!(read(&b_too), TIDY, "the other hard link kept the old text");
    assert_eq!(std::fs::metadata(&b).expect("meta").nlink(), 2);

    let r = dir.0.join("r.hb");
    std::fs::write(&r, MESSY).expect("write");
    std::fs::set_permissions(&r, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let out = cardc_in(&dir.0, &["fmt", "r.hb"]);
    let err = text(&out.stderr);
    assert_ne!(code(&out), 0);
    assert!(err.contains("r.hb") && err.contains("read-only"), "{err}");
    assert_eq!(read(&r), MESSY);
    assert_eq!(
        std::fs::metadata(&r).expect("meta").permissions().mode() & 0o777,
        0o444
    );
}

/// An edit saved between the read and the write is never overwritten: the file is left as the
/// editor saved it, and the refusal says so.
#[test]
fn an_edit_saved_while_formatting_is_left_as_it_is() {
    let dir = Scratch::new("race");
    let a = dir.0.join("a.hb");
    std::fs::write(&a, MESSY).expect("write");
    let formatted = cardc::fmt::format_file(&a, "a.hb").ok().expect("formats");
    assert!(formatted.changes());
    let saved = MESSY.replace("attack: 1", "attack: 2");
    std::fs::write(&a, &saved).expect("an editor saves");
    let refusal = cardc::fmt::write_back(&a, "a.hb", &formatted).expect_err("refused");
    assert!(
        refusal
            .message
            .contains("changed on disk while formatting; left as it is"),
        "{}",
        refusal.message
    );
    assert_eq!(refusal.file, "a.hb");
    assert_eq!(read(&a), saved);
}

/// `cardc fmt -` formats standard input to standard output and writes no file (least of all
/// one named `-`); `--check -` only says; a file with errors prints nothing on stdout.
#[test]
fn a_dash_is_standard_input_to_standard_output() {
    let dir = Scratch::new("stdin");
    let out = cardc_stdin(&dir.0, &["fmt", "-"], MESSY.as_bytes());
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), TIDY);
    assert!(names_in(&dir.0).is_empty(), "{:?}", names_in(&dir.0));

    let out = cardc_stdin(&dir.0, &["fmt", "--check", "-"], MESSY.as_bytes());
    assert_eq!(code(&out), 1);
    assert!(text(&out.stdout).contains("would reformat <stdin>"));
    let out = cardc_stdin(&dir.0, &["fmt", "--check", "-"], TIDY.as_bytes());
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert!(!text(&out.stdout).contains(TIDY));

    let broken = MESSY.replace("cost: 1R", "cost 1R");
    let out = cardc_stdin(
        &dir.0,
        &["--message-format", "short", "fmt", "-"],
        broken.as_bytes(),
    );
    assert_eq!(code(&out), 1);
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).contains("<stdin>:4:7: error[HB0004]"),
        "{}",
        text(&out.stderr)
    );
    assert!(names_in(&dir.0).is_empty(), "{:?}", names_in(&dir.0));

    let out = cardc_in(&dir.0, &["fmt", "-", "a.hb"]);
    assert_eq!(code(&out), 2);
}

/// Any error refuses the file, not only an unclosed card: a field without its colon, and an
/// ability line whose doubled or no-break spaces are part of what is wrong with it.
#[test]
fn a_file_with_any_error_is_refused_and_left_alone() {
    let dir = Scratch::new("errors");
    let cases = [
        (
            "no-colon.hb",
            MESSY.replace("cost: 1R", "cost 1R"),
            "HB0004",
        ),
        (
            "nbsp.hb",
            MESSY.replace(
                "  wounds: 1\n",
                "  wounds: 1\n  when deployed:  draw\u{a0}\u{a0}2\n",
            ),
            "HB0401",
        ),
        ("lone-cr.hb", MESSY.replace("# why\n", "# why\r"), "HB0004"),
    ];
    for (name, body, code_wanted) in &cases {
        std::fs::write(dir.0.join(name), body).expect("write");
        let out = cardc_in(&dir.0, &["--message-format", "short", "fmt", name]);
        let err = text(&out.stderr);
        assert_eq!(code(&out), 1, "{name}: {err}");
        assert!(
            err.contains(&format!("error[{code_wanted}]")),
            "{name}: {err}"
        );
        assert_eq!(&read(&dir.0.join(name)), body, "{name} was rewritten");
        // `check` agrees: the same file is an error there.
        let pool = dir.0.join(format!("pool-{name}"));
        std::fs::create_dir_all(&pool).expect("dir");
        std::fs::write(pool.join("x.hb"), body).expect("write");
        let checked = cardc_in(&dir.0, &["check", pool.to_str().expect("utf-8")]);
        assert_eq!(code(&checked), 1, "{name}: check passes what fmt refuses");
    }
}

/// A byte-order mark is read as nothing and dropped; CR LF line ends become LF.
#[test]
fn a_byte_order_mark_and_crlf_are_accepted_and_dropped() {
    let dir = Scratch::new("bom");
    let a = dir.0.join("a.hb");
    let body = format!("\u{feff}{}", MESSY.replace('\n', "\r\n"));
    std::fs::write(&a, &body).expect("write");
    let out = cardc_in(&dir.0, &["fmt", "a.hb"]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert_eq!(read(&a), TIDY);
}

/// Issue #43: `fmt` lays a card file out from its own text, so it takes the card directory
/// (`--cards DIR`, as every command names one) and not `--db`: a database holds no source to
/// lay out. `--db` is refused (exit 2), naming the subcommands that take it, and nothing is
/// formatted (docs/cli.md).
#[test]
fn fmt_takes_the_card_directory_and_not_a_database() {
    let out = cardc_in(
        &repo(),
        &["fmt", "--check", "--db", "hullbreach.hbdb", "cards"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(code(&out), 2, "{err}");
    assert!(err.contains("`--db` is a flag of `cardc "), "{err}");
    assert!(!err.contains("tip: to pass"), "{err}");
    assert!(out.stdout.is_empty(), "nothing formatted");
    let out = cardc_in(&repo(), &["fmt", "--check", "--cards", "cards"]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
}
