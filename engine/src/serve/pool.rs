//! The pool page: every card as its face, searchable; a card's own page.

use std::path::Path;
use std::sync::Arc;

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use maud::{html, Markup};

use super::{layout, AppState};
use crate::CardDb;

/// What the pool pages know beyond the database: filled in at start.
pub(super) struct PoolInfo {}

impl PoolInfo {
    pub(super) fn new(_db: &Arc<CardDb>, _cards: Option<&Path>) -> PoolInfo {
        PoolInfo {}
    }
}

pub(super) fn routes() -> Router<AppState> {
    Router::new().route("/pool", get(pool))
}

async fn pool(State(state): State<AppState>) -> Markup {
    let _ = state.pool();
    layout::page(
        "Pool",
        html! {
            h1 { "The pool" }
            ul id="cards" {
                @for card in state.db().iter() {
                    li data-card=(card.id.0) { (card.name) }
                }
            }
        },
    )
}
