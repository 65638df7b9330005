//! How games between computer players end (issue #42), read from each game's log: who won,
//! on which commander turn, and whether the last Station fell to Marines that boarded it with
//! no Marine aboard to defend it (§6.9.3) — the ending the players used to hand each other.
//!
//! The games are `hullbreach simulate`'s own: game *i* of a run seeded from (seed, *i*), the
//! entrants rotated through the seats (`Simulation::seat`), each seat's player seeded from the
//! game seed and the seat (`simulate::new_game`), so a line here is the simulator's game.
//!
//! The `measure` test is the measuring tool behind docs/players.md (ignored; run by hand):
//!
//! ```sh
//! HB_ENTRANTS=rdf-starter=heuristic,colonial-starter=heuristic-v1 HB_GAMES=400 HB_SEED=1 \
//!   cargo test -p tests --test player_strength -- --ignored --nocapture measure
//! ```

use std::path::Path;
use std::sync::{Arc, OnceLock};

use engine::event::Event;
use engine::ir::{CardId, CardKind};
use engine::simulate::stats::wilson;
use engine::sweep::{game_seed, PlayerKind};
use engine::{CardDb, Game, Outcome};

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn pool() -> Arc<CardDb> {
    static POOL: OnceLock<Arc<CardDb>> = OnceLock::new();
    POOL.get_or_init(|| {
        let files = cardlang::source::read_pool(&repo().join("cards")).expect("cards/ readable");
        let compiled = cardlang::compile(&files);
        Arc::new(CardDb::new(compiled.cards).expect("the bundled pool compiles"))
    })
    .clone()
}

fn deck(db: &CardDb, name: &str) -> Vec<CardId> {
    let path = repo().join("cards/decks").join(format!("{name}.txt"));
    let bytes = engine::deck::read_deck_file(&path).expect("deck readable");
    engine::deck::card_ids(&engine::deck::parse(&bytes), db).expect("bundled cards")
}

/// A deck and the player that commands it.
#[derive(Clone)]
struct Entrant {
    deck: String,
    cards: Vec<CardId>,
    player: PlayerKind,
}

fn entrant(db: &CardDb, deck_name: &str, player: &str) -> Entrant {
    Entrant {
        deck: deck_name.to_string(),
        cards: deck(db, deck_name),
        player: PlayerKind::parse(player).expect("a player name"),
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// The last Station was boarded with no Marine aboard (§6.9.3) and hijacked.
    BoardedUndefended,
    /// The last Station was hijacked after its defending Marines lost the boarding action.
    BoardedDefended,
    /// The last Station was destroyed (volley or card text).
    Destroyed,
    /// The loser scooped (§7.2).
    Scoop,
    TurnCap,
    Unfinished,
}

/// How `game` ended, from its log: the last elimination, and the boarding that took the
/// Station if one did.
fn end_of(game: &Game) -> End {
    match game.outcome() {
        Some(Outcome::Winner(_)) => {}
        Some(_) => return End::TurnCap,
        None => return End::Unfinished,
    }
    let log = game.log();
    let Some(last) = log
        .iter()
        .rposition(|e| matches!(e, Event::Eliminated { .. }))
    else {
        return End::Unfinished;
    };
    let is_station = |card: CardId| {
        game.catalog()
            .get(card)
            .is_some_and(|c| c.kind == CardKind::Station)
    };
    for e in log[..last].iter().rev() {
        match e {
            Event::Hijacked { card, .. } if is_station(card.card) => {
                // The boarding that won it, just before.
                let automatic = log[..last].iter().rev().find_map(|e| match e {
                    Event::BoardingWon {
                        target, automatic, ..
                    } if target.inst == card.inst => Some(*automatic),
                    _ => None,
                });
                return if automatic == Some(true) {
                    End::BoardedUndefended
                } else {
                    End::BoardedDefended
                };
            }
            Event::Destroyed { card, .. } if is_station(card.card) => return End::Destroyed,
            Event::Scooped { .. } => return End::Scoop,
            Event::Eliminated { .. } => break,
            _ => {}
        }
    }
    End::Destroyed
}

/// One game's result: the winning entrant, the seat the first entrant sat in, the turn, how
/// it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Played {
    winner: Option<usize>,
    first_entrant_seat: usize,
    turn: u32,
    end: End,
}

/// Game `index` of a run with `seed`, as `hullbreach simulate` plays it.
fn play(db: &Arc<CardDb>, entrants: &[Entrant], seed: u64, index: u64, turns: u32) -> Played {
    let n = entrants.len() as u64;
    let seats: Vec<usize> = (0..n).map(|s| ((s + index) % n) as usize).collect();
    let lists = seats
        .iter()
        .map(|&e| {
            let x = &entrants[e];
            (x.deck.clone(), x.cards.clone(), x.player)
        })
        .collect();
    let (mut game, mut players) =
        engine::simulate::new_game(db.clone(), game_seed(seed, index), turns, lists)
            .expect("the game starts");
    engine::players::play_out(&mut game, &mut players, engine::simulate::MAX_CHOICES);
    let winner = match game.outcome() {
        Some(Outcome::Winner(w)) => Some(seats[usize::from(w.0)]),
        _ => None,
    };
    Played {
        winner,
        first_entrant_seat: seats.iter().position(|&e| e == 0).unwrap_or(0),
        turn: game.turn(),
        end: end_of(&game),
    }
}

/// Games `0..games` of a run, on `jobs` threads, in index order.
fn run(entrants: &[Entrant], seed: u64, games: u64, turns: u32, jobs: u64) -> Vec<Played> {
    let db = pool();
    let jobs = jobs.max(1);
    let mut out: Vec<(u64, Played)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                let db = &db;
                s.spawn(move || {
                    (0..games)
                        .filter(|i| i % jobs == j)
                        .map(|i| (i, play(db, entrants, seed, i, turns)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker finished"))
            .collect()
    });
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, p)| p).collect()
}

fn undefended(games: &[Played]) -> usize {
    games
        .iter()
        .filter(|p| p.end == End::BoardedUndefended)
        .count()
}

fn pct(k: u64, n: u64) -> String {
    let (lo, hi) = wilson(k, n);
    format!(
        "{k}/{n} ({:.1}%, 95% interval {:.1}%–{:.1}%)",
        100.0 * k as f64 / n.max(1) as f64,
        100.0 * lo,
        100.0 * hi
    )
}

/// The measuring tool (docs/players.md): `HB_ENTRANTS=deck=player,deck=player`, `HB_GAMES`,
/// `HB_SEED`, `HB_TURNS` (100), `HB_JOBS` (1).
#[test]
#[ignore = "a measurement, run by hand (docs/players.md)"]
fn measure() {
    let var = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
    let db = pool();
    let entrants: Vec<Entrant> = var(
        "HB_ENTRANTS",
        "rdf-starter=heuristic,colonial-starter=heuristic",
    )
    .split(',')
    .map(|e| {
        let (d, p) = e.split_once('=').expect("deck=player");
        entrant(&db, d.trim(), p.trim())
    })
    .collect();
    let games: u64 = var("HB_GAMES", "40").parse().expect("HB_GAMES");
    let seed: u64 = var("HB_SEED", "1").parse().expect("HB_SEED");
    let turns: u32 = var("HB_TURNS", "100").parse().expect("HB_TURNS");
    let jobs: u64 = var("HB_JOBS", "1").parse().expect("HB_JOBS");
    let played = run(&entrants, seed, games, turns, jobs);
    let n = played.len() as u64;
    for (e, x) in entrants.iter().enumerate() {
        let won = played.iter().filter(|p| p.winner == Some(e)).count() as u64;
        println!("{} ({}) won {}", x.deck, x.player.name(), pct(won, n));
        for seat in 0..entrants.len() {
            let sat: Vec<&Played> = played
                .iter()
                .filter(|p| (p.first_entrant_seat + e) % entrants.len() == seat)
                .collect();
            let w = sat.iter().filter(|p| p.winner == Some(e)).count() as u64;
            println!("  in seat {}: {}", seat + 1, pct(w, sat.len() as u64));
        }
    }
    for end in [
        End::BoardedUndefended,
        End::BoardedDefended,
        End::Destroyed,
        End::Scoop,
        End::TurnCap,
        End::Unfinished,
    ] {
        let k = played.iter().filter(|p| p.end == end).count() as u64;
        println!("ended {end:?}: {}", pct(k, n));
    }
    let mut turns: Vec<u32> = played.iter().map(|p| p.turn).collect();
    turns.sort_unstable();
    let on_1 = turns.iter().filter(|&&t| t <= 1).count() as u64;
    println!(
        "commander turns: median {}, ended on turn 1: {}",
        turns.get(turns.len() / 2).copied().unwrap_or(0),
        pct(on_1, n)
    );
}

/// The same run twice gives the same games, whatever the threads.
#[test]
fn the_same_seed_plays_the_same_games() {
    let db = pool();
    let e = [
        entrant(&db, "rdf-starter", "heuristic"),
        entrant(&db, "colonial-starter", "heuristic"),
    ];
    assert_eq!(run(&e, 7, 6, 100, 1), run(&e, 7, 6, 100, 3));
}

/// Since issue #42 the heuristic keeps a garrison on its Station: between two heuristic
/// players at most 15% of games end with a Station boarded and no Marine aboard, where the
/// players before it (`heuristic-v1`) gave most games away so.
#[test]
fn heuristics_rarely_leave_their_station_open() {
    let db = pool();
    let with = |p: &str| {
        let e = [
            entrant(&db, "rdf-starter", p),
            entrant(&db, "colonial-starter", p),
        ];
        undefended(&run(&e, 42, 400, 100, 2))
    };
    let old = with("heuristic-v1");
    let new = with("heuristic");
    println!("undefended Stations boarded in 400 games: old {old}, new {new}");
    assert!(
        old >= 200,
        "the old heuristic left {old} of 400 Stations open"
    );
    assert!(
        new <= 60,
        "the new heuristic left {new} of 400 Stations open"
    );
}

/// Each bundled starter deck's mirror at seed 42, `player` against `against`, seats swapped
/// every game: the deck and `player`'s wins in the first seat and in the second.
fn mirror_wins(
    db: &Arc<CardDb>,
    player: &str,
    against: &str,
    games: u64,
) -> Vec<(&'static str, usize, usize)> {
    ["colonial-starter", "corporate-starter", "rdf-starter"]
        .into_iter()
        .map(|deck| {
            let e = [entrant(db, deck, player), entrant(db, deck, against)];
            let played = run(&e, 42, games, 100, 2);
            let won_in = |seat: usize| {
                played
                    .iter()
                    .filter(|p| p.first_entrant_seat == seat && p.winner == Some(0))
                    .count()
            };
            (deck, won_in(0), won_in(1))
        })
        .collect()
}

/// Issue #42, read as a tournament judge reads "in both seats and with each deck"
/// (docs/players.md): the same deck on both sides, seats swapped, for every bundled starter
/// deck, so the figure is the player's and not the deck's. Since the fourth round of issue #42
/// (Events and Tactics left in hand are discarded at the end of a turn, so the hand refills
/// with ships) the new heuristic wins 908 of these 1,200 games (293, 318 and 297; at least 142
/// of the 200 in each seat with each deck); the heuristic before it won 797 (246, 247, 304;
/// 115 of 200 with colonial-starter in the first seat). The bounds sit between the two, with
/// room for rule changes that move a few games.
#[test]
fn the_new_heuristic_beats_the_old_with_each_deck() {
    let db = pool();
    let mut total = 0;
    for (deck, first, second) in mirror_wins(&db, "heuristic", "heuristic-v1", 400) {
        let won = first + second;
        println!("{deck} mirror: the new heuristic won {won} of 400 ({first} + {second} by seat)");
        assert!(
            won >= 270,
            "with {deck} on both sides the new heuristic won only {won} of 400"
        );
        assert!(
            first >= 130 && second >= 130,
            "with {deck} on both sides the new heuristic won {first} of 200 in the first seat \
             and {second} of 200 in the second"
        );
        total += won;
    }
    assert!(
        total >= 860,
        "the new heuristic won {total} of 1,200 mirror games against heuristic-v1"
    );
}

/// Issue #42: search:100 against the new heuristic, the same deck on both sides and seats
/// swapped, for every bundled starter deck (docs/players.md, "What 'with each deck' means").
/// A bounded version of the measurement in docs/players.md (600 games a deck there). Since
/// the fifth round (the rollout search) these 120 games give 88 wins (31, 27 and 30); the
/// tree search before it won 85 (31, 29, 25) — 40 games a deck cannot tell the two apart
/// (docs/players.md does, on 200 to 600 games a deck), but they do tell the search from the
/// heuristic it improves on, which would win about half of them: at even odds, 80 of 120
/// comes up less than once in 5,000 runs.
#[test]
fn the_search_beats_the_heuristic_with_each_deck() {
    let db = pool();
    let mut total = 0;
    for (deck, first, second) in mirror_wins(&db, "search:100", "heuristic", 40) {
        let won = first + second;
        println!("{deck} mirror: search:100 won {won} of 40 ({first} + {second} by seat)");
        assert!(
            won >= 24,
            "with {deck} on both sides search:100 won only {won} of 40 against the heuristic"
        );
        total += won;
    }
    assert!(
        total >= 80,
        "search:100 won {total} of 120 mirror games against the heuristic"
    );
}
