//! The Play page's answer time (issue #45): a person's choice to the next state ready to draw —
//! the choice applied, a search:100 computer seat answering until it is the person's turn again,
//! then the board as the page reads it (`table::view`, the computer's hand hidden), the person's
//! choices in words and the transcript as the person sees it — on the bundled starter decks.
//! The target is within 150 ms at the 95th percentile.
//!
//! Divan measures one choice from fixed positions (`choice_to_render`); before it, `main` plays
//! whole games and prints the spread of every person's choice along them (p50, p95, max), the
//! figure the target is about, since positions differ far more than runs of one position.
//!
//! Run with `cargo bench -p engine --features cli --bench play`; figures go in
//! docs/performance.md.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::sweep::PlayerKind;
use engine::table::{load_deck, Seat, Table};
use engine::CardDb;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn pool() -> Arc<CardDb> {
    let files = cardlang::source::read_pool(&root().join("cards")).expect("the bundled pool");
    let comp = cardlang::compile(&files);
    assert!(!comp.has_errors(), "the bundled pool compiles");
    Arc::new(CardDb::new(comp.cards).expect("a valid database"))
}

fn table(db: &Arc<CardDb>, seed: u64) -> Table {
    let decks = ["rdf-starter", "colonial-starter"]
        .iter()
        .map(|n| {
            let path = root().join("cards/decks").join(format!("{n}.txt"));
            (n.to_string(), load_deck(db, &path).expect("a legal deck"))
        })
        .collect();
    let search = Seat::Computer(PlayerKind::Search { budget: 100 });
    Table::from_decks(db.clone(), decks, vec![Seat::Person, search], seed).expect("a table")
}

/// The person's choice at a position: deterministic, wandering through the list.
fn pick(t: &Table) -> Option<(usize, String)> {
    let choices = t.choices();
    let k = (t.moves() * 7) % choices.len().max(1);
    choices.into_iter().nth(k).map(|c| (k, c))
}

/// One choice and everything a page draws after it; returns something of it so nothing is
/// optimised away.
fn choose_and_render(t: &mut Table, k: usize, line: &str) -> usize {
    t.choose(t.moves(), k, line).expect("a listed choice");
    let board = t.board();
    let choices = t.choices();
    board.seats.len() + choices.len() + t.seen_transcript().len() + t.status().len()
}

/// The games `main` times: seeds, and at most this many person choices each.
const SEEDS: std::ops::Range<u64> = 1..6;
const PER_GAME: usize = 40;

fn spread(db: &Arc<CardDb>) {
    let mut times: Vec<Duration> = Vec::new();
    for seed in SEEDS {
        let mut t = table(db, seed);
        for _ in 0..PER_GAME {
            let Some((k, line)) = pick(&t) else { break };
            let start = Instant::now();
            divan::black_box(choose_and_render(&mut t, k, &line));
            times.push(start.elapsed());
        }
    }
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "choice to rendered state, search:100 answering, {} choices over {} games: \
         p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        times.len(),
        SEEDS.count(),
        ms(at(0.5)),
        ms(at(0.95)),
        ms(at(1.0)),
    );
}

fn main() {
    spread(&pool());
    divan::main();
}

/// One choice from the position after `n` person choices of the seed-1 game.
#[divan::bench(args = [0, 5, 10])]
fn choice_to_render(b: divan::Bencher, n: usize) {
    let db = pool();
    b.with_inputs(|| {
        let mut t = table(&db, 1);
        for _ in 0..n {
            let Some((k, line)) = pick(&t) else { break };
            t.choose(t.moves(), k, &line).expect("a listed choice");
        }
        let (k, line) = pick(&t).expect("the game goes on");
        (t, k, line)
    })
    .bench_local_values(|(mut t, k, line)| choose_and_render(&mut t, k, &line));
}
