//! The rulings pages: every ruling file under the folder; one ruling's board and transcript,
//! step by step.

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use maud::{html, Markup};

use super::{layout, AppState};

pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/rulings", get(list))
}

async fn list(State(state): State<AppState>) -> Markup {
    let files = state.root().find(".ruling");
    layout::page(
        "Rulings",
        html! {
            h1 { "Rulings" }
            ul id="rulings" {
                @for f in &files {
                    li data-file=(f) { (f) }
                }
            }
        },
    )
}
