//! `hullbreach simulate --feature FILE` with a broken card file: the error names that file and
//! the place of each problem, not "the card pool in ... has 1 error" (issue #39).

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn a_broken_feature_file_is_reported_as_that_file() {
    let dir = std::env::temp_dir().join(format!("hullbreach-feature-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    let card = dir.join("broken.hb");
    std::fs::write(
        &card,
        "Ship \"Kite\" {\n    class: Frigate\n    cost: 1R\n    atack: 1\n    defense: 1\n    wounds: 1\n}\n",
    )
    .expect("card file");
    let out = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args([
            "--cards",
            "cards",
            "simulate",
            "--deck",
            "rdf-starter",
            "--deck",
        ])
        .args([
            "colonial-starter",
            "--games",
            "1",
            "--seed",
            "1",
            "--feature",
        ])
        .arg(&card)
        .current_dir(repo())
        .output()
        .expect("hullbreach runs");
    let _ = std::fs::remove_dir_all(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(!err.contains("the card pool in"), "{err}");
    assert!(
        err.contains("1 error(s) in the --feature card file(s):"),
        "{err}"
    );
    let place = format!(
        "{}:4:5: error[HB0102]: unknown field `atack`",
        card.display()
    );
    assert!(err.contains(&place), "{err}");
}
