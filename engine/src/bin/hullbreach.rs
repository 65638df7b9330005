//! `hullbreach`: play seeded games between bundled decks and run ruling files.
//!
//! The bundled card pool (`cards/`) is compiled at start-up with the card compiler, which is
//! why this binary needs the engine's `cli` feature (it enables `cardlang/compiler` and clap);
//! the engine library itself never links the compiler. Build and run with
//! `cargo run -p engine --features cli --bin hullbreach -- play --deck rdf-starter --deck
//! corporate-starter --seed 7`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};
use engine::players::{HeuristicPlayer, Player, RandomPlayer};
use engine::{ruling, transcript, CardDb, Config, Game};

#[derive(Parser)]
#[command(name = "hullbreach", about = "Play Hull Breach! games and run rulings")]
struct Cli {
    /// The card pool directory (default: the bundled `cards/`).
    #[arg(long, global = true)]
    cards: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    Random,
    Heuristic,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game between decks (names under cards/decks/, or paths) and print the log.
    Play {
        #[arg(long = "deck", required = true, num_args = 1)]
        decks: Vec<String>,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Commander turns before the game stops without a winner.
        #[arg(long, default_value_t = 100)]
        turns: u32,
        /// Computer player for every commander.
        #[arg(long, value_enum, default_value_t = Kind::Heuristic)]
        player: Kind,
    },
    /// Run a ruling file and print its transcript.
    Ruling {
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
}

fn default_cards() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).join("cards")
}

fn load_pool(dir: &Path) -> Result<Arc<CardDb>, String> {
    let files =
        cardlang::source::read_pool(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    let comp = cardlang::compile(&files);
    if comp.has_errors() {
        return Err(format!(
            "the card pool in {} has {} error(s); run `cardc check` for details",
            dir.display(),
            comp.error_count()
        ));
    }
    let db =
        CardDb::new(comp.cards).map_err(|e| format!("the card pool in {}: {e}", dir.display()))?;
    Ok(Arc::new(db))
}

fn load_deck(cat: &CardDb, dir: &Path, name: &str) -> Result<Vec<engine::ir::CardId>, String> {
    let path = if name.ends_with(".txt") || name.contains('/') {
        PathBuf::from(name)
    } else {
        dir.join("decks").join(format!("{name}.txt"))
    };
    let bytes =
        engine::deck::read_deck_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let list = engine::deck::parse(&bytes);
    // Only legal decks are played ("Your Constructed Deck", §2.1); `cardc deck check` explains
    // each problem with its line, here the first few are named.
    let report = engine::deck::validate(&list, cat, &engine::deck::DeckOptions::default());
    if !report.is_legal() {
        let mut msg = format!(
            "{} is not a legal deck ({} problem(s)); run `cardc deck check {}`:",
            path.display(),
            report.violations.len(),
            path.display()
        );
        for v in report.violations.iter().take(5) {
            msg.push_str(&format!("\n  - {}", v.message));
            if let Some(c) = v.rule.citation() {
                msg.push_str(&format!(" ({c})"));
            }
        }
        return Err(msg);
    }
    engine::deck::card_ids(&list, cat)
        .ok_or_else(|| format!("{}: names a card not in the pool", path.display()))
}

fn run() -> Result<(), String> {
    let cli = Cli::parse();
    let dir = cli.cards.unwrap_or_else(default_cards);
    let cat = load_pool(&dir)?;
    match cli.command {
        Command::Play {
            decks,
            seed,
            turns,
            player,
        } => {
            let mut lists = Vec::new();
            for (k, d) in decks.iter().enumerate() {
                let stem = Path::new(d)
                    .file_stem()
                    .map_or(d.clone(), |s| s.to_string_lossy().into_owned());
                lists.push((format!("{stem} ({})", k + 1), load_deck(&cat, &dir, d)?));
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
            let mut players: Vec<Box<dyn Player>> = (0..decks.len() as u64)
                .map(|k| -> Box<dyn Player> {
                    match player {
                        Kind::Random => {
                            Box::new(RandomPlayer::new(seed.wrapping_mul(31).wrapping_add(k)))
                        }
                        Kind::Heuristic => {
                            Box::new(HeuristicPlayer::new(seed.wrapping_mul(31).wrapping_add(k)))
                        }
                    }
                })
                .collect();
            engine::players::play_out(&mut game, &mut players, 100_000);
            print!("{}", transcript::render_log(&game));
            Ok(())
        }
        Command::Ruling {
            file,
            choices,
            record,
        } => {
            let text = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            if text.len() > ruling::MAX_RULING_BYTES {
                return Err(format!(
                    "{}: larger than {} bytes",
                    file.display(),
                    ruling::MAX_RULING_BYTES
                ));
            }
            let text =
                String::from_utf8(text).map_err(|_| format!("{}: not UTF-8", file.display()))?;
            let r = ruling::parse(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            if record {
                return record_ruling(&file, &text, &r, cat);
            }
            let opts = ruling::Options {
                choices_every_line: choices,
                ..ruling::Options::default()
            };
            match ruling::run_with(&r, cat, opts) {
                Ok(out) => {
                    print!("{out}");
                    Ok(())
                }
                // The transcript up to the failing line, then the error with its line.
                Err(f) => {
                    print!("{}", f.transcript);
                    Err(format!("{}: {}", file.display(), f.error))
                }
            }
        }
    }
}

/// `hullbreach ruling FILE --record`: lines are read with rustyline (history, editing) at a
/// terminal and plainly from a pipe; each accepted line is appended to FILE's script.
fn record_ruling(
    file: &Path,
    text: &str,
    r: &ruling::Ruling,
    cat: Arc<CardDb>,
) -> Result<(), String> {
    use std::io::{BufRead, IsTerminal, Write};
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
    let mut header = Some(header);
    let mut append = |line: &str| -> Result<(), String> {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(file)
            .map_err(|e| e.to_string())?;
        if let Some(h) = header.take() {
            f.write_all(h.as_bytes()).map_err(|e| e.to_string())?;
        }
        writeln!(f, "  {line}").map_err(|e| e.to_string())
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
            Err(format!("{}: {}", file.display(), f.error))
        }
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
