//! The simulations pages: a games file from `hullbreach simulate --out`, its report and charts,
//! and any game in it replayed step by step.

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use maud::{html, Markup};

use super::{layout, AppState};

pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/sims", get(list))
}

async fn list(State(state): State<AppState>) -> Markup {
    let files = state.root().find(".jsonl");
    layout::page(
        "Simulations",
        html! {
            h1 { "Simulations" }
            ul id="sims" {
                @for f in &files {
                    li data-file=(f) { (f) }
                }
            }
        },
    )
}
