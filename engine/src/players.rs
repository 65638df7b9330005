//! Computer players: a uniformly random legal player, the heuristic ones ([`heuristic`]: a
//! fixed scoring of choices, in two styles, docs/players.md), and a search player ([`search`]:
//! the heuristic's choices compared by playouts on shared determinisations of the hidden
//! information, [`determinise`]), and `play_out`, which plays a game on with them. All are deterministic
//! given their seed (their own ChaCha stream, separate from the game's dice).

mod determinise;
pub mod heuristic;
mod respond;
pub mod search;

pub use heuristic::{HeuristicPlayer, Style};
pub use search::SearchPlayer;

use crate::choice::Choice;
use crate::rng::Dice;
use crate::state::Game;

/// Picks a choice for the game's pending decision.
pub trait Player {
    fn choose(&mut self, game: &Game) -> Option<Choice>;
}

/// Uniformly random among `legal_choices()`.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    dice: Dice,
    /// The legal choices, listed into the same buffer every time (issue #15).
    choices: Vec<Choice>,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            dice: Dice::new(seed),
            choices: Vec::new(),
        }
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, game: &Game) -> Option<Choice> {
        game.legal_choices_into(&mut self.choices);
        let k = self.dice.below(self.choices.len() as u32) as usize;
        (k < self.choices.len()).then(|| self.choices.swap_remove(k))
    }
}

/// How a [`play_out`] stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// The game is over (a winner, or the turn cap).
    Over,
    /// `max_choices` choices were made first.
    Budget,
    /// The game came back to the same position with nothing happening, again and again
    /// (`liveness::LoopGuard`): the words say where.
    Loop(String),
    /// A player had no choice, or a listed choice was refused (a bug either way).
    Stuck(String),
}

/// Play until the game ends, `max_choices` choices were made, or the game loops (a position
/// repeated with nothing happening, `liveness`). Returns the number of choices made;
/// [`play_out_checked`] also says why it stopped.
pub fn play_out(game: &mut Game, players: &mut [Box<dyn Player>], max_choices: usize) -> usize {
    play_out_checked(game, players, max_choices).0
}

/// [`play_out`], returning the number of choices made and why it stopped.
pub fn play_out_checked(
    game: &mut Game,
    players: &mut [Box<dyn Player>],
    max_choices: usize,
) -> (usize, Stop) {
    let mut made = 0;
    let mut guard = crate::liveness::LoopGuard::new(game);
    loop {
        let Some(d) = game.decision() else {
            return (made, Stop::Over);
        };
        if made >= max_choices {
            return (made, Stop::Budget);
        }
        let Some(p) = players.get_mut(d.who.0 as usize) else {
            return (made, Stop::Stuck(format!("{} has no seat", d.who)));
        };
        let Some(choice) = p.choose(game) else {
            return (made, Stop::Stuck(format!("{} has no legal choice", d.who)));
        };
        if let Err(e) = game.play(d.who, choice) {
            return (
                made,
                Stop::Stuck(format!("a listed choice was refused: {e}")),
            );
        }
        made += 1;
        if let Some(why) = guard.after_choice(game) {
            return (made, Stop::Loop(why));
        }
    }
}
