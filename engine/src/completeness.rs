//! Legal choices that are complete (issue #41): the converse of "every listed choice is
//! accepted". A generator that over-approximates what a commander could say — every action
//! word over every card, target and commander of the game, and every die count a volley could
//! carry — is run against [`Game::check`]; any candidate the rules accept that
//! [`Game::legal_choices`] does not list is a hole the random, heuristic and search players (and
//! `hullbreach ruling --choices`) can never see.
//!
//! The check is the rules' own (`apply` checks a choice before it changes anything), so nothing
//! is played here. It is costly (tens of thousands of checks a state): the sweeps sample states
//! (`tests/tests/completeness.rs`, docs/reliability.md).

use crate::choice::{Choice, Fire, Fleet};
use crate::ids::{Inst, PlayerId};
use crate::ir::CardKind;
use crate::state::{Game, Zone};

/// The die counts tried for `unit`: one and two, and around each count it could roll (its
/// attack, Interceptor or Overload value with its extra dice, §6.2, §3.3): one less, the
/// count, one more. Any other count is refused by the same check as these.
fn dice_counts(g: &Game, unit: Inst) -> Vec<u8> {
    use crate::state::engagement::VolleyKind;
    let mut v = vec![1, 2];
    for kind in [
        VolleyKind::Normal,
        VolleyKind::Interceptor,
        VolleyKind::Overload,
    ] {
        let n = crate::rules::volley::dice_for(g, unit, kind);
        v.extend([n.saturating_sub(1), n, n.saturating_add(1)]);
    }
    v.retain(|&d| d > 0);
    v.sort_unstable();
    v.dedup();
    v
}

/// Every candidate choice of the over-approximating generator for the commander deciding now.
/// Empty when nobody decides.
pub fn candidates(g: &Game) -> Vec<Choice> {
    let mut out = Vec::new();
    let Some(d) = g.decision() else {
        return out;
    };
    let n = g.instances().len();
    let all: Vec<Inst> = (0..n)
        .filter_map(|i| u16::try_from(i).ok())
        .map(Inst)
        .collect();
    let in_play: Vec<Inst> = all.iter().copied().filter(|&i| g.in_play(i)).collect();
    // Cards out of play but in the Scrapheap, one of each set of copies (a listing offers
    // copies once; `missing` compares through the same representatives).
    let same = copies(g);
    let out_of_play: Vec<Inst> = all
        .iter()
        .copied()
        .filter(|&i| same.get(i.0 as usize) == Some(&i))
        .filter(|&i| !g.in_play(i) && g.instance(i).is_some_and(|x| x.zone != Zone::Scrapheap))
        .collect();
    let hosts: Vec<Option<Inst>> = std::iter::once(None)
        .chain(in_play.iter().copied().map(Some))
        .collect();

    out.extend([
        Choice::Mulligan,
        Choice::KeepHand,
        Choice::RegimentDecline,
        Choice::EndPhase,
        Choice::DeclineEngagement,
        Choice::EndTurn,
        Choice::Pass,
        Choice::Pursue,
        Choice::Hijack,
        Choice::Scuttle,
        Choice::EndStep,
        Choice::SpoilsDecline,
        Choice::EffectYes,
        Choice::EffectNo,
        Choice::KeepDice,
    ]);
    // Modes by position, one past the most a step may have (I-89).
    for k in 0..=crate::ir::effect::limits::MODES as u8 {
        out.push(Choice::EffectMode(k));
    }
    for p in 0..g.commanders().len() {
        if let Ok(p) = u8::try_from(p) {
            out.push(Choice::EffectCommander(PlayerId(p)));
        }
    }
    for &i in &all {
        out.extend([
            Choice::SetupModule(i),
            Choice::RegimentPick(i),
            Choice::Discard(i),
            Choice::TurnFaceDown(i),
            Choice::EffectTarget(i),
        ]);
    }
    for &u in &in_play {
        // Every ability position of a card in play, activated or not (I-93): a listing that
        // missed one the rules accept is a hole.
        for k in 0..g.card(u).abilities.len() {
            if let Ok(ability) = u8::try_from(k) {
                out.push(Choice::Activate { card: u, ability });
            }
        }
        // Every die of a volley, one past the most a target may take (I-91).
        for die in 0..=21 {
            out.push(Choice::Reroll { target: u, die });
        }
        out.extend([
            Choice::Repair { unit: u },
            Choice::Fearless { unit: u },
            Choice::Retreat { unit: u },
            Choice::Launch { wing: u },
        ]);
        for &t in &in_play {
            out.extend([
                Choice::Jam { unit: u, target: t },
                Choice::Paint { unit: u, target: t },
                Choice::Overload { unit: u, target: t },
                Choice::Dock { wing: u, host: t },
                Choice::Board { ship: u, target: t },
                Choice::CancelBoard { escort: u, ship: t },
                Choice::Relieve {
                    garrison: u,
                    relief: t,
                },
            ]);
            for dice in dice_counts(g, u) {
                out.push(Choice::AssignDice {
                    unit: u,
                    target: t,
                    dice,
                });
            }
        }
        for &h in &hosts {
            out.push(Choice::Reassign { unit: u, host: h });
            out.push(Choice::SpoilsMarine { marine: u, host: h });
        }
    }
    for &c in &out_of_play {
        for &h in &hosts {
            out.push(Choice::Conscript { card: c, host: h });
            out.push(Choice::SpoilsPick { card: c, host: h });
            for replacing in replacements(g, h) {
                out.push(Choice::Deploy {
                    card: c,
                    host: h,
                    replacing,
                });
                out.push(Choice::EffectDeploy {
                    card: c,
                    host: h,
                    replacing,
                });
            }
        }
    }
    fire(g, &in_play, &mut out);
    engagements(g, d.who, &in_play, &mut out);
    out
}

/// `None`, and each Module attached to `host` (the Module a deployment would replace).
fn replacements(g: &Game, host: Option<Inst>) -> Vec<Option<Inst>> {
    let mut v = vec![None];
    if let Some(h) = host {
        v.extend(
            g.instance(h)
                .map(|x| x.attachments.to_vec())
                .unwrap_or_default()
                .into_iter()
                .filter(|&a| matches!(g.card(a).kind, CardKind::Module(_)))
                .map(Some),
        );
    }
    v
}

/// Volleys and Interceptor fire: every unit at every single target with every die count; and,
/// for a unit some single-target volley of which the rules accept, every split of that many
/// dice over two targets (§6.2).
fn fire(g: &Game, in_play: &[Inst], out: &mut Vec<Choice>) {
    let Some(d) = g.decision() else { return };
    let mut probe = Probe::new(g, d.who);
    for &u in in_play {
        let mut accepted: Vec<u8> = Vec::new();
        for &t in in_play {
            for dice in dice_counts(g, u) {
                let one: Fire = smallvec::smallvec![(t, dice)];
                for c in [
                    Choice::Volley {
                        unit: u,
                        fire: one.clone(),
                    },
                    Choice::Intercept {
                        unit: u,
                        fire: one.clone(),
                    },
                ] {
                    if !accepted.contains(&dice) && probe.accepts(&c) {
                        accepted.push(dice);
                    }
                    out.push(c);
                }
            }
        }
        for &total in &accepted {
            for (a, &t1) in in_play.iter().enumerate() {
                for &t2 in &in_play[a + 1..] {
                    for k in 1..total {
                        let split: Fire = smallvec::smallvec![(t1, k), (t2, total - k)];
                        out.push(Choice::Volley {
                            unit: u,
                            fire: split.clone(),
                        });
                        out.push(Choice::Intercept {
                            unit: u,
                            fire: split,
                        });
                    }
                }
            }
        }
    }
}

/// Engagement declarations against every other commander: each single unit of `who`'s, and
/// every unit of theirs in play but the Station.
fn engagements(g: &Game, who: PlayerId, in_play: &[Inst], out: &mut Vec<Choice>) {
    let mine: Vec<Inst> = in_play
        .iter()
        .copied()
        .filter(|&i| g.instance(i).is_some_and(|x| x.controller == who))
        .collect();
    let fleet_all: Fleet = mine
        .iter()
        .copied()
        .filter(|&i| g.card(i).kind != CardKind::Station)
        .collect();
    for p in 0..g.commanders().len() {
        let Ok(p) = u8::try_from(p) else { continue };
        let defender = PlayerId(p);
        if defender == who {
            continue;
        }
        for &u in &mine {
            out.push(Choice::DeclareEngagement {
                defender,
                fleet: smallvec::smallvec![u],
            });
        }
        out.push(Choice::DeclareEngagement {
            defender,
            fleet: fleet_all.clone(),
        });
    }
}

/// The candidates the rules accept for the commander deciding now that
/// [`Game::legal_choices`] does not list. Empty when the listing is complete here.
pub fn missing(g: &Game) -> Vec<Choice> {
    let Some(d) = g.decision() else {
        return Vec::new();
    };
    let same = copies(g);
    let listed: Vec<Choice> = g.legal_choices().iter().map(|c| normal(c, &same)).collect();
    let mut probe = Probe::new(g, d.who);
    let found: Vec<Choice> = candidates(g)
        .into_iter()
        .filter(|c| !covered(&normal(c, &same), &listed))
        .filter(|c| probe.accepts(c))
        .collect();
    // Each found choice played whole through the public door, to be sure.
    found
        .into_iter()
        .filter(|c| g.clone().apply(d.who, c.clone()).is_ok())
        .collect()
}

/// A fork of the game the candidates are tried on: a refused choice changes nothing (the rules
/// check before they change, `Game::run_choice` asserts it in debug builds), so one fork
/// serves every refusal, and an accepted choice costs a fresh fork.
struct Probe<'g> {
    game: &'g Game,
    who: PlayerId,
    fork: Game,
}

impl<'g> Probe<'g> {
    fn new(game: &'g Game, who: PlayerId) -> Probe<'g> {
        Probe {
            game,
            who,
            fork: game.clone(),
        }
    }

    fn accepts(&mut self, c: &Choice) -> bool {
        let ok = self.fork.apply_choice(self.who, c).is_ok();
        if ok {
            self.fork.clone_from(self.game);
        }
        ok
    }
}

/// Whether `c` (normalised) is listed, or is another spelling of a listed choice: a split
/// volley is reached by its first stepwise assignment (`assign`, §6.2), a stepwise assignment
/// of every die at one target is that volley, and a searched card named alone is its one
/// listed deployment.
fn covered(c: &Choice, listed: &[Choice]) -> bool {
    if listed.contains(c) {
        return true;
    }
    match c {
        Choice::Volley { unit, fire } | Choice::Intercept { unit, fire } if fire.len() >= 2 => {
            fire.iter().any(|&(target, dice)| {
                listed.contains(&Choice::AssignDice {
                    unit: *unit,
                    target,
                    dice,
                })
            })
        }
        Choice::AssignDice { unit, target, dice } => {
            let fire: Fire = smallvec::smallvec![(*target, *dice)];
            listed.iter().any(|l| match l {
                Choice::Volley { unit: u, fire: f } | Choice::Intercept { unit: u, fire: f } => {
                    u == unit && *f == fire
                }
                _ => false,
            })
        }
        // A searched card's one way to be deployed may be named by the card alone (§8.3).
        Choice::EffectTarget(card) => listed
            .iter()
            .any(|l| matches!(l, Choice::EffectDeploy { card: c, .. } if c == card)),
        _ => false,
    }
}

/// For each card out of play, the first card of the same printing in the same zone of the
/// same owner: copies a listing offers once (the first of identical cards in a hand or a
/// Shipyard) are the same choice.
fn copies(g: &Game) -> Vec<Inst> {
    let n = g.instances().len();
    let mut first: Vec<((crate::ir::CardId, Zone, PlayerId), Inst)> = Vec::new();
    (0..n)
        .filter_map(|i| u16::try_from(i).ok())
        .map(Inst)
        .map(|i| match g.instance(i) {
            Some(x) if !g.in_play(i) => {
                let key = (x.card, x.zone, x.owner);
                match first.iter().find(|(k, _)| *k == key) {
                    Some(&(_, rep)) => rep,
                    None => {
                        first.push((key, i));
                        i
                    }
                }
            }
            _ => i,
        })
        .collect()
}

/// A choice with each card out of play replaced by the first of its copies (`same`), and its
/// fleet and its dice by target in one order, so a listing and a candidate that say the same
/// thing compare equal.
fn normal(c: &Choice, same: &[Inst]) -> Choice {
    let s = |i: Inst| same.get(i.0 as usize).copied().unwrap_or(i);
    let so = |i: Option<Inst>| i.map(s);
    let mut c = match c.clone() {
        Choice::Deploy {
            card,
            host,
            replacing,
        } => Choice::Deploy {
            card: s(card),
            host,
            replacing,
        },
        Choice::EffectDeploy {
            card,
            host,
            replacing,
        } => Choice::EffectDeploy {
            card: s(card),
            host,
            replacing,
        },
        Choice::Conscript { card, host } => Choice::Conscript {
            card: s(card),
            host,
        },
        Choice::SpoilsPick { card, host } => Choice::SpoilsPick {
            card: s(card),
            host,
        },
        Choice::RegimentPick(i) => Choice::RegimentPick(s(i)),
        Choice::Discard(i) => Choice::Discard(s(i)),
        Choice::SetupModule(i) => Choice::SetupModule(s(i)),
        Choice::EffectTarget(i) => Choice::EffectTarget(s(i)),
        Choice::Reassign { unit, host } => Choice::Reassign {
            unit: s(unit),
            host: so(host),
        },
        other => other,
    };
    match &mut c {
        Choice::Volley { fire, .. } | Choice::Intercept { fire, .. } => fire.sort_unstable(),
        Choice::DeclareEngagement { fleet, .. } => fleet.sort_unstable(),
        _ => {}
    }
    c
}
