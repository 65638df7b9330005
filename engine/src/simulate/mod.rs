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

use crate::event::{Event, Outcome};
use crate::ir::CardId;
use crate::state::{Config, Game};
use crate::sweep::{game_seed, PlayerKind};
use crate::CardDb;
use record::{CapReason, CardCount, Ending, Entry, GameRecord, Run, Variant};

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
            games: self.settings.games,
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
        let n = self.entrants.len();
        let seats: Vec<usize> = (0..n).map(|s| self.seat(index, s)).collect();
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
        (0..self.settings.games)
            .filter(|&i| self.settings.shard.holds(i))
            .flat_map(|i| sides.iter().map(move |&v| (i, v)))
            .collect()
    }

    /// Play this shard's games on `jobs` threads, telling `done` after each game; the records
    /// come back in schedule order whatever the number of threads.
    pub fn run(&self, done: &(dyn Fn() + Sync)) -> Result<Vec<GameRecord>, String> {
        let commanders = limits::words(&limits::COMMANDERS);
        if !limits::COMMANDERS.contains(&self.entrants.len()) {
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

/// Per seat and card: drawn, deployed, destroyed, wounds dealt, read from the log. Every card
/// of each seat's deck is listed (zeros included), so "won when not deployed" counts the games
/// it never came out; cards are named, by seat then name.
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
    let mut bump = |seat: Option<usize>, card: CardId, f: &dyn Fn(&mut CardCount)| {
        if let Some(seat) = seat.filter(|&s| s < seats) {
            let card = name(card);
            let c = counts
                .entry((seat, card.clone()))
                .or_insert_with(|| CardCount::zero(seat, card));
            f(c);
        }
    };
    for e in game.log() {
        match e {
            Event::Drew { cards, .. } => {
                for c in cards {
                    bump(owner(c.inst), c.card, &|x| x.drawn += 1);
                }
            }
            Event::Deployed { card, .. } | Event::StationDeployed { station: card, .. } => {
                bump(owner(card.inst), card.card, &|x| x.deployed += 1)
            }
            Event::Destroyed { card, .. } | Event::DestroyedWithHost { card, .. } => {
                bump(owner(card.inst), card.card, &|x| x.destroyed += 1)
            }
            Event::VolleyRolled { unit, wounds, .. } => {
                let w = u32::from(*wounds);
                bump(owner(unit.inst), unit.card, &|x| x.wounds += w)
            }
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
