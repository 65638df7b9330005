//! The balance report of a simulation, computed from its game records alone (so one run and
//! the merge of its shards report the same): win rates per entrant and per seat with 95%
//! Wilson intervals, first-player advantage (§4.8), how games ended and why the turn cap
//! stopped them, game lengths, per card figures, and the A/B shift of a `--swap` run. Rendered
//! as a table ([`Report::render`]) or JSON (serde).
//!
//! Every figure says how sure it is: rates carry intervals, differences carry Newcombe
//! intervals, and a per card comparison with fewer than [`MIN_GROUP`] games on either side
//! says so instead of a verdict.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::record::{CapReason, Ending, GameRecord, Run, Variant};
use super::stats::{self, Rate, Shift};

/// Games each side of a comparison needs before the report draws a conclusion from it.
pub const MIN_GROUP: u64 = 10;

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
    pub swap: Option<SwapReport>,
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

/// One card of one entrant's deck.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardLine {
    pub entrant: usize,
    pub card: String,
    pub drawn: u64,
    pub deployed: u64,
    pub destroyed: u64,
    pub wounds: u64,
    /// The entrant's win rate in games where it deployed the card at least once, and not.
    pub won_deployed: Rate,
    pub won_not_deployed: Rate,
    /// `won_deployed − won_not_deployed`, when both sides have games.
    pub difference: Option<Shift>,
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
                let wins = base
                    .iter()
                    .filter(|r| r.winning_entrant() == Some(e))
                    .count() as u64;
                EntrantLine {
                    entrant: e + 1,
                    deck: entry.deck.clone(),
                    player: entry.player.clone(),
                    won: Rate::new(wins, games),
                    won_decided: Rate::new(wins, decided.len() as u64),
                }
            })
            .collect();
        let seats = (0..n)
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
        let even = 1.0 / n as f64;
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
        let endings = Endings {
            winner: count(&|r| r.ending == Ending::Winner),
            turn_cap: count(&|r| r.ending == Ending::TurnCap),
            deck_out: count(&|r| r.cap_reason == Some(CapReason::DeckOut)),
            stalemate: count(&|r| r.cap_reason == Some(CapReason::Stalemate)),
            no_commanders: count(&|r| r.ending == Ending::NoCommanders),
            unfinished: count(&|r| r.ending == Ending::Unfinished),
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
            length: length(&base, run.turns),
            cards: cards(&base, n),
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
        o.push_str("\nWin rate by seat (95% interval)\n");
        let mut t = vec![row(&["Seat", "Won", "Of decided"])];
        for s in &self.seats {
            t.push(vec![s.seat.to_string(), rate(&s.won), rate(&s.won_decided)]);
        }
        table(&mut o, &t);
        let f = &self.first_player;
        let _ = writeln!(
            o,
            "\nFirst-player advantage: the commander who took the first turn won {} \
             (even would be {:.1}%): {}.",
            rate(&f.won_decided),
            f.even * 100.0,
            f.verdict
        );
        let e = &self.endings;
        let _ = writeln!(
            o,
            "\nEndings: {} won, {} at the turn cap ({} deck-out: every commander still in had \
             an empty Shipyard; {} stalemate: cards were left to draw), {} with no commander left, {} unfinished.",
            e.winner, e.turn_cap, e.deck_out, e.stalemate, e.no_commanders, e.unfinished
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
        for (k, e) in self.entrants.iter().enumerate() {
            let _ = writeln!(
                o,
                "\nCards of {}. {} ({}): totals over {} games; win rate when deployed vs not",
                e.entrant, e.deck, e.player, self.games
            );
            let mut t = vec![row(&[
                "Card",
                "Drawn",
                "Deployed",
                "Destroyed",
                "Wounds",
                "Won deployed",
                "Won not deployed",
                "Difference",
                "Verdict",
            ])];
            for c in self.cards.iter().filter(|c| c.entrant == k + 1) {
                t.push(vec![
                    c.card.clone(),
                    c.drawn.to_string(),
                    c.deployed.to_string(),
                    c.destroyed.to_string(),
                    c.wounds.to_string(),
                    rate(&c.won_deployed),
                    rate(&c.won_not_deployed),
                    c.difference.as_ref().map_or("-".into(), shift),
                    c.verdict.clone(),
                ]);
            }
            table(&mut o, &t);
        }
        if let Some(s) = &self.swap {
            let _ = writeln!(
                o,
                "\nA/B: every `{}` replaced by `{}`, {} paired games (same seeds)",
                s.old, s.new, s.pairs
            );
            let mut t = vec![row(&["", "Deck", "Before", "After", "Shift", "Verdict"])];
            for l in &s.entrants {
                t.push(vec![
                    format!("{}.", l.entrant),
                    self.entrants[l.entrant - 1].deck.clone(),
                    rate(&l.before),
                    rate(&l.after),
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

#[derive(Default)]
struct Tally {
    drawn: u64,
    deployed: u64,
    destroyed: u64,
    wounds: u64,
    games_deployed: u64,
    won_deployed: u64,
    games_not: u64,
    won_not: u64,
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
            t.destroyed += u64::from(c.destroyed);
            t.wounds += u64::from(c.wounds);
            let won = u64::from(winner == Some(e));
            if c.deployed > 0 {
                t.games_deployed += 1;
                t.won_deployed += won;
            } else {
                t.games_not += 1;
                t.won_not += won;
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
        let won_deployed = Rate::new(t.won_deployed, t.games_deployed);
        let won_not_deployed = Rate::new(t.won_not, t.games_not);
        let difference = (t.games_deployed > 0 && t.games_not > 0)
            .then(|| stats::difference(&won_deployed, &won_not_deployed));
        let verdict = match difference {
            _ if t.games_deployed < MIN_GROUP || t.games_not < MIN_GROUP => "too few games to say",
            Some(d) if d.low > 0.0 => "wins more when deployed",
            Some(d) if d.high < 0.0 => "wins less when deployed",
            _ => "no clear difference",
        };
        lines.push(CardLine {
            entrant: e + 1,
            card: card.to_string(),
            drawn: t.drawn,
            deployed: t.deployed,
            destroyed: t.destroyed,
            wounds: t.wounds,
            won_deployed,
            won_not_deployed,
            difference,
            verdict: verdict.to_string(),
        });
    }
    lines
}

fn swap(records: &[GameRecord], run: &Run) -> Option<SwapReport> {
    let text = run.swap.as_ref()?;
    let (old, new) = text.split_once('=').unwrap_or((text.as_str(), ""));
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

/// `+12.0 pts [-3.1, +27.4]`
fn shift(s: &Shift) -> String {
    format!(
        "{:+.1} pts [{:+.1}, {:+.1}]",
        s.shift * 100.0,
        s.low * 100.0,
        s.high * 100.0
    )
}

/// Columns padded to their widest cell: the first left-aligned, numbers right-aligned.
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
    for r in rows {
        let mut line = String::from(" ");
        for (c, cell) in r.iter().enumerate() {
            let pad = width[c] - cell.chars().count();
            let numeric =
                cell.starts_with(|ch: char| ch.is_ascii_digit() || ch == '+' || ch == '-') && c > 0;
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
