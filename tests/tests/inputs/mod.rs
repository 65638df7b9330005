//! Shared by the fuzz harnesses (`fuzz.rs`) and the input property tests (`input_properties.rs`):
//! a seeded mutator, the seed corpora (the fixture files themselves, read in place), and one
//! checker per input kind that asserts what invariant 5 promises for any input: no panic,
//! bounded output, and a location on every error where the input kind has one
//! (docs/reliability.md).

#![allow(dead_code)] // each test binary uses part of this module

pub mod fuzzing;

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use cardc::deck::check_deck;
use cardlang::db::CardDb;
use cardlang::diag::{codes, render_all_human, render_short, HumanStyle, MAX_DIAGNOSTICS_PER_FILE};
use cardlang::source::SourceFile;
use engine::deck::DeckOptions;
use engine::ruling;

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

// ---------------------------------------------------------------------------------------------
// The mutator.

/// splitmix64: tiny, seeded, good enough to pick mutations. (The engine's ChaCha generator is
/// for games; a fuzz run's seed is printed and replayable all the same.)
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (0 for `n == 0`).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Multi-byte and awkward characters, inserted anywhere (invariant 5: multi-byte characters in
/// every field).
const AWKWARD: &[&str] = &[
    "é", "ß", "漢", "😀", "\u{FFFD}", "\u{200D}", "\u{202E}", "\u{0301}", "\u{FEFF}", "\t", "\r",
    "\r\n", "\0", "\u{7f}", "𝔘", "Ω",
];

/// Numbers at the edges of the integer types the parsers read into.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "9",
    "10",
    "11",
    "20",
    "21",
    "127",
    "128",
    "255",
    "256",
    "4095",
    "4096",
    "65535",
    "65536",
    "2147483647",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "+3",
    "x2",
    "1é",
];

/// Applies one to four mutations to `input`. `others` are the rest of the corpus, for
/// splices; `words` are tokens of the input kind worth inserting.
pub fn mutate(rng: &mut Rng, input: &[u8], others: &[Vec<u8>], words: &[&str]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(10) {
            // Bit flip.
            0 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] ^= 1 << rng.below(8);
            }
            // Random byte inserted.
            1 => out.insert(at, rng.next_u64() as u8),
            // A range deleted.
            2 if !out.is_empty() => {
                let len = 1 + rng.below(32.min(out.len() - at.min(out.len() - 1)));
                let from = at.min(out.len() - 1);
                out.drain(from..(from + len).min(out.len()));
            }
            // A range duplicated.
            3 if !out.is_empty() => {
                let from = rng.below(out.len());
                let len = 1 + rng.below(64.min(out.len() - from));
                let piece = out[from..from + len].to_vec();
                out.splice(at..at, piece);
            }
            // A splice: the head of this input, the tail of another.
            4 if !others.is_empty() => {
                let other = rng.pick(others);
                let cut = rng.below(other.len() + 1);
                out.truncate(at);
                out.extend_from_slice(&other[cut..]);
            }
            // A multi-byte or awkward character.
            5 => {
                let s = rng.pick(AWKWARD).as_bytes().to_vec();
                out.splice(at..at, s);
            }
            // A run of digits replaced by a boundary number.
            6 => {
                let n = rng.pick(NUMBERS).as_bytes().to_vec();
                match out.iter().skip(at).position(u8::is_ascii_digit) {
                    Some(d) => {
                        let start = at + d;
                        let end = out[start..]
                            .iter()
                            .position(|b| !b.is_ascii_digit())
                            .map_or(out.len(), |e| start + e);
                        out.splice(start..end, n);
                    }
                    None => {
                        out.splice(at..at, n);
                    }
                }
            }
            // A token of the input kind.
            7 if !words.is_empty() => {
                let w = rng.pick(words).as_bytes().to_vec();
                out.splice(at..at, w);
            }
            // A line repeated many times (size and count limits).
            8 if !out.is_empty() => {
                let start = out[..at]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let end = out[at..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(out.len(), |i| at + i + 1);
                let line = out[start..end].to_vec();
                let times = 1 + rng.below(300);
                for _ in 0..times {
                    out.splice(end..end, line.iter().copied());
                }
            }
            // A byte overwritten with an interesting value.
            _ if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] = *rng.pick(&[
                    0u8, 0x7f, 0x80, 0xbf, 0xc3, 0xe2, 0xf0, 0xff, b'{', b'}', b'"', b'\n', b':',
                    b'#', b'@', b';',
                ]);
            }
            _ => out.insert(at, b'\n'),
        }
        // Keep inputs near fixture size: the size caps have their own tests.
        out.truncate(256 * 1024);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Seed corpora: the fixtures, read where they are, plus `tests/fuzz/<kind>/` (inputs a run
// once crashed on, kept as regression fixtures).

fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files_under(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

fn read_all(paths: &[PathBuf]) -> Vec<Vec<u8>> {
    paths
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// Card source: every card-language fixture, the bundled pool, the ruling and deck pools.
pub fn card_corpus() -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    for dir in [
        "tests/cardlang",
        "cards",
        "tests/rulings/pool",
        "tests/decks/pool",
        "tests/fuzz/cards",
    ] {
        files_under(&repo().join(dir), "hb", &mut paths);
    }
    read_all(&paths)
}

/// Decklists: the deck fixtures, the bundled decks.
pub fn deck_corpus() -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    for dir in ["tests/decks", "cards/decks", "tests/fuzz/decks"] {
        files_under(&repo().join(dir), "txt", &mut paths);
    }
    paths.retain(|p| !p.components().any(|c| c.as_os_str() == "pool"));
    read_all(&paths)
}

/// Ruling files: every ruling fixture.
pub fn ruling_corpus() -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    for dir in ["tests/rulings", "tests/fuzz/rulings"] {
        files_under(&repo().join(dir), "ruling", &mut paths);
    }
    read_all(&paths)
}

/// Card databases: the three fixture pools compiled and encoded, plus `tests/fuzz/db/*.hbdb`.
pub fn db_corpus() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = [
        "tests/rulings/pool",
        "tests/decks/pool",
        "tests/cardlang/ok",
    ]
    .iter()
    .map(|dir| compile_dir(&repo().join(dir)).to_bytes())
    .collect();
    let mut paths = Vec::new();
    files_under(&repo().join("tests/fuzz/db"), "hbdb", &mut paths);
    out.extend(read_all(&paths));
    out
}

pub const CARD_WORDS: &[&str] = &[
    "Ship \"X\" {\n",
    "}\n",
    "{",
    "class: ",
    "Fighter Wing",
    "Capital Ship",
    "cost: ",
    "2R 1C",
    "attack: ",
    "defense: ",
    "wounds: ",
    "traits: ",
    "Regimented Wing",
    "Regimented Marine x2",
    "Interceptor +1",
    "Unique",
    "Face Up-Face Down",
    "carries: 2 Marines, 1 Wing",
    "fits: ",
    "larger than ",
    "faction: RDF only",
    "text: \"",
    "\\n",
    "\"",
    "abilities {\n",
    "when ",
    "instead of ",
    "named \"",
    "Marine-Character \"M\" {\n",
    "Module-Ship \"S\" {\n",
    "Breakthru \"B\" {\n",
    "prototype\n",
    "space: ",
    "income: ",
    "\n",
    "#",
    "override ",
];

pub const DECK_WORDS: &[&str] = &[
    "[Ships]\n",
    "[",
    "]",
    "# ",
    "\n",
    " ",
    "-",
    "x",
    "Test Station",
    "0 ",
    "99999 ",
];

pub const RULING_WORDS: &[&str] = &[
    "commander Ada\n",
    "commander Bob\n",
    "  stockpile: ",
    "1é",
    "12R 9C",
    "  hand: ",
    "; ",
    "  in play:\n",
    "    ",
    "@",
    " wounds ",
    " face-down",
    "override: ",
    " = ",
    " from @",
    " for ",
    "discount: ",
    " on ships from @",
    "script:\n",
    "  Ada: ",
    "pass",
    "done",
    "deploy ",
    " onto ",
    "fire ",
    " at ",
    "dice: ",
    "seed: ",
    "turn: ",
    "phase: ",
    "active: ",
    "engagement",
    "setup",
    "hand-size",
    "yes",
    "\n",
];

// ---------------------------------------------------------------------------------------------
// Pools the checkers run against.

fn compile_dir(dir: &Path) -> CardDb {
    let files = cardlang::source::read_pool(dir).expect("fixture pool readable");
    let c = cardlang::compile(&files);
    assert!(!c.has_errors(), "{} has errors", dir.display());
    CardDb::new(c.cards).expect("fixture pool is a database")
}

pub fn deck_pool() -> &'static CardDb {
    static POOL: OnceLock<CardDb> = OnceLock::new();
    POOL.get_or_init(|| compile_dir(&repo().join("tests/decks/pool")))
}

pub fn ruling_pool() -> Arc<CardDb> {
    static POOL: OnceLock<Arc<CardDb>> = OnceLock::new();
    POOL.get_or_init(|| Arc::new(compile_dir(&repo().join("tests/rulings/pool"))))
        .clone()
}

// ---------------------------------------------------------------------------------------------
// Checkers: each asserts the invariants for one input; a panic inside is the crash the
// harness reports.

/// Longest human rendering of one diagnostic: a few windows of at most a few KiB each
/// (`diag::HumanRenderer`), drawn with gutters.
const MAX_RENDERED_PER_DIAGNOSTIC: usize = 256 * 1024;

/// Card source: compiles without panic; diagnostics capped per file, each inside the file
/// and rendered within bounds; a pool that compiles clean makes a database (the loader
/// re-checks nothing the compiler missed), and the compiler's own net (HB0311) never fires.
pub fn check_card_source(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let files = [SourceFile::new("fuzz.hb", text.clone())];
    let out = cardlang::compile(&files);
    assert!(
        out.diagnostics.len() <= MAX_DIAGNOSTICS_PER_FILE + 1,
        "{} diagnostics",
        out.diagnostics.len()
    );
    for d in &out.diagnostics {
        assert_eq!(d.file, "fuzz.hb");
        assert!(
            d.span.start <= d.span.end && d.span.end <= text.len(),
            "{d:?}"
        );
        assert!(text.is_char_boundary(d.span.start), "{d:?}");
        assert_ne!(d.code, codes::CARD_INVALID, "a compiler gap: {}", d.message);
        // A location: a labelled span, or at least a point past the start (`0..0` with no
        // label is "the whole file", which only the cap note may be).
        let located = d.code == codes::TOO_MANY_ERRORS
            || d.label.is_some()
            || !d.span.is_empty()
            || d.span.start > 0;
        assert!(located, "an error without a location: {d:?}");
        let short = render_short(d, &files);
        assert!(short.len() < 4096, "{short}");
    }
    let human = render_all_human(&out.diagnostics, &files, HumanStyle::PLAIN);
    assert!(human.len() <= MAX_RENDERED_PER_DIAGNOSTIC * (out.diagnostics.len() + 1));
    if !out.has_errors() {
        if let Err(e) = CardDb::new(out.cards) {
            panic!("compiled clean but the loader refuses it: {e}");
        }
    }
}

/// Decklists: parsed and validated without panic; violations capped, each located inside
/// the display text unless it is about the whole deck; rendered within bounds.
pub fn check_decklist(bytes: &[u8]) {
    let pool = deck_pool();
    let check = check_deck("fuzz.txt", bytes, pool, &DeckOptions::default());
    let text = &check.source.text;
    let located = check
        .diagnostics
        .iter()
        .filter(|d| !d.span.is_empty() || d.label.is_some());
    assert!(
        located.count() <= engine::deck::validate::MAX_VIOLATIONS,
        "{} located violations",
        check.diagnostics.len()
    );
    for d in &check.diagnostics {
        assert!(
            d.span.end <= text.len() && text.is_char_boundary(d.span.start),
            "{d:?}"
        );
        for l in &d.secondary {
            assert!(l.span.end <= text.len(), "{d:?}");
        }
    }
    let (list, report) = engine::deck::check(bytes, pool, &DeckOptions::default());
    for v in &report.violations {
        // Line-level rules carry the line; whole-deck counts and whole-file problems do not.
        if v.rule == engine::deck::DeckRule::UnknownCard
            || v.rule == engine::deck::DeckRule::MissingCount
        {
            assert!(v.span.is_some(), "{v:?}");
        }
        if let Some(span) = &v.span {
            assert!(span.end <= list.source.len(), "{v:?}");
        }
    }
    let human = render_all_human(
        &check.diagnostics,
        std::slice::from_ref(&check.source),
        HumanStyle::PLAIN,
    );
    assert!(human.len() <= MAX_RENDERED_PER_DIAGNOSTIC * (check.diagnostics.len() + 1));
}

/// Ruling files: parsed and run without panic; an error names a line of the file; the
/// transcript is bounded.
pub fn check_ruling(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let lines = text.lines().count();
    // Line 0 is a problem with the file as a whole (no line says it: "needs two commanders").
    let at_a_line = |e: &ruling::RulingError| {
        assert!(e.line <= lines.max(1) + 1, "{e} (file has {lines} lines)");
        assert!(!e.message.is_empty());
    };
    // Every problem at once, drawn as diagnostics (issue #43): bounded, and never a panic
    // whatever the bytes (a subject found in its line, spans on character boundaries).
    if let Err(problems) = ruling::diagnose(&text, &ruling_pool()) {
        assert!(!problems.is_empty() && problems.len() <= ruling::MAX_PROBLEMS);
        problems.iter().for_each(at_a_line);
        let diags = engine::diagnostics::ruling_diagnostics("f.ruling", &text, &problems);
        let files = [cardlang::source::SourceFile::new(
            "f.ruling",
            text.to_string(),
        )];
        let shown =
            cardlang::diag::render_all_human(&diags, &files, cardlang::diag::HumanStyle::PLAIN);
        assert!(shown.contains("HB08"), "{shown}");
    }
    match ruling::parse(&text) {
        Err(e) => at_a_line(&e),
        Ok(r) => match ruling::run(&r, ruling_pool()) {
            Err(f) => at_a_line(&f.error),
            Ok(out) => assert!(out.len() <= 16 * 1024 * 1024, "{} bytes", out.len()),
        },
    }
}

/// Database bytes: decoding never panics; a database that loads re-encodes to the same bytes.
pub fn check_db(bytes: &[u8]) {
    if let Ok(db) = CardDb::from_bytes(bytes) {
        assert_eq!(
            db.to_bytes(),
            bytes,
            "a loaded database re-encodes differently"
        );
        for card in db.cards() {
            assert!(cardlang::db::validate_card(card).is_ok());
        }
    }
}

/// Database bytes with a fresh header: length and checksum recomputed after mutating the
/// payload, so mutations reach the decoder instead of stopping at the checksum
/// (docs/database.md, "Layout").
pub fn reframe(bytes: &[u8]) -> Vec<u8> {
    let header = cardlang::db::HEADER_LEN;
    if bytes.len() < header {
        return bytes.to_vec();
    }
    let mut out = bytes.to_vec();
    let payload_len = (out.len() - header) as u64;
    out[12..20].copy_from_slice(&payload_len.to_le_bytes());
    let mut h = crc32fast::Hasher::new();
    h.update(&out[..20]);
    h.update(&out[header..]);
    let crc = h.finalize();
    out[20..24].copy_from_slice(&crc.to_le_bytes());
    out
}
