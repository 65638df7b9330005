//! The page frame every page is drawn in: the document head, the navigation, and the embedded
//! stylesheet and script (`workbench.css`, `workbench.js`, built into the binary with
//! `include_str!`, so there is no front-end build step and nothing to ship beside it).
//!
//! Stable ids for browser tests: `nav` (the navigation), `nav-pool`, `nav-rulings`,
//! `nav-sims`, `nav-play` (its links), `main` (the page's content); on an error page `error`
//! (the message, with `data-status` the HTTP status).

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use maud::{html, Markup, DOCTYPE};

use super::AppState;

const CSS: &str = include_str!("workbench.css");
const JS: &str = include_str!("workbench.js");

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/static/workbench.css", get(css))
        .route("/static/workbench.js", get(js))
}

async fn css() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], CSS)
}

async fn js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        JS,
    )
}

async fn home() -> Markup {
    page(
        "Workbench",
        html! {
            h1 { "Hull Breach! workbench" }
            ul id="home" {
                li { a href="/pool" { "The pool" } " — every card as its face, searchable; each card's explained text, rulings and warnings." }
                li { a href="/rulings" { "Rulings" } " — every ruling file under this folder, its board and transcript step by step." }
                li { a href="/sims" { "Simulations" } " — games files from " code { "hullbreach simulate --out" } ": the report, its charts and any game replayed." }
                li { a href="/play" { "Play" } " — a game against the computer players." }
            }
        },
    )
}

/// A whole page: `title` in the head and `body` inside the frame.
pub fn page(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " — Hull Breach! workbench" }
                link rel="stylesheet" href="/static/workbench.css";
                script src="/static/workbench.js" defer {}
            }
            body {
                nav id="nav" {
                    a id="nav-home" href="/" { "Workbench" }
                    a id="nav-pool" href="/pool" { "Pool" }
                    a id="nav-rulings" href="/rulings" { "Rulings" }
                    a id="nav-sims" href="/sims" { "Simulations" }
                    a id="nav-play" href="/play" { "Play" }
                }
                main id="main" { (body) }
            }
        }
    }
}

/// An SVG image. Opened on its own it is a document of this origin, so it is sent with a
/// policy that lets nothing in it load or run (its styles are inline).
pub fn svg(svg: String) -> axum::response::Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'; font-src data:",
            ),
        ],
        svg,
    )
        .into_response()
}

/// A link's query value, percent-encoded (paths and names go into `?file=` links).
pub fn query_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
