//! Property test: thousands of seeded random games played to the turn limit. After every
//! applied choice: every card in exactly one zone, Stockpiles in 0..=20 (§9.27), wounds
//! below printed wounds for units in play; an illegal choice leaves the state unchanged;
//! and replaying the choices from the seed reproduces the log byte for byte.

mod common;

use engine::choice::Choice;
use engine::ids::{Inst, PlayerId};
use engine::invariants::violations;
use engine::players::{Player, RandomPlayer};
use engine::Game;

/// Choices that are usually illegal, to probe "errors change nothing".
fn probes(g: &Game) -> Vec<(PlayerId, Choice)> {
    let d = g.decision().expect("pending decision");
    let other = PlayerId((d.who.0 + 1) % g.commanders().len() as u8);
    vec![
        (other, Choice::EndPhase),
        (
            d.who,
            Choice::Deploy {
                card: Inst(9999),
                host: None,
                replacing: None,
            },
        ),
        (
            d.who,
            Choice::Deploy {
                card: Inst(0),
                host: Some(Inst(1)),
                replacing: None,
            },
        ),
        (
            d.who,
            Choice::Conscript {
                card: Inst(20),
                host: None,
            },
        ),
        (
            d.who,
            Choice::Reassign {
                unit: Inst(3),
                host: Some(Inst(0)),
            },
        ),
        (
            d.who,
            Choice::DeclareEngagement {
                defender: d.who,
                fleet: vec![],
            },
        ),
        (d.who, Choice::Mulligan),
        (d.who, Choice::Discard(Inst(40))),
        (d.who, Choice::RegimentPick(Inst(7))),
        (PlayerId(200), Choice::Pass),
    ]
}

fn snapshot(g: &Game) -> String {
    format!(
        "{:?}|{}|{:?}|{:?}",
        g.commanders(),
        g.log_json(),
        g.instances(),
        g.decision()
    )
}

fn run(seed: u64, commanders: usize, check_probes: bool) {
    let mut g = common::new_game(seed, commanders, 12);
    let mut players: Vec<RandomPlayer> = (0..commanders)
        .map(|k| RandomPlayer::new(seed * 31 + k as u64))
        .collect();
    let mut steps = 0;
    while let Some(d) = g.decision() {
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: game did not end");
        if check_probes {
            for (who, c) in probes(&g) {
                let before = snapshot(&g);
                if g.clone().apply(who, c.clone()).is_err() {
                    let r = g.apply(who, c.clone());
                    assert!(r.is_err(), "seed {seed}: {c:?} flip-flopped");
                    assert_eq!(
                        before,
                        snapshot(&g),
                        "seed {seed}: refused {c:?} changed the state"
                    );
                }
            }
        }
        let legal = g.legal_choices();
        assert!(!legal.is_empty(), "seed {seed}: no legal choice for {d:?}");
        let c = players[d.who.0 as usize].choose(&g).expect("a choice");
        if let Err(e) = g.apply(d.who, c.clone()) {
            panic!("seed {seed}: listed choice {c:?} refused: {e}");
        }
        let v = violations(&g);
        assert!(v.is_empty(), "seed {seed} after {c:?}: {v:?}");
    }
    assert!(g.outcome().is_some());
    // Replay from the seed: same log, byte for byte.
    let mut replay = common::new_game(seed, commanders, 12);
    for (who, c) in g.history().to_vec() {
        replay.apply(who, c).expect("replayed choice accepted");
    }
    assert_eq!(
        replay.log_json(),
        g.log_json(),
        "seed {seed}: replay diverged"
    );
}

#[test]
fn thousands_of_random_two_commander_games() {
    for seed in 0..1000 {
        run(seed, 2, seed % 25 == 0);
    }
}

#[test]
fn random_multi_commander_games() {
    for seed in 0..100 {
        run(10_000 + seed, 3 + (seed as usize % 3), seed % 15 == 0);
    }
}
