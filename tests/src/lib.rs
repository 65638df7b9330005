//! Shared helpers for the data-driven test suites under `tests/`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use cardlang::ir::effect::Ability;
use cardlang::ir::BaseRule;
use engine::{ruling, CardDb};

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Compiles a pool directory; the fixture and bundled pools must compile cleanly.
pub fn compile_pool(dir: &Path) -> CardDb {
    let files = cardlang::source::read_pool(dir).expect("pool readable");
    let compiled = cardlang::compile(&files);
    let errors: Vec<_> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    assert!(
        errors.is_empty(),
        "pool {} has errors: {errors:#?}",
        dir.display()
    );
    CardDb::new(compiled.cards).expect("a clean pool is a valid card database")
}

/// The ruling fixture pool, `tests/rulings/pool/`, compiled.
pub fn ruling_pool() -> Arc<CardDb> {
    Arc::new(compile_pool(&repo().join("tests/rulings/pool")))
}

/// Every `tests/rulings/*.ruling`, sorted by name, with its text.
pub fn ruling_files() -> Vec<(String, String)> {
    let dir = repo().join("tests/rulings");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/rulings exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ruling"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, std::fs::read_to_string(&p).expect("ruling readable"))
        })
        .collect()
}

/// Run a ruling's text against a pool: its transcript, or the ruling error as text.
pub fn run_ruling(text: &str, pool: Arc<CardDb>, without: Option<BaseRule>) -> String {
    match ruling::parse(text) {
        Ok(r) => {
            let r = match without {
                Some(rule) => r.without_override(rule),
                None => r,
            };
            // A file error keeps the transcript up to its line (docs/rulings.md).
            ruling::run(&r, pool).unwrap_or_else(|e| format!("{e}\n"))
        }
        Err(e) => format!("ruling error: {e}\n"),
    }
}

/// The pool with every printed `override <rule> = ...` taken off every card.
pub fn pool_without(pool: &CardDb, rule: BaseRule) -> Arc<CardDb> {
    let cards = pool
        .cards()
        .iter()
        .cloned()
        .map(|mut c| {
            c.abilities
                .retain(|a| !matches!(a, Ability::Override { rule: r, .. } if *r == rule));
            c
        })
        .collect();
    Arc::new(CardDb::new(cards).expect("a pool less some abilities is still valid"))
}

/// The transcript line an override of `rule` writes (`[§8.1] X overrides <rule> (§...)`).
pub fn override_line(rule: BaseRule) -> String {
    format!(" overrides {} (", rule.name())
}

/// What a transcript says happened, without the `[§8.1]` lines that only name the override.
pub fn outcome(transcript: &str) -> Vec<&str> {
    transcript
        .lines()
        .filter(|l| !l.starts_with("[§8.1]"))
        .collect()
}

/// For each base rule, the rulings that pin it: the transcript shows a card overriding it, and
/// the same ruling without any override of that rule has a different outcome (§8.1).
pub fn base_rule_pins() -> Vec<(BaseRule, Vec<String>)> {
    let pool = ruling_pool();
    let files = ruling_files();
    let runs: Vec<(String, String, String)> = files
        .into_iter()
        .map(|(name, text)| {
            let out = run_ruling(&text, pool.clone(), None);
            (name, text, out)
        })
        .collect();
    BaseRule::ALL
        .iter()
        .map(|&rule| {
            let line = override_line(rule);
            let stripped = pool_without(&pool, rule);
            let pins = runs
                .iter()
                .filter(|(_, _, out)| {
                    out.lines()
                        .any(|l| l.starts_with("[§8.1]") && l.contains(&line))
                })
                .filter(|(_, text, out)| {
                    let without = run_ruling(text, stripped.clone(), Some(rule));
                    outcome(&without) != outcome(out)
                })
                .map(|(name, _, _)| name.clone())
                .collect();
            (rule, pins)
        })
        .collect()
}

/// The starter decks of `cards/decks/`, as the sweeps play them.
pub const STARTER_DECKS: [&str; 3] = ["rdf-starter", "colonial-starter", "corporate-starter"];

/// The pool of the game sweeps in CI: the bundled cards plus the Station-wounding cards of
/// `tests/rulings/pool/eliminations.hb` (featured: every generated deck holds one where its
/// faction allows), with the starter decks.
pub fn station_wounding_sweep_pool() -> engine::sweep::Pool {
    let bundled = compile_pool(&repo().join("cards"));
    let mut files = cardlang::source::read_pool(&repo().join("cards")).expect("cards/ readable");
    let extra = std::fs::read_to_string(repo().join("tests/rulings/pool/eliminations.hb"))
        .expect("eliminations.hb readable");
    files.push(cardlang::source::SourceFile::new("eliminations.hb", extra));
    let compiled = cardlang::compile(&files);
    assert!(
        !compiled.has_errors(),
        "the pool with eliminations.hb compiles"
    );
    let db = Arc::new(CardDb::new(compiled.cards).expect("pool loads"));
    let featured = db
        .iter()
        .filter(|c| bundled.by_name(&c.name).is_none())
        .map(|c| c.id)
        .collect();
    let starters = STARTER_DECKS
        .iter()
        .map(|d| {
            let path = repo().join("cards/decks").join(format!("{d}.txt"));
            let list = engine::deck::parse(&engine::deck::read_deck_file(&path).expect("deck"));
            (
                d.to_string(),
                engine::deck::card_ids(&list, &db).expect("starter cards"),
            )
        })
        .collect();
    engine::sweep::Pool {
        db,
        starters,
        featured,
    }
}
