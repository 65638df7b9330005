//! One game in progress for a person (issue #45, the workbench's Play page): started from decks
//! with a seed, or from a ruling file or a written moment; each seat a person or a computer
//! player. The person sees the pending decision and its legal choices as ruling-script lines
//! (`words`), makes one, and the computer seats answer until it is a person's turn again or the
//! game ends. The transcript is the ruling runner's (`ruling::Session`: `> Ada: done` and the
//! events after it), and the moment can be saved as a ruling file by the replay writer
//! (`replay::write_with_prelude`), checked there to play as the game did.
//!
//! A person sees what their commander would see at a real table (I-103): while a person sits
//! at it and the game goes on, a computer seat's hand is a count and its face-down cards are
//! backs, on the board ([`Table::board`]) and in the transcript ([`Table::seen_transcript`],
//! worded by `transcript::Namer::seen_by`). Two persons at one screen see each other's hands:
//! the page cannot tell who is looking, so it hides only what no person at it may see.
//!
//! [`view`] is the one read of a position for drawing: the workbench's boards (`serve::board`),
//! the benchmark and the tests all take it.
//!
//! The table decides no rule: a choice is one the engine listed, and the engine applies it.
//! Nothing here is a web type, so the server (`serve::play`), the benchmark and the tests drive
//! the same code.

use std::sync::Arc;

use crate::choice::Choice;
use crate::event::Event;
use crate::ids::{Inst, PlayerId};
use crate::ir::CardId;
use crate::liveness::LoopGuard;
use crate::players::Player;
use crate::replay::Written;
use crate::ruling::Session;
use crate::state::Game;
use crate::sweep::PlayerKind;
use crate::transcript::{render_events, Namer};
use crate::CardDb;

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// A person choosing by hand.
    Person,
    /// A computer player, as `hullbreach play --player` names it.
    Computer(PlayerKind),
}

impl Seat {
    /// `person`, or a computer player as `--player` takes it (`random`, `heuristic`,
    /// `heuristic-v1`, `search:N`).
    pub fn parse(text: &str) -> Result<Seat, String> {
        match text.trim() {
            "person" => Ok(Seat::Person),
            other => PlayerKind::parse(other)
                .map(Seat::Computer)
                .map_err(|e| format!("{e}, or person")),
        }
    }

    /// The seat's kind as [`Seat::parse`] reads it.
    pub fn name(self) -> String {
        match self {
            Seat::Person => "person".into(),
            Seat::Computer(k) => k.name(),
        }
    }
}

/// The turn cap of a game started from decks, as `hullbreach play` has it by default.
pub const TURNS: u32 = 100;

/// The most choices computer seats make in one answer (`simulate`'s bound on a whole game), so
/// no answer runs unbounded.
pub const MAX_ANSWER: usize = crate::simulate::MAX_CHOICES;

/// A game in progress for a person.
pub struct Table {
    session: Session,
    seats: Vec<Seat>,
    /// Each computer seat's player (`None` for a person), on its own seeded stream.
    players: Vec<Option<Box<dyn Player + Send>>>,
    /// The latest state a ruling's board can hold (`replay::unwritable`), the number of the
    /// choice it stands before (counted from the table's start, from 1), and the choices made
    /// since: what "save this moment" writes, as a board and a prelude.
    anchor: Option<(Game, usize)>,
    since: Vec<(PlayerId, Choice)>,
    /// Choices made at this table, by persons and computers.
    made: usize,
    guard: LoopGuard,
    /// Why the computer seats stopped without the game ending (a loop, no choice), in words.
    stopped: Option<String>,
    /// Where the game came from, for a saved ruling's title.
    source: String,
    /// The transcript as the persons at the table see it, when a seat's cards are hidden from
    /// them (`None`: they see it all, and it is the session's).
    seen: Option<String>,
}

impl Table {
    /// A game between `decks` (a name and its cards, in seat order), seeded by `seed`: the deal,
    /// the dice and the computer players all follow from it, as `hullbreach play` seats them.
    pub fn from_decks(
        db: Arc<CardDb>,
        decks: Vec<(String, Vec<CardId>)>,
        seats: Vec<Seat>,
        seed: u64,
    ) -> Result<Table, String> {
        if seats.len() != decks.len() {
            return Err(format!(
                "{} decks and {} seats: give one seat for each deck",
                decks.len(),
                seats.len()
            ));
        }
        let names: Vec<String> = decks.iter().map(|(n, _)| n.clone()).collect();
        // `new_game` names and seeds the seats as `simulate` and `hullbreach play` do; a person's
        // seat takes no player from it.
        let entrants = decks
            .into_iter()
            .zip(&seats)
            .map(|((name, cards), seat)| {
                let kind = match seat {
                    Seat::Computer(k) => *k,
                    Seat::Person => PlayerKind::Random,
                };
                (name, cards, kind)
            })
            .collect();
        let (game, _) = crate::simulate::new_game(db, seed, TURNS, entrants)?;
        let source = format!("{}, seed {seed}", names.join(" vs "));
        let heading = format!("game: {source}\n\n== start ==\n");
        let seen = hidden_seats(&seats)
            .map(|_| heading.clone() + &render_events(&seen_by(&game, &seats), game.log()));
        let full = heading + &crate::transcript::render_log(&game);
        let players = players(&seats, seed);
        Ok(Table::seat(
            Session::from_game(game, full),
            seats,
            players,
            source,
            seen,
        ))
    }

    /// A game from a ruling file's text (a moment `replay --to-ruling` wrote is one): its board,
    /// then its script played; `origin` names the file in errors and in a saved ruling's title.
    /// Seat k is the ruling's k-th commander: seats past the end of `seats` are persons, and
    /// seats past its commanders are not used. The computer players are seeded by `seed`.
    pub fn from_ruling(
        db: Arc<CardDb>,
        text: &str,
        origin: &str,
        seats: Vec<Seat>,
        seed: u64,
    ) -> Result<Table, String> {
        let r = crate::ruling::diagnose(text, &db).map_err(|problems| {
            let first = problems
                .first()
                .map_or(String::new(), |p| format!("line {}: {}", p.line, p.message));
            format!("{origin}: {first}")
        })?;
        let failed = |f: crate::ruling::Failed| {
            format!("{origin}: line {}: {}", f.error.line, f.error.message)
        };
        let mut session = Session::start(&r, db).map_err(failed)?;
        session.play_script(&r, |_| {}).map_err(failed)?;
        let mut seats = seats;
        seats.resize(session.game().commanders().len(), Seat::Person);
        let players = players(&seats, seed);
        let source = format!("{origin} played on, seed {seed}");
        let seen =
            hidden_seats(&seats).map(|_| seen_ruling(session.transcript(), session.game(), &seats));
        Ok(Table::seat(session, seats, players, source, seen))
    }

    fn seat(
        session: Session,
        seats: Vec<Seat>,
        players: Vec<Option<Box<dyn Player + Send>>>,
        source: String,
        seen: Option<String>,
    ) -> Table {
        let g = session.game();
        let anchor = crate::replay::unwritable(g)
            .is_none()
            .then(|| (g.clone(), 1));
        let guard = LoopGuard::new(g);
        let mut t = Table {
            session,
            seats,
            players,
            anchor,
            since: Vec::new(),
            made: 0,
            guard,
            stopped: None,
            source,
            seen,
        };
        t.answer();
        t
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// Who sits where, in seat order.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The transcript so far: the start, then each choice as a script line and its events,
    /// every card named (as `hullbreach ruling` prints it).
    pub fn transcript(&self) -> &str {
        self.session.transcript()
    }

    /// The transcript as the persons at the table see it: a computer seat's draws and searches
    /// into hand as counts and its face-down cards unnamed, while a person plays it and the
    /// game goes on (I-103); at the end, as at a real table, everything is shown.
    pub fn seen_transcript(&self) -> &str {
        match &self.seen {
            Some(seen) if self.game().decision().is_some() => seen,
            _ => self.transcript(),
        }
    }

    /// Whether the persons at the table may not see `seat`'s hidden cards (its hand, its
    /// face-down cards): a computer's, while some person sits at the table and the game goes
    /// on. With no person, or at the end, the board is open.
    pub fn hides(&self, seat: usize) -> bool {
        self.seen.is_some()
            && self.game().decision().is_some()
            && matches!(self.seats.get(seat), Some(Seat::Computer(_)))
    }

    /// Choices made at this table so far: a page shows it, and sends it back with a choice so a
    /// choice made on an older page is refused as stale.
    pub fn moves(&self) -> usize {
        self.made
    }

    /// The seat whose person must choose now, if it is a person's turn.
    pub fn person_to_choose(&self) -> Option<PlayerId> {
        if self.stopped.is_some() {
            return None;
        }
        let d = self.game().decision()?;
        matches!(self.seats.get(usize::from(d.who.0)), Some(Seat::Person)).then_some(d.who)
    }

    /// The pending decision in words, or how the game ended, or why it stopped.
    pub fn status(&self) -> String {
        let g = self.game();
        if let Some(why) = &self.stopped {
            return format!("the game stopped: {why}");
        }
        if let Some(o) = g.outcome() {
            return Namer::new(g).event(&Event::GameOver { outcome: o.clone() });
        }
        match g.decision() {
            Some(d) => format!("next decision: {}", d.words(g)),
            None => "the game is over".into(),
        }
    }

    /// The person's legal choices as script lines (`Ada: fire Lancer #3 at Brute #9`): empty
    /// when no person is to choose.
    pub fn choices(&self) -> Vec<String> {
        if self.person_to_choose().is_none() {
            return Vec::new();
        }
        let lines = self.session.choice_lines();
        if self.seen.is_none() {
            return lines;
        }
        lines.iter().map(|l| self.seen_line(l)).collect()
    }

    /// `text` as the persons at the table may read it: a card whose name is hidden from them (a
    /// computer seat's face-down card, I-103) is named as [`Namer::seen_by`] names it, so a
    /// choice that targets one — `detach target opposing Module-Ship` — does not give it away.
    fn seen_line(&self, text: &str) -> String {
        let g = self.game();
        let namer = seen_by(g, &self.seats);
        let mut out = text.to_string();
        for (k, x) in g.instances().iter().enumerate() {
            if !x.face_down {
                continue;
            }
            let Ok(k) = u16::try_from(k) else { break };
            let i = crate::ids::Inst(k);
            let (full, seen) = (
                crate::transcript::card_label(g, i),
                namer.card(g.card_ref(i)),
            );
            if full != seen {
                out = replace_label(&out, &full, &seen);
            }
        }
        out
    }

    /// Make the person's choice `index` of [`Table::choices`], whose words the page showed as
    /// `line`, on the page of move `moves`; then the computer seats answer. A stale page, a
    /// choice no longer listed, or one the rules refuse is refused in words and changes nothing.
    pub fn choose(&mut self, moves: usize, index: usize, line: &str) -> Result<(), String> {
        if moves != self.made {
            return Err(format!(
                "this page shows the game after {moves} choices and it has had {}: the choice \
                 was not made; choose again on the game as it stands",
                self.made
            ));
        }
        let Some(who) = self.person_to_choose() else {
            return Err("no person is to choose now: the choice was not made".into());
        };
        let g = self.game();
        let mut listed = Vec::new();
        g.legal_choices_into(&mut listed);
        let name = g.commander_name(who);
        let Some(choice) = listed.into_iter().nth(index).filter(|c| {
            let words = format!("{name}: {}", c.script(g));
            match self.seen {
                Some(_) => self.seen_line(&words) == line,
                None => words == line,
            }
        }) else {
            return Err(format!(
                "`{line}` is not choice {} of the legal choices now: it was not made",
                index + 1
            ));
        };
        self.make(who, choice)?;
        self.answer();
        Ok(())
    }

    /// One choice, kept as the table's history and its anchor.
    fn make(&mut self, who: PlayerId, choice: Choice) -> Result<(), String> {
        let words = choice.script(self.game());
        let (text_from, log_from) = (self.transcript().len(), self.game().log().len());
        let accepted = self.session.choose(who, choice.clone());
        self.see_since(text_from, log_from);
        if !accepted {
            // The choice was listed, so a refusal is the engine's bug: say so, play no further.
            let why = format!("a listed choice was refused: {words}");
            self.stopped = Some(why.clone());
            return Err(why);
        }
        self.made += 1;
        self.since.push((who, choice));
        let g = self.session.game();
        if crate::replay::unwritable(g).is_none() {
            self.anchor = Some((g.clone(), self.made + 1));
            self.since.clear();
        }
        if let Some(why) = self.guard.after_choice(g) {
            self.stopped = Some(why);
        }
        Ok(())
    }

    /// The session's transcript from byte `text_from`, whose events are the log's from
    /// `log_from`, joins the persons' transcript with those events worded as they see them.
    fn see_since(&mut self, text_from: usize, log_from: usize) {
        if self.seen.is_none() {
            return;
        }
        let g = self.session.game();
        let added = &self.session.transcript()[text_from..];
        let events = g.log().get(log_from..).unwrap_or_default();
        let full = render_events(&Namer::new(g), events);
        let theirs = render_events(&seen_by(g, &self.seats), events);
        // The session writes a choice's events as one block after its script line, which may
        // name a card the persons may not see (a target): worded as the choices were.
        let added = self.seen_line(&added.replacen(&full, &theirs, 1));
        if let Some(seen) = &mut self.seen {
            seen.push_str(&added);
        }
    }

    /// The computer seats choose until a person is to choose, the game ends, or they stop.
    fn answer(&mut self) {
        for _ in 0..MAX_ANSWER {
            if self.stopped.is_some() {
                return;
            }
            let Some(d) = self.game().decision() else {
                return;
            };
            let Some(player) = self
                .players
                .get_mut(usize::from(d.who.0))
                .and_then(|p| p.as_mut())
            else {
                return;
            };
            let Some(choice) = player.choose(self.session.game()) else {
                let who = self.game().commander_name(d.who);
                self.stopped = Some(format!("{who} has no legal choice"));
                return;
            };
            if self.make(d.who, choice).is_err() {
                return;
            }
        }
        self.stopped = Some(format!(
            "the computer seats made {MAX_ANSWER} choices without a person's turn coming"
        ));
    }

    /// This moment as a ruling file: its board (or, while a card's text is resolving, the
    /// nearest earlier board and a prelude of the choices since), checked by the writer to reach
    /// the same state. `hullbreach ruling` on the text ends at this table's position.
    pub fn save_as_ruling(&self) -> Result<Written, String> {
        let Some((board, at)) = &self.anchor else {
            return Err(
                "no moment of this game since the table began can be written as a ruling \
                        board (a card's text has been resolving since): make a choice first"
                    .into(),
            );
        };
        crate::replay::write_with_prelude(board, *at, &self.since, &[], None, &self.source)
            .map_err(|why| format!("this moment cannot be written as a ruling: {why}"))
    }

    /// The position in full, as `hullbreach ruling FILE --choices` prints its final one after
    /// `== final ==`: the board (every card named, Shipyards in order) and the pending decision
    /// with all its legal choices, in the table's names; a saved moment's
    /// [`Written::translate`] words it in the ruling's own.
    pub fn position(&self) -> String {
        crate::ruling::board(self.game()) + &self.session.pending(None)
    }

    /// The board as it stands, for drawing, as the persons at the table see it.
    pub fn board(&self) -> Board {
        view(self.game(), Some(&self.seats), &|seat| self.hides(seat))
    }
}

/// `text` with each `label` (`Name #N`) replaced by `by`, where it is whole: `Name #5` is not
/// the start of `Name #55`.
fn replace_label(text: &str, label: &str, by: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(label) {
        let after = &rest[at + label.len()..];
        out.push_str(&rest[..at]);
        if after.starts_with(|c: char| c.is_ascii_digit()) {
            out.push_str(label);
        } else {
            out.push_str(by);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Which seats' hidden cards the persons at a table may not see, by seat number: the
/// computers', when at least one person sits at it; `None` when nothing is hidden.
fn hidden_seats(seats: &[Seat]) -> Option<Vec<bool>> {
    let computer = |s: &Seat| matches!(s, Seat::Computer(_));
    (seats.iter().any(|s| !computer(s)) && seats.iter().any(computer))
        .then(|| seats.iter().map(computer).collect())
}

/// Events worded as the persons at a table of `seats` see them (I-103).
fn seen_by<'g>(g: &'g Game, seats: &[Seat]) -> Namer<'g> {
    let hidden = hidden_seats(seats).unwrap_or_default();
    Namer::seen_by(g, &|p| hidden.get(usize::from(p.0)) == Some(&true))
}

/// A ruling's transcript `full` (its board, start and script, played to `g`) as the persons at
/// a table of `seats` see it: a hidden seat's hand and Shipyard on the board as counts and its
/// face-down cards unnamed, and each event line worded by [`seen_by`].
fn seen_ruling(full: &str, g: &Game, seats: &[Seat]) -> String {
    let hidden = hidden_seats(seats).unwrap_or_default();
    let secret: Vec<&str> = g
        .commanders()
        .iter()
        .zip(&hidden)
        .filter(|(_, h)| **h)
        .map(|(c, _)| c.name.as_ref())
        .collect();
    let (all, theirs) = (Namer::new(g), seen_by(g, seats));
    // A card's full wording does not change as the game goes on, so each event's line is
    // found again in order (a line that is not the next event's is not an event's).
    let mut events = g.log().iter().peekable();
    let (mut in_board, mut hiding) = (false, false);
    let mut out = String::with_capacity(full.len());
    for line in full.lines() {
        if line.starts_with("== ") {
            in_board = line == "== board ==";
        } else if in_board && !line.starts_with(' ') && !line.is_empty() {
            hiding = secret.iter().any(|name| {
                line.strip_prefix(name)
                    .is_some_and(|rest| rest.starts_with(": ") || rest.starts_with(" (out): "))
            });
        }
        let worded = match events.peek() {
            _ if in_board && hiding => unseen_board_line(line),
            Some(e) if !in_board && all.line(e) == line => events.next().map(|e| theirs.line(e)),
            _ => None,
        };
        out.push_str(worded.as_deref().unwrap_or(line));
        out.push('\n');
    }
    out
}

/// A hidden seat's line of a ruling's board (`ruling::board`) as the others see it, if it
/// shows what they may not: the hand and Shipyard as counts, a face-down card unnamed.
fn unseen_board_line(line: &str) -> Option<String> {
    if let Some(cards) = line.strip_prefix("  hand: ") {
        let n = if cards.is_empty() {
            0
        } else {
            cards.split("; ").count()
        };
        return Some(format!("  hand: {n} card(s), hidden"));
    }
    if line.starts_with("  shipyard (") {
        return line.split_once(": ").map(|(count, _)| count.to_string());
    }
    let face_down = line.find(" [face down]")?;
    let card_end = line[..face_down].find(" [").unwrap_or(face_down);
    let number = line[..card_end].rfind(" #")?;
    let indent = line.len() - line.trim_start().len();
    Some(format!(
        "{:indent$}a face-down card {}{}",
        "",
        &line[number + 1..card_end],
        &line[card_end..]
    ))
}

/// Each computer seat's player, seeded from the game's seed and the seat as `hullbreach play`
/// and `simulate` seat them, so a table of computers plays their game.
fn players(seats: &[Seat], seed: u64) -> Vec<Option<Box<dyn Player + Send>>> {
    seats
        .iter()
        .enumerate()
        .map(|(k, s)| match s {
            Seat::Computer(kind) => Some(kind.seated(seed, k as u64)),
            Seat::Person => None,
        })
        .collect()
}

/// The board of a game, for drawing: each commander's counts and zones, the cards in play as
/// trees of attachments, whose turn it is and the decision pending.
#[derive(Debug, Clone)]
pub struct Board {
    pub turn: u32,
    /// The active commander's seat.
    pub active: usize,
    /// The seat that must decide now, if any.
    pub deciding: Option<usize>,
    /// The pending decision in words (`None`: none is pending).
    pub decision: Option<String>,
    pub seats: Vec<SeatView>,
}

/// One commander at the table.
#[derive(Debug, Clone)]
pub struct SeatView {
    pub name: String,
    /// Who sits there, when the board is a table's.
    pub seat: Option<Seat>,
    pub out: bool,
    /// The Stockpile's resources and currency.
    pub resource: u8,
    pub currency: u8,
    /// The hand's cards: empty when it is hidden from whoever looks (`hand_hidden`).
    pub hand: Vec<CardView>,
    /// How many cards the hand holds, public even when they are hidden.
    pub hand_size: usize,
    pub hand_hidden: bool,
    /// The Shipyard is face down: only its count is seen.
    pub shipyard: usize,
    pub scrapheap: Vec<CardView>,
    /// Cards in play, each with what is attached to it.
    pub in_play: Vec<CardView>,
    /// Cards in the Stockpile.
    pub stockpile: Vec<CardView>,
}

/// One card as it is drawn.
#[derive(Debug, Clone)]
pub struct CardView {
    pub inst: Inst,
    /// The card in the pool, whose face is drawn; `None` for a face-down card whoever looks may
    /// not see (§3.4.4), drawn as a back.
    pub card: Option<CardId>,
    /// `Name #N`, as the transcript names it (`a face-down card #N` when it is unseen).
    pub label: String,
    pub wounds: u8,
    pub face_down: bool,
    /// The commander it was hijacked from, if it was.
    pub hijacked_from: Option<String>,
    /// What differs from the printed card now, in words (`rules::stats`).
    pub now: Vec<String>,
    pub attached: Vec<CardView>,
}

/// How deep attachments are drawn (a board's trees are shallow; the bound keeps a hostile
/// ruling's board from nesting the page without end).
const MAX_DEPTH: usize = 20;

/// The board of `g` as someone sees it who may not look at the hidden cards of the seats
/// `hidden` names (their hands, their face-down cards); `seats` says who sits where when it is
/// a table's. A ruling's or a finished game's board hides nothing (`&|_| false`).
pub fn view(g: &Game, seats: Option<&[Seat]>, hidden: &dyn Fn(usize) -> bool) -> Board {
    Board {
        turn: g.turn(),
        active: usize::from(g.active().0),
        deciding: g.decision().map(|d| usize::from(d.who.0)),
        decision: g.decision().map(|d| d.words(g)),
        seats: g
            .commanders()
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let secret = hidden(k);
                let cards = |v: &[Inst]| {
                    v.iter()
                        .map(|&i| card_view(g, i, 0, secret))
                        .collect::<Vec<_>>()
                };
                SeatView {
                    name: c.name.to_string(),
                    seat: seats.and_then(|s| s.get(k).copied()),
                    out: c.out,
                    resource: c.resource,
                    currency: c.currency,
                    hand: if secret { Vec::new() } else { cards(&c.hand) },
                    hand_size: c.hand.len(),
                    hand_hidden: secret,
                    shipyard: c.shipyard.len(),
                    scrapheap: cards(&c.scrapheap),
                    in_play: cards(&c.battlefield),
                    stockpile: cards(&c.stockpile_cards),
                }
            })
            .collect(),
    }
}

/// One card and what is attached to it; `secret` when its side's face-down cards are unseen.
fn card_view(g: &Game, i: Inst, depth: usize, secret: bool) -> CardView {
    let x = g.instance(i);
    let face_down = x.is_some_and(|x| x.face_down);
    let wounds = x.map_or(0, |x| x.wounds);
    if face_down && secret {
        return CardView {
            inst: i,
            card: None,
            label: format!("a face-down card {i}"),
            wounds,
            face_down,
            hijacked_from: None,
            now: Vec::new(),
            attached: Vec::new(),
        };
    }
    CardView {
        inst: i,
        card: x.map(|x| x.card),
        label: crate::transcript::card_label(g, i),
        wounds,
        face_down,
        hijacked_from: x
            .filter(|x| x.controller != x.owner && depth == 0)
            .and_then(|x| g.commander(x.owner))
            .map(|c| c.name.to_string()),
        now: crate::rules::stats::changed_from_printed(g, i),
        attached: if depth < MAX_DEPTH {
            g.attachments(i)
                .iter()
                .map(|&a| card_view(g, a, depth + 1, secret))
                .collect()
        } else {
            Vec::new()
        },
    }
}

/// A decklist file's cards, one id per copy, if it is a legal deck (§2.1); else its first
/// problems in words, naming the file.
pub fn load_deck(pool: &CardDb, path: &std::path::Path) -> Result<Vec<CardId>, String> {
    crate::deck::legal_file(path, pool).map_err(|problem| match problem {
        crate::deck::DeckFileProblem::Unreadable(e) => e.to_string(),
        crate::deck::DeckFileProblem::Illegal(illegal) => {
            let why: Vec<&str> = illegal
                .1
                .violations
                .iter()
                .take(3)
                .map(|v| v.message.as_str())
                .collect();
            format!("{} is not a legal deck: {}", path.display(), why.join("; "))
        }
    })
}
