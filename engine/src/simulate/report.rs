//! The balance report of a simulation, computed from its game records alone (so one run and
//! the merge of its shards report the same): win rates per entrant and per seat with 95%
//! Wilson intervals, first-player advantage (§4.8), how games ended and why the turn cap
//! stopped them, game lengths, per card figures, and the A/B shift of a `--swap` run. Rendered
//! as a table ([`Report::render`]) or JSON (serde).
//!
//! Every figure says how sure it is: rates carry intervals, differences carry intervals, and a
//! per card comparison with fewer than [`MIN_GROUP`] games on either side says so instead of a
//! verdict. Per card win rates are observational (games where the card was drawn against
//! games where it was not, compared within games of the same length and corrected for the
//! number of cards compared, Holm): they say where to look, never what a card causes; the A/B
//! (`--swap`) is the causal measure.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::record::{CapReason, Ending, Fall, GameRecord, Run, Variant};
use super::stats::{self, Rate, Shift, Stratified, Stratum};

/// Games each side of a comparison needs before the report draws a conclusion from it.
pub const MIN_GROUP: u64 = 10;

/// The family-wise error rate of the per card comparisons (Holm).
pub const FAMILY_LEVEL: f64 = 0.05;

/// The widest line a report's table takes; wider tables are cut into parts by columns, each
/// part repeating the first column.
pub const MAX_WIDTH: usize = 100;

/// Bars in the game-length histogram.
pub const LENGTH_BINS: u32 = 10;

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub run: Run,
    /// Games reported (the decks as given; an A/B run's swapped games are in `swap`).
    pub games: u64,
    pub entrants: Vec<EntrantLine>,
    pub seats: Vec<SeatLine>,
    pub first_player: FirstPlayer,
    pub endings: Endings,
    pub length: Length,
    pub cards: Vec<CardLine>,
    /// A round robin's matchups and ratings.
    pub round_robin: Option<RoundRobin>,
    pub swap: Option<SwapReport>,
}

/// A round robin: every pairing's results and a rating per entrant.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoundRobin {
    /// `matchups[i][j]`: entrant `i + 1`'s wins over its games against entrant `j + 1`
    /// (`None` on the diagonal).
    pub matchups: Vec<Vec<Option<Rate>>>,
    /// Per entrant, its Bradley–Terry rating in Elo points (see [`bradley_terry`]).
    pub ratings: Vec<f64>,
    /// How the ratings were fitted, in words.
    pub method: String,
}

/// One entrant's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EntrantLine {
    pub entrant: usize,
    pub deck: String,
    pub player: String,
    /// Wins over all games (turn-capped games count as not won).
    pub won: Rate,
    /// Wins over the games that had a winner.
    pub won_decided: Rate,
}

/// One seat's results (seat 1 is the engine's first seat; who moves first is rolled, §4.8).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatLine {
    pub seat: usize,
    pub won: Rate,
    pub won_decided: Rate,
}

/// How often the commander who took the first turn won a decided game, against `even`, the
/// rate if going first did not matter (one over the number of commanders).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FirstPlayer {
    pub won_decided: Rate,
    pub even: f64,
    pub verdict: String,
}

/// How the games ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Endings {
    pub winner: u64,
    pub turn_cap: u64,
    /// Turn-capped games whose commanders still in had all emptied their Shipyards.
    pub deck_out: u64,
    /// Turn-capped games with cards left to draw.
    pub stalemate: u64,
    pub no_commanders: u64,
    pub unfinished: u64,
    /// Every way a game ended, with how many games ended so, by winning entrant and by
    /// game length (the length histogram's bins).
    pub ways: Vec<Way>,
}

/// One way a game ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Way {
    /// `volley`, `card-text`, `boarded-defended`, `boarded-undefended`, `scoop`, `deck-out`,
    /// `stalemate`, `no-commanders`, `unfinished`.
    pub way: String,
    /// The way in words.
    pub words: String,
    /// Games that ended so, with the share's interval.
    pub games: Rate,
    /// Per entrant, games it won this way (zeros for the ways with no winner).
    pub by_entrant: Vec<u64>,
    /// Per bin of `length.histogram`, games of that length that ended so.
    pub by_turn: Vec<u64>,
}

/// Game length in commander turns.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Length {
    pub min: u32,
    pub median: u32,
    pub p90: u32,
    pub max: u32,
    pub histogram: Vec<Bin>,
}

/// Games whose length is in `from..=to` turns.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Bin {
    pub from: u32,
    pub to: u32,
    pub games: u64,
}

/// One card of one entrant's deck: what its copies did, totals over the games, and the
/// entrant's win rate in games where a copy was drawn against games where none was.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardLine {
    pub entrant: usize,
    pub card: String,
    /// Copies drawn (Setup §4.4, Logistics §5.3.1).
    pub drawn: u64,
    /// Copies deployed, however they came into play.
    pub deployed: u64,
    /// Of `deployed`: from the Shipyard without a draw (Regimented, Conscripted, searches,
    /// the Spoils of War).
    pub from_shipyard: u64,
    /// In play from Setup without a draw (Station, free Module-Stations, Stockpiles).
    pub setup: u64,
    /// Times its abilities began to resolve.
    pub abilities: u64,
    /// Wounds its volleys dealt, and wounds it took.
    pub wounds: u64,
    pub wounds_taken: u64,
    pub destroyed: u64,
    /// The mean commander turn its copies came into play (Setup is turn 0), the free Setup
    /// deployments (Station, Module-Stations, Stockpiles) left out.
    pub mean_turn_deployed: Option<f64>,
    /// The entrant's win rate in games where a copy was drawn, and where none was.
    pub won_drawn: Rate,
    pub won_not_drawn: Rate,
    /// Drawn minus not drawn within games of the same length (commander turns), pooled by
    /// Mantel–Haenszel, when both sides have [`MIN_GROUP`] games.
    pub adjusted: Option<Stratified>,
    /// `adjusted`'s p-value after Holm's correction over every card compared in the report.
    pub p_holm: Option<f64>,
    /// The verdict in words, or why no comparison is possible.
    pub verdict: String,
}

/// An A/B run: the same seeds with the card swapped.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SwapReport {
    pub old: String,
    pub new: String,
    pub pairs: u64,
    pub entrants: Vec<SwapLine>,
}

/// One entrant's win rate before and after the swap, and the paired shift.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SwapLine {
    pub entrant: usize,
    pub before: Rate,
    pub after: Rate,
    pub shift: Shift,
    pub verdict: String,
}

impl Report {
    /// The report of a run's records (in any order; they are checked and sorted first).
    pub fn new(records: Vec<GameRecord>) -> Result<Report, String> {
        let records = super::record::merge(records, false)?;
        let run = records[0].run.clone();
        let n = run.entrants.len();
        let base: Vec<&GameRecord> = records
            .iter()
            .filter(|r| r.variant == Variant::Base)
            .collect();
        let games = base.len() as u64;
        let decided: Vec<&&GameRecord> = base.iter().filter(|r| r.winner.is_some()).collect();
        let entrants = run
            .entrants
            .iter()
            .enumerate()
            .map(|(e, entry)| {
                // Over the games it sat in (every game, but for a round robin).
                let wins = base
                    .iter()
                    .filter(|r| r.winning_entrant() == Some(e))
                    .count() as u64;
                EntrantLine {
                    entrant: e + 1,
                    deck: entry.deck.clone(),
                    player: entry.player.clone(),
                    won: Rate::new(
                        wins,
                        base.iter().filter(|r| r.seats.contains(&e)).count() as u64,
                    ),
                    won_decided: Rate::new(
                        wins,
                        decided.iter().filter(|r| r.seats.contains(&e)).count() as u64,
                    ),
                }
            })
            .collect();
        // Seats of a game: every entrant, or a pairing in a round robin.
        let seated = if run.round_robin { 2 } else { n };
        let seats = (0..seated)
            .map(|s| {
                let wins = base.iter().filter(|r| r.winner == Some(s)).count() as u64;
                SeatLine {
                    seat: s + 1,
                    won: Rate::new(wins, games),
                    won_decided: Rate::new(wins, decided.len() as u64),
                }
            })
            .collect();
        let first_won = decided
            .iter()
            .filter(|r| r.first.is_some() && r.first == r.winner)
            .count() as u64;
        let won_decided = Rate::new(first_won, decided.len() as u64);
        let even = 1.0 / seated as f64;
        let verdict = if decided.len() < MIN_GROUP as usize {
            "too few decided games to say".to_string()
        } else if won_decided.low > even {
            "going first helps".to_string()
        } else if won_decided.high < even {
            "going first hurts".to_string()
        } else {
            "no clear advantage".to_string()
        };
        let count = |f: &dyn Fn(&GameRecord) -> bool| base.iter().filter(|r| f(r)).count() as u64;
        let length = length(&base, run.turns);
        let endings = Endings {
            winner: count(&|r| r.ending == Ending::Winner),
            turn_cap: count(&|r| r.ending == Ending::TurnCap),
            deck_out: count(&|r| r.cap_reason == Some(CapReason::DeckOut)),
            stalemate: count(&|r| r.cap_reason == Some(CapReason::Stalemate)),
            no_commanders: count(&|r| r.ending == Ending::NoCommanders),
            unfinished: count(&|r| r.ending == Ending::Unfinished),
            ways: ways(&base, n, &length.histogram),
        };
        Ok(Report {
            games,
            entrants,
            seats,
            first_player: FirstPlayer {
                won_decided,
                even,
                verdict,
            },
            endings,
            length,
            cards: cards(&base, n),
            round_robin: run.round_robin.then(|| round_robin(&base, n)),
            swap: swap(&records, &run),
            run,
        })
    }

    /// The report as text tables, cards by name, words throughout.
    pub fn render(&self) -> String {
        let mut o = String::new();
        let run = &self.run;
        let _ = writeln!(
            o,
            "{} games, seed {}, turn cap {}{}",
            self.games,
            run.seed,
            run.turns,
            if self.games == run.games {
                String::new()
            } else {
                format!(" (of the run's {})", run.games)
            }
        );
        let _ = writeln!(
            o,
            "Seats rotate every game; the first turn goes to the initiative roll (§4.8)."
        );
        o.push_str("\nWin rate by entrant (95% interval)\n");
        let mut t = vec![row(&["", "Deck", "Player", "Games", "Won", "Of decided"])];
        for e in &self.entrants {
            t.push(vec![
                format!("{}.", e.entrant),
                e.deck.clone(),
                e.player.clone(),
                e.won.games.to_string(),
                rate(&e.won),
                rate(&e.won_decided),
            ]);
        }
        table(&mut o, &t);
        if let Some(rr) = &self.round_robin {
            let _ = writeln!(
                o,
                "\n{}",
                wrap(
                    "Round robin: the row's win rate against the column (95% interval; a \
                     turn-capped game is won by neither)"
                )
            );
            let mut head = row(&[""]);
            head.extend(self.entrants.iter().map(|e| format!("vs {}.", e.entrant)));
            let mut t = vec![head];
            for (i, e) in self.entrants.iter().enumerate() {
                let mut line = vec![format!("{}. {}", e.entrant, e.deck)];
                line.extend(
                    rr.matchups[i]
                        .iter()
                        .map(|m| m.as_ref().map_or("-".into(), rate)),
                );
                t.push(line);
            }
            table(&mut o, &t);
            o.push_str("\nRating per deck\n");
            let mut t = vec![row(&["", "Deck", "Player", "Rating"])];
            for (e, r) in self.entrants.iter().zip(&rr.ratings) {
                t.push(vec![
                    format!("{}.", e.entrant),
                    e.deck.clone(),
                    e.player.clone(),
                    format!("{r:+.0}"),
                ]);
            }
            table(&mut o, &t);
            let _ = writeln!(o, "{}", wrap(&format!("Ratings: {}.", rr.method)));
        }
        o.push_str("\nWin rate by seat (95% interval)\n");
        let mut t = vec![row(&["Seat", "Won", "Of decided"])];
        for s in &self.seats {
            t.push(vec![s.seat.to_string(), rate(&s.won), rate(&s.won_decided)]);
        }
        table(&mut o, &t);
        let f = &self.first_player;
        let _ = writeln!(
            o,
            "\n{}",
            wrap(&format!(
                "First-player advantage: the commander who took the first turn won {} \
                 (even would be {:.1}%): {}.",
                rate(&f.won_decided),
                f.even * 100.0,
                f.verdict
            ))
        );
        let e = &self.endings;
        o.push_str("\nHow games ended, and which entrant won so (share of games, 95% interval)\n");
        let mut head = row(&["Ending", "Games"]);
        head.extend(self.entrants.iter().map(|x| format!("{}. won", x.entrant)));
        let mut t = vec![head];
        for w in &e.ways {
            let mut line = vec![w.words.clone(), rate(&w.games)];
            // The ways without a winner have no entrant to name.
            let won = WAYS[..6].iter().any(|x| x.0 == w.way);
            line.extend(
                w.by_entrant
                    .iter()
                    .map(|g| if won { g.to_string() } else { "-".into() }),
            );
            t.push(line);
        }
        table(&mut o, &t);
        let _ = writeln!(
            o,
            "{}",
            wrap(
                "Deck-out: every commander still in had an empty Shipyard at the turn cap; \
                 stalemate: cards were left to draw."
            )
        );
        let l = &self.length;
        let _ = writeln!(
            o,
            "\nGame length in commander turns: min {}, median {}, 90th percentile {}, max {}",
            l.min, l.median, l.p90, l.max
        );
        let most = l
            .histogram
            .iter()
            .map(|b| b.games)
            .max()
            .unwrap_or(0)
            .max(1);
        let mut t = Vec::new();
        for b in &l.histogram {
            let bar = "#".repeat(((b.games * 40).div_ceil(most)) as usize);
            t.push(vec![
                format!("{}-{}", b.from, b.to),
                b.games.to_string(),
                bar,
            ]);
        }
        table(&mut o, &t);
        o.push_str("\nHow games ended by commander turn (games)\n");
        let shown: Vec<&Way> = e.ways.iter().filter(|w| w.games.wins > 0).collect();
        let mut head = row(&["Turns"]);
        head.extend(shown.iter().map(|w| short_way(&w.way).to_string()));
        let mut t = vec![head];
        for (i, b) in l.histogram.iter().enumerate() {
            let mut line = vec![format!("{}-{}", b.from, b.to)];
            line.extend(
                shown
                    .iter()
                    .map(|w| w.by_turn.get(i).copied().unwrap_or(0).to_string()),
            );
            t.push(line);
        }
        table(&mut o, &t);
        for (k, e) in self.entrants.iter().enumerate() {
            let lines: Vec<&CardLine> = self.cards.iter().filter(|c| c.entrant == k + 1).collect();
            let _ = writeln!(
                o,
                "\n{}",
                wrap(&format!(
                    "What the cards of {}. {} ({}) did: totals over {} games",
                    e.entrant, e.deck, e.player, e.won.games
                ))
            );
            let mut t = vec![row(&[
                "Card",
                "Drawn",
                "From hand",
                "Shipyard",
                "Setup",
                "Abilities",
                "Dealt",
                "Taken",
                "Destroyed",
                "Turn",
            ])];
            for c in &lines {
                t.push(vec![
                    c.card.clone(),
                    c.drawn.to_string(),
                    c.deployed
                        .saturating_sub(c.from_shipyard)
                        .saturating_sub(c.setup)
                        .to_string(),
                    c.from_shipyard.to_string(),
                    c.setup.to_string(),
                    c.abilities.to_string(),
                    c.wounds.to_string(),
                    c.wounds_taken.to_string(),
                    c.destroyed.to_string(),
                    c.mean_turn_deployed
                        .map_or("-".into(), |m| format!("{m:.1}")),
                ]);
            }
            table(&mut o, &t);
            let _ = writeln!(
                o,
                "{}",
                wrap(
                    "Copies drawn; deployed from hand; put into play from the Shipyard without a \
                     draw (Regimented, Conscripted, searches, Spoils of War); in play from Setup; \
                     abilities resolved; wounds dealt by its volleys and taken; copies destroyed; \
                     the mean commander turn a copy came into play (Setup is turn 0; the Station, \
                     free Module-Stations and Stockpiles are left out)."
                )
            );
            let _ = writeln!(
                o,
                "\n{}",
                wrap(&format!(
                    "Win rate of {}. {} in games where a copy was drawn vs not drawn",
                    e.entrant, e.deck
                ))
            );
            let mut t = vec![row(&[
                "Card",
                "Drawn in",
                "Won drawn",
                "Not drawn",
                "Same-length difference",
                "Holm p",
                "Verdict",
            ])];
            let mut none = Vec::new();
            for c in &lines {
                let Some(a) = c.adjusted else {
                    none.push(format!("{}: {}.", c.card, c.verdict));
                    continue;
                };
                t.push(vec![
                    c.card.clone(),
                    c.won_drawn.games.to_string(),
                    percent(&c.won_drawn),
                    percent(&c.won_not_drawn),
                    shift(&a.shift),
                    c.p_holm.map_or("-".into(), |p| format!("{p:.3}")),
                    c.verdict.clone(),
                ]);
            }
            if t.len() > 1 {
                table(&mut o, &t);
            }
            for line in none {
                let _ = writeln!(o, "{}", wrap(&format!("- {line}")));
            }
        }
        let _ = writeln!(
            o,
            "\n{}",
            wrap(
                "Drawn vs not drawn is observed, not caused: a card drawn in more wins may only be \
                 drawn in the games that go its deck's way. The difference compares games of the \
                 same length (Mantel-Haenszel over commander turns, 95% interval) and a verdict \
                 needs Holm's correction over every card compared. To measure what a card does, \
                 replace it: --swap \"Old Card=New Card\" (docs/simulate.md)."
            )
        );
        if let Some(s) = &self.swap {
            let _ = writeln!(
                o,
                "\n{}",
                wrap(&format!(
                    "A/B: every `{}` replaced by `{}`, {} paired games (same seeds)",
                    s.old, s.new, s.pairs
                ))
            );
            // The games are the pairs above, so each side shows its rate and interval alone.
            let mut t = vec![row(&["Deck", "Before", "After", "Shift", "Verdict"])];
            for l in &s.entrants {
                t.push(vec![
                    format!("{}. {}", l.entrant, self.entrants[l.entrant - 1].deck),
                    interval(&l.before),
                    interval(&l.after),
                    shift(&l.shift),
                    l.verdict.clone(),
                ]);
            }
            table(&mut o, &t);
        }
        o
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

fn length(base: &[&GameRecord], cap: u32) -> Length {
    let mut turns: Vec<u32> = base.iter().map(|r| r.turns).collect();
    turns.sort_unstable();
    let top = turns.last().copied().unwrap_or(0).max(cap).max(1);
    // The width comes from the top, so there are never more than LENGTH_BINS bins, and the
    // bins stop at u32::MAX (a cap near it once overflowed and looped forever).
    let width = top.div_ceil(LENGTH_BINS).max(1);
    let mut histogram = Vec::new();
    let mut from = 1u32;
    loop {
        let to = from.saturating_add(width - 1);
        let games = turns.iter().filter(|&&t| (from..=to).contains(&t)).count() as u64;
        histogram.push(Bin { from, to, games });
        if to >= top {
            break;
        }
        from = to + 1;
    }
    // Games that never began a turn (a Setup that could not finish) have length 0.
    let zero = turns.iter().filter(|&&t| t == 0).count() as u64;
    if zero > 0 {
        histogram.insert(
            0,
            Bin {
                from: 0,
                to: 0,
                games: zero,
            },
        );
    }
    Length {
        min: turns.first().copied().unwrap_or(0),
        median: stats::percentile(&turns, 50),
        p90: stats::percentile(&turns, 90),
        max: turns.last().copied().unwrap_or(0),
        histogram,
    }
}

/// The ways a game ends, in the report's order: the five ways a last commander falls, then
/// the endings without a winner. `won-untold` is a won game from a games file written before
/// the fall was recorded, shown only when there is one.
const WAYS: [(&str, &str); 10] = [
    ("volley", "Station destroyed by volley"),
    ("card-text", "Station destroyed by card text"),
    ("boarded-defended", "Station boarded against defenders"),
    ("boarded-undefended", "Station boarded undefended"),
    ("scoop", "last opponent scooped"),
    ("won-untold", "won, how not recorded"),
    ("deck-out", "turn cap, deck-out"),
    ("stalemate", "turn cap, stalemate"),
    ("no-commanders", "no commander left"),
    ("unfinished", "unfinished"),
];

/// The index in [`WAYS`] of how `r` ended.
fn way_of(r: &GameRecord) -> usize {
    match (r.ending, r.fall, r.cap_reason) {
        (Ending::Winner, Some(f), _) => Fall::ALL.iter().position(|&x| x == f).unwrap_or(5),
        (Ending::Winner, None, _) => 5,
        (Ending::TurnCap, _, Some(CapReason::DeckOut)) => 6,
        (Ending::TurnCap, _, _) => 7,
        (Ending::NoCommanders, _, _) => 8,
        (Ending::Unfinished, _, _) => 9,
    }
}

fn ways(base: &[&GameRecord], n: usize, bins: &[Bin]) -> Vec<Way> {
    let total = base.len() as u64;
    let mut games = [0u64; WAYS.len()];
    let mut by_entrant = vec![vec![0u64; n]; WAYS.len()];
    let mut by_turn = vec![vec![0u64; bins.len()]; WAYS.len()];
    for r in base {
        let w = way_of(r);
        games[w] += 1;
        if let Some(e) = r.winning_entrant().filter(|&e| e < n) {
            by_entrant[w][e] += 1;
        }
        if let Some(b) = bins.iter().position(|b| (b.from..=b.to).contains(&r.turns)) {
            by_turn[w][b] += 1;
        }
    }
    WAYS.iter()
        .enumerate()
        .filter(|&(w, _)| w != 5 || games[w] > 0)
        .map(|(w, (way, words))| Way {
            way: way.to_string(),
            words: words.to_string(),
            games: Rate::new(games[w], total),
            by_entrant: by_entrant[w].clone(),
            by_turn: by_turn[w].clone(),
        })
        .collect()
}

/// One entrant's card over the games: totals, and per game length (commander turns) the
/// games where a copy was drawn and where none was, won and played.
#[derive(Default)]
struct Tally {
    drawn: u64,
    deployed: u64,
    from_shipyard: u64,
    setup: u64,
    abilities: u64,
    wounds: u64,
    wounds_taken: u64,
    destroyed: u64,
    deployed_turns: u64,
    games: u64,
    games_setup: u64,
    strata: std::collections::BTreeMap<u32, Stratum>,
}

impl Tally {
    fn sides(&self) -> (Rate, Rate) {
        let (mut won_with, mut with, mut won_without, mut without) = (0, 0, 0, 0);
        for s in self.strata.values() {
            won_with += s.won_with;
            with += s.with;
            won_without += s.won_without;
            without += s.without;
        }
        (Rate::new(won_with, with), Rate::new(won_without, without))
    }
}

fn cards(base: &[&GameRecord], n: usize) -> Vec<CardLine> {
    // Tallied under names borrowed from the records, then put in (entrant, name) order: no
    // copy of a name per game (the report is the one part of a run not spread over the jobs).
    let mut tallies: HashMap<(usize, &str), Tally> = HashMap::new();
    for r in base {
        let winner = r.winning_entrant();
        for c in &r.cards {
            let e = r.seats[c.seat];
            let t = tallies.entry((e, c.card.as_str())).or_default();
            t.drawn += u64::from(c.drawn);
            t.deployed += u64::from(c.deployed);
            t.from_shipyard += u64::from(c.from_shipyard);
            t.setup += u64::from(c.setup);
            t.abilities += u64::from(c.abilities);
            t.wounds += u64::from(c.wounds);
            t.wounds_taken += u64::from(c.wounds_taken);
            t.destroyed += u64::from(c.destroyed);
            t.deployed_turns += c.deployed_turns;
            t.games += 1;
            t.games_setup += u64::from(c.setup > 0);
            let won = u64::from(winner == Some(e));
            let s = t.strata.entry(r.turns).or_default();
            if c.drawn > 0 {
                s.with += 1;
                s.won_with += won;
            } else {
                s.without += 1;
                s.won_without += won;
            }
        }
    }
    let mut tallies: Vec<((usize, &str), Tally)> = tallies.into_iter().collect();
    tallies.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let mut lines = Vec::new();
    for ((e, card), t) in tallies {
        if e >= n {
            continue;
        }
        let (won_drawn, won_not_drawn) = t.sides();
        let strata: Vec<Stratum> = t.strata.values().copied().collect();
        let (with, without) = (won_drawn.games, won_not_drawn.games);
        let mut adjusted = None;
        let verdict = if t.games_setup == t.games {
            "in play from Setup in every game (Station, Stockpile or Module-Station): \
             no game without it to compare"
                .to_string()
        } else if without == 0 {
            "drawn in every game: no game without it to compare".into()
        } else if with == 0 {
            "never drawn: no game with it to compare".into()
        } else if with < MIN_GROUP || without < MIN_GROUP {
            format!("too few games to say (fewer than {MIN_GROUP} on a side)")
        } else {
            adjusted = stats::stratified_difference(&strata);
            if adjusted.is_none() {
                "no game length has games on both sides that did not all end alike: \
                 nothing to compare"
                    .into()
            } else {
                String::new()
            }
        };
        let with_turns = t.deployed.saturating_sub(t.setup);
        lines.push(CardLine {
            entrant: e + 1,
            card: card.to_string(),
            drawn: t.drawn,
            deployed: t.deployed,
            from_shipyard: t.from_shipyard,
            setup: t.setup,
            abilities: t.abilities,
            wounds: t.wounds,
            wounds_taken: t.wounds_taken,
            destroyed: t.destroyed,
            mean_turn_deployed: (with_turns > 0)
                .then(|| t.deployed_turns as f64 / with_turns as f64),
            won_drawn,
            won_not_drawn,
            adjusted,
            p_holm: None,
            verdict,
        });
    }
    // Holm over every card compared: a difference is called only when it survives the
    // number of comparisons the report makes.
    let compared: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].adjusted.is_some())
        .collect();
    let p: Vec<f64> = compared
        .iter()
        .filter_map(|&i| lines[i].adjusted.map(|a| a.p))
        .collect();
    let family = compared.len();
    for (&i, p_holm) in compared.iter().zip(stats::holm(&p)) {
        let line = &mut lines[i];
        line.p_holm = Some(p_holm);
        let Some(a) = line.adjusted else { continue };
        line.verdict = if p_holm < FAMILY_LEVEL && a.shift.low > 0.0 {
            "higher when drawn".into()
        } else if p_holm < FAMILY_LEVEL && a.shift.high < 0.0 {
            "lower when drawn".into()
        } else if a.shift.clear() {
            format!("not clear over {family} cards (Holm)")
        } else {
            "no clear difference".into()
        };
    }
    lines
}

/// The matchup matrix and the ratings of a round robin's games.
fn round_robin(base: &[&GameRecord], n: usize) -> RoundRobin {
    let mut games = vec![vec![0u64; n]; n];
    let mut wins = vec![vec![0u64; n]; n];
    for r in base {
        if let [a, b] = r.seats[..] {
            if a < n && b < n {
                games[a][b] += 1;
                games[b][a] += 1;
                match r.winning_entrant() {
                    Some(w) if w == a => wins[a][b] += 1,
                    Some(w) if w == b => wins[b][a] += 1,
                    _ => {}
                }
            }
        }
    }
    let matchups = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (i != j).then(|| Rate::new(wins[i][j], games[i][j])))
                .collect()
        })
        .collect();
    RoundRobin {
        matchups,
        ratings: bradley_terry(&wins, &games),
        method: BRADLEY_TERRY.to_string(),
    }
}

/// How [`bradley_terry`] fits, as the report says it.
pub const BRADLEY_TERRY: &str = "Bradley-Terry by maximum likelihood over the decided games \
     (Hunter's MM iteration, 10,000 steps at most, stopping when no strength moves by 1e-12), \
     with half a win added each way in every pairing played so a deck that won or lost every game \
     still has a finite rating; shown as 400*log10(strength), centred on the mean (a deck with no \
     game rates 0): 100 points \
     apart is a 64% expected win rate, 200 a 76%";

/// Bradley–Terry ratings from `wins[i][j]` (games `i` won against `j`) and `games[i][j]`
/// (games between them, decided or not), in Elo points centred on zero: see [`BRADLEY_TERRY`].
pub fn bradley_terry(wins: &[Vec<u64>], games: &[Vec<u64>]) -> Vec<f64> {
    let n = wins.len();
    let w = |i: usize, j: usize| -> f64 {
        if i == j || games[i][j] == 0 {
            0.0
        } else {
            wins[i][j] as f64 + 0.5
        }
    };
    let mut strength = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = vec![0.0f64; n];
        for i in 0..n {
            let won: f64 = (0..n).map(|j| w(i, j)).sum();
            let denom: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| (w(i, j) + w(j, i)) / (strength[i] + strength[j]))
                .sum();
            next[i] = if denom > 0.0 {
                won / denom
            } else {
                strength[i]
            };
        }
        // Strengths are fixed only up to a common factor: the geometric mean of the decks
        // that played is 1 (a deck with no game keeps 1, a rating of 0).
        let played: Vec<usize> = (0..n)
            .filter(|&i| games[i].iter().any(|&g| g > 0))
            .collect();
        let mean = played.iter().map(|&i| next[i].ln()).sum::<f64>() / played.len().max(1) as f64;
        for &i in &played {
            next[i] /= mean.exp();
        }
        let moved = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        strength = next;
        if moved < 1e-12 {
            break;
        }
    }
    strength.iter().map(|s| 400.0 * s.log10()).collect()
}

fn swap(records: &[GameRecord], run: &Run) -> Option<SwapReport> {
    let text = run.swap.as_ref()?;
    let (old, new) = super::record::swap_names(text).unwrap_or((text.as_str(), ""));
    // Records are sorted by (index, variant): a base game directly precedes its swapped twin.
    let pairs: Vec<(&GameRecord, &GameRecord)> = records
        .windows(2)
        .filter(|w| {
            w[0].index == w[1].index
                && w[0].variant == Variant::Base
                && w[1].variant == Variant::Swap
        })
        .map(|w| (&w[0], &w[1]))
        .collect();
    let entrants = (0..run.entrants.len())
        .map(|e| {
            let outcomes: Vec<(bool, bool)> = pairs
                .iter()
                .map(|(b, s)| {
                    (
                        b.winning_entrant() == Some(e),
                        s.winning_entrant() == Some(e),
                    )
                })
                .collect();
            let before = outcomes.iter().filter(|o| o.0).count() as u64;
            let after = outcomes.iter().filter(|o| o.1).count() as u64;
            let shift = stats::paired_shift(&outcomes);
            let verdict = if (pairs.len() as u64) < MIN_GROUP {
                "too few games to say"
            } else if shift.low > 0.0 {
                "wins more with the new card"
            } else if shift.high < 0.0 {
                "wins less with the new card"
            } else {
                "no clear shift"
            };
            SwapLine {
                entrant: e + 1,
                before: Rate::new(before, pairs.len() as u64),
                after: Rate::new(after, pairs.len() as u64),
                shift,
                verdict: verdict.to_string(),
            }
        })
        .collect();
    Some(SwapReport {
        old: old.to_string(),
        new: new.to_string(),
        pairs: pairs.len() as u64,
        entrants,
    })
}

fn row(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// `12/20 60.0% [38.7, 78.1]`, or `-` for no games.
fn rate(r: &Rate) -> String {
    if r.games == 0 {
        return "-".into();
    }
    format!(
        "{}/{} {:.1}% [{:.1}, {:.1}]",
        r.wins,
        r.games,
        r.rate * 100.0,
        r.low * 100.0,
        r.high * 100.0
    )
}

/// `60.0% [38.7, 78.1]`, or `-` for no games.
fn interval(r: &Rate) -> String {
    if r.games == 0 {
        return "-".into();
    }
    format!(
        "{:.1}% [{:.1}, {:.1}]",
        r.rate * 100.0,
        r.low * 100.0,
        r.high * 100.0
    )
}

/// `60.0%`, or `-` for no games.
fn percent(r: &Rate) -> String {
    if r.games == 0 {
        return "-".into();
    }
    format!("{:.1}%", r.rate * 100.0)
}

/// A way's short name, for a column head.
fn short_way(way: &str) -> &str {
    match way {
        "volley" => "Volley",
        "card-text" => "Card text",
        "boarded-defended" => "Boarded",
        "boarded-undefended" => "Undefended",
        "scoop" => "Scoop",
        "won-untold" => "Won",
        "deck-out" => "Deck-out",
        "stalemate" => "Stalemate",
        "no-commanders" => "None left",
        _ => "Unfinished",
    }
}

/// Prose cut into lines of at most [`MAX_WIDTH`] columns at spaces.
fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > MAX_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// `+12.0 pts [-3.1, +27.4]`
fn shift(s: &Shift) -> String {
    format!(
        "{:+.1} pts [{:+.1}, {:+.1}]",
        s.shift * 100.0,
        s.low * 100.0,
        s.high * 100.0
    )
}

/// Columns padded to their widest cell: the first left-aligned, numbers right-aligned. A
/// table wider than [`MAX_WIDTH`] is printed in parts by columns, each part repeating the
/// first column, so every line fits.
fn table(o: &mut String, rows: &[Vec<String>]) {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    // Parts of columns 1.. that fit beside column 0 (a line is one space, then a space before
    // each cell).
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut used = 1 + width.first().map_or(0, |w| w + 1);
    for c in 1..cols {
        let w = width[c] + 1;
        match parts.last_mut() {
            Some(part) if used + w <= MAX_WIDTH => part.push(c),
            _ => {
                parts.push(vec![c]);
                used = 1 + width[0] + 1;
            }
        }
        used += w;
    }
    if parts.is_empty() {
        parts.push(Vec::new());
    }
    for (p, part) in parts.iter().enumerate() {
        if p > 0 {
            o.push('\n');
        }
        for r in rows {
            let mut line = String::from(" ");
            for c in std::iter::once(0).chain(part.iter().copied()) {
                let Some(cell) = r.get(c) else { continue };
                let pad = width[c] - cell.chars().count();
                let numeric = cell
                    .starts_with(|ch: char| ch.is_ascii_digit() || ch == '+' || ch == '-')
                    && c > 0;
                line.push(' ');
                if numeric {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(cell);
                } else {
                    line.push_str(cell);
                    line.push_str(&" ".repeat(pad));
                }
            }
            o.push_str(line.trim_end());
            o.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bradley_terry_fits_by_hand() {
        // Two decks, 3 to 1 of 4: with half a win each way the strengths are 3.5 : 1.5, so the
        // ratings are ±200·log10(3.5/1.5) = ±73.6.
        let r = bradley_terry(&[vec![0, 3], vec![1, 0]], &[vec![0, 4], vec![4, 0]]);
        let half = 200.0 * (3.5f64 / 1.5).log10();
        assert!(
            (r[0] - half).abs() < 1e-6 && (r[1] + half).abs() < 1e-6,
            "{r:?}"
        );
        // A deck that lost every game still has a finite rating (5.5 : 0.5); one that played
        // no game rates 0.
        let r = bradley_terry(
            &[vec![0, 5, 0], vec![0, 0, 0], vec![0, 0, 0]],
            &[vec![0, 5, 0], vec![5, 0, 0], vec![0, 0, 0]],
        );
        let half = 200.0 * 11f64.log10();
        assert!(
            (r[0] - half).abs() < 1e-6 && (r[1] + half).abs() < 1e-6,
            "{r:?}"
        );
        assert_eq!(r[2], 0.0);
        // A balanced cycle (each beats the next 3 to 1): all equal.
        let w = vec![vec![0, 3, 1], vec![1, 0, 3], vec![3, 1, 0]];
        let g = vec![vec![0, 4, 4], vec![4, 0, 4], vec![4, 4, 0]];
        assert!(bradley_terry(&w, &g).iter().all(|x| x.abs() < 1e-6));
    }

    #[test]
    fn wide_tables_are_cut_into_parts() {
        let mut o = String::new();
        let cells: Vec<String> = (0..12).map(|i| format!("column {i:>10}")).collect();
        let mut head = vec!["Card".to_string()];
        head.extend(cells.iter().cloned());
        let mut line = vec!["A card with a long name".to_string()];
        line.extend((0..12).map(|i| format!("{i}")));
        table(&mut o, &[head, line]);
        assert!(o.lines().all(|l| l.chars().count() <= MAX_WIDTH), "{o}");
        // Every column is shown once, each part led by the first.
        for c in &cells {
            assert_eq!(o.matches(c.as_str()).count(), 1, "{o}");
        }
        assert!(o.matches("A card with a long name").count() > 1, "{o}");
    }
}
