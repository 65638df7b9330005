//! The rules, one module per part of the game, each citing its sections:
//! - `setup`: §4.1–§4.8 and the §5 Setup recap;
//! - `logistics`: §5.3;
//! - `manufacturing`: §5.4 with §2.3–§2.5, §3.4.7, §3.4.11, §8.4, §9.4, §9.7; Events §2.6/§5.1;
//! - `respond`: the response model — who may answer what, when, in which order (§2.6, §2.7);
//! - `turn`: the Engagement-phase declaration (§5.5), discard and end of turn, turn order
//!   (§5.6);
//! - `scoop`: §7.2 and the end of the game (§6.1);
//! - `prevention`: damage prevention from card text (issue 17, I-72);
//! - `aftermath`: the end of an engagement (§2.5.1.2, §6.9.7, §3.4.4, I-45);
//! - engagements (§6): `engagement` (the §6.6 step machine, retreat), `volley` (§6.2, §8.2,
//!   destruction §6.7), `stats` (attack, defense, trait values), `traits` (§3), `boarding`
//!   (§6.9), `victory` (elimination, Spoils of War §7.1.3);
//! - `act`: the one door card effects use into the rules (the actions they may take).
//!
//! [`dispatch`] routes a choice to its rule; [`legal`] lists the choices every rule accepts.
//! Both use the same check functions, so a listed choice is always accepted.

pub(crate) mod act;
pub mod aftermath;
pub mod boarding;
pub mod engagement;
pub mod logistics;
pub mod manufacturing;
pub mod prevention;
pub mod respond;
pub mod scoop;
pub mod setup;
pub mod stats;
pub mod traits;
pub mod turn;
pub mod victory;
pub mod volley;

use crate::choice::{Choice, Decision, DecisionKind};
use crate::error::RuleError;
use crate::state::Game;

use manufacturing::Context;

/// Apply `choice` for the pending `decision` (the caller checked who decides).
pub(crate) fn dispatch(g: &mut Game, d: Decision, choice: &Choice) -> Result<(), RuleError> {
    let who = d.who;
    match (&d.kind, choice) {
        (kind, Choice::Activate { card, ability }) if activation_moment(kind) => {
            crate::effects::activated::activate(g, who, *card, *ability)
        }
        (DecisionKind::Reroll { .. }, c @ (Choice::Reroll { .. } | Choice::KeepDice)) => {
            volley::reroll(g, who, c)?;
            engagement::settle(g);
            Ok(())
        }
        (_, Choice::Reroll { .. } | Choice::KeepDice) => Err(engagement::err(
            "no volley's dice are waiting on a re-roll: only a card's text lets a unit's commander re-roll one die of its volley, once the dice are shown (I-91)",
            "6.2",
        )),
        (DecisionKind::Effect { .. }, c) => crate::effects::actions::answer(g, who, c),
        (DecisionKind::Combat(step), c) => engagement::dispatch(g, who, step, c),
        (DecisionKind::AssignDice { .. }, c @ Choice::AssignDice { .. }) => {
            let step = g
                .engagement
                .as_ref()
                .map(|e| e.step.clone())
                .ok_or_else(|| engagement::err("no engagement is being fought", "6.6"))?;
            engagement::dispatch(g, who, &step, c)
        }
        (DecisionKind::Aftermath, c) => aftermath::dispatch(g, who, c),
        (
            DecisionKind::Respond,
            Choice::Deploy {
                card,
                host,
                replacing,
            },
        ) => respond::deploy(g, who, *card, *host, *replacing),
        (DecisionKind::Spoils, Choice::SpoilsPick { card, host }) => {
            victory::spoils_pick(g, who, *card, *host)
        }
        (DecisionKind::SpoilsMarines, Choice::SpoilsMarine { marine, host }) => {
            victory::relocate(g, who, *marine, *host)
        }
        (DecisionKind::Spoils, Choice::SpoilsDecline) => {
            victory::spoils_decline(g, who);
            Ok(())
        }
        (DecisionKind::SetupModule { .. }, Choice::SetupModule(card)) => {
            setup::pick_module(g, who, *card)
        }
        (DecisionKind::Mulligan, Choice::Mulligan) => setup::mulligan(g, who),
        (DecisionKind::Mulligan, Choice::KeepHand) => setup::keep(g, who),
        (DecisionKind::SetupDeploy, Choice::EndPhase) => {
            setup::end_deploy(g, who);
            Ok(())
        }
        (DecisionKind::SetupDiscard, Choice::Discard(card)) => turn::discard(g, who, *card, true),
        (DecisionKind::SetupDiscard, Choice::EndTurn) => {
            setup::finish(g, who);
            Ok(())
        }
        (
            kind,
            Choice::Deploy {
                card,
                host,
                replacing,
            },
        ) => {
            let ctx = context(kind).ok_or_else(|| not_now(g, &d, choice))?;
            manufacturing::deploy(g, who, *card, *host, *replacing, ctx)
        }
        (DecisionKind::Manufacturing, Choice::Conscript { card, host }) => {
            manufacturing::conscript(g, who, *card, *host)
        }
        (DecisionKind::Regiment { .. }, Choice::RegimentPick(card)) => {
            manufacturing::regiment_pick(g, who, *card)
        }
        (DecisionKind::Regiment { .. }, Choice::RegimentDecline) => {
            manufacturing::regiment_decline(g);
            Ok(())
        }
        (
            DecisionKind::Manufacturing | DecisionKind::SetupDeploy,
            Choice::Reassign { unit, host },
        ) => manufacturing::reassign(g, who, *unit, *host),
        (
            DecisionKind::Manufacturing | DecisionKind::SetupDeploy,
            Choice::Relieve { garrison, relief },
        ) => manufacturing::relieve(g, who, *garrison, *relief),
        (DecisionKind::Manufacturing, Choice::EndPhase) => {
            turn::end_manufacturing(g);
            Ok(())
        }
        (DecisionKind::Engagement, Choice::DeclareEngagement { defender, fleet }) => {
            turn::declare_engagement(g, who, *defender, fleet)
        }
        (DecisionKind::Engagement, Choice::DeclineEngagement) => {
            turn::decline_engagement(g, who);
            Ok(())
        }
        (DecisionKind::Discard, Choice::Discard(card)) => turn::discard(g, who, *card, false),
        (DecisionKind::Discard, Choice::EndTurn) => {
            turn::end_turn(g, who);
            Ok(())
        }
        (DecisionKind::Respond, Choice::Pass) => {
            respond::pass(g, who);
            Ok(())
        }
        _ => Err(not_now(g, &d, choice)),
    }
}

/// Whether a decision is a moment its commander may deploy an Event, and so use an activated
/// ability (I-93): their Manufacturing, engagement-declaration and end-of-turn decisions, a
/// response window, and an engagement decision of theirs but a Stoic unit's last volley
/// (§2.6, §6.5.4, §3.4.10). Never in Setup, nor while an effect, a search, the Spoils of War, a
/// split volley or an engagement's aftermath waits.
fn activation_moment(kind: &DecisionKind) -> bool {
    match kind {
        DecisionKind::Manufacturing
        | DecisionKind::Engagement
        | DecisionKind::Discard
        | DecisionKind::Respond => true,
        DecisionKind::Combat(step) => {
            !matches!(step, crate::state::engagement::CombatStep::Stoic(_))
        }
        _ => false,
    }
}

/// Which deployments a decision allows.
fn context(kind: &DecisionKind) -> Option<Context> {
    match kind {
        DecisionKind::SetupDeploy => Some(Context::Setup),
        DecisionKind::Manufacturing => Some(Context::Manufacturing),
        DecisionKind::Engagement | DecisionKind::Discard => Some(Context::EventsOnly),
        _ => None,
    }
}

fn not_now(g: &Game, d: &Decision, choice: &Choice) -> RuleError {
    let setup = matches!(
        d.kind,
        DecisionKind::SetupModule { .. }
            | DecisionKind::Mulligan
            | DecisionKind::SetupDeploy
            | DecisionKind::SetupDiscard
    );
    if setup
        && matches!(
            choice,
            Choice::DeclareEngagement { .. } | Choice::DeclineEngagement
        )
    {
        // §5.1, §6.1: nobody engages in Setup; that, not the pending decision, is the reason.
        return RuleError::NotNow {
            what: "declaring an engagement",
            why: "no commander may engage during the Setup Phase (§6.1)".into(),
            section: "5.1",
        };
    }
    let (what, section) = match choice {
        Choice::SetupModule(_) => ("picking a Setup Module-Station", "4.2"),
        Choice::Mulligan | Choice::KeepHand => ("a mulligan decision", "4.4.1"),
        Choice::Deploy { .. } => ("deploying", "5.2"),
        Choice::Conscript { .. } => ("conscription", "5.4.3"),
        Choice::RegimentPick(_) | Choice::RegimentDecline => ("a Regimented search", "3.4.7"),
        Choice::Reassign { .. } => ("reassigning", "5.4.5"),
        Choice::Relieve { .. } => ("relieving a garrison", "6.9.7"),
        Choice::EndPhase => ("ending a phase", "5.2"),
        Choice::DeclareEngagement { .. } | Choice::DeclineEngagement => {
            ("declaring an engagement", "5.5.1")
        }
        Choice::Discard(_) => ("discarding", "5.5.4"),
        Choice::EndTurn => ("ending the turn", "5.5.5"),
        Choice::Pass => ("passing", "2.6"),
        Choice::Scoop => ("scooping", "7.2"),
        Choice::SpoilsPick { .. } | Choice::SpoilsDecline => ("the Spoils of War", "7.1.3.2"),
        Choice::SpoilsMarine { .. } => ("moving Marines of the Spoils of War", "7.1.3.3"),
        Choice::TurnFaceDown(_) => ("turning a module face down", "3.4.4"),
        Choice::AssignDice { .. } => ("assigning volley dice", "6.2"),
        Choice::Reroll { .. } | Choice::KeepDice => ("re-rolling a volley die", "6.2"),
        Choice::EffectTarget(_)
        | Choice::EffectDeploy { .. }
        | Choice::EffectCommander(_)
        | Choice::EffectYes
        | Choice::EffectNo
        | Choice::EffectMode(_) => ("answering a card effect", "6.8"),
        Choice::Activate { .. } => ("using an activated ability", "2.6"),
        _ => ("an engagement choice", "6.6"),
    };
    RuleError::NotNow {
        what,
        why: format!(
            "{} must first decide {}",
            g.commander_name(d.who),
            d.kind.describe()
        ),
        section,
    }
}

/// A sink for legal choices that keeps only whether there was one: "is there anything to
/// decide?" asked of a lister with no list built (issue #15).
#[derive(Default)]
pub(crate) struct Found(pub bool);

impl Extend<Choice> for Found {
    fn extend<I: IntoIterator<Item = Choice>>(&mut self, choices: I) {
        self.0 |= choices.into_iter().next().is_some();
    }
}

/// Where a lister puts the choices it finds, and whether it may stop: a list wants them all,
/// [`Found`] only the first.
pub(crate) trait Choices: Extend<Choice> {
    /// Whether the sink needs no more choices.
    fn enough(&self) -> bool;
}

impl Choices for Vec<Choice> {
    fn enough(&self) -> bool {
        false
    }
}

impl Choices for Found {
    fn enough(&self) -> bool {
        self.0
    }
}

/// Every choice the rules accept for `d` (Scoop left out).
pub(crate) fn legal(g: &Game, d: &Decision, out: &mut Vec<Choice>) {
    let who = d.who;
    match &d.kind {
        DecisionKind::SetupModule { .. } => {
            for card in setup::module_candidates(g, who) {
                out.push(Choice::SetupModule(card));
            }
        }
        DecisionKind::Mulligan => {
            out.push(Choice::KeepHand);
            if setup::check_mulligan(g, who).is_ok() {
                out.push(Choice::Mulligan);
            }
        }
        DecisionKind::SetupDeploy => {
            manufacturing::legal_deploys(g, who, Context::Setup, out);
            manufacturing::legal_reassigns(g, who, out);
            out.push(Choice::EndPhase);
        }
        DecisionKind::SetupDiscard => {
            turn::legal_discards(g, who, out);
            out.push(Choice::EndTurn);
        }
        DecisionKind::Manufacturing => {
            manufacturing::legal_manufacturing(g, who, out);
            out.push(Choice::EndPhase);
        }
        DecisionKind::Engagement => {
            out.push(Choice::DeclineEngagement);
            turn::legal_engagements(g, who, out);
            manufacturing::legal_deploys(g, who, Context::EventsOnly, out);
        }
        DecisionKind::Discard => {
            turn::legal_discards(g, who, out);
            manufacturing::legal_deploys(g, who, Context::EventsOnly, out);
            out.push(Choice::EndTurn);
        }
        DecisionKind::Respond => respond::legal(g, who, out),
        DecisionKind::Regiment { .. } => {
            manufacturing::legal_regiment_picks(g, out);
            out.push(Choice::RegimentDecline);
        }
        DecisionKind::Combat(step) => engagement::legal(g, d, step, out),
        DecisionKind::Spoils => victory::legal_spoils(g, who, out),
        DecisionKind::AssignDice { .. } => volley::legal_assignments(g, out),
        DecisionKind::SpoilsMarines => victory::legal_relocations(g, who, out),
        DecisionKind::Aftermath => aftermath::legal_choices(g, who, out),
        DecisionKind::Effect { .. } => crate::effects::actions::legal(g, out),
        DecisionKind::Reroll { .. } => volley::legal_rerolls(g, out),
    }
    if activation_moment(&d.kind) {
        crate::effects::activated::legal(g, who, out);
    }
}
