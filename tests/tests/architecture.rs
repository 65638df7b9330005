//! ARCHITECTURE.md, invariant 1: the engine never parses card text. The engine library links
//! `cardlang` without its `compiler` feature; in a workspace build features unify, so a slip
//! would still compile — this test catches it by reading the engine's library sources (all
//! but its command-line layer, feature `cli`).

use std::path::{Path, PathBuf};

/// Front-end paths of `cardlang` (behind its `compiler` feature).
const COMPILER_PATHS: &[&str] = &[
    "cardlang::compile",
    "cardlang::source",
    "cardlang::syntax",
    "cardlang::lower",
    "cardlang::check",
    "cardlang::diag",
    "cardlang::explain",
    "cardlang::effect::",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn engine_library_never_reaches_the_card_compiler() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 10, "engine sources found");
    // The command-line layer (feature `cli`: the `hullbreach` binary and the library modules
    // `lib.rs` declares behind `#[cfg(feature = "cli")]`, shared with `cardc`) may compile a
    // pool and draw diagnostics; the rules never do.
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("engine/src/lib.rs");
    // (`serve`, the workbench, is behind its own feature on top of `cli`.)
    let cli_modules: Vec<String> = lib
        .split("#[cfg(feature = \"cli\")]")
        .skip(1)
        .chain(lib.split("#[cfg(feature = \"serve\")]").skip(1))
        .filter_map(|rest| {
            let decl = rest.trim_start().strip_prefix("pub mod ")?;
            Some(decl.split(';').next()?.trim().to_string())
        })
        .collect();
    assert!(
        cli_modules.iter().any(|m| m == "pool_args"),
        "the cli modules are found in lib.rs: {cli_modules:?}"
    );
    let mut offenders = Vec::new();
    for f in files {
        let rel = f.strip_prefix(&src).expect("under engine/src");
        let first = rel.components().next().expect("a path").as_os_str();
        let first = first.to_string_lossy();
        let module = first.trim_end_matches(".rs");
        if module == "bin" || cli_modules.iter().any(|m| m == module) {
            continue;
        }
        let text = std::fs::read_to_string(&f).expect("readable source");
        for path in COMPILER_PATHS {
            if text.contains(path) {
                offenders.push(format!("{} uses {path}", f.display()));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

#[test]
fn engine_manifest_links_cardlang_without_the_compiler() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).expect("workspace manifest");
    let line = workspace
        .lines()
        .find(|l| l.starts_with("cardlang ="))
        .expect("workspace dependency on cardlang");
    assert!(line.contains("default-features = false"), "{line}");
    let engine = std::fs::read_to_string(root.join("engine/Cargo.toml")).expect("engine manifest");
    assert!(engine.contains("cardlang.workspace = true"));
}

/// Whether `code` contains `field` as a whole field access (`.attack`, not `.attacker`).
fn reads(code: &str, field: &str) -> bool {
    code.match_indices(field).any(|(at, _)| {
        field.ends_with('(')
            || !code[at + field.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Issue #11, docs/engine.md "Effective characteristics": rules read a unit's traits, attack,
/// defense, wounds and capacity only through the layer (`engine/src/rules/stats.rs`). A read
/// of the printed value elsewhere must say so: the line, or the line above it, carries a
/// `printed:` comment citing the section that asks for the printed value.
#[test]
fn rules_read_characteristics_only_through_the_layer() {
    const PRINTED_READS: &[&str] = &[
        ".traits",
        ".attack",
        ".defense",
        ".capacity",
        "has_trait(",
        ").wounds",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let layer = root.join("rules/stats.rs");
    let mut offenders = Vec::new();
    for f in files.iter().filter(|f| **f != layer) {
        let text = std::fs::read_to_string(f).expect("engine source readable");
        let lines: Vec<&str> = text.lines().collect();
        for (k, line) in lines.iter().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if !PRINTED_READS.iter().any(|p| reads(code, p)) {
                continue;
            }
            let marked = line.contains("printed:")
                || k.checked_sub(1)
                    .is_some_and(|j| lines[j].contains("printed:"));
            if !marked {
                offenders.push(format!("{}:{}: {}", f.display(), k + 1, line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "read characteristics through rules::stats (or mark a deliberate printed read with \
         `// printed: §x.y`):\n{}",
        offenders.join("\n")
    );
}

/// The engine's bottom layer: the game's state and the data it is made of.
const STATE_LAYER: &[&str] = &[
    "state",
    "ids.rs",
    "log.rs",
    "rng.rs",
    "resolver.rs",
    "event.rs",
    "choice.rs",
    "error.rs",
];

/// What the bottom layer may name inside the crate: itself and the card IR.
const STATE_MAY_USE: &[&str] = &[
    "Game", "state", "ids", "log", "rng", "resolver", "event", "choice", "error", "ir", "CardDb",
];

/// ARCHITECTURE.md, "Layers": the state layer imports no rule. Rules and effects sit above it,
/// so a search can copy the state without the rules, and a reader finds state and rules apart.
#[test]
fn the_state_layer_imports_no_rule() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src");
    let mut files = Vec::new();
    for part in STATE_LAYER {
        let p = src.join(part);
        if p.is_dir() {
            rust_files(&p, &mut files);
        } else {
            assert!(p.is_file(), "{} exists", p.display());
            files.push(p);
        }
    }
    assert!(
        files.len() >= STATE_LAYER.len(),
        "state-layer sources found"
    );
    let mut offenders = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            // Comments may point up at the rules that move the state; code may not.
            let code = line.split("//").next().unwrap_or("");
            for (at, _) in code.match_indices("crate::") {
                let rest = &code[at + "crate::".len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !STATE_MAY_USE.contains(&name.as_str()) {
                    offenders.push(format!("{}:{}: crate::{name}", f.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "the state layer reaches up: {offenders:#?}"
    );
}

/// ARCHITECTURE.md, invariant 11: card effects reach the rules through one door. A file under
/// `engine/src/effects/` names of the rules only `act` (the actions an effect may take) and
/// `stats` (the characteristics layer).
#[test]
fn effects_reach_the_rules_only_through_act() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src/effects");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(!files.is_empty(), "effects sources found");
    let mut offenders = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for (at, _) in code.match_indices("rules::") {
                // `crate::rules::X` or `super::rules::X`; a bare `rules::` path is the same.
                let rest = &code[at + "rules::".len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '{')
                    .collect();
                if !matches!(name.as_str(), "act" | "stats") {
                    offenders.push(format!("{}:{}: rules::{name}", f.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "card effects reach the rules past rules::act: {offenders:#?}"
    );
}
