//! The `hullbreach` examples of README.md and docs/*.md run and print what the docs show
//! (`cardc/tests/support/doc_examples.rs` says what a document may hold; the `cardc` examples and
//! the rest run in `cardc/tests/doc_examples.rs`). Each document's scratch copy starts with the
//! database `cardc build` writes for `cards/`, since the examples read it by default.
//!
//! Run with `cargo test -p engine --features cli --test doc_examples`.

#![cfg(feature = "cli")]

#[path = "../../cardc/tests/support/doc_examples.rs"]
mod doc_examples;

use std::path::Path;

/// What `cardc build` writes in `dir`: the database of `dir/cards`, stamped with its sources.
fn build(dir: &Path) {
    let cards = dir.join("cards");
    let files = cardlang::source::read_pool(&cards).expect("the bundled pool is readable");
    let compiled = cardlang::compile(&files);
    assert!(!compiled.has_errors(), "the bundled pool compiles");
    let stamp = cardlang::compile::source_stamp(&cards).expect("the pool has a stamp");
    engine::CardDb::new(compiled.cards)
        .and_then(|db| db.with_sources(stamp))
        .and_then(|db| db.save(dir.join("hullbreach.hbdb")))
        .expect("the database is written");
}

#[test]
fn every_hullbreach_example_in_the_docs_holds() {
    doc_examples::check_all(
        doc_examples::Program::Hullbreach,
        Path::new(env!("CARGO_BIN_EXE_hullbreach")),
        &build,
    );
}
