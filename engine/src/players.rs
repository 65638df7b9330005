//! Computer players: a uniformly random legal player and a simple heuristic one. Both are
//! deterministic given their seed (their own ChaCha stream, separate from the game's dice).

use crate::choice::{Choice, DecisionKind};
use crate::game::Game;
use crate::ir::CardKind;
use crate::rng::Dice;

/// Picks a choice for the game's pending decision.
pub trait Player {
    fn choose(&mut self, game: &Game) -> Option<Choice>;
}

/// Uniformly random among `legal_choices()`.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    dice: Dice,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            dice: Dice::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, game: &Game) -> Option<Choice> {
        let choices = game.legal_choices();
        let k = self.dice.below(choices.len() as u32) as usize;
        choices.into_iter().nth(k)
    }
}

/// A simple plan: keep any hand, pick the first Setup Modules, deploy the most expensive
/// affordable unit or Module, conscript when rich, take Regimented units, attack with the
/// whole fleet when it has one, never discard, pass on responses.
#[derive(Debug, Clone)]
pub struct HeuristicPlayer {
    dice: Dice,
}

impl HeuristicPlayer {
    pub fn new(seed: u64) -> HeuristicPlayer {
        HeuristicPlayer {
            dice: Dice::new(seed),
        }
    }

    fn score(game: &Game, c: &Choice) -> i32 {
        let value = |i| {
            let k = game.card(i);
            i32::from(k.cost.resource) + i32::from(k.cost.currency)
        };
        match c {
            Choice::KeepHand => 10,
            Choice::SetupModule(i) | Choice::RegimentPick(i) => 50 + value(*i),
            Choice::Deploy {
                card, replacing, ..
            } => {
                let k = game.card(*card);
                let base = match k.kind {
                    CardKind::Breakthru => 90,
                    CardKind::Event => 5,
                    _ => 40,
                };
                base + value(*card) - if replacing.is_some() { 30 } else { 0 }
            }
            Choice::Conscript { card, .. } => 20 + value(*card),
            Choice::DeclareEngagement { fleet, .. } => 15 + fleet.len() as i32,
            Choice::EndPhase | Choice::EndTurn | Choice::Pass | Choice::RegimentDecline => 0,
            Choice::DeclineEngagement => 1,
            Choice::Reassign { .. } | Choice::Discard(_) | Choice::Mulligan => -10,
            Choice::Scoop => -1000,
            // Engagements: shoot what dies soonest, board when possible, never retreat.
            Choice::Volley { fire, .. } | Choice::Intercept { fire, .. } => match fire.as_slice() {
                [(t, _)] => 40 - i32::from(crate::rules::stats::remaining(game, *t)),
                _ => 25,
            },
            // A split is started only when nothing scores better; once started, the weakest
            // target first, as many dice as it takes.
            Choice::AssignDice { target, dice, .. } => {
                20 - i32::from(crate::rules::stats::remaining(game, *target))
                    - i32::from(dice.abs_diff(crate::rules::stats::remaining(game, *target)))
            }
            Choice::Overload { target, .. } => {
                45 - i32::from(crate::rules::stats::remaining(game, *target))
            }
            Choice::Paint { .. } => 42,
            Choice::Jam { .. } => 8,
            Choice::Repair { .. } => 20,
            Choice::Board { .. } => 30,
            Choice::CancelBoard { .. } => 30,
            Choice::Pursue => 10,
            Choice::Hijack => 10,
            Choice::Scuttle => 5,
            Choice::Launch { .. } => 12,
            Choice::SpoilsPick { card, .. } => 50 + value(*card),
            // §7.1.3.3: keep the Marine when a ship has room.
            Choice::SpoilsMarine { host, .. } => i32::from(host.is_some()),
            Choice::Fearless { .. } | Choice::Dock { .. } | Choice::TurnFaceDown(_) => -5,
            Choice::Retreat { .. } => -20,
            Choice::EndStep | Choice::SpoilsDecline => 0,
            // Card effects: take what the card offers.
            Choice::EffectTarget(_) => 10,
            Choice::EffectDeploy { card, .. } => 10 + value(*card),
            Choice::EffectCommander(_) | Choice::EffectYes => 5,
            Choice::EffectNo => 0,
        }
    }
}

impl Player for HeuristicPlayer {
    fn choose(&mut self, game: &Game) -> Option<Choice> {
        let choices = game.legal_choices();
        let d = game.decision()?;
        let best = choices
            .iter()
            .map(|c| Self::score(game, c))
            .max()
            .unwrap_or(0);
        let top: Vec<Choice> = choices
            .into_iter()
            .filter(|c| Self::score(game, c) == best)
            .collect();
        if matches!(d.kind, DecisionKind::Respond) {
            return top
                .into_iter()
                .find(|c| *c == Choice::Pass)
                .or(Some(Choice::Pass));
        }
        let k = self.dice.below(top.len() as u32) as usize;
        top.into_iter().nth(k)
    }
}

/// Play until the game ends or `max_choices` choices were made. Returns the number made.
pub fn play_out(game: &mut Game, players: &mut [Box<dyn Player>], max_choices: usize) -> usize {
    let mut made = 0;
    while made < max_choices {
        let Some(d) = game.decision() else { break };
        let Some(p) = players.get_mut(d.who.0 as usize) else {
            break;
        };
        let Some(choice) = p.choose(game) else { break };
        if game.apply(d.who, choice).is_err() {
            break;
        }
        made += 1;
    }
    made
}
