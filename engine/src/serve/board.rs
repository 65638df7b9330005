//! A game's board drawn with card faces, for every page that shows a game (rulings,
//! simulations, play): each commander's Stockpiles, battlefield (units with their attached
//! cards, wounds, face-down cards and what differs from the printed card), hand, Shipyard and
//! Scrapheap. It draws the one read of a position, `table::view` (which words only what the
//! engine says, `rules::stats` for what a unit is now); it decides nothing.
//!
//! Stable ids for browser tests: `board`; each commander a `section` with `data-commander`
//! (the name) and `data-resource`, `data-currency`; each card an element with `data-inst`
//! (the `#N` number), `data-card` (the pool's card number) and `data-wounds`; zones have
//! `data-zone` (`battlefield`, `hand`, `shipyard`, `scrapheap`); `decision` the pending
//! decision in words.

use maud::{html, Markup};

use crate::table::{view, Board, CardView};
use crate::Game;

/// The whole board of `g`, every hand shown (a ruling's or a finished game's board is open).
pub fn draw(g: &Game) -> Markup {
    draw_board(&view(g, None, &|_| false))
}

/// A board as `table::view` read it for whoever looks: a hand hidden from them is drawn as a
/// count and a face-down card they may not see (§3.4.4) as a back, so a person playing the
/// computer does not read what a player at a real table could not.
pub fn draw_board(b: &Board) -> Markup {
    html! {
        div.board id="board" {
            @for c in &b.seats {
                section.commander data-commander=(c.name)
                    data-resource=(c.resource) data-currency=(c.currency) {
                    h3 {
                        (c.name)
                        @if c.out { " (out of the game)" }
                        " — " (c.resource) "R " (c.currency) "C"
                    }
                    div.zone data-zone="battlefield" {
                        span.zone-name { "Battlefield" }
                        @if c.in_play.is_empty() { em { "empty" } }
                        @for u in &c.in_play { (unit(u)) }
                    }
                    @if c.hand_hidden {
                        div.zone data-zone="hand" data-hidden="true" {
                            span.zone-name { "Hand (" (c.hand_size) ")" }
                            (c.hand_size) " cards, hidden"
                        }
                    } @else {
                        div.zone data-zone="hand" {
                            span.zone-name { "Hand (" (c.hand_size) ")" }
                            @for x in &c.hand { (card(x)) }
                        }
                    }
                    div.zone data-zone="shipyard" data-count=(c.shipyard) {
                        span.zone-name { "Shipyard" }
                        (c.shipyard) " cards"
                    }
                    div.zone data-zone="scrapheap" {
                        span.zone-name { "Scrapheap (" (c.scrapheap.len()) ")" }
                        @for x in &c.scrapheap { (card(x)) }
                    }
                }
            }
            p id="decision" {
                @match &b.decision {
                    Some(d) => { "Next decision: " (d) }
                    None => { "No decision is pending." }
                }
            }
        }
    }
}

/// One card outside play: its face and its name.
fn card(x: &CardView) -> Markup {
    let id = x.card.map_or(0, |c| c.0);
    html! {
        div.unit data-inst=(x.inst.0) data-card=(id) data-wounds="0" {
            img src={ "/face/" (id) ".svg" } alt=(x.label) loading="lazy";
            span { (x.label) }
        }
    }
}

/// A card in play with what is attached to it, drawn smaller beneath it; a face-down card
/// whoever looks may not see is a back.
fn unit(x: &CardView) -> Markup {
    let Some(id) = x.card else {
        return html! {
            div.unit data-inst=(x.inst.0) data-card="0" data-wounds=(x.wounds) {
                span { (x.label) }
            }
        };
    };
    html! {
        div.unit data-inst=(x.inst.0) data-card=(id.0) data-wounds=(x.wounds) {
            img src={ "/face/" (id.0) ".svg" } alt=(x.label) loading="lazy";
            span { (x.label) }
            @if x.wounds > 0 { span.wounds { (x.wounds) " wound" @if x.wounds > 1 { "s" } } }
            @if x.face_down { span.facedown { "face down" } }
            @if let Some(owner) = &x.hijacked_from { span { "hijacked from " (owner) } }
            @if !x.now.is_empty() { span.now { "now: " (x.now.join("; ")) } }
            @if !x.attached.is_empty() {
                div.attached {
                    @for a in &x.attached { (unit(a)) }
                }
            }
        }
    }
}
