//! The compiler and the database loader agree (ARCHITECTURE.md, invariant 3): every rule the
//! loader re-checks (`db::validate_card`, `db::pool_limit`) is also a compiler diagnostic with a
//! location, so `cardc`'s HB0901 ("the compiled pool is not a valid card database") stays
//! unreachable from source.

use cardlang::db::{pool_limit, CardDb, CardProblem, PoolLimit, MAX_CARDS, MAX_FILE_BYTES};
use cardlang::diag::codes;
use cardlang::ir::{Card, CardId, CardKind};
use cardlang::source::{line_col, SourceFile};

const SHIP: &str = "Ship \"S\" {\n    class: Frigate\n    cost: 2R\n    attack: 2\n    defense: 5\n    wounds: 2\n";

/// The loader's card rules, one row each: the row's index, and card source that tries to break
/// the rule. Exhaustive over `CardProblem`, so a new loader rule does not compile here until it
/// has a row (and [`ROWS`] grows with it).
fn row(p: &CardProblem) -> (usize, String) {
    let ship = |extra: &str| format!("{SHIP}{extra}}}\n");
    match p {
        // Ids are assigned by the compiler, densely: checked below on every compiled pool.
        CardProblem::IdNotIndex { .. } => (0, String::new()),
        CardProblem::EmptyName => (1, "Event \"\" {\n    cost: 1R\n}\n".into()),
        CardProblem::NameTooLong { .. } => {
            (2, format!("Event \"{}\" {{\n    cost: 1R\n}}\n", "N".repeat(81)))
        }
        CardProblem::NameWhitespace => (3, "Event \" Padded\" {\n    cost: 1R\n}\n".into()),
        CardProblem::NameControl => (4, "Event \"Bell\u{7}\" {\n    cost: 1R\n}\n".into()),
        CardProblem::DuplicateName { .. } => (
            5,
            "Event \"Twice\" {\n    cost: 1R\n}\nEvent \"Twice\" {\n    cost: 1R\n}\n".into(),
        ),
        CardProblem::TextTooLong { .. } => (
            6,
            format!("Event \"E\" {{\n    cost: 1R\n    text: \"{}\"\n}}\n", "t".repeat(4097)),
        ),
        CardProblem::OutOfRange { .. } => (7, ship("    traits: Interceptor +11\n").replace("attack: 2", "attack: 21")),
        CardProblem::Missing { .. } => (8, "Ship \"S\" {\n    class: Frigate\n    cost: 2R\n}\n".into()),
        CardProblem::NotAllowed { .. } => (9, "Event \"E\" {\n    cost: 1R\n    attack: 2\n}\n".into()),
        CardProblem::FighterWingCarriesMarines => (
            10,
            ship("    carries: 1 Marine\n").replace("Frigate", "Fighter Wing"),
        ),
        CardProblem::RestrictedStation => (
            11,
            "Station \"St\" {\n    faction: RDF only\n    attack: 1\n    defense: 5\n    wounds: 5\n}\n".into(),
        ),
        CardProblem::RestrictedWithoutFaction => (12, ship("    faction: only\n")),
        CardProblem::FitsEmpty => (
            13,
            "Module-Ship \"M\" {\n    cost: 1R\n    fits:\n}\n".into(),
        ),
        CardProblem::FitsDuplicate { .. } => (
            14,
            "Module-Ship \"M\" {\n    cost: 1R\n    fits: Frigate, Frigate\n}\n".into(),
        ),
        CardProblem::FitsAdmitsNothing { .. } => (
            15,
            "Module-Ship \"M\" {\n    cost: 1R\n    fits: larger than Capital Ship\n}\n".into(),
        ),
        CardProblem::DuplicateTrait { .. } => (
            16,
            ship("    carries: 1 Marine, 1 Wing\n    traits: Regimented Wing, Regimented Marine x2\n"),
        ),
        CardProblem::CapitalShipNotUnique => (17, ship("").replace("Frigate", "Capital Ship")),
        CardProblem::FaceDownNotModuleShip => (18, ship("    traits: Face Up-Face Down\n")),
        CardProblem::Override { .. } => (20, "Station \"St\" {\n    attack: 1\n    defense: 5\n    wounds: 5\n    override hand-size = 0\n}\n".into()),
        CardProblem::Ability(_) => (
            19,
            "Event \"Kitchen Sink\" {\n    cost: 1C\n    play: draw 1 and draw 1 and draw 1 and draw 1 and draw 1 and draw 1 and draw 1 and draw 1 and draw 1\n}\n".into(),
        ),
    }
}

/// One value of each `CardProblem` variant, in [`row`] order.
fn every_problem() -> Vec<CardProblem> {
    use cardlang::ir::{ShipClass, TraitName};
    vec![
        CardProblem::IdNotIndex { id: 1, index: 0 },
        CardProblem::EmptyName,
        CardProblem::NameTooLong { len: 81 },
        CardProblem::NameWhitespace,
        CardProblem::NameControl,
        CardProblem::DuplicateName { first: 0 },
        CardProblem::TextTooLong {
            field: "rules text",
            len: 4097,
        },
        CardProblem::OutOfRange {
            what: "attack",
            value: 21,
            min: 0,
            max: 20,
        },
        CardProblem::Missing {
            kind: String::new(),
            what: "attack",
        },
        CardProblem::NotAllowed {
            kind: String::new(),
            what: "attack",
        },
        CardProblem::FighterWingCarriesMarines,
        CardProblem::RestrictedStation,
        CardProblem::RestrictedWithoutFaction,
        CardProblem::FitsEmpty,
        CardProblem::FitsDuplicate {
            class: ShipClass::Frigate,
        },
        CardProblem::FitsAdmitsNothing {
            fits: String::new(),
        },
        CardProblem::DuplicateTrait {
            name: TraitName::Regimented,
        },
        CardProblem::CapitalShipNotUnique,
        CardProblem::FaceDownNotModuleShip,
        CardProblem::Ability(cardlang::ir::effect::ShapeError::Invalid(
            "too many actions",
        )),
        CardProblem::Override {
            rule: cardlang::ir::BaseRule::HandSize,
            problem: cardlang::ir::rules::OverrideProblem {
                message: String::new(),
                label: "",
                help: String::new(),
            },
        },
    ]
}

const ROWS: usize = 21;

#[test]
fn every_loader_card_rule_is_a_located_compiler_error() {
    let problems = every_problem();
    let mut seen: Vec<usize> = problems.iter().map(|p| row(p).0).collect();
    seen.sort();
    assert_eq!(
        seen,
        (0..ROWS).collect::<Vec<_>>(),
        "one row per loader rule"
    );

    for p in &problems {
        let (n, source) = row(p);
        if source.is_empty() {
            continue;
        }
        let files = [SourceFile::new("rule.hb", source.clone())];
        let out = cardlang::compile(&files);
        let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(
            !errors.is_empty(),
            "row {n} ({p}) compiled clean:\n{source}"
        );
        for d in &errors {
            // A specific check caught it, not the net under them all.
            assert_ne!(d.code, codes::CARD_INVALID, "row {n}: {}", d.message);
            // A labelled span, or a point past the file's start (`0..0` is "the whole file").
            let located = d.label.is_some() || !d.span.is_empty() || d.span.start > 0;
            assert!(located, "row {n}: no location: {d:?}");
        }
        // What did compile is a valid database.
        CardDb::new(out.cards).unwrap_or_else(|e| panic!("row {n}: {e}"));
    }
}

/// Ids are the compiler's to assign: dense, in order, so `IdNotIndex` cannot come from source.
#[test]
fn compiled_ids_are_dense() {
    let src = "Event \"A\" {\n    cost: 1R\n}\nEvent \"B\" {\n    cost: 1R\n}\nEvent \"C\" {\n    cost: 1R\n}\n";
    let out = cardlang::compile(&[SourceFile::new("ids.hb", src)]);
    let ids: Vec<u32> = out.cards.iter().map(|c| c.id.0).collect();
    assert_eq!(ids, vec![0, 1, 2]);
}

/// The compiled-then-refused case from issue #12: compiled (as an `ok` fixture), then the
/// loader said "Regimented twice". Now the compiler says so, at the second one.
#[test]
fn regimented_wing_and_marine_is_a_duplicate_trait() {
    let src = format!("{SHIP}    carries: 2 Marines, 2 Wings\n    traits: Regimented Wing, Regimented Marine x2, Stoic\n}}\n");
    let out = cardlang::compile(&[SourceFile::new("r.hb", src.clone())]);
    let d = out
        .diagnostics
        .iter()
        .find(|d| d.code == codes::DUPLICATE_TRAIT)
        .expect("HB0208");
    assert_eq!(&src[d.span.start..d.span.end], "Regimented Marine x2");
    assert!(out.cards.is_empty());
}

/// Issue #15: a pool over 4,096 cards compiled and then failed with HB0901. The database now
/// holds 65,536; the 65,537th card is a located error from the compiler.
#[test]
fn a_pool_over_the_card_limit_is_located_at_the_first_card_that_does_not_fit() {
    let mut files = Vec::new();
    let per_file = 8_192;
    let total = MAX_CARDS + 1;
    for f in 0..total.div_ceil(per_file) {
        let mut text = String::new();
        for i in f * per_file..((f + 1) * per_file).min(total) {
            text.push_str(&format!("Event \"E{i:05}\" {{\n    cost: 1R\n}}\n"));
        }
        files.push(SourceFile::new(format!("pool/{f:02}.hb"), text));
    }
    let out = cardlang::compile(&files);
    let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let d = errors[0];
    assert_eq!(d.code, codes::POOL_TOO_LARGE);
    assert!(
        d.message.contains("65537 cards") && d.message.contains("65536"),
        "{}",
        d.message
    );
    // At the name of card 65,537 (`E65536`), in the last file.
    let file = files.iter().find(|f| f.name == d.file).expect("file");
    assert_eq!(&file.text[d.span.start..d.span.end], "\"E65536\"");
    assert_eq!(line_col(&file.text, d.span.start), (1, 7));
    // Exactly the limit makes a database.
    assert_eq!(out.cards.len(), MAX_CARDS);
    let db = CardDb::new(out.cards).expect("65,536 cards are a database");
    let back = CardDb::from_bytes(&db.to_bytes()).expect("and load again");
    assert_eq!(back.len(), MAX_CARDS);
}

fn longest_card(i: usize) -> Card {
    let mut c = Card::blank(CardId(i as u32), format!("{i:é>80}"), CardKind::Event);
    c.text = "x".repeat(cardlang::db::MAX_TEXT_BYTES);
    c.flavour = c.text.clone();
    c
}

/// The byte limit: the largest pool of longest cards that fits is a database that saves and
/// loads; one card more is refused by `new`, and `pool_limit` names that card (what the
/// compiler reports).
#[test]
fn the_byte_limit_is_found_at_the_first_card_past_it() {
    let per_card = cardlang::db::encoded_card_len(&longest_card(0));
    // Cards that fit, added up as the database lays them out.
    let mut total = cardlang::db::empty_database_len();
    let mut fit = 0;
    while total + cardlang::db::encoded_card_len(&longest_card(fit)) <= MAX_FILE_BYTES as usize {
        total += cardlang::db::encoded_card_len(&longest_card(fit));
        fit += 1;
    }
    let cards: Vec<Card> = (0..=fit).map(longest_card).collect();
    assert_eq!(pool_limit(&cards), Some((fit, PoolLimit::Bytes)));
    assert!(matches!(
        CardDb::new(cards.clone()),
        Err(cardlang::db::DbError::Encode { .. })
    ));
    let cards = cards[..fit].to_vec();
    assert_eq!(pool_limit(&cards), None);
    let db = CardDb::new(cards).expect("fits");
    let bytes = db.to_bytes();
    assert!(bytes.len() as u64 <= MAX_FILE_BYTES);
    assert!(
        bytes.len() as u64 > MAX_FILE_BYTES - per_card as u64,
        "{}",
        bytes.len()
    );
    assert_eq!(CardDb::from_bytes(&bytes).expect("loads").len(), fit);
}

/// The size the pool limit adds up is the size the database is.
#[test]
fn encoded_sizes_add_up_to_the_database() {
    let cards: Vec<Card> = (0..5).map(longest_card).collect();
    let expected: usize = cardlang::db::empty_database_len()
        + cards
            .iter()
            .map(cardlang::db::encoded_card_len)
            .sum::<usize>();
    assert_eq!(CardDb::new(cards).unwrap().to_bytes().len(), expected);
}
