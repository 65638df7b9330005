//! Explain is valid source (issue #40 §2): every ability of the bundled pool and of the ok
//! fixtures, explained (`cardc explain`), written back by the rule of docs/abilities.md
//! §Explain is valid source (`cardlang::explain::write_back`) and compiled again, gives the
//! same IR. The abilities that do not yet read back are listed in a snapshot, so the list can
//! only shrink on purpose: an ability that stops reading back, or starts to, changes it.

use std::path::{Path, PathBuf};

use cardlang::diag::Sink;
use cardlang::effect::parse_entry;
use cardlang::explain::{ability_text_on, write_back};
use cardlang::ir::effect::Ability;
use cardlang::ir::Card;
use cardlang::source::{read_pool, Span};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn compile(dir: &str) -> Vec<Card> {
    let files = read_pool(&repo().join(dir)).expect("pool readable");
    let c = cardlang::compile(&files);
    assert_eq!(c.error_count(), 0, "{dir} compiles");
    c.cards
}

/// The ability `(key, text)` compiles to, or the first diagnostic's message.
fn read(key: &str, text: &str) -> Result<Ability, String> {
    let mut sink = Sink::new("written-back.hb");
    match parse_entry(key, Span::new(0, 0), text, 0, &mut sink) {
        Some(p) => Ok(p.ability),
        None => Err(sink
            .into_diagnostics()
            .first()
            .map_or_else(String::new, |d| format!("{}: {}", d.code, d.message))),
    }
}

/// Every ability that does not read back, as one line each; and how many did.
fn round_trip(cards: &[Card]) -> (Vec<String>, usize) {
    let mut failures = Vec::new();
    let mut read_back = 0;
    for card in cards {
        for a in &card.abilities {
            if matches!(a, Ability::Override { .. }) {
                // A Golden-Rule sentence is not written back (docs/abilities.md).
                continue;
            }
            let sentence = ability_text_on(card.kind, a);
            let why = match write_back(card.kind, &sentence) {
                None => "no rule writes it back".to_string(),
                Some((key, text)) => match read(key, &text) {
                    Ok(b) if b == *a => {
                        read_back += 1;
                        continue;
                    }
                    Ok(_) => format!("`{key}: {text}` compiles to another ability"),
                    Err(e) => format!("`{key}: {text}`: {e}"),
                },
            };
            failures.push(format!("{}: \"{sentence}\" -> {why}", card.name));
        }
    }
    failures.sort();
    failures.dedup();
    (failures, read_back)
}

#[test]
fn the_pool_and_the_fixtures_read_back() {
    let mut cards = compile("cards");
    cards.extend(compile("tests/cardlang/abilities/ok"));
    let (failures, read_back) = round_trip(&cards);
    assert!(read_back > 0);
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::assert_snapshot!(
            "explain_not_yet_read_back",
            format!(
                "{read_back} abilities read back; {} do not yet:\n{}",
                failures.len(),
                failures.join("\n")
            )
        );
    });
}

/// The words of explain the issue lists, each compiling to what its source spelling does.
#[test]
fn explain_words_are_synonyms() {
    for (key, explained, source) in [
        (
            "play",
            "remove 1 wound from target ship",
            "repair 1 wound on target ship",
        ),
        ("play", "gain 1 Currency", "gain 1C"),
        ("play", "gain 2 Resource and 1 Currency", "gain 2R 1C"),
        (
            "play",
            "each opposing Commander discards 1 card",
            "each opponent discards 1",
        ),
        (
            "play",
            "the opposing Commander draws 1 card",
            "opponent draws 1",
        ),
        ("play", "draw a card", "draw 1"),
        (
            "play",
            "each opponent discards a card",
            "each opponent discards 1",
        ),
        (
            "when",
            "this ship destroys a ship with volley fire: draw 1",
            "this ship destroys a ship: draw 1",
        ),
        (
            "when",
            "this ship is wounded by the volley fire of a ship: draw 1",
            "this ship is wounded by a ship: draw 1",
        ),
        (
            "static",
            "your Cruisers cost 1 Resource less to deploy",
            "your Cruisers cost 1R less",
        ),
        // Issue #40, part 3: the rest of explain's words.
        (
            "when",
            "the ship this is attached to is boarded: draw 1",
            "host is boarded: draw 1",
        ),
        (
            "static",
            "each Marine aboard the Station this is attached to gets +1 defense",
            "each Marine aboard host gets +1 defense",
        ),
        (
            "when",
            "at the end of each engagement you fight: draw 1",
            "engagement ends: draw 1",
        ),
        (
            "when",
            "at the start of each engagement this ship is in: draw 1",
            "this ship engagement starts: draw 1",
        ),
        (
            "when",
            "the Marines of this Marine hijack a ship: draw 1",
            "this Marine hijacks a ship: draw 1",
        ),
        (
            "play",
            "roll a volley die: on 1-5, discard 1 card; on 6-10, draw 2 cards",
            "roll a volley die (1-5: discard 1) (6-10: draw 2)",
        ),
        (
            "static",
            "this gets +1 to every volley die rolled",
            "this gets +1 to volley rolls",
        ),
        (
            "static",
            "this gets +1 volley die in every volley",
            "this gets +1 volley die",
        ),
        (
            "static",
            "this re-rolls the first missed die of each volley",
            "this re-rolls 1 missed die",
        ),
        ("play", "target ship retreats", "retreat target ship"),
        (
            "static",
            "your maximum hand size is increased by 1",
            "your hand size +1",
        ),
        (
            "static",
            "each opposing Commander's income is reduced by 1 Currency per turn",
            "each opponent's income -1C",
        ),
        (
            "static",
            "opposing Commanders' Events cost 1 Currency more to deploy",
            "opposing Events cost 1C more",
        ),
        (
            "play",
            "search your Shipyard for up to 2 Marines, put them into your hand, and shuffle your Shipyard",
            "search your shipyard for 2 Marines and put them in hand",
        ),
        (
            "play",
            "search your Shipyard for a Marine, deploy it at no cost, and shuffle your Shipyard",
            "search your shipyard for a Marine and deploy it free",
        ),
        (
            "static",
            "your Frigates and Destroyers cost 1R less",
            "your Frigates or Destroyers cost 1R less",
        ),
        (
            "play",
            "destroy target opposing Module-Ship card",
            "destroy target opposing Module-Ship",
        ),
        (
            "play",
            "if you are the defender, draw 1; otherwise, gain 1C",
            "if you are defending then draw 1 else gain 1C",
        ),
        (
            "play",
            "draw 1 card for each Cruiser in your fleet",
            "draw 1 per Cruiser in your fleet",
        ),
        (
            "instead",
            "of being destroyed: return it to its owner's hand",
            "of being destroyed: return this to its owner's hand",
        ),
    ] {
        let (a, b) = (read(key, explained), read(key, source));
        assert!(a.is_ok(), "{explained}: {a:?}");
        assert_eq!(a, b, "{explained}");
    }
}

/// A synonym is not a licence: words next to them still count.
#[test]
fn near_spellings_of_the_synonyms_are_refused() {
    for (key, text) in [
        ("play", "remove 1 wound on target ship"),
        ("play", "gain 1 Currencies"),
        ("play", "each opposing discards 1 card"),
        ("play", "gain 1 Resource and"),
        ("static", "your Cruisers cost 1 Resource less to"),
        ("play", "destroy target Cruiser card"),
        ("play", "roll a volley die: on 1-5 draw 1"),
        ("static", "your hand size is increased by 0"),
        ("when", "the Marines of this ship destroyed: draw 1"),
        ("when", "at the end of each engagement: draw 1"),
        (
            "play",
            "search your Shipyard for a Marine, deploy it, and shuffle",
        ),
        ("play", "draw 1 per Cruiser in your fleet card per Marine"),
    ] {
        assert!(read(key, text).is_err(), "{key}: {text} should not compile");
    }
}
