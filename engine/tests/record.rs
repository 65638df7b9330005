//! `hullbreach ruling FILE --record` driven through stdin (not a terminal, so lines are read
//! plainly): a number picks a listed choice, a typed line may leave out the deciding commander,
//! refused lines and lines that are not script lines are not added, and the file that results
//! runs as a ruling with the recorded lines.

mod support;
use support::{repo, Scratch};

use std::io::Write;

use std::process::{Command, Stdio};

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

/// Issue #39: `--record` appended through whatever the ruling path was; a ruling file that is a
/// symbolic link is refused before a line is read, and the file it points at is untouched.
#[cfg(unix)]
#[test]
fn record_never_writes_through_a_link() {
    let dir = Scratch::new("link");
    let target = dir.0.join("elsewhere.ruling");
    std::fs::write(&target, RULING).expect("ruling written");
    let link = dir.0.join("linked.ruling");
    std::os::unix::fs::symlink(&target, &link).expect("link");
    let pool = repo().join("tests/rulings/pool");
    let (ok, stdout, stderr) = hullbreach(
        &[
            "ruling",
            &link.to_string_lossy(),
            "--cards",
            &pool.to_string_lossy(),
            "--record",
        ],
        "1\n",
    );
    assert!(!ok, "recorded through a link:\n{stdout}");
    assert!(
        stderr.contains(&format!(
            "{}: is a symbolic link; not written through",
            link.display()
        )),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&target).expect("target"), RULING);
    assert!(std::fs::symlink_metadata(&link)
        .expect("link")
        .file_type()
        .is_symlink());
}

/// A ruling file changed by someone else while `--record` runs is left as they saved it: the
/// next line is not added over their edit, and the recording says why it stopped.
#[test]
fn record_leaves_a_file_changed_meanwhile_alone() {
    let dir = Scratch::new("changed");
    let file = dir.0.join("recorded.ruling");
    std::fs::write(&file, RULING).expect("ruling written");
    let pool = repo().join("tests/rulings/pool");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["ruling", &file.to_string_lossy(), "--cards"])
        .arg(&pool)
        .arg("--record")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hullbreach runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"1\n").expect("first line");
    stdin.flush().expect("flush");
    // Wait (bounded) until the first line is in the file, then save an edit over it.
    let first = "  Ada: deploy Merlin-class Frigate #0\n";
    let mut tries = 0;
    while !std::fs::read_to_string(&file).is_ok_and(|t| t.ends_with(first)) {
        tries += 1;
        assert!(tries < 6000, "the first line never reached the file");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let edit = format!("{RULING}\nscript:\n  # edited by hand\n");
    std::fs::write(&file, &edit).expect("edit saved");
    stdin.write_all(b"end-phase\n").expect("second line");
    drop(stdin);
    let out = child.wait_with_output().expect("hullbreach ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        std::fs::read_to_string(&file).expect("file"),
        edit,
        "the edit was written over:\n{stdout}"
    );
    assert!(
        stdout.contains("changed on disk while it was being rewritten"),
        "{stdout}"
    );
}
