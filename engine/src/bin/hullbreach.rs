//! `hullbreach`: play seeded games between bundled decks, run ruling files, sweep many
//! seeded games for broken invariants (`engine::sweep`), simulate and replay games
//! (`engine::simulate`, `engine::replay`, which also writes a game's moment as a ruling), and
//! print exact volley odds (`engine::odds`).
//!
//! The card pool is the database `cardc build` wrote (`--db FILE`, default `hullbreach.hbdb` in
//! the current directory; refused with a message naming `cardc build` when it is missing or
//! older than its card files), or a card directory compiled in memory (`--cards DIR`). The
//! flags are `engine::pool_args`, shared with `cardc`. Compiling and the freshness check need
//! the card compiler, which is why this binary needs the engine's `cli` feature; the engine
//! library itself never calls the compiler. Build and run with `cargo run -p engine --features
//! cli --bin hullbreach -- --cards cards play --deck rdf-starter --deck corporate-starter --seed 7`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use clap::builder::RangedU64ValueParser;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use engine::diagnostics::{Emitter, MessageFormat};
use engine::players::Player;
use engine::pool_args::{PoolArgs, PoolSource};
use engine::simulate::limits;
use engine::{ruling, transcript, CardDb, Config, Game};

/// A clap parser that takes a number in `range` (its one definition is in
/// `engine::simulate::limits`) and refuses anything else at parse time, naming the range.
fn within<T>(range: std::ops::RangeInclusive<T>) -> RangedU64ValueParser<T>
where
    T: TryFrom<u64> + Copy + Clone + Send + Sync + 'static,
    u64: TryFrom<T>,
    <T as TryFrom<u64>>::Error: Send + Sync + 'static + std::error::Error + ToString,
{
    let bound = |n: T| u64::try_from(n).unwrap_or(u64::MAX);
    RangedU64ValueParser::<T>::new().range(bound(*range.start())..=bound(*range.end()))
}

#[derive(Parser)]
#[command(
    name = "hullbreach",
    version,
    about = "Play Hull Breach! games and run rulings"
)]
struct Cli {
    #[command(flatten)]
    pool: PoolArgs,
    /// How diagnostics are printed on stderr.
    #[arg(
        long,
        value_enum,
        value_name = "FORMAT",
        default_value_t = MessageFormat::Human,
        global = true
    )]
    message_format: MessageFormat,
    #[command(subcommand)]
    command: Command,
}

/// `--player random|heuristic|heuristic-v1|search[:budget]`, refused in words when the budget is bad.
#[derive(Clone, Copy)]
struct Kind(engine::sweep::PlayerKind);

impl Kind {
    fn kind(self) -> engine::sweep::PlayerKind {
        self.0
    }
}

fn parse_kind(text: &str) -> Result<Kind, String> {
    engine::sweep::PlayerKind::parse(text).map(Kind)
}

/// `--player` once per seat, or once for every seat (default: heuristic).
fn seat_kinds(given: &[Kind], seats: usize) -> Result<Vec<engine::sweep::PlayerKind>, String> {
    match given {
        [] => Ok(vec![engine::sweep::PlayerKind::Heuristic; seats]),
        [one] => Ok(vec![one.kind(); seats]),
        many if many.len() == seats => Ok(many.iter().map(|k| k.kind()).collect()),
        many => Err(format!(
            "--player is given once for every seat or once per --deck: {} for {seats} decks",
            many.len()
        )),
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// Tables for reading.
    Table,
    /// The report as JSON.
    Json,
}

/// The output flags `simulate` and `simulate merge` share.
#[derive(clap::Args)]
struct ReportArgs {
    /// How to print the balance report.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Write the games as JSON lines (one per game) to FILE.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write SVG charts (win rates, game lengths, per card impact) into DIR.
    #[arg(long, value_name = "DIR")]
    chart: Option<PathBuf>,
}

#[derive(Subcommand)]
enum SimulateCommand {
    /// Merge the `--out` files of every `--shard` of one run and print the run's report.
    Merge {
        /// The games files the shards wrote with --out.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        report: ReportArgs,
    },
}

#[derive(Subcommand)]
enum Command {
    /// Play a game between decks (names under the card directory's decks/, or paths) and print
    /// the log.
    Play {
        /// A deck (name under the card directory's decks/, or a path), one per commander: 2 to 5,
        /// repeatable.
        #[arg(long = "deck", required = true, num_args = 1)]
        decks: Vec<String>,
        /// The game's seed: shuffles, unforced dice and the computer players' choices follow
        /// from it, so the same seed plays the same game.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Commander turns before the game stops without a winner.
        #[arg(long, default_value_t = 100, value_parser = within(limits::TURNS))]
        turns: u32,
        /// Computer player (random, heuristic, heuristic-v1, search or search:BUDGET): once
        /// for every commander, or once per --deck in order [default: heuristic].
        #[arg(long = "player", value_name = "PLAYER", value_parser = parse_kind)]
        players: Vec<Kind>,
    },
    /// Play many seeded games between decks and print a balance report: win rates with 95%
    /// intervals, first-player advantage, game lengths and per card figures.
    #[command(args_conflicts_with_subcommands = true)]
    Simulate(Box<SimulateCli>),
    /// The exact odds of one volley (§6.2, §8.2): the distribution of wounds and the chance to
    /// destroy, by convolution over the d10. Needs no card pool.
    Odds {
        /// Volley dice rolled.
        #[arg(long, value_parser = within(1..=engine::odds::MAX_DICE))]
        dice: u8,
        /// The target's defense, before Stealth and paint.
        #[arg(long)]
        defense: u8,
        /// Wounds the target has left: gives the chance to destroy.
        #[arg(long, value_parser = within(1..=u8::MAX))]
        wounds: Option<u8>,
        /// The firer has Annihilate (§3.4.2).
        #[arg(long)]
        annihilate: bool,
        /// The firer's first volley of the engagement, with Alpha Strike (§3.4.1).
        #[arg(long)]
        alpha_strike: bool,
        /// The target has Stealth and the firer is no Hunter (§3.4.9).
        #[arg(long)]
        stealth: bool,
        /// Target Painter marks on the target, in total (§3.3.5).
        #[arg(long, default_value_t = 0)]
        painted: u8,
        /// The target is Resistant (§3.4.8).
        #[arg(long)]
        resistant: bool,
        /// The firer's roll-result modifier from card text, e.g. `--bonus 1` or `--bonus=-2`
        /// (issue 17; a natural 1 still misses and a natural 10 still hits, §8.2).
        #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = clap::value_parser!(i8).range(-20..=20))]
        bonus: i8,
    },
    /// Run a ruling file (`-`: standard input) and print its transcript.
    Ruling {
        /// The ruling file (docs/rulings.md); `-`: standard input.
        file: PathBuf,
        /// After every script line, print the pending decision and every legal choice in
        /// script syntax (ready to paste into the script).
        #[arg(long)]
        choices: bool,
        /// Build the script by playing: show the pending decision and its numbered legal
        /// choices, read a number or a script line, and append each accepted line to FILE.
        #[arg(long, conflicts_with = "choices")]
        record: bool,
    },
    /// Play one game of a `simulate --out` games file again and print its transcript (as
    /// `play` prints it), or write the state before one of its choices as a ruling file.
    Replay {
        /// The games file `simulate --out` wrote.
        file: PathBuf,
        /// The game: its `index` in the run (from 0, as the file and `simulate` number games).
        #[arg(long, value_parser = within(limits::GAME_INDEX))]
        game: u64,
        /// Put each choice, numbered from 1, before its events (`choice N> Commander: action`).
        #[arg(long, conflicts_with = "to_ruling")]
        numbered: bool,
        /// The swapped side of an A/B game (`simulate --swap`): its decks with the swap made
        /// (give the new card's `--feature FILE` as the run had it).
        #[arg(long)]
        swapped: bool,
        /// A deck the run was given by path (matched to the record's deck names by file stem).
        #[arg(long = "deck")]
        decks: Vec<String>,
        /// A card file the run added with `--feature` (repeatable).
        #[arg(long = "feature")]
        features: Vec<PathBuf>,
        /// Write a ruling file whose board is the game before choice `--at` and whose script
        /// is the game's next choices, with the dice they rolled (docs/rulings.md).
        #[arg(long, requires = "at")]
        to_ruling: bool,
        /// The choice (from 1, as `--numbered` shows them) the ruling's board stands before.
        #[arg(long, requires = "to_ruling", value_parser = within(limits::AT))]
        at: Option<usize>,
        /// Script lines of the ruling written [default: to the end of the turn, at most 20].
        #[arg(long = "script-lines", value_name = "N", requires = "to_ruling", value_parser = within(limits::SCRIPT))]
        choices: Option<usize>,
        /// When the state before `--at` cannot be a board (a card effect is resolving), write
        /// the nearest earlier board and its script instead of that board and a prelude.
        #[arg(long, requires = "to_ruling")]
        nearest: bool,
        /// Write the ruling to FILE instead of standard output.
        #[arg(long, requires = "to_ruling", value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Play many seeded games of 2–5 commanders (starter and generated legal decks), check the
    /// invariants after every choice and that every game moves on, and report the games that
    /// break one, each with a command that replays it.
    Sweep {
        /// Games to play.
        #[arg(long, default_value_t = 1000, value_parser = within(limits::SWEEP_GAMES))]
        games: u64,
        /// The sweep's seed: the same seed plays the same games.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Commanders per game: `N` or `MIN..MAX` (2 to 5).
        #[arg(long, default_value = "2..5")]
        commanders: String,
        /// Commander turns before a game stops without a winner.
        #[arg(long, default_value_t = 60, value_parser = within(limits::TURNS))]
        turns: u32,
        /// Computer player for every commander: random, heuristic, heuristic-v1, search or
        /// search:BUDGET.
        #[arg(long, value_name = "PLAYER", value_parser = parse_kind, default_value = "random")]
        player: Kind,
        /// A card file added to the pool whose cards every generated deck holds (repeatable).
        #[arg(long = "feature")]
        features: Vec<PathBuf>,
        /// Play only game I of the sweep (as numbered in its report).
        #[arg(long, value_parser = within(limits::GAME_INDEX))]
        game: Option<u64>,
        /// With `--game`: print the game's log.
        #[arg(long)]
        log: bool,
        /// With `--game --log`: put each choice, numbered from 1, before its events.
        #[arg(long, requires = "log")]
        numbered: bool,
        /// With `--game`: write the game before choice `--at` as a ruling file, as `replay
        /// --to-ruling` does.
        #[arg(long, requires_all = ["game", "at"])]
        to_ruling: bool,
        /// The choice (from 1, as `--numbered` shows them) the ruling's board stands before.
        #[arg(long, requires = "to_ruling", value_parser = within(limits::AT))]
        at: Option<usize>,
        /// Script lines of the ruling written [default: to the end of the turn, at most 20].
        #[arg(long = "script-lines", value_name = "N", requires = "to_ruling", value_parser = within(limits::SCRIPT))]
        choices: Option<usize>,
        /// When the state before `--at` cannot be a board (a card effect is resolving), write
        /// the nearest earlier board and its script instead of that board and a prelude.
        #[arg(long, requires = "to_ruling")]
        nearest: bool,
        /// Write the ruling to FILE instead of standard output.
        #[arg(long, requires = "to_ruling", value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Review a change to the card pool: what it does to every card, deck, ruling and
    /// matchup, in one report (docs/review.md). Exit 0: reviewed, the gate passes; 1: the
    /// gate denies it (or a pool does not compile); 2: nothing could be reviewed.
    Review(Box<ReviewCli>),
    /// The workbench in the browser (docs/workbench.md): the pool, rulings, simulations and
    /// play, served from 127.0.0.1, reading only files under FOLDER.
    #[cfg(feature = "serve")]
    Serve(engine::serve::ServeArgs),
}

/// Set when a failure means the command could not run as asked — a card database that is
/// missing, unreadable or older than its card files, a file that cannot be read, flags no run
/// can satisfy — which exits 2 as a usage error does, in `cardc` too (docs/cli.md); any other
/// failure exits 1. The subcommands report failures as text, so the class travels beside it.
static CANNOT_RUN: AtomicBool = AtomicBool::new(false);

/// Problems a subcommand found in the files it read, as diagnostics with the files they point
/// into: printed in `--message-format` before the failure's summary (the subcommands report
/// failures as text, so the diagnostics travel beside it, as [`CANNOT_RUN`] does).
static DIAGNOSED: std::sync::Mutex<Vec<Diagnosed>> = std::sync::Mutex::new(Vec::new());

/// Diagnostics and the files their spans point into.
type Diagnosed = (
    Vec<cardlang::diag::Diagnostic>,
    Vec<cardlang::source::SourceFile>,
);

/// Keeps `diags`, about `file`, for printing; returns the failure's summary.
fn diagnosed(
    diags: Vec<cardlang::diag::Diagnostic>,
    file: cardlang::source::SourceFile,
    summary: String,
) -> String {
    diagnosed_in(diags, vec![file], summary)
}

/// Keeps `diags`, about `files`, for printing; returns the failure's summary.
fn diagnosed_in(
    diags: Vec<cardlang::diag::Diagnostic>,
    files: Vec<cardlang::source::SourceFile>,
    summary: String,
) -> String {
    if let Ok(mut all) = DIAGNOSED.lock() {
        all.push((diags, files));
    }
    summary
}

/// A failure of the class [`CANNOT_RUN`] names.
fn cannot_run(message: impl Into<String>) -> String {
    CANNOT_RUN.store(true, Ordering::Relaxed);
    message.into()
}

/// The pool the flags name, and the card directory whose `decks/` bare deck names are looked up
/// in: `--cards DIR` itself, or the directory a database records it was built from.
fn load_pool(args: &PoolArgs) -> Result<(Arc<CardDb>, Option<PathBuf>), String> {
    match args.source() {
        PoolSource::Cards(dir) => Ok((load_pool_with(&dir, &[])?.0, Some(dir))),
        PoolSource::Database(path) => {
            let db = cardlang::compile::open_db(&path).map_err(|e| cannot_run(e.to_string()))?;
            let dir = db.sources().map(|s| PathBuf::from(&s.dir));
            Ok((Arc::new(db), dir))
        }
    }
}

/// Read one card file through the one bounded reader: a regular file (judged on the opened
/// handle) of at most `cardlang::source::MAX_FILE_BYTES`.
fn read_card_file(path: &Path) -> Result<cardlang::source::SourceFile, String> {
    let bytes = cardlang::read::read_file(path, cardlang::source::MAX_FILE_BYTES)
        .map_err(|e| cannot_run(e.to_string()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| cannot_run(format!("{}: not UTF-8", path.display())))?;
    Ok(cardlang::source::SourceFile::new(
        path.display().to_string(),
        text,
    ))
}

/// The pool in `dir` plus the card files `extra`; returns the database and the names of the
/// cards the extra files define.
fn load_pool_with(dir: &Path, extra: &[PathBuf]) -> Result<(Arc<CardDb>, Vec<String>), String> {
    let mut files = cardlang::source::read_pool(dir)
        .map_err(|e| cannot_run(format!("reading {}: {e}", dir.display())))?;
    let base = files.len();
    for p in extra {
        files.push(read_card_file(p)?);
    }
    let comp0 = cardlang::compile(&files[base..]);
    let featured: Vec<String> = comp0.cards.iter().map(|c| c.name.clone()).collect();
    let comp = cardlang::compile(&files);
    // The compiler's own diagnostics, printed as `cardc check` prints them, before the summary.
    let errors = || -> Vec<cardlang::diag::Diagnostic> {
        comp.diagnostics
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect()
    };
    // A broken `--feature` file is that file's problem: its diagnostics alone, each with its
    // place, and a summary that names it, not the pool.
    let extra_names: Vec<&str> = files[base..].iter().map(|f| f.name.as_str()).collect();
    let in_extra: Vec<cardlang::diag::Diagnostic> = errors()
        .into_iter()
        .filter(|d| extra_names.contains(&d.file.as_str()))
        .collect();
    if !in_extra.is_empty() {
        let n = in_extra.len();
        let mut named: Vec<&str> = Vec::new();
        for d in &in_extra {
            if !named.contains(&d.file.as_str()) {
                named.push(&d.file);
            }
        }
        let summary = format!(
            "{n} error{} in the --feature card file{} {}",
            if n == 1 { "" } else { "s" },
            if named.len() == 1 { "" } else { "s" },
            named.join(", ")
        );
        return Err(diagnosed_in(in_extra, files.clone(), summary));
    }
    if comp.has_errors() {
        diagnosed_in(errors(), files.clone(), String::new());
        // Name the files at fault (a broken `--feature` file is that file, not "the pool").
        let mut at_fault: Vec<&str> = Vec::new();
        for d in comp.diagnostics.iter().filter(|d| d.is_error()) {
            if !at_fault.contains(&d.file.as_str()) {
                at_fault.push(&d.file);
            }
        }
        let more = at_fault.len().saturating_sub(5);
        at_fault.truncate(5);
        return Err(format!(
            "{} error(s) in {}{}: the card pool in {} does not compile; run `cardc check` for \
             details",
            comp.error_count(),
            at_fault.join(", "),
            if more > 0 {
                format!(" and {more} more file(s)")
            } else {
                String::new()
            },
            dir.display(),
        ));
    }
    let db =
        CardDb::new(comp.cards).map_err(|e| format!("the card pool in {}: {e}", dir.display()))?;
    Ok((Arc::new(db), featured))
}

fn load_deck(
    cat: &CardDb,
    dir: Option<&Path>,
    name: &str,
) -> Result<Vec<engine::ir::CardId>, String> {
    let path = if name.ends_with(".txt") || name.contains('/') {
        PathBuf::from(name)
    } else if let Some(dir) = dir {
        dir.join("decks").join(format!("{name}.txt"))
    } else {
        return Err(format!(
            "deck `{name}`: deck names are looked up in the card directory's decks/, and this \
             database does not record one; give the decklist's path or `--cards DIR`"
        ));
    };
    load_deck_at(cat, &path)
}

/// A deck a games file names: only `decks/NAME.txt` of the pool's card directory, and only
/// when that file resolves inside the directory (a link out of the pool is refused), so a
/// hostile games file cannot make `replay` open any other file. The name is never echoed as it
/// is (`record::shown`).
fn load_recorded_deck(
    cat: &CardDb,
    dir: Option<&Path>,
    name: &str,
    game: u64,
) -> Result<Vec<engine::ir::CardId>, String> {
    use engine::simulate::record::{recorded_deck_path, shown, RecordedDeckMissing};
    let real = recorded_deck_path(dir, name).map_err(|missing| match missing {
        RecordedDeckMissing::Name(why) => format!("game {game}: {why}"),
        RecordedDeckMissing::NoCardDirectory => format!(
            "game {game} names deck `{}`: deck names are looked up in the card directory's \
             decks/, and this database does not record one; give --deck PATH or --cards DIR",
            shown(name)
        ),
        RecordedDeckMissing::NotThere(decks) => format!(
            "game {game} names deck `{}`, which is no decklist in {}: give --deck PATH for a \
             deck the run was given by path",
            shown(name),
            decks.display()
        ),
    })?;
    load_deck_at(cat, &real)
}

/// Read, parse and validate the decklist at `path`.
fn load_deck_at(cat: &CardDb, path: &Path) -> Result<Vec<engine::ir::CardId>, String> {
    // Only legal decks are played (§2.1); `cardc deck check` explains each problem with its
    // line, and so does this refusal.
    engine::deck::legal_file(path, cat).map_err(|problem| match problem {
        engine::deck::DeckFileProblem::Unreadable(e) => cannot_run(e.to_string()),
        engine::deck::DeckFileProblem::Illegal(illegal) => {
            let (list, report) = *illegal;
            let file = path.display().to_string();
            let diags = report
                .violations
                .iter()
                .map(|v| engine::diagnostics::deck_diagnostic(v, &file))
                .collect();
            diagnosed(
                diags,
                cardlang::source::SourceFile::new(file.clone(), list.source.clone()),
                format!(
                    "{file} is not a legal deck ({} problem(s))",
                    report.violations.len()
                ),
            )
        }
    })
}

/// `N` or `MIN..MAX`, each in `limits::COMMANDERS`.
fn parse_commanders(text: &str) -> Result<(usize, usize), String> {
    let (least, most) = (*limits::COMMANDERS.start(), *limits::COMMANDERS.end());
    let bad = || {
        format!(
            "--commanders takes N or MIN..MAX with {least} <= MIN <= MAX <= {most}, not `{text}`"
        )
    };
    let (lo, hi) = match text.split_once("..") {
        Some((a, b)) => (
            a.trim().parse::<usize>(),
            b.trim().trim_start_matches('=').parse(),
        ),
        None => (text.trim().parse(), text.trim().parse()),
    };
    let (lo, hi) = (lo.map_err(|_| bad())?, hi.map_err(|_| bad())?);
    if !limits::COMMANDERS.contains(&lo) || !(lo..=most).contains(&hi) {
        return Err(bad());
    }
    Ok((lo, hi))
}

/// The bundled decks under `dir/decks/` that are legal in the pool, sorted by name.
fn starter_decks(
    cat: &CardDb,
    dir: &Path,
) -> Result<Vec<(String, Vec<engine::ir::CardId>)>, String> {
    let mut names: Vec<String> = match std::fs::read_dir(dir.join("decks")) {
        Ok(rd) => rd
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".txt"))
            .map(|n| n.trim_end_matches(".txt").to_string())
            .collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    names
        .into_iter()
        .map(|n| load_deck(cat, Some(dir), &n).map(|d| (n, d)))
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn sweep(
    pool_args: &PoolArgs,
    games: u64,
    seed: u64,
    commanders: &str,
    turns: u32,
    player: Kind,
    features: &[PathBuf],
    game: Option<SweepGame>,
) -> Result<bool, String> {
    use engine::sweep::{self, Pool, Settings};
    use std::io::IsTerminal;
    let (min, max) = parse_commanders(commanders)?;
    // Featured card files are compiled with the pool's card directory: `--cards DIR`, or the
    // directory the database was built from.
    let (db, dir) = load_pool(pool_args)?;
    let (db, featured) = match (&dir, features.is_empty()) {
        (_, true) => (db, Vec::new()),
        (Some(dir), false) => load_pool_with(dir, features)?,
        (None, false) => {
            return Err(
                "--feature compiles card files with the pool's card directory: give \
                        --cards DIR"
                    .into(),
            )
        }
    };
    let starters = match &dir {
        Some(dir) => starter_decks(&db, dir)?,
        None => Vec::new(),
    };
    let featured = featured
        .iter()
        .filter_map(|n| db.by_name(n).map(|c| c.id))
        .collect();
    let pool = Pool {
        db,
        starters,
        featured,
    };
    let settings = Settings {
        games,
        seed,
        min,
        max,
        turns,
        player: player.kind(),
    };
    let mut replay = format!(
        "hullbreach sweep --seed {seed} --commanders {min}..{max} --turns {turns} --player {}",
        settings.player.name()
    );
    match (&pool_args.cards, &pool_args.db) {
        (Some(dir), _) => replay.push_str(&format!(" --cards {}", dir.display())),
        (None, Some(db)) => replay.push_str(&format!(" --db {}", db.display())),
        (None, None) => {}
    }
    for f in features {
        replay.push_str(&format!(" --feature {}", f.display()));
    }
    if let Some(SweepGame {
        index: i,
        log,
        numbered,
        ruling,
    }) = game
    {
        let plan = sweep::plan(&pool, &settings, i)?;
        let played = sweep::play(&pool, &settings, &plan)?;
        let decks: Vec<&str> = plan.decks.iter().map(|(n, _)| n.as_str()).collect();
        if let Some((mut req, out)) = ruling {
            let start = sweep::new_game(&pool, &settings, &plan)?;
            req.source = format!(
                "{}, game {i} of sweep --seed {seed} (game seed {})",
                decks.join(" vs "),
                plan.seed
            );
            return write_ruling(&start, played.game.history(), &req, out);
        }
        if log {
            let replayed = engine::replay::Replayed {
                start: sweep::new_game(&pool, &settings, &plan)?,
                choices: played.choices,
                end: played.game.clone(),
            };
            print!("{}", engine::replay::transcript(&replayed, numbered));
        }
        println!(
            "game {i}: seed {}, {} commanders ({}), {} choices",
            plan.seed,
            plan.decks.len(),
            decks.join(", "),
            played.choices
        );
        return Ok(match played.broken {
            Some(what) => {
                println!("VIOLATION: {what}");
                false
            }
            None => {
                println!("no violation");
                true
            }
        });
    }
    let tty = std::io::stderr().is_terminal();
    let report = sweep::run(&pool, &settings, |i, r| {
        if tty && (i + 1) % 100 == 0 {
            eprint!(
                "\r{} of {games} games, {} violation(s)",
                i + 1,
                r.found.len()
            );
        }
    });
    if tty {
        eprintln!();
    }
    let by: Vec<String> = (2..=5)
        .filter(|&n| report.by_commanders[n] > 0)
        .map(|n| format!("{} of {n}", report.by_commanders[n]))
        .collect();
    println!(
        "{} games ({} commanders), seed {seed}, {} turns, {} players: {} won, {} at the turn cap, {} eliminations, {} generated decks, {} choices",
        report.games,
        by.join(", "),
        turns,
        settings.player.name(),
        report.winners,
        report.turn_caps,
        report.eliminations,
        report.generated_decks,
        report.choices
    );
    println!("violations: {}", report.found.len());
    for f in &report.found {
        println!(
            "game {} (seed {}, {} commanders) after {} choices: {}\n  replay: {replay} --game {} --log",
            f.index, f.seed, f.commanders, f.choices, f.what, f.index
        );
    }
    Ok(report.found.is_empty())
}

/// Which player sits in which seat, on stderr before a transcript (`play`, `replay`), so the
/// transcript on stdout stays the game's log alone and the two print the same bytes there.
fn tell_seats(commanders: &[String], players: &[String]) {
    for (seat, (name, player)) in commanders.iter().zip(players).enumerate() {
        eprintln!("seat {}: {name}, {player} player", seat + 1);
    }
}

/// `hullbreach simulate`'s flags (boxed in `Command`: it is much the largest variant).
#[derive(clap::Args)]
struct SimulateCli {
    #[command(subcommand)]
    merge: Option<SimulateCommand>,
    /// A deck (name under the card directory's decks/, or a path); 2 to 5, repeatable.
    #[arg(long = "deck", num_args = 1)]
    decks: Vec<String>,
    /// Games to play (with --swap, each is played twice).
    #[arg(long, default_value_t = 1000, value_parser = within(limits::SIMULATE_GAMES))]
    games: u64,
    /// The run's seed: the same seed plays the same games.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads [default: the machine's cores, at most 256]. Results do not depend on it.
    #[arg(long, value_parser = within(limits::JOBS))]
    jobs: Option<usize>,
    /// Computer player (random, heuristic, heuristic-v1, search or search:BUDGET): once for
    /// every deck, or once per --deck in order [default: heuristic].
    #[arg(long = "player", value_name = "PLAYER", value_parser = parse_kind)]
    players: Vec<Kind>,
    /// Commander turns before a game stops without a winner.
    #[arg(long, default_value_t = 100, value_parser = within(limits::TURNS))]
    turns: u32,
    /// A/B: also play every game with each copy of OLD replaced by NEW ("Old Card=New
    /// Card"), same seeds, and report the shift in win rate.
    #[arg(long, value_name = "OLD=NEW")]
    swap: Option<String>,
    /// A card file added to the pool (for a --swap card not yet in it; repeatable).
    #[arg(long = "feature")]
    features: Vec<PathBuf>,
    /// Play only the games `i` with `i mod N = K-1` (merge the shards' --out files); `auto`
    /// reads K and N from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with --shards N) or a
    /// Slurm array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT).
    #[arg(long, value_name = "K/N|auto")]
    shard: Option<String>,
    /// With --shard auto: the shards in all (a Kubernetes Job's completions).
    #[arg(long, value_name = "N", requires = "shard", value_parser = within(1..=*limits::SIMULATE_GAMES.end()))]
    shards: Option<u64>,
    /// Play every pairing of the decks (2 to 16) --games times, seats rotated, and report the
    /// matchup matrix and a rating per deck.
    #[arg(long)]
    round_robin: bool,
    #[command(flatten)]
    report: ReportArgs,
}

/// `hullbreach simulate`'s flags, borrowed.
struct SimulateRun<'a> {
    decks: &'a [String],
    games: u64,
    seed: u64,
    jobs: Option<usize>,
    players: &'a [Kind],
    turns: u32,
    swap: Option<&'a str>,
    features: &'a [PathBuf],
    shard: Option<&'a str>,
    shards: Option<u64>,
    round_robin: bool,
}

/// The deck's name as reports show it: its file stem.
fn deck_stem(deck: &str) -> String {
    Path::new(deck)
        .file_stem()
        .map_or(deck.to_string(), |s| s.to_string_lossy().into_owned())
}

fn simulate(pool_args: &PoolArgs, run: &SimulateRun, out: &ReportArgs) -> Result<(), String> {
    use engine::simulate::{Entrant, Settings, Shard, Simulation, Swap};
    use std::io::IsTerminal;
    if run.round_robin && !limits::ROUND_ROBIN_DECKS.contains(&run.decks.len()) {
        return Err(format!(
            "--round-robin takes {} --deck, not {}",
            limits::words(&limits::ROUND_ROBIN_DECKS),
            run.decks.len()
        ));
    }
    if !run.round_robin && !limits::COMMANDERS.contains(&run.decks.len()) {
        let commanders = limits::words(&limits::COMMANDERS);
        return Err(format!(
            "simulate plays {commanders} commanders (§4.1): give {commanders} --deck, not {}",
            run.decks.len()
        ));
    }
    let kinds = seat_kinds(run.players, run.decks.len())?;
    let shard = match run.shard {
        Some("auto") => Shard::auto(&|name| std::env::var(name).ok(), run.shards)?,
        Some(_) if run.shards.is_some() => {
            return Err("--shards N goes with --shard auto; --shard K/N names its count".into())
        }
        Some(text) => Shard::parse(text)?,
        None => Shard::ALL,
    };
    let (db, dir) = load_pool(pool_args)?;
    let db = match (&dir, run.features.is_empty()) {
        (_, true) => db,
        (Some(dir), false) => load_pool_with(dir, run.features)?.0,
        (None, false) => {
            return Err(
                "--feature compiles card files with the pool's card directory: give \
                        --cards DIR"
                    .into(),
            )
        }
    };
    let mut entrants = Vec::new();
    for (d, kind) in run.decks.iter().zip(kinds) {
        entrants.push(Entrant {
            deck: deck_stem(d),
            cards: load_deck(&db, dir.as_deref(), d)?,
            player: kind,
        });
    }
    let swap = match run.swap {
        None => None,
        Some(text) => {
            let (old, new) = engine::simulate::record::swap_names(text)
                .ok_or_else(|| format!("--swap takes \"Old Card=New Card\", not `{text}`"))?;
            let find = |name: &str| {
                db.by_name(name).map(|c| c.id).ok_or_else(|| {
                    let hint = db
                        .nearest_name(name)
                        .map(|n| format!(" (did you mean `{n}`?)"))
                        .unwrap_or_default();
                    format!("--swap: no card `{name}` in the pool{hint}; a new card's file goes in with --feature FILE")
                })
            };
            let (old_id, new_id) = (find(old)?, find(new)?);
            if !entrants.iter().any(|e| e.cards.contains(&old_id)) {
                return Err(format!("--swap: no deck holds `{old}`"));
            }
            let mut decks = Vec::new();
            for e in &entrants {
                decks.push(
                    engine::simulate::swap_deck(&db, &e.cards, old_id, new_id).map_err(|why| {
                        format!(
                            "--swap: {} with `{new}` for `{old}` is not a legal deck: {why}",
                            e.deck
                        )
                    })?,
                );
            }
            Some(Swap {
                old: old.to_string(),
                new: new.to_string(),
                decks,
            })
        }
    };
    let jobs = run.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map_or(1, std::num::NonZeroUsize::get)
            .min(*limits::JOBS.end())
    });
    let sim = Simulation {
        db,
        entrants,
        swap,
        settings: Settings {
            games: run.games,
            seed: run.seed,
            turns: run.turns,
            jobs,
            shard,
            round_robin: run.round_robin,
        },
    };
    check_outputs(out)?;
    // A bar with rate and ETA on a terminal; nothing when stderr is a pipe or a file.
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(sim.schedule().len() as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let records = sim.run(&|| bar.inc(1))?;
    bar.finish_and_clear();
    report_out(records, out, false)
}

/// Print the report of `records` (and write `--out`, `--chart`).
fn report_out(
    records: Vec<engine::simulate::record::GameRecord>,
    out: &ReportArgs,
    complete: bool,
) -> Result<(), String> {
    use engine::simulate::{chart, record, report::Report};
    let records = record::merge(records, complete)?;
    if let Some(path) = &out.out {
        cardlang::write::write_atomic(path, record::to_jsonl(&records).as_bytes())
            .map_err(|e| cannot_run(e.to_string()))?;
    }
    let report = Report::new(records)?;
    if let Some(dir) = &out.chart {
        chart::write(&report, dir)?;
    }
    match out.format {
        Format::Table => print!("{}", report.render()),
        Format::Json => print!("{}", report.to_json()),
    }
    Ok(())
}

/// Before any game is played: `--out` can be written (its directory exists and takes a new
/// file, the path is no directory) and `--chart`'s directory is there (made if missing) with
/// room for each chart, so a typo fails at once instead of after a long run.
fn check_outputs(out: &ReportArgs) -> Result<(), String> {
    if let Some(path) = &out.out {
        cardlang::write::check_writable(path).map_err(|e| cannot_run(format!("--out {e}")))?;
    }
    if let Some(dir) = &out.chart {
        engine::simulate::chart::prepare(dir).map_err(|e| cannot_run(format!("--chart {e}")))?;
    }
    Ok(())
}

/// A games file that cannot be read as one (missing, a directory, a FIFO or device: judged on
/// the handle opened without blocking, nothing read) means the command could not run: exit 2
/// with the path, as for any file that cannot be read (docs/cli.md). What is in it is judged
/// by the read that follows.
fn games_file(path: &Path) -> Result<(), String> {
    cardlang::read::open_regular(path)
        .map(drop)
        .map_err(|e| cannot_run(e.to_string()))
}

/// `hullbreach simulate merge FILES...`: every game of one run, from its shards' files.
fn merge_shards(files: &[PathBuf], out: &ReportArgs) -> Result<(), String> {
    check_outputs(out)?;
    let mut records = Vec::new();
    let mut budget = engine::simulate::record::MAX_MERGE_BYTES;
    let mut failed = Vec::new();
    for f in files {
        games_file(f)?;
        match engine::simulate::record::read(f, &mut records, &mut budget) {
            Ok(()) => {}
            // Every file's problems are reported, not the first file's only; a problem with a
            // whole file (the merge's byte bound) stops the merge there.
            Err(e) if e.whole.is_none() => failed.push(games_file_problems(e)),
            Err(e) => return Err(games_file_problems(e)),
        }
    }
    if !failed.is_empty() {
        return Err(failed.join("; "));
    }
    report_out(records, out, true)
}

/// A games file's problems: its line problems kept as diagnostics for printing; the summary.
fn games_file_problems(e: engine::simulate::record::GamesFileError) -> String {
    if e.lines.is_empty() {
        return e.to_string();
    }
    let (diags, source) = engine::diagnostics::games_file_diagnostics(&e);
    diagnosed(diags, source, e.to_string())
}

/// The command line as `hullbreach` parses it: [`Cli`]'s, less the pool flags in `odds`'s help,
/// which reads no card pool (given there, they are refused, not ignored). A subcommand that has
/// an argument of a global's id keeps its own, so `odds` gets hidden ones of the same type.
fn command_line() -> clap::Command {
    let hidden = |id: &'static str| {
        clap::Arg::new(id)
            .long(id)
            .hide(true)
            .value_parser(clap::value_parser!(PathBuf))
    };
    Cli::command().mut_subcommand("odds", |odds| {
        odds.arg(hidden("db")).arg(hidden("cards").alias("pool"))
    })
}

/// Parses the command line; a usage error is printed and exits 2 (help and `--version` exit 0),
/// a flag that belongs to another subcommand said so (`engine::pool_args::misplaced_flag`).
fn parse_command_line() -> Cli {
    let command = command_line();
    let parsed = command
        .clone()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    parsed.unwrap_or_else(|e| {
        if let Some(text) = engine::pool_args::misplaced_flag(&e, &command) {
            eprint!("{text}");
            std::process::exit(2);
        }
        e.exit()
    })
}

fn run(cli: Cli) -> Result<bool, String> {
    if let Command::Review(args) = &cli.command {
        return review::command(&cli.pool, args).or_else(|e| {
            // Nothing could be reviewed: told apart from a gate that denies (exit 1).
            eprintln!("error: {e}");
            std::process::exit(2)
        });
    }
    if let Command::Sweep {
        games,
        seed,
        commanders,
        turns,
        player,
        features,
        game,
        log,
        numbered,
        to_ruling,
        at,
        choices,
        nearest,
        out,
    } = &cli.command
    {
        let ruling = match (*to_ruling, *at) {
            (true, Some(at)) => Some((
                engine::replay::Request {
                    at,
                    choices: *choices,
                    nearest: *nearest,
                    source: String::new(),
                },
                out.as_deref(),
            )),
            _ => None,
        };
        let game = game.map(|i| SweepGame {
            index: i,
            log: *log,
            numbered: *numbered,
            ruling,
        });
        return sweep(
            &cli.pool, *games, *seed, commanders, *turns, *player, features, game,
        );
    }
    if let Command::Simulate(sim) = &cli.command {
        let SimulateCli {
            merge,
            decks,
            games,
            seed,
            jobs,
            players,
            turns,
            swap,
            features,
            shard,
            shards,
            round_robin,
            report,
        } = sim.as_ref();
        if let Some(SimulateCommand::Merge { files, report }) = merge {
            return merge_shards(files, report).map(|()| true);
        }
        let run = SimulateRun {
            decks,
            games: *games,
            seed: *seed,
            jobs: *jobs,
            players,
            turns: *turns,
            swap: swap.as_deref(),
            features,
            shard: shard.as_deref(),
            shards: *shards,
            round_robin: *round_robin,
        };
        return simulate(&cli.pool, &run, report).map(|()| true);
    }
    if let Command::Replay {
        file,
        game,
        numbered,
        swapped,
        decks,
        features,
        to_ruling,
        at,
        choices,
        nearest,
        out,
    } = &cli.command
    {
        let ruling = match (*to_ruling, *at) {
            (true, Some(at)) => Some(engine::replay::Request {
                at,
                choices: *choices,
                nearest: *nearest,
                source: String::new(),
            }),
            _ => None,
        };
        let args = ReplayArgs {
            file,
            game: *game,
            numbered: *numbered,
            swapped: *swapped,
            decks,
            features,
            out: out.as_deref(),
        };
        return replay(&cli.pool, &args, ruling);
    }
    if let Command::Odds {
        dice,
        defense,
        wounds,
        annihilate,
        alpha_strike,
        stealth,
        painted,
        resistant,
        bonus,
    } = cli.command
    {
        if cli.pool != PoolArgs::default() {
            return Err(cannot_run(
                "odds reads no card pool: leave out --db and --cards",
            ));
        }
        let v = engine::odds::Volley {
            dice,
            target_defense: defense,
            wounds,
            annihilate,
            alpha_strike,
            stealth,
            painted,
            resistant,
            bonus,
        };
        let o = engine::odds::odds(&v).map_err(cannot_run)?;
        print!("{}", engine::odds::render(&v, &o));
        return Ok(true);
    }
    let (cat, dir) = load_pool(&cli.pool)?;
    match cli.command {
        Command::Play {
            decks,
            seed,
            turns,
            players,
        } => {
            let kinds = seat_kinds(&players, decks.len())?;
            let mut lists = Vec::new();
            for (k, d) in decks.iter().enumerate() {
                let stem = deck_stem(d);
                lists.push((
                    format!("{stem} ({})", k + 1),
                    load_deck(&cat, dir.as_deref(), d)?,
                ));
            }
            let mut game = Game::new(
                cat,
                lists,
                Config {
                    seed,
                    max_turns: turns,
                },
            )
            .map_err(|e| e.to_string())?;
            let mut players: Vec<Box<dyn Player>> = kinds
                .iter()
                .enumerate()
                .map(|(k, kind)| kind.player(seed, k as u64))
                .collect();
            let (_, stop) = engine::players::play_out_checked(
                &mut game,
                &mut players,
                engine::simulate::MAX_CHOICES,
            );
            let names: Vec<String> = decks
                .iter()
                .enumerate()
                .map(|(k, d)| format!("{} ({})", deck_stem(d), k + 1))
                .collect();
            tell_seats(&names, &kinds.iter().map(|k| k.name()).collect::<Vec<_>>());
            print!("{}", transcript::render_log(&game));
            match stop {
                engine::players::Stop::Over => Ok(true),
                engine::players::Stop::Budget => Err(format!(
                    "the game did not end within {} choices",
                    engine::simulate::MAX_CHOICES
                )),
                engine::players::Stop::Loop(why) | engine::players::Stop::Stuck(why) => {
                    Err(format!("the game stopped without a winner: {why}"))
                }
            }
        }
        Command::Ruling {
            file,
            choices,
            record,
        } => {
            let name = file.display().to_string();
            let text = ruling::read_file(&file).map_err(|e| {
                // The reader's message names the path; the diagnostic's file says it once.
                let message = e.to_string();
                let message = message
                    .strip_prefix(&format!("{name}: "))
                    .unwrap_or(&message);
                let d = cardlang::diag::Diagnostic::error(
                    ruling::Code::Unreadable.code(),
                    name.clone(),
                    message,
                );
                let unread = cardlang::source::SourceFile::new(name.clone(), String::new());
                cannot_run(diagnosed(
                    vec![d],
                    unread,
                    format!("{name}: cannot be read"),
                ))
            })?;
            let source = || cardlang::source::SourceFile::new(name.clone(), text.clone());
            let r = ruling::diagnose(&text, &cat).map_err(|problems| {
                let diags = engine::diagnostics::ruling_diagnostics(&name, &text, &problems);
                let n = problems.len();
                diagnosed(
                    diags,
                    source(),
                    format!("{name}: {n} problem{}", if n == 1 { "" } else { "s" }),
                )
            })?;
            if record {
                return record_ruling(&file, &text, &r, cat).map(|()| true);
            }
            let opts = ruling::Options {
                choices_every_line: choices,
                ..ruling::Options::default()
            };
            match ruling::run_with(&r, cat, opts) {
                Ok(out) => {
                    print!("{out}");
                    Ok(true)
                }
                // The transcript up to the failing line, then the error with its line.
                Err(f) => {
                    print!("{}", f.transcript);
                    let diags = engine::diagnostics::ruling_diagnostics(
                        &name,
                        &text,
                        std::slice::from_ref(&*f.error),
                    );
                    Err(diagnosed(diags, source(), format!("{name}: 1 problem")))
                }
            }
        }
        Command::Sweep { .. }
        | Command::Simulate(_)
        | Command::Odds { .. }
        | Command::Replay { .. }
        | Command::Review(_) => Ok(true),
        #[cfg(feature = "serve")]
        Command::Serve(args) => engine::serve::command(&args, cat, dir).map(|()| true),
    }
}

/// `hullbreach sweep --game I`: what to do with that one game.
struct SweepGame<'a> {
    index: u64,
    log: bool,
    numbered: bool,
    ruling: Option<(engine::replay::Request, Option<&'a Path>)>,
}

/// `hullbreach replay`'s flags.
struct ReplayArgs<'a> {
    file: &'a Path,
    game: u64,
    numbered: bool,
    swapped: bool,
    decks: &'a [String],
    features: &'a [PathBuf],
    out: Option<&'a Path>,
}

/// `hullbreach replay FILE --game I`: the record's decks (by name, or the `--deck` path of
/// that stem), its seed, turn cap and players, played again; refused when the game plays
/// otherwise than recorded.
fn replay(
    pool_args: &PoolArgs,
    args: &ReplayArgs,
    ruling: Option<engine::replay::Request>,
) -> Result<bool, String> {
    use engine::simulate::record::{shown, Variant};
    let variant = if args.swapped {
        Variant::Swap
    } else {
        Variant::Base
    };
    games_file(args.file)?;
    let record = engine::simulate::record::find(args.file, args.game, variant)
        .map_err(games_file_problems)?;
    let (db, dir) = load_pool(pool_args)?;
    let db =
        match (&dir, args.features.is_empty()) {
            (_, true) => db,
            (Some(dir), false) => load_pool_with(dir, args.features)?.0,
            (None, false) => return Err(
                "--feature compiles card files with the pool's card directory: give --cards DIR"
                    .into(),
            ),
        };
    for d in args.decks {
        if !record.decks.contains(&deck_stem(d)) {
            let theirs: Vec<String> = record.decks.iter().map(|n| shown(n)).collect();
            return Err(format!(
                "--deck {d}: game {} has no deck named `{}` (its decks: {})",
                record.index,
                deck_stem(d),
                theirs.join(", ")
            ));
        }
    }
    let mut decks = Vec::new();
    for name in &record.decks {
        // A deck the user names is theirs to give by path; one the file names is a pool name.
        decks.push(match args.decks.iter().find(|d| deck_stem(d) == *name) {
            Some(given) => load_deck(&db, dir.as_deref(), given)?,
            None => load_recorded_deck(&db, dir.as_deref(), name, record.index)?,
        });
    }
    // The swapped side: every copy of the old card replaced, as the run made it.
    let decks = engine::replay::dealt(&db, &record, decks).map_err(|problem| match problem {
        engine::replay::SwapProblem::NotInPool(card) => format!(
            "game {} swaps in `{card}`, which is not in the pool: give its --feature FILE",
            record.index
        ),
        engine::replay::SwapProblem::NotASwap(swap) => format!(
            "game {}: the run's swap `{swap}` is not \"Old Card=New Card\"",
            record.index
        ),
        engine::replay::SwapProblem::Illegal(why) => why,
    })?;
    let played = engine::replay::replay(db, &record, decks)?;
    if let Some(d) = engine::replay::differs(&record, &played) {
        return Err(format!(
            "{}: game {} plays otherwise than its record ({d}): were the card pool or a deck \
             changed since the run?",
            args.file.display(),
            record.index
        ));
    }
    let Some(mut req) = ruling else {
        let names: Vec<String> = record
            .decks
            .iter()
            .enumerate()
            .map(|(k, d)| format!("{} ({})", shown(d), k + 1))
            .collect();
        tell_seats(&names, &record.players);
        print!("{}", engine::replay::transcript(&played, args.numbered));
        return Ok(true);
    };
    req.source = format!(
        "{}, game {} of simulate --seed {} (game seed {}){}",
        record.decks.join(" vs "),
        record.index,
        record.run.seed,
        record.seed,
        match (variant, &record.run.swap) {
            (Variant::Swap, Some(swap)) => format!(", swapped: {swap}"),
            _ => String::new(),
        }
    );
    write_ruling(&played.start, played.end.history(), &req, args.out)
}

/// `--to-ruling`: the ruling before choice `req.at` of the game that began at `start`, to
/// `out` or standard output; its notes (a prelude, a script stopped early, `--nearest`) on
/// stderr.
fn write_ruling(
    start: &Game,
    history: &[(engine::PlayerId, engine::Choice)],
    req: &engine::replay::Request,
    out: Option<&Path>,
) -> Result<bool, String> {
    let w = engine::replay::to_ruling(start, history, req).map_err(|r| r.to_string())?;
    for n in &w.notes {
        eprintln!("note: {n}");
    }
    match out {
        Some(path) => {
            cardlang::write::write_atomic(path, w.text.as_bytes())
                .map_err(|e| cannot_run(e.to_string()))?;
            if w.prelude > 0 {
                eprintln!(
                    "wrote {}: the board before choice {}, a prelude of {} line(s) to the moment \
                     before choice {}, and {} script line(s)",
                    path.display(),
                    w.board_at,
                    w.prelude,
                    w.at,
                    w.script
                );
            } else {
                eprintln!(
                    "wrote {}: the board before choice {} and {} script line(s)",
                    path.display(),
                    w.at,
                    w.script
                );
            }
        }
        None => print!("{}", w.text),
    }
    Ok(true)
}

/// `hullbreach ruling FILE --record`: lines are read with rustyline (history, editing) at a
/// terminal and plainly from a pipe; each accepted line is added to FILE's script.
///
/// FILE is rewritten whole for each line through `cardlang::write::replace_file`, never
/// appended to: a link is refused rather than written through, and a file someone changed since
/// the last line was written is left as it is (the recording stops and says so), so no text of
/// theirs or ours is lost.
fn record_ruling(
    file: &Path,
    text: &str,
    r: &ruling::Ruling,
    cat: Arc<CardDb>,
) -> Result<(), String> {
    use std::io::{BufRead, IsTerminal, Write};
    if cardlang::read::is_stdin(file) {
        return Err("--record adds the lines to the ruling file: give its path, not `-`".into());
    }
    // Lines are appended at the end of the file, so the script must be its last block.
    let last_block = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty() && !l.starts_with(' ') && !l.starts_with('#'))
        .map(str::trim_end);
    let has_script = text.lines().any(|l| l.trim_end() == "script:");
    if has_script && last_block != Some("script:") {
        return Err(format!(
            "{}: --record appends to the script, so `script:` must be the file's last block",
            file.display()
        ));
    }
    let mut header = String::new();
    if !text.is_empty() && !text.ends_with('\n') {
        header.push('\n');
    }
    if !has_script {
        header.push_str("\nscript:\n");
    }
    let first_line = text.lines().count() + header.matches('\n').count() + 1;
    // Whether the file can be rewritten at all (a link, a read-only file or a directory that
    // takes no new file is refused) is found out before a line is typed, by rewriting it as it is.
    cardlang::write::replace_file(file, text.as_bytes(), text.as_bytes())
        .map_err(|e| e.to_string())?;
    let mut on_disk = text.to_string();
    let mut header = Some(header);
    let mut append = |line: &str| -> Result<(), String> {
        let mut next = on_disk.clone();
        next.push_str(header.as_deref().unwrap_or(""));
        next.push_str(&format!("  {line}\n"));
        if next.len() > ruling::MAX_RULING_BYTES {
            return Err(format!(
                "{}: would grow past {} bytes, the most a ruling file may hold",
                file.display(),
                ruling::MAX_RULING_BYTES
            ));
        }
        cardlang::write::replace_file(file, on_disk.as_bytes(), next.as_bytes())
            .map_err(|e| e.to_string())?;
        header = None;
        on_disk = next;
        Ok(())
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = if std::io::stdin().is_terminal() {
        let mut editor = rustyline::DefaultEditor::new().map_err(|e| e.to_string())?;
        let mut read = |prompt: &str| match editor.readline(prompt) {
            Ok(l) => {
                let _ = editor.add_history_entry(l.as_str());
                Some(l)
            }
            Err(_) => None,
        };
        ruling::record(r, cat, first_line, &mut read, &mut append, &mut out)
    } else {
        // Not a terminal (a pipe, a file, a test): plain lines, no prompt.
        let mut lines = std::io::stdin().lock().lines();
        let mut read = |_: &str| lines.next().and_then(Result::ok);
        ruling::record(r, cat, first_line, &mut read, &mut append, &mut out)
    };
    match result {
        Ok(_) => Ok(()),
        Err(f) => {
            let _ = write!(out, "{}", f.transcript);
            let name = file.display().to_string();
            let diags = engine::diagnostics::ruling_diagnostics(
                &name,
                text,
                std::slice::from_ref(&*f.error),
            );
            let source = cardlang::source::SourceFile::new(name.clone(), text.to_string());
            Err(diagnosed(diags, source, format!("{name}: 1 problem")))
        }
    }
}

fn main() -> ExitCode {
    let cli = parse_command_line();
    let format = cli.message_format;
    match run(cli) {
        Ok(true) => ExitCode::SUCCESS,
        // A sweep that found violations: they are reported on stdout.
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            let cannot_run = CANNOT_RUN.load(Ordering::Relaxed);
            report_failure(format, &e, cannot_run);
            if cannot_run {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Prints a failure in `format`: the diagnostics a subcommand kept ([`DIAGNOSED`]), then its
/// summary as `error: ...`; a failure with none is one diagnostic of its own (no file, no
/// snippet), so that in JSON every stderr line is a record.
fn report_failure(format: MessageFormat, summary: &str, cannot_run: bool) {
    let mut out = Emitter::new(format);
    let kept = DIAGNOSED
        .lock()
        .map(|mut all| std::mem::take(&mut *all))
        .unwrap_or_default();
    if kept.is_empty() {
        let code = if cannot_run {
            engine::diagnostics::CANNOT_RUN
        } else {
            engine::diagnostics::FAILED
        };
        match format {
            MessageFormat::Human => eprintln!("error: {summary}"),
            _ => out.emit_one(cardlang::diag::Diagnostic::error(code, "", summary)),
        }
        return;
    }
    for (diags, file) in &kept {
        out.emit(diags, file);
    }
    if format != MessageFormat::Json {
        eprintln!("error: {summary}");
    }
}

/// `hullbreach review OLD NEW`'s flags (boxed in `Command`, like `simulate`'s).
#[derive(clap::Args)]
struct ReviewCli {
    /// The pool before: a card directory, or a revision of the repository (branch, tag,
    /// commit).
    old: String,
    /// The pool after: a card directory, or a revision of the repository.
    new: String,
    /// Where a revision's cards are: a directory of the repository's work tree [default:
    /// cards].
    #[arg(long, value_name = "DIR")]
    path: Option<PathBuf>,
    /// The decklists (*.txt) [default: the pool's decks/]; a revision's are read at that
    /// revision.
    #[arg(long, value_name = "DIR")]
    decks: Option<PathBuf>,
    /// Ruling files (*.ruling) to run under both pools; a revision's are read at that
    /// revision.
    #[arg(long, value_name = "DIR")]
    rulings: Option<PathBuf>,
    /// The repository revisions are read from [default: the one holding the current
    /// directory].
    #[arg(long, value_name = "DIR")]
    repo: Option<PathBuf>,
    /// Games per matchup of a changed card's A/B (each played with the old card and the new).
    #[arg(long, default_value_t = 100, value_parser = within(limits::SIMULATE_GAMES))]
    games: u64,
    /// The seed of the A/B games: the same seed replays the same games under both cards.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Commander turns before a game stops without a winner.
    #[arg(long, default_value_t = 100, value_parser = within(limits::TURNS))]
    turns: u32,
    /// Computer player for every commander: random, heuristic, search or search:BUDGET.
    #[arg(long, value_name = "PLAYER", value_parser = parse_kind, default_value = "heuristic")]
    player: Kind,
    /// Worker threads [default: the machine's cores]. Results do not depend on it.
    #[arg(long, value_parser = within(limits::JOBS))]
    jobs: Option<usize>,
    /// Leave out the balance section (no games are played).
    #[arg(long)]
    no_balance: bool,
    /// Also play a round robin of every deck legal in both versions (--games per pairing), in
    /// the old pool and in the new, and show how each deck's rating and wins move.
    #[arg(long)]
    round_robin: bool,
    /// How to print the review.
    #[arg(long, value_enum, default_value_t = ReviewFormat::Text)]
    format: ReviewFormat,
    /// Fail (exit 1) on any of: illegal-decks, broken-rulings, changed-rulings,
    /// win-rate-shift=POINTS (comma-separated).
    #[arg(long, value_name = "LIST", value_parser = engine::review::Deny::parse)]
    deny: Option<engine::review::Deny>,
}

#[derive(Clone, Copy, ValueEnum)]
enum ReviewFormat {
    /// For a terminal.
    Text,
    /// For a pull request's comment.
    Markdown,
    /// For programs: every section's facts as one JSON object.
    Json,
}

/// `hullbreach review`: reading and compiling each side (a card directory, or a revision read
/// with git into memory, nothing written), then `engine::review`.
mod review {
    use std::path::{Path, PathBuf};

    use engine::pool_args::PoolArgs;
    use engine::review::git::{self, Caps, Repo};
    use engine::review::{render, Settings, Version};

    use super::{ReviewCli, ReviewFormat};

    /// One side as given: a directory, or a revision's commit.
    enum Side {
        Dir(PathBuf),
        Rev { name: String, commit: String },
    }

    pub fn command(pool: &PoolArgs, a: &ReviewCli) -> Result<bool, String> {
        if pool.cards.is_some() || pool.db.is_some() {
            return Err(
                "review takes its two pools as OLD and NEW; --cards and --db are not \
                        used by it"
                    .into(),
            );
        }
        let any_rev = [&a.old, &a.new].iter().any(|s| !Path::new(s).is_dir());
        let repo = if any_rev {
            Some(git::open(a.repo.as_deref().unwrap_or(Path::new(".")))?)
        } else {
            None
        };
        let side = |s: &str| -> Result<Side, String> {
            match &repo {
                Some(repo) if !Path::new(s).is_dir() => Ok(Side::Rev {
                    name: s.to_string(),
                    commit: repo.commit(s)?,
                }),
                _ => Ok(Side::Dir(PathBuf::from(s))),
            }
        };
        let (old, new) = (side(&a.old)?, side(&a.new)?);
        same_repository(a, repo.as_ref(), &old, &new)?;
        if let Some(repo) = &repo {
            clean_where_it_matters(a, repo, &[&old, &new])?;
        }
        let old = version(a, repo.as_ref(), &old)?;
        let new = version(a, repo.as_ref(), &new)?;
        let settings = Settings {
            games: a.games,
            seed: a.seed,
            turns: a.turns,
            player: a.player.kind(),
            jobs: a.jobs.unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map_or(1, std::num::NonZeroUsize::get)
                    .min(*engine::simulate::limits::JOBS.end())
            }),
            balance: !a.no_balance,
            round_robin: a.round_robin,
        };
        // Abilities in `cardc explain`'s words: the compiler's side, so said here.
        let words = |c: &engine::ir::Card| -> Vec<String> {
            c.abilities
                .iter()
                .map(|a| cardlang::explain::ability_text_on(c.kind, a))
                .collect()
        };
        let review = engine::review::review(&old, &new, &settings, &words);
        let deny = a.deny.unwrap_or_default();
        let denied = review.denied(&deny);
        let format = match a.format {
            ReviewFormat::Text => render::Format::Text,
            ReviewFormat::Markdown => render::Format::Markdown,
            ReviewFormat::Json => render::Format::Json,
        };
        print!(
            "{}",
            render::render(&review, format, &denied, a.deny.is_some())
        );
        Ok(denied.is_empty())
    }

    /// Where a revision's cards, decks and rulings are in the repository.
    fn repo_path(repo: &Repo, dir: &Path, what: &str) -> Result<String, String> {
        repo.inside(dir).ok_or_else(|| {
            format!(
                "{what} {} is no directory of the repository at {}: a revision's {what} are \
                 read from the same repository",
                dir.display(),
                repo.root.display()
            )
        })
    }

    fn cards_dir(a: &ReviewCli) -> PathBuf {
        a.path.clone().unwrap_or_else(|| PathBuf::from("cards"))
    }

    /// A pool, its decks and its rulings all come from one repository (or from none).
    fn same_repository(
        a: &ReviewCli,
        repo: Option<&Repo>,
        old: &Side,
        new: &Side,
    ) -> Result<(), String> {
        // With a revision, every directory read is of its repository; with two directories
        // (two checkouts may be compared), the decks and rulings are of the new pool's.
        let mut dirs: Vec<(&str, PathBuf)> = Vec::new();
        for s in [old, new] {
            if let (Side::Dir(d), Some(_)) = (s, repo) {
                dirs.push(("the pool", d.clone()));
            }
        }
        if let Some(d) = &a.decks {
            dirs.push(("the decks", d.clone()));
        }
        if let Some(d) = &a.rulings {
            dirs.push(("the rulings", d.clone()));
        }
        for (_, d) in &dirs {
            if !d.is_dir() {
                return Err(format!("{} is no directory", d.display()));
            }
        }
        let home = match (repo, new) {
            (Some(r), _) => Some(r.clone()),
            (None, Side::Dir(d)) => git::repo_of(d).unwrap_or(None),
            (None, Side::Rev { .. }) => None,
        };
        for (what, d) in &dirs {
            let theirs = git::repo_of(d).unwrap_or(None);
            if theirs != home {
                let name = |r: &Option<Repo>| {
                    r.as_ref().map_or("no repository".to_string(), |r| {
                        format!("the repository at {}", r.root.display())
                    })
                };
                return Err(format!(
                    "{what} in {} is in {}, the pool under review in {}: a pool and its decks \
                     and rulings must come from the same repository",
                    d.display(),
                    name(&theirs),
                    name(&home)
                ));
            }
        }
        Ok(())
    }

    /// A revision that is the checked-out commit, while the work tree has uncommitted changes
    /// to what would be read: the review would read the commit and leave the changes out.
    fn clean_where_it_matters(a: &ReviewCli, repo: &Repo, sides: &[&Side]) -> Result<(), String> {
        let head = repo.commit("HEAD").ok();
        for s in sides {
            let Side::Rev { name, commit } = s else {
                continue;
            };
            if head.as_deref() != Some(commit.as_str()) {
                continue;
            }
            let mut paths = vec![repo_path(repo, &cards_dir(a), "cards")?];
            for d in [&a.decks, &a.rulings].into_iter().flatten() {
                paths.push(repo_path(repo, d, "files")?);
            }
            let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
            let dirty = repo.uncommitted(&refs)?;
            if !dirty.is_empty() {
                let more = dirty.len().saturating_sub(5);
                return Err(format!(
                    "`{name}` is the checked-out commit, and the work tree has uncommitted \
                     changes the review would leave out: {}{}; commit them, or give the \
                     directory to review it as it is on disk",
                    dirty[..dirty.len().min(5)].join(", "),
                    if more > 0 {
                        format!(" and {more} more")
                    } else {
                        String::new()
                    }
                ));
            }
        }
        Ok(())
    }

    fn version(a: &ReviewCli, repo: Option<&Repo>, side: &Side) -> Result<Version, String> {
        match (side, repo) {
            (Side::Dir(dir), _) => from_dir(a, dir),
            (Side::Rev { name, commit }, Some(repo)) => from_revision(a, repo, name, commit),
            (Side::Rev { name, .. }, None) => Err(format!("`{name}` is no directory")),
        }
    }

    /// Compile card files; the errors rendered one a line, each saying where.
    fn compile(
        label: String,
        files: Vec<cardlang::source::SourceFile>,
        mut problems: Vec<String>,
    ) -> Version {
        let comp = cardlang::compile(&files);
        problems.extend(
            comp.diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| cardlang::diag::render_short(d, &files)),
        );
        Version {
            label,
            cards: comp.cards,
            problems,
            ..Version::default()
        }
    }

    /// The files directly in `dir` ending with `ext`, sorted, read by `read`.
    fn read_dir<T>(
        dir: &Path,
        ext: &str,
        read: impl Fn(&Path) -> Result<T, String>,
    ) -> Result<Vec<(String, T)>, String> {
        let entries = match std::fs::read_dir(dir) {
            Ok(rd) => rd,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(format!("{}: {e}", dir.display())),
        };
        let mut names: Vec<String> = entries
            .take(cardlang::source::MAX_DIR_ENTRIES)
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(ext))
            .collect();
        names.sort();
        names
            .into_iter()
            .map(|n| Ok((n.clone(), read(&dir.join(&n))?)))
            .collect()
    }

    fn stem(name: &str) -> String {
        name.rsplit('/')
            .next()
            .unwrap_or(name)
            .trim_end_matches(".txt")
            .to_string()
    }

    fn from_dir(a: &ReviewCli, dir: &Path) -> Result<Version, String> {
        let (files, problems) = match cardlang::source::read_pool(dir) {
            Ok(files) => (files, Vec::new()),
            Err(e) => {
                let shown = e
                    .diagnostics
                    .iter()
                    .map(|d| cardlang::diag::render_short(d, &e.files))
                    .collect();
                (e.files, shown)
            }
        };
        let mut v = compile(dir.display().to_string(), files, problems);
        let decks = a.decks.clone().unwrap_or_else(|| dir.join("decks"));
        v.decks = read_dir(&decks, ".txt", |p| {
            engine::deck::read_deck_file(p).map_err(|e| e.to_string())
        })?
        .into_iter()
        .map(|(n, b)| (stem(&n), b))
        .collect();
        if let Some(r) = &a.rulings {
            v.rulings = read_dir(r, ".ruling", |p| {
                engine::ruling::read_file(p).map_err(|e| e.to_string())
            })?;
        }
        Ok(v)
    }

    fn from_revision(
        a: &ReviewCli,
        repo: &Repo,
        name: &str,
        commit: &str,
    ) -> Result<Version, String> {
        use cardlang::source::{MAX_FILE_BYTES, MAX_POOL_BYTES, MAX_POOL_FILES};
        let cards = repo_path(repo, &cards_dir(a), "cards")?;
        if cards.is_empty() {
            return Err(
                "--path names the repository's root; give the card directory below it, \
                        as `--path cards`, so its decks/ and the rest of the repository are told \
                        apart"
                    .into(),
            );
        }
        let at = |p: &str| format!("{p} at {name}");
        let card_caps = Caps {
            file_bytes: MAX_FILE_BYTES,
            files: MAX_POOL_FILES,
            total_bytes: MAX_POOL_BYTES,
        };
        let blobs = repo.files(commit, &cards, ".hb", Some("decks"), false, card_caps)?;
        if blobs.is_empty() {
            return Err(format!("{} holds no card files (*.hb)", at(&cards)));
        }
        // Named as `read_pool` names a directory's files, so both kinds of side read alike.
        let root = cards.rsplit('/').next().unwrap_or(&cards).to_string();
        let mut files = Vec::new();
        let mut problems = Vec::new();
        for b in blobs {
            let below = b.path.get(cards.len() + 1..).unwrap_or(&b.path);
            let shown = format!("{root}/{below}");
            match String::from_utf8(b.bytes) {
                Ok(text) => files.push(cardlang::source::SourceFile::new(shown, text)),
                Err(_) => problems.push(format!("{}: not UTF-8", at(&b.path))),
            }
        }
        let label = if commit.starts_with(name) {
            git::short(commit).to_string()
        } else {
            format!("{name} ({})", git::short(commit))
        };
        let mut v = compile(label, files, problems);
        let decks = match &a.decks {
            Some(d) => repo_path(repo, d, "decks")?,
            None => format!("{cards}/decks"),
        };
        let deck_caps = Caps {
            file_bytes: engine::deck::MAX_DECK_BYTES,
            files: MAX_POOL_FILES,
            total_bytes: MAX_POOL_BYTES,
        };
        v.decks = repo
            .files(commit, &decks, ".txt", None, true, deck_caps)?
            .into_iter()
            .map(|b| (stem(&b.path), b.bytes))
            .collect();
        if let Some(r) = &a.rulings {
            let r = repo_path(repo, r, "rulings")?;
            let caps = Caps {
                file_bytes: engine::ruling::MAX_RULING_BYTES,
                files: MAX_POOL_FILES,
                total_bytes: MAX_POOL_BYTES,
            };
            v.rulings = repo
                .files(commit, &r, ".ruling", None, true, caps)?
                .into_iter()
                .map(|b| {
                    let file = b.path.rsplit('/').next().unwrap_or(&b.path).to_string();
                    String::from_utf8(b.bytes)
                        .map(|t| (file, t))
                        .map_err(|_| format!("{}: not UTF-8", at(&b.path)))
                })
                .collect::<Result<_, _>>()?;
        }
        Ok(v)
    }
}
