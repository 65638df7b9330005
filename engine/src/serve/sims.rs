//! The simulations pages: the games files under the folder (`/sims`, files ending `.jsonl`,
//! as `hullbreach simulate --out` writes them); one file's report and charts (`/sim?file=F`:
//! the text `hullbreach simulate` prints and the SVG charts `--chart` draws, both from
//! `simulate::report` and `simulate::chart`); and one game replayed step by step
//! (`/sim/game?file=F&game=I&step=N`: `replay::replay` plays it again with its seed, decks and
//! players, as `hullbreach replay` does; step N is the board after its first N choices).
//!
//! Stable ids for browser tests: `sims` (each `li` with `data-file`); `sim-report` (the
//! report's text), `sim-charts` (each chart a `figure` with `data-chart`), `sim-games` (each
//! game's link with `data-game`); on a game: `game-title`, `game-differs` (when the replay is
//! not the recorded game), the step links and `transcript` as on a ruling, and the board.

use std::path::Path;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State};
use axum::routing::get;
use axum::Router;
use maud::{html, Markup, PreEscaped};
use serde::Deserialize;

use super::rulings::{step_class, step_links, step_of};
use super::{board, layout, AppState, PageError};
use crate::simulate::record::{self, GameRecord, Variant};
use crate::simulate::{chart, report::Report};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/sims", get(list))
        .route("/sim", get(show))
        .route("/sim/game", get(game))
        .route("/sim/chart", get(chart_svg))
}

async fn list(State(state): State<AppState>) -> Markup {
    let files = state.root().find(".jsonl");
    layout::page(
        "Simulations",
        html! {
            h1 { "Simulations" }
            p { "Games files (" code { "hullbreach simulate --out FILE.jsonl" } ") under "
                code { (state.root().dir().display()) } }
            ul id="sims" {
                @for f in &files {
                    li data-file=(f) {
                        a href={ "/sim?file=" (PreEscaped(layout::query_value(f))) } { (f) }
                    }
                }
            }
        },
    )
}

#[derive(Deserialize)]
struct Open {
    #[serde(default)]
    file: String,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    step: Option<String>,
    #[serde(default)]
    chart: String,
}

fn open(
    query: Result<Query<Open>, axum::extract::rejection::QueryRejection>,
) -> Result<Open, PageError> {
    let Query(open) =
        query.map_err(|e| PageError::bad_request(format!("the address is not understood: {e}")))?;
    if open.file.is_empty() {
        return Err(PageError::bad_request(
            "name a games file: /sim?file=PATH (see /sims)",
        ));
    }
    Ok(open)
}

/// Every record of the games file `rel`, read as `hullbreach simulate merge` reads one
/// (regular files only, bounded, every record checked); errors name `rel`.
fn records(state: &AppState, rel: &str) -> Result<Vec<GameRecord>, PageError> {
    let path = state.root().resolve(rel)?;
    let in_words = |e: String| PageError::bad_request(relative(&e, &path, rel));
    cardlang::read::open_regular(&path).map_err(|e| in_words(e.to_string()))?;
    let mut records = Vec::new();
    let mut budget = record::MAX_MERGE_BYTES;
    record::read(&path, &mut records, &mut budget)
        .map_err(|e| in_words(games_file_problems(&e)))?;
    Ok(records)
}

/// A games file's problems as `hullbreach simulate merge` shows them: each line's diagnostic
/// (plain, no colour), then the summary.
fn games_file_problems(e: &record::GamesFileError) -> String {
    let (diags, source) = crate::diagnostics::games_file_diagnostics(e);
    let shown = cardlang::diag::render_all_human(
        &diags,
        std::slice::from_ref(&source),
        cardlang::diag::HumanStyle::PLAIN,
    );
    format!("{shown}{e}")
}

/// A message about the file at `path` naming it `rel`, as the page was asked for it.
fn relative(message: &str, path: &Path, rel: &str) -> String {
    message.replace(&path.display().to_string(), rel)
}

async fn show(
    State(state): State<AppState>,
    query: Result<Query<Open>, axum::extract::rejection::QueryRejection>,
) -> Result<Markup, PageError> {
    let open = open(query)?;
    let file = open.file.as_str();
    let records = records(&state, file)?;
    let games: Vec<(u64, Variant, String)> = records
        .iter()
        .map(|r| (r.index, r.variant, r.decks.join(" vs ")))
        .collect();
    let report =
        Report::new(records).map_err(|e| PageError::bad_request(format!("{file}: {e}")))?;
    let charts =
        chart::draw(&report).map_err(|e| PageError::bad_request(format!("{file}: {e}")))?;
    let link = layout::query_value(file);
    Ok(layout::page(
        "Simulation",
        html! {
            h1 { "Simulation: " code { (file) } }
            h2 { "Report" }
            pre id="sim-report" { (report.render()) }
            h2 { "Charts" }
            div id="sim-charts" {
                @for (name, _) in &charts {
                    // As images: whatever text a chart holds, no script in it can run.
                    figure data-chart=(name) {
                        img src={ "/sim/chart?file=" (PreEscaped(&link)) "&chart=" (name) } alt=(name);
                        figcaption { (name) }
                    }
                }
            }
            h2 { "Games" }
            ol id="sim-games" start="0" {
                @for (index, variant, decks) in &games {
                    li {
                        @if *variant == Variant::Base {
                            a data-game=(index) href={ "/sim/game?file=" (PreEscaped(&link)) "&game=" (index) } {
                                "game " (index) ": " (decks)
                            }
                        } @else {
                            "game " (index) " (the swapped side): " (decks)
                            " — replayed by " code { "hullbreach replay --swapped" }
                        }
                    }
                }
            }
        },
    ))
}

/// One chart of a games file's report, as the SVG `--chart` writes.
async fn chart_svg(
    State(state): State<AppState>,
    query: Result<Query<Open>, axum::extract::rejection::QueryRejection>,
) -> Result<axum::response::Response, PageError> {
    let open = open(query)?;
    let file = open.file.as_str();
    let report = Report::new(records(&state, file)?)
        .map_err(|e| PageError::bad_request(format!("{file}: {e}")))?;
    let charts =
        chart::draw(&report).map_err(|e| PageError::bad_request(format!("{file}: {e}")))?;
    let names: Vec<&str> = charts.iter().map(|(n, _)| *n).collect();
    let (_, svg) = charts
        .iter()
        .find(|(n, _)| *n == open.chart)
        .ok_or_else(|| {
            PageError::not_found(format!(
                "the report of {file} has no chart {:?}; its charts are {}",
                open.chart,
                names.join(", ")
            ))
        })?;
    Ok(layout::svg(svg.clone()))
}

/// The last few games replayed, so stepping through one does not play it again each time.
#[derive(Default)]
pub(super) struct Replays {
    kept: Mutex<Vec<(String, u64, Arc<Played>)>>,
}

/// How many replayed games are kept.
const KEPT: usize = 4;

/// A game played again, its transcript cut at each choice.
pub(super) struct Played {
    replayed: crate::replay::Replayed,
    /// Part 0: the events before the first choice; part k: choice k and its events.
    parts: Vec<String>,
    differs: Option<String>,
    title: String,
}

async fn game(
    State(state): State<AppState>,
    query: Result<Query<Open>, axum::extract::rejection::QueryRejection>,
) -> Result<Markup, PageError> {
    let open = open(query)?;
    let file = open.file.clone();
    let index: u64 = match open.game.as_deref() {
        Some(t) => t
            .parse()
            .map_err(|_| PageError::bad_request(format!("game {t:?} is not a game number")))?,
        None => return Err(PageError::bad_request("name a game: &game=N")),
    };
    let step = step_of(open.step.as_deref())?;
    let played = {
        let state = state.clone();
        let file = file.clone();
        tokio::task::spawn_blocking(move || replayed(&state, &file, index))
            .await
            .map_err(|_| PageError::bad_request("the replay stopped"))??
    };
    let steps = played.parts.len() - 1;
    if step > steps {
        return Err(PageError::bad_request(format!(
            "game {index} of {file} has {steps} choices, so its steps are 0 to {steps}: there is no step {step}"
        )));
    }
    let mut g = played.replayed.start.clone();
    for (who, choice) in played.replayed.end.history().iter().take(step) {
        if g.apply(*who, choice.clone()).is_err() {
            break;
        }
    }
    let base = format!("/sim/game?file={}&game={index}", layout::query_value(&file));
    Ok(layout::page(
        &played.title,
        html! {
            h1 id="game-title" { (played.title) }
            p { a href={ "/sim?file=" (PreEscaped(layout::query_value(&file))) } { "The run's report" } }
            @if let Some(d) = &played.differs {
                p id="game-differs" {
                    "This replay is not the recorded game (" (d) "): the pool or a deck changed since the run."
                }
            }
            (step_links(&base, step, steps))
            div.two {
                div { (board::draw(&g)) }
                div.transcript id="transcript" {
                    @for (k, part) in played.parts.iter().enumerate() {
                        pre data-step=(k) class=(step_class(k, step)) { (part) }
                    }
                }
            }
        },
    ))
}

/// Game `index` of the games file `file`, played again (or as it was kept).
fn replayed(state: &AppState, file: &str, index: u64) -> Result<Arc<Played>, PageError> {
    let replays = state.replays();
    if let Ok(kept) = replays.kept.lock() {
        if let Some((_, _, p)) = kept.iter().find(|(f, i, _)| f == file && *i == index) {
            return Ok(p.clone());
        }
    }
    let path = state.root().resolve(file)?;
    let record = record::find(&path, index, Variant::Base)
        .map_err(|e| PageError::bad_request(relative(&games_file_problems(&e), &path, file)))?;
    let decks = record
        .decks
        .iter()
        .map(|name| recorded_deck(state, name, index))
        .collect::<Result<Vec<_>, _>>()?;
    let replayed = crate::replay::replay(state.db().clone(), &record, decks)
        .map_err(|e| PageError::bad_request(format!("{file}: {e}")))?;
    let differs = crate::replay::differs(&record, &replayed);
    let parts = split_at_choices(&crate::replay::transcript(&replayed, true));
    let title = format!(
        "Game {index}: {}",
        record
            .decks
            .iter()
            .map(|d| record::shown(d))
            .collect::<Vec<_>>()
            .join(" vs ")
    );
    let played = Arc::new(Played {
        replayed,
        parts,
        differs,
        title,
    });
    if let Ok(mut kept) = replays.kept.lock() {
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((file.to_string(), index, played.clone()));
    }
    Ok(played)
}

/// A numbered transcript (`choice N> ...` before each choice's events) cut into its steps.
fn split_at_choices(transcript: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    for line in transcript.lines() {
        if line.starts_with("choice ") && line.contains("> ") {
            parts.push(String::new());
        }
        if let Some(last) = parts.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    parts
}

/// The deck a games file names: only `decks/NAME.txt` of the pool's card directory, and only
/// when it resolves inside that directory, as `hullbreach replay` looks it up; legal decks
/// only (§2.1).
fn recorded_deck(
    state: &AppState,
    name: &str,
    game: u64,
) -> Result<Vec<cardlang::ir::CardId>, PageError> {
    let refuse = |e: String| PageError::bad_request(format!("game {game}: {e}"));
    let real = record::recorded_deck_path(state.cards_dir(), name).map_err(|missing| {
        refuse(match missing {
            record::RecordedDeckMissing::Name(why) => why,
            record::RecordedDeckMissing::NoCardDirectory => format!(
                "names deck `{}`, and decks are looked up in the card directory's decks/: start the workbench with --cards DIR",
                record::shown(name)
            ),
            record::RecordedDeckMissing::NotThere(decks) => format!(
                "names deck `{}`, which is no decklist in {}",
                record::shown(name),
                decks.display()
            ),
        })
    })?;
    crate::deck::legal_file(&real, state.db()).map_err(|problem| match problem {
        crate::deck::DeckFileProblem::Unreadable(e) => refuse(e.to_string()),
        crate::deck::DeckFileProblem::Illegal(illegal) => refuse(format!(
            "deck `{}` is not a legal deck now ({} problems; `cardc deck check` names them)",
            record::shown(name),
            illegal.1.violations.len()
        )),
    })
}
