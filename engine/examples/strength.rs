//! Player strength (docs/players.md): `A` against `B` over N seeded two-commander games, seats
//! swapped every other game, the win rate of `A` with its 95% Wilson interval, and how many
//! games reached the turn cap. Until `hullbreach simulate` takes a player per seat, this is the
//! measurement behind the table in docs/players.md:
//!
//! `cargo run -p engine --example strength -- hullbreach.hbdb cards/decks/rdf-starter.txt
//! cards/decks/colonial-starter.txt 400 heuristic random`
//!
//! Deck A plays seat 1 in even games and seat 2 in odd ones; both decks are played by both
//! players equally often (the deck pair is swapped every four games).

use std::sync::Arc;

use engine::players::{play_out_checked, Player, Stop};
use engine::sweep::PlayerKind;
use engine::{CardDb, Config, Game, Outcome};

/// The player `kind` (`random`, `heuristic`, `search[:N]`) seated as every tool seats it.
fn player(kind: &str, game_seed: u64, seat: u64) -> Result<Box<dyn Player>, String> {
    Ok(PlayerKind::parse(kind)?.player(game_seed, seat))
}

fn wilson(k: u64, n: u64) -> (f64, f64) {
    let (k, n, z) = (k as f64, n as f64, 1.96);
    let p = k / n;
    let den = 1.0 + z * z / n;
    let mid = (p + z * z / (2.0 * n)) / den;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / den;
    (mid - half, mid + half)
}

fn run() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let [db, deck_a, deck_b, games, pa, pb] = a.as_slice() else {
        return Err("usage: strength DB DECK_A DECK_B GAMES PLAYER_A PLAYER_B".into());
    };
    let db = Arc::new(CardDb::load(db).map_err(|e| format!("{db}: {e}"))?);
    let load = |path: &String| -> Result<Vec<engine::ir::CardId>, String> {
        let bytes =
            engine::deck::read_deck_file(std::path::Path::new(path)).map_err(|e| e.to_string())?;
        let list = engine::deck::parse(&bytes);
        engine::deck::card_ids(&list, &db).ok_or_else(|| format!("{path}: unknown card"))
    };
    let decks = [load(deck_a)?, load(deck_b)?];
    let games: u64 = games.parse().map_err(|_| "GAMES is a number")?;
    let (mut wins_a, mut wins_b, mut caps, mut loops) = (0u64, 0u64, 0u64, 0u64);
    let started = std::time::Instant::now();
    for i in 0..games {
        // A sits in seat (i % 2); the deck pair flips every two games.
        let a_seat = (i % 2) as usize;
        let flip = (i / 2) % 2 == 1;
        let mut seats: Vec<(String, Vec<engine::ir::CardId>)> = Vec::new();
        let mut kinds = Vec::new();
        for seat in 0..2 {
            let is_a = seat == a_seat;
            let deck = &decks[usize::from(is_a == flip)];
            seats.push((format!("seat {}", seat + 1), deck.clone()));
            kinds.push(if is_a { pa } else { pb });
        }
        let mut g = Game::new(
            db.clone(),
            seats,
            Config {
                seed: i,
                max_turns: 100,
            },
        )
        .map_err(|e| e.to_string())?;
        let mut players = Vec::new();
        for (k, kind) in kinds.iter().enumerate() {
            players.push(player(kind, i, k as u64)?);
        }
        let (_, stop) = play_out_checked(&mut g, &mut players, 2_000_000);
        if matches!(stop, Stop::Loop(_) | Stop::Stuck(_)) {
            loops += 1;
        }
        match g.outcome() {
            Some(Outcome::Winner(w)) if w.0 as usize == a_seat => wins_a += 1,
            Some(Outcome::Winner(_)) => wins_b += 1,
            _ => caps += 1,
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let (lo, hi) = wilson(wins_a, games);
    println!(
        "{pa} vs {pb}: {games} games, {pa} won {wins_a} ({:.1}%, 95% Wilson {:.1}%..{:.1}%), {pb} won {wins_b}, {caps} at the 100-turn cap, {loops} stopped by a loop; {seconds:.0} s, {:.2} s a game",
        100.0 * wins_a as f64 / games as f64,
        100.0 * lo,
        100.0 * hi,
        seconds / games as f64
    );
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}
