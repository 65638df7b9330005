//! Decisions in the rulebook's words ("Ada's volley turn (STEP 3)") and choices as
//! ruling-script lines: what transcripts, refusals and the command line show a user
//! (`tests/tests/words.rs` checks no internal `Debug` leaks through).

use crate::choice::{Choice, Decision, DecisionKind};
use crate::error::RuleError;
use crate::ids::Inst;
use crate::ir::RegimentUnit;
use crate::state::engagement::CombatStep;

use crate::state::engagement::FightStage;
use crate::state::engagement::Side;
use crate::state::pending::Ask;
use crate::state::Game;
use crate::transcript::card_label;

impl Decision {
    /// The decision in the rulebook's words: "Ada's volley turn (STEP 3)".
    pub fn words(&self, g: &Game) -> String {
        format!(
            "{}'s {}",
            g.commander_name(self.who),
            self.kind.step_words(g)
        )
    }
}

impl DecisionKind {
    /// The section whose step this decision belongs to (for lines about the step itself).
    pub fn section(&self) -> &'static str {
        match self {
            DecisionKind::SetupModule { .. } => "4.2",
            DecisionKind::Mulligan => "4.4.1",
            DecisionKind::SetupDeploy => "4.6",
            DecisionKind::SetupDiscard => "4.7",
            DecisionKind::Manufacturing => "5.4",
            DecisionKind::Engagement => "5.5.1",
            DecisionKind::Discard => "5.5.4",
            DecisionKind::Respond => "2.6",
            DecisionKind::Regiment { .. } => "3.4.7",
            DecisionKind::Combat(CombatStep::Stoic(_)) => "3.4.10",
            DecisionKind::Combat(_) => "6.6",
            DecisionKind::Spoils => "7.1.3.2",
            DecisionKind::SpoilsMarines => "7.1.3.3",
            DecisionKind::AssignDice { .. } => "6.2",
            DecisionKind::Aftermath => "2.5.1.2",
            DecisionKind::Effect { .. } => "6.8",
            DecisionKind::Reroll { .. } => "6.2",
        }
    }

    /// The kind of step being decided, without its particulars (whose, which cards, how
    /// many left): what a tally of decisions groups by, and [`DecisionKind::step_words`]
    /// for a step that has none.
    pub fn kind_words(&self) -> &'static str {
        match self {
            DecisionKind::SetupModule { .. } => "Setup Module-Station pick (§4.2)",
            DecisionKind::Mulligan => "mulligan or keep (§4.4.1)",
            DecisionKind::SetupDeploy => "Setup deployment (§4.6)",
            DecisionKind::SetupDiscard => "end-of-Setup discard (§4.7)",
            DecisionKind::Manufacturing => "Manufacturing Phase (§5.4)",
            DecisionKind::Engagement => "engagement declaration (§5.5.1)",
            DecisionKind::Discard => "end-of-turn discard (§5.5.4)",
            DecisionKind::Respond => "chance to respond (§2.6, §2.7)",
            DecisionKind::Regiment { .. } => "Regimented search (§3.4.7)",
            DecisionKind::Combat(step) => combat_kind_words(step),
            DecisionKind::Spoils => "Spoils of War deployment (§7.1.3.2)",
            DecisionKind::SpoilsMarines => "Spoils-of-War Marines aboard hijacked ships (§7.1.3.3)",
            DecisionKind::AssignDice { .. } => "split fire (§6.2)",
            DecisionKind::Aftermath => "end-of-engagement reassignment (§2.5.1.2, §3.4.4)",
            DecisionKind::Effect { .. } => "choice for a card's effect (§6.8)",
            DecisionKind::Reroll { .. } => "re-roll of a volley die (§6.2, I-91)",
        }
    }

    /// The step being decided, without whose it is: "volley turn (STEP 3)".
    pub fn step_words(&self, g: &Game) -> String {
        let c = |i: Inst| card_label(g, i);
        match self {
            DecisionKind::SetupModule { left } => {
                format!("Setup Module-Station pick, {left} left (§4.2)")
            }
            DecisionKind::Respond if g.engagement.is_some() => {
                "chance to respond with an Event or Tactic (§2.6, §2.7)".into()
            }
            DecisionKind::Respond => "chance to respond with an Event (§2.6)".into(),
            DecisionKind::Regiment { host, unit, left } => format!(
                "Regimented search for {}, {left} {} left (§3.4.7)",
                c(*host),
                match unit {
                    RegimentUnit::Marine => "Marine(s)",
                    RegimentUnit::Wing => "Fighter Wing(s)",
                }
            ),
            DecisionKind::Combat(step) => combat_words(g, step),
            DecisionKind::AssignDice { unit, left } => format!(
                "split fire of {}, {left} {} left to assign (§6.2)",
                c(*unit),
                if *left == 1 { "die" } else { "dice" }
            ),
            DecisionKind::Effect { source, ask } => {
                format!("choice for {}: {}", c(*source), ask_words(g, ask))
            }
            DecisionKind::Reroll { unit, left } => format!(
                "re-roll of a die of {}'s volley or keeping the dice, {left} {} left (§6.2, I-91)",
                c(*unit),
                if *left == 1 { "re-roll" } else { "re-rolls" }
            ),
            _ => self.kind_words().into(),
        }
    }
}

/// An engagement step's kind ([`DecisionKind::kind_words`]): STEP 8's stages and a Stoic
/// unit's last volley without the cards they are about.
fn combat_kind_words(step: &CombatStep) -> &'static str {
    match step {
        CombatStep::StartCards => "start-of-engagement cards (STEP 1)",
        CombatStep::Interceptors => "Interceptor fire (STEP 2)",
        CombatStep::Volley(Side::Attacker) => "volley turn (STEP 3)",
        CombatStep::Volley(Side::Defender) => "volley turn (STEP 5)",
        CombatStep::Boards(Side::Attacker) => "boarding declarations (STEP 4)",
        CombatStep::Boards(Side::Defender) => "boarding declarations (STEP 6)",
        CombatStep::Escorts(_) => "Escorts cancelling boarding actions (STEP 7)",
        CombatStep::Boarding => "boarding actions (STEP 8)",
        CombatStep::Stoic(_) => "Stoic last volley (§3.4.10)",
    }
}

fn combat_words(g: &Game, step: &CombatStep) -> String {
    match step {
        CombatStep::Boarding => match crate::rules::boarding::fight(g) {
            None => combat_kind_words(step).into(),
            Some(f) => {
                let at = card_label(g, f.target);
                match f.stage {
                    FightStage::Interceptor => {
                        format!("Marine Interceptor fire aboard {at} (STEP 8A)")
                    }
                    FightStage::Boarders => {
                        format!("boarding Marines' fire aboard {at} (STEP 8B/8D)")
                    }
                    FightStage::Holders => {
                        format!("defending Marines' fire aboard {at} (STEP 8C/8D)")
                    }
                    FightStage::Pursue => format!(
                        "pursuit of the Marines retreating to {} (§9.23)",
                        card_label(g, f.ship)
                    ),
                    FightStage::Outcome => format!("hijack or scuttle of {at} (STEP 8E)"),
                }
            }
        },
        CombatStep::Stoic(u) => format!("Stoic last volley of {} (§3.4.10)", card_label(g, *u)),
        _ => combat_kind_words(step).into(),
    }
}

/// What a resolving effect asks for, in words.
pub fn ask_words(g: &Game, ask: &Ask) -> String {
    match ask {
        Ask::Target {
            picked,
            count,
            up_to,
        } => format!(
            "a target, {picked} of {}{count} chosen (§8.5)",
            if *up_to { "up to " } else { "" }
        ),
        Ask::Opponent => "an opposing commander (§8.5)".into(),
        Ask::May { cost: Some(c) } => format!("whether to pay {c} for the optional step (§8.6)"),
        Ask::May { cost: None } => "whether to take the optional step (§8.6)".into(),
        Ask::Flip => "whether to flip it face up (§3.4.4)".into(),
        Ask::Search { left } => format!("a card found in the Shipyard, {left} more (§8.3)"),
        Ask::Mode { left } => format!("a mode of the choice, {left} to choose (I-89)"),
        Ask::Discard { who, left } => format!(
            "a card {} discards, {left} more (§9.30)",
            g.commander_name(*who)
        ),
    }
}

impl Choice {
    /// The choice as a ruling-script action (`fire Merlin-class Frigate #3 at Test Station #5
    /// x2`), cards named `Name #N` so the line can be pasted into a script as it is.
    pub fn script(&self, g: &Game) -> String {
        let c = |i: Inst| card_label(g, i);
        let onto = |h: &Option<Inst>| match h {
            Some(h) => format!(" onto {}", c(*h)),
            None => String::new(),
        };
        let fire = |fire: &[(Inst, u8)]| {
            fire.iter()
                .map(|&(t, n)| format!("{} x{n}", c(t)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Choice::SetupModule(i) | Choice::RegimentPick(i) => format!("pick {}", c(*i)),
            Choice::Mulligan => "mulligan".into(),
            Choice::KeepHand => "keep".into(),
            Choice::Deploy {
                card,
                host,
                replacing,
            } => format!(
                "deploy {}{}{}",
                c(*card),
                onto(host),
                replacing.map_or(String::new(), |r| format!(" replacing {}", c(r)))
            ),
            Choice::Conscript { card, host } => format!("conscript {}{}", c(*card), onto(host)),
            Choice::RegimentDecline => "decline".into(),
            Choice::Reassign { unit, host } => format!(
                "reassign {} onto {}",
                c(*unit),
                host.map_or("open space".to_string(), c)
            ),
            Choice::Relieve { garrison, relief } => {
                format!("relieve {} with {}", c(*garrison), c(*relief))
            }
            Choice::EndPhase => "end-phase".into(),
            Choice::DeclareEngagement { defender, fleet } => format!(
                "engage {} with {}",
                g.commander_name(*defender),
                fleet.iter().map(|&s| c(s)).collect::<Vec<_>>().join(", ")
            ),
            Choice::DeclineEngagement => "no-engagement".into(),
            Choice::Discard(i) => format!("discard {}", c(*i)),
            Choice::EndTurn => "end-turn".into(),
            Choice::Pass => "pass".into(),
            Choice::Scoop => "scoop".into(),
            Choice::Volley { unit, fire: f } => format!("fire {} at {}", c(*unit), fire(f)),
            Choice::Intercept { unit, fire: f } => {
                format!("intercept {} at {}", c(*unit), fire(f))
            }
            Choice::AssignDice { unit, target, dice } => {
                format!("assign {} at {} x{dice}", c(*unit), c(*target))
            }
            Choice::Jam { unit, target } => format!("jam {} at {}", c(*unit), c(*target)),
            Choice::Paint { unit, target } => format!("paint {} at {}", c(*unit), c(*target)),
            Choice::Overload { unit, target } => {
                format!("overload {} at {}", c(*unit), c(*target))
            }
            Choice::Repair { unit } => format!("repair {}", c(*unit)),
            Choice::Fearless { unit } => format!("fearless {}", c(*unit)),
            Choice::Retreat { unit } => format!("retreat {}", c(*unit)),
            Choice::Launch { wing } => format!("launch {}", c(*wing)),
            Choice::Dock { wing, host } => format!("dock {} onto {}", c(*wing), c(*host)),
            Choice::Board { ship, target } => format!("board {} at {}", c(*ship), c(*target)),
            Choice::CancelBoard { escort, ship } => {
                format!("cancel {} with {}", c(*ship), c(*escort))
            }
            Choice::Pursue => "pursue".into(),
            Choice::Hijack => "hijack".into(),
            Choice::Scuttle => "scuttle".into(),
            Choice::EndStep => "done".into(),
            Choice::TurnFaceDown(i) => format!("turn-face-down {}", c(*i)),
            Choice::SpoilsPick { card, host } => format!("spoils {}{}", c(*card), onto(host)),
            Choice::SpoilsDecline => "no-spoils".into(),
            Choice::SpoilsMarine { marine, host } => match host {
                Some(h) => format!("spoils-marine {} onto {}", c(*marine), c(*h)),
                None => format!("spoils-marine {} discarded", c(*marine)),
            },
            Choice::EffectTarget(i) => format!("target {}", c(*i)),
            Choice::EffectDeploy {
                card,
                host,
                replacing,
            } => format!(
                "target {} onto {}{}",
                c(*card),
                host.map_or("open space".to_string(), c),
                replacing.map_or(String::new(), |r| format!(" replacing {}", c(r)))
            ),
            Choice::EffectCommander(p) => format!("choose {}", g.commander_name(*p)),
            Choice::EffectYes => "yes".into(),
            Choice::EffectNo => "no".into(),
            // The ability's number only where the card has more than one to use (I-93).
            Choice::Activate { card, ability } => {
                if crate::effects::activated::count(g.card(*card)) > 1 {
                    format!("activate {} ability {}", c(*card), u16::from(*ability) + 1)
                } else {
                    format!("activate {}", c(*card))
                }
            }
            Choice::EffectMode(k) => format!("mode {}", u16::from(*k) + 1),
            Choice::Reroll { target, die } => format!("reroll {} die {die}", c(*target)),
            Choice::KeepDice => "keep dice".into(),
        }
    }
}

impl Choice {
    /// Every card instance the choice names, in order.
    pub fn cards(&self) -> Vec<Inst> {
        let mut v = Vec::new();
        match self {
            Choice::SetupModule(i)
            | Choice::RegimentPick(i)
            | Choice::Discard(i)
            | Choice::TurnFaceDown(i)
            | Choice::EffectTarget(i) => v.push(*i),
            Choice::Deploy {
                card,
                host,
                replacing,
            }
            | Choice::EffectDeploy {
                card,
                host,
                replacing,
            } => {
                v.push(*card);
                v.extend(*host);
                v.extend(*replacing);
            }
            Choice::Conscript { card, host } | Choice::SpoilsPick { card, host } => {
                v.push(*card);
                v.extend(*host);
            }
            Choice::Reassign { unit, host } => {
                v.push(*unit);
                v.extend(*host);
            }
            Choice::SpoilsMarine { marine, host } => {
                v.push(*marine);
                v.extend(*host);
            }
            Choice::Relieve { garrison, relief } => v.extend([*garrison, *relief]),
            Choice::DeclareEngagement { fleet, .. } => v.extend(fleet.iter().copied()),
            Choice::Volley { unit, fire } | Choice::Intercept { unit, fire } => {
                v.push(*unit);
                v.extend(fire.iter().map(|&(t, _)| t));
            }
            Choice::AssignDice { unit, target, .. }
            | Choice::Jam { unit, target }
            | Choice::Paint { unit, target }
            | Choice::Overload { unit, target } => v.extend([*unit, *target]),
            Choice::Repair { unit } | Choice::Fearless { unit } | Choice::Retreat { unit } => {
                v.push(*unit)
            }
            Choice::Launch { wing } => v.push(*wing),
            Choice::Reroll { target, .. } => v.push(*target),
            Choice::Activate { card, .. } => v.push(*card),
            Choice::Dock { wing, host } => v.extend([*wing, *host]),
            Choice::Board { ship, target } => v.extend([*ship, *target]),
            Choice::CancelBoard { escort, ship } => v.extend([*ship, *escort]),
            Choice::Mulligan
            | Choice::KeepHand
            | Choice::RegimentDecline
            | Choice::EndPhase
            | Choice::DeclineEngagement
            | Choice::EndTurn
            | Choice::Pass
            | Choice::Scoop
            | Choice::Pursue
            | Choice::Hijack
            | Choice::Scuttle
            | Choice::EndStep
            | Choice::SpoilsDecline
            | Choice::EffectCommander(_)
            | Choice::EffectYes
            | Choice::EffectNo
            | Choice::EffectMode(_)
            | Choice::KeepDice => {}
        }
        v
    }
}

impl RuleError {
    /// The refusal in words, with commanders named as in the game rather than by seat and
    /// cards as `Name #N`.
    pub fn describe(&self, g: &Game) -> String {
        self.describe_choice(g, None)
    }

    /// The refusal of `choice` in words. A few errors carry only a card's printed name (the
    /// deployment checks see the card, not its instance); naming the choice lets them name the
    /// instance the choice meant: `Merlin-class Frigate #4`, not `Merlin-class Frigate`.
    pub fn describe_choice(&self, g: &Game, choice: Option<&Choice>) -> String {
        let cards = choice.map_or_else(Vec::new, Choice::cards);
        // The instance the choice names with this printed name, if exactly one does.
        let label = |name: &str| -> String {
            let mut hits = cards.iter().filter(|&&i| g.name(i) == name);
            match (hits.next(), hits.next()) {
                (Some(&i), None) => card_label(g, i),
                _ => name.to_string(),
            }
        };
        match self {
            RuleError::NotAChoice {
                who, choice, kind, ..
            } => format!(
                "`{}` is not a choice in {}'s {}",
                choice.script(g),
                g.commander_name(*who),
                kind.step_words(g)
            ),
            RuleError::WrongZone { inst, wanted, .. } => {
                let name = card_label(g, *inst);
                match g.zone(*inst) {
                    // A card refused because it is gone says so (§9.12).
                    Some(crate::state::Zone::Scrapheap) if wanted.contains("play") => {
                        format!("{name} is not {wanted}: it is in the Scrapheap")
                    }
                    _ => format!("{name} is not {wanted}"),
                }
            }
            RuleError::CannotDeploy { card, why, .. } => {
                format!("{} cannot be deployed that way: {why}", label(card))
            }
            RuleError::Move {
                card, cannot, why, ..
            } => format!("{} {cannot}: {why}", label(card)),
            RuleError::BadHost {
                card, host, why, ..
            } => format!("{} cannot go on {}: {why}", label(card), label(host)),
            RuleError::NoCapacity { host, why, .. } => {
                format!("{} has no room: {why}", label(host))
            }
            RuleError::OutOfGame { who } => {
                format!("{} is out of the game", g.commander_name(*who))
            }
            RuleError::NotYourDecision { who, decider } => format!(
                "it is {}'s decision, not {}'s",
                g.commander_name(*decider),
                g.commander_name(*who)
            ),
            RuleError::Unique { card, who, in_play } => format!(
                "{} is Unique and {} already has {in_play} in play",
                label(card),
                g.commander_name(*who)
            ),
            e => e.to_string(),
        }
    }
}
