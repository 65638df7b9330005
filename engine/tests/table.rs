//! The Play table through the library (issue #45, `engine::table`): a person's choices and the
//! computer seats' answers, refusals that change nothing, the same seed and choices giving the
//! same transcript byte for byte, a ruling played on, and "save this moment as a ruling"
//! giving a file `hullbreach ruling` runs to the table's own position.

mod support;
use support::{hullbreach_in, repo, text, Scratch};

use std::path::Path;
use std::sync::Arc;

use engine::sweep::PlayerKind;
use engine::table::{load_deck, Seat, Table};
use engine::CardDb;

fn pool(dir: &Path) -> Arc<CardDb> {
    let files = cardlang::source::read_pool(dir).expect("the pool is readable");
    let comp = cardlang::compile(&files);
    assert!(!comp.has_errors(), "the pool compiles");
    Arc::new(CardDb::new(comp.cards).expect("a valid database"))
}

fn bundled() -> Arc<CardDb> {
    pool(&repo().join("cards"))
}

fn starters(db: &CardDb) -> Vec<(String, Vec<engine::ir::CardId>)> {
    ["rdf-starter", "colonial-starter"]
        .iter()
        .map(|n| {
            let path = repo().join("cards/decks").join(format!("{n}.txt"));
            (n.to_string(), load_deck(db, &path).expect("a legal deck"))
        })
        .collect()
}

fn heuristic() -> Seat {
    Seat::Computer(PlayerKind::Heuristic)
}

/// The person takes the choice `pick` picks (from the choices and the moves so far), `max`
/// times at most.
fn play(t: &mut Table, max: usize, pick: impl Fn(&[String], usize) -> usize) {
    for _ in 0..max {
        let choices = t.choices();
        if choices.is_empty() {
            return;
        }
        let k = pick(&choices, t.moves()) % choices.len();
        t.choose(t.moves(), k, &choices[k])
            .expect("a listed choice");
    }
}

/// A person's choices that wander: deterministic, and not always the same place in the list.
fn wander(choices: &[String], moves: usize) -> usize {
    moves * 7 % choices.len().max(1)
}

#[test]
fn the_same_seed_and_choices_give_the_same_transcript_byte_for_byte() {
    let db = bundled();
    let game = |seed: u64| {
        let mut t = Table::from_decks(
            db.clone(),
            starters(&db),
            vec![Seat::Person, heuristic()],
            seed,
        )
        .expect("a table");
        play(&mut t, 80, wander);
        t
    };
    let (a, b, c) = (game(7), game(7), game(8));
    assert!(
        a.moves() > 30,
        "the person and the computer both chose: {}",
        a.moves()
    );
    assert!(a.transcript().contains("\n> rdf-starter (1): "));
    assert!(a.transcript().contains("\n> colonial-starter (2): "));
    assert_eq!(a.transcript(), b.transcript());
    assert_ne!(
        a.transcript(),
        c.transcript(),
        "the seed deals another game"
    );
}

#[test]
fn a_person_plays_a_whole_game_against_a_computer_seat() {
    let db = bundled();
    let mut t = Table::from_decks(
        db.clone(),
        starters(&db),
        vec![Seat::Person, heuristic()],
        3,
    )
    .expect("a table");
    // Ending every step at once: the person loses, and the game ends.
    play(&mut t, 5_000, |c, _| c.len() - 1);
    assert!(t.game().outcome().is_some(), "{}", t.status());
    assert!(t.choices().is_empty());
    assert!(t.status().starts_with("game over"), "{}", t.status());
    assert!(t.transcript().trim_end().ends_with(&t.status()));
}

#[test]
fn a_stale_or_unlisted_choice_is_refused_and_changes_nothing() {
    let db = bundled();
    let mut t = Table::from_decks(
        db.clone(),
        starters(&db),
        vec![Seat::Person, Seat::Person],
        1,
    )
    .expect("a table");
    let choices = t.choices();
    assert!(!choices.is_empty());
    let before = t.transcript().to_string();
    let moves = t.moves();
    let stale = t.choose(moves + 1, 0, &choices[0]).expect_err("stale");
    assert!(stale.contains("choose again"), "{stale}");
    let wrong = t
        .choose(moves, 0, "rdf-starter (1): scoop and dance")
        .expect_err("not listed");
    assert!(wrong.contains("is not choice 1"), "{wrong}");
    let past = t
        .choose(moves, choices.len(), &choices[0])
        .expect_err("no such index");
    assert!(past.contains("was not made"), "{past}");
    assert_eq!(t.transcript(), before);
    assert_eq!(t.moves(), moves);
    assert_eq!(t.choices(), choices);
}

#[test]
fn seats_are_checked() {
    assert!(Seat::parse("person").is_ok());
    assert_eq!(
        Seat::parse("search:100").map(Seat::name),
        Ok("search:100".into())
    );
    let e = Seat::parse("wizard").expect_err("no such player");
    assert!(e.contains("or person"), "{e}");
    let db = bundled();
    let e = Table::from_decks(db.clone(), starters(&db), vec![Seat::Person], 1)
        .err()
        .expect("one seat for two decks");
    assert!(e.contains("2 decks and 1 seats"), "{e}");
}

/// A ruling played on with every seat a person is the ruling's own transcript, as
/// `hullbreach ruling` prints it up to its final board.
#[test]
fn a_ruling_opens_at_the_end_of_its_script() {
    let rulings = repo().join("tests/rulings");
    let file = rulings.join("abilities-costs.ruling");
    let text_of = std::fs::read_to_string(&file).expect("the ruling");
    let t = Table::from_ruling(
        pool(&rulings.join("pool")),
        &text_of,
        "abilities-costs.ruling",
        vec![],
        0,
    )
    .expect("a table");
    let out = hullbreach_in(
        &rulings,
        &["ruling", "abilities-costs.ruling", "--cards", "pool"],
    );
    let printed = text(&out.stdout);
    let upto = printed.find("\n== final ==\n").expect("a final board");
    assert_eq!(t.transcript(), &printed[..upto]);
    assert_eq!(t.seats(), &[Seat::Person, Seat::Person]);
    let bad = Table::from_ruling(
        pool(&rulings.join("pool")),
        "title: x\nseed: 1\n\ncommander Ada\n  hnad: A\n",
        "bad.ruling",
        vec![],
        0,
    )
    .err()
    .expect("a bad ruling");
    assert!(bad.starts_with("bad.ruling: line 5: "), "{bad}");
}

/// The final board and pending decision `hullbreach ruling FILE` prints for a saved moment are
/// the table's own, in the ruling's names; the writer has also compared the whole state.
#[test]
fn a_saved_moment_replays_to_the_tables_position() {
    let db = bundled();
    let scratch = Scratch::new("table-save");
    let mut saved = 0;
    for (seed, person_moves) in [
        (4u64, 25usize),
        (9, 10),
        (11, 3),
        (12, 40),
        (13, 15),
        (14, 30),
    ] {
        let mut t = Table::from_decks(
            db.clone(),
            starters(&db),
            vec![Seat::Person, heuristic()],
            seed,
        )
        .expect("a table");
        play(&mut t, person_moves, wander);
        if t.game().decision().is_none() {
            continue;
        }
        saved += 1;
        let w = t.save_as_ruling().expect("a ruling");
        let path = scratch.path().join(format!("moment-{seed}.ruling"));
        cardlang::write::write_atomic(&path, w.text.as_bytes()).expect("written");
        let out = hullbreach_in(
            &repo(),
            &[
                "--cards",
                "cards",
                "ruling",
                &path.display().to_string(),
                "--choices",
            ],
        );
        let printed = text(&out.stdout);
        assert!(out.status.success(), "{printed}\n{}", text(&out.stderr));
        let final_at = printed.find("\n== final ==\n").expect("a final board");
        let board = w.translate(&engine::ruling::board(t.game()));
        assert!(
            printed[final_at..].contains(&board),
            "seed {seed}: the ruling's final board\n{}\nis not the table's\n{board}",
            &printed[final_at..]
        );
        let next = w.translate(&t.status());
        assert!(printed[final_at..].contains(&next), "{next}");
        let g = t.game();
        let d = g.decision().expect("the game goes on");
        let who = g.commander_name(d.who);
        for c in g.legal_choices().iter().take(10) {
            let line = w.translate(&format!("  {who}: {}", c.script(g)));
            assert!(printed[final_at..].contains(&line), "{line}");
        }
    }
    assert!(saved >= 3, "only {saved} games went on to be saved");
}
