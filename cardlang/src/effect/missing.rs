//! Constructs the language does not have, recognised by the English designers write for them in
//! other card games and refused as such (HB0422), so a designer learns that the idea is missing
//! rather than that a word is misspelt (docs/abilities.md §Not in the language).
//!
//! The catalogue is asked only about a line the grammar refused: it never changes what an
//! accepted line means.

/// One missing construct: what it is called, and the word sequences that say it. A line says
/// it when it holds every word of one sequence, consecutively (case ignored; `N` stands for a
/// number or a signed number).
struct Missing {
    what: &'static str,
    phrases: &'static [&'static [&'static str]],
}

const CATALOGUE: &[Missing] = &[
    Missing {
        what: "creating units (tokens)",
        phrases: &[
            &["create"],
            &["creates"],
            &["token"],
            &["tokens"],
            &["put", "a", "new"],
        ],
    },
    Missing {
        what: "counters on cards",
        phrases: &[&["counter"], &["counters"]],
    },
    Missing {
        what: "taking control of another commander's card",
        phrases: &[
            &["gain", "control"],
            &["gains", "control"],
            &["take", "control"],
            &["takes", "control"],
        ],
    },
    Missing {
        what: "copying a card or an ability",
        phrases: &[&["copy", "of"], &["copies", "of"], &["a", "copy"]],
    },
    Missing {
        what: "extra turns",
        phrases: &[
            &["extra", "turn"],
            &["additional", "turn"],
            &["another", "turn"],
        ],
    },
    Missing {
        what: "winning or losing the game by card text",
        phrases: &[
            &["wins", "the", "game"],
            &["win", "the", "game"],
            &["loses", "the", "game"],
            &["lose", "the", "game"],
        ],
    },
    Missing {
        what: "exhausting or tapping a card as a cost (the rulebook has no such state; I-93)",
        phrases: &[
            &["exhaust"],
            &["exhausts"],
            &["exhausted"],
            &["tap"],
            &["taps"],
            &["tapped"],
        ],
    },
];

/// The missing construct `text` says, with the byte range of the words that say it.
pub(super) fn not_in_language(text: &str) -> Option<(&'static str, std::ops::Range<usize>)> {
    let words: Vec<(usize, &str)> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .filter(|w| !w.is_empty())
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    CATALOGUE.iter().find_map(|m| {
        m.phrases.iter().find_map(|phrase| {
            words.windows(phrase.len()).find_map(|window| {
                let said = window
                    .iter()
                    .zip(phrase.iter())
                    .all(|((_, w), p)| w.eq_ignore_ascii_case(p));
                let (start, _) = window.first()?;
                let (last, word) = window.last()?;
                said.then(|| (m.what, *start..last + word.len()))
            })
        })
    })
}

/// What each catalogued construct is called, for the documentation check.
pub fn catalogue() -> impl Iterator<Item = &'static str> {
    CATALOGUE.iter().map(|m| m.what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_the_usual_english() {
        let text = "when deployed: create a 1/1 Fighter Wing";
        let (what, at) = not_in_language(text).expect("tokens");
        assert_eq!(what, "creating units (tokens)");
        assert_eq!(&text[at], "create");
        let text = "play: put a +1 attack counter on target ship";
        assert_eq!(
            not_in_language(text).map(|(w, r)| (w, &text[r])),
            Some(("counters on cards", "counter"))
        );
        assert!(not_in_language("play: draw 2 cards").is_none());
        assert!(not_in_language("play: countermand").is_none());
    }
}
