//! The moment under way, as a ruling's board says it (docs/rulings.md, "A board in the middle
//! of things"): an engagement being fought (§6.6, STEP 1 to STEP 9, its boarding action and a
//! split volley), the end of an engagement (§2.5.1.2, §3.4.4), a response window (§2.6, §2.7),
//! a Setup step (§4), a Regimented search (§3.4.7), the Spoils of War still to take (§7.1.3),
//! temporary modifiers from card effects (§9.22) — everything a game holds besides its cards
//! but a card effect resolving (`replay` reaches that with a prelude of script lines).
//!
//! The reader and the writer of these keys live here together, so a key is read exactly as it
//! is written. Both take every state type apart field by field (no `..`), so a field added to
//! one of them does not compile until it is written and read. Cards are written `Name @label`
//! and read as a script line names them (`@label`, `Name @label`, `Name #N`, or a name).

use std::fmt::Write;

use crate::ids::{Inst, PlayerId};
use crate::ir::effect::{
    Ability, Action, CardModifier, CommanderModifier, Commanders, Duration, Span,
    Step as EffectStep,
};
use crate::ir::RegimentUnit;
use crate::ruling::RulingError;
use crate::state::engagement::{
    Aftermath, Assignment, Board, CombatStep, Engagement, Fight, FightStage, GoOn, Mark, Occasion,
    Side, VolleyKind,
};
use crate::state::pending::{Relocation, Temporary, TemporaryCommanders, Window};
use crate::state::{Facing, Game, RegimentSearch, Step, Then};

/// One `key: value` line of the moment, with its line number.
#[derive(Debug, Clone)]
pub(crate) struct KeyLine {
    pub line: usize,
    pub key: String,
    pub value: String,
}

/// The moment's keys as parsed, read against the board once its cards are placed ([`build`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct Spec {
    /// Top-level keys (`window:`, `spoils:`, `temporary:`, ...), in file order.
    pub top: Vec<KeyLine>,
    /// `engagement: A attacks B` and its indented keys.
    pub engagement: Option<(KeyLine, Vec<KeyLine>)>,
    /// `aftermath: A attacked B` and its indented keys.
    pub aftermath: Option<(KeyLine, Vec<KeyLine>)>,
}

/// Top-level keys of the moment.
pub(crate) const TOP_KEYS: &[&str] = &[
    "setup-queue",
    "window",
    "window-asked",
    "spoils",
    "regiment",
    "relocation",
    "relocation-loser",
    "relocation-local",
    "temporary",
    "temporary-commanders",
];

/// Keys of an `engagement:` block.
pub(crate) const ENGAGEMENT_KEYS: &[&str] = &[
    "round",
    "step",
    "fleet",
    "declared",
    "start-queue",
    "start-asked",
    "acted",
    "volleyed",
    "traits-used",
    "retreating",
    "board",
    "escorts-used",
    "mark",
    "overloaded",
    "drawback",
    "drawback-next",
    "fearless",
    "fired",
    "stoic",
    "boarding",
    "boarding-sides",
    "boarding-stage",
    "boarding-party",
    "boarding-defenders",
    "boarding-acted",
    "boarding-retreating",
    "assigning",
    "assigning-by",
    "assigning-dice",
    "assigning-kind",
    "assigning-occasion",
    "assigned",
];

/// Keys of an `aftermath:` block.
pub(crate) const AFTERMATH_KEYS: &[&str] = &["to-decide", "fleet", "then", "announced"];

/// How the reader names cards and commanders: the ruling's own lookups.
pub(crate) struct Names<'a> {
    pub card: &'a dyn Fn(&Game, &str, usize) -> Result<Inst, RulingError>,
    pub seat: &'a dyn Fn(&Game, &str, usize) -> Result<PlayerId, RulingError>,
}

fn fail<T>(line: usize, message: impl Into<String>) -> Result<T, RulingError> {
    Err(RulingError::new(line, message).code(crate::ruling::Code::Board))
}

fn number<T: std::str::FromStr>(k: &KeyLine) -> Result<T, RulingError> {
    let v = k.value.trim();
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return fail(k.line, format!("`{}` takes a number", k.key));
    }
    v.parse()
        .or_else(|_| fail(k.line, format!("`{}`: {v} is too large", k.key)))
}

fn yes_no(k: &KeyLine) -> Result<bool, RulingError> {
    match k.value.trim() {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => fail(k.line, format!("`{}` takes yes or no", k.key)),
    }
}

/// `A; B; C` (`-`: none).
fn items(value: &str) -> Vec<&str> {
    let v = value.trim();
    if v == "-" {
        return Vec::new();
    }
    v.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

fn cards(g: &Game, n: &Names, k: &KeyLine) -> Result<Vec<Inst>, RulingError> {
    items(&k.value)
        .into_iter()
        .map(|s| (n.card)(g, s, k.line))
        .collect()
}

fn seats(g: &Game, n: &Names, k: &KeyLine) -> Result<Vec<PlayerId>, RulingError> {
    items(&k.value)
        .into_iter()
        .map(|s| (n.seat)(g, s, k.line))
        .collect()
}

/// `CARD xN`: a number of dice at a card.
fn dice_at(g: &Game, n: &Names, s: &str, line: usize) -> Result<(Inst, u8), RulingError> {
    let Some((card, dice)) = s.rsplit_once(" x") else {
        return fail(line, format!("expected `CARD xN`, found `{s}`"));
    };
    let d = dice.trim();
    let dice = if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) {
        d.parse::<u8>().ok()
    } else {
        None
    };
    let Some(dice) = dice else {
        return fail(line, format!("`x{d}` is not a number of dice"));
    };
    Ok(((n.card)(g, card.trim(), line)?, dice))
}

/// Split `s` at `sep`: where the text before it ends with a `@label` if any does (a card's
/// name may hold the separator's words: the writer names cards `Name @label`), else at its
/// first occurrence, or its last with `last`.
fn split_ref<'a>(s: &'a str, sep: &str, last: bool) -> Option<(&'a str, &'a str)> {
    let at: Vec<usize> = s.match_indices(sep).map(|(k, _)| k).collect();
    let labelled = at.iter().copied().find(|&k| {
        s[..k]
            .rsplit(' ')
            .next()
            .is_some_and(|w| w.starts_with('@'))
    });
    let k = labelled.or(if last { at.last() } else { at.first() }.copied())?;
    Some((&s[..k], &s[k + sep.len()..]))
}

/// `A attacks B` / `A attacked B`.
fn pair(g: &Game, n: &Names, k: &KeyLine, verb: &str) -> Result<(PlayerId, PlayerId), RulingError> {
    let Some((a, d)) = k.value.split_once(verb) else {
        return fail(
            k.line,
            format!("expected `{}: ATTACKER{verb}DEFENDER`", k.key),
        );
    };
    let (a, d) = (
        (n.seat)(g, a.trim(), k.line)?,
        (n.seat)(g, d.trim(), k.line)?,
    );
    if a == d {
        return fail(k.line, "a commander cannot engage themselves (§6.4)");
    }
    Ok((a, d))
}

fn side_word(s: Side) -> &'static str {
    match s {
        Side::Attacker => "attacker",
        Side::Defender => "defender",
    }
}

fn side_of_word(w: &str) -> Option<Side> {
    match w {
        "attacker" => Some(Side::Attacker),
        "defender" => Some(Side::Defender),
        _ => None,
    }
}

fn stage_word(s: &FightStage) -> &'static str {
    match s {
        FightStage::Interceptor => "8A",
        FightStage::Boarders => "8B",
        FightStage::Holders => "8C",
        FightStage::Pursue => "pursuit",
        FightStage::Outcome => "8E",
    }
}

fn kind_word(k: VolleyKind) -> &'static str {
    match k {
        VolleyKind::Normal => "normal",
        VolleyKind::Interceptor => "interceptor",
        VolleyKind::Overload => "overload",
        VolleyKind::Stoic => "stoic",
        VolleyKind::Marine => "marine",
    }
}

/// What a temporary modifier on a card does, in words (as the transcript says it).
pub(crate) fn card_modifier_words(m: &CardModifier) -> String {
    match m {
        CardModifier::Stat { stat, delta } => format!("{delta:+} {}", stat.name()),
        CardModifier::Income { change } => format!(
            "{}{} income",
            if change.more { "+" } else { "-" },
            change.amount
        ),
        CardModifier::GainTrait(t) => format!("gains {t}"),
        CardModifier::LoseTrait(t) => format!("loses {t}"),
        CardModifier::RollBonus(d) => format!("{d:+} to volley rolls"),
        CardModifier::ExtraDice(d) => format!("{d:+} volley dice"),
        CardModifier::ExtraVolleys(n) => {
            format!("may fire {n} additional volley(s) each volley turn")
        }
        CardModifier::Rerolls(n) => format!("re-rolls {n} missed die (dice) in each volley"),
        CardModifier::PreventWounds { count, each } => {
            format!("prevents the first {count} wound(s) each {}", each.name())
        }
        CardModifier::Taunt { units: false } => "must be fired at by opposing ships if able".into(),
        CardModifier::Taunt { units: true } => "must be fired at by opposing units if able".into(),
        CardModifier::Decoy => "is decoyed (the next volley at it goes to the decoy)".into(),
        CardModifier::MayReroll => "may re-roll one die of each volley".into(),
    }
}

/// What a temporary modifier on Commanders does, in words: `hand size +1`, `income +1R 0C`,
/// `cost -0R 1C` (of the cards its source's text names).
fn commander_modifier_words(m: &CommanderModifier) -> String {
    let sign = |more: bool| if more { '+' } else { '-' };
    match m {
        CommanderModifier::HandSize(d) => format!("hand size {d:+}"),
        CommanderModifier::Income(c) => format!("income {}{}", sign(c.more), c.amount),
        CommanderModifier::Cost { change, .. } => {
            format!("cost {}{}", sign(change.more), change.amount)
        }
    }
}

const DURATIONS: [Duration; 4] = [
    Duration::EndOfEngagement,
    Duration::EndOfTurn,
    Duration::EndOfRound,
    Duration::WhileAttached,
];

/// Every action of a card's text.
fn actions(g: &Game, source: Inst) -> Vec<&Action> {
    let effects = g.card(source).abilities.iter().filter_map(|a| match a {
        Ability::Play(e)
        | Ability::Triggered { effect: e, .. }
        | Ability::Replacement { effect: e, .. }
        | Ability::Activated { effect: e, .. } => Some(e),
        _ => None,
    });
    let mut out = Vec::new();
    for e in effects {
        for s in &e.steps {
            match s {
                EffectStep::Do(v) => out.extend(v),
                EffectStep::If {
                    then, otherwise, ..
                } => {
                    out.extend(then);
                    out.extend(otherwise);
                }
                EffectStep::May { then, .. } => out.extend(then),
                EffectStep::Roll { branches } => {
                    for b in branches {
                        out.extend(&b.actions);
                    }
                }
                EffectStep::Choose { modes, .. } => out.extend(modes.iter().flatten()),
            }
        }
    }
    out
}

/// `WORDS ... DURATION`: the duration at the end.
fn split_duration(s: &str) -> Option<(&str, Duration)> {
    DURATIONS
        .into_iter()
        .find_map(|d| s.strip_suffix(d.words()).map(|rest| (rest.trim_end(), d)))
}

// ----- reading -----------------------------------------------------------------------------

/// Set the moment a ruling's keys describe on the board `g` (its cards placed, its phase
/// started). `phase_line` is the `phase:` line, for a phase and a block that disagree.
pub(crate) fn build(
    g: &mut Game,
    spec: &Spec,
    phase_line: usize,
    n: &Names,
) -> Result<(), RulingError> {
    let combat = g.step == Step::Combat;
    match (&spec.engagement, combat) {
        (Some((head, keys)), true) => {
            let e = engagement(g, head, keys, n)?;
            g.engagement = Some(e);
            let assigning = match spec.engagement.as_ref() {
                Some((_, keys)) => assignment(g, keys, n)?,
                None => None,
            };
            if let Some(e) = g.engagement.as_mut() {
                e.assigning = assigning;
            }
        }
        (Some((head, _)), false) => {
            return fail(
                head.line,
                "an `engagement:` block goes with `phase: combat` (an engagement being fought)",
            )
        }
        // The step of an engagement that has just ended with its attacker out of the game,
        // before their turn passes (§5.6): nothing is being fought.
        (None, _) => {}
    }
    let in_aftermath = matches!(g.step, Step::Aftermath(_));
    match (&spec.aftermath, in_aftermath) {
        (Some((head, keys)), true) => {
            let a = aftermath(g, head, keys, n)?;
            g.step = Step::Aftermath(a);
        }
        (Some((head, _)), false) => {
            return fail(
                head.line,
                "an `aftermath:` block goes with `phase: aftermath`",
            )
        }
        (None, true) => {
            return fail(
                phase_line,
                "`phase: aftermath` needs an `aftermath:` block saying which engagement ended",
            )
        }
        (None, false) => {}
    }
    let mut relocation: Option<Relocation> = None;
    let mut window: Option<Window> = None;
    for k in &spec.top {
        match k.key.as_str() {
            "setup-queue" => g.setup_queue = seats(g, n, k)?,
            "window" => {
                window = Some(Window {
                    queue: seats(g, n, k)?.into(),
                    asked: None,
                })
            }
            "window-asked" => {
                let who = (n.seat)(g, k.value.trim(), k.line)?;
                match window.as_mut() {
                    Some(w) if w.queue.first() == Some(&who) => w.asked = Some(who),
                    Some(_) => {
                        return fail(
                            k.line,
                            "`window-asked:` names the first commander of `window:`",
                        )
                    }
                    None => return fail(k.line, "`window-asked:` follows a `window:` line"),
                }
            }
            "spoils" => g.spoils = seats(g, n, k)?,
            "regiment" => g.regiments.push(regiment(g, k, n)?),
            "relocation" => {
                if let Some(r) = relocation.take() {
                    g.relocations.push(r);
                    g.garrisons_stale = true;
                }
                let ship = (n.card)(g, k.value.trim(), k.line)?;
                let loser = g.instance(ship).map_or(PlayerId(0), |x| x.owner);
                relocation = Some(Relocation {
                    ship,
                    loser,
                    local: Vec::new(),
                });
            }
            "relocation-loser" | "relocation-local" => {
                let Some(r) = relocation.as_mut() else {
                    return fail(k.line, format!("`{}:` follows a `relocation:` line", k.key));
                };
                if k.key == "relocation-loser" {
                    r.loser = (n.seat)(g, k.value.trim(), k.line)?;
                } else {
                    r.local = cards(g, n, k)?;
                }
            }
            "temporary" => {
                let t = temporary(g, k, n)?;
                g.temporary.push(t);
                g.capacity_stale.mark_all();
            }
            "temporary-commanders" => {
                let t = temporary_commanders(g, k, n)?;
                g.temporary_commanders.push(t);
            }
            other => return fail(k.line, format!("unknown key `{other}`")),
        }
    }
    if let Some(r) = relocation {
        g.relocations.push(r);
        g.garrisons_stale = true;
    }
    if window.is_some() {
        if g.phase == crate::event::Phase::Setup {
            return fail(phase_line, "no response window opens in Setup (§5.1)");
        }
        g.window = window;
    } else if matches!(g.step, Step::Respond { .. }) {
        return fail(
            phase_line,
            "a phase's response window needs a `window:` line saying whom it still asks (§2.6)",
        );
    }
    Ok(())
}

fn engagement(
    g: &Game,
    head: &KeyLine,
    keys: &[KeyLine],
    n: &Names,
) -> Result<Engagement, RulingError> {
    let (attacker, defender) = pair(g, n, head, " attacks ")?;
    let mut e = Engagement::at_start(attacker, defender, &[]);
    let mut declared = None;
    for k in keys {
        let v = k.value.trim();
        match k.key.as_str() {
            "round" => e.round = number(k)?,
            "step" => e.step = step(g, k, n)?,
            "fleet" => e.fleet = cards(g, n, k)?.into(),
            "declared" => declared = Some(cards(g, n, k)?.into()),
            "start-queue" => e.start_queue = seats(g, n, k)?.into(),
            "start-asked" => e.start_asked = Some((n.seat)(g, v, k.line)?),
            "acted" => e.acted = cards(g, n, k)?.into(),
            "volleyed" => e.volleyed = cards(g, n, k)?.into(),
            "traits-used" => e.traits_used = cards(g, n, k)?.into(),
            "retreating" => e.retreating = cards(g, n, k)?.into(),
            "board" => {
                // `SHIP at TARGET by attacker|defender [cancelled]`
                let (rest, cancelled) = match v.strip_suffix(" cancelled") {
                    Some(r) => (r, true),
                    None => (v, false),
                };
                let parsed = rest.rsplit_once(" by ").and_then(|(b, side)| {
                    let (ship, target) = split_ref(b, " at ", false)?;
                    Some((ship, target, side_of_word(side.trim())?))
                });
                let Some((ship, target, side)) = parsed else {
                    return fail(
                        k.line,
                        "expected `board: SHIP at TARGET by attacker|defender [cancelled]`",
                    );
                };
                e.boards.push(Board {
                    ship: (n.card)(g, ship.trim(), k.line)?,
                    target: (n.card)(g, target.trim(), k.line)?,
                    side,
                    cancelled,
                });
            }
            "escorts-used" => e.escorts_used = cards(g, n, k)?.into(),
            "mark" => {
                // `SOURCE jams|paints TARGET by N`
                let parsed = [(" jams ", true), (" paints ", false)]
                    .into_iter()
                    .find_map(|(verb, jam)| {
                        let (source, rest) = split_ref(v, verb, false)?;
                        let (target, amount) = rest.rsplit_once(" by ")?;
                        let amount = amount.trim();
                        let amount = if amount.bytes().all(|b| b.is_ascii_digit()) {
                            amount.parse::<u8>().ok()?
                        } else {
                            return None;
                        };
                        Some((source, target, jam, amount))
                    });
                let Some((source, target, jam, amount)) = parsed else {
                    return fail(
                        k.line,
                        "expected `mark: SOURCE jams TARGET by N` or `mark: SOURCE paints TARGET by N` (§3.3.2, §3.3.5)",
                    );
                };
                e.marks.push(Mark {
                    source: (n.card)(g, source.trim(), k.line)?,
                    target: (n.card)(g, target.trim(), k.line)?,
                    jam,
                    amount,
                });
            }
            "overloaded" => e.overloaded = cards(g, n, k)?.into(),
            "drawback" => e.drawback = cards(g, n, k)?.into(),
            "drawback-next" => e.drawback_next = cards(g, n, k)?.into(),
            "fearless" => e.fearless = cards(g, n, k)?.into(),
            "fired" => e.fired = cards(g, n, k)?.into(),
            "stoic" => e.stoic = cards(g, n, k)?.into(),
            "boarding" => {
                let Some((ship, target)) = split_ref(v, " at ", false) else {
                    return fail(k.line, "expected `boarding: SHIP at TARGET` (§6.6 STEP 8)");
                };
                let ship = (n.card)(g, ship.trim(), k.line)?;
                let target = (n.card)(g, target.trim(), k.line)?;
                e.fight = Some(Fight {
                    ship,
                    target,
                    boarders: g.controller(ship),
                    holders: g.controller(target),
                    party: crate::state::Cards::new(),
                    defenders: crate::state::Cards::new(),
                    stage: FightStage::Boarders,
                    acted: crate::state::Cards::new(),
                    retreating: false,
                });
            }
            "boarding-sides"
            | "boarding-stage"
            | "boarding-party"
            | "boarding-defenders"
            | "boarding-acted"
            | "boarding-retreating" => {
                let Some(f) = e.fight.as_mut() else {
                    return fail(k.line, format!("`{}:` follows a `boarding:` line", k.key));
                };
                match k.key.as_str() {
                    "boarding-sides" => {
                        let Some((a, d)) = v.split_once(" against ") else {
                            return fail(
                                k.line,
                                "expected `boarding-sides: BOARDERS against HOLDERS`",
                            );
                        };
                        f.boarders = (n.seat)(g, a.trim(), k.line)?;
                        f.holders = (n.seat)(g, d.trim(), k.line)?;
                    }
                    "boarding-stage" => {
                        f.stage = match v {
                            "8A" => FightStage::Interceptor,
                            "8B" => FightStage::Boarders,
                            "8C" => FightStage::Holders,
                            "pursuit" => FightStage::Pursue,
                            "8E" => FightStage::Outcome,
                            _ => {
                                return fail(
                                    k.line,
                                    "`boarding-stage:` is one of 8A, 8B, 8C, pursuit, 8E",
                                )
                            }
                        }
                    }
                    "boarding-party" => f.party = cards(g, n, k)?.into(),
                    "boarding-defenders" => f.defenders = cards(g, n, k)?.into(),
                    "boarding-acted" => f.acted = cards(g, n, k)?.into(),
                    _ => f.retreating = yes_no(k)?,
                }
            }
            // Read once the engagement stands (`assignment`).
            "assigning" | "assigning-by" | "assigning-dice" | "assigning-kind"
            | "assigning-occasion" | "assigned" => {}
            other => return fail(k.line, format!("unknown engagement key `{other}`")),
        }
    }
    e.declared = declared.unwrap_or_else(|| e.fleet.clone());
    Ok(e)
}

/// `step: 1` … `9`, `7 defender`, `7 attacker`, `stoic CARD`.
fn step(g: &Game, k: &KeyLine, n: &Names) -> Result<CombatStep, RulingError> {
    let v = k.value.trim();
    Ok(match v {
        "1" => CombatStep::StartCards,
        "2" => CombatStep::Interceptors,
        "3" => CombatStep::Volley(Side::Attacker),
        "4" => CombatStep::Boards(Side::Attacker),
        "5" => CombatStep::Volley(Side::Defender),
        "6" => CombatStep::Boards(Side::Defender),
        "7 defender" | "7" => CombatStep::Escorts(Side::Defender),
        "7 attacker" => CombatStep::Escorts(Side::Attacker),
        "8" => CombatStep::Boarding,
        _ => {
            match v.strip_prefix("stoic ") {
                Some(card) => CombatStep::Stoic((n.card)(g, card.trim(), k.line)?),
                None => return fail(
                    k.line,
                    "`step:` is one of 1, 2, 3, 4, 5, 6, 7 defender, 7 attacker, 8 (§6.6; STEP 9 \
                     is the start of the next round: write its STEP 3), or `stoic CARD`",
                ),
            }
        }
    })
}

fn step_text(s: &CombatStep, card: &dyn Fn(Inst) -> String) -> String {
    match s {
        CombatStep::StartCards => "1".into(),
        CombatStep::Interceptors => "2".into(),
        CombatStep::Volley(Side::Attacker) => "3".into(),
        CombatStep::Boards(Side::Attacker) => "4".into(),
        CombatStep::Volley(Side::Defender) => "5".into(),
        CombatStep::Boards(Side::Defender) => "6".into(),
        CombatStep::Escorts(side) => format!("7 {}", side_word(*side)),
        CombatStep::Boarding => "8".into(),
        CombatStep::Stoic(u) => format!("stoic {}", card(*u)),
    }
}

/// The split volley under way (`assigning:` and the keys after it), read once the engagement
/// stands: its defaults (who, dice, kind) are the engagement's.
fn assignment(g: &Game, keys: &[KeyLine], n: &Names) -> Result<Option<Assignment>, RulingError> {
    let Some(head) = keys.iter().find(|k| k.key == "assigning") else {
        if let Some(k) = keys.iter().find(|k| k.key.starts_with("assign")) {
            return fail(k.line, format!("`{}:` follows an `assigning:` line", k.key));
        }
        return Ok(None);
    };
    let unit = (n.card)(g, head.value.trim(), head.line)?;
    let e = g.engagement.as_ref();
    let occasion = match (e.and_then(|e| e.stoic.first()), e.map(|e| &e.step)) {
        (Some(&u), _) => Some(Occasion::Stoic(u)),
        (None, Some(CombatStep::Volley(_))) => Some(Occasion::Turn),
        (None, Some(CombatStep::Interceptors)) => Some(Occasion::Interceptors),
        (None, Some(CombatStep::Boarding)) => Some(Occasion::Fight),
        _ => None,
    };
    let mut a = Assignment {
        who: g.controller(unit),
        unit,
        occasion: occasion.unwrap_or(Occasion::Turn),
        kind: VolleyKind::Normal,
        dice: 0,
        fire: crate::choice::Fire::new(),
    };
    let mut kind = None;
    let mut dice = None;
    for k in keys {
        let v = k.value.trim();
        match k.key.as_str() {
            "assigning-by" => a.who = (n.seat)(g, v, k.line)?,
            "assigning-dice" => dice = Some(number(k)?),
            "assigning-kind" => {
                kind = Some(match v {
                    "normal" => VolleyKind::Normal,
                    "interceptor" => VolleyKind::Interceptor,
                    "overload" => VolleyKind::Overload,
                    "stoic" => VolleyKind::Stoic,
                    "marine" => VolleyKind::Marine,
                    _ => {
                        return fail(
                            k.line,
                            "`assigning-kind:` is one of normal, interceptor, overload, stoic, marine",
                        )
                    }
                })
            }
            "assigning-occasion" => {
                a.occasion = match v {
                    "volley-turn" => Occasion::Turn,
                    "interceptors" => Occasion::Interceptors,
                    "boarding" => Occasion::Fight,
                    _ => match v.strip_prefix("stoic ") {
                        Some(c) => Occasion::Stoic((n.card)(g, c.trim(), k.line)?),
                        None => {
                            return fail(
                                k.line,
                                "`assigning-occasion:` is one of volley-turn, interceptors, boarding, stoic CARD",
                            )
                        }
                    },
                }
            }
            "assigned" => {
                a.fire = items(v)
                    .into_iter()
                    .map(|s| dice_at(g, n, s, k.line))
                    .collect::<Result<_, _>>()?
            }
            _ => {}
        }
    }
    a.kind = kind.unwrap_or(match a.occasion {
        Occasion::Turn => VolleyKind::Normal,
        Occasion::Interceptors => VolleyKind::Interceptor,
        Occasion::Stoic(_) => VolleyKind::Stoic,
        Occasion::Fight => VolleyKind::Marine,
    });
    a.dice = dice.unwrap_or_else(|| crate::rules::volley::dice_for(g, unit, a.kind));
    let assigned: u32 = a.fire.iter().map(|&(_, d)| u32::from(d)).sum();
    if assigned >= u32::from(a.dice) {
        return fail(
            head.line,
            format!(
                "{} dice are assigned of {}: a split volley under way has dice left to assign (§6.2)",
                assigned, a.dice
            ),
        );
    }
    Ok(Some(a))
}

fn aftermath(
    g: &Game,
    head: &KeyLine,
    keys: &[KeyLine],
    n: &Names,
) -> Result<Aftermath, RulingError> {
    let (attacker, defender) = pair(g, n, head, " attacked ")?;
    let mut a = Aftermath {
        queue: smallvec::smallvec![attacker, defender],
        attacker,
        defender,
        fleet: crate::state::Cards::new(),
        then: GoOn::Discard,
        announced: false,
    };
    for k in keys {
        match k.key.as_str() {
            "to-decide" => a.queue = seats(g, n, k)?.into(),
            "fleet" => a.fleet = cards(g, n, k)?.into(),
            "then" => {
                a.then = match k.value.trim() {
                    "engagement" => GoOn::Engagement,
                    "discard" => GoOn::Discard,
                    _ => return fail(
                        k.line,
                        "`then:` is engagement (another declaration, §5.5.2) or discard (§5.5.4)",
                    ),
                }
            }
            "announced" => a.announced = yes_no(k)?,
            other => return fail(k.line, format!("unknown aftermath key `{other}`")),
        }
    }
    Ok(a)
}

/// `regiment: HOST, N wing|marine [by COMMANDER]` (§3.4.7).
fn regiment(g: &Game, k: &KeyLine, n: &Names) -> Result<RegimentSearch, RulingError> {
    let bad = || {
        fail(
            k.line,
            "expected `regiment: HOST, N wing|marine [by COMMANDER]` (§3.4.7)",
        )
    };
    let v = k.value.trim();
    let (v, by) = match v.rsplit_once(" by ") {
        Some((a, b)) => (a, Some(b.trim())),
        None => (v, None),
    };
    let Some((host, rest)) = v.rsplit_once(", ") else {
        return bad();
    };
    let Some((count, unit)) = rest.trim().split_once(' ') else {
        return bad();
    };
    let Some(left) = (!count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()))
        .then(|| count.parse::<u8>().ok())
        .flatten()
    else {
        return bad();
    };
    let unit = match unit.trim() {
        "wing" => RegimentUnit::Wing,
        "marine" => RegimentUnit::Marine,
        _ => return bad(),
    };
    let host = (n.card)(g, host.trim(), k.line)?;
    let who = match by {
        Some(w) => (n.seat)(g, w, k.line)?,
        None => g.controller(host),
    };
    Ok(RegimentSearch {
        who,
        host,
        unit,
        left,
    })
}

/// `temporary: WORDS on CARD from SOURCE DURATION`: a modifier the source's text gives (§9.22).
fn temporary(g: &Game, k: &KeyLine, n: &Names) -> Result<Temporary, RulingError> {
    let bad = || {
        fail(
            k.line,
            "expected `temporary: WORDS on CARD from SOURCE until the end of the engagement|turn|round` or `... while attached`",
        )
    };
    let Some((rest, duration)) = split_duration(k.value.trim()) else {
        return bad();
    };
    let Some((rest, source)) = split_ref(rest, " from ", true) else {
        return bad();
    };
    let Some((words, card)) = rest.split_once(" on ") else {
        return bad();
    };
    let source = (n.card)(g, source.trim(), k.line)?;
    let card = (n.card)(g, card.trim(), k.line)?;
    let words = words.trim();
    let modifier = actions(g, source).into_iter().find_map(|a| match a {
        Action::Modify {
            modifier,
            duration: d,
            ..
        } if *d == duration && card_modifier_words(modifier) == words => Some(*modifier),
        _ => None,
    });
    let Some(modifier) = modifier else {
        return fail(
            k.line,
            format!(
                "the text of {} {source} gives no `{words}` {}",
                g.name(source),
                duration.words()
            ),
        );
    };
    Ok(Temporary {
        source,
        card,
        modifier,
        duration,
    })
}

/// `temporary-commanders: WORDS for WHOM from SOURCE DURATION`; WHOM is `NAME`, `the opponents
/// of NAME` or `every Commander, played by NAME`.
fn temporary_commanders(
    g: &Game,
    k: &KeyLine,
    n: &Names,
) -> Result<TemporaryCommanders, RulingError> {
    let bad = || {
        fail(
            k.line,
            "expected `temporary-commanders: WORDS for COMMANDER|the opponents of COMMANDER|every Commander, played by COMMANDER from SOURCE until ...`",
        )
    };
    let Some((rest, duration)) = split_duration(k.value.trim()) else {
        return bad();
    };
    let Some((rest, source)) = split_ref(rest, " from ", true) else {
        return bad();
    };
    let Some((words, whom)) = rest.rsplit_once(" for ") else {
        return bad();
    };
    let whom = whom.trim();
    let (who, name) = if let Some(p) = whom.strip_prefix("the opponents of ") {
        (Commanders::Opponents, p)
    } else if let Some(p) = whom.strip_prefix("every Commander, played by ") {
        (Commanders::All, p)
    } else {
        (Commanders::You, whom)
    };
    let controller = (n.seat)(g, name.trim(), k.line)?;
    let source = (n.card)(g, source.trim(), k.line)?;
    let words = words.trim();
    let modifier = actions(g, source).into_iter().find_map(|a| match a {
        Action::ModifyCommanders {
            who: w,
            modifier,
            duration: d,
        } if *d == duration && *w == who && commander_modifier_words(modifier) == words => {
            Some(modifier.clone())
        }
        _ => None,
    });
    let Some(modifier) = modifier else {
        return fail(
            k.line,
            format!(
                "the text of {} {source} gives no `{words}` to those Commanders {}",
                g.name(source),
                duration.words()
            ),
        );
    };
    Ok(TemporaryCommanders {
        source,
        controller,
        who,
        modifier,
        duration,
    })
}

/// A card's own marks of the moment on its in-play line, as parsed: `turned`, `limit-used N`,
/// `prevented N by CARD this round|turn`.
#[derive(Debug, Clone, Default)]
pub(crate) struct CardFlags {
    pub turned: bool,
    /// Abilities (numbered from 1 on the card) whose limit has been used.
    pub limits: Vec<u8>,
    /// (wounds, the preventing card as written, the span).
    pub prevented: Vec<(u8, String, Span)>,
}

impl CardFlags {
    pub fn is_empty(&self) -> bool {
        !self.turned && self.limits.is_empty() && self.prevented.is_empty()
    }
}

/// Read one of a card line's moment words starting at `w` (the rest of the line's words in
/// `it`); `Ok(false)` if `w` is not one.
pub(crate) fn card_flag(
    w: &str,
    it: &mut dyn Iterator<Item = &str>,
    f: &mut CardFlags,
    line: usize,
) -> Result<bool, RulingError> {
    match w {
        "turned" => f.turned = true,
        "limit-used" => {
            let k = it
                .next()
                .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|s| s.parse::<u8>().ok())
                .filter(|&k| k > 0);
            let Some(k) = k else {
                return fail(
                    line,
                    "`limit-used` needs the ability's number on the card (from 1)",
                );
            };
            f.limits.push(k);
        }
        "prevented" => {
            let bad = || {
                fail(
                    line,
                    "expected `prevented N by @label this round|turn` (the wounds a ward of that card has taken, I-72)",
                )
            };
            let n = it
                .next()
                .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|s| s.parse::<u8>().ok());
            let (Some(n), Some("by"), Some(src), Some("this"), Some(span)) =
                (n, it.next(), it.next(), it.next(), it.next())
            else {
                return bad();
            };
            let span = match span {
                "round" => Span::Round,
                "turn" => Span::Turn,
                _ => return bad(),
            };
            if !src.starts_with('@') {
                return bad();
            }
            f.prevented.push((n, src.to_string(), span));
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Set a card's moment words (after every card is placed and stamped, so labels and the time
/// it entered play stand).
pub(crate) fn apply_card_flags(
    g: &mut Game,
    i: Inst,
    f: &CardFlags,
    line: usize,
    n: &Names,
) -> Result<(), RulingError> {
    if f.turned {
        if let Some(x) = g.instances.get_mut(i.0 as usize) {
            x.facing = Facing::Turned;
        }
    }
    let entered = g.instance(i).map_or(0, |x| x.entered);
    for &k in &f.limits {
        let limit = match g.card(i).abilities.get(usize::from(k) - 1) {
            Some(Ability::Triggered { trigger, .. }) => trigger.limit,
            // A used activated ability (I-93) keeps its limit in the same list.
            Some(Ability::Activated { limit, .. }) => *limit,
            _ => None,
        };
        let Some(limit) = limit else {
            return fail(
                line,
                format!(
                    "ability {k} of {} is not a limited triggered ability, nor a limited activated one (`once per ...`)",
                    g.name(i)
                ),
            );
        };
        g.limits_used.push((i, entered, k - 1, limit));
    }
    for (wounds, src, span) in &f.prevented {
        let src = (n.card)(g, src, line)?;
        g.wards_used.push(((i, entered, src, *span), *wounds));
    }
    Ok(())
}

// ----- writing -----------------------------------------------------------------------------

/// A card's moment words for its in-play line (with a leading blank each).
pub(crate) fn write_card_flags(g: &Game, i: Inst, label: &dyn Fn(Inst) -> String) -> String {
    let mut s = String::new();
    let Some(x) = g.instance(i) else {
        return s;
    };
    if x.facing == Facing::Turned {
        s.push_str(" turned");
    }
    for &(c, entered, k, _) in &g.limits_used {
        if c == i && entered == x.entered {
            let _ = write!(s, " limit-used {}", u16::from(k) + 1);
        }
    }
    for &((u, entered, src, span), n) in &g.wards_used {
        if u == i && entered == x.entered {
            let _ = write!(s, " prevented {n} by {} this {}", label(src), span.name());
        }
    }
    s
}

/// The cards the moment's keys name (they get labels).
pub(crate) fn named_cards(g: &Game) -> Vec<Inst> {
    let mut v: Vec<Inst> = Vec::new();
    if let Some(e) = &g.engagement {
        let Engagement {
            attacker: _,
            defender: _,
            fleet,
            declared,
            round: _,
            step,
            start_queue: _,
            start_asked: _,
            acted,
            volleyed,
            traits_used,
            retreating,
            boards,
            escorts_used,
            marks,
            overloaded,
            drawback,
            drawback_next,
            fearless,
            fired,
            stoic,
            fight,
            assigning,
            rolled,
        } = e;
        for l in [
            fleet,
            declared,
            acted,
            volleyed,
            traits_used,
            retreating,
            escorts_used,
            overloaded,
            drawback,
            drawback_next,
            fearless,
            fired,
            stoic,
        ] {
            v.extend(l);
        }
        if let CombatStep::Stoic(u) = step {
            v.push(*u);
        }
        for b in boards {
            v.extend([b.ship, b.target]);
        }
        for m in marks {
            v.extend([m.source, m.target]);
        }
        if let Some(f) = fight {
            v.extend([f.ship, f.target]);
            v.extend(&f.party);
            v.extend(&f.defenders);
            v.extend(&f.acted);
        }
        if let Some(a) = assigning {
            v.push(a.unit);
            if let Occasion::Stoic(u) = a.occasion {
                v.push(u);
            }
            v.extend(a.fire.iter().map(|f| f.0));
        }
        if let Some(r) = rolled {
            v.push(r.unit);
            v.extend(r.fire.iter().map(|f| f.0));
            v.extend(&r.allowed);
        }
    }
    if let Step::Aftermath(a) = &g.step {
        v.extend(&a.fleet);
    }
    v.extend(g.regiments.iter().map(|r| r.host));
    for r in &g.relocations {
        v.push(r.ship);
        v.extend(&r.local);
    }
    for t in &g.temporary {
        v.extend([t.source, t.card]);
    }
    v.extend(g.temporary_commanders.iter().map(|t| t.source));
    v.extend(g.wards_used.iter().map(|((_, _, src, _), _)| *src));
    v
}

/// The `phase:` of a board at `step`, or `None` for a step a board does not start at (the
/// game is over).
pub(crate) fn phase_key(step: &Step) -> Option<String> {
    Some(match step {
        Step::SetupModule { left, .. } => format!("setup-modules {left}"),
        Step::Mulligan { .. } => "mulligan".into(),
        Step::SetupDeploy { .. } => "setup-deploy".into(),
        Step::SetupDiscard { .. } => "setup-discard".into(),
        Step::Manufacturing => "manufacturing".into(),
        Step::Engagement => "engagement".into(),
        Step::Discard => "discard".into(),
        Step::Respond { then } => match then {
            Then::Manufacturing => "logistics-window",
            Then::Engagement => "manufacturing-window",
            Then::NextTurn => "end-of-turn-window",
        }
        .into(),
        Step::Combat => "combat".into(),
        Step::Aftermath(_) => "aftermath".into(),
        Step::Over => return None,
    })
}

/// The moment's keys: top-level lines, then the `engagement:` and `aftermath:` blocks. Empty
/// when nothing is under way.
pub(crate) fn write(
    g: &Game,
    card: &dyn Fn(Inst) -> String,
    who: &dyn Fn(PlayerId) -> String,
) -> Result<String, String> {
    let mut t = String::new();
    let list = |v: &[Inst]| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.iter().map(|&i| card(i)).collect::<Vec<_>>().join("; ")
        }
    };
    let people = |v: &[PlayerId]| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.iter().map(|&p| who(p)).collect::<Vec<_>>().join("; ")
        }
    };
    if !g.setup_queue.is_empty() {
        let _ = writeln!(t, "setup-queue: {}", people(&g.setup_queue));
    }
    if let Some(w) = &g.window {
        let Window { queue, asked } = w;
        let _ = writeln!(t, "window: {}", people(queue));
        if let Some(a) = asked {
            let _ = writeln!(t, "window-asked: {}", who(*a));
        }
    }
    if !g.spoils.is_empty() {
        let _ = writeln!(t, "spoils: {}", people(&g.spoils));
    }
    for r in &g.regiments {
        let RegimentSearch {
            who: w,
            host,
            unit,
            left,
        } = r;
        let unit = match unit {
            RegimentUnit::Wing => "wing",
            RegimentUnit::Marine => "marine",
        };
        let _ = writeln!(t, "regiment: {}, {left} {unit} by {}", card(*host), who(*w));
    }
    for r in &g.relocations {
        let Relocation { ship, loser, local } = r;
        let _ = writeln!(t, "relocation: {}", card(*ship));
        let _ = writeln!(t, "relocation-loser: {}", who(*loser));
        if !local.is_empty() {
            let _ = writeln!(t, "relocation-local: {}", list(local));
        }
    }
    for x in &g.temporary {
        let Temporary {
            source,
            card: c,
            modifier,
            duration,
        } = x;
        let _ = writeln!(
            t,
            "temporary: {} on {} from {} {}",
            card_modifier_words(modifier),
            card(*c),
            card(*source),
            duration.words()
        );
    }
    for x in &g.temporary_commanders {
        let TemporaryCommanders {
            source,
            controller,
            who: whom,
            modifier,
            duration,
        } = x;
        let whom = match whom {
            Commanders::You => who(*controller),
            Commanders::Opponents => format!("the opponents of {}", who(*controller)),
            Commanders::All => format!("every Commander, played by {}", who(*controller)),
        };
        let _ = writeln!(
            t,
            "temporary-commanders: {} for {whom} from {} {}",
            commander_modifier_words(modifier),
            card(*source),
            duration.words()
        );
    }
    if let Some(e) = &g.engagement {
        let Engagement {
            attacker,
            defender,
            fleet,
            declared,
            round,
            step,
            start_queue,
            start_asked,
            acted,
            volleyed,
            traits_used,
            retreating,
            boards,
            escorts_used,
            marks,
            overloaded,
            drawback,
            drawback_next,
            fearless,
            fired,
            stoic,
            fight,
            assigning,
            rolled,
        } = e;
        if rolled.is_some() {
            // The faces shown are no key of a moment: record the position before the volley.
            return Err(
                "a volley's dice are shown, waiting on a re-roll (I-91): a moment cannot hold them"
                    .into(),
            );
        }
        let _ = writeln!(
            t,
            "\nengagement: {} attacks {}",
            who(*attacker),
            who(*defender)
        );
        let _ = writeln!(t, "  round: {round}");
        let _ = writeln!(t, "  step: {}", step_text(step, card));
        let _ = writeln!(t, "  fleet: {}", list(fleet));
        if declared != fleet {
            let _ = writeln!(t, "  declared: {}", list(declared));
        }
        if !start_queue.is_empty() {
            let _ = writeln!(t, "  start-queue: {}", people(start_queue));
        }
        if let Some(a) = start_asked {
            let _ = writeln!(t, "  start-asked: {}", who(*a));
        }
        for (key, l) in [
            ("acted", acted),
            ("volleyed", volleyed),
            ("traits-used", traits_used),
            ("retreating", retreating),
        ] {
            if !l.is_empty() {
                let _ = writeln!(t, "  {key}: {}", list(l));
            }
        }
        for b in boards {
            let Board {
                ship,
                target,
                side,
                cancelled,
            } = b;
            let _ = writeln!(
                t,
                "  board: {} at {} by {}{}",
                card(*ship),
                card(*target),
                side_word(*side),
                if *cancelled { " cancelled" } else { "" }
            );
        }
        if !escorts_used.is_empty() {
            let _ = writeln!(t, "  escorts-used: {}", list(escorts_used));
        }
        for m in marks {
            let Mark {
                source,
                target,
                jam,
                amount,
            } = m;
            let _ = writeln!(
                t,
                "  mark: {} {} {} by {amount}",
                card(*source),
                if *jam { "jams" } else { "paints" },
                card(*target)
            );
        }
        for (key, l) in [
            ("overloaded", overloaded),
            ("drawback", drawback),
            ("drawback-next", drawback_next),
            ("fearless", fearless),
            ("fired", fired),
            ("stoic", stoic),
        ] {
            if !l.is_empty() {
                let _ = writeln!(t, "  {key}: {}", list(l));
            }
        }
        if let Some(f) = fight {
            let Fight {
                ship,
                target,
                boarders,
                holders,
                party,
                defenders,
                stage,
                acted,
                retreating,
            } = f;
            let _ = writeln!(t, "  boarding: {} at {}", card(*ship), card(*target));
            let _ = writeln!(
                t,
                "  boarding-sides: {} against {}",
                who(*boarders),
                who(*holders)
            );
            let _ = writeln!(t, "  boarding-stage: {}", stage_word(stage));
            let _ = writeln!(t, "  boarding-party: {}", list(party));
            let _ = writeln!(t, "  boarding-defenders: {}", list(defenders));
            if !acted.is_empty() {
                let _ = writeln!(t, "  boarding-acted: {}", list(acted));
            }
            if *retreating {
                let _ = writeln!(t, "  boarding-retreating: yes");
            }
        }
        if let Some(a) = assigning {
            let Assignment {
                who: by,
                unit,
                occasion,
                kind,
                dice,
                fire,
            } = a;
            let _ = writeln!(t, "  assigning: {}", card(*unit));
            let _ = writeln!(t, "  assigning-by: {}", who(*by));
            let _ = writeln!(t, "  assigning-dice: {dice}");
            let _ = writeln!(t, "  assigning-kind: {}", kind_word(*kind));
            let occasion = match occasion {
                Occasion::Turn => "volley-turn".to_string(),
                Occasion::Interceptors => "interceptors".to_string(),
                Occasion::Fight => "boarding".to_string(),
                Occasion::Stoic(u) => format!("stoic {}", card(*u)),
            };
            let _ = writeln!(t, "  assigning-occasion: {occasion}");
            let fire: Vec<String> = fire
                .iter()
                .map(|&(c, d)| format!("{} x{d}", card(c)))
                .collect();
            let _ = writeln!(
                t,
                "  assigned: {}",
                if fire.is_empty() {
                    "-".to_string()
                } else {
                    fire.join("; ")
                }
            );
        }
    }
    if let Step::Aftermath(a) = &g.step {
        let Aftermath {
            queue,
            attacker,
            defender,
            fleet,
            then,
            announced,
        } = a;
        let then = match then {
            GoOn::Engagement => "engagement",
            GoOn::Discard => "discard",
        };
        let _ = writeln!(
            t,
            "\naftermath: {} attacked {}",
            who(*attacker),
            who(*defender)
        );
        let _ = writeln!(t, "  to-decide: {}", people(queue));
        let _ = writeln!(t, "  fleet: {}", list(fleet));
        let _ = writeln!(t, "  then: {then}");
        if *announced {
            let _ = writeln!(t, "  announced: yes");
        }
    }
    Ok(t)
}
