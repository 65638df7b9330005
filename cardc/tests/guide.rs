//! The designer's guide (`docs/guide.md`) cannot rot: this test reads the guide and does what it
//! says, in order, in this repository, where the files it shows must already be, byte for byte.
//! What the guide may hold and how each command is exercised: `support/guide.rs`. The same guide
//! followed in a fresh clone, writing those files: `fresh_clone.rs`.
//!
//! Run with `cargo test -p cardc --test guide`.

#[path = "support/guide.rs"]
mod guide;

use guide::{follow_guide, repo, words};

#[test]
fn guide_runs_as_written() {
    follow_guide(&repo(), None);
}

#[test]
fn words_split_like_a_shell() {
    assert_eq!(
        words(r#"cargo run -p cardc -- explain "Pelican-class Transport" --pool x  # why"#),
        vec![
            "cargo",
            "run",
            "-p",
            "cardc",
            "--",
            "explain",
            "Pelican-class Transport",
            "--pool",
            "x"
        ]
    );
    assert!(words("# only a comment").is_empty());
    assert_eq!(
        words("CI=true cargo insta review"),
        vec!["CI=true", "cargo", "insta", "review"]
    );
}
