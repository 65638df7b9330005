//! Playtest at scale (issue #16): `hullbreach simulate` plays many seeded games between
//! entrants — a deck and the computer player that commands it — and reports what a designer
//! can act on: win rates with intervals, first-player advantage, game lengths and per card
//! figures ([`report`]), as JSON lines for other tools ([`record`]) and as charts ([`chart`]).
//!
//! Game `i` is planned from the run seed and `i` alone: its seed is
//! [`sweep::game_seed`](crate::sweep::game_seed)`(seed, i)`, its seats rotate the entrants by
//! `i` (so each deck sits at each seat equally often and a seat's advantage shows), and its
//! players are seeded like every other tool's ([`PlayerKind::player`]). Games run in parallel
//! on a rayon pool and are collected in index order, so results do not depend on `--jobs`;
//! `--shard K/N` plays the games `i` with `i mod N = K−1`, and merging every shard's records
//! gives the whole run's records. An A/B run (`--swap "Old=New"`) plays each game twice with
//! the same seed: as given, and with every copy of the old card replaced by the new one.
//!
//! Only the public game API is used: `Game::new`, `players::play_out` (decision, legal
//! choices, apply), and the typed log the counters are read from.

pub mod chart;
pub mod limits;
pub mod record;
pub mod report;
pub mod stats;

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;

use crate::event::{CardRef, DeployHow, Event, Outcome};
use crate::ir::CardId;
use crate::state::{Config, Game};
use crate::sweep::{game_seed, PlayerKind};
use crate::CardDb;
use record::{CapReason, CardCount, Ending, Entry, Fall, GameRecord, Run, Variant};

/// Choices one game may take before it is stopped unfinished (as `hullbreach play` does, so a
/// simulated game replays there choice for choice).
pub const MAX_CHOICES: usize = 100_000;

/// A deck and its commander.
#[derive(Debug, Clone)]
pub struct Entrant {
    /// The deck's name (its file stem).
    pub deck: String,
    pub cards: Vec<CardId>,
    pub player: PlayerKind,
}

/// `--swap "Old Card=New Card"`: each entrant's deck with the change made.
#[derive(Debug, Clone)]
pub struct Swap {
    pub old: String,
    pub new: String,
    /// Per entrant, the swapped deck.
    pub decks: Vec<Vec<CardId>>,
}

/// `--shard K/N`: the games whose index is `K−1` modulo `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { k: 1, n: 1 };

    /// `K/N` with `1 <= K <= N`, `N` at most a run's games ([`limits::SIMULATE_GAMES`]).
    pub fn parse(text: &str) -> Result<Shard, String> {
        let most = limits::SIMULATE_GAMES.end();
        let bad = || format!("--shard takes K/N with 1 <= K <= N <= {most}, not `{text}`");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || k > n || n > *most {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }

    /// `--shard auto`: this process's shard from the scheduler that started it, read through
    /// `var` (the environment). A Kubernetes Indexed Job gives `JOB_COMPLETION_INDEX` (from 0)
    /// and the count is the Job's completions, given as `--shards N`; a Slurm array gives
    /// `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT` (the shard is the task's place from
    /// `SLURM_ARRAY_TASK_MIN`, 0 when unset; `--shards`, if given, must agree). Neither set,
    /// or a value that is no shard of the count, is refused with what was read.
    pub fn auto(
        var: &dyn Fn(&str) -> Option<String>,
        shards: Option<u64>,
    ) -> Result<Shard, String> {
        let most = *limits::SIMULATE_GAMES.end();
        let number = |name: &str, text: String| {
            text.trim().parse::<u64>().map_err(|_| {
                format!(
                    "--shard auto: {name} is `{}`, not a number",
                    record::shown(&text)
                )
            })
        };
        let (index, count, from) = if let Some(text) = var("JOB_COMPLETION_INDEX") {
            let index = number("JOB_COMPLETION_INDEX", text)?;
            let count = shards.ok_or(
                "--shard auto in a Kubernetes Indexed Job (JOB_COMPLETION_INDEX is set) needs \
                 the Job's completions as --shards N",
            )?;
            (index, count, "JOB_COMPLETION_INDEX")
        } else if let Some(text) = var("SLURM_ARRAY_TASK_ID") {
            let id = number("SLURM_ARRAY_TASK_ID", text)?;
            let count = match var("SLURM_ARRAY_TASK_COUNT") {
                Some(t) => number("SLURM_ARRAY_TASK_COUNT", t)?,
                None => {
                    return Err("--shard auto: SLURM_ARRAY_TASK_ID is set but \
                                SLURM_ARRAY_TASK_COUNT is not"
                        .into())
                }
            };
            let min = match var("SLURM_ARRAY_TASK_MIN") {
                Some(t) => number("SLURM_ARRAY_TASK_MIN", t)?,
                None => 0,
            };
            if let Some(n) = shards.filter(|&n| n != count) {
                return Err(format!(
                    "--shard auto: --shards {n} but the Slurm array has {count} tasks \
                     (SLURM_ARRAY_TASK_COUNT)"
                ));
            }
            let index = id.checked_sub(min).ok_or_else(|| {
                format!(
                    "--shard auto: SLURM_ARRAY_TASK_ID {id} is below SLURM_ARRAY_TASK_MIN {min}"
                )
            })?;
            (index, count, "SLURM_ARRAY_TASK_ID")
        } else {
            return Err(
                "--shard auto reads its shard from a Kubernetes Indexed Job \
                        (JOB_COMPLETION_INDEX, with --shards N) or a Slurm array \
                        (SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT), and neither is set: \
                        give --shard K/N"
                    .into(),
            );
        };
        if count == 0 || count > most || index >= count {
            return Err(format!(
                "--shard auto: {from} gives shard {} of {count}; shards run 1 to N with \
                 1 <= N <= {most} (a Slurm array must be one step from its first task: \
                 --array=0-{}, not a stride)",
                index.saturating_add(1),
                count.saturating_sub(1)
            ));
        }
        Ok(Shard {
            k: index + 1,
            n: count,
        })
    }

    pub fn holds(self, index: u64) -> bool {
        index % self.n == self.k - 1
    }
}

/// What to simulate.
#[derive(Debug, Clone)]
pub struct Settings {
    pub games: u64,
    pub seed: u64,
    /// Commander turns before a game stops without a winner.
    pub turns: u32,
    /// Worker threads (at least 1).
    pub jobs: usize,
    pub shard: Shard,
    /// `--round-robin`: every pairing of the entrants plays `games` two-commander games
    /// (seats rotated within the pairing), instead of every entrant in every game.
    pub round_robin: bool,
}

/// A run: the pool, the entrants and an optional swap.
#[derive(Debug, Clone)]
pub struct Simulation {
    pub db: Arc<CardDb>,
    pub entrants: Vec<Entrant>,
    pub swap: Option<Swap>,
    pub settings: Settings,
}

impl Simulation {
    /// The header every record of this run carries.
    pub fn run_header(&self) -> Run {
        Run {
            seed: self.settings.seed,
            games: self.total_games(),
            turns: self.settings.turns,
            entrants: self
                .entrants
                .iter()
                .map(|e| Entry {
                    deck: e.deck.clone(),
                    player: e.player.name().to_string(),
                })
                .collect(),
            swap: self.swap.as_ref().map(|s| format!("{}={}", s.old, s.new)),
            round_robin: self.settings.round_robin,
        }
    }

    /// Games in the whole run: `games`, or `games` for every pairing in a round robin.
    pub fn total_games(&self) -> u64 {
        if self.settings.round_robin {
            self.settings
                .games
                .saturating_mul(pairings(self.entrants.len()).len() as u64)
        } else {
            self.settings.games
        }
    }

    /// The entrants seated in game `index`, seat by seat. Every entrant, rotated by the index;
    /// in a round robin, game `index` is pairing `index mod P` (of the `P` pairings in order),
    /// its two entrants rotated by `index / P`, so each pairing has each deck first equally
    /// often and every shard holds every pairing alike.
    pub fn seating(&self, index: u64) -> Vec<usize> {
        if self.settings.round_robin {
            let pairs = pairings(self.entrants.len());
            let p = pairs.len().max(1) as u64;
            let (a, b) = pairs.get((index % p) as usize).copied().unwrap_or((0, 1));
            if (index / p).is_multiple_of(2) {
                vec![a, b]
            } else {
                vec![b, a]
            }
        } else {
            (0..self.entrants.len())
                .map(|s| self.seat(index, s))
                .collect()
        }
    }

    /// The entrant at `seat` in game `index`: the entrants rotated by the game index.
    pub fn seat(&self, index: u64, seat: usize) -> usize {
        let n = self.entrants.len().max(1) as u64;
        ((seat as u64 + index) % n) as usize
    }

    /// Play game `index` of the run on one side of the A/B.
    pub fn play(&self, index: u64, variant: Variant) -> Result<GameRecord, String> {
        let seed = game_seed(self.settings.seed, index);
        let seats = self.seating(index);
        let n = seats.len();
        let lists = seats
            .iter()
            .map(|&e| {
                let cards = match (&self.swap, variant) {
                    (Some(sw), Variant::Swap) => sw.decks[e].clone(),
                    _ => self.entrants[e].cards.clone(),
                };
                (
                    self.entrants[e].deck.clone(),
                    cards,
                    self.entrants[e].player,
                )
            })
            .collect();
        let (mut game, mut players) = new_game(self.db.clone(), seed, self.settings.turns, lists)
            .map_err(|e| format!("game {index}: {e}"))?;
        let choices = crate::players::play_out(&mut game, &mut players, MAX_CHOICES);
        Ok(GameRecord {
            run: self.run_header(),
            index,
            seed,
            variant,
            decks: seats
                .iter()
                .map(|&e| self.entrants[e].deck.clone())
                .collect(),
            players: seats
                .iter()
                .map(|&e| self.entrants[e].player.name().to_string())
                .collect(),
            seats,
            first: game.log().iter().find_map(|e| match e {
                Event::TurnBegan { who, .. } => Some(usize::from(who.0)),
                _ => None,
            }),
            winner: match game.outcome() {
                Some(Outcome::Winner(w)) => Some(usize::from(w.0)),
                _ => None,
            },
            ending: Ending::of(game.outcome()),
            cap_reason: match game.outcome() {
                Some(Outcome::TurnLimit { .. }) => Some(cap_reason(&game)),
                _ => None,
            },
            fall: match game.outcome() {
                Some(Outcome::Winner(_)) => fall(&game),
                _ => None,
            },
            turns: game.turn(),
            choices: choices as u64,
            cards: count_cards(&game, n),
        })
    }

    /// The games this shard plays, in order (each twice in an A/B run).
    pub fn schedule(&self) -> Vec<(u64, Variant)> {
        let sides: &[Variant] = if self.swap.is_some() {
            &[Variant::Base, Variant::Swap]
        } else {
            &[Variant::Base]
        };
        (0..self.total_games())
            .filter(|&i| self.settings.shard.holds(i))
            .flat_map(|i| sides.iter().map(move |&v| (i, v)))
            .collect()
    }

    /// Play this shard's games on `jobs` threads, telling `done` after each game; the records
    /// come back in schedule order whatever the number of threads.
    pub fn run(&self, done: &(dyn Fn() + Sync)) -> Result<Vec<GameRecord>, String> {
        let commanders = limits::words(&limits::COMMANDERS);
        if !self.settings.round_robin && !limits::COMMANDERS.contains(&self.entrants.len()) {
            return Err(format!(
                "a game has {commanders} commanders (§4.1): give {commanders} --deck, not {}",
                self.entrants.len()
            ));
        }
        if !limits::SIMULATE_GAMES.contains(&self.settings.games) {
            return Err(format!(
                "--games takes {}",
                limits::words(&limits::SIMULATE_GAMES)
            ));
        }
        if !limits::TURNS.contains(&self.settings.turns) {
            return Err(format!("--turns takes {}", limits::words(&limits::TURNS)));
        }
        if self.settings.round_robin {
            if !limits::ROUND_ROBIN_DECKS.contains(&self.entrants.len()) {
                return Err(format!(
                    "--round-robin takes {} --deck, not {}",
                    limits::words(&limits::ROUND_ROBIN_DECKS),
                    self.entrants.len()
                ));
            }
            if self.swap.is_some() {
                return Err(
                    "--round-robin and --swap do not go together: run the A/B on \
                            one pairing"
                        .into(),
                );
            }
            if !limits::SIMULATE_GAMES.contains(&self.total_games()) {
                return Err(format!(
                    "--round-robin plays --games {} for each of its {} pairings, {} games in \
                     all: a run takes {}",
                    self.settings.games,
                    pairings(self.entrants.len()).len(),
                    self.total_games(),
                    limits::words(&limits::SIMULATE_GAMES)
                ));
            }
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.settings.jobs.max(1))
            .build()
            .map_err(|e| format!("starting {} worker threads: {e}", self.settings.jobs))?;
        let schedule = self.schedule();
        pool.install(|| {
            schedule
                .par_iter()
                .map(|&(i, v)| {
                    let r = self.play(i, v);
                    done();
                    r
                })
                .collect()
        })
    }
}

/// The pairings of `n` entrants of a round robin, in order: (0, 1), (0, 2), …, (1, 2), ….
pub fn pairings(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect()
}

/// A game as a run plays it (and `hullbreach replay` plays it again): each seat's deck, named
/// as `hullbreach play` names it (`rdf-starter (1)`) so the logs are the same, the game's own
/// seed and turn cap, and each seat's player seeded from the game seed and the seat.
pub fn new_game(
    db: Arc<CardDb>,
    seed: u64,
    turns: u32,
    seats: Vec<(String, Vec<CardId>, PlayerKind)>,
) -> Result<(Game, Vec<Box<dyn crate::players::Player>>), String> {
    let players = seats
        .iter()
        .enumerate()
        .map(|(s, seat)| seat.2.player(seed, s as u64))
        .collect();
    let lists = seats
        .into_iter()
        .enumerate()
        .map(|(s, (deck, cards, _))| (format!("{deck} ({})", s + 1), cards))
        .collect();
    let game = Game::new(
        db,
        lists,
        Config {
            seed,
            max_turns: turns,
        },
    )
    .map_err(|e| e.to_string())?;
    Ok((game, players))
}

/// Every commander still in has drawn their Shipyard dry: a deck-out; else a stalemate.
fn cap_reason(game: &Game) -> CapReason {
    let dry = game
        .commanders()
        .iter()
        .filter(|c| !c.out)
        .all(|c| c.shipyard.is_empty());
    if dry {
        CapReason::DeckOut
    } else {
        CapReason::Stalemate
    }
}

/// How the last commander out of a won game left it: the last elimination or scoop in the
/// log; for an elimination, the Station's fall before it — hijacked or scuttled (undefended
/// when the boarding won with no Marine to fight, §6.9.3), or destroyed, by a volley when the
/// nearest earlier volley or ability touching it is a volley at it, else by card text.
fn fall(game: &Game) -> Option<Fall> {
    let log = game.log();
    let last = log
        .iter()
        .rposition(|e| matches!(e, Event::Eliminated { .. } | Event::Scooped { .. }))?;
    if matches!(log[last], Event::Scooped { .. }) {
        return Some(Fall::Scoop);
    }
    let station = |c: &CardRef| {
        game.catalog()
            .get(c.card)
            .is_some_and(|k| k.kind == crate::ir::CardKind::Station)
    };
    let before = &log[..last];
    let k = before.iter().rposition(|e| match e {
        Event::Hijacked { card, .. }
        | Event::Scuttled { card, .. }
        | Event::Destroyed { card, .. } => station(card),
        _ => false,
    })?;
    let mut earlier = before[..k].iter().rev();
    Some(match &before[k] {
        Event::Destroyed { card, .. } => {
            let volley = earlier
                .take_while(|e| !matches!(e, Event::TurnBegan { .. }))
                .find_map(|e| match e {
                    Event::VolleyRolled { target, .. } | Event::Annihilated { target }
                        if target.inst == card.inst =>
                    {
                        Some(true)
                    }
                    Event::AbilityResolves { .. } | Event::CompulsoryWounds { .. } => Some(false),
                    _ => None,
                });
            if volley == Some(true) {
                Fall::Volley
            } else {
                Fall::CardText
            }
        }
        Event::Hijacked { card, .. } | Event::Scuttled { card, .. } => {
            let undefended = earlier.find_map(|e| match e {
                Event::BoardingWon {
                    target, automatic, ..
                } if target.inst == card.inst => Some(*automatic),
                _ => None,
            });
            if undefended == Some(true) {
                Fall::BoardedUndefended
            } else {
                Fall::BoardedDefended
            }
        }
        _ => return None,
    })
}

/// Per seat and card, read from the log: drawn, deployed (from the Shipyard and at Setup
/// apart), destroyed, abilities resolved, wounds dealt and taken, the turns it came into play.
/// Every card of each seat's deck is listed (zeros included), so "won when not drawn" counts
/// the games it never came out; cards are named, by seat then name.
fn count_cards(game: &Game, seats: usize) -> Vec<CardCount> {
    let mut counts: BTreeMap<(usize, String), CardCount> = BTreeMap::new();
    let name = |card: CardId| {
        game.catalog()
            .get(card)
            .map_or_else(|| format!("card {}", card.0), |c| c.name.clone())
    };
    let owner = |i: crate::ids::Inst| game.instance(i).map(|x| usize::from(x.owner.0));
    for inst in game.instances() {
        let seat = usize::from(inst.owner.0);
        if seat < seats {
            let card = name(inst.card);
            counts
                .entry((seat, card.clone()))
                .or_insert_with(|| CardCount::zero(seat, card));
        }
    }
    let mut bump = |c: &CardRef, f: &dyn Fn(&mut CardCount)| {
        if let Some(seat) = owner(c.inst).filter(|&s| s < seats) {
            let card = name(c.card);
            let c = counts
                .entry((seat, card.clone()))
                .or_insert_with(|| CardCount::zero(seat, card));
            f(c);
        }
    };
    let mut turn = 0u32;
    for e in game.log() {
        match e {
            Event::TurnBegan { turn: t, .. } => turn = *t,
            Event::Drew { cards, .. } => {
                for c in cards {
                    bump(c, &|x| x.drawn += 1);
                }
            }
            Event::StationDeployed { station, .. } => bump(station, &|x| {
                x.deployed += 1;
                x.setup += 1;
            }),
            Event::StockpileCardsPlaced { cards, .. } => {
                for c in cards {
                    bump(c, &|x| {
                        x.deployed += 1;
                        x.setup += 1;
                    });
                }
            }
            Event::Deployed { card, how, .. } => {
                let shipyard = matches!(
                    how,
                    DeployHow::Regimented
                        | DeployHow::Conscripted
                        | DeployHow::Spoils
                        | DeployHow::Searched
                );
                let setup = matches!(how, DeployHow::Setup);
                bump(card, &|x| {
                    x.deployed += 1;
                    x.from_shipyard += u32::from(shipyard);
                    x.setup += u32::from(setup);
                    if !setup {
                        x.deployed_turns += u64::from(turn);
                    }
                })
            }
            Event::Destroyed { card, .. } | Event::DestroyedWithHost { card, .. } => {
                bump(card, &|x| x.destroyed += 1)
            }
            Event::VolleyRolled {
                unit,
                target,
                wounds,
                ..
            } => {
                let w = u32::from(*wounds);
                bump(unit, &|x| x.wounds += w);
                bump(target, &|x| x.wounds_taken += w);
            }
            Event::CompulsoryWounds { card, wounds, .. } => {
                let w = u32::from(*wounds);
                bump(card, &|x| x.wounds_taken += w);
            }
            Event::AbilityResolves { source, .. } => bump(source, &|x| x.abilities += 1),
            _ => {}
        }
    }
    counts.into_values().collect()
}

/// `deck` with every copy of `old` replaced by `new`, refused unless the result is a legal
/// constructed deck (§2.1) — a swap must not smuggle in what a designer could not play.
pub fn swap_deck(
    db: &CardDb,
    deck: &[CardId],
    old: CardId,
    new: CardId,
) -> Result<Vec<CardId>, String> {
    let swapped: Vec<CardId> = deck
        .iter()
        .map(|&c| if c == old { new } else { c })
        .collect();
    let mut counts: BTreeMap<CardId, u32> = BTreeMap::new();
    let mut order = Vec::new();
    for &c in &swapped {
        let n = counts.entry(c).or_insert(0);
        if *n == 0 {
            order.push(c);
        }
        *n += 1;
    }
    crate::deck::legal_ids(db, order.into_iter().map(|c| (c, counts[&c])))?;
    Ok(swapped)
}

#[cfg(test)]
mod tests {
    use super::Shard;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn shard_auto_reads_kubernetes_and_slurm() {
        let k8s = env(&[("JOB_COMPLETION_INDEX", "2")]);
        assert_eq!(Shard::auto(&k8s, Some(4)), Ok(Shard { k: 3, n: 4 }));
        let err = Shard::auto(&k8s, None).expect_err("no count");
        assert!(err.contains("--shards N"), "{err}");
        assert!(Shard::auto(&k8s, Some(2)).is_err(), "index 2 of 2 shards");
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "3"),
        ]);
        assert_eq!(Shard::auto(&slurm, None), Ok(Shard { k: 3, n: 4 }));
        assert!(Shard::auto(&slurm, Some(5)).is_err(), "--shards disagrees");
        let strided = env(&[
            ("SLURM_ARRAY_TASK_ID", "6"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        let err = Shard::auto(&strided, None).expect_err("a stride");
        assert!(err.contains("not a stride"), "{err}");
        let err = Shard::auto(&env(&[]), Some(3)).expect_err("no scheduler");
        assert!(err.contains("neither is set"), "{err}");
        let bad = env(&[("JOB_COMPLETION_INDEX", "x\u{1b}")]);
        let err = Shard::auto(&bad, Some(3)).expect_err("not a number");
        assert!(
            err.contains("not a number") && !err.contains('\u{1b}'),
            "{err}"
        );
    }
}
