//! Card effects through the library API, on the ruling pool: what `legal_choices` offers while
//! an effect waits, and that a refused answer changes nothing (§8.3, §8.5, §9.1; I-46, I-48).

use std::path::Path;
use std::sync::Arc;

use engine::board::StartAt;
use engine::state::pending::Ask;
use engine::state::Zone;
use engine::{CardDb, Choice, Config, DecisionKind, Game, PlayerId};

const ADA: PlayerId = PlayerId(0);
const BOB: PlayerId = PlayerId(1);

fn pool() -> Arc<CardDb> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings/pool");
    let files = cardlang::source::read_pool(&dir).expect("ruling pool readable");
    let compiled = cardlang::compile(&files);
    Arc::new(CardDb::new(compiled.cards).expect("the ruling pool compiles"))
}

fn game() -> Game {
    let mut g = Game::empty(
        pool(),
        vec!["Ada".into(), "Bob".into()],
        Config {
            seed: 9,
            max_turns: 10,
        },
    )
    .expect("two commanders");
    g.set_stockpile(ADA, 10, 10);
    g
}

fn put(g: &mut Game, who: PlayerId, name: &str, zone: Zone) -> engine::Inst {
    let id = g.catalog().id_of(name).expect("card in the ruling pool");
    g.place(who, id, zone).expect("placed")
}

fn zone(g: &Game, i: engine::Inst) -> Option<Zone> {
    g.instance(i).map(|x| x.zone)
}

/// A search that deploys lists one answer per legal place, never a full Station, and a bare
/// card is refused (state unchanged) while two places are legal (§8.3, I-48).
#[test]
fn search_and_deploy_offers_every_place() {
    let mut g = game();
    let home = put(&mut g, ADA, "Test Station", Zone::Battlefield);
    put(&mut g, ADA, "Military Police Company", Zone::Attached(home));
    put(&mut g, ADA, "Military Police Company", Zone::Attached(home));
    let merlin = put(&mut g, ADA, "Merlin-class Frigate", Zone::Battlefield);
    let griffin = put(&mut g, ADA, "Griffin-class Battleship", Zone::Battlefield);
    let mp = put(&mut g, ADA, "Military Police Company", Zone::Shipyard);
    let surge = put(&mut g, ADA, "Volunteer Surge", Zone::Hand);
    put(&mut g, BOB, "Test Station", Zone::Battlefield);
    g.start_at(ADA, 2, StartAt::Manufacturing);
    g.apply(
        ADA,
        Choice::Deploy {
            card: surge,
            host: None,
            replacing: None,
        },
    )
    .expect("Volunteer Surge is deployed");
    assert!(matches!(
        g.decision().map(|d| d.kind),
        Some(DecisionKind::Effect {
            ask: Ask::Search { .. },
            ..
        })
    ));
    let mut hosts: Vec<_> = g
        .legal_choices()
        .into_iter()
        .filter_map(|c| match c {
            Choice::EffectDeploy { card, host, .. } if card == mp => host,
            _ => None,
        })
        .collect();
    hosts.sort();
    assert_eq!(hosts, vec![merlin, griffin]);
    let before = g.clone();
    let refused = g.apply(ADA, Choice::EffectTarget(mp));
    assert!(
        refused.is_err(),
        "two places are legal: the answer must say which"
    );
    assert_eq!(g.log().len(), before.log().len());
    assert_eq!(zone(&g, mp), Some(Zone::Shipyard));
    g.apply(
        ADA,
        Choice::EffectDeploy {
            card: mp,
            host: Some(griffin),
            replacing: None,
        },
    )
    .expect("the Griffin has room");
    assert_eq!(zone(&g, mp), Some(Zone::Attached(griffin)));
    assert_eq!(zone(&g, surge), Some(Zone::Scrapheap));
}

/// An Event that attaches itself stays attached under its deployer's command, its static
/// reaches its host, and it leaves play with the host (§2.6, §9.1, I-46).
#[test]
fn attached_event_follows_its_host() {
    let mut g = game();
    put(&mut g, ADA, "Test Station", Zone::Battlefield);
    let beacon = put(&mut g, ADA, "Targeting Beacon", Zone::Hand);
    let demolition = put(&mut g, ADA, "Demolition", Zone::Hand);
    put(&mut g, BOB, "Test Station", Zone::Battlefield);
    let frigate = put(&mut g, BOB, "Lifeboat Frigate", Zone::Battlefield);
    let merlin = put(&mut g, BOB, "Merlin-class Frigate", Zone::Battlefield);
    g.start_at(ADA, 2, StartAt::Manufacturing);
    let deploy = |card| Choice::Deploy {
        card,
        host: None,
        replacing: None,
    };
    g.apply(ADA, deploy(beacon)).expect("deployed");
    g.apply(ADA, Choice::EffectTarget(merlin))
        .expect("a legal target");
    assert_eq!(zone(&g, beacon), Some(Zone::Attached(merlin)));
    assert_eq!(g.instance(beacon).map(|x| x.controller), Some(ADA));
    assert_eq!(engine::rules::stats::defense(&g, merlin, None), 4);
    assert_eq!(engine::rules::stats::defense(&g, frigate, None), 5);
    g.apply(ADA, deploy(demolition)).expect("deployed");
    g.apply(ADA, Choice::EffectTarget(merlin))
        .expect("a legal target");
    assert_eq!(zone(&g, merlin), Some(Zone::Scrapheap));
    assert_eq!(zone(&g, beacon), Some(Zone::Scrapheap));
    assert!(g
        .commander(ADA)
        .is_some_and(|c| c.scrapheap.contains(&beacon)));
}
