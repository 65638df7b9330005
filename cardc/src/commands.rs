//! The subcommands: `build`, `check`, `deck check`, `explain`.

use std::path::{Path, PathBuf};

use cardlang::db::CardDb;
use cardlang::diag::{codes, Diagnostic};
use cardlang::source::{read_pool, SourceFile};
use engine::deck::{read_deck_file, DeckFileError, DeckOptions};

use crate::cli::{Cli, Command, DeckCheckArgs, DeckCommand, PoolArgs};
use crate::deck::check_deck;
use crate::output::{say, Emitter, Status};

/// A cardc-level code: the compiled pool does not make a valid database. The compiler's checks
/// should make this unreachable; if it happens it is a compiler bug, reported, not a panic.
pub const DB_ERROR: &str = "HB0901";
/// `cardc explain NAME` names no card of the pool.
pub const UNKNOWN_CARD: &str = "HB0902";

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Status {
    let mut out = Emitter::new(cli.message_format);
    match cli.command {
        Command::Build { dir, output } => {
            let status = build(&dir, Some(&output), &mut out);
            out.conclude(&format!("could not build `{}`", display(&dir)));
            status
        }
        Command::Check { dir } => {
            let status = build(&dir, None, &mut out);
            out.conclude(&format!("`{}` has problems", display(&dir)));
            status
        }
        Command::Explain { name, pool } => {
            let status = explain(&name, &pool, &mut out);
            out.conclude("explain failed");
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
fn display(path: &Path) -> String {
    if cardlang::read::is_stdin(path) {
        return STDIN_NAME.to_string();
    }
    path.to_string_lossy().replace('\\', "/")
}

/// How standard input (`-`) is named in diagnostics.
const STDIN_NAME: &str = "<stdin>";

fn io_error(path: &Path, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(codes::READ_ERROR, display(path), message)
}

/// A compiled, valid card pool.
struct Pool {
    files: usize,
    db: CardDb,
}

/// Reads and compiles the pool under `dir`, reporting every error (and every warning if
/// `warnings`); `Err` is the exit status.
fn compile_pool(dir: &Path, warnings: bool, out: &mut Emitter) -> Result<Pool, Status> {
    // `-`: one card file on standard input, read under the same cap as a pool's files.
    let stdin = cardlang::read::is_stdin(dir);
    match std::fs::metadata(dir) {
        _ if stdin => {}
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            out.emit_one(io_error(
                dir,
                "the card pool must be a directory, not a file",
            ));
            return Err(Status::Usage);
        }
        Err(e) => {
            out.emit_one(io_error(
                dir,
                format!("cannot read the card pool directory: {e}"),
            ));
            return Err(Status::Usage);
        }
    }
    let mut status = Status::Success;
    let read = if stdin {
        cardlang::source::read_one(dir, STDIN_NAME).map(|f| vec![f])
    } else {
        read_pool(dir)
    };
    let files: Vec<SourceFile> = match read {
        Ok(files) => files,
        Err(e) => {
            // Unreadable paths are IO errors; oversized or non-UTF-8 files are pool errors.
            status = if e.diagnostics.iter().any(|d| d.code == codes::READ_ERROR) {
                Status::Usage
            } else {
                Status::Invalid
            };
            out.emit(&e.diagnostics, &[]);
            e.files
        }
    };
    if files.is_empty() && status == Status::Success {
        out.emit_one(
            Diagnostic::error(
                codes::READ_ERROR,
                display(dir),
                "the card pool has no `*.hb` card files",
            )
            .with_help("card files end in `.hb`; `decks/` directories are not searched"),
        );
        return Err(Status::Invalid);
    }
    let compiled = cardlang::compile(&files);
    if warnings {
        out.emit(&compiled.diagnostics, &files);
    } else {
        let errors: Vec<Diagnostic> = compiled
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        out.emit(&errors, &files);
    }
    if compiled.diagnostics.iter().any(Diagnostic::is_error) {
        status = status.max(Status::Invalid);
    }
    if status != Status::Success {
        return Err(status);
    }
    match CardDb::new(compiled.cards) {
        Ok(db) => Ok(Pool {
            files: files.len(),
            db,
        }),
        Err(e) => {
            out.emit_one(Diagnostic::error(
                DB_ERROR,
                display(dir),
                format!("the compiled pool is not a valid card database: {e}"),
            ));
            Err(Status::Invalid)
        }
    }
}

/// The decklists directly under `dir/decks/` (`*.txt`, sorted); none if there is no such
/// directory.
fn deck_files(dir: &Path, out: &mut Emitter) -> Result<Vec<PathBuf>, Status> {
    let decks = dir.join("decks");
    if !decks.is_dir() {
        return Ok(Vec::new());
    }
    let entries = match std::fs::read_dir(&decks) {
        Ok(entries) => entries,
        Err(e) => {
            out.emit_one(io_error(
                &decks,
                format!("cannot read the decks directory: {e}"),
            ));
            return Err(Status::Usage);
        }
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt") && p.is_file())
        .collect();
    paths.sort();
    Ok(paths)
}

/// Reads and validates one decklist and prints its diagnostics (`Err` is the exit status for
/// an unreadable file).
fn check_one(
    path: &Path,
    db: &CardDb,
    options: &DeckOptions,
    out: &mut Emitter,
) -> Result<crate::deck::DeckCheck, Status> {
    let bytes = match read_deck_file(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            let message = match &e {
                DeckFileError::NotFound { .. } => "no such decklist file".to_string(),
                DeckFileError::NotRegular { what, .. } => {
                    format!("this is {what}, not a decklist file; give a file (or `-` for standard input)")
                }
                DeckFileError::TooLarge { .. } | DeckFileError::Io { .. } => {
                    format!("cannot read the decklist: {}", e.reason())
                }
            };
            out.emit_one(io_error(path, message));
            return Err(Status::Usage);
        }
    };
    let check = check_deck(&display(path), &bytes, db, options);
    out.emit(&check.diagnostics, std::slice::from_ref(&check.source));
    Ok(check)
}

/// `cardc build` (with an output path) and `cardc check` (without): compile, check every
/// bundled deck, and only if all of that is clean write the database.
fn build(dir: &Path, output: Option<&Path>, out: &mut Emitter) -> Status {
    let pool = match compile_pool(dir, true, out) {
        Ok(pool) => pool,
        Err(status) => return status,
    };
    let mut status = Status::Success;
    let mut text = format!(
        "compiled {} card file{} in {}\n{}",
        pool.files,
        if pool.files == 1 { "" } else { "s" },
        display(dir),
        pool.db
    );

    let decks = match deck_files(dir, out) {
        Ok(decks) => decks,
        Err(s) => return s,
    };
    let options = DeckOptions::default();
    for path in &decks {
        match check_one(path, &pool.db, &options, out) {
            Ok(check) if check.is_legal() => text.push_str(&format!(
                "deck {}: legal, {} cards\n",
                display(path),
                check.summary.cards
            )),
            Ok(_) => status = status.max(Status::Invalid),
            Err(s) => status = status.max(s),
        }
    }
    if status != Status::Success {
        say(&text);
        return status;
    }

    if let Some(output) = output {
        if let Err(e) = pool.db.save(output) {
            out.emit_one(io_error(output, format!("cannot write the database: {e}")));
            say(&text);
            return Status::Usage;
        }
        let size = pool.db.to_bytes().len();
        text.push_str(&format!("wrote {} ({size} bytes)\n", display(output)));
    }
    say(&text);
    Status::Success
}

/// The pool a `deck check` or `explain` runs against: `--db`, `--pool`, or `cards`.
fn select_pool(args: &PoolArgs, out: &mut Emitter) -> Result<CardDb, Status> {
    match &args.db {
        Some(path) => CardDb::load(path).map_err(|e| {
            out.emit_one(io_error(
                path,
                format!("cannot load the card database: {e}"),
            ));
            Status::Usage
        }),
        None => {
            let dir = args.pool.clone().unwrap_or_else(|| PathBuf::from("cards"));
            // The pool's warnings are for its authors (`cardc check`), not for its readers.
            compile_pool(&dir, false, out).map(|pool| pool.db)
        }
    }
}

/// `cardc explain NAME`: the card rendered from its IR.
fn explain(name: &str, pool: &PoolArgs, out: &mut Emitter) -> Status {
    let db = match select_pool(pool, out) {
        Ok(db) => db,
        Err(status) => return status,
    };
    match db.by_name(name) {
        Some(card) => {
            say(&cardlang::explain::explain(card));
            Status::Success
        }
        None => {
            let mut d = Diagnostic::error(
                UNKNOWN_CARD,
                "cardc explain",
                format!("no card named \"{name}\" in the card pool"),
            );
            if let Some(near) = db.nearest_name(name) {
                d = d.with_help(format!("did you mean \"{near}\"?"));
            }
            out.emit_one(d);
            Status::Usage
        }
    }
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
