//! End-to-end throughput of the toolkit's main jobs on the bundled pool: compile the card
//! files, encode and load the database, validate a starter deck, play seeded games.
//!
//! The `decision` and `fork` groups measure the playout path search and sweeps depend on
//! (issue #15): one decision (`legal_choices` + `apply`) on states sampled along random games,
//! and a fork (`Game::clone`, `Game::clone_from`) mid-game next to a random playout from the
//! same state; the `playout` group the same loop on the playout path, with `playout/steady`
//! the figure for zero allocations per decision in steady state. The bench binary counts heap
//! allocations (divan's `AllocProfiler`), shown per iteration.
//!
//! Run with `cargo bench -p cardc --bench pipeline`; figures go in docs/performance.md.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use cardlang::db::CardDb;
use cardlang::source::{read_pool, SourceFile};
use engine::deck::{self, DeckOptions};
use engine::players::{play_out, HeuristicPlayer, Player, RandomPlayer};
use engine::rng::Dice;
use engine::{Choice, Config, Game, PlayerId};

/// Counts every heap allocation the benches make (divan prints them per iteration).
#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn main() {
    divan::main();
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn pool_files() -> Vec<SourceFile> {
    read_pool(&root().join("cards")).expect("the bundled pool is readable")
}

fn pool_db() -> CardDb {
    let comp = cardlang::compile(&pool_files());
    assert!(!comp.has_errors(), "the bundled pool compiles");
    CardDb::new(comp.cards).expect("the bundled pool is a valid database")
}

fn starter(name: &str) -> Vec<u8> {
    std::fs::read(root().join("cards/decks").join(name)).expect("starter deck exists")
}

/// Parse, check and lower the whole bundled pool (~150 cards, 28 files).
#[divan::bench]
fn compile_pool(b: divan::Bencher) {
    let files = pool_files();
    b.bench(|| cardlang::compile(divan::black_box(&files)));
}

#[divan::bench]
fn db_encode(b: divan::Bencher) {
    let db = pool_db();
    b.bench(|| CardDb::new(divan::black_box(db.cards().to_vec())));
}

/// Every check the loader makes: header, checksum, bounded decode, content validation.
#[divan::bench]
fn db_load(b: divan::Bencher) {
    let bytes = pool_db().to_bytes();
    b.bench(|| CardDb::from_bytes(divan::black_box(&bytes)));
}

#[divan::bench]
fn deck_check(b: divan::Bencher) {
    let db = pool_db();
    let text = starter("rdf-starter.txt");
    b.bench(|| deck::check(divan::black_box(&text), &db, &DeckOptions::default()));
}

fn deck_ids(cat: &CardDb, name: &str) -> Vec<cardlang::ir::CardId> {
    let list = deck::parse(&starter(name));
    let mut ids = Vec::new();
    for e in &list.entries {
        let card = cat.by_name(&e.name).expect("starter deck names resolve");
        ids.extend(std::iter::repeat_n(card.id, e.count as usize));
    }
    ids
}

thread_local! {
    static CAT: Arc<CardDb> = Arc::new(pool_db());
}

/// A new game between the RDF and Colonial starter decks.
fn starter_game(cat: &Arc<CardDb>, seed: u64, max_turns: u32) -> Game {
    let decks = vec![
        ("rdf".to_string(), deck_ids(cat, "rdf-starter.txt")),
        (
            "colonial".to_string(),
            deck_ids(cat, "colonial-starter.txt"),
        ),
    ];
    Game::new(cat.clone(), decks, Config { seed, max_turns }).expect("starter decks set up")
}

fn play(kind: &str, seed: u64) -> usize {
    CAT.with(|cat| {
        let mut game = starter_game(cat, seed, 20);
        let mut players: Vec<Box<dyn Player>> = (0..2u64)
            .map(|k| -> Box<dyn Player> {
                if kind == "random" {
                    Box::new(RandomPlayer::new(seed ^ k))
                } else {
                    Box::new(HeuristicPlayer::new(seed ^ k))
                }
            })
            .collect();
        play_out(&mut game, &mut players, 1_000_000)
    })
}

/// One whole seeded game between two starter decks, to the turn limit or a victory.
#[divan::bench(args = ["random", "heuristic"])]
fn game(b: divan::Bencher, kind: &str) {
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        play(kind, seed)
    });
}

/// The turn cap of the playout benches (the figures use games to a victory or 100
/// turns).
const PLAYOUT_TURNS: u32 = 100;

/// One uniformly random legal decision: what a random playout does per step.
fn random_decision(game: &mut Game, dice: &mut Dice) -> bool {
    let Some(d) = game.decision() else {
        return false;
    };
    let mut choices = game.legal_choices();
    if choices.is_empty() {
        return false;
    }
    let k = dice.below(choices.len() as u32) as usize;
    game.apply(d.who, choices.swap_remove(k)).is_ok()
}

/// [`random_decision`] the way a playout runs it: the legal choices into a buffer the caller
/// keeps (`Game::legal_choices_into`) and the choice applied without collecting its events
/// (`Game::play`), so steady state allocates only what the rules themselves do.
fn random_step(game: &mut Game, dice: &mut Dice, buf: &mut Vec<Choice>) -> bool {
    let Some(d) = game.decision() else {
        return false;
    };
    game.legal_choices_into(buf);
    if buf.is_empty() {
        return false;
    }
    let k = dice.below(buf.len() as u32) as usize;
    game.play(d.who, buf.swap_remove(k)).is_ok()
}

/// Every 7th state before a decision along eight seeded random games (about 800 states
/// from every part of a game), each with the random choice made there.
fn sampled_states() -> Vec<(Game, PlayerId, Choice)> {
    CAT.with(|cat| {
        let mut out = Vec::new();
        for seed in 1..=8u64 {
            let mut game = starter_game(cat, seed, PLAYOUT_TURNS);
            let mut dice = Dice::new(seed);
            for step in 0.. {
                let Some(d) = game.decision() else { break };
                let mut choices = game.legal_choices();
                if choices.is_empty() {
                    break;
                }
                let k = dice.below(choices.len() as u32) as usize;
                let choice = choices.swap_remove(k);
                if step % 7 == 0 {
                    out.push((game.clone(), d.who, choice.clone()));
                }
                if game.apply(d.who, choice).is_err() {
                    break;
                }
            }
        }
        out
    })
}

/// A seeded random game played to the start of commander turn `turn`.
fn game_at_turn(seed: u64, turn: u32) -> Game {
    CAT.with(|cat| {
        let mut game = starter_game(cat, seed, PLAYOUT_TURNS);
        let mut dice = Dice::new(seed);
        while game.turn() < turn && random_decision(&mut game, &mut dice) {}
        game
    })
}

/// The states a bench cycles through, handed out one per iteration.
fn cycle<T: Clone>(items: Vec<T>) -> impl FnMut() -> T {
    let mut k = 0;
    move || {
        k = (k + 1) % items.len();
        items[k].clone()
    }
}

/// One decision on the starter decks with random players, split into its two halves; the
/// third bench is both together (decisions per second is its throughput).
#[divan::bench_group]
mod decision {
    use super::*;

    #[divan::bench]
    fn legal_choices(b: divan::Bencher) {
        let states = sampled_states();
        b.with_inputs(cycle(states))
            .bench_local_refs(|(g, _, _)| g.legal_choices());
    }

    #[divan::bench]
    fn apply(b: divan::Bencher) {
        let states = sampled_states();
        b.with_inputs(cycle(states))
            .bench_local_values(|(mut g, who, c)| {
                let r = g.apply(who, c);
                (g, r)
            });
    }

    #[divan::bench]
    fn legal_choices_and_apply(b: divan::Bencher) {
        let states: Vec<(Game, Dice)> = sampled_states()
            .into_iter()
            .enumerate()
            .map(|(k, (g, _, _))| (g, Dice::new(k as u64)))
            .collect();
        b.counter(divan::counter::ItemsCount::new(1usize))
            .with_inputs(cycle(states))
            .bench_local_values(|(mut g, mut dice)| {
                random_decision(&mut g, &mut dice);
                g
            });
    }
}

/// The playout path: one random decision with a reused choice buffer and no event list
/// (`random_step`); decisions per second is its throughput.
#[divan::bench_group]
mod playout {
    use super::*;

    #[divan::bench]
    fn step(b: divan::Bencher) {
        let states: Vec<(Game, Dice)> = sampled_states()
            .into_iter()
            .enumerate()
            .map(|(k, (g, _, _))| (g, Dice::new(k as u64)))
            .collect();
        let mut buf = Vec::with_capacity(256);
        b.counter(divan::counter::ItemsCount::new(1usize))
            .with_inputs(cycle(states))
            .bench_local_values(|(mut g, mut dice)| {
                random_step(&mut g, &mut dice, &mut buf);
                g
            });
    }

    /// Steady state (issue #15: zero allocations per decision): one random decision per
    /// iteration on the playout path — the choices into a reused buffer, `Game::play` — in
    /// one game that goes on from decision to decision, each game over followed by the next
    /// seed's in the same storage (`Game::renew`, inside the iteration that ends the game).
    /// Twenty whole games are played first, so the game's lists, log and history have grown
    /// to what a game needs; the allocations divan prints per iteration are then those of one
    /// decision.
    #[divan::bench]
    fn steady(b: divan::Bencher) {
        CAT.with(|cat| {
            let decks = [
                ("rdf", deck_ids(cat, "rdf-starter.txt")),
                ("colonial", deck_ids(cat, "colonial-starter.txt")),
            ];
            let config = |seed| Config {
                seed,
                max_turns: PLAYOUT_TURNS,
            };
            let mut game = starter_game(cat, 0, PLAYOUT_TURNS);
            let mut dice = Dice::new(0);
            let mut buf = Vec::with_capacity(256);
            let mut seed = 0;
            let mut next = || {
                if !random_step(&mut game, &mut dice, &mut buf) {
                    seed += 1;
                    game.renew(cat.clone(), &decks, config(seed))
                        .expect("starter decks set up");
                    dice = Dice::new(seed);
                }
                seed
            };
            while next() < 20 {}
            b.counter(divan::counter::ItemsCount::new(1usize))
                .bench_local(next);
        });
    }

    /// What a search's playout costs in steady state: the turn-10 state forked into one
    /// scratch game (`Game::clone_from`, the root's log frozen once), then played to the end
    /// on the playout path; allocations per iteration are per whole playout (about 450
    /// decisions), after a round of every state to warm the scratch up.
    #[divan::bench]
    fn forked_from_turn_10(b: divan::Bencher) {
        let states: Vec<(Game, u64)> = (1..=8)
            .map(|seed| {
                let mut g = game_at_turn(seed, 10);
                g.freeze_log();
                (g, seed + 100)
            })
            .collect();
        let mut scratch = states[0].0.clone();
        let mut buf = Vec::with_capacity(256);
        let mut k = 0;
        let mut playout = |scratch: &mut Game, buf: &mut Vec<Choice>| {
            k = (k + 1) % states.len();
            let (root, seed) = &states[k];
            scratch.clone_from(root);
            let mut dice = Dice::new(*seed);
            let mut n = 0usize;
            while random_step(scratch, &mut dice, buf) {
                n += 1;
            }
            n
        };
        for _ in 0..2 * states.len() {
            playout(&mut scratch, &mut buf);
        }
        b.bench_local(|| playout(&mut scratch, &mut buf));
    }

    /// A whole random game from the turn-10 states, counted in decisions: the mean time per
    /// decision over real playouts, allocations included.
    #[divan::bench]
    fn from_turn_10(b: divan::Bencher) {
        let states: Vec<(Game, Dice)> = (1..=8)
            .map(|seed| (game_at_turn(seed, 10), Dice::new(seed + 100)))
            .collect();
        let mut buf = Vec::with_capacity(256);
        b.with_inputs(cycle(states))
            .bench_local_values(|(mut g, mut dice)| {
                while random_step(&mut g, &mut dice, &mut buf) {}
                g
            });
    }
}

/// What a search pays to try a line: a fork of a mid-game state (turn 10 or 30), as a new game
/// (`clone`) or into a scratch game kept from fork to fork (`clone_from`), next to a random
/// playout from the turn-10 state to a victory or the turn cap.
#[divan::bench_group]
mod fork {
    use super::*;

    #[divan::bench(args = [10, 30])]
    fn clone(b: divan::Bencher, turn: u32) {
        let states: Vec<Game> = (1..=8).map(|seed| game_at_turn(seed, turn)).collect();
        b.with_inputs(cycle(states)).bench_local_refs(|g| g.clone());
    }

    /// The search player's fork: the root's log frozen once (`Game::freeze_log`), then
    /// `clone_from` into one scratch game, which allocates nothing once it has grown.
    #[divan::bench(args = [10, 30])]
    fn clone_from(b: divan::Bencher, turn: u32) {
        let states: Vec<Game> = (1..=8)
            .map(|seed| {
                let mut g = game_at_turn(seed, turn);
                g.freeze_log();
                g
            })
            .collect();
        let mut scratch = states[0].clone();
        let mut k = 0;
        b.bench_local(|| {
            k = (k + 1) % states.len();
            scratch.clone_from(&states[k]);
            scratch.turn()
        });
    }

    #[divan::bench]
    fn playout_from_turn_10(b: divan::Bencher) {
        let states: Vec<(Game, Dice)> = (1..=8)
            .map(|seed| (game_at_turn(seed, 10), Dice::new(seed + 100)))
            .collect();
        b.with_inputs(cycle(states))
            .bench_local_values(|(mut g, mut dice)| {
                while random_decision(&mut g, &mut dice) {}
                g
            });
    }
}
