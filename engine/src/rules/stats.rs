//! The effective-characteristics layer: the one place that answers "what is this unit now".
//! Every rule and every ability filter reads a unit's attack, defense, wounds, traits and
//! capacities here; a rule reads a printed value only where the rulebook says "printed",
//! and cites it (`tests/tests/architecture.rs` holds this up).
//!
//! The order of application (docs/engine.md, "Effective characteristics"):
//! 1. printed values (§9.22), with attack and defense swapped first if the unit went Fearless
//!    (§3.4.5: the swap is of *printed* values, every bonus is added after it);
//! 2. attached, face-up Modules (§2.3, §9.20; a face-down module has no effect, §3.4.4): their
//!    `+N` stat bonuses, capacity and traits go to the unit they modify — except Unique and
//!    Face Up-Face Down, which are about the Module itself (§3.4.11, §3.4.4);
//! 3. `static:` modifiers of cards whose text is live, and temporary modifiers of one-shot
//!    effects (§8.1); a static's own filter reads the layer below this step, so statics never
//!    depend on each other;
//! 4. engagement marks: Jammer (§3.3.2) and Target Painter (§3.3.5);
//! 5. Stealth's defense bonus against a non-Hunter firer (§3.4.9, §3.4.6), through the
//!    Golden-Rule resolver (`stealth-bonus`, §8.1); never below 0.
//!
//! What a unit has only against a kind of target (`static: ... against <filter>`, I-97) is
//! read here too, with the target: [`roll_bonus`], [`attack_against`], [`doubles_wounds`].
//!
//! Stackable traits add up over every source (§3.1); a non-stackable trait counts once however
//! many sources grant it; a trait lost to a static (§9.22) is gone whatever grants it. A
//! Station's attack and defense add all its Module-Stations' bonuses; a Module-Station's
//! defense is that Station total, its wounds its own (§2.2, §6.5.3).

use crate::effects;
use crate::effects::Wanted;
use crate::ids::Inst;
use crate::ir::effect::{AgainstBonus, CardModifier, Stat};
use crate::ir::{BaseRule, CardKind, ModuleKind, TraitName};
use crate::resolver::Resolution;
use crate::state::{Game, Zone};

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

/// A base rule as it stands for one card (its controller's rule, scoped to the card).
pub(crate) fn card_rule(g: &Game, rule: BaseRule, card: Inst) -> Resolution {
    g.resolve(rule, g.controller(card), Some(card))
}

fn modules(g: &Game, i: Inst) -> impl Iterator<Item = Inst> + '_ {
    g.attachments(i)
        .iter()
        .copied()
        .filter(move |&a| is_live_module(g, a))
}

/// Whether the attachment `a` is a Module whose text counts: face up (§3.4.4: a face-down
/// module has no effect on the game).
fn is_live_module(g: &Game, a: Inst) -> bool {
    matches!(g.card(a).kind, CardKind::Module(_)) && !g.instance(a).is_some_and(|x| x.face_down)
}

/// How many times the unit has made the Fearless swap this engagement (§3.4.5); an odd
/// number means its printed attack and defense are swapped.
pub(crate) fn fearless_swaps(g: &Game, i: Inst) -> usize {
    g.engagement
        .as_ref()
        .map_or(0, |e| e.fearless.iter().filter(|&&u| u == i).count())
}

fn static_delta(g: &Game, i: Inst, stat: Stat) -> i32 {
    let mut sum = 0;
    effects::for_each_modifier(g, i, Wanted::stat(stat), |_, m| {
        if let CardModifier::Stat { stat: s, delta } = m {
            if s == stat {
                sum += i32::from(delta);
            }
        }
    });
    sum
}

fn clamp(v: i32) -> u8 {
    v.clamp(0, i32::from(u8::MAX)) as u8
}

/// Steps 1–3 for attack or defense: printed (after a Fearless swap), Module bonuses, statics.
fn base(g: &Game, i: Inst, stat: Stat) -> i32 {
    let c = g.card(i);
    let (a, d) = (c.attack.unwrap_or(0), c.defense.unwrap_or(0));
    let (a, d) = if fearless_swaps(g, i) % 2 == 1 {
        (d, a)
    } else {
        (a, d)
    };
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

/// The Stealth bonus `i` gets against `firer` (§3.4.9): none against a Hunter (§3.4.6) or
/// without Stealth; otherwise the `stealth-bonus` base rule as it stands for `i` (§8.1) — or
/// as the firer's text changes it against itself (I-99).
pub(crate) fn stealth(g: &Game, i: Inst, firer: Option<Inst>) -> Option<Resolution> {
    let hunter = firer.is_some_and(|f| has(g, f, TraitName::Hunter));
    (has(g, i, TraitName::Stealth) && !hunter)
        .then(|| g.resolve_against(BaseRule::StealthBonus, g.controller(i), i, firer))
}

/// Current defense against `firer` (None: no firer, e.g. for display).
pub fn defense(g: &Game, i: Inst, firer: Option<Inst>) -> u8 {
    let d = match station_of_module(g, i) {
        // §6.5.3: the Station's defense with every module bonus, plus this module's statics.
        Some(st) => base(g, st, Stat::Defense) + static_delta(g, i, Stat::Defense),
        None => base(g, i, Stat::Defense),
    };
    let stealth = stealth(g, i, firer).map_or(0, |r| i32::from(r.count()));
    clamp(d + stealth - marks(g, i, false))
}

/// Wounds the unit can take (§9.38): printed, plus Module-Ship and Module-Marine bonuses and
/// statics. A Module-Station's wounds are its own and pool with nothing (§6.5.3).
pub fn wounds(g: &Game, i: Inst) -> u8 {
    let printed = i32::from(g.card(i).wounds.unwrap_or(0));
    let bonus: i32 = modules(g, i)
        .filter(|&m| g.card(m).kind != CardKind::Module(ModuleKind::Station))
        .map(|m| i32::from(g.card(m).wounds.unwrap_or(0)))
        .sum();
    clamp(printed + bonus + static_delta(g, i, Stat::Wounds))
}

/// Wounds still to take before destruction.
pub fn remaining(g: &Game, i: Inst) -> u8 {
    wounds(g, i).saturating_sub(g.instance(i).map_or(0, |x| x.wounds))
}

/// Marine and Fighter Wing capacity (§9.4, §2.4.1, §2.5.1.1): the printed white icons, plus
/// what attached Modules print, plus `+N Marine/Wing capacity` statics.
pub fn capacity(g: &Game, host: Inst) -> (u8, u8) {
    let c = g.card(host).capacity;
    let (mut marines, mut wings) = (i32::from(c.marines), i32::from(c.wings));
    for m in modules(g, host) {
        let mc = g.card(m).capacity;
        marines += i32::from(mc.marines);
        wings += i32::from(mc.wings);
    }
    // Both statics in one pass over the modifiers (a capacity read comes with every Marine or
    // Wing listing and after every choice, `manufacturing::settle_capacity`).
    let want = Wanted::stat(Stat::MarineCapacity).or(Wanted::stat(Stat::WingCapacity));
    effects::for_each_modifier(g, host, want, |_, m| {
        if let CardModifier::Stat { stat, delta } = m {
            match stat {
                Stat::MarineCapacity => marines += i32::from(delta),
                Stat::WingCapacity => wings += i32::from(delta),
                _ => {}
            }
        }
    });
    (clamp(marines), clamp(wings))
}

/// The capacity a Marine or Fighter Wing consumes aboard (its red icon, §2.4.1, §2.5.1).
pub fn space(g: &Game, unit: Inst) -> u8 {
    g.card(unit).space
}

/// Counts one trait over printed text and attached Modules (steps 1–2).
fn count_below_statics(g: &Game, i: Inst, name: TraitName) -> u32 {
    let mut total: u32 = 0;
    let mut count = |t: crate::ir::Trait| {
        if t.name() == name {
            total += u32::from(t.value().unwrap_or(1));
        }
    };
    // Only a card printing the trait is read (`Speakers::prints_trait`).
    let prints = |c: Inst| g.speakers.prints_trait(c, name);
    if prints(i) {
        for &t in &g.card(i).traits {
            count(t);
        }
    }
    // The bit first: most attachments print no such trait, and it is the cheapest read.
    let aboard = g.attachments(i).iter().copied().filter(|&a| prints(a));
    for m in aboard.filter(|&a| is_live_module(g, a)) {
        for &t in &g.card(m).traits {
            if t.name() != TraitName::FaceUpFaceDown && t.name() != TraitName::Unique {
                count(t);
            }
        }
    }
    total
}

fn finish(name: TraitName, total: u32) -> u8 {
    if name.is_stackable() {
        total.min(u32::from(u8::MAX)) as u8
    } else {
        u8::from(total > 0)
    }
}

/// The summed +X of a stackable trait (§3.1), or 1/0 for a passive trait present/absent.
pub fn value(g: &Game, i: Inst, name: TraitName) -> u8 {
    let mut total = count_below_statics(g, i, name);
    let mut lost = false;
    effects::for_each_modifier(g, i, Wanted::trait_gained_or_lost(name), |_, m| match m {
        CardModifier::GainTrait(t) if t.name() == name => {
            total += u32::from(t.value().unwrap_or(1));
        }
        CardModifier::LoseTrait(t) if t == name => lost = true,
        _ => {}
    });
    if lost {
        return 0;
    }
    finish(name, total)
}

pub fn has(g: &Game, i: Inst, name: TraitName) -> bool {
    value(g, i, name) > 0
}

/// Whether the unit has a trait from its printed text or attached Modules (steps 1–2): what a
/// static's own filter sees (`effects::Layer::BelowStatics`).
pub(crate) fn has_below_statics(g: &Game, i: Inst, name: TraitName) -> bool {
    finish(name, count_below_statics(g, i, name)) > 0
}

/// Where a unit's characteristics now differ from its printed ones, in words (`attack 5
/// (printed 3)`, `Stealth (not printed)`, `Interceptor +3 (printed +2)`), for the ruling
/// board (#14): what the layer adds or takes away, in the layer's own terms.
pub fn changed_from_printed(g: &Game, i: Inst) -> Vec<String> {
    let card = g.card(i);
    if !card.kind.is_unit() || !g.in_play(i) {
        return Vec::new();
    }
    let mut out = Vec::new();
    // A Module-Station's defense is its Station's (§6.5.3); a Station's include its modules.
    for (name, now, printed) in [
        ("attack", attack(g, i), card.attack.unwrap_or(0)),
        ("defense", defense(g, i, None), card.defense.unwrap_or(0)),
        ("wounds", wounds(g, i), card.wounds.unwrap_or(0)),
    ] {
        if now != printed {
            out.push(format!("{name} {now} (printed {printed})"));
        }
    }
    let (m, w) = capacity(g, i);
    let (pm, pw) = (card.capacity.marines, card.capacity.wings);
    if (m, w) != (pm, pw) {
        out.push(format!(
            "carries {m} Marine(s), {w} Wing(s) (printed {pm}, {pw})"
        ));
    }
    for t in TraitName::ALL {
        let now = value(g, i, t);
        let printed: u32 = card
            .traits
            .iter()
            .filter(|x| x.name() == t)
            .map(|x| u32::from(x.value().unwrap_or(1)))
            .sum();
        let printed = finish(t, printed);
        if now == printed {
            continue;
        }
        out.push(match (t.is_stackable(), now, printed) {
            (_, 0, _) => format!("no {t} (printed)"),
            (false, _, _) => format!("{t} (not printed)"),
            (true, n, 0) => format!("{t} +{n} (not printed)"),
            (true, n, p) => format!("{t} +{n} (printed +{p})"),
        });
    }
    out
}

// ----- combat modifiers (issue 17, docs/abilities.md "Combat modifiers") ----------------------

/// The roll-result modifiers on a unit's volley dice at `target` (None: whatever the
/// target), with the card each comes from (§8.1: the transcript names it): its own, then
/// those it has against such a target (I-97). §8.2 is the roller's business: a natural 1
/// or 10 ignores them.
pub(crate) fn roll_bonus(g: &Game, i: Inst, target: Option<Inst>) -> Vec<(Inst, i8)> {
    let mut out = Vec::new();
    effects::for_each_modifier(g, i, Wanted::ROLL_BONUS, |src, m| {
        if let CardModifier::RollBonus(d) = m {
            out.push((src, d));
        }
    });
    if let Some(t) = target {
        effects::for_each_against(g, i, t, |src, b| {
            if let AgainstBonus::RollBonus(d) = b {
                out.push((src, d));
            }
        });
    }
    out
}

/// The attack a unit has against `target` beyond its own, by source (I-97): dice rolled with
/// those of the first such target a volley of its attack names.
pub(crate) fn attack_against(g: &Game, i: Inst, target: Inst) -> Vec<(Inst, i8)> {
    let mut out = Vec::new();
    effects::for_each_against(g, i, target, |src, b| {
        if let AgainstBonus::Attack(d) = b {
            out.push((src, d));
        }
    });
    out
}

/// The cards by whose text a unit's hits on `target` deal double wounds (I-97): doubled
/// once, however many say so.
pub(crate) fn doubles_wounds(g: &Game, i: Inst, target: Inst) -> Vec<Inst> {
    let mut out = Vec::new();
    effects::for_each_against(g, i, target, |src, b| {
        if b == AgainstBonus::DoubleWounds {
            out.push(src);
        }
    });
    out
}

/// Volley dice added to (or taken from) every volley the unit fires.
pub(crate) fn extra_dice(g: &Game, i: Inst) -> i32 {
    let mut sum = 0;
    effects::for_each_modifier(g, i, Wanted::EXTRA_DICE, |_, m| {
        if let CardModifier::ExtraDice(d) = m {
            sum += i32::from(d);
        }
    });
    sum
}

/// Volleys the unit may fire in one volley turn after its first (I-70).
pub(crate) fn extra_volleys(g: &Game, i: Inst) -> u32 {
    let mut sum = 0;
    effects::for_each_modifier(g, i, Wanted::EXTRA_VOLLEYS, |_, m| {
        if let CardModifier::ExtraVolleys(n) = m {
            sum += u32::from(n);
        }
    });
    sum
}

/// Missed dice the unit re-rolls in each volley it fires (I-71).
pub(crate) fn rerolls(g: &Game, i: Inst) -> u32 {
    let mut sum = 0;
    effects::for_each_modifier(g, i, Wanted::REROLLS, |_, m| {
        if let CardModifier::Rerolls(n) = m {
            sum += u32::from(n);
        }
    });
    sum
}

/// The cards that let the unit's commander re-roll one die of each volley it fires, one
/// re-roll each, in the order the cards entered play (I-91).
pub(crate) fn may_rerolls(g: &Game, i: Inst) -> crate::state::Cards<4> {
    let mut out = crate::state::Cards::new();
    effects::for_each_modifier(g, i, Wanted::MAY_REROLL, |src, m| {
        if m == CardModifier::MayReroll {
            out.push(src);
        }
    });
    out
}

/// The damage preventions on a unit (I-72): the card, how many wounds, over which span.
pub(crate) fn wards(g: &Game, i: Inst) -> Vec<(Inst, u8, crate::ir::effect::Span)> {
    let mut out = Vec::new();
    effects::for_each_modifier(g, i, Wanted::PREVENT_WOUNDS, |src, m| {
        if let CardModifier::PreventWounds { count, each } = m {
            out.push((src, count, each));
        }
    });
    out
}

/// The cards by whose text `i` draws the volleys of opposing ships — of opposing ships and
/// Stations where the bool says `units` — while it can be targeted (taunt, I-98).
pub(crate) fn taunts(g: &Game, i: Inst) -> Vec<(Inst, bool)> {
    let mut out = Vec::new();
    effects::for_each_modifier(g, i, Wanted::TAUNT, |src, m| {
        if let CardModifier::Taunt { units } = m {
            out.push((src, units));
        }
    });
    out
}
