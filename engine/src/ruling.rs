//! Ruling files: a board, forced dice and a script of choices, run into a transcript.
//! The format is documented in docs/rulings.md; in short:
//!
//! ```text
//! title: Conscription pays double and ignores discounts (§5.4.3)
//! seed: 1
//! phase: manufacturing          # setup | logistics | manufacturing | engagement | discard
//! active: Ada
//! turn: 3
//! dice: 7 3
//!
//! commander Ada
//!   stockpile: 12R 9C
//!   hand: Card A; Card B
//!   shipyard: Card C; Card D    # top first
//!   scrapheap: Card E
//!   in play:
//!     Some Station @home
//!       Some Module-Station
//!     Some Ship @s wounds 1
//!
//! override: hand-size = 6 from @home for controller
//! discount: 2R 0C on ships from @home
//!
//! script:
//!   Ada: deploy Card A onto @s
//! ```
//!
//! A hand-written text format (no extra dependency) keeps rulings readable and diff-friendly;
//! every problem is reported with its line number.

use crate::state::engagement::VolleyKind;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Arc;

use crate::board::StartAt;
use crate::choice::Choice;
use crate::ids::{Inst, PlayerId};
use crate::ir::{Amount, BaseRule, CardKind, RuleValue, ShipClass};
use crate::resolver::{Override, Scope};
use crate::state::{Config, Discount, DiscountTarget, Game, Zone};
use crate::transcript::Namer;
use crate::CardDb;

/// Largest ruling file accepted.
pub const MAX_RULING_BYTES: usize = 256 * 1024;

/// Why a ruling file could not be read (before any line of it is parsed).
#[derive(Debug, thiserror::Error)]
pub enum RulingFileError {
    /// Not a regular file, missing, unreadable or over [`MAX_RULING_BYTES`].
    #[error(transparent)]
    Read(#[from] cardlang::read::ReadError),
    #[error("{}: not UTF-8 (byte {at})", .path.display())]
    NotUtf8 { path: std::path::PathBuf, at: usize },
}

/// Reads a ruling file (`-`: standard input) through the shared bounded reader
/// ([`cardlang::read`]): a FIFO, device or directory is refused before it is opened, and at
/// most [`MAX_RULING_BYTES`] + 1 bytes are read.
pub fn read_file(path: &std::path::Path) -> Result<String, RulingFileError> {
    let bytes = cardlang::read::read_file(path, MAX_RULING_BYTES)?;
    String::from_utf8(bytes).map_err(|e| RulingFileError::NotUtf8 {
        path: path.to_path_buf(),
        at: e.utf8_error().valid_up_to(),
    })
}

/// Most problems reported for one ruling file; the reader stops there.
pub const MAX_PROBLEMS: usize = 200;

/// What kind of problem a ruling file has: each its stable diagnostic code (`HB08xx`), with a
/// long explanation `cardc explain HB0805` prints (cardlang's explanations table, which deck
/// and card codes share).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    /// The file cannot be read: missing, no regular file, too large, not UTF-8.
    Unreadable,
    /// A line that is not in the format: no `key: value`, an indented line outside a block, a
    /// block given twice, fewer than two commanders.
    Format,
    /// A key the board does not have (top, commander, engagement or aftermath keys).
    UnknownKey,
    /// A value its key does not take: a number, yes/no, an amount, a die, a phase, a flag.
    BadValue,
    /// A card name no card of the pool has.
    UnknownCard,
    /// A commander name no commander of the board has.
    UnknownCommander,
    /// A script or prelude line whose action word is no choice.
    UnknownAction,
    /// A board the rules cannot set up as written (too many wounds, a host over capacity, a
    /// label used twice, an override or a moment refused).
    Board,
    /// A script or prelude line that names no card, label or target of the game, or a prelude
    /// line the rules refuse.
    Script,
}

impl Code {
    /// Every code, in code order.
    pub const ALL: [Code; 9] = [
        Code::Unreadable,
        Code::Format,
        Code::UnknownKey,
        Code::BadValue,
        Code::UnknownCard,
        Code::UnknownCommander,
        Code::UnknownAction,
        Code::Board,
        Code::Script,
    ];

    /// The stable diagnostic code.
    pub fn code(self) -> &'static str {
        match self {
            Code::Unreadable => "HB0801",
            Code::Format => "HB0802",
            Code::UnknownKey => "HB0803",
            Code::BadValue => "HB0804",
            Code::UnknownCard => "HB0805",
            Code::UnknownCommander => "HB0806",
            Code::UnknownAction => "HB0807",
            Code::Board => "HB0808",
            Code::Script => "HB0809",
        }
    }
}

/// A problem in a ruling file: its line (0: the whole file), its code, its message, and where
/// the diagnostic points: `subject`, the words of the line at fault (the whole line when
/// `None` or not found), with a label and a help line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}{}", .help.as_ref().map_or(String::new(), |h| format!(" ({h})")))]
pub struct RulingError {
    pub line: usize,
    pub message: String,
    pub code: Code,
    pub subject: Option<String>,
    pub label: Option<String>,
    pub help: Option<String>,
}

impl RulingError {
    /// A problem at `line` of the kind [`Code::Format`] until [`RulingError::code`] says another.
    pub fn new(line: usize, message: impl Into<String>) -> RulingError {
        RulingError {
            line,
            message: message.into(),
            code: Code::Format,
            subject: None,
            label: None,
            help: None,
        }
    }

    pub fn code(mut self, code: Code) -> RulingError {
        self.code = code;
        self
    }

    /// Points at `subject` (words of the line) with `label` under it.
    pub fn at(mut self, subject: impl Into<String>, label: impl Into<String>) -> RulingError {
        self.subject = Some(subject.into());
        self.label = Some(label.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> RulingError {
        self.help = Some(help.into());
        self
    }

    /// This problem as `code` when it is still of the general kind [`Code::Format`]: what a
    /// stage of reading (the board, the script) makes of the problems its helpers found.
    fn or_code(self, code: Code) -> RulingError {
        match self.code {
            Code::Format => self.code(code),
            _ => self,
        }
    }

    /// A did-you-mean help naming `nearest`, when there is one.
    fn did_you_mean(self, nearest: Option<&str>) -> RulingError {
        match nearest {
            Some(n) => self.help(format!("did you mean `{n}`?")),
            None => self,
        }
    }
}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, RulingError> {
    Err(RulingError::new(line, message))
}

/// One parsed in-play entry.
#[derive(Debug, Clone)]
struct PlayEntry {
    line: usize,
    depth: usize,
    name: String,
    label: Option<String>,
    wounds: u8,
    face_down: bool,
    /// `awaits-volley-turn`: changed hands by boarding and waits for its new commander's next
    /// volley turn (§6.6 STEP 8E, I-51).
    awaits_volley: bool,
    /// `owes-drawback`: used Overload and its Drawback volley turn has not come (§3.3.3, I-42).
    owes_drawback: bool,
    /// `entered N`: when the card entered play, relative to the board's other cards (what
    /// orders abilities that trigger together, `effects::triggers`, and overrides of equal scope,
    /// docs/engine.md).
    entered: Option<u32>,
    /// `controlled-by NAME`: a card of this block's commander under another's command (a
    /// hijacked ship, §9.16); what is attached below it follows its controller.
    controlled_by: Option<String>,
    /// `owned-by NAME`: a card this block's commander controls but another owns (§9.16);
    /// what is attached below it is this commander's own (a garrison, §6.9.7).
    owned_by: Option<String>,
    /// `turned`, `limit-used N`, `prevented N by @label this round|turn` (`moment`).
    flags: crate::moment::CardFlags,
    /// `deployed-by NAME` (`-`: nobody): who deployed the card, when not this block's
    /// commander (what Unique counts, §3.4.11).
    deployed_by: Option<(String, usize)>,
}

#[derive(Debug, Clone, Default)]
struct CommanderSpec {
    name: String,
    stockpile: Option<(u8, u8)>,
    hand: Vec<(usize, String)>,
    shipyard: Vec<(usize, String)>,
    scrapheap: Vec<(usize, String)>,
    play: Vec<PlayEntry>,
    /// `conscripted: N`: Conscriptions already made this Manufacturing Phase (§5.4.3).
    conscripted: u8,
    /// `out: yes`: scooped or eliminated (§7.2).
    out: bool,
    /// `engagements: N [against NAME]`: engagements already declared this turn, and whom the
    /// last was against (§5.5.2, §7.2).
    engagements: Option<(usize, u8, Option<String>)>,
    /// `mulligans: N`: mulligans taken in Setup (§4.4.1).
    mulligans: u8,
}

/// A parsed ruling, ready to run.
#[derive(Debug, Clone)]
pub struct Ruling {
    pub title: String,
    seed: u64,
    /// `seed-words:`: where the seeded generator starts, in words drawn since the seed.
    seed_words: u128,
    phase: StartAt,
    /// The `phase:` line (0 when the file has none).
    phase_line: usize,
    active: Option<(usize, String)>,
    turn: u32,
    dice: Vec<u8>,
    commanders: Vec<CommanderSpec>,
    overrides: Vec<(usize, String)>,
    discounts: Vec<(usize, String)>,
    /// `dice-advance: yes`: a forced die still draws the roll it replaces from the seeded
    /// generator (`rng::Dice::set_advance`).
    dice_advance: bool,
    /// The moment under way: an engagement, a window, a search, ... (`moment`).
    moment: crate::moment::Spec,
    /// `prelude:`: choices played before the script to reach the board's moment; every one
    /// must be accepted.
    prelude: Vec<(usize, String)>,
    script: Vec<(usize, String)>,
}

fn split_list(s: &str) -> Vec<String> {
    s.split(';')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(String::from)
        .collect()
}

fn strip_comment(line: &str) -> &str {
    // ` #` starts a comment unless a digit follows: `Merlin-class Frigate #3` names a card.
    let comment = line
        .match_indices(" #")
        .map(|(k, _)| k)
        .find(|&k| !line[k + 2..].starts_with(|c: char| c.is_ascii_digit()));
    match comment {
        Some(k) => &line[..k],
        None if line.trim_start().starts_with('#') => "",
        None => line,
    }
}

/// `2R 1C`: each part a number followed by `R` or `C`. The unit is split off as a character,
/// never by byte position, so any text (multi-byte characters included) is an error, not a
/// panic.
fn parse_amount(s: &str, line: usize) -> Result<Amount, RulingError> {
    let mut a = Amount::ZERO;
    for part in s.split_whitespace() {
        let bad = || {
            RulingError::new(line, format!("`{part}` is not an amount like `2R` or `1C`"))
                .code(Code::BadValue)
                .at(part, "not an amount")
        };
        let (num, resource) = match (part.strip_suffix('R'), part.strip_suffix('C')) {
            (Some(num), _) => (num, true),
            (_, Some(num)) => (num, false),
            _ => return Err(bad()),
        };
        let n = parse_number::<u8>(num).ok_or_else(bad)?;
        if resource {
            a.resource = n;
        } else {
            a.currency = n;
        }
    }
    Ok(a)
}

/// A plain decimal number (ASCII digits only: no sign, no blanks), or `None`.
fn parse_number<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[derive(PartialEq)]
/// The block a line of a ruling file belongs to.
enum Block {
    Top,
    Commander,
    InPlay,
    Engagement,
    Aftermath,
    Prelude,
    Script,
    /// The lines under a top-level line that was refused: not read, so one mistake is
    /// reported once.
    Skipped,
}

/// Parse a ruling file, stopping at its first problem ([`parse_all`] reports them all).
pub fn parse(text: &str) -> Result<Ruling, RulingError> {
    parse_all(text).map_err(|mut all| all.swap_remove(0))
}

/// Parse a ruling file, reading every line: the ruling, or every problem of its format, in
/// line order (at most [`MAX_PROBLEMS`]).
pub fn parse_all(text: &str) -> Result<Ruling, Vec<RulingError>> {
    if text.len() > MAX_RULING_BYTES {
        return Err(vec![RulingError::new(
            0,
            format!("ruling file is larger than {MAX_RULING_BYTES} bytes"),
        )
        .code(Code::Unreadable)]);
    }
    let mut r = Ruling {
        title: String::new(),
        seed: 0,
        seed_words: 0,
        phase: StartAt::Manufacturing,
        phase_line: 0,
        active: None,
        turn: 1,
        dice: Vec::new(),
        commanders: Vec::new(),
        overrides: Vec::new(),
        discounts: Vec::new(),
        dice_advance: false,
        moment: crate::moment::Spec::default(),
        prelude: Vec::new(),
        script: Vec::new(),
    };
    let mut block = Block::Top;
    let mut problems = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        if let Err(e) = parse_line(&mut r, &mut block, k + 1, raw) {
            if problems.len() == MAX_PROBLEMS {
                break;
            }
            problems.push(e);
            if !raw.starts_with([' ', '\t']) {
                block = Block::Skipped;
            }
        }
    }
    if r.commanders.len() < 2 && problems.len() < MAX_PROBLEMS {
        problems.push(
            RulingError::new(0, "a ruling needs at least two commanders (§7)")
                .code(Code::Format)
                .help("give each commander a `commander NAME` block"),
        );
    }
    if problems.is_empty() {
        Ok(r)
    } else {
        Err(problems)
    }
}

/// Reads one line (`line`, from 1) into the ruling; `block` is the block it belongs to.
fn parse_line(
    r: &mut Ruling,
    block: &mut Block,
    line: usize,
    raw: &str,
) -> Result<(), RulingError> {
    let body = strip_comment(raw);
    if body.trim().is_empty() {
        return Ok(());
    }
    let indent = body.len() - body.trim_start().len();
    let t = body.trim();
    if indent == 0 {
        *block = Block::Top;
        if let Some(name) = t.strip_prefix("commander ") {
            let name = name.trim();
            if name.is_empty() || r.commanders.iter().any(|c| c.name == name) {
                return Err(
                    RulingError::new(line, "each commander needs a distinct name")
                        .at(if name.is_empty() { t } else { name }, "named before")
                        .help("give every `commander NAME` block a name of its own"),
                );
            }
            r.commanders.push(CommanderSpec {
                name: name.to_string(),
                ..Default::default()
            });
            *block = Block::Commander;
            return Ok(());
        }
        if t == "script:" {
            *block = Block::Script;
            return Ok(());
        }
        if t == "prelude:" {
            if !r.script.is_empty() || !r.prelude.is_empty() {
                return Err(
                    RulingError::new(line, "one `prelude:` block, before the script")
                        .at(t, "a second prelude, or one after the script"),
                );
            }
            *block = Block::Prelude;
            return Ok(());
        }
        let Some((key, value)) = t.split_once(':') else {
            return Err(not_key_value(line, t, TOP_KEYS));
        };
        let value = value.trim();
        let key_line = || crate::moment::KeyLine {
            line,
            key: key.trim().to_string(),
            value: value.to_string(),
        };
        if crate::moment::TOP_KEYS.contains(&key.trim()) {
            r.moment.top.push(key_line());
            return Ok(());
        }
        match key.trim() {
            "engagement" | "aftermath" => {
                let slot = if key.trim() == "engagement" {
                    *block = Block::Engagement;
                    &mut r.moment.engagement
                } else {
                    *block = Block::Aftermath;
                    &mut r.moment.aftermath
                };
                if slot.is_some() {
                    return Err(
                        RulingError::new(line, format!("one `{}:` block", key.trim()))
                            .at(key.trim(), "given before"),
                    );
                }
                *slot = Some((key_line(), Vec::new()));
                return Ok(());
            }
            "dice-advance" => {
                r.dice_advance = match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(yes_or_no(line, "dice-advance", value)),
                }
            }
            "title" => r.title = value.to_string(),
            "seed" => {
                r.seed = value
                    .parse()
                    .map_err(|_| whole_number(line, "seed", value))?
            }
            "seed-words" => {
                r.seed_words =
                    parse_number(value).ok_or_else(|| whole_number(line, "seed-words", value))?
            }
            "turn" => {
                r.turn = value
                    .parse()
                    .map_err(|_| whole_number(line, "turn", value))?
            }
            "active" => r.active = Some((line, value.to_string())),
            "phase" => {
                use crate::state::Then;
                r.phase_line = line;
                r.phase = match value {
                    "setup" => StartAt::Setup,
                    "logistics" => StartAt::Logistics,
                    "manufacturing" => StartAt::Manufacturing,
                    "engagement" => StartAt::Engagement,
                    "discard" => StartAt::Discard,
                    "mulligan" => StartAt::Mulligan,
                    "setup-deploy" => StartAt::SetupDeploy,
                    "setup-discard" => StartAt::SetupDiscard,
                    "logistics-window" => StartAt::Window(Then::Manufacturing),
                    "manufacturing-window" => StartAt::Window(Then::Engagement),
                    "end-of-turn-window" => StartAt::Window(Then::NextTurn),
                    "combat" => StartAt::Combat,
                    "aftermath" => StartAt::Aftermath,
                    _ => match value.strip_prefix("setup-modules ").and_then(parse_number) {
                        Some(left) => StartAt::SetupModules(left),
                        None => {
                            return Err(RulingError::new(
                                line,
                                "phase is one of setup, logistics, manufacturing, engagement, \
                             discard, setup-modules N, mulligan, setup-deploy, setup-discard, \
                             logistics-window, manufacturing-window, end-of-turn-window, \
                             combat, aftermath",
                            )
                            .code(Code::BadValue)
                            .at(value, "no phase")
                            .did_you_mean(cardlang::db::nearest(value, PHASES.iter().copied())))
                        }
                    },
                }
            }
            "dice" => {
                for d in value.split_whitespace() {
                    match d.parse::<u8>() {
                        Ok(n) if crate::rng::shows(n) => r.dice.push(n),
                        _ => {
                            return Err(RulingError::new(
                                line,
                                format!("`{d}` is not a volley die result 1..10"),
                            )
                            .code(Code::BadValue)
                            .at(d, "no d10 shows this"))
                        }
                    }
                }
            }
            "override" => r.overrides.push((line, value.to_string())),
            "discount" => r.discounts.push((line, value.to_string())),
            other => return Err(unknown_key(line, "", other, TOP_KEYS)),
        }
        return Ok(());
    }
    match *block {
        Block::Skipped => return Ok(()),
        Block::Top => {
            return Err(RulingError::new(
                line,
                "indented line outside a commander or script block",
            )
            .at(t, "belongs to no block")
            .help("indent a line only under `commander NAME`, `script:`, `prelude:`, `engagement:` or `aftermath:`"))
        }
        Block::Script => r.script.push((line, t.to_string())),
        Block::Prelude => r.prelude.push((line, t.to_string())),
        Block::Engagement | Block::Aftermath => {
            let known = if *block == Block::Engagement {
                crate::moment::ENGAGEMENT_KEYS
            } else {
                crate::moment::AFTERMATH_KEYS
            };
            let Some((key, value)) = t.split_once(':') else {
                return Err(not_key_value(line, t, known));
            };
            let (keys, known, what) = if *block == Block::Engagement {
                (
                    &mut r.moment.engagement,
                    crate::moment::ENGAGEMENT_KEYS,
                    "engagement",
                )
            } else {
                (
                    &mut r.moment.aftermath,
                    crate::moment::AFTERMATH_KEYS,
                    "aftermath",
                )
            };
            let key = key.trim();
            if !known.contains(&key) {
                return Err(unknown_key(line, &format!("{what} "), key, known));
            }
            if let Some((_, keys)) = keys.as_mut() {
                keys.push(crate::moment::KeyLine {
                    line,
                    key: key.to_string(),
                    value: value.trim().to_string(),
                });
            }
        }
        Block::Commander | Block::InPlay => {
            let Some(c) = r.commanders.last_mut() else {
                return err(line, "no commander");
            };
            if *block == Block::InPlay && indent >= 4 {
                c.play
                    .push(parse_play(t, indent, line).map_err(|e| e.or_code(Code::BadValue))?);
                return Ok(());
            }
            *block = Block::Commander;
            if t == "in play:" {
                *block = Block::InPlay;
                return Ok(());
            }
            let Some((key, value)) = t.split_once(':') else {
                return Err(not_key_value(line, t, COMMANDER_KEYS));
            };
            // `-` is an empty list, as in the board's other list keys.
            let list = || {
                let value = if value.trim() == "-" { "" } else { value };
                split_list(value)
                    .into_iter()
                    .map(|n| (line, n))
                    .collect::<Vec<_>>()
            };
            match key.trim() {
                "stockpile" => {
                    let a = parse_amount(value, line)?;
                    c.stockpile = Some((a.resource, a.currency));
                }
                "out" => {
                    c.out = match value.trim() {
                        "yes" => true,
                        "no" => false,
                        _ => return Err(yes_or_no(line, "out", value.trim())),
                    }
                }
                "conscripted" => {
                    c.conscripted = parse_number(value.trim())
                        .ok_or_else(|| whole_number(line, "conscripted", value.trim()))?
                }
                "engagements" => {
                    let (n, against) = match value.split_once(" against ") {
                        Some((n, who)) => (n, Some(who.trim().to_string())),
                        None => (value, None),
                    };
                    let n = parse_number(n.trim()).ok_or_else(|| {
                        RulingError::new(line, "expected `engagements: N [against COMMANDER]`")
                            .code(Code::BadValue)
                            .at(n.trim(), "not a number")
                    })?;
                    c.engagements = Some((line, n, against));
                }
                "mulligans" => {
                    c.mulligans = parse_number(value.trim())
                        .ok_or_else(|| whole_number(line, "mulligans", value.trim()))?
                }
                "hand" => c.hand.extend(list()),
                "shipyard" => c.shipyard.extend(list()),
                "scrapheap" => c.scrapheap.extend(list()),
                other => return Err(unknown_key(line, "commander ", other, COMMANDER_KEYS)),
            }
        }
    }
    Ok(())
}

/// The top-level keys, for did-you-mean (the moment's own keys are added where they are read).
const TOP_KEYS: &[&str] = &[
    "title",
    "seed",
    "seed-words",
    "phase",
    "active",
    "turn",
    "dice",
    "dice-advance",
    "override",
    "discount",
    "engagement",
    "aftermath",
];

/// A commander block's keys.
const COMMANDER_KEYS: &[&str] = &[
    "stockpile",
    "out",
    "conscripted",
    "engagements",
    "mulligans",
    "hand",
    "shipyard",
    "scrapheap",
];

/// The words `phase:` takes (`setup-modules N` besides).
const PHASES: &[&str] = &[
    "setup",
    "logistics",
    "manufacturing",
    "engagement",
    "discard",
    "mulligan",
    "setup-deploy",
    "setup-discard",
    "logistics-window",
    "manufacturing-window",
    "end-of-turn-window",
    "combat",
    "aftermath",
];

/// `key` is none of `known` (and, at the top, none of the moment's keys): with the nearest.
fn unknown_key(line: usize, what: &str, key: &str, known: &[&str]) -> RulingError {
    let moment = if what.is_empty() {
        crate::moment::TOP_KEYS
    } else {
        &[]
    };
    let nearest = cardlang::db::nearest(key, known.iter().chain(moment).copied());
    RulingError::new(line, format!("unknown {what}key `{key}`"))
        .code(Code::UnknownKey)
        .at(key, format!("no {what}key of a ruling file"))
        .did_you_mean(nearest)
}

/// A line with no `:` where a `key: value` belongs; when its first word is a key misspelt
/// that far, the nearest key.
fn not_key_value(line: usize, t: &str, known: &[&str]) -> RulingError {
    let first = t.split_whitespace().next().unwrap_or(t);
    let problem =
        RulingError::new(line, format!("expected `key: value`, found `{t}`")).at(t, "no `:`");
    // A block's header without its colon (`script`, `in play`).
    let header = ["script", "prelude", "in play", "engagement", "aftermath"]
        .into_iter()
        .find(|h| *h == t);
    match header {
        Some(h) => problem.help(format!("did you mean `{h}:`?")),
        None => problem.did_you_mean(cardlang::db::nearest(first, known.iter().copied())),
    }
}

fn yes_or_no(line: usize, key: &str, value: &str) -> RulingError {
    RulingError::new(line, format!("{key} takes yes or no"))
        .code(Code::BadValue)
        .at(value, "not yes or no")
}

fn whole_number(line: usize, key: &str, value: &str) -> RulingError {
    let message = match key {
        "seed" | "seed-words" | "turn" => format!("{key} must be a whole number"),
        _ => format!("{key} takes a number"),
    };
    RulingError::new(line, message)
        .code(Code::BadValue)
        .at(value, "not a whole number")
}

fn parse_play(t: &str, depth: usize, line: usize) -> Result<PlayEntry, RulingError> {
    let mut e = PlayEntry {
        line,
        depth,
        name: String::new(),
        label: None,
        wounds: 0,
        face_down: false,
        awaits_volley: false,
        owes_drawback: false,
        entered: None,
        controlled_by: None,
        owned_by: None,
        flags: crate::moment::CardFlags::default(),
        deployed_by: None,
    };
    let mut words: Vec<&str> = Vec::new();
    let mut it = t.split_whitespace().peekable();
    while let Some(w) = it.next() {
        if crate::moment::card_flag(w, &mut it, &mut e.flags, line)? {
            continue;
        }
        if let Some(l) = w.strip_prefix('@') {
            e.label = Some(l.to_string());
        } else if w == "wounds" {
            e.wounds = it
                .next()
                .and_then(|n| n.parse().ok())
                .ok_or(RulingError::new(line, "`wounds` needs a number"))?;
        } else if w == "entered" {
            e.entered = Some(
                it.next()
                    .and_then(parse_number)
                    .ok_or(RulingError::new(line, "`entered` needs a number"))?,
            );
        } else if w == "awaits-volley-turn" {
            e.awaits_volley = true;
        } else if w == "owes-drawback" {
            e.owes_drawback = true;
        } else if w == "face-down" {
            e.face_down = true;
        } else if w == "deployed-by" {
            let who = it.next().map(String::from).ok_or(RulingError::new(
                line,
                "`deployed-by` needs a commander name (or `-`)",
            ))?;
            e.deployed_by = Some((who, line));
        } else if w == "controlled-by" || w == "owned-by" {
            let who = it.next().map(String::from).ok_or(RulingError::new(
                line,
                format!("`{w}` needs a commander name"),
            ))?;
            if w == "controlled-by" {
                e.controlled_by = Some(who);
            } else {
                e.owned_by = Some(who);
            }
        } else {
            words.push(w);
        }
    }
    e.name = words.join(" ");
    if e.name.is_empty() {
        return err(line, "expected a card name");
    }
    Ok(e)
}

/// Labels and names for resolving script references.
#[derive(Default)]
struct Refs {
    labels: BTreeMap<String, Inst>,
    /// Cards the board gives wounds, with their lines: checked once the board stands.
    wounded: Vec<(Inst, usize)>,
    /// Every card the board puts in play, with its line: hosts' loads are checked once the
    /// board stands.
    placed: Vec<(Inst, usize)>,
}

fn seat(g: &Game, name: &str, line: usize) -> Result<PlayerId, RulingError> {
    g.commanders()
        .iter()
        .position(|c| *c.name == *name)
        .map(|k| PlayerId(k as u8))
        .ok_or_else(|| no_commander(line, name, g.commanders().iter().map(|c| c.name.as_ref())))
}

/// `name` is none of the board's commanders (`names`).
fn no_commander<'a>(line: usize, name: &str, names: impl Iterator<Item = &'a str>) -> RulingError {
    RulingError::new(line, format!("no commander named `{name}`"))
        .code(Code::UnknownCommander)
        .at(name, "no commander of this board")
        .did_you_mean(cardlang::db::nearest(name, names))
}

fn card_id(cat: &CardDb, name: &str, line: usize) -> Result<crate::ir::CardId, RulingError> {
    match cat.by_name(name) {
        Some(c) => Ok(c.id),
        None => Err(no_card(cat, name, line)),
    }
}

/// `name` names no card of the pool (a database or a `--cards` directory alike).
fn no_card(cat: &CardDb, name: &str, line: usize) -> RulingError {
    RulingError::new(line, format!("no card named `{name}` in the pool"))
        .code(Code::UnknownCard)
        .at(name, "not in the pool")
        .did_you_mean(cat.nearest_name(name))
}

/// The action words of script lines: the first word after `Commander:`, each a `Choice` (the
/// arms of [`parse_step`]'s match, which a test holds this list to).
const ACTIONS: &[&str] = &[
    "deploy",
    "conscript",
    "pick",
    "decline",
    "reassign",
    "relieve",
    "engage",
    "discard",
    "mulligan",
    "keep",
    "end-phase",
    "end-turn",
    "no-engagement",
    "pass",
    "scoop",
    "fire",
    "intercept",
    "overload",
    "jam",
    "paint",
    "repair",
    "fearless",
    "retreat",
    "turn-face-down",
    "launch",
    "dock",
    "board",
    "cancel",
    "pursue",
    "hijack",
    "scuttle",
    "done",
    "spoils",
    "no-spoils",
    "spoils-marine",
    "assign",
    "target",
    "choose",
    "yes",
    "no",
    "activate",
    "mode",
    "reroll",
];

/// A script or prelude line's action word that is no choice, with the nearest.
fn unknown_action(line: usize, verb: &str) -> RulingError {
    RulingError::new(line, format!("unknown action `{verb}`"))
        .code(Code::UnknownAction)
        .at(verb, "no action of a script line")
        .did_you_mean(cardlang::db::nearest(verb, ACTIONS.iter().copied()))
}

/// Reads a ruling file and checks what can be checked before its board is built: its format
/// (every line, [`parse_all`]), then every card name against the pool, every commander a line
/// names against the board's, and every script and prelude line's commander and action word.
/// Every problem found, in line order (at most [`MAX_PROBLEMS`]); what only the board or the
/// game can judge is reported when the ruling runs.
pub fn diagnose(text: &str, catalog: &CardDb) -> Result<Ruling, Vec<RulingError>> {
    let r = parse_all(text)?;
    let problems = check_names(&r, catalog);
    if problems.is_empty() {
        Ok(r)
    } else {
        Err(problems)
    }
}

/// The names a parsed ruling uses, against the pool and its own commanders.
fn check_names(r: &Ruling, catalog: &CardDb) -> Vec<RulingError> {
    let mut problems = Vec::new();
    let commanders = || r.commanders.iter().map(|c| c.name.as_str());
    let commander = |problems: &mut Vec<RulingError>, line: usize, name: &str| {
        if !commanders().any(|c| c == name) {
            problems.push(no_commander(line, name, commanders()));
        }
    };
    if let Some((line, name)) = &r.active {
        commander(&mut problems, *line, name);
    }
    // Every label the board gives: in-play entries, and `Name @label` outside play.
    let labels: std::collections::BTreeSet<&str> = r
        .commanders
        .iter()
        .flat_map(|c| {
            let outside = c
                .hand
                .iter()
                .chain(&c.shipyard)
                .chain(&c.scrapheap)
                .filter_map(|(_, item)| item.rsplit_once(" @").map(|(_, l)| l.trim()));
            c.play
                .iter()
                .filter_map(|e| e.label.as_deref())
                .chain(outside)
        })
        .collect();
    for c in &r.commanders {
        for (line, item) in c.hand.iter().chain(&c.shipyard).chain(&c.scrapheap) {
            let name = item
                .rsplit_once(" @")
                .map_or(item.as_str(), |(n, _)| n.trim());
            if catalog.by_name(name).is_none() {
                problems.push(no_card(catalog, name, *line));
            }
        }
        for e in &c.play {
            if catalog.by_name(&e.name).is_none() {
                problems.push(no_card(catalog, &e.name, e.line));
            }
            for who in [&e.controlled_by, &e.owned_by].into_iter().flatten() {
                commander(&mut problems, e.line, who);
            }
            if let Some((who, line)) = &e.deployed_by {
                if who != "-" {
                    commander(&mut problems, *line, who);
                }
            }
        }
        if let Some((line, _, Some(against))) = &c.engagements {
            commander(&mut problems, *line, against);
        }
    }
    for (line, text) in r.prelude.iter().chain(&r.script) {
        let Some((who, rest)) = text.split_once(':') else {
            problems.push(
                RulingError::new(*line, "expected `Commander: action`")
                    .at(text.as_str(), "no `Commander:`"),
            );
            continue;
        };
        commander(&mut problems, *line, who.trim());
        let verb = rest.split_whitespace().next().unwrap_or("");
        if !ACTIONS.contains(&verb) {
            problems.push(unknown_action(*line, verb));
        }
        // Labels are made only by the board, so a script's label is checked with the names,
        // not when the game reaches its line.
        for l in label_refs(rest) {
            if !labels.contains(l) {
                problems.push(no_label(*line, l, labels.iter().copied()).code(Code::Script));
            }
        }
    }
    problems.sort_by_key(|p| p.line);
    problems.truncate(MAX_PROBLEMS);
    problems
}

/// Build the game a ruling describes.
fn build(r: &Ruling, catalog: Arc<CardDb>) -> Result<(Game, Refs), RulingError> {
    let names = r.commanders.iter().map(|c| c.name.clone()).collect();
    let mut g = Game::empty(
        catalog.clone(),
        names,
        Config {
            seed: r.seed,
            max_turns: 1000,
        },
    )
    .map_err(|e| RulingError::new(0, e.to_string()))?;
    let mut refs = Refs {
        labels: BTreeMap::new(),
        wounded: Vec::new(),
        placed: Vec::new(),
    };
    let mut flags: Vec<(Inst, usize, crate::moment::CardFlags)> = Vec::new();
    let mut stockpiles = Vec::new();
    let mut entered: Vec<(Inst, u32)> = Vec::new();
    for (k, c) in r.commanders.iter().enumerate() {
        let who = PlayerId(k as u8);
        for (zone, list) in [
            (Zone::Shipyard, &c.shipyard),
            (Zone::Hand, &c.hand),
            (Zone::Scrapheap, &c.scrapheap),
        ] {
            for (line, item) in list {
                // `Name @label` labels a card outside play too (for overrides scoped to it).
                let (name, lab) = match item.rsplit_once(" @") {
                    Some((n, l)) => (n.trim(), Some(l.trim())),
                    None => (item.as_str(), None),
                };
                let id = card_id(&catalog, name, *line)?;
                let i = g
                    .place(who, id, zone)
                    .map_err(|e| RulingError::new(*line, e.to_string()))?;
                if let Some(l) = lab {
                    if refs.labels.insert(l.to_string(), i).is_some() {
                        return Err(label_twice(*line, l));
                    }
                }
            }
        }
        let mut stack: Vec<(usize, Inst)> = Vec::new();
        for e in &c.play {
            while stack.last().is_some_and(|(d, _)| *d >= e.depth) {
                stack.pop();
            }
            let zone = match stack.last() {
                Some((_, host)) => Zone::Attached(*host),
                None => Zone::Battlefield,
            };
            let id = card_id(&catalog, &e.name, e.line)?;
            let kind = catalog.get(id).map(|c| c.kind);
            let zone = if matches!(kind, Some(CardKind::Stockpile(_))) {
                Zone::Stockpile
            } else {
                zone
            };
            let i = g
                .place(who, id, zone)
                .map_err(|x| RulingError::new(e.line, x.to_string()))?;
            if e.wounds > 0 {
                g.set_wounds_unchecked(i, e.wounds)
                    .map_err(|m| RulingError::new(e.line, m))?;
                refs.wounded.push((i, e.line));
            }
            if !e.flags.is_empty() {
                flags.push((i, e.line, e.flags.clone()));
            }
            g.set_face_down(i, e.face_down);
            if e.awaits_volley {
                g.fresh.push(i);
            }
            if e.owes_drawback {
                g.drawback_carried.push(i);
            }
            if let Some(n) = e.entered {
                entered.push((i, n));
            }
            if e.controlled_by.is_some() || e.owned_by.is_some() {
                // An attached card is under its host's command (§9.1): only its owner may
                // differ (a Marine of another commander's aboard, §6.9.7).
                if zone != Zone::Battlefield && e.controlled_by.is_some() {
                    return err(
                        e.line,
                        "`controlled-by` goes on a card at the top of the in-play tree (a hijacked ship, §9.16); an attached card follows its host",
                    );
                }
                if zone == Zone::Stockpile {
                    return err(e.line, "a Stockpile card is its commander's own (§4.3)");
                }
                if let Some(name) = &e.controlled_by {
                    let p = seat(&g, name, e.line)?;
                    // The way a boarding hands a ship over (§6.6 STEP 8E), without the wait:
                    // a board starts after that commander's next volley turn.
                    crate::rules::boarding::change_controller(&mut g, i, p);
                }
                if let Some(name) = &e.owned_by {
                    let p = seat(&g, name, e.line)?;
                    if let Some(x) = g.instances.get_mut(i.0 as usize) {
                        // In play the card sits in its controller's list; only its owner's
                        // zones (Scrapheap, hand, Shipyard) read `owner`, when it leaves play.
                        x.owner = p;
                    }
                }
            }
            if let Some((name, line)) = &e.deployed_by {
                let by = match name.as_str() {
                    "-" => None,
                    _ => Some(seat(&g, name, *line)?),
                };
                if zone == Zone::Stockpile {
                    return err(*line, "a Stockpile card is placed, not deployed (§4.3)");
                }
                if let Some(x) = g.instances.get_mut(i.0 as usize) {
                    x.deployed_by = by;
                }
            }
            if let Some(l) = &e.label {
                if refs.labels.insert(l.clone(), i).is_some() {
                    return Err(label_twice(e.line, l));
                }
            }
            refs.placed.push((i, e.line));
            stack.push((e.depth, i));
        }
        stockpiles.push((who, c.stockpile.unwrap_or((10, 10))));
        // What the turn has counted so far (docs/rulings.md): the active commander's.
        let against = match &c.engagements {
            Some((line, _, Some(name))) => Some(seat(&g, name, *line)?),
            _ => None,
        };
        if let Some(x) = g.cmd_mut(who) {
            x.mulligans = c.mulligans;
            x.conscripted = c.conscripted;
            x.out = c.out;
            x.engagements = c.engagements.as_ref().map_or(0, |e| e.1);
        }
        if against.is_some() {
            g.declared_against = against;
        }
    }
    // `entered N` restamps when cards entered play: the order the file gives, not the order
    // the board placed them (`effects::triggers`, docs/engine.md). Later entries stamp after every given number.
    if let Some(last) = entered.iter().map(|e| e.1).max() {
        for (i, n) in entered {
            if let Some(x) = g.instances.get_mut(i.0 as usize) {
                x.entered = n;
            }
        }
        g.clock = g.clock.max(last);
    }
    // A card's own marks of the moment, once labels and the times cards entered play stand.
    for (i, line, f) in &flags {
        let card = |g: &Game, s: &str, line: usize| card_ref(g, &refs, s, line);
        let names = crate::moment::Names {
            card: &card,
            seat: &seat,
        };
        crate::moment::apply_card_flags(&mut g, *i, f, *line, &names)?;
    }
    for (line, text) in &r.overrides {
        let ov = parse_override(&g, &refs, text, *line)?;
        g.add_override(ov)
            .map_err(|e| RulingError::new(*line, e.to_string()))?;
    }
    for (line, text) in &r.discounts {
        let d = parse_discount(&refs, text, *line)?;
        g.add_discount(d)
            .map_err(|e| RulingError::new(*line, e.to_string()))?;
    }
    // After the overrides: a Stockpile is clamped to the cap as the board's cards set it (§9.27).
    for (who, (res, cur)) in stockpiles {
        g.set_stockpile(who, res, cur);
    }
    g.dice.seek(r.seed_words);
    // Each result was checked where the file gives it (`dice:`), so this cannot refuse.
    g.force_dice(r.dice.iter().copied())
        .map_err(|e| RulingError::new(0, e.to_string()))?;
    g.dice.set_advance(r.dice_advance);
    Ok((g, refs))
}

/// A card a board key names: `@label`, `Name @label` (the name must be the labelled card's),
/// `Name #N`, or a name (the first card in play of that name, else anywhere in the game).
fn card_ref(g: &Game, refs: &Refs, s: &str, line: usize) -> Result<Inst, RulingError> {
    if let Some((name, l)) = s.rsplit_once(" @") {
        let i = label(refs, &format!("@{}", l.trim()), line)?;
        if g.name(i) != name.trim() {
            return err(
                line,
                format!("@{} is {}, not {}", l.trim(), g.name(i), name.trim()),
            );
        }
        return Ok(i);
    }
    let all_play: Vec<Inst> = (0..g.commanders().len())
        .flat_map(|k| g.in_play_of(PlayerId(k as u8)))
        .collect();
    find(g, refs, &all_play, s, line, "in play")
}

/// Once the board stands (its Modules, statics and the moment in place): every wounded card
/// has fewer wounds than it can take (§9.38), unless it was destroyed by volley fire and
/// awaits its Stoic last volley (§3.4.10).
fn check_wounds(g: &Game, refs: &Refs) -> Result<(), RulingError> {
    for &(i, line) in &refs.wounded {
        let wounds = g.instance(i).map_or(0, |x| x.wounds);
        let can_take = crate::rules::stats::wounds(g, i);
        let stoic = g.engagement.as_ref().is_some_and(|e| e.stoic.contains(&i));
        if wounds >= can_take && !stoic {
            // printed: §9.38, named for the designer beside what the card takes now.
            let printed = g.card(i).wounds.unwrap_or(0);
            return err(
                line,
                format!(
                    "{} takes {can_take} wounds (printed {printed}); {wounds} would destroy it \
                     (only a Stoic unit awaiting its last volley stays in play so, §3.4.10)",
                    g.name(i)
                ),
            );
        }
    }
    Ok(())
}

/// Once the board stands: no host carries more Marines or Wings than it has room for (§9.4,
/// §2.4.1, §2.5.1.1). The rules would lose the extra at the next settlement without a word in
/// the ruling; a board that breaks the rule is refused where it says so.
fn check_capacity(g: &Game, refs: &Refs) -> Result<(), RulingError> {
    for &(i, line) in &refs.placed {
        if g.attachments(i).is_empty() {
            continue;
        }
        let (marines, wings) = crate::rules::manufacturing::used(g, i, None);
        let (room_m, room_w) = crate::rules::stats::capacity(g, i);
        for (what, used, room) in [("Marines", marines, room_m), ("Wings", wings, room_w)] {
            if used > room {
                return err(
                    line,
                    format!(
                        "{} holds {what} filling {used} places but has room for {room} (§9.4): \
                         a board holds only what its hosts can carry",
                        g.name(i)
                    ),
                );
            }
        }
    }
    Ok(())
}

fn label(refs: &Refs, s: &str, line: usize) -> Result<Inst, RulingError> {
    let l = s.strip_prefix('@').ok_or_else(|| {
        RulingError::new(line, format!("expected a @label, found `{s}`")).at(s, "not a @label")
    })?;
    refs.labels
        .get(l)
        .copied()
        .ok_or_else(|| no_label(line, l, refs.labels.keys().map(String::as_str)))
}

/// `@l` names no card of the board: the nearest label that does, if one is near.
fn no_label<'a>(line: usize, l: &str, known: impl Iterator<Item = &'a str>) -> RulingError {
    RulingError::new(line, format!("no card labelled @{l}"))
        .at(format!("@{l}"), "no card has this label")
        .did_you_mean(
            cardlang::db::nearest(l, known)
                .map(|n| format!("@{n}"))
                .as_deref(),
        )
}

/// The `@labels` a script or prelude line names (a label is letters, digits, `-` and `_`).
fn label_refs(text: &str) -> impl Iterator<Item = &str> {
    text.split('@').skip(1).filter_map(|rest| {
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(rest.len());
        (end > 0).then(|| &rest[..end])
    })
}

/// `RULE = VALUE from @label [for controller|opponents|everyone|@label]`
fn parse_override(g: &Game, refs: &Refs, text: &str, line: usize) -> Result<Override, RulingError> {
    let bad = || {
        RulingError::new(line, "expected `override: RULE = VALUE from @label [for controller|opponents|everyone|@label]`")
    };
    let (rule, rest) = text.split_once('=').ok_or_else(bad)?;
    let rule = BaseRule::from_name(rule.trim()).ok_or(RulingError::new(
        line,
        format!("no base rule `{}`", rule.trim()),
    ))?;
    let (value, rest) = rest.split_once(" from ").ok_or_else(bad)?;
    let mut words = rest.split_whitespace();
    let source = label(refs, words.next().ok_or_else(bad)?, line)?;
    let scope = match (words.next(), words.next()) {
        (None, _) => Scope::Controller,
        (Some("for"), Some("controller")) => Scope::Controller,
        (Some("for"), Some("opponents")) => Scope::Opponents,
        (Some("for"), Some("everyone")) => Scope::Global,
        (Some("for"), Some(l)) => Scope::Card(label(refs, l, line)?),
        _ => return Err(bad()),
    };
    let value = value.trim();
    let value = match rule.kind() {
        crate::ir::RuleKind::Count => RuleValue::Count(value.parse().map_err(|_| {
            RulingError::new(
                line,
                if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
                    format!("`{}` admits {}, not `{value}`", rule.name(), rule.admits())
                } else {
                    format!("{} takes a number", rule.name())
                },
            )
            .code(Code::BadValue)
        })?),
        crate::ir::RuleKind::Flag => RuleValue::Flag(match value {
            "yes" => true,
            "no" => false,
            _ => return err(line, format!("{} takes yes or no", rule.name())),
        }),
        crate::ir::RuleKind::Amount => RuleValue::Amount(parse_amount(value, line)?),
        crate::ir::RuleKind::Class => RuleValue::Class(
            ShipClass::ALL
                .into_iter()
                .find(|c| c.name() == value)
                .ok_or(RulingError::new(
                    line,
                    format!("`{value}` is not a ship class"),
                ))?,
        ),
    };
    // The compiler's own checks (§8.1): a value the rule admits, and for `for @label` a card
    // the rule is about.
    let refused = |p: crate::ir::OverrideProblem| RulingError::new(line, p.to_string());
    rule.check_value(value).map_err(refused)?;
    if let Scope::Card(c) = scope {
        rule.check_target(g.card(c).kind)
            .map_err(|p| RulingError::new(line, format!("for {}: {p}", g.name(c))))?;
    }
    Ok(Override {
        rule,
        value,
        scope,
        source,
    })
}

/// `2R 0C on ships|marines|modules|anything from @label`
fn parse_discount(refs: &Refs, text: &str, line: usize) -> Result<Discount, RulingError> {
    let bad = || {
        RulingError::new(
            line,
            "expected `discount: 2R 1C on ships|marines|modules|anything from @label`",
        )
    };
    let (amount, rest) = text.split_once(" on ").ok_or_else(bad)?;
    let (target, source) = rest.split_once(" from ").ok_or_else(bad)?;
    let applies_to = match target.trim() {
        "ships" => DiscountTarget::Ships,
        "marines" => DiscountTarget::Marines,
        "modules" => DiscountTarget::Modules,
        "anything" => DiscountTarget::Any,
        _ => return Err(bad()),
    };
    Ok(Discount {
        source: label(refs, source.trim(), line)?,
        amount: parse_amount(amount, line)?,
        applies_to,
    })
}

/// Find a card by `@label` or by name among `cands` (first match).
fn find(
    g: &Game,
    refs: &Refs,
    cands: &[Inst],
    s: &str,
    line: usize,
    zone: &str,
) -> Result<Inst, RulingError> {
    if s.starts_with('@') {
        return label(refs, s, line);
    }
    // `Name #N`: that instance, as transcripts and `--choices` name it.
    if let Some((name, n)) = s.rsplit_once(" #") {
        if let Ok(n) = n.parse::<u16>() {
            let i = Inst(n);
            if g.instance(i).is_some() && g.name(i) == name.trim() {
                return Ok(i);
            }
            return Err(
                RulingError::new(line, format!("there is no card `{s}` in this game"))
                    .at(s, "no card of the game"),
            );
        }
    }
    if let Some(i) = cands.iter().copied().find(|&i| g.name(i) == s) {
        return Ok(i);
    }
    // Not where the action looks: a card of that name elsewhere in the game is still the
    // choice the script wrote, and the engine refuses it (`REFUSED`, with the rule), so the
    // refusal can be pinned. Only a name no card in the game has is a file error.
    let everywhere = (0..g.instances().len()).map(|k| Inst(k as u16));
    if let Some(i) = everywhere.clone().find(|&i| g.name(i) == s && g.in_play(i)) {
        return Ok(i);
    }
    if let Some(i) = everywhere.clone().find(|&i| g.name(i) == s) {
        return Ok(i);
    }
    Err(RulingError::new(
        line,
        format!("no `{s}` {zone}, and no card of that name anywhere in the game"),
    )
    .at(s, "no card of the game"))
}

fn label_twice(line: usize, l: &str) -> RulingError {
    RulingError::new(line, format!("label @{l} used twice"))
        .at(format!("@{l}"), "labelled before")
        .help("give each card a label of its own")
}

/// One script line, read: a choice for the engine, or a choice the script syntax can write
/// but no `Choice` can hold (a split Overload), refused here with the rule's section.
enum Step {
    Choice(PlayerId, Choice),
    Refused {
        section: &'static str,
        message: String,
    },
}

/// Turn one script line into (who, choice).
fn parse_step(g: &Game, refs: &Refs, text: &str, line: usize) -> Result<Step, RulingError> {
    let (who_name, rest) = text
        .split_once(':')
        .ok_or(RulingError::new(line, "expected `Commander: action`"))?;
    let who = seat(g, who_name.trim(), line)?;
    let rest = rest.trim();
    let c = g
        .commander(who)
        .ok_or(RulingError::new(line, "no commander"))?;
    let (hand, yard) = (c.hand.clone(), c.shipyard.clone());
    // An in-play reference may name any commander's card (illegal hosts are the engine's call).
    let all_play: Vec<Inst> = (0..g.commanders().len())
        .flat_map(|k| g.in_play_of(PlayerId(k as u8)))
        .collect();
    let (verb, args) = rest.split_once(' ').unwrap_or((rest, ""));
    let args = args.trim();
    // `X onto Y replacing Z`
    let split_kw = |s: &str, kw: &str| -> (String, Option<String>) {
        match s.split_once(kw) {
            Some((a, b)) => (a.trim().to_string(), Some(b.trim().to_string())),
            None => (s.trim().to_string(), None),
        }
    };
    let host_of = |h: Option<String>| -> Result<Option<Inst>, RulingError> {
        match h {
            None => Ok(None),
            Some(h) => find(g, refs, &all_play, &h, line, "in play").map(Some),
        }
    };
    let choice = match verb {
        "deploy" => {
            let (rest, replacing) = split_kw(args, " replacing ");
            let (card, host) = split_kw(&rest, " onto ");
            Choice::Deploy {
                card: find(g, refs, &hand, &card, line, "in hand")?,
                // A Fighter Wing deploys into open space (§2.5.1.2), as `reassign` writes it.
                host: match host.as_deref() {
                    Some("open space") => None,
                    _ => host_of(host)?,
                },
                replacing: match replacing {
                    Some(r) => Some(find(g, refs, &all_play, &r, line, "in play")?),
                    None => None,
                },
            }
        }
        "conscript" => {
            let (card, host) = split_kw(args, " onto ");
            Choice::Conscript {
                card: find(g, refs, &yard, &card, line, "in the Shipyard")?,
                host: host_of(host)?,
            }
        }
        "pick" => {
            let card = find(g, refs, &yard, args, line, "in the Shipyard")?;
            match g.decision().map(|d| d.kind) {
                Some(crate::choice::DecisionKind::SetupModule { .. }) => Choice::SetupModule(card),
                _ => Choice::RegimentPick(card),
            }
        }
        "decline" => Choice::RegimentDecline,
        "reassign" => {
            let (unit, host) = split_kw(args, " onto ");
            let unit = find(g, refs, &all_play, &unit, line, "in play")?;
            let host = match host.as_deref() {
                Some("open space") => None,
                _ => host_of(host)?,
            };
            Choice::Reassign { unit, host }
        }
        "relieve" => {
            let (garrison, relief) = split_kw(args, " with ");
            let garrison = find(g, refs, &all_play, &garrison, line, "in play")?;
            let Some(relief) = relief else {
                return err(
                    line,
                    "`relieve` names the garrison and its relief: `relieve GARRISON with \
                     MARINE` (§6.9.7)"
                        .to_string(),
                );
            };
            let relief = find(g, refs, &all_play, &relief, line, "in play")?;
            Choice::Relieve { garrison, relief }
        }
        "engage" => {
            let padded = format!("{args} ");
            let (defender, fleet) = split_kw(&padded, " with ");
            let defender = seat(g, &defender, line)?;
            let mut ships = crate::choice::Fleet::new();
            for s in fleet
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                ships.push(find(g, refs, &all_play, s, line, "in play")?);
            }
            Choice::DeclareEngagement {
                defender,
                fleet: ships,
            }
        }
        "discard" => Choice::Discard(find(g, refs, &hand, args, line, "in hand")?),
        "mulligan" => Choice::Mulligan,
        // `keep`: the opening hand (§4.4.1); `keep dice`: a shown volley's dice (I-91).
        "keep" => match args.trim() {
            "" => Choice::KeepHand,
            "dice" => Choice::KeepDice,
            _ => {
                return err(
                    line,
                    format!("`keep {args}`: expected `keep` (the opening hand) or `keep dice` (a volley's dice, not re-rolled)"),
                )
            }
        },
        "end-phase" => Choice::EndPhase,
        "end-turn" => Choice::EndTurn,
        "no-engagement" => Choice::DeclineEngagement,
        "pass" => Choice::Pass,
        "scoop" => Choice::Scoop,
        "fire" | "intercept" => {
            // `fire UNIT at TARGET [xN], TARGET xM` (no `xN`: every die at one target)
            let (unit, targets) = split_kw(args, " at ");
            let unit = find(g, refs, &all_play, &unit, line, "in play")?;
            let mut fire = Vec::new();
            for part in targets
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                let (t, n) = match part.rsplit_once(" x") {
                    Some((t, n)) => (
                        t.trim(),
                        Some(n.trim().parse::<u8>().map_err(|_| {
                            RulingError::new(line, format!("`x{n}` is not a number of dice"))
                        })?),
                    ),
                    None => (part, None),
                };
                let t = find(g, refs, &all_play, t, line, "in play")?;
                fire.push((t, n));
            }
            // Without `xN`, one target takes every die; an explicit `x0` goes to the engine
            // as written (and is refused there, §8.5).
            let fire: crate::choice::Fire = match fire.as_slice() {
                [(t, None)] => {
                    use crate::rules::volley::dice_for;
                    let dice = if verb == "fire" {
                        dice_for(g, unit, VolleyKind::Normal)
                    } else {
                        dice_for(g, unit, VolleyKind::Interceptor)
                    };
                    smallvec::smallvec![(*t, dice)]
                }
                _ => fire.iter().map(|&(t, n)| (t, n.unwrap_or(0))).collect(),
            };
            if verb == "fire" {
                Choice::Volley { unit, fire }
            } else {
                Choice::Intercept { unit, fire }
            }
        }
        "overload" | "jam" | "paint" => {
            let (unit, target) = split_kw(args, " at ");
            let unit = find(g, refs, &all_play, &unit, line, "in play")?;
            // One target, never split (§3.3.3 for Overload; Jammer and Target Painter mark
            // one unit, §3.3.2, §3.3.5): a split is a choice the rules refuse.
            if let Some(t) = target
                .as_deref()
                .filter(|t| t.contains(',') || t.contains(" x"))
            {
                let (section, what) = match verb {
                    "overload" => (
                        "3.3.3",
                        "an Overload volley cannot be split: it rolls every die at one target",
                    ),
                    "jam" => ("3.3.2", "Jammer marks one target"),
                    _ => ("3.3.5", "Target Painter marks one target"),
                };
                return Ok(Step::Refused {
                    section,
                    message: format!("{what}, not `{t}`"),
                });
            }
            let target = find(
                g,
                refs,
                &all_play,
                &target.unwrap_or_default(),
                line,
                "in play",
            )?;
            match verb {
                "overload" => Choice::Overload { unit, target },
                "jam" => Choice::Jam { unit, target },
                _ => Choice::Paint { unit, target },
            }
        }
        "activate" => {
            // `activate CARD`, or `activate CARD ability K` where it has more than one (I-93).
            let (card, k) = match args.rsplit_once(" ability ") {
                Some((c, k)) if k.trim().parse::<u8>().is_ok() => {
                    (c.trim().to_string(), k.trim().parse::<u8>().ok())
                }
                _ => (args.to_string(), None),
            };
            let card = find(g, refs, &all_play, &card, line, "in play")?;
            let c = g.card(card);
            let ability = match k {
                Some(k) if k >= 1 => k - 1,
                Some(k) => {
                    return err(line, format!("`ability {k}`: abilities count from 1"));
                }
                None => {
                    let mut ks = crate::effects::activated::positions(c);
                    match (ks.next(), ks.next()) {
                        (Some(k), None) => k,
                        (None, _) => {
                            return err(
                                line,
                                format!("{} has no activated ability", g.name(card)),
                            )
                        }
                        (Some(_), Some(_)) => {
                            return err(
                                line,
                                format!(
                                    "{} has {} activated abilities: say which, `activate {} ability K` (K counts its abilities from 1)",
                                    g.name(card),
                                    crate::effects::activated::count(c),
                                    g.name(card)
                                ),
                            )
                        }
                    }
                }
            };
            Choice::Activate { card, ability }
        }
        "repair" => Choice::Repair {
            unit: find(g, refs, &all_play, args, line, "in play")?,
        },
        "fearless" => Choice::Fearless {
            unit: find(g, refs, &all_play, args, line, "in play")?,
        },
        "retreat" => Choice::Retreat {
            unit: find(g, refs, &all_play, args, line, "in play")?,
        },
        "turn-face-down" => Choice::TurnFaceDown(find(g, refs, &all_play, args, line, "in play")?),
        "launch" => Choice::Launch {
            wing: find(g, refs, &all_play, args, line, "in play")?,
        },
        "dock" => {
            let (wing, host) = split_kw(args, " onto ");
            Choice::Dock {
                wing: find(g, refs, &all_play, &wing, line, "in play")?,
                host: find(
                    g,
                    refs,
                    &all_play,
                    &host.unwrap_or_default(),
                    line,
                    "in play",
                )?,
            }
        }
        "board" => {
            let (ship, target) = split_kw(args, " at ");
            Choice::Board {
                ship: find(g, refs, &all_play, &ship, line, "in play")?,
                target: find(
                    g,
                    refs,
                    &all_play,
                    &target.unwrap_or_default(),
                    line,
                    "in play",
                )?,
            }
        }
        "cancel" => {
            // `cancel SHIP with ESCORT`
            let (ship, escort) = split_kw(args, " with ");
            Choice::CancelBoard {
                ship: find(g, refs, &all_play, &ship, line, "in play")?,
                escort: find(
                    g,
                    refs,
                    &all_play,
                    &escort.unwrap_or_default(),
                    line,
                    "in play",
                )?,
            }
        }
        "pursue" => Choice::Pursue,
        "hijack" => Choice::Hijack,
        "scuttle" => Choice::Scuttle,
        "done" => Choice::EndStep,
        "spoils" => {
            let (card, host) = split_kw(args, " onto ");
            Choice::SpoilsPick {
                card: find(g, refs, &yard, &card, line, "in the Shipyard")?,
                host: host_of(host)?,
            }
        }
        "no-spoils" => Choice::SpoilsDecline,
        "spoils-marine" => {
            // `spoils-marine MARINE onto HOST` / `spoils-marine MARINE discarded` (§7.1.3.3)
            let (marine, host) = match args.strip_suffix(" discarded") {
                Some(m) => (m.trim().to_string(), None),
                None => {
                    let (m, h) = split_kw(args, " onto ");
                    if h.is_none() {
                        return Err(RulingError::new(line, "expected `spoils-marine MARINE onto HOST` or `spoils-marine MARINE discarded`"));
                    }
                    (m, h)
                }
            };
            Choice::SpoilsMarine {
                marine: find(g, refs, &all_play, &marine, line, "in play")?,
                host: host_of(host)?,
            }
        }
        "assign" => {
            // `assign UNIT at TARGET xN`: N of the unit's volley dice at one target (§6.2)
            let (unit, target) = split_kw(args, " at ");
            let unit = find(g, refs, &all_play, &unit, line, "in play")?;
            let target = target.unwrap_or_default();
            let (t, n) = target
                .rsplit_once(" x")
                .ok_or_else(|| RulingError::new(line, "expected `assign UNIT at TARGET xN`"))?;
            let dice = n
                .trim()
                .parse::<u8>()
                .map_err(|_| RulingError::new(line, format!("`x{n}` is not a number of dice")))?;
            Choice::AssignDice {
                unit,
                target: find(g, refs, &all_play, t.trim(), line, "in play")?,
                dice,
            }
        }
        // Answers to a resolving card effect (§6.8): a card (in play, in hand or in the
        // Shipyard: targets, discards, search finds), an opposing commander, yes / no.
        "target" => {
            // Look first where the pending question looks: the Shipyard for a search, the
            // hand for a discard, play otherwise.
            let ask = match g.decision().map(|d| d.kind) {
                Some(crate::choice::DecisionKind::Effect { ask, .. }) => Some(ask),
                _ => None,
            };
            let mut pool = Vec::new();
            match ask {
                Some(crate::state::pending::Ask::Search { .. }) => {
                    pool.extend(yard.iter().copied());
                    pool.extend(all_play.iter().copied());
                }
                Some(crate::state::pending::Ask::Discard { who, .. }) => {
                    if let Some(c) = g.commander(who) {
                        pool.extend(c.hand.iter().copied());
                    }
                    pool.extend(all_play.iter().copied());
                }
                _ => {
                    pool.extend(all_play.iter().copied());
                    pool.extend(hand.iter().copied());
                }
            }
            // A search that deploys its find says where: `target X onto H [replacing M]`.
            let (rest, replacing) = split_kw(args, " replacing ");
            let (card, host) = split_kw(&rest, " onto ");
            let card = find(g, refs, &pool, &card, line, "in play, hand or Shipyard")?;
            if host.is_some() || replacing.is_some() {
                Choice::EffectDeploy {
                    card,
                    host: match host.as_deref() {
                        Some("open space") | None => None,
                        _ => host_of(host)?,
                    },
                    replacing: match replacing {
                        Some(r) => Some(find(g, refs, &all_play, &r, line, "in play")?),
                        None => None,
                    },
                }
            } else {
                Choice::EffectTarget(card)
            }
        }
        "choose" => Choice::EffectCommander(seat(g, args, line)?),
        // `mode 2`: the second mode of a modal step, as printed (I-89).
        "mode" => match args.trim().parse::<u8>() {
            Ok(n @ 1..=8) => Choice::EffectMode(n - 1),
            _ => {
                return err(
                    line,
                    format!("`mode {args}`: expected `mode N`, N the mode's place from 1"),
                )
            }
        },
        "yes" => Choice::EffectYes,
        "no" => Choice::EffectNo,
        // `reroll TARGET die N`: the N-th die (from 1) of the volley at TARGET (I-91).
        "reroll" => {
            let expected = || {
                RulingError::new(
                    line,
                    format!("`reroll {args}`: expected `reroll TARGET die N`, N the die's place from 1 among the dice at TARGET"),
                )
            };
            let (target, n) = args.rsplit_once(" die ").ok_or_else(expected)?;
            let die = n.trim().parse::<u8>().map_err(|_| expected())?;
            Choice::Reroll {
                target: find(g, refs, &all_play, target.trim(), line, "in play")?,
                die,
            }
        }
        other => return Err(unknown_action(line, other)),
    };
    Ok(Step::Choice(who, choice))
}

/// How to render a ruling's transcript.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// After every script line, name the pending decision and list every legal choice in
    /// script syntax (`hullbreach ruling FILE --choices`).
    pub choices_every_line: bool,
    /// How many legal choices the final line lists; the rest are counted.
    pub final_choices: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            choices_every_line: false,
            final_choices: 10,
        }
    }
}

/// A ruling-file problem met while running: the transcript up to the line, and the error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    pub transcript: String,
    /// Boxed: the problem with its words and pointers is large beside a transcript.
    pub error: Box<RulingError>,
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}ruling error: {}", self.transcript, self.error)
    }
}

impl std::error::Error for Failed {}

/// Run a ruling against a card pool and render its transcript.
pub fn run(r: &Ruling, catalog: Arc<CardDb>) -> Result<String, Failed> {
    run_with(r, catalog, Options::default())
}

/// A ruling being played: the game, the labels, the transcript so far, the dice accounting.
pub struct Session {
    game: Game,
    refs: Refs,
    out: String,
    ran_out_reported: bool,
    seed: u64,
}

impl Session {
    /// Build the ruling's board and run its automatic start (Setup, Logistics).
    pub fn start(r: &Ruling, catalog: Arc<CardDb>) -> Result<Session, Failed> {
        let mut out = String::new();
        let _ = writeln!(out, "ruling: {}", r.title);
        let _ = writeln!(out, "seed {}, forced dice {}", r.seed, dice_words(&r.dice));
        let fail = |out: &String, error: RulingError| Failed {
            transcript: out.clone(),
            error: Box::new(error.or_code(Code::Board)),
        };
        let (mut g, refs) = build(r, catalog).map_err(|e| fail(&out, e))?;
        let active = match &r.active {
            Some((line, name)) => seat(&g, name, *line).map_err(|e| fail(&out, e))?,
            None => PlayerId(0),
        };
        if matches!(r.phase, StartAt::Setup | StartAt::Logistics) {
            let what = [
                r.moment.top.first().map(|k| k.line),
                r.moment.engagement.as_ref().map(|k| k.0.line),
                r.moment.aftermath.as_ref().map(|k| k.0.line),
            ];
            if let Some(line) = what.into_iter().flatten().min() {
                return Err(fail(
                    &out,
                    RulingError::new(
                        line,
                        "a board that starts with Setup or Logistics played for it has \
                                  nothing under way yet: give the phase the moment stands in",
                    ),
                ));
            }
        }
        if matches!(r.phase, StartAt::Setup | StartAt::Logistics) {
            // The board as written, then the automatic steps played on it.
            check_wounds(&g, &refs).map_err(|e| fail(&out, e))?;
            check_capacity(&g, &refs).map_err(|e| fail(&out, e))?;
            out.push_str("\n== board ==\n");
            out.push_str(&board(&g));
            g.start_at(active, r.turn, r.phase);
        } else {
            // The board stands at its moment before it is shown: what is under way changes
            // what its units are now (a temporary modifier, a mark).
            g.start_at(active, r.turn, r.phase);
            let card = |g: &Game, s: &str, line: usize| card_ref(g, &refs, s, line);
            let names = crate::moment::Names {
                card: &card,
                seat: &seat,
            };
            crate::moment::build(&mut g, &r.moment, r.phase_line, &names)
                .map_err(|e| fail(&out, e))?;
            check_wounds(&g, &refs).map_err(|e| fail(&out, e))?;
            check_capacity(&g, &refs).map_err(|e| fail(&out, e))?;
            out.push_str("\n== board ==\n");
            out.push_str(&board(&g));
        }
        out.push_str("\n== start ==\n");
        {
            let n = Namer::new(&g);
            for e in g.log() {
                let _ = writeln!(out, "{}", n.line(e));
            }
        }
        let mut s = Session {
            game: g,
            refs,
            out,
            ran_out_reported: false,
            seed: r.seed,
        };
        s.dice_note();
        if !r.prelude.is_empty() {
            s.out.push_str("\n== prelude ==\n");
            for (line, text) in &r.prelude {
                let error = match s.play(text, *line) {
                    Ok(true) => continue,
                    Ok(false) => RulingError::new(
                        *line,
                        "the rules refuse this prelude line, and a prelude builds the \
                                  board: every line of it must be accepted",
                    )
                    .code(Code::Script),
                    Err(e) => e,
                };
                let _ = writeln!(s.out, "\n> {text}");
                return Err(Failed {
                    transcript: std::mem::take(&mut s.out),
                    error: Box::new(error),
                });
            }
            s.out.push_str("\n== script ==\n");
        }
        Ok(s)
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The transcript so far.
    pub fn transcript(&self) -> &str {
        &self.out
    }

    /// Plays the ruling's script line by line, running `after` once each line is played. A
    /// script line that is not a choice stops it: the transcript so far, then the line
    /// (docs/rulings.md).
    pub(crate) fn play_script(
        &mut self,
        r: &Ruling,
        mut after: impl FnMut(&mut Session),
    ) -> Result<(), Failed> {
        for (line, text) in &r.script {
            if let Err(error) = self.play(text, *line) {
                let _ = writeln!(self.out, "\n> {text}");
                return Err(Failed {
                    transcript: std::mem::take(&mut self.out),
                    error: Box::new(error),
                });
            }
            after(self);
        }
        Ok(())
    }

    /// Play one script line (`Ada: fire ...`), its number in the file being `line`: the line,
    /// then its events or its refusal, join the transcript. `Ok(true)` when the rules
    /// accepted it, `Ok(false)` when they refused it; `Err` for a line that is not a choice
    /// at all (unknown commander, action or card): the transcript is unchanged.
    pub fn play(&mut self, text: &str, line: usize) -> Result<bool, RulingError> {
        let step =
            parse_step(&self.game, &self.refs, text, line).map_err(|e| e.or_code(Code::Script))?;
        let _ = writeln!(self.out, "\n> {text}");
        let accepted = match step {
            Step::Refused { section, message } => {
                let _ = writeln!(self.out, "REFUSED [§{section}] {message}");
                false
            }
            Step::Choice(who, choice) => self.apply_choice(who, choice),
        };
        self.dice_note();
        Ok(accepted)
    }

    /// A session over a game that no ruling file built (`table`: a game from decks), its
    /// transcript starting with `heading`.
    pub(crate) fn from_game(game: Game, heading: String) -> Session {
        let seed = game.seed();
        Session {
            game,
            refs: Refs::default(),
            out: heading,
            ran_out_reported: false,
            seed,
        }
    }

    /// Make a listed choice as a script line would (`> Ada: done`, then its events): how a
    /// person's or a computer player's choice joins the transcript (`table`).
    pub(crate) fn choose(&mut self, who: PlayerId, choice: Choice) -> bool {
        let _ = writeln!(
            self.out,
            "\n> {}: {}",
            self.game.commander_name(who),
            choice.script(&self.game)
        );
        let accepted = self.apply_choice(who, choice);
        self.dice_note();
        accepted
    }

    /// Apply a choice the script or a person made: the `done` line, then its events or its
    /// refusal, join the transcript (the one place a choice's transcript lines are written,
    /// shared with `table`). `true` when the rules accepted it.
    pub(crate) fn apply_choice(&mut self, who: PlayerId, choice: Choice) -> bool {
        // `done` says which step it ended, so an extra `done` that lands in a later
        // step than meant is visible rather than silent: named before it is played,
        // while the stage it ends is still the game's.
        let ended = match (&choice, self.game.decision()) {
            (Choice::EndStep, Some(d)) => Some(format!(
                "[§{}] {} ends their {}",
                d.kind.section(),
                self.game.commander_name(d.who),
                d.kind.step_words(&self.game)
            )),
            _ => None,
        };
        match self.game.apply(who, choice.clone()) {
            Ok(events) => {
                if let Some(line) = &ended {
                    let _ = writeln!(self.out, "{line}");
                }
                let n = Namer::new(&self.game);
                for e in &events {
                    let _ = writeln!(self.out, "{}", n.line(e));
                }
                if events.is_empty() && choice != Choice::EndStep {
                    self.out.push_str("(no events)\n");
                }
                true
            }
            Err(e) => {
                let _ = writeln!(
                    self.out,
                    "REFUSED [§{}] {}",
                    e.section(),
                    e.describe_choice(&self.game, Some(&choice))
                );
                false
            }
        }
    }

    /// `forced dice ran out at roll N`, once, when the seeded generator first rolls instead.
    fn dice_note(&mut self) {
        if self.ran_out_reported {
            return;
        }
        if let Some(n) = self.game.dice.ran_out_at() {
            self.ran_out_reported = true;
            let _ = writeln!(
                self.out,
                "note: forced dice ran out at roll {n}; the seeded generator (seed {}) rolls from there on",
                self.seed
            );
        }
    }

    /// The pending decision and its legal choices in script syntax, the first `limit` of
    /// them (all when `None`) and a count of the rest.
    pub fn pending(&self, limit: Option<usize>) -> String {
        let g = &self.game;
        let mut s = String::new();
        let Some(d) = g.decision() else {
            s.push_str("next decision: none\n");
            return s;
        };
        let choices = g.legal_choices();
        let who = g.commander_name(d.who);
        let _ = writeln!(s, "next decision: {}", d.words(g));
        let shown = limit.unwrap_or(usize::MAX).min(choices.len());
        if choices.is_empty() {
            s.push_str("legal choices: none\n");
        } else if shown == choices.len() {
            let _ = writeln!(s, "legal choices ({}):", choices.len());
        } else {
            let _ = writeln!(s, "legal choices ({}, the first {shown}):", choices.len());
        }
        for c in &choices[..shown] {
            let _ = writeln!(s, "  {who}: {}", c.script(g));
        }
        if shown < choices.len() {
            let _ = writeln!(
                s,
                "  ... and {} more (`hullbreach ruling FILE --choices` lists them all)",
                choices.len() - shown
            );
        }
        s
    }

    /// The legal choices of the pending decision, as script lines (`Ada: done`).
    pub fn choice_lines(&self) -> Vec<String> {
        let g = &self.game;
        let Some(d) = g.decision() else {
            return Vec::new();
        };
        let who = g.commander_name(d.who);
        g.legal_choices()
            .iter()
            .map(|c| format!("{who}: {}", c.script(g)))
            .collect()
    }

    /// The final board, the dice accounting and the pending decision.
    pub fn finish(mut self, limit: usize) -> String {
        self.out.push_str("\n== final ==\n");
        self.out.push_str(&board(&self.game));
        let unused = self.game.dice.forced_unused();
        if !unused.is_empty() {
            let _ = writeln!(self.out, "forced dice left unused: {}", dice_words(&unused));
        }
        let p = self.pending(Some(limit));
        self.out.push_str(&p);
        self.out
    }
}

/// Run a ruling with rendering options.
pub fn run_with(r: &Ruling, catalog: Arc<CardDb>, opts: Options) -> Result<String, Failed> {
    let mut s = Session::start(r, catalog)?;
    if opts.choices_every_line {
        s.out.push_str(&indent_choices(&s.pending(None)));
    }
    s.play_script(r, |s| {
        if opts.choices_every_line {
            let p = indent_choices(&s.pending(None));
            s.out.push_str(&p);
        }
    })?;
    Ok(s.finish(opts.final_choices))
}

/// `--choices` output sits between script lines, marked so it is not read as events.
fn indent_choices(p: &str) -> String {
    p.lines().map(|l| format!("  | {l}\n")).collect()
}

/// Forced dice as the transcript shows them: `9 9 4`, or `none`.
fn dice_words(dice: &[u8]) -> String {
    if dice.is_empty() {
        return "none".into();
    }
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// The board, readable: Stockpiles, zones and the in-play tree with wounds.
pub fn board(g: &Game) -> String {
    let mut s = String::new();
    let names = |v: &[Inst]| {
        v.iter()
            .map(|&i| format!("{} {i}", g.name(i)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    for (k, c) in g.commanders().iter().enumerate() {
        let _ = writeln!(
            s,
            "{}{}: {}R {}C",
            c.name,
            if c.out { " (out)" } else { "" },
            c.resource,
            c.currency
        );
        let _ = writeln!(s, "  hand: {}", names(&c.hand));
        let _ = writeln!(
            s,
            "  shipyard ({}): {}",
            c.shipyard.len(),
            names(&c.shipyard)
        );
        let _ = writeln!(s, "  scrapheap: {}", names(&c.scrapheap));
        for &top in &c.battlefield {
            tree(g, top, 2, &mut s);
        }
        let _ = k;
    }
    s
}

fn tree(g: &Game, i: Inst, depth: usize, s: &mut String) {
    let x = g.instance(i);
    let wounds = x.map_or(0, |x| x.wounds);
    let fd = x.is_some_and(|x| x.face_down);
    let hijacked = x
        .filter(|x| x.controller != x.owner && depth == 2)
        .and_then(|x| g.commander(x.owner))
        .map_or(String::new(), |c| format!(" [hijacked from {}]", c.name));
    // The layer's word on what differs from the printed card (rules::stats, §9.22).
    let changed = crate::rules::stats::changed_from_printed(g, i);
    let changed = if changed.is_empty() {
        String::new()
    } else {
        format!(" [now: {}]", changed.join("; "))
    };
    let _ = writeln!(
        s,
        "{:depth$}{} {i}{}{}{hijacked}{changed}",
        "",
        g.name(i),
        if wounds > 0 {
            format!(" [{wounds} wound(s)]")
        } else {
            String::new()
        },
        if fd { " [face down]" } else { "" },
    );
    if depth > 40 {
        return;
    }
    for &a in g.attachments(i) {
        tree(g, a, depth + 2, s);
    }
}

impl Ruling {
    /// The script's lines, each with its line number in the file (the workbench steps through
    /// them, `hullbreach serve`).
    pub fn script(&self) -> &[(usize, String)] {
        &self.script
    }

    /// This ruling with every `override:` header of `rule` taken away: the same situation
    /// without that card text (the base-rule proof in `tests/tests/base_rules.rs`, §8.1).
    pub fn without_override(&self, rule: crate::ir::BaseRule) -> Ruling {
        let mut r = self.clone();
        r.overrides
            .retain(|(_, line)| line.split('=').next().map(str::trim) != Some(rule.name()));
        r
    }
}

/// `hullbreach ruling FILE --record`: play the ruling's script, then build it further by
/// playing. Each round shows the pending decision and its legal choices, numbered; `read`
/// returns the answer (a number, a script line — `Commander:` may be left out for the
/// commander who decides — `quit`, or `None` at the end of input). Every line the rules accept
/// is passed to `append` (which adds it to the file's script); a refused line or one that is not
/// a script line is shown and not added. `first_line` is the file line the first appended
/// line will have. Returns how many lines were appended.
pub fn record(
    r: &Ruling,
    catalog: Arc<CardDb>,
    first_line: usize,
    read: &mut dyn FnMut(&str) -> Option<String>,
    append: &mut dyn FnMut(&str) -> Result<(), String>,
    out: &mut dyn std::io::Write,
) -> Result<usize, Failed> {
    let mut s = Session::start(r, catalog)?;
    s.play_script(r, |_| {})?;
    let mut shown = 0;
    let mut added = 0;
    let mut next_line = first_line;
    loop {
        let _ = write!(out, "{}", &s.out[shown..]);
        shown = s.out.len();
        let Some(d) = s.game.decision() else {
            let _ = writeln!(out, "\nnext decision: none (the game is over)");
            break;
        };
        let choices = s.choice_lines();
        let _ = writeln!(out, "\nnext decision: {}", d.words(&s.game));
        for (k, c) in choices.iter().enumerate() {
            let _ = writeln!(out, "  {}. {c}", k + 1);
        }
        let _ = out.flush();
        let Some(input) = read("record> ") else {
            break;
        };
        let input = input.trim();
        if input.is_empty() {
            continue;
        }
        if input == "quit" {
            break;
        }
        let line = match input.parse::<usize>() {
            Ok(k) => match choices.get(k.wrapping_sub(1)) {
                Some(c) => c.clone(),
                None => {
                    let _ = writeln!(out, "no choice numbered {k}: 1 to {}", choices.len());
                    continue;
                }
            },
            // `Commander:` may be left out for the commander who decides.
            Err(_) if seat(&s.game, input.split(':').next().unwrap_or("").trim(), 0).is_ok() => {
                input.to_string()
            }
            Err(_) => format!("{}: {input}", s.game.commander_name(d.who)),
        };
        match s.play(&line, next_line) {
            Ok(true) => {
                if let Err(e) = append(&line) {
                    let _ = write!(out, "{}", &s.out[shown..]);
                    let _ = writeln!(out, "cannot add the line to the file: {e}");
                    break;
                }
                next_line += 1;
                added += 1;
            }
            Ok(false) => {
                let _ = write!(out, "{}", &s.out[shown..]);
                shown = s.out.len();
                let _ = writeln!(out, "(refused: not added to the script)");
            }
            Err(e) => {
                let _ = writeln!(out, "not a script line: {}", e.message);
            }
        }
    }
    let _ = writeln!(out, "{added} line(s) added to the script");
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`ACTIONS`] (what the reader checks a script line's action word against before the
    /// board is built, and suggests from) is the list of [`parse_step`]'s arms: read from
    /// this file's own text, so a choice word added there and not here fails this test rather
    /// than every ruling that uses it.
    #[test]
    fn the_action_words_are_parse_steps_arms() {
        let source = include_str!("ruling.rs");
        let start = source
            .find("    let choice = match verb {")
            .expect("the match");
        let end = start
            + source[start..]
                .find("        other => ")
                .expect("its last arm");
        let mut arms: Vec<&str> = Vec::new();
        for line in source[start..end].lines() {
            let t = line.trim_start();
            // An arm's patterns start the line at the arms' indentation: `"a" | "b" =>`.
            if line.len() - t.len() != 8 || !t.starts_with('"') {
                continue;
            }
            let patterns = t.split("=>").next().unwrap_or("");
            arms.extend(patterns.split('|').map(|p| p.trim().trim_matches('"')));
        }
        let mut listed: Vec<&str> = ACTIONS.to_vec();
        arms.sort_unstable();
        listed.sort_unstable();
        assert_eq!(arms, listed);
    }

    #[test]
    fn every_format_problem_is_reported_not_the_first() {
        let text =
            "sed: 1\nturn: x\n\ncommander Ada\n  hnad: A\ncommander Bob\nscript:\n  Ada: fier\n";
        let problems = parse_all(text).expect_err("three problems");
        let found: Vec<(usize, Code, Option<&str>)> = problems
            .iter()
            .map(|p| (p.line, p.code, p.help.as_deref()))
            .collect();
        assert_eq!(
            found,
            [
                (1, Code::UnknownKey, Some("did you mean `seed`?")),
                (2, Code::BadValue, None),
                (5, Code::UnknownKey, Some("did you mean `hand`?")),
            ]
        );
    }
}
