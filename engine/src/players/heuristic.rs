//! The heuristic players: a fixed scoring of each legal choice, the best taken (ties broken
//! from the player's own stream). Two styles share the scoring and differ where issue #42
//! found the first one giving games away (docs/players.md says what each name plays):
//!
//! - [`Style::Defends`] (`heuristic`) keeps a garrison on its Station whenever an opponent
//!   could board it next turn, keeps a ship home for the first-round shield while its Station
//!   has no garrison (§6.5.3), answers in response windows when a card pays off, counts the
//!   combat modifiers of card text in what it expects a volley to do, shoots boarders first
//!   and takes a mulligan by a stated rule;
//! - [`Style::V1`] (`heuristic-v1`) is the player of issue #16, kept so strength can be
//!   measured against it: it moves every Marine off its Station to hold it for boarding and
//!   always passes in response windows.

use crate::choice::{Choice, DecisionKind};
use crate::ids::{Inst, PlayerId};
use crate::ir::{CardKind, TraitName};
use crate::rng::Dice;
use crate::rules::{stats, volley};
use crate::state::engagement::CombatStep;
use crate::state::{Game, Zone};

use super::Player;

/// Which heuristic plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Issue #16's player (`heuristic-v1`).
    V1,
    /// Issue #42's player (`heuristic`): it defends its Station.
    Defends,
}

/// A simple plan: keep a hand with a ship in it, pick the first Setup Modules, deploy the most
/// expensive affordable unit or Module (a Marine onto a threatened Station without one, else
/// aboard a ship, where it can board), conscript when rich, take Regimented units, attack with
/// the whole fleet — only where it can win, or where its Marines can take an undefended
/// Station — never discard, and in a response window deploy a card only when it pays off.
#[derive(Debug, Clone)]
pub struct HeuristicPlayer {
    dice: Dice,
    style: Style,
    /// The legal choices and their scores, listed into the same buffers every time.
    choices: Vec<Choice>,
    scores: Vec<i32>,
    /// The units this player reassigned in the current turn, with the turn: each is
    /// reassigned at most once a turn (§5.4.5 sets no limit), so a Marine whose own static
    /// makes the garrison hold without it — Colonel Adaeze Okafor's +1 attack to the Marines
    /// aboard — cannot be moved off and back for ever.
    reassigned: Vec<(u32, Inst)>,
}

impl HeuristicPlayer {
    /// The current heuristic (`heuristic`, [`Style::Defends`]).
    pub fn new(seed: u64) -> HeuristicPlayer {
        HeuristicPlayer::with_style(seed, Style::Defends)
    }

    /// Issue #16's heuristic (`heuristic-v1`).
    pub fn v1(seed: u64) -> HeuristicPlayer {
        HeuristicPlayer::with_style(seed, Style::V1)
    }

    pub fn with_style(seed: u64, style: Style) -> HeuristicPlayer {
        HeuristicPlayer {
            dice: Dice::new(seed),
            style,
            choices: Vec::new(),
            scores: Vec::new(),
            reassigned: Vec::new(),
        }
    }

    pub fn style(&self) -> Style {
        self.style
    }

    /// The current heuristic's score of a choice (the search player ranks and plays out by
    /// it).
    pub(crate) fn score(game: &Game, c: &Choice) -> i32 {
        score(Style::Defends, game, c)
    }
}

/// The score of choice `c` for the commander deciding in `game`, in `style`.
fn score(style: Style, game: &Game, c: &Choice) -> i32 {
    let value = |i| {
        let k = game.card(i);
        i32::from(k.cost.resource) + i32::from(k.cost.currency)
    };
    let defends = style == Style::Defends;
    match c {
        Choice::KeepHand => 10,
        // The stated rule (docs/players.md, `wants_mulligan`).
        Choice::Mulligan if defends && wants_mulligan(game) => 20,
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
                + marine_post(style, game, *card, *host)
        }
        Choice::Conscript { card, host } => {
            20 + value(*card) + conscript_post(style, game, *card, *host)
        }
        // Keep the fleet together and attack only where it can win (issue #16): the whole
        // fleet scores highest, and an attack that would lose the fleet before it wins scores
        // below declining.
        Choice::DeclareEngagement { fleet, defender } => {
            if worth_attacking(style, game, fleet, *defender) {
                15 + fleet.len() as i32
            } else {
                0
            }
        }
        Choice::EndPhase | Choice::EndTurn | Choice::Pass | Choice::RegimentDecline => 0,
        Choice::DeclineEngagement => 1,
        Choice::Reassign { unit, host } => reassign(style, game, *unit, *host),
        // The hand refills only to its size (§5.3.1): a card held for a window keeps a ship
        // from being drawn (`clogs`); the cheapest goes first.
        Choice::Discard(i) if defends && clogs(game, *i) => 30 - value(*i),
        Choice::Discard(_) | Choice::Mulligan | Choice::Relieve { .. } => -10,
        Choice::Scoop => -1000,
        // Engagements: shoot what dies soonest, board when possible, never retreat.
        Choice::Volley { fire, .. } | Choice::Intercept { fire, .. } => match fire.as_slice() {
            [(t, _)] => 40 - i32::from(stats::remaining(game, *t)) + boarder(style, game, *t),
            _ => 25,
        },
        // A split is started only when nothing scores better; once started, the weakest
        // target first, as many dice as it takes.
        Choice::AssignDice { target, dice, .. } => {
            20 - i32::from(stats::remaining(game, *target))
                - i32::from(dice.abs_diff(stats::remaining(game, *target)))
        }
        Choice::Overload { target, .. } => 45 - i32::from(stats::remaining(game, *target)),
        // I-91: a die re-rolled when another roll is worth more wounds than the one it shows.
        Choice::Reroll { target, die } => {
            10 + crate::rules::volley::reroll_gain(game, *target, *die)
        }
        Choice::KeepDice => 10,
        Choice::Paint { .. } => 42,
        Choice::Jam { .. } => 8,
        Choice::Repair { .. } => 20,
        // A limited activated ability is used when offered; one limited only by its cost is
        // left alone, or the heuristic would pay for it at every chance (I-93).
        Choice::Activate { card, ability } => {
            if crate::effects::activated::limited(game.card(*card), *ability) {
                12
            } else {
                -5
            }
        }
        Choice::Board { .. } => 30,
        Choice::CancelBoard { .. } => 30,
        Choice::Pursue => 10,
        Choice::Hijack => 10,
        Choice::Scuttle => 5,
        Choice::Launch { .. } => 12,
        Choice::SpoilsPick { card, host } => {
            50 + value(*card) + marine_post(style, game, *card, *host)
        }
        // §7.1.3.3: keep the Marine when a ship has room.
        Choice::SpoilsMarine { host, .. } => i32::from(host.is_some()),
        Choice::Fearless { .. } | Choice::Dock { .. } | Choice::TurnFaceDown(_) => -5,
        Choice::Retreat { .. } => -20,
        Choice::EndStep | Choice::SpoilsDecline => 0,
        // Card effects: take what the card offers.
        Choice::EffectTarget(_) => 10,
        Choice::EffectDeploy { card, host, .. } => {
            10 + value(*card) + marine_post(style, game, *card, *host)
        }
        Choice::EffectCommander(_) | Choice::EffectYes | Choice::EffectMode(_) => 5,
        Choice::EffectNo => 0,
    }
}

/// Mulligans the heuristic takes at most (§4.4.1: each costs a Resource and a Currency).
pub const MAX_MULLIGANS: u8 = 1;

/// §4.4.1, the stated rule: mulligan an opening hand without a ship (what attacks, holds the
/// first-round shield and carries Marines), at most [`MAX_MULLIGANS`] times. A hand without a
/// Marine is kept: the first garrison Marine can be conscripted (`conscript_post`). Sending
/// back hands without a Marine too, up to twice, won about 4 points fewer of 1,000
/// colonial-starter mirror games against heuristic-v1 (docs/players.md).
fn wants_mulligan(game: &Game) -> bool {
    let Some(c) = game.decision().and_then(|d| game.commander(d.who)) else {
        return false;
    };
    c.mulligans < MAX_MULLIGANS
        && !c
            .hand
            .iter()
            .any(|&i| matches!(game.card(i).kind, CardKind::Ship(_)))
}

/// Whether `card`, left in hand when the turn (or Setup) ends, is an Event or Tactic: the
/// defending style discards it (§4.7, §5.5.4). The Logistics Phase draws only up to the hand's
/// size (§5.3.1), so a card kept for a response window that may not come takes the place of
/// a ship or Marine: holding them, the new heuristic drew one card a turn where heuristic-v1,
/// which deploys every card it can in STEP 1 of an engagement, drew five, and it lost the
/// long games to a larger fleet (docs/players.md, fourth round). Events and Tactics still
/// drawn are deployed when they pay off, in the Manufacturing Phase or a response window.
fn clogs(game: &Game, card: Inst) -> bool {
    matches!(game.card(card).kind, CardKind::Event | CardKind::Tactic)
}

/// The Marines aboard `host`.
fn marines_aboard(game: &Game, host: Inst) -> usize {
    game.instance(host).map_or(0, |x| {
        x.attachments
            .iter()
            .filter(|&&m| matches!(game.card(m).kind, CardKind::Marine { .. }))
            .count()
    })
}

/// The Marines aboard `host`, as a list.
fn marines_on(game: &Game, host: Inst) -> Vec<Inst> {
    game.instance(host).map_or_else(Vec::new, |x| {
        x.attachments
            .iter()
            .copied()
            .filter(|&m| matches!(game.card(m).kind, CardKind::Marine { .. }))
            .collect()
    })
}

/// A party's strength in a boarding fight against `foes` (§6.9, STEP 8: the parties volley in
/// turn until one is destroyed): its expected wounds a volley turn against the foes'
/// least-defended Marine times the wounds it can take before it is destroyed, Lanchester's
/// square law for two parties that fire at each other until one is gone.
fn fight_power(game: &Game, party: &[Inst], foes: &[Inst]) -> i64 {
    let Some(&target) = foes.iter().min_by_key(|&&m| stats::defense(game, m, None)) else {
        return i64::MAX;
    };
    let rate: i64 = party
        .iter()
        .map(|&m| expected_wounds(game, m, target))
        .sum();
    let wounds: i64 = party
        .iter()
        .map(|&m| i64::from(stats::remaining(game, m)))
        .sum();
    rate * wounds
}

/// Whether `garrison` is expected to win a boarding fight against `party` (a party of none
/// takes nothing; a garrison of none falls to any party, §6.9.3).
fn holds_against(game: &Game, garrison: &[Inst], party: &[Inst]) -> bool {
    party.is_empty()
        || (!garrison.is_empty()
            && fight_power(game, garrison, party) >= fight_power(game, party, garrison))
}

/// Whether `garrison` would hold `who`'s Station against every boarding party an opponent
/// could send next turn (§6.9.2: one ship boards a Station at a time): it wins the boarding
/// fight against the party aboard each enemy ship, and it is at least one Marine while an
/// opponent has a ship with room for one it could deploy or conscript (§5.4.2, §5.4.3). Only
/// what `who` sees is read (ships in play and what is aboard them), never a hand. In Setup
/// fleets are still being deployed: one Marine is wanted, every opponent will have a ship by
/// turn 1. (A fixed garrison of one Marine more than the largest party was tried: it kept too
/// many Marines from boarding; matching each party's strength puts them where they are needed.)
fn garrison_holds(game: &Game, who: PlayerId, garrison: &[Inst]) -> bool {
    if game.phase() == crate::event::Phase::Setup {
        return !garrison.is_empty();
    }
    for (p, c) in game.commanders().iter().enumerate() {
        if p == usize::from(who.0) || c.out {
            continue;
        }
        for &s in &c.battlefield {
            if !matches!(game.card(s).kind, CardKind::Ship(_)) {
                continue;
            }
            let party = marines_on(game, s);
            if party.is_empty() {
                if stats::capacity(game, s).0 > 0 && garrison.is_empty() {
                    return false;
                }
            } else if !holds_against(game, garrison, &party) {
                return false;
            }
        }
    }
    true
}

/// Whether an opponent of `who` could board `who`'s Station next turn: one of their ships
/// carries Marines or has room for one.
pub(crate) fn boarding_threat(game: &Game, who: PlayerId) -> bool {
    !garrison_holds(game, who, &[])
}

/// The Station a Marine would garrison: `host`, when it is its controller's Station, with
/// that Station's garrison now.
fn station_host(game: &Game, host: Inst) -> Option<(PlayerId, Vec<Inst>)> {
    let x = game.instance(host)?;
    (game.card(host).kind == CardKind::Station && x.zone == Zone::Battlefield)
        .then(|| (x.controller, marines_on(game, host)))
}

/// Where a Marine is worth most. Both styles hold Marines aboard ships, which can board (§6.9),
/// rather than aboard a Station, which cannot (§6.9.4, unless a card says so); the defending
/// style first puts one on its own Station when an opponent could board it (§6.9.3: a Station
/// with no Marine aboard falls to the first boarder).
fn marine_post(style: Style, game: &Game, card: Inst, host: Option<Inst>) -> i32 {
    if !matches!(game.card(card).kind, CardKind::Marine { .. }) {
        return 0;
    }
    let Some(h) = host else { return 0 };
    match game.card(h).kind {
        CardKind::Ship(_) => 10,
        CardKind::Station if style == Style::Defends => match station_host(game, h) {
            Some((who, garrison)) if !garrison_holds(game, who, &garrison) => 25,
            _ => 0,
        },
        _ => 0,
    }
}

/// Where a Marine conscripted at double cost (§5.4.3) is worth most: as [`marine_post`], but
/// the defending style conscripts for its Station only the first Marine of an empty garrison
/// (§6.9.3: an empty Station falls to any boarder). Strengthening a garrison at double cost
/// took the Resources its fleet needed: the opponent's larger fleet then won the volley race.
fn conscript_post(style: Style, game: &Game, card: Inst, host: Option<Inst>) -> i32 {
    let post = marine_post(style, game, card, host);
    match host {
        Some(h) if game.card(h).kind == CardKind::Station && marines_aboard(game, h) > 0 => 0,
        _ => post,
    }
}

/// §5.4.5: reassigning a Marine or Wing. Both styles move a Marine off a Station onto a ship
/// (to board with); the defending style never moves the last one off while an opponent could
/// board, brings one back to an open Station, and leaves a hijacked ship's only Marine aboard
/// (§6.9.7: without it the ship goes back).
fn reassign(style: Style, game: &Game, unit: Inst, host: Option<Inst>) -> i32 {
    let from = match game.instance(unit).map(|x| x.zone) {
        Some(Zone::Attached(h)) => Some(h),
        _ => None,
    };
    let on_station = from.is_some_and(|h| game.card(h).kind == CardKind::Station);
    if style == Style::V1 {
        return if on_station {
            -10 + 2 * marine_post(style, game, unit, host)
        } else {
            -10
        };
    }
    if !matches!(game.card(unit).kind, CardKind::Marine { .. }) {
        return -10;
    }
    if let Some((who, mut garrison)) = from.and_then(|h| station_host(game, h)) {
        garrison.retain(|&m| m != unit);
        if !garrison_holds(game, who, &garrison) {
            return -50;
        }
        return -10 + 2 * marine_post(style, game, unit, host);
    }
    let holds_a_prize = from.is_some_and(|h| {
        game.instance(h)
            .is_some_and(|x| x.owner != x.controller && marines_aboard(game, h) <= 1)
    });
    match host.and_then(|h| station_host(game, h)) {
        Some((who, garrison)) if !holds_a_prize && !garrison_holds(game, who, &garrison) => 15,
        _ => -10,
    }
}

/// A target carrying Marines is shot first by the defending style: it is the boarder.
fn boarder(style: Style, game: &Game, target: Inst) -> i32 {
    if style == Style::Defends && marines_aboard(game, target) > 0 {
        5
    } else {
        0
    }
}

/// The chance in tenths that one die wounds a unit of defense `d` (§8.2: a natural 10 always
/// hits, a natural 1 always misses). Issue #16's estimate, without card modifiers.
fn hits_in_ten(d: u8) -> i64 {
    (10 - i64::from(d.clamp(2, 10)) + 1).clamp(1, 9)
}

/// Expected wounds, in hundredths, that `unit` deals `target` in one volley turn, with the
/// combat modifiers of card text (rules::volley's model): extra dice, additional volleys
/// (I-70), a roll-result bonus, re-rolls of missed dice (I-71) and Annihilate (§3.4.2). Alpha
/// Strike is left out: it helps one volley, not the race.
pub(crate) fn expected_wounds(game: &Game, unit: Inst, target: Inst) -> i64 {
    let dice = i64::from(volley::dice_for(
        game,
        unit,
        crate::state::engagement::VolleyKind::Normal,
    ));
    if dice == 0 {
        return 0;
    }
    let defense = i32::from(stats::defense(game, target, Some(unit)));
    let bonus: i32 = stats::roll_bonus(game, unit, Some(target))
        .iter()
        .map(|&(_, d)| i32::from(d))
        .sum();
    // Bonuses against such a target (I-97): its dice, and double wounds.
    let dice = dice
        + stats::attack_against(game, unit, target)
            .iter()
            .map(|&(_, d)| i64::from(d))
            .sum::<i64>();
    let double = if stats::doubles_wounds(game, unit, target).is_empty() {
        1
    } else {
        2
    };
    // Faces (of ten) that hit: a natural 10 always, 2..9 when the result reaches the defense.
    let hits = 1 + (2..=9).filter(|&n| n + bonus >= defense).count() as i64;
    let annihilate = stats::has(game, unit, TraitName::Annihilate)
        && !stats::has(game, target, TraitName::Resistant);
    // Wounds per die in hundredths: a hit is 1, a natural 10 with Annihilate 3.
    let per_die = double * (10 * hits + if annihilate { 20 } else { 0 });
    let rerolled = i64::from(stats::rerolls(game, unit)).min(dice) * (10 - hits) * hits / 10;
    let volleys = 1 + i64::from(stats::extra_volleys(game, unit).min(5));
    volleys * (dice * per_die + double * 10 * rerolled)
}

/// Whether `fleet` should attack `defender`: the fleet carries Marines that could take a
/// Station no Marine defends (an elimination, §6.1), or its expected volleys wear the
/// defender's Station down no slower than the defender's units wear the fleet down — so a lone
/// Frigate is not thrown at a Station that would destroy it first. The defending style counts
/// the combat modifiers; while its own Station has no garrison and could be boarded, it sends
/// every ship only where the volley race is won, so a failed raid does not leave the Station
/// without the first-round shield (§6.5.3); and it boards a Station only with a party that
/// should live to board it and win there ([`boards_the_station`]).
fn worth_attacking(style: Style, game: &Game, fleet: &[Inst], defender: PlayerId) -> bool {
    let Some(station) = game.station(defender) else {
        return true;
    };
    let me = game.decision().map(|d| d.who);
    let exposed = style == Style::Defends
        && me.is_some_and(|me| {
            let home = game.commander(me).map_or(0, |c| {
                c.battlefield
                    .iter()
                    .filter(|&&s| matches!(game.card(s).kind, CardKind::Ship(_)))
                    .count()
            });
            game.station(me)
                .is_some_and(|s| marines_aboard(game, s) == 0 && boarding_threat(game, me))
                && home <= fleet.len()
        });
    let defenders: Vec<Inst> = game
        .commander(defender)
        .map(|c| c.battlefield.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|&u| game.card(u).kind.is_unit())
        .collect();
    // Expected wounds per round, in hundredths.
    let (ours, theirs): (i64, i64) = match style {
        Style::V1 => {
            let fleet_defense = fleet
                .iter()
                .map(|&u| stats::defense(game, u, None))
                .min()
                .unwrap_or(0);
            (
                fleet
                    .iter()
                    .map(|&u| {
                        10 * i64::from(stats::attack(game, u))
                            * hits_in_ten(stats::defense(game, station, Some(u)))
                    })
                    .sum(),
                defenders
                    .iter()
                    .map(|&u| 10 * i64::from(stats::attack(game, u)) * hits_in_ten(fleet_defense))
                    .sum(),
            )
        }
        Style::Defends => {
            // Their fire at the fleet's weakest-defended ship, ours at the Station.
            let weakest = fleet
                .iter()
                .copied()
                .min_by_key(|&u| stats::defense(game, u, None));
            (
                fleet
                    .iter()
                    .map(|&u| expected_wounds(game, u, station))
                    .sum(),
                weakest.map_or(0, |w| {
                    defenders.iter().map(|&u| expected_wounds(game, u, w)).sum()
                }),
            )
        }
    };
    let our_wounds: i64 = fleet
        .iter()
        .map(|&u| i64::from(stats::remaining(game, u)))
        .sum();
    match style {
        Style::V1 => {
            let boarders: usize = fleet
                .iter()
                .filter(|&&u| matches!(game.card(u).kind, CardKind::Ship(_)))
                .map(|&u| marines_aboard(game, u))
                .sum();
            if boarders > 0 && marines_aboard(game, station) == 0 {
                return true;
            }
        }
        Style::Defends => {
            if !exposed && boards_the_station(game, fleet, &defenders, station, our_wounds, theirs)
            {
                return true;
            }
        }
    }
    let their_wounds = i64::from(stats::remaining(game, station));
    if ours == 0 {
        return false;
    }
    // Rounds to destroy the Station <= rounds to lose the fleet (the defending style: three
    // quarters of them, `RACE_MARGIN`), cross-multiplied, in quarters; with an empty
    // Shipyard, waiting brings nothing more to deploy, and two fleets that both wait reach the
    // turn cap: the defending style then attacks at up to twice the rounds.
    let waits_for_nothing = style == Style::Defends
        && me
            .and_then(|me| game.commander(me))
            .is_some_and(|c| c.shipyard.is_empty());
    let slack = match style {
        Style::V1 => 4,
        Style::Defends if waits_for_nothing => 8,
        Style::Defends => RACE_MARGIN,
    };
    4 * their_wounds * theirs <= slack * our_wounds * ours
}

/// The defending style attacks on the volley race alone when its fleet should destroy the
/// Station in at most this many quarters of the rounds the defenders need to destroy the
/// fleet: the race counts the Station's wounds only, not the Module-Stations and the
/// ships an attacker must get through first (§6.5.3). An even race won fewer games (docs/players.md).
const RACE_MARGIN: i64 = 3;

/// Whether a ship of `fleet` carries a boarding party that should take `station`: the fleet
/// should outlive two rounds of the defenders' fire (`theirs`, expected wounds a round in
/// hundredths) when the defender has a ship at home — the Station cannot be boarded in the
/// first round while one is there (§6.5.3) — and the party beats the Station's garrison by a
/// quarter in a boarding fight ([`fight_power`]; a Station with no Marine aboard falls to any
/// party, §6.9.3). A boarded Station eliminates its commander (§6.1).
fn boards_the_station(
    game: &Game,
    fleet: &[Inst],
    defenders: &[Inst],
    station: Inst,
    our_wounds: i64,
    theirs: i64,
) -> bool {
    let ships_home = defenders
        .iter()
        .any(|&u| matches!(game.card(u).kind, CardKind::Ship(_)));
    if ships_home && 100 * our_wounds < 3 * theirs {
        return false;
    }
    let garrison = marines_on(game, station);
    fleet
        .iter()
        .filter(|&&u| matches!(game.card(u).kind, CardKind::Ship(_)))
        .map(|&u| marines_on(game, u))
        .any(|party| {
            !party.is_empty()
                && (garrison.is_empty()
                    || 4 * fight_power(game, &party, &garrison)
                        > 5 * fight_power(game, &garrison, &party))
        })
}

impl Player for HeuristicPlayer {
    fn choose(&mut self, game: &Game) -> Option<Choice> {
        game.legal_choices_into(&mut self.choices);
        let d = game.decision()?;
        // STEP 1 of an engagement is a response window of its own (§6.6, `rules::respond`):
        // issue #16's heuristic deployed every card it could there.
        let window = matches!(d.kind, DecisionKind::Respond)
            || (self.style == Style::Defends
                && matches!(d.kind, DecisionKind::Combat(CombatStep::StartCards)));
        if window {
            return match self.style {
                Style::V1 => Some(Choice::Pass),
                Style::Defends => {
                    let seed = self.dice.seed();
                    Some(super::respond::best_response(
                        game,
                        d.who,
                        &self.choices,
                        seed,
                    ))
                }
            };
        }
        let turn = game.turn();
        self.reassigned.retain(|&(t, _)| t == turn);
        let again = |c: &Choice, done: &[(u32, Inst)]| matches!(c, Choice::Reassign { unit, .. } if done.iter().any(|&(_, u)| u == *unit));
        if self.choices.iter().any(|c| !again(c, &self.reassigned)) {
            let done = &self.reassigned;
            self.choices.retain(|c| !again(c, done));
        }
        // Each choice scored once; one of the best, uniformly.
        self.scores.clear();
        let style = self.style;
        self.scores
            .extend(self.choices.iter().map(|c| score(style, game, c)));
        let best = self.scores.iter().copied().max().unwrap_or(0);
        let top = self.scores.iter().filter(|&&s| s == best).count();
        let k = self.dice.below(top as u32) as usize;
        let at = (0..self.choices.len())
            .filter(|&j| self.scores[j] == best)
            .nth(k)?;
        let chosen = self.choices.swap_remove(at);
        if let Choice::Reassign { unit, .. } = chosen {
            self.reassigned.push((turn, unit));
        }
        Some(chosen)
    }
}
