//! Card-level checks of abilities: the ones that need the card they are printed on (its type,
//! traits, printed text) or the whole pool (card names).
//!
//! Errors: timing on card types that cannot use it (§2.6, §2.7, §5.1), `play:` off an Event or
//! Tactic, override scopes that make no sense (§8.1), chosen targets no card could satisfy,
//! actions aimed at cards they cannot affect. Warnings: abilities that can never trigger or
//! contradict themselves, named recipients that match nothing, printed text with no ability.

use std::collections::{BTreeMap, BTreeSet};

use super::{codes, ParsedAbility};
use crate::diag::{Diagnostic, Sink};
use crate::ir::card::{Card, CardKind, ModuleKind, ShipClass, SizeRestriction, Trait, TraitName};
use crate::ir::effect::*;
use crate::ir::rules::{a_kind, host_kinds, BaseRule, RuleValue};
use crate::source::Span;

/// What the checks need to know about the card the abilities are printed on.
#[derive(Debug, Clone, Copy)]
pub struct CardContext<'a> {
    pub kind: CardKind,
    pub traits: &'a [Trait],
    /// The card's name in its header, where card-wide warnings point.
    pub name_span: Span,
    /// The printed `text:` value, if the card has one and it is not empty.
    pub text_span: Option<Span>,
}

/// Runs every card-level check; returns whether none reported an error (warnings do not
/// count). The caller then takes the abilities' IR as they are.
pub fn check_card(ctx: &CardContext<'_>, abilities: &[ParsedAbility], sink: &mut Sink) -> bool {
    let mut c = Checker {
        ctx,
        file: sink.file(),
        diags: Vec::new(),
        overrides: abilities
            .iter()
            .filter_map(|a| match &a.ability {
                Ability::Override { rule, value, .. } => Some((*rule, *value)),
                _ => None,
            })
            .collect(),
    };
    c.card(abilities);
    let failed = c.diags.iter().any(Diagnostic::is_error);
    for d in c.diags {
        sink.push(d);
    }
    !failed
}

/// Every `named "X"` must name a card of the pool (HB0413), and one the rest of its filter
/// can match (HB0415: `a Marine named "Merlin-class Frigate"` never finds anything). `pool`
/// maps every card name to the card, or to `None` for a card with errors of its own (only
/// its name is checked). Returns whether all resolved.
pub fn check_card_names(
    names: &[super::NameRef],
    pool: &BTreeMap<&str, Option<&Card>>,
    sink: &mut Sink,
) -> bool {
    let mut ok = true;
    for r in names {
        let Some(entry) = pool.get(r.name.as_str()) else {
            ok = false;
            let all: Vec<&str> = pool.keys().copied().collect();
            let help = super::parse::suggest(&r.name, &all)
                .map(|s| format!("did you mean `{s}`?"))
                .unwrap_or_else(|| "check the spelling; names are exact, as printed".into());
            sink.push(
                Diagnostic::error(
                    codes::UNKNOWN_CARD,
                    sink.file(),
                    format!("no card named \"{}\" in the pool", r.name),
                )
                .at(r.span, "unknown card")
                .with_help(help),
            );
            continue;
        };
        let Some(card) = entry else { continue };
        let class_ok = match card.kind {
            CardKind::Ship(c) => r.sizes.iter().all(|s| s.admits(c)),
            _ => r.sizes.is_empty(),
        };
        if r.noun.admits(card.kind) && class_ok {
            continue;
        }
        ok = false;
        let why = if r.noun.admits(card.kind) {
            "outside the filter's ship classes and sizes".to_string()
        } else {
            format!("but the filter asks for {}", noun_plural(r.noun))
        };
        sink.push(
            Diagnostic::error(
                codes::NAMED_WRONG_KIND,
                sink.file(),
                format!("\"{}\" is {}, {why}", r.name, a_kind(card.kind)),
            )
            .at(r.span, "never matches")
            .with_help(format!(
                "the filter can never find \"{}\": name a card it can match, or change its card type",
                r.name
            )),
        );
    }
    ok
}

/// Whether an effect happens during an engagement, which "the opposing Commander", "cancel
/// this engagement" and "retreat" need (§6.5.1, §7.1.2, §9.28).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Engaged {
    Always,
    Maybe,
    Never,
}

struct Checker<'a> {
    ctx: &'a CardContext<'a>,
    file: &'a str,
    diags: Vec<Diagnostic>,
    overrides: Vec<(BaseRule, RuleValue)>,
}

/// Whether cards of a noun can carry wounds (§9.38, §6.5.3: Module-Stations have wounds).
fn noun_has_wounds(n: Noun) -> bool {
    !matches!(
        n,
        Noun::Event | Noun::Tactic | Noun::Breakthru | Noun::ModuleShip | Noun::ModuleMarine
    )
}

fn kind_has_wounds(k: CardKind) -> bool {
    k.is_unit() || k == CardKind::Module(ModuleKind::Station)
}

/// One card kind of each sort, for "could a card be both" questions.
pub(crate) const ALL_KINDS: &[CardKind] = &[
    CardKind::Ship(ShipClass::FighterWing),
    CardKind::Ship(ShipClass::Cruiser),
    CardKind::Marine { character: false },
    CardKind::Marine { character: true },
    CardKind::Station,
    CardKind::Module(ModuleKind::Station),
    CardKind::Module(ModuleKind::Ship),
    CardKind::Module(ModuleKind::Marine),
    CardKind::Event,
    CardKind::Tactic,
    CardKind::Breakthru,
];

/// Whether some card is both an `a` and a `b`.
pub(crate) fn nouns_meet(a: Noun, b: Noun) -> bool {
    ALL_KINDS.iter().any(|k| a.admits(*k) && b.admits(*k))
}

/// The nouns of every `that <noun>` an effect names.
fn that_nouns(e: &Effect) -> Vec<Noun> {
    let mut out = Vec::new();
    for step in &e.steps {
        let lists = step.action_lists();
        for act in lists.into_iter().flatten() {
            for aim in act.aims() {
                if let Aim::Named(Group::That(n)) = aim {
                    out.push(*n);
                }
            }
        }
    }
    out
}

/// Why no card could match `f`, if none could.
pub(crate) fn unsatisfiable(f: &Filter) -> Option<String> {
    let mut sides = BTreeSet::new();
    let mut factions = BTreeSet::new();
    let (mut damaged, mut undamaged) = (false, false);
    let mut has = BTreeSet::new();
    let mut lacks = BTreeSet::new();
    let mut sizes: Vec<&SizeRestriction> = Vec::new();
    let mut fleet = false;
    let mut local = false;
    for p in &f.preds {
        match p {
            Pred::Controller(s) => {
                sides.insert(*s == Side::Yours);
            }
            Pred::Faction(x) => {
                factions.insert(*x);
            }
            Pred::Damaged => damaged = true,
            Pred::Undamaged => undamaged = true,
            Pred::HasTrait(t) => {
                has.insert(*t);
            }
            Pred::LacksTrait(t) => {
                lacks.insert(*t);
            }
            Pred::Size(s) => sizes.push(s),
            Pred::InYourFleet => fleet = true,
            Pred::Local => local = true,
            Pred::Named(_) | Pred::AttachedTo(_) | Pred::Other => {}
        }
    }
    if sides.len() > 1 {
        return Some("it asks for cards that are both yours and opposing".into());
    }
    if fleet && sides.contains(&false) {
        return Some("ships in your fleet are never opposing (§9.15)".into());
    }
    if factions.len() > 1 {
        return Some("a card has one faction, not two".into());
    }
    if damaged && undamaged {
        return Some("a card cannot be both damaged and undamaged".into());
    }
    if (damaged || undamaged) && !noun_has_wounds(f.noun) {
        return Some(format!(
            "{} never carry wounds, so are never damaged",
            noun_plural(f.noun)
        ));
    }
    if let Some(t) = has.intersection(&lacks).next() {
        return Some(format!("it asks for cards both with and without {t}"));
    }
    let ship_noun = matches!(f.noun, Noun::Card | Noun::Unit | Noun::Ship);
    if !sizes.is_empty() && !ship_noun {
        return Some(format!(
            "ship classes and sizes apply to ships, not {}",
            noun_plural(f.noun)
        ));
    }
    if (fleet) && !ship_noun {
        return Some(format!(
            "a fleet is made of ships (§9.15), not {}",
            noun_plural(f.noun)
        ));
    }
    let attached = f.preds.iter().any(|p| matches!(p, Pred::AttachedTo(_)));
    if attached && matches!(f.noun, Noun::Station | Noun::Tactic | Noun::Breakthru) {
        return Some(format!(
            "{} are never attached to another card (§9.1)",
            noun_plural(f.noun)
        ));
    }
    if local && matches!(f.noun, Noun::Event | Noun::Tactic | Noun::Breakthru) {
        return Some(format!(
            "only units are local to one another (§9.18), not {}",
            noun_plural(f.noun)
        ));
    }
    if !sizes.is_empty()
        && !ShipClass::ALL
            .iter()
            .any(|c| sizes.iter().all(|s| s.admits(*c)))
    {
        return Some("no ship class has that size".into());
    }
    None
}

/// `a Ship - Frigate`, `an Event`.
fn capitalise_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn with_article(word: &str) -> String {
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    format!("{} {word}", if vowel { "an" } else { "a" })
}

fn noun_plural(n: Noun) -> &'static str {
    match n {
        Noun::Card => "cards",
        Noun::Unit => "units",
        Noun::Ship => "ships",
        Noun::Marine => "Marines",
        Noun::MarineCharacter => "Marine-Characters",
        Noun::Station => "Stations",
        Noun::Module => "Modules",
        Noun::ModuleStation => "Module-Station cards",
        Noun::ModuleShip => "Module-Ship cards",
        Noun::ModuleMarine => "Module-Marine cards",
        Noun::Event => "Events",
        Noun::Tactic => "Tactics",
        Noun::Breakthru => "Breakthrus",
    }
}

/// Where an ability writes `other` among cards that are never in play beside this one: a
/// search's (the Shipyard) and a cost's (a card being deployed).
fn unmoored_others(ability: &Ability) -> Vec<&'static str> {
    let mut unmoored = Vec::new();
    let mut walk = |e: &Effect| {
        for step in &e.steps {
            for act in step.action_lists().into_iter().flatten() {
                match act {
                    Action::Search { filter, .. } if filter.preds.contains(&Pred::Other) => {
                        unmoored.push("a card in your Shipyard")
                    }
                    Action::ModifyCommanders {
                        modifier: CommanderModifier::Cost { of, .. },
                        ..
                    } if of.preds.contains(&Pred::Other) => unmoored.push("a card being deployed"),
                    _ => {}
                }
            }
        }
    };
    match ability {
        Ability::Play(e)
        | Ability::Triggered { effect: e, .. }
        | Ability::Replacement { effect: e, .. } => walk(e),
        Ability::Static(Static::Commanders {
            modifier: CommanderModifier::Cost { of, .. },
            ..
        }) if of.preds.contains(&Pred::Other) => unmoored.push("a card being deployed"),
        _ => {}
    }
    unmoored
}

impl Checker<'_> {
    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn error(&mut self, code: &'static str, span: Span, msg: String, label: &str, help: String) {
        let d = Diagnostic::error(code, self.file, msg)
            .at(span, label)
            .with_help(help);
        self.push(d);
    }

    fn warn(&mut self, code: &'static str, span: Span, msg: String, label: &str, help: String) {
        let d = Diagnostic::warning(code, self.file, msg)
            .at(span, label)
            .with_help(help);
        self.push(d);
    }

    fn overridden(&self, rule: BaseRule) -> Option<RuleValue> {
        self.overrides
            .iter()
            .find(|(r, _)| *r == rule)
            .map(|(_, v)| *v)
    }

    fn kind(&self) -> CardKind {
        self.ctx.kind
    }

    fn is_event_or_tactic(&self) -> bool {
        matches!(self.kind(), CardKind::Event | CardKind::Tactic)
    }

    fn card(&mut self, abilities: &[ParsedAbility]) {
        let ctx = self.ctx;
        if abilities.len() > limits::ABILITIES {
            let span = abilities
                .get(limits::ABILITIES)
                .map_or(ctx.name_span, |a| a.key_span);
            self.error(
                codes::TOO_LONG,
                span,
                format!(
                    "{} abilities on one card, more than {}",
                    abilities.len(),
                    limits::ABILITIES
                ),
                "one too many",
                "no printed card carries this much text; split the card".into(),
            );
        }
        if let (Some(text), true) = (ctx.text_span, abilities.is_empty()) {
            self.warn(
                codes::TEXT_WITHOUT_EFFECT,
                text,
                "printed rules text but no ability says what it does".into(),
                "has no effect clause",
                "express it as an ability (`when deployed: ...`, `static: ...`, `play: ...`; docs/abilities.md), or move text that only restates traits into `flavour:`".into(),
            );
        }
        let face_down = ctx
            .traits
            .iter()
            .any(|t| t.name() == TraitName::FaceUpFaceDown);
        if face_down
            && !abilities.iter().any(|a| {
                matches!(
                    a.ability,
                    Ability::Triggered {
                        face_down: true,
                        ..
                    }
                )
            })
        {
            self.warn(
                codes::FACE_DOWN_WITHOUT_FLIP,
                ctx.name_span,
                "Face Up-Face Down module with no `flip:` ability".into(),
                "never flips",
                "§3.4.4: the printed text names the trigger; add `flip when <trigger>: <effect>`"
                    .into(),
            );
        }
        let mut timing: Option<Span> = None;
        let timing_value = abilities.iter().find_map(|a| match a.ability {
            Ability::Timing(t) => Some(t),
            _ => None,
        });
        for a in abilities {
            self.ability(a, timing_value, &mut timing);
        }
    }

    /// An activated ability (issue #40, part 3.3; I-93): on a card that stays in play to be
    /// used (HB0430), and bounded — a cost or a limit, and without a limit no effect that
    /// refills the Stockpile it pays from (HB0431): either could be used without end.
    fn activated(
        &mut self,
        a: &ParsedAbility,
        cost: Option<crate::ir::Amount>,
        limit: Option<crate::ir::effect::Limit>,
        effect: &crate::ir::effect::Effect,
    ) {
        let kind = self.kind();
        if matches!(kind, CardKind::Event | CardKind::Tactic) {
            self.error(
                codes::ACTIVATED_NOT_ALLOWED,
                a.key_span,
                format!(
                    "an activated ability is for a card in play, not {}",
                    a_kind(kind)
                ),
                "not a card that stays in play",
                "an Event or Tactic acts as it is deployed (§2.6, §2.7): write what it does as `play:`".into(),
            );
        }
        let paid = cost.is_some_and(|c| !c.is_zero());
        if !paid && limit.is_none() {
            self.error(
                codes::ACTIVATED_UNBOUNDED,
                a.span,
                "an activated ability with neither a cost nor a limit could be used without end"
                    .into(),
                "no cost, no limit",
                "give it a cost from the Stockpiles (`activate pay 1C: ...`) or a limit (`activate once per turn: ...`)".into(),
            );
        } else if limit.is_none() && refills(effect) {
            self.error(
                codes::ACTIVATED_UNBOUNDED,
                a.span,
                "an activated ability with no limit gains Resource or Currency, so it could pay for itself without end".into(),
                "no limit",
                "add a limit: `activate pay 1C, once per turn: ...`".into(),
            );
        }
    }

    fn ability(
        &mut self,
        a: &ParsedAbility,
        timing_value: Option<Timing>,
        seen_timing: &mut Option<Span>,
    ) {
        let kind = self.kind();
        self.this_nouns(a, kind);
        self.others(a, kind);
        match &a.ability {
            Ability::Timing(t) => {
                if let Some(first) = *seen_timing {
                    let d = Diagnostic::error(
                        codes::DUPLICATE_TIMING,
                        self.file,
                        "`timing:` given twice",
                    )
                    .at(a.key_span, "second timing")
                    .with_label(first, "first given here")
                    .with_help("a card has one deployment window; keep one");
                    self.push(d);
                }
                *seen_timing = Some(a.key_span);
                self.timing(a, *t);
            }
            Ability::PlayLimit(_) => {
                if !self.is_event_or_tactic() {
                    self.error(
                        codes::PLAY_NOT_ALLOWED,
                        a.key_span,
                        format!("`limit:` is for Events and Tactics, not {}", a_kind(kind)),
                        "not an Event or Tactic",
                        "a play limit bounds how often a card is deployed and resolves; a triggered ability takes its own limit: `when ... once per turn: ...`".into(),
                    );
                }
            }
            Ability::Play(e) => {
                if !self.is_event_or_tactic() {
                    self.error(
                        codes::PLAY_NOT_ALLOWED,
                        a.key_span,
                        format!("`play:` is for Events and Tactics, not {}", a_kind(kind)),
                        "not an Event or Tactic",
                        "a card that stays in play says when it acts: `when deployed: ...`".into(),
                    );
                }
                // A Tactic deployed in Setup by its own text (§4.6) resolves where there is no
                // engagement (§5.1).
                let in_setup =
                    self.overridden(BaseRule::DeployInSetup) == Some(RuleValue::Flag(true));
                let when = match (kind, timing_value) {
                    // Setup has no engagements (§5.1); the Manufacturing Phase is before the
                    // Engagement Phase (§5.2).
                    (_, Some(Timing::YourManufacturing)) => Engaged::Never,
                    _ if in_setup => Engaged::Maybe,
                    (CardKind::Tactic, _)
                    | (_, Some(Timing::Engagement | Timing::StartOfEngagement)) => Engaged::Always,
                    _ => Engaged::Maybe,
                };
                self.that(a, e, None);
                self.effect(a, e, when);
            }
            Ability::Triggered {
                trigger,
                face_down,
                effect,
            } => {
                if *face_down
                    && !self
                        .ctx
                        .traits
                        .iter()
                        .any(|t| t.name() == TraitName::FaceUpFaceDown)
                {
                    self.error(
                        codes::FLIP_NOT_FACE_DOWN,
                        a.key_span,
                        "`flip:` on a card without Face Up-Face Down".into(),
                        "nothing to flip",
                        "§3.4.4: only Face Up-Face Down modules are deployed face down; use `when`"
                            .into(),
                    );
                }
                self.trigger(a, trigger);
                self.that(a, effect, Some(trigger));
                let when = self.trigger_engaged(trigger);
                self.effect(a, effect, when);
            }
            Ability::Replacement { event, effect } => {
                let possible = match event {
                    Replaced::Destroyed => true,
                    Replaced::CompulsoryWounds => kind_has_wounds(kind),
                    Replaced::Boarded => matches!(kind, CardKind::Ship(_) | CardKind::Station),
                };
                if !possible {
                    self.warn(
                        codes::NEVER_TRIGGERS,
                        a.span,
                        format!(
                            "{} is never {}",
                            capitalise_first(&a_kind(kind)),
                            match event {
                                Replaced::CompulsoryWounds => "wounded",
                                _ => "boarded",
                            }
                        ),
                        "can never happen",
                        "this replacement can never apply; remove it or put it on a unit".into(),
                    );
                }
                let when = match event {
                    // Boarding happens only in engagements (§6.6); destruction and compulsory
                    // wounds also come from Events outside them.
                    Replaced::Boarded => Engaged::Always,
                    _ => Engaged::Maybe,
                };
                self.that(a, effect, None);
                self.effect(a, effect, when);
            }
            Ability::Static(s) => self.static_(a, s),
            Ability::Override { rule, value, scope } => self.override_(a, *rule, *value, *scope),
            Ability::Activated {
                cost,
                limit,
                when,
                effect,
            } => {
                self.activated(a, *cost, *limit, effect);
                let engaged = match when {
                    Activation::Engagement | Activation::EngagementIn => Engaged::Always,
                    Activation::Event | Activation::YourTurn => Engaged::Maybe,
                };
                self.that(a, effect, None);
                self.effect(a, effect, engaged);
            }
        }
        for (span, f) in &a.targets {
            if let Some(why) = unsatisfiable(f) {
                self.error(
                    codes::UNSATISFIABLE_TARGET,
                    *span,
                    "no card could ever be this target".into(),
                    "unsatisfiable",
                    format!("{why}; the card could never be played with a legal target"),
                );
            }
        }
        for (span, f) in &a.groups {
            if let Some(why) = unsatisfiable(f) {
                self.warn(
                    codes::MATCHES_NOTHING,
                    *span,
                    "these recipients can never match any card".into(),
                    "matches nothing",
                    why,
                );
            }
        }
    }

    /// `this <noun>` is this card, so the card must be one (HB0420): `this ship` on a Module
    /// would silently be the Module. Its host has a word of its own, `host`.
    fn this_nouns(&mut self, a: &ParsedAbility, kind: CardKind) {
        for &(span, noun) in &a.this_nouns {
            if noun.admits(kind) {
                continue;
            }
            let word = crate::explain::noun_text(noun);
            let hosts = host_kinds(kind);
            let host = if hosts.iter().any(|h| noun.admits(*h)) {
                format!(", or `host` for the {word} it is attached to")
            } else if hosts.is_empty() {
                String::new()
            } else {
                ", or `host` for the card it is attached to".to_string()
            };
            self.error(
                codes::THIS_IS_NOT,
                span,
                format!("this card is {}, not {}", a_kind(kind), with_article(word)),
                "not this card",
                format!("write `this` for the card itself{host}"),
            );
        }
    }

    /// `other <noun>` is every such card but this one, so this card must be able to be one
    /// (HB0420): `other Marines` on a Module has nothing to be other than, and would silently
    /// mean every Marine. A search's or a cost's cards are never in play with this one, so
    /// `other` there says nothing either.
    fn others(&mut self, a: &ParsedAbility, kind: CardKind) {
        let unmoored = unmoored_others(&a.ability);
        for what in &unmoored {
            self.error(
                codes::THIS_IS_NOT,
                a.span,
                format!("`other` says nothing here: {what} is never this card"),
                "other than what?",
                "drop `other`; it means \"but this card\" only among cards in play".into(),
            );
        }
        // One error for one `other`: a search's or a cost's is said above.
        let others = if unmoored.is_empty() {
            &a.others[..]
        } else {
            &[]
        };
        for &(span, noun) in others {
            if noun.admits(kind) {
                continue;
            }
            self.error(
                codes::THIS_IS_NOT,
                span,
                format!(
                    "`other` {}: this card is {}, never one of them, so there is nothing for them to be other than",
                    noun_plural(noun),
                    a_kind(kind)
                ),
                "other than what?",
                "drop `other`: every such card is already another card than this one".into(),
            );
        }
        for &(span, noun) in &a.host_nouns {
            let hosts = host_kinds(kind);
            if hosts.iter().any(|h| noun.admits(*h)) {
                continue;
            }
            let word = crate::explain::noun_text(noun);
            let (msg, help) = if hosts.is_empty() {
                (
                    format!(
                        "{} is never attached, so there is no {word} it is attached to",
                        capitalise_first(&a_kind(kind))
                    ),
                    "only Modules, Marines, Fighter Wings and attached Events have a host (§9.1)"
                        .to_string(),
                )
            } else {
                (
                    format!(
                        "{} is never attached to {}",
                        capitalise_first(&a_kind(kind)),
                        with_article(word)
                    ),
                    "write `host`, or name the host by what it can be".to_string(),
                )
            };
            self.error(codes::THIS_IS_NOT, span, msg, "not its host", help);
        }
    }

    fn timing(&mut self, a: &ParsedAbility, t: Timing) {
        match self.kind() {
            CardKind::Event => {}
            CardKind::Tactic => {
                if !matches!(t, Timing::Engagement | Timing::StartOfEngagement) {
                    self.error(
                        codes::TIMING_NOT_ALLOWED,
                        a.span,
                        "a Tactic may only be deployed during an engagement".into(),
                        "outside an engagement",
                        "§2.7, §5.1: Tactics are only deployed in engagements; use `engagement` or `start of engagement`, or make the card an Event".into(),
                    );
                }
            }
            k => self.error(
                codes::TIMING_NOT_ALLOWED,
                a.key_span,
                format!("`timing:` is for Events and Tactics, not {}", a_kind(k)),
                "not an Event or Tactic",
                "other cards are deployed in your Manufacturing Phase (§5.4.2); to deploy one in an engagement use `override deploy-in-engagement = yes` (§6.5.4)".into(),
            ),
        }
    }

    fn trigger(&mut self, a: &ParsedAbility, t: &Trigger) {
        let kind = self.kind();
        let subject: Vec<CardKind> = match &t.watch {
            // A commander's moment: `can` below admits it; the card must be in play to see it.
            Watch::This | Watch::Commander => vec![kind],
            Watch::Host => {
                let hosts = host_kinds(kind);
                if hosts.is_empty() {
                    self.warn(
                        codes::NEVER_TRIGGERS,
                        a.span,
                        format!("{} is never attached, so it has no host", capitalise_first(&a_kind(kind))),
                        "no host",
                        "only Modules, Marines, Fighter Wings and attached Events have a host (§9.1)".into(),
                    );
                    return;
                }
                hosts
            }
            Watch::Any(_) => return,
        };
        let can = |k: &CardKind| -> bool {
            match t.event {
                TriggerEvent::Boarded => matches!(k, CardKind::Ship(_) | CardKind::Station),
                TriggerEvent::Boards => match k {
                    CardKind::Ship(c) => *c != ShipClass::FighterWing,
                    CardKind::Marine { .. } => true,
                    // §6.9.4: Station Marines board only if card text says so.
                    CardKind::Station => {
                        self.overridden(BaseRule::StationMarinesBoard)
                            == Some(RuleValue::Flag(true))
                    }
                    _ => false,
                },
                TriggerEvent::RollsNatural(_) | TriggerEvent::Destroys | TriggerEvent::Wounds => {
                    k.is_unit()
                }
                TriggerEvent::WoundedBy | TriggerEvent::Wounded => kind_has_wounds(*k),
                TriggerEvent::Hijacks => match k {
                    CardKind::Ship(c) => *c != ShipClass::FighterWing,
                    CardKind::Marine { .. } => true,
                    CardKind::Station => {
                        self.overridden(BaseRule::StationMarinesBoard)
                            == Some(RuleValue::Flag(true))
                    }
                    _ => false,
                },
                TriggerEvent::Hijacked => matches!(k, CardKind::Ship(_) | CardKind::Station),
                TriggerEvent::Retreats => matches!(k, CardKind::Ship(_)),
                TriggerEvent::Destroyed => !matches!(k, CardKind::Tactic),
                _ => true,
            }
        };
        if !subject.iter().any(can) {
            let who = match t.watch {
                Watch::Host => "its host".to_string(),
                _ => a_kind(kind),
            };
            let what = match t.event {
                TriggerEvent::Boarded | TriggerEvent::Hijacked => "is never boarded (§6.9)",
                TriggerEvent::Boards | TriggerEvent::Hijacks => "never boards (§6.9.4, §6.9.6)",
                TriggerEvent::RollsNatural(_) | TriggerEvent::Destroys | TriggerEvent::Wounds => {
                    "never rolls volley dice (§6.2)"
                }
                TriggerEvent::WoundedBy | TriggerEvent::Wounded => "has no wounds (§9.38)",
                TriggerEvent::Retreats => "never retreats: only ships do (§9.28)",
                _ => "is never destroyed in play: a Tactic resolves and is discarded (§2.7)",
            };
            self.warn(
                codes::NEVER_TRIGGERS,
                a.span,
                format!("this ability can never trigger: {who} {what}"),
                "never triggers",
                "remove the ability, or watch another card (`host ...`, `any ...`)".into(),
            );
            return;
        }
        // Tactics resolve and go to the Scrapheap (§2.7); Events too unless they stay (§2.6).
        let transient = kind == CardKind::Tactic
            || (kind == CardKind::Event
                && self.overridden(BaseRule::EventStaysInPlay) != Some(RuleValue::Flag(true)));
        let own = matches!(t.watch, Watch::This | Watch::Commander);
        if transient && own && t.event != TriggerEvent::Deployed {
            self.warn(
                codes::NEVER_TRIGGERS,
                a.span,
                format!("{} is not in play to see this trigger", capitalise_first(&a_kind(kind))),
                "never triggers",
                "§2.6, §2.7: Events and Tactics resolve and go to the Scrapheap; put the effect under `play:`, or keep an Event in play with `override event-stays-in-play = yes`".into(),
            );
        }
    }

    /// `that <noun>` names the other card of a deed (`Group::That`): only in the effect of a
    /// trigger that binds one, and of a kind that card can be.
    fn that(&mut self, a: &ParsedAbility, e: &Effect, trigger: Option<&Trigger>) {
        if !e.names_that() {
            return;
        }
        let Some(t) = trigger.filter(|t| t.event.binds_other()) else {
            self.error(
                codes::THAT_UNBOUND,
                a.span,
                "`that` names no card here".into(),
                "nothing bound",
                "`that ship` is the other card of a deed: use it after `when this ship destroys a ship`, `wounds`, `is wounded by`, `boards`, `is boarded by`, `hijacks` or `is hijacked`".into(),
            );
            return;
        };
        let other_noun = t.other.as_ref().map_or(Noun::Unit, |f| f.noun);
        for n in that_nouns(e) {
            if !ALL_KINDS
                .iter()
                .any(|k| n.admits(*k) && other_noun.admits(*k))
            {
                self.error(
                    codes::THAT_UNBOUND,
                    a.span,
                    format!(
                        "`that {}` can never be the {} the trigger names",
                        noun_plural(n).trim_end_matches('s'),
                        noun_plural(other_noun).trim_end_matches('s')
                    ),
                    "another kind of card",
                    "say `that` with the noun of the trigger's card (`destroys a Marine` ... `that Marine`)".into(),
                );
            }
        }
    }

    fn static_(&mut self, a: &ParsedAbility, s: &Static) {
        match s {
            Static::Cards {
                group, modifier, ..
            } => {
                let hosts = host_kinds(self.kind());
                if *group == Group::Host && hosts.is_empty() {
                    self.warn(
                        codes::MATCHES_NOTHING,
                        a.span,
                        format!("{} is never attached, so it has no host", capitalise_first(&a_kind(self.kind()))),
                        "no host",
                        "only Modules, Marines, Fighter Wings and attached Events have a host (§9.1)".into(),
                    );
                }
                if let CardModifier::Taunt { .. } = modifier {
                    // I-98: only a unit volleys are fired at can draw them.
                    let bad = match group {
                        Group::Each(f) => {
                            (!noun_has_wounds(f.noun)).then(|| noun_plural(f.noun).to_string())
                        }
                        Group::This => (!kind_has_wounds(self.kind()))
                            .then(|| capitalise_first(&a_kind(self.kind()))),
                        _ => None,
                    };
                    if let Some(what) = bad {
                        self.error(
                            codes::NOT_A_TARGET_KIND,
                            a.span,
                            format!("{what} cannot be fired at, so cannot draw fire"),
                            "never fired at",
                            "a taunt is for units volleys are fired at: ships, Stations, Module-Stations (§6.2, I-98)".into(),
                        );
                    }
                }
                if let CardModifier::Stat {
                    stat: Stat::MarineCapacity | Stat::WingCapacity,
                    ..
                } = modifier
                {
                    if let Group::Each(f) = group {
                        if matches!(
                            f.noun,
                            Noun::Marine
                                | Noun::MarineCharacter
                                | Noun::Event
                                | Noun::Tactic
                                | Noun::Breakthru
                        ) {
                            self.error(
                                codes::NOT_A_TARGET_KIND,
                                a.span,
                                format!("{} have no capacity to change", noun_plural(f.noun)),
                                "no capacity",
                                "capacity is a Ship's or Station's white icon (§9.4)".into(),
                            );
                        }
                    }
                }
            }
            Static::Commanders { .. } => {}
            Static::Against { group, against, .. } => {
                // I-97: a volley's bonus is a unit's, against a unit it may fire at (§6.2).
                let fires_not = match group {
                    Group::Each(f) => matches!(
                        f.noun,
                        Noun::Event
                            | Noun::Tactic
                            | Noun::Breakthru
                            | Noun::Module
                            | Noun::ModuleShip
                            | Noun::ModuleStation
                            | Noun::ModuleMarine
                    )
                    .then(|| noun_plural(f.noun).to_string()),
                    Group::This if !self.kind().is_unit() => {
                        Some(capitalise_first(&a_kind(self.kind())))
                    }
                    _ => None,
                };
                if let Some(who) = fires_not {
                    self.error(
                        codes::NOT_A_TARGET_KIND,
                        a.span,
                        format!("{who} cannot fire volleys"),
                        "not a unit",
                        "a bonus against a kind of target is for units that fire: ships, Stations and Marines (§9.35); a Module gives it to `host`".into(),
                    );
                }
                if *group == Group::Host && host_kinds(self.kind()).is_empty() {
                    self.warn(
                        codes::MATCHES_NOTHING,
                        a.span,
                        format!("{} is never attached, so it has no host", capitalise_first(&a_kind(self.kind()))),
                        "no host",
                        "only Modules, Marines, Fighter Wings and attached Events have a host (§9.1)".into(),
                    );
                }
                if !matches!(
                    against.noun,
                    Noun::Card
                        | Noun::Unit
                        | Noun::Ship
                        | Noun::Station
                        | Noun::Marine
                        | Noun::MarineCharacter
                        | Noun::ModuleStation
                        | Noun::Module
                ) {
                    self.error(
                        codes::NOT_A_TARGET_KIND,
                        a.span,
                        format!("{} are never the target of a volley", noun_plural(against.noun)),
                        "never fired at",
                        "a volley is fired at units: ships, Stations and their Module-Stations, Marines (§6.2, §6.5.3)".into(),
                    );
                }
            }
        }
        if let Static::Cards {
            group: Group::Each(f),
            modifier,
            ..
        } = s
        {
            let combat = matches!(
                modifier,
                CardModifier::RollBonus(_)
                    | CardModifier::ExtraDice(_)
                    | CardModifier::ExtraVolleys(_)
                    | CardModifier::Rerolls(_)
                    | CardModifier::MayReroll
                    | CardModifier::PreventWounds { .. }
            );
            if combat && matches!(f.noun, Noun::Event | Noun::Tactic | Noun::Breakthru) {
                self.error(
                    codes::NOT_A_TARGET_KIND,
                    a.span,
                    format!(
                        "{} never fire volleys or suffer wounds",
                        noun_plural(f.noun)
                    ),
                    "not a unit",
                    "combat modifiers are for units: ships, Stations and Marines (§9.35)".into(),
                );
            }
        }
    }

    fn override_(
        &mut self,
        a: &ParsedAbility,
        rule: BaseRule,
        value: RuleValue,
        scope: OverrideScope,
    ) {
        // One check for the compiler, the database loader and ruling files (ir::rules).
        if let Err(p) = rule.check_scope(self.kind(), scope, value) {
            let span = a.scope_span.unwrap_or(a.span);
            self.error(codes::OVERRIDE_SCOPE, span, p.message, p.label, p.help);
        }
        if value == rule.default_value() {
            self.warn(
                codes::CONTRADICTION,
                a.span,
                format!(
                    "this override sets `{}` to its base value `{value}`",
                    rule.name()
                ),
                "changes nothing",
                format!(
                    "§{} already says `{value}`; remove the override",
                    rule.section()
                ),
            );
        }
    }

    /// Checks on one effect: what each action is aimed at, and self-contradictions.
    fn effect(&mut self, a: &ParsedAbility, e: &Effect, when: Engaged) {
        for step in &e.steps {
            let lists: Vec<&Vec<Action>> = match step {
                Step::Do(x) => vec![x],
                Step::If {
                    condition,
                    then,
                    otherwise,
                } => {
                    let att = condition.tests.contains(&Test::Attacking);
                    let def = condition.tests.contains(&Test::Defending);
                    let dmg = condition.tests.iter().any(|t| matches!(t, Test::Damaged { negated: false, anchor } if *anchor == Anchor::This))
                        && condition.tests.iter().any(|t| matches!(t, Test::Damaged { negated: true, anchor } if *anchor == Anchor::This));
                    if (att && def) || dmg {
                        self.warn(
                            codes::CONTRADICTION,
                            a.span,
                            "this condition can never hold".into(),
                            "contradicts itself",
                            "its tests exclude each other; the `then` part never happens".into(),
                        );
                    }
                    vec![then, otherwise]
                }
                Step::May { then, .. } => vec![then],
                Step::Roll { branches } => {
                    for (i, b) in branches.iter().enumerate() {
                        if branches
                            .iter()
                            .skip(i + 1)
                            .any(|o| o.lo <= b.hi && b.lo <= o.hi)
                        {
                            self.warn(
                                codes::CONTRADICTION,
                                a.span,
                                format!("roll branches overlap at {}-{}", b.lo, b.hi),
                                "overlapping ranges",
                                "one result must pick one branch; make the ranges disjoint".into(),
                            );
                            break;
                        }
                    }
                    branches.iter().map(|b| &b.actions).collect()
                }
                Step::Choose { modes, .. } => {
                    if modes
                        .iter()
                        .enumerate()
                        .any(|(i, m)| modes.iter().skip(i + 1).any(|o| o == m))
                    {
                        self.warn(
                            codes::CONTRADICTION,
                            a.span,
                            "two modes of this choice do the same".into(),
                            "the same mode twice",
                            "a choice between equal modes is no choice; make each mode differ"
                                .into(),
                        );
                    }
                    modes.iter().collect()
                }
            };
            for list in lists {
                for act in list {
                    self.action(a, act, when);
                }
            }
        }
    }

    fn action(&mut self, a: &ParsedAbility, act: &Action, when: Engaged) {
        // I-98: a taunt or a decoy is about the volleys fired at a unit, so its recipients are
        // units that carry wounds, and a decoy's `this` is one.
        let volleys_at = matches!(
            act,
            Action::Modify {
                modifier: CardModifier::Taunt { .. } | CardModifier::Decoy,
                ..
            }
        );
        if matches!(
            act,
            Action::Modify {
                modifier: CardModifier::Decoy,
                ..
            }
        ) && !kind_has_wounds(self.kind())
        {
            self.error(
                codes::NOT_A_TARGET_KIND,
                a.span,
                format!("{} is never fired at, so it cannot draw a volley", capitalise_first(&a_kind(self.kind()))),
                "not fired at",
                "a decoy is a unit the volley can be fired at instead: a ship, a Station or a Module-Station (§6.2, I-98)".into(),
            );
        }
        let needs_wounds = volleys_at
            || matches!(
                act,
                Action::CompulsoryWounds { .. } | Action::Volley { .. } | Action::Repair { .. }
            );
        if needs_wounds {
            for aim in act.aims() {
                let bad = match aim {
                    Aim::Chosen(t) => (!noun_has_wounds(t.filter.noun))
                        .then(|| noun_plural(t.filter.noun).to_string()),
                    Aim::Named(Group::Each(f)) => {
                        (!noun_has_wounds(f.noun)).then(|| noun_plural(f.noun).to_string())
                    }
                    Aim::Named(Group::This) => {
                        (!kind_has_wounds(self.kind())).then(|| a_kind(self.kind()))
                    }
                    Aim::Named(Group::That(n)) => {
                        (!noun_has_wounds(*n)).then(|| noun_plural(*n).to_string())
                    }
                    _ => None,
                };
                if let Some(what) = bad {
                    self.error(
                        codes::NOT_A_TARGET_KIND,
                        a.span,
                        format!("{what} cannot be wounded, fired at or repaired"),
                        "no wounds",
                        "§9.38: only Ships, Stations, Marines and Module-Station cards carry wounds".into(),
                    );
                }
            }
        }
        // A searched card deployed aboard a card must be one that goes aboard (§9.1).
        if let Action::Search {
            filter,
            then: SearchThen::DeployAboard { .. },
            ..
        } = act
        {
            if !ALL_KINDS
                .iter()
                .any(|k| filter.noun.admits(*k) && !host_kinds(*k).is_empty())
            {
                self.error(
                    codes::NOT_A_TARGET_KIND,
                    a.span,
                    format!(
                        "{} are never aboard or attached to another card, so cannot be deployed aboard one",
                        noun_plural(filter.noun)
                    ),
                    "never attached",
                    "§9.1: only Marines, Modules and Fighter Wings are attached; write `deploy it` for a card that stands on its own".into(),
                );
            }
        }
        // §2.7: a Tactic resolves and goes to the Scrapheap; it is never a card in play.
        for aim in act.aims() {
            let noun = match aim {
                Aim::Chosen(t) => Some(t.filter.noun),
                Aim::Named(Group::Each(f)) => Some(f.noun),
                _ => None,
            };
            if noun == Some(Noun::Tactic) {
                self.error(
                    codes::NOT_A_TARGET_KIND,
                    a.span,
                    "Tactics are never in play, so nothing can be done to one".into(),
                    "no Tactic in play",
                    "§2.7: a Tactic resolves when deployed and goes to the Scrapheap; aim at a unit, Module or Event".into(),
                );
            }
        }
        let engagement_only = matches!(
            act,
            Action::CancelEngagement { .. } | Action::Retreat { .. }
        ) || act.commander_aim() == Some(CommanderAim::Opponent);
        if !engagement_only {
            return;
        }
        let what = match act {
            Action::CancelEngagement { .. } => "cancels the current engagement",
            Action::Retreat { .. } => "retreats from the current engagement (§9.28)",
            _ => "names the opposing Commander of the current engagement",
        };
        let fix = if self.is_event_or_tactic() {
            "add `timing: engagement` or `timing: start of engagement` (§6.6 STEP 1)"
        } else {
            "use a trigger that happens in an engagement (`engagement starts`, `boarded`, `rolls a natural 10`, ...), or name `each opponent` / `target opponent` instead"
        };
        match when {
            Engaged::Always => {}
            Engaged::Maybe => self.warn(
                codes::NEVER_TRIGGERS,
                a.span,
                format!("this {what}, but it can happen outside an engagement"),
                "may have no engagement",
                fix.into(),
            ),
            Engaged::Never => self.warn(
                codes::NEVER_TRIGGERS,
                a.span,
                format!("this {what}, but it never happens during an engagement"),
                "never in an engagement",
                fix.into(),
            ),
        }
    }

    /// Whether a trigger fires during an engagement (§6.6), outside one, or either.
    fn trigger_engaged(&self, t: &Trigger) -> Engaged {
        match t.event {
            TriggerEvent::EngagementStarts
            | TriggerEvent::EngagementEnds
            | TriggerEvent::Boarded
            | TriggerEvent::Boards
            | TriggerEvent::Hijacks
            | TriggerEvent::Hijacked
            | TriggerEvent::Retreats
            | TriggerEvent::RollsNatural(_) => Engaged::Always,
            // A volley from an Event's text may be fired outside an engagement, and compulsory
            // wounds dealt.
            TriggerEvent::Destroys
            | TriggerEvent::Wounds
            | TriggerEvent::WoundedBy
            | TriggerEvent::Wounded => Engaged::Maybe,
            // Logistics and Manufacturing come before the Engagement Phase, and a turn ends
            // after it (§5.2).
            TriggerEvent::YourLogistics
            | TriggerEvent::YourManufacturing
            | TriggerEvent::YourTurnStarts
            | TriggerEvent::YourTurnEnds => Engaged::Never,
            // Only Events and Tactics are deployed during an engagement, unless printed text
            // says otherwise (§6.5.4).
            TriggerEvent::Deployed => {
                let watched_in_engagement = match t.watch {
                    Watch::Any(_) => true,
                    Watch::This => {
                        self.is_event_or_tactic()
                            || self.overridden(BaseRule::DeployInEngagement)
                                == Some(RuleValue::Flag(true))
                    }
                    Watch::Host | Watch::Commander => false,
                };
                if watched_in_engagement {
                    Engaged::Maybe
                } else {
                    Engaged::Never
                }
            }
            TriggerEvent::Destroyed => Engaged::Maybe,
        }
    }
}

/// Whether an effect can add to its commander's Stockpile (`gain`, `take`): an activated
/// ability paid from that Stockpile could then pay for itself.
fn refills(effect: &crate::ir::effect::Effect) -> bool {
    use crate::ir::effect::Action;
    effect.steps.iter().any(|s| {
        s.action_lists()
            .into_iter()
            .flatten()
            .any(|a| matches!(a, Action::Gain { .. } | Action::Take { .. }))
    })
}
