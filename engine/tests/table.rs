//! The Play table through the library (issue #45, `engine::table`): a person's choices and the
//! computer seats' answers, refusals that change nothing, the same seed and choices giving the
//! same transcript byte for byte, a ruling played on, and "save this moment as a ruling"
//! giving a file `hullbreach ruling` runs to the table's own position.

mod support;
use support::{
    first_choice_made, hullbreach_in, last_line_played, repo, ruling_position, text, Scratch,
};

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

/// `hullbreach ruling FILE --choices` on a saved moment ends at the table's own position, in
/// the ruling's names (commanders renamed, cards renumbered: `Written::translate`): the whole
/// final board and every legal choice, line for line. Then one more choice, made at the table
/// and appended to the ruling's script, gives the same transcript lines on both sides.
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
        let last = ruling_position(&ruling_output(&path));
        assert_eq!(
            last,
            w.translate(&t.position()),
            "seed {seed}: the ruling's final position is not the table's"
        );
        // One more choice on both sides: a deployment if there is one (no dice, which the
        // ruling would roll from its own seed), else the last choice.
        let choices = t.choices();
        let k = choices
            .iter()
            .position(|c| {
                c.split_once(": ")
                    .is_some_and(|(_, a)| a.starts_with("deploy "))
            })
            .unwrap_or(choices.len() - 1);
        let from = t.transcript().len();
        t.choose(t.moves(), k, &choices[k])
            .expect("a listed choice");
        let made = first_choice_made(&t.transcript()[from..]);
        let mut more = w.text.clone();
        if !more.contains("\nscript:\n") {
            more.push_str("\nscript:\n");
        }
        more.push_str(&format!("  {}\n", w.translate(&choices[k])));
        let path = scratch.path().join(format!("moment-{seed}-more.ruling"));
        cardlang::write::write_atomic(&path, more.as_bytes()).expect("written");
        assert_eq!(
            last_line_played(&ruling_output(&path)),
            w.translate(&made),
            "seed {seed}: the same choice reads differently"
        );
    }
    assert!(saved >= 3, "only {saved} games went on to be saved");
}

/// What `hullbreach ruling FILE --choices` prints, run over the bundled pool.
fn ruling_output(path: &Path) -> String {
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
    printed
}

/// The transcript worded as one commander sees it (`Namer::seen_by`, I-103): another's draws are
/// a count and a face-down Module they deploy goes unnamed (§3.4.4), while the full wording, the
/// one rulings and replays print, names every card as before.
#[test]
fn the_transcript_as_a_commander_sees_it_names_none_of_anothers_hidden_cards() {
    use engine::ids::PlayerId;
    use engine::transcript::{render_events, render_log, Namer};
    let db = pool(&repo().join("tests/rulings/pool"));
    let ruling = "title: hidden cards\nseed: 9\nphase: manufacturing\nactive: Ada\nturn: 2\n\n\
        commander Ada\n  stockpile: 5R 5C\n  hand: Fleet Command Uplink\n  in play:\n    \
        Test Station\n    Eagle-class Battle Cruiser @eagle\n\n\
        commander Bob\n  shipyard: Seagull-class Cruiser; Albatross-class Transport\n  in play:\n    \
        Test Station\n";
    let r = engine::ruling::diagnose(ruling, &db).expect("a ruling");
    let mut s = engine::ruling::Session::start(&r, db).expect("its board");
    let accepted = s.play("Ada: deploy Fleet Command Uplink onto @eagle", 1);
    assert!(accepted.expect("a choice"), "{}", s.transcript());
    // Ada ends each step, fighting no engagement, until Bob's turn begins with his draw
    // (§5.3.1).
    for line in 2..40 {
        match s.game().decision() {
            Some(d) if d.who == PlayerId(0) => {
                let lines = s.choice_lines();
                let quiet = ["end-phase", "no-engagement", "end-turn", "pass", "done"];
                let end = lines
                    .iter()
                    .find(|l| quiet.iter().any(|q| l.ends_with(&format!(": {q}"))))
                    .unwrap_or_else(|| {
                        panic!("a way to end the step: {lines:?}\n{}", s.transcript())
                    })
                    .clone();
                let accepted = s.play(&end, line).expect("a choice");
                assert!(accepted, "{}", s.transcript());
            }
            _ => break,
        }
    }
    let g = s.game();
    let full = render_events(&Namer::new(g), g.log());
    assert_eq!(full, render_log(g), "the full wording is the log's");
    assert!(
        full.contains("Ada deploys Fleet Command Uplink #"),
        "{full}"
    );
    let bob_draws = draws(&full, "Bob");
    assert!(
        bob_draws.len() == 1 && bob_draws[0].contains("Seagull-class Cruiser #"),
        "{full}"
    );
    // Bob cannot see Ada's face-down Module; Ada cannot see Bob's draw.
    let bobs = render_events(&Namer::seen_by(g, &|p| p == PlayerId(0)), g.log());
    assert!(bobs.contains("Ada deploys a face-down card #"), "{bobs}");
    assert!(!bobs.contains("Fleet Command Uplink"), "{bobs}");
    assert_eq!(draws(&bobs, "Bob"), bob_draws, "{bobs}");
    let adas = render_events(&Namer::seen_by(g, &|p| p == PlayerId(1)), g.log());
    assert!(
        adas.contains("Ada deploys Fleet Command Uplink #"),
        "{adas}"
    );
    assert!(draws(&adas, "Bob")[0].starts_with("2 cards"), "{adas}");
    assert!(!adas.contains("Seagull-class Cruiser"), "{adas}");
    assert!(!adas.contains("Albatross-class Transport"), "{adas}");
    // Line for line, only those lines differ.
    let differ = |a: &str, b: &str| a.lines().zip(b.lines()).filter(|(x, y)| x != y).count();
    assert_eq!(full.lines().count(), adas.lines().count());
    assert_eq!(differ(&full, &adas), 1, "{adas}");
    assert_eq!(differ(&full, &bobs), 1, "{bobs}");
}

/// A person at a table with a computer seat reads the computer's draws as counts, in the
/// transcript and on the board, while their own are named; with two persons (one screen, the
/// page cannot tell who looks) nothing is hidden; at the end everything is shown.
#[test]
fn a_person_sees_the_computers_draws_only_as_counts() {
    let db = bundled();
    let mut t = Table::from_decks(
        db.clone(),
        starters(&db),
        vec![Seat::Person, heuristic()],
        5,
    )
    .expect("a table");
    play(&mut t, 30, wander);
    assert!(t.game().decision().is_some(), "{}", t.status());
    let seen = t.seen_transcript();
    let mine = draws(seen, "rdf-starter (1)");
    let theirs = draws(seen, "colonial-starter (2)");
    assert!(!mine.is_empty() && !theirs.is_empty(), "{seen}");
    assert!(mine.iter().all(|d| d.contains(" #")), "{mine:?}");
    assert!(
        theirs
            .iter()
            .all(|d| d.ends_with(" card") || d.ends_with(" cards")),
        "{theirs:?}"
    );
    assert_eq!(
        draws(t.transcript(), "colonial-starter (2)").len(),
        theirs.len()
    );
    assert!(draws(t.transcript(), "colonial-starter (2)")
        .iter()
        .all(|d| d.contains(" #")));
    // The board: the computer's hand a count, no card of it drawn or named anywhere.
    let b = t.board();
    let (me, it) = (&b.seats[0], &b.seats[1]);
    assert!(!me.hand_hidden && me.hand.len() == me.hand_size);
    assert!(it.hand_hidden && it.hand.is_empty());
    assert_eq!(it.hand_size, t.game().commanders()[1].hand.len());
    for &i in &t.game().commanders()[1].hand {
        let label = engine::transcript::card_label(t.game(), i);
        assert!(!seen.contains(&label), "{label} is named in\n{seen}");
    }
    // Two persons at one screen: open.
    let two = Table::from_decks(
        db.clone(),
        starters(&db),
        vec![Seat::Person, Seat::Person],
        5,
    )
    .expect("a table");
    assert_eq!(two.seen_transcript(), two.transcript());
    assert!(!two.board().seats.iter().any(|s| s.hand_hidden));
    // At the end: open.
    play(&mut t, 5_000, |c, _| c.len() - 1);
    assert!(t.game().outcome().is_some());
    assert_eq!(t.seen_transcript(), t.transcript());
    assert!(!t.board().seats.iter().any(|s| s.hand_hidden));
}

/// What `who` draws in a transcript: the words after `WHO draws `.
fn draws(transcript: &str, who: &str) -> Vec<String> {
    let mark = format!("] {who} draws ");
    transcript
        .lines()
        .filter_map(|l| l.split_once(&mark).map(|(_, d)| d.to_string()))
        .collect()
}

/// A person's choice that targets a computer seat's face-down card names it as the transcript
/// does, `a face-down card #N` (I-103), on the button and in the transcript; the choice so worded
/// is the one made. Card text may target any Module-Ship, face down or not (§3.4.4).
#[test]
fn a_target_the_person_may_not_see_is_not_named_on_their_choices() {
    let ruling = "title: a hidden target\nseed: 3\nphase: manufacturing\nactive: Ada\nturn: 2\n\n\
        commander Ada\n  stockpile: 10R 10C\n  hand: Hostile Audit\n  in play:\n    \
        Meridian Exchange Platform\n\n\
        commander Bob\n  in play:\n    Meridian Exchange Platform\n    \
        Magnate-class Battle Cruiser\n      False Transponder face-down\n";
    let mut t = Table::from_ruling(
        bundled(),
        ruling,
        "hidden.ruling",
        vec![Seat::Person, heuristic()],
        3,
    )
    .expect("a table");
    let hidden = "False Transponder";
    let pick = |t: &Table, words: &str| -> (usize, String) {
        let choices = t.choices();
        assert!(choices.iter().all(|c| !c.contains(hidden)), "{choices:#?}");
        let k = choices
            .iter()
            .position(|c| c.contains(words))
            .unwrap_or_else(|| panic!("no `{words}` among {choices:#?}"));
        (k, choices[k].clone())
    };
    let (k, line) = pick(&t, "Hostile Audit");
    t.choose(t.moves(), k, &line).expect("deployed");
    let (k, line) = pick(&t, "a face-down card #");
    let before = t.game().commanders()[1].scrapheap.len();
    t.choose(t.moves(), k, &line)
        .expect("the target as the person reads it");
    assert_eq!(
        t.game().commanders()[1].scrapheap.len(),
        before + 1,
        "{}",
        t.transcript()
    );
    // In the Scrapheap the card is public (§8.3): from there on the person reads its name.
    let seen = t.seen_transcript();
    assert!(
        seen.contains("False Transponder #4 is detached from"),
        "{seen}"
    );
}
