//! Decisions (who must decide what) and choices (what they decided).

use serde::{Deserialize, Serialize};

use crate::ids::{Inst, PlayerId};
use crate::ir::RegimentUnit;
use crate::rules::engagement::CombatStep;

/// What kind of decision is pending.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum DecisionKind {
    /// Pick a Module-Station from the Shipyard to deploy free (§4.2).
    SetupModule { left: u8 },
    /// Mulligan or keep the opening hand (§4.4.1).
    Mulligan,
    /// Deploy ships, Marines and Modules from hand (§4.6), then end.
    SetupDeploy,
    /// Optionally discard, then finish Setup (§4.7).
    SetupDiscard,
    /// The Manufacturing Phase (§5.4).
    Manufacturing,
    /// Declare an engagement or not (§5.5.1).
    Engagement,
    /// Optionally discard, then end the turn (§5.5.4, §5.5.5).
    Discard,
    /// A response window: the commander may answer with an Event, or in an engagement a Tactic
    /// (§2.6, §2.7; `rules::respond`).
    Respond,
    /// Search the Shipyard for a unit for a Regimented host (§3.4.7).
    Regiment {
        host: Inst,
        unit: RegimentUnit,
        left: u8,
    },
    /// A step of an engagement (§6.6).
    Combat(CombatStep),
    /// §7.1.3.2: the victor may deploy one card from the Shipyard free.
    Spoils,
    /// §7.1.3.3: the commander's Marines aboard ships hijacked from an eliminated commander
    /// move, in the order they choose, to their local ships with room, or are discarded when
    /// none has room (I-50).
    SpoilsMarines,
    /// §6.2: `unit`'s split fire is being assigned one target at a time; `left` dice remain.
    AssignDice { unit: Inst, left: u8 },
    /// §2.5.1.2, §6.9.7, §3.4.4: at the end of an engagement, reassign local Wings and Marines
    /// and turn Face Up-Face Down modules face down again, then `EndStep`.
    Aftermath,
    /// A card's effect is resolving and needs a choice (§6.8, §8.5, §8.6, §3.4.4, §8.3).
    Effect {
        source: Inst,
        ask: crate::effects::Ask,
    },
}

impl DecisionKind {
    /// The pending decision in words, for refusals ("Ada must first decide …").
    pub fn describe(&self) -> &'static str {
        match self {
            DecisionKind::SetupModule { .. } => "which Module-Station to deploy in Setup (§4.2)",
            DecisionKind::Mulligan => "whether to mulligan (§4.4.1)",
            DecisionKind::SetupDeploy => "what to deploy in Setup (§4.6)",
            DecisionKind::SetupDiscard => "what to discard at the end of Setup (§4.7)",
            DecisionKind::Manufacturing => "what to do in the Manufacturing Phase (§5.4)",
            DecisionKind::Engagement => "whether to declare an engagement (§5.5.1)",
            DecisionKind::Discard => "what to discard before ending the turn (§5.5.4)",
            DecisionKind::Respond => "whether to respond with an Event (§2.6)",
            DecisionKind::Regiment { .. } => "what the Regimented search takes (§3.4.7)",
            DecisionKind::Combat(_) => "the current step of the engagement (§6.6)",
            DecisionKind::Spoils => "the Spoils of War deployment (§7.1.3.2)",
            DecisionKind::SpoilsMarines => {
                "where their Marines aboard a ship hijacked from the eliminated commander go (§7.1.3.3)"
            }
            DecisionKind::AssignDice { .. } => {
                "where the rest of a split volley's dice go, before anything else (§6.2)"
            }
            DecisionKind::Aftermath => {
                "what to reassign or turn face down at the end of the engagement (§2.5.1.2)"
            }
            DecisionKind::Effect { .. } => "a choice for a resolving card effect (§6.8)",
        }
    }
}

/// A pending decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub who: PlayerId,
    pub kind: DecisionKind,
}

/// What a commander decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    /// §4.2: this Module-Station from the Shipyard.
    SetupModule(Inst),
    /// §4.4.1
    Mulligan,
    /// §4.4.1
    KeepHand,
    /// Deploy a card from hand (§4.6, §5.4.1, §5.4.2, §2.6): `host` for Marines, Modules and
    /// docked Fighter Wings; `replacing` names the Module a new Module replaces (§2.3).
    Deploy {
        card: Inst,
        host: Option<Inst>,
        replacing: Option<Inst>,
    },
    /// §5.4.3: a Ship or Marine from the Shipyard at double cost.
    Conscript { card: Inst, host: Option<Inst> },
    /// §3.4.7: this Shipyard card for the Regimented host.
    RegimentPick(Inst),
    /// §3.4.7: stop searching (Regimented is optional).
    RegimentDecline,
    /// §5.4.5: move a Marine or Fighter Wing to another host (`None`: a Wing to open space).
    Reassign { unit: Inst, host: Option<Inst> },
    /// End the current step (Setup deployment, Manufacturing).
    EndPhase,
    /// §5.5.1, §5.5.2
    DeclareEngagement {
        defender: PlayerId,
        fleet: Vec<Inst>,
    },
    /// §5.5.1: no engagement this turn.
    DeclineEngagement,
    /// §4.7, §5.5.4
    Discard(Inst),
    /// §4.7 (finish Setup), §5.5.5 (end the turn)
    EndTurn,
    /// Decline to respond (§2.6).
    Pass,
    /// §7.2: withdraw from the game; legal for any commander at any time.
    Scoop,
    /// §6.2: a unit's volley, its dice assigned to targets before rolling (split fire).
    Volley { unit: Inst, fire: Vec<(Inst, u8)> },
    /// §3.3.1: Interceptor fire (STEP 2, STEP 8A).
    Intercept { unit: Inst, fire: Vec<(Inst, u8)> },
    /// §6.2: split fire built step by step: `dice` of `unit`'s volley dice at `target`. The
    /// first assignment commits the unit's volley (of whatever kind the step fires: a normal
    /// volley, Interceptor fire, a Stoic last volley, Marines in a boarding action); it rolls
    /// once every die is assigned, exactly as `Volley`/`Intercept` with the same split would.
    AssignDice { unit: Inst, target: Inst, dice: u8 },
    /// §3.3.2
    Jam { unit: Inst, target: Inst },
    /// §3.3.5
    Paint { unit: Inst, target: Inst },
    /// §3.3.3
    Overload { unit: Inst, target: Inst },
    /// §3.3.4
    Repair { unit: Inst },
    /// §3.4.5
    Fearless { unit: Inst },
    /// §6.6 STEP 3 (a ship), STEP 8D (a boarding party, named by its ship).
    Retreat { unit: Inst },
    /// §2.5.1.2: a docked Fighter Wing into open space.
    Launch { wing: Inst },
    /// §2.5.1.2: a Fighter Wing back to a bay, instead of firing.
    Dock { wing: Inst, host: Inst },
    /// §6.6 STEP 4/6
    Board { ship: Inst, target: Inst },
    /// §3.4.3: an Escort cancels the board declared by `ship`.
    CancelBoard { escort: Inst, ship: Inst },
    /// §9.23
    Pursue,
    /// §6.6 STEP 8E
    Hijack,
    /// §9.31
    Scuttle,
    /// Finish the current engagement step (a volley turn, declarations, Escorts, a Stoic
    /// volley declined, a pursuit declined).
    EndStep,
    /// §3.4.4: at the end of an engagement, turn a flipped-up module face down again.
    TurnFaceDown(Inst),
    /// §7.1.3.2
    SpoilsPick { card: Inst, host: Option<Inst> },
    /// §7.1.3.2
    SpoilsDecline,
    /// §7.1.3.3: move `marine` (aboard a ship hijacked from the eliminated commander) aboard
    /// `host`, one of its commander's local ships with room; `None` discards it, legal only
    /// when no such ship has room (I-50).
    SpoilsMarine { marine: Inst, host: Option<Inst> },
    /// A card for a resolving effect: a chosen target (§8.5), a Shipyard find (§8.3), a card
    /// to discard.
    EffectTarget(Inst),
    /// A Shipyard find for a search that deploys it (§8.3), and where: `host` and `replacing`
    /// as for [`Choice::Deploy`].
    EffectDeploy {
        card: Inst,
        host: Option<Inst>,
        replacing: Option<Inst>,
    },
    /// An opposing Commander for `target opponent` (§8.5).
    EffectCommander(PlayerId),
    /// Yes to an optional step (§8.6) or a Face Up-Face Down flip (§3.4.4).
    EffectYes,
    /// No to an optional step or flip; stop choosing `up to` targets or searching.
    EffectNo,
}

// ----- words: decisions in the rulebook's terms, choices in ruling-script syntax ----------

use crate::effects::Ask;
use crate::game::Game;
use crate::rules::boarding::FightStage;
use crate::rules::engagement::Side;
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
        }
    }

    /// The step being decided, without whose it is: "volley turn (STEP 3)".
    pub fn step_words(&self, g: &Game) -> String {
        let c = |i: Inst| card_label(g, i);
        match self {
            DecisionKind::SetupModule { left } => {
                format!("Setup Module-Station pick, {left} left (§4.2)")
            }
            DecisionKind::Mulligan => "mulligan or keep (§4.4.1)".into(),
            DecisionKind::SetupDeploy => "Setup deployment (§4.6)".into(),
            DecisionKind::SetupDiscard => "end-of-Setup discard (§4.7)".into(),
            DecisionKind::Manufacturing => "Manufacturing Phase (§5.4)".into(),
            DecisionKind::Engagement => "engagement declaration (§5.5.1)".into(),
            DecisionKind::Discard => "end-of-turn discard (§5.5.4)".into(),
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
            DecisionKind::Spoils => "Spoils of War deployment (§7.1.3.2)".into(),
            DecisionKind::SpoilsMarines => {
                "Spoils-of-War Marines aboard hijacked ships (§7.1.3.3)".into()
            }
            DecisionKind::AssignDice { unit, left } => format!(
                "split fire of {}, {left} {} left to assign (§6.2)",
                c(*unit),
                if *left == 1 { "die" } else { "dice" }
            ),
            DecisionKind::Aftermath => "end-of-engagement reassignment (§2.5.1.2, §3.4.4)".into(),
            DecisionKind::Effect { source, ask } => {
                format!("choice for {}: {}", c(*source), ask_words(g, ask))
            }
        }
    }
}

fn combat_words(g: &Game, step: &CombatStep) -> String {
    match step {
        CombatStep::StartCards => "start-of-engagement cards (STEP 1)".into(),
        CombatStep::Interceptors => "Interceptor fire (STEP 2)".into(),
        CombatStep::Volley(Side::Attacker) => "volley turn (STEP 3)".into(),
        CombatStep::Volley(Side::Defender) => "volley turn (STEP 5)".into(),
        CombatStep::Boards(Side::Attacker) => "boarding declarations (STEP 4)".into(),
        CombatStep::Boards(Side::Defender) => "boarding declarations (STEP 6)".into(),
        CombatStep::Escorts(_) => "Escorts cancelling boarding actions (STEP 7)".into(),
        CombatStep::Boarding => match crate::rules::boarding::fight(g) {
            None => "boarding actions (STEP 8)".into(),
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
            | Choice::EffectNo => {}
        }
        v
    }
}
