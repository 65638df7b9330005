//! Computer players and liveness (issue #16): a driver never hangs on a game that loops
//! (`engine::liveness`), and the engine itself offers no loop in a boarding action (I-56, I-66);
//! the search player never reads what its commander cannot see and plays whole starter games
//! deterministically.

use std::sync::Arc;

use engine::choice::Choice;
use engine::players::{play_out_checked, HeuristicPlayer, Player, SearchPlayer, Stop};
use engine::sweep::PlayerKind;
use engine::{ruling, CardDb, Game};

/// A boarding action aboard Ada's Dragon, STEP 8 begun: Bob's Military Police board against
/// Ada's (both can fire).
const FIGHT: &str = "\
title: a boarding fight
seed: 3
phase: engagement
active: Bob
turn: 2

commander Ada
  in play:
    Test Station
    Dragon-class Battleship @dragon
      Military Police Company @mp

commander Bob
  in play:
    Test Station
    Griffin-class Battleship @griffin
      Military Police Company @boarder
";

const TO_STEP_8: [&str; 7] = [
    "Bob: engage Ada with @griffin",
    "Bob: pass",
    "Ada: pass",
    "Bob: done",
    "Bob: board @griffin at @dragon",
    "Bob: done",
    "Ada: done",
];

fn at_step_8(pool: Arc<CardDb>) -> Game {
    let r = ruling::parse(FIGHT).expect("the board parses");
    let mut s = ruling::Session::start(&r, pool).expect("the board builds");
    for (k, line) in TO_STEP_8.iter().enumerate() {
        s.play(line, k + 1).expect("the script line is a choice");
    }
    s.game().clone()
}

/// Always holds fire: "done" whenever it is offered.
struct HoldFire;

impl Player for HoldFire {
    fn choose(&mut self, game: &Game) -> Option<Choice> {
        let legal = game.legal_choices();
        legal
            .iter()
            .find(|c| **c == Choice::EndStep)
            .or(legal.first())
            .cloned()
    }
}

#[test]
fn players_who_always_hold_fire_in_a_boarding_action_are_reported_as_a_loop() {
    let mut g = at_step_8(tests::ruling_pool());
    let d = g.decision().expect("a decision in STEP 8");
    assert!(
        d.words(&g).contains("Marines' fire"),
        "the script reaches the fight: {}",
        d.words(&g)
    );
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(HoldFire), Box::new(HoldFire)];
    let (made, stop) = play_out_checked(&mut g, &mut players, 100_000);
    match stop {
        Stop::Loop(why) => {
            assert!(why.contains("Marines' fire"), "names the decision: {why}");
            assert!(
                made <= 2 * engine::liveness::MAX_REPEATS as usize + 40,
                "caught within a few cycles, not at the budget: {made} choices"
            );
        }
        other => panic!("expected a loop, got {other:?} after {made} choices"),
    }
}

#[test]
fn heuristic_players_fight_the_same_boarding_action_to_the_end() {
    let mut g = at_step_8(tests::ruling_pool());
    let mut players: Vec<Box<dyn Player>> = vec![
        Box::new(HeuristicPlayer::new(1)),
        Box::new(HeuristicPlayer::new(2)),
    ];
    let (made, stop) = play_out_checked(&mut g, &mut players, 20_000);
    assert!(
        matches!(stop, Stop::Over | Stop::Budget),
        "no loop: {stop:?} after {made} choices"
    );
    let fought = g.log().iter().any(|e| {
        matches!(
            e,
            engine::Event::BoardingWon { .. } | engine::Event::BoardingRepelled { .. }
        )
    });
    assert!(fought, "the fight was decided by fire");
}

#[test]
fn a_boarding_action_nobody_can_win_ends_for_any_players() {
    // The board of ruling combat-boarding-deadlock: two unarmed crews (I-66). Even players who
    // only ever say "done" get past STEP 8 (the engine offers no loop there).
    let text = FIGHT
        .replace("Military Police Company @mp", "Unarmed Deck Crew @mp")
        .replace(
            "Military Police Company @boarder",
            "Unarmed Deck Crew @boarder",
        );
    let r = ruling::parse(&text).expect("the board parses");
    let mut s = ruling::Session::start(&r, tests::ruling_pool()).expect("the board builds");
    for (k, line) in TO_STEP_8.iter().enumerate() {
        s.play(line, k + 1).expect("a choice");
    }
    let mut g = s.game().clone();
    let mut players: Vec<Box<dyn Player>> = vec![Box::new(HoldFire), Box::new(HoldFire)];
    let (_, stop) = play_out_checked(&mut g, &mut players, 200);
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, engine::Event::BoardingDeadlocked { .. })),
        "the fight ended with no winner ({stop:?})"
    );
}

/// Ada's engagement declaration with the fleet `ada` against Bob's Station (§5.5.1).
fn declaration(ada: &str, bob: &str) -> Choice {
    let text = format!(
        "title: declare?\nphase: engagement\nactive: Ada\nturn: 2\n\ncommander Ada\n  in play:\n    Test Station\n{ada}\ncommander Bob\n  in play:\n    Test Station\n{bob}"
    );
    let r = ruling::parse(&text).expect("the board parses");
    let s = ruling::Session::start(&r, tests::ruling_pool()).expect("the board builds");
    let mut p = HeuristicPlayer::new(7);
    p.choose(s.game()).expect("a choice")
}

#[test]
fn the_heuristic_player_does_not_throw_a_lone_frigate_at_a_station_that_would_destroy_it() {
    let c = declaration("    Merlin-class Frigate\n", "");
    assert_eq!(c, Choice::DeclineEngagement, "a lone Frigate stays home");
    // A fleet that out-shoots the Station attacks, with every ship.
    let c = declaration(
        "    Griffin-class Battleship\n    Dragon-class Battleship\n    Roc-class Battleship\n",
        "",
    );
    assert!(
        matches!(&c, Choice::DeclareEngagement { fleet, .. } if fleet.len() == 3),
        "the whole fleet attacks: {c:?}"
    );
}

#[test]
fn the_heuristic_player_sends_marines_at_a_station_no_marine_defends() {
    let c = declaration(
        "    Merlin-class Frigate\n      Military Police Company\n",
        "",
    );
    assert!(
        matches!(c, Choice::DeclareEngagement { .. }),
        "boarding an undefended Station wins the game (§6.1): {c:?}"
    );
    // With a Marine defending the Station, the lone Frigate stays home again.
    let c = declaration(
        "    Merlin-class Frigate\n      Military Police Company\n",
        "      Military Police Company\n",
    );
    assert_eq!(c, Choice::DeclineEngagement);
}

// ----- players that defend (issue #42) --------------------------------------------------------

/// Ada in her Manufacturing Phase (§5.4) with a Dragon that carries Marines; Bob's Griffin
/// carries a Military Police Company, so Bob could board Ada's Station next turn, and a
/// Station with no Marine aboard falls to the first boarder (§6.9.3). Bob's Station holds a
/// Marine too, so Ada cannot simply win by boarding it first. `ada_station` is what
/// Ada's Station holds, `hand` her hand.
fn threatened(ada_station: &str, hand: &str) -> Game {
    let text = format!(
        "title: a garrison\nseed: 5\nphase: manufacturing\nactive: Ada\nturn: 3\n\n\
         commander Ada\n  hand: {hand}\n  in play:\n    Test Station\n{ada_station}\
         \x20   Dragon-class Battleship\n\n\
         commander Bob\n  in play:\n    Test Station\n      Military Police Company\n\
         \x20   Griffin-class Battleship\n      Military Police Company\n"
    );
    let r = ruling::parse(&text).expect("the board parses");
    ruling::Session::start(&r, tests::ruling_pool())
        .expect("the board builds")
        .game()
        .clone()
}

/// Ada's Manufacturing Phase played by `player`, then the Marines aboard her Station.
fn garrison_after(mut g: Game, mut player: Box<dyn Player>) -> usize {
    let ada = engine::PlayerId(0);
    for _ in 0..20 {
        match g.decision() {
            Some(d) if d.who == ada && d.kind == engine::DecisionKind::Manufacturing => {
                let c = player.choose(&g).expect("a choice");
                g.play(ada, c).expect("a listed choice is accepted");
            }
            _ => break,
        }
    }
    let station = g.station(ada).expect("Ada's Station");
    g.instance(station)
        .expect("in play")
        .attachments
        .iter()
        .filter(|&&m| matches!(g.card(m).kind, engine::ir::CardKind::Marine { .. }))
        .count()
}

#[test]
fn the_heuristic_deploys_a_marine_onto_its_threatened_station() {
    let g = threatened("", "Military Police Company");
    assert_eq!(
        garrison_after(g.clone(), PlayerKind::Heuristic.player(1, 0)),
        1,
        "the Marine garrisons the Station"
    );
    // Issue #16's heuristic put it aboard the Dragon, to board with, and left the Station open.
    assert_eq!(garrison_after(g, PlayerKind::HeuristicV1.player(1, 0)), 0);
}

#[test]
fn the_heuristic_keeps_the_last_marine_on_its_threatened_station() {
    let g = threatened("      Military Police Company\n", "");
    assert_eq!(
        garrison_after(g.clone(), PlayerKind::Heuristic.player(1, 0)),
        1,
        "the garrison stays"
    );
    assert_eq!(
        garrison_after(g, PlayerKind::HeuristicV1.player(1, 0)),
        0,
        "issue #16's heuristic moved it aboard the Dragon"
    );
}

#[test]
fn the_search_player_keeps_its_station_garrisoned_against_boarders() {
    let g = threatened("      Military Police Company\n", "");
    for seed in [1, 2, 3] {
        assert_eq!(
            garrison_after(g.clone(), PlayerKind::Search { budget: 60 }.player(seed, 0)),
            1,
            "seed {seed}"
        );
    }
}

#[test]
fn the_heuristic_mulligans_a_hand_without_a_ship_once() {
    let board = |hand: &str| {
        let text = format!(
            "title: a mulligan\nseed: 5\nphase: mulligan\nactive: Ada\nturn: 0\n\n\
             commander Ada\n  hand: {hand}\n  shipyard: Merlin-class Frigate; \
             Merlin-class Frigate; Merlin-class Frigate; Merlin-class Frigate; \
             Merlin-class Frigate; Merlin-class Frigate\n  in play:\n    Test Station\n\n\
             commander Bob\n  in play:\n    Test Station\n"
        );
        let r = ruling::parse(&text).expect("the board parses");
        ruling::Session::start(&r, tests::ruling_pool())
            .expect("the board builds")
            .game()
            .clone()
    };
    let marines = "Military Police Company; Military Police Company; Military Police Company";
    let mut p = PlayerKind::Heuristic.player(1, 0);
    assert_eq!(p.choose(&board(marines)), Some(Choice::Mulligan));
    assert_eq!(
        p.choose(&board("Merlin-class Frigate; Military Police Company")),
        Some(Choice::KeepHand)
    );
    // Issue #16's heuristic kept any hand.
    let mut v1 = PlayerKind::HeuristicV1.player(1, 0);
    assert_eq!(v1.choose(&board(marines)), Some(Choice::KeepHand));
}

/// The stated mulligan rule since the third round of issue #42 (docs/players.md): a hand
/// with a ship and no Marine is kept (the first garrison Marine can be conscripted), and a
/// hand without a ship goes back once, not twice.
#[test]
fn the_heuristic_keeps_a_hand_with_a_ship_and_mulligans_only_once() {
    let board = |hand: &str, taken: u8| {
        let text = format!(
            "title: a mulligan\nseed: 5\nphase: mulligan\nactive: Ada\nturn: 0\n\n\
             commander Ada\n  mulligans: {taken}\n  hand: {hand}\n  shipyard: \
             Merlin-class Frigate; Merlin-class Frigate; Merlin-class Frigate; \
             Merlin-class Frigate; Merlin-class Frigate; Merlin-class Frigate\n  in play:\n\
             \x20   Test Station\n\n\
             commander Bob\n  in play:\n    Test Station\n"
        );
        let r = ruling::parse(&text).expect("the board parses");
        ruling::Session::start(&r, tests::ruling_pool())
            .expect("the board builds")
            .game()
            .clone()
    };
    let mut p = PlayerKind::Heuristic.player(1, 0);
    assert_eq!(
        p.choose(&board("Merlin-class Frigate; Merlin-class Frigate", 0)),
        Some(Choice::KeepHand),
        "a hand with a ship and no Marine is kept"
    );
    let marines = "Military Police Company; Military Police Company";
    assert_eq!(p.choose(&board(marines, 0)), Some(Choice::Mulligan));
    assert_eq!(
        p.choose(&board(marines, 1)),
        Some(Choice::KeepHand),
        "a second mulligan is not taken"
    );
}

/// Ada's Station holds one Military Police Company and Bob's Griffin carries two: the garrison
/// does not hold, but it is not empty. The heuristic does not conscript (§5.4.3: at double
/// cost) a Marine onto it — that took the Resources its fleet needed (docs/players.md) — while
/// it does conscript the first Marine of an empty garrison.
#[test]
fn the_heuristic_conscripts_only_the_first_marine_of_its_garrison() {
    let board = |garrison: &str| {
        let text = format!(
            "title: a conscription\nseed: 5\nphase: manufacturing\nactive: Ada\nturn: 3\n\n\
             commander Ada\n  stockpile: 20R 20C\n  hand: -\n  shipyard: \
             Military Police Company; Military Police Company\n  in play:\n\
             \x20   Test Station\n{garrison}\x20   Dragon-class Battleship\n\n\
             commander Bob\n  in play:\n    Test Station\n      Military Police Company\n\
             \x20   Griffin-class Battleship\n      Military Police Company\n\
             \x20     Military Police Company\n"
        );
        let r = ruling::parse(&text).expect("the board parses");
        ruling::Session::start(&r, tests::ruling_pool())
            .expect("the board builds")
            .game()
            .clone()
    };
    let onto_station = |g: &Game, c: &Option<Choice>| {
        let station = g.station(engine::PlayerId(0));
        matches!(c, Some(Choice::Conscript { host, .. }) if *host == station)
    };
    let empty = board("");
    let mut p = PlayerKind::Heuristic.player(1, 0);
    let first = p.choose(&empty);
    assert!(onto_station(&empty, &first), "the first Marine: {first:?}");
    let held = board("      Military Police Company\n");
    let second = p.choose(&held);
    assert!(
        !onto_station(&held, &second),
        "no second Marine at double cost: {second:?}"
    );
}

/// Colonel Adaeze Okafor gives the Marines aboard her host +1 attack: aboard a Station, her
/// static made the Marines left there look like a garrison that holds without her, so she left
/// for a ship, was wanted back, and left again. Game 22 of `hullbreach simulate --deck
/// rdf-starter --deck colonial-starter --player heuristic --player heuristic-v1 --seed 1` moved
/// her back and forth until its 100,000-choice cap; now each unit is reassigned at most once a
/// turn (§5.4.5 sets no limit) and the game ends.
#[test]
fn the_heuristic_does_not_move_a_marine_off_its_station_and_back_for_ever() {
    let db = bundled();
    let seats = vec![
        (
            "rdf-starter".to_string(),
            starter(&db, "rdf-starter"),
            PlayerKind::Heuristic,
        ),
        (
            "colonial-starter".to_string(),
            starter(&db, "colonial-starter"),
            PlayerKind::HeuristicV1,
        ),
    ];
    let (mut g, mut players) =
        engine::simulate::new_game(db, engine::sweep::game_seed(1, 22), 100, seats)
            .expect("the game starts");
    let (made, stop) = play_out_checked(&mut g, &mut players, 20_000);
    assert_eq!(stop, Stop::Over, "after {made} choices");
}

/// Ada attacks Bob with a Merlin-class Frigate carrying a Military Police Company (`merlin`:
/// the Frigate's line, with its wounds) and Bob, whose Station has no Marine aboard, holds
/// Long Range Support (a Tactic: 1 compulsory wound to target ship, §2.7). The game stands at
/// Bob's turn in STEP 1, the engagement's first response window (§6.6; Ada holds nothing, so
/// she is not asked, I-60).
fn bob_may_respond(merlin: &str) -> Game {
    let text = format!(
        "title: a response\nseed: 4\nphase: engagement\nactive: Ada\nturn: 2\n\n\
         commander Ada\n  in play:\n    Test Station\n    {merlin}\n\
         \x20     Military Police Company\n\n\
         commander Bob\n  stockpile: 5R 5C\n  hand: Long Range Support\n  in play:\n\
         \x20   Test Station\n"
    );
    let r = ruling::parse(&text).expect("the board parses");
    let mut s = ruling::Session::start(&r, tests::ruling_pool()).expect("the board builds");
    s.play("Ada: engage Bob with @merlin", 1)
        .expect("the declaration is a choice");
    let g = s.game().clone();
    let d = g.decision().expect("a decision");
    assert_eq!(
        (d.who, d.kind),
        (
            engine::PlayerId(1),
            engine::DecisionKind::Combat(engine::state::engagement::CombatStep::StartCards)
        ),
        "Bob's turn in STEP 1"
    );
    g
}

#[test]
fn the_heuristic_deploys_a_tactic_in_a_response_window_only_when_it_pays_off() {
    let deploys = |g: &Game, mut p: Box<dyn Player>| {
        matches!(p.choose(g), Some(Choice::Deploy { card, .. })
            if g.card(card).name == "Long Range Support")
    };
    // One wound destroys the Frigate that carries the boarder (§9.1: its Marine goes with
    // it), and a Station with no Marine aboard would fall to it (§6.9.3): Bob deploys it.
    let pays = bob_may_respond("Merlin-class Frigate @merlin wounds 1");
    // Unhurt, the Frigate survives the wound with its boarder aboard: the card is worth more
    // in hand than a wound on a Frigate, so Bob passes.
    let does_not = bob_may_respond("Merlin-class Frigate @merlin");
    for seed in [1, 2, 3] {
        assert!(
            deploys(&pays, PlayerKind::Heuristic.player(seed, 1)),
            "seed {seed}: the Tactic destroys the boarder"
        );
        let mut p = PlayerKind::Heuristic.player(seed, 1);
        assert_eq!(
            p.choose(&does_not),
            Some(Choice::Pass),
            "seed {seed}: a wound on an unhurt Frigate is not worth the card"
        );
        // Issue #16's heuristic deployed whatever it could in STEP 1, paying off or not.
        assert!(deploys(&does_not, PlayerKind::HeuristicV1.player(seed, 1)));
    }
}

// ----- the search player (issue #16 item 6) -------------------------------------------------

fn bundled() -> Arc<CardDb> {
    static POOL: std::sync::OnceLock<Arc<CardDb>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| Arc::new(tests::compile_pool(&tests::repo().join("cards"))))
        .clone()
}

fn starter(db: &CardDb, name: &str) -> Vec<engine::ir::CardId> {
    let path = tests::repo()
        .join("cards/decks")
        .join(format!("{name}.txt"));
    let bytes = engine::deck::read_deck_file(&path).expect("deck readable");
    engine::deck::card_ids(&engine::deck::parse(&bytes), db).expect("bundled cards")
}

/// A starter-deck game (RDF against Colonial) played by heuristic players, and the positions
/// along it where the commander deciding has at least three choices.
fn positions(seed: u64) -> Vec<Game> {
    let db = bundled();
    let decks = vec![
        ("rdf".to_string(), starter(&db, "rdf-starter")),
        ("colonial".to_string(), starter(&db, "colonial-starter")),
    ];
    let mut g = Game::new(
        db,
        decks,
        engine::Config {
            seed,
            max_turns: 100,
        },
    )
    .expect("starter decks are legal");
    let mut players = [HeuristicPlayer::new(seed), HeuristicPlayer::new(seed + 1)];
    let mut found = Vec::new();
    while let Some(d) = g.decision() {
        if g.legal_choices().len() >= 3 {
            found.push(g.clone());
        }
        let c = players[usize::from(d.who.0)]
            .choose(&g)
            .expect("a legal choice");
        g.apply(d.who, c).expect("a listed choice is accepted");
    }
    found
}

/// A choice with the Shipyard card it conscripts named by its card, not its instance: the rules
/// list one copy of each card a Shipyard holds (§5.4.3), the first in the Shipyard's hidden
/// order, so which copy is named says nothing the searcher saw (issue #42: the heuristic now
/// conscripts Marines onto a threatened Station, and the search with it).
fn copies_alike(g: &Game, c: Choice) -> (Choice, Option<engine::ir::CardId>) {
    match c {
        Choice::Conscript { card, host } => (
            Choice::Conscript {
                card: engine::Inst(u16::MAX),
                host,
            },
            Some(g.card(card).id),
        ),
        other => (other, None),
    }
}

#[test]
fn the_search_player_never_reads_hidden_information() {
    // Positions from Setup to the end of a game: the same in everything the searcher sees,
    // with the opponent's hand, every Shipyard's order and the dice dealt again, give the
    // searcher the same choice for the same seed.
    let mut differed = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in [3, 8] {
        let all = positions(seed);
        let step = (all.len() / 6).max(1);
        for g in all.iter().step_by(step) {
            let d = g.decision().expect("a decision");
            let other = engine::PlayerId(1 - d.who.0);
            let h = g.determinised_for(d.who, seed * 1000 + 7);
            let hand = |x: &Game| -> Vec<engine::ir::CardId> {
                let mut v: Vec<_> = x.commanders()[usize::from(other.0)]
                    .hand
                    .iter()
                    .map(|&i| x.card(i).id)
                    .collect();
                v.sort_unstable();
                v
            };
            let yard = |x: &Game| -> Vec<engine::ir::CardId> {
                x.commanders()[usize::from(d.who.0)]
                    .shipyard
                    .iter()
                    .map(|&i| x.card(i).id)
                    .collect()
            };
            if hand(g) != hand(&h) || yard(g) != yard(&h) {
                differed += 1;
            }
            let a = SearchPlayer::new(seed, 12)
                .choose(g)
                .map(|c| copies_alike(g, c));
            let b = SearchPlayer::new(seed, 12)
                .choose(&h)
                .map(|c| copies_alike(&h, c));
            assert!(a.is_some(), "the search chooses");
            assert_eq!(a, b, "seed {seed}: {}", d.words(g));
            kinds.insert(d.kind.describe());
        }
    }
    assert!(
        differed >= 6,
        "the hidden cards really differed ({differed} positions)"
    );
    assert!(kinds.len() >= 3, "several kinds of decision: {kinds:?}");
}

#[test]
fn a_search_player_plays_a_starter_game_to_the_end_the_same_way_twice() {
    let play = || {
        let db = bundled();
        let (mut g, mut players) = engine::simulate::new_game(
            db.clone(),
            21,
            100,
            vec![
                (
                    "rdf-starter".into(),
                    starter(&db, "rdf-starter"),
                    PlayerKind::Search { budget: 8 },
                ),
                (
                    "corporate-starter".into(),
                    starter(&db, "corporate-starter"),
                    PlayerKind::Heuristic,
                ),
            ],
        )
        .expect("a game");
        let (made, stop) = play_out_checked(&mut g, &mut players, 100_000);
        assert_eq!(stop, Stop::Over, "after {made} choices");
        g.log_json()
    };
    assert_eq!(play(), play(), "same seed, same game, byte for byte");
}
