//! Scooping (§7.2) and the end of the game when one commander remains (§6.1).
//!
//! A commander may scoop at any time, in any commander's turn. They pick up their cards, and
//! if they scoop after the active commander declared an attack on them in a game of three or
//! more, the attacker takes the Spoils of War (§7.2 with §7.1.3; `victory::leave_game`).

use crate::event::{Event, Outcome};
use crate::ids::PlayerId;
use crate::state::Game;

pub(crate) fn scoop(g: &mut Game, who: PlayerId) {
    if let Some(c) = g.cmd_mut(who) {
        c.out = true;
    }
    g.log.push(Event::Scooped { who });
    // §7.2: an attacked commander who scoops grants the Spoils of War (§7.1.3).
    let victor = (g.declared_against == Some(who) && g.active != who).then_some(g.active);
    // What they were deciding is dropped and their turn, if it was theirs, passes
    // (`victory::leave_game`).
    crate::rules::victory::leave_game(g, who, victor, true);
}

/// End the game if at most one commander remains. Returns whether it ended.
pub(crate) fn check_end(g: &mut Game) -> bool {
    let left: crate::state::Seats = (0..g.commanders.len())
        .map(|s| PlayerId(s as u8))
        .filter(|&p| g.cmd(p).is_some_and(|c| !c.out))
        .collect();
    match left.as_slice() {
        [] => g.finish(Outcome::NoCommanders),
        [w] => g.finish(Outcome::Winner(*w)),
        _ => return false,
    }
    true
}
