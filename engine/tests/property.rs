//! Property test: seeded random games played with engagements to a victory (or the turn
//! limit). After every applied choice (`engine::invariants`): every card in exactly one zone,
//! Stockpiles in 0..=20 (§9.27), no unit in play with wounds reaching its printed wounds
//! (§9.38), every hijacked ship garrisoned (§6.9.7), nothing in play for a commander out of
//! the game (§6.3, §7.2); liveness: each commander turn within `sweep::MAX_CHOICES_PER_TURN`
//! choices and no position repeated with nothing happening (`engine::liveness`); an illegal choice leaves the state unchanged; and replaying the
//! choices from the seed reproduces the log byte for byte. Most games must end in a victory.

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
                fleet: Default::default(),
            },
        ),
        (d.who, Choice::Mulligan),
        (d.who, Choice::Discard(Inst(40))),
        (d.who, Choice::RegimentPick(Inst(7))),
        (PlayerId(200), Choice::Pass),
        // Answers to card effects (§8.5): usually not the question, or not a legal target.
        (d.who, Choice::EffectTarget(Inst(9999))),
        (d.who, Choice::EffectTarget(Inst(0))),
        (
            d.who,
            Choice::EffectDeploy {
                card: Inst(12),
                host: Some(Inst(1)),
                replacing: None,
            },
        ),
        (other, Choice::EffectYes),
        (d.who, Choice::EffectNo),
        // Split fire (§6.2) and Spoils-of-War Marines (§7.1.3.3): usually not now, or illegal.
        (
            d.who,
            Choice::AssignDice {
                unit: Inst(5),
                target: Inst(30),
                dice: 40,
            },
        ),
        (
            d.who,
            Choice::AssignDice {
                unit: Inst(5),
                target: Inst(30),
                dice: 1,
            },
        ),
        (
            d.who,
            Choice::SpoilsMarine {
                marine: Inst(3),
                host: None,
            },
        ),
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

/// Commander turns before a random game stops.
const TURNS: u32 = 60;

/// What one game reached.
#[derive(Default)]
struct Seen {
    won: bool,
    /// Split fire assigned one target at a time (§6.2).
    assigned: usize,
    /// Spoils-of-War Marines moved or discarded by their commander (§7.1.3.3).
    relocated: usize,
}

/// Plays one game.
fn run(seed: u64, commanders: usize, check_probes: bool) -> Seen {
    let mut g = common::new_game(seed, commanders, TURNS);
    let mut players: Vec<RandomPlayer> = (0..commanders)
        .map(|k| RandomPlayer::new(seed * 31 + k as u64))
        .collect();
    let mut steps = 0;
    // Liveness (issue #16): every game ends or reaches the turn cap, each commander turn within
    // a bounded number of choices, and no position comes back again and again with nothing
    // happening (`engine::liveness`).
    let mut guard = engine::liveness::LoopGuard::new(&g);
    let (mut turn, mut this_turn) = (g.turn(), 0usize);
    while let Some(d) = g.decision() {
        steps += 1;
        assert!(steps < 200_000, "seed {seed}: game did not end");
        if g.turn() != turn {
            (turn, this_turn) = (g.turn(), 0);
        }
        this_turn += 1;
        assert!(
            this_turn <= engine::sweep::MAX_CHOICES_PER_TURN,
            "seed {seed}: turn {turn} took more than {} choices",
            engine::sweep::MAX_CHOICES_PER_TURN
        );
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
        if let Some(why) = guard.after_choice(&g) {
            panic!("seed {seed}: {why}");
        }
    }

    assert!(g.outcome().is_some());
    // Replay from the seed: same log, byte for byte.
    if let Err(e) =
        engine::invariants::replay_matches(&g, common::new_game(seed, commanders, TURNS))
    {
        panic!("seed {seed}: {e}");
    }
    let count = |f: fn(&Choice) -> bool| g.history().iter().filter(|(_, c)| f(c)).count();
    Seen {
        won: matches!(g.outcome(), Some(engine::Outcome::Winner(_))),
        assigned: count(|c| matches!(c, Choice::AssignDice { .. })),
        relocated: count(|c| matches!(c, Choice::SpoilsMarine { .. })),
    }
}

#[test]
fn thousands_of_random_two_commander_games() {
    // With the multi-commander games below: over two thousand seeded games per run.
    let n = 1800;
    let seen: Vec<Seen> = (0..n).map(|seed| run(seed, 2, seed % 100 == 0)).collect();
    let wins = seen.iter().filter(|s| s.won).count();
    assert!(
        wins * 2 > n as usize,
        "only {wins} of {n} games reached a victory"
    );
    // The random players reach stepwise split fire (§6.2) and finish it.
    assert!(seen.iter().map(|s| s.assigned).sum::<usize>() > 0);
}

#[test]
fn random_multi_commander_games() {
    let n = 300;
    let seen: Vec<Seen> = (0..n)
        .map(|seed| run(10_000 + seed, 3 + (seed as usize % 3), seed % 50 == 0))
        .collect();
    let wins = seen.iter().filter(|s| s.won).count();
    assert!(wins > 0, "no multi-commander game reached a victory");
    // Some eliminations left hijacked ships with Marines to move (§7.1.3.3).
    let relocated: usize = seen.iter().map(|s| s.relocated).sum();
    eprintln!(
        "multi-commander: {wins} of {n} won, {relocated} Spoils-of-War Marines moved, {} dice assignments",
        seen.iter().map(|s| s.assigned).sum::<usize>()
    );
    assert!(relocated > 0, "no game moved Spoils-of-War Marines");
}
