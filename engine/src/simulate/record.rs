//! One simulated game as a line of JSON (`hullbreach simulate --out games.jsonl`): the run it
//! belongs to, its seed and seats, who won and how, and per card counters by seat. The report
//! is computed from these records alone, so a run's report and the report merged from its
//! shards' files are the same ([`merge`] checks the shards belong together and cover the run).
//!
//! Reading is bounded: only regular files (judged on the opened handle, `cardlang::read`), at
//! most [`MAX_LINE_BYTES`] per line, [`MAX_MERGE_BYTES`] and [`MAX_RECORDS`] records in all,
//! and every record is checked ([`GameRecord::check`]: the flags' own ranges, seats, and names
//! that are names) before the report indexes anything with it or `replay` opens a deck it names.
//! Text a hostile file holds is never echoed as it is: [`shown`] escapes and shortens it.
//! Every line of a file that is not a record a run writes is a problem, all reported together
//! ([`GamesFileError`], as `engine::diagnostics::games_file_diagnostics` shows them), each
//! with its line and the part of it at fault; the line a diagnostic shows has its control
//! characters escaped too (and is cut when over 64 KiB).

use std::io::{BufRead, Read};
use std::path::Path;

use serde::{Deserialize, Serialize};

/// The longest line read from a games file.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The most records read from all files of one merge: every game of the largest run, twice
/// for an A/B run.
pub const MAX_RECORDS: usize = 2 * *super::limits::SIMULATE_GAMES.end() as usize;
/// The most bytes read from all files of one merge (a game's line is about 8 KB with two
/// starter decks, so this holds half a million games and bounds the memory a merge takes).
pub const MAX_MERGE_BYTES: u64 = 4 << 30;
/// The longest name a record may hold (a deck's file stem, a card's or a player's name):
/// a file name's 255 bytes.
pub const MAX_NAME_BYTES: usize = 255;
/// How much of a hostile name a message shows.
const SHOWN_CHARS: usize = 40;
/// How much of a parser's message about a hostile line is shown (it may quote the line).
const SHOWN_ERROR_CHARS: usize = 200;

/// A run's swap, `Old Card=New Card`, as its two card names, trimmed; `None` when `text` is not
/// one. The one reading of `--swap` for the run, its report, `replay --swapped` and the workbench.
pub fn swap_names(text: &str) -> Option<(&str, &str)> {
    text.split_once('=')
        .map(|(old, new)| (old.trim(), new.trim()))
}

/// `text` as a message may show it: control and invisible characters escaped (`\u{1b}`), cut
/// to its first 40 characters with `…` after. For text read from a file the user did not write.
pub fn shown(text: &str) -> String {
    cut(text, SHOWN_CHARS)
}

fn cut(text: &str, most: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == most {
            out.push('…');
            break;
        }
        if c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{feff}')
        {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// A name in a record is a plain name: not empty, at most [`MAX_NAME_BYTES`], no control
/// characters. `what` says which name, for the message.
fn plain_name(what: &str, name: &str) -> Result<(), String> {
    if name.trim().is_empty() || name.len() > MAX_NAME_BYTES || name.chars().any(char::is_control) {
        return Err(format!(
            "{what} `{}` is not a name (1 to {MAX_NAME_BYTES} bytes, no control characters)",
            shown(name)
        ));
    }
    Ok(())
}

/// A deck a record names is a deck name, looked up only as `decks/NAME.txt` in the pool: a
/// plain name with no path in it (no `/` or `\\`, not `.` or `..`), so a games file can never
/// make `replay` open a file elsewhere.
pub fn check_deck_name(name: &str) -> Result<(), String> {
    plain_name("deck", name)?;
    if name.contains(['/', '\\']) || name == "." || name == ".." {
        return Err(format!(
            "deck `{}` is not a deck name: a games file names decks by name, never by path",
            shown(name)
        ));
    }
    Ok(())
}

/// Why a deck a record names was not found in the pool's `decks/` folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordedDeckMissing {
    /// The name is no plain deck name ([`check_deck_name`]'s words).
    Name(String),
    /// No card directory is known, so there is no `decks/` to look in.
    NoCardDirectory,
    /// `decks/NAME.txt` does not exist, or leads (by a link) out of the card directory; the
    /// folder looked in.
    NotThere(std::path::PathBuf),
}

/// The decklist a record's deck `name` stands for: `DIR/decks/NAME.txt`, only when the name is a
/// plain deck name and the file, links followed, lies inside the card directory `dir` — the one
/// lookup `replay` and the workbench make, so a games file never opens a file elsewhere.
pub fn recorded_deck_path(
    dir: Option<&Path>,
    name: &str,
) -> Result<std::path::PathBuf, RecordedDeckMissing> {
    check_deck_name(name).map_err(RecordedDeckMissing::Name)?;
    let dir = dir.ok_or(RecordedDeckMissing::NoCardDirectory)?;
    let decks = dir.join("decks");
    let not_there = || RecordedDeckMissing::NotThere(decks.clone());
    let real = decks
        .join(format!("{name}.txt"))
        .canonicalize()
        .map_err(|_| not_there())?;
    let root = dir.canonicalize().map_err(|_| not_there())?;
    if !real.starts_with(&root) {
        return Err(not_there());
    }
    Ok(real)
}

/// The run a game belongs to: every shard of a run writes the same header on every line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// The simulation seed `--seed`; game seeds derive from it and the game index.
    pub seed: u64,
    /// Games in the whole run (all shards).
    pub games: u64,
    /// The turn cap `--turns`.
    pub turns: u32,
    /// The entrants in command-line order: deck name and player.
    pub entrants: Vec<Entry>,
    /// `Old Card=New Card` for an A/B run.
    pub swap: Option<String>,
    /// A round robin (`--round-robin`): each game seats one pairing of the entrants, and
    /// `games` counts the games of every pairing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub round_robin: bool,
}

/// An entrant: a deck and the computer player that commands it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub deck: String,
    pub player: String,
}

/// Which side of an A/B run a game is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// The decks as given.
    Base,
    /// The decks with the swapped card.
    Swap,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// One commander remains (§6.1, §7.2).
    Winner,
    /// The turn cap stopped it.
    TurnCap,
    /// Every commander scooped.
    NoCommanders,
    /// The game stopped with a decision pending: the choice cap, or a player that had no
    /// choice to give.
    Unfinished,
}

impl Ending {
    /// How a game with this outcome (`None`: still undecided) ended.
    pub fn of(outcome: Option<&crate::event::Outcome>) -> Ending {
        use crate::event::Outcome;
        match outcome {
            Some(Outcome::Winner(_)) => Ending::Winner,
            Some(Outcome::TurnLimit { .. }) => Ending::TurnCap,
            Some(Outcome::NoCommanders) => Ending::NoCommanders,
            None => Ending::Unfinished,
        }
    }
}

/// Why a game at the turn cap had no winner, as far as its final state tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CapReason {
    /// Every commander still in has an empty Shipyard (§5.3.1 draws nothing more).
    DeckOut,
    /// Cards were left to draw, and still no Station fell.
    Stalemate,
}

/// How the last commander to leave a won game left it (§6.1, §6.9.3, §7.2), read from the log
/// by [`super::fall`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fall {
    /// Its Station was destroyed, the last wounds dealt by a volley (§6.2).
    Volley,
    /// Its Station was destroyed by card text (an ability's wounds or destruction, §8).
    CardText,
    /// Its Station was hijacked or scuttled by boarders who beat its Marines (§6.9).
    BoardedDefended,
    /// Its Station was hijacked or scuttled with no Marine aboard to defend it (§6.9.3).
    BoardedUndefended,
    /// It scooped (§7.2).
    Scoop,
}

impl Fall {
    pub const ALL: [Fall; 5] = [
        Fall::Volley,
        Fall::CardText,
        Fall::BoardedDefended,
        Fall::BoardedUndefended,
        Fall::Scoop,
    ];

    /// The way in words.
    pub fn words(self) -> &'static str {
        match self {
            Fall::Volley => "Station destroyed by volley",
            Fall::CardText => "Station destroyed by card text",
            Fall::BoardedDefended => "Station boarded against defenders",
            Fall::BoardedUndefended => "Station boarded undefended",
            Fall::Scoop => "last opponent scooped",
        }
    }
}

/// What one card did for one seat in one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardCount {
    pub seat: usize,
    pub card: String,
    /// Copies drawn, in Setup (§4.4) or Logistics (§5.3.1).
    pub drawn: u32,
    /// Copies deployed or put into play, however (§4.2, §4.3, §5.4, §2.6, …).
    pub deployed: u32,
    /// Copies destroyed (§6.2, §6.7, §9.12).
    pub destroyed: u32,
    /// Wounds its volleys dealt (§6.2).
    pub wounds: u32,
    /// Of `deployed`: copies put into play from the Shipyard, never drawn (Regimented §3.4.7,
    /// Conscripted §5.4.3, the Spoils of War §7.1.3.2, a card's search §8.3).
    #[serde(default)]
    pub from_shipyard: u32,
    /// Of `deployed`: copies in play from Setup without a draw, so in every game: the Station
    /// and free Module-Stations (§4.2) and the Stockpile cards (§4.3).
    #[serde(default)]
    pub setup: u32,
    /// Times one of its abilities began to resolve (§6.8).
    #[serde(default)]
    pub abilities: u32,
    /// Wounds it took: volley wounds (§6.2) and compulsory wounds (§9.6).
    #[serde(default)]
    pub wounds_taken: u32,
    /// The commander turn numbers of its deployments, summed, Setup being turn 0 and the free
    /// Setup deployments (`setup`) left out: the mean turn a copy came into play.
    #[serde(default)]
    pub deployed_turns: u64,
}

impl CardCount {
    /// A card of `seat`'s deck with nothing counted yet.
    pub fn zero(seat: usize, card: String) -> CardCount {
        CardCount {
            seat,
            card,
            drawn: 0,
            deployed: 0,
            destroyed: 0,
            wounds: 0,
            from_shipyard: 0,
            setup: 0,
            abilities: 0,
            wounds_taken: 0,
            deployed_turns: 0,
        }
    }
}

/// One game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub run: Run,
    /// The game's index in the run, 0-based.
    pub index: u64,
    /// The game's own seed (`sweep::game_seed(run.seed, index)`).
    pub seed: u64,
    pub variant: Variant,
    /// Which entrant sits at each seat (seat 0 first).
    pub seats: Vec<usize>,
    /// Each seat's deck and player (the entrants', in seat order).
    pub decks: Vec<String>,
    pub players: Vec<String>,
    /// The seat that took the game's first turn (§4.8), if any turn began.
    pub first: Option<usize>,
    /// The winning seat.
    pub winner: Option<usize>,
    pub ending: Ending,
    pub cap_reason: Option<CapReason>,
    /// How the last commander out left a game that has a winner.
    #[serde(default)]
    pub fall: Option<Fall>,
    /// Commander turns played.
    pub turns: u32,
    /// Choices applied.
    pub choices: u64,
    pub cards: Vec<CardCount>,
}

impl GameRecord {
    /// The entrant that won, if any.
    pub fn winning_entrant(&self) -> Option<usize> {
        self.winner.and_then(|s| self.seats.get(s).copied())
    }

    /// The seat-relative facts hold: seats are a permutation of the entrants, and every seat
    /// named exists. A hostile line is refused here, before the report indexes with it.
    pub fn check(&self) -> Result<(), String> {
        self.fault().map_err(|(_, why)| why)
    }

    /// What [`check`](Self::check) refuses, with the key of the field at fault: `run.KEY` for
    /// the run's header (the line's first `"KEY":`), `KEY` for the game's own (its last).
    fn fault(&self) -> Result<(), (&'static str, String)> {
        use super::limits::{self, words};
        let n = self.run.entrants.len();
        let entrants = if self.run.round_robin {
            &limits::ROUND_ROBIN_DECKS
        } else {
            &limits::COMMANDERS
        };
        if !entrants.contains(&n) {
            return Err((
                "run.entrants",
                format!("a run has {} entrants, not {n}", words(entrants)),
            ));
        }
        if self.run.round_robin && self.run.swap.is_some() {
            return Err(("run.swap", "a round robin has no --swap".into()));
        }
        if !limits::SIMULATE_GAMES.contains(&self.run.games) {
            return Err((
                "run.games",
                format!(
                    "a run has {} games (--games), not {}",
                    words(&limits::SIMULATE_GAMES),
                    self.run.games
                ),
            ));
        }
        if !limits::TURNS.contains(&self.run.turns) {
            return Err((
                "run.turns",
                format!(
                    "a run's turn cap (--turns) is {}, not {}",
                    words(&limits::TURNS),
                    self.run.turns
                ),
            ));
        }
        if self.turns > self.run.turns {
            return Err((
                "turns",
                format!(
                    "{} turns played past the run's turn cap of {}",
                    self.turns, self.run.turns
                ),
            ));
        }
        if self.choices > super::MAX_CHOICES as u64 {
            return Err((
                "choices",
                format!(
                    "{} choices, more than a game may take ({})",
                    self.choices,
                    super::MAX_CHOICES
                ),
            ));
        }
        let entrants = self.run.entrants.iter().map(|e| ("run.entrants", &e.deck));
        for (key, deck) in entrants.chain(self.decks.iter().map(|d| ("decks", d))) {
            check_deck_name(deck).map_err(|why| (key, why))?;
        }
        let entrants = self
            .run
            .entrants
            .iter()
            .map(|e| ("run.entrants", &e.player));
        for (key, player) in entrants.chain(self.players.iter().map(|p| ("players", p))) {
            crate::sweep::PlayerKind::parse(player).map_err(|_| {
                let why = format!(
                    "no computer player `{}`: random, heuristic or search:N",
                    shown(player)
                );
                (key, why)
            })?;
        }
        if let Some(swap) = &self.run.swap {
            plain_name("swap", swap).map_err(|why| ("run.swap", why))?;
        }
        let mut seen = vec![false; n];
        for &e in &self.seats {
            match seen.get_mut(e) {
                Some(s) if !*s => *s = true,
                _ => {
                    let seats: Vec<String> = self.seats.iter().map(usize::to_string).collect();
                    return Err((
                        "seats",
                        format!("seats [{}] are not one of each entrant", seats.join(", ")),
                    ));
                }
            }
        }
        // A round robin seats one pairing; any other run every entrant.
        let seated = if self.run.round_robin { 2 } else { n };
        if self.seats.len() != seated || self.decks.len() != seated || self.players.len() != seated
        {
            return Err((
                "seats",
                if self.run.round_robin {
                    "a round robin's game seats two entrants, with their decks and players".into()
                } else {
                    "seats, decks and players must name every entrant once".into()
                },
            ));
        }
        let seat_ok = |s: Option<usize>| s.is_none_or(|s| s < seated);
        if !seat_ok(self.first) || !seat_ok(self.winner) {
            let key = if seat_ok(self.first) {
                "winner"
            } else {
                "first"
            };
            return Err((
                key,
                "first or winner names a seat the game does not have".into(),
            ));
        }
        if (self.ending == Ending::Winner) != self.winner.is_some() {
            return Err((
                "winner",
                "a winner is named exactly when the game ended with one".into(),
            ));
        }
        if self.fall.is_some() && self.winner.is_none() {
            return Err((
                "fall",
                "how the last commander fell is told only for a game with a winner".into(),
            ));
        }
        if self.index >= self.run.games {
            return Err((
                "index",
                format!(
                    "game {} is outside the run's {} games",
                    self.index, self.run.games
                ),
            ));
        }
        if self.variant == Variant::Swap && self.run.swap.is_none() {
            return Err(("variant", "a swapped game in a run without --swap".into()));
        }
        for c in &self.cards {
            plain_name("card", &c.card).map_err(|why| ("cards", why))?;
            if c.seat >= seated {
                return Err((
                    "cards",
                    format!("card `{}` counted for seat {}", shown(&c.card), c.seat),
                ));
            }
        }
        Ok(())
    }
}

/// The records as JSON lines, in order.
pub fn to_jsonl(records: &[GameRecord]) -> String {
    let mut out = String::new();
    for r in records {
        // Serialising plain data with string keys cannot fail.
        out.push_str(&serde_json::to_string(r).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// Read a games file written by `--out`: regular files only, bounded lines, every record
/// checked. `budget` is the bytes still allowed for this merge (start at [`MAX_MERGE_BYTES`]).
/// Every line that is not a game record a run writes is a problem, all of them reported
/// together with their lines ([`GamesFileError`]).
pub fn read(
    path: &Path,
    into: &mut Vec<GameRecord>,
    budget: &mut u64,
) -> Result<(), GamesFileError> {
    let at = path.display();
    let mut problems = Problems::default();
    let whole = each_line(
        path,
        budget,
        &mut problems,
        &mut |number, text, problems| {
            if into.len() >= MAX_RECORDS {
                return Err(format!("{at}: more than {MAX_RECORDS} games"));
            }
            match parse_line(number, text) {
                Ok(r) => into.push(r),
                Err(p) => problems.push(p),
            }
            Ok(false)
        },
    );
    problems.into_result(path, whole)
}

/// The record of game `index` (the record's `index` field, 0-based, as the run numbers its
/// games) on the `variant` side of an A/B run (`Base` otherwise) in a games file, read as
/// [`read`] reads (bounded, checked), but keeping only that record.
pub fn find(path: &Path, index: u64, variant: Variant) -> Result<GameRecord, GamesFileError> {
    let mut budget = MAX_MERGE_BYTES;
    let mut found = None;
    let mut games = 0u64;
    // `--out` writes compact JSON: a line of that form without this text is another game and
    // is not parsed (a line written otherwise is).
    let key = format!("\"index\":{index},");
    let mut problems = Problems::default();
    let whole = each_line(
        path,
        &mut budget,
        &mut problems,
        &mut |number, text, problems| {
            games += 1;
            if text.contains("\"index\":") && !text.contains(&key) {
                return Ok(false);
            }
            match parse_line(number, text) {
                Ok(r) if r.index == index && r.variant == variant => {
                    found = Some(r);
                    return Ok(true);
                }
                Ok(_) => {}
                Err(p) => problems.push(p),
            }
            Ok(false)
        },
    );
    problems.into_result(path, whole)?;
    found.ok_or_else(|| {
        GamesFileError::whole(format!(
            "{}: no {}game {index} among its {games} record(s) (games are numbered by their \
             `index`, from 0)",
            path.display(),
            if variant == Variant::Swap {
                "swapped "
            } else {
                ""
            }
        ))
    })
}

/// The most line problems one games file reports; the rest are counted.
pub const MAX_PROBLEMS: usize = 20;
/// A line up to this long is kept whole for its diagnostic (the renderer clips a long line
/// around its label, and columns stay the line's own); a longer one is cut around the fault.
const SHOWN_WHOLE_LINE_BYTES: usize = 64 << 10;
/// How many characters of a longer line a problem shows around the place at fault.
const SHOWN_LINE_CHARS: usize = 120;

/// What is wrong with a line of a games file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineFault {
    /// Not a game record at all: not JSON of a record's shape, not UTF-8, too long (`HB0810`).
    NotARecord,
    /// A record no run writes: a value out of the flags' ranges, seats that do not fit, a name
    /// that is not one (`HB0811`).
    Impossible,
}

impl LineFault {
    /// Its diagnostic code (`cardc explain` explains it).
    pub const fn code(self) -> &'static str {
        match self {
            LineFault::NotARecord => "HB0810",
            LineFault::Impossible => "HB0811",
        }
    }
}

/// A problem with one line of a games file, placed for a diagnostic. The line itself may be
/// hostile and megabytes long, so only `shown` is kept: the part around the fault, escaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineProblem {
    /// 1-based.
    pub line: usize,
    pub fault: LineFault,
    pub message: String,
    /// What the label under the fault says.
    pub label: String,
    /// The line as shown: control characters escaped, cut to the part around the fault.
    pub shown: String,
    /// Where the fault is in `shown`, as byte offsets.
    pub at: (usize, usize),
}

/// Why a games file could not be read: every problem with its lines (up to [`MAX_PROBLEMS`],
/// the rest counted), or what stopped the reading of the whole file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamesFileError {
    /// The file as it was named.
    pub path: String,
    pub lines: Vec<LineProblem>,
    /// Lines with problems past the [`MAX_PROBLEMS`] kept.
    pub more: usize,
    /// A problem with the whole file, which stopped its reading (its message names the file).
    pub whole: Option<String>,
}

impl GamesFileError {
    fn whole(message: String) -> GamesFileError {
        GamesFileError {
            path: String::new(),
            lines: Vec::new(),
            more: 0,
            whole: Some(message),
        }
    }
}

impl std::fmt::Display for GamesFileError {
    /// The summary: the problem with the whole file, or how many lines have one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.lines.len() + self.more;
        match (&self.whole, n) {
            (Some(why), 0) => write!(f, "{why}"),
            (Some(why), _) => write!(f, "{why} (after {n} line(s) that are not game records)"),
            (None, 1) => write!(f, "{}: 1 line is not a game record a run writes", self.path),
            (None, _) => write!(
                f,
                "{}: {n} lines are not game records a run writes",
                self.path
            ),
        }
    }
}

impl From<GamesFileError> for String {
    fn from(e: GamesFileError) -> String {
        e.to_string()
    }
}

/// The line problems found so far.
#[derive(Default)]
struct Problems {
    lines: Vec<LineProblem>,
    more: usize,
}

impl Problems {
    fn push(&mut self, p: LineProblem) {
        if self.lines.len() < MAX_PROBLEMS {
            self.lines.push(p);
        } else {
            self.more += 1;
        }
    }

    fn into_result(self, path: &Path, whole: Result<(), String>) -> Result<(), GamesFileError> {
        if whole.is_ok() && self.lines.is_empty() {
            return Ok(());
        }
        Err(GamesFileError {
            path: path.display().to_string(),
            lines: self.lines,
            more: self.more,
            whole: whole.err(),
        })
    }
}

fn parse_line(number: usize, text: &str) -> Result<GameRecord, LineProblem> {
    let r: GameRecord = serde_json::from_str(text).map_err(|e| {
        // A record is one line, so the parser's column is its place in this line; it counts
        // bytes from 1.
        let at = e.column().saturating_sub(1).min(text.len());
        let why = e.to_string();
        // serde_json ends its message with " at line L column C", which the diagnostic says.
        let why = why.split(" at line ").next().unwrap_or(&why);
        let why = cut(why, SHOWN_ERROR_CHARS);
        let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        problem(number, LineFault::NotARecord, text, (at, end), why, "here")
    })?;
    r.fault().map_err(|(key, why)| {
        let place = value_of(text, key).unwrap_or((0, text.len()));
        problem(
            number,
            LineFault::Impossible,
            text,
            place,
            why,
            "not what a run writes",
        )
    })?;
    Ok(r)
}

/// A problem at `place` (byte offsets, on character boundaries) of the line `text`.
fn problem(
    line: usize,
    fault: LineFault,
    text: &str,
    place: (usize, usize),
    message: String,
    label: &str,
) -> LineProblem {
    let (shown, at) = shown_around(text, place);
    let column = text[..place.0.min(text.len())].chars().count() + 1;
    let label = if shown.starts_with('…') {
        format!("{label} (column {column} of the line)")
    } else {
        label.to_string()
    };
    LineProblem {
        line,
        fault,
        message,
        label,
        shown,
        at,
    }
}

/// The part of `text` a diagnostic shows around `place`, escaped as [`shown`] escapes, and
/// where `place` is in it: the whole line up to [`SHOWN_WHOLE_LINE_BYTES`]; a longer one from
/// up to 40 characters before it, at most [`SHOWN_LINE_CHARS`] in all, `…` where it is cut.
fn shown_around(text: &str, place: (usize, usize)) -> (String, (usize, usize)) {
    let (from, to) = (
        place.0.min(text.len()),
        place.1.min(text.len()).max(place.0),
    );
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let first = chars
        .iter()
        .position(|&(k, _)| k >= from)
        .unwrap_or(chars.len());
    let whole = text.len() <= SHOWN_WHOLE_LINE_BYTES;
    // From the line's start while the place fits in the first two thirds, so its column is
    // the line's own.
    let start = if whole || first + 40 <= SHOWN_LINE_CHARS {
        0
    } else {
        first - 40
    };
    let most = if whole { usize::MAX } else { SHOWN_LINE_CHARS };
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    let (mut at_from, mut at_to) = (None, None);
    for (n, &(k, c)) in chars.iter().enumerate().skip(start) {
        if k >= from && at_from.is_none() {
            at_from = Some(out.len());
        }
        if k >= to && at_to.is_none() {
            at_to = Some(out.len());
        }
        if n - start == most {
            out.push('…');
            break;
        }
        out.push_str(&cut(&c.to_string(), 1));
    }
    let at_from = at_from.unwrap_or(out.len());
    let at_to = at_to.unwrap_or(out.len()).max(at_from);
    (out, (at_from, at_to))
}

/// Where the value of the field `key` stands in a record's line: `run.KEY` the first `"KEY":`
/// (the run's header comes first), `KEY` the last (the game's own fields follow it).
fn value_of(text: &str, key: &str) -> Option<(usize, usize)> {
    let (name, first) = match key.strip_prefix("run.") {
        Some(k) => (k, true),
        None => (key, false),
    };
    let needle = format!("\"{name}\":");
    let k = if first {
        text.find(&needle)?
    } else {
        text.rfind(&needle)?
    };
    let start = k + needle.len();
    let rest = &text[start..];
    let lead = rest.len() - rest.trim_start().len();
    let (mut depth, mut quoted, mut escaped) = (0i32, false, false);
    for (n, c) in rest.char_indices().skip_while(|&(n, _)| n < lead) {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '[' | '{' if !quoted => depth += 1,
            ']' | '}' if !quoted && depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    return Some((start + lead, start + n + 1));
                }
            }
            ',' | ']' | '}' if !quoted && depth == 0 => return Some((start + lead, start + n)),
            _ => {}
        }
    }
    Some((start + lead, text.len()))
}

/// Each non-blank line of a games file with its number, until `each` says stop (`Ok(true)`):
/// regular files only, at most [`MAX_LINE_BYTES`] a line and `budget` bytes in all. A line
/// that is not UTF-8 is a problem and reading goes on; an over-long one is a problem that ends
/// the reading (where the next line starts is not looked for). `Err` is what stopped the
/// reading of the whole file.
fn each_line(
    path: &Path,
    budget: &mut u64,
    problems: &mut Problems,
    each: &mut dyn FnMut(usize, &str, &mut Problems) -> Result<bool, String>,
) -> Result<(), String> {
    let at = path.display();
    // Opened first and judged on the handle: a FIFO swapped in cannot block the read.
    let (file, _) = cardlang::read::open_regular(path).map_err(|e| e.to_string())?;
    let mut reader = std::io::BufReader::new(file);
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        let got = (&mut reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("{at}: {e}"))?;
        if got == 0 {
            return Ok(());
        }
        number += 1;
        *budget = budget.checked_sub(got as u64).ok_or_else(|| {
            format!("{at}: the games files of one merge are limited to {MAX_MERGE_BYTES} bytes")
        })?;
        if line.len() > MAX_LINE_BYTES {
            let head = String::from_utf8_lossy(&line[..SHOWN_LINE_CHARS]).into_owned();
            problems.push(problem(
                number,
                LineFault::NotARecord,
                &head,
                (0, head.len()),
                format!("longer than {MAX_LINE_BYTES} bytes"),
                "this line goes on",
            ));
            return Ok(());
        }
        let Ok(text) = std::str::from_utf8(&line) else {
            let lossy = String::from_utf8_lossy(&line);
            let bad = lossy.find('\u{fffd}').unwrap_or(0);
            let text = lossy.trim_end();
            let place = (bad.min(text.len()), (bad + 3).min(text.len()));
            problems.push(problem(
                number,
                LineFault::NotARecord,
                text,
                place,
                "not UTF-8".into(),
                "not a UTF-8 character",
            ));
            continue;
        };
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        if each(number, text, problems)? {
            return Ok(());
        }
    }
}

/// Put the records of one run in order (by game, base before swap) after checking they belong
/// together: one run header, no game twice. With `complete`, every game of the run (and its
/// swapped twin in an A/B run) must be there — what a merge of all shards gives.
pub fn merge(mut records: Vec<GameRecord>, complete: bool) -> Result<Vec<GameRecord>, String> {
    let Some(first) = records.first() else {
        return Err("no games to report".into());
    };
    let run = first.run.clone();
    for r in &records {
        r.check().map_err(|e| format!("game {}: {e}", r.index))?;
        if r.run != run {
            return Err(format!(
                "game {} belongs to another run (seed {}, {} games, turns {}) than game {} \
                 (seed {}, {} games, turns {}): merge only the shards of one run",
                r.index,
                r.run.seed,
                r.run.games,
                r.run.turns,
                first.index,
                run.seed,
                run.games,
                run.turns
            ));
        }
    }
    records.sort_by_key(|r| (r.index, r.variant));
    for w in records.windows(2) {
        if (w[0].index, w[0].variant) == (w[1].index, w[1].variant) {
            return Err(format!(
                "game {} appears twice: is a shard merged twice?",
                w[0].index
            ));
        }
    }
    if complete {
        let per_game = if run.swap.is_some() { 2 } else { 1 };
        if records.len() as u64 != run.games * per_game {
            let mut have = records.iter().map(|r| (r.index, r.variant)).peekable();
            for i in 0..run.games {
                for v in [Variant::Base, Variant::Swap]
                    .into_iter()
                    .take(per_game as usize)
                {
                    if have.peek() == Some(&(i, v)) {
                        have.next();
                    } else {
                        return Err(format!(
                            "game {i} of the run's {} is missing: did every shard finish?",
                            run.games
                        ));
                    }
                }
            }
        }
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: u64) -> GameRecord {
        GameRecord {
            run: Run {
                seed: 1,
                games: 2,
                turns: 30,
                entrants: vec![
                    Entry {
                        deck: "a".into(),
                        player: "random".into(),
                    },
                    Entry {
                        deck: "b".into(),
                        player: "random".into(),
                    },
                ],
                swap: None,
                round_robin: false,
            },
            index,
            seed: 7,
            variant: Variant::Base,
            seats: vec![0, 1],
            decks: vec!["a".into(), "b".into()],
            players: vec!["random".into(), "random".into()],
            first: Some(0),
            winner: Some(1),
            ending: Ending::Winner,
            cap_reason: None,
            fall: Some(Fall::Volley),
            turns: 4,
            choices: 90,
            cards: vec![CardCount {
                seat: 1,
                card: "Zephyr Fighter Wing".into(),
                drawn: 1,
                deployed: 1,
                destroyed: 0,
                wounds: 2,
                from_shipyard: 0,
                setup: 0,
                abilities: 0,
                wounds_taken: 1,
                deployed_turns: 3,
            }],
        }
    }

    fn file(name: &str, text: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("hb-record-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("temp file");
        path
    }

    #[test]
    fn reads_what_it_writes_within_its_bounds() {
        let text = to_jsonl(&[game(0), game(1)]);
        let path = file("two", &text);
        let mut got = Vec::new();
        let mut budget = MAX_MERGE_BYTES;
        read(&path, &mut got, &mut budget).expect("reads");
        assert_eq!(got, vec![game(0), game(1)]);
        assert_eq!(budget, MAX_MERGE_BYTES - text.len() as u64);
        // A merge past its byte budget stops with what the limit is.
        let mut small = text.len() as u64 - 1;
        let err = read(&path, &mut Vec::new(), &mut small).expect_err("over budget");
        assert!(err.to_string().contains("limited to"), "{err}");
        // An over-long line is refused with its number, before it is parsed.
        let long = file(
            "long",
            &format!(
                "{}\n{}\n",
                text.lines().next().unwrap_or(""),
                "x".repeat(MAX_LINE_BYTES + 1)
            ),
        );
        let mut budget = MAX_MERGE_BYTES;
        let err = read(&long, &mut Vec::new(), &mut budget).expect_err("too long");
        let [p] = &err.lines[..] else {
            panic!("one problem: {err:?}");
        };
        assert_eq!(p.line, 2);
        assert_eq!(p.message, format!("longer than {MAX_LINE_BYTES} bytes"));
        // A winner named for a game that ended without one is refused.
        let mut bad = game(0);
        bad.ending = Ending::TurnCap;
        assert!(bad.check().is_err());
        let _ = std::fs::remove_file(path);
        let _ = std::fs::remove_file(long);
    }

    #[test]
    fn finds_one_game_by_its_index() {
        let path = file("find", &to_jsonl(&[game(0), game(1)]));
        assert_eq!(find(&path, 1, Variant::Base), Ok(game(1)));
        assert!(
            find(&path, 1, Variant::Swap).is_err(),
            "no swapped side in this run"
        );
        let err = find(&path, 2, Variant::Base)
            .expect_err("no game 2")
            .to_string();
        assert!(
            err.ends_with(
                "no game 2 among its 2 record(s) (games are numbered by their `index`, from 0)"
            ),
            "{err}"
        );
        let _ = std::fs::remove_file(path);
        let dir = std::env::temp_dir();
        assert!(find(&dir, 0, Variant::Base)
            .expect_err("a directory")
            .to_string()
            .ends_with("not a regular file"));
    }
}
