//! Seeded games between the bundled starter decks (`cards/decks/`), whose cards carry the
//! abilities the engine interprets — the hand-made pool of `engine/tests/property.rs` has
//! none. After every applied choice the engine's invariants hold (`engine::invariants`: every
//! card in one zone, Stockpiles 0..=20, no unit at its wounds, hijacked ships garrisoned,
//! nothing in play for a commander out); every listed choice is accepted; a replay of the
//! choices from the seed gives the same log byte for byte. The games must reach the card
//! texts this suite is for: attaching, detaching and replacements (§9.1, §8.1).

use std::path::Path;
use std::sync::Arc;

use engine::event::Event;
use engine::invariants::violations;
use engine::ir::CardId;
use engine::players::{HeuristicPlayer, Player, RandomPlayer};
use engine::{CardDb, Config, Game};

const DECKS: [&str; 3] = ["rdf-starter", "colonial-starter", "corporate-starter"];
/// Commander turns before a game stops without a winner.
const TURNS: u32 = 80;

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn bundled() -> (Arc<CardDb>, Vec<Vec<CardId>>) {
    let files = cardlang::source::read_pool(&repo().join("cards")).expect("cards/ readable");
    let compiled = cardlang::compile(&files);
    let db = Arc::new(CardDb::new(compiled.cards).expect("the bundled pool compiles"));
    let decks = DECKS
        .iter()
        .map(|d| {
            let path = repo().join("cards/decks").join(format!("{d}.txt"));
            let bytes = engine::deck::read_deck_file(&path).expect("deck readable");
            let list = engine::deck::parse(&bytes);
            engine::deck::card_ids(&list, &db).expect("every card of a starter deck is bundled")
        })
        .collect();
    (db, decks)
}

fn new_game(db: &Arc<CardDb>, decks: &[Vec<CardId>], seed: u64, n: usize) -> Game {
    let lists = (0..n)
        .map(|k| {
            let d = (seed as usize + k) % decks.len();
            (format!("{} {k}", DECKS[d]), decks[d].clone())
        })
        .collect();
    Game::new(
        db.clone(),
        lists,
        Config {
            seed,
            max_turns: TURNS,
        },
    )
    .expect("starter decks are legal")
}

/// What the new ability paths did in one game.
#[derive(Default, Debug)]
struct Seen {
    attached: usize,
    detached: usize,
    replaced: usize,
    winners: usize,
}

fn play(db: &Arc<CardDb>, decks: &[Vec<CardId>], seed: u64, n: usize, seen: &mut Seen) {
    let mut g = new_game(db, decks, seed, n);
    let mut players: Vec<Box<dyn Player>> = (0..n as u64)
        .map(|k| -> Box<dyn Player> {
            if (seed + k).is_multiple_of(2) {
                Box::new(HeuristicPlayer::new(seed * 31 + k))
            } else {
                Box::new(RandomPlayer::new(seed * 31 + k))
            }
        })
        .collect();
    let mut steps = 0;
    while let Some(d) = g.decision() {
        steps += 1;
        assert!(steps < 100_000, "seed {seed}: game did not end");
        let c = players[d.who.0 as usize]
            .choose(&g)
            .unwrap_or_else(|| panic!("seed {seed}: no choice for {d:?}"));
        if let Err(e) = g.apply(d.who, c.clone()) {
            panic!("seed {seed}: listed choice {c:?} refused: {e}");
        }
        let v = violations(&g);
        if !v.is_empty() {
            let log = engine::transcript::render_log(&g);
            let lines: Vec<&str> = log.lines().collect();
            eprintln!("{}", lines[lines.len().saturating_sub(60)..].join("\n"));
        }
        assert!(v.is_empty(), "seed {seed} after {c:?}: {v:?}");
    }
    if let Err(e) = engine::invariants::replay_matches(&g, new_game(db, decks, seed, n)) {
        panic!("seed {seed}: {e}");
    }
    for e in g.log() {
        match e {
            Event::Attached { .. } => seen.attached += 1,
            Event::Detached { .. } => seen.detached += 1,
            Event::Replaced { .. } => seen.replaced += 1,
            _ => {}
        }
    }
    if matches!(g.outcome(), Some(engine::Outcome::Winner(_))) {
        seen.winners += 1;
    }
}

#[test]
fn starter_deck_games_keep_every_invariant() {
    let (db, decks) = bundled();
    let mut seen = Seen::default();
    let games = 600;
    for seed in 0..games {
        // Every fifth game has three commanders (Spoils of War, §7.1.3).
        let n = if seed % 5 == 4 { 3 } else { 2 };
        play(&db, &decks, seed, n, &mut seen);
    }
    assert!(seen.winners * 2 > games as usize, "{seen:?}");
    assert!(
        seen.attached > 0 && seen.detached > 0 && seen.replaced > 0,
        "the starter decks' attach, detach and replacement texts never resolved: {seen:?}"
    );
}

/// The game sweep (`engine::sweep`, `hullbreach sweep`) in CI: games of 2–5 commanders with the
/// starter decks and generated legal decks that all hold the Station-wounding cards of
/// `tests/rulings/pool/eliminations.hb` (issue #13), invariants and liveness checked after
/// every choice. Stations fall to Events and Tactics in every kind of window, and the games
/// still end with a winner or at the turn cap with nobody out holding a decision.
#[test]
fn sweep_of_two_to_five_commanders_with_station_wounding_events() {
    use engine::sweep::{self, PlayerKind, Settings};
    let pool = tests::station_wounding_sweep_pool();
    assert_eq!(pool.featured.len(), 5, "the five cards of eliminations.hb");
    for (player, games) in [(PlayerKind::Random, 160), (PlayerKind::Heuristic, 60)] {
        let settings = Settings {
            games,
            seed: 12,
            min: 2,
            max: 5,
            turns: 40,
            player,
        };
        let report = sweep::run(&pool, &settings, |_, _| {});
        assert!(
            report.found.is_empty(),
            "{} sweep violations, first: {:?}",
            report.found.len(),
            report.found.first()
        );
        assert_eq!(report.games, games);
        assert!(
            (3..=5).all(|n| report.by_commanders[n] > 0),
            "3, 4 and 5 commanders all played: {:?}",
            report.by_commanders
        );
        assert!(
            report.generated_decks > 0 && report.eliminations > 0,
            "{report:?}"
        );
        assert!(report.winners > 0, "{report:?}");
    }
}

/// Every generated deck is legal by the deck rules (`engine::deck`), whatever the seed.
#[test]
fn generated_decks_are_legal() {
    use engine::sweep::{generate_deck, Pool};
    let (db, _) = bundled();
    let pool = Pool {
        db: db.clone(),
        starters: Vec::new(),
        featured: Vec::new(),
    };
    for seed in 0..200 {
        let mut dice = engine::rng::Dice::new(seed);
        let deck = generate_deck(&pool, &mut dice).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(deck.len(), 55);
        // Re-check from the ids, independently of the generator's own validation.
        let mut text = String::new();
        let mut ids = deck.clone();
        ids.sort();
        ids.dedup();
        for id in ids {
            let n = deck.iter().filter(|&&d| d == id).count();
            text.push_str(&format!("{n} {}\n", db.get(id).expect("card").name));
        }
        let list = engine::deck::parse(text.as_bytes());
        let report = engine::deck::validate(&list, &*db, &engine::deck::DeckOptions::default());
        assert!(report.is_legal(), "seed {seed}: {:?}", report.violations);
    }
}
