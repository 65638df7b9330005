//! What the `hullbreach` command-line tests share: the repository, running the binary, and a
//! scratch directory removed when the test ends. One copy, so a test file says only what it
//! checks.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root, where `cards/` and `tests/` are.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `hullbreach ARGS` run in `cwd`.
pub fn hullbreach_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("hullbreach runs")
}

/// `hullbreach --cards cards ARGS` in the repository: the bundled pool.
pub fn hullbreach(args: &[&str]) -> Output {
    let mut all = vec!["--cards", "cards"];
    all.extend_from_slice(args);
    hullbreach_in(&repo(), &all)
}

/// `hullbreach --cards cards simulate --seed 5 --player random --out OUT ARGS` (ARGS: the decks,
/// games, turn cap, any swap, ...), which must succeed: a games file for the workbench's tests.
/// What `simulate` printed.
pub fn simulated(out: &str, args: &[&str]) -> String {
    let mut all = vec![
        "simulate", "--seed", "5", "--player", "random", "--out", out,
    ];
    all.extend_from_slice(args);
    let ran = hullbreach(&all);
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    text(&ran.stdout)
}

/// `hullbreach ARGS` in the repository root with colour off: what diagnostics snapshots show.
pub fn hullbreach_plain(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(args)
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .output()
        .expect("hullbreach runs")
}

/// One case per `*.EXT` file in the repository folder `dir` (at least `least` of them): `run`
/// is given the file's repository path, and its exit code and standard error are compared with
/// the snapshot named after the file, beside it.
pub fn snapshot_cases(dir: &str, ext: &str, least: usize, run: impl Fn(&str) -> Output) {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(repo().join(dir))
        .expect("the cases")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    cases.sort();
    assert!(cases.len() >= least, "{cases:?}");
    for case in cases {
        let name = case.file_stem().unwrap().to_string_lossy().into_owned();
        let file = format!("{dir}/{name}.{ext}");
        let out = run(&file);
        let shown = format!(
            "exit {:?}\n--- stderr\n{}",
            out.status.code(),
            text(&out.stderr)
        );
        insta::with_settings!({
            snapshot_path => repo().join(dir),
            prepend_module_to_snapshot => false,
            input_file => &file,
        }, {
            insta::assert_snapshot!(name.as_str(), shown);
        });
    }
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A directory of its own under the system's temporary directory, emptied when made and
/// removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("hullbreach-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// A file in it, as a command-line argument.
    pub fn file(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A copy of the directory tree `from` at `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        // Not following links: a link in the tree is copied as the file it names, never walked.
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// The position `hullbreach ruling FILE --choices` ends at: the final board (after
/// `== final ==`, up to its pending decision) and the pending decision with every legal choice
/// (the `  | ` lines `--choices` prints after the last script line, where the final section
/// lists only the first ten). `engine::table::Table::position` is the same text.
pub fn ruling_position(printed: &str) -> String {
    let mark = "\n== final ==\n";
    let at = printed.find(mark).expect("a final board");
    let last = &printed[at + mark.len()..];
    let board = &last[..last.find("next decision:").expect("a decision")];
    let listed: Vec<&str> = printed[..at]
        .lines()
        .rev()
        .take_while(|l| l.starts_with("  | "))
        .collect();
    let pending: String = listed
        .iter()
        .rev()
        .map(|l| format!("{}\n", &l[4..]))
        .collect();
    assert!(
        last[board.len()..].starts_with(pending.lines().next().unwrap_or("?")),
        "the final decision is the last one listed:\n{printed}"
    );
    format!("{board}{pending}")
}

/// The transcript lines of the last script line `hullbreach ruling FILE --choices` played:
/// `> line` and its events, without the choices listed after them.
pub fn last_line_played(printed: &str) -> String {
    let end = printed.find("\n== final ==\n").expect("a final board");
    let start = printed[..end].rfind("\n\n> ").expect("a script line") + 1;
    let played = &printed[start..end];
    let played = played.find("\n  | ").map_or(played, |k| &played[..k]);
    played.trim_end_matches('\n').to_string()
}

/// The first choice in a table's transcript `added` since a moment (`\n> line` and its
/// events), up to the next choice.
pub fn first_choice_made(added: &str) -> String {
    let made = match added.get(1..).and_then(|rest| rest.find("\n> ")) {
        Some(end) => &added[..end + 1],
        None => added,
    };
    made.trim_end_matches('\n').to_string()
}
