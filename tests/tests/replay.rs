//! `engine::replay` (issue #16 item 7): a simulated game plays again from its record, choice for
//! choice; and the round trip that proves the ruling writer complete — for seeded games (starter
//! decks, random and heuristic players, two and three commanders) and every choice whose state a
//! ruling can start from, the written ruling parses, runs without a refusal or an unforced die,
//! and ends on the board the game reached after the same choices. A written ruling and a
//! refusal are snapshots under `tests/replay/`. The CLI is tested in `engine/tests/replay.rs`.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use engine::replay::{self, Request, Written};
use engine::ruling;
use engine::simulate::record::GameRecord;
use engine::simulate::{Entrant, Settings, Shard, Simulation};
use engine::state::Step;
use engine::sweep::PlayerKind;
use engine::{CardDb, Game};

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn pool() -> Arc<CardDb> {
    static POOL: OnceLock<Arc<CardDb>> = OnceLock::new();
    POOL.get_or_init(|| {
        let files = cardlang::source::read_pool(&repo().join("cards")).expect("cards/ readable");
        let compiled = cardlang::compile(&files);
        Arc::new(CardDb::new(compiled.cards).expect("the bundled pool compiles"))
    })
    .clone()
}

fn deck(db: &CardDb, name: &str) -> Vec<engine::ir::CardId> {
    let path = repo().join("cards/decks").join(format!("{name}.txt"));
    let bytes = engine::deck::read_deck_file(&path).expect("deck readable");
    engine::deck::card_ids(&engine::deck::parse(&bytes), db).expect("bundled cards")
}

fn simulation(decks: &[&str], player: PlayerKind, games: u64, seed: u64, turns: u32) -> Simulation {
    let db = pool();
    Simulation {
        entrants: decks
            .iter()
            .map(|d| Entrant {
                deck: d.to_string(),
                cards: deck(&db, d),
                player,
            })
            .collect(),
        db,
        swap: None,
        settings: Settings {
            games,
            seed,
            turns,
            jobs: 1,
            shard: Shard::ALL,
        },
    }
}

fn replayed(r: &GameRecord) -> replay::Replayed {
    let db = pool();
    let decks = r.decks.iter().map(|d| deck(&db, d)).collect();
    replay::replay(db, r, decks).expect("the record replays")
}

#[test]
fn replays_match_their_records_byte_for_byte() {
    let sim = simulation(
        &["rdf-starter", "colonial-starter"],
        PlayerKind::Random,
        4,
        11,
        30,
    );
    let records = sim.run(&|| {}).expect("the run plays");
    for r in &records {
        let a = replayed(r);
        assert_eq!(replay::differs(r, &a), None, "game {}", r.index);
        assert_eq!(a.end.history().len() as u64, r.choices);
        let b = replayed(r);
        assert_eq!(replay::transcript(&a, false), replay::transcript(&b, false));
        assert_eq!(
            replay::transcript(&a, false),
            engine::transcript::render_log(&a.end)
        );
        // The numbered transcript is the same events with each choice before its own.
        let numbered = replay::transcript(&a, true);
        assert_eq!(
            numbered
                .lines()
                .filter(|l| l.starts_with("choice "))
                .count() as u64,
            r.choices
        );
        let events: Vec<&str> = numbered
            .lines()
            .filter(|l| !l.starts_with("choice "))
            .collect();
        assert_eq!(events.join("\n") + "\n", replay::transcript(&a, false));
    }
    // A record whose game plays otherwise (a changed deck) is told apart.
    let mut other = records[0].clone();
    other.turns += 1;
    assert!(replay::differs(&other, &replayed(&records[0])).is_some());
}

/// The final board of a ruling transcript.
fn final_board(transcript: &str) -> String {
    let after = transcript
        .split("\n== final ==\n")
        .nth(1)
        .expect("a final section");
    after
        .lines()
        .take_while(|l| !l.starts_with("next decision") && !l.starts_with("forced dice"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Write, parse and run the ruling before choice `at`; its final board must be the game's after
/// the script's choices. Returns the written ruling.
fn round_trip(
    game_at: &Game,
    history: &[(engine::PlayerId, engine::Choice)],
    at: usize,
) -> Written {
    let w = replay::write_at(game_at, &history[at - 1..], at, None, "round trip")
        .unwrap_or_else(|e| panic!("choice {at} is writable but was not written: {e}"));
    assert!(
        w.notes.iter().all(|n| !n.contains("does not play it")),
        "choice {at}: {:?}\n{}",
        w.notes,
        w.text
    );
    let r = ruling::parse(&w.text).unwrap_or_else(|e| panic!("{e}\n{}", w.text));
    let out = ruling::run(&r, pool()).unwrap_or_else(|f| panic!("{f}\n{}", w.text));
    assert!(!out.contains("REFUSED"), "{out}");
    assert!(!out.contains("forced dice ran out"), "{out}");
    assert!(!out.contains("forced dice left unused"), "{out}");
    let mut after = game_at.clone();
    for (who, c) in &history[at - 1..at - 1 + w.script] {
        after.apply(*who, c.clone()).expect("the game's choice");
    }
    assert_eq!(
        final_board(&out),
        w.translate(&ruling::board(&after)),
        "choice {at}, {} script line(s):\n{}",
        w.script,
        w.text
    );
    w
}

#[test]
fn written_rulings_replay_the_game() {
    let runs = [
        // A long game: cards whose abilities trigger together in an order the board must keep
        // (`entered N`), and ships with Marines of two commanders aboard (`owned-by`).
        simulation(
            &["rdf-starter", "colonial-starter"],
            PlayerKind::Heuristic,
            1,
            40,
            60,
        ),
        simulation(
            &["rdf-starter", "colonial-starter"],
            PlayerKind::Random,
            2,
            3,
            16,
        ),
        simulation(
            &["corporate-starter", "rdf-starter"],
            PlayerKind::Heuristic,
            2,
            4,
            16,
        ),
        simulation(
            &["rdf-starter", "colonial-starter", "corporate-starter"],
            PlayerKind::Random,
            2,
            5,
            12,
        ),
        simulation(
            &["colonial-starter", "corporate-starter", "rdf-starter"],
            PlayerKind::Heuristic,
            2,
            6,
            15,
        ),
        simulation(
            &[
                "rdf-starter",
                "colonial-starter",
                "corporate-starter",
                "rdf-starter",
            ],
            PlayerKind::Heuristic,
            1,
            7,
            16,
        ),
    ];
    let (mut written, mut with_dice, mut refused, mut lines, mut cut) = (0, 0, 0, 0, 0);
    for sim in &runs {
        for r in sim.run(&|| {}).expect("the run plays") {
            let game = replayed(&r);
            let history = game.end.history().to_vec();
            let mut g = game.start.clone();
            for at in 1..=history.len() {
                if replay::unwritable(&g).is_none() {
                    let w = round_trip(&g, &history, at);
                    written += 1;
                    with_dice += usize::from(w.text.contains("\ndice: "));
                    lines += w.script;
                    cut += usize::from(!w.notes.is_empty());
                } else {
                    refused += 1;
                }
                g.apply(history[at - 1].0, history[at - 1].1.clone())
                    .expect("the game's choice");
            }
        }
    }
    // The round trip covered Manufacturing, engagements with their dice, and refusals; only a
    // few scripts stop early (a shuffle after dice, the turn cap), with a note saying why.
    assert!(written > 400, "{written} rulings written");
    assert!(with_dice > 150, "{with_dice} rulings with dice");
    assert!(lines > 3000, "{lines} script lines");
    assert!(refused > 500, "{refused} choices refused");
    assert!(
        cut * 10 < written,
        "{cut} of {written} scripts stopped early"
    );
}

/// The ruling files' own games: their boards hold what simulated games rarely do (Golden-Rule
/// overrides and discounts from labelled cards, hijacked ships and garrisons, face-down
/// modules, forced dice), and every position of them a ruling can start from writes and replays.
#[test]
fn the_ruling_files_positions_write_and_replay() {
    let pool = tests_pool();
    let (mut written, mut files, mut with_overrides) = (0, 0, 0);
    for (name, text) in ruling_files() {
        let Ok(r) = ruling::parse(&text) else {
            continue;
        };
        let Ok(mut s) = ruling::Session::start(&r, pool.clone()) else {
            continue;
        };
        let start = s.game().clone();
        for line in text
            .lines()
            .skip_while(|l| l.trim() != "script:")
            .skip(1)
            .map(|l| l.split(" # ").next().unwrap_or("").trim())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let _ = s.play(line, 0);
        }
        let history = s.game().history().to_vec();
        let mut g = start;
        let mut any = false;
        for at in 1..=history.len() {
            if replay::unwritable(&g).is_none() {
                let w = replay::write_at(&g, &history[at - 1..], at, None, &name)
                    .unwrap_or_else(|e| panic!("{name}, choice {at}: {e}"));
                assert!(
                    w.notes.iter().all(|n| !n.contains("does not play it")),
                    "{name}, choice {at}: {:?}\n{}",
                    w.notes,
                    w.text
                );
                let run = ruling::run(&ruling::parse(&w.text).expect("parses"), pool.clone())
                    .unwrap_or_else(|f| panic!("{name}: {f}\n{}", w.text));
                assert!(!run.contains("REFUSED"), "{name}, choice {at}:\n{run}");
                let mut after = g.clone();
                for (who, c) in &history[at - 1..at - 1 + w.script] {
                    after.apply(*who, c.clone()).expect("the game's choice");
                }
                assert_eq!(
                    final_board(&run),
                    w.translate(&ruling::board(&after)),
                    "{name}, choice {at}:\n{}",
                    w.text
                );
                written += 1;
                any = true;
                with_overrides +=
                    usize::from(w.text.contains("\noverride: ") || w.text.contains("\ndiscount: "));
            }
            g.apply(history[at - 1].0, history[at - 1].1.clone())
                .expect("the ruling's choice");
        }
        files += usize::from(any);
    }
    assert!(written > 150, "{written} positions written");
    assert!(files > 100, "{files} ruling files had a writable position");
    assert!(
        with_overrides > 20,
        "{with_overrides} written with overrides or discounts"
    );
}

fn tests_pool() -> Arc<CardDb> {
    static POOL: OnceLock<Arc<CardDb>> = OnceLock::new();
    POOL.get_or_init(tests::ruling_pool).clone()
}

fn ruling_files() -> Vec<(String, String)> {
    tests::ruling_files()
}

fn snapshots() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../replay");
    s.set_prepend_module_to_snapshot(false);
    s
}

/// One written ruling (the first engagement declaration of a seeded game whose script rolls
/// dice) and one refusal (a volley turn) as snapshots; `--nearest` writes the choice the
/// refusal names.
#[test]
fn a_written_ruling_and_a_refusal_are_snapshots() {
    let sim = simulation(
        &["rdf-starter", "colonial-starter"],
        PlayerKind::Random,
        1,
        3,
        16,
    );
    let record = &sim.run(&|| {}).expect("the run plays")[0];
    let game = replayed(record);
    let history = game.end.history();
    let source = format!(
        "{}, game {} of simulate --seed 3 (game seed {})",
        record.decks.join(" vs "),
        record.index,
        record.seed
    );
    let request = |at: usize, nearest: bool| Request {
        at,
        choices: None,
        nearest,
        source: source.clone(),
    };
    let mut g = game.start.clone();
    let (mut declaration, mut volley) = (None, None);
    for at in 1..=history.len() {
        let writable = replay::unwritable(&g).is_none();
        if declaration.is_none() && writable && matches!(g.step(), Step::Engagement) {
            let w = replay::to_ruling(&game.start, history, &request(at, false)).expect("written");
            if w.text.contains("\ndice: ") {
                declaration = Some(w);
            }
        }
        if volley.is_none()
            && !writable
            && matches!(g.step(), Step::Combat)
            && declaration.is_some()
        {
            volley = Some(at);
        }
        g.apply(history[at - 1].0, history[at - 1].1.clone())
            .expect("the game's choice");
    }
    let w = declaration.expect("an engagement declaration with dice");
    assert!(w.text.contains("phase: engagement"), "{}", w.text);
    let at = volley.expect("a volley turn after it");
    let refusal = replay::to_ruling(&game.start, history, &request(at, false))
        .expect_err("a volley turn is inside an engagement");
    let earlier = refusal.earlier.expect("an earlier writable choice");
    let nearest = replay::to_ruling(&game.start, history, &request(at, true)).expect("--nearest");
    assert_eq!(nearest.at, earlier);
    assert!(nearest
        .text
        .starts_with(&format!("# choice {at} cannot be written")));
    snapshots().bind(|| {
        insta::assert_snapshot!("written-ruling", w.text);
        insta::assert_snapshot!("refusal", refusal.to_string());
    });
}
