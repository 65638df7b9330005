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
