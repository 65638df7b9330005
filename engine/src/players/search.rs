//! The search player (issue #16; a rollout search since issue #42): the heuristic player's
//! first choices compared by playing each on, on the same determinisations of the hidden
//! information, and the heuristic's own choice left only for one that clearly did better —
//! the rollout algorithm of policy improvement (Tesauro & Galperin 1996; Bertsekas), with
//! the deals shared between choices (common random numbers) and the budget spent by
//! sequential halving (Karnin, Koren & Somekh 2013).
//!
//! Each decision with more than one legal choice ranks them by the heuristic's scoring and
//! compares the first [`WIDTH`] with `budget` playouts ([`search`]). A playout
//!
//! 1. **determinises** ([`Unseen::deal_in`]) from a deal's seed: the opponents' hands, every
//!    Shipyard's order and the opponents' unseen face-down Modules are dealt again at random,
//!    and the dice reseeded — from the player's own stream, never from the game's. Each
//!    choice compared meets the same deals, so it meets the same hidden cards and dice;
//! 2. **makes the choice**, then **plays out** with the heuristic player's choices (its
//!    scoring, ties broken from the deal's stream, never responding) until the game ends,
//!    `HORIZON` commander turns after the decision's turn have begun, or `ROLLOUT_CAP`
//!    choices were made;
//! 3. **judges the end** ([`cut_off`]): a win is 1 for the winner and 0 for everyone else (a
//!    turn-capped game shares evenly); a cut-off position gives each commander still in half
//!    its share of the total [`strength`] and half its share of the volley race
//!    ([`race_shares`]). The searcher's share is the playout's reward.
//!
//! Sequential halving keeps the better half after each round, the heuristic's choice
//! always; the best survivor is taken only when it beats the heuristic's choice on the deals
//! both met by [`MARGIN`] and [`CONFIDENCE`] standard errors of the paired differences.
//! Everything random flows from the player's ChaCha stream (`rng::Dice`), and the
//! arithmetic is IEEE's own (a square root, no platform function), so the same seed and the
//! same game give the same choice everywhere.

use super::determinise::Unseen;
use super::{HeuristicPlayer, Player};
use crate::choice::{Choice, Decision, DecisionKind};
use crate::event::Outcome;
use crate::ids::PlayerId;
use crate::ir::{CardKind, ModuleKind};
use crate::rng::Dice;
use crate::rules::stats;
use crate::state::Game;

/// Playouts per decision when `search` is given without a budget.
pub const DEFAULT_BUDGET: u32 = 100;

/// The largest budget `search:N` accepts.
pub const MAX_BUDGET: u32 = 100_000;

/// Commander turns a playout may begin after the decision's own turn before it is cut off:
/// two, so a playout from a commander's own turn sees the opponent's answer to it (the
/// boarding or the volleys a choice invites) before it is judged.
pub const HORIZON: u32 = 2;

/// Choices a playout may make before it is cut off (a long engagement).
pub const ROLLOUT_CAP: usize = 400;

/// The heuristic's first choices a search compares (a split volley can list hundreds).
pub const WIDTH: usize = 6;

/// How much better (in mean reward) a choice must do than the heuristic's to be taken instead.
const MARGIN: f64 = 0.02;

/// Standard errors of the paired difference by which a choice must beat the heuristic's,
/// beyond [`MARGIN`]: half of one won more games than one in docs/players.md's measurement.
const CONFIDENCE: f64 = 0.5;

/// The smallest variance of a difference of two rewards assumed (rewards are in 0..1): a
/// few deals on which two choices happened to score the same say little.
const MIN_VARIANCE: f64 = 0.0025;

/// Mixed into a deal's seed for the stream that breaks its playout's ties.
const TIES: u64 = 0x9e37_79b9_7f4a_7c15;

/// `search` or `search:N`, the budget in playouts per decision (1 to [`MAX_BUDGET`]).
pub fn parse_budget(text: &str) -> Result<u32, String> {
    let bad = || {
        format!(
            "a search player's budget is a number of playouts from 1 to {MAX_BUDGET}: \
             `search:N`, not `{text}`"
        )
    };
    match text.strip_prefix("search") {
        Some("") => Ok(DEFAULT_BUDGET),
        Some(rest) => {
            let n = rest.strip_prefix(':').ok_or_else(bad)?;
            let n: u32 = n.trim().parse().map_err(|_| bad())?;
            if (1..=MAX_BUDGET).contains(&n) {
                Ok(n)
            } else {
                Err(bad())
            }
        }
        None => Err(bad()),
    }
}

/// The search player: the heuristic's choices compared with `budget` playouts per decision.
#[derive(Debug, Clone)]
pub struct SearchPlayer {
    dice: Dice,
    budget: u32,
    /// The units this player reassigned in the current turn, with the turn (§5.4.5): each is
    /// reassigned at most once a turn, so a search indifferent between two hosts cannot move a
    /// Wing back and forth for ever.
    reassigned: Vec<(u32, crate::ids::Inst)>,
}

impl SearchPlayer {
    pub fn new(seed: u64, budget: u32) -> SearchPlayer {
        SearchPlayer {
            dice: Dice::new(seed),
            budget: budget.clamp(1, MAX_BUDGET),
            reassigned: Vec::new(),
        }
    }

    pub fn budget(&self) -> u32 {
        self.budget
    }
}

impl Player for SearchPlayer {
    fn choose(&mut self, game: &Game) -> Option<Choice> {
        let d = game.decision()?;
        let turn = game.turn();
        self.reassigned.retain(|&(t, _)| t == turn);
        let mut legal = game.legal_choices();
        if legal.len() > 1 {
            let again = |c: &Choice| {
                matches!(c, Choice::Reassign { unit, .. }
                    if self.reassigned.iter().any(|&(_, u)| u == *unit))
            };
            if legal.iter().any(|c| !again(c)) {
                legal.retain(|c| !again(c));
            }
        }
        let chosen = if legal.len() <= 1 {
            legal.into_iter().next()
        } else {
            // Each decision searches on a stream of its own, drawn from the player's.
            let seed = self.dice.seed();
            let mut stream = Dice::new(seed);
            let found = search(game, &d, &legal, self.budget, &mut stream);
            found.or_else(|| legal.into_iter().next())
        };
        if let Some(Choice::Reassign { unit, .. }) = &chosen {
            self.reassigned.push((turn, *unit));
        }
        chosen
    }
}

/// Search `game`'s decision `d` for its commander; `legal` are the real game's choices.
///
/// The heuristic's first [`WIDTH`] choices are compared by sequential halving: the budget is
/// split evenly over ⌈log₂ width⌉ rounds, and in each round every choice still in is played
/// on the same new deals; then the better half by mean reward stays (the heuristic's own
/// choice always stays, as the yardstick). Every choice is judged on the deals of every
/// other still in: one deal is one determinisation and one dice stream, so two choices meet
/// the same hidden cards and the same rolls and the difference of their rewards is the
/// difference the choice made (common random numbers).
fn search(
    game: &Game,
    d: &Decision,
    legal: &[Choice],
    budget: u32,
    stream: &mut Dice,
) -> Option<Choice> {
    let me = d.who;
    let unseen = Unseen::of(game, me);
    let start_turn = game.turn();
    let seats = game.commanders().len();
    let ranked = rank(game, d, legal.to_vec());
    // At least two playouts however small the budget: one choice against the heuristic's.
    let width = ranked.len().min(WIDTH).min((budget as usize).max(2));
    if width < 2 {
        return ranked.into_iter().next();
    }
    // Every playout forks the root into one scratch game (`clone_from`, no allocation once
    // the scratch has grown), the root's log frozen so no fork copies an event.
    let mut root = game.clone();
    root.freeze_log();
    let mut g = root.clone();
    // One choice buffer for every playout of the search.
    let mut choices = Vec::new();
    // The reward of choice `c` (its place in `ranked`) on deal `j`, for every deal it met.
    let mut rewards: Vec<Vec<f64>> = vec![Vec::new(); width];
    let mut deals: Vec<u64> = Vec::new();
    let mut alive: Vec<usize> = (0..width).collect();
    let rounds = (usize::BITS - (width - 1).leading_zeros()) as usize;
    for _ in 0..rounds {
        let each = (budget as usize / rounds / alive.len()).max(1);
        // The choices still in have met the same deals, so far and in this round.
        let upto = rewards[alive[0]].len() + each;
        while deals.len() < upto {
            deals.push(stream.seed());
        }
        for &c in &alive {
            for &deal in &deals[rewards[c].len()..upto] {
                g.clone_from(&root);
                unseen.deal_in(&mut g, &mut Dice::new(deal));
                // A choice the deal makes illegal is judged by the position it was tried in.
                if g.play(me, ranked[c].clone()).is_ok() {
                    // The playout's ties are broken from a stream of the deal's own.
                    let mut ties = Dice::new(deal ^ TIES);
                    play_out(&mut g, start_turn, &mut ties, &mut choices);
                }
                let r = cut_off(&g, seats)
                    .get(usize::from(me.0))
                    .copied()
                    .unwrap_or(0.0);
                rewards[c].push(r);
            }
        }
        if alive.len() <= 2 {
            break;
        }
        // The better half stays, ties to the heuristic's order; the heuristic's own with it.
        alive.sort_by(|&a, &b| {
            mean(&rewards[b])
                .total_cmp(&mean(&rewards[a]))
                .then(a.cmp(&b))
        });
        alive.truncate(alive.len().div_ceil(2));
        if !alive.contains(&0) {
            alive.push(0);
        }
        alive.sort_unstable();
    }
    let best = alive
        .iter()
        .copied()
        .max_by(|&a, &b| {
            mean(&rewards[a])
                .total_cmp(&mean(&rewards[b]))
                .then(b.cmp(&a))
        })
        .unwrap_or(0);
    // Leave the heuristic's choice only for one clearly better on the deals both met: by
    // MARGIN and by CONFIDENCE standard errors of the paired differences, so choices the
    // playouts cannot tell apart are left to the heuristic's judgement.
    let pick = if best != 0 && clearly_better(&rewards[best], &rewards[0]) {
        best
    } else {
        0
    };
    ranked.into_iter().nth(pick)
}

/// The mean of some rewards (0 for none).
fn mean(rewards: &[f64]) -> f64 {
    rewards.iter().sum::<f64>() / rewards.len().max(1) as f64
}

/// Whether `ours` beats `theirs` (rewards on the same deals, in order) by more than
/// [`MARGIN`] plus [`CONFIDENCE`] standard errors of the mean difference.
fn clearly_better(ours: &[f64], theirs: &[f64]) -> bool {
    let diffs: Vec<f64> = ours.iter().zip(theirs).map(|(a, b)| a - b).collect();
    let n = diffs.len() as f64;
    if diffs.is_empty() {
        return false;
    }
    let m = mean(&diffs);
    // Before two deals nothing is known of the spread: the most a difference of two rewards
    // in 0..1 can vary.
    let variance = if diffs.len() < 2 {
        1.0
    } else {
        diffs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0)
    };
    m > MARGIN + CONFIDENCE * (variance.max(MIN_VARIANCE) / n).sqrt()
}

/// Whether a playout has gone `HORIZON` turns past `start_turn` (checked between choices).
fn past_horizon(g: &Game, start_turn: u32) -> bool {
    g.turn() >= start_turn + HORIZON
}

/// The choices best first by the heuristic player's scoring (stable: ties keep the rules'
/// order); in a response window, passing first (the heuristic never responds).
fn rank(g: &Game, d: &Decision, choices: Vec<Choice>) -> Vec<Choice> {
    let mut scored: Vec<(i32, Choice)> = choices
        .into_iter()
        .map(|c| {
            let s = if matches!(d.kind, DecisionKind::Respond) && c == Choice::Pass {
                i32::MAX
            } else {
                HeuristicPlayer::score(g, &c)
            };
            (s, c)
        })
        .collect();
    // Ties between cards found in a Shipyard are ordered by instance, not by where the rules
    // listed them: the Shipyard's order is hidden even from its owner (§8.3), and a
    // determinisation deals it again, so the order listed must not decide the choice.
    scored.sort_by_key(|(s, c)| (std::cmp::Reverse(*s), from_shipyard(c)));
    scored.into_iter().map(|(_, c)| c).collect()
}

/// The instance a choice takes from a Shipyard (a conscription, a Regimented pick, a search's
/// find), for ordering ties; 0 for every other choice, which keeps the rules' order.
fn from_shipyard(c: &Choice) -> u32 {
    match c {
        Choice::Conscript { card, .. }
        | Choice::RegimentPick(card)
        | Choice::EffectDeploy { card, .. } => u32::from(card.0) + 1,
        _ => 0,
    }
}

/// The playout policy: the heuristic player's choice (its best score, ties at random from the
/// stream; in a response window it passes: the search, not the playout, weighs responses).
fn heuristic_choice(g: &Game, d: &Decision, choices: &[Choice], stream: &mut Dice) -> usize {
    if matches!(d.kind, DecisionKind::Respond) {
        if let Some(k) = choices.iter().position(|c| *c == Choice::Pass) {
            return k;
        }
    }
    let scores: Vec<i32> = choices
        .iter()
        .map(|c| HeuristicPlayer::score(g, c))
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let top: Vec<usize> = (0..choices.len()).filter(|&k| scores[k] == best).collect();
    top[stream.below(top.len() as u32) as usize]
}

/// Play `g` on with the playout policy until it ends, passes the horizon or the cap: on the
/// playout path (choices listed into `choices`, reused; `Game::play`, no events collected).
fn play_out(g: &mut Game, start_turn: u32, stream: &mut Dice, choices: &mut Vec<Choice>) {
    for _ in 0..ROLLOUT_CAP {
        if past_horizon(g, start_turn) {
            return;
        }
        let Some(d) = g.decision() else {
            return;
        };
        g.legal_choices_into(choices);
        let k = match choices.len() {
            0 => return,
            1 => 0,
            _ => heuristic_choice(g, &d, choices, stream),
        };
        let c = choices.swap_remove(k);
        if g.play(d.who, c).is_err() {
            return;
        }
    }
}

/// Each seat's reward for the position: 1 for a winner, an even share of a turn-capped game,
/// else each commander's share of the total [`strength`] (0 for a commander out), where a
/// commander whose Station has no Marine aboard while an opponent's ship carries Marines keeps
/// only [`OPEN_STATION`] of its strength: the next boarder takes it (§6.9.3), a likely loss.
pub(crate) fn evaluate(g: &Game, seats: usize) -> Vec<f64> {
    match g.outcome() {
        Some(Outcome::Winner(w)) => (0..seats)
            .map(|s| if s == usize::from(w.0) { 1.0 } else { 0.0 })
            .collect(),
        Some(_) => vec![1.0 / seats.max(1) as f64; seats],
        None => {
            let s: Vec<f64> = (0..seats)
                .map(|p| {
                    let p = PlayerId(p as u8);
                    let open = if open_to_boarders(g, p) {
                        OPEN_STATION
                    } else {
                        1.0
                    };
                    open * strength(g, p)
                })
                .collect();
            let total: f64 = s.iter().sum();
            if total <= 0.0 {
                return vec![1.0 / seats.max(1) as f64; seats];
            }
            s.into_iter().map(|x| x / total).collect()
        }
    }
}

/// The search's judgement of where a playout stopped: a finished game as [`evaluate`] scores
/// it; a cut-off position by [`evaluate`]'s strength shares blended half and half
/// ([`RACE`]) with the volley race ([`race_shares`], an open Station's share cut as
/// [`evaluate`] cuts its strength) — strength counts what each commander
/// has, the race how soon each fleet's volleys would destroy the other's Station (§6.5.3,
/// §6.1), which decides the long games.
pub(crate) fn cut_off(g: &Game, seats: usize) -> Vec<f64> {
    let strength = evaluate(g, seats);
    if g.outcome().is_some() {
        return strength;
    }
    // An open Station facing boarders is a likely loss in the race's half too (§6.9.3).
    let mut race = race_shares(g, seats);
    for (p, r) in race.iter_mut().enumerate() {
        if open_to_boarders(g, PlayerId(p as u8)) {
            *r *= OPEN_STATION;
        }
    }
    let total: f64 = race.iter().sum();
    if total > 0.0 {
        for r in &mut race {
            *r /= total;
        }
    }
    strength
        .into_iter()
        .zip(race)
        .map(|(s, r)| (1.0 - RACE) * s + RACE * r)
        .collect()
}

/// Each commander's share of the volley race, averaged over its opponents: against an
/// opponent, its fleet's speed over the sum of both speeds, where a fleet's speed is its
/// ships' expected wounds a volley turn against the other's Station (the heuristic's
/// [`expected_wounds`](super::heuristic::expected_wounds), with the combat modifiers) over
/// that Station's remaining wounds — the share of the race it would win. Two fleets that
/// cannot wound each other's Stations share evenly; a commander out has none. The shares of
/// the commanders still in sum to one.
fn race_shares(g: &Game, seats: usize) -> Vec<f64> {
    let ids: Vec<PlayerId> = (0..seats).map(|p| PlayerId(p as u8)).collect();
    let still_in = |p: PlayerId| g.commander(p).is_some_and(|c| !c.out);
    // How many of `q`'s Stations `p`'s ships destroy a volley turn, in expectation.
    let speed = |p: PlayerId, q: PlayerId| -> f64 {
        let (Some(c), Some(station)) = (g.commander(p), g.station(q)) else {
            return 0.0;
        };
        let rate: i64 = c
            .battlefield
            .iter()
            .filter(|&&u| matches!(g.card(u).kind, CardKind::Ship(_)))
            .map(|&u| super::heuristic::expected_wounds(g, u, station))
            .sum();
        // Expected wounds are in hundredths.
        rate as f64 / 100.0 / f64::from(stats::remaining(g, station).max(1))
    };
    let mut shares: Vec<f64> = ids
        .iter()
        .map(|&p| {
            if !still_in(p) {
                return 0.0;
            }
            let against: Vec<f64> = ids
                .iter()
                .filter(|&&q| q != p && still_in(q))
                .map(|&q| {
                    let (ours, theirs) = (speed(p, q), speed(q, p));
                    if ours + theirs <= 0.0 {
                        0.5
                    } else {
                        ours / (ours + theirs)
                    }
                })
                .collect();
            if against.is_empty() {
                1.0
            } else {
                against.iter().sum::<f64>() / against.len() as f64
            }
        })
        .collect();
    let total: f64 = shares.iter().sum();
    if total > 0.0 {
        for s in &mut shares {
            *s /= total;
        }
    }
    shares
}

/// Whether `p`'s Station has no Marine aboard while a ship of an opponent still in carries
/// Marines (what `p` sees: cards in play).
fn open_to_boarders(g: &Game, p: PlayerId) -> bool {
    let carries = |i: crate::ids::Inst| {
        g.instance(i).is_some_and(|x| {
            x.attachments
                .iter()
                .any(|&m| matches!(g.card(m).kind, CardKind::Marine { .. }))
        })
    };
    let Some(station) = g.station(p) else {
        return false;
    };
    !carries(station)
        && g.commanders().iter().enumerate().any(|(q, c)| {
            q != usize::from(p.0)
                && !c.out
                && c.battlefield
                    .iter()
                    .any(|&s| matches!(g.card(s).kind, CardKind::Ship(_)) && carries(s))
        })
}

/// What a commander's position is worth, in deployment-cost units (docs/players.md): the
/// Station's remaining wounds and its Module-Stations' (what an attacker must chew through,
/// §6.5.3), each ship and Marine in play by its cost and firepower (its attack with the combat
/// modifiers of card text) scaled by its remaining wounds, other cards in play by half their
/// cost, cards in hand, Stockpiles and the Shipyard. A commander out, or without a Station, is
/// worth nothing.
pub(crate) fn strength(g: &Game, p: PlayerId) -> f64 {
    let Some(c) = g.commander(p) else {
        return 0.0;
    };
    if c.out || g.station(p).is_none() {
        return 0.0;
    }
    let mut s = 1.0;
    for i in g.in_play_of(p) {
        let k = g.card(i);
        let cost = f64::from(k.cost.resource) + f64::from(k.cost.currency);
        let left = f64::from(stats::remaining(g, i));
        let full = f64::from(stats::wounds(g, i).max(1));
        match k.kind {
            CardKind::Station => s += STATION_WOUND * left,
            CardKind::Module(ModuleKind::Station) => s += MODULE_WOUND * left + 0.5 * cost,
            CardKind::Ship(_) | CardKind::Marine { .. } => {
                s += (cost + UNIT_ATTACK * firepower(g, i)) * (0.5 + 0.5 * left / full);
            }
            _ => s += 0.5 * cost,
        }
    }
    s += HAND_CARD * c.hand.len() as f64;
    s += STOCKPILE * (f64::from(c.resource) + f64::from(c.currency));
    s += SHIPYARD_CARD * c.shipyard.len() as f64;
    s
}

/// A unit's firepower in dice: its expected wounds a volley turn against defense 6 (half of
/// all dice hit), doubled — its attack when no card modifies its volleys.
fn firepower(g: &Game, i: crate::ids::Inst) -> f64 {
    let dice = f64::from(stats::attack(g, i));
    if dice == 0.0 {
        return 0.0;
    }
    let extra = f64::from(crate::rules::stats::extra_dice(g, i).clamp(-20, 20));
    let bonus: i32 = stats::roll_bonus(g, i, None)
        .iter()
        .map(|&(_, d)| i32::from(d))
        .sum();
    // Faces of ten that hit defense 6: a natural 10 always, 6..9 with the bonus (§8.2).
    let hits = f64::from(1 + (2..=9).filter(|&n| n + bonus >= 6).count() as u8) / 10.0;
    let dice = (dice + extra).max(0.0);
    let rerolled = f64::from(stats::rerolls(g, i)).min(dice) * (1.0 - hits) * hits;
    let volleys = 1.0 + f64::from(stats::extra_volleys(g, i).min(5));
    2.0 * volleys * (dice * hits + rerolled)
}

/// The weight of the volley race in a cut-off's judgement ([`cut_off`]); the rest is strength.
const RACE: f64 = 0.5;

/// The share of its strength a commander keeps in a cut-off's judgement while its Station
/// lies open to an enemy ship carrying Marines.
const OPEN_STATION: f64 = 0.25;
const STATION_WOUND: f64 = 3.0;
const MODULE_WOUND: f64 = 1.5;
const UNIT_ATTACK: f64 = 1.0;
const HAND_CARD: f64 = 2.0;
const STOCKPILE: f64 = 0.3;
const SHIPYARD_CARD: f64 = 0.1;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::determinise::tests::board;
    use crate::players::play_out_checked;

    #[test]
    fn the_search_reads_nothing_it_cannot_see() {
        let g = board();
        let ada = PlayerId(0);
        assert!(g.legal_choices().len() > 1, "Ada has a decision to search");
        // Bob's hand, Shipyard and face-down Module and Ada's Shipyard order dealt again, the
        // dice reseeded: Ada sees the same game.
        for seed in [99, 100, 101] {
            let h = g.determinised_for(ada, seed);
            assert_ne!(g.commanders[1].hand, h.commanders[1].hand);
            for budget in [1, 7, 40] {
                let a = SearchPlayer::new(5, budget).choose(&g);
                let b = SearchPlayer::new(5, budget).choose(&h);
                assert!(a.is_some());
                assert_eq!(a, b, "budget {budget}, deal {seed}");
            }
        }
    }

    #[test]
    fn a_forced_decision_takes_no_search_and_games_with_search_end() {
        let mut g = board();
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(SearchPlayer::new(1, 6)),
            Box::new(HeuristicPlayer::new(2)),
        ];
        let (made, stop) = play_out_checked(&mut g, &mut players, 5_000);
        assert!(
            matches!(stop, super::super::Stop::Over),
            "{stop:?} after {made} choices"
        );
        // The same seeds play the same game, choice for choice.
        let mut again = board();
        let mut players: Vec<Box<dyn Player>> = vec![
            Box::new(SearchPlayer::new(1, 6)),
            Box::new(HeuristicPlayer::new(2)),
        ];
        play_out_checked(&mut again, &mut players, 5_000);
        assert_eq!(g.history(), again.history());
        // One legal choice: it is taken without drawing from the player's stream.
        let mut p = SearchPlayer::new(3, 50);
        let before = p.dice.word_pos();
        let mut forced = board();
        for i in std::mem::take(&mut forced.commanders[0].hand) {
            forced.instances[i.0 as usize].zone = crate::state::Zone::Scrapheap;
            forced.commanders[0].scrapheap.push(i);
        }
        forced.start_at(PlayerId(0), 3, crate::board::StartAt::Discard);
        assert_eq!(
            forced.legal_choices(),
            vec![Choice::EndTurn],
            "nothing to discard"
        );
        assert_eq!(p.choose(&forced), Some(Choice::EndTurn));
        assert_eq!(p.dice.word_pos(), before);
    }

    /// Ada's Station with her Marine aboard it, or with the Marine aboard her Frigate instead;
    /// Bob's Frigate and Station carry a Marine each either way. Ada's Manufacturing Phase, turn 3.
    fn garrison_board(marine_on_station: bool) -> Game {
        use crate::ir::{Card, CardId, ShipClass};
        use crate::state::{Config, Zone};
        let (station, frigate, marine) = (CardId(0), CardId(1), CardId(2));
        let unit = |id, name: &str, kind, (a, d, w): (u8, u8, u8), carries: u8| {
            let mut c = Card::blank(id, name, kind);
            // printed: the test cards' attack, defense, wounds and Marine capacity (§6.2, §2.4).
            (c.attack, c.defense, c.wounds) = (Some(a), Some(d), Some(w));
            c.capacity.marines = carries; // printed: the test card's Marine capacity (§2.4.1).
            if matches!(kind, CardKind::Marine { .. }) {
                // printed: the test Marine takes one space aboard (§2.4.1).
                c.space = 1;
            }
            c
        };
        let mut st = unit(station, "Test Station", CardKind::Station, (3, 7, 10), 2);
        st.faction = Some(crate::ir::Faction::Rdf);
        let cards = vec![
            st,
            unit(
                frigate,
                "Test Frigate",
                CardKind::Ship(ShipClass::Frigate),
                (1, 5, 2),
                1,
            ),
            unit(
                marine,
                "Test Marine",
                CardKind::Marine { character: false },
                (2, 5, 2),
                0,
            ),
        ];
        let db = std::sync::Arc::new(crate::CardDb::new(cards).expect("the test pool loads"));
        let config = Config {
            seed: 1,
            max_turns: 30,
        };
        let mut g = Game::empty(db, vec!["Ada".into(), "Bob".into()], config).expect("two");
        let place = |g: &mut Game, who, card, zone| g.place(who, card, zone).expect("placed");
        let mut stations = Vec::new();
        let mut frigates = Vec::new();
        for who in [PlayerId(0), PlayerId(1)] {
            stations.push(place(&mut g, who, station, Zone::Battlefield));
            frigates.push(place(&mut g, who, frigate, Zone::Battlefield));
        }
        let ada_host = if marine_on_station {
            stations[0]
        } else {
            frigates[0]
        };
        place(&mut g, PlayerId(0), marine, Zone::Attached(ada_host));
        place(&mut g, PlayerId(1), marine, Zone::Attached(frigates[1]));
        place(&mut g, PlayerId(1), marine, Zone::Attached(stations[1]));
        g.start_at(PlayerId(0), 3, crate::board::StartAt::Manufacturing);
        g
    }

    #[test]
    fn an_open_station_facing_boarders_is_judged_a_likely_loss() {
        let ada = |g: &Game| evaluate(g, 2)[0];
        let held = ada(&garrison_board(true));
        let open = ada(&garrison_board(false));
        // The same cards in play either way: only where Ada's Marine stands differs (§6.9.3).
        assert!(held > 0.4, "a near-even position: {held}");
        assert!(
            open < 0.6 * held,
            "the open Station is a likely loss: {open} against {held}"
        );
    }

    #[test]
    fn the_cut_off_weighs_the_volley_race() {
        let ada = |g: &Game| (cut_off(g, 2)[0], evaluate(g, 2)[0]);
        // The same fleets and Stations either side (Bob has a Marine more): an even race only
        // draws strength's judgement towards even.
        let (race, strength) = ada(&garrison_board(true));
        assert!(strength < race && race <= 0.5, "{race} against {strength}");
        // A Station two wounds from destruction facing a Frigate: Ada's ships need ten wounds
        // on Bob's Station, his two on hers (§6.5.3) — a lost race, judged worse than the
        // strength alone (which counts three per Station wound left) says.
        let wounded = |who: usize| {
            let mut g = garrison_board(true);
            let station = g.station(PlayerId(who as u8)).expect("a Station");
            g.instances[station.0 as usize].wounds = 8;
            g
        };
        let (race, strength) = ada(&wounded(0));
        assert!(race < strength - 0.01, "lost: {race} against {strength}");
        let (race, strength) = ada(&wounded(1));
        assert!(race > strength + 0.01, "won: {race} against {strength}");
        // The shares still sum to one.
        let shares = cut_off(&wounded(0), 2);
        assert!(
            (shares.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{shares:?}"
        );
    }

    #[test]
    fn only_a_choice_clearly_better_on_the_same_deals_replaces_the_heuristics() {
        let heuristic = [0.40, 0.55, 0.30, 0.62, 0.48, 0.51, 0.35, 0.58];
        let plus = |d: f64| heuristic.iter().map(|r| r + d).collect::<Vec<f64>>();
        // The same rewards, or a gain within the margin: the heuristic's choice stays.
        assert!(!clearly_better(&heuristic, &heuristic));
        assert!(!clearly_better(&plus(0.015), &heuristic));
        // A steady gain on every deal, however small the rewards' own spread allows.
        assert!(clearly_better(&plus(0.06), &heuristic));
        // The same mean gain as a steady 0.06, but won on some deals and lost on others: the
        // paired differences spread too far to tell.
        let noisy: Vec<f64> = heuristic
            .iter()
            .enumerate()
            .map(|(j, r)| r + if j % 2 == 0 { 0.36 } else { -0.24 })
            .collect();
        assert!(mean(&noisy) - mean(&heuristic) > 0.05);
        assert!(!clearly_better(&noisy, &heuristic));
        // One deal says nothing of the spread.
        assert!(!clearly_better(&[0.9], &[0.4]));
        assert!(!clearly_better(&[], &[]));
    }

    #[test]
    fn budgets_parse_and_bad_ones_are_refused_in_words() {
        assert_eq!(parse_budget("search"), Ok(DEFAULT_BUDGET));
        assert_eq!(parse_budget("search:25"), Ok(25));
        for bad in [
            "search:0",
            "search:",
            "search:x",
            "search:-3",
            "search25",
            "search:100001",
        ] {
            let e = parse_budget(bad).unwrap_err();
            assert!(e.contains("1 to 100000") && e.contains(bad), "{e}");
        }
    }
}
