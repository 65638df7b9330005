//! The `cardc` examples of README.md and docs/*.md run and print what the docs show; the `cargo`
//! commands the docs name point at real packages and targets, and every file excerpt they show is
//! in its file. `support/doc_examples.rs` says what a document may hold; the `hullbreach` examples
//! run in `engine/tests/doc_examples.rs`.
//!
//! Run with `cargo test -p cardc --test doc_examples`.

#[path = "support/doc_examples.rs"]
mod doc_examples;

use std::path::Path;
use std::process::Command;

const CARDC: &str = env!("CARGO_BIN_EXE_cardc");

/// The README's first step: `cardc build cards` writes the database the examples read.
fn build(dir: &Path) {
    let out = Command::new(CARDC)
        .args(["build", "cards"])
        .current_dir(dir)
        .output()
        .expect("cardc runs");
    assert!(
        out.status.success(),
        "cardc build cards fails:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn every_cardc_example_in_the_docs_holds() {
    doc_examples::check_all(doc_examples::Program::Cardc, Path::new(CARDC), &build);
}

#[test]
fn shown_output_is_matched_with_the_redactions() {
    use doc_examples::shows;
    assert!(shows("a\n...\nc", "a\nb\nb\nc", true));
    assert!(!shows("a\nc", "a\nb\nc", true));
    assert!(shows("b\nc", "a\nb\nc\nd", false));
    assert!(!shows("b\nd", "a\nb\nc\nd", false));
    assert!(shows("wrote x ([..] bytes)", "wrote x (24149 bytes)", true));
    assert!(!shows(
        "wrote y ([..] bytes)",
        "wrote x (24149 bytes)",
        true
    ));
}
