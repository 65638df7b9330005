//! Ruling tests: every `tests/rulings/*.ruling` runs against the fixture pool in
//! `tests/rulings/pool/`, and its transcript (events with the section each applied, refused
//! choices with the rule error they got, the final board) is snapshotted beside it as
//! `tests/rulings/rulings@<name>.snap`. The format is documented in docs/rulings.md.

use engine::ruling;
use tests::{repo, ruling_files, ruling_pool as pool, run_ruling};

#[test]
fn rulings() {
    let cat = pool();
    let dir = repo().join("tests/rulings");
    let files = ruling_files();
    assert!(
        files.len() >= 10,
        "expected the ruling files, found {}",
        files.len()
    );
    for (name, text) in files {
        let out = run_ruling(&text, cat.clone(), None);
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
