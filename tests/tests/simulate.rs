//! `engine::simulate` on a small fixed run (20 games, RDF vs Colonial starter decks, random
//! players, turn cap 30): the balance report as text and JSON and the SVG charts are
//! snapshots under `tests/simulate/`; how games ended adds up; cards without a comparison say
//! why; the report fits in 100 columns; the games are the same for any number of threads;
//! shards merged give the whole run; an A/B swap replays the same seeds with the new card; a
//! round robin of the three starter decks plays every pairing, seats rotated, and merges from
//! shards. The CLI around it is tested in `engine/tests/simulate.rs` and
//! `engine/tests/simulate_scale.rs`; the per card figures' placebo check is
//! `tests/tests/placebo.rs`.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use engine::simulate::record::{self, GameRecord, Variant};
use engine::simulate::report::Report;
use engine::simulate::{chart, Entrant, Settings, Shard, Simulation, Swap};
use engine::sweep::PlayerKind;
use engine::CardDb;

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

/// The fixed run: 20 games, seed 1, turn cap 30, random players.
fn simulation(jobs: usize, shard: Shard) -> Simulation {
    league(&["rdf-starter", "colonial-starter"], 20, jobs, shard, false)
}

/// `games` (per pairing in a round robin) between `decks`, seed 1, turn cap 30, random players.
fn league(decks: &[&str], games: u64, jobs: usize, shard: Shard, round_robin: bool) -> Simulation {
    let db = pool();
    let entrants = decks
        .iter()
        .map(|d| Entrant {
            deck: d.to_string(),
            cards: deck(&db, d),
            player: PlayerKind::Random,
        })
        .collect();
    Simulation {
        db,
        entrants,
        swap: None,
        settings: Settings {
            games,
            seed: 1,
            turns: 30,
            jobs,
            shard,
            round_robin,
        },
    }
}

fn run(sim: &Simulation) -> Vec<GameRecord> {
    sim.run(&|| {}).expect("the run plays")
}

fn full_run() -> &'static Vec<GameRecord> {
    static RUN: OnceLock<Vec<GameRecord>> = OnceLock::new();
    RUN.get_or_init(|| run(&simulation(2, Shard::ALL)))
}

fn snapshots() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../simulate");
    s.set_prepend_module_to_snapshot(false);
    s
}

#[test]
fn report_of_a_small_run() {
    let records = full_run().clone();
    assert_eq!(records.len(), 20);
    // Seats rotate: each deck sits first in half the games.
    let first_rdf = records.iter().filter(|r| r.seats[0] == 0).count();
    assert_eq!(first_rdf, 10);
    let report = Report::new(records).expect("a report");
    assert_eq!(report.games, 20);
    let wins: u64 = report.entrants.iter().map(|e| e.won.wins).sum();
    assert_eq!(wins, report.endings.winner, "every win is some entrant's");
    assert_eq!(
        report.endings.winner + report.endings.turn_cap + report.endings.unfinished,
        20
    );
    assert_eq!(
        report.endings.deck_out + report.endings.stalemate,
        report.endings.turn_cap
    );
    let binned: u64 = report.length.histogram.iter().map(|b| b.games).sum();
    assert_eq!(binned, 20);
    // Every game ended one way; the won ways add up to each entrant's wins, and each way's
    // games to its games by turn.
    let ways = &report.endings.ways;
    assert_eq!(ways.iter().map(|w| w.games.wins).sum::<u64>(), 20);
    for (e, line) in report.entrants.iter().enumerate() {
        let won: u64 = ways.iter().map(|w| w.by_entrant[e]).sum();
        assert_eq!(won, line.won.wins, "{}", line.deck);
    }
    for w in ways {
        assert_eq!(w.by_turn.iter().sum::<u64>(), w.games.wins, "{}", w.way);
    }
    assert!(
        full_run()
            .iter()
            .all(|r| r.fall.is_some() == r.winner.is_some()),
        "every won game says how its last opponent fell"
    );
    let won_ways: u64 = ways.iter().take(5).map(|w| w.games.wins).sum();
    assert_eq!(won_ways, report.endings.winner);
    // Cards in every game say why they have no comparison; the rest are compared.
    let line = |card: &str| {
        report
            .cards
            .iter()
            .find(|c| c.entrant == 1 && c.card == card)
            .expect("an RDF card")
    };
    for card in [
        "Bastion Fleet Command",
        "Resource Stockpile",
        "Currency Stockpile",
    ] {
        let l = line(card);
        assert!(l.adjusted.is_none(), "{card}");
        assert!(
            l.verdict.starts_with("in play from Setup in every game"),
            "{card}: {}",
            l.verdict
        );
    }
    // Deployed counts the copies from the Shipyard and Setup apart from those drawn.
    for c in &report.cards {
        assert!(c.from_shipyard + c.setup <= c.deployed, "{}", c.card);
    }
    // A compared card carries its corrected p-value; one not compared says why in words.
    for c in &report.cards {
        assert_eq!(c.adjusted.is_some(), c.p_holm.is_some(), "{}", c.card);
        assert!(!c.verdict.is_empty(), "{}", c.card);
    }
    let text = report.render();
    for line in text.lines() {
        assert!(
            line.chars().count() <= 100,
            "wider than 100 columns: {line}"
        );
    }
    snapshots().bind(|| {
        insta::assert_snapshot!("report", report.render());
        insta::assert_snapshot!("report-json", report.to_json());
    });
}

#[test]
fn charts_are_snapshots() {
    let report = Report::new(full_run().clone()).expect("a report");
    let charts = chart::draw(&report).expect("charts draw");
    assert_eq!(charts.len(), 4);
    for (name, svg) in charts {
        assert!(svg.starts_with("<svg"), "{name} is an SVG");
        // Every entrant's deck is named on the win-rate chart.
        if name == "win-rates.svg" {
            assert!(svg.contains("rdf-starter (random)") && svg.contains("colonial-starter"));
        }
        // Cards without a comparison are listed, marked.
        if name == "card-impact.svg" {
            assert!(svg.contains("Bastion Fleet Command (rdf-starter): no comparison"));
        }
        snapshots().bind(|| insta::assert_snapshot!(name, svg));
    }
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let one = run(&simulation(1, Shard::ALL));
    assert_eq!(record::to_jsonl(&one), record::to_jsonl(full_run()));
}

#[test]
fn shards_merge_into_the_whole_run() {
    let mut all = Vec::new();
    for k in [3, 1, 2] {
        let part = run(&simulation(1, Shard { k, n: 3 }));
        assert!(part.iter().all(|r| r.index % 3 == k - 1));
        all.extend(part);
    }
    let merged = record::merge(all.clone(), true).expect("complete");
    assert_eq!(record::to_jsonl(&merged), record::to_jsonl(full_run()));
    assert_eq!(
        Report::new(merged).expect("report").render(),
        Report::new(full_run().clone()).expect("report").render()
    );
    // A shard left out, or merged twice, is refused with what is wrong.
    let missing: Vec<GameRecord> = all.iter().filter(|r| r.index % 3 != 1).cloned().collect();
    let err = record::merge(missing, true).expect_err("a shard is missing");
    assert!(err.contains("game 1 of the run's 20 is missing"), "{err}");
    let mut twice = all.clone();
    twice.push(all[0].clone());
    let err = record::merge(twice, true).expect_err("a game twice");
    assert!(err.contains("appears twice"), "{err}");
}

#[test]
fn a_swap_replays_the_same_seeds_with_the_new_card() {
    let mut sim = simulation(2, Shard::ALL);
    let db = sim.db.clone();
    let old = db.by_name("Merlin-class Frigate").expect("bundled").id;
    let new = db.by_name("Griffin-class Battleship").expect("bundled").id;
    let decks = sim
        .entrants
        .iter()
        .map(|e| engine::simulate::swap_deck(&db, &e.cards, old, new).expect("legal"))
        .collect();
    sim.swap = Some(Swap {
        old: "Merlin-class Frigate".into(),
        new: "Griffin-class Battleship".into(),
        decks,
    });
    let records = run(&sim);
    assert_eq!(records.len(), 40);
    let base: Vec<GameRecord> = records
        .iter()
        .filter(|r| r.variant == Variant::Base)
        .cloned()
        .collect();
    // The base side is the plain run's games, seed for seed (only the header names the swap).
    for (b, plain) in base.iter().zip(full_run()) {
        assert_eq!(
            (b.seed, &b.seats, b.winner, b.turns),
            (plain.seed, &plain.seats, plain.winner, plain.turns)
        );
    }
    // The swapped side plays the same seeds, with no Merlin left in the RDF deck.
    for pair in records.chunks(2) {
        assert_eq!(pair[0].seed, pair[1].seed);
        assert_eq!(pair[1].variant, Variant::Swap);
        let rdf_seat = pair[1].seats.iter().position(|&e| e == 0).expect("seated");
        let merlins = |r: &GameRecord| {
            r.cards
                .iter()
                .any(|c| c.seat == rdf_seat && c.card == "Merlin-class Frigate")
        };
        assert!(merlins(&pair[0]) && !merlins(&pair[1]));
    }
    assert_ne!(
        records
            .iter()
            .filter(|r| r.variant == Variant::Swap)
            .map(|r| r.choices)
            .collect::<Vec<_>>(),
        base.iter().map(|r| r.choices).collect::<Vec<_>>(),
        "the swap changes games"
    );
    let report = Report::new(records).expect("report");
    let ab = report.swap.as_ref().expect("an A/B section");
    assert_eq!(ab.pairs, 20);
    assert_eq!(ab.entrants[0].before.wins, report.entrants[0].won.wins);
    // A swap that makes a deck illegal is refused with the rule it breaks.
    let falcon = db.by_name("Falcon-class Cruiser").expect("bundled").id;
    let military = db.by_name("Military Police Company").expect("bundled").id;
    let err = engine::simulate::swap_deck(&db, &sim.entrants[0].cards, military, falcon)
        .expect_err("six Falcons are too many (§2.1.2)");
    assert!(err.contains("Falcon-class Cruiser"), "{err}");
    snapshots().bind(|| insta::assert_snapshot!("report-swap", report.render()));
}

#[test]
fn a_round_robin_plays_every_pairing_and_merges_from_shards() {
    let decks = ["rdf-starter", "colonial-starter", "corporate-starter"];
    let whole = run(&league(&decks, 6, 2, Shard::ALL, true));
    assert_eq!(whole.len(), 18, "three pairings of six games");
    // Each pairing six times, each of its decks in seat 1 three times.
    for (a, b) in engine::simulate::pairings(3) {
        let games: Vec<&GameRecord> = whole
            .iter()
            .filter(|r| r.seats == [a, b] || r.seats == [b, a])
            .collect();
        assert_eq!(games.len(), 6, "pairing {a}-{b}");
        assert_eq!(games.iter().filter(|r| r.seats[0] == a).count(), 3);
    }
    let mut parts = Vec::new();
    for k in [2, 1] {
        parts.extend(run(&league(&decks, 6, 1, Shard { k, n: 2 }, true)));
    }
    let merged = record::merge(parts, true).expect("complete");
    assert_eq!(record::to_jsonl(&merged), record::to_jsonl(&whole));
    let report = Report::new(whole).expect("a report");
    let rr = report.round_robin.as_ref().expect("a round robin section");
    for i in 0..3 {
        for j in 0..3 {
            let Some(m) = rr.matchups[i][j] else {
                assert_eq!(i, j);
                continue;
            };
            let back = rr.matchups[j][i].expect("both ways");
            assert_eq!(m.games, 6);
            assert!(m.wins + back.wins <= 6);
        }
        // Each deck played its two pairings.
        assert_eq!(report.entrants[i].won.games, 12);
    }
    assert!(rr.ratings.iter().sum::<f64>().abs() < 1e-9);
    let text = report.render();
    for line in text.lines() {
        assert!(
            line.chars().count() <= 100,
            "wider than 100 columns: {line}"
        );
    }
    let charts = chart::draw(&report).expect("charts draw");
    let heat = charts
        .iter()
        .find(|(name, _)| *name == "round-robin.svg")
        .expect("a heat map");
    snapshots().bind(|| {
        insta::assert_snapshot!("round-robin", text);
        insta::assert_snapshot!("round-robin.svg", heat.1);
    });
}
