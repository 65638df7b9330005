//! Ruling tests: every `tests/rulings/*.ruling` runs against the fixture pool in
//! `tests/rulings/pool/`, and its transcript (events with the section each applied, refused
//! choices with the rule error they got, the final board) is snapshotted beside it as
//! `tests/rulings/rulings@<name>.snap`. The format is documented in docs/rulings.md.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use engine::{ruling, CardDb};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn pool() -> Arc<CardDb> {
    let dir = repo().join("tests/rulings/pool");
    let files = cardlang::source::read_pool(&dir).expect("ruling pool readable");
    let compiled = cardlang::compile(&files);
    let errors: Vec<_> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    assert!(errors.is_empty(), "ruling pool has errors: {errors:#?}");
    Arc::new(CardDb::new(compiled.cards).expect("the ruling pool is a valid card database"))
}

#[test]
fn rulings() {
    let cat = pool();
    let dir = repo().join("tests/rulings");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/rulings exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ruling"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "expected the ruling files, found {}",
        files.len()
    );
    for path in files {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).expect("ruling readable");
        let out = match ruling::parse(&text) {
            Ok(r) => ruling::run(&r, cat.clone()).unwrap_or_else(|e| format!("{e}\n")),
            Err(e) => format!("ruling error: {e}\n"),
        };
        insta::with_settings!({
            snapshot_path => dir.clone(),
            prepend_module_to_snapshot => false,
            snapshot_suffix => name.clone(),
            input_file => format!("tests/rulings/{name}.ruling"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!("rulings", out);
        });
    }
}

/// A ruling-file error keeps the transcript up to the failing line, then names the line
/// (docs/rulings.md): the events before it are not thrown away.
#[test]
fn a_file_error_keeps_the_transcript_up_to_its_line() {
    let text = "title: t\nphase: manufacturing\n\ncommander Ada\n  hand: Merlin-class Frigate\n  in play:\n    Test Station\n\ncommander Bob\n  in play:\n    Test Station\n\nscript:\n  Ada: deploy Merlin-class Frigate\n  Ada: deploy No Such Card\n  Ada: end-phase\n";
    let r = ruling::parse(text).expect("the ruling parses");
    let f = ruling::run(&r, pool()).expect_err("line 15 names no card of the game");
    assert_eq!(f.error.line, 15, "{f}");
    assert!(
        f.transcript
            .contains("Ada deploys Merlin-class Frigate #0 into play"),
        "the accepted line before the error is kept:\n{}",
        f.transcript
    );
    assert!(
        f.transcript
            .trim_end()
            .ends_with("> Ada: deploy No Such Card"),
        "the failing line closes the transcript:\n{}",
        f.transcript
    );
    assert!(
        !f.transcript.contains("end-phase"),
        "nothing after the error runs"
    );
}

/// `controlled-by` / `owned-by` describe a hijacked ship: a card at the top of the in-play tree.
#[test]
fn controlled_by_is_refused_on_an_attached_card() {
    let text = "commander Ada\n  in play:\n    Test Station\n      Military Police Company controlled-by Bob\n\ncommander Bob\n  in play:\n    Test Station\n";
    let r = ruling::parse(text).expect("the ruling parses");
    let f = ruling::run(&r, pool()).expect_err("an attached card cannot change hands alone");
    assert_eq!(f.error.line, 4, "{f}");
    assert!(f.error.message.contains("top of the in-play tree"), "{f}");
}
