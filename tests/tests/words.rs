//! User text is words (docs/rulings.md): no ruling transcript may show Rust debug syntax
//! (`Inst(5)`, `Combat(Volley(Attacker))`, `Intercept { unit: ...`, `[9, 4]`). The scan covers
//! every accepted ruling snapshot and, by running every ruling with the legal choices listed
//! after each script line (`--choices`), every decision and every legal choice the rulings
//! reach, and every refusal they pin.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use engine::{ruling, CardDb};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Where `line` shows debug syntax, with the offending text; `None` when it is words.
fn debug_syntax(line: &str) -> Option<String> {
    let chars: Vec<char> = line.chars().collect();
    for (k, &c) in chars.iter().enumerate() {
        let rest: String = chars[k..].iter().take(24).collect();
        // `Inst(5`, `Combat(Volley(`, `Some(`: an identifier glued to a parenthesis. Words
        // write `wound(s)` and dice write `3(=6)`; nothing else glues text to `(`.
        if c == '(' && k > 0 && chars[k - 1].is_alphanumeric() {
            let next: String = chars[k + 1..].iter().take(2).collect();
            if !(next == "s)" || next.starts_with('=')) {
                return Some(chars[k.saturating_sub(12)..].iter().take(30).collect());
            }
        }
        // `Foo { bar:`: a struct literal.
        if c == '{' && k >= 2 && chars[k - 1] == ' ' && chars[k - 2].is_alphanumeric() {
            let after: String = chars[k + 1..].iter().take_while(|&&x| x != ':').collect();
            let ident = after.trim();
            if !ident.is_empty()
                && ident.len() < 20
                && ident.chars().all(|x| x.is_ascii_lowercase() || x == '_')
            {
                return Some(rest);
            }
        }
        // `[9, 4]`: a debug-printed list of numbers.
        if c == '[' && chars.get(k + 1).is_some_and(|x| x.is_ascii_digit()) {
            let inner: String = chars[k + 1..].iter().take_while(|&&x| x != ']').collect();
            if inner.contains(", ")
                && inner
                    .chars()
                    .all(|x| x.is_ascii_digit() || x == ',' || x == ' ')
            {
                return Some(rest);
            }
        }
        // `FromHand`, `SetupDiscard`: an enum variant (a capital after a lower-case letter
        // inside one word).
        if c.is_ascii_uppercase()
            && k > 0
            && chars[k - 1].is_ascii_lowercase()
            && !line.contains("Mc")
        {
            let start = chars[..k]
                .iter()
                .rposition(|x| !x.is_alphanumeric())
                .map_or(0, |p| p + 1);
            if chars[start].is_ascii_uppercase() {
                return Some(chars[start..].iter().take(24).collect());
            }
        }
        for pat in ["::", "PlayerId", "CardRef", "Inst "] {
            if rest.starts_with(pat) {
                return Some(rest);
            }
        }
    }
    None
}

#[test]
fn the_scan_catches_debug_syntax() {
    for bad in [
        "REFUSED [§6.6] Intercept { unit: Inst(5), fire: [(Inst(2), 2)] } is not a choice",
        "next decision: Ada Combat(Volley(Attacker))",
        "seed 1, forced dice [9, 4]",
        "[§5.4.2] Ada deploys Merlin-class Frigate #3 into play, paying 1R 1C (FromHand)",
        "it is PlayerId(1)'s decision",
    ] {
        assert!(debug_syntax(bad).is_some(), "not caught: {bad}");
    }
    for good in [
        "REFUSED [§6.6] `intercept Zephyr Fighter Wing #5 at Merlin-class Frigate #2 x2` is not a choice in Bob's Escorts cancelling boarding actions (STEP 7)",
        "[§6.2] Eagle-class Battle Cruiser #7 rolls [9* 3(=6) 1] against Test Station #2 (defense 5): 1 wound(s), 1 of 5",
        "next decision: Ada's volley turn (STEP 3)",
        "seed 1, forced dice 9 4",
        "[§6.6] STEP 2 skipped: Bob has no Interceptor that can fire",
    ] {
        assert_eq!(debug_syntax(good), None, "wrongly caught: {good}");
    }
}

fn pool() -> Arc<CardDb> {
    let dir = repo().join("tests/rulings/pool");
    let files = cardlang::source::read_pool(&dir).expect("ruling pool readable");
    let compiled = cardlang::compile(&files);
    Arc::new(CardDb::new(compiled.cards).expect("the ruling pool is a valid card database"))
}

fn files(ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo().join("tests/rulings"))
        .expect("tests/rulings exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    v.sort();
    v
}

fn scan(what: &str, text: &str, bad: &mut Vec<String>) {
    for (k, line) in text.lines().enumerate() {
        if let Some(hit) = debug_syntax(line) {
            bad.push(format!("{what}:{}: `{hit}` in: {line}", k + 1));
        }
    }
}

#[test]
fn ruling_snapshots_are_words() {
    let snaps = files("snap");
    assert!(snaps.len() >= 10, "expected the ruling snapshots");
    let mut bad = Vec::new();
    for p in &snaps {
        let text = std::fs::read_to_string(p).expect("snapshot readable");
        // The insta header (`source:`, `input_file:`) is not transcript.
        let body = text.splitn(3, "---").nth(2).unwrap_or(&text);
        scan(&p.display().to_string(), body, &mut bad);
    }
    assert!(
        bad.is_empty(),
        "debug syntax in ruling snapshots:\n{}",
        bad.join("\n")
    );
}

#[test]
fn every_decision_choice_and_refusal_the_rulings_reach_is_words() {
    let cat = pool();
    let mut bad = Vec::new();
    let mut lines = 0;
    for p in files("ruling") {
        let text = std::fs::read_to_string(&p).expect("ruling readable");
        let Ok(r) = ruling::parse(&text) else {
            continue;
        };
        let opts = ruling::Options {
            choices_every_line: true,
            ..ruling::Options::default()
        };
        let out = match ruling::run_with(&r, cat.clone(), opts) {
            Ok(out) => out,
            Err(f) => f.to_string(),
        };
        lines += out.lines().count();
        scan(&p.display().to_string(), &out, &mut bad);
    }
    assert!(
        lines > 1000,
        "expected the rulings' transcripts, got {lines} lines"
    );
    assert!(
        bad.is_empty(),
        "debug syntax in ruling output:\n{}",
        bad.join("\n")
    );
}

/// `DecisionKind::kind_words`, the step a decision belongs to without its particulars (what
/// `cardc/examples/decision_costs.rs` groups by), is words, and decisions named alike belong
/// to one section (`DecisionKind::section`). Checked on every decision of seeded random
/// starter-deck games with the bundled pool.
#[test]
fn decision_kinds_are_words_with_one_section_each() {
    use engine::deck;
    let db = Arc::new(tests::compile_pool(&tests::repo().join("cards")));
    let starter = |name: &str| {
        let path = tests::repo()
            .join("cards/decks")
            .join(format!("{name}.txt"));
        let bytes = deck::read_deck_file(&path).expect("deck readable");
        deck::card_ids(&deck::parse(&bytes), &db).expect("bundled cards")
    };
    let decks = [
        ("rdf", starter("rdf-starter")),
        ("colonial", starter("colonial-starter")),
    ];
    let mut sections: std::collections::BTreeMap<&str, &str> = Default::default();
    let mut bad = Vec::new();
    for seed in 0..20u64 {
        let named = decks.iter().map(|(n, d)| (n.to_string(), d.clone()));
        let config = engine::Config {
            seed,
            max_turns: 30,
        };
        let mut game = engine::Game::new(db.clone(), named.collect(), config).expect("set up");
        let mut dice = engine::rng::Dice::new(seed);
        while let Some(d) = game.decision() {
            let kind = d.kind.kind_words();
            scan("kind_words", kind, &mut bad);
            let section = sections.entry(kind).or_insert(d.kind.section());
            assert_eq!(
                *section,
                d.kind.section(),
                "`{kind}` names decisions of two sections"
            );
            let mut choices = game.legal_choices();
            if choices.is_empty() {
                break;
            }
            let k = dice.below(choices.len() as u32) as usize;
            game.apply(d.who, choices.swap_remove(k))
                .expect("a listed choice is accepted");
        }
    }
    assert!(bad.is_empty(), "debug syntax:\n{}", bad.join("\n"));
    assert!(
        sections.len() >= 12,
        "expected most kinds of decision, reached {sections:?}"
    );
}
