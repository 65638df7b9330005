//! The Play page (issue #45): a game from decks or from a ruling or moment under the folder,
//! each seat a person or a computer player; the board, the person's legal choices as buttons
//! worded as script lines, the transcript beside the table, and "save this moment as a ruling".
//! Board and transcript show what the persons at the table may see (`Table::board`,
//! `Table::seen_transcript`): a computer seat's hand and face-down cards stay hidden.
//!
//! The game itself is an [`engine::table::Table`](crate::table::Table): this module only draws
//! it and carries a person's clicks to it, so the engine decides every choice's legality. Each
//! game has its own id in its address (`/play/ID`), so games in different tabs never meet;
//! at most [`MAX_TABLES`] are kept, the one used longest ago dropped first, so memory stays
//! bounded however many games are started.
//!
//! Stable ids for browser tests: on the start page `start` (the form), `from-decks`,
//! `from-ruling`, `deck-1`.. `deck-5`, `ruling`, `seat-1`.. `seat-5`, `seed`, `start-game`; on a
//! table `status`, `board` (drawn by `board.rs`, with its ids), `choices` with `choice-K` (K from 1),
//! `transcript`, `save` with `save-name` and `save-button`, `notice` (a refusal or what was
//! saved).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::extract::{Path as UrlPath, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{html, Markup, PreEscaped};

use super::{layout, AppState, PageError, MAX_FILE_BYTES};
use crate::ids::PlayerId;
use crate::table::{Seat, Table};

/// How many games are kept at once; starting one more drops the one used longest ago.
pub const MAX_TABLES: usize = 64;

/// The most seats a game has (`simulate::limits::COMMANDERS`).
const MAX_SEATS: usize = 5;

/// The games open in the tabs: this module's own state, one per server.
#[derive(Default)]
pub(super) struct Tables {
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    /// Each game by its id, with when it was last used (a counter, not a clock).
    tables: BTreeMap<String, (Arc<Mutex<Table>>, u64)>,
    uses: u64,
}

impl Tables {
    fn open(&self) -> MutexGuard<'_, Open> {
        // A page that panicked holding the lock left the map whole (every change is one insert
        // or remove), so it is still good to use.
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps `table` under a fresh id, dropping the game used longest ago when full.
    fn insert(&self, table: Table) -> String {
        let id = super::session_id();
        let mut open = self.open();
        while open.tables.len() >= MAX_TABLES {
            let Some(oldest) = open
                .tables
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(id, _)| id.clone())
            else {
                break;
            };
            open.tables.remove(&oldest);
        }
        open.uses += 1;
        let used = open.uses;
        open.tables
            .insert(id.clone(), (Arc::new(Mutex::new(table)), used));
        id
    }

    fn get(&self, id: &str) -> Result<Arc<Mutex<Table>>, PageError> {
        let mut open = self.open();
        open.uses += 1;
        let used = open.uses;
        match open.tables.get_mut(id) {
            Some((t, u)) => {
                *u = used;
                Ok(t.clone())
            }
            None => Err(PageError::not_found(format!(
                "there is no game {id} open: games are kept while the server runs, the {MAX_TABLES} \
                 used most recently; start another from the Play page"
            ))),
        }
    }

    /// How many games are open (for the tests of the bound).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.open().tables.len()
    }
}

fn lock(t: &Mutex<Table>) -> MutexGuard<'_, Table> {
    // A table is changed only by `Table::choose`, which changes nothing on a refusal.
    t.lock().unwrap_or_else(|e| e.into_inner())
}

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/play", get(start_page))
        .route("/play/new", post(new_game))
        .route("/play/{id}", get(table_page))
        .route("/play/{id}/choose", post(choose))
        .route("/play/{id}/save", post(save))
}

/// The seat kinds the start form offers; a `search:N` of another budget may be typed in.
const KINDS: [&str; 5] = [
    "person",
    "heuristic",
    "search:100",
    "random",
    "heuristic-v1",
];

async fn start_page(State(state): State<AppState>) -> Markup {
    start_form_of(&state, None)
}

/// The start form over the folder's decklists (`.txt` files in a `decks/` folder) and its
/// rulings and moments, with a refusal if there is one.
fn start_form_of(state: &AppState, refused: Option<&str>) -> Markup {
    let root = state.root();
    let decks: Vec<String> = root
        .find(".txt")
        .into_iter()
        .filter(|p| p.starts_with("decks/") || p.contains("/decks/"))
        .collect();
    start_form(&decks, &root.find(".ruling"), refused)
}

fn start_form(decks: &[String], rulings: &[String], problem: Option<&str>) -> Markup {
    layout::page(
        "Play",
        html! {
            h1 { "Play" }
            @if let Some(p) = problem {
                p id="notice" class="refused" { (p) }
            }
            form id="start" method="post" action="/play/new" {
                fieldset {
                    legend { "Start from" }
                    label { input type="radio" id="from-decks" name="from" value="decks" checked; " decks" }
                    label { input type="radio" id="from-ruling" name="from" value="ruling"; " a ruling or moment" }
                }
                fieldset {
                    legend { "Decks (one per seat; leave the rest empty)" }
                    @for k in 1..=MAX_SEATS {
                        label {
                            "Seat " (k) " "
                            select id=(format!("deck-{k}")) name=(format!("deck{k}")) {
                                option value="" selected[k > 2] { "—" }
                                @for (j, d) in decks.iter().enumerate() {
                                    option value=(d) selected[k <= 2 && j == (k - 1) % decks.len().max(1)] { (d) }
                                }
                            }
                        }
                    }
                }
                fieldset {
                    legend { "Ruling or moment" }
                    select id="ruling" name="ruling" {
                        option value="" { "—" }
                        @for r in rulings {
                            option value=(r) { (r) }
                        }
                    }
                }
                fieldset {
                    legend { "Seats: person, random, heuristic, heuristic-v1 or search:N" }
                    @for k in 1..=MAX_SEATS {
                        label {
                            "Seat " (k) " "
                            input id=(format!("seat-{k}")) name=(format!("seat{k}")) list="kinds"
                                value=(if k == 1 { "person" } else { "heuristic" });
                        }
                    }
                    datalist id="kinds" {
                        @for kind in KINDS { option value=(kind) {} }
                    }
                }
                label { "Seed " input id="seed" name="seed" value="1" inputmode="numeric"; }
                button id="start-game" type="submit" { "Start the game" }
            }
        },
    )
}

/// The start form's fields, as pairs (seats and decks are numbered).
type Fields = Vec<(String, String)>;

fn field<'a>(fields: &'a Fields, name: &str) -> &'a str {
    fields
        .iter()
        .find(|(k, _)| k == name)
        .map_or("", |(_, v)| v.trim())
}

async fn new_game(State(state): State<AppState>, Form(fields): Form<Fields>) -> Response {
    let refused =
        |why: String| (StatusCode::BAD_REQUEST, start_form_of(&state, Some(&why))).into_response();
    let seed = match field(&fields, "seed") {
        "" => 0,
        s => match s.parse::<u64>() {
            Ok(n) => n,
            Err(_) => return refused(format!("the seed is a whole number from 0, not `{s}`")),
        },
    };
    let mut seats = Vec::new();
    for k in 1..=MAX_SEATS {
        let text = field(&fields, &format!("seat{k}"));
        seats.push(if text.is_empty() {
            Seat::Person
        } else {
            match Seat::parse(text) {
                Ok(s) => s,
                Err(e) => return refused(format!("seat {k}: {e}")),
            }
        });
    }
    let db = state.db().clone();
    let built = match field(&fields, "from") {
        "ruling" => {
            let rel = field(&fields, "ruling");
            if rel.is_empty() {
                return refused("choose a ruling or moment to start from".into());
            }
            let text = match state.root().read_text(rel, MAX_FILE_BYTES) {
                Ok(t) => t,
                Err(e) => return refused(e.what),
            };
            // Seats past the ruling's commanders are the form's unused ones.
            let rel = rel.to_string();
            blocking(move || Table::from_ruling(db, &text, &rel, seats, seed)).await
        }
        "decks" | "" => {
            let mut decks = Vec::new();
            let mut used = Vec::new();
            for k in 1..=MAX_SEATS {
                let rel = field(&fields, &format!("deck{k}"));
                if rel.is_empty() {
                    continue;
                }
                let path = match state.root().resolve(rel) {
                    Ok(p) => p,
                    Err(e) => return refused(format!("seat {k}: {}", e.what)),
                };
                let cards = match crate::table::load_deck(&db, &path) {
                    Ok(c) => c,
                    Err(e) => {
                        return refused(format!(
                            "seat {k}: {}",
                            e.replace(&*path.to_string_lossy(), rel)
                        ))
                    }
                };
                let stem = rel.rsplit('/').next().unwrap_or(rel);
                decks.push((stem.trim_end_matches(".txt").to_string(), cards));
                used.push(seats[k - 1]);
            }
            if !(2..=MAX_SEATS).contains(&decks.len()) {
                return refused(format!(
                    "a game is 2 to {MAX_SEATS} decks; {} chosen",
                    decks.len()
                ));
            }
            blocking(move || Table::from_decks(db, decks, used, seed)).await
        }
        other => return refused(format!("start from decks or a ruling, not `{other}`")),
    };
    match built {
        Ok(table) => {
            let id = state.play().insert(table);
            Redirect::to(&format!("/play/{id}")).into_response()
        }
        Err(e) => refused(e),
    }
}

/// Runs a table's work (a game's start, a choice with the computer seats' answers, a save) off
/// the server's event loop: a search player may think for a while.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, String> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|_| Err("the game's work stopped unexpectedly; nothing was changed".into()))
}

#[derive(serde::Deserialize)]
struct Shown {
    saved: Option<String>,
}

async fn table_page(
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
    Query(shown): Query<Shown>,
) -> Result<Markup, PageError> {
    let t = state.play().get(&id)?;
    let notice = shown
        .saved
        .map(|name| (false, format!("this moment was saved as {name}")));
    let table = lock(&t);
    Ok(table_markup(&id, &table, notice.as_ref()))
}

#[derive(serde::Deserialize)]
struct Chosen {
    moves: usize,
    index: usize,
    line: String,
}

async fn choose(
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
    Form(c): Form<Chosen>,
) -> Result<Response, PageError> {
    let t = state.play().get(&id)?;
    let worker = t.clone();
    let result = blocking(move || lock(&worker).choose(c.moves, c.index, &c.line)).await;
    Ok(match result {
        Ok(()) => Redirect::to(&format!("/play/{id}")).into_response(),
        Err(why) => {
            let table = lock(&t);
            (
                StatusCode::CONFLICT,
                table_markup(&id, &table, Some(&(true, why))),
            )
                .into_response()
        }
    })
}

#[derive(serde::Deserialize)]
struct SaveAs {
    name: String,
}

/// A saved ruling's file name: one plain name in the folder itself (no `/`, no `..`, no hidden
/// name), `.ruling` added when it is missing.
fn ruling_file_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("give the ruling a file name".into());
    }
    if name.len() > 120 {
        return Err("the file name is longer than 120 bytes".into());
    }
    if name.contains('/') || name.contains('\\') || name.contains("..") {
        return Err(format!(
            "`{name}`: a saved ruling's name is one file name in the workbench's folder (no `/`, \
             no `..`)"
        ));
    }
    if name.starts_with('.') || name.chars().any(char::is_control) {
        return Err(format!(
            "`{name}`: a file name may not start with `.` or hold control characters"
        ));
    }
    Ok(if name.ends_with(".ruling") {
        name.to_string()
    } else {
        format!("{name}.ruling")
    })
}

async fn save(
    State(state): State<AppState>,
    UrlPath(id): UrlPath<String>,
    Form(s): Form<SaveAs>,
) -> Result<Response, PageError> {
    let t = state.play().get(&id)?;
    let dir = state.root().dir().to_path_buf();
    let worker = t.clone();
    let result = blocking(move || {
        let name = ruling_file_name(&s.name)?;
        let written = lock(&worker).save_as_ruling()?;
        cardlang::write::write_new(&dir.join(&name), written.text.as_bytes()).map_err(|e| {
            match e {
                cardlang::write::WriteError::Exists { .. } => {
                    format!("{name} already exists in the workbench's folder: not replaced; give another name")
                }
                other => format!("{name} was not written: {other}"),
            }
        })?;
        Ok(name)
    })
    .await;
    Ok(match result {
        Ok(name) => Redirect::to(&format!("/play/{id}?saved={}", layout::query_value(&name)))
            .into_response(),
        Err(why) => {
            let table = lock(&t);
            (
                StatusCode::CONFLICT,
                table_markup(&id, &table, Some(&(true, why))),
            )
                .into_response()
        }
    })
}

/// A table's page; `notice` is a refusal (`true`) or news (`false`).
fn table_markup(id: &str, t: &Table, notice: Option<&(bool, String)>) -> Markup {
    let choices = t.choices();
    layout::page(
        "Play",
        html! {
            style { (PreEscaped(PLAY_CSS)) }
            h1 { "Play" }
            @if let Some((refused, words)) = notice {
                p id="notice" class=(if *refused { "refused" } else { "saved" }) { (words) }
            }
            p id="status" data-moves=(t.moves()) data-over=(t.game().decision().is_none()) { (t.status()) }
            div class="play" {
                div class="table" {
                    p class="seats" {
                        "Turn " (t.game().turn()) ". Seats: "
                        @for (k, seat) in t.seats().iter().enumerate() {
                            @if k > 0 { ", " }
                            (t.game().commander_name(PlayerId(k as u8))) " — " (seat.name())
                        }
                    }
                    // The one drawing of a board, the rulings' and simulations' pages' too; a
                    // computer seat's hidden cards are hidden while a person plays it and the
                    // game goes on (`Table::hides`).
                    (super::board::draw_board(&t.board()))
                }
                aside class="side" {
                    @if !choices.is_empty() {
                        h2 { "Your choices" }
                        ol id="choices" class="choices" {
                            @for (k, line) in choices.iter().enumerate() {
                                li {
                                    form method="post" action=(format!("/play/{id}/choose")) {
                                        input type="hidden" name="moves" value=(t.moves());
                                        input type="hidden" name="index" value=(k);
                                        input type="hidden" name="line" value=(line);
                                        button id=(format!("choice-{}", k + 1)) type="submit" { (line) }
                                    }
                                }
                            }
                        }
                    }
                    form id="save" method="post" action=(format!("/play/{id}/save")) {
                        label { "Save this moment as a ruling: " input id="save-name" name="name" placeholder="my-moment.ruling"; }
                        button id="save-button" type="submit" { "Save" }
                    }
                    h2 { "Transcript" }
                    pre id="transcript" class="transcript" { (t.seen_transcript()) }
                    // The latest lines are the ones a person reads after a choice.
                    script { (PreEscaped("document.getElementById('transcript').scrollTop = 1e9;")) }
                }
            }
        },
    )
}

/// The table's own layout: the board beside the choices and transcript, cards in rows.
const PLAY_CSS: &str = "\
.play { display: flex; gap: 1.5em; align-items: flex-start; }
.play .table { flex: 3; min-width: 0; }
.play .side { flex: 2; min-width: 22em; position: sticky; top: 0.5em; }
.play .choices { padding-left: 1.5em; max-height: 22em; overflow-y: auto; }
.play .choices button { text-align: left; margin: 1px 0; }
.play .transcript { max-height: 30em; overflow-y: auto; font-size: 0.75em; }
#notice.refused { color: #a01010; font-weight: 600; }
#notice.saved { color: #176b32; font-weight: 600; }
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_rulings_name_is_one_plain_file_name() {
        assert_eq!(ruling_file_name("moment").as_deref(), Ok("moment.ruling"));
        assert_eq!(ruling_file_name(" a.ruling ").as_deref(), Ok("a.ruling"));
        for bad in ["", "../x", "a/b", "..", ".hidden", "a\\b", "x\ny"] {
            assert!(ruling_file_name(bad).is_err(), "{bad:?}");
        }
        let long = "x".repeat(121);
        assert!(ruling_file_name(&long).is_err());
    }

    fn table() -> Table {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let files = cardlang::source::read_pool(&root.join("cards")).expect("the pool");
        let comp = cardlang::compile(&files);
        let db = Arc::new(crate::CardDb::new(comp.cards).expect("a database"));
        let decks = ["rdf-starter", "colonial-starter"]
            .iter()
            .map(|n| {
                let path = root.join("cards/decks").join(format!("{n}.txt"));
                let cards = crate::table::load_deck(&db, &path).expect("a deck");
                (n.to_string(), cards)
            })
            .collect();
        Table::from_decks(db, decks, vec![Seat::Person, Seat::Person], 1).expect("a table")
    }

    /// However many games are started, at most `MAX_TABLES` are kept, and the one dropped is
    /// the one used longest ago: a game in use is never the one to go.
    #[test]
    fn open_games_are_bounded_and_the_least_recently_used_goes() {
        let tables = Tables::default();
        let first = tables.insert(table());
        let second = tables.insert(table());
        for _ in 2..MAX_TABLES {
            tables.insert(table());
        }
        assert_eq!(tables.len(), MAX_TABLES);
        // The first is used again, so the second is now the oldest.
        tables.get(&first).expect("still open");
        tables.insert(table());
        assert_eq!(tables.len(), MAX_TABLES);
        assert!(tables.get(&first).is_ok());
        let gone = tables.get(&second).err().expect("dropped");
        assert!(gone.what.contains("start another"), "{}", gone.what);
    }
}
