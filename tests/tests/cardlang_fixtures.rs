//! Card-language fixtures (docs/cardlang.md).
//!
//! - `tests/cardlang/ok/*.hb`: compiles with no diagnostics; the checked IR is snapshotted beside
//!   the fixture (`x.hb` -> `x.snap`).
//! - `tests/cardlang/err/*.hb`: one file per check (plus files showing that many errors across
//!   cards, and several syntax errors, are all reported); the diagnostics, rendered exactly as
//!   `cardc` prints them (no colour, width 100) plus their short form, are snapshotted beside it.
//! - `tests/cardlang/pools/<dir>/`: read with `read_pool` (recursion, `decks/` skipped, bad
//!   files), compiled, snapshotted as `<dir>.snap`.
//! - Robustness: garbage, hostile nesting and huge numbers never panic, and the diagnostic cap
//!   holds.

use std::fmt::Write as _;
use std::path::Path;

use cardlang::diag::{codes, render_all_human, render_short, HumanStyle, MAX_DIAGNOSTICS_PER_FILE};
use cardlang::ir::Card;
use cardlang::source::{read_pool, SourceFile};
use cardlang::{compile, Compilation};
use proptest::prelude::*;

/// A fixture as the compiler sees it, named by its repo-relative path.
fn fixture(path: &Path) -> SourceFile {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rel = path.strip_prefix(root).unwrap_or(path);
    let name = format!("tests/{}", rel.to_string_lossy().replace('\\', "/"));
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    SourceFile::new(name, text)
}

/// The checked IR, one line per attribute. Destructured exhaustively so a new `Card` field
/// cannot be left out of the snapshots.
fn dump_cards(cards: &[Card]) -> String {
    let mut s = String::new();
    for card in cards {
        let Card {
            id,
            name,
            kind,
            cost,
            income,
            attack,
            defense,
            wounds,
            capacity,
            space,
            faction,
            restricted,
            prototype,
            fits,
            traits,
            text,
            flavour,
            abilities,
        } = card;
        let opt = |v: &Option<u8>| v.map_or("-".to_string(), |n| n.to_string());
        let traits: Vec<String> = traits.iter().map(ToString::to_string).collect();
        let _ = writeln!(s, "#{} {name:?} [{}]", id.0, kind.type_line());
        let _ = writeln!(s, "  cost: {cost}, income: {income}");
        let _ = writeln!(
            s,
            "  attack: {}, defense: {}, wounds: {}",
            opt(attack),
            opt(defense),
            opt(wounds)
        );
        let _ = writeln!(
            s,
            "  carries: {} marines, {} wings; space: {space}",
            capacity.marines, capacity.wings
        );
        let _ = writeln!(
            s,
            "  faction: {}{}; prototype: {prototype}",
            faction.map_or("-".to_string(), |f| f.to_string()),
            if *restricted { " only" } else { "" }
        );
        let _ = writeln!(
            s,
            "  fits: {}",
            fits.as_ref().map_or("-".to_string(), |f| format!("{f}"))
        );
        let _ = writeln!(s, "  traits: {}", traits.join(", "));
        let _ = writeln!(s, "  text: {text:?}");
        let _ = writeln!(s, "  flavour: {flavour:?}");
        // Only counted: what abilities mean is snapshotted by the ability fixtures
        // (tests/cardlang/abilities/), so this file does not churn when their rendering changes.
        let _ = writeln!(s, "  abilities: {}", abilities.len());
    }
    s
}

fn diagnostics_report(files: &[SourceFile], out: &Compilation) -> String {
    let mut s = render_all_human(&out.diagnostics, files, HumanStyle::PLAIN);
    s.push_str("--- short ---\n");
    for d in &out.diagnostics {
        let _ = writeln!(s, "{}", render_short(d, files));
    }
    s
}

fn snapshot_beside(path: &Path, name: &str, value: &str) {
    let dir = path.parent().unwrap_or(Path::new("."));
    insta::with_settings!({
        snapshot_path => dir,
        prepend_module_to_snapshot => false,
        snapshot_suffix => "",
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name.to_string(), value);
    });
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[test]
fn ok_fixtures_compile_clean() {
    insta::glob!("../cardlang/ok", "*.hb", |path| {
        let file = fixture(path);
        let files = [file];
        let out = compile(&files);
        assert!(
            out.diagnostics.is_empty(),
            "{} should compile clean:\n{}",
            files[0].name,
            diagnostics_report(&files, &out)
        );
        assert!(!out.cards.is_empty(), "{}: no cards", files[0].name);
        for (i, card) in out.cards.iter().enumerate() {
            assert_eq!(card.id.0 as usize, i, "ids are dense and in source order");
        }
        snapshot_beside(path, &stem(path), &dump_cards(&out.cards));
    });
}

#[test]
fn err_fixtures_report_every_problem() {
    insta::glob!("../cardlang/err", "*.hb", |path| {
        let files = [fixture(path)];
        let out = compile(&files);
        assert!(out.has_errors(), "{} should fail", files[0].name);
        // The fixture's name is the code (or topic) it shows; a code-named fixture must
        // produce that code.
        let name = stem(path);
        if let Some((_, _)) = codes::ALL
            .iter()
            .find(|(c, _)| name.starts_with(&c.to_lowercase()))
        {
            let code = name.get(..6).unwrap_or("").to_uppercase();
            assert!(
                out.diagnostics.iter().any(|d| d.code == code),
                "{name} should report {code}"
            );
        }
        snapshot_beside(path, &name, &diagnostics_report(&files, &out));
    });
}

#[test]
fn pool_fixtures_read_and_compile() {
    let pools = Path::new(env!("CARGO_MANIFEST_DIR")).join("cardlang/pools");
    let mut dirs: Vec<_> = std::fs::read_dir(&pools)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    dirs.retain(|p| p.is_dir());
    dirs.sort();
    assert!(
        !dirs.is_empty(),
        "no pool fixtures under {}",
        pools.display()
    );
    for dir in dirs {
        let (files, mut diags) = match read_pool(&dir) {
            Ok(files) => (files, Vec::new()),
            Err(e) => (e.files, e.diagnostics),
        };
        let out = compile(&files);
        diags.extend(out.diagnostics.iter().cloned());
        let mut report = String::from("files read:\n");
        for f in &files {
            let _ = writeln!(report, "  {}", f.name);
        }
        let _ = writeln!(report, "cards: {}", out.cards.len());
        for c in &out.cards {
            let _ = writeln!(report, "  {:?} {} ({})", c.id, c.name, c.kind.type_line());
        }
        report.push_str("diagnostics:\n");
        let all = Compilation {
            cards: Vec::new(),
            diagnostics: diags,
        };
        report.push_str(&diagnostics_report(&files, &all));
        let name = stem(&dir);
        snapshot_beside(&dir, &name, &report);
    }
}

#[test]
fn ids_follow_file_name_order_not_argument_order() {
    let a = SourceFile::new("cards/a.hb", "Event \"A\" {\n  cost: 0\n}\n");
    let b = SourceFile::new(
        "cards/b.hb",
        "Event \"B\" {\n  cost: 0\n}\nEvent \"C\" {\n  cost: 1C\n}\n",
    );
    let out = compile(&[b, a]);
    assert!(!out.has_errors(), "{:?}", out.diagnostics);
    let names: Vec<_> = out
        .cards
        .iter()
        .map(|c| (c.id.0, c.name.as_str()))
        .collect();
    assert_eq!(names, [(0, "A"), (1, "B"), (2, "C")]);
}

#[test]
fn diagnostics_are_capped_per_file() {
    let mut text = String::from("Event \"Noise\" {\n  cost: 0\n");
    for i in 0..(MAX_DIAGNOSTICS_PER_FILE + 50) {
        let _ = writeln!(text, "  bogus{i}: 1");
    }
    text.push_str("}\n");
    let out = compile(&[SourceFile::new("cards/noise.hb", text)]);
    assert_eq!(out.diagnostics.len(), MAX_DIAGNOSTICS_PER_FILE + 1);
    let last = out.diagnostics.last().map(|d| (d.code, d.message.clone()));
    assert_eq!(
        last,
        Some((
            codes::TOO_MANY_ERRORS,
            format!(
                "too many problems in this file; stopped after {MAX_DIAGNOSTICS_PER_FILE} (50 more not shown)"
            )
        ))
    );
}

#[test]
fn every_code_is_documented_and_exercised() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = std::fs::read_to_string(root.join("../docs/cardlang.md")).unwrap_or_default();
    let fixtures: Vec<String> = std::fs::read_dir(root.join("cardlang/err"))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().to_uppercase())
                .collect()
        })
        .unwrap_or_default();
    // Whole-file and pool problems are exercised by the tests in this file and the pool
    // fixtures instead of a single-file fixture.
    let elsewhere = [
        codes::READ_ERROR,
        codes::FILE_TOO_LARGE,
        codes::NOT_UTF8,
        codes::TOO_MANY_ERRORS,
        // A pool over 65,536 cards: cardlang/tests/compiler_loader.rs (too large a fixture).
        codes::POOL_TOO_LARGE,
        // The net under every card check: no source reaches it (compiler_loader.rs and the
        // card-source fuzz harness hold that up).
        codes::CARD_INVALID,
    ];
    for (code, _) in codes::ALL {
        assert!(
            docs.contains(&format!("| {code} |")),
            "{code} is missing from the table in docs/cardlang.md"
        );
        assert!(
            elsewhere.contains(code) || fixtures.iter().any(|f| f.starts_with(code)),
            "{code} has no fixture in tests/cardlang/err/"
        );
    }
}

#[test]
fn missing_pool_directory_is_a_diagnostic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cardlang/no-such-pool");
    match read_pool(&dir) {
        Ok(files) => panic!("read {} files from a missing directory", files.len()),
        Err(e) => {
            assert!(e.files.is_empty());
            let codes: Vec<_> = e.diagnostics.iter().map(|d| d.code).collect();
            assert_eq!(codes, [codes::READ_ERROR]);
        }
    }
}

#[test]
fn oversized_file_is_a_diagnostic() {
    let text = "#".repeat(cardlang::source::MAX_FILE_BYTES + 1);
    let out = compile(&[SourceFile::new("cards/big.hb", text)]);
    let codes: Vec<_> = out.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [codes::FILE_TOO_LARGE]);
}

#[test]
fn hostile_inputs_do_not_panic_or_hang() {
    let deep = format!("Event \"Deep\" {{\n  when {}\n}}\n", "{".repeat(200_000));
    let huge = "Ship \"Huge\" {\n  class: Frigate\n  cost: 99999999999999999999999999999R\n  attack: 99999999999999999999\n  defense: +18446744073709551616\n  wounds: 340282366920938463463374607431768211456\n}\n".to_string();
    let many_headers = "Ship \"A\" {\n".repeat(20_000);
    let many_cards = "Event \"E\" { \n}\n".repeat(5_000);
    let quotes = "\"".repeat(100_000);
    let nul = "Ship \"\0\" {\n\0: \0\n}\n".to_string();
    for (i, text) in [deep, huge, many_headers, many_cards, quotes, nul]
        .into_iter()
        .enumerate()
    {
        let out = compile(&[SourceFile::new(format!("cards/hostile{i}.hb"), text)]);
        assert!(out.has_errors(), "hostile input {i} should be rejected");
        assert!(out.diagnostics.len() <= MAX_DIAGNOSTICS_PER_FILE + 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any bytes at all: never a panic, and every diagnostic span lies inside the file.
    #[test]
    fn garbage_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let len = text.len();
        let out = compile(&[SourceFile::new("cards/garbage.hb", text)]);
        for d in &out.diagnostics {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= len, "{d:?}");
        }
    }

    /// Card-shaped noise reaches deep into lowering and checks.
    #[test]
    fn card_shaped_noise_never_panics(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("Ship \"A\" {\n"), Just("Marine-Character \"B\" {\n"), Just("Station \"S\" {\n"),
                Just("Module-Ship \"M\" {\n"), Just("}\n"), Just("{"), Just("}"),
                Just("  class: Capital Ship\n"), Just("  class: Fighter Wing\n"),
                Just("  cost: 3R 2C\n"), Just("  cost: 99999999999999999999R\n"),
                Just("  attack: +3\n"), Just("  wounds: 0\n"), Just("  carries: 2 Marines, 1 Wing\n"),
                Just("  traits: Interceptor +2, Regimented Marine x0, Face Up-Face Down\n"),
                Just("  traits: ,,+,x\n"), Just("  fits: larger than Capital Ship\n"),
                Just("  fits: , or larger\n"), Just("  text: \"a\\q\"\n"), Just("  when: {\n"),
                Just("  faction: RDF only\n"), Just("  prototype\n"), Just("  \"\n"), Just("# c\n"),
                Just("\n"), Just("é"), Just("\r\n"), Just("\t"), Just(":"),
            ],
            0..40,
        )
    ) {
        let text: String = parts.concat();
        let len = text.len();
        let out = compile(&[SourceFile::new("cards/noise.hb", text)]);
        for d in &out.diagnostics {
            prop_assert!(d.span.start <= d.span.end && d.span.end <= len, "{d:?}");
        }
        prop_assert!(out.diagnostics.len() <= MAX_DIAGNOSTICS_PER_FILE + 1);
    }
}
