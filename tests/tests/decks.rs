//! Deck validation (`engine::deck`), data-driven: every `tests/decks/*.txt` decklist is checked
//! against the small fixture pool in `tests/decks/pool/` (not the bundled pool, so these do
//! not move when `cards/` changes), and its rendered diagnostics — or, for a legal deck, its
//! summary — are snapshotted beside it as `tests/decks/deck@<fixture>.snap`.
//!
//! A fixture whose first lines hold `# test: allow-prototypes` is checked with Prototype
//! cards allowed (§8.8).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cardc::deck::{check_deck, DeckCheck};
use cardc::output::render_all_human;
use cardlang::db::CardDb;
use cardlang::diag::HumanStyle;
use engine::deck::{self, DeckOptions, DeckRule, MAX_DECK_BYTES};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

use tests::compile_pool as compile;

fn fixture_pool() -> CardDb {
    compile(&repo().join("tests/decks/pool"))
}

fn options_for(bytes: &[u8]) -> DeckOptions {
    let head = String::from_utf8_lossy(bytes.get(..200).unwrap_or(bytes));
    DeckOptions {
        allow_prototypes: head.contains("# test: allow-prototypes"),
    }
}

/// What the snapshot holds: the verdict, then diagnostics or the summary.
fn render(check: &DeckCheck) -> String {
    if check.is_legal() {
        format!("legal\n\n{}", check.summary)
    } else {
        let n = check.diagnostics.len();
        format!(
            "illegal: {n} diagnostic{}\n\n{}",
            if n == 1 { "" } else { "s" },
            render_all_human(
                &check.diagnostics,
                std::slice::from_ref(&check.source),
                HumanStyle::PLAIN
            )
        )
    }
}

fn check_fixture(db: &CardDb, path: &Path) -> DeckCheck {
    let bytes = std::fs::read(path).expect("fixture readable");
    let name = format!(
        "tests/decks/{}",
        path.file_name().expect("file name").to_string_lossy()
    );
    check_deck(&name, &bytes, db, &options_for(&bytes))
}

#[test]
fn deck_fixtures() {
    let db = fixture_pool();
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../decks");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../decks", "*.txt", |path| {
            let check = check_fixture(&db, path);
            insta::assert_snapshot!("deck", render(&check));
        });
    });
}

fn rules_of(db: &CardDb, fixture: &str) -> Vec<DeckRule> {
    let bytes = std::fs::read(repo().join("tests/decks").join(fixture)).expect("fixture");
    let (_, report) = deck::check(&bytes, db, &options_for(&bytes));
    report.violations.iter().map(|v| v.rule).collect()
}

/// Each boundary: legal at the limit, exactly one violation of the right rule just past it.
#[test]
fn boundaries() {
    let db = fixture_pool();
    for legal in ["legal-55.txt", "prototype-allowed.txt"] {
        assert_eq!(rules_of(&db, legal), vec![], "{legal}");
    }
    let cases = [
        ("size-54.txt", DeckRule::DeckSize),
        ("size-56.txt", DeckRule::DeckSize),
        ("copies-6.txt", DeckRule::CopyLimit),
        ("copies-6-split.txt", DeckRule::CopyLimit),
        ("stations-2.txt", DeckRule::StationCount),
        ("stations-0.txt", DeckRule::StationCount),
        ("event-2.txt", DeckRule::SingleCopy),
        ("character-2.txt", DeckRule::CharacterCopy),
        ("faction-mismatch.txt", DeckRule::Faction),
        ("prototype.txt", DeckRule::Prototype),
        ("unknown-name.txt", DeckRule::UnknownCard),
        ("module-station-1.txt", DeckRule::ModuleStationCount),
        ("count-zero.txt", DeckRule::ZeroCount),
        ("count-negative.txt", DeckRule::NegativeCount),
        ("count-huge.txt", DeckRule::CountTooLarge),
        ("count-missing.txt", DeckRule::MissingCount),
        ("bad-section.txt", DeckRule::BadSection),
        ("binary.txt", DeckRule::Binary),
        ("empty.txt", DeckRule::Empty),
        ("comments-only.txt", DeckRule::Empty),
        ("long-line.txt", DeckRule::LineTooLong),
        ("control-chars.txt", DeckRule::ControlCharacter),
    ];
    for (fixture, rule) in cases {
        assert_eq!(rules_of(&db, fixture), vec![rule], "{fixture}");
    }
    // An unreadable line also leaves the deck short; both are reported.
    assert_eq!(
        rules_of(&db, "invalid-utf8.txt"),
        vec![DeckRule::InvalidUtf8, DeckRule::DeckSize]
    );
    assert_eq!(
        rules_of(&db, "stockpiles.txt"),
        vec![
            DeckRule::ResourceStockpileCount,
            DeckRule::CurrencyStockpileCount
        ]
    );
}

#[test]
fn every_violation_is_reported_in_one_run() {
    let db = fixture_pool();
    let rules: BTreeSet<DeckRule> = rules_of(&db, "many-violations.txt").into_iter().collect();
    let expected = BTreeSet::from([
        DeckRule::StationCount,
        DeckRule::CopyLimit,
        DeckRule::SingleCopy,
        DeckRule::CharacterCopy,
        DeckRule::Faction,
        DeckRule::Prototype,
        DeckRule::UnknownCard,
        DeckRule::ZeroCount,
        DeckRule::MissingCount,
        DeckRule::DeckSize,
        DeckRule::ResourceStockpileCount,
        DeckRule::CurrencyStockpileCount,
    ]);
    assert_eq!(rules, expected);
    // Two copy-limit breaches (Hornet Wing on one line, Boarding Party over two), two
    // single-copy ones (Solar Flare, Quantum Relay).
    let all = rules_of(&db, "many-violations.txt");
    assert_eq!(all.iter().filter(|r| **r == DeckRule::CopyLimit).count(), 2);
    assert_eq!(
        all.iter().filter(|r| **r == DeckRule::SingleCopy).count(),
        2
    );
}

#[test]
fn unknown_name_suggests_the_nearest() {
    let db = fixture_pool();
    let bytes = std::fs::read(repo().join("tests/decks/unknown-name.txt")).expect("fixture");
    let (_, report) = deck::check(&bytes, &db, &DeckOptions::default());
    let help = report.violations[0].help.as_deref();
    assert_eq!(help, Some("did you mean \"Lancer-class Frigate\"?"));
}

#[test]
fn summed_copies_point_at_the_crossing_line() {
    let db = fixture_pool();
    let bytes = std::fs::read(repo().join("tests/decks/copies-6-split.txt")).expect("fixture");
    let (list, report) = deck::check(&bytes, &db, &DeckOptions::default());
    let v = &report.violations[0];
    let at = v.span.clone().expect("a line");
    assert_eq!(&list.source[at], "1 Lancer-class Frigate");
    assert_eq!(v.related.len(), 1);
    assert_eq!(
        &list.source[v.related[0].0.clone()],
        "5 Lancer-class Frigate"
    );
}

#[test]
fn legal_summary_counts_types_and_costs() {
    let db = fixture_pool();
    let check = check_fixture(&db, &repo().join("tests/decks/legal-55.txt"));
    let s = &check.summary;
    assert_eq!(s.cards, 55);
    assert_eq!(s.by_type.values().sum::<u64>(), 55);
    assert_eq!(s.by_type.get(&deck::CardType::Ship), Some(&25));
    // Everything but the Station and the two Stockpiles is on the curve.
    assert_eq!(s.cost_curve.buckets.iter().sum::<u64>(), 52);
}

#[test]
fn oversized_input_is_refused_without_reading_it_all() {
    let db = fixture_pool();
    // A 50 MB single line, in memory.
    let huge = vec![b'7'; 50 * 1024 * 1024];
    let (list, report) = deck::check(&huge, &db, &DeckOptions::default());
    assert!(list.source.is_empty());
    let rules: Vec<_> = report.violations.iter().map(|v| v.rule).collect();
    assert_eq!(rules, vec![DeckRule::FileTooLarge]);

    // The same on disk: the reader stops one byte past the cap.
    let dir = std::env::temp_dir().join(format!("hb-decks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("huge.txt");
    std::fs::write(&file, &huge).expect("write");
    let read = deck::read_deck_file(&file).expect("readable");
    assert_eq!(read.len(), MAX_DECK_BYTES + 1);
    assert!(matches!(
        deck::read_deck_file(&dir),
        Err(deck::DeckFileError::NotRegular {
            what: "a directory",
            ..
        })
    ));
    assert!(matches!(
        deck::read_deck_file(&dir.join("missing.txt")),
        Err(deck::DeckFileError::NotFound { .. })
    ));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// The bundled starter decks are legal against the bundled pool.
#[test]
fn starter_decks_are_legal() {
    let db = compile(&repo().join("cards"));
    let dir = repo().join("cards/decks");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("cards/decks")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 3, "three starter decks");
    for path in paths {
        let bytes = std::fs::read(&path).expect("deck");
        let check = check_deck("deck", &bytes, &db, &DeckOptions::default());
        assert!(check.is_legal(), "{}:\n{}", path.display(), render(&check));
        assert_eq!(check.summary.cards, 55);
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the bytes, checking never panics and every span is a valid range on
        /// character boundaries of the text the diagnostics show.
        #[test]
        fn any_bytes_check_cleanly(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let db = super::fixture_pool_cached();
            let (list, report) = deck::check(&bytes, db, &DeckOptions { allow_prototypes: false });
            for v in &report.violations {
                for span in v.span.iter().chain(v.related.iter().map(|(s, _)| s)) {
                    prop_assert!(list.source.get(span.clone()).is_some(), "{span:?} in {:?}", list.source);
                }
            }
        }

        /// Line-shaped input made of digits, signs, `x` and card-name fragments.
        #[test]
        fn decklike_lines_check_cleanly(lines in proptest::collection::vec(
            "(-?[0-9]{0,14}x? )?(Lancer-class Frigate|Fixture Bastion|Solar Flare|[A-Za-z #\\[\\]]{0,12})",
            0..30,
        )) {
            let text = lines.join("\n");
            let db = super::fixture_pool_cached();
            let (list, report) = deck::check(text.as_bytes(), db, &DeckOptions::default());
            prop_assert_eq!(&list.source, &text);
            prop_assert!(!report.violations.is_empty() || report.summary.cards == 55);
        }
    }
}

fn fixture_pool_cached() -> &'static CardDb {
    static POOL: std::sync::OnceLock<CardDb> = std::sync::OnceLock::new();
    POOL.get_or_init(fixture_pool)
}

/// docs/decks.md lists every deck code, with the section of every rule.
#[test]
fn every_code_is_documented() {
    let doc = std::fs::read_to_string(repo().join("docs/decks.md")).expect("docs/decks.md");
    for rule in DeckRule::ALL {
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", rule.code())))
            .unwrap_or_else(|| panic!("{} ({rule:?}) is not in docs/decks.md", rule.code()));
        if let Some(section) = rule.section() {
            let cited = if section.starts_with(|c: char| c.is_ascii_digit()) {
                format!("§{section}")
            } else {
                format!("\"{section}\"")
            };
            assert!(row.contains(&cited), "{row} should cite {cited}");
        }
    }
}
