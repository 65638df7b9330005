//! Parsing one ability field with `ability.pest` and resolving it into the IR.
//!
//! Every name is resolved here (traits §3, ship classes §2.5, card types §2.1/§9.33, base
//! rules §8.1) and every value's kind is checked, so a [`ParsedAbility`] always holds a
//! well-typed [`Ability`]. Problems are collected into the file's [`Sink`]; a field with any
//! error yields `None`.

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser;

use super::{codes, ParsedAbility};
use crate::diag::{Diagnostic, Sink};
use crate::ir::card::{
    Amount, Faction, RegimentUnit, ShipClass, SizeRestriction, Trait, TraitName,
};
use crate::ir::effect::*;
use crate::ir::rules::{BaseRule, RuleKind, RuleValue};
use crate::source::Span;

#[derive(pest_derive::Parser)]
#[grammar = "effect/ability.pest"]
struct AbilityParser;

/// Largest ability field, in bytes; longer text is rejected before parsing.
pub const MAX_ABILITY_BYTES: usize = 4096;

/// Parses and resolves the ability field `key` whose value `text` starts at byte `base` of the
/// card file. Returns `None` (with diagnostics in `sink`) if it has any error.
pub fn parse_entry(
    key: &str,
    key_span: Span,
    text: &str,
    base: usize,
    sink: &mut Sink,
) -> Option<ParsedAbility> {
    let span = Span::new(base, base + text.len());
    let rule = match key {
        "timing" => Rule::timing_field,
        "play" => Rule::play_field,
        "when" | "flip" => Rule::when_field,
        "instead" => Rule::instead_field,
        "static" => Rule::static_field,
        "override" => Rule::override_field,
        "activate" => Rule::activate_field,
        "limit" => Rule::limit_field,
        _ => {
            sink.push(
                Diagnostic::error(
                    codes::SYNTAX,
                    sink.file(),
                    format!("`{key}` is not an ability field"),
                )
                .at(key_span, "not an ability"),
            );
            return None;
        }
    };
    if text.len() > MAX_ABILITY_BYTES {
        sink.push(
            Diagnostic::error(
                codes::TOO_LONG,
                sink.file(),
                format!(
                    "ability text is {} bytes, over the {MAX_ABILITY_BYTES}-byte limit",
                    text.len()
                ),
            )
            .at(Span::new(base, base + 16.min(text.len())), "this ability")
            .with_help("split it into several abilities"),
        );
        return None;
    }
    if text.trim().is_empty() {
        sink.push(
            Diagnostic::error(
                codes::SYNTAX,
                sink.file(),
                format!("`{key}:` has no ability text"),
            )
            .at(key_span, "empty ability")
            .with_help(example_for(key)),
        );
        return None;
    }
    let read = grammar_text(text);
    let pairs = match AbilityParser::parse(rule, &read) {
        Ok(p) => p,
        Err(e) => {
            sink.push(syntax_error(key, text, base, &e, sink.file()));
            return None;
        }
    };
    let mut lw = Lower {
        base,
        file: sink.file(),
        diags: Vec::new(),
        out: ParsedAbility {
            key: key.to_string(),
            key_span,
            span,
            ability: Ability::Timing(Timing::AnyTime),
            targets: Vec::new(),
            groups: Vec::new(),
            names: Vec::new(),
            scope_span: None,
            this_nouns: Vec::new(),
            others: Vec::new(),
            host_nouns: Vec::new(),
        },
        thats: Vec::new(),
        its: Vec::new(),
    };
    let ability = pairs
        .into_iter()
        .next()
        .and_then(|field| lw.field(key, field));
    let Lower { diags, mut out, .. } = lw;
    let failed = !diags.is_empty();
    for d in diags {
        sink.push(d);
    }
    if ability.is_none() && !failed {
        // Every path that gives up reports why; this is the net for one that does not.
        sink.push(
            Diagnostic::error(
                codes::SYNTAX,
                sink.file(),
                format!("cannot read this `{key}` ability"),
            )
            .at(span, "not understood")
            .with_help(format!("{}; see docs/abilities.md", example_for(key))),
        );
    }
    match ability {
        Some(a) if !failed => {
            out.ability = a;
            Some(out)
        }
        _ => None,
    }
}

/// The text the grammar reads for `text`: `text` itself, unless it holds a line break, a
/// carriage return or a `#` (a block's body can; a one-line value only inside a quoted name).
/// Then a copy where each of their bytes outside a quoted name, and each byte of a comment, is
/// a tab.
///
/// The grammar's `WHITESPACE` is only the blank and the tab (ability.pest): one or two compares
/// where every token ends, rather than four and a comment's sequence (docs/performance.md). The
/// copy reads exactly as the text would with line breaks and comments as whitespace: no rule
/// but `WHITESPACE` reads a tab, a line break, a carriage return or a `#`, except a quoted name,
/// which is copied as it is up to its closing quote, or up to and with the line break that
/// leaves it unclosed. Every byte keeps its offset, so spans and error positions are the same.
fn grammar_text(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    if !bytes.iter().any(|b| matches!(b, b'\n' | b'\r' | b'#')) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = bytes.to_vec();
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        match b {
            b'"' => {
                let rest = bytes.get(at + 1..).unwrap_or(&[]);
                at += 1 + rest
                    .iter()
                    .position(|&c| c == b'"' || c == b'\n')
                    .map_or(rest.len(), |i| i + 1);
            }
            b'#' => {
                let rest = bytes.get(at..).unwrap_or(&[]);
                let len = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
                out.get_mut(at..at + len)
                    .into_iter()
                    .flatten()
                    .for_each(|c| *c = b'\t');
                at += len;
            }
            b'\n' | b'\r' => {
                if let Some(c) = out.get_mut(at) {
                    *c = b'\t';
                }
                at += 1;
            }
            _ => at += 1,
        }
    }
    // Only whole characters were replaced, each byte by a tab: still UTF-8.
    match String::from_utf8(out) {
        Ok(s) => std::borrow::Cow::Owned(s),
        Err(_) => std::borrow::Cow::Borrowed(text),
    }
}

fn example_for(key: &str) -> &'static str {
    match key {
        "timing" => "for example `timing: start of engagement`",
        "play" => "for example `play: draw 2`",
        "when" => "for example `when deployed: draw 2`",
        "flip" => "for example `flip when host is boarded: deal 1 compulsory wound to each opposing Marine aboard host`",
        "instead" => "for example `instead of being destroyed: return this to hand`",
        "static" => "for example `static: ships in your fleet gain Interceptor +1`",
        "activate" => "for example `activate pay 1C: remove 1 wound from this ship`",
        "limit" => "for example `limit: play only once per turn`",
        _ => "for example `override station-module-limit = 6`",
    }
}

fn syntax_error(
    key: &str,
    text: &str,
    base: usize,
    err: &pest::error::Error<Rule>,
    file: &str,
) -> Diagnostic {
    let at = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
    .min(text.len());
    if let Some((what, words)) = super::missing::not_in_language(text) {
        return Diagnostic::error(
            codes::NOT_IN_LANGUAGE,
            file,
            format!("not in the language: {what}"),
        )
        .at(
            Span::new(base + words.start, base + words.end),
            "the language has no way to say this",
        )
        .with_help(format!(
            "see docs/abilities.md §Not in the language for what to write instead; `cardc explain {}`",
            codes::NOT_IN_LANGUAGE
        ));
    }
    let mut expected: Vec<Expected> = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(|r| describe(*r)).collect()
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.sort_by_key(|e| e.what);
    expected.dedup_by_key(|e| e.what);
    let rest = text.get(at..).unwrap_or("");
    let word: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | ';' | ':'))
        .collect();
    let end = at
        + word
            .len()
            .max(rest.chars().next().map_or(0, char::len_utf8));
    let found = if word.is_empty() {
        if rest.is_empty() {
            "the end of the ability".to_string()
        } else {
            format!("`{}`", rest.chars().next().unwrap_or(' '))
        }
    } else {
        format!("`{word}`")
    };
    let message = if expected.is_empty() {
        format!("cannot read this `{key}` ability at {found}")
    } else {
        let what: Vec<&str> = expected.iter().map(|e| e.what).collect();
        format!(
            "expected {} in `{key}` ability, found {found}",
            join_or(&what)
        )
    };
    Diagnostic::error(codes::SYNTAX, file, message)
        .at(Span::new(base + at, base + end), "not understood here")
        .with_help(alternatives_help(key, rest, &expected))
}

/// The help for a syntax error: a did-you-mean for the words written, then every phrase that
/// may stand there (all of them: a designer should not have to guess), or an example when the
/// parser wanted something open-ended like a number.
fn alternatives_help(key: &str, rest: &str, expected: &[Expected]) -> String {
    let choices: Vec<&str> = expected
        .iter()
        .flat_map(|e| e.choices.iter().map(String::as_str))
        .collect();
    let mut help = String::new();
    if let Some(near) = did_you_mean(rest, &choices) {
        help.push_str(&format!("did you mean `{near}`? "));
    }
    let lists: Vec<String> = expected
        .iter()
        .filter(|e| !e.choices.is_empty())
        .map(|e| {
            let items: Vec<String> = e.choices.iter().map(|c| format!("`{c}`")).collect();
            format!("{}: {}", e.list, items.join(", "))
        })
        .collect();
    if lists.is_empty() {
        help.push_str(example_for(key));
    } else {
        help.push_str(&lists.join("; "));
    }
    help.push_str("; see docs/abilities.md");
    help
}

/// The choice closest to what was written: by the whole phrase against as many words of the
/// text (`any tim` -> `any time`), else by its first word (a typo in the verb of a longer
/// phrase, `drow 2` -> `draw N`). Placeholders in capitals (`N`, `FILTER`) never match, so they
/// only count against a phrase. Nothing is suggested for a word that is nowhere near.
fn did_you_mean<'a>(rest: &str, choices: &[&'a str]) -> Option<&'a str> {
    let words: Vec<String> = rest
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == ':')
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let first = words.first()?;
    // A near spelling, never a different word: a word of four letters or fewer may differ by
    // one edit (a transposition counts one), so `it` is no typo of `up to N target FILTER`.
    let near = |d: usize, len: usize| d > 0 && d <= if len <= 4 { 1 } else { 2.max(len / 3) };
    choices
        .iter()
        .filter_map(|c| {
            let lower = c.to_ascii_lowercase();
            let head = lower.split(' ').next()?;
            let n = lower.split(' ').count().min(words.len());
            let phrase = strsim::osa_distance(&words[..n].join(" "), &lower);
            let d = strsim::osa_distance(first, head);
            let score = if near(phrase, lower.len()) {
                phrase
            } else if near(d, head.len()) {
                100 + d
            } else {
                return None;
            };
            Some((score, *c))
        })
        .min_by_key(|(score, _)| *score)
        .map(|(_, c)| c)
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// What the parser wanted, for "expected ..." messages: a name for it, and for a closed set
/// the phrases that may be written there (capitals are placeholders).
struct Expected {
    what: &'static str,
    /// How the help introduces the choices: "triggers", "actions".
    list: &'static str,
    choices: Vec<String>,
}

/// What a grammar rule looks like to a designer. The phrases follow `ability.pest`; a test
/// parses each one (with its placeholders filled in) so the lists cannot drift from it.
fn describe(rule: Rule) -> Option<Expected> {
    let of = |what, list, choices: &[&str]| Expected {
        what,
        list,
        choices: choices.iter().map(|c| (*c).to_string()).collect(),
    };
    Some(match rule {
        Rule::timing => of("a timing", "timings", TIMINGS),
        Rule::trigger | Rule::event | Rule::watch => of("a trigger", "triggers", TRIGGERS),
        Rule::replaced => of("what is replaced", "replaceable events", REPLACED),
        Rule::limit | Rule::l_turn | Rule::l_engagement | Rule::l_game => {
            of("a limit", "limits", LIMITS)
        }
        Rule::stat => of("a stat", "stats", STATS),
        Rule::effect | Rule::step | Rule::actions | Rule::action => {
            of("an action", "actions", ACTIONS)
        }
        Rule::aim | Rule::chosen | Rule::named => of("a recipient", "recipients", RECIPIENTS),
        Rule::filter | Rule::noun => Expected {
            what: "a card type or ship class",
            list: "card types and classes",
            choices: NOUNS
                .iter()
                .map(|n| (*n).to_string())
                .chain(ShipClass::ALL.iter().map(|c| c.name().to_string()))
                .collect(),
        },
        Rule::modifier => of("a modifier", "modifiers", MODIFIERS),
        Rule::duration => of("a duration", "durations", DURATIONS),
        Rule::amount | Rule::amount_lit => of("an amount like `2R 1C`", "", &[]),
        Rule::number | Rule::quantity => of("a number", "", &[]),
        Rule::signed | Rule::signed_amount => of("a signed value like `+1`", "", &[]),
        Rule::rule_name => Expected {
            what: "a base rule name",
            list: "base rules (docs/base-rules.md)",
            choices: BaseRule::ALL.iter().map(|r| r.name().to_string()).collect(),
        },
        Rule::rule_value => of("a value (`6`, `yes`, `no`, `1R 1C`, a ship class)", "", &[]),
        Rule::ov_scope => of("a scope", "scopes", &["this", "host", "you", "opponents"]),
        Rule::ov_against => of("`against this`", "", &[]),
        Rule::condition | Rule::test => of("a condition", "conditions", CONDITIONS),
        Rule::commander => of("a Commander", "Commanders", COMMANDERS),
        Rule::static_body => of("a static ability", "static abilities", STATICS),
        Rule::trait_ref => Expected {
            what: "a trait",
            list: "traits",
            choices: TraitName::ALL.iter().map(|t| t.to_string()).collect(),
        },
        Rule::branch => of("a roll branch like `(1-5: draw 1)`", "", &[]),
        Rule::choose_count => of(
            "how many modes to choose",
            "counts",
            &["one", "two", "three"],
        ),
        Rule::search_then => of("what to do with the card found", "choices", SEARCH_THEN),
        Rule::EOI => of("the end of the ability", "", &[]),
        Rule::sep => of("`:` after the trigger", "", &[]),
        Rule::equals => of("`=` after the rule name", "", &[]),
        Rule::act_when => of("when it may be used", "restrictions", ACT_WHEN),
        _ => return None,
    })
}

// The closed sets of `ability.pest`, as a designer writes them (docs/abilities.md).
const TIMINGS: &[&str] = &[
    "any time",
    "start of engagement",
    "engagement",
    "your turn",
    "your manufacturing phase",
];
const TRIGGERS: &[&str] = &[
    "deployed",
    "destroyed",
    "boarded",
    "boards",
    "rolls a natural N",
    "engagement starts",
    "engagement ends",
    "your logistics phase",
    "your manufacturing phase",
    "your turn starts",
    "your turn ends",
    "destroys a FILTER",
    "wounds a FILTER",
    "is wounded by a FILTER",
    "is wounded",
    "boards a FILTER",
    "is boarded by a FILTER",
    "hijacks a FILTER",
    "is hijacked",
    "retreats",
    "this ship TRIGGER",
    "host TRIGGER",
    "any FILTER TRIGGER",
    "a FILTER you control TRIGGER",
    "a FILTER of yours TRIGGER",
    "a FILTER TRIGGER",
    "TRIGGER once per turn",
    "TRIGGER once per engagement",
    "TRIGGER once per game",
];
const LIMITS: &[&str] = &["once per turn", "once per engagement", "once per game"];
const ACT_WHEN: &[&str] = &[
    "only during your turn",
    "only during an engagement",
    "only during an engagement this ship is in",
];
const STATS: &[&str] = &[
    "attack",
    "defense",
    "wounds",
    "marine capacity",
    "wing capacity",
    // After `+N` too (issue 17): the combat modifiers.
    "to volley rolls",
    "volley dice",
];
const REPLACED: &[&str] = &["destroyed", "suffering compulsory wounds", "boarded"];
const ACTIONS: &[&str] = &[
    "deal N compulsory wounds to RECIPIENT",
    "volley N dice at RECIPIENT",
    "repair N wounds on RECIPIENT",
    "remove N wounds from RECIPIENT",
    "cancel this engagement",
    "destroy RECIPIENT",
    "sacrifice RECIPIENT",
    "search your Shipyard for a FILTER and put it in hand",
    "attach RECIPIENT to RECIPIENT",
    "detach RECIPIENT",
    "return RECIPIENT to hand",
    "retreat RECIPIENT",
    "take AMOUNT from COMMANDER",
    "give AMOUNT to COMMANDER",
    "pay AMOUNT",
    "draw N",
    "discard N",
    "discard your hand",
    "gain AMOUNT",
    "RECIPIENT MODIFIER DURATION",
    "opposing ships must target RECIPIENT if able DURATION",
    "the next volley at RECIPIENT targets this instead DURATION",
    "FILTER costs AMOUNT less DURATION",
    "your hand size +N DURATION",
    "if CONDITION then ACTION",
    "you may ACTION",
    "roll a volley die (1-5: ACTION) (6-10: ACTION)",
    "choose one — ACTION; or ACTION",
];
const RECIPIENTS: &[&str] = &[
    "this",
    "that ship",
    "it",
    "host",
    "attached cards",
    "target FILTER",
    "up to N target FILTER",
    "each FILTER",
    "FILTER",
];
const NOUNS: &[&str] = &[
    "card",
    "unit",
    "ship",
    "Marine",
    "Station",
    "module",
    "Event",
    "Tactic",
    "Breakthru",
];
const MODIFIERS: &[&str] = &[
    "gains TRAIT",
    "loses TRAIT",
    "gets +N attack",
    "gets +N defense",
    "gets +N wounds",
    "gets +N marine capacity",
    "gets +N wing capacity",
    "gets +AMOUNT income",
    "gets +N to volley rolls",
    "gets +N volley dice",
    "may fire N additional volleys",
    "re-rolls N missed dice",
    "prevents the first N wounds each round",
    "prevents the first N wounds each turn",
];
const DURATIONS: &[&str] = &[
    "until end of round",
    "until end of engagement",
    "until end of turn",
    "while attached",
];
const CONDITIONS: &[&str] = &[
    "this is damaged",
    "this is not damaged",
    "host is damaged",
    "you are attacking",
    "you are defending",
    "you control N FILTER",
    "each opponent controls N FILTER",
];
const COMMANDERS: &[&str] = &["you", "opponent", "each opponent", "target opponent"];
const STATICS: &[&str] = &[
    "your hand size +N",
    "your income +AMOUNT",
    "FILTER costs AMOUNT more",
    "FILTER costs AMOUNT less",
    "RECIPIENT MODIFIER",
    "RECIPIENT gets +N to volley rolls against FILTER",
    "RECIPIENT gets +N attack against FILTER",
    "RECIPIENT deals double wounds against FILTER",
    "opposing ships must target RECIPIENT if able",
    "opposing units must target RECIPIENT if able",
];
const SEARCH_THEN: &[&str] = &["deploy it", "deploy it free", "put it in hand"];

/// Resolution state for one field.
struct Lower<'f> {
    base: usize,
    file: &'f str,
    diags: Vec<Diagnostic>,
    out: ParsedAbility,
    /// Where each `that <noun>` of the effect is written, in the order the IR holds them.
    thats: Vec<Span>,
    /// Where each `it` is written. Until [`Lower::bind_it`] replaces it, an `it` is held as
    /// `Group::Watched(Noun::Card)`, which nothing else writes before `bind_that` runs.
    its: Vec<Span>,
}

type P<'a> = Pair<'a, Rule>;

impl Lower<'_> {
    fn span(&self, p: &P<'_>) -> Span {
        let s = p.as_span();
        Span::new(self.base + s.start(), self.base + s.end())
    }

    fn error(
        &mut self,
        code: &'static str,
        span: Span,
        message: String,
        label: &str,
        help: Option<String>,
    ) {
        let mut d = Diagnostic::error(code, self.file, message).at(span, label);
        if let Some(h) = help {
            d = d.with_help(h);
        }
        self.diags.push(d);
    }

    fn field(&mut self, key: &str, field: P<'_>) -> Option<Ability> {
        let mut inner = field
            .into_inner()
            .filter(|p| !matches!(p.as_rule(), Rule::EOI | Rule::sep | Rule::equals));
        match key {
            "timing" => {
                let t = inner.next()?.into_inner().next()?;
                Some(Ability::Timing(match t.as_rule() {
                    Rule::t_any_time => Timing::AnyTime,
                    Rule::t_start_of_engagement => Timing::StartOfEngagement,
                    Rule::t_engagement => Timing::Engagement,
                    Rule::t_your_turn => Timing::YourTurn,
                    _ => Timing::YourManufacturing,
                }))
            }
            "play" => {
                let effect = self.effect(inner.next()?);
                self.no_it("a `play:` effect")?;
                Some(Ability::Play(effect?))
            }
            "when" | "flip" => {
                let trigger = self.trigger(inner.next()?);
                let effect = self.effect(inner.next()?);
                let (trigger, mut effect) = (trigger?, effect?);
                self.bind_it(&trigger, &mut effect)?;
                self.bind_that(&trigger, &mut effect)?;
                Some(Ability::Triggered {
                    trigger,
                    face_down: key == "flip",
                    effect,
                })
            }
            "instead" => {
                let r = inner.next()?.into_inner().next()?;
                let event = match r.as_rule() {
                    Rule::r_destroyed => Replaced::Destroyed,
                    Rule::r_compulsory => Replaced::CompulsoryWounds,
                    _ => Replaced::Boarded,
                };
                let mut effect = self.effect(inner.next()?)?;
                // `If this ship would be destroyed, instead return it ...`: the one card the
                // replaced event is about is this card.
                for action in effect.actions_mut() {
                    for aim in action.aims_mut().into_iter().flatten() {
                        if *aim == Aim::Named(Group::Watched(Noun::Card)) {
                            *aim = Aim::Named(Group::This);
                        }
                    }
                }
                Some(Ability::Replacement { event, effect })
            }
            "static" => {
                let st = self.static_body(inner.next()?);
                self.no_it("a static")?;
                st
            }
            "activate" => self.activated(inner),
            "limit" => {
                let l = inner.next()?;
                if l.as_rule() == Rule::l_round {
                    let span = self.span(&l);
                    self.error(
                        codes::SYNTAX,
                        span,
                        "`once per round` is not a play limit".into(),
                        "no such limit",
                        Some(
                            "a round is a round of an engagement (§6.6); write `once per turn` or `once per engagement`"
                                .into(),
                        ),
                    );
                    return None;
                }
                Some(Ability::PlayLimit(match l.into_inner().next()?.as_rule() {
                    Rule::l_turn => Limit::Turn,
                    Rule::l_engagement => Limit::Engagement,
                    _ => Limit::Game,
                }))
            }
            _ => self.override_(inner),
        }
    }

    // ---- activated abilities (issue #40, part 3.3) -------------------------------------------

    /// `activate [pay X] [once per ...] [only during ...]: effect`. Whether it has a cost or a
    /// limit, and whether the card can carry it, is check.rs's (it knows the card).
    fn activated<'a>(&mut self, inner: impl Iterator<Item = P<'a>>) -> Option<Ability> {
        let mut cost = None;
        let mut limit = None;
        let mut when = Activation::Event;
        let mut effect = None;
        let mut ok = true;
        for part in inner {
            match part.as_rule() {
                Rule::act_head => {
                    for h in part.into_inner() {
                        match h.as_rule() {
                            Rule::act_cost => {
                                let amount = self.amount(h.into_inner().next()?);
                                ok &= amount.is_some();
                                cost = amount;
                            }
                            Rule::limit => {
                                limit = Some(match h.into_inner().next()?.as_rule() {
                                    Rule::l_turn => Limit::Turn,
                                    Rule::l_engagement => Limit::Engagement,
                                    _ => Limit::Game,
                                });
                            }
                            _ => {
                                let w = h.into_inner().next()?;
                                when = match w.as_rule() {
                                    Rule::aw_your_turn => Activation::YourTurn,
                                    Rule::aw_engagement => Activation::Engagement,
                                    _ => {
                                        if let Some(t) =
                                            w.into_inner().find(|x| x.as_rule() == Rule::w_this)
                                        {
                                            self.this_noun(t);
                                        }
                                        Activation::EngagementIn
                                    }
                                };
                            }
                        }
                    }
                }
                Rule::effect => effect = self.effect(part),
                _ => {}
            }
        }
        // Its commander picks the moment: no card woke it, so `it` names none.
        self.no_it("an activated ability")?;
        let effect = effect?;
        ok.then_some(Ability::Activated {
            cost,
            limit,
            when,
            effect,
        })
    }

    // ---- overrides --------------------------------------------------------------------------

    fn override_<'a>(&mut self, mut inner: impl Iterator<Item = P<'a>>) -> Option<Ability> {
        let name = inner.next()?;
        let value = inner.next()?;
        let scope = inner.next();
        let name_span = self.span(&name);
        let rule = match BaseRule::from_name(name.as_str()) {
            Some(r) => Some(r),
            None => {
                let names: Vec<&str> = BaseRule::ALL.iter().map(|r| r.name()).collect();
                let help = suggest(name.as_str(), &names)
                    .map(|s| format!("did you mean `{s}`? The overridable rules are listed in docs/base-rules.md"))
                    .unwrap_or_else(|| "the overridable rules are listed in docs/base-rules.md".into());
                self.error(
                    codes::UNKNOWN_NAME,
                    name_span,
                    format!("unknown base rule `{}`", name.as_str()),
                    "no such rule",
                    Some(help),
                );
                None
            }
        };
        let scope = match scope {
            None => None,
            Some(s) if s.as_rule() == Rule::ov_against => {
                self.out.scope_span = Some(self.span(&s));
                self.this_noun(s);
                Some(OverrideScope::Against)
            }
            Some(s) => {
                self.out.scope_span = Some(self.span(&s));
                Some(match s.into_inner().next()?.as_rule() {
                    Rule::o_this => OverrideScope::This,
                    Rule::o_host => OverrideScope::Host,
                    Rule::o_you => OverrideScope::You,
                    _ => OverrideScope::Opponents,
                })
            }
        };
        let rule = rule?;
        let value = self.rule_value(rule, value)?;
        // Rules about a Commander default to `for you`; rules about a card to `for this`.
        let scope = scope.unwrap_or(match rule.subject() {
            crate::ir::rules::RuleSubject::Commander => OverrideScope::You,
            _ => OverrideScope::This,
        });
        Some(Ability::Override { rule, value, scope })
    }

    fn rule_value(&mut self, rule: BaseRule, value: P<'_>) -> Option<RuleValue> {
        let span = self.span(&value);
        let v = value.into_inner().next()?;
        let text = v.as_str().to_string();
        let got = match v.as_rule() {
            Rule::amount_value => self
                .amount_lit(v.into_inner().next()?)
                .map(RuleValue::Amount),
            Rule::yes => Some(RuleValue::Flag(true)),
            Rule::no => Some(RuleValue::Flag(false)),
            // Not `self.number`: a cap may go past 20 (`stockpile-cap = 25`); the rule's own
            // range is checked below (`BaseRule::check_value`).
            Rule::number_value => match text.parse::<u8>() {
                Ok(n) => Some(RuleValue::Count(n)),
                Err(_) if rule.kind() == RuleKind::Count => {
                    self.value_out_of_range(rule, &text, span);
                    return None;
                }
                Err(_) => None,
            },
            _ => match class_by_name(&text) {
                Some(c) => Some(RuleValue::Class(c)),
                None if rule.kind() == RuleKind::Class => {
                    self.unknown_class(&text, span);
                    return None;
                }
                None => None,
            },
        };
        match got {
            Some(v) if v.kind() == rule.kind() => match rule.check_value(v) {
                Ok(()) => Some(v),
                Err(_) => {
                    self.value_out_of_range(rule, &text, span);
                    None
                }
            },
            _ => {
                self.error(
                    codes::WRONG_KIND,
                    span,
                    format!("`{}` takes {}, not `{text}`", rule.name(), rule.kind()),
                    &format!("expected {}", rule.kind()),
                    Some(format!(
                        "the base value of `{}` (§{}) is `{}`",
                        rule.name(),
                        rule.section(),
                        rule.default_value()
                    )),
                );
                None
            }
        }
    }

    /// HB0416: a value of the right kind the rule does not admit (`hand-size = 0`).
    fn value_out_of_range(&mut self, rule: BaseRule, text: &str, span: Span) {
        let admits = rule.admits();
        self.error(
            codes::OVERRIDE_VALUE,
            span,
            format!("`{}` admits {admits}, not `{text}`", rule.name()),
            "outside what the rule admits",
            Some(format!("§{}: {}", rule.section(), admits.why())),
        );
    }

    // ---- triggers ---------------------------------------------------------------------------

    fn trigger(&mut self, p: P<'_>) -> Option<Trigger> {
        // No card named: the card itself for a card's event, its controller for a moment.
        let mut watch = None;
        let mut event = None;
        let mut other = None;
        let mut limit = None;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::limit => {
                    limit = Some(match c.into_inner().next()?.as_rule() {
                        Rule::l_turn => Limit::Turn,
                        Rule::l_engagement => Limit::Engagement,
                        _ => Limit::Game,
                    });
                }
                Rule::watch => {
                    let w = c.into_inner().next()?;
                    let span = self.span(&w);
                    watch = Some((
                        span,
                        match w.as_rule() {
                            Rule::w_this => {
                                self.this_noun(w);
                                Watch::This
                            }
                            Rule::w_host => {
                                self.host_words(w);
                                Watch::Host
                            }
                            Rule::w_control => {
                                let f = w.into_inner().find(|x| x.as_rule() == Rule::filter)?;
                                let span = self.span(&f);
                                let mut filter = self.filter(f)?;
                                if !filter.preds.contains(&Pred::Controller(Side::Yours)) {
                                    filter.preds.insert(0, Pred::Controller(Side::Yours));
                                }
                                self.out.groups.push((span, filter.clone()));
                                Watch::Any(filter)
                            }
                            // `any <filter>`, `a <filter>`.
                            _ => {
                                let f = w.into_inner().find(|x| x.as_rule() == Rule::filter)?;
                                let span = self.span(&f);
                                let filter = self.filter(f)?;
                                self.out.groups.push((span, filter.clone()));
                                Watch::Any(filter)
                            }
                        },
                    ));
                }
                Rule::edge_event => {
                    event = Some(match c.into_inner().next()?.as_rule() {
                        Rule::ed_start => TriggerEvent::EngagementStarts,
                        _ => TriggerEvent::EngagementEnds,
                    });
                }
                Rule::event => {
                    let e = c.into_inner().next()?;
                    if let Some(o) = e.clone().into_inner().find(|x| x.as_rule() == Rule::other) {
                        let f = o.into_inner().find(|x| x.as_rule() == Rule::filter)?;
                        let span = self.span(&f);
                        let filter = self.filter(f)?;
                        self.out.groups.push((span, filter.clone()));
                        other = Some(filter);
                    }
                    event = Some(match e.as_rule() {
                        Rule::ev_deployed => TriggerEvent::Deployed,
                        Rule::ev_destroyed => TriggerEvent::Destroyed,
                        Rule::ev_boarded => TriggerEvent::Boarded,
                        Rule::ev_boards => TriggerEvent::Boards,
                        Rule::ev_destroys => TriggerEvent::Destroys,
                        Rule::ev_wounds => TriggerEvent::Wounds,
                        Rule::ev_wounded_by => TriggerEvent::WoundedBy,
                        Rule::ev_hijacks => TriggerEvent::Hijacks,
                        Rule::ev_hijacked => TriggerEvent::Hijacked,
                        Rule::ev_wounded => TriggerEvent::Wounded,
                        Rule::ev_retreats => TriggerEvent::Retreats,
                        Rule::ev_natural => {
                            let n = e.into_inner().next()?;
                            let span = self.span(&n);
                            match n.as_str() {
                                "1" => TriggerEvent::RollsNatural(1),
                                "10" => TriggerEvent::RollsNatural(10),
                                other => {
                                    self.error(
                                        codes::OUT_OF_RANGE,
                                        span,
                                        format!("a natural roll is 1 or 10, not {other}"),
                                        "not a natural result",
                                        Some(
                                            "§9.19: only an unmodified 1 or 10 is a natural result"
                                                .into(),
                                        ),
                                    );
                                    return None;
                                }
                            }
                        }
                        Rule::ev_engagement_starts => TriggerEvent::EngagementStarts,
                        Rule::ev_engagement_ends => TriggerEvent::EngagementEnds,
                        Rule::ev_logistics => TriggerEvent::YourLogistics,
                        Rule::ev_manufacturing => TriggerEvent::YourManufacturing,
                        Rule::ev_turn_starts => TriggerEvent::YourTurnStarts,
                        _ => TriggerEvent::YourTurnEnds,
                    });
                }
                _ => {}
            }
        }
        let event = event?;
        let watch = self.watch_for(event, watch)?;
        Some(Trigger {
            event,
            watch,
            other,
            limit,
        })
    }

    /// The watch of a trigger on `event`, from the card written before it (if any). A phase or
    /// a turn is its controller's, never a card's; an engagement is either (`when engagement
    /// starts`: every one its controller fights; `when this ship engagement starts`: one this
    /// ship is in); a card's event is this card's unless another is named.
    fn watch_for(&mut self, event: TriggerEvent, watch: Option<(Span, Watch)>) -> Option<Watch> {
        let engagement = matches!(
            event,
            TriggerEvent::EngagementStarts | TriggerEvent::EngagementEnds
        );
        match watch {
            None if event.about_a_card() => Some(Watch::This),
            None => Some(Watch::Commander),
            Some((_, w)) if event.about_a_card() => Some(w),
            Some((_, w @ (Watch::This | Watch::Host))) if engagement => Some(w),
            Some((span, _)) => {
                let (what, help) = if engagement {
                    (
                        "an engagement is watched for `this` card or its `host`, not for any card of a kind",
                        "write `when engagement starts` for every engagement you fight, or `when this engagement starts` / `when host engagement starts` for one this card (or its host) is in",
                    )
                } else {
                    (
                        "a phase or a turn is its commander's, not a card's",
                        "drop the card: `when your turn starts: ...` wakes for this card's controller",
                    )
                };
                self.error(
                    codes::WATCH_NOT_ALLOWED,
                    span,
                    what.into(),
                    "no card's moment",
                    Some(help.into()),
                );
                None
            }
        }
    }

    /// Binds each `that <noun>` of a trigger watching `any <filter>` / `<filter> you control`
    /// to the card of the trigger sentence its noun names (docs/abilities.md, "Naming the
    /// cards of a trigger"): the other card of the deed (`destroys a Marine` ... `that
    /// Marine`) or the watched card (`a ship you control is wounded by a unit` ... `that
    /// ship`). The noun written decides first, then the kinds each card can be; where both
    /// cards fit, `that` would be a guess, so it is refused (HB0417). With `this` or `host`
    /// watched, `that` is always the deed's other card.
    fn bind_that(&mut self, t: &Trigger, e: &mut Effect) -> Option<()> {
        let Watch::Any(watched) = &t.watch else {
            return Some(());
        };
        let written = t.other.as_ref().map(|f| f.noun);
        // A deed with no other card written (`boards`, `hijacks`) still has one.
        let other = written.or(t.event.binds_other().then_some(Noun::Unit));
        let mut ok = true;
        let mut at = 0;
        for action in e.actions_mut() {
            for aim in action.aims_mut().into_iter().flatten() {
                let Aim::Named(Group::That(n)) = aim else {
                    continue;
                };
                let n = *n;
                let span = self.thats.get(at).copied().unwrap_or(self.out.span);
                at += 1;
                let (to_other, to_watched) = match (written == Some(n), watched.noun == n) {
                    (false, false) => (
                        other.is_some_and(|o| super::check::nouns_meet(o, n)),
                        super::check::nouns_meet(watched.noun, n),
                    ),
                    exact => exact,
                };
                match (to_other, to_watched) {
                    (true, true) => {
                        let word = crate::explain::noun_text(n);
                        let other_text = t.other.as_ref().map_or_else(
                            || "the other card of the deed".to_string(),
                            |f| {
                                format!("the {} of the deed", crate::explain::filter_text(f, false))
                            },
                        );
                        self.error(
                            codes::THAT_UNBOUND,
                            span,
                            format!(
                                "`that {word}` could be either card of this trigger: the {} it watches, or {other_text}",
                                crate::explain::filter_text(watched, false),
                            ),
                            "which one?",
                            Some(format!("call one of the two by another noun, in the trigger and after `that` (`... hijacks a unit: ... that unit`), so `that {word}` names one card")),
                        );
                        ok = false;
                    }
                    (false, true) => *aim = Aim::Named(Group::Watched(n)),
                    // The other card, or none (check.rs says `that` names nothing here).
                    _ => {}
                }
            }
        }
        ok.then_some(())
    }

    /// Refuses every `it` of an ability that no card woke: a `play:`, a replacement, a static.
    fn no_it(&mut self, what: &str) -> Option<()> {
        let Some(&span) = self.its.first() else {
            return Some(());
        };
        self.error(
            codes::THAT_UNBOUND,
            span,
            format!("`it` names no card here: {what} is woken by no card"),
            "which card?",
            Some("`it` is the card a trigger's sentence names (`when an opposing ship retreats: deal 1 compulsory wound to it`); here write `this`, `host`, or `target ...` to choose one".into()),
        );
        None
    }

    /// Binds each `it` of a trigger's effect to the one card the trigger sentence names
    /// (issue #40, part 3.1): this card or its host when watched, else the card of the kind it
    /// watches (`when a Marine you control is deployed: it gets ...`). A sentence naming no
    /// card (a phase, a turn, every engagement) or two (a deed with its other card written)
    /// leaves `it` a guess, so it is refused (HB0417).
    fn bind_it(&mut self, t: &Trigger, e: &mut Effect) -> Option<()> {
        let Some(&span) = self.its.first() else {
            return Some(());
        };
        let refuse = |lw: &mut Self, message: String, help: &str| {
            lw.error(
                codes::THAT_UNBOUND,
                span,
                message,
                "which card?",
                Some(help.into()),
            );
            None
        };
        let bound = match (&t.watch, &t.other) {
            (Watch::Commander, _) => {
                return refuse(
                    self,
                    "`it` names no card: this trigger is a moment of its commander, not of a card"
                        .into(),
                    "name the card: `this`, `host`, or `target ...` to choose one",
                )
            }
            (watch, Some(other)) => {
                let watched = match watch {
                    Watch::Any(f) => format!("the {}", crate::explain::filter_text(f, false)),
                    Watch::Host => "host".into(),
                    _ => "this card".into(),
                };
                return refuse(
                    self,
                    format!(
                        "`it` could be either card of this trigger: {watched}, or the {} of the deed",
                        crate::explain::filter_text(other, false)
                    ),
                    "name one: `that <noun>` with the noun of the card meant (`... wounded by a unit: ... that unit`), or `this` / `host`",
                );
            }
            (Watch::This, None) => Group::This,
            (Watch::Host, None) => Group::Host,
            (Watch::Any(f), None) => Group::Watched(pronoun_noun(f.noun)),
        };
        for action in e.actions_mut() {
            for aim in action.aims_mut().into_iter().flatten() {
                if *aim == Aim::Named(Group::Watched(Noun::Card)) {
                    *aim = Aim::Named(bound.clone());
                }
            }
        }
        Some(())
    }

    /// Where a searched card is deployed (I-102): `this ship`, `host`, or `a <filter>`, one
    /// card of which the searcher picks.
    fn search_host(&mut self, p: P<'_>) -> Option<Group> {
        let h = p.into_inner().find(|x| x.as_rule() != Rule::article)?;
        Some(match h.as_rule() {
            Rule::g_this => {
                self.this_noun(h);
                Group::This
            }
            Rule::g_host => {
                self.host_words(h);
                Group::Host
            }
            _ => {
                let span = self.span(&h);
                let filter = self.filter(h)?;
                self.out.groups.push((span, filter.clone()));
                Group::Each(filter)
            }
        })
    }

    /// Notes the noun of `this <noun>` (a watch or a recipient) for the card-level check.
    fn this_noun(&mut self, p: P<'_>) {
        if let Some(n) = p.into_inner().find(|x| x.as_rule() == Rule::this_noun) {
            let span = self.span(&n);
            self.out.this_nouns.push((span, that_noun(n.as_str())));
        }
    }

    // ---- statics ----------------------------------------------------------------------------

    fn static_body(&mut self, p: P<'_>) -> Option<Ability> {
        let mut inner = p.into_inner();
        let body = inner.next()?;
        let condition = match inner.next() {
            Some(w) => Some(self.condition(w.into_inner().next()?)?),
            None => None,
        };
        let mut parts = body.clone().into_inner();
        let st = match body.as_rule() {
            Rule::s_against => self.static_against(body, condition)?,
            Rule::s_taunt => {
                let span = self.span(&body);
                let (aim, modifier) = self.taunt(body)?;
                let group = self.static_group(aim, span)?;
                Static::Cards {
                    group,
                    modifier,
                    condition,
                }
            }
            Rule::s_hand_size | Rule::s_income | Rule::s_cost => {
                let (who, modifier) = self.commander_modifier(body)?;
                Static::Commanders {
                    who,
                    modifier,
                    condition,
                }
            }
            _ => {
                let aim_pair = parts.next()?;
                let aim_span = self.span(&aim_pair);
                let aim = self.aim(aim_pair);
                let modifier = self.modifier(parts.next()?)?;
                let group = self.static_group(aim?, aim_span)?;
                Static::Cards {
                    group,
                    modifier,
                    condition,
                }
            }
        };
        Some(Ability::Static(st))
    }

    /// The recipients of a static: named ones only, since a static chooses nothing (HB0410).
    fn static_group(&mut self, aim: Aim, span: Span) -> Option<Group> {
        match aim {
            Aim::Named(g) => Some(g),
            Aim::Chosen(_) => {
                self.error(
                    codes::STATIC_TARGETS,
                    span,
                    "a static ability cannot choose a target".into(),
                    "chosen target",
                    Some("a static ability applies to named recipients: write `each ...`, `host` or `this`; use `when:` or `play:` to choose a target".into()),
                );
                None
            }
        }
    }

    /// `s_taunt`: whose volleys (`ships` or `units`) must target whom if able (I-98).
    fn taunt(&mut self, body: P<'_>) -> Option<(Aim, CardModifier)> {
        let mut parts = body.into_inner();
        let units = parts.next()?.as_rule() == Rule::taunt_units;
        let aim = self.aim(parts.next()?)?;
        Some((aim, CardModifier::Taunt { units }))
    }

    /// `s_against`: the recipients, the bonus and the targets it counts against (I-97).
    fn static_against(&mut self, body: P<'_>, condition: Option<Condition>) -> Option<Static> {
        let mut parts = body.into_inner();
        let aim_pair = parts.next()?;
        let aim_span = self.span(&aim_pair);
        let aim = self.aim(aim_pair);
        let bonus = self.against_bonus(parts.next()?);
        let against = parts.next()?.into_inner().next()?;
        let against_span = self.span(&against);
        let against = self.filter(against)?;
        self.out.groups.push((against_span, against.clone()));
        let group = self.static_group(aim?, aim_span)?;
        Some(Static::Against {
            group,
            bonus: bonus?,
            against,
            condition,
        })
    }

    /// The bonuses a volley can have against a kind of target: to its rolls, to its dice, to
    /// its wounds (I-97). Any other modifier is read only to say so.
    fn against_bonus(&mut self, p: P<'_>) -> Option<AgainstBonus> {
        let span = self.span(&p);
        let m = p.into_inner().next()?;
        if m.as_rule() == Rule::m_double {
            return Some(AgainstBonus::DoubleWounds);
        }
        match self.modifier(m)? {
            CardModifier::RollBonus(d) => Some(AgainstBonus::RollBonus(d)),
            CardModifier::Stat {
                stat: Stat::Attack,
                delta,
            } if delta > 0 => Some(AgainstBonus::Attack(delta)),
            CardModifier::Stat {
                stat: Stat::Attack, ..
            } => {
                self.error(
                    codes::OUT_OF_RANGE,
                    span,
                    "an attack bonus against a kind of target adds dice".into(),
                    "fewer dice",
                    Some("write `+1 attack against ...` or more; to weaken fire at such targets, give its rolls a penalty: `gets -1 to volley rolls against ...` (I-97)".into()),
                );
                None
            }
            _ => {
                self.error(
                    codes::WRONG_KIND,
                    span,
                    "this modifier cannot be had against a kind of target".into(),
                    "not a volley bonus",
                    Some("against a kind of target a unit may get `+N to volley rolls`, `+N attack` or `deal double wounds` (docs/abilities.md, Bonuses against a kind of target, I-97)".into()),
                );
                None
            }
        }
    }

    /// A modifier on Commanders: hand size (§5.3.1), income (§5.3.2) or deployment cost
    /// (§8.4), as a static or, with a duration, as a temporary modifier of an effect.
    fn commander_modifier(&mut self, body: P<'_>) -> Option<(Commanders, CommanderModifier)> {
        let rule = body.as_rule();
        let mut parts = body.into_inner();
        Some(match rule {
            Rule::s_hand_size => {
                let who = self.commanders_of(parts.next()?)?;
                let d = parts.next()?;
                let d = match d.as_rule() {
                    Rule::changed_by => {
                        let (more, n) = self.changed_by(d)?;
                        let n = self.number(n)?;
                        if n == 0 {
                            return self.signed_zero();
                        }
                        if more {
                            n as i8
                        } else {
                            -(n as i8)
                        }
                    }
                    _ => self.signed(d)?,
                };
                (who, CommanderModifier::HandSize(d))
            }
            Rule::s_income => {
                let who = self.commanders_of(parts.next()?)?;
                let c = parts.next()?;
                let change = match c.as_rule() {
                    Rule::changed_by_amount => {
                        let (more, a) = self.changed_by(c)?;
                        AmountChange {
                            amount: self.amount_lit(a)?,
                            more,
                        }
                    }
                    _ => self.signed_amount(c)?,
                };
                (who, CommanderModifier::Income(change))
            }
            _ => {
                let f = parts.next()?;
                let fspan = self.span(&f);
                let filter = self.filter(f)?;
                let amount = self.amount(parts.next()?)?;
                let more = parts.next()?.into_inner().next()?.as_rule() == Rule::more;
                self.out.groups.push((fspan, filter.clone()));
                let who = match controller(&filter) {
                    Some(Side::Yours) => Commanders::You,
                    Some(Side::Opposing) => Commanders::Opponents,
                    None => Commanders::All,
                };
                let change = AmountChange { amount, more };
                (who, CommanderModifier::Cost { of: filter, change })
            }
        })
    }

    fn duration(&mut self, p: P<'_>) -> Option<Duration> {
        Some(match p.into_inner().next()?.as_rule() {
            Rule::d_engagement => Duration::EndOfEngagement,
            Rule::d_turn => Duration::EndOfTurn,
            Rule::d_round => Duration::EndOfRound,
            _ => Duration::WhileAttached,
        })
    }

    fn commanders_of(&mut self, p: P<'_>) -> Option<Commanders> {
        Some(match p.into_inner().next()?.as_rule() {
            Rule::c_your => Commanders::You,
            Rule::c_opponents => Commanders::Opponents,
            _ => Commanders::All,
        })
    }

    fn modifier(&mut self, p: P<'_>) -> Option<CardModifier> {
        let m = p.into_inner().next()?;
        let rule = m.as_rule();
        let mut parts = m.into_inner();
        match rule {
            Rule::m_gain => Some(CardModifier::GainTrait(self.trait_grant(parts.next()?)?)),
            Rule::m_lose => Some(CardModifier::LoseTrait(
                self.trait_name_only(parts.next()?)?,
            )),
            Rule::m_income => Some(CardModifier::Income {
                change: self.signed_amount(parts.next()?)?,
            }),
            Rule::m_roll => Some(CardModifier::RollBonus(self.signed(parts.next()?)?)),
            Rule::m_dice => Some(CardModifier::ExtraDice(self.signed(parts.next()?)?)),
            Rule::m_volleys => Some(CardModifier::ExtraVolleys(self.count(parts.next()?)?)),
            Rule::m_reroll => self.reroll(parts),
            Rule::m_prevent => {
                let mut count = 1;
                let mut each = crate::ir::effect::Span::Round;
                for q in parts {
                    match q.as_rule() {
                        Rule::count => count = self.count(q)?,
                        Rule::span if q.into_inner().next()?.as_rule() == Rule::sp_turn => {
                            each = crate::ir::effect::Span::Turn;
                        }
                        _ => {}
                    }
                }
                Some(CardModifier::PreventWounds { count, each })
            }
            _ => {
                let delta = self.signed(parts.next()?)?;
                let stat = match parts.next()?.into_inner().next()?.as_rule() {
                    Rule::st_attack => Stat::Attack,
                    Rule::st_defense => Stat::Defense,
                    Rule::st_wounds => Stat::Wounds,
                    Rule::st_marine_cap => Stat::MarineCapacity,
                    _ => Stat::WingCapacity,
                };
                Some(CardModifier::Stat { stat, delta })
            }
        }
    }

    // ---- effects ----------------------------------------------------------------------------

    fn effect(&mut self, p: P<'_>) -> Option<Effect> {
        let span = self.span(&p);
        let mut steps = Vec::new();
        let mut ok = true;
        for s in p.into_inner() {
            match self.step(s) {
                Some(st) => steps.push(st),
                None => ok = false,
            }
        }
        if steps.len() > limits::STEPS {
            self.error(
                codes::TOO_LONG,
                span,
                format!(
                    "{} steps in one effect, more than {}",
                    steps.len(),
                    limits::STEPS
                ),
                "too many steps",
                Some("split the effect across several abilities".into()),
            );
            return None;
        }
        ok.then_some(Effect { steps })
    }

    fn step(&mut self, p: P<'_>) -> Option<Step> {
        let s = p.into_inner().next()?;
        match s.as_rule() {
            Rule::if_step => {
                let mut it = s.into_inner();
                let condition = self.condition(it.next()?);
                let then = self.actions(it.next()?);
                let otherwise = match it.next() {
                    Some(a) => self.actions(a)?,
                    None => Vec::new(),
                };
                Some(Step::If {
                    condition: condition?,
                    then: then?,
                    otherwise,
                })
            }
            Rule::may_step => {
                let mut cost = None;
                let mut then = None;
                for c in s.into_inner() {
                    match c.as_rule() {
                        Rule::amount => cost = Some(self.amount(c)?),
                        Rule::actions => then = self.actions(c),
                        _ => {}
                    }
                }
                Some(Step::May { cost, then: then? })
            }
            Rule::roll_step => {
                let span = self.span(&s);
                let mut branches: Vec<RollBranch> = Vec::new();
                let mut ok = true;
                for b in s.into_inner() {
                    match self.branch(b) {
                        Some(br) => branches.push(br),
                        None => ok = false,
                    }
                }
                if branches.len() > limits::BRANCHES {
                    self.error(
                        codes::TOO_LONG,
                        span,
                        format!(
                            "{} roll branches, more than {}",
                            branches.len(),
                            limits::BRANCHES
                        ),
                        "too many branches",
                        Some("a volley die has ten results; one branch per range".into()),
                    );
                    return None;
                }
                ok.then_some(Step::Roll { branches })
            }
            Rule::choose_step => self.choose(s),
            _ => Some(Step::Do(self.actions(s)?)),
        }
    }

    /// `choose one — A; or B` (issue #40, part 3.2): fewer modes chosen than written, at most
    /// [`limits::MODES`] of them.
    fn choose(&mut self, s: P<'_>) -> Option<Step> {
        let span = self.span(&s);
        let mut count = 1;
        let mut modes = Vec::new();
        let mut ok = true;
        for c in s.into_inner() {
            match c.as_rule() {
                Rule::choose_count => {
                    count = match c.into_inner().next().map(|w| w.as_rule()) {
                        Some(Rule::cc_two) => 2,
                        Some(Rule::cc_three) => 3,
                        _ => 1,
                    }
                }
                _ => match self.actions(c) {
                    Some(m) => modes.push(m),
                    None => ok = false,
                },
            }
        }
        if !ok {
            return None;
        }
        if modes.len() > limits::MODES {
            self.error(
                codes::TOO_LONG,
                span,
                format!("{} modes, more than {}", modes.len(), limits::MODES),
                "too many modes",
                Some("split the choice across several cards".into()),
            );
            return None;
        }
        if usize::from(count) >= modes.len() {
            let n = ["", "one", "two", "three"][usize::from(count)];
            self.error(
                codes::OUT_OF_RANGE,
                span,
                format!(
                    "`choose {n}` of {} mode{} leaves nothing to choose",
                    modes.len(),
                    if modes.len() == 1 { "" } else { "s" }
                ),
                "nothing to choose",
                Some(format!(
                    "write at least {} modes, each after `; or`, or do them all without `choose`",
                    count + 1
                )),
            );
            return None;
        }
        Some(Step::Choose { count, modes })
    }

    fn branch(&mut self, p: P<'_>) -> Option<RollBranch> {
        let mut nums = Vec::new();
        let mut actions = None;
        let span = self.span(&p);
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::number => nums.push(self.number(c)?),
                Rule::actions => actions = self.actions(c),
                _ => {}
            }
        }
        let lo = *nums.first()?;
        let hi = nums.get(1).copied().unwrap_or(lo);
        if lo == 0 || hi > 10 || lo > hi {
            self.error(
                codes::OUT_OF_RANGE,
                span,
                format!("roll range {lo}-{hi} is not within 1-10"),
                "bad range",
                Some(
                    "a volley die is a ten-sided die (§9.37): ranges run from 1 to 10, low first"
                        .into(),
                ),
            );
            return None;
        }
        Some(RollBranch {
            lo,
            hi,
            actions: actions?,
        })
    }

    fn actions(&mut self, p: P<'_>) -> Option<Vec<Action>> {
        let span = self.span(&p);
        let mut out = Vec::new();
        let mut ok = true;
        for a in p.into_inner() {
            match self.action(a) {
                Some(x) => out.push(x),
                None => ok = false,
            }
        }
        if out.len() > limits::ACTIONS {
            self.error(
                codes::TOO_LONG,
                span,
                format!(
                    "{} actions in one step, more than {}",
                    out.len(),
                    limits::ACTIONS
                ),
                "too many actions",
                Some("split the step with `;`, or the effect across several abilities".into()),
            );
            return None;
        }
        ok.then_some(out)
    }

    fn action(&mut self, p: P<'_>) -> Option<Action> {
        let a = p.into_inner().next()?;
        let rule = a.as_rule();
        let parts: Vec<P<'_>> = a.into_inner().collect();
        let find = |r: Rule| parts.iter().find(|p| p.as_rule() == r).cloned();
        let immediately = find(Rule::immediately).is_some();
        let quantity = |lw: &mut Lower| -> Option<Quantity> {
            let q = find(Rule::quantity)?;
            let per = find(Rule::per);
            lw.quantity(q, per)
        };
        let aims: Vec<P<'_>> = parts
            .iter()
            .filter(|p| p.as_rule() == Rule::aim)
            .cloned()
            .collect();
        let aim0 = |lw: &mut Lower| -> Option<Aim> { lw.aim(aims.first()?.clone()) };
        Some(match rule {
            Rule::a_wounds => Action::CompulsoryWounds {
                amount: quantity(self)?,
                to: aim0(self)?,
            },
            Rule::a_volley | Rule::a_fire_volley => Action::Volley {
                dice: quantity(self)?,
                at: aim0(self)?,
            },
            Rule::a_repair | Rule::a_remove => Action::Repair {
                amount: quantity(self)?,
                on: aim0(self)?,
            },
            Rule::a_cancel => Action::CancelEngagement { immediately },
            Rule::a_destroy => Action::Destroy {
                what: aim0(self)?,
                immediately,
            },
            Rule::a_sacrifice => Action::Sacrifice { what: aim0(self)? },
            Rule::a_search => {
                let count = match find(Rule::search_count) {
                    Some(c) => match c.into_inner().next() {
                        Some(n) if n.as_rule() == Rule::number => self.number(n)?,
                        Some(n) if n.as_rule() == Rule::up_to => {
                            self.number(n.into_inner().next()?)?
                        }
                        _ => 1,
                    },
                    None => 1,
                };
                let f = find(Rule::filter)?;
                let fspan = self.span(&f);
                let filter = self.filter(f)?;
                self.out.groups.push((fspan, filter.clone()));
                let then = find(Rule::search_then)?.into_inner().next()?;
                let then = match then.as_rule() {
                    Rule::st_deploy => {
                        let parts: Vec<P<'_>> = then.into_inner().collect();
                        let free = parts.iter().any(|p| p.as_rule() == Rule::free);
                        match parts
                            .into_iter()
                            .find(|p| p.as_rule() == Rule::deploy_aboard)
                        {
                            Some(d) => SearchThen::DeployAboard {
                                free,
                                aboard: self.search_host(d)?,
                            },
                            None => SearchThen::Deploy { free },
                        }
                    }
                    _ => SearchThen::ToHand,
                };
                Action::Search {
                    count,
                    filter,
                    then,
                }
            }
            Rule::a_attach => {
                let what = aim0(self);
                let to = self.aim(aims.get(1)?.clone());
                Action::Attach {
                    what: what?,
                    to: to?,
                }
            }
            Rule::a_detach => Action::Detach { what: aim0(self)? },
            Rule::a_return => {
                if let Some(your) = find(Rule::hand_of)
                    .and_then(|h| h.into_inner().find(|x| x.as_rule() == Rule::ho_your))
                {
                    let span = self.span(&your);
                    self.error(
                        codes::NOT_OWNERS_HAND,
                        span,
                        "a returned card goes to its owner's hand, not `your hand`".into(),
                        "not where it goes",
                        Some("write `to its owner's hand`: a hand holds only its commander's own cards, so a ship you hijacked goes back to the commander who owns it (I-84)".into()),
                    );
                    return None;
                }
                Action::ReturnToHand { what: aim0(self)? }
            }
            Rule::a_retreat | Rule::a_retreats => Action::Retreat { what: aim0(self)? },
            Rule::a_take => Action::Take {
                amount: self.amount(find(Rule::amount)?)?,
                from: self.commander(find(Rule::commander)?)?,
            },
            Rule::a_give => Action::Give {
                amount: self.amount(find(Rule::amount)?)?,
                to: self.commander(find(Rule::commander)?)?,
            },
            Rule::a_pay => Action::Pay {
                amount: self.amount(find(Rule::amount)?)?,
            },
            Rule::a_commander => {
                let who = match find(Rule::commander) {
                    Some(c) => self.commander(c)?,
                    None => CommanderAim::You,
                };
                let verb = parts
                    .iter()
                    .find(|p| p.as_rule() != Rule::commander)?
                    .clone();
                let vrule = verb.as_rule();
                let vparts: Vec<P<'_>> = verb.into_inner().collect();
                let vfind = |r: Rule| vparts.iter().find(|p| p.as_rule() == r).cloned();
                match vrule {
                    Rule::v_draw => Action::Draw {
                        who,
                        count: self.quantity(vfind(Rule::quantity)?, vfind(Rule::per))?,
                    },
                    Rule::v_discard_hand => Action::Discard {
                        who,
                        count: DiscardCount::Hand,
                    },
                    Rule::v_discard => Action::Discard {
                        who,
                        count: DiscardCount::N(match vfind(Rule::number) {
                            Some(n) => self.number(n)?,
                            // `discards a card`
                            None => 1,
                        }),
                    },
                    _ => Action::Gain {
                        who,
                        amount: self.amount(vfind(Rule::amount)?)?,
                    },
                }
            }
            Rule::a_taunt => {
                let (on, modifier) = self.taunt(parts.first()?.clone())?;
                Action::Modify {
                    on,
                    modifier,
                    duration: self.duration(find(Rule::duration)?)?,
                }
            }
            Rule::a_decoy => {
                if let Some(d) = find(Rule::decoy_this) {
                    self.this_noun(d);
                }
                Action::Modify {
                    on: aim0(self)?,
                    modifier: CardModifier::Decoy,
                    duration: self.duration(find(Rule::duration)?)?,
                }
            }
            Rule::a_modify_against => {
                // I-97: a bonus against a kind of target is printed text, not an effect.
                let span = self.span(parts.iter().find(|p| p.as_rule() == Rule::against)?);
                self.error(
                    codes::WRONG_KIND,
                    span,
                    "a bonus against a kind of target is a static ability only".into(),
                    "against, for a while",
                    Some("write it as `static: this gets +1 attack against Cruisers`; for a while, a bonus with no `against` (`target ship gets +1 attack until end of turn`) (docs/abilities.md, Bonuses against a kind of target)".into()),
                );
                return None;
            }
            Rule::a_commanders_modify => {
                let body = parts.first()?.clone();
                let (who, modifier) = self.commander_modifier(body)?;
                Action::ModifyCommanders {
                    who,
                    modifier,
                    duration: self.duration(find(Rule::duration)?)?,
                }
            }
            _ => {
                let on = aim0(self);
                let modifier = self.modifier(find(Rule::modifier)?);
                let duration = self.duration(find(Rule::duration)?)?;
                Action::Modify {
                    on: on?,
                    modifier: modifier?,
                    duration,
                }
            }
        })
    }

    fn quantity(&mut self, q: P<'_>, per: Option<P<'_>>) -> Option<Quantity> {
        let inner = q.into_inner().next()?;
        let n = match inner.as_rule() {
            Rule::all => {
                if let Some(per) = per {
                    let span = self.span(&per);
                    self.error(
                        codes::WRONG_KIND,
                        span,
                        "`all` cannot be counted `per` anything".into(),
                        "remove this",
                        None,
                    );
                    return None;
                }
                return Some(Quantity::All);
            }
            Rule::article => 1,
            _ => self.number(inner)?,
        };
        match per {
            None => Some(Quantity::N(n)),
            Some(per) => {
                let f = per.into_inner().next()?;
                let span = self.span(&f);
                let filter = self.filter(f)?;
                self.out.groups.push((span, filter.clone()));
                Some(Quantity::Per {
                    n,
                    each: Group::Each(filter),
                })
            }
        }
    }

    fn commander(&mut self, p: P<'_>) -> Option<CommanderAim> {
        let c = match p.into_inner().next()?.as_rule() {
            Rule::target_opponent => CommanderAim::TargetOpponent,
            Rule::each_opponent => CommanderAim::EachOpponent,
            Rule::opponent => CommanderAim::Opponent,
            _ => CommanderAim::You,
        };
        Some(c)
    }

    // ---- conditions -------------------------------------------------------------------------

    fn condition(&mut self, p: P<'_>) -> Option<Condition> {
        let span = self.span(&p);
        let mut tests = Vec::new();
        let mut ok = true;
        for t in p.into_inner() {
            match self.test(t) {
                Some(x) => tests.push(x),
                None => ok = false,
            }
        }
        if tests.len() > limits::TESTS {
            self.error(
                codes::TOO_LONG,
                span,
                format!(
                    "{} tests in one condition, more than {}",
                    tests.len(),
                    limits::TESTS
                ),
                "too many tests",
                Some("split the condition across several abilities".into()),
            );
            return None;
        }
        ok.then_some(Condition { tests })
    }

    fn test(&mut self, p: P<'_>) -> Option<Test> {
        let t = p.into_inner().next()?;
        Some(match t.as_rule() {
            Rule::t_damaged => {
                let mut anchor = Anchor::This;
                let mut negated = false;
                for c in t.into_inner() {
                    match c.as_rule() {
                        Rule::anchor => anchor = self.anchor(c)?,
                        Rule::not => negated = true,
                        _ => {}
                    }
                }
                Test::Damaged { anchor, negated }
            }
            Rule::t_attacking => Test::Attacking,
            Rule::t_defending => Test::Defending,
            _ => {
                let mut who = Commanders::You;
                let mut count = 1;
                let mut filter = None;
                for c in t.into_inner() {
                    match c.as_rule() {
                        Rule::controller_who => {
                            who = match c.into_inner().next()?.as_rule() {
                                Rule::you => Commanders::You,
                                _ => Commanders::Opponents,
                            }
                        }
                        Rule::number => count = self.number(c)?,
                        Rule::filter => {
                            let span = self.span(&c);
                            let f = self.filter(c)?;
                            self.out.groups.push((span, f.clone()));
                            filter = Some(f);
                        }
                        _ => {}
                    }
                }
                Test::Controls {
                    who,
                    count,
                    filter: filter?,
                }
            }
        })
    }

    fn anchor(&mut self, p: P<'_>) -> Option<Anchor> {
        let a = p.into_inner().next()?;
        Some(match a.as_rule() {
            Rule::an_host => {
                self.host_words(a);
                Anchor::Host
            }
            _ => {
                self.this_noun(a);
                Anchor::This
            }
        })
    }

    /// Notes the host as explain names it (`the ship this is attached to`, `the ship or
    /// Station carrying this Marine`) for the card-level check: the noun must be what the host
    /// can be, and `this <noun>` what this card is (HB0420).
    fn host_words(&mut self, p: P<'_>) {
        let Some(h) = p.into_inner().find(|x| x.as_rule() == Rule::host_phrase) else {
            return;
        };
        if let Some(n) = h
            .clone()
            .into_inner()
            .find(|x| x.as_rule() == Rule::host_noun)
        {
            let span = self.span(&n);
            self.out.host_nouns.push((span, that_noun(n.as_str())));
        }
        self.this_noun(h);
    }

    // ---- aims and filters -------------------------------------------------------------------

    fn aim(&mut self, p: P<'_>) -> Option<Aim> {
        let a = p.into_inner().next()?;
        match a.as_rule() {
            Rule::chosen => {
                let mut count = 1;
                let mut up_to = false;
                let mut filter = None;
                let mut fspan = self.out.span;
                let mut yours = false;
                for c in a.into_inner() {
                    match c.as_rule() {
                        Rule::up_to => {
                            up_to = true;
                            count = self.number(c.into_inner().next()?)?;
                        }
                        Rule::number => count = self.number(c)?,
                        Rule::filter => {
                            fspan = self.span(&c);
                            filter = self.filter(c);
                        }
                        Rule::you_control => yours = true,
                        _ => {}
                    }
                }
                if let Some(f) = filter.as_mut() {
                    if yours && !f.preds.contains(&Pred::Controller(Side::Yours)) {
                        f.preds.insert(0, Pred::Controller(Side::Yours));
                    }
                    self.out.targets.push((fspan, f.clone()));
                }
                if count == 0 {
                    let span = self.out.targets.last().map_or(self.out.span, |t| t.0);
                    self.error(
                        codes::OUT_OF_RANGE,
                        span,
                        "a chosen target count must be at least 1".into(),
                        "zero targets",
                        None,
                    );
                    return None;
                }
                Some(Aim::Chosen(Target {
                    count,
                    up_to,
                    filter: filter?,
                }))
            }
            _ => {
                let g = a.into_inner().next()?;
                Some(Aim::Named(match g.as_rule() {
                    Rule::g_this => {
                        self.this_noun(g);
                        Group::This
                    }
                    Rule::g_that => {
                        let span = self.span(&g);
                        self.thats.push(span);
                        Group::That(that_noun(g.into_inner().next()?.as_str()))
                    }
                    Rule::g_host => {
                        self.host_words(g);
                        Group::Host
                    }
                    Rule::g_it => {
                        let span = self.span(&g);
                        self.its.push(span);
                        Group::Watched(Noun::Card)
                    }
                    Rule::g_attached => Group::Attached,
                    rule => {
                        let f = g.into_inner().next()?;
                        let span = self.span(&f);
                        if rule == Rule::g_filter && !plural_noun(&f) {
                            // `opposing ship gets -1 attack`: one ship, or each? Say which.
                            let text = f.as_str().trim();
                            self.error(
                                codes::SYNTAX,
                                span,
                                format!("`{text}` alone does not say which cards"),
                                "each, or one?",
                                Some(format!("write `each {text}` for every such card, or `target {text}` to choose one")),
                            );
                            return None;
                        }
                        let filter = self.filter(f)?;
                        self.out.groups.push((span, filter.clone()));
                        Group::Each(filter)
                    }
                }))
            }
        }
    }

    fn filter(&mut self, p: P<'_>) -> Option<Filter> {
        let span = self.span(&p);
        let first_name = self.out.names.len();
        let mut preds = Vec::new();
        let mut noun = None;
        let mut ok = true;
        let mut others = false;
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::adjective => {
                    let a = c.into_inner().next()?;
                    preds.push(match a.as_rule() {
                        Rule::f_your => Pred::Controller(Side::Yours),
                        Rule::f_opposing => Pred::Controller(Side::Opposing),
                        Rule::f_local => Pred::Local,
                        Rule::f_other => {
                            others = true;
                            Pred::Other
                        }
                        Rule::f_undamaged => Pred::Undamaged,
                        _ => Pred::Damaged,
                    });
                }
                Rule::faction => preds.push(Pred::Faction(match c.as_str() {
                    "RDF" => Faction::Rdf,
                    "Colonial" => Faction::Colonial,
                    _ => Faction::Corporate,
                })),
                Rule::noun => {
                    let nspan = self.span(&c);
                    match resolve_noun(c.as_str()) {
                        Some((n, class)) => {
                            noun = Some(n);
                            if let Some(class) = class {
                                preds.push(Pred::Size(SizeRestriction::Classes(vec![class])));
                            }
                        }
                        None => {
                            let help = suggest_noun(c.as_str());
                            self.error(
                                codes::UNKNOWN_NAME,
                                nspan,
                                format!("unknown card type or ship class `{}`", c.as_str()),
                                "not a card type or class",
                                Some(help),
                            );
                            ok = false;
                        }
                    }
                }
                Rule::class_more => {
                    // `Frigate or Destroyer`: the noun just read must itself be a class.
                    let list_span = self.span(&c);
                    let mut classes: Vec<ShipClass> = match preds.last() {
                        Some(Pred::Size(SizeRestriction::Classes(cs))) if cs.len() == 1 => {
                            cs.clone()
                        }
                        _ => {
                            self.error(
                                codes::WRONG_KIND,
                                list_span,
                                "`or <class>` joins ship classes, but the noun before it is not a ship class".into(),
                                "not a list of classes",
                                Some("write classes only: `Frigate or Destroyer`; for other card types write two abilities".into()),
                            );
                            ok = false;
                            continue;
                        }
                    };
                    for cp in c.into_inner() {
                        let cspan = self.span(&cp);
                        match class_by_name(cp.as_str()) {
                            Some(k) if !classes.contains(&k) => classes.push(k),
                            Some(_) => {}
                            None => {
                                self.unknown_class(cp.as_str(), cspan);
                                ok = false;
                            }
                        }
                    }
                    if classes.len() > limits::CLASSES {
                        self.error(
                            codes::TOO_LONG,
                            list_span,
                            format!(
                                "{} classes in one list, more than {}",
                                classes.len(),
                                limits::CLASSES
                            ),
                            "too many classes",
                            None,
                        );
                        ok = false;
                        continue;
                    }
                    preds.pop();
                    preds.push(Pred::Size(SizeRestriction::Classes(classes)));
                }
                Rule::size => {
                    let size_span = self.span(&c);
                    let s = c.into_inner().next()?;
                    let srule = s.as_rule();
                    let class_pair = s.into_inner().next();
                    let class = match class_pair {
                        Some(cp) => {
                            let cspan = self.span(&cp);
                            match class_by_name(cp.as_str()) {
                                Some(k) => Some(k),
                                None => {
                                    self.unknown_class(cp.as_str(), cspan);
                                    ok = false;
                                    continue;
                                }
                            }
                        }
                        None => None,
                    };
                    let restriction = match (srule, class) {
                        (Rule::sz_larger_than, Some(k)) => SizeRestriction::LargerThan(k),
                        (Rule::sz_smaller_than, Some(k)) => SizeRestriction::SmallerThan(k),
                        (r, _) => {
                            // `Cruiser or larger`: the class is the noun just read.
                            let from_noun = preds.iter().rev().find_map(|p| match p {
                                Pred::Size(SizeRestriction::Classes(cs)) if cs.len() == 1 => {
                                    cs.first().copied()
                                }
                                _ => None,
                            });
                            let Some(k) = from_noun else {
                                let listed = preds.iter().any(|p| {
                                    matches!(p, Pred::Size(SizeRestriction::Classes(cs)) if cs.len() > 1)
                                });
                                self.error(
                                    codes::WRONG_KIND,
                                    size_span,
                                    if listed {
                                        "`or larger` / `or smaller` cannot follow a list of classes"
                                    } else {
                                        "`or larger` / `or smaller` needs a ship class before it"
                                    }
                                    .into(),
                                    "no class to compare with",
                                    Some(
                                        "write `Cruiser or larger`, or `ship larger than Cruiser`"
                                            .into(),
                                    ),
                                );
                                ok = false;
                                continue;
                            };
                            preds.retain(|p| !matches!(p, Pred::Size(SizeRestriction::Classes(_))));
                            if r == Rule::sz_or_larger {
                                SizeRestriction::AtLeast(k)
                            } else {
                                SizeRestriction::AtMost(k)
                            }
                        }
                    };
                    if noun.is_none() || noun == Some(Noun::Card) || noun == Some(Noun::Unit) {
                        noun = Some(Noun::Ship);
                    }
                    preds.push(Pred::Size(restriction));
                }
                Rule::suffix => {
                    let s = c.into_inner().next()?;
                    match s.as_rule() {
                        Rule::f_with | Rule::f_without => {
                            let with = s.as_rule() == Rule::f_with;
                            match self.trait_name_only(s.into_inner().next()?) {
                                Some(t) if with => preds.push(Pred::HasTrait(t)),
                                Some(t) => preds.push(Pred::LacksTrait(t)),
                                None => ok = false,
                            }
                        }
                        Rule::f_named => {
                            let name = s.into_inner().next()?.into_inner().next()?;
                            let nspan = self.span(&name);
                            let text = name.as_str().to_string();
                            if text.is_empty() || text.len() > limits::NAME_BYTES {
                                self.error(
                                    codes::OUT_OF_RANGE,
                                    nspan,
                                    "a card name is 1 to 200 bytes".into(),
                                    "bad name",
                                    None,
                                );
                                ok = false;
                                continue;
                            }
                            self.out.names.push(super::NameRef {
                                span: nspan,
                                name: text.clone(),
                                noun: Noun::Card,
                                sizes: Vec::new(),
                            });
                            preds.push(Pred::Named(text));
                        }
                        Rule::f_aboard => {
                            let a = s.into_inner().next()?;
                            let anchor = match a.as_rule() {
                                Rule::an_same => Anchor::Host,
                                _ => self.anchor(a)?,
                            };
                            preds.push(Pred::AttachedTo(anchor));
                        }
                        _ => preds.push(Pred::InYourFleet),
                    }
                }
                _ => {}
            }
        }
        if preds.len() > limits::PREDICATES {
            self.error(
                codes::TOO_LONG,
                span,
                format!(
                    "{} conditions in one filter, more than {}",
                    preds.len(),
                    limits::PREDICATES
                ),
                "too many",
                Some("a filter this specific matches almost nothing; simplify it".into()),
            );
            return None;
        }
        if !ok {
            return None;
        }
        let noun = noun?;
        // A `named "X"` is checked against the whole filter once the pool is known.
        let sizes: Vec<SizeRestriction> = preds
            .iter()
            .filter_map(|p| match p {
                Pred::Size(s) => Some(s.clone()),
                _ => None,
            })
            .collect();
        for r in self.out.names.iter_mut().skip(first_name) {
            r.noun = noun;
            r.sizes = sizes.clone();
        }
        if others {
            self.out.others.push((span, noun));
        }
        Some(Filter { noun, preds })
    }

    // ---- traits -----------------------------------------------------------------------------

    /// `Interceptor +1`, `Regimented Marine x2`, `Stealth`: a trait as granted.
    fn trait_grant(&mut self, p: P<'_>) -> Option<Trait> {
        let span = self.span(&p);
        let mut parts = p.into_inner();
        let words = parts.next()?.as_str().to_string();
        let value = parts.next().map(|v| v.as_str().to_string());
        let (name, unit) = self.trait_words(&words, span)?;
        let num = match &value {
            Some(v) => {
                let digits = v.get(1..).unwrap_or("");
                match digits.parse::<u8>() {
                    Ok(n) if (1..=20).contains(&n) => Some((v.starts_with('x'), n)),
                    _ => {
                        self.error(
                            codes::OUT_OF_RANGE,
                            span,
                            format!("trait value `{v}` is not between 1 and 20"),
                            "out of range",
                            None,
                        );
                        return None;
                    }
                }
            }
            None => None,
        };
        if name.is_stackable() {
            let Some((false, x)) = num else {
                self.error(
                    codes::WRONG_KIND,
                    span,
                    format!("`{name}` is stackable and needs a value: `{name} +1`"),
                    "missing +X",
                    Some(
                        "§3.1: Interceptor, Jammer, Overload, Repair and Target Painter take +X"
                            .into(),
                    ),
                );
                return None;
            };
            return Some(match name {
                TraitName::Interceptor => Trait::Interceptor(x),
                TraitName::Jammer => Trait::Jammer(x),
                TraitName::Overload => Trait::Overload(x),
                TraitName::Repair => Trait::Repair(x),
                _ => Trait::TargetPainter(x),
            });
        }
        if name == TraitName::Regimented {
            let count = match num {
                None => 1,
                Some((true, n)) => n,
                Some((false, _)) => {
                    self.error(
                        codes::WRONG_KIND,
                        span,
                        "Regimented takes a count `x2`, not `+X`".into(),
                        "write `x2`",
                        None,
                    );
                    return None;
                }
            };
            let Some(unit) = unit else {
                self.error(
                    codes::WRONG_KIND,
                    span,
                    "Regimented needs what it fetches: `Regimented Marine` or `Regimented Wing`"
                        .into(),
                    "Marine or Wing?",
                    Some("§3.4.7".into()),
                );
                return None;
            };
            return Some(Trait::Regimented { unit, count });
        }
        if num.is_some() {
            self.error(
                codes::WRONG_KIND,
                span,
                format!("`{name}` is not stackable and takes no value"),
                "remove the value",
                Some("§3.2: only the active traits take +X".into()),
            );
            return None;
        }
        Some(match name {
            TraitName::AlphaStrike => Trait::AlphaStrike,
            TraitName::Annihilate => Trait::Annihilate,
            TraitName::Escort => Trait::Escort,
            TraitName::FaceUpFaceDown => Trait::FaceUpFaceDown,
            TraitName::Fearless => Trait::Fearless,
            TraitName::Hunter => Trait::Hunter,
            TraitName::Resistant => Trait::Resistant,
            TraitName::Stealth => Trait::Stealth,
            TraitName::Stoic => Trait::Stoic,
            _ => Trait::Unique,
        })
    }

    /// `with Stealth`, `loses Interceptor`: a trait by name only.
    fn trait_name_only(&mut self, p: P<'_>) -> Option<TraitName> {
        let span = self.span(&p);
        let mut parts = p.into_inner();
        let words = parts.next()?.as_str().to_string();
        if let Some(v) = parts.next() {
            self.error(
                codes::WRONG_KIND,
                span,
                format!(
                    "a trait is named here without its value: remove `{}`",
                    v.as_str()
                ),
                "no value here",
                None,
            );
            return None;
        }
        Some(self.trait_words(&words, span)?.0)
    }

    fn trait_words(
        &mut self,
        words: &str,
        span: Span,
    ) -> Option<(TraitName, Option<RegimentUnit>)> {
        if let Some(rest) = words.strip_prefix("Regimented") {
            let unit = match rest.trim() {
                "" => None,
                "Marine" | "Marines" => Some(RegimentUnit::Marine),
                "Wing" | "Wings" => Some(RegimentUnit::Wing),
                other => {
                    self.error(
                        codes::UNKNOWN_NAME,
                        span,
                        format!("Regimented fetches a Marine or a Wing, not `{other}`"),
                        "Marine or Wing",
                        None,
                    );
                    return None;
                }
            };
            return Some((TraitName::Regimented, unit));
        }
        match TraitName::ALL
            .iter()
            .copied()
            .find(|t| same_trait_words(t.name(), words))
        {
            Some(t) => Some((t, None)),
            None => {
                let names: Vec<&str> = TraitName::ALL.iter().map(|t| t.name()).collect();
                let help = suggest(words, &names)
                    .map(|s| format!("did you mean `{s}`?"))
                    .unwrap_or_else(|| format!("the traits are: {}", names.join(", ")));
                self.error(
                    codes::UNKNOWN_NAME,
                    span,
                    format!("unknown trait `{words}`"),
                    "not a trait",
                    Some(help),
                );
                None
            }
        }
    }

    fn unknown_class(&mut self, text: &str, span: Span) {
        let names: Vec<&str> = ShipClass::ALL.iter().map(|c| c.name()).collect();
        let help = suggest(text, &names)
            .map(|s| format!("did you mean `{s}`?"))
            .unwrap_or_else(|| format!("the classes are: {}", names.join(", ")));
        self.error(
            codes::UNKNOWN_NAME,
            span,
            format!("unknown ship class `{text}`"),
            "not a ship class",
            Some(help),
        );
    }

    // ---- numbers and amounts ----------------------------------------------------------------

    fn number(&mut self, p: P<'_>) -> Option<u8> {
        let span = self.span(&p);
        match p.as_str().parse::<u8>() {
            Ok(n) if n <= 20 => Some(n),
            _ => {
                self.error(
                    codes::OUT_OF_RANGE,
                    span,
                    format!(
                        "`{}` is out of range: numbers in abilities are 0 to 20",
                        p.as_str()
                    ),
                    "out of range",
                    Some("§9.27: nothing in the game counts past 20".into()),
                );
                None
            }
        }
    }

    /// `count`: a number 1–20, `a`/`an` or `one`.
    /// `re-rolls 1 missed die` (always, I-71) or `may re-roll one die of each volley` (any
    /// die, its commander's pick, I-91); every other reading is refused with both (HB0418).
    fn reroll(&mut self, parts: pest::iterators::Pairs<'_, Rule>) -> Option<CardModifier> {
        let (mut may, mut count, mut any) = (None, None, None);
        for q in parts {
            match q.as_rule() {
                Rule::may => may = Some(self.span(&q)),
                Rule::count => count = Some(q),
                Rule::any_die => any = Some(q),
                _ => {}
            }
        }
        const BOTH: &str = "write `re-rolls 1 missed die` (the first miss, always: docs/interpretations.md I-71) or `may re-roll one die of each volley` (any die its commander picks after seeing the dice, I-91)";
        match (may, any) {
            (Some(_), Some(any)) => {
                let span = self.span(&any);
                let n = match any.into_inner().next() {
                    Some(c) if c.as_rule() == Rule::count => self.count(c)?,
                    _ => 0,
                };
                if n != 1 {
                    self.error(
                        codes::OPTIONAL_REROLL,
                        span,
                        "an optional re-roll is of one die".into(),
                        "more than one die",
                        Some("write `may re-roll one die of each volley`: each card that says so gives one re-roll, so two such cards give two (docs/interpretations.md I-91)".into()),
                    );
                    return None;
                }
                Some(CardModifier::MayReroll)
            }
            (None, Some(any)) => {
                let span = self.span(&any);
                self.error(
                    codes::OPTIONAL_REROLL,
                    span,
                    "a re-roll names which die: a missed one, or one its commander picks".into(),
                    "which die?",
                    Some(BOTH.into()),
                );
                None
            }
            (Some(span), None) => {
                // A missed die has nothing to lose by being rolled again (I-71).
                if let Some(c) = count {
                    self.count(c)?;
                }
                self.error(
                    codes::OPTIONAL_REROLL,
                    span,
                    "a re-roll of a missed die cannot be optional".into(),
                    "`may` here",
                    Some(BOTH.into()),
                );
                None
            }
            // `re-rolls the first missed die of each volley`: one.
            (None, None) => Some(CardModifier::Rerolls(match count {
                Some(c) => self.count(c)?,
                None => 1,
            })),
        }
    }

    fn count(&mut self, p: P<'_>) -> Option<u8> {
        let span = self.span(&p);
        match p.into_inner().next() {
            Some(n) if n.as_rule() == Rule::number => match self.number(n)? {
                0 => {
                    self.error(
                        codes::OUT_OF_RANGE,
                        span,
                        "`0` is out of range: the count is 1 to 20".into(),
                        "changes nothing",
                        None,
                    );
                    None
                }
                n => Some(n),
            },
            _ => Some(1),
        }
    }

    fn signed(&mut self, p: P<'_>) -> Option<i8> {
        let span = self.span(&p);
        match p.as_str().parse::<i8>() {
            Ok(n) if (-20..=20).contains(&n) && n != 0 => Some(n),
            _ => {
                self.error(
                    codes::OUT_OF_RANGE,
                    span,
                    format!(
                        "`{}` is out of range: a modifier is -20 to +20 and not 0",
                        p.as_str()
                    ),
                    "out of range",
                    None,
                );
                None
            }
        }
    }

    /// `is increased by N` / `is reduced by N`: whether it adds, and the number or amount.
    fn changed_by<'a>(&mut self, p: P<'a>) -> Option<(bool, P<'a>)> {
        let mut parts = p.into_inner();
        let dir = parts.next()?.into_inner().next()?.as_rule() == Rule::more_by;
        Some((dir, parts.next()?))
    }

    /// `is increased by 0` changes nothing, as `+0` does not.
    fn signed_zero<T>(&mut self) -> Option<T> {
        let span = self.out.span;
        self.error(
            codes::OUT_OF_RANGE,
            span,
            "a change of 0 is out of range: a modifier is -20 to +20 and not 0".into(),
            "out of range",
            None,
        );
        None
    }

    fn signed_amount(&mut self, p: P<'_>) -> Option<AmountChange> {
        let more = p.as_str().starts_with('+');
        let amount = self.amount_lit(p.into_inner().next()?)?;
        Some(AmountChange { amount, more })
    }

    /// An amount where a bare number is a kind error ("gain 3": 3 what?).
    fn amount(&mut self, p: P<'_>) -> Option<Amount> {
        let span = self.span(&p);
        let a = p.into_inner().next()?;
        match a.as_rule() {
            Rule::amount_lit => self.amount_lit(a),
            _ => {
                self.error(
                    codes::WRONG_KIND,
                    span,
                    format!(
                        "`{}` is a number; an amount says Resource or Currency",
                        a.as_str()
                    ),
                    "expected an amount",
                    Some(format!("write `{0}R`, `{0}C` or `{0}R {0}C`", a.as_str())),
                );
                None
            }
        }
    }

    fn amount_lit(&mut self, p: P<'_>) -> Option<Amount> {
        let span = self.span(&p);
        let mut amount = Amount::ZERO;
        for part in p.into_inner() {
            let text = part.as_str();
            let digits = text
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap_or("");
            let n = match digits.parse::<u8>() {
                Ok(n) if n <= 20 => n,
                _ => {
                    self.error(
                        codes::OUT_OF_RANGE,
                        span,
                        format!("`{text}` is out of range: a Stockpile holds at most 20 (§9.27)"),
                        "out of range",
                        None,
                    );
                    return None;
                }
            };
            match part.as_rule() {
                Rule::amt_r => amount.resource = n,
                _ => amount.currency = n,
            }
        }
        Some(amount)
    }
}

/// Whether a filter's noun is written in the plural (`ships`, `Frigates or Destroyers`), as a
/// bare filter naming every matching card must be — or is `your Station`, of which there is
/// one (§2.1.3), as `cardc explain` writes it.
fn plural_noun(filter: &P<'_>) -> bool {
    let text = filter.as_str().trim_start().to_ascii_lowercase();
    if text.starts_with("your station") && !text.starts_with("your stations") {
        return true;
    }
    filter
        .clone()
        .into_inner()
        .find(|p| p.as_rule() == Rule::noun)
        .is_some_and(|n| {
            let t = n.as_str().trim();
            t.ends_with('s') || t.ends_with('S')
        })
}

/// The noun of `that <noun>` (`this_noun` in the grammar).
fn that_noun(word: &str) -> Noun {
    match word.to_ascii_lowercase().as_str() {
        "ship" => Noun::Ship,
        "unit" => Noun::Unit,
        "station" => Noun::Station,
        "marine" => Noun::Marine,
        "module" => Noun::Module,
        "event" => Noun::Event,
        "breakthru" => Noun::Breakthru,
        _ => Noun::Card,
    }
}

/// The noun `cardc explain` names a watched card by after `that` (`that Marine`), one the
/// grammar reads back and binds to the same card: a subtype is called by its type.
fn pronoun_noun(n: Noun) -> Noun {
    match n {
        Noun::MarineCharacter => Noun::Marine,
        Noun::ModuleStation | Noun::ModuleShip | Noun::ModuleMarine => Noun::Module,
        Noun::Tactic => Noun::Card,
        n => n,
    }
}

fn controller(f: &Filter) -> Option<Side> {
    f.preds.iter().find_map(|p| match p {
        Pred::Controller(s) => Some(*s),
        _ => None,
    })
}

/// Card types and classes as nouns, singular and plural, case-insensitive.
/// Whether two trait names are the same ignoring ASCII case, blanks and hyphens
/// (`face up-face down` is `Face Up-Face Down`). Compared in place: it runs for every trait of
/// every ability.
fn same_trait_words(a: &str, b: &str) -> bool {
    fn letters(s: &str) -> impl Iterator<Item = u8> + '_ {
        s.bytes()
            .filter(|&c| c != b' ' && c != b'-')
            .map(|c| c.to_ascii_lowercase())
    }
    letters(a).eq(letters(b))
}

/// `text` is `name` or its plural `names`, ignoring ASCII case.
fn is_name_or_plural(text: &str, name: &str) -> bool {
    let (t, n) = (text.as_bytes(), name.as_bytes());
    t.eq_ignore_ascii_case(n)
        || (t.len() == n.len() + 1
            && t.get(..n.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(n))
            && t.last().is_some_and(|s| s.eq_ignore_ascii_case(&b's')))
}

fn resolve_noun(text: &str) -> Option<(Noun, Option<ShipClass>)> {
    // `Module-Ship card`: only a Module-<kind> takes the word `card` (explain's noun).
    let words: Vec<&str> = text.split_whitespace().collect();
    if let [base, "card" | "cards"] = words[..] {
        return match resolve_noun(base) {
            Some((n @ (Noun::ModuleStation | Noun::ModuleShip | Noun::ModuleMarine), None)) => {
                Some((n, None))
            }
            _ => None,
        };
    }
    let singular = |s: &str| -> bool { is_name_or_plural(text, s) };
    const NOUNS: &[(&str, Noun)] = &[
        ("card", Noun::Card),
        ("unit", Noun::Unit),
        ("ship", Noun::Ship),
        ("marine", Noun::Marine),
        ("marine-character", Noun::MarineCharacter),
        ("station", Noun::Station),
        ("module", Noun::Module),
        ("module-station", Noun::ModuleStation),
        ("module-ship", Noun::ModuleShip),
        ("module-marine", Noun::ModuleMarine),
        ("event", Noun::Event),
        ("tactic", Noun::Tactic),
        ("breakthru", Noun::Breakthru),
    ];
    if let Some((_, n)) = NOUNS.iter().find(|(s, _)| singular(s)) {
        return Some((*n, None));
    }
    class_by_name(text).map(|c| (Noun::Ship, Some(c)))
}

fn class_by_name(text: &str) -> Option<ShipClass> {
    ShipClass::ALL
        .iter()
        .copied()
        .find(|c| is_name_or_plural(text, c.name()))
}

fn suggest_noun(text: &str) -> String {
    let mut names: Vec<&str> = vec![
        "card",
        "unit",
        "ship",
        "Marine",
        "Marine-Character",
        "Station",
        "module",
        "Module-Station",
        "Module-Ship",
        "Module-Marine",
        "Event",
        "Tactic",
        "Breakthru",
    ];
    names.extend(ShipClass::ALL.iter().map(|c| c.name()));
    let t = text.strip_suffix('s').unwrap_or(text);
    match suggest(t, &names) {
        Some(s) => format!("did you mean `{s}`?"),
        None => format!("card types and classes: {}", names.join(", ")),
    }
}

/// The closest name within a small edit distance, case-insensitive.
pub(crate) fn suggest<'a>(text: &str, names: &[&'a str]) -> Option<&'a str> {
    let t = text.to_ascii_lowercase();
    names
        .iter()
        .map(|n| (strsim::levenshtein(&t, &n.to_ascii_lowercase()), *n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fills a listed phrase's placeholders with something the grammar accepts there.
    fn filled(phrase: &str) -> String {
        [
            ("RECIPIENT", "target ship"),
            ("FILTER", "ship"),
            ("TRIGGER", "deployed"),
            ("+AMOUNT", "+1R"),
            ("AMOUNT", "1R"),
            ("COMMANDER", "opponent"),
            ("MODIFIER", "gets +1 attack"),
            ("DURATION", "until end of turn"),
            ("CONDITION", "this is damaged"),
            ("ACTION", "draw 1"),
            ("TRAIT", "Stealth"),
            ("N", "2"),
        ]
        .iter()
        .fold(phrase.to_string(), |s, (p, v)| s.replace(p, v))
    }

    /// What the grammar reads of a block: line breaks, carriage returns and comments become
    /// tabs, byte for byte; a quoted name is copied as it is, its `#` too, and a name left
    /// unclosed keeps the line break that ends it (where the grammar reports it).
    #[test]
    fn grammar_text_keeps_every_offset() {
        assert!(matches!(
            grammar_text("draw 1"),
            std::borrow::Cow::Borrowed(_)
        ));
        let cases = [
            ("draw\r\n 1 # one é\n", "draw\t\t 1 \t\t\t\t\t\t\t\t\t"),
            (
                "ships named \"X #1\"\n# \"q\n",
                "ships named \"X #1\"\t\t\t\t\t\t",
            ),
            ("named \"Oops\n\tgain 1R", "named \"Oops\n\tgain 1R"),
            // No `\\"` escape: the second quote opens a name that runs on.
            ("named \"A\\\"B\" # c", "named \"A\\\"B\" # c"),
        ];
        for (text, read) in cases {
            let got = grammar_text(text);
            assert_eq!(got, read, "{text:?}");
            assert_eq!(got.len(), text.len(), "{text:?}");
        }
        // A block reads as the same words on one line.
        let mut sink = Sink::new("t.hb");
        let block = parse_entry(
            "play",
            Span::point(0),
            "# first\n  draw 1;\r\n gain 1R # last",
            0,
            &mut sink,
        );
        let line = parse_entry("play", Span::point(0), "draw 1; gain 1R", 0, &mut sink);
        assert!(sink.into_diagnostics().is_empty());
        assert_eq!(block.map(|a| a.ability), line.map(|a| a.ability));
    }

    /// Every phrase the help lists parses where the help offers it: the lists cannot drift
    /// from `ability.pest`.
    #[test]
    fn listed_alternatives_parse() {
        let cases: &[(&[&str], Rule, &str)] = &[
            (TIMINGS, Rule::timing_field, "{}"),
            (TRIGGERS, Rule::when_field, "{}: draw 1"),
            (LIMITS, Rule::when_field, "deployed {}: draw 1"),
            (STATS, Rule::static_field, "this gets +1 {}"),
            (REPLACED, Rule::instead_field, "of being {}: draw 1"),
            (ACTIONS, Rule::play_field, "{}"),
            (RECIPIENTS, Rule::play_field, "destroy {}"),
            (NOUNS, Rule::play_field, "destroy target {}"),
            (MODIFIERS, Rule::static_field, "this {}"),
            (DURATIONS, Rule::play_field, "this gets +1 attack {}"),
            (CONDITIONS, Rule::play_field, "if {} then draw 1"),
            (COMMANDERS, Rule::play_field, "{} draw 1"),
            (STATICS, Rule::static_field, "{}"),
            (ACT_WHEN, Rule::activate_field, "pay 1C, {}: draw 1"),
            (
                SEARCH_THEN,
                Rule::play_field,
                "search your Shipyard for a ship and {}",
            ),
        ];
        for (phrases, rule, frame) in cases {
            for p in *phrases {
                let text = frame.replace("{}", &filled(p));
                assert!(
                    AbilityParser::parse(*rule, &text).is_ok(),
                    "`{p}` is listed but `{text}` does not parse as {rule:?}"
                );
            }
        }
    }

    fn help_for(key: &str, text: &str) -> (String, String) {
        let mut sink = Sink::new("t.hb");
        assert!(parse_entry(key, Span::new(0, 0), text, 0, &mut sink).is_none());
        let d = sink.into_diagnostics().remove(0);
        (d.message, d.help.unwrap_or_default())
    }

    #[test]
    fn a_misspelt_trigger_lists_them_all_with_a_suggestion() {
        let (message, help) = help_for("when", "destoryed: draw 1");
        assert_eq!(
            message,
            "expected a trigger in `when` ability, found `destoryed`"
        );
        assert!(
            help.starts_with("did you mean `destroyed`? triggers: `deployed`, "),
            "{help}"
        );
        for t in TRIGGERS {
            assert!(help.contains(&format!("`{t}`")), "{t} missing from {help}");
        }
    }

    /// Issue 17: an unknown limit or stat lists what exists.
    #[test]
    fn an_unknown_limit_or_stat_lists_what_exists() {
        let (_, help) = help_for("when", "deployed once per round: draw 1");
        for l in LIMITS {
            assert!(help.contains(&format!("`{l}`")), "{l} missing from {help}");
        }
        let (_, help) = help_for("static", "this gets +1 atack");
        assert!(help.starts_with("did you mean `attack`?"), "{help}");
        for s in STATS {
            assert!(help.contains(&format!("`{s}`")), "{s} missing from {help}");
        }
    }

    #[test]
    fn every_expectation_with_a_closed_set_suggests_from_it() {
        for (key, text, near) in [
            ("play", "drow 2", "draw N"),
            ("timing", "any tim", "any time"),
            ("instead", "of being destoryed: draw 1", "destroyed"),
            (
                "play",
                "this gets +1 attack untill end of turn",
                "until end of turn",
            ),
            ("static", "this gains Stelth", "Stealth"),
            ("override", "station-module-limit = 6 for yuo", "you"),
            (
                "play",
                "if yuo are attacking then draw 1",
                "you are attacking",
            ),
        ] {
            let (message, help) = help_for(key, text);
            assert!(
                help.starts_with(&format!("did you mean `{near}`?")),
                "{key}: {text}: {message}\n{help}"
            );
        }
    }
}
