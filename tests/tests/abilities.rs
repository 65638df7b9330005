//! The ability language (issue 4, docs/abilities.md), data-driven.
//!
//! - `tests/cardlang/abilities/ok/*.hb`: one file per construct. Each must compile with no
//!   diagnostic at all; the snapshot beside it holds `cardc explain` of every card in it (the
//!   canonical English rendering of the IR).
//! - `tests/cardlang/abilities/err/*.hb`: one file per check. Each must produce at least one
//!   diagnostic; the snapshot holds them all, rendered as the CLI prints them.
//!
//! Plus: the IR of every ok fixture survives the database codec and the shape check; the
//! checked-in docs/base-rules.md is what `BaseRule::ALL` generates; docs/abilities.md lists every
//! ability diagnostic code; and the bundled pool's explanations are snapshotted.

use std::path::{Path, PathBuf};

use cardlang::diag::{render_all_human, HumanStyle};
use cardlang::effect::codes;
use cardlang::explain::{base_rules_markdown_pinned, explain};
use cardlang::ir::effect::check_abilities_shape;
use cardlang::source::{read_pool, SourceFile};
use cardlang::Compilation;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn load(path: &Path) -> SourceFile {
    // Repo-relative, so snapshots hold no absolute paths.
    let within = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/");
    let rel = format!("tests/{}", within.trim_start_matches('/'));
    let text = std::fs::read_to_string(path).expect("fixture readable");
    SourceFile::new(rel, text)
}

fn compile_one(file: &SourceFile) -> Compilation {
    cardlang::compile(std::slice::from_ref(file))
}

fn explain_all(c: &Compilation) -> String {
    c.cards.iter().map(explain).collect::<Vec<_>>().join("\n")
}

#[test]
fn ok_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../cardlang/abilities/ok");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../cardlang/abilities/ok", "*.hb", |path| {
            let file = load(path);
            let c = compile_one(&file);
            assert!(
                c.diagnostics.is_empty(),
                "{} should compile cleanly:\n{}",
                file.name,
                render_all_human(
                    &c.diagnostics,
                    std::slice::from_ref(&file),
                    HumanStyle::PLAIN
                )
            );
            assert!(!c.cards.is_empty(), "{} has no cards", file.name);
            assert!(
                c.cards.iter().any(|card| !card.abilities.is_empty()),
                "{} has no abilities",
                file.name
            );
            for card in &c.cards {
                check_abilities_shape(&card.abilities)
                    .expect("compiler output respects the IR limits");
            }
            insta::assert_snapshot!("explain", explain_all(&c));
        });
    });
}

#[test]
fn err_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../cardlang/abilities/err");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../cardlang/abilities/err", "*.hb", |path| {
            let file = load(path);
            let c = compile_one(&file);
            assert!(
                !c.diagnostics.is_empty(),
                "{} should be rejected or warned about",
                file.name
            );
            let ability_codes: Vec<&str> = codes::ALL.iter().map(|(c, _)| *c).collect();
            assert!(
                c.diagnostics
                    .iter()
                    .any(|d| ability_codes.contains(&d.code)),
                "{} produced no ability diagnostic",
                file.name
            );
            insta::assert_snapshot!(
                "diagnostics",
                render_all_human(
                    &c.diagnostics,
                    std::slice::from_ref(&file),
                    HumanStyle::PLAIN
                )
            );
        });
    });
}

/// Every ability code has an err fixture that produces it.
#[test]
fn every_code_has_a_fixture() {
    let dir = repo().join("tests/cardlang/abilities/err");
    let mut seen = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("err fixtures") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "hb") {
            for d in compile_one(&load(&path)).diagnostics {
                seen.insert(d.code);
            }
        }
    }
    let missing: Vec<&str> = codes::ALL
        .iter()
        .map(|(c, _)| *c)
        .filter(|c| !seen.contains(c))
        .collect();
    assert!(missing.is_empty(), "codes without a fixture: {missing:?}");
}

/// The ability IR survives the database codec unchanged.
#[test]
fn abilities_round_trip_through_the_database() {
    let dir = repo().join("tests/cardlang/abilities/ok");
    let files = read_pool(&dir).expect("ok fixtures readable");
    let c = cardlang::compile(&files);
    assert!(!c.has_errors());
    let db = cardlang::db::CardDb::new(c.cards.clone()).expect("valid database");
    let bytes = db.to_bytes();
    let back = cardlang::db::CardDb::from_bytes(&bytes).expect("decodes");
    assert_eq!(back.cards(), &c.cards[..]);
}

#[test]
fn base_rules_doc_is_current() {
    let path = repo().join("docs/base-rules.md");
    let pins = tests::base_rule_pins();
    let generated = base_rules_markdown_pinned(&|rule| {
        pins.iter()
            .find(|(r, _)| *r == rule)
            .map(|(_, p)| p.clone())
            .unwrap_or_default()
    });
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &generated).expect("write docs/base-rules.md");
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        on_disk, generated,
        "docs/base-rules.md is stale: run `UPDATE_DOCS=1 cargo test -p tests --test abilities`"
    );
}

#[test]
fn abilities_doc_lists_every_code() {
    let doc = std::fs::read_to_string(repo().join("docs/abilities.md")).expect("docs/abilities.md");
    for (code, _) in codes::ALL {
        assert!(
            doc.contains(&format!("| {code} |")),
            "docs/abilities.md does not list {code}"
        );
    }
}

/// `cardc explain` of every card of the bundled pool, pinned.
#[test]
fn bundled_pool_explained() {
    let files = read_pool(&repo().join("cards")).expect("bundled pool readable");
    let c = cardlang::compile(&files);
    // Not even a warning: every printed text has its ability (HB0453) and says what it does
    // (HB0456, issue #40 §5), nothing dead (HB0451).
    assert!(
        c.diagnostics.is_empty(),
        "bundled pool has diagnostics:\n{}",
        render_all_human(&c.diagnostics, &files, HumanStyle::PLAIN)
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../cardlang/abilities");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("bundled-pool-explain", explain_all(&c)));
}

/// The shape check (what the database loader runs on every ability) rejects what the compiler
/// never produces, and the database refuses a card carrying it.
#[test]
fn shape_check_rejects_malformed_abilities() {
    use cardlang::ir::effect::*;
    use cardlang::ir::{BaseRule, RuleValue};
    let draw = Action::Draw {
        who: CommanderAim::You,
        count: Quantity::N(1),
    };
    let ok = Ability::Play(Effect {
        steps: vec![Step::Do(vec![draw.clone()])],
    });
    assert_eq!(ok.check_shape(), Ok(()));
    let too_long = Ability::Play(Effect {
        steps: vec![Step::Do(vec![draw]); limits::STEPS + 1],
    });
    assert!(matches!(
        too_long.check_shape(),
        Err(ShapeError::TooLong {
            what: "effect steps",
            ..
        })
    ));
    let bad_roll = Ability::Play(Effect {
        steps: vec![Step::Roll {
            branches: vec![RollBranch {
                lo: 0,
                hi: 11,
                actions: Vec::new(),
            }],
        }],
    });
    assert!(bad_roll.check_shape().is_err());
    let wrong_kind = Ability::Override {
        rule: BaseRule::HandSize,
        value: RuleValue::Flag(true),
        scope: OverrideScope::You,
    };
    assert!(wrong_kind.check_shape().is_err());

    let files = read_pool(&repo().join("tests/cardlang/abilities/ok")).expect("readable");
    let mut cards = cardlang::compile(&files).cards;
    if let Some(first) = cards.first_mut() {
        first.abilities = vec![too_long];
    }
    assert!(cardlang::db::CardDb::new(cards).is_err());
}

/// An activated ability (issue #40, part 3.3; I-93) the compiler never produces is refused by
/// the loader too: one with neither a cost nor a limit (HB0431's shape), one on an Event or a
/// Tactic (HB0430's).
#[test]
fn loader_refuses_activated_abilities_the_compiler_refuses() {
    use cardlang::ir::effect::*;
    use cardlang::ir::{Amount, CardKind};
    let activated = |cost: Option<Amount>, limit: Option<Limit>| Ability::Activated {
        cost,
        limit,
        when: Activation::Event,
        effect: Effect {
            steps: vec![Step::Do(vec![Action::Draw {
                who: CommanderAim::You,
                count: Quantity::N(1),
            }])],
        },
    };
    let paid = Some(Amount {
        resource: 0,
        currency: 1,
    });
    assert_eq!(activated(paid, None).check_shape(), Ok(()));
    assert_eq!(activated(None, Some(Limit::Turn)).check_shape(), Ok(()));
    assert!(activated(None, None).check_shape().is_err());
    assert!(activated(Some(Amount::ZERO), None).check_shape().is_err());

    let files = read_pool(&repo().join("tests/cardlang/abilities/ok")).expect("readable");
    let cards = cardlang::compile(&files).cards;
    let on = |kind: fn(&CardKind) -> bool| {
        let mut cards = cards.clone();
        let card = cards
            .iter_mut()
            .find(|c| kind(&c.kind))
            .expect("a card of the kind");
        card.abilities = vec![activated(paid, None)];
        cardlang::db::CardDb::new(cards)
    };
    assert!(on(|k| matches!(k, CardKind::Ship(_))).is_ok());
    assert!(on(|k| *k == CardKind::Event).is_err());
    assert!(on(|k| *k == CardKind::Tactic).is_err());
}

mod robustness {
    use cardlang::diag::Sink;
    use cardlang::effect::{parse_entry, ABILITY_KEYS};
    use cardlang::source::Span;
    use proptest::prelude::*;

    const WORDS: &[&str] = &[
        "when",
        "deployed",
        ":",
        ",",
        ";",
        "draw",
        "2",
        "target",
        "opposing",
        "ship",
        "each",
        "gains",
        "Interceptor",
        "+1",
        "deal",
        "compulsory",
        "wounds",
        "to",
        "if",
        "then",
        "else",
        "you",
        "may",
        "pay",
        "2C",
        "roll",
        "a",
        "volley",
        "die",
        "(",
        ")",
        "1-5",
        "-",
        "=",
        "yes",
        "for",
        "host",
        "this",
        "named",
        "\"",
        "Cruiser",
        "or",
        "smaller",
        "per",
        "all",
        "until",
        "end",
        "of",
        "engagement",
        "{",
        "}",
        "\n",
        "é",
        "99999999999",
    ];

    fn check(key: &str, text: &str) {
        let mut sink = Sink::new("p.hb");
        let parsed = parse_entry(key, Span::new(0, key.len()), text, 7, &mut sink);
        // An ability is either read, or rejected with an error saying why: never silently lost.
        assert!(parsed.is_some() || sink.has_errors(), "{key}: {text:?}");
        for d in sink.into_diagnostics() {
            assert!(d.span.start <= d.span.end && d.span.end <= 7 + text.len().max(key.len()));
        }
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(key in prop::sample::select(ABILITY_KEYS), text in "\\PC{0,80}") {
            check(key, &text);
        }

        #[test]
        fn word_salad_never_panics(
            key in prop::sample::select(ABILITY_KEYS),
            words in prop::collection::vec(prop::sample::select(WORDS), 0..24),
        ) {
            check(key, &words.join(" "));
        }
    }
}
