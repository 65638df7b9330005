//! The heuristic's answer in a response window (§2.6, §2.7) and in STEP 1 of an engagement,
//! a window of its own (§6.6): deploy an Event or Tactic, or use an activated ability (I-93),
//! only when it pays off. Each card it could deploy is tried on one deal of what the commander
//! cannot see (`Game::determinised_for`, from the player's own stream: no hidden card and no
//! future die is read), its effect resolved with the heuristic's choices, and the position
//! judged as the search player judges a cut-off (`search::evaluate`). A card is deployed when
//! the commander's share after it beats the share of passing in the same deal — the card's
//! own worth in hand and its cost count against it, so a card that does nothing stays in hand.

use crate::choice::{Choice, DecisionKind};
use crate::ids::PlayerId;
use crate::state::Game;

/// Choices an effect's resolution may take before the position is judged as it stands.
const RESOLVE_CAP: usize = 60;

/// How much (in share of the total strength) a card must gain over passing.
const PAYS_OFF: f64 = 0.002;

/// The response `who` makes among `choices` (which hold `Pass`): the card that gains most over
/// passing, or `Pass`.
pub(crate) fn best_response(game: &Game, who: PlayerId, choices: &[Choice], seed: u64) -> Choice {
    if choices.len() <= 1 {
        return choices.first().cloned().unwrap_or(Choice::Pass);
    }
    if !choices.iter().any(|c| matches!(c, Choice::Deploy { .. })) {
        return passing_choice(choices);
    }
    let seats = game.commanders().len();
    let deal = game.determinised_for(who, seed);
    let share = |g: &Game| {
        super::search::evaluate(g, seats)
            .get(usize::from(who.0))
            .copied()
            .unwrap_or(0.0)
    };
    let passing = share(&deal);
    let mut best: Option<(f64, &Choice)> = None;
    for c in choices {
        // A card, or an activated ability (I-93), judged alike: by the position after it.
        if !matches!(c, Choice::Deploy { .. } | Choice::Activate { .. }) {
            continue;
        }
        let mut g = deal.clone();
        if g.play(who, c.clone()).is_err() {
            continue;
        }
        resolve(&mut g);
        let gain = share(&g) - passing;
        if gain > PAYS_OFF && best.is_none_or(|(b, _)| gain > b) {
            best = Some((gain, c));
        }
    }
    best.map_or_else(|| passing_choice(choices), |(_, c)| c.clone())
}

/// Passing: `Pass` in a response window, ending the step in STEP 1 of an engagement.
fn passing_choice(choices: &[Choice]) -> Choice {
    choices
        .iter()
        .find(|c| !matches!(c, Choice::Deploy { .. }))
        .cloned()
        .unwrap_or(Choice::Pass)
}

/// Resolve what the deployed card asks (targets, optional steps), each commander taking the
/// heuristic's best-scored choice, until something other than a card effect is asked.
fn resolve(g: &mut Game) {
    for _ in 0..RESOLVE_CAP {
        let Some(d) = g.decision() else {
            return;
        };
        if !matches!(d.kind, DecisionKind::Effect { .. }) {
            return;
        }
        let choices = g.legal_choices();
        let Some(c) = choices
            .into_iter()
            .max_by_key(|c| super::HeuristicPlayer::score(g, c))
        else {
            return;
        };
        if g.play(d.who, c).is_err() {
            return;
        }
    }
}
