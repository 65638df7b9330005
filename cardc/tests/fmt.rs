//! `cardc fmt`: the bundled pool is formatted (CI runs this), `--check` lists what would change
//! and exits 1, a file that does not parse is reported and left untouched, and formatting
//! writes the canonical layout.

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
