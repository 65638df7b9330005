//! The game sweep (issues #12 and #13): many seeded games of 2–5 commanders, with the bundled
//! starter decks and with generated legal decks, checked after every choice.
//!
//! Each game is planned from the sweep seed and its index alone ([`game_seed`], [`plan`]), so
//! any one game replays on its own (`hullbreach sweep ... --game I --log`). A game is checked
//! after every applied choice against `invariants::violations` (zones, Stockpiles, wounds,
//! garrisons, liveness: nobody out holds a decision, a game not over has one), and for
//! liveness across choices: every listed choice is accepted, there is always a legal choice,
//! no commander turn takes more than [`MAX_CHOICES_PER_TURN`] choices, so every game ends
//! or reaches its turn cap, and no position comes back again and again with nothing happening
//! (`liveness::LoopGuard`: a loop is reported after a few hundred choices, not 20,000). A panic is caught and reported like any other violation.
//!
//! Decks: each commander plays a bundled starter deck or a deck generated from the pool by
//! [`generate_deck`], which obeys the deck rules of `engine::deck` ("Your Constructed Deck":
//! 55 cards, one Station, one Resource and one Currency Stockpile, at least two Module-Station
//! cards, copy limits §2.1.1/§2.1.2, faction §9.14, no Prototypes §8.8) — and every generated
//! deck is validated by `engine::deck::validate` before it is played. Cards named as
//! *featured* (e.g. the Station-wounding Events of `tests/rulings/pool/eliminations.hb`) go
//! into every generated deck whose faction allows them.
//!
//! Output is deterministic: everything flows from the seeds through `rng::Dice`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use crate::invariants::violations;
use crate::ir::{Card, CardId, CardKind, ModuleKind, StockpileKind};
use crate::players::{HeuristicPlayer, Player, RandomPlayer, SearchPlayer};
use crate::rng::Dice;
use crate::state::{Config, Game};
use crate::CardDb;

/// Choices one commander turn may take before the sweep calls the game stuck. Ordinary turns
/// take tens to a few hundred; an engagement of 40 rounds with split fire a few thousand.
pub const MAX_CHOICES_PER_TURN: usize = 20_000;

/// Which computer player every commander uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerKind {
    Random,
    /// The heuristic that defends its Station (issue #42).
    Heuristic,
    /// Issue #16's heuristic, kept to measure against (docs/players.md).
    HeuristicV1,
    /// The search player (`players::search`) with its budget in playouts per decision.
    Search {
        budget: u32,
    },
}

impl PlayerKind {
    /// The kind's name as `--player` takes it and a games file records it: `random`,
    /// `heuristic`, `heuristic-v1`, `search:N` (always with its budget, so the record replays).
    pub fn name(self) -> String {
        match self {
            PlayerKind::Random => "random".into(),
            PlayerKind::Heuristic => "heuristic".into(),
            PlayerKind::HeuristicV1 => "heuristic-v1".into(),
            PlayerKind::Search { budget } => format!("search:{budget}"),
        }
    }

    /// `random`, `heuristic`, `heuristic-v1`, `search` (the default budget) or `search:N`; a bad budget is
    /// refused saying what a budget is.
    pub fn parse(text: &str) -> Result<PlayerKind, String> {
        match text {
            "random" => Ok(PlayerKind::Random),
            "heuristic" => Ok(PlayerKind::Heuristic),
            "heuristic-v1" => Ok(PlayerKind::HeuristicV1),
            t if t.starts_with("search") => Ok(PlayerKind::Search {
                budget: crate::players::search::parse_budget(t)?,
            }),
            other => Err(format!(
                "no computer player `{other}`: random, heuristic, heuristic-v1 or search[:budget]"
            )),
        }
    }

    /// The kind a games file names, as [`PlayerKind::name`] writes it.
    pub fn from_name(name: &str) -> Option<PlayerKind> {
        PlayerKind::parse(name).ok()
    }

    /// The player of this kind for seat `seat` of the game with seed `game_seed`, on its own
    /// stream derived from both: `sweep`, `simulate` and `hullbreach play` seat players alike,
    /// so a game of any of them replays with `hullbreach play`.
    pub fn player(self, game_seed: u64, seat: u64) -> Box<dyn Player> {
        self.seated(game_seed, seat)
    }

    /// [`PlayerKind::player`], sendable to another thread: the workbench keeps a table's
    /// players between requests its server answers on any thread (`table`).
    pub fn seated(self, game_seed: u64, seat: u64) -> Box<dyn Player + Send> {
        let seed = game_seed.wrapping_mul(31).wrapping_add(seat);
        match self {
            PlayerKind::Random => Box::new(RandomPlayer::new(seed)),
            PlayerKind::Heuristic => Box::new(HeuristicPlayer::new(seed)),
            PlayerKind::HeuristicV1 => Box::new(HeuristicPlayer::v1(seed)),
            PlayerKind::Search { budget } => Box::new(SearchPlayer::new(seed, budget)),
        }
    }
}

/// What to sweep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub games: u64,
    pub seed: u64,
    /// Commanders per game, drawn uniformly from `min..=max` (2..=5).
    pub min: usize,
    pub max: usize,
    /// Commander turns before a game stops without a winner.
    pub turns: u32,
    pub player: PlayerKind,
}

/// The cards and decks a sweep draws from.
#[derive(Debug, Clone)]
pub struct Pool {
    pub db: Arc<CardDb>,
    /// Bundled starter decks (name, cards); may be empty, then every deck is generated.
    pub starters: Vec<(String, Vec<CardId>)>,
    /// Cards every generated deck holds one copy of when its faction allows.
    pub featured: Vec<CardId>,
}

/// One game's plan: its seed and each commander's deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub index: u64,
    pub seed: u64,
    pub decks: Vec<(String, Vec<CardId>)>,
}

/// A game that broke a rule of the sweep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub index: u64,
    pub seed: u64,
    pub commanders: usize,
    /// After how many choices.
    pub choices: usize,
    pub what: String,
}

/// The result of a sweep.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub games: u64,
    /// Games by number of commanders (index = commanders).
    pub by_commanders: [u64; 9],
    pub winners: u64,
    pub turn_caps: u64,
    pub choices: u64,
    pub generated_decks: u64,
    pub eliminations: u64,
    pub found: Vec<Found>,
}

/// Game `index`'s seed, from the sweep seed (SplitMix64 of both, so neighbouring sweeps and
/// games share no stream).
pub fn game_seed(seed: u64, index: u64) -> u64 {
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    mix(seed ^ mix(index))
}

/// Plan game `index` of the sweep: how many commanders, and each one's deck (a starter deck or,
/// half the time or always without starters, a generated one).
pub fn plan(pool: &Pool, s: &Settings, index: u64) -> Result<Plan, String> {
    let seed = game_seed(s.seed, index);
    let mut dice = Dice::new(seed);
    let (lo, hi) = (s.min.min(s.max), s.max.max(s.min));
    let n = lo + dice.below((hi - lo + 1) as u32) as usize;
    let mut decks = Vec::with_capacity(n);
    for k in 0..n {
        let starter = !pool.starters.is_empty() && dice.below(2) == 0;
        if starter {
            let (name, cards) = &pool.starters[dice.below(pool.starters.len() as u32) as usize];
            decks.push((format!("{name} ({})", k + 1), cards.clone()));
        } else {
            let cards = generate_deck(pool, &mut dice)?;
            decks.push((format!("generated ({})", k + 1), cards));
        }
    }
    Ok(Plan { index, seed, decks })
}

fn copies_allowed(card: &Card) -> u32 {
    match card.kind {
        CardKind::Ship(_) | CardKind::Marine { character: false } | CardKind::Module(_) => {
            crate::deck::validate::MAX_COPIES as u32
        }
        CardKind::Event | CardKind::Tactic | CardKind::Breakthru => 1,
        CardKind::Marine { character: true } => 1,
        CardKind::Station | CardKind::Stockpile(_) => 0,
    }
}

/// A legal constructed deck drawn at random from the pool: one Station (its faction decides
/// which restricted cards may join, §9.14), one Stockpile card of each kind, two to four
/// Module-Station cards, the featured cards, then random cards within their copy limits up to
/// 55 (§2.1.1, §2.1.2). Checked by `engine::deck::validate`; an error names what is missing.
pub fn generate_deck(pool: &Pool, dice: &mut Dice) -> Result<Vec<CardId>, String> {
    let usable = |c: &&Card| !c.prototype;
    let pick = |dice: &mut Dice, v: &[&Card]| -> Option<CardId> {
        (!v.is_empty()).then(|| v[dice.below(v.len() as u32) as usize].id)
    };
    let cards: Vec<&Card> = pool.db.iter().filter(usable).collect();
    let stations: Vec<&Card> = cards
        .iter()
        .copied()
        .filter(|c| c.kind == CardKind::Station)
        .collect();
    let station = pick(dice, &stations).ok_or("the pool has no Station")?;
    let faction = pool.db.get(station).and_then(|c| c.faction);
    let allowed = |c: &Card| !c.restricted || c.faction.is_none() || c.faction == faction;
    let mut counts: Vec<(CardId, u32)> = vec![(station, 1)];
    for kind in [StockpileKind::Resource, StockpileKind::Currency] {
        let piles: Vec<&Card> = cards
            .iter()
            .copied()
            .filter(|c| c.kind == CardKind::Stockpile(kind))
            .collect();
        counts.push((
            pick(dice, &piles).ok_or("the pool lacks a Stockpile card")?,
            1,
        ));
    }
    let rest: Vec<&Card> = cards
        .iter()
        .copied()
        .filter(|c| copies_allowed(c) > 0 && allowed(c))
        .collect();
    let modules: Vec<&Card> = rest
        .iter()
        .copied()
        .filter(|c| c.kind == CardKind::Module(ModuleKind::Station))
        .collect();
    let add = |counts: &mut Vec<(CardId, u32)>, id: CardId, limit: u32| -> bool {
        match counts.iter_mut().find(|(c, _)| *c == id) {
            Some((_, n)) if *n < limit => {
                *n += 1;
                true
            }
            Some(_) => false,
            None => {
                counts.push((id, 1));
                true
            }
        }
    };
    let total = |counts: &[(CardId, u32)]| counts.iter().map(|(_, n)| *n).sum::<u32>();
    let want_modules = 2 + dice.below(3);
    let mut tries = 0;
    while counts
        .iter()
        .filter(|(c, _)| modules.iter().any(|m| m.id == *c))
        .map(|(_, n)| *n)
        .sum::<u32>()
        < want_modules
        && tries < 1000
    {
        tries += 1;
        if let Some(m) = pick(dice, &modules) {
            add(&mut counts, m, crate::deck::validate::MAX_COPIES as u32);
        }
    }
    for &f in &pool.featured {
        if let Some(c) = pool
            .db
            .get(f)
            .filter(|c| copies_allowed(c) > 0 && allowed(c))
        {
            add(&mut counts, c.id, copies_allowed(c));
        }
    }
    let size = crate::deck::validate::DECK_SIZE as u32;
    let mut tries = 0;
    while total(&counts) < size && tries < 100_000 {
        tries += 1;
        let Some(&c) = rest.get(dice.below(rest.len().max(1) as u32) as usize) else {
            break;
        };
        add(&mut counts, c.id, copies_allowed(c));
    }
    // Validate the deck as a decklist, exactly as a user's deck file would be.
    crate::deck::legal_ids(&pool.db, counts.iter().map(|(id, n)| (*id, *n)))
        .map_err(|why| format!("a generated deck is not legal: {why}"))
}

/// A new game from a plan.
pub fn new_game(pool: &Pool, s: &Settings, p: &Plan) -> Result<Game, String> {
    Game::new(
        pool.db.clone(),
        p.decks.clone(),
        Config {
            seed: p.seed,
            max_turns: s.turns,
        },
    )
    .map_err(|e| e.to_string())
}

fn players(s: &Settings, p: &Plan) -> Vec<Box<dyn Player>> {
    (0..p.decks.len() as u64)
        .map(|k| s.player.player(p.seed, k))
        .collect()
}

/// The outcome of playing one planned game.
#[derive(Debug)]
pub struct Played {
    pub game: Game,
    pub choices: usize,
    /// The first broken rule, if any.
    pub broken: Option<String>,
}

/// Play one planned game, checking after every choice. Stops at the first violation.
pub fn play(pool: &Pool, s: &Settings, p: &Plan) -> Result<Played, String> {
    let mut game = new_game(pool, s, p)?;
    let mut players = players(s, p);
    let mut choices = 0;
    let mut turn = game.turn();
    let mut this_turn = 0;
    let mut guard = crate::liveness::LoopGuard::new(&game);
    let broken = loop {
        let Some(d) = game.decision() else {
            break None;
        };
        if game.turn() != turn {
            turn = game.turn();
            this_turn = 0;
        }
        this_turn += 1;
        if this_turn > MAX_CHOICES_PER_TURN {
            break Some(format!(
                "turn {turn} took more than {MAX_CHOICES_PER_TURN} choices: the game does not move on"
            ));
        }
        let Some(player) = players.get_mut(d.who.0 as usize) else {
            break Some(format!("{} holds a decision but has no seat", d.who));
        };
        let chosen = catch_unwind(AssertUnwindSafe(|| player.choose(&game)));
        let choice = match chosen {
            Ok(Some(c)) => c,
            Ok(None) => break Some(format!("{} has no legal choice", d.who)),
            Err(e) => break Some(format!("panic listing choices: {}", panic_text(&*e))),
        };
        // The playout path (`Game::play`): the sweep reads the log, not each choice's events.
        let applied = catch_unwind(AssertUnwindSafe(|| game.play(d.who, choice)));
        match applied {
            Ok(Ok(())) => {}
            Ok(Err(e)) => break Some(format!("a listed choice was refused: {e}")),
            Err(e) => break Some(format!("panic applying a choice: {}", panic_text(&*e))),
        }
        choices += 1;
        if let Some(why) = guard.after_choice(&game) {
            break Some(why);
        }
        let v = violations(&game);
        if !v.is_empty() {
            break Some(v.join("; "));
        }
    };
    Ok(Played {
        game,
        choices,
        broken,
    })
}

fn panic_text(e: &(dyn std::any::Any + Send)) -> String {
    e.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| e.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// Run the sweep; `progress` is told each finished game index (for a terminal display).
pub fn run(pool: &Pool, s: &Settings, mut progress: impl FnMut(u64, &Report)) -> Report {
    let mut r = Report::default();
    for index in 0..s.games {
        let p = match plan(pool, s, index) {
            Ok(p) => p,
            Err(what) => {
                r.found.push(Found {
                    index,
                    seed: game_seed(s.seed, index),
                    commanders: 0,
                    choices: 0,
                    what,
                });
                r.games += 1;
                continue;
            }
        };
        r.games += 1;
        let n = p.decks.len();
        if let Some(c) = r.by_commanders.get_mut(n) {
            *c += 1;
        }
        r.generated_decks += p
            .decks
            .iter()
            .filter(|(name, _)| name.starts_with("generated"))
            .count() as u64;
        match play(pool, s, &p) {
            Ok(played) => {
                r.choices += played.choices as u64;
                match played.game.outcome() {
                    Some(crate::event::Outcome::Winner(_)) => r.winners += 1,
                    Some(crate::event::Outcome::TurnLimit { .. }) => r.turn_caps += 1,
                    _ => {}
                }
                r.eliminations += played
                    .game
                    .log()
                    .iter()
                    .filter(|e| matches!(e, crate::event::Event::Eliminated { .. }))
                    .count() as u64;
                if let Some(what) = played.broken {
                    r.found.push(Found {
                        index,
                        seed: p.seed,
                        commanders: n,
                        choices: played.choices,
                        what,
                    });
                }
            }
            Err(what) => r.found.push(Found {
                index,
                seed: p.seed,
                commanders: n,
                choices: 0,
                what,
            }),
        }
        progress(index, &r);
    }
    r
}
