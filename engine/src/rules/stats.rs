//! A unit's current combat profile: attack, defense, wounds and trait values, as every
//! engagement rule reads them.
//!
//! - Printed values, swapped first if the unit went Fearless (§3.4.5: bonuses are added after
//!   the swap), plus attached Modules' bonuses (§2.3), plus live `static:` modifiers
//!   (`effects`), minus Jammer (§3.3.2) or Target Painter (§3.3.5) marks; never below 0.
//! - A Station's attack and defense add all its Module-Stations' bonuses; a Module-Station's
//!   defense is that Station total, its wounds its own (§2.2, §6.5.3).
//! - Stealth adds 5 to defense against any unit that is not a Hunter (§3.4.9, §3.4.6).
//! - Stackable traits add up over the unit, its attached Modules and statics (§3.1); a
//!   non-stackable trait counts once however many sources grant it.

use crate::effects;
use crate::game::{Game, Zone};
use crate::ids::Inst;
use crate::ir::effect::{CardModifier, Stat};
use crate::ir::{CardKind, ModuleKind, TraitName};

/// The Station a Module-Station is attached to.
pub(crate) fn station_of_module(g: &Game, m: Inst) -> Option<Inst> {
    if g.card(m).kind != CardKind::Module(ModuleKind::Station) {
        return None;
    }
    match g.instance(m)?.zone {
        Zone::Attached(h) if g.card(h).kind == CardKind::Station => Some(h),
        _ => None,
    }
}

fn modules(g: &Game, i: Inst) -> impl Iterator<Item = Inst> + '_ {
    g.attachments(i)
        .iter()
        .copied()
        .filter(move |&a| matches!(g.card(a).kind, CardKind::Module(_)))
        // §3.4.4: a face-down module has no effect on the game.
        .filter(move |&a| !g.instance(a).is_some_and(|x| x.face_down))
}

fn swapped(g: &Game, i: Inst) -> bool {
    g.engagement
        .as_ref()
        .is_some_and(|e| e.fearless.contains(&i))
}

fn static_delta(g: &Game, i: Inst, stat: Stat) -> i32 {
    effects::modifiers(g, i)
        .into_iter()
        .map(|(_, m)| match m {
            CardModifier::Stat { stat: s, delta } if s == stat => i32::from(delta),
            _ => 0,
        })
        .sum()
}

fn clamp(v: i32) -> u8 {
    v.clamp(0, i32::from(u8::MAX)) as u8
}

/// Printed attack or defense after a Fearless swap (§3.4.5), with Module bonuses and statics.
fn base(g: &Game, i: Inst, stat: Stat) -> i32 {
    let c = g.card(i);
    let (a, d) = (c.attack.unwrap_or(0), c.defense.unwrap_or(0));
    let (a, d) = if swapped(g, i) { (d, a) } else { (a, d) };
    let printed = if stat == Stat::Attack { a } else { d };
    let bonus: i32 = modules(g, i)
        .map(|m| {
            let mc = g.card(m);
            i32::from(if stat == Stat::Attack {
                mc.attack.unwrap_or(0)
            } else {
                mc.defense.unwrap_or(0)
            })
        })
        .sum();
    i32::from(printed) + bonus + static_delta(g, i, stat)
}

fn marks(g: &Game, i: Inst, jam: bool) -> i32 {
    g.engagement.as_ref().map_or(0, |e| {
        e.marks
            .iter()
            .filter(|m| m.target == i && m.jam == jam)
            .map(|m| i32::from(m.amount))
            .sum()
    })
}

/// Current attack: volley dice per turn (§6.2), less Jammer marks (§3.3.2).
pub fn attack(g: &Game, i: Inst) -> u8 {
    clamp(base(g, i, Stat::Attack) - marks(g, i, true))
}

/// Current defense against `firer` (None: no firer, e.g. for display).
pub fn defense(g: &Game, i: Inst, firer: Option<Inst>) -> u8 {
    let d = match station_of_module(g, i) {
        // §6.5.3: the Station's defense with every module bonus, plus this module's statics.
        Some(st) => base(g, st, Stat::Defense) + static_delta(g, i, Stat::Defense),
        None => base(g, i, Stat::Defense),
    };
    let hunter = firer.is_some_and(|f| has(g, f, TraitName::Hunter));
    let stealth = if has(g, i, TraitName::Stealth) && !hunter {
        5
    } else {
        0
    };
    clamp(d + stealth - marks(g, i, false))
}

/// Printed wounds (§9.38); a Module-Station's are its own (§6.5.3).
pub fn wounds(g: &Game, i: Inst) -> u8 {
    g.card(i).wounds.unwrap_or(0)
}

/// Wounds still to take before destruction.
pub fn remaining(g: &Game, i: Inst) -> u8 {
    wounds(g, i).saturating_sub(g.instance(i).map_or(0, |x| x.wounds))
}

/// The summed +X of a stackable trait (§3.1), or 1/0 for a passive trait present/absent.
pub fn value(g: &Game, i: Inst, name: TraitName) -> u8 {
    let mut total: u32 = 0;
    let mut lost = false;
    let count = |t: crate::ir::Trait, total: &mut u32| {
        if t.name() == name {
            *total += u32::from(t.value().unwrap_or(1));
        }
    };
    for &t in &g.card(i).traits {
        count(t, &mut total);
    }
    for m in modules(g, i) {
        for &t in &g.card(m).traits {
            if t.name() != TraitName::FaceUpFaceDown && t.name() != TraitName::Unique {
                count(t, &mut total);
            }
        }
    }
    for (_, m) in effects::modifiers(g, i) {
        match m {
            CardModifier::GainTrait(t) => count(t, &mut total),
            CardModifier::LoseTrait(t) if t == name => lost = true,
            _ => {}
        }
    }
    if lost {
        return 0;
    }
    if name.is_stackable() {
        total.min(u32::from(u8::MAX)) as u8
    } else {
        u8::from(total > 0)
    }
}

pub fn has(g: &Game, i: Inst, name: TraitName) -> bool {
    value(g, i, name) > 0
}
