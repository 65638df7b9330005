//! The every-word rule (issue #40 §1): every content word of an ability line is part of its
//! meaning. For every ability (one-line or block) of the bundled pool (`cards/`) and of the ability
//! fixtures (`tests/cardlang/abilities/ok/`), deleting any one content word, or replacing it
//! with any other word of the pool's vocabulary, either changes the compiled IR or is an
//! error. A mutation that compiles to the same IR is a word the compiler ignored, which is how
//! `this ship` on a Module once meant the Module (docs/abilities.md, "Every word counts").
//!
//! Not content words: articles and the few function words the grammar takes for English's
//! sake (`FUNCTION`), and the spellings of one word (`SAME_WORD`: `draw`/`draws`, `die`/`dice`,
//! ...). Each entry says why.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cardlang::diag::Sink;
use cardlang::effect::{check_card, parse_entry, CardContext, ParsedAbility};
use cardlang::ir::Card;
use cardlang::source::{read_pool, Span};

/// Words that carry grammar, not meaning: dropping or swapping one yields the same reading by
/// design, the way English reads "a ship" and "any ship" alike in `when any ship ... is
/// destroyed`.
const FUNCTION: &[&str] = &[
    "a", "an", "the", "any", "of", "to", "on", "at", "from", "for", "by", "in", "is", "are", "be",
    "being", "it", "its", "their", "them", "they", "then", "with",
    // `it would suffer` / `it suffers`: the conditional is English's, the prevention the same.
    "would",
    // The trigger's mark, which the `when` key already is: `flip when boarded` = `flip: boarded`.
    "when",
];

/// Words that say again what the sentence already fixes, kept because English says them; each
/// is exempt only right before the word given.
const REDUNDANT_BEFORE: &[(&str, &str, &str)] = &[
    // A commander has one Shipyard and searches only their own (§8.3).
    (
        "your",
        "shipyard",
        "the only Shipyard a commander can search",
    ),
    // Every volley is fired only if its commander chooses to (§6.2), an additional one too.
    ("may", "fire", "firing is always a choice"),
];

/// Spellings of one word the grammar takes alike (number, person): not a change of meaning.
const SAME_WORD: &[&[&str]] = &[
    &["draw", "draws"],
    &["discard", "discards"],
    &["gain", "gains"],
    &["lose", "loses"],
    &["get", "gets"],
    &["cost", "costs"],
    &["card", "cards"],
    &["wound", "wounds"],
    &["die", "dice"],
    &["volley", "volleys"],
    &["roll", "rolls"],
    &["fire", "fires"],
    &["prevent", "prevents"],
    &["control", "controls"],
    &["re-roll", "re-rolls", "reroll", "rerolls"],
    &["additional", "extra"],
    // A group: `each opposing ship` and `all opposing ships` name the same cards.
    &["each", "all"],
    &["hand", "hands"],
    &["owner's", "owners'"],
    &["each", "per"],
    &["free"],
    &["one", "1"],
    // A list of classes: `Frigates or Destroyers` and, as explain writes every such card,
    // `Frigates and Destroyers` name the same classes (issue #40 §2).
    &["or", "and"],
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn same_word(a: &str, b: &str) -> bool {
    let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
    // Singular and plural: `ship` / `ships`, `Cruiser` / `Cruisers`.
    let one = |w: &str| w.trim_end_matches('s').to_string();
    a == b
        || one(&a) == one(&b)
        || SAME_WORD
            .iter()
            .any(|set| set.contains(&a.as_str()) && set.contains(&b.as_str()))
}

fn is_content(word: &str) -> bool {
    !FUNCTION.contains(&word.to_ascii_lowercase().as_str())
}

/// One ability line: the card it is on, its key and its text.
struct Line {
    file: String,
    card: String,
    key: String,
    text: String,
}

/// `line` without its comment: a `#` outside a quoted name starts one.
fn uncommented(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Every ability of the `.hb` files under `dir`: one-line abilities as written, and each block
/// (`play { ... }`) as one line, its head and its body's lines joined by blanks (which the
/// grammar reads as it reads the line breaks, docs/abilities.md) and its comments left out.
fn lines(dir: &Path) -> Vec<Line> {
    let files = read_pool(dir).expect("pool readable");
    let mut out = Vec::new();
    for f in &files {
        let mut card = String::new();
        // The block being read: its key and its text so far.
        let mut block: Option<(String, String)> = None;
        for l in f.text.lines() {
            if !l.starts_with(' ') && l.contains('"') && l.trim_end().ends_with('{') {
                card = l.split('"').nth(1).unwrap_or_default().to_string();
                continue;
            }
            let t = uncommented(l).trim();
            if let Some((key, text)) = block.as_mut() {
                if t == "}" {
                    out.push(Line {
                        file: f.name.clone(),
                        card: card.clone(),
                        key: key.clone(),
                        text: text.trim().to_string(),
                    });
                    block = None;
                } else if !t.is_empty() {
                    text.push(' ');
                    text.push_str(t);
                }
                continue;
            }
            let Some((key, rest)) = t.split_once([' ', ':']) else {
                if let Some(key) = t.strip_suffix('{').map(str::trim) {
                    if cardlang::effect::is_ability_key(key) {
                        block = Some((key.to_string(), String::new()));
                    }
                }
                continue;
            };
            if !cardlang::effect::is_ability_key(key) {
                continue;
            }
            let rest = rest.trim_start_matches(':').trim();
            if let Some(head) = rest.strip_suffix('{') {
                block = Some((key.to_string(), head.trim().to_string()));
                continue;
            }
            out.push(Line {
                file: f.name.clone(),
                card: card.clone(),
                key: key.to_string(),
                text: rest.to_string(),
            });
        }
    }
    out
}

/// The ability `text` compiles to on `card`, or `None` if it is an error.
fn compile(card: &Card, key: &str, text: &str) -> Option<ParsedAbility> {
    let mut sink = Sink::new("m.hb");
    let parsed = parse_entry(key, Span::new(0, key.len()), text, key.len() + 2, &mut sink)?;
    let ctx = CardContext {
        kind: card.kind,
        traits: &card.traits,
        name_span: Span::new(0, 0),
        text_span: None,
    };
    if !check_card(&ctx, std::slice::from_ref(&parsed), &mut sink) || sink.has_errors() {
        return None;
    }
    Some(parsed)
}

/// Splits `text` into words and the separators between them, so a mutation keeps the rest.
fn words(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        if c == '"' {
            quoted = !quoted;
        }
        let part = !quoted && (c.is_ascii_alphanumeric() || c == '-' || c == '\'' || c == '+');
        match (part, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

#[test]
fn every_content_word_counts() {
    let mut all = lines(&repo().join("cards"));
    all.extend(lines(&repo().join("tests/cardlang/abilities/ok")));
    let mut pool = read_pool(&repo().join("cards")).expect("cards");
    pool.extend(read_pool(&repo().join("tests/cardlang/abilities/ok")).expect("fixtures"));
    let compiled = cardlang::compile(&pool);
    let card_of = |name: &str| compiled.cards.iter().find(|c| c.name == name);

    let vocabulary: BTreeSet<String> = all
        .iter()
        .flat_map(|l| {
            words(&l.text)
                .into_iter()
                .map(|(s, e)| l.text[s..e].to_string())
                .collect::<Vec<_>>()
        })
        .filter(|w| is_content(w))
        .collect();

    let mut ignored = Vec::new();
    let mut checked = 0usize;
    for line in &all {
        let Some(card) = card_of(&line.card) else {
            continue;
        };
        let Some(base) = compile(card, &line.key, &line.text) else {
            // `named "X"` of another file, or a line the pool's own tests hold to an error.
            continue;
        };
        let spans = words(&line.text);
        for (k, &(s, e)) in spans.iter().enumerate() {
            let word = &line.text[s..e];
            if !is_content(word) {
                continue;
            }
            let before = |w: &str| {
                k > 0 && line.text[spans[k - 1].0..spans[k - 1].1].eq_ignore_ascii_case(w)
            };
            let next = spans
                .get(k + 1)
                .map(|&(a, b)| line.text[a..b].to_ascii_lowercase());
            if REDUNDANT_BEFORE
                .iter()
                .any(|(w, n, _)| word.eq_ignore_ascii_case(w) && next.as_deref() == Some(n))
            {
                continue;
            }
            // After `this`, the noun is the card itself: the compiler holds it to the card's
            // kind (HB0420), so `this ship`, `this unit` and `this` on a ship are one card. A
            // zero amount (`0R 1C`) adds nothing either way.
            if before("this") || word.eq_ignore_ascii_case("0R") || word.eq_ignore_ascii_case("0C")
            {
                continue;
            }
            let deleted = format!("{}{}", &line.text[..s], &line.text[e..]);
            let swaps = vocabulary.iter().filter(|w| !same_word(w, word)).map(|w| {
                (
                    w.as_str(),
                    format!("{}{w}{}", &line.text[..s], &line.text[e..]),
                )
            });
            // `all ships in your fleet` and `ships in your fleet` are the same cards.
            let all_before_plural = word.eq_ignore_ascii_case("all")
                && next.as_deref().is_some_and(|n| n.ends_with('s'));
            let deletion = (!all_before_plural).then_some(("(deleted)", deleted));
            for (with, text) in deletion.into_iter().chain(swaps) {
                // A size is a ship's (§2.5): `unit smaller than Battleship` is a ship.
                let sized = line.text.contains(" than ")
                    || line.text.contains("or larger")
                    || line.text.contains("or smaller");
                let general = ["ship", "ships", "unit", "units", "card", "cards"];
                if sized
                    && general.contains(&word.to_ascii_lowercase().as_str())
                    && general.contains(&with)
                {
                    continue;
                }
                checked += 1;
                if let Some(m) = compile(card, &line.key, &text) {
                    if m.ability == base.ability {
                        ignored.push(format!(
                            "{}: {} \"{}\": `{}: {}` -> `{word}` as {with}: `{}`",
                            line.file, card.name, line.key, line.key, line.text, text
                        ));
                    }
                }
            }
        }
    }
    assert!(
        checked > 10_000,
        "only {checked} mutations: are the lines found?"
    );
    assert!(
        ignored.is_empty(),
        "{} mutations compile to the same IR (a word that carries no meaning):\n{}",
        ignored.len(),
        ignored.join("\n")
    );
}
