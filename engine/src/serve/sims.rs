//! The simulations pages: the games files under the folder (`/sims`, files ending `.jsonl`,
//! as `hullbreach simulate --out` writes them); one file's report and charts (`/sim?file=F`:
//! the text `hullbreach simulate` prints and the SVG charts `--chart` draws, both from
//! `simulate::report` and `simulate::chart`); and one game replayed step by step
//! (`/sim/game?file=F&game=I&step=N`: `replay::replay` plays it again with its seed, decks and
//! players, as `hullbreach replay` does; step N is the board after its first N choices). In an
//! A/B run (`simulate --swap`) every game was played twice; `&side=swapped` is the twin with
//! the swap made, its decks dealt by `replay::dealt` as `hullbreach replay --swapped` deals
//! them, and each side's page links to the other.
//!
//! Stable ids for browser tests: `sims` (each `li` with `data-file`); `sim-report` (the
//! report's text), `sim-charts` (each chart a `figure` with `data-chart`), `sim-games` (each
//! game's link with `data-game` and `data-side`, `base` or `swapped`); on a game:
//! `game-title`, `game-twin` (in an A/B run, the link to the other side), `game-differs` (when
//! the replay is not the recorded game), the step links and `transcript` as on a ruling, and
//! the board.

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
    side: Option<String>,
    #[serde(default)]
    chart: String,
}

/// The side of an A/B game an address names: `side=base` (or none) or `side=swapped`.
fn side_of(text: Option<&str>) -> Result<Variant, PageError> {
    match text {
        None | Some("base") => Ok(Variant::Base),
        Some("swapped") => Ok(Variant::Swap),
        Some(other) => Err(PageError::bad_request(format!(
            "side `{}` is not a side of an A/B game: base or swapped",
            record::shown(other)
        ))),
    }
}

/// A side as an address names it.
fn side_word(variant: Variant) -> &'static str {
    match variant {
        Variant::Base => "base",
        Variant::Swap => "swapped",
    }
}

/// What a run's swap `Old=New` does, in the report's words.
fn swap_words(swap: &str) -> String {
    match record::swap_names(swap) {
        Some((old, new)) => format!(
            "every `{}` replaced by `{}`",
            record::shown(old),
            record::shown(new)
        ),
        None => format!("the swap `{}`", record::shown(swap)),
    }
}

/// The address of a game's page on one side, at its first step.
fn game_address(file: &str, index: u64, variant: Variant) -> String {
    let side = match variant {
        Variant::Base => String::new(),
        Variant::Swap => format!("&side={}", side_word(variant)),
    };
    format!(
        "/sim/game?file={}&game={index}{side}",
        layout::query_value(file)
    )
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
        .map(|r| {
            let decks: Vec<String> = r.decks.iter().map(|d| record::shown(d)).collect();
            (r.index, r.variant, decks.join(" vs "))
        })
        .collect();
    let swap = records.first().and_then(|r| r.run.swap.clone());
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
            @if let Some(swap) = &swap {
                p { "An A/B run: each game was played twice, on the base side with the decks as given and on the swapped side with "
                    (swap_words(swap)) ", from the same seed." }
            }
            ul id="sim-games" {
                @for (index, variant, decks) in &games {
                    li {
                        a data-game=(index) data-side=(side_word(*variant)) href=(game_address(file, *index, *variant)) {
                            "game " (index)
                            @if swap.is_some() { ", the " (side_word(*variant)) " side" }
                            ": " (decks)
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
    kept: Mutex<Vec<(Kept, Arc<Played>)>>,
}

/// Which game a kept replay is: its file, its index and its side.
type Kept = (String, u64, Variant);

/// How many replayed games are kept.
const KEPT: usize = 4;

/// A game played again, its transcript cut at each choice.
pub(super) struct Played {
    replayed: crate::replay::Replayed,
    /// Part 0: the events before the first choice; part k: choice k and its events.
    parts: Vec<String>,
    differs: Option<String>,
    title: String,
    /// In an A/B run, the other side of the game and the link's words.
    twin: Option<(Variant, String)>,
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
    let variant = side_of(open.side.as_deref())?;
    let played = {
        let state = state.clone();
        let file = file.clone();
        tokio::task::spawn_blocking(move || replayed(&state, &file, index, variant))
            .await
            .map_err(|_| {
                PageError::internal(format!(
                    "the replay of game {index} stopped on a fault in the workbench itself, \
                     not in the request; the games file is unchanged"
                ))
            })??
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
    let base = game_address(&file, index, variant);
    Ok(layout::page(
        &played.title,
        html! {
            h1 id="game-title" { (played.title) }
            p { a href={ "/sim?file=" (PreEscaped(layout::query_value(&file))) } { "The run's report" } }
            @if let Some(twin) = &played.twin {
                p { a id="game-twin" href=(game_address(&file, index, twin.0)) { (twin.1) } }
            }
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

/// Game `index` of the games file `file` on side `variant`, played again (or as it was kept).
fn replayed(
    state: &AppState,
    file: &str,
    index: u64,
    variant: Variant,
) -> Result<Arc<Played>, PageError> {
    let replays = state.replays();
    if let Ok(kept) = replays.kept.lock() {
        if let Some((_, p)) = kept
            .iter()
            .find(|((f, i, v), _)| f == file && *i == index && *v == variant)
        {
            return Ok(p.clone());
        }
    }
    let path = state.root().resolve(file)?;
    let record = record::find(&path, index, variant)
        .map_err(|e| PageError::bad_request(relative(&games_file_problems(&e), &path, file)))?;
    let decks = record
        .decks
        .iter()
        .map(|name| recorded_deck(state, name, index))
        .collect::<Result<Vec<_>, _>>()?;
    let decks = crate::replay::dealt(state.db(), &record, decks).map_err(|problem| {
        PageError::bad_request(match problem {
            crate::replay::SwapProblem::NotInPool(card) => format!(
                "{file}: game {index}, the swapped side, swaps in `{card}`, which is not in the \
                 workbench's pool (the run added it with --feature): start the workbench with \
                 --cards DIR of a pool that holds it"
            ),
            crate::replay::SwapProblem::NotASwap(swap) => format!(
                "{file}: game {index}: the run's swap `{swap}` is not \"Old Card=New Card\""
            ),
            crate::replay::SwapProblem::Illegal(why) => format!(
                "{file}: game {index}, the swapped side: a deck with the swap made is not a \
                 legal deck now: {why}"
            ),
        })
    })?;
    let replayed = crate::replay::replay(state.db().clone(), &record, decks)
        .map_err(|e| PageError::bad_request(format!("{file}: {e}")))?;
    let differs = crate::replay::differs(&record, &replayed);
    let parts = split_at_choices(&crate::replay::transcript(&replayed, true));
    let decks = record
        .decks
        .iter()
        .map(|d| record::shown(d))
        .collect::<Vec<_>>()
        .join(" vs ");
    let (title, twin) = match (&record.run.swap, variant) {
        (None, _) => (format!("Game {index}: {decks}"), None),
        (Some(_), Variant::Base) => (
            format!("Game {index}, the base side (the decks as given): {decks}"),
            Some((
                Variant::Swap,
                "The same game on the swapped side".to_string(),
            )),
        ),
        (Some(swap), Variant::Swap) => (
            format!(
                "Game {index}, the swapped side ({}): {decks}",
                swap_words(swap)
            ),
            Some((Variant::Base, "The same game on the base side".to_string())),
        ),
    };
    let played = Arc::new(Played {
        replayed,
        parts,
        differs,
        title,
        twin,
    });
    if let Ok(mut kept) = replays.kept.lock() {
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push(((file.to_string(), index, variant), played.clone()));
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
