//! `cardc explain`: a card as a designer reads it. Its attributes, its abilities rendered back
//! into canonical English rules text generated from the IR (never the source text), and for
//! every Golden-Rule override the base rule it changes with its section (§8.1).
//!
//! The output is stable: it depends only on the IR, and the snapshot tests pin it. Pure
//! functions of the IR, so the engine may use [`ability_text`] in logs without the compiler.

use std::fmt::Write as _;

use crate::ir::card::{Card, CardKind, SizeRestriction};
use crate::ir::effect::*;
use crate::ir::rules::RuleKind;

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
        let _ = writeln!(out, "  Cost: {}", card.cost);
    }
    if !card.income.is_zero() {
        let _ = writeln!(out, "  Income: {} per turn", card.income);
    }
    let stats: Vec<String> = [
        ("Attack", card.attack),
        ("Defense", card.defense),
        ("Wounds", card.wounds),
    ]
    .iter()
    .filter_map(|(n, v)| v.map(|v| format!("{n} {v}")))
    .collect();
    if !stats.is_empty() {
        let _ = writeln!(out, "  {}", stats.join(" · "));
    }
    let mut carries = Vec::new();
    if card.capacity.marines > 0 {
        carries.push(format!(
            "{} Marine{}",
            card.capacity.marines,
            plural(card.capacity.marines)
        ));
    }
    if card.capacity.wings > 0 {
        carries.push(format!(
            "{} Wing{}",
            card.capacity.wings,
            plural(card.capacity.wings)
        ));
    }
    if !carries.is_empty() {
        let _ = writeln!(out, "  Carries: {}", carries.join(", "));
    }
    if matches!(
        card.kind,
        CardKind::Marine { character: false }
            | CardKind::Ship(crate::ir::card::ShipClass::FighterWing)
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
            let _ = writeln!(out, "    - {}", ability_text(a));
            if let Ability::Override { rule, .. } = a {
                let _ = writeln!(
                    out,
                    "      (changes the base rule `{}`, §{}: normally {})",
                    rule.name(),
                    rule.section(),
                    rule_value_text(rule.kind(), rule.default_value())
                );
            }
        }
    }
    out
}

fn plural(n: u8) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn rule_value_text(kind: RuleKind, v: crate::ir::rules::RuleValue) -> String {
    match kind {
        RuleKind::Flag => if v == crate::ir::rules::RuleValue::Flag(true) {
            "allowed"
        } else {
            "not allowed"
        }
        .into(),
        _ => v.to_string(),
    }
}

/// One ability as canonical English rules text, ending with a full stop.
pub fn ability_text(a: &Ability) -> String {
    match a {
        Ability::Timing(t) => format!("{}.", timing_text(*t)),
        Ability::Play(e) => format!("When played, {}.", effect_text(e)),
        Ability::Triggered {
            trigger,
            face_down: false,
            effect,
        } => format!(
            "{}, {}.",
            capitalise(&trigger_text(trigger)),
            effect_text(effect)
        ),
        Ability::Triggered {
            trigger,
            face_down: true,
            effect,
        } => format!(
            "Face Up-Face Down (§3.4.4): {}, you may flip this card face up: {}.",
            trigger_text(trigger),
            effect_text(effect)
        ),
        Ability::Replacement { event, effect } => format!(
            "If this card would {}, instead {}.",
            match event {
                Replaced::Destroyed => "be destroyed",
                Replaced::CompulsoryWounds => "suffer compulsory wounds",
                Replaced::Boarded => "be boarded",
            },
            effect_text(effect)
        ),
        Ability::Static(s) => format!("{}.", capitalise(&static_text(s))),
        Ability::Override { rule, value, scope } => {
            let whom = match scope {
                OverrideScope::This => "this card",
                OverrideScope::Host => "the card this is attached to",
                OverrideScope::You => "you",
                OverrideScope::Opponents => "each opposing Commander",
            };
            let v = match rule.kind() {
                RuleKind::Flag => (if *value == crate::ir::rules::RuleValue::Flag(true) {
                    "yes"
                } else {
                    "no"
                })
                .to_string(),
                _ => value.to_string(),
            };
            format!("Golden Rule (§8.1): for {whom}, {} is {v}.", rule.name())
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn timing_text(t: Timing) -> &'static str {
    match t {
        Timing::AnyTime => {
            "May be deployed at any time, even during another Commander's turn (§2.6)"
        }
        Timing::Engagement => "Deploy only during an engagement (§2.7)",
        Timing::StartOfEngagement => "Deploy at the start of an engagement (§6.6 STEP 1)",
        Timing::YourTurn => "Deploy only during your turn",
        Timing::YourManufacturing => "Deploy only during your Manufacturing Phase (§5.4)",
    }
}

fn trigger_text(t: &Trigger) -> String {
    let subject = match &t.watch {
        Watch::This => "this card".to_string(),
        Watch::Host => "the card this is attached to".to_string(),
        Watch::Any(f) => format!("any {}", filter_text(f, false)),
    };
    match t.event {
        TriggerEvent::Deployed => format!("when {subject} is deployed"),
        TriggerEvent::Destroyed => format!("when {subject} is destroyed"),
        TriggerEvent::Boarded => format!("when {subject} is boarded"),
        TriggerEvent::Boards => format!("when {subject} boards"),
        TriggerEvent::RollsNatural(n) => format!("when {subject} rolls a natural {n}"),
        TriggerEvent::EngagementStarts => "at the start of an engagement".into(),
        TriggerEvent::EngagementEnds => "at the end of an engagement".into(),
        TriggerEvent::YourLogistics => "during your Logistics Phase".into(),
        TriggerEvent::YourManufacturing => "during your Manufacturing Phase".into(),
        TriggerEvent::YourTurnStarts => "at the start of your turn".into(),
        TriggerEvent::YourTurnEnds => "at the end of your turn".into(),
    }
}

fn static_text(s: &Static) -> String {
    match s {
        Static::Cards {
            group,
            modifier,
            condition,
        } => {
            let (who, plural) = group_text(group);
            let mut t = format!("{who} {}", modifier_text(modifier, plural));
            if let Some(c) = condition {
                let _ = write!(t, " while {}", condition_text(c));
            }
            t
        }
        Static::Commanders {
            who,
            modifier,
            condition,
        } => {
            let whose = match who {
                Commanders::You => "your",
                Commanders::Opponents => "each opposing Commander's",
                Commanders::All => "each Commander's",
            };
            let mut t = match modifier {
                CommanderModifier::HandSize(d) => format!("{whose} hand size gets {d:+} (§5.3.1)"),
                CommanderModifier::Income(c) => {
                    format!("{whose} income gets {} per turn (§5.3.2)", change_text(*c))
                }
                CommanderModifier::Cost { of, change } => format!(
                    "{}{} cost {} {} to deploy (never below 0, §8.4)",
                    match who {
                        Commanders::You => "your ",
                        Commanders::Opponents => "opposing Commanders' ",
                        Commanders::All => "",
                    },
                    filter_text(
                        &Filter {
                            noun: of.noun,
                            preds: of
                                .preds
                                .iter()
                                .filter(|p| !matches!(p, Pred::Controller(_)))
                                .cloned()
                                .collect(),
                        },
                        true
                    ),
                    amount_text(change.amount),
                    if change.more { "more" } else { "less" }
                ),
            };
            if let Some(c) = condition {
                let _ = write!(t, " while {}", condition_text(c));
            }
            t
        }
    }
}

fn change_text(c: AmountChange) -> String {
    format!(
        "{}{}",
        if c.more { "+" } else { "-" },
        amount_text(c.amount)
    )
}

fn amount_text(a: crate::ir::card::Amount) -> String {
    match (a.resource, a.currency) {
        (r, 0) => format!("{r} Resource"),
        (0, c) => format!("{c} Currency"),
        (r, c) => format!("{r} Resource and {c} Currency"),
    }
}

fn modifier_text(m: &CardModifier, plural: bool) -> String {
    let (gain, lose, get) = if plural {
        ("gain", "lose", "get")
    } else {
        ("gains", "loses", "gets")
    };
    match m {
        CardModifier::Stat { stat, delta } => format!("{get} {delta:+} {}", stat.name()),
        CardModifier::Income { change } => {
            format!("{get} {} income per turn", change_text(*change))
        }
        CardModifier::GainTrait(t) => format!("{gain} {t}"),
        CardModifier::LoseTrait(t) => format!("{lose} {t}"),
    }
}

/// Recipients and whether they read as plural.
fn group_text(g: &Group) -> (String, bool) {
    match g {
        Group::This => ("this card".into(), false),
        Group::Host => ("the card this is attached to".into(), false),
        Group::Attached => ("each card attached to this".into(), false),
        Group::Each(f) => (format!("each {}", filter_text(f, false)), false),
    }
}

fn aim_text(a: &Aim) -> String {
    match a {
        Aim::Named(g) => group_text(g).0,
        Aim::Chosen(t) => {
            let f = filter_text(&t.filter, t.count > 1);
            match (t.up_to, t.count) {
                (false, 1) => format!("target {f}"),
                (false, n) => format!("{n} target {f}"),
                (true, n) => format!("up to {n} target {f}"),
            }
        }
    }
}

/// A filter as a noun phrase: `opposing damaged RDF Cruiser or smaller with Stealth`.
pub fn filter_text(f: &Filter, plural: bool) -> String {
    let mut pre: Vec<String> = Vec::new();
    let mut post: Vec<String> = Vec::new();
    let mut class_noun: Option<String> = None;
    for p in &f.preds {
        match p {
            Pred::Controller(Side::Yours) => post.push("you control".into()),
            Pred::Controller(Side::Opposing) => pre.push("opposing".into()),
            Pred::Local => pre.push("local".into()),
            Pred::Damaged => pre.push("damaged".into()),
            Pred::Undamaged => pre.push("undamaged".into()),
            Pred::Faction(x) => pre.push(x.to_string()),
            Pred::Size(SizeRestriction::Classes(cs)) if cs.len() == 1 => {
                class_noun = cs.first().map(|c| c.to_string());
            }
            // `Cruiser or smaller` reads as the noun itself.
            Pred::Size(s @ (SizeRestriction::AtLeast(_) | SizeRestriction::AtMost(_)))
                if f.noun == Noun::Ship =>
            {
                class_noun = Some(s.to_string());
            }
            Pred::Size(s) => post.push(s.to_string()),
            Pred::InYourFleet => post.push("in your fleet".into()),
            Pred::HasTrait(t) => post.push(format!("with {t}")),
            Pred::LacksTrait(t) => post.push(format!("without {t}")),
            Pred::Named(n) => post.push(format!("named \"{n}\"")),
            Pred::AttachedTo(Anchor::This) => post.push("aboard this card".into()),
            Pred::AttachedTo(Anchor::Host) => {
                post.push("aboard the card this is attached to".into())
            }
        }
    }
    let noun = match (class_noun, plural) {
        (Some(c), true) if c.ends_with(" or larger") || c.ends_with(" or smaller") => {
            // `Cruisers or smaller`
            match c.split_once(" or ") {
                Some((class, rest)) => format!("{class}s or {rest}"),
                None => c,
            }
        }
        (Some(c), true) => format!("{c}s"),
        (Some(c), false) => c,
        (None, true) => format!("{}s", noun_text(f.noun)),
        (None, false) => noun_text(f.noun).to_string(),
    };
    let mut words = pre;
    words.push(noun);
    words.extend(post);
    words.join(" ")
}

fn noun_text(n: Noun) -> &'static str {
    match n {
        Noun::Card => "card",
        Noun::Unit => "unit",
        Noun::Ship => "ship",
        Noun::Marine => "Marine",
        Noun::MarineCharacter => "Marine-Character",
        Noun::Station => "Station",
        Noun::Module => "Module",
        Noun::ModuleStation => "Module-Station",
        Noun::ModuleShip => "Module-Ship",
        Noun::ModuleMarine => "Module-Marine",
        Noun::Event => "Event",
        Noun::Tactic => "Tactic",
        Noun::Breakthru => "Breakthru",
    }
}

fn effect_text(e: &Effect) -> String {
    let steps: Vec<String> = e.steps.iter().map(step_text).collect();
    steps.join("; then ")
}

fn step_text(s: &Step) -> String {
    match s {
        Step::Do(a) => actions_text(a),
        Step::If {
            condition,
            then,
            otherwise,
        } => {
            let mut t = format!("if {}, {}", condition_text(condition), actions_text(then));
            if !otherwise.is_empty() {
                let _ = write!(t, "; otherwise {}", actions_text(otherwise));
            }
            t
        }
        Step::May { cost: None, then } => format!("you may {}", actions_text(then)),
        Step::May {
            cost: Some(c),
            then,
        } => format!("you may pay {} to {}", amount_text(*c), actions_text(then)),
        Step::Roll { branches } => {
            let b: Vec<String> = branches
                .iter()
                .map(|b| {
                    let range = if b.lo == b.hi {
                        format!("{}", b.lo)
                    } else {
                        format!("{}-{}", b.lo, b.hi)
                    };
                    format!("on {range}, {}", actions_text(&b.actions))
                })
                .collect();
            format!("roll a volley die: {}", b.join("; "))
        }
    }
}

fn actions_text(a: &[Action]) -> String {
    let parts: Vec<String> = a.iter().map(action_text).collect();
    parts.join(" and ")
}

fn quantity_text(q: &Quantity, one: &str, many: &str) -> String {
    match q {
        Quantity::N(1) => format!("1 {one}"),
        Quantity::N(n) => format!("{n} {many}"),
        Quantity::All => format!("all {many}"),
        Quantity::Per { n, each } => {
            let per = match each {
                Group::Each(f) => filter_text(f, false),
                other => group_text(other).0,
            };
            format!("{n} {} for each {per}", if *n == 1 { one } else { many })
        }
    }
}

fn commander_text(c: CommanderAim) -> (&'static str, bool) {
    match c {
        CommanderAim::You => ("you", true),
        CommanderAim::Opponent => ("the opposing Commander in this engagement", false),
        CommanderAim::EachOpponent => ("each opposing Commander", false),
        CommanderAim::TargetOpponent => ("target opposing Commander", false),
    }
}

/// `draw` for you (card text is imperative), `draws` after any other Commander.
fn verb(c: CommanderAim, base: &str, third: &str) -> String {
    match commander_text(c) {
        (_, true) => base.to_string(),
        (who, false) => format!("{who} {third}"),
    }
}

fn action_text(a: &Action) -> String {
    match a {
        Action::CompulsoryWounds { amount, to } => format!(
            "deal {} (§9.6) to {}",
            quantity_text(amount, "compulsory wound", "compulsory wounds"),
            aim_text(to)
        ),
        Action::Volley { dice, at } => format!(
            "fire a volley of {} at {}",
            quantity_text(dice, "die", "dice"),
            aim_text(at)
        ),
        Action::Repair { amount, on } => format!(
            "repair {} on {}",
            quantity_text(amount, "wound", "wounds"),
            aim_text(on)
        ),
        Action::Destroy {
            what,
            immediately: false,
        } => format!("destroy {}", aim_text(what)),
        Action::Destroy {
            what,
            immediately: true,
        } => format!("immediately destroy {} (§6.7)", aim_text(what)),
        Action::Sacrifice { what } => format!("sacrifice {} (§9.29)", aim_text(what)),
        Action::Draw { who, count } => format!(
            "{} {}",
            verb(*who, "draw", "draws"),
            quantity_text(count, "card", "cards")
        ),
        Action::Discard {
            who,
            count: DiscardCount::Hand,
        } => {
            let (_, second) = commander_text(*who);
            format!(
                "{} {} hand",
                verb(*who, "discard", "discards"),
                if second { "your" } else { "their" }
            )
        }
        Action::Discard {
            who,
            count: DiscardCount::N(n),
        } => format!(
            "{} {n} card{}",
            verb(*who, "discard", "discards"),
            plural(*n)
        ),
        Action::Gain { who, amount } => format!(
            "{} {} (at most 20, §9.27)",
            verb(*who, "gain", "gains"),
            amount_text(*amount)
        ),
        Action::Pay { amount } => format!("pay {}", amount_text(*amount)),
        Action::Take { from, amount } => format!(
            "take {} from {} (no more than they have, §9.27)",
            amount_text(*amount),
            commander_text(*from).0
        ),
        Action::Give { to, amount } => {
            format!("give {} to {}", amount_text(*amount), commander_text(*to).0)
        }
        Action::Search {
            count,
            filter,
            then,
        } => {
            let what = if *count == 1 {
                format!("a {}", filter_text(filter, false))
            } else {
                format!("{count} {}", filter_text(filter, true))
            };
            let it = if *count == 1 { "it" } else { "them" };
            let then = match then {
                SearchThen::Deploy { free: true } => format!("deploy {it} at no cost"),
                SearchThen::Deploy { free: false } => format!("deploy {it} at cost"),
                SearchThen::ToHand => format!("put {it} into your hand"),
            };
            format!("search your Shipyard for {what} and {then}, then shuffle your Shipyard (§8.3)")
        }
        Action::CancelEngagement { immediately: true } => {
            "immediately cancel this engagement (§9.17)".into()
        }
        Action::CancelEngagement { immediately: false } => "cancel this engagement".into(),
        Action::Attach { what, to } => format!("attach {} to {}", aim_text(what), aim_text(to)),
        Action::Detach { what } => format!("detach {}", aim_text(what)),
        Action::ReturnToHand { what } => format!("return {} to its owner's hand", aim_text(what)),
        Action::Retreat { what } => format!("{} retreats (§9.28)", aim_text(what)),
        Action::Modify {
            on,
            modifier,
            duration,
        } => {
            let plural = false;
            format!(
                "{} {} {}",
                aim_text(on),
                modifier_text(modifier, plural),
                match duration {
                    Duration::EndOfEngagement => "until the end of the engagement",
                    Duration::EndOfTurn => "until the end of the turn",
                    Duration::WhileAttached => "while attached",
                }
            )
        }
    }
}

fn condition_text(c: &Condition) -> String {
    let tests: Vec<String> = c
        .tests
        .iter()
        .map(|t| match t {
            Test::Damaged { anchor, negated } => format!(
                "{} is {}damaged",
                match anchor {
                    Anchor::This => "this card",
                    Anchor::Host => "the card this is attached to",
                },
                if *negated { "not " } else { "" }
            ),
            Test::Controls { who, count, filter } => format!(
                "{} {} {}{}",
                match who {
                    Commanders::You => "you control",
                    Commanders::Opponents => "an opposing Commander controls",
                    Commanders::All => "a Commander controls",
                },
                if *count == 1 {
                    "a".to_string()
                } else {
                    format!("{count} or more")
                },
                filter_text(filter, *count > 1),
                ""
            ),
            Test::Attacking => "you are the attacker".into(),
            Test::Defending => "you are the defender".into(),
        })
        .collect();
    tests.join(" and ")
}

/// `docs/base-rules.md`: every overridable base rule (§8.1) with its section, what it is about,
/// the kind of value it takes and its default. Generated from [`BaseRule::ALL`]; a test checks
/// the checked-in copy is current.
///
/// [`BaseRule::ALL`]: crate::ir::rules::BaseRule::ALL
pub fn base_rules_markdown() -> String {
    use crate::ir::rules::BaseRule;
    let mut out = String::from(
        "# Overridable base rules\n\n\
         <!-- Generated from `BaseRule::ALL` (cardlang/src/ir/rules.rs) by \
         `cardlang::explain::base_rules_markdown`; do not edit by hand. -->\n\n\
         Card text beats the base rules (§8.1). An ability names the rule it overrides:\n\
         `override <rule> = <value> [for this|host|you|opponents]` (see [abilities.md](abilities.md)).\n\
         These are all the rules a card may override; any other name is an error.\n\n\
         | rule | § | about | value | default |\n|---|---|---|---|---|\n",
    );
    for r in BaseRule::ALL {
        let _ = writeln!(
            out,
            "| `{}` | §{} | {} | {} | `{}` |",
            r.name(),
            r.section(),
            r.subject(),
            r.kind(),
            r.default_value()
        );
    }
    out.push_str(
        "\nScopes: a rule about a card may be overridden `for this` (the default), `for host` or \
         for all of a Commander's cards (`for you`, `for opponents`); a rule about a Commander \
         only `for you` (the default) or `for opponents`.\n",
    );
    out
}
