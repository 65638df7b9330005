//! A game's board drawn with card faces, for every page that shows a game (rulings,
//! simulations, play): each commander's Stockpiles, battlefield (units with their attached
//! cards, wounds, face-down cards and what differs from the printed card), hand, Shipyard and
//! Scrapheap. It reads the state and words only what the engine says (`rules::stats` for what a
//! unit is now); it decides nothing.
//!
//! Stable ids for browser tests: `board`; each commander a `section` with `data-commander`
//! (the name) and `data-resource`, `data-currency`; each card an element with `data-inst`
//! (the `#N` number), `data-card` (the pool's card number) and `data-wounds`; zones have
//! `data-zone` (`battlefield`, `hand`, `shipyard`, `scrapheap`); `decision` the pending
//! decision in words.

use maud::{html, Markup};

use crate::ids::Inst;
use crate::Game;

/// How deep attachments are drawn; the state bounds it well below this.
const MAX_DEPTH: usize = 8;

/// The whole board of `g`, every hand shown (a ruling's or a finished game's board is open).
pub fn draw(g: &Game) -> Markup {
    draw_hiding(g, &|_| false)
}

/// The board as one side of the table may see it: for every commander `hidden` (by seat
/// number) names, the hand is drawn as a count and a face-down Module (§3.4.4) as a back, so a
/// person playing the computer does not read what a player at a real table could not.
pub fn draw_hiding(g: &Game, hidden: &dyn Fn(usize) -> bool) -> Markup {
    html! {
        div.board id="board" {
            @for (seat, c) in g.commanders().iter().enumerate() {
                section.commander data-commander=(c.name.as_ref())
                    data-resource=(c.resource) data-currency=(c.currency) {
                    h3 {
                        (c.name.as_ref())
                        @if c.out { " (out of the game)" }
                        " — " (c.resource) "R " (c.currency) "C"
                    }
                    div.zone data-zone="battlefield" {
                        span.zone-name { "Battlefield" }
                        @if c.battlefield.is_empty() { em { "empty" } }
                        @for &i in c.battlefield.iter() { (unit(g, i, 0, hidden(seat))) }
                    }
                    @if hidden(seat) {
                        div.zone data-zone="hand" data-hidden="true" {
                            span.zone-name { "Hand (" (c.hand.len()) ")" }
                            (c.hand.len()) " cards, hidden"
                        }
                    } @else {
                        div.zone data-zone="hand" {
                            span.zone-name { "Hand (" (c.hand.len()) ")" }
                            @for &i in c.hand.iter() { (card(g, i)) }
                        }
                    }
                    div.zone data-zone="shipyard" data-count=(c.shipyard.len()) {
                        span.zone-name { "Shipyard" }
                        (c.shipyard.len()) " cards"
                    }
                    div.zone data-zone="scrapheap" {
                        span.zone-name { "Scrapheap (" (c.scrapheap.len()) ")" }
                        @for &i in c.scrapheap.iter() { (card(g, i)) }
                    }
                }
            }
            p id="decision" {
                @match g.decision() {
                    Some(d) => { "Next decision: " (d.words(g)) }
                    None => { "No decision is pending." }
                }
            }
        }
    }
}

/// `Name #N`, as transcripts name a card.
fn label(g: &Game, i: Inst) -> String {
    format!("{} {i}", g.name(i))
}

/// One card outside play: its face and its name.
fn card(g: &Game, i: Inst) -> Markup {
    let id = g.instance(i).map_or(0, |x| x.card.0);
    html! {
        div.unit data-inst=(i.0) data-card=(id) data-wounds="0" {
            img src={ "/face/" (id) ".svg" } alt=(g.name(i)) loading="lazy";
            span { (label(g, i)) }
        }
    }
}

/// A card in play with what is attached to it, drawn smaller beneath it; `secret` draws the
/// side's face-down cards as backs.
fn unit(g: &Game, i: Inst, depth: usize, secret: bool) -> Markup {
    let x = g.instance(i);
    let id = x.map_or(0, |x| x.card.0);
    let wounds = x.map_or(0, |x| x.wounds);
    let face_down = x.is_some_and(|x| x.face_down);
    if face_down && secret {
        return html! {
            div.unit data-inst=(i.0) data-card="0" data-wounds=(wounds) {
                span { "a face-down card " (i) }
            }
        };
    }
    let hijacked = x
        .filter(|x| x.controller != x.owner)
        .and_then(|x| g.commander(x.owner))
        .map(|c| c.name.to_string());
    let changed = crate::rules::stats::changed_from_printed(g, i);
    html! {
        div.unit data-inst=(i.0) data-card=(id) data-wounds=(wounds) {
            img src={ "/face/" (id) ".svg" } alt=(g.name(i)) loading="lazy";
            span { (label(g, i)) }
            @if wounds > 0 { span.wounds { (wounds) " wound" @if wounds > 1 { "s" } } }
            @if face_down { span.facedown { "face down" } }
            @if let Some(owner) = hijacked { span { "hijacked from " (owner) } }
            @if !changed.is_empty() { span.now { "now: " (changed.join("; ")) } }
            @if depth < MAX_DEPTH && !g.attachments(i).is_empty() {
                div.attached {
                    @for &a in g.attachments(i) { (unit(g, a, depth + 1, secret)) }
                }
            }
        }
    }
}
