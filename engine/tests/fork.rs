//! Forks (issue #15): `Game::clone_from` into a game in another position — another seed, turn
//! or number of commanders, another card pool `Arc` — makes the same game as `clone`: equal
//! to the source, with the same log and history, and it plays on exactly as the source does.
//! One scratch game is reused for every fork, as the search player reuses it.

mod common;

use engine::players::{Player, RandomPlayer};
use engine::Game;

/// Play `n` random choices (seats seeded from `seed`), or until the game stops.
fn play(g: &mut Game, seed: u64, n: usize) {
    let mut players: Vec<RandomPlayer> = (0..g.commanders().len() as u64)
        .map(|k| RandomPlayer::new(seed * 10 + k))
        .collect();
    for _ in 0..n {
        let Some(d) = g.decision() else { return };
        let Some(c) = players[usize::from(d.who.0)].choose(g) else {
            return;
        };
        if g.apply(d.who, c).is_err() {
            return;
        }
    }
}

/// Every `step`th position along a random game, with engagements, to its end.
fn positions(seed: u64, commanders: usize, step: usize) -> Vec<Game> {
    let mut g = common::new_game(seed, commanders, 30);
    let mut out = Vec::new();
    while g.decision().is_some() && out.len() < 200 {
        out.push(g.clone());
        let len = g.history().len();
        play(&mut g, seed, step);
        if g.history().len() == len {
            break;
        }
    }
    out
}

/// `copy` is `source` in every part: state, log and history (`==` compares the log by length).
fn assert_same(copy: &Game, source: &Game, what: &str) {
    assert!(copy == source, "{what}: the copy differs from the source");
    assert_eq!(copy.log(), source.log(), "{what}: log");
    assert_eq!(copy.history(), source.history(), "{what}: history");
}

#[test]
fn clone_from_makes_the_source_and_plays_on_alike() {
    let mut scratch = common::new_game(99, 3, 30);
    play(&mut scratch, 99, 150);
    let mut forks = 0;
    for (seed, commanders) in [(1, 2), (2, 3), (3, 2)] {
        for (k, source) in positions(seed, commanders, 7).iter().enumerate() {
            let what = format!("seed {seed}, position {k}");
            scratch.clone_from(source);
            assert_same(&scratch, source, &what);
            // Play on from the fork and from a plain clone: the same game, event for event.
            let mut original = source.clone();
            play(&mut scratch, seed + 1000 + k as u64, 60);
            play(&mut original, seed + 1000 + k as u64, 60);
            assert_same(&scratch, &original, &format!("{what}, played on"));
            assert_eq!(scratch.log_json(), original.log_json(), "{what}: log json");
            forks += 1;
        }
    }
    assert!(forks > 30, "{forks} forks tried");
}

#[test]
fn a_frozen_log_forks_alike() {
    let mut scratch = common::new_game(7, 2, 30);
    for (k, mut source) in positions(5, 2, 11).into_iter().enumerate() {
        let before = source.log().to_vec();
        source.freeze_log();
        assert_eq!(source.log(), before.as_slice(), "freezing keeps the log");
        scratch.clone_from(&source);
        assert_same(&scratch, &source, &format!("position {k}"));
        play(&mut scratch, 40 + k as u64, 40);
        play(&mut source, 40 + k as u64, 40);
        assert_same(&scratch, &source, &format!("position {k}, played on"));
    }
}

/// `Game::renew` (issue #15: a driver playing game after game in one game's storage) makes the
/// game `Game::new` makes, whatever the storage held before — another seed or number of
/// commanders, a game some fork still shares the log of — and it plays on alike.
#[test]
fn renew_makes_the_game_new_makes() {
    let mut g = common::new_game(99, 3, 30);
    play(&mut g, 99, 150);
    let mut fork = g.clone();
    let cat = common::catalog();
    for (seed, commanders) in [(1, 2), (2, 4), (3, 3), (4, 2), (5, 5)] {
        let decks: Vec<(String, Vec<engine::ir::CardId>)> = (0..commanders)
            .map(|k| (format!("C{k}"), common::deck()))
            .collect();
        let config = engine::Config {
            seed,
            max_turns: 30,
        };
        let mut fresh = Game::new(cat.clone(), decks.clone(), config).unwrap();
        g.renew(cat.clone(), &decks, config).unwrap();
        let what = format!("seed {seed}, {commanders} commanders");
        assert_same(&g, &fresh, &what);
        play(&mut g, seed, 300);
        play(&mut fresh, seed, 300);
        assert_same(&g, &fresh, &format!("{what}, played on"));
        assert_eq!(g.log_json(), fresh.log_json(), "{what}: log json");
        // The fork shares what the game held before; it is left as it was.
        let before = fork.log().to_vec();
        play(&mut fork, seed, 5);
        assert!(fork.log().starts_with(&before), "{what}: the fork's log");
        fork = g.clone();
    }
    // Decks `Game::new` refuses are refused alike, and the game is left as it was.
    let before = g.clone();
    let one = [("C0", common::deck())];
    let err = Game::new(
        cat.clone(),
        vec![("C0".to_string(), common::deck())],
        engine::Config {
            seed: 1,
            max_turns: 30,
        },
    )
    .unwrap_err();
    let config = engine::Config {
        seed: 1,
        max_turns: 30,
    };
    assert_eq!(g.renew(cat.clone(), &one, config).unwrap_err(), err);
    let no_station = [("C0", common::deck()), ("C1", common::deck()[1..].to_vec())];
    assert!(g.renew(cat.clone(), &no_station, config).is_err());
    assert_same(&g, &before, "after refused decks");
}
