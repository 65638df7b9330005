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
