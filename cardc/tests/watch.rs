//! `cardc check --watch`: after an edit that breaks a card, the new diagnostic is printed; after
//! the fix, a `fixed:` line. Every wait polls the output up to a deadline (no timed
//! assertions); the watcher is stopped by killing the child this test started.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(60);

const GOOD: &str = "Ship \"Kite\" {\n    class: Frigate\n    cost: 1R\n    attack: 1\n    defense: 1\n    wounds: 1\n}\n";
const BAD: &str = "Ship \"Kite\" {\n    class: Frigate\n    cost: 1R\n    atack: 1\n    defense: 1\n    wounds: 1\n}\n";

struct Guard(Child, PathBuf);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

fn lines(from: impl Read + Send + 'static, tx: std::sync::mpsc::Sender<String>) {
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
}

/// Reads lines until one contains `wanted`; panics at the deadline.
fn wait_for(rx: &Receiver<String>, wanted: &str, seen: &mut Vec<String>) {
    // stdout and stderr are read by two threads: a line may already be here.
    if let Some(i) = seen.iter().position(|l| l.contains(wanted)) {
        let line = seen.remove(i);
        seen.push(line);
        return;
    }
    let deadline = Instant::now() + DEADLINE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => {
                let hit = line.contains(wanted);
                seen.push(line);
                if hit {
                    return;
                }
            }
            Err(_) => panic!(
                "no line with {wanted:?} before the deadline; saw:\n{}",
                seen.join("\n")
            ),
        }
    }
}

#[test]
fn watch_prints_the_new_diagnostic_and_then_the_fix() {
    let dir = std::env::temp_dir().join(format!("cardc-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    let file = dir.join("a.hb");
    std::fs::write(&file, GOOD).expect("write");

    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(["--message-format", "short", "check", "--watch"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cardc starts");
    let (tx, rx) = channel();
    lines(child.stdout.take().expect("stdout"), tx.clone());
    lines(child.stderr.take().expect("stderr"), tx);
    let _guard = Guard(child, dir.clone());
    let mut seen = Vec::new();

    wait_for(&rx, "watching", &mut seen);
    assert!(
        seen.iter().any(|l| l.contains("compiled 1 card file")),
        "{seen:?}"
    );

    std::fs::write(&file, BAD).expect("write");
    wait_for(&rx, "error[HB0102]: unknown field `atack`", &mut seen);
    wait_for(&rx, "[watch] 1 new, 0 fixed; 1 error", &mut seen);

    std::fs::write(&file, GOOD).expect("write");
    wait_for(&rx, "fixed: ", &mut seen);
    let fixed = seen.last().cloned().unwrap_or_default();
    assert!(fixed.contains("a.hb:4:5: error[HB0102]"), "{fixed}");
    wait_for(&rx, "[watch] 0 new, 1 fixed; 0 errors", &mut seen);
}
