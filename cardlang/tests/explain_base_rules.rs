//! `cardc explain` says every base rule the right way round (issue #14): for each rule of
//! `BaseRule::ALL`, a card overriding it to a non-default value (both flag values; a different
//! number, amount or class) is explained with a sentence that differs from the rule's default,
//! and the "normally …" note says the default in the same words. For yes/no rules the sentence
//! must carry the meaning of the value: `station-first-round-shield = no` lets the Station be
//! targeted, it does not shield it.

use cardlang::explain::explain;
use cardlang::ir::rules::{BaseRule, RuleSubject, RuleValue};
use cardlang::ir::ShipClass;
use cardlang::source::SourceFile;

/// A card of a kind the rule's subject admits, overriding `rule` to `value`.
fn card_source(rule: BaseRule, value: &str) -> String {
    let (head, body, scope) = match rule.subject() {
        RuleSubject::Commander => ("Breakthru", "cost: 0", " for you"),
        RuleSubject::Card | RuleSubject::Unit | RuleSubject::Station => (
            "Station",
            "faction: RDF\n    income: 3R 3C\n    attack: 4\n    defense: 6\n    wounds: 8",
            "",
        ),
        RuleSubject::Ship | RuleSubject::Deployable => (
            "Ship",
            "class: Cruiser\n    cost: 3R 2C\n    attack: 3\n    defense: 5\n    wounds: 3",
            "",
        ),
        RuleSubject::Event | RuleSubject::EventOrTactic => ("Event", "cost: 1R", ""),
        RuleSubject::Tactic => ("Tactic", "cost: 1C", ""),
        RuleSubject::ModuleShip => ("Module-Ship", "cost: 1R 1C\n    defense: +1", ""),
        RuleSubject::Transport => (
            "Ship",
            "class: Transport\n    cost: 3R 2C\n    attack: 1\n    defense: 5\n    wounds: 3",
            "",
        ),
        RuleSubject::FighterWing => (
            "Ship",
            "class: Fighter Wing\n    cost: 1R 1C\n    attack: 1\n    defense: 5\n    wounds: 1\n    space: 1",
            "",
        ),
    };
    format!(
        "{head} \"Rule Bender\" {{\n    {body}\n    override {} = {value}{scope}\n}}\n",
        rule.name()
    )
}

/// The explanation's override sentence and its "normally" clause.
fn explained(rule: BaseRule, value: &str) -> (String, String) {
    let source = card_source(rule, value);
    let compiled = cardlang::compile(&[SourceFile::new("rule.hb", source.clone())]);
    assert!(
        !compiled.has_errors(),
        "{source}\n{:#?}",
        compiled.diagnostics
    );
    let text = explain(&compiled.cards[0]);
    let sentence = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("- Golden Rule (§8.1): "))
        .unwrap_or_else(|| panic!("no override line in\n{text}"))
        .trim_end_matches('.')
        .to_string();
    let note = format!(
        "(changes the base rule `{}`, §{}: normally ",
        rule.name(),
        rule.section()
    );
    let normally = text
        .lines()
        .find_map(|l| l.trim().strip_prefix(note.as_str()))
        .unwrap_or_else(|| panic!("no `{note}` note in\n{text}"))
        .trim_end_matches(')')
        .to_string();
    (sentence, normally)
}

/// The sentence starts a line capitalised; the note runs on in lower case.
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_lowercase().chain(c).collect())
        .unwrap_or_default()
}

/// What a yes/no rule's sentence must say for `yes` and for `no`. Every rule is listed (no
/// wildcard), so a new base rule cannot skip this test.
fn flag_words(rule: BaseRule) -> Option<(&'static str, &'static str)> {
    use BaseRule::*;
    match rule {
        DeployInSetup | DeployInEngagement | TacticInOtherEngagements => {
            Some(("may be deployed", "may not be deployed"))
        }
        StationFirstRoundShield => Some(("cannot be targeted", "may be targeted")),
        StationMarinesBoard => Some(("may board", "may not board")),
        StationJoinsAttack => Some(("may join", "may not join")),
        TransportModules | FighterWingAttachments => Some(("may attach", "may not attach")),
        EventStaysInPlay => Some(("stays on the battlefield", "goes to the Scrapheap")),
        RegimentedFromHand => Some(("may take", "may not take")),
        CharacterConscription => Some(("may be Conscripted", "may not be Conscripted")),
        StealthBoardable => Some(("may be boarded", "may not be boarded")),
        StationModuleLimit
        | UnitModuleLimit
        | SetupStationModules
        | StartingResource
        | StartingCurrency
        | HandSize
        | MulliganCost
        | StockpileCap
        | LogisticsRepair
        | ConscriptionsPerPhase
        | ConscriptionMultiplier
        | EngagementsPerTurn
        | FaceDownMinClass
        | StealthBonus
        | AlphaStrikeBonus
        | AnnihilateWounds
        | EscortCancels
        | OverloadPerEngagement
        | UniqueInPlay
        | StationModuleCopies
        | ActiveTraitsPerVolley
        | FearlessPerEngagement => None,
    }
}

/// True if `word` appears in `s` as a whole word.
fn has_word(s: &str, word: &str) -> bool {
    s.split(|c: char| !c.is_alphanumeric() && c != '-')
        .any(|w| w == word)
}

#[test]
fn every_base_rule_is_explained_the_right_way_round() {
    for &rule in BaseRule::ALL {
        let default = rule.default_value();
        // (value as written, words the sentence must hold) for the default and another value.
        let (base, other): ((String, Vec<String>), (String, Vec<String>)) = match default {
            RuleValue::Flag(d) => {
                let (yes, no) = flag_words(rule)
                    .unwrap_or_else(|| panic!("{}: flag_words lists no wording", rule.name()));
                let words = |v: bool| vec![(if v { yes } else { no }).to_string()];
                let text = |v: bool| (if v { "yes" } else { "no" }).to_string();
                ((text(d), words(d)), (text(!d), words(!d)))
            }
            RuleValue::Count(n) => {
                let m = if n < 20 { n + 1 } else { n - 1 };
                (
                    (n.to_string(), vec![n.to_string()]),
                    (m.to_string(), vec![m.to_string()]),
                )
            }
            RuleValue::Amount(a) => {
                assert_eq!((a.resource, a.currency), (1, 1), "{}", rule.name());
                (
                    (
                        "1R 1C".into(),
                        vec!["1 Resource".into(), "1 Currency".into()],
                    ),
                    ("0R 2C".into(), vec!["2 Currency".into()]),
                )
            }
            RuleValue::Class(c) => {
                let o = if c == ShipClass::Cruiser {
                    ShipClass::Destroyer
                } else {
                    ShipClass::Cruiser
                };
                (
                    (c.to_string(), vec![c.to_string()]),
                    (o.to_string(), vec![o.to_string()]),
                )
            }
        };
        let (at_default, normally) = explained(rule, &base.0);
        let (changed, normally_too) = explained(rule, &other.0);
        let name = rule.name();
        assert_eq!(
            lower_first(&at_default),
            lower_first(&normally),
            "{name}: the note states the default as the override at the default would"
        );
        assert_eq!(
            normally, normally_too,
            "{name}: the note does not depend on the value"
        );
        assert_ne!(
            changed, at_default,
            "{name} = {}: says nothing new",
            other.0
        );
        for (sentence, (value, words), (_, not_words)) in
            [(&at_default, &base, &other), (&changed, &other, &base)]
        {
            for w in words {
                let holds = if matches!(default, RuleValue::Count(_)) {
                    has_word(sentence, w)
                } else {
                    sentence.contains(w.as_str())
                };
                assert!(holds, "{name} = {value}: \"{sentence}\" should say `{w}`");
            }
            if let RuleValue::Flag(_) = default {
                for w in not_words {
                    assert!(
                        !sentence.contains(w.as_str()),
                        "{name} = {value}: \"{sentence}\" says `{w}`, the other way round"
                    );
                }
            }
        }
    }
}
