//! Ruling files: a board, forced dice and a script of choices, run into a transcript.
//! The format is documented in docs/rulings.md; in short:
//!
//! ```text
//! title: Conscription pays double and ignores discounts (§5.4.3)
//! seed: 1
//! phase: manufacturing          # setup | logistics | manufacturing | engagement | discard
//! active: Ada
//! turn: 3
//! dice: 7 3
//!
//! commander Ada
//!   stockpile: 12R 9C
//!   hand: Card A; Card B
//!   shipyard: Card C; Card D    # top first
//!   scrapheap: Card E
//!   in play:
//!     Some Station @home
//!       Some Module-Station
//!     Some Ship @s wounds 1
//!
//! override: hand-size = 6 from @home for controller
//! discount: 2R 0C on ships from @home
//!
//! script:
//!   Ada: deploy Card A onto @s
//! ```
//!
//! A hand-written text format (no extra dependency) keeps rulings readable and diff-friendly;
//! every problem is reported with its line number.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Arc;

use crate::board::StartAt;
use crate::choice::Choice;
use crate::game::{Config, Discount, DiscountTarget, Game, Zone};
use crate::ids::{Inst, PlayerId};
use crate::ir::{Amount, BaseRule, CardKind, RuleValue, ShipClass};
use crate::resolver::{Override, Scope};
use crate::transcript::Namer;
use crate::CardDb;

/// Largest ruling file accepted.
pub const MAX_RULING_BYTES: usize = 256 * 1024;

/// A problem in a ruling file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RulingError {
    pub line: usize,
    pub message: String,
}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, RulingError> {
    Err(RulingError {
        line,
        message: message.into(),
    })
}

/// One parsed in-play entry.
#[derive(Debug, Clone)]
struct PlayEntry {
    line: usize,
    depth: usize,
    name: String,
    label: Option<String>,
    wounds: u8,
    face_down: bool,
}

#[derive(Debug, Clone, Default)]
struct CommanderSpec {
    name: String,
    stockpile: Option<(u8, u8)>,
    hand: Vec<(usize, String)>,
    shipyard: Vec<(usize, String)>,
    scrapheap: Vec<(usize, String)>,
    play: Vec<PlayEntry>,
}

/// A parsed ruling, ready to run.
#[derive(Debug, Clone)]
pub struct Ruling {
    pub title: String,
    seed: u64,
    phase: StartAt,
    active: Option<(usize, String)>,
    turn: u32,
    dice: Vec<u8>,
    commanders: Vec<CommanderSpec>,
    overrides: Vec<(usize, String)>,
    discounts: Vec<(usize, String)>,
    script: Vec<(usize, String)>,
}

fn split_list(s: &str) -> Vec<String> {
    s.split(';')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(String::from)
        .collect()
}

fn strip_comment(line: &str) -> &str {
    match line.find(" #") {
        Some(k) => &line[..k],
        None if line.trim_start().starts_with('#') => "",
        None => line,
    }
}

fn parse_amount(s: &str, line: usize) -> Result<Amount, RulingError> {
    let mut a = Amount::ZERO;
    for part in s.split_whitespace() {
        let (num, unit) = part.split_at(part.len().saturating_sub(1));
        let n: u8 = num.parse().map_err(|_| RulingError {
            line,
            message: format!("`{part}` is not an amount like `2R` or `1C`"),
        })?;
        match unit {
            "R" => a.resource = n,
            "C" => a.currency = n,
            _ => return err(line, format!("`{part}` is not an amount like `2R` or `1C`")),
        }
    }
    Ok(a)
}

/// Parse a ruling file.
pub fn parse(text: &str) -> Result<Ruling, RulingError> {
    if text.len() > MAX_RULING_BYTES {
        return err(
            0,
            format!("ruling file is larger than {MAX_RULING_BYTES} bytes"),
        );
    }
    let mut r = Ruling {
        title: String::new(),
        seed: 0,
        phase: StartAt::Manufacturing,
        active: None,
        turn: 1,
        dice: Vec::new(),
        commanders: Vec::new(),
        overrides: Vec::new(),
        discounts: Vec::new(),
        script: Vec::new(),
    };
    #[derive(PartialEq)]
    enum Block {
        Top,
        Commander,
        InPlay,
        Script,
    }
    let mut block = Block::Top;
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let body = strip_comment(raw);
        if body.trim().is_empty() {
            continue;
        }
        let indent = body.len() - body.trim_start().len();
        let t = body.trim();
        if indent == 0 {
            block = Block::Top;
            if let Some(name) = t.strip_prefix("commander ") {
                let name = name.trim();
                if name.is_empty() || r.commanders.iter().any(|c| c.name == name) {
                    return err(line, "each commander needs a distinct name");
                }
                r.commanders.push(CommanderSpec {
                    name: name.to_string(),
                    ..Default::default()
                });
                block = Block::Commander;
                continue;
            }
            if t == "script:" {
                block = Block::Script;
                continue;
            }
            let Some((key, value)) = t.split_once(':') else {
                return err(line, format!("expected `key: value`, found `{t}`"));
            };
            let value = value.trim();
            match key.trim() {
                "title" => r.title = value.to_string(),
                "seed" => {
                    r.seed = value.parse().map_err(|_| RulingError {
                        line,
                        message: "seed must be a whole number".into(),
                    })?
                }
                "turn" => {
                    r.turn = value.parse().map_err(|_| RulingError {
                        line,
                        message: "turn must be a whole number".into(),
                    })?
                }
                "active" => r.active = Some((line, value.to_string())),
                "phase" => {
                    r.phase = match value {
                        "setup" => StartAt::Setup,
                        "logistics" => StartAt::Logistics,
                        "manufacturing" => StartAt::Manufacturing,
                        "engagement" => StartAt::Engagement,
                        "discard" => StartAt::Discard,
                        _ => return err(
                            line,
                            "phase is one of setup, logistics, manufacturing, engagement, discard",
                        ),
                    }
                }
                "dice" => {
                    for d in value.split_whitespace() {
                        match d.parse::<u8>() {
                            Ok(n) if (1..=10).contains(&n) => r.dice.push(n),
                            _ => {
                                return err(line, format!("`{d}` is not a volley die result 1..10"))
                            }
                        }
                    }
                }
                "override" => r.overrides.push((line, value.to_string())),
                "discount" => r.discounts.push((line, value.to_string())),
                other => return err(line, format!("unknown key `{other}`")),
            }
            continue;
        }
        match block {
            Block::Top => return err(line, "indented line outside a commander or script block"),
            Block::Script => r.script.push((line, t.to_string())),
            Block::Commander | Block::InPlay => {
                let Some(c) = r.commanders.last_mut() else {
                    return err(line, "no commander");
                };
                if block == Block::InPlay && indent >= 4 {
                    c.play.push(parse_play(t, indent, line)?);
                    continue;
                }
                block = Block::Commander;
                if t == "in play:" {
                    block = Block::InPlay;
                    continue;
                }
                let Some((key, value)) = t.split_once(':') else {
                    return err(line, format!("expected `key: value`, found `{t}`"));
                };
                let list = || {
                    split_list(value)
                        .into_iter()
                        .map(|n| (line, n))
                        .collect::<Vec<_>>()
                };
                match key.trim() {
                    "stockpile" => {
                        let a = parse_amount(value, line)?;
                        c.stockpile = Some((a.resource, a.currency));
                    }
                    "hand" => c.hand.extend(list()),
                    "shipyard" => c.shipyard.extend(list()),
                    "scrapheap" => c.scrapheap.extend(list()),
                    other => return err(line, format!("unknown commander key `{other}`")),
                }
            }
        }
    }
    if r.commanders.len() < 2 {
        return err(0, "a ruling needs at least two commanders (§7)");
    }
    Ok(r)
}

fn parse_play(t: &str, depth: usize, line: usize) -> Result<PlayEntry, RulingError> {
    let mut e = PlayEntry {
        line,
        depth,
        name: String::new(),
        label: None,
        wounds: 0,
        face_down: false,
    };
    let mut words: Vec<&str> = Vec::new();
    let mut it = t.split_whitespace().peekable();
    while let Some(w) = it.next() {
        if let Some(l) = w.strip_prefix('@') {
            e.label = Some(l.to_string());
        } else if w == "wounds" {
            e.wounds = it.next().and_then(|n| n.parse().ok()).ok_or(RulingError {
                line,
                message: "`wounds` needs a number".into(),
            })?;
        } else if w == "face-down" {
            e.face_down = true;
        } else {
            words.push(w);
        }
    }
    e.name = words.join(" ");
    if e.name.is_empty() {
        return err(line, "expected a card name");
    }
    Ok(e)
}

/// Labels and names for resolving script references.
struct Refs {
    labels: BTreeMap<String, Inst>,
}

fn seat(g: &Game, name: &str, line: usize) -> Result<PlayerId, RulingError> {
    g.commanders()
        .iter()
        .position(|c| c.name == name)
        .map(|k| PlayerId(k as u8))
        .ok_or(RulingError {
            line,
            message: format!("no commander named `{name}`"),
        })
}

fn card_id(cat: &CardDb, name: &str, line: usize) -> Result<crate::ir::CardId, RulingError> {
    match cat.by_name(name) {
        Some(c) => Ok(c.id),
        None => err(
            line,
            match cat.nearest_name(name) {
                Some(s) => format!("no card named `{name}` in the database (did you mean `{s}`?)"),
                None => format!("no card named `{name}` in the database"),
            },
        ),
    }
}

/// Build the game a ruling describes.
fn build(r: &Ruling, catalog: Arc<CardDb>) -> Result<(Game, Refs), RulingError> {
    let names = r.commanders.iter().map(|c| c.name.clone()).collect();
    let mut g = Game::empty(
        catalog.clone(),
        names,
        Config {
            seed: r.seed,
            max_turns: 1000,
        },
    )
    .map_err(|e| RulingError {
        line: 0,
        message: e.to_string(),
    })?;
    let mut refs = Refs {
        labels: BTreeMap::new(),
    };
    for (k, c) in r.commanders.iter().enumerate() {
        let who = PlayerId(k as u8);
        for (zone, list) in [
            (Zone::Shipyard, &c.shipyard),
            (Zone::Hand, &c.hand),
            (Zone::Scrapheap, &c.scrapheap),
        ] {
            for (line, item) in list {
                // `Name @label` labels a card outside play too (for overrides scoped to it).
                let (name, lab) = match item.rsplit_once(" @") {
                    Some((n, l)) => (n.trim(), Some(l.trim())),
                    None => (item.as_str(), None),
                };
                let id = card_id(&catalog, name, *line)?;
                let i = g.place(who, id, zone).map_err(|e| RulingError {
                    line: *line,
                    message: e.to_string(),
                })?;
                if let Some(l) = lab {
                    if refs.labels.insert(l.to_string(), i).is_some() {
                        return err(*line, format!("label @{l} used twice"));
                    }
                }
            }
        }
        let mut stack: Vec<(usize, Inst)> = Vec::new();
        for e in &c.play {
            while stack.last().is_some_and(|(d, _)| *d >= e.depth) {
                stack.pop();
            }
            let zone = match stack.last() {
                Some((_, host)) => Zone::Attached(*host),
                None => Zone::Battlefield,
            };
            let id = card_id(&catalog, &e.name, e.line)?;
            let kind = catalog.get(id).map(|c| c.kind);
            let zone = if matches!(kind, Some(CardKind::Stockpile(_))) {
                Zone::Stockpile
            } else {
                zone
            };
            let i = g.place(who, id, zone).map_err(|x| RulingError {
                line: e.line,
                message: x.to_string(),
            })?;
            if e.wounds > 0 {
                g.set_wounds(i, e.wounds).map_err(|m| RulingError {
                    line: e.line,
                    message: m,
                })?;
            }
            g.set_face_down(i, e.face_down);
            if let Some(l) = &e.label {
                if refs.labels.insert(l.clone(), i).is_some() {
                    return err(e.line, format!("label @{l} used twice"));
                }
            }
            stack.push((e.depth, i));
        }
        let (res, cur) = c.stockpile.unwrap_or((10, 10));
        g.set_stockpile(who, res, cur);
    }
    for (line, text) in &r.overrides {
        let ov = parse_override(&g, &refs, text, *line)?;
        g.add_override(ov).map_err(|e| RulingError {
            line: *line,
            message: e.to_string(),
        })?;
    }
    for (line, text) in &r.discounts {
        let d = parse_discount(&refs, text, *line)?;
        g.add_discount(d).map_err(|e| RulingError {
            line: *line,
            message: e.to_string(),
        })?;
    }
    g.force_dice(r.dice.iter().copied());
    Ok((g, refs))
}

fn label(refs: &Refs, s: &str, line: usize) -> Result<Inst, RulingError> {
    let l = s.strip_prefix('@').ok_or(RulingError {
        line,
        message: format!("expected a @label, found `{s}`"),
    })?;
    refs.labels.get(l).copied().ok_or(RulingError {
        line,
        message: format!("no card labelled @{l}"),
    })
}

/// `RULE = VALUE from @label [for controller|opponents|everyone|@label]`
fn parse_override(g: &Game, refs: &Refs, text: &str, line: usize) -> Result<Override, RulingError> {
    let bad = || {
        RulingError { line, message: "expected `override: RULE = VALUE from @label [for controller|opponents|everyone|@label]`".into() }
    };
    let (rule, rest) = text.split_once('=').ok_or_else(bad)?;
    let rule = BaseRule::from_name(rule.trim()).ok_or(RulingError {
        line,
        message: format!("no base rule `{}`", rule.trim()),
    })?;
    let (value, rest) = rest.split_once(" from ").ok_or_else(bad)?;
    let mut words = rest.split_whitespace();
    let source = label(refs, words.next().ok_or_else(bad)?, line)?;
    let scope = match (words.next(), words.next()) {
        (None, _) => Scope::Controller,
        (Some("for"), Some("controller")) => Scope::Controller,
        (Some("for"), Some("opponents")) => Scope::Opponents,
        (Some("for"), Some("everyone")) => Scope::Global,
        (Some("for"), Some(l)) => Scope::Card(label(refs, l, line)?),
        _ => return Err(bad()),
    };
    let value = value.trim();
    let value = match rule.kind() {
        crate::ir::RuleKind::Count => RuleValue::Count(value.parse().map_err(|_| RulingError {
            line,
            message: format!("{} takes a number", rule.name()),
        })?),
        crate::ir::RuleKind::Flag => RuleValue::Flag(match value {
            "yes" => true,
            "no" => false,
            _ => return err(line, format!("{} takes yes or no", rule.name())),
        }),
        crate::ir::RuleKind::Amount => RuleValue::Amount(parse_amount(value, line)?),
        crate::ir::RuleKind::Class => RuleValue::Class(
            ShipClass::ALL
                .into_iter()
                .find(|c| c.name() == value)
                .ok_or(RulingError {
                    line,
                    message: format!("`{value}` is not a ship class"),
                })?,
        ),
    };
    let _ = g;
    Ok(Override {
        rule,
        value,
        scope,
        source,
    })
}

/// `2R 0C on ships|marines|modules|anything from @label`
fn parse_discount(refs: &Refs, text: &str, line: usize) -> Result<Discount, RulingError> {
    let bad = || RulingError {
        line,
        message: "expected `discount: 2R 1C on ships|marines|modules|anything from @label`".into(),
    };
    let (amount, rest) = text.split_once(" on ").ok_or_else(bad)?;
    let (target, source) = rest.split_once(" from ").ok_or_else(bad)?;
    let applies_to = match target.trim() {
        "ships" => DiscountTarget::Ships,
        "marines" => DiscountTarget::Marines,
        "modules" => DiscountTarget::Modules,
        "anything" => DiscountTarget::Any,
        _ => return Err(bad()),
    };
    Ok(Discount {
        source: label(refs, source.trim(), line)?,
        amount: parse_amount(amount, line)?,
        applies_to,
    })
}

/// Find a card by `@label` or by name among `cands` (first match).
fn find(
    g: &Game,
    refs: &Refs,
    cands: &[Inst],
    s: &str,
    line: usize,
    zone: &str,
) -> Result<Inst, RulingError> {
    if s.starts_with('@') {
        return label(refs, s, line);
    }
    cands
        .iter()
        .copied()
        .find(|&i| g.name(i) == s)
        .ok_or(RulingError {
            line,
            message: format!("no `{s}` {zone}"),
        })
}

/// Turn one script line into (who, choice).
fn parse_step(
    g: &Game,
    refs: &Refs,
    text: &str,
    line: usize,
) -> Result<(PlayerId, Choice), RulingError> {
    let (who_name, rest) = text.split_once(':').ok_or(RulingError {
        line,
        message: "expected `Commander: action`".into(),
    })?;
    let who = seat(g, who_name.trim(), line)?;
    let rest = rest.trim();
    let c = g.commander(who).ok_or(RulingError {
        line,
        message: "no commander".into(),
    })?;
    let (hand, yard) = (c.hand.clone(), c.shipyard.clone());
    // An in-play reference may name any commander's card (illegal hosts are the engine's call).
    let all_play: Vec<Inst> = (0..g.commanders().len())
        .flat_map(|k| g.in_play_of(PlayerId(k as u8)))
        .collect();
    let (verb, args) = rest.split_once(' ').unwrap_or((rest, ""));
    let args = args.trim();
    // `X onto Y replacing Z`
    let split_kw = |s: &str, kw: &str| -> (String, Option<String>) {
        match s.split_once(kw) {
            Some((a, b)) => (a.trim().to_string(), Some(b.trim().to_string())),
            None => (s.trim().to_string(), None),
        }
    };
    let host_of = |h: Option<String>| -> Result<Option<Inst>, RulingError> {
        match h {
            None => Ok(None),
            Some(h) => find(g, refs, &all_play, &h, line, "in play").map(Some),
        }
    };
    let choice = match verb {
        "deploy" => {
            let (rest, replacing) = split_kw(args, " replacing ");
            let (card, host) = split_kw(&rest, " onto ");
            Choice::Deploy {
                card: find(g, refs, &hand, &card, line, "in hand")?,
                host: host_of(host)?,
                replacing: match replacing {
                    Some(r) => Some(find(g, refs, &all_play, &r, line, "in play")?),
                    None => None,
                },
            }
        }
        "conscript" => {
            let (card, host) = split_kw(args, " onto ");
            Choice::Conscript {
                card: find(g, refs, &yard, &card, line, "in the Shipyard")?,
                host: host_of(host)?,
            }
        }
        "pick" => {
            let card = find(g, refs, &yard, args, line, "in the Shipyard")?;
            match g.decision().map(|d| d.kind) {
                Some(crate::choice::DecisionKind::SetupModule { .. }) => Choice::SetupModule(card),
                _ => Choice::RegimentPick(card),
            }
        }
        "decline" => Choice::RegimentDecline,
        "reassign" => {
            let (unit, host) = split_kw(args, " onto ");
            let unit = find(g, refs, &all_play, &unit, line, "in play")?;
            let host = match host.as_deref() {
                Some("open space") => None,
                _ => host_of(host)?,
            };
            Choice::Reassign { unit, host }
        }
        "engage" => {
            let padded = format!("{args} ");
            let (defender, fleet) = split_kw(&padded, " with ");
            let defender = seat(g, &defender, line)?;
            let mut ships = Vec::new();
            for s in fleet
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                ships.push(find(g, refs, &all_play, s, line, "in play")?);
            }
            Choice::DeclareEngagement {
                defender,
                fleet: ships,
            }
        }
        "discard" => Choice::Discard(find(g, refs, &hand, args, line, "in hand")?),
        "mulligan" => Choice::Mulligan,
        "keep" => Choice::KeepHand,
        "end-phase" => Choice::EndPhase,
        "end-turn" => Choice::EndTurn,
        "no-engagement" => Choice::DeclineEngagement,
        "pass" => Choice::Pass,
        "scoop" => Choice::Scoop,
        "fire" | "intercept" => {
            // `fire UNIT at TARGET [xN], TARGET xM` (no `xN`: every die at one target)
            let (unit, targets) = split_kw(args, " at ");
            let unit = find(g, refs, &all_play, &unit, line, "in play")?;
            let mut fire = Vec::new();
            for part in targets
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                let (t, n) = match part.rsplit_once(" x") {
                    Some((t, n)) => (
                        t.trim(),
                        Some(n.trim().parse::<u8>().map_err(|_| RulingError {
                            line,
                            message: format!("`x{n}` is not a number of dice"),
                        })?),
                    ),
                    None => (part, None),
                };
                let t = find(g, refs, &all_play, t, line, "in play")?;
                fire.push((t, n.unwrap_or(0)));
            }
            if let [(_, 0)] = fire.as_slice() {
                let dice = if verb == "fire" {
                    crate::rules::stats::attack(g, unit)
                } else {
                    crate::rules::stats::value(g, unit, crate::ir::TraitName::Interceptor)
                };
                fire[0].1 = dice;
            }
            if verb == "fire" {
                Choice::Volley { unit, fire }
            } else {
                Choice::Intercept { unit, fire }
            }
        }
        "overload" | "jam" | "paint" => {
            let (unit, target) = split_kw(args, " at ");
            let unit = find(g, refs, &all_play, &unit, line, "in play")?;
            let target = find(
                g,
                refs,
                &all_play,
                &target.unwrap_or_default(),
                line,
                "in play",
            )?;
            match verb {
                "overload" => Choice::Overload { unit, target },
                "jam" => Choice::Jam { unit, target },
                _ => Choice::Paint { unit, target },
            }
        }
        "repair" => Choice::Repair {
            unit: find(g, refs, &all_play, args, line, "in play")?,
        },
        "fearless" => Choice::Fearless {
            unit: find(g, refs, &all_play, args, line, "in play")?,
        },
        "retreat" => Choice::Retreat {
            unit: find(g, refs, &all_play, args, line, "in play")?,
        },
        "turn-face-down" => Choice::TurnFaceDown(find(g, refs, &all_play, args, line, "in play")?),
        "launch" => Choice::Launch {
            wing: find(g, refs, &all_play, args, line, "in play")?,
        },
        "dock" => {
            let (wing, host) = split_kw(args, " onto ");
            Choice::Dock {
                wing: find(g, refs, &all_play, &wing, line, "in play")?,
                host: find(
                    g,
                    refs,
                    &all_play,
                    &host.unwrap_or_default(),
                    line,
                    "in play",
                )?,
            }
        }
        "board" => {
            let (ship, target) = split_kw(args, " at ");
            Choice::Board {
                ship: find(g, refs, &all_play, &ship, line, "in play")?,
                target: find(
                    g,
                    refs,
                    &all_play,
                    &target.unwrap_or_default(),
                    line,
                    "in play",
                )?,
            }
        }
        "cancel" => {
            // `cancel SHIP with ESCORT`
            let (ship, escort) = split_kw(args, " with ");
            Choice::CancelBoard {
                ship: find(g, refs, &all_play, &ship, line, "in play")?,
                escort: find(
                    g,
                    refs,
                    &all_play,
                    &escort.unwrap_or_default(),
                    line,
                    "in play",
                )?,
            }
        }
        "pursue" => Choice::Pursue,
        "hijack" => Choice::Hijack,
        "scuttle" => Choice::Scuttle,
        "done" => Choice::EndStep,
        "spoils" => {
            let (card, host) = split_kw(args, " onto ");
            Choice::SpoilsPick {
                card: find(g, refs, &yard, &card, line, "in the Shipyard")?,
                host: host_of(host)?,
            }
        }
        "no-spoils" => Choice::SpoilsDecline,
        "spoils-marine" => {
            // `spoils-marine MARINE onto HOST` / `spoils-marine MARINE discarded` (§7.1.3.3)
            let (marine, host) = match args.strip_suffix(" discarded") {
                Some(m) => (m.trim().to_string(), None),
                None => {
                    let (m, h) = split_kw(args, " onto ");
                    if h.is_none() {
                        return Err(RulingError {
                            line,
                            message: "expected `spoils-marine MARINE onto HOST` or `spoils-marine MARINE discarded`".into(),
                        });
                    }
                    (m, h)
                }
            };
            Choice::SpoilsMarine {
                marine: find(g, refs, &all_play, &marine, line, "in play")?,
                host: host_of(host)?,
            }
        }
        "assign" => {
            // `assign UNIT at TARGET xN`: N of the unit's volley dice at one target (§6.2)
            let (unit, target) = split_kw(args, " at ");
            let unit = find(g, refs, &all_play, &unit, line, "in play")?;
            let target = target.unwrap_or_default();
            let (t, n) = target.rsplit_once(" x").ok_or_else(|| RulingError {
                line,
                message: "expected `assign UNIT at TARGET xN`".into(),
            })?;
            let dice = n.trim().parse::<u8>().map_err(|_| RulingError {
                line,
                message: format!("`x{n}` is not a number of dice"),
            })?;
            Choice::AssignDice {
                unit,
                target: find(g, refs, &all_play, t.trim(), line, "in play")?,
                dice,
            }
        }
        // Answers to a resolving card effect (§6.8): a card (in play, in hand or in the
        // Shipyard: targets, discards, search finds), an opposing commander, yes / no.
        "target" => {
            // Look first where the pending question looks: the Shipyard for a search, the
            // hand for a discard, play otherwise.
            let ask = match g.decision().map(|d| d.kind) {
                Some(crate::choice::DecisionKind::Effect { ask, .. }) => Some(ask),
                _ => None,
            };
            let mut pool = Vec::new();
            match ask {
                Some(crate::effects::Ask::Search { .. }) => {
                    pool.extend(yard.iter().copied());
                    pool.extend(all_play.iter().copied());
                }
                Some(crate::effects::Ask::Discard { who, .. }) => {
                    if let Some(c) = g.commander(who) {
                        pool.extend(c.hand.iter().copied());
                    }
                    pool.extend(all_play.iter().copied());
                }
                _ => {
                    pool.extend(all_play.iter().copied());
                    pool.extend(hand.iter().copied());
                }
            }
            // A search that deploys its find says where: `target X onto H [replacing M]`.
            let (rest, replacing) = split_kw(args, " replacing ");
            let (card, host) = split_kw(&rest, " onto ");
            let card = find(g, refs, &pool, &card, line, "in play, hand or Shipyard")?;
            if host.is_some() || replacing.is_some() {
                Choice::EffectDeploy {
                    card,
                    host: match host.as_deref() {
                        Some("open space") | None => None,
                        _ => host_of(host)?,
                    },
                    replacing: match replacing {
                        Some(r) => Some(find(g, refs, &all_play, &r, line, "in play")?),
                        None => None,
                    },
                }
            } else {
                Choice::EffectTarget(card)
            }
        }
        "choose" => Choice::EffectCommander(seat(g, args, line)?),
        "yes" => Choice::EffectYes,
        "no" => Choice::EffectNo,
        other => return err(line, format!("unknown action `{other}`")),
    };
    Ok((who, choice))
}

/// Run a ruling against a card pool and render its transcript.
pub fn run(r: &Ruling, catalog: Arc<CardDb>) -> Result<String, RulingError> {
    let (mut g, refs) = build(r, catalog)?;
    let active = match &r.active {
        Some((line, name)) => seat(&g, name, *line)?,
        None => PlayerId(0),
    };
    let mut out = String::new();
    let _ = writeln!(out, "ruling: {}", r.title);
    let _ = writeln!(out, "seed {}, forced dice {:?}", r.seed, r.dice);
    out.push_str("\n== board ==\n");
    out.push_str(&board(&g));
    out.push_str("\n== start ==\n");
    g.start_at(active, r.turn, r.phase);
    {
        let n = Namer::new(&g);
        for e in g.log() {
            let _ = writeln!(out, "{}", n.line(e));
        }
    }
    for (line, text) in &r.script {
        let _ = writeln!(out, "\n> {text}");
        let (who, choice) = parse_step(&g, &refs, text, *line)?;
        match g.apply(who, choice) {
            Ok(events) => {
                let n = Namer::new(&g);
                for e in &events {
                    let _ = writeln!(out, "{}", n.line(e));
                }
                if events.is_empty() {
                    out.push_str("(no events)\n");
                }
            }
            Err(e) => {
                let _ = writeln!(out, "REFUSED [§{}] {}", e.section(), e.describe(&g));
            }
        }
    }
    out.push_str("\n== final ==\n");
    out.push_str(&board(&g));
    match g.decision() {
        Some(d) => {
            let _ = writeln!(
                out,
                "next decision: {} {:?}",
                Namer::new(&g).who(d.who),
                d.kind
            );
        }
        None => out.push_str("next decision: none\n"),
    }
    Ok(out)
}

/// The board, readable: Stockpiles, zones and the in-play tree with wounds.
pub fn board(g: &Game) -> String {
    let mut s = String::new();
    let names = |v: &[Inst]| {
        v.iter()
            .map(|&i| format!("{} {i}", g.name(i)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    for (k, c) in g.commanders().iter().enumerate() {
        let _ = writeln!(
            s,
            "{}{}: {}R {}C",
            c.name,
            if c.out { " (out)" } else { "" },
            c.resource,
            c.currency
        );
        let _ = writeln!(s, "  hand: {}", names(&c.hand));
        let _ = writeln!(
            s,
            "  shipyard ({}): {}",
            c.shipyard.len(),
            names(&c.shipyard)
        );
        let _ = writeln!(s, "  scrapheap: {}", names(&c.scrapheap));
        for &top in &c.battlefield {
            tree(g, top, 2, &mut s);
        }
        let _ = k;
    }
    s
}

fn tree(g: &Game, i: Inst, depth: usize, s: &mut String) {
    let x = g.instance(i);
    let wounds = x.map_or(0, |x| x.wounds);
    let fd = x.is_some_and(|x| x.face_down);
    let hijacked = x
        .filter(|x| x.controller != x.owner && depth == 2)
        .and_then(|x| g.commander(x.owner))
        .map_or(String::new(), |c| format!(" [hijacked from {}]", c.name));
    let _ = writeln!(
        s,
        "{:depth$}{} {i}{}{}{hijacked}",
        "",
        g.name(i),
        if wounds > 0 {
            format!(" [{wounds} wound(s)]")
        } else {
            String::new()
        },
        if fd { " [face down]" } else { "" },
    );
    if depth > 40 {
        return;
    }
    for &a in g.attachments(i) {
        tree(g, a, depth + 2, s);
    }
}

impl Ruling {
    /// This ruling with every `override:` header of `rule` taken away: the same situation
    /// without that card text (the base-rule proof in `tests/tests/base_rules.rs`, §8.1).
    pub fn without_override(&self, rule: crate::ir::BaseRule) -> Ruling {
        let mut r = self.clone();
        r.overrides
            .retain(|(_, line)| line.split('=').next().map(str::trim) != Some(rule.name()));
        r
    }
}
