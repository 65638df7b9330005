//! The rulings pages: every ruling file under the folder (`/rulings`), and one ruling
//! (`/ruling?file=F&step=N`): its board drawn with faces at step N, beside its transcript with
//! step N marked. Step 0 is the board as the file sets it (after its start and prelude); step
//! N is after the script's first N lines. The ruling is played by the ruling runner
//! (`ruling::Session`) from the start on every request, so the board is always the engine's.
//! A file that does not parse or run is shown as the diagnostics `hullbreach ruling` prints.
//!
//! Stable ids for browser tests: `/rulings`: `rulings` (each `li` with `data-file`). One
//! ruling: `ruling-title`; the step links `step-first`, `step-back`, `step-forward`,
//! `step-last` (absent where there is no such step; the arrow keys follow back and forward);
//! `step-now` with `data-step` and `data-steps` (the last step); `transcript`, each part a
//! `pre` with `data-step` and the class `current` (the step shown) or `later`; the board (see
//! `board.rs`); `ruling-diagnostics` when the file has problems.

use std::fmt::Write as _;

use axum::extract::{Query, State};
use axum::routing::get;
use axum::Router;
use maud::{html, Markup, PreEscaped};
use serde::Deserialize;

use super::{board, layout, AppState, PageError};
use crate::ruling::{self, RulingError};

/// The largest ruling file the pages open (the same cap as `hullbreach ruling`'s reader).
const MAX_RULING_BYTES: usize = 1024 * 1024;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/rulings", get(list))
        .route("/ruling", get(show))
}

async fn list(State(state): State<AppState>) -> Markup {
    let files = state.root().find(".ruling");
    layout::page(
        "Rulings",
        html! {
            h1 { "Rulings" }
            p { (files.len()) " ruling files under " code { (state.root().dir().display()) } }
            ul id="rulings" {
                @for f in &files {
                    li data-file=(f) {
                        a href={ "/ruling?file=" (PreEscaped(layout::query_value(f))) } { (f) }
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
    step: Option<String>,
}

/// A step number from a query, in words when it is not one.
pub(super) fn step_of(text: Option<&str>) -> Result<usize, PageError> {
    match text {
        None | Some("") => Ok(0),
        Some(t) => t.parse().map_err(|_| {
            PageError::bad_request(format!("step {t:?} is not a step number (0, 1, 2, ...)"))
        }),
    }
}

/// Links to the first, previous, next and last steps of `steps`, the page's own address
/// being `base` plus `&step=N`.
pub(super) fn step_links(base: &str, now: usize, steps: usize) -> Markup {
    let href = |n: usize| format!("{base}&step={n}");
    html! {
        div.steps {
            @if now > 0 {
                a id="step-first" href=(href(0)) { "« start" }
                a id="step-back" href=(href(now - 1)) { "◀ back" }
            }
            span id="step-now" data-step=(now) data-steps=(steps) {
                "step " (now) " of " (steps)
            }
            @if now < steps {
                a id="step-forward" href=(href(now + 1)) { "forward ▶" }
                a id="step-last" href=(href(steps)) { "end »" }
            }
        }
    }
}

/// Problems of the ruling file `file` (text `text`) as `hullbreach ruling` prints them.
fn diagnostics(file: &str, text: &str, problems: &[RulingError]) -> String {
    let diags = crate::diagnostics::ruling_diagnostics(file, text, problems);
    let files = [cardlang::source::SourceFile::new(file, text)];
    cardlang::diag::render_all_human(&diags, &files, cardlang::diag::HumanStyle::PLAIN)
}

async fn show(
    State(state): State<AppState>,
    query: Result<Query<Open>, axum::extract::rejection::QueryRejection>,
) -> Result<Markup, PageError> {
    let Query(open) =
        query.map_err(|e| PageError::bad_request(format!("the address is not understood: {e}")))?;
    if open.file.is_empty() {
        return Err(PageError::bad_request(
            "name a ruling file: /ruling?file=PATH (see /rulings)",
        ));
    }
    let file = open.file.as_str();
    let step = step_of(open.step.as_deref())?;
    let text = state.root().read_text(file, MAX_RULING_BYTES)?;
    let db = state.db().clone();
    let broken = |title: &str, transcript: &str, problems: String| {
        layout::page(
            title,
            html! {
                h1 id="ruling-title" { (file) }
                p { "This ruling file has problems; " code { "hullbreach ruling" } " reports them so:" }
                pre id="ruling-diagnostics" { (problems) }
                @if !transcript.is_empty() {
                    h2 { "Transcript up to the problem" }
                    pre id="transcript" { (transcript) }
                }
            },
        )
    };
    let parsed = match ruling::diagnose(&text, &db) {
        Ok(r) => r,
        Err(problems) => return Ok(broken(file, "", diagnostics(file, &text, &problems))),
    };
    let mut session = match ruling::Session::start(&parsed, db) {
        Ok(s) => s,
        Err(failed) => {
            let problems = diagnostics(file, &text, std::slice::from_ref(&failed.error));
            return Ok(broken(file, &failed.transcript, problems));
        }
    };
    let script = parsed.script();
    if step > script.len() {
        return Err(PageError::bad_request(format!(
            "{file} has {} script lines, so its steps are 0 to {0}: there is no step {step}",
            script.len()
        )));
    }
    // Every step's part of the transcript; the board only at the step shown.
    let mut parts = vec![session.transcript().to_string()];
    let mut shown = (step == 0).then(|| session.game().clone());
    let mut stopped = None;
    for (k, (line, line_text)) in script.iter().enumerate() {
        let before = session.transcript().len();
        if let Err(e) = session.play(line_text, *line) {
            stopped = Some((k + 1, e));
            break;
        }
        parts.push(session.transcript()[before..].to_string());
        if k + 1 == step {
            shown = Some(session.game().clone());
        }
    }
    let steps = parts.len() - 1;
    let problems = stopped.map(|(at, e)| {
        let mut s = String::new();
        let _ = write!(s, "{}", diagnostics(file, &text, std::slice::from_ref(&e)));
        (at, s)
    });
    let Some(game) = shown else {
        // The script stopped at a line that is not a choice before the step asked for.
        let (at, problems) = problems.unwrap_or_default();
        return Ok(broken(
            file,
            &parts.concat(),
            format!("the script stops at its line {at}, before step {step}:\n{problems}"),
        ));
    };
    let base = format!("/ruling?file={}", layout::query_value(file));
    Ok(layout::page(
        &parsed.title,
        html! {
            h1 id="ruling-title" data-file=(file) { (parsed.title) }
            p { code { (file) } }
            (step_links(&base, step, steps))
            div.two {
                div { (board::draw(&game)) }
                div.transcript id="transcript" {
                    @for (k, part) in parts.iter().enumerate() {
                        pre data-step=(k) class=(step_class(k, step)) { (part) }
                    }
                    @if let Some((at, problems)) = &problems {
                        p { "The script stops at its line " (at) ":" }
                        pre id="ruling-diagnostics" { (problems) }
                    }
                }
            }
        },
    ))
}

/// A transcript part's class: the step shown, a later one, or an earlier one (none).
pub(super) fn step_class(k: usize, step: usize) -> &'static str {
    match k.cmp(&step) {
        std::cmp::Ordering::Less => "",
        std::cmp::Ordering::Equal => "current",
        std::cmp::Ordering::Greater => "later",
    }
}
