//! Legal choices that are complete (issue #41): in states sampled along sweep games of 2–5
//! commanders (the starter decks and generated decks holding the Station-wounding cards), no
//! choice of `engine::completeness`'s over-approximating generator that the rules accept is
//! missing from `legal_choices`. The converse — every listed choice is accepted — is held by
//! the sweeps themselves (a listed choice refused stops a sweep).
//!
//! In CI a bounded run; a long offline run sets `HB_COMPLETENESS_GAMES` (games per player
//! kind) and `HB_COMPLETENESS_EVERY` (sample one state in N), e.g.
//!
//! ```text
//! HB_COMPLETENESS_GAMES=50000 HB_COMPLETENESS_EVERY=97 \
//!     cargo test --release -p tests --test completeness -- --nocapture
//! ```
//!
//! docs/reliability.md records the runs.

use engine::sweep::{self, PlayerKind, Settings};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn every_choice_the_rules_accept_is_listed() {
    let pool = tests::station_wounding_sweep_pool();
    let games = env("HB_COMPLETENESS_GAMES", 30);
    let every = env("HB_COMPLETENESS_EVERY", 11).max(1);
    let mut sampled = 0u64;
    let mut choices = 0u64;
    let mut holes: Vec<String> = Vec::new();
    for player in [PlayerKind::Random, PlayerKind::Heuristic] {
        let settings = Settings {
            games,
            seed: 4141,
            min: 2,
            max: 5,
            turns: 30,
            player,
        };
        for index in 0..games {
            let plan = sweep::plan(&pool, &settings, index).expect("a plan");
            let mut game = sweep::new_game(&pool, &settings, &plan).expect("a game");
            let mut seats: Vec<_> = (0..plan.decks.len() as u64)
                .map(|seat| player.player(plan.seed, seat))
                .collect();
            let mut guard = engine::liveness::LoopGuard::new(&game);
            for _ in 0..5_000 {
                let Some(d) = game.decision() else { break };
                choices += 1;
                if choices.is_multiple_of(every) {
                    sampled += 1;
                    for c in engine::completeness::missing(&game) {
                        holes.push(format!(
                            "{} game {index} (seed {}), turn {}, deciding {}: {} may `{}` but it is not listed",
                            player.name(),
                            plan.seed,
                            game.turn(),
                            d.words(&game),
                            game.commander_name(d.who),
                            c.script(&game),
                        ));
                    }
                    if holes.len() >= 20 {
                        break;
                    }
                }
                let Some(c) = seats[d.who.0 as usize].choose(&game) else {
                    break;
                };
                game.play(d.who, c).expect("a listed choice is accepted");
                if guard.after_choice(&game).is_some() {
                    break;
                }
            }
        }
    }
    eprintln!(
        "completeness: {} games per player kind, {choices} choices, {sampled} states sampled, {} holes",
        games,
        holes.len()
    );
    assert!(sampled > 0, "no state was sampled");
    assert!(
        holes.is_empty(),
        "{} choices accepted but not listed:\n{}",
        holes.len(),
        holes.join("\n")
    );
}

/// The rulings are the engine's edge cases, written by hand: at every position of every
/// ruling's script (a Stoic Marine's last volley, a pursuit, a search, a window ...), every
/// choice the rules accept is listed. The Stoic Marine of `combat-stoic-chains` was listed
/// only `done` while its `fire` was accepted (issue #41).
#[test]
fn every_ruling_position_lists_what_the_rules_accept() {
    let pool = tests::ruling_pool();
    let mut positions = 0usize;
    let mut holes = Vec::new();
    for (name, text) in tests::ruling_files() {
        let ruling = engine::ruling::parse(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let Ok(mut session) = engine::ruling::Session::start(&ruling, pool.clone()) else {
            continue; // a ruling whose board the rules refuse: its snapshot says so
        };
        let script = text
            .lines()
            .enumerate()
            .skip_while(|(_, l)| l.trim_end() != "script:")
            .skip(1)
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|(i, l)| (i + 1, l.trim().to_string()))
            .collect::<Vec<_>>();
        let mut check = |session: &engine::ruling::Session, at: &str| {
            positions += 1;
            let g = session.game();
            for c in engine::completeness::missing(g) {
                holes.push(format!(
                    "{name}, {at}: `{}` is accepted but not listed",
                    c.script(g)
                ));
            }
        };
        check(&session, "at the start");
        for (line, step) in script {
            if session.play(&step, line).is_err() {
                break;
            }
            check(&session, &format!("after line {line}"));
        }
    }
    eprintln!(
        "completeness: {positions} ruling positions, {} holes",
        holes.len()
    );
    assert!(positions > 1_000, "only {positions} positions were checked");
    assert!(holes.is_empty(), "{}", holes.join("\n"));
}
