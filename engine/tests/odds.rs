//! `engine::odds` against a Monte Carlo of the engine's own volley code (issue #16 item 8): a
//! gunship fires at a target ship in STEP 3 of a real engagement, thousands of times from the
//! same position with dice drawn from a seeded `engine::rng::Dice` stream and forced into the
//! game, so every die goes through `rules::volley` (natural 1 and 10 §8.2, Alpha Strike §3.4.1,
//! Annihilate §3.4.2, Stealth §3.4.9, Resistant §3.4.8). Each exact probability must lie in the
//! Wilson interval (z = 4.5) of the observed frequency: the runs are deterministic, so this
//! is a fixed check, not a flaky one, and a model off by a face (0.1 per die) fails it.

use std::sync::Arc;

use engine::choice::{Choice, DecisionKind};
use engine::ids::PlayerId;
use engine::ir::*;
use engine::odds::{odds, Volley};
use engine::rng::Dice;
use engine::state::engagement::CombatStep;
use engine::state::Zone;
use engine::{board::StartAt, CardDb, Config, Event, Game};

fn card(id: u32, name: &str, kind: CardKind, a: u8, d: u8, w: u8, traits: Vec<Trait>) -> Card {
    let mut c = Card::blank(CardId(id), name, kind);
    c.attack = Some(a);
    c.defense = Some(d);
    c.wounds = Some(w);
    c.traits = traits;
    c
}

/// A position at Ada's volley turn (STEP 3): her gunship against Bob's target ship.
fn position(v: &Volley) -> Game {
    let mut gun_abilities = Vec::new();
    if v.bonus != 0 {
        // Card text (issue 17): `static: this gets +N to volley rolls`.
        use engine::ir::effect::{Ability, CardModifier, Group, Static};
        gun_abilities.push(Ability::Static(Static::Cards {
            group: Group::This,
            modifier: CardModifier::RollBonus(v.bonus),
            condition: None,
        }));
    }
    let mut gun_traits = Vec::new();
    if v.annihilate {
        gun_traits.push(Trait::Annihilate);
    }
    if v.alpha_strike {
        gun_traits.push(Trait::AlphaStrike);
    }
    let mut target_traits = Vec::new();
    if v.stealth {
        target_traits.push(Trait::Stealth);
    }
    if v.resistant {
        target_traits.push(Trait::Resistant);
    }
    let wounds = v.wounds.expect("the test gives wounds");
    let mut station = card(0, "Quiet Station", CardKind::Station, 0, 7, 10, vec![]);
    station.faction = Some(Faction::Rdf);
    let mut gunship = card(
        1,
        "Gunship",
        CardKind::Ship(ShipClass::Battleship),
        v.dice,
        5,
        5,
        gun_traits,
    );
    gunship.abilities = gun_abilities;
    let pool = vec![
        station,
        gunship,
        card(
            2,
            "Target Ship",
            CardKind::Ship(ShipClass::Battleship),
            0,
            v.target_defense,
            wounds,
            target_traits,
        ),
    ];
    let db = Arc::new(CardDb::new(pool).expect("a valid test pool"));
    let mut g = Game::empty(
        db,
        vec!["Ada".into(), "Bob".into()],
        Config {
            seed: 1,
            max_turns: 10,
        },
    )
    .expect("two commanders");
    let (ada, bob) = (PlayerId(0), PlayerId(1));
    g.place(ada, CardId(0), Zone::Battlefield).unwrap();
    let gun = g.place(ada, CardId(1), Zone::Battlefield).unwrap();
    g.place(bob, CardId(0), Zone::Battlefield).unwrap();
    g.place(bob, CardId(2), Zone::Battlefield).unwrap();
    g.start_at(ada, 2, StartAt::Engagement);
    g.apply(
        ada,
        Choice::DeclareEngagement {
            defender: bob,
            fleet: vec![gun].into(),
        },
    )
    .expect("the engagement is declared");
    // STEP 1 (start-of-engagement cards) and any response window: everyone passes, up to
    // Ada's volley turn (STEP 3).
    for _ in 0..10 {
        let d = g.decision().expect("the engagement goes on");
        if matches!(d.kind, DecisionKind::Combat(CombatStep::Volley(_))) {
            return g;
        }
        g.apply(d.who, Choice::Pass).expect("pass");
    }
    panic!("Ada's volley turn never came")
}

/// Fire `trials` volleys from the position; counts of wounds dealt and of destructions.
fn monte_carlo(v: &Volley, trials: u32, seed: u64) -> (Vec<u32>, u32) {
    let start = position(v);
    let d = start.decision().expect("Ada's volley turn");
    let gun = start.in_play_of(PlayerId(0)).nth(1).unwrap();
    let target = start.in_play_of(PlayerId(1)).nth(1).unwrap();
    assert_eq!(start.name(target), "Target Ship");
    let mut dice = Dice::new(seed);
    let mut wounds = vec![0u32; usize::from(v.wounds.unwrap()) + 1];
    let mut destroyed = 0;
    for _ in 0..trials {
        let mut g = start.clone();
        g.force_dice((0..v.dice).map(|_| dice.d10())).unwrap();
        let before = g.log().len();
        g.apply(
            d.who,
            Choice::Volley {
                unit: gun,
                fire: vec![(target, v.dice)].into(),
            },
        )
        .expect("the volley is legal");
        let log = &g.log()[before..];
        let dealt = log
            .iter()
            .find_map(|e| match e {
                Event::VolleyRolled { wounds, .. } => Some(*wounds),
                _ => None,
            })
            .expect("the volley was rolled");
        wounds[usize::from(dealt)] += 1;
        if log
            .iter()
            .any(|e| matches!(e, Event::Destroyed { card, .. } if card.card == CardId(2)))
        {
            destroyed += 1;
        }
    }
    (wounds, destroyed)
}

/// Wilson score interval for `k` successes in `n` trials.
fn wilson(k: u32, n: u32, z: f64) -> (f64, f64) {
    let (k, n) = (f64::from(k), f64::from(n));
    let p = k / n;
    let den = 1.0 + z * z / n;
    let mid = (p + z * z / (2.0 * n)) / den;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / den;
    (mid - half, mid + half)
}

fn check(v: Volley, seed: u64) {
    let exact = odds(&v).expect("a valid setting");
    let n = 4000;
    let (wounds, destroyed) = monte_carlo(&v, n, seed);
    let z = 4.5;
    for (k, &seen) in wounds.iter().enumerate() {
        let p = exact.chance(exact.dealt[k]);
        let (lo, hi) = wilson(seen, n, z);
        assert!(
            (lo..=hi).contains(&p),
            "{v:?}: {k} wound(s): exact {p:.4}, engine {seen}/{n} ({lo:.4}..{hi:.4})"
        );
    }
    let p = exact.chance(exact.destroyed);
    let (lo, hi) = wilson(destroyed, n, z);
    assert!(
        (lo..=hi).contains(&p),
        "{v:?}: destroyed: exact {p:.4}, engine {destroyed}/{n} ({lo:.4}..{hi:.4})"
    );
}

fn volley(dice: u8, defense: u8, wounds: u8) -> Volley {
    Volley {
        dice,
        target_defense: defense,
        wounds: Some(wounds),
        annihilate: false,
        alpha_strike: false,
        stealth: false,
        painted: 0,
        resistant: false,
        bonus: 0,
    }
}

#[test]
fn plain_volleys_match_the_engine() {
    check(volley(6, 7, 3), 11);
    // Defense beyond 10: only natural 10s hit (§8.2).
    check(volley(5, 12, 2), 12);
}

#[test]
fn annihilate_matches_the_engine_and_resistant_turns_it_off() {
    let mut v = volley(4, 8, 9);
    v.annihilate = true;
    check(v, 13);
    v.resistant = true;
    v.wounds = Some(4);
    check(v, 14);
}

#[test]
fn alpha_strike_and_stealth_match_the_engine() {
    let mut v = volley(5, 4, 3);
    v.stealth = true;
    check(v, 15);
    v.alpha_strike = true;
    check(v, 16);
}

#[test]
fn a_model_off_by_one_face_is_caught() {
    // The check has teeth: odds for defense 6 do not pass for a target of defense 7.
    let exact = odds(&volley(6, 6, 3)).unwrap();
    let (wounds, _) = monte_carlo(&volley(6, 7, 3), 4000, 17);
    let off = wounds.iter().enumerate().any(|(k, &seen)| {
        let (lo, hi) = wilson(seen, 4000, 4.5);
        !(lo..=hi).contains(&exact.chance(exact.dealt[k]))
    });
    assert!(off, "the Monte Carlo tells defense 6 from defense 7");
}

#[test]
fn a_roll_bonus_matches_the_engine_both_ways() {
    let mut v = volley(5, 8, 4);
    v.bonus = 2;
    check(v, 21);
    // A penalty past the defense: only natural 10s hit (§8.2).
    let mut v = volley(6, 7, 3);
    v.bonus = -6;
    check(v, 22);
}
