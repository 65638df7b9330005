//! The designer's guide (`docs/guide.md`) followed step by step, shared by
//! `cardc/tests/guide.rs` (in this repository, where the guide's files already are) and
//! `cardc/tests/fresh_clone.rs` (in a fresh clone, where the guide writes them).
//!
//! - A ```` ```text PATH ```` block shows a file: when checking, it must equal `PATH` byte for
//!   byte (so the card, deck and ruling the guide shows are the real ones in the repository);
//!   when following, the block is written to `PATH`.
//! - A ```` ```sh ```` block holds commands, one a line (`#` comments allowed). Each must be one
//!   of the forms below, or the test fails — so a new command in the guide needs a way to be
//!   exercised here first:
//!   - `cargo run -p cardc -- ARGS`: runs the real `cardc` binary with `ARGS`; it must exit 0
//!     and print no diagnostic about the guide's own files;
//!   - `cargo run -p engine --features cli --bin hullbreach -- ruling FILE --cards DIR
//!     [--choices]`: the
//!     binary sits behind the engine's `cli` feature, which this package does not build, so the
//!     test makes the same library calls the binary makes for `ruling` (compile `DIR` with
//!     `cardlang`, `engine::ruling::parse`, `engine::ruling::run_with`) and prints the
//!     transcript;
//!   - `cargo run -p engine --features cli --bin hullbreach -- --cards DIR simulate FLAGS`: the
//!     same library calls `hullbreach simulate` makes (compile `DIR` plus the `--feature`
//!     files, read and validate each `--deck`, `engine::simulate::swap_deck` for `--swap`,
//!     `Simulation::run`, `Report::render`) and prints the report;
//!   - `[ENV=VALUE ...] cargo test -p tests --test NAME`: when following, run for real with the
//!     guide's assignments and none of the caller's `CI`, `INSTA_*` or `UPDATE_*`; it must pass,
//!     except that the plain rulings run fails, leaving the `.snap.new` the guide describes,
//!     while a ruling of the guide has no accepted snapshot. When checking:
//!   - `[ENV=VALUE ...] cargo test -p tests --test rulings`: the guide's ruling must have an
//!     accepted snapshot beside it whose transcript is the one the engine produces now (what that
//!     suite checks for every ruling);
//!   - `cargo insta review`: nothing of the guide's ruling is left pending (`.snap.new`), and
//!     its snapshot is accepted (when following, this interactive tool is skipped: the guide's
//!     other way to accept, `INSTA_UPDATE=always`, is its next command and runs);
//!   - `UPDATE_COVERAGE=1 cargo test -p tests --test coverage`: docs/coverage.md, which that
//!     command regenerates, names the guide's ruling (so the page the guide has the designer
//!     commit is the one the coverage suite wants, not one from before the ruling).
//! - A ```` ```text output ```` block is an excerpt of what the command just before it printed:
//!   its lines must appear in that output, consecutively and in order.
//! - A command written in the prose (an inline `cargo ...` span) must be one of the block
//!   commands, so it is exercised too. The one exception is `cargo install cargo-insta`, which
//!   installs a tool from the network and is not run.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

pub const GUIDE: &str = "docs/guide.md";

/// The repository this test was built from.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub fn read(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join(rel))
        .unwrap_or_else(|e| panic!("{GUIDE} names {rel}, which cannot be read: {e}"))
        .replace("\r\n", "\n")
}

/// One fenced block of the guide.
pub struct Block {
    pub line: usize,
    pub info: String,
    pub body: String,
}

pub fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (k, line) in text.lines().enumerate() {
        if let Some(fence) = line.strip_prefix("```") {
            match open.take() {
                Some(b) => out.push(b),
                None => {
                    open = Some(Block {
                        line: k + 1,
                        info: fence.trim().to_string(),
                        body: String::new(),
                    })
                }
            }
        } else if let Some(b) = open.as_mut() {
            b.body.push_str(line);
            b.body.push('\n');
        }
    }
    assert!(open.is_none(), "{GUIDE}: an unclosed ``` block");
    out
}

/// Splits a command line like a shell would for the forms the guide uses: words separated by
/// spaces, double quotes grouping, `#` starting a comment outside quotes.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            '#' if !quoted && !any && cur.is_empty() => break,
            c if c.is_whitespace() && !quoted => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The rulings the guide has run, by file, so `cargo test`/`cargo insta review` know which
/// snapshots to look at.
struct State {
    /// The repository the guide is followed in.
    root: PathBuf,
    /// `None`: the guide's files are already there and are checked (cardc/tests/guide.rs).
    /// `Some(target)`: they are written and its `cargo test` commands run, building in `target`
    /// (cardc/tests/fresh_clone.rs).
    follow: Option<PathBuf>,
    rulings: Vec<String>,
    /// What the last command printed.
    output: String,
    /// The guide's own files (shown in `text PATH` blocks): no diagnostic may name them.
    files: Vec<String>,
}

fn run_cardc(args: &[String], state: &mut State, at: usize) {
    let out = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(&state.root)
        .env("NO_COLOR", "1")
        .output()
        .expect("cardc runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{GUIDE}:{at}: `cardc {}` failed\nstdout:\n{stdout}\nstderr:\n{stderr}",
        args.join(" ")
    );
    for file in &state.files {
        // Diagnostics name a pool file by the pool directory's own name and the path below it.
        let shown = file.rsplit('/').take(2).collect::<Vec<_>>();
        let needle = format!("{}/{}", shown[shown.len() - 1], shown[0]);
        assert!(
            !stderr.contains(&needle),
            "{GUIDE}:{at}: `cardc {}` reports a problem in the guide's file {file}:\n{stderr}",
            args.join(" ")
        );
    }
    state.output = stdout;
}

/// What `hullbreach ruling FILE --cards DIR` does (engine/src/bin/hullbreach.rs), as library
/// calls.
fn transcript(root: &Path, file: &str, cards: &str, choices: bool) -> String {
    let files = cardlang::source::read_pool(&root.join(cards))
        .unwrap_or_else(|_| panic!("the pool {cards} is readable"));
    let compiled = cardlang::compile(&files);
    assert!(
        !compiled.has_errors(),
        "the pool {cards} has errors: run `cargo run -p cardc -- check {cards}`"
    );
    let catalog = Arc::new(
        engine::CardDb::new(compiled.cards).expect("the ruling pool is a valid card database"),
    );
    let text = read(root, file);
    let ruling = engine::ruling::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let opts = engine::ruling::Options {
        choices_every_line: choices,
        ..engine::ruling::Options::default()
    };
    engine::ruling::run_with(&ruling, catalog, opts).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// What `hullbreach --cards DIR simulate FLAGS` does (engine/src/bin/hullbreach.rs), as library
/// calls: the flags the guide uses, each once except `--deck` and `--feature`.
fn simulate(root: &Path, args: &[String], at: usize) -> String {
    use engine::simulate::{report::Report, Entrant, Settings, Shard, Simulation, Swap};
    use engine::sweep::PlayerKind;
    let [cards_flag, cards, sub, flags @ ..] = args else {
        panic!("{GUIDE}:{at}: expected `hullbreach --cards DIR simulate FLAGS`");
    };
    assert!(
        cards_flag == "--cards" && sub == "simulate",
        "{GUIDE}:{at}: expected `--cards DIR simulate`"
    );
    let (mut decks, mut features) = (Vec::new(), Vec::new());
    let (mut games, mut seed, mut turns) = (1000, 0, 100);
    let (mut player, mut swap) = (PlayerKind::Heuristic, None);
    for pair in flags.chunks(2) {
        let [flag, value] = pair else {
            panic!("{GUIDE}:{at}: `{}` has no value", pair[0]);
        };
        let number = || {
            value
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("{GUIDE}:{at}: {flag} {value}"))
        };
        match flag.as_str() {
            "--deck" => decks.push(value.clone()),
            "--feature" => features.push(value.clone()),
            "--games" => games = number(),
            "--seed" => seed = number(),
            "--turns" => turns = number() as u32,
            "--player" if value == "random" => player = PlayerKind::Random,
            "--player" if value == "heuristic" => player = PlayerKind::Heuristic,
            "--swap" => swap = Some(value.clone()),
            _ => {
                panic!("{GUIDE}:{at}: teach cardc/tests/support/guide.rs the simulate flag {flag}")
            }
        }
    }
    let mut files = cardlang::source::read_pool(&root.join(cards))
        .unwrap_or_else(|_| panic!("the pool {cards} is readable"));
    for f in &features {
        files.push(cardlang::source::SourceFile::new(f.clone(), read(root, f)));
    }
    let compiled = cardlang::compile(&files);
    assert!(
        !compiled.has_errors(),
        "{GUIDE}:{at}: the pool and features have errors"
    );
    let db = Arc::new(engine::CardDb::new(compiled.cards).expect("a valid card database"));
    let entrants: Vec<Entrant> = decks
        .iter()
        .map(|d| {
            let list = engine::deck::parse(read(root, d).as_bytes());
            let report = engine::deck::validate(&list, &*db, &engine::deck::DeckOptions::default());
            assert!(report.is_legal(), "{GUIDE}:{at}: {d} is not a legal deck");
            Entrant {
                deck: Path::new(d)
                    .file_stem()
                    .expect("a file")
                    .to_string_lossy()
                    .into_owned(),
                cards: engine::deck::card_ids(&list, &db).expect("known cards"),
                player,
            }
        })
        .collect();
    let swap = swap.map(|text| {
        let (old, new) = text.split_once('=').expect("--swap OLD=NEW");
        let id = |n: &str| {
            db.by_name(n)
                .unwrap_or_else(|| panic!("{GUIDE}:{at}: no card {n}"))
                .id
        };
        Swap {
            old: old.to_string(),
            new: new.to_string(),
            decks: entrants
                .iter()
                .map(|e| {
                    engine::simulate::swap_deck(&db, &e.cards, id(old), id(new)).expect("legal")
                })
                .collect(),
        }
    });
    let sim = Simulation {
        db,
        entrants,
        swap,
        settings: Settings {
            games,
            seed,
            turns,
            jobs: 1,
            shard: Shard::ALL,
            round_robin: false,
        },
    };
    let records = sim
        .run(&|| {})
        .unwrap_or_else(|e| panic!("{GUIDE}:{at}: {e}"));
    Report::new(records)
        .unwrap_or_else(|e| panic!("{GUIDE}:{at}: {e}"))
        .render()
}

fn run_hullbreach(args: &[String], state: &mut State, at: usize) {
    if args.get(2).is_some_and(|a| a == "simulate") {
        state.output = simulate(&state.root, args, at);
        return;
    }
    let (args, choices) = match args {
        [rest @ .., last] if last == "--choices" => (rest, true),
        _ => (args, false),
    };
    let [sub, file, flag, cards] = args else {
        panic!("{GUIDE}:{at}: expected `hullbreach ruling FILE --cards DIR [--choices]`");
    };
    assert!(
        sub == "ruling" && flag == "--cards",
        "{GUIDE}:{at}: expected `hullbreach ruling FILE --cards DIR [--choices]`"
    );
    state.output = transcript(&state.root, file, cards, choices);
    state.rulings.push(file.clone());
}

/// The accepted snapshot of a ruling file, without insta's header.
fn snapshot_of(root: &Path, ruling: &str) -> (PathBuf, Option<String>) {
    let name = Path::new(ruling)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = Path::new(ruling).parent().unwrap_or(Path::new(""));
    let path = dir.join(format!("rulings@{name}.snap"));
    let body = std::fs::read_to_string(root.join(&path)).ok().map(|text| {
        let text = text.replace("\r\n", "\n");
        // The header is the first `---` ... `---` block.
        let mut parts = text.splitn(3, "---\n");
        let _ = parts.next();
        let _ = parts.next();
        parts.next().unwrap_or("").to_string()
    });
    (path, body)
}

fn check_rulings_suite(state: &State, at: usize) {
    assert!(
        !state.rulings.is_empty(),
        "{GUIDE}:{at}: run a ruling before the rulings suite"
    );
    for ruling in &state.rulings {
        assert!(
            ruling.starts_with("tests/rulings/") && ruling.ends_with(".ruling"),
            "{GUIDE}:{at}: the rulings suite runs tests/rulings/*.ruling only, not {ruling}"
        );
        let (path, body) = snapshot_of(&state.root, ruling);
        let body = body.unwrap_or_else(|| {
            panic!(
                "{GUIDE}:{at}: {ruling} has no accepted snapshot {}",
                path.display()
            )
        });
        let expected = transcript(&state.root, ruling, "tests/rulings/pool", false);
        assert_eq!(
            body.trim_end(),
            expected.trim_end(),
            "{GUIDE}:{at}: the snapshot {} is not the transcript of {ruling}",
            path.display()
        );
    }
}

fn check_insta_review(state: &State, at: usize) {
    for ruling in &state.rulings {
        let (path, body) = snapshot_of(&state.root, ruling);
        let pending = state.root.join(format!("{}.new", path.display()));
        assert!(
            !pending.exists(),
            "{GUIDE}:{at}: {} is pending review",
            pending.display()
        );
        assert!(
            body.is_some(),
            "{GUIDE}:{at}: {} is not accepted",
            path.display()
        );
    }
}

fn check_coverage(state: &State, at: usize) {
    let coverage = read(&state.root, "docs/coverage.md");
    for ruling in &state.rulings {
        let name = Path::new(ruling)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let named = coverage
            .split(|c: char| c == ',' || c == '|' || c.is_whitespace())
            .any(|w| w == name);
        assert!(
            named,
            "{GUIDE}:{at}: docs/coverage.md does not name the ruling {ruling}: regenerate it"
        );
    }
}

fn run_command(line: &str, state: &mut State, at: usize) {
    let mut w = words(line);
    if w.is_empty() {
        return;
    }
    // Leading environment assignments (`CI=true`, `INSTA_UPDATE=always`).
    let env_len = w
        .iter()
        .take_while(|x| x.contains('=') && !x.starts_with('-'))
        .count();
    let w: Vec<String> = w.split_off(env_len);
    let env: Vec<String> = words(line).into_iter().take(env_len).collect();
    let s: Vec<&str> = w.iter().map(String::as_str).collect();
    match (s.as_slice(), state.follow.clone()) {
        (["cargo", "run", "-p", "cardc", "--", ..], _) => run_cardc(&w[5..], state, at),
        (
            ["cargo", "run", "-p", "engine", "--features", "cli", "--bin", "hullbreach", "--", ..],
            _,
        ) => run_hullbreach(&w[9..], state, at),
        (["cargo", "test", "-p", "tests", "--test", _], Some(target)) => {
            run_cargo_test(&env, &w[1..], &target, state, at)
        }
        (["cargo", "insta", "review"], Some(_)) => {
            // Interactive, and a tool the clone may not have: the guide's other way to accept,
            // INSTA_UPDATE=always, is the next command and is run.
        }
        (["cargo", "test", "-p", "tests", "--test", "rulings"], None) => {
            check_rulings_suite(state, at)
        }
        (["cargo", "insta", "review"], None) => check_insta_review(state, at),
        (["cargo", "test", "-p", "tests", "--test", "coverage"], None) => check_coverage(state, at),
        _ => panic!(
            "{GUIDE}:{at}: `{line}` is not a command this test knows how to exercise; \
             teach cardc/tests/support/guide.rs to run it before putting it in the guide"
        ),
    }
}

/// The workspace's own packages. Cargo names a workspace package's artifacts by its path within
/// the workspace, so a clone building in this build's target directory would write over this
/// build's artifacts (test binaries holding the clone's path among them).
const WORKSPACE: &[&str] = &["cardlang", "engine", "cardc", "tests"];

/// Runs `cargo ARGS` in the followed repository with the guide's environment assignments `env`
/// and nothing of the caller's test settings (`CI`, `INSTA_*`, `UPDATE_*`): as a designer at a
/// terminal would, building in `target`. Sharing a target directory with another copy of the
/// workspace is safe only so: its packages are built with a profile of their own (a
/// few codegen-units fewer than the default, which changes no behaviour), so their artifacts are
/// their own and only the dependencies are shared; and only the `tests` package is built,
/// which has no binary, so nothing in `target/debug/` is replaced.
pub fn cargo(root: &Path, env: &[String], args: &[&str], target: &Path) -> std::process::Output {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    // One setting per copy of the workspace: the repository itself and each clone build their
    // packages apart, so a clone left from an earlier run (a failed one is kept) can never lend
    // its test binaries, which hold its own path, to another.
    let units = match root.file_name().and_then(|n| n.to_str()) {
        Some("guide-clone") => 254,
        Some("guide-clone-ci") => 253,
        _ => 255,
    };
    for package in WORKSPACE {
        for profile in ["dev", "test"] {
            cmd.arg("--config").arg(format!(
                "profile.{profile}.package.{package}.codegen-units={units}"
            ));
        }
    }
    cmd.args(args)
        .current_dir(root)
        .env("CARGO_TARGET_DIR", target);
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy().into_owned();
        if name == "CI" || name.starts_with("INSTA_") || name.starts_with("UPDATE_") {
            cmd.env_remove(name);
        }
    }
    for assignment in env {
        let (name, value) = assignment.split_once('=').expect("NAME=VALUE");
        cmd.env(name, value);
    }
    cmd.output().expect("cargo runs")
}

/// The end of what a failed command printed, enough to see why.
pub fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(60)..].join("\n")
}

/// A guide's `cargo test -p tests --test NAME`, run for real. It must pass, except as the guide
/// says: the plain rulings run fails while a ruling of the guide has no accepted snapshot, and
/// then leaves the pending `rulings@NAME.snap.new` beside it.
fn run_cargo_test(env: &[String], args: &[String], target: &Path, state: &mut State, at: usize) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = cargo(&state.root, env, &args, target);
    let unaccepted: Vec<&String> = state
        .rulings
        .iter()
        .filter(|r| snapshot_of(&state.root, r).1.is_none())
        .collect();
    let plain_rulings = env.is_empty() && args.last() == Some(&"rulings");
    if plain_rulings && !unaccepted.is_empty() {
        assert!(
            !out.status.success(),
            "{GUIDE}:{at}: the guide says this run fails for a new ruling, but it passed"
        );
        for ruling in unaccepted {
            let (path, _) = snapshot_of(&state.root, ruling);
            let pending = state.root.join(format!("{}.new", path.display()));
            assert!(
                pending.exists(),
                "{GUIDE}:{at}: the guide says the run leaves {}, but it is not there:\n{}",
                pending.display(),
                tail(&out.stderr)
            );
        }
    } else {
        assert!(
            out.status.success(),
            "{GUIDE}:{at}: `{} cargo {}` fails in {}:\n{}\n{}",
            env.join(" "),
            args.join(" "),
            state.root.display(),
            tail(&out.stdout),
            tail(&out.stderr)
        );
    }
    state.output = String::from_utf8_lossy(&out.stdout).into_owned();
}

fn check_excerpt(excerpt: &str, output: &str, at: usize) {
    let want: Vec<&str> = excerpt.lines().map(str::trim_end).collect();
    let have: Vec<&str> = output.lines().map(str::trim_end).collect();
    let found = want.is_empty()
        || have
            .windows(want.len())
            .any(|window| window == want.as_slice());
    assert!(
        found,
        "{GUIDE}:{at}: this output is not what the command printed.\nguide:\n{excerpt}\nprinted:\n{output}"
    );
}

/// Inline code spans of the prose (outside fenced blocks) that start with `cargo `.
fn prose_commands(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (k, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        for (n, span) in line.split('`').enumerate() {
            if n % 2 == 1 && span.split_whitespace().any(|w| w == "cargo") {
                out.push((k + 1, span.to_string()));
            }
        }
    }
    out
}

/// Follows the guide in the repository `root`. With `follow` `None` the files the guide shows
/// must already be there, byte for byte, and its `cargo test` commands are checked by what they
/// check; with `Some(target)` the files are written from the guide and those commands run, built
/// in `target`.
pub fn follow_guide(root: &Path, follow: Option<PathBuf>) {
    let text = read(root, GUIDE);
    let blocks = blocks(&text);
    let writing = follow.is_some();
    let mut state = State {
        root: root.to_path_buf(),
        follow,
        rulings: Vec::new(),
        output: String::new(),
        files: Vec::new(),
    };
    let mut commands = Vec::new();
    let mut ran = 0;
    for b in &blocks {
        let mut info = b.info.split_whitespace();
        match (info.next(), info.next()) {
            (Some("sh"), None) => {
                for (k, line) in b.body.lines().enumerate() {
                    let cmd = words(line);
                    if cmd.is_empty() {
                        continue;
                    }
                    run_command(line, &mut state, b.line + 1 + k);
                    commands.push(cmd.join(" "));
                    ran += 1;
                }
            }
            (Some("text"), Some("output")) => check_excerpt(&b.body, &state.output, b.line),
            (Some(_), Some(path)) if path.contains('/') && writing => {
                let to = root.join(path);
                std::fs::create_dir_all(to.parent().expect("a file in a folder"))
                    .expect("the folder can be made");
                std::fs::write(&to, &b.body).unwrap_or_else(|e| {
                    panic!("{GUIDE}:{}: {path} cannot be written: {e}", b.line)
                });
                state.files.push(path.to_string());
            }
            (Some(_), Some(path)) if path.contains('/') => {
                let real = read(root, path);
                assert_eq!(
                    b.body, real,
                    "{GUIDE}:{}: the block shows {path}, but the file differs",
                    b.line
                );
                state.files.push(path.to_string());
            }
            _ => {}
        }
    }
    assert!(
        ran >= 6,
        "{GUIDE}: expected the guide's commands, ran {ran}"
    );
    for (line, span) in prose_commands(&text) {
        let cmd = words(&span).join(" ");
        assert!(
            commands.contains(&cmd) || cmd == "cargo install cargo-insta",
            "{GUIDE}:{line}: `{span}` is a command in the prose that no block runs; put it in a \
             ```sh block so it is exercised"
        );
    }
}
