//! The formatter (`cardlang::fmt`, `cardc fmt`) over every card file of the repository: the
//! bundled pool and every fixture.
//!
//! - a file that formats compiles to the same cards with the same problems (codes and
//!   messages) as before, and formatting it again changes nothing;
//! - a file the formatter refuses is one the compiler reports an error in (of the file itself:
//!   problems only a pool has do not stop formatting);
//! - property: a pool file with its layout scrambled (indentation, blanks, blank lines, field
//!   order, trait order, LF, CR LF and both mixed, tabs, a byte-order mark, no-break spaces in
//!   comments, long lines) formats to the same cards as the original; one given a lone CR or a
//!   no-break space where a blank would go is refused, and the compiler reports an error in it.

use std::path::{Path, PathBuf};

use cardlang::diag::Diagnostic;
use cardlang::fmt::format_source;
use cardlang::source::SourceFile;
use cardlang::{compile, Compilation};
use proptest::prelude::*;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// Every `*.hb` file under `dir`, sorted.
fn hb_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            hb_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "hb") {
            out.push(p);
        }
    }
}

fn all_card_files() -> Vec<(String, String)> {
    let root = repo();
    let mut paths = Vec::new();
    hb_files(&root.join("cards"), &mut paths);
    hb_files(&root.join("tests"), &mut paths);
    paths
        .into_iter()
        .filter_map(|p| {
            // Fixtures that are not UTF-8 are the reader's business, not the formatter's.
            let text = std::fs::read_to_string(&p).ok()?;
            let name = p
                .strip_prefix(&root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            Some((name, text))
        })
        .collect()
}

fn compile_one(name: &str, text: &str) -> Compilation {
    compile(&[SourceFile::new(name, text)])
}

/// What a compilation says, without where: formatting moves text, so spans change.
fn problems(c: &Compilation) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = c
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| (d.code.to_string(), d.message.clone()))
        .collect();
    v.sort();
    v
}

#[test]
fn formatting_keeps_meaning_and_is_idempotent_over_every_card_file() {
    let files = all_card_files();
    assert!(files.len() > 60, "found only {} card files", files.len());
    let mut formatted = 0;
    for (name, text) in &files {
        let before = compile_one(name, text);
        match format_source(name, text) {
            Ok(once) => {
                formatted += 1;
                let after = compile_one(name, &once);
                assert_eq!(
                    after.cards, before.cards,
                    "{name}: formatting changed the IR"
                );
                assert_eq!(
                    problems(&after),
                    problems(&before),
                    "{name}: formatting changed the diagnostics"
                );
                let twice = format_source(name, &once).unwrap_or_else(|d| panic!("{name}: {d:?}"));
                assert_eq!(twice, once, "{name}: formatting is not idempotent");
            }
            Err(refused) => {
                let own_errors: Vec<&str> = before
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| d.code)
                    .collect();
                assert!(
                    refused
                        .iter()
                        .all(|d| d.is_error() && own_errors.contains(&d.code)),
                    "{name}: refused for a problem the compiler does not report: {refused:?}"
                );
            }
        }
    }
    assert!(formatted > 50, "only {formatted} files formatted");
}

#[test]
fn the_whole_bundled_pool_compiles_the_same_formatted() {
    let root = repo();
    let mut paths = Vec::new();
    hb_files(&root.join("cards"), &mut paths);
    let mut before = Vec::new();
    let mut after = Vec::new();
    for p in paths {
        let name = p.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
        let formatted = format_source(&name, &text).unwrap_or_else(|d| panic!("{name}: {d:?}"));
        before.push(SourceFile::new(name.clone(), text));
        after.push(SourceFile::new(name, formatted));
    }
    let (before, after) = (compile(&before), compile(&after));
    assert!(!before.has_errors());
    assert_eq!(after.cards, before.cards);
}

/// Re-lays a file: random indentation and blanks around `:`, blank lines, and each card's
/// plain fields in a rotated order.
fn scramble(text: &str, seed: &[u8]) -> String {
    let mut at = 0usize;
    let mut next = || {
        let b = seed.get(at % seed.len().max(1)).copied().unwrap_or(0);
        at += 1;
        b
    };
    let mut out = String::new();
    let mut card: Vec<String> = Vec::new();
    let mut in_card = false;
    let mut depth = 0;
    for line in text.lines() {
        let t = line.trim();
        if !in_card {
            out.push_str(line);
            out.push('\n');
            in_card = t.ends_with('{') && !t.starts_with('#');
            continue;
        }
        if depth == 0 && t == "}" {
            // Only plain fields move: abilities keep their order (it is their meaning).
            let slots: Vec<usize> = (0..card.len())
                .filter(|&i| {
                    let k = card[i].trim_start().split([' ', ':']).next().unwrap_or("");
                    cardlang::ast::FieldKey::from_name(k).is_some()
                })
                .collect();
            let mut moved: Vec<String> = slots.iter().map(|&i| card[i].clone()).collect();
            let r = usize::from(next()) % moved.len().max(1);
            moved.rotate_left(r);
            for (&i, l) in slots.iter().zip(moved) {
                card[i] = l;
            }
            for l in card.drain(..) {
                out.push_str(&l);
            }
            out.push_str("}\n");
            in_card = false;
            continue;
        }
        let pad = " \t ".get(..usize::from(next() % 4).min(3)).unwrap_or("");
        let mut l = format!("{pad}{t}");
        if next() % 3 == 0 {
            l = l.replacen(": ", " :  ", 1);
            // `key :` is only a field; keep ability phrases' colons as they are.
            let key = l.trim_start().split(' ').next().unwrap_or("");
            if cardlang::ast::FieldKey::from_name(key).is_none() {
                l = format!("{pad}{t}");
            }
        }
        if next() % 5 == 0 {
            l.push_str("\n\n");
        } else {
            l.push('\n');
        }
        let opens = t.matches('{').count();
        let closes = t.matches('}').count();
        // Multi-line blocks move as one piece.
        if depth > 0 || opens > closes {
            match card.last_mut() {
                Some(last) if depth > 0 => last.push_str(&l),
                _ => card.push(l),
            }
        } else {
            card.push(l);
        }
        depth = (depth + opens).saturating_sub(closes);
    }
    out
}

/// Line ends, blanks and comments that change nothing: each line ends in LF or CR LF, some
/// get trailing blanks or a comment holding a no-break space; a byte-order mark and a comment
/// line 10,000 characters long may lead. `breaking`: also one change the compiler must
/// refuse, a lone CR for a line end or a no-break space before a line's first word; `false`
/// from the second value when there was no place for it.
fn line_ends(text: &str, seed: &[u8], breaking: bool) -> (String, bool) {
    let mut at = 7usize;
    let mut next = || {
        let b = seed.get(at % seed.len().max(1)).copied().unwrap_or(0);
        at += 1;
        b
    };
    let mut out = String::new();
    if next() % 3 == 0 {
        out.push('\u{feff}');
    }
    // A long line: a top-level comment (one inside a block would count towards the ability's
    // length limit, and rightly make the file an error).
    if next() % 2 == 0 {
        out.push_str(&format!("# {}\r\n", "long ".repeat(2000)));
    }
    let lines: Vec<&str> = text.lines().collect();
    let worded = |l: &&str| {
        l.trim_start()
            .starts_with(|c: char| c.is_ascii_alphabetic())
    };
    let broken_line = if breaking {
        let candidates: Vec<usize> = (0..lines.len()).filter(|&i| worded(&lines[i])).collect();
        candidates
            .get(usize::from(next()) % candidates.len().max(1))
            .copied()
    } else {
        None
    };
    let lone_cr = next() % 2 == 0;
    for (i, line) in lines.iter().enumerate() {
        let mut l = (*line).to_string();
        if broken_line == Some(i) && !lone_cr {
            l = format!("\u{a0}{}", l.trim_start());
        }
        match next() % 12 {
            0 => l.push_str(" \t "),
            1 => l.push_str(" # a comment\u{a0}with a no-break space"),
            _ => {}
        }
        out.push_str(&l);
        if broken_line == Some(i) && lone_cr {
            // A tab after it: an empty line next would otherwise make it a CR LF.
            out.push_str("\r\t");
        } else if next() % 2 == 0 {
            out.push_str("\r\n");
        } else {
            out.push('\n');
        }
    }
    (out, broken_line.is_some())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn scrambled_layout_formats_to_the_same_cards(
        file in 0usize..1000,
        seed in proptest::collection::vec(any::<u8>(), 1..64),
        breaking in proptest::bool::weighted(0.25),
    ) {
        let root = repo();
        let mut paths = Vec::new();
        hb_files(&root.join("cards"), &mut paths);
        hb_files(&root.join("tests/cardlang/ok"), &mut paths);
        hb_files(&root.join("tests/cardlang/abilities/ok"), &mut paths);
        let path = &paths[file % paths.len()];
        let name = path.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let original = compile_one(&name, &text);
        // The scrambler works on lines: a byte-order mark is `line_ends`' to add.
        let text = text.trim_start_matches('\u{feff}');
        let (scrambled, broken) = line_ends(&scramble(text, &seed), &seed, breaking);
        if broken {
            prop_assert!(format_source(&name, &scrambled).is_err(), "{}\n{:?}", name, scrambled);
            prop_assert!(compile_one(&name, &scrambled).has_errors(), "{}", name);
            return Ok(());
        }
        let formatted = format_source(&name, &scrambled)
            .unwrap_or_else(|d| panic!("{name}: {d:?}\n{scrambled:?}"));
        let after = compile_one(&name, &formatted);
        prop_assert_eq!(&after.cards, &original.cards, "{}\n{:?}", name, scrambled);
        prop_assert_eq!(format_source(&name, &formatted).ok(), Some(formatted.clone()));
    }
}
