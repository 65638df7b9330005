//! Rules that the bundled-card rulings cannot reach, on hand-made cards.

mod common;

use engine::board::StartAt;
use engine::event::{CapacityOutcome, Event};
use engine::ir::CardId;
use engine::state::Zone;
use engine::{Choice, Config, Game, PlayerId};

const A: PlayerId = PlayerId(0);

fn board() -> Game {
    let mut g = Game::empty(
        common::catalog(),
        vec!["Ada".into(), "Bob".into()],
        Config {
            seed: 1,
            max_turns: 10,
        },
    )
    .unwrap();
    g.set_stockpile(A, 20, 20);
    g
}

/// §9.4 directly: a host over capacity after losing a capacity Module.
#[test]
fn lost_capacity_outcomes() {
    let mut g = board();
    let station = g.place(A, CardId(0), Zone::Battlefield).unwrap();
    let hangar = g.place(A, CardId(4), Zone::Attached(station)).unwrap();
    for _ in 0..3 {
        g.place(A, CardId(13), Zone::Attached(station)).unwrap();
        g.place(A, CardId(10), Zone::Attached(station)).unwrap();
    }
    let refinery = g.place(A, CardId(1), Zone::Hand).unwrap();
    g.place(PlayerId(1), CardId(0), Zone::Battlefield).unwrap();
    g.start_at(A, 2, StartAt::Manufacturing);
    let ev = g
        .apply(
            A,
            Choice::Deploy {
                card: refinery,
                host: Some(station),
                replacing: Some(hangar),
            },
        )
        .unwrap();
    let lost: Vec<CapacityOutcome> = ev
        .iter()
        .filter_map(|e| match e {
            Event::CapacityLost { outcome, .. } => Some(*outcome),
            _ => None,
        })
        .collect();
    assert_eq!(
        lost,
        vec![CapacityOutcome::ToOpenSpace, CapacityOutcome::Scrapped]
    );
    assert!(engine::invariants::violations(&g).is_empty());
    assert_eq!(
        g.commander(A).unwrap().battlefield.len(),
        2,
        "station + launched wing"
    );
}

/// §7.2 in Setup: a commander who scoops mid-Setup is skipped; the last one standing wins.
#[test]
fn scoop_in_setup_ends_two_commander_game() {
    let mut g = common::new_game(5, 2, 10);
    let d = g.decision().unwrap();
    g.apply(PlayerId(1), Choice::Scoop).unwrap();
    assert_eq!(g.outcome(), Some(&engine::Outcome::Winner(d.who)));
    assert!(g.decision().is_none());
    assert!(g.apply(d.who, Choice::EndTurn).is_err());
}

/// A game ends at the turn limit, reported as such.
#[test]
fn turn_limit_reported() {
    /// Never attacks: ends every step as soon as it may.
    struct Passive;
    impl engine::players::Player for Passive {
        fn choose(&mut self, game: &Game) -> Option<Choice> {
            let legal = game.legal_choices();
            let quiet = [
                Choice::DeclineEngagement,
                Choice::EndPhase,
                Choice::EndTurn,
                Choice::Pass,
                Choice::KeepHand,
            ];
            legal
                .iter()
                .find(|c| quiet.contains(c))
                .or(legal.first())
                .cloned()
        }
    }
    let mut g = common::new_game(9, 2, 4);
    let mut players: Vec<Box<dyn engine::players::Player>> =
        vec![Box::new(Passive), Box::new(Passive)];
    engine::players::play_out(&mut g, &mut players, 10_000);
    assert_eq!(g.outcome(), Some(&engine::Outcome::TurnLimit { turns: 4 }));
    assert_eq!(g.turn(), 4);
}

/// Determinism check: the same seed and choices replay to the same log; another seed does not
/// (its shuffles and dice differ, so the log, or a choice, cannot match).
#[test]
fn replay_matches_only_the_same_seed() {
    use engine::players::{Player, RandomPlayer};
    let mut g = common::new_game(7, 2, 6);
    let mut players = [RandomPlayer::new(1), RandomPlayer::new(2)];
    while let Some(d) = g.decision() {
        let c = players[d.who.0 as usize]
            .choose(&g)
            .expect("a legal choice");
        g.apply(d.who, c).expect("listed choices are accepted");
    }
    assert!(g.history().len() > 10);
    assert_eq!(
        engine::invariants::replay_matches(&g, common::new_game(7, 2, 6)),
        Ok(())
    );
    assert!(engine::invariants::replay_matches(&g, common::new_game(8, 2, 6)).is_err());
}
