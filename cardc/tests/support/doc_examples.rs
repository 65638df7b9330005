//! The doc-example harness (issue #43): every command example in README.md and docs/*.md runs,
//! and the output a document shows is the output the program prints, so the docs cannot drift
//! from the tools. Two test targets share it, one per program, because a test can only run the
//! binaries of its own package: `cardc/tests/doc_examples.rs` runs the `cardc` examples (and checks
//! everything that needs no program) and `engine/tests/doc_examples.rs` the `hullbreach` ones.
//!
//! What a document may hold, outside `docs/guide.md` (which `cardc/tests/guide.rs` follows step by
//! step):
//!
//! - A ```` ```sh ```` block holds commands, one a line (a trailing `\` continues a line, `#`
//!   starts a comment, leading `NAME=VALUE` words set the environment). Each is one of:
//!   - `cargo run [--release] -p cardc -- ARGS` or `cardc ARGS`: run with ARGS;
//!   - `cargo run [--release] -p engine --features cli --bin hullbreach -- ARGS` or
//!     `hullbreach ARGS`: run with ARGS;
//!   - any other `cargo` command: every package (`-p`), test, bench, example and binary target it
//!     names must exist (it is not run: it builds, tests or installs);
//!   - `cp FROM TO`: copies a file in the scratch copy;
//!   - one of the outside tools [`EXTERNAL`] (not run).
//!
//!   Anything else fails the test, so a new kind of example needs a way to be checked first.
//!   Every run must exit 0. A command runs in a scratch copy of the repository's cards, test
//!   pools, guide files and shipped theme, one copy per document, so the commands of a document
//!   see each other's files in order; each copy starts with the database `cardc build` writes, as
//!   the README's first step does. Three kinds of command are not run and say why ([`not_run`]): `--watch`
//!   runs until interrupted (`cardc/tests/watch.rs` drives it), `lsp` serves an editor
//!   (`cardc/tests/lsp.rs`), and `hullbreach review` compares versions of a repository's pool
//!   (`engine/tests/review.rs`). A block fenced ```` ```bash ```` is a script for another
//!   machine (a scheduler's job) and is shown, not run. A long `hullbreach` run is scaled down — at most [`MAX_GAMES`]
//!   games, and with the search player [`MAX_SEARCH_GAMES`] game at `search:`[`MAX_PLAYOUTS`] —
//!   since a flag's name and meaning is what drifts, not a count.
//! - A ```` ```text output ```` block right after a command shows an excerpt of what it printed
//!   (standard output, then standard error): its lines must appear there consecutively and in
//!   order.
//! - A ```` ```console ```` block holds `$ COMMAND` lines, each followed by the whole of what it
//!   prints.
//! - A ```` ```text PATH ```` block shows a part of the file PATH: its lines must appear in it,
//!   consecutively and in order.
//!
//! In a shown output, a line `...` stands for any number of lines and `[..]` within a line for any
//! text (the redactions of `trycmd`), for what depends on the machine or on every card of the pool
//! (byte counts, timings); the scratch directory's path is printed as `.`.
//!
//! docs/performance.md and docs/reliability.md are logs of measurements: their commands name
//! release artifacts, generated inputs and outside tools, so only their `cargo` commands are
//! checked, as above.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Outside tools a document may show; the harness does not run them.
pub const EXTERNAL: &[&str] = &["duckdb"];

/// Documents whose commands are logs of measurements (see the module's comment).
const MEASUREMENT_LOGS: &[&str] = &["docs/performance.md", "docs/reliability.md"];

/// Followed by its own harness, cardc/tests/guide.rs.
const GUIDE: &str = "docs/guide.md";

/// A scaled-down run's games.
pub const MAX_GAMES: u64 = 20;
/// A scaled-down run's games with the search player, which plays a game out at every decision.
pub const MAX_SEARCH_GAMES: u64 = 1;
/// A scaled-down run's playouts per decision of the search player.
pub const MAX_PLAYOUTS: u64 = 1;

/// What the scratch copy holds, relative to the repository root.
const SCRATCH: &[&str] = &[
    "cards",
    "tests/rulings",
    "tests/decks",
    "docs/guide",
    "cardlang/src/face/theme.toml",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Program {
    Cardc,
    Hullbreach,
}

impl Program {
    fn name(self) -> &'static str {
        match self {
            Program::Cardc => "cardc",
            Program::Hullbreach => "hullbreach",
        }
    }
}

/// One command of a document.
#[derive(Debug)]
pub struct Example {
    pub doc: String,
    pub line: usize,
    pub text: String,
    pub env: Vec<(String, String)>,
    pub kind: Kind,
    /// What it must print: `(line of the block, shown text, whole output?)`.
    pub shown: Vec<(usize, String, bool)>,
}

#[derive(Debug)]
pub enum Kind {
    Run(Program, Vec<String>),
    Cargo(Vec<String>),
    Copy(String, String),
    External,
    /// In a measurement log: not checked beyond its `cargo` commands.
    Logged,
    Unknown,
}

/// A ```` ```text PATH ```` block: `(document, line, path, text)`.
pub struct FileExcerpt {
    pub doc: String,
    pub line: usize,
    pub path: String,
    pub text: String,
}

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// README.md and docs/*.md, in a fixed order.
pub fn documents() -> Vec<String> {
    let mut docs = vec!["README.md".to_string()];
    let mut more: Vec<String> = std::fs::read_dir(repo().join("docs"))
        .expect("docs/ is readable")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .filter(|n| n != GUIDE)
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

/// Splits a command line as a shell does for the forms the docs use: words separated by spaces,
/// single or double quotes grouping, `#` at a word's start beginning a comment.
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match (c, quote) {
            ('"' | '\'', None) => {
                quote = Some(c);
                any = true;
            }
            (c, Some(q)) if c == q => quote = None,
            ('#', None) if !any && cur.is_empty() => break,
            (c, None) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (c, _) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn classify(w: &[String], logged: bool) -> Kind {
    let s: Vec<&str> = w.iter().map(String::as_str).collect();
    let after_dashes = || {
        let k = s.iter().position(|x| *x == "--").map_or(s.len(), |k| k + 1);
        w[k..].to_vec()
    };
    let cargo_run = |rest: &[&str]| {
        let rest: Vec<&str> = rest.iter().copied().filter(|x| *x != "--release").collect();
        match rest.as_slice() {
            ["-p", "cardc", "--", ..] => Some(Program::Cardc),
            ["-p", "engine", "--features", "cli", "--bin", "hullbreach", "--", ..] => {
                Some(Program::Hullbreach)
            }
            _ => None,
        }
    };
    match s.as_slice() {
        ["cargo", "run", rest @ ..] if !logged => match cargo_run(rest) {
            Some(p) => Kind::Run(p, after_dashes()),
            None => Kind::Cargo(w.to_vec()),
        },
        ["cargo", ..] => Kind::Cargo(w.to_vec()),
        _ if logged => Kind::Logged,
        ["cardc", ..] => Kind::Run(Program::Cardc, w[1..].to_vec()),
        ["hullbreach", ..] => Kind::Run(Program::Hullbreach, w[1..].to_vec()),
        ["cp", from, to] => Kind::Copy(from.to_string(), to.to_string()),
        [tool, ..] if EXTERNAL.contains(tool) => Kind::External,
        _ => Kind::Unknown,
    }
}

/// The examples of one document, and its file excerpts.
pub fn examples(doc: &str) -> (Vec<Example>, Vec<FileExcerpt>) {
    let text = std::fs::read_to_string(repo().join(doc))
        .unwrap_or_else(|e| panic!("{doc} cannot be read: {e}"))
        .replace("\r\n", "\n");
    let logged = MEASUREMENT_LOGS.contains(&doc);
    let mut out: Vec<Example> = Vec::new();
    let mut files = Vec::new();
    let mut open: Option<(usize, String, Vec<String>)> = None;
    for (k, line) in text.lines().enumerate() {
        let Some(fence) = line.strip_prefix("```") else {
            if let Some((_, _, body)) = open.as_mut() {
                body.push(line.to_string());
            }
            continue;
        };
        let Some((at, info, body)) = open.take() else {
            open = Some((k + 1, fence.trim().to_string(), Vec::new()));
            continue;
        };
        let command = |out: &mut Vec<Example>, line: usize, text: &str| {
            let mut w = words(text);
            if w.is_empty() {
                return;
            }
            let n = w
                .iter()
                .take_while(|x| !x.starts_with('-') && x.contains('=') && !x.contains('/'))
                .count();
            let env = w
                .drain(..n)
                .map(|x| {
                    let (a, b) = x.split_once('=').expect("NAME=VALUE");
                    (a.to_string(), b.to_string())
                })
                .collect();
            if w.is_empty() {
                return;
            }
            out.push(Example {
                doc: doc.to_string(),
                line,
                text: text.trim().to_string(),
                env,
                kind: classify(&w, logged),
                shown: Vec::new(),
            });
        };
        match info.as_str() {
            "sh" => {
                let mut pending = String::new();
                let mut first = 0;
                for (j, l) in body.iter().enumerate() {
                    if pending.is_empty() {
                        first = at + 1 + j;
                    }
                    match l.trim_end().strip_suffix('\\') {
                        Some(part) => {
                            pending.push_str(part);
                            pending.push(' ');
                        }
                        None => {
                            pending.push_str(l);
                            command(&mut out, first, &pending);
                            pending.clear();
                        }
                    }
                }
            }
            "console" => {
                for l in &body {
                    if let Some(cmd) = l.strip_prefix("$ ") {
                        command(&mut out, at, cmd);
                        if let Some(e) = out.last_mut() {
                            e.shown.push((at, String::new(), true));
                        }
                    } else if let Some((_, shown, _)) =
                        out.last_mut().and_then(|e| e.shown.last_mut())
                    {
                        shown.push_str(l);
                        shown.push('\n');
                    }
                }
            }
            "text output" => match out.last_mut() {
                Some(e) => e.shown.push((at, body.join("\n"), false)),
                None => panic!("{doc}:{at}: an output block with no command before it"),
            },
            _ => {
                if let Some(path) = info.strip_prefix("text ") {
                    files.push(FileExcerpt {
                        doc: doc.to_string(),
                        line: at,
                        path: path.trim().to_string(),
                        text: body.join("\n"),
                    });
                }
            }
        }
    }
    assert!(open.is_none(), "{doc}: an unclosed ``` block");
    (out, files)
}

/// Does `have` hold `want` (with `[..]` standing for any text)?
fn line_matches(want: &str, have: &str) -> bool {
    let (want, have) = (want.trim_end(), have.trim_end());
    let parts: Vec<&str> = want.split("[..]").collect();
    if parts.len() == 1 {
        return want == have;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !have.starts_with(first) || have.len() < first.len() + last.len() || !have.ends_with(last) {
        return false;
    }
    let mut rest = &have[first.len()..have.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(k) => rest = &rest[k + part.len()..],
            None => return false,
        }
    }
    true
}

fn lines_match(want: &[&str], have: &[&str], to_the_end: bool) -> bool {
    match want.split_first() {
        None => !to_the_end || have.is_empty(),
        Some((&"...", rest)) => (0..=have.len()).any(|k| lines_match(rest, &have[k..], to_the_end)),
        Some((w, rest)) => {
            !have.is_empty()
                && line_matches(w, have[0])
                && lines_match(rest, &have[1..], to_the_end)
        }
    }
}

/// Whether `shown` is what `printed` says: the whole of it, or consecutive lines of it.
pub fn shows(shown: &str, printed: &str, whole: bool) -> bool {
    let want: Vec<&str> = shown.lines().collect();
    let have: Vec<&str> = printed.lines().collect();
    if whole {
        return lines_match(&want, &have, true);
    }
    (0..=have.len()).any(|k| lines_match(&want, &have[k..], false))
}

fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).expect("a scratch directory");
        let mut entries: Vec<_> = std::fs::read_dir(from)
            .expect("a readable directory")
            .filter_map(|e| e.ok())
            .collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            copy(&e.path(), &to.join(e.file_name()));
        }
    } else {
        if let Some(dir) = to.parent() {
            std::fs::create_dir_all(dir).expect("a scratch directory");
        }
        std::fs::copy(from, to).expect("a scratch copy");
    }
}

/// A fresh scratch copy of what the examples read (see [`SCRATCH`]), removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(program: Program, doc: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "hb-doc-examples-{}-{}-{}",
            program.name(),
            std::process::id(),
            doc.replace(['/', '.'], "-")
        ));
        let _ = std::fs::remove_dir_all(&dir);
        for part in SCRATCH {
            copy(&repo().join(part), &dir.join(part));
        }
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Why a command is not run, if it is not.
pub fn not_run(program: Program, args: &[String]) -> Option<&'static str> {
    if args.iter().any(|a| a == "--watch") {
        return Some("runs until interrupted (cardc/tests/watch.rs drives it)");
    }
    if program == Program::Cardc && args.iter().any(|a| a == "lsp") {
        return Some("serves an editor (cardc/tests/lsp.rs drives it)");
    }
    if program == Program::Hullbreach && args.iter().any(|a| a == "serve") {
        return Some("serves a browser until stopped (engine/tests/serve.rs drives it)");
    }
    if program == Program::Hullbreach && args.first().is_some_and(|a| a == "review") {
        return Some(
            "compares two versions of a repository's pool (engine/tests/review.rs runs it on \
             fixtures and on two real revisions)",
        );
    }
    None
}

/// The arguments a scaled-down run takes (see the module's comment).
pub fn scaled(program: Program, args: &[String]) -> Vec<String> {
    let mut out = args.to_vec();
    if program != Program::Hullbreach {
        return out;
    }
    let search = args.iter().any(|a| a.starts_with("search"));
    let games = if search { MAX_SEARCH_GAMES } else { MAX_GAMES };
    for k in 1..out.len() {
        if out[k - 1] == "--games" {
            if let Ok(n) = out[k].parse::<u64>() {
                out[k] = n.min(games).to_string();
            }
        }
        if out[k - 1] == "--player" {
            if let Some(n) = out[k]
                .strip_prefix("search:")
                .and_then(|n| n.parse::<u64>().ok())
            {
                out[k] = format!("search:{}", n.min(MAX_PLAYOUTS));
            }
        }
    }
    out
}

/// Runs `exe` as the example says, in `dir`; the problem, if any, is pushed to `problems`.
pub fn run(exe: &Path, e: &Example, args: &[String], dir: &Path, problems: &mut Vec<String>) {
    let at = format!("{}:{}: `{}`", e.doc, e.line, e.text);
    let args = scaled(
        match e.kind {
            Kind::Run(p, _) => p,
            _ => unreachable!("only runs are run"),
        },
        args,
    );
    let out = Command::new(exe)
        .args(&args)
        .envs(e.env.iter().map(|(a, b)| (a.as_str(), b.as_str())))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the program runs");
    let root = format!("{}/", dir.display());
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
    .replace(&root, "")
    .replace(&dir.display().to_string(), ".");
    if out.status.code() != Some(0) {
        problems.push(format!(
            "{at} exits {:?} (run as `{}`):\n{printed}",
            out.status.code(),
            args.join(" ")
        ));
        return;
    }
    for (line, shown, whole) in &e.shown {
        if !shows(shown, &printed, *whole) {
            problems.push(format!(
                "{}:{line}: the output shown is not what `{}` printed.\nshown:\n{shown}\nprinted:\n{printed}",
                e.doc, e.text
            ));
        }
    }
}

/// Copies a file as `cp FROM TO` does, in the scratch copy.
pub fn cp(e: &Example, from: &str, to: &str, dir: &Path, problems: &mut Vec<String>) {
    if let Err(err) = std::fs::copy(dir.join(from), dir.join(to)) {
        problems.push(format!("{}:{}: `{}`: {err}", e.doc, e.line, e.text));
    }
}

/// The targets a `cargo` command names exist.
pub fn check_cargo(e: &Example, args: &[String], problems: &mut Vec<String>) {
    let at = format!("{}:{}: `{}`", e.doc, e.line, e.text);
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let args = &args[..end];
    let mut packages = Vec::new();
    let mut targets = Vec::new();
    for pair in args.windows(2) {
        let (flag, value) = (pair[0].as_str(), pair[1].as_str());
        match flag {
            "-p" | "--package" => packages.push(value.to_string()),
            "--test" => targets.push(("tests", value.to_string())),
            "--bench" => targets.push(("benches", value.to_string())),
            "--example" => targets.push(("examples", value.to_string())),
            "--bin" => targets.push(("src/bin", value.to_string())),
            "--path" if !repo().join(value).join("Cargo.toml").is_file() => {
                problems.push(format!("{at}: no package at {value}"))
            }
            _ => {}
        }
    }
    for p in &packages {
        if !repo().join(p).join("Cargo.toml").is_file() {
            problems.push(format!("{at}: no package {p} in the workspace"));
        }
    }
    for (dir, name) in targets {
        let found = packages.iter().any(|p| {
            let base = repo().join(p);
            let manifest = std::fs::read_to_string(base.join("Cargo.toml")).unwrap_or_default();
            base.join(dir).join(format!("{name}.rs")).is_file()
                || base.join(dir).join(&name).join("main.rs").is_file()
                || manifest.contains(&format!("name = \"{name}\""))
        });
        if !found {
            problems.push(format!(
                "{at}: no {dir} target {name} in {}",
                packages.join(", ")
            ));
        }
    }
}

/// Runs every example of `program` (the `cardc` harness also checks the rest); fails with every
/// problem found. `setup` prepares a document's scratch copy.
pub fn check_all(program: Program, exe: &Path, setup: &dyn Fn(&Path)) {
    let mut problems = Vec::new();
    let mut ran = 0;
    for doc in documents() {
        let (examples, files) = examples(&doc);
        let mut scratch: Option<Scratch> = None;
        for e in &examples {
            match &e.kind {
                Kind::Run(p, args) if *p == program => {
                    if not_run(*p, args).is_some() {
                        continue;
                    }
                    let dir = &scratch
                        .get_or_insert_with(|| {
                            let s = Scratch::new(program, &doc);
                            setup(&s.0);
                            s
                        })
                        .0;
                    run(exe, e, args, dir, &mut problems);
                    ran += 1;
                }
                Kind::Copy(from, to) => {
                    let dir = &scratch
                        .get_or_insert_with(|| {
                            let s = Scratch::new(program, &doc);
                            setup(&s.0);
                            s
                        })
                        .0;
                    cp(e, from, to, dir, &mut problems);
                }
                Kind::Cargo(args) if program == Program::Cardc => {
                    check_cargo(e, args, &mut problems)
                }
                Kind::Unknown => problems.push(format!(
                    "{}:{}: `{}` is no command the doc-example harness knows how to check \
                     (cardc/tests/support/doc_examples.rs)",
                    e.doc, e.line, e.text
                )),
                _ => {}
            }
        }
        if program == Program::Cardc {
            for f in files {
                match std::fs::read_to_string(repo().join(&f.path)) {
                    Ok(text) if shows(&f.text, &text.replace("\r\n", "\n"), false) => {}
                    Ok(_) => problems.push(format!(
                        "{}:{}: the block is not a part of {}",
                        f.doc, f.line, f.path
                    )),
                    Err(err) => problems.push(format!(
                        "{}:{}: the block shows {}, which cannot be read: {err}",
                        f.doc, f.line, f.path
                    )),
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} of the docs' examples do not hold:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
    assert!(ran > 0, "no {} example found", program.name());
}
