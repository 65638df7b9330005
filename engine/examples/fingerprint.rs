//! Behaviour fingerprint and playout timing for engine refactors (docs/performance.md).
//!
//! - `fingerprint hash N` plays the first N games of a random-player sweep (seed 4242, 2–5
//!   commanders, 40 turns, the bundled pool with `tests/rulings/pool/eliminations.hb`) and
//!   prints one hash of every game's log and history; `heur N` does the same with heuristic
//!   players; a third argument prints each game's hash. A change that should not alter any game
//!   (a speed-up, a move of code) must leave both hashes as they were.
//! - `fingerprint time N` plays N seeded random games between the RDF and Colonial starter
//!   decks with nothing else (no invariants, no statistics), the loop to count instructions
//!   over with `valgrind --tool=callgrind` (`time 0` is the setup alone, to subtract);
//!   `playout N` plays the same games on the playout path (choices listed into one reused
//!   buffer, `Game::play`), the loop to count allocations over with `valgrind --tool=dhat`;
//!   `renew N` plays the same games again, each started in the storage of the one before
//!   (`Game::renew`, the decks lent, not copied): steady state, where the playout path should
//!   allocate nothing.
//!   `kinds N` plays the `renew` games and prints, for each kind of decision, how often it
//!   came and its mean time listing choices and applying one (timed around each call).
//!   `census N` plays the `renew` games and prints how long the lists inside events and the
//!   attachment lists grew: what their inline sizes are chosen from.
//!
//! The hash is std's `DefaultHasher`, stable for one toolchain: compare within one.
//! `cargo run --release -p engine --features cli --example fingerprint -- hash 400`
use cardlang::db::CardDb;
use engine::rng::Dice;
use engine::sweep::{self, PlayerKind, Pool, Settings};
use engine::{Config, Game};
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::Arc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(|s| s.as_str()).unwrap_or("hash");
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(300);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = cardlang::source::read_pool(&root.join("cards")).unwrap();
    let base = files.len();
    let path = root.join("tests/rulings/pool/eliminations.hb");
    files.push(cardlang::source::SourceFile::new(
        path.display().to_string(),
        std::fs::read_to_string(&path).unwrap(),
    ));
    let featured_names: Vec<String> = cardlang::compile(&files[base..])
        .cards
        .iter()
        .map(|c| c.name.clone())
        .collect();
    let comp = cardlang::compile(&files);
    let db = Arc::new(CardDb::new(comp.cards).unwrap());
    let deck = |name: &str| {
        let list =
            engine::deck::parse(&std::fs::read(root.join("cards/decks").join(name)).unwrap());
        let mut ids = Vec::new();
        for e in &list.entries {
            ids.extend(std::iter::repeat_n(
                db.by_name(&e.name).unwrap().id,
                e.count as usize,
            ));
        }
        ids
    };
    let starters: Vec<(String, Vec<_>)> = [
        "rdf-starter.txt",
        "colonial-starter.txt",
        "corporate-starter.txt",
    ]
    .iter()
    .map(|n| (n.to_string(), deck(n)))
    .collect();
    // Seed `seed`'s game between the RDF and Colonial starters, in `last`'s storage when there
    // is one (`Game::renew`, the decks lent), else new.
    let starter_game = |last: Option<Game>, seed: u64| {
        let config = Config {
            seed,
            max_turns: 100,
        };
        match last {
            Some(mut g) => {
                let decks = [("A", &starters[0].1[..]), ("B", &starters[1].1[..])];
                g.renew(db.clone(), &decks, config).unwrap();
                g
            }
            None => Game::new(
                db.clone(),
                vec![
                    ("A".into(), starters[0].1.clone()),
                    ("B".into(), starters[1].1.clone()),
                ],
                config,
            )
            .unwrap(),
        }
    };
    if mode == "kinds" {
        let mut buf = Vec::new();
        let mut tab: std::collections::BTreeMap<String, (u64, f64, f64)> = Default::default();
        let mut g: Option<Game> = None;
        for seed in 0..n {
            let mut game = starter_game(g.take(), seed);
            let mut dice = Dice::new(seed ^ 0x5eed);
            while let Some(d) = game.decision() {
                // A developer's table: the kind's Debug name up to its fields.
                let name = match d.kind {
                    engine::DecisionKind::Combat(s) => format!("Combat {s:?}"),
                    k => format!("{k:?}"),
                };
                let name = name.split([' ', '{']).take(2).collect::<Vec<_>>().join(" ");
                let t0 = std::time::Instant::now();
                game.legal_choices_into(&mut buf);
                let t1 = std::time::Instant::now();
                if buf.is_empty() {
                    break;
                }
                let k = dice.below(buf.len() as u32) as usize;
                game.play(d.who, buf.swap_remove(k)).unwrap();
                let t2 = std::time::Instant::now();
                let e = tab.entry(name).or_default();
                e.0 += 1;
                e.1 += (t1 - t0).as_secs_f64();
                e.2 += (t2 - t1).as_secs_f64();
            }
            g = Some(game);
        }
        let total: f64 = tab.values().map(|e| e.1 + e.2).sum();
        let count: u64 = tab.values().map(|e| e.0).sum();
        println!(
            "{count} decisions, {:.3} us each",
            total * 1e6 / count as f64
        );
        for (k, (c, l, a)) in &tab {
            println!(
                "{k:40} {c:8} {:5.1}% legal {:6.3} us apply {:6.3} us  share {:5.1}%",
                *c as f64 * 100.0 / count as f64,
                l * 1e6 / *c as f64,
                a * 1e6 / *c as f64,
                (l + a) * 100.0 / total
            );
        }
        return;
    }
    if mode == "census" {
        // How long the lists inside events and cards grow in the `renew` games: what their
        // inline sizes are chosen from (docs/performance.md). `field length: count`.
        let mut buf = Vec::new();
        let mut census: std::collections::BTreeMap<(&str, usize), u64> = Default::default();
        let mut g: Option<Game> = None;
        for seed in 0..n {
            let mut game = starter_game(g.take(), seed);
            let mut dice = Dice::new(seed ^ 0x5eed);
            let mut aboard = 0;
            while let Some(d) = game.decision() {
                game.legal_choices_into(&mut buf);
                if buf.is_empty() {
                    break;
                }
                let k = dice.below(buf.len() as u32) as usize;
                game.play(d.who, buf.swap_remove(k)).unwrap();
                let most = game.instances().iter().map(|x| x.attachments.len());
                aboard = aboard.max(most.max().unwrap_or(0));
            }
            *census
                .entry(("most aboard one host in a game", aboard))
                .or_default() += 1;
            for e in game.log() {
                let mut count = |field, len| *census.entry((field, len)).or_default() += 1;
                match e {
                    engine::Event::VolleyRolled {
                        statics,
                        bonus,
                        dice,
                        ..
                    } => {
                        count("VolleyRolled.statics", statics.len());
                        count("VolleyRolled.bonus", bonus.len());
                        count("VolleyRolled.dice", dice.len());
                    }
                    engine::Event::VolleyFired { fire, .. } => {
                        count("VolleyFired.fire", fire.len())
                    }
                    engine::Event::BoardingBegan {
                        boarders,
                        defenders,
                        ..
                    } => {
                        count("BoardingBegan.boarders", boarders.len());
                        count("BoardingBegan.defenders", defenders.len());
                    }
                    engine::Event::Drew { cards, .. } => count("Drew.cards", cards.len()),
                    _ => {}
                }
            }
            g = Some(game);
        }
        for ((field, len), c) in &census {
            println!("{field:32} {len:3}: {c}");
        }
        return;
    }
    if mode == "time" || mode == "playout" || mode == "renew" {
        // `playout`: the playout path (a reused choice buffer, `play` collecting no events);
        // `renew`: the same, every game in the last one's storage.
        let playout = mode != "time";
        let mut buf = Vec::new();
        let mut decisions = 0u64;
        let mut last: Option<Game> = None;
        let t = std::time::Instant::now();
        for seed in 0..n {
            let mut g = starter_game(last.take().filter(|_| mode == "renew"), seed);
            let mut dice = Dice::new(seed ^ 0x5eed);
            while let Some(d) = g.decision() {
                if playout {
                    g.legal_choices_into(&mut buf);
                    if buf.is_empty() {
                        break;
                    }
                    let k = dice.below(buf.len() as u32) as usize;
                    g.play(d.who, buf.swap_remove(k)).unwrap();
                } else {
                    let mut c = g.legal_choices();
                    if c.is_empty() {
                        break;
                    }
                    let k = dice.below(c.len() as u32) as usize;
                    g.apply(d.who, c.swap_remove(k)).unwrap();
                }
                decisions += 1;
            }
            last = Some(g);
        }
        let el = t.elapsed();
        println!(
            "{n} games, {decisions} decisions, {:.3} us/decision",
            el.as_secs_f64() * 1e6 / decisions as f64
        );
        return;
    }
    let featured = featured_names
        .iter()
        .filter_map(|n| db.by_name(n).map(|c| c.id))
        .collect();
    let pool = Pool {
        db: db.clone(),
        starters,
        featured,
    };
    let player = if mode == "heur" {
        PlayerKind::Heuristic
    } else {
        PlayerKind::Random
    };
    let s = Settings {
        games: n,
        seed: 4242,
        min: 2,
        max: 5,
        turns: 40,
        player,
    };
    let mut all = std::collections::hash_map::DefaultHasher::new();
    let mut choices = 0;
    for i in 0..n {
        let p = sweep::plan(&pool, &s, i).unwrap();
        let played = sweep::play(&pool, &s, &p).unwrap();
        if let Some(b) = &played.broken {
            println!("game {i}: BROKEN {b}");
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        played.game.log_json().hash(&mut h);
        format!("{:?}", played.game.history()).hash(&mut h);
        let v = h.finish();
        v.hash(&mut all);
        choices += played.choices;
        if args.get(3).is_some() {
            println!("{i} {v:016x}");
        }
    }
    println!(
        "{mode} {n} games, {choices} choices, fingerprint {:016x}",
        all.finish()
    );
}
