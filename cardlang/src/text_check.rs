//! The printed text against the abilities (issue #40 §5, HB0456): a card whose `text:` and whose
//! generated text (`cardc explain`) name a different number, trait, card type or class, kind of
//! Stockpile, or whose card it is (your / opposing / its owner's) is warned about. A player reads
//! the text and the engine plays the abilities, so the two must promise the same.
//!
//! The check compares what each text *mentions*, as sets: it cannot read a sentence, so it
//! says only that one of them names something the other does not. Words that carry no promise
//! are left out on both sides: whatever stands in parentheses (reminder text, the citations
//! `explain` adds), the number 1 (`draw a card` is `draw 1 card`), and the noun after `this`
//! (`this unit` is `this Marine`).

use std::collections::BTreeSet;

use crate::diag::{Diagnostic, Sink};
use crate::effect::codes;
use crate::ir::card::TraitName;
use crate::ir::Card;
use crate::source::Span;

/// One thing a text mentions.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Fact {
    Number(u32),
    Trait(&'static str),
    Kind(&'static str),
    Whose(&'static str),
}

impl Fact {
    fn words(&self) -> String {
        match self {
            Fact::Number(n) => format!("the number {n}"),
            Fact::Trait(t) => format!("the trait {t}"),
            Fact::Kind(k) => format!("\"{k}\""),
            Fact::Whose(w) => format!("\"{w}\""),
        }
    }
}

/// Card types and classes as printed, longest first so `Battle Cruiser` is not also a `Cruiser`.
const KINDS: &[&str] = &[
    "Module-Station",
    "Module-Ship",
    "Module-Marine",
    "Marine-Character",
    "Battle Cruiser",
    "Fighter Wing",
    "Capital Ship",
    "Battleship",
    "Destroyer",
    "Transport",
    "Frigate",
    "Cruiser",
    "Station",
    "Marine",
    "Module",
    "Event",
    "Tactic",
    "Breakthru",
    "Resource",
    "Currency",
];

/// Numbers a printed text spells out, from two (`one` is `a`, left out like 1).
const NUMBER_WORDS: &[&str] = &[
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

/// Whose card it is, as each text may say it.
const WHOSE: &[(&str, &str)] = &[
    ("your", "your"),
    ("yours", "your"),
    ("you control", "your"),
    ("opposing", "opposing"),
    ("opponent", "opposing"),
    ("opponent's", "opposing"),
    ("opponents'", "opposing"),
    ("owner's", "its owner's"),
    ("owners'", "its owner's"),
];

/// What `text` mentions.
fn facts(text: &str) -> BTreeSet<Fact> {
    let mut out = BTreeSet::new();
    // Parentheses hold reminders and citations, no promise of their own.
    let mut plain = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let placed: Vec<(usize, &str)> = plain
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\'' || c == '+'))
        .filter(|w| !w.is_empty())
        .map(|w| (w.as_ptr() as usize - plain.as_ptr() as usize, w))
        .collect();
    let words: Vec<&str> = placed.iter().map(|(_, w)| *w).collect();
    // The text the names are looked for in: `plain` with the noun after each `this` blanked.
    let mut rest = plain.clone();
    for pair in placed.windows(2) {
        if let [(_, this), (at, noun)] = pair {
            if this.eq_ignore_ascii_case("this") {
                rest.replace_range(*at..at + noun.len(), &" ".repeat(noun.len()));
            }
        }
    }
    let mut skip = 0;
    for (i, w) in words.iter().enumerate() {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let lower = w.to_ascii_lowercase();
        // `this unit` / `this Marine`, `the ship this is attached to`: the card itself, checked
        // against the card by the compiler (HB0420), however each text names it.
        if lower == "this" {
            skip = 1;
            continue;
        }
        let digits: String = w
            .trim_start_matches(['+', '-'])
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let spelt = NUMBER_WORDS
            .iter()
            .position(|n| *n == lower)
            .and_then(|i| u32::try_from(i + 2).ok());
        if let Some(n) = spelt {
            out.insert(Fact::Number(n));
        }
        if let Ok(n) = digits.parse::<u32>() {
            if n != 1 {
                out.insert(Fact::Number(n));
            }
            match &w[w.find(|c: char| c.is_ascii_digit()).unwrap_or(0) + digits.len()..] {
                "R" => {
                    out.insert(Fact::Kind("Resource"));
                }
                "C" => {
                    out.insert(Fact::Kind("Currency"));
                }
                _ => {}
            }
        }
        let two = words
            .get(i + 1)
            .map(|n| format!("{lower} {}", n.to_ascii_lowercase()));
        for (said, whose) in WHOSE {
            if lower == *said || two.as_deref() == Some(*said) {
                out.insert(Fact::Whose(whose));
            }
        }
    }
    // Traits and kinds are capitalised names, matched as words (a plural `s` allowed).
    for t in TraitName::ALL {
        if take_name(&mut rest, t.name()) {
            out.insert(Fact::Trait(t.name()));
        }
    }
    for k in KINDS {
        if take_name(&mut rest, k) {
            out.insert(Fact::Kind(k));
        }
    }
    out
}

/// Whether `name` (or its plural) stands in `text` as whole words; each place it stands is
/// blanked so a shorter name inside it (`Cruiser` in `Battle Cruiser`) is not read again.
fn take_name(text: &mut String, name: &str) -> bool {
    let mut found = false;
    let mut from = 0;
    while let Some(at) = text
        .get(from..)
        .and_then(|t| t.find(name))
        .map(|i| i + from)
    {
        let end = at + name.len();
        let before = text[..at].chars().next_back();
        let mut after_end = end;
        if text[end..].starts_with('s') {
            after_end += 1;
        }
        let after = text[after_end..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '-'));
        if boundary(before) && boundary(after) {
            found = true;
            text.replace_range(at..after_end, &" ".repeat(after_end - at));
        }
        from = end.min(text.len());
    }
    found
}

/// HB0456: warns when `card`'s printed text (at `text_at`) and its generated text mention
/// different things. A card with no printed text, or no abilities (HB0453), is not compared.
pub fn check(card: &Card, text_at: Span, sink: &mut Sink) {
    if card.text.trim().is_empty() || card.abilities.is_empty() {
        return;
    }
    let generated: Vec<String> = card
        .abilities
        .iter()
        .map(|a| crate::explain::ability_text_on(card.kind, a))
        // The label of a flip says how the text is used (§3.4.4), not what it does; a Face
        // Up-Face Down card prints the trait, not the label, in its text.
        .map(|t| match t.strip_prefix("Face Up-Face Down (§3.4.4): ") {
            Some(rest) => rest.to_string(),
            None => t,
        })
        .collect();
    let generated = generated.join(" ");
    let printed = facts(&card.text);
    let made = facts(&generated);
    let only_printed: Vec<String> = printed.difference(&made).map(Fact::words).collect();
    let only_made: Vec<String> = made.difference(&printed).map(Fact::words).collect();
    if only_printed.is_empty() && only_made.is_empty() {
        return;
    }
    let mut parts = Vec::new();
    if !only_printed.is_empty() {
        parts.push(format!(
            "the printed text names {} and the abilities do not",
            only_printed.join(", ")
        ));
    }
    if !only_made.is_empty() {
        parts.push(format!(
            "the abilities name {} and the printed text does not",
            only_made.join(", ")
        ));
    }
    sink.push(
        Diagnostic::warning(
            codes::TEXT_DISAGREES,
            sink.file(),
            format!("`{}`: {}", card.name, parts.join("; ")),
        )
        .at(text_at, "the printed text")
        .with_help(format!(
            "the abilities read: \"{generated}\"; make the text say what they do, or the abilities what the text says (`cardc explain {}`)",
            codes::TEXT_DISAGREES
        )),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::card::ShipClass;

    #[test]
    fn every_class_is_a_kind() {
        for c in ShipClass::ALL {
            assert!(KINDS.contains(&c.name()), "{c:?}");
        }
    }

    #[test]
    fn reads_what_a_text_mentions() {
        let f = facts("Your Battle Cruisers cost 2R less to deploy (never below 0, §8.4).");
        assert!(f.contains(&Fact::Kind("Battle Cruiser")));
        assert!(!f.contains(&Fact::Kind("Cruiser")));
        assert!(f.contains(&Fact::Number(2)));
        assert!(f.contains(&Fact::Kind("Resource")));
        assert!(f.contains(&Fact::Whose("your")));
        assert!(!f.contains(&Fact::Number(0)));
        assert_eq!(facts("Draw a card."), facts("draw 1 card"));
        assert_eq!(facts("this unit boards"), facts("this Marine boards"));
        assert_eq!(facts("up to six cards"), facts("up to 6 cards"));
    }
}
