//! Decisions (who must decide what) and choices (what they decided).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::ids::{Inst, PlayerId};
use crate::ir::RegimentUnit;
use crate::state::engagement::CombatStep;

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
        ask: crate::state::pending::Ask,
    },
    /// `unit`'s volley is rolled and its dice shown: re-roll one (`left` re-rolls remain) or
    /// keep them, before any die counts (issue #40, part 3.8; I-91).
    Reroll { unit: Inst, left: u8 },
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
            DecisionKind::Reroll { .. } => {
                "whether to re-roll one of a volley's dice, before they count (§6.2, I-91)"
            }
        }
    }
}

/// A pending decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub who: PlayerId,
    pub kind: DecisionKind,
}

/// A volley's dice by target (§6.2), inline: a choice listed or played allocates nothing
/// (issue #15). Four targets fit the room of a `Vec`, so a [`Choice`] stays its size; the
/// games seen split at most four ways. Serialised as a sequence, exactly as a `Vec`.
pub type Fire = SmallVec<[(Inst, u8); 4]>;

/// The ships of a declared engagement (§5.5.2), inline: eight fit the room of a `Vec`.
pub type Fleet = SmallVec<[Inst; 8]>;

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
    /// §6.9.7 (I-86): `relief` comes aboard the hijacked ship `garrison` holds and `garrison`
    /// takes `relief`'s place, both at once, so the prize never stands without its garrison.
    Relieve { garrison: Inst, relief: Inst },
    /// End the current step (Setup deployment, Manufacturing).
    EndPhase,
    /// §5.5.1, §5.5.2
    DeclareEngagement { defender: PlayerId, fleet: Fleet },
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
    Volley { unit: Inst, fire: Fire },
    /// §3.3.1: Interceptor fire (STEP 2, STEP 8A).
    Intercept { unit: Inst, fire: Fire },
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
    /// Use the activated ability at position `ability` of `card`'s abilities (issue #40,
    /// part 3.3; I-93): when its commander may deploy an Event, as its words allow.
    Activate { card: Inst, ability: u8 },
    /// A mode of a modal step, by position from 0 (`mode 1` in a ruling script, I-89).
    EffectMode(u8),
    /// Re-roll die `die` (from 1, in the order rolled) of the volley's dice at `target`, by
    /// the text of a card that allows it (issue #40, part 3.8; I-91).
    Reroll { target: Inst, die: u8 },
    /// Let the volley's dice stand as they are (I-91).
    KeepDice,
}
