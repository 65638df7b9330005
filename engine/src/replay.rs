//! From a simulated game back to its moments (issue #16 item 7): `hullbreach replay` plays one
//! game of a `simulate --out` file again from its record (seed, decks, players), and
//! `--to-ruling --at N` writes the state just before choice N as a ruling file (docs/rulings.md)
//! whose script is the game's next choices and whose `dice:` are the dice those choices rolled.
//!
//! Every state the engine keeps between choices is a board: the cards, the counts, and the
//! moment under way (`crate::moment`: Setup, windows, an engagement at any step, its end,
//! searches, Spoils, modifiers, limits, wards). The one exception is a card's text part-way
//! through (a pending effect, §6.8), which is reached by a prelude: the nearest earlier board
//! and the game's choices since ([`unwritable`] says which states need one). Before a ruling
//! is handed back it is parsed and run, and at its moment and after every script line its
//! position and its whole state are compared with the game's ([`position_text`], `state`), so a
//! written ruling never silently plays something else. A ruling renumbers the cards (`#N` is
//! the order it places them) and names commanders without blanks; [`Written::translate`] turns
//! the game's text into the ruling's, which is how positions are compared.

use std::fmt::Write;
use std::sync::Arc;

use crate::choice::Choice;
use crate::event::{Event, Outcome};
use crate::ids::{Inst, PlayerId};
use crate::ir::{CardId, RuleValue};
use crate::resolver::Scope;
use crate::simulate::record::{shown, swap_names, Ending, GameRecord, Variant};
use crate::state::{DiscountTarget, Game, Step};
use crate::sweep::PlayerKind;
use crate::CardDb;

/// A game played again: where it began and where it ended.
pub struct Replayed {
    /// The game before its first choice (Setup's automatic steps done).
    pub start: Game,
    /// The game as the players left it.
    pub end: Game,
    /// Choices made.
    pub choices: usize,
}

/// Play the game of `record` again: each seat's deck (`decks`, in seat order, as [`dealt`]
/// deals them), its seed, turn cap and players, as [`crate::simulate::Simulation::play`]
/// played it.
pub fn replay(
    db: Arc<CardDb>,
    record: &GameRecord,
    decks: Vec<Vec<CardId>>,
) -> Result<Replayed, String> {
    if decks.len() != record.decks.len() {
        return Err(format!(
            "game {} has {} seats, {} decks given",
            record.index,
            record.decks.len(),
            decks.len()
        ));
    }
    let mut seats = Vec::new();
    for ((name, cards), player) in record.decks.iter().zip(decks).zip(&record.players) {
        let kind = PlayerKind::parse(player).map_err(|e| format!("game {}: {e}", record.index))?;
        seats.push((name.clone(), cards, kind));
    }
    let (start, mut players) = crate::simulate::new_game(db, record.seed, record.run.turns, seats)?;
    let mut end = start.clone();
    let choices = crate::players::play_out(&mut end, &mut players, crate::simulate::MAX_CHOICES);
    Ok(Replayed {
        start,
        end,
        choices,
    })
}

/// Why the swapped side of an A/B game cannot be dealt its decks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SwapProblem {
    /// The run's swap names a card (shown, escaped) this pool does not have: the new card's
    /// file was a `--feature` of the run.
    NotInPool(String),
    /// The run's swap is not `Old Card=New Card` (a record no run writes; shown, escaped).
    NotASwap(String),
    /// A deck with the swap made is not a legal deck (§2.1), in the deck checker's words.
    Illegal(String),
}

/// The decks game `record` was played with, given the entrants' decks in seat order: as given
/// for a base game; for the swapped side of an A/B game, every copy of the old card replaced
/// by the new in every deck, as the run made them (`simulate::swap_deck`, which refuses a deck
/// the swap makes illegal). `hullbreach replay --swapped` and the workbench both deal through
/// this, so the two replay the same game.
pub fn dealt(
    db: &CardDb,
    record: &GameRecord,
    decks: Vec<Vec<CardId>>,
) -> Result<Vec<Vec<CardId>>, SwapProblem> {
    let (Variant::Swap, Some(swap)) = (record.variant, &record.run.swap) else {
        return Ok(decks);
    };
    let (old, new) = swap_names(swap).ok_or_else(|| SwapProblem::NotASwap(shown(swap)))?;
    let id = |name: &str| {
        db.by_name(name)
            .map(|c| c.id)
            .ok_or_else(|| SwapProblem::NotInPool(shown(name)))
    };
    let (old, new) = (id(old)?, id(new)?);
    decks
        .iter()
        .map(|d| crate::simulate::swap_deck(db, d, old, new).map_err(SwapProblem::Illegal))
        .collect()
}

/// Where the replay differs from its record (who won, how, after how many turns and choices),
/// or `None`: a pool or deck changed since the run plays another game.
pub fn differs(record: &GameRecord, r: &Replayed) -> Option<String> {
    let winner = match r.end.outcome() {
        Some(Outcome::Winner(w)) => Some(usize::from(w.0)),
        _ => None,
    };
    let ending = Ending::of(r.end.outcome());
    let seat = |s: Option<usize>| s.map_or("none".to_string(), |s| format!("seat {}", s + 1));
    let mut diffs = Vec::new();
    if winner != record.winner || ending != record.ending {
        diffs.push(format!(
            "winner {} (recorded {})",
            seat(winner),
            seat(record.winner)
        ));
    }
    if r.end.turn() != record.turns {
        diffs.push(format!(
            "{} turns (recorded {})",
            r.end.turn(),
            record.turns
        ));
    }
    if r.choices as u64 != record.choices {
        diffs.push(format!(
            "{} choices (recorded {})",
            r.choices, record.choices
        ));
    }
    (!diffs.is_empty()).then(|| diffs.join(", "))
}

/// The game's transcript, as `hullbreach play` prints it; `numbered` puts each choice before
/// its events as `choice N> Commander: action` (the script line, N counting from 1) — the
/// numbers `--to-ruling --at N` takes.
pub fn transcript(r: &Replayed, numbered: bool) -> String {
    if !numbered {
        return crate::transcript::render_log(&r.end);
    }
    let namer = crate::transcript::Namer::new(&r.end);
    let log = r.end.log();
    let mut out = String::new();
    let mut g = r.start.clone();
    let mut shown = 0;
    for (k, (who, choice)) in r.end.history().iter().enumerate() {
        for e in &log[shown..g.log_len().min(log.len())] {
            let _ = writeln!(out, "{}", namer.line(e));
        }
        shown = g.log_len().min(log.len());
        let _ = writeln!(
            out,
            "choice {}> {}: {}",
            k + 1,
            g.commander_name(*who),
            choice.script(&g)
        );
        if g.apply(*who, choice.clone()).is_err() {
            break;
        }
    }
    for e in &log[shown..] {
        let _ = writeln!(out, "{}", namer.line(e));
    }
    out
}

/// What `--to-ruling` asks for.
#[derive(Debug, Clone)]
pub struct Request {
    /// The choice (from 1) the board stands before.
    pub at: usize,
    /// Script lines: `None` is up to the end of the turn, at most [`DEFAULT_SCRIPT`].
    pub choices: Option<usize>,
    /// Where the moment cannot be a board (a card effect is resolving), write the nearest
    /// earlier board and its own script instead of that board and a prelude.
    pub nearest: bool,
    /// Where the game came from, for the title (`rdf-starter vs colonial-starter, game 3 of
    /// simulate --seed 5 (game seed 42)`).
    pub source: String,
}

/// Script lines when `--choices` is not given, if the turn goes on longer.
pub const DEFAULT_SCRIPT: usize = 20;
/// The longest script `--choices` may ask for.
pub const MAX_SCRIPT: usize = 1000;

/// Why no ruling was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub at: usize,
    pub reason: String,
    /// The nearest earlier choice that can be written, and the next later one.
    pub earlier: Option<usize>,
    pub later: Option<usize>,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot write the game before choice {} as a ruling: {}",
            self.at, self.reason
        )?;
        match (self.earlier, self.later) {
            (Some(e), _) => write!(
                f,
                "\nthe nearest earlier choice that can be written is {e} (`--at {e}`, or add `--nearest`)"
            ),
            (None, Some(l)) => write!(
                f,
                "\nno earlier choice can be written; the next one that can is {l} (`--at {l}`)"
            ),
            (None, None) => Ok(()),
        }
    }
}

impl std::error::Error for Refusal {}

/// A ruling written from a game.
#[derive(Debug, Clone)]
pub struct Written {
    /// The ruling file.
    pub text: String,
    /// The choice (from 1) the moment stands before: where its script begins.
    pub at: usize,
    /// The choice its board stands before: `at`, or earlier by its prelude.
    pub board_at: usize,
    /// Its prelude lines: the game's choices `board_at .. at`, which reach the moment.
    pub prelude: usize,
    /// Its script lines: the game's choices `at ..= at + script - 1`.
    pub script: usize,
    /// Why the board moved (`--nearest`) or the script stopped early, in words (also written
    /// into the file as comments).
    pub notes: Vec<String>,
    /// The game's commander names and the ruling's.
    names: Vec<(String, String)>,
    /// The ruling's number of each game card (indexed by the game's number).
    numbers: Vec<u16>,
}

impl Written {
    /// Debug text of the game's state with each card id (`Inst(N)`) renumbered as the ruling
    /// numbers it, for comparing states (never shown).
    fn translate_ids(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(k) = rest.find("Inst(") {
            out.push_str(&rest[..k + 5]);
            rest = &rest[k + 5..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            match rest[..digits]
                .parse::<usize>()
                .ok()
                .and_then(|n| self.numbers.get(n))
            {
                Some(m) => {
                    let _ = write!(out, "{m}");
                }
                None => out.push_str(&rest[..digits]),
            }
            rest = &rest[digits..];
        }
        out.push_str(rest);
        out
    }

    /// Text about the game (a board, a script line) in the ruling's commander names and card
    /// numbers.
    pub fn translate(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        'scan: while let Some(c) = rest.chars().next() {
            for (game, ruling) in &self.names {
                if !game.is_empty() && rest.starts_with(game.as_str()) {
                    out.push_str(ruling);
                    rest = &rest[game.len()..];
                    continue 'scan;
                }
            }
            if c == '#' {
                let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
                if let Some(n) = rest[1..1 + digits]
                    .parse::<usize>()
                    .ok()
                    .filter(|_| digits > 0)
                {
                    match self.numbers.get(n) {
                        Some(m) => {
                            let _ = write!(out, "#{m}");
                        }
                        None => out.push_str(&rest[..1 + digits]),
                    }
                    rest = &rest[1 + digits..];
                    continue;
                }
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
        out
    }
}

/// Write the game `start` (before its first choice) as it stood before choice `req.at` of
/// `history`. A moment whose board cannot be written (a card effect is resolving) is reached
/// by a prelude: the board at the nearest earlier choice that can be written, and the game's
/// choices from there to choice `req.at` (`--nearest` writes that earlier board instead).
pub fn to_ruling(
    start: &Game,
    history: &[(PlayerId, Choice)],
    req: &Request,
) -> Result<Written, Refusal> {
    let refuse = |reason: String| Refusal {
        at: req.at,
        reason,
        earlier: None,
        later: None,
    };
    if req.choices.is_some_and(|k| k == 0 || k > MAX_SCRIPT) {
        return Err(refuse(format!("--choices takes 1 to {MAX_SCRIPT}")));
    }
    if req.at == 0 || req.at > history.len() {
        return Err(refuse(format!(
            "the game has choices 1 to {}",
            history.len()
        )));
    }
    let mut g = start.clone();
    let mut earlier = None;
    for (j, (who, choice)) in history.iter().enumerate().take(req.at - 1) {
        if unwritable(&g).is_none() {
            earlier = Some((j + 1, g.clone()));
        }
        g.apply(*who, choice.clone())
            .map_err(|e| refuse(format!("choice {} of the game is refused: {e}", j + 1)))?;
    }
    let Some(reason) = unwritable(&g) else {
        return write_at(&g, &history[req.at - 1..], req.at, req.choices, &req.source).map_err(
            |reason| Refusal {
                at: req.at,
                reason,
                earlier: earlier.map(|(e, _)| e),
                later: None,
            },
        );
    };
    match earlier {
        Some((e, eg)) => {
            let prelude = if req.nearest {
                &[][..]
            } else {
                &history[e - 1..req.at - 1]
            };
            let mut w = write_from(
                &eg,
                e,
                prelude,
                &history[e - 1 + prelude.len()..],
                req.choices,
                &req.source,
            )
            .map_err(|why| Refusal {
                at: req.at,
                reason: why,
                earlier: Some(e),
                later: None,
            })?;
            let reason = w.translate(&reason);
            let note = if req.nearest {
                format!("choice {} cannot be a board ({reason}): the board stands before choice {e}, the nearest earlier one that can", req.at)
            } else {
                format!(
                    "choice {} cannot be a board ({reason}): the board stands before choice {e}, the nearest earlier one that can, and the prelude plays {} to reach it",
                    req.at,
                    choices_words(e, req.at - 1)
                )
            };
            w.text = format!("# {note}\n{}", w.text);
            w.notes.insert(0, note);
            Ok(w)
        }
        None => {
            let mut later = None;
            for (j, (who, choice)) in history.iter().enumerate().skip(req.at - 1) {
                if g.apply(*who, choice.clone()).is_err() {
                    break;
                }
                if unwritable(&g).is_none() && j + 1 < history.len() {
                    later = Some(j + 2);
                    break;
                }
            }
            Err(Refusal {
                at: req.at,
                reason,
                earlier: None,
                later,
            })
        }
    }
}

/// `choice 7` or `choices 7 to 9`.
fn choices_words(from: usize, to: usize) -> String {
    if from == to {
        format!("choice {from}")
    } else {
        format!("choices {from} to {to}")
    }
}

/// Why the state `g` cannot be a ruling's board, or `None` when it can. A board says every
/// state the engine keeps between choices — the cards in every zone and their marks, the
/// turn's counts, and the moment under way (`moment`: an engagement at any step, a response
/// window, a Setup step, a Regimented search, the Spoils of War, temporary modifiers, used
/// limits and damage prevention) — but a card effect resolving (§6.8): that is the card's text
/// part-way through, which `to_ruling` reaches with a prelude instead (docs/rulings.md).
pub fn unwritable(g: &Game) -> Option<String> {
    if g.outcome().is_some() || g.step == Step::Over {
        return Some("the game is over".into());
    }
    if let Some(p) = g.pending.first() {
        return Some(format!(
            "the text of {} {} is resolving (§6.8)",
            g.name(p.source),
            p.source
        ));
    }
    if g.resolving || g.acting.is_some() {
        return Some("a card effect is resolving (§6.8)".into());
    }
    if g.engagement.as_ref().is_some_and(|e| e.rolled.is_some()) {
        // The faces shown are no key of a board: the board before the volley and a prelude.
        return Some("a volley's dice are shown, waiting on a re-roll (I-91)".into());
    }
    for (k, _) in g.instances().iter().enumerate() {
        let i = Inst(k as u16);
        if let Some(why) = unwritable_name(g.name(i)) {
            return Some(format!("the card name `{}` {why}", g.name(i)));
        }
    }
    for c in g.commanders() {
        for &top in &c.battlefield {
            if let Err(why) = tree_form(g, top) {
                return Some(why);
            }
        }
    }
    None
}

/// Why a card name cannot be written in a board line, if it cannot: the format splits lists
/// at `;`, reads `@` as a label and ` #` as a comment, and takes some words as keywords.
fn unwritable_name(name: &str) -> Option<&'static str> {
    if name.contains([';', '#', '@', '\n', '\r']) {
        return Some("holds `;`, `#` or `@`, which a ruling line reads otherwise");
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.join(" ") != name {
        return Some("has blanks a ruling line would not keep");
    }
    if words.iter().any(|w| {
        matches!(
            *w,
            "wounds"
                | "face-down"
                | "controlled-by"
                | "owned-by"
                | "awaits-volley-turn"
                | "owes-drawback"
                | "entered"
                | "deployed-by"
                | "turned"
                | "limit-used"
                | "prevented"
        )
    }) {
        return Some("holds a word a board line reads as a keyword");
    }
    None
}

/// How a card in play is written: in its controller's block, with `owned-by` where another
/// commander owns it (a hijacked ship, a garrison's Marine, §9.16, §6.9.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Plain,
    OwnedBy(PlayerId),
}

/// Every card below a top-level card is under the same commander's command as it (§9.1); a
/// board cannot say otherwise.
fn tree_form(g: &Game, top: Inst) -> Result<Form, String> {
    let Some(x) = g.instance(top) else {
        return Err(format!("card {top} is not in the game"));
    };
    let controller = x.controller;
    let mut stack: Vec<Inst> = g.attachments(top).to_vec();
    while let Some(i) = stack.pop() {
        if g.instance(i).is_some_and(|a| a.controller != controller) {
            return Err(format!(
                "{} {i} aboard {} {top} is under another commander's command than its host",
                g.name(i),
                g.name(top)
            ));
        }
        stack.extend(g.attachments(i).iter().copied());
    }
    Ok(form_of(g, top))
}

fn form_of(g: &Game, i: Inst) -> Form {
    match g.instance(i) {
        Some(x) if x.owner != x.controller => Form::OwnedBy(x.owner),
        _ => Form::Plain,
    }
}

/// A commander's name as a ruling can write it everywhere (`controlled-by NAME` takes one word):
/// `rdf-starter (1)` becomes `rdf-starter-1`.
fn ruling_name(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        match c {
            '(' | ')' => {}
            c if c.is_whitespace() || matches!(c, ':' | '#' | '@' | ';' | ',') => {
                if !s.ends_with('-') {
                    s.push('-');
                }
            }
            c => s.push(c),
        }
    }
    let s = s.trim_matches('-').to_string();
    if s.is_empty() {
        "commander".into()
    } else {
        s
    }
}

/// One block entry in play: the card, its depth below the top, and its top-level form.
struct Entry {
    inst: Inst,
    depth: usize,
    form: Form,
}

/// A commander block as written.
#[derive(Default)]
struct Block {
    shipyard: Vec<Inst>,
    hand: Vec<Inst>,
    scrapheap: Vec<Inst>,
    play: Vec<Entry>,
}

fn push_tree(g: &Game, i: Inst, depth: usize, into: &mut Vec<Entry>) {
    into.push(Entry {
        inst: i,
        depth,
        form: form_of(g, i),
    });
    if depth < 40 {
        for &a in g.attachments(i) {
            push_tree(g, a, depth + 1, into);
        }
    }
}

/// The script's choices, their dice, and why it stopped early if it did.
struct Script {
    /// (who, choice, the state it was made in, its d10 results).
    steps: Vec<(PlayerId, Choice, Game, Vec<u8>)>,
    /// The state after each step.
    after: Vec<Game>,
    note: Option<String>,
}

/// The game's choices `next` from `g` (before choice `at`), with the dice each rolled. Without
/// `advance` (the game's own dice were forced, so its rolls did not move the generator) a
/// shuffle after dice ends the script; `rolled` says dice were rolled before it (a prelude).
fn plan_script(
    g: &Game,
    next: &[(PlayerId, Choice)],
    at: usize,
    count: Option<usize>,
    advance: bool,
    mut rolled: bool,
) -> Script {
    let limit = count.unwrap_or(DEFAULT_SCRIPT).min(next.len());
    let mut s = Script {
        steps: Vec::new(),
        after: Vec::new(),
        note: None,
    };
    let mut h = g.clone();
    for (k, (who, choice)) in next.iter().take(limit).enumerate() {
        let before = h.clone();
        h.dice.record_rolls();
        let events = match h.apply(*who, choice.clone()) {
            Ok(e) => e,
            Err(e) => {
                s.note = Some(format!(
                    "choice {} of the game is refused here: {e}",
                    at + k
                ));
                break;
            }
        };
        let dice = h.dice.take_rolls();
        let shuffles = events
            .iter()
            .any(|e| matches!(e, Event::ShipyardShuffled { .. }));
        if !advance && shuffles && (rolled || !dice.is_empty()) {
            s.note = Some(format!(
                "the script stops before choice {}: it shuffles a Shipyard after dice were \
                 rolled, and a ruling's forced dice leave the seeded generator where the game's \
                 rolls moved it from (§8.3)",
                at + k
            ));
            break;
        }
        if matches!(h.outcome(), Some(Outcome::TurnLimit { .. })) {
            s.note = Some(format!(
                "the script stops before choice {}: the game reached its turn cap there, and a \
                 ruling has none",
                at + k
            ));
            break;
        }
        rolled |= !dice.is_empty();
        s.steps.push((*who, choice.clone(), before, dice));
        s.after.push(h.clone());
        let turn_over = h.turn() != g.turn() || h.active() != g.active();
        if count.is_none() && (turn_over || h.decision().is_none()) {
            break;
        }
    }
    s
}

/// Write `g` (before choice `at`) and the choices `next` (from choice `at` on) as a ruling,
/// and check it plays as the game did.
pub fn write_at(
    g: &Game,
    next: &[(PlayerId, Choice)],
    at: usize,
    count: Option<usize>,
    source: &str,
) -> Result<Written, String> {
    write_from(g, at, &[], next, count, source)
}

/// Write the board `g` (before choice `board_at`), a prelude of the game's choices `prelude`
/// that reaches the moment before choice `at = board_at + prelude.len()`, and the choices
/// `next` from there as a ruling; check it reaches and plays as the game did.
pub fn write_with_prelude(
    g: &Game,
    board_at: usize,
    prelude: &[(PlayerId, Choice)],
    next: &[(PlayerId, Choice)],
    count: Option<usize>,
    source: &str,
) -> Result<Written, String> {
    write_from(g, board_at, prelude, next, count, source)
}

fn write_from(
    g: &Game,
    board_at: usize,
    prelude: &[(PlayerId, Choice)],
    next: &[(PlayerId, Choice)],
    count: Option<usize>,
    source: &str,
) -> Result<Written, String> {
    if let Some(why) = unwritable(g) {
        return Err(why);
    }
    if count.is_some_and(|k| k == 0 || k > MAX_SCRIPT) {
        return Err(format!("--choices takes 1 to {MAX_SCRIPT}"));
    }
    // Commander names: unique, one word each.
    let mut names: Vec<(String, String)> = Vec::new();
    for (k, c) in g.commanders().iter().enumerate() {
        let mut n = ruling_name(&c.name);
        if names.iter().any(|(_, r)| *r == n) {
            n = format!("{n}-{}", k + 1);
        }
        names.push((c.name.to_string(), n));
    }
    // Blocks in seat order, each card in the block it is written in.
    let mut blocks: Vec<Block> = g.commanders().iter().map(|_| Block::default()).collect();
    for (k, c) in g.commanders().iter().enumerate() {
        blocks[k].shipyard = c.shipyard.to_vec();
        blocks[k].hand = c.hand.to_vec();
        blocks[k].scrapheap = c.scrapheap.to_vec();
    }
    for (k, c) in g.commanders().iter().enumerate() {
        for &top in &c.battlefield {
            tree_form(g, top)?;
            push_tree(g, top, 0, &mut blocks[k].play);
        }
    }
    for (k, c) in g.commanders().iter().enumerate() {
        for &s in &c.stockpile_cards {
            blocks[k].play.push(Entry {
                inst: s,
                depth: 0,
                form: Form::Plain,
            });
        }
    }
    // The ruling places cards block by block: Shipyard, hand, Scrapheap, then in play.
    let mut numbers = vec![u16::MAX; g.instances().len()];
    let mut next_number: u16 = 0;
    for b in &blocks {
        let order = b
            .shipyard
            .iter()
            .chain(&b.hand)
            .chain(&b.scrapheap)
            .chain(b.play.iter().map(|e| &e.inst));
        for &i in order {
            if let Some(n) = numbers.get_mut(i.0 as usize) {
                *n = next_number;
            }
            next_number = next_number.saturating_add(1);
        }
    }
    if numbers.contains(&u16::MAX) {
        return Err("a card is in no zone a board can hold".into());
    }
    // Cards overrides, discounts and the moment's keys name get labels.
    let mut labelled: Vec<Inst> = crate::moment::named_cards(g);
    for ov in &g.overrides {
        labelled.push(ov.source);
        if let Scope::Card(c) = ov.scope {
            labelled.push(c);
        }
    }
    labelled.extend(g.discounts.iter().map(|d| d.source));
    // A label is the card's number in the ruling: `@c12` is `#12` of the script.
    let label_numbers = numbers.clone();
    let label = |i: Inst| {
        let n = label_numbers.get(usize::from(i.0)).copied().unwrap_or(i.0);
        format!("@c{n}")
    };
    let with_label = |i: Inst| {
        if labelled.contains(&i) {
            format!("{} {}", g.name(i), label(i))
        } else {
            g.name(i).to_string()
        }
    };
    // When cards entered play orders abilities that trigger together and overrides of equal
    // scope (`effects::triggers`, docs/engine.md): it matters only for cards with abilities
    // and the sources of a board's overrides ([`speaks`]). The ruling stamps its cards in the
    // order it places them; where that is not the game's order among those cards, each of
    // them says its place with `entered N`.
    let mut by_game: Vec<Inst> = blocks
        .iter()
        .flat_map(|b| b.play.iter().map(|e| e.inst))
        .filter(|&i| speaks(g, i))
        .collect();
    let by_ruling = by_game.clone();
    by_game.sort_by_key(|&i| (g.instance(i).map_or(0, |x| x.entered), i.0));
    let entered: Vec<(Inst, u32)> = if by_game == by_ruling {
        Vec::new()
    } else {
        by_game
            .iter()
            .enumerate()
            .map(|(k, &i)| (i, k as u32 + 1))
            .collect()
    };
    // A forced die draws the roll it replaces, so the generator moves as the game's did,
    // unless the game's own dice were forced (a game from a ruling).
    let advance = g.dice.forced_left() == 0;
    // The prelude: the game's choices from the board to the moment, each with its dice.
    let mut h = g.clone();
    let mut prelude_steps: Vec<(PlayerId, Choice, Game, Vec<u8>)> = Vec::new();
    for (k, (who, choice)) in prelude.iter().enumerate() {
        let before = h.clone();
        h.dice.record_rolls();
        h.apply(*who, choice.clone())
            .map_err(|e| format!("choice {} of the game is refused here: {e}", board_at + k))?;
        let dice = h.dice.take_rolls();
        prelude_steps.push((*who, choice.clone(), before, dice));
    }
    let at = board_at + prelude.len();
    let moment = &h;
    let rolled = prelude_steps.iter().any(|s| !s.3.is_empty());
    let script = plan_script(moment, next, at, count, advance, rolled);
    let partial = Written {
        text: String::new(),
        at,
        board_at,
        prelude: prelude.len(),
        script: 0,
        notes: Vec::new(),
        names,
        numbers,
    };
    let line_of = |(who, choice, before, _): &(PlayerId, Choice, Game, Vec<u8>)| {
        partial.translate(&format!(
            "{}: {}",
            before.commander_name(*who),
            choice.script(before)
        ))
    };
    let prelude_lines: Vec<String> = prelude_steps.iter().map(line_of).collect();
    let lines: Vec<String> = script.steps.iter().map(line_of).collect();
    let phase = crate::moment::phase_key(&g.step).ok_or("the game is over")?;
    let card_text = |i: Inst| format!("{} {}", g.name(i), label(i));
    let who_text = |p: PlayerId| partial.names[usize::from(p.0)].1.clone();
    let moment_keys = crate::moment::write(g, &card_text, &who_text)?;
    // The decision choice `at` answers, in the ruling's names (`rdf-starter-1's engagement
    // declaration (§5.5.1)`).
    let decision = moment
        .decision()
        .map(|d| partial.translate(&d.words(moment)));
    let render = |lines: &[String], dice: &[u8], notes: &[String]| {
        let mut t = String::new();
        if prelude_lines.is_empty() {
            let _ = writeln!(
                t,
                "# Written by `hullbreach replay --to-ruling`: the board before choice {at} of the game, \
                 then its next {} choice(s) with the dice they rolled.",
                lines.len()
            );
        } else {
            let _ = writeln!(
                t,
                "# Written by `hullbreach replay --to-ruling`: the board before choice {board_at} of the \
                 game, a prelude of its {} that reaches the moment before choice {at}, then its \
                 next {} choice(s), with the dice they rolled.",
                choices_words(board_at, at - 1),
                lines.len()
            );
        }
        if let Some(d) = &decision {
            let _ = writeln!(t, "# Choice {at} answers {d}.");
        }
        for n in notes {
            let _ = writeln!(t, "# {n}");
        }
        let _ = writeln!(t, "title: {source}, before choice {at}");
        let _ = writeln!(t, "seed: {}", g.seed());
        let _ = writeln!(t, "seed-words: {}", g.dice.word_pos());
        let _ = writeln!(t, "phase: {phase}");
        let _ = writeln!(t, "active: {}", partial.names[usize::from(g.active().0)].1);
        let _ = writeln!(t, "turn: {}", g.turn());
        if !dice.is_empty() {
            let d: Vec<String> = dice.iter().map(u8::to_string).collect();
            let _ = writeln!(t, "dice: {}", d.join(" "));
            if advance {
                let _ = writeln!(t, "dice-advance: yes");
            }
        }
        for (k, (c, b)) in g.commanders().iter().zip(&blocks).enumerate() {
            let _ = writeln!(t, "\ncommander {}", partial.names[k].1);
            let _ = writeln!(t, "  stockpile: {}R {}C", c.resource, c.currency);
            if c.out {
                let _ = writeln!(t, "  out: yes");
            }
            if c.mulligans > 0 {
                let _ = writeln!(t, "  mulligans: {}", c.mulligans);
            }
            // The counts as the game keeps them (a commander's are reset when their turn
            // begins, §5.3); whom the last engagement attacked goes with the active commander.
            if c.conscripted > 0 {
                let _ = writeln!(t, "  conscripted: {}", c.conscripted);
            }
            let active = k == usize::from(g.active().0);
            if c.engagements > 0 || (active && g.declared_against.is_some()) {
                let _ = write!(t, "  engagements: {}", c.engagements);
                if let Some(p) = g.declared_against.filter(|_| active) {
                    let _ = write!(t, " against {}", partial.names[usize::from(p.0)].1);
                }
                t.push('\n');
            }
            for (key, list) in [
                ("hand", &b.hand),
                ("shipyard", &b.shipyard),
                ("scrapheap", &b.scrapheap),
            ] {
                if !list.is_empty() {
                    let cards: Vec<String> = list.iter().map(|&i| with_label(i)).collect();
                    let _ = writeln!(t, "  {key}: {}", cards.join("; "));
                }
            }
            if !b.play.is_empty() {
                let _ = writeln!(t, "  in play:");
            }
            for e in &b.play {
                let x = g.instance(e.inst);
                let mut line = format!("{:w$}{}", "", with_label(e.inst), w = 4 + 2 * e.depth);
                if let Some(x) = x.filter(|x| x.wounds > 0) {
                    let _ = write!(line, " wounds {}", x.wounds);
                }
                if x.is_some_and(|x| x.face_down) {
                    line.push_str(" face-down");
                }
                if let Some((_, n)) = entered.iter().find(|(i, _)| *i == e.inst) {
                    let _ = write!(line, " entered {n}");
                }
                if g.fresh.contains(&e.inst) {
                    line.push_str(" awaits-volley-turn");
                }
                if g.drawback_carried.contains(&e.inst) {
                    line.push_str(" owes-drawback");
                }
                if let Form::OwnedBy(p) = e.form {
                    let _ = write!(line, " owned-by {}", partial.names[usize::from(p.0)].1);
                }
                // Who deployed it, where that is not this block's commander (a hijacked ship
                // or a garrison's Marine its owner deployed, a card put into play by an effect).
                let by = x.and_then(|x| x.deployed_by);
                if g.in_play(e.inst) && by != Some(PlayerId(k as u8)) {
                    match by {
                        Some(p) => {
                            let _ =
                                write!(line, " deployed-by {}", partial.names[usize::from(p.0)].1);
                        }
                        None => line.push_str(" deployed-by -"),
                    }
                }
                line.push_str(&crate::moment::write_card_flags(g, e.inst, &label));
                let _ = writeln!(t, "{line}");
            }
        }
        if !g.overrides.is_empty() || !g.discounts.is_empty() {
            t.push('\n');
        }
        for ov in &g.overrides {
            let value = match ov.value {
                RuleValue::Count(n) => n.to_string(),
                RuleValue::Flag(b) => if b { "yes" } else { "no" }.to_string(),
                RuleValue::Amount(a) => format!("{}R {}C", a.resource, a.currency),
                RuleValue::Class(c) => c.name().to_string(),
            };
            let scope = match ov.scope {
                Scope::Controller => "controller".to_string(),
                Scope::Opponents => "opponents".to_string(),
                Scope::Global => "everyone".to_string(),
                Scope::Card(c) => label(c),
                // Only card text says `against this` (I-99); a ruling header never injects it.
                Scope::Against(c) => format!("against {}", label(c)),
            };
            let _ = writeln!(
                t,
                "override: {} = {value} from {} for {scope}",
                ov.rule.name(),
                label(ov.source)
            );
        }
        for d in &g.discounts {
            let on = match d.applies_to {
                DiscountTarget::Any => "anything",
                DiscountTarget::Ships => "ships",
                DiscountTarget::Marines => "marines",
                DiscountTarget::Modules => "modules",
            };
            let _ = writeln!(
                t,
                "discount: {}R {}C on {on} from {}",
                d.amount.resource,
                d.amount.currency,
                label(d.source)
            );
        }
        if !moment_keys.is_empty() {
            t.push('\n');
            t.push_str(moment_keys.trim_start_matches('\n'));
        }
        if !prelude_lines.is_empty() {
            let _ = writeln!(
                t,
                "\nprelude:  # the game's {}, up to the moment before choice {at}",
                choices_words(board_at, at - 1)
            );
            for l in &prelude_lines {
                let _ = writeln!(t, "  {l}");
            }
        }
        if !lines.is_empty() {
            t.push_str("\nscript:\n");
            for l in lines {
                let _ = writeln!(t, "  {l}");
            }
        }
        t
    };
    // The dice the prelude and the first `n` choices rolled, then any forced dice (a game from
    // a ruling) still queued after them.
    let dice_of = |n: usize| -> Vec<u8> {
        let queued = match n.checked_sub(1) {
            Some(k) => script.after.get(k).map(|a| a.dice.forced_unused()),
            None => Some(moment.dice.forced_unused()),
        };
        prelude_steps
            .iter()
            .flat_map(|s| s.3.iter().copied())
            .chain(
                script
                    .steps
                    .iter()
                    .take(n)
                    .flat_map(|s| s.3.iter().copied()),
            )
            .chain(queued.unwrap_or_default())
            .collect()
    };
    let mut notes: Vec<String> = script.note.clone().into_iter().collect();
    let text = render(&lines, &dice_of(lines.len()), &notes);
    // The check: the ruling's board is the game's, and each script line plays as the game did.
    let (played, why) = check(moment, &text, &partial, &lines, &script.after, advance)?;
    let (text, kept) = if played < lines.len() {
        notes = vec![format!(
            "the script stops before choice {}: a ruling does not play it as the game did ({})",
            at + played,
            why.unwrap_or_default()
        )];
        (render(&lines[..played], &dice_of(played), &notes), played)
    } else {
        (text, lines.len())
    };
    Ok(Written {
        text,
        script: kept,
        notes,
        ..partial
    })
}

/// Whether a card's time of entering play can matter: it has abilities (triggered together in
/// that order, `effects::triggers`) or is the source of a board's override (equal scopes are
/// ordered by it, docs/engine.md).
fn speaks(g: &Game, i: Inst) -> bool {
    g.in_play(i)
        && (!g.card(i).abilities.is_empty()
            || g.overrides.iter().any(|o| o.source == i)
            || g.discounts.iter().any(|d| d.source == i))
}

/// Run the written ruling: its board (after its prelude) must be the game's at the moment
/// (else an error naming what differs); returns how many script lines play as the game's
/// choices did.
fn check(
    g: &Game,
    text: &str,
    w: &Written,
    lines: &[String],
    after: &[Game],
    advance: bool,
) -> Result<(usize, Option<String>), String> {
    let r = crate::ruling::parse(text)
        .map_err(|e| format!("the written ruling does not parse: {e}"))?;
    let mut s = crate::ruling::Session::start(&r, Arc::clone(&g.catalog))
        .map_err(|f| format!("the written ruling does not build: {}", f.error))?;
    if let Some(d) = difference(g, s.game(), w, advance) {
        return Err(format!(
            "the board writer cannot express this state (please report it): {d}"
        ));
    }
    for (k, line) in lines.iter().enumerate() {
        match s.play(line, k + 1) {
            Ok(true) => {}
            Ok(false) => return Ok((k, Some(format!("the ruling refuses `{line}`")))),
            Err(e) => return Ok((k, Some(format!("`{line}` is not a script line: {e}")))),
        }
        let diff = match after.get(k) {
            Some(a) => difference(a, s.game(), w, advance),
            None => Some("the game has no position there".into()),
        };
        if diff.is_some() {
            return Ok((k, diff));
        }
    }
    Ok((lines.len(), None))
}

/// Where the ruling's game `r` is not the game `g` (in `w`'s names and numbers): first the
/// position a designer reads (board, decision, legal choices), then every part of the state
/// the rules read ([`state`]), named in words.
fn difference(g: &Game, r: &Game, w: &Written, advance: bool) -> Option<String> {
    let id = identity(r);
    if let Some(d) = first_difference(&position(g, w), &position(r, &id)) {
        return Some(d);
    }
    let (a, b) = (state(g, w, advance), state(r, &id, advance));
    for ((what, x), (_, y)) in a.iter().zip(&b) {
        if x != y {
            return Some(format!("{what} differ"));
        }
    }
    None
}

/// Every part of the game's state the rules read, as text in `w`'s card numbers, each with
/// what it is in words: the commanders' zones and counts, every card, the step and the moment
/// under way, card effects and modifiers — all but what a ruling does not share with its game
/// by design: the log and history, the turn cap (a ruling has none), the turn order of §4.8
/// (kept for the log; turns pass clockwise by seat, §5.6), the resolver's clock (only the order
/// cards entered play counts, compared among the cards it can matter for, [`speaks`]), the
/// queue of forced dice, the generator's position unless forced dice advance it, and the
/// storage an ended engagement leaves for the next (no state). A limit
/// or a ward of a card that has left play since is dropped: it can never count again (§9.12).
/// The game is taken apart field by field (no `..`): a field added to it does not compile
/// here until it is compared or said to be left out.
fn state(g: &Game, w: &Written, advance: bool) -> Vec<(&'static str, String)> {
    let Game {
        catalog: _,
        commanders,
        instances,
        dice,
        seed,
        max_turns: _,
        turn,
        active,
        phase,
        step,
        regiments,
        setup_queue,
        order: _,
        overrides,
        discounts,
        clock: _,
        declared_against,
        outcome,
        log: _,
        history: _,
        noted: _,
        engagement,
        spoils,
        fresh,
        drawback_carried,
        relocations,
        pending,
        temporary,
        temporary_commanders,
        limits_used,
        plays_used,
        wards_used,
        speakers: _,
        // Derived from the cards in play, as `speakers` is.
        statics_in_play: _,
        statics_in_play_kinds: _,
        commander_statics_in_play: _,
        marines_and_wings: _,
        capacity_stale: _,
        garrisons_stale: _,
        in_play: _,
        resolving,
        acting,
        window,
        spare: _,
    } = g;
    let t = |s: String| w.translate_ids(&s);
    let sorted = |v: &[Inst]| {
        let mut v: Vec<String> = v.iter().map(|i| t(format!("{i:?}"))).collect();
        v.sort();
        v.join(",")
    };
    let mut out: Vec<(&'static str, String)> = vec![
        ("the seeds", seed.to_string()),
        ("the turns", turn.to_string()),
        ("the active commanders", format!("{active:?}")),
        ("the phases", format!("{phase:?}")),
        ("the steps", t(format!("{step:?}"))),
    ];
    if advance {
        out.push((
            "the seeded generators' positions",
            dice.word_pos().to_string(),
        ));
    }
    for c in commanders {
        let crate::state::Commander {
            name: _,
            resource,
            currency,
            shipyard,
            hand,
            battlefield,
            scrapheap,
            stockpile_cards,
            out: gone,
            mulligans,
            conscripted,
            engagements,
        } = c;
        out.push((
            "the commanders' zones or counts",
            t(format!(
                "{resource} {currency} {shipyard:?} {hand:?} {battlefield:?} {scrapheap:?} \
                 {stockpile_cards:?} {gone} {mulligans} {conscripted} {engagements}"
            )),
        ));
    }
    // Cards in the ruling's numbering, and their place in the order cards entered play among
    // those it matters for.
    let mut ranked: Vec<Inst> = (0..instances.len() as u16)
        .map(Inst)
        .filter(|&i| speaks(g, i))
        .collect();
    ranked.sort_by_key(|&i| (g.instance(i).map_or(0, |x| x.entered), i.0));
    let mut cards: Vec<(u16, String)> = instances
        .iter()
        .enumerate()
        .map(|(k, x)| {
            let i = Inst(k as u16);
            let crate::state::Instance {
                card,
                owner,
                controller,
                zone,
                wounds,
                face_down,
                facing,
                attachments,
                deployed_by,
                entered: _,
            } = x;
            let rank = ranked.iter().position(|&r| r == i);
            (
                w.number(i).unwrap_or(u16::MAX),
                t(format!(
                    "{card:?} {owner:?} {controller:?} {zone:?} {wounds} {face_down} {facing:?} \
                     {attachments:?} {deployed_by:?} {rank:?}"
                )),
            )
        })
        .collect();
    cards.sort();
    out.extend(cards.into_iter().map(|(_, s)| ("the cards", s)));
    let live =
        |i: Inst, entered: u32| g.in_play(i) && g.instance(i).is_some_and(|x| x.entered == entered);
    let mut limits: Vec<String> = limits_used
        .iter()
        .filter(|(i, e, ..)| live(*i, *e))
        .map(|(i, _, k, l)| t(format!("{i:?} {k} {l:?}")))
        .collect();
    limits.sort();
    let mut wards: Vec<String> = wards_used
        .iter()
        .filter(|((i, e, ..), _)| live(*i, *e))
        .map(|((i, _, src, span), n)| t(format!("{i:?} {src:?} {span:?} {n}")))
        .collect();
    wards.sort();
    out.extend([
        ("the Regimented searches", t(format!("{regiments:?}"))),
        ("the Setup queues", format!("{setup_queue:?}")),
        ("the overrides", t(format!("{overrides:?}"))),
        ("the discounts", t(format!("{discounts:?}"))),
        (
            "the commanders last attacked",
            format!("{declared_against:?}"),
        ),
        ("the outcomes", format!("{outcome:?}")),
        ("the engagements", t(format!("{engagement:?}"))),
        ("the Spoils of War", format!("{spoils:?}")),
        ("the ships waiting for a volley turn", sorted(fresh)),
        ("the Overload Drawbacks owed", sorted(drawback_carried)),
        (
            "the Spoils-of-War Marines to move",
            t(format!("{relocations:?}")),
        ),
        ("the card effects resolving", t(format!("{pending:?}"))),
        ("the temporary modifiers", {
            // A card's modifiers in their order; which card's come first follows the order
            // an effect's recipients were found in, which is the cards' numbering (never read).
            let mut v: Vec<(u16, String)> = temporary
                .iter()
                .map(|x| (w.number(x.card).unwrap_or(u16::MAX), t(format!("{x:?}"))))
                .collect();
            v.sort_by_key(|e| e.0);
            v.into_iter().map(|e| e.1).collect::<Vec<_>>().join(",")
        }),
        (
            "the temporary Commander modifiers",
            t(format!("{temporary_commanders:?}")),
        ),
        ("the used limits", limits.join(",")),
        ("the play limits used", format!("{plays_used:?}")),
        ("the damage prevented", wards.join(",")),
        (
            "the effects under way",
            t(format!("{resolving} {acting:?}")),
        ),
        ("the response windows", format!("{window:?}")),
    ]);
    out
}

fn identity(g: &Game) -> Written {
    Written {
        text: String::new(),
        at: 0,
        board_at: 0,
        prelude: 0,
        script: 0,
        notes: Vec::new(),
        names: Vec::new(),
        numbers: (0..g.instances().len() as u16).collect(),
    }
}

/// A position as text, in `w`'s names: turn, phase and active commander, the board (as a
/// ruling's transcript shows it), the Stockpile cards, and the pending decision with its legal
/// choices (sorted: their order follows card numbers).
pub fn position_text(g: &Game, w: &Written) -> String {
    position(g, w).join("\n")
}

fn position(g: &Game, w: &Written) -> Vec<String> {
    let mut out = vec![w.translate(&format!(
        "turn {}, {} Phase of {}",
        g.turn(),
        g.phase().name(),
        g.commander_name(g.active())
    ))];
    out.extend(
        w.translate(&crate::ruling::board(g))
            .lines()
            .map(String::from),
    );
    for c in g.commanders() {
        let cards: Vec<String> = c
            .stockpile_cards
            .iter()
            .map(|&i| format!("{} {i}", g.name(i)))
            .collect();
        out.push(w.translate(&format!("{} Stockpile cards: {}", c.name, cards.join("; "))));
    }
    match g.decision() {
        Some(d) => {
            out.push(w.translate(&format!("next decision: {}", d.words(g))));
            let who = g.commander_name(d.who);
            let mut choices: Vec<String> = g
                .legal_choices()
                .iter()
                .map(|c| w.translate(&format!("  {who}: {}", c.script(g))))
                .collect();
            choices.sort();
            out.extend(choices);
        }
        None => out.push("next decision: none".into()),
    }
    out
}

fn first_difference(game: &[String], ruling: &[String]) -> Option<String> {
    for (k, (a, b)) in game.iter().zip(ruling).enumerate() {
        if a != b {
            return Some(format!(
                "line {} of the position is `{a}` in the game, `{b}` in the ruling",
                k + 1
            ));
        }
    }
    match game.len().cmp(&ruling.len()) {
        std::cmp::Ordering::Equal => None,
        _ => Some(format!(
            "the game's position has {} lines, the ruling's {}",
            game.len(),
            ruling.len()
        )),
    }
}

impl Written {
    /// The ruling's number of the game's card `i`.
    pub fn number(&self, i: Inst) -> Option<u16> {
        self.numbers.get(i.0 as usize).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commander_names_become_one_word() {
        assert_eq!(ruling_name("rdf-starter (1)"), "rdf-starter-1");
        assert_eq!(ruling_name("Ada"), "Ada");
        assert_eq!(ruling_name("a: b #c"), "a-b-c");
        assert_eq!(ruling_name("()"), "commander");
    }

    #[test]
    fn card_names_a_board_line_would_misread_are_found() {
        assert_eq!(unwritable_name("Merlin-class Frigate"), None);
        assert!(unwritable_name("A; B").is_some());
        assert!(unwritable_name("Gun #2").is_some());
        assert!(unwritable_name("Open  Space").is_some());
        assert!(unwritable_name("Old wounds").is_some());
    }

    #[test]
    fn translate_renames_commanders_and_renumbers_cards_in_one_pass() {
        let w = Written {
            text: String::new(),
            at: 1,
            board_at: 1,
            prelude: 0,
            script: 0,
            notes: Vec::new(),
            names: vec![("a (1)".into(), "a-1".into()), ("a-1".into(), "x".into())],
            numbers: vec![2, 0, 1],
        };
        // A replaced name is not replaced again; `#N` past the numbers stays as it is.
        assert_eq!(
            w.translate("a (1): fire Gun #0 at Hull #2, #9 and a-1 #"),
            "a-1: fire Gun #2 at Hull #1, #9 and x #"
        );
        assert_eq!(w.number(Inst(1)), Some(0));
    }
}
