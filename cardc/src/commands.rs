//! The subcommands: `build`, `check`, `deck check`, `explain` (`fmt` is in [`crate::fmt`]).

// A file-level problem travels as the one diagnostic it will be printed as, once per file: its
// size is no cost worth a box.
#![allow(clippy::result_large_err)]

use std::path::{Path, PathBuf};

use cardlang::compile::OpenDbError;
use cardlang::db::CardDb;
use cardlang::diag::{codes, Diagnostic};
use cardlang::source::{read_pool, SourceFile};
use engine::deck::{read_deck_file, DeckFileError, DeckOptions};
use engine::pool_args::PoolSource;

use crate::cli::{Cli, Command, DeckCheckArgs, DeckCommand, PoolArgs};
use crate::deck::check_deck;
use crate::output::{say, Emitter, Status};

/// A cardc-level code: the compiled pool does not make a valid database. The compiler's checks
/// should make this unreachable; if it happens it is a compiler bug, reported, not a panic.
pub const DB_ERROR: &str = "HB0901";
/// `cardc explain NAME` names no card of the pool.
pub const UNKNOWN_CARD: &str = "HB0902";

/// `cardc explain --code X` names no diagnostic code any tool emits.
pub const UNKNOWN_CODE: &str = "HB0903";
/// Every code `cardc` itself emits (the compiler's and the deck validator's are in their own
/// tables).
pub const CODES: &[&str] = &[DB_ERROR, UNKNOWN_CARD, UNKNOWN_CODE];

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Status {
    let mut out = Emitter::new(cli.message_format);
    match cli.command {
        Command::Build {
            dir,
            cards,
            output,
            watch,
        } => {
            let dir = crate::cli::pool_dir(&dir, &cards);
            if watch {
                return crate::watch::watch(&dir, Some(&output), &mut out);
            }
            let status = build(&dir, Some(&output), &mut out);
            out.conclude(&format!("could not build `{}`", display(&dir)));
            status
        }
        Command::Check { dir, cards, watch } => {
            let dir = crate::cli::pool_dir(&dir, &cards);
            if watch {
                return crate::watch::watch(&dir, None, &mut out);
            }
            let status = build(&dir, None, &mut out);
            out.conclude(&format!("`{}` has problems", display(&dir)));
            status
        }
        Command::Explain { name, code, pool } => {
            let status = match (code, name) {
                (Some(code), _) => explain_code(&code, &mut out),
                (None, Some(name)) if looks_like_code(&name) => explain_code(&name, &mut out),
                (None, Some(name)) => explain(&name, &pool, &mut out),
                // clap requires one of the two.
                (None, None) => Status::Usage,
            };
            out.conclude("explain failed");
            status
        }
        Command::Fmt {
            paths,
            cards,
            check,
        } => {
            let paths = cards.map_or(paths, |dir| vec![dir]);
            let status = crate::fmt::fmt(&paths, check, &mut out);
            out.conclude("fmt failed");
            status
        }
        Command::Lsp { allow_prototypes } => crate::lsp::run(crate::lsp::Options {
            deck: DeckOptions { allow_prototypes },
        }),
        Command::Render(args) => {
            let status = crate::render::command::render(&args, &mut out);
            out.conclude("render failed");
            status
        }
        Command::Deck(DeckCommand::Check(args)) => {
            let status = deck_check(&args, &mut out);
            out.conclude("deck check failed");
            status
        }
    }
}

/// A path as diagnostics show it: as given, with `/` separators; `-` is `<stdin>`.
pub(crate) fn display(path: &Path) -> String {
    if cardlang::read::is_stdin(path) {
        return STDIN_NAME.to_string();
    }
    path.to_string_lossy().replace('\\', "/")
}

/// How standard input (`-`) is named in diagnostics.
const STDIN_NAME: &str = "<stdin>";

pub(crate) fn io_error(path: &Path, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(codes::READ_ERROR, display(path), message)
}

/// A compiled, valid card pool.
pub(crate) struct Pool {
    pub(crate) db: CardDb,
}

/// A pool as read and compiled, before anything is printed: the files (named as the command
/// line gave the directory), the compilation, and the problems reading it.
pub(crate) struct Compiled {
    pub(crate) files: Vec<SourceFile>,
    pub(crate) compilation: cardlang::Compilation,
    /// Unreadable, oversized or non-UTF-8 files.
    pub(crate) read_problems: Vec<Diagnostic>,
}

impl Compiled {
    fn has_errors(&self) -> bool {
        !self.read_problems.is_empty() || self.compilation.has_errors()
    }

    /// The exit status its problems call for: an unreadable path is an IO error (2), anything
    /// else wrong with the pool is a pool error (1).
    fn status(&self) -> Status {
        if self
            .read_problems
            .iter()
            .any(|d| d.code == codes::READ_ERROR)
        {
            Status::Usage
        } else if self.has_errors() {
            Status::Invalid
        } else {
            Status::Success
        }
    }
}

/// `name` (from `read_pool`, which names files `ROOT/rel` after the directory's last
/// component) as the command line gave the directory: `tests/decks/pool/a.hb`, not
/// `pool/a.hb`, so a diagnostic's path can be pasted back into a shell.
fn as_given(dir: &Path, name: &str) -> String {
    let given = display(dir);
    let given = given.trim_end_matches('/');
    let root = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if root.is_empty() || given.is_empty() || given == root {
        return name.to_string();
    }
    match name.strip_prefix(&format!("{root}/")) {
        Some(rest) if !name.starts_with(&format!("{given}/")) => format!("{given}/{rest}"),
        _ => name.to_string(),
    }
}

/// Reads and compiles the pool under `dir`, printing nothing but a problem with `dir` itself
/// (`Err` is then the exit status).
pub(crate) fn read_and_compile(dir: &Path, out: &mut Emitter) -> Result<Compiled, Status> {
    survey_pool(dir).map_err(|(problem, status)| {
        out.emit_one(problem);
        status
    })
}

/// Reads and compiles the pool under `dir`, printing nothing; `Err` is the problem with `dir`
/// itself and the exit status it calls for.
fn survey_pool(dir: &Path) -> Result<Compiled, (Diagnostic, Status)> {
    // `-`: one card file on standard input, read under the same cap as a pool's files; a
    // `*.hb` file: that one card file, as its editor would have it checked.
    let stdin = cardlang::read::is_stdin(dir);
    let mut single = stdin;
    match std::fs::metadata(dir) {
        _ if stdin => {}
        Ok(meta) if meta.is_dir() => {}
        Ok(_) if dir.extension().is_some_and(|x| x == "hb") => single = true,
        Ok(_) => {
            let problem = io_error(
                dir,
                "neither a card pool directory nor a card file (a card file ends in `.hb`)",
            );
            return Err((problem, Status::Usage));
        }
        Err(e) => {
            let problem = io_error(dir, format!("cannot read the card pool directory: {e}"));
            return Err((problem, Status::Usage));
        }
    }
    let read = if single {
        cardlang::source::read_one(dir, &display(dir)).map(|f| vec![f])
    } else {
        read_pool(dir)
    };
    let (mut files, mut read_problems) = match read {
        Ok(files) => (files, Vec::new()),
        Err(e) => (e.files, e.diagnostics),
    };
    for f in &mut files {
        f.name = as_given(dir, &f.name);
    }
    for d in &mut read_problems {
        d.file = as_given(dir, &d.file);
    }
    if files.is_empty() && read_problems.is_empty() {
        let problem = Diagnostic::error(
            codes::READ_ERROR,
            display(dir),
            "the card pool has no `*.hb` card files",
        )
        .with_help("card files end in `.hb`; `decks/` directories are not searched");
        return Err((problem, Status::Invalid));
    }
    let compilation = cardlang::compile(&files);
    Ok(Compiled {
        files,
        compilation,
        read_problems,
    })
}

/// The database of the cards that compiled cleanly.
fn database(
    dir: &Path,
    cards: Vec<cardlang::ir::Card>,
    out: &mut Emitter,
) -> Result<CardDb, Status> {
    new_database(dir, cards).map_err(|problem| {
        out.emit_one(problem);
        Status::Invalid
    })
}

fn new_database(dir: &Path, cards: Vec<cardlang::ir::Card>) -> Result<CardDb, Diagnostic> {
    CardDb::new(cards).map_err(|e| {
        Diagnostic::error(
            DB_ERROR,
            display(dir),
            format!("the compiled pool is not a valid card database: {e}"),
        )
    })
}

/// Reads and compiles the pool under `dir`, reporting every error (and every warning if
/// `warnings`); `Err` is the exit status.
pub(crate) fn compile_pool(dir: &Path, warnings: bool, out: &mut Emitter) -> Result<Pool, Status> {
    let compiled = read_and_compile(dir, out)?;
    out.emit(&compiled.read_problems, &[]);
    let diagnostics: Vec<Diagnostic> = compiled
        .compilation
        .diagnostics
        .iter()
        .filter(|d| warnings || d.is_error())
        .cloned()
        .collect();
    out.emit(&diagnostics, &compiled.files);
    let status = compiled.status();
    if status != Status::Success {
        return Err(status);
    }
    let db = database(dir, compiled.compilation.cards, out)?;
    Ok(Pool { db })
}

/// The decklists directly under `dir/decks/` (`*.txt`, sorted); none if there is no such
/// directory.
pub(crate) fn deck_files(dir: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    let decks = dir.join("decks");
    if !decks.is_dir() {
        return Ok(Vec::new());
    }
    let entries = std::fs::read_dir(&decks)
        .map_err(|e| io_error(&decks, format!("cannot read the decks directory: {e}")))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt") && p.is_file())
        .collect();
    paths.sort();
    Ok(paths)
}

/// Reads and validates one decklist; `Err` is the diagnostic for an unreadable file.
fn read_and_check_deck(
    path: &Path,
    db: &CardDb,
    options: &DeckOptions,
) -> Result<crate::deck::DeckCheck, Diagnostic> {
    let bytes = read_deck_file(path).map_err(|e| {
        let message = match &e {
            DeckFileError::NotFound { .. } => "no such decklist file".to_string(),
            DeckFileError::NotRegular { what, .. } => {
                format!(
                    "this is {what}, not a decklist file; give a file (or `-` for standard input)"
                )
            }
            DeckFileError::TooLarge { .. } | DeckFileError::Io { .. } => {
                format!("cannot read the decklist: {}", e.reason())
            }
        };
        io_error(path, message)
    })?;
    Ok(check_deck(&display(path), &bytes, db, options))
}

/// Reads and validates one decklist and prints its diagnostics (`Err` is the exit status for
/// an unreadable file).
fn check_one(
    path: &Path,
    db: &CardDb,
    options: &DeckOptions,
    out: &mut Emitter,
) -> Result<crate::deck::DeckCheck, Status> {
    match read_and_check_deck(path, db, options) {
        Ok(check) => {
            out.emit(&check.diagnostics, std::slice::from_ref(&check.source));
            Ok(check)
        }
        Err(problem) => {
            out.emit_one(problem);
            Err(Status::Usage)
        }
    }
}

/// Everything `build` and `check` find in a pool, before anything is printed: what
/// `--watch` compares from one check to the next.
pub(crate) struct Assessment {
    /// The problems of the card pool itself (the directory, its files, the database made of
    /// them), warnings included, in the order they are printed.
    pub(crate) pool_problems: Vec<Diagnostic>,
    /// The problems of the decklists under `decks/`, in file order; `None` when they were not
    /// checked (a pool with errors has no database to check them against).
    pub(crate) deck_problems: Option<Vec<Diagnostic>>,
    /// The card files and decklists the problems point into.
    pub(crate) files: Vec<SourceFile>,
    /// The stamped database, when the pool compiled cleanly.
    pub(crate) db: Option<CardDb>,
    /// The summary for stdout: the files compiled, the pool, each legal deck.
    pub(crate) summary: String,
    pub(crate) status: Status,
}

impl Assessment {
    /// Every problem, the pool's then the decks'.
    pub(crate) fn problems(&self) -> impl Iterator<Item = &Diagnostic> {
        self.pool_problems
            .iter()
            .chain(self.deck_problems.iter().flatten())
    }
}

/// Compiles the pool under `dir` and checks every bundled deck against it, printing nothing.
pub(crate) fn assess(dir: &Path) -> Assessment {
    let mut assessment = Assessment {
        pool_problems: Vec::new(),
        deck_problems: None,
        files: Vec::new(),
        db: None,
        summary: String::new(),
        status: Status::Success,
    };
    let compiled = match survey_pool(dir) {
        Ok(compiled) => compiled,
        Err((problem, status)) => {
            assessment.pool_problems.push(problem);
            assessment.status = status;
            return assessment;
        }
    };
    assessment.status = compiled.status();
    let card_files = compiled.files.len();
    assessment.pool_problems = compiled.read_problems;
    assessment
        .pool_problems
        .extend(compiled.compilation.diagnostics);
    assessment.files = compiled.files;
    if assessment.status != Status::Success {
        return assessment;
    }
    let mut db = match new_database(dir, compiled.compilation.cards) {
        Ok(db) => db,
        Err(problem) => {
            assessment.pool_problems.push(problem);
            assessment.status = Status::Invalid;
            return assessment;
        }
    };
    // Record which card files this is, so readers notice when they change (`open_db`).
    if let Some(stamp) = cardlang::compile::source_stamp(dir) {
        db = match db.with_sources(stamp) {
            Ok(db) => db,
            Err(e) => {
                assessment.pool_problems.push(Diagnostic::error(
                    DB_ERROR,
                    display(dir),
                    format!("cannot record the card directory in the database: {e}"),
                ));
                assessment.status = Status::Usage;
                return assessment;
            }
        };
    }
    assessment.summary = format!(
        "compiled {card_files} card file{} in {}\n{db}",
        if card_files == 1 { "" } else { "s" },
        display(dir),
    );

    let decks = match deck_files(dir) {
        Ok(decks) => decks,
        Err(problem) => {
            assessment.deck_problems = Some(vec![problem]);
            assessment.status = Status::Usage;
            return assessment;
        }
    };
    let options = DeckOptions::default();
    let mut deck_problems = Vec::new();
    for path in &decks {
        match read_and_check_deck(path, &db, &options) {
            Ok(check) => {
                if check.is_legal() {
                    assessment.summary.push_str(&format!(
                        "deck {}: legal, {} cards\n",
                        display(path),
                        check.summary.cards
                    ));
                } else {
                    assessment.status = assessment.status.max(Status::Invalid);
                }
                deck_problems.extend(check.diagnostics);
                assessment.files.push(check.source);
            }
            Err(problem) => {
                deck_problems.push(problem);
                assessment.status = assessment.status.max(Status::Usage);
            }
        }
    }
    assessment.deck_problems = Some(deck_problems);
    assessment.db = Some(db);
    assessment
}

/// Writes the assessed database to `output`; `Ok` is the summary line, `Err` the problem.
pub(crate) fn write_database(db: &CardDb, output: &Path) -> Result<String, Diagnostic> {
    db.save(output)
        .map_err(|e| io_error(output, format!("cannot write the database: {e}")))?;
    let size = db.to_bytes().len();
    Ok(format!("wrote {} ({size} bytes)\n", display(output)))
}

/// `cardc build` (with an output path) and `cardc check` (without): compile, check every
/// bundled deck, and only if all of that is clean write the database.
pub(crate) fn build(dir: &Path, output: Option<&Path>, out: &mut Emitter) -> Status {
    let assessment = assess(dir);
    report(&assessment, output, out)
}

/// Prints an assessment as `build` (with an output path, writing the database when all is
/// clean) or `check` does.
pub(crate) fn report(assessment: &Assessment, output: Option<&Path>, out: &mut Emitter) -> Status {
    let problems: Vec<Diagnostic> = assessment.problems().cloned().collect();
    out.emit(&problems, &assessment.files);
    let mut text = assessment.summary.clone();
    let mut status = assessment.status;
    if let (Status::Success, Some(db), Some(output)) = (status, &assessment.db, output) {
        match write_database(db, output) {
            Ok(line) => text.push_str(&line),
            Err(problem) => {
                out.emit_one(problem);
                status = Status::Usage;
            }
        }
    }
    say(&text);
    status
}

/// Loads the database at `path` (`--db`, or the default), refusing a missing or stale one
/// with a message naming `cardc build` (`cardlang::compile::open_db`).
fn open_database(path: &Path, out: &mut Emitter) -> Result<CardDb, Status> {
    match cardlang::compile::open_db_noting(path) {
        Ok((db, note)) => {
            if let Some(note) = note {
                out.note(&note.to_string());
            }
            Ok(db)
        }
        Err(e) => {
            let message = match e {
                OpenDbError::Db { source, .. } => {
                    format!("cannot load the card database: {source}")
                }
                other => other.to_string(),
            };
            out.emit_one(io_error(path, message));
            Err(Status::Usage)
        }
    }
}

/// The pool a `deck check` runs against: `--cards DIR` compiled (its errors stop the check),
/// else `--db FILE`, else `hullbreach.hbdb` (the flags are `engine::pool_args`, shared with
/// `hullbreach`).
fn select_pool(args: &PoolArgs, out: &mut Emitter) -> Result<CardDb, Status> {
    match args.source() {
        PoolSource::Database(path) => open_database(&path, out),
        // The pool's warnings are for its authors (`cardc check`), not for its readers.
        PoolSource::Cards(dir) => compile_pool(&dir, false, out).map(|pool| pool.db),
    }
}

/// `cardc explain NAME`: the card rendered from its IR. With `--cards DIR`, a card that
/// compiles is explained even when others in the pool have errors; those are summed up in a
/// note rather than listed (`cardc check DIR` lists them).
fn explain(name: &str, pool: &PoolArgs, out: &mut Emitter) -> Status {
    let (db, broken) = match pool.source() {
        PoolSource::Database(path) => match open_database(&path, out) {
            Ok(db) => (db, None),
            Err(status) => return status,
        },
        PoolSource::Cards(dir) => {
            let compiled = match read_and_compile(&dir, out) {
                Ok(c) => c,
                Err(status) => return status,
            };
            let cards = compiled.compilation.cards.clone();
            match database(&dir, cards, out) {
                Ok(db) => (db, Some((dir, compiled))),
                Err(status) => return status,
            }
        }
    };
    if let Some(card) = db.by_name(name) {
        say(&cardlang::explain::explain(card));
        if let Some((dir, compiled)) = broken.filter(|(_, c)| c.has_errors()) {
            let errors = compiled.read_problems.len() + compiled.compilation.error_count();
            let mut files: Vec<&str> = compiled
                .read_problems
                .iter()
                .chain(&compiled.compilation.diagnostics)
                .filter(|d| d.is_error())
                .map(|d| d.file.as_str())
                .collect();
            files.dedup();
            out.note(&format!(
                "{errors} error{} elsewhere in the card pool ({}); `cardc check {}` lists them",
                if errors == 1 { "" } else { "s" },
                files.join(", "),
                display(&dir)
            ));
        }
        return Status::Success;
    }
    // The card is not among those that compiled: if the pool has errors, they may be why.
    let mut status = Status::Usage;
    if let Some((_, compiled)) = broken.as_ref().filter(|(_, c)| c.has_errors()) {
        out.emit(&compiled.read_problems, &[]);
        let errors: Vec<Diagnostic> = compiled
            .compilation
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        out.emit(&errors, &compiled.files);
        status = compiled.status();
    }
    let mut d = Diagnostic::error(
        UNKNOWN_CARD,
        "cardc explain",
        format!("no card named \"{name}\" compiled in the card pool"),
    );
    if let Some(near) = db.nearest_name(name) {
        d = d.with_help(format!("did you mean \"{near}\"?"));
    } else if status != Status::Usage {
        d = d.with_help("a card with errors cannot be explained; fix the errors above");
    }
    out.emit_one(d);
    status
}

/// A card name of the shape `HB` and four digits is taken for a diagnostic code: no card of a
/// pool is named so, and the code is what a reader copies from a diagnostic.
fn looks_like_code(name: &str) -> bool {
    name.len() == 6
        && name[..2].eq_ignore_ascii_case("HB")
        && name[2..].bytes().all(|b| b.is_ascii_digit())
}

/// `cardc explain HB0417`: the code's long explanation on stdout; a code no tool emits is a
/// usage error (exit 2).
fn explain_code(code: &str, out: &mut Emitter) -> Status {
    if let Some(text) = cardlang::diag::explanation(code) {
        say(&format!("{}: {text}\n", code.to_ascii_uppercase()));
        return Status::Success;
    }
    let d = Diagnostic::error(
        UNKNOWN_CODE,
        "cardc explain",
        format!("no diagnostic code \"{code}\""),
    )
    .with_help(
        "codes are `HB` and four digits, as printed in a diagnostic: `cardc explain HB0417`",
    );
    out.emit_one(d);
    Status::Usage
}

/// `cardc deck check`: validate each file, print a summary of each legal deck.
fn deck_check(args: &DeckCheckArgs, out: &mut Emitter) -> Status {
    let db = match select_pool(&args.pool, out) {
        Ok(db) => db,
        Err(status) => return status,
    };
    let options = DeckOptions {
        allow_prototypes: args.allow_prototypes,
    };
    let mut status = Status::Success;
    for path in &args.files {
        match check_one(path, &db, &options, out) {
            Ok(check) if check.is_legal() => {
                say(&format!("{}: legal deck\n{}", display(path), check.summary));
            }
            Ok(_) => status = status.max(Status::Invalid),
            Err(s) => status = status.max(s),
        }
    }
    status
}
