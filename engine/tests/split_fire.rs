//! Split fire through `legal_choices` (§6.2): every split `apply` accepts is reachable from the
//! listed choices, with at most k·n of them listed for one unit, and a split assigned one
//! target at a time rolls exactly as the same split chosen whole.

mod common;

use std::collections::BTreeSet;

use engine::board::StartAt;
use engine::choice::DecisionKind;
use engine::event::Event;
use engine::ids::Inst;
use engine::ir::CardId;
use engine::players::{play_out, Player, RandomPlayer};
use engine::state::Zone;
use engine::{Choice, Config, Game, PlayerId};

const A: PlayerId = PlayerId(0);
const B: PlayerId = PlayerId(1);

/// Ada's Griffin (5 volley dice) on her volley turn against Bob's three ships; Bob's Station
/// is off limits in round 1 (§6.5.3).
fn volley_turn() -> (Game, Inst, Vec<Inst>) {
    let mut g = Game::empty(
        common::catalog(),
        vec!["Ada".into(), "Bob".into()],
        Config {
            seed: 7,
            max_turns: 10,
        },
    )
    .unwrap();
    g.place(A, CardId(0), Zone::Battlefield).unwrap();
    let griffin = g.place(A, CardId(9), Zone::Battlefield).unwrap();
    g.place(B, CardId(0), Zone::Battlefield).unwrap();
    let targets: Vec<Inst> = [8, 7, 11]
        .into_iter()
        .map(|id| g.place(B, CardId(id), Zone::Battlefield).unwrap())
        .collect();
    g.start_at(A, 2, StartAt::Engagement);
    g.apply(
        A,
        Choice::DeclareEngagement {
            defender: B,
            fleet: vec![griffin].into(),
        },
    )
    .unwrap();
    // STEP 1 asks nobody: neither commander holds a card to deploy (I-60).
    assert!(matches!(
        g.decision().map(|d| d.kind),
        Some(DecisionKind::Combat(_))
    ));
    (g, griffin, targets)
}

fn fired(events: &[Event]) -> Option<BTreeSet<(Inst, u8)>> {
    events.iter().find_map(|e| match e {
        Event::VolleyFired { fire, .. } => Some(fire.iter().map(|(t, n)| (t.inst, *n)).collect()),
        _ => None,
    })
}

/// Every split reachable by following listed choices for `unit` from `g`.
fn reachable(g: &Game, unit: Inst, out: &mut BTreeSet<BTreeSet<(Inst, u8)>>) {
    for c in g.legal_choices() {
        let mine = match &c {
            Choice::Volley { unit: u, .. } | Choice::AssignDice { unit: u, .. } => *u == unit,
            _ => false,
        };
        if !mine {
            continue;
        }
        let mut next = g.clone();
        let ev = next
            .apply(A, c.clone())
            .expect("a listed choice is accepted");
        match fired(&ev) {
            Some(split) => {
                out.insert(split);
            }
            None => {
                assert!(matches!(
                    next.decision().map(|d| d.kind),
                    Some(DecisionKind::AssignDice { unit: u, .. }) if u == unit
                ));
                reachable(&next, unit, out);
            }
        }
    }
}

#[test]
fn every_split_is_reachable_from_the_listed_choices() {
    let (g, griffin, targets) = volley_turn();
    let listed = g
        .legal_choices()
        .into_iter()
        .filter(|c| {
            matches!(c, Choice::Volley { unit, .. } | Choice::AssignDice { unit, .. } if *unit == griffin)
        })
        .count();
    // k·n: three targets, five dice.
    assert_eq!(listed, 3 * 5);
    let mut got = BTreeSet::new();
    reachable(&g, griffin, &mut got);
    // Every split `apply` accepts in one choice: five dice over three targets.
    let mut accepted = BTreeSet::new();
    for a in 0..=5u8 {
        for b in 0..=5 - a {
            let c = 5 - a - b;
            let fire: Vec<(Inst, u8)> = targets
                .iter()
                .copied()
                .zip([a, b, c])
                .filter(|&(_, n)| n > 0)
                .collect();
            let choice = Choice::Volley {
                unit: griffin,
                fire: fire.clone().into(),
            };
            g.check(A, choice).expect("a full split is accepted");
            accepted.insert(fire.into_iter().collect::<BTreeSet<_>>());
        }
    }
    assert_eq!(accepted.len(), 21);
    assert_eq!(got, accepted);
}

#[test]
fn a_stepwise_split_rolls_as_the_whole_split() {
    let (g, griffin, t) = volley_turn();
    let mut whole = g.clone();
    whole
        .apply(
            A,
            Choice::Volley {
                unit: griffin,
                fire: vec![(t[0], 3), (t[1], 1), (t[2], 1)].into(),
            },
        )
        .unwrap();
    let mut steps = g.clone();
    for (target, dice) in [(t[0], 3), (t[1], 1), (t[2], 1)] {
        steps
            .apply(
                A,
                Choice::AssignDice {
                    unit: griffin,
                    target,
                    dice,
                },
            )
            .unwrap();
    }
    let strip = |g: &Game| -> Vec<Event> {
        g.log()
            .iter()
            .filter(|e| !matches!(e, Event::DiceAssigned { .. }))
            .cloned()
            .collect()
    };
    assert_eq!(strip(&whole), strip(&steps));
    assert_eq!(
        format!("{:?}", whole.instances()),
        format!("{:?}", steps.instances())
    );
    assert_eq!(
        format!("{:?}", whole.commanders()),
        format!("{:?}", steps.commanders())
    );
    assert_eq!(whole.decision(), steps.decision());
    // The seeded dice were used alike: the same players from here play the same game.
    for g in [&mut whole, &mut steps] {
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(RandomPlayer::new(3)),
            Box::new(RandomPlayer::new(4)),
        ];
        play_out(g, &mut players, 300);
    }
    assert!(strip(&whole).len() > strip(&g).len() + 10);
    assert_eq!(strip(&whole), strip(&steps));
}

#[test]
fn a_committed_split_refuses_everything_else_and_changes_nothing() {
    let (mut g, griffin, t) = volley_turn();
    g.apply(
        A,
        Choice::AssignDice {
            unit: griffin,
            target: t[0],
            dice: 2,
        },
    )
    .unwrap();
    let before = format!("{:?}{:?}{}", g.instances(), g.decision(), g.log_json());
    for bad in [
        Choice::EndStep,
        Choice::Volley {
            unit: griffin,
            fire: vec![(t[1], 5)].into(),
        },
        Choice::AssignDice {
            unit: griffin,
            target: t[1],
            dice: 4,
        },
        Choice::AssignDice {
            unit: griffin,
            target: t[0],
            dice: 1,
        },
    ] {
        let e = g.apply(A, bad.clone()).expect_err("refused");
        assert!(!e.to_string().is_empty());
        assert_eq!(
            before,
            format!("{:?}{:?}{}", g.instances(), g.decision(), g.log_json()),
            "{bad:?} changed the state"
        );
    }
    // Listed: the two other targets, 1..=3 dice at each.
    assert_eq!(g.legal_choices().len(), 6);
}
