//! The optional re-roll (issue #40, part 3.8; I-91) as the players meet it: the decision is
//! listed whole (the completeness generator finds no choice the rules accept that is not
//! listed), and the heuristic re-rolls a miss, keeps two hits, and chases a natural 10 only
//! where Annihilate makes it pay.

use engine::choice::Choice;
use engine::sweep::PlayerKind;
use engine::{ruling, DecisionKind, Game};

/// Ada's `ship` (in the ruling pool) fires at Bob's `target` with the forced `dice`, after
/// the `before` lines; the game stands at the volley's dice shown.
fn shown(ship: &str, target: &str, dice: &str, hand: &str, before: &[&str]) -> Game {
    let text = format!(
        "title: a volley shown\nseed: 3\nphase: engagement\nactive: Ada\nturn: 2\ndice: {dice}\n\n\
         commander Ada\n  hand: {hand}\n  in play:\n    Test Station\n    {ship} @ship\n\n\
         commander Bob\n  in play:\n    Test Station\n    {target} @target\n"
    );
    let r = ruling::parse(&text).expect("the board parses");
    let mut s = ruling::Session::start(&r, tests::ruling_pool()).expect("the board builds");
    let mut lines = vec!["Ada: engage Bob with @ship"];
    lines.extend_from_slice(before);
    lines.push("Ada: fire @ship at @target");
    for (k, line) in lines.iter().enumerate() {
        s.play(line, k + 1).expect("the script line is a choice");
    }
    let g = s.game().clone();
    let d = g.decision().expect("a decision");
    assert!(
        matches!(d.kind, DecisionKind::Reroll { left: 1, .. }),
        "the dice are shown: {:?}",
        d.kind
    );
    g
}

fn target(g: &Game) -> engine::Inst {
    let listed = g.legal_choices();
    match listed.first() {
        Some(Choice::Reroll { target, .. }) => *target,
        other => panic!("a re-roll is listed first: {other:?}"),
    }
}

#[test]
fn every_die_and_keeping_them_are_listed_and_nothing_else_is_accepted() {
    let g = shown(
        "Gunnery Officer Frigate",
        "Seagull-class Cruiser",
        "3 8 9",
        "-",
        &[],
    );
    let t = target(&g);
    let mut listed = g.legal_choices();
    listed.retain(|c| *c != Choice::Scoop);
    assert_eq!(
        listed,
        [
            Choice::Reroll { target: t, die: 1 },
            Choice::Reroll { target: t, die: 2 },
            Choice::KeepDice,
        ]
    );
    assert_eq!(engine::completeness::missing(&g), Vec::<Choice>::new());
}

#[test]
fn the_heuristic_rerolls_a_miss_and_keeps_two_hits() {
    let miss = shown(
        "Gunnery Officer Frigate",
        "Seagull-class Cruiser",
        "3 8 9",
        "-",
        &[],
    );
    let hits = shown(
        "Gunnery Officer Frigate",
        "Seagull-class Cruiser",
        "8 9",
        "-",
        &[],
    );
    let t = target(&miss);
    for seed in [1, 2, 3] {
        let mut p = PlayerKind::Heuristic.player(seed, 0);
        assert_eq!(p.choose(&miss), Some(Choice::Reroll { target: t, die: 1 }));
        let mut p = PlayerKind::Heuristic.player(seed, 0);
        assert_eq!(p.choose(&hits), Some(Choice::KeepDice));
    }
}

#[test]
fn the_heuristic_chases_a_natural_10_only_where_annihilate_makes_it_pay() {
    // +3 to every roll (Focus Fire): only a natural 1 misses the Transport (defense 4), and
    // beside the natural 10 already rolled a second destroys it (§3.4.2).
    let focus = ["Ada: deploy Focus Fire", "Ada: target @ship"];
    let pays = shown(
        "Doomsayer-class Battleship",
        "Albatross-class Transport",
        "10 5",
        "Focus Fire",
        &focus,
    );
    // The same dice from a ship without Annihilate: a hit is kept.
    let not = shown(
        "Gunnery Officer Frigate",
        "Albatross-class Transport",
        "10 5",
        "Focus Fire",
        &focus,
    );
    let t = target(&pays);
    for seed in [1, 2, 3] {
        let mut p = PlayerKind::Heuristic.player(seed, 0);
        assert_eq!(p.choose(&pays), Some(Choice::Reroll { target: t, die: 2 }));
        let mut p = PlayerKind::Heuristic.player(seed, 0);
        assert_eq!(p.choose(&not), Some(Choice::KeepDice));
    }
}

#[test]
fn the_random_and_search_players_answer_the_shown_dice_with_a_listed_choice() {
    let g = shown(
        "Gunnery Officer Frigate",
        "Seagull-class Cruiser",
        "3 8 9",
        "-",
        &[],
    );
    let listed = g.legal_choices();
    for kind in [PlayerKind::Random, PlayerKind::Search { budget: 20 }] {
        let mut p = kind.player(5, 0);
        let c = p.choose(&g).expect("a choice");
        assert!(listed.contains(&c), "{c:?} is listed");
    }
}

#[test]
fn a_volley_whose_every_die_was_rolled_again_already_asks_nothing() {
    // One die: 3 misses and the Frigate's own text rolls it again (I-71): 4, a miss. A die is
    // re-rolled at most once, so nothing is left to choose and the volley counts at once.
    let text = "title: one die\nseed: 3\nphase: engagement\nactive: Ada\nturn: 2\ndice: 3 4\n\n\
         commander Ada\n  in play:\n    Test Station\n    Careful Gunner Frigate @ship\n\n\
         commander Bob\n  in play:\n    Test Station\n    Seagull-class Cruiser @target\n";
    let r = ruling::parse(text).expect("the board parses");
    let mut s = ruling::Session::start(&r, tests::ruling_pool()).expect("the board builds");
    for (k, line) in ["Ada: engage Bob with @ship", "Ada: fire @ship at @target"]
        .iter()
        .enumerate()
    {
        s.play(line, k + 1).expect("the script line is a choice");
    }
    let d = s.game().decision().expect("a decision");
    assert!(
        !matches!(d.kind, DecisionKind::Reroll { .. }),
        "no die is left to re-roll: {:?}",
        d.kind
    );
}
