//! The Play page (issue #45, part 2: its own developer fills this module): a game from decks or
//! from a ruling or moment, each seat a person or a computer player, the person's legal
//! choices as buttons, "save this moment as a ruling".
//!
//! What it has from `mod.rs`: [`AppState`] (`state.db()`, `state.root()` to read and resolve
//! files under the folder, `state.play()` for this module's [`Tables`]), [`super::session_id`]
//! for a tab's id (never for dice), [`super::PageError`] for pages in words and
//! [`super::layout::page`] for the frame.

use axum::Router;

use super::AppState;

/// The games open in the tabs: this module's own state, one per server.
#[derive(Default)]
pub(super) struct Tables {}

pub(super) fn routes() -> Router<AppState> {
    Router::new()
}
