//! Computer players: a uniformly random legal player, a simple heuristic one, and a search
//! player ([`search`]: information-set Monte Carlo tree search over determinised hidden
//! information, [`determinise`]). All are deterministic given their seed (their own ChaCha
//! stream, separate from the game's dice).

mod determinise;
pub mod search;

pub use search::SearchPlayer;

use crate::choice::{Choice, DecisionKind};
use crate::ir::CardKind;
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

/// A simple plan: keep any hand, pick the first Setup Modules, deploy the most expensive
/// affordable unit or Module (Marines aboard ships, where they can board), conscript when
/// rich, take Regimented units, attack with the whole fleet — only where it can win, or where
/// its Marines can take an undefended Station — never discard, pass on responses.
#[derive(Debug, Clone)]
pub struct HeuristicPlayer {
    dice: Dice,
    /// The legal choices and their scores, listed into the same buffers every time.
    choices: Vec<Choice>,
    scores: Vec<i32>,
}

impl HeuristicPlayer {
    pub fn new(seed: u64) -> HeuristicPlayer {
        HeuristicPlayer {
            dice: Dice::new(seed),
            choices: Vec::new(),
            scores: Vec::new(),
        }
    }

    /// The heuristic's score of a choice (the search player ranks and plays out by it).
    pub(crate) fn score(game: &Game, c: &Choice) -> i32 {
        let value = |i| {
            let k = game.card(i);
            i32::from(k.cost.resource) + i32::from(k.cost.currency)
        };
        match c {
            Choice::KeepHand => 10,
            Choice::SetupModule(i) | Choice::RegimentPick(i) => 50 + value(*i),
            Choice::Deploy {
                card,
                replacing,
                host,
            } => {
                let k = game.card(*card);
                let base = match k.kind {
                    CardKind::Breakthru => 90,
                    CardKind::Event => 5,
                    _ => 40,
                };
                base + value(*card) - if replacing.is_some() { 30 } else { 0 }
                    + marine_post(game, *card, *host)
            }
            Choice::Conscript { card, .. } => 20 + value(*card),
            // Keep the fleet together and attack only where it can win (issue #16): the
            // whole fleet scores highest, and an attack that would lose the fleet before it
            // wins scores below declining.
            Choice::DeclareEngagement { fleet, defender } => {
                if worth_attacking(game, fleet, *defender) {
                    15 + fleet.len() as i32
                } else {
                    0
                }
            }
            Choice::EndPhase | Choice::EndTurn | Choice::Pass | Choice::RegimentDecline => 0,
            Choice::DeclineEngagement => 1,
            // Hold Marines for boarding: a Marine moves from a Station onto a ship.
            Choice::Reassign { unit, host } => {
                let on_station = game.instance(*unit).is_some_and(|x| {
                    matches!(x.zone, crate::state::Zone::Attached(h)
                        if game.card(h).kind == CardKind::Station)
                });
                if on_station {
                    -10 + 2 * marine_post(game, *unit, *host)
                } else {
                    -10
                }
            }
            Choice::Discard(_) | Choice::Mulligan | Choice::Relieve { .. } => -10,
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

/// Hold Marines for boarding (§6.9): a Marine is worth more aboard a ship, which can board,
/// than aboard a Station, which cannot (unless a card says so).
fn marine_post(game: &Game, card: crate::ids::Inst, host: Option<crate::ids::Inst>) -> i32 {
    if !matches!(game.card(card).kind, CardKind::Marine { .. }) {
        return 0;
    }
    match host.map(|h| game.card(h).kind) {
        Some(CardKind::Ship(_)) => 10,
        _ => 0,
    }
}

/// The chance in tenths that one die wounds a unit of defense `d` (§8.2: a natural 10 always
/// hits, a natural 1 always misses).
fn hits_in_ten(d: u8) -> i64 {
    (10 - i64::from(d.clamp(2, 10)) + 1).clamp(1, 9)
}

/// Whether `fleet` should attack `defender`: the fleet carries Marines that could take a
/// Station no Marine defends (an elimination, §6.1), or its expected volleys wear the
/// defender's Station down no slower than the defender's units wear the fleet down — so a lone
/// Frigate is not thrown at a Station that would destroy it first.
fn worth_attacking(
    game: &Game,
    fleet: &[crate::ids::Inst],
    defender: crate::ids::PlayerId,
) -> bool {
    use crate::rules::stats;
    let Some(station) = game.station(defender) else {
        return true;
    };
    let marines_aboard = |u: crate::ids::Inst| {
        game.instance(u).map_or(0, |x| {
            x.attachments
                .iter()
                .filter(|&&m| matches!(game.card(m).kind, CardKind::Marine { .. }))
                .count()
        })
    };
    let boarders: usize = fleet
        .iter()
        .filter(|&&u| matches!(game.card(u).kind, CardKind::Ship(_)))
        .map(|&u| marines_aboard(u))
        .sum();
    if boarders > 0 && marines_aboard(station) == 0 {
        return true;
    }
    let defenders: Vec<crate::ids::Inst> = game
        .commander(defender)
        .map(|c| c.battlefield.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|&u| game.card(u).kind.is_unit())
        .collect();
    // Expected wounds per round, in tenths.
    let ours: i64 = fleet
        .iter()
        .map(|&u| {
            i64::from(stats::attack(game, u)) * hits_in_ten(stats::defense(game, station, Some(u)))
        })
        .sum();
    let fleet_defense = fleet
        .iter()
        .map(|&u| stats::defense(game, u, None))
        .min()
        .unwrap_or(0);
    let theirs: i64 = defenders
        .iter()
        .map(|&u| i64::from(stats::attack(game, u)) * hits_in_ten(fleet_defense))
        .sum();
    let our_wounds: i64 = fleet
        .iter()
        .map(|&u| i64::from(stats::remaining(game, u)))
        .sum();
    let their_wounds = i64::from(stats::remaining(game, station));
    if ours == 0 {
        return false;
    }
    // Rounds to destroy the Station <= rounds to lose the fleet, cross-multiplied.
    their_wounds * theirs <= our_wounds * ours
}

impl Player for HeuristicPlayer {
    fn choose(&mut self, game: &Game) -> Option<Choice> {
        game.legal_choices_into(&mut self.choices);
        let d = game.decision()?;
        // Responses are always passed (the plan above).
        if matches!(d.kind, DecisionKind::Respond) {
            return Some(Choice::Pass);
        }
        // Each choice scored once; one of the best, uniformly.
        self.scores.clear();
        self.scores
            .extend(self.choices.iter().map(|c| Self::score(game, c)));
        let best = self.scores.iter().copied().max().unwrap_or(0);
        let top = self.scores.iter().filter(|&&s| s == best).count();
        let k = self.dice.below(top as u32) as usize;
        let at = (0..self.choices.len())
            .filter(|&j| self.scores[j] == best)
            .nth(k)?;
        Some(self.choices.swap_remove(at))
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
