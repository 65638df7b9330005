//! `hullbreach ruling FILE --record` driven through stdin (not a terminal, so lines are read
//! plainly): a number picks a listed choice, a typed line may leave out the deciding commander,
//! refused lines and lines that are not script lines are not added, and the file that results
//! runs as a ruling with the recorded lines.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Bob holds an Event, so the response window after Ada's Manufacturing asks him (I-60).
const RULING: &str = "title: recorded\nphase: manufacturing\nactive: Ada\n\ncommander Ada\n  hand: Merlin-class Frigate\n  in play:\n    Test Station\n\ncommander Bob\n  hand: Windfall\n  in play:\n    Test Station\n";

fn hullbreach(args: &[&str], stdin: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hullbreach runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin takes the input");
    let out = child.wait_with_output().expect("hullbreach ends");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn records_accepted_lines_into_the_script() {
    let dir = std::env::temp_dir().join(format!("hullbreach-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("recorded.ruling");
    std::fs::write(&file, RULING).expect("ruling written");
    let path = file.to_string_lossy().into_owned();
    let pool = repo().join("tests/rulings/pool");
    let pool = pool.to_string_lossy();

    // 1 = the first listed choice (deploy the Merlin); then a refused line (the Merlin is no
    // longer in hand), a line that names no card, a number out of range, and a typed line
    // without its commander.
    let input = "1\nAda: deploy Merlin-class Frigate\nAda: deploy No Such Card\n99\nend-phase\n";
    let (ok, stdout, stderr) = hullbreach(&["ruling", &path, "--cards", &pool, "--record"], input);
    assert!(ok, "{stderr}\n{stdout}");
    assert!(
        stdout.contains("next decision: Ada's Manufacturing Phase (§5.4)")
            && stdout.contains("  1. Ada: deploy Merlin-class Frigate #0"),
        "the decision and its numbered choices are shown:\n{stdout}"
    );
    assert!(stdout.contains("REFUSED"), "{stdout}");
    assert!(
        stdout.contains("(refused: not added to the script)"),
        "{stdout}"
    );
    assert!(stdout.contains("not a script line: "), "{stdout}");
    assert!(stdout.contains("no choice numbered 99"), "{stdout}");
    assert!(stdout.contains("2 line(s) added to the script"), "{stdout}");

    let written = std::fs::read_to_string(&file).expect("ruling readable");
    assert_eq!(
        written,
        format!("{RULING}\nscript:\n  Ada: deploy Merlin-class Frigate #0\n  Ada: end-phase\n"),
        "only the accepted lines are appended, under a new script block"
    );

    // The recorded file is a ruling: running it plays both lines.
    let (ok, transcript, stderr) = hullbreach(&["ruling", &path, "--cards", &pool], "");
    assert!(ok, "{stderr}");
    assert!(
        transcript.contains("> Ada: deploy Merlin-class Frigate #0\n[§5.4.2] Ada deploys Merlin-class Frigate #0 into play"),
        "{transcript}"
    );
    assert!(transcript.contains("> Ada: end-phase"), "{transcript}");

    // Recording again continues the script (appends under the existing block).
    let (ok, stdout, stderr) = hullbreach(
        &["ruling", &path, "--cards", &pool, "--record"],
        "Bob: pass\nquit\n",
    );
    assert!(ok, "{stderr}\n{stdout}");
    let again = std::fs::read_to_string(&file).expect("ruling readable");
    assert!(
        again.ends_with("  Ada: end-phase\n  Bob: pass\n"),
        "appended after the recorded lines:\n{again}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
