//! `cardc explain`: a card as a designer reads it. Its attributes, its abilities rendered back
//! into canonical English rules text generated from the IR (never the source text), and for
//! every Golden-Rule override the base rule it changes with its section (§8.1).
//!
//! The English follows the card it is printed on ("this ship", "the Marine this is attached
//! to"), agrees in number ("target ship gets", "2 target ships get"), and says "it" for the
//! card a trigger is about. The output is stable: it depends only on the IR, and the snapshot
//! tests pin it. Pure functions of the IR, so the engine may use [`ability_text`] in logs
//! without the compiler.

use std::fmt::Write as _;

use crate::ir::card::{Amount, Card, CardKind, ModuleKind, ShipClass, SizeRestriction};
use crate::ir::effect::*;
use crate::ir::rules::{BaseRule, RuleSubject, RuleValue};

/// The full explanation of a card, ending with a newline.
pub fn explain(card: &Card) -> String {
    let abilities = &card.abilities;
    let mut out = String::new();
    let _ = writeln!(out, "{}", card.name);
    let mut type_line = card.kind.type_line();
    if let Some(f) = card.faction {
        let _ = write!(type_line, " · {f}");
        if card.restricted {
            type_line.push_str(" only");
        }
    }
    if card.prototype {
        type_line.push_str(" · Prototype (§8.8)");
    }
    let _ = writeln!(out, "{type_line}");
    if !matches!(card.kind, CardKind::Station | CardKind::Stockpile(_)) {
        let _ = writeln!(out, "  Cost: {}", amount_short(card.cost));
    }
    if !card.income.is_zero() {
        let _ = writeln!(out, "  Income: {} per turn", amount_short(card.income));
    }
    // A Module prints bonuses to its host, except a Module-Station's own wounds (§2.2).
    let module = matches!(card.kind, CardKind::Module(_));
    let own_wounds = card.kind == CardKind::Module(ModuleKind::Station);
    let stats: Vec<String> = [
        ("Attack", card.attack, module),
        ("Defense", card.defense, module),
        ("Wounds", card.wounds, module && !own_wounds),
    ]
    .iter()
    .filter_map(|(n, v, bonus)| {
        v.map(|v| {
            if *bonus {
                format!("{n} +{v}")
            } else {
                format!("{n} {v}")
            }
        })
    })
    .collect();
    if !stats.is_empty() {
        let _ = writeln!(out, "  {}", stats.join(" · "));
    }
    let mut carries = Vec::new();
    if card.capacity.marines > 0 {
        carries.push(times(card.capacity.marines, "Marine", "Marines"));
    }
    if card.capacity.wings > 0 {
        carries.push(times(card.capacity.wings, "Wing", "Wings"));
    }
    if !carries.is_empty() {
        let _ = writeln!(out, "  Carries: {}", carries.join(", "));
    }
    if matches!(
        card.kind,
        CardKind::Marine { character: false } | CardKind::Ship(ShipClass::FighterWing)
    ) {
        let _ = writeln!(out, "  Space: {}", card.space);
    }
    if let Some(fits) = &card.fits {
        let _ = writeln!(out, "  Fits: {fits}");
    }
    if !card.traits.is_empty() {
        let t: Vec<String> = card.traits.iter().map(|t| t.to_string()).collect();
        let _ = writeln!(out, "  Traits: {}", t.join(", "));
    }
    if !card.text.is_empty() {
        let _ = writeln!(out, "  Printed text: \"{}\"", card.text);
    }
    if abilities.is_empty() {
        let _ = writeln!(out, "  Abilities: none");
    } else {
        let _ = writeln!(out, "  Abilities:");
        for a in abilities {
            let _ = writeln!(out, "    - {}", ability_text_on(card.kind, a));
            if let Ability::Override { rule, scope, .. } = a {
                // What the rule says without the card, in the same words and for the same cards
                // as the override above: a bare "normally allowed" reads backwards for rules
                // whose `yes` forbids something (`station-first-round-shield`, issue #14).
                let _ = writeln!(
                    out,
                    "      (changes the base rule `{}`, §{}: normally {})",
                    rule.name(),
                    rule.section(),
                    Ctx::of(Some(card.kind)).override_(*rule, rule.default_value(), *scope)
                );
            }
        }
    }
    out
}

/// The ability line an explained sentence is written back as, `(key, text)`, by the rule of
/// docs/abilities.md §Explain is valid source: whatever stands in parentheses (citations,
/// reminders) is dropped, and the final full stop; a Golden-Rule sentence is not written back
/// (an override is written by its rule's name, docs/base-rules.md); a sentence that opens with
/// `When`, `Whenever`, `At the start`/`At the end`, `During` or `Once per` is a `when:` trigger,
/// `Whenever X, Y` ↔ `when X: Y`, a leading limit `Once per turn, ...` going after the trigger;
/// `Face Up-Face Down: When X, you may flip ... If you do, Y` is `flip when X: Y`; `If this
/// ... would be destroyed, instead Y` is `instead of being destroyed: Y`; `Activated ability:
/// X: Y` is `activate X: Y`; `Deploy only during X`
/// (`Deploy at X`, `May be deployed at X`) is `timing: X`; any other sentence is the `play:` of
/// an Event or Tactic and the `static:` of any other card; `; then` between steps is `;`.
pub fn write_back(kind: CardKind, sentence: &str) -> Option<(&'static str, String)> {
    let mut plain = String::with_capacity(sentence.len());
    let mut depth = 0usize;
    for c in sentence.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let plain = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    let plain = plain
        .replace(" ,", ",")
        .replace(" :", ":")
        .replace(" .", ".")
        .replace("; then ", "; ");
    let text = plain.trim().trim_end_matches('.').trim();
    if text.starts_with("Golden Rule") {
        return None;
    }
    if let Some(rest) = text.strip_prefix("Activated ability") {
        let rest = rest.trim_start().strip_prefix(':')?.trim_start();
        return Some(("activate", rest.to_string()));
    }
    if let Some(rest) = text.strip_prefix("Play only ") {
        return Some(("limit", format!("play only {rest}")));
    }
    for lead in ["Deploy only ", "Deploy ", "May be deployed "] {
        if let Some(rest) = text.strip_prefix(lead) {
            return Some(("timing", rest.to_string()));
        }
    }
    if let Some(rest) = text.strip_prefix("Face Up-Face Down: ") {
        let (trigger, effect) = rest.split_once(", you may flip ")?;
        let (_, effect) = effect.split_once(". If you do, ")?;
        return Some(("flip", format!("{}: {effect}", lower_first(trigger))));
    }
    if let Some(rest) = text.strip_prefix("If ") {
        if let Some((event, effect)) = rest.split_once(", instead ") {
            let (_, event) = event.split_once(" would ")?;
            let replaced = match event {
                "be destroyed" => "of being destroyed",
                "suffer compulsory wounds" => "of suffering compulsory wounds",
                "be boarded" => "of being boarded",
                _ => return None,
            };
            return Some(("instead", format!("{replaced}: {effect}")));
        }
    }
    let (limit, body) = match text.split_once(", ") {
        Some((l, rest)) if l.starts_with("Once per ") => (Some(lower_first(l)), rest),
        _ => (None, text),
    };
    let trigger_lead = [
        "When ",
        "Whenever ",
        "At the start",
        "At the end",
        "During ",
    ];
    if limit.is_some() || trigger_lead.iter().any(|l| body.starts_with(l)) {
        let (trigger, effect) = body.split_once(", ")?;
        let trigger = ["Whenever ", "When ", "whenever ", "when "]
            .iter()
            .find_map(|w| trigger.strip_prefix(w))
            .map_or_else(|| lower_first(trigger), str::to_string);
        let trigger = match limit {
            Some(l) => format!("{trigger} {l}"),
            None => trigger,
        };
        return Some(("when", format!("{trigger}: {effect}")));
    }
    // An Event attached to a card (§2.6) keeps a static about it: `The card this is attached
    // to gets +1 attack` is no one-shot effect (that would need a duration).
    let key = match kind {
        CardKind::Event if text.starts_with("The card this is attached to ") => "static",
        CardKind::Event | CardKind::Tactic => "play",
        _ => "static",
    };
    Some((key, text.to_string()))
}

/// How many modes a modal step chooses, as its source writes it.
fn count_word(n: u8) -> &'static str {
    match n {
        1 => "one",
        2 => "two",
        _ => "three",
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// One ability as canonical English rules text, ending with a full stop, without knowing the
/// card it is printed on (it says "this card" and "the card this is attached to").
pub fn ability_text(a: &Ability) -> String {
    Ctx::of(None).ability(a)
}

/// One ability as printed on a card of `kind`: "this ship", "the Marine this is attached to".
pub fn ability_text_on(kind: CardKind, a: &Ability) -> String {
    Ctx::of(Some(kind)).ability(a)
}

/// A filter as a noun phrase: `opposing damaged RDF Cruiser or smaller with Stealth`.
pub fn filter_text(f: &Filter, plural: bool) -> String {
    Ctx::of(None).filter(f, if plural { Number::Some } else { Number::One })
}

/// How many cards a noun phrase stands for, which decides its form: `a Frigate or Destroyer`,
/// `2 target Frigates or Destroyers`, `your Frigates and Destroyers cost ...`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Number {
    One,
    /// Several, picked from the kinds listed: a class list joins with "or".
    Some,
    /// Every card of the kinds listed: a class list joins with "and".
    Every,
}

/// Who "this" and "host" are, from the card the ability is printed on, and which of them the
/// trigger is about (then the effect says "it").
#[derive(Debug, Clone, Copy)]
struct Ctx {
    kind: Option<CardKind>,
    it: Option<Anchor>,
}

/// `s` after a verb in the third person singular.
fn verb_s(plural: bool) -> &'static str {
    if plural {
        ""
    } else {
        "s"
    }
}

/// `a` or `an` before a word, by how it is spoken (`an RDF ship`, `a unit`).
fn article(word: &str) -> &'static str {
    let lower = word.to_ascii_lowercase();
    let vowel = lower.starts_with(['a', 'e', 'i', 'o', 'u']) && !lower.starts_with("uni");
    if vowel || word.starts_with("RDF") {
        "an"
    } else {
        "a"
    }
}

fn with_article(phrase: &str) -> String {
    format!("{} {phrase}", article(phrase))
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// `2 Resource and 1 Currency`.
fn amount_text(a: Amount) -> String {
    match (a.resource, a.currency) {
        (r, 0) => format!("{r} Resource"),
        (0, c) => format!("{c} Currency"),
        (r, c) => format!("{r} Resource and {c} Currency"),
    }
}

/// `2R 1C`, `1C`, `0`: an amount as printed on a card.
fn amount_short(a: Amount) -> String {
    match (a.resource, a.currency) {
        (0, 0) => "0".into(),
        (r, 0) => format!("{r}R"),
        (0, c) => format!("{c}C"),
        (r, c) => format!("{r}R {c}C"),
    }
}

fn change_text(c: AmountChange) -> String {
    format!(
        "{}{}",
        if c.more { "+" } else { "-" },
        amount_text(c.amount)
    )
}

fn times(n: u8, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn timing_text(t: Timing) -> &'static str {
    match t {
        Timing::AnyTime => {
            "May be deployed at any time (even during another Commander's turn, §2.6)"
        }
        Timing::Engagement => "Deploy only during an engagement (§2.7)",
        Timing::StartOfEngagement => "Deploy at the start of an engagement (§6.6 STEP 1)",
        Timing::YourTurn => "Deploy only during your turn",
        Timing::YourManufacturing => "Deploy only during your Manufacturing Phase (§5.4)",
    }
}

pub(crate) fn noun_text(n: Noun) -> &'static str {
    match n {
        Noun::Card => "card",
        Noun::Unit => "unit",
        Noun::Ship => "ship",
        Noun::Marine => "Marine",
        Noun::MarineCharacter => "Marine-Character",
        Noun::Station => "Station",
        Noun::Module => "Module",
        Noun::ModuleStation => "Module-Station card",
        Noun::ModuleShip => "Module-Ship card",
        Noun::ModuleMarine => "Module-Marine card",
        Noun::Event => "Event",
        Noun::Tactic => "Tactic",
        Noun::Breakthru => "Breakthru",
    }
}

/// `Frigate or Destroyer`, `Frigates, Destroyers and Cruisers`.
fn class_list_text(cs: &[ShipClass], number: Number) -> String {
    let names: Vec<String> = cs
        .iter()
        .map(|c| match number {
            Number::One => c.to_string(),
            _ => format!("{c}s"),
        })
        .collect();
    let conj = if number == Number::Every {
        " and "
    } else {
        " or "
    };
    match names.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{}{conj}{last}", init.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

impl Ctx {
    fn of(kind: Option<CardKind>) -> Ctx {
        Ctx { kind, it: None }
    }

    fn about(self, it: Option<Anchor>) -> Ctx {
        Ctx { it, ..self }
    }

    /// The card the ability is printed on.
    fn this(&self) -> &'static str {
        match self.kind {
            Some(CardKind::Station) => "this Station",
            Some(CardKind::Ship(ShipClass::FighterWing)) => "this Fighter Wing",
            Some(CardKind::Ship(_)) => "this ship",
            Some(CardKind::Marine { .. }) => "this Marine",
            Some(CardKind::Module(_)) => "this Module",
            Some(CardKind::Event) => "this Event",
            Some(CardKind::Tactic) => "this Tactic",
            Some(CardKind::Breakthru) => "this Breakthru",
            _ => "this card",
        }
    }

    /// The card it is attached to (§9.1).
    fn host(&self) -> &'static str {
        match self.kind {
            Some(CardKind::Module(ModuleKind::Ship)) => "the ship this is attached to",
            Some(CardKind::Module(ModuleKind::Marine)) => "the Marine this is attached to",
            Some(CardKind::Module(ModuleKind::Station)) => "the Station this is attached to",
            Some(CardKind::Marine { .. }) => "the ship or Station carrying this Marine",
            Some(CardKind::Ship(ShipClass::FighterWing)) => {
                "the ship or Station carrying this Fighter Wing"
            }
            _ => "the card this is attached to",
        }
    }

    fn anchor(&self, a: Anchor) -> &'static str {
        match (self.it == Some(a), a) {
            (true, _) => "it",
            (false, Anchor::This) => self.this(),
            (false, Anchor::Host) => self.host(),
        }
    }

    // ---- abilities ----------------------------------------------------------------------------

    fn ability(&self, a: &Ability) -> String {
        match a {
            Ability::Timing(t) => format!("{}.", timing_text(*t)),
            Ability::PlayLimit(l) => format!("Play only {} (I-90).", l.name()),
            // An Event or Tactic's text is what it does when played (§6.8).
            Ability::Play(e) => format!("{}.", capitalise(&self.effect(e))),
            Ability::Triggered {
                trigger,
                face_down: false,
                effect,
            } => {
                // "it" only where the trigger sentence names its subject.
                let named = matches!(
                    trigger.event,
                    TriggerEvent::Deployed
                        | TriggerEvent::Destroyed
                        | TriggerEvent::Boarded
                        | TriggerEvent::Boards
                        | TriggerEvent::RollsNatural(_)
                        | TriggerEvent::Destroys
                        | TriggerEvent::Wounds
                        | TriggerEvent::WoundedBy
                        | TriggerEvent::Wounded
                        | TriggerEvent::Hijacks
                        | TriggerEvent::Hijacked
                        | TriggerEvent::Retreats
                );
                let it = match trigger.watch {
                    Watch::This if named => Some(Anchor::This),
                    Watch::Host if named => Some(Anchor::Host),
                    _ => None,
                };
                format!(
                    "{}, {}.",
                    capitalise(&self.trigger(trigger)),
                    self.about(it).effect(effect)
                )
            }
            // No "it" here: right after "flip this Module face up" it would be ambiguous.
            Ability::Triggered {
                trigger,
                face_down: true,
                effect,
            } => format!(
                "Face Up-Face Down (§3.4.4): {}, you may flip {} face up. If you do, {}.",
                capitalise(&self.trigger(trigger)),
                self.this(),
                self.effect(effect)
            ),
            Ability::Replacement { event, effect } => format!(
                "If {} would {}, instead {}.",
                self.this(),
                match event {
                    // An immediate destruction is final and not replaced (I-47).
                    Replaced::Destroyed => "be destroyed (unless immediately, §6.7, §9.17, I-47)",
                    Replaced::CompulsoryWounds => "suffer compulsory wounds (§9.6)",
                    Replaced::Boarded => "be boarded",
                },
                self.about(Some(Anchor::This)).effect(effect)
            ),
            Ability::Static(s) => format!("{}.", capitalise(&self.static_(s))),
            Ability::Override { rule, value, scope } => format!(
                "Golden Rule (§8.1): {}.",
                capitalise(&self.override_(*rule, *value, *scope))
            ),
            Ability::Activated {
                cost,
                limit,
                when,
                effect,
            } => {
                let mut head: Vec<String> = Vec::new();
                if let Some(c) = cost {
                    head.push(format!("pay {}", amount_text(*c)));
                }
                if let Some(l) = limit {
                    head.push(l.name().to_string());
                }
                let moment = match when {
                    Activation::Event => "when its commander may deploy an Event, I-93",
                    Activation::EngagementIn => {
                        head.push(format!(
                            "only during an engagement {} is in",
                            self.this_in_engagement()
                        ));
                        "I-93"
                    }
                    w => {
                        head.push(w.words().to_string());
                        "I-93"
                    }
                };
                format!(
                    "Activated ability ({moment}): {}: {}.",
                    head.join(", "),
                    self.effect(effect)
                )
            }
        }
    }

    /// The card an activated ability is used from, as `only during an engagement ... is in`
    /// writes it back (a Fighter Wing is a ship).
    fn this_in_engagement(&self) -> &'static str {
        match self.kind {
            Some(CardKind::Ship(_)) => "this ship",
            _ => self.this(),
        }
    }

    fn trigger(&self, t: &Trigger) -> String {
        let body = self.trigger_body(t);
        match t.limit {
            Some(l) => format!("{}, {body}", l.name()),
            None => body,
        }
    }

    fn trigger_body(&self, t: &Trigger) -> String {
        let subject = match &t.watch {
            Watch::This => self.this().to_string(),
            Watch::Host => self.host().to_string(),
            Watch::Any(f) => with_article(&self.filter(f, Number::One)),
            Watch::Commander => "you".to_string(),
        };
        let when = match t.watch {
            Watch::Any(_) => "whenever",
            _ => "when",
        };
        let other = |default: &str| {
            t.other.as_ref().map_or(default.to_string(), |f| {
                with_article(&self.filter(f, Number::One))
            })
        };
        match t.event {
            TriggerEvent::Deployed => format!("{when} {subject} is deployed"),
            TriggerEvent::Destroyed => format!("{when} {subject} is destroyed"),
            TriggerEvent::Boarded if t.other.is_some() => {
                format!("{when} {subject} is boarded by {}", other(""))
            }
            TriggerEvent::Boarded => format!("{when} {subject} is boarded"),
            TriggerEvent::Boards => {
                format!(
                    "{when} {subject} boards {}",
                    other("an opposing ship or Station")
                )
            }
            TriggerEvent::Destroys => format!(
                "{when} {subject} destroys {} with volley fire (§6.7)",
                other("a unit")
            ),
            TriggerEvent::Wounds => format!(
                "{when} {subject} wounds {} with volley fire (§6.2)",
                other("a unit")
            ),
            TriggerEvent::WoundedBy => format!(
                "{when} {subject} is wounded by the volley fire of {} (§6.2)",
                other("a unit")
            ),
            TriggerEvent::Hijacks => format!(
                "{when} the Marines of {subject} hijack {} (§9.16)",
                other("an opposing ship or Station")
            ),
            TriggerEvent::Hijacked => format!("{when} {subject} is hijacked (§9.16)"),
            TriggerEvent::Wounded => format!("{when} {subject} is wounded (§6.2, §9.6)"),
            TriggerEvent::Retreats => {
                format!("{when} {subject} retreats from an engagement (§9.28)")
            }
            TriggerEvent::RollsNatural(n) => format!("{when} {subject} rolls a natural {n}"),
            TriggerEvent::EngagementStarts | TriggerEvent::EngagementEnds => {
                let edge = if t.event == TriggerEvent::EngagementStarts {
                    "start"
                } else {
                    "end"
                };
                match t.watch {
                    Watch::Commander => format!("at the {edge} of each engagement you fight"),
                    _ => format!("at the {edge} of each engagement {subject} is in"),
                }
            }
            TriggerEvent::YourLogistics => "during your Logistics Phase".into(),
            TriggerEvent::YourManufacturing => "during your Manufacturing Phase".into(),
            TriggerEvent::YourTurnStarts => "at the start of your turn".into(),
            TriggerEvent::YourTurnEnds => "at the end of your turn".into(),
        }
    }

    // ---- statics ------------------------------------------------------------------------------

    /// A modifier on Commanders in words: a static's, or a temporary one's before its duration.
    fn commander_static(&self, who: Commanders, modifier: &CommanderModifier) -> String {
        let whose = match who {
            Commanders::You => "your",
            Commanders::Opponents => "each opposing Commander's",
            Commanders::All => "each Commander's",
        };
        let more_less = |more: bool| if more { "increased" } else { "reduced" };
        match modifier {
            CommanderModifier::HandSize(d) => format!(
                "{whose} maximum hand size is {} by {} (§5.3.1)",
                more_less(*d > 0),
                d.unsigned_abs()
            ),
            CommanderModifier::Income(c) => format!(
                "{whose} income is {} by {} per turn (§5.3.2)",
                more_less(c.more),
                amount_text(c.amount)
            ),
            CommanderModifier::Cost { of, change } => {
                let of = Filter {
                    noun: of.noun,
                    preds: of
                        .preds
                        .iter()
                        .filter(|p| !matches!(p, Pred::Controller(_)))
                        .cloned()
                        .collect(),
                };
                format!(
                    "{}{} cost {} {} to deploy (never below 0, §8.4)",
                    match who {
                        Commanders::You => "your ",
                        Commanders::Opponents => "opposing Commanders' ",
                        Commanders::All => "",
                    },
                    self.filter(&of, Number::Every),
                    amount_text(change.amount),
                    if change.more { "more" } else { "less" }
                )
            }
        }
    }

    fn static_(&self, s: &Static) -> String {
        match s {
            Static::Cards {
                group,
                modifier,
                condition,
            } => {
                let (who, plural) = self.group(group);
                let mut t = match modifier {
                    CardModifier::Taunt { units } => taunt_text(*units, &who),
                    _ => format!("{who} {}", modifier_text(modifier, plural)),
                };
                if let Some(c) = condition {
                    let _ = write!(t, " while {}", self.condition(c));
                }
                t
            }
            Static::Against {
                group,
                bonus,
                against,
                condition,
            } => {
                let (who, plural) = self.group(group);
                let s = verb_s(plural);
                let kind = self.filter(against, Number::Every);
                let mut t = match *bonus {
                    AgainstBonus::RollBonus(d) => format!(
                        "{who} get{s} {d:+} to volley rolls against {kind} (a natural 1 still misses, a natural 10 still hits)"
                    ),
                    AgainstBonus::Attack(d) => format!(
                        "{who} get{s} {d:+} attack against {kind} (rolled with its dice at the first such target of each volley, I-97)"
                    ),
                    AgainstBonus::DoubleWounds => format!(
                        "{who} deal{s} double wounds against {kind} (each hit deals twice its wounds, I-97)"
                    ),
                };
                if let Some(c) = condition {
                    // `while this ship is damaged`, not `while it is ...`: words the language
                    // reads back.
                    let _ = write!(t, " while {}", self.condition(c));
                }
                t
            }
            Static::Commanders {
                who,
                modifier,
                condition,
            } => {
                let mut t = self.commander_static(*who, modifier);
                if let Some(c) = condition {
                    let _ = write!(t, " while {}", self.condition(c));
                }
                t
            }
        }
    }

    // ---- Golden-Rule overrides (§8.1) ---------------------------------------------------------

    /// The override as a sentence about whom it changes the rule for.
    fn override_(&self, rule: BaseRule, value: RuleValue, scope: OverrideScope) -> String {
        let sentence = self.override_sentence(rule, value, scope);
        if scope == OverrideScope::Against {
            // I-99: the rule of whichever unit this card meets.
            return format!("{sentence} against {}", self.this());
        }
        sentence
    }

    fn override_sentence(&self, rule: BaseRule, value: RuleValue, scope: OverrideScope) -> String {
        let subject = rule.subject();
        // (who, whose, plural): the subject of the sentence and its possessive.
        let (who, whose, plural): (String, String, bool) = match (subject, scope) {
            (_, OverrideScope::Against) => ("a unit".into(), "a unit's".into(), false),
            (RuleSubject::Commander, OverrideScope::Opponents) => (
                "each opposing Commander".into(),
                "each opposing Commander's".into(),
                false,
            ),
            (RuleSubject::Commander, _) => ("you".into(), "your".into(), true),
            (_, OverrideScope::This) => (self.this().into(), format!("{}'s", self.this()), false),
            (_, OverrideScope::Host) => (self.host().into(), format!("{}'s", self.host()), false),
            (RuleSubject::Station, OverrideScope::You) => {
                ("your Station".into(), "your Station's".into(), false)
            }
            (RuleSubject::Station, OverrideScope::Opponents) => (
                "each opposing Station".into(),
                "each opposing Station's".into(),
                false,
            ),
            (s, OverrideScope::You) => {
                let n = subject_plural(s);
                (format!("your {n}"), format!("your {n}'"), true)
            }
            (s, OverrideScope::Opponents) => {
                let n = subject_plural(s);
                (format!("opposing {n}"), format!("opposing {n}'"), true)
            }
        };
        let s = verb_s(plural);
        let n = match value {
            RuleValue::Count(n) => n,
            _ => 0,
        };
        let may = match value {
            RuleValue::Flag(false) => "may not",
            _ => "may",
        };
        match rule {
            BaseRule::StationModuleLimit => {
                format!("{who} may attach up to {n} Module-Station cards")
            }
            BaseRule::UnitModuleLimit => {
                format!("{who} may attach up to {}", times(n, "Module", "Modules"))
            }
            BaseRule::SetupStationModules => format!(
                "{who} deploy{s} {} at no cost in the Setup Phase",
                times(n, "Module-Station card", "Module-Station cards")
            ),
            BaseRule::StartingResource => format!("{who} start{s} the game with {n} Resource"),
            BaseRule::StartingCurrency => format!("{who} start{s} the game with {n} Currency"),
            BaseRule::HandSize => format!("{whose} maximum hand size is {n}"),
            BaseRule::MulliganCost => match value {
                RuleValue::Amount(a) => {
                    format!("{whose} mulligans cost {}", amount_text(a))
                }
                _ => format!("{whose} mulligans cost {value}"),
            },
            BaseRule::StockpileCap => {
                format!("{whose} Stockpile holds up to {n} Resource and {n} Currency")
            }
            BaseRule::LogisticsRepair => format!(
                "{who} remove{s} {} in each Logistics Phase when damaged",
                times(n, "wound", "wounds")
            ),
            BaseRule::ConscriptionsPerPhase => format!(
                "{who} may Conscript up to {} in each Manufacturing Phase",
                times(n, "unit", "units")
            ),
            BaseRule::ConscriptionMultiplier => {
                format!("{whose} Conscripted units cost {n} times their printed cost")
            }
            BaseRule::EngagementsPerTurn => format!(
                "{who} may declare up to {} each turn",
                times(n, "engagement", "engagements")
            ),
            BaseRule::DeployInSetup => format!("{who} {may} be deployed during the Setup Phase"),
            BaseRule::DeployInEngagement => format!("{who} {may} be deployed during an engagement"),
            BaseRule::TacticInOtherEngagements => {
                format!("{who} {may} be deployed into engagements between other Commanders")
            }
            BaseRule::StationFirstRoundShield => match value {
                RuleValue::Flag(true) => {
                    format!("{who} cannot be targeted in the first round of an engagement")
                }
                _ => format!("{who} may be targeted in the first round of an engagement"),
            },
            BaseRule::StationMarinesBoard => {
                format!("Marines aboard {who} {may} board opposing ships")
            }
            BaseRule::StationJoinsAttack => {
                format!("{who} {may} join an engagement at another Commander's Station")
            }
            BaseRule::FaceDownMinClass => {
                format!("{who}, if Face Up-Face Down, may be attached to a {value} or larger")
            }
            BaseRule::TransportModules => {
                format!("{who} {may} attach Module-Ship cards although a Transport")
            }
            BaseRule::StealthBonus => {
                format!("Stealth adds {n} to {whose} printed defense")
            }
            BaseRule::AlphaStrikeBonus => {
                format!("Alpha Strike adds {n} to the result of {whose} first volley die")
            }
            BaseRule::AnnihilateWounds => format!(
                "a natural 10 rolled by {who} with Annihilate inflicts {}",
                times(n, "wound", "wounds")
            ),
            BaseRule::EscortCancels => format!(
                "with Escort, {who} may cancel up to {} in each Escort Phase",
                times(n, "boarding action", "boarding actions")
            ),
            BaseRule::OverloadPerEngagement => format!(
                "{who} may use Overload up to {} per engagement",
                times(n, "time", "times")
            ),
            BaseRule::UniqueInPlay => format!(
                "a Commander may have up to {} of {who} in play",
                times(n, "copy", "copies")
            ),
            BaseRule::StationModuleCopies => format!(
                "{who} may attach up to {} of the same Module-Station card",
                times(n, "copy", "copies")
            ),
            BaseRule::EventStaysInPlay => match value {
                RuleValue::Flag(true) => {
                    format!("{who} stay{s} on the battlefield after resolving")
                }
                _ => format!(
                    "{who} go{} to the Scrapheap after resolving",
                    if plural { "" } else { "es" }
                ),
            },
            BaseRule::FighterWingAttachments => {
                format!("{who} {may} attach Module and Marine cards although a Fighter Wing")
            }
            BaseRule::RegimentedFromHand => {
                format!("{who} {may} take Regimented units from the hand as well as the Shipyard")
            }
            BaseRule::ActiveTraitsPerVolley => format!(
                "{who} may use up to {} in one turn to volley",
                times(n, "active trait", "active traits")
            ),
            BaseRule::FearlessPerEngagement => format!(
                "{who} may use Fearless up to {} per engagement",
                times(n, "time", "times")
            ),
            BaseRule::CharacterConscription => {
                // A Commander's rule: a Character in the Shipyard has no text in play (§5.4.3).
                format!("{whose} Marine-Characters {may} be Conscripted")
            }
            BaseRule::StealthBoardable => {
                format!("{who} {may} be boarded by ships without Hunter")
            }
        }
    }

    // ---- recipients and filters ---------------------------------------------------------------

    /// Named recipients and whether they read as plural.
    fn group(&self, g: &Group) -> (String, bool) {
        match g {
            Group::This => (self.anchor(Anchor::This).into(), false),
            Group::Host => (self.anchor(Anchor::Host).into(), false),
            Group::Attached => (format!("each card attached to {}", self.this()), false),
            Group::That(n) | Group::Watched(n) => (format!("that {}", noun_text(*n)), false),
            Group::Each(f) => {
                // A Commander has one Station (§2.1.3): "your Station", not "each Station you
                // control".
                let yours = f.preds.contains(&Pred::Controller(Side::Yours));
                if yours && f.noun == Noun::Station {
                    let rest = Filter {
                        noun: f.noun,
                        preds: f
                            .preds
                            .iter()
                            .filter(|p| **p != Pred::Controller(Side::Yours))
                            .cloned()
                            .collect(),
                    };
                    return (format!("your {}", self.filter(&rest, Number::One)), false);
                }
                (format!("each {}", self.filter(f, Number::One)), false)
            }
        }
    }

    fn aim(&self, a: &Aim) -> (String, bool) {
        match a {
            Aim::Named(g) => self.group(g),
            Aim::Chosen(t) => {
                let plural = t.count > 1;
                let f = self.filter(&t.filter, if plural { Number::Some } else { Number::One });
                let text = match (t.up_to, t.count) {
                    (false, 1) => format!("target {f}"),
                    (false, n) => format!("{n} target {f}"),
                    (true, n) => format!("up to {n} target {f}"),
                };
                (text, plural)
            }
        }
    }

    fn filter(&self, f: &Filter, number: Number) -> String {
        let mut pre: Vec<String> = Vec::new();
        let mut post: Vec<String> = Vec::new();
        let mut class_noun: Option<String> = None;
        let plural = number != Number::One;
        for p in &f.preds {
            match p {
                Pred::Controller(Side::Yours) => post.push("you control".into()),
                Pred::Controller(Side::Opposing) => pre.push("opposing".into()),
                Pred::Local => pre.push("local".into()),
                Pred::Other => pre.insert(0, "other".into()),
                Pred::Damaged => pre.push("damaged".into()),
                Pred::Undamaged => pre.push("undamaged".into()),
                Pred::Faction(x) => pre.push(x.to_string()),
                Pred::Size(SizeRestriction::Classes(cs)) if !cs.is_empty() => {
                    class_noun = Some(class_list_text(cs, number));
                }
                // `Cruiser or smaller` reads as the noun itself.
                Pred::Size(SizeRestriction::AtLeast(c)) if f.noun == Noun::Ship => {
                    let c = if plural {
                        format!("{c}s")
                    } else {
                        c.to_string()
                    };
                    class_noun = Some(format!("{c} or larger"));
                }
                Pred::Size(SizeRestriction::AtMost(c)) if f.noun == Noun::Ship => {
                    let c = if plural {
                        format!("{c}s")
                    } else {
                        c.to_string()
                    };
                    class_noun = Some(format!("{c} or smaller"));
                }
                Pred::Size(s) => post.push(s.to_string()),
                // A Breakthru has no place (I-88): both of its commander's fleets.
                Pred::InYourFleet if self.kind == Some(CardKind::Breakthru) => {
                    post.push("in your fleet (at home or attacking, §9.15, I-88)".into())
                }
                Pred::InYourFleet => post.push("in your fleet".into()),
                Pred::HasTrait(t) => post.push(format!("with {t}")),
                Pred::LacksTrait(t) => post.push(format!("without {t}")),
                Pred::Named(n) => post.push(format!("named \"{n}\"")),
                Pred::AttachedTo(Anchor::Host)
                    if matches!(
                        self.kind,
                        Some(CardKind::Marine { .. } | CardKind::Ship(ShipClass::FighterWing))
                    ) =>
                {
                    post.push("aboard the same ship or Station".into())
                }
                // The card by name, not `it`: `each opposing Marine aboard this ship`.
                Pred::AttachedTo(a) => post.push(format!("aboard {}", self.about(None).anchor(*a))),
            }
        }
        let noun = match class_noun {
            Some(c) => c,
            None if plural => format!("{}s", noun_text(f.noun)),
            None => noun_text(f.noun).to_string(),
        };
        let mut words = pre;
        words.push(noun);
        words.extend(post);
        words.join(" ")
    }

    // ---- effects ------------------------------------------------------------------------------

    fn effect(&self, e: &Effect) -> String {
        let steps: Vec<String> = e.steps.iter().map(|s| self.step(s)).collect();
        steps.join("; then ")
    }

    fn step(&self, s: &Step) -> String {
        match s {
            Step::Do(a) => self.actions(a),
            Step::If {
                condition,
                then,
                otherwise,
            } => {
                let mut t = format!("if {}, {}", self.condition(condition), self.actions(then));
                if !otherwise.is_empty() {
                    let _ = write!(t, "; otherwise, {}", self.actions(otherwise));
                }
                t
            }
            Step::May { cost: None, then } => format!("you may {}", self.actions(then)),
            Step::May {
                cost: Some(c),
                then,
            } => format!("you may pay {} to {}", amount_text(*c), self.actions(then)),
            Step::Roll { branches } => {
                let b: Vec<String> = branches
                    .iter()
                    .map(|b| {
                        let range = if b.lo == b.hi {
                            format!("{}", b.lo)
                        } else {
                            format!("{}-{}", b.lo, b.hi)
                        };
                        format!("on {range}, {}", self.actions(&b.actions))
                    })
                    .collect();
                format!("roll a volley die (§9.37): {}", b.join("; "))
            }
            Step::Choose { count, modes } => {
                let m: Vec<String> = modes.iter().map(|m| self.actions(m)).collect();
                format!("choose {} — {}", count_word(*count), m.join("; or "))
            }
        }
    }

    fn actions(&self, a: &[Action]) -> String {
        let parts: Vec<String> = a.iter().map(|x| self.action(x)).collect();
        parts.join(" and ")
    }

    /// A quantity as `(count, for-each)`: `1 compulsory wound` and ` for each Marine aboard
    /// it`, which goes at the end of the action.
    fn quantity(&self, q: &Quantity, one: &str, many: &str) -> (String, String) {
        match q {
            Quantity::N(n) => (times(*n, one, many), String::new()),
            Quantity::All => (format!("all {many}"), String::new()),
            Quantity::Per { n, each } => {
                let per = match each {
                    Group::Each(f) => self.filter(f, Number::One),
                    other => self.group(other).0,
                };
                (times(*n, one, many), format!(" for each {per}"))
            }
        }
    }

    fn action(&self, a: &Action) -> String {
        match a {
            Action::CompulsoryWounds { amount, to } => {
                let (n, per) = self.quantity(amount, "compulsory wound", "compulsory wounds");
                format!("deal {n} (§9.6) to {}{per}", self.aim(to).0)
            }
            Action::Volley { dice, at } => {
                let (n, per) = self.quantity(dice, "die", "dice");
                format!("fire a volley of {n} at {}{per}", self.aim(at).0)
            }
            Action::Repair { amount, on } => {
                let (n, per) = self.quantity(amount, "wound", "wounds");
                format!("remove {n} from {}{per}", self.aim(on).0)
            }
            Action::Destroy {
                what,
                immediately: false,
            } => format!("destroy {}", self.aim(what).0),
            Action::Destroy {
                what,
                immediately: true,
            } => format!("immediately destroy {} (§6.7)", self.aim(what).0),
            Action::Sacrifice { what } => format!("sacrifice {} (§9.29)", self.aim(what).0),
            Action::Draw { who, count } => {
                let (n, per) = self.quantity(count, "card", "cards");
                format!("{} {n}{per}", commander_verb(*who, "draw"))
            }
            Action::Discard {
                who,
                count: DiscardCount::Hand,
            } => format!(
                "{} {} hand",
                commander_verb(*who, "discard"),
                if *who == CommanderAim::You {
                    "your"
                } else {
                    "their"
                }
            ),
            Action::Discard {
                who,
                count: DiscardCount::N(n),
            } => format!(
                "{} {}",
                commander_verb(*who, "discard"),
                times(*n, "card", "cards")
            ),
            Action::Gain { who, amount } => {
                format!("{} {}", commander_verb(*who, "gain"), amount_text(*amount))
            }
            Action::Pay { amount } => format!("pay {}", amount_text(*amount)),
            Action::Take { from, amount } => format!(
                "take {} from {} (all they have, if less)",
                amount_text(*amount),
                commander_text(*from)
            ),
            Action::Give { to, amount } => {
                format!("give {} to {}", amount_text(*amount), commander_text(*to))
            }
            Action::Search {
                count,
                filter,
                then,
            } => {
                let (what, it) = if *count == 1 {
                    (with_article(&self.filter(filter, Number::One)), "it")
                } else {
                    (
                        format!("up to {count} {}", self.filter(filter, Number::Some)),
                        "them",
                    )
                };
                let then = match then {
                    SearchThen::Deploy { free: true } => format!("deploy {it} at no cost"),
                    SearchThen::Deploy { free: false } => format!("deploy {it} paying its cost"),
                    SearchThen::ToHand => format!("put {it} into your hand"),
                    SearchThen::DeployAboard { free, aboard } => {
                        let onto = match aboard {
                            Group::Each(f) => with_article(&self.filter(f, Number::One)),
                            // Not `it`, which here is the searched card.
                            other => self.about(None).group(other).0,
                        };
                        let cost = if *free { " at no cost" } else { "" };
                        format!("deploy {it}{cost} aboard {onto}")
                    }
                };
                format!("search your Shipyard for {what}, {then}, and shuffle your Shipyard (§8.3)")
            }
            Action::CancelEngagement { immediately: true } => {
                "immediately cancel this engagement (§9.17)".into()
            }
            Action::CancelEngagement { immediately: false } => "cancel this engagement".into(),
            Action::Attach { what, to } => {
                format!("attach {} to {}", self.aim(what).0, self.aim(to).0)
            }
            Action::Detach { what } => format!("detach {}", self.aim(what).0),
            Action::ReturnToHand { what } => {
                let (w, plural) = self.aim(what);
                if plural {
                    format!("return {w} to their owners' hands")
                } else {
                    format!("return {w} to its owner's hand")
                }
            }
            Action::Retreat { what } => {
                let (w, plural) = self.aim(what);
                format!("{w} retreat{} (§9.28)", verb_s(plural))
            }
            Action::Modify {
                on,
                modifier,
                duration,
            } => {
                let (w, plural) = self.aim(on);
                match modifier {
                    // I-98: the sentence is about the volley, not the card.
                    CardModifier::Decoy => format!(
                        "the next volley at {w} targets {} instead {}",
                        self.this(),
                        duration.words()
                    ),
                    CardModifier::Taunt { units } => {
                        format!("{} {}", taunt_text(*units, &w), duration.words())
                    }
                    _ => format!(
                        "{w} {} {}",
                        modifier_text(modifier, plural),
                        duration.words()
                    ),
                }
            }
            Action::ModifyCommanders {
                who,
                modifier,
                duration,
            } => format!(
                "{} {}",
                self.commander_static(*who, modifier),
                duration.words()
            ),
        }
    }

    fn condition(&self, c: &Condition) -> String {
        let tests: Vec<String> = c
            .tests
            .iter()
            .map(|t| match t {
                Test::Damaged { anchor, negated } => format!(
                    "{} is {}damaged",
                    self.anchor(*anchor),
                    if *negated { "not " } else { "" }
                ),
                Test::Controls { who, count, filter } => {
                    let who = match who {
                        Commanders::You => "you control",
                        Commanders::Opponents => "an opposing Commander controls",
                        Commanders::All => "a Commander controls",
                    };
                    if *count == 1 {
                        format!("{who} {}", with_article(&self.filter(filter, Number::One)))
                    } else {
                        format!(
                            "{who} {count} or more {}",
                            self.filter(filter, Number::Some)
                        )
                    }
                }
                Test::Attacking => "you are the attacker".into(),
                Test::Defending => "you are the defender".into(),
            })
            .collect();
        tests.join(" and ")
    }
}

fn subject_plural(s: RuleSubject) -> &'static str {
    match s {
        RuleSubject::Commander => "Commanders",
        RuleSubject::Card | RuleSubject::Deployable => "cards",
        RuleSubject::Unit => "units",
        RuleSubject::Ship => "ships",
        RuleSubject::Station => "Stations",
        RuleSubject::Event => "Events",
        RuleSubject::Tactic => "Tactics",
        RuleSubject::EventOrTactic => "Events and Tactics",
        RuleSubject::ModuleShip => "Module-Ship cards",
        RuleSubject::Transport => "Transports",
        RuleSubject::FighterWing => "Fighter Wings",
    }
}

/// Taunt in the words a designer writes it (I-98): whose volleys must target whom.
fn taunt_text(units: bool, whom: &str) -> String {
    let by = if units { "units" } else { "ships" };
    format!("opposing {by} must target {whom} if able")
}

fn modifier_text(m: &CardModifier, plural: bool) -> String {
    let s = verb_s(plural);
    match *m {
        CardModifier::Stat { stat, delta } => format!("get{s} {delta:+} {}", stat.name()),
        CardModifier::Income { change } => {
            format!("get{s} {} income per turn", change_text(change))
        }
        CardModifier::GainTrait(t) => format!("gain{s} {t}"),
        CardModifier::LoseTrait(t) => format!("lose{s} {t}"),
        CardModifier::RollBonus(d) => format!("get{s} {d:+} to every volley die rolled (a natural 1 still misses, a natural 10 still hits)"),
        CardModifier::ExtraDice(d) => {
            let dice = if d.unsigned_abs() == 1 { "die" } else { "dice" };
            format!("get{s} {d:+} volley {dice} in every volley")
        }
        CardModifier::ExtraVolleys(n) => {
            let v = if n == 1 { "volley" } else { "volleys" };
            format!("may fire {n} additional {v} each volley turn")
        }
        CardModifier::Rerolls(n) => {
            let dice = if n == 1 { "die" } else { "dice" };
            let first = if n == 1 {
                String::new()
            } else {
                format!("{n} ")
            };
            format!("re-roll{s} the first {first}missed {dice} of each volley (each die once)")
        }
        CardModifier::PreventWounds { count, each } => {
            let w = if count == 1 {
                "wound".to_string()
            } else {
                format!("{count} wounds")
            };
            format!(
                "prevent{s} the first {w} {} would suffer each {}",
                if plural { "they" } else { "it" },
                each.name()
            )
        }
        // Written as sentences of their own where they stand (`static_`, `action`).
        CardModifier::Taunt { units } => taunt_text(units, "it"),
        CardModifier::Decoy => "draw the next volley".into(),
        CardModifier::MayReroll => {
            "may re-roll one die of each volley (any die, its commander's pick once the dice are seen; only the new result counts)".into()
        }
    }
}

fn commander_text(c: CommanderAim) -> &'static str {
    match c {
        CommanderAim::You => "you",
        // The other Commander of the current engagement (§7.1.2: engagements are between two).
        CommanderAim::Opponent => "the opposing Commander",
        CommanderAim::EachOpponent => "each opposing Commander",
        CommanderAim::TargetOpponent => "target opposing Commander",
    }
}

/// `draw` for you (card text is imperative), `the opposing Commander draws` for another.
fn commander_verb(c: CommanderAim, verb: &str) -> String {
    match c {
        CommanderAim::You => verb.to_string(),
        other => format!("{} {verb}s", commander_text(other)),
    }
}

/// `docs/base-rules.md`: every overridable base rule (§8.1) with its section, what it is about,
/// the kind of value it takes and its default. Generated from [`BaseRule::ALL`]; a test checks
/// the checked-in copy is current.
///
/// [`BaseRule::ALL`]: crate::ir::rules::BaseRule::ALL
pub fn base_rules_markdown() -> String {
    base_rules_markdown_pinned(&|_| Vec::new())
}

/// [`base_rules_markdown`] with a last column naming, for each rule, the rulings that pin it
/// (a card overrides it and the outcome changes; `tests/tests/base_rules.rs` finds them).
pub fn base_rules_markdown_pinned(
    pinned_by: &dyn Fn(crate::ir::rules::BaseRule) -> Vec<String>,
) -> String {
    use crate::ir::rules::BaseRule;
    let mut out = String::from(
        "# Overridable base rules\n\n\
         <!-- Generated from `BaseRule::ALL` (cardlang/src/ir/rules.rs) by \
         `cardlang::explain::base_rules_markdown_pinned`; do not edit by hand. -->\n\n\
         Card text beats the base rules (§8.1). An ability names the rule it overrides:\n\
         `override <rule> = <value> [for this|host|you|opponents | against this]` (see [abilities.md](abilities.md)).\n\
         These are all the rules a card may override; any other name is an error. The last \
         column names the rulings (`tests/rulings/`) in which a card overrides the rule and the \
         outcome differs from the same situation without it.\n\n\
         | rule | § | about | value | default | why these values | pinned by |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for r in BaseRule::ALL {
        use crate::ir::rules::Admits;
        let value = match r.admits() {
            Admits::Flag => r.kind().to_string(),
            Admits::Count { min, max, .. } => format!("{}, {min} to {max}", r.kind()),
            Admits::Amount => format!("{}, each 0 to {}", r.kind(), crate::ir::limits::MAX_AMOUNT),
            Admits::SizeClass => "a ship class other than Transport".to_string(),
        };
        let why = r.admits().why();
        let pins = pinned_by(*r)
            .iter()
            .map(|p| format!("`{p}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(
            out,
            "| `{}` | §{} | {} | {value} | `{}` | {} | {} |",
            r.name(),
            r.section(),
            r.subject(),
            r.default_value(),
            if why.is_empty() { "—" } else { why },
            pins
        );
    }
    out.push_str(
        "\nScopes: a rule about a card may be overridden `for this` (the default), `for host` or \
         for all of a Commander's cards (`for you`, `for opponents`); a rule about a Commander \
         only `for you` (the default) or `for opponents`; a rule one unit meets in another (the \
         Stealth bonus against a firer) may also be changed `against this`, for the units this \
         card meets (I-99). An override is refused when it could \
         never take effect on the card it is printed on: a scope that reaches nothing the rule is \
         about (HB0409), or a value outside the range above (HB0416). Ruling files' `override:` \
         headers and the database loader go through the same check (`BaseRule::check_value`, \
         `BaseRule::check_scope`).\n",
    );
    out
}
