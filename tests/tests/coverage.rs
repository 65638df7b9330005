//! Rules coverage (issue 7): every section of the rulebook is listed in `docs/sections.txt`;
//! this test finds, for each, where the engine cites it (`§x.y.z` in `engine/src`) and which
//! rulings pin it (a ruling file under `tests/rulings/` or its accepted snapshot, or a deck
//! fixture under `tests/decks/` or its snapshot, cites it), checks the result against the
//! known-gap list in the same file, and generates `docs/coverage.md`.
//!
//! It fails when:
//! - `docs/sections.txt` is malformed (unknown kind, duplicate section, a `not-enforced` rule
//!   without its reason, numbered sections missing or out of order);
//! - a citation anywhere in the project names a section the rulebook does not have (a typo, or a
//!   stale cross-reference such as the rulebook's own "Section 4.4.3" for §3.4.3);
//! - a rule has a gap the list does not admit, or the list admits a gap that has been filled;
//! - the checked-in `docs/coverage.md` differs from what this test generates.
//!
//! `UPDATE_COVERAGE=1` rewrites `docs/coverage.md`; `UPDATE_GAPS=1` rewrites the GAPS column of
//! `docs/sections.txt` to the gaps found (review that diff: an added gap is a regression).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The rulebook numbers 146 sections, 2.1 to 9.38 (5.3.3 does not exist, I-11).
const NUMBERED_SECTIONS: usize = 146;
/// STEP 1-9 and STEP 8A-8E of §6.6.
const ENGAGEMENT_STEPS: usize = 14;
/// Sections 1.0 to 9.0 (the text under each chapter heading), cited as §1 to §9.
const CHAPTERS: usize = 9;

const SECTIONS: &str = "docs/sections.txt";
const INTERPRETATIONS: &str = "docs/interpretations.md";
const COVERAGE: &str = "docs/coverage.md";
/// Where implementations are cited.
const ENGINE_SRC: &str = "engine/src";
/// Where rulings live: ruling files and deck fixtures, each with its accepted snapshot.
const RULINGS: &str = "tests/rulings";
const DECKS: &str = "tests/decks";
/// Everything else that may cite a section; each citation must name a real one.
const CITING: &[&str] = &[
    "engine/src",
    "engine/tests",
    "cardlang/src",
    "cardc/src",
    "tests/rulings",
    "tests/decks",
    "tests/tests",
    "docs",
    "README.md",
    "ARCHITECTURE.md",
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A file's text; invalid UTF-8 (hostile deck fixtures) is replaced, not an error.
fn read(rel: &str) -> String {
    let bytes =
        std::fs::read(repo().join(rel)).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"));
    String::from_utf8_lossy(&bytes).replace("\r\n", "\n")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Rule,
    NotEnforced,
    Definition,
    Summary,
}

impl Kind {
    fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "rule" => Kind::Rule,
            "not-enforced" => Kind::NotEnforced,
            "definition" => Kind::Definition,
            "summary" => Kind::Summary,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Rule => "rule",
            Kind::NotEnforced => "not enforced",
            Kind::Definition => "definition",
            Kind::Summary => "summary",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Gap {
    Engine,
    Ruling,
}

impl Gap {
    fn name(self) -> &'static str {
        match self {
            Gap::Engine => "engine",
            Gap::Ruling => "ruling",
        }
    }
}

/// One line of `docs/sections.txt`.
#[derive(Debug, Clone)]
struct Entry {
    line: usize,
    id: String,
    kind: Kind,
    title: String,
    gaps: BTreeSet<Gap>,
    note: String,
    /// The chapter heading the entry is listed under (the last `# --- ` comment above it).
    group: String,
}

impl Entry {
    /// How the entry is written in citations and in the generated table.
    fn cite(&self) -> String {
        if self.id.starts_with('"') {
            self.id.clone()
        } else {
            format!("§{}", self.id)
        }
    }

    fn is_numbered(&self) -> bool {
        !self.id.starts_with('"') && self.id.contains('.') && !self.id.contains("STEP")
    }
}

#[derive(Debug, Default)]
struct Data {
    entries: Vec<Entry>,
    /// `also ID implemented PATH` / `also ID pinned PATH`.
    also_implemented: BTreeMap<String, Vec<String>>,
    also_pinned: BTreeMap<String, Vec<String>>,
}

fn parse_sections(text: &str) -> Result<Data, Vec<String>> {
    let mut data = Data::default();
    let mut errors = Vec::new();
    let mut group = String::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let trimmed = raw.trim();
        if let Some(heading) = trimmed.strip_prefix("# --- ") {
            group = heading.trim_end_matches(['-', ' ']).to_string();
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("also ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words.as_slice() {
                [id, "implemented", path] => data
                    .also_implemented
                    .entry(id.to_string())
                    .or_default()
                    .push(path.to_string()),
                [id, "pinned", path] => data
                    .also_pinned
                    .entry(id.to_string())
                    .or_default()
                    .push(path.to_string()),
                _ => errors.push(format!(
                    "{SECTIONS}:{line}: expected `also ID implemented PATH` or `also ID pinned PATH`"
                )),
            }
            continue;
        }
        let fields: Vec<&str> = raw.split('|').map(str::trim).collect();
        let [id, kind, title, gaps, note] = fields.as_slice() else {
            errors.push(format!(
                "{SECTIONS}:{line}: expected 5 fields `ID | KIND | TITLE | GAPS | NOTE`, found {}",
                fields.len()
            ));
            continue;
        };
        let Some(kind) = Kind::parse(kind) else {
            errors.push(format!(
                "{SECTIONS}:{line}: unknown kind `{kind}` (rule | not-enforced | definition | summary)"
            ));
            continue;
        };
        let mut gap_set = BTreeSet::new();
        for word in gaps.split_whitespace() {
            match word {
                "engine" => gap_set.insert(Gap::Engine),
                "ruling" => gap_set.insert(Gap::Ruling),
                other => {
                    errors.push(format!(
                        "{SECTIONS}:{line}: unknown gap `{other}` (engine | ruling)"
                    ));
                    false
                }
            };
        }
        if !valid_id(id) {
            errors.push(format!(
                "{SECTIONS}:{line}: `{id}` is not a section number, `6.6 STEP N` or a \"quoted heading\""
            ));
        }
        if title.is_empty() {
            errors.push(format!("{SECTIONS}:{line}: {id} has no title"));
        }
        if kind == Kind::NotEnforced && note.is_empty() {
            errors.push(format!(
                "{SECTIONS}:{line}: {id} is not-enforced but its NOTE does not say why"
            ));
        }
        if kind != Kind::Rule && !gap_set.is_empty() {
            errors.push(format!(
                "{SECTIONS}:{line}: {id} is a {} and cannot have gaps",
                kind.name()
            ));
        }
        data.entries.push(Entry {
            line,
            id: id.to_string(),
            kind,
            title: title.to_string(),
            gaps: gap_set,
            note: note.to_string(),
            group: group.clone(),
        });
    }
    if errors.is_empty() {
        Ok(data)
    } else {
        Err(errors)
    }
}

fn valid_id(id: &str) -> bool {
    if let Some(inner) = id.strip_prefix('"') {
        return inner.len() > 1 && inner.ends_with('"') && !inner[..inner.len() - 1].contains('"');
    }
    let (number, step) = match id.split_once(" STEP ") {
        Some((n, s)) => (n, Some(s)),
        None => (id, None),
    };
    let number_ok = number
        .split('.')
        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    let step_ok = step.is_none_or(|s| {
        let digits = s.trim_end_matches(|c: char| ('A'..='E').contains(&c));
        !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && s.len() - digits.len() <= 1
    });
    number_ok && step_ok && (step.is_none() || number == "6.6")
}

/// Orders section numbers numerically, part by part (2.5.1.2 < 2.5.2 < 3.4.10 < 3.4.11).
fn number_key(id: &str) -> Vec<u32> {
    id.split('.')
        .map(|p| p.parse().unwrap_or(u32::MAX))
        .collect()
}

/// Every citation in `text`: `§` followed by a section number (ending where the next character
/// is neither a digit nor a `.` followed by a digit, so §3.4.1 never matches §3.4.10), with an
/// optional ` STEP 8A`, ` STEP 4/6` or ` STEP 4-8` (also `[§6.6] STEP 8A`, as transcripts print it); and every
/// quoted heading of `quoted`, quotes included.
/// A range `§2.1.1–§2.1.3` cites its two ends only.
fn citations(text: &str, quoted: &[String]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in text.match_indices('§') {
        let rest = &text[at + '§'.len_utf8()..];
        let bytes = rest.as_bytes();
        let mut end = 0;
        loop {
            let start = end;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            if end == start {
                end = start.saturating_sub(1);
                break;
            }
            if end + 1 < bytes.len() && bytes[end] == b'.' && bytes[end + 1].is_ascii_digit() {
                end += 1;
            } else {
                break;
            }
        }
        if end == 0 || !bytes[0].is_ascii_digit() {
            continue;
        }
        // "Section 6.0" is the chapter §6.
        let number = rest[..end].strip_suffix(".0").unwrap_or(&rest[..end]);
        out.insert(number.to_string());
        // A transcript tags a step's events `[§6.6] STEP 3: ...`: that cites the step too.
        let after = &rest[end..];
        let after = after.strip_prefix(']').unwrap_or(after);
        if let Some(steps) = after.strip_prefix(" STEP ") {
            // `STEP 4/6` cites both; a range `STEP 4-8` or `STEP 8A–8E` cites its two ends.
            for step in steps
                .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '–')))
                .next()
                .unwrap_or("")
                .split(['/', '-', '–'])
            {
                let digits = step.trim_end_matches(|c: char| ('A'..='E').contains(&c));
                if !digits.is_empty()
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && step.len() - digits.len() <= 1
                {
                    out.insert(format!("{number} STEP {step}"));
                }
            }
        }
    }
    for q in quoted {
        if text.contains(q.as_str()) {
            out.insert(q.clone());
        }
    }
    out
}

/// Files under `rel` (a file or a directory, recursively), repo-relative, sorted; only text
/// files we can read (`.rs`, `.md`, `.txt`, `.ruling`, `.snap`, `.hb`, `.pest`).
fn files_under(rel: &str) -> Vec<String> {
    let root = repo();
    let mut out = Vec::new();
    let mut stack = vec![root.join(rel)];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            let entries = std::fs::read_dir(&path)
                .unwrap_or_else(|e| panic!("cannot list {}: {e}", path.display()));
            stack.extend(entries.filter_map(|e| e.ok().map(|e| e.path())));
        } else if path.extension().is_some_and(|x| {
            ["rs", "md", "txt", "ruling", "snap", "hb", "pest"]
                .iter()
                .any(|ok| x == *ok)
        }) {
            let relative = path
                .strip_prefix(&root)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            out.push(relative);
        }
    }
    out.sort();
    out
}

/// The ruling a file under tests/rulings or tests/decks belongs to: `conscription` for
/// `conscription.ruling` and `rulings@conscription.snap`, `decks/size-54` for `size-54.txt`
/// and `deck@size-54.txt.snap`. `None` for anything else (the pools, pending `.snap.new`).
fn ruling_name(rel: &str) -> Option<String> {
    let (dir, file) = rel.rsplit_once('/')?;
    if dir == RULINGS {
        if let Some(stem) = file.strip_suffix(".ruling") {
            return Some(stem.to_string());
        }
        let stem = file.strip_prefix("rulings@")?.strip_suffix(".snap")?;
        return Some(stem.to_string());
    }
    if dir == DECKS {
        if let Some(stem) = file.strip_suffix(".txt") {
            return Some(format!("decks/{stem}"));
        }
        let stem = file.strip_prefix("deck@")?.strip_suffix(".txt.snap")?;
        return Some(format!("decks/{stem}"));
    }
    None
}

#[derive(Debug, Default)]
struct Found {
    /// Section id -> engine files (paths below engine/src) that cite it.
    implemented: BTreeMap<String, BTreeSet<String>>,
    /// Section id -> rulings that cite it.
    pinned: BTreeMap<String, BTreeSet<String>>,
    /// Citations of sections that do not exist: (file, citation).
    unknown: BTreeSet<(String, String)>,
}

fn scan(data: &Data) -> Found {
    let ids: BTreeSet<&str> = data.entries.iter().map(|e| e.id.as_str()).collect();
    let quoted: Vec<String> = data
        .entries
        .iter()
        .filter(|e| e.id.starts_with('"'))
        .map(|e| e.id.clone())
        .collect();
    let mut found = Found::default();
    let mut seen = BTreeSet::new();
    for root in CITING {
        for file in files_under(root) {
            // The data, its output and this test mention sections that do not exist on purpose.
            if !seen.insert(file.clone())
                || [SECTIONS, COVERAGE, "tests/tests/coverage.rs"].contains(&file.as_str())
            {
                continue;
            }
            let text = read(&file);
            let cited = citations(&text, &quoted);
            for id in &cited {
                if !ids.contains(id.as_str()) {
                    found.unknown.insert((file.clone(), format!("§{id}")));
                }
            }
            if let Some(below) = file.strip_prefix(&format!("{ENGINE_SRC}/")) {
                for id in &cited {
                    found
                        .implemented
                        .entry(id.clone())
                        .or_default()
                        .insert(below.to_string());
                }
            }
            if let Some(name) = ruling_name(&file) {
                for id in &cited {
                    found
                        .pinned
                        .entry(id.clone())
                        .or_default()
                        .insert(name.clone());
                }
            }
        }
    }
    found
}

/// What the coverage of one entry is, after `also` lines.
struct Row<'a> {
    entry: &'a Entry,
    implemented: Vec<String>,
    pinned: Vec<String>,
    gaps: BTreeSet<Gap>,
}

fn rows<'a>(data: &'a Data, found: &Found, errors: &mut Vec<String>) -> Vec<Row<'a>> {
    let quoted: Vec<String> = data
        .entries
        .iter()
        .filter(|e| e.id.starts_with('"'))
        .map(|e| e.id.clone())
        .collect();
    let also_check = |id: &str, path: &str, errors: &mut Vec<String>| {
        let full = repo().join(path);
        if !full.is_file() {
            errors.push(format!(
                "{SECTIONS}: `also {id}` names {path}, which does not exist"
            ));
            return;
        }
        if !citations(&read(path), &quoted).contains(id) {
            errors.push(format!(
                "{SECTIONS}: `also {id}` names {path}, which does not cite it"
            ));
        }
    };
    let mut out = Vec::new();
    for entry in &data.entries {
        let mut implemented: Vec<String> = found
            .implemented
            .get(&entry.id)
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default();
        for path in data.also_implemented.get(&entry.id).into_iter().flatten() {
            also_check(&entry.id, path, errors);
            implemented.push(path.clone());
        }
        let mut pinned: Vec<String> = found
            .pinned
            .get(&entry.id)
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default();
        for path in data.also_pinned.get(&entry.id).into_iter().flatten() {
            also_check(&entry.id, path, errors);
            pinned.push(path.clone());
        }
        let mut gaps = BTreeSet::new();
        if entry.kind == Kind::Rule {
            if implemented.is_empty() {
                gaps.insert(Gap::Engine);
            }
            if pinned.is_empty() {
                gaps.insert(Gap::Ruling);
            }
        }
        out.push(Row {
            entry,
            implemented,
            pinned,
            gaps,
        });
    }
    for id in data.also_implemented.keys().chain(data.also_pinned.keys()) {
        if !data.entries.iter().any(|e| &e.id == id) {
            errors.push(format!("{SECTIONS}: `also {id}` names no listed section"));
        }
    }
    out
}

/// The shape of the list: the numbered sections complete and in order, no duplicates.
fn check_shape(data: &Data, errors: &mut Vec<String>) {
    let mut seen = BTreeMap::new();
    for e in &data.entries {
        if let Some(first) = seen.insert(e.id.clone(), e.line) {
            errors.push(format!(
                "{SECTIONS}:{}: {} is listed twice (first at line {first})",
                e.line, e.id
            ));
        }
    }
    let numbered: Vec<&Entry> = data.entries.iter().filter(|e| e.is_numbered()).collect();
    if numbered.len() != NUMBERED_SECTIONS {
        errors.push(format!(
            "{SECTIONS}: {} numbered sections listed, the rulebook has {NUMBERED_SECTIONS}",
            numbered.len()
        ));
    }
    for pair in numbered.windows(2) {
        if number_key(&pair[0].id) >= number_key(&pair[1].id) {
            errors.push(format!(
                "{SECTIONS}:{}: {} is listed after {}; keep rulebook order",
                pair[1].line, pair[1].id, pair[0].id
            ));
        }
    }
    let steps = data
        .entries
        .iter()
        .filter(|e| e.id.contains("STEP"))
        .count();
    if steps != ENGAGEMENT_STEPS {
        errors.push(format!(
            "{SECTIONS}: {steps} engagement steps listed, §6.6 has {ENGAGEMENT_STEPS} (STEP 1-9, 8A-8E)"
        ));
    }
    let chapters = data
        .entries
        .iter()
        .filter(|e| !e.id.starts_with('"') && !e.id.contains('.'))
        .count();
    if chapters != CHAPTERS {
        errors.push(format!(
            "{SECTIONS}: {chapters} chapters listed, the rulebook has {CHAPTERS} (Section 1.0-9.0)"
        ));
    }
}

fn md_cell(s: &str) -> String {
    s.replace('|', "\\|")
}

fn render(rows: &[Row<'_>]) -> String {
    let mut out = String::new();
    let rules: Vec<&Row> = rows.iter().filter(|r| r.entry.kind == Kind::Rule).collect();
    let count = |f: &dyn Fn(&Row) -> bool| rules.iter().filter(|r| f(r)).count();
    let kinds = |k: Kind| rows.iter().filter(|r| r.entry.kind == k).count();
    let implemented = count(&|r| !r.gaps.contains(&Gap::Engine));
    let pinned = count(&|r| !r.gaps.contains(&Gap::Ruling));
    let complete = count(&|r| r.gaps.is_empty());
    let gaps: usize = rules.iter().map(|r| r.gaps.len()).sum();

    out.push_str("# Rules coverage\n\n");
    out.push_str(
        "<!-- Generated by tests/tests/coverage.rs from docs/sections.txt. Do not edit: run\n     \
         UPDATE_COVERAGE=1 cargo test -p tests --test coverage -->\n\n",
    );
    out.push_str(
        "Every section of the rulebook, where the engine implements it and which rulings pin it.\n\
         Generated from [`sections.txt`](sections.txt) by `tests/tests/coverage.rs`; the test fails\n\
         when this file is stale, so regenerate it with\n\
         `UPDATE_COVERAGE=1 cargo test -p tests --test coverage`.\n\n",
    );
    out.push_str("## Summary\n\n| | |\n|---|---|\n");
    let _ = writeln!(
        out,
        "| sections listed | {} ({} numbered, {} chapters, {} engagement steps, {} unnumbered) |",
        rows.len(),
        rows.iter().filter(|r| r.entry.is_numbered()).count(),
        rows.iter()
            .filter(|r| !r.entry.id.starts_with('"') && !r.entry.id.contains('.'))
            .count(),
        rows.iter().filter(|r| r.entry.id.contains("STEP")).count(),
        rows.iter().filter(|r| r.entry.id.starts_with('"')).count(),
    );
    let _ = writeln!(out, "| rules | {} |", rules.len());
    let _ = writeln!(
        out,
        "| rules implemented (cited in `engine/src`) | {implemented} of {} |",
        rules.len()
    );
    let _ = writeln!(
        out,
        "| rules pinned by a ruling | {pinned} of {} |",
        rules.len()
    );
    let _ = writeln!(
        out,
        "| rules fully covered | {complete} of {} |",
        rules.len()
    );
    let _ = writeln!(
        out,
        "| rules deliberately not enforced (with the reason) | {} |",
        kinds(Kind::NotEnforced)
    );
    let _ = writeln!(
        out,
        "| definitions, summaries | {}, {} |",
        kinds(Kind::Definition),
        kinds(Kind::Summary)
    );
    let _ = writeln!(out, "| known gaps | {gaps} |");
    out.push('\n');

    out.push_str(
        "## How to read this\n\n\
         - **Kind**: `rule` states a rule; `not enforced` states one the engine deliberately leaves\n  \
         to the table (the reason is given); `definition` defines a term; `summary` is a heading,\n  \
         overview, recap or advice whose rules live in other sections.\n\
         - **Implemented in**: the files under `engine/src/` whose text cites the section as `§x.y.z`\n  \
         (`§6.6 STEP 8A` for an engagement step, the quoted heading for unnumbered text). Matching is\n  \
         exact: §3.4.1 does not match §3.4.10, and a range `§4.2–§4.8` cites its two ends only.\n  \
         A rule about what a card may print can be implemented by the card compiler instead; such\n  \
         files are named by an `also` line in `sections.txt`.\n\
         - **Pinned by**: the rulings that cite the section, in the ruling file (its title or a\n  \
         comment) or in its accepted snapshot (the transcript tags every event with the section it\n  \
         applied): `NAME` is `tests/rulings/NAME.ruling`, `decks/NAME` is the deck fixture\n  \
         `tests/decks/NAME.txt` (deck-construction rules are pinned by deck fixtures, since a\n  \
         ruling starts from a board, not a decklist).\n\
         - **Gap**: a rule with no implementation citation or no ruling. Every gap is listed in\n  \
         `sections.txt`; the test fails when a listed gap is filled (remove it from the list) or an\n  \
         unlisted one appears.\n\
         - Interpretations (`I-n`) are in [interpretations.md](interpretations.md).\n\n",
    );

    let mut group = "";
    for row in rows {
        let e = row.entry;
        if e.group != group {
            group = &e.group;
            let _ = write!(
                out,
                "\n## {group}\n\n| section | kind | what it says | implemented in | pinned by |\n\
                 |---|---|---|---|---|\n"
            );
        }
        let (implemented, pinned) = match e.kind {
            Kind::Rule => (
                if row.implemented.is_empty() {
                    "**gap**".to_string()
                } else {
                    row.implemented.join(", ")
                },
                if row.pinned.is_empty() {
                    "**gap**".to_string()
                } else {
                    row.pinned.join(", ")
                },
            ),
            _ => (row.implemented.join(", "), row.pinned.join(", ")),
        };
        let mut what = e.title.clone();
        if !e.note.is_empty() {
            if e.kind == Kind::NotEnforced {
                let _ = write!(what, ". *Not enforced:* {}", e.note);
            } else {
                let _ = write!(what, " ({})", e.note);
            }
        }
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            md_cell(&e.cite()),
            e.kind.name(),
            md_cell(&what),
            md_cell(&implemented),
            md_cell(&pinned)
        );
    }

    out.push_str("\n## Known gaps\n\n");
    if gaps == 0 {
        out.push_str("None: every rule is implemented and pinned.\n");
    } else {
        let _ = writeln!(
            out,
            "{gaps} gaps in {} rules. The issue stays open until this list is empty.\n",
            count(&|r| !r.gaps.is_empty())
        );
        for r in rules.iter().filter(|r| !r.gaps.is_empty()) {
            let missing: Vec<&str> = r
                .gaps
                .iter()
                .map(|g| match g {
                    Gap::Engine => "no implementation citation",
                    Gap::Ruling => "no ruling",
                })
                .collect();
            let _ = writeln!(
                out,
                "- {} {}: {}",
                r.entry.cite(),
                r.entry.title,
                missing.join(", ")
            );
        }
    }
    out
}

/// `docs/sections.txt` with the GAPS column replaced by what was found (`UPDATE_GAPS=1`).
fn with_gaps(text: &str, rows: &[Row<'_>]) -> String {
    let by_line: BTreeMap<usize, &BTreeSet<Gap>> =
        rows.iter().map(|r| (r.entry.line, &r.gaps)).collect();
    let mut out = String::new();
    for (k, raw) in text.lines().enumerate() {
        match by_line.get(&(k + 1)) {
            Some(gaps) => {
                let mut fields: Vec<String> = raw.split('|').map(str::to_string).collect();
                if let Some(field) = fields.get_mut(3) {
                    let words: Vec<&str> = gaps.iter().map(|g| g.name()).collect();
                    *field = if words.is_empty() {
                        " ".to_string()
                    } else {
                        format!(" {} ", words.join(" "))
                    };
                }
                out.push_str(fields.join("|").trim_end());
            }
            None => out.push_str(raw),
        }
        out.push('\n');
    }
    out
}

#[test]
fn coverage() {
    let text = read(SECTIONS);
    let data = match parse_sections(&text) {
        Ok(data) => data,
        Err(errors) => panic!("{SECTIONS} is malformed:\n  {}", errors.join("\n  ")),
    };
    let mut errors = Vec::new();
    check_shape(&data, &mut errors);
    let found = scan(&data);
    for (file, cite) in &found.unknown {
        errors.push(format!(
            "{file} cites {cite}, which the rulebook does not have (see {SECTIONS})"
        ));
    }
    let rows = rows(&data, &found, &mut errors);
    let mut gap_errors = Vec::new();
    for row in &rows {
        let e = row.entry;
        for gap in row.gaps.difference(&e.gaps) {
            let what = match gap {
                Gap::Engine => "no file under engine/src cites it",
                Gap::Ruling => "no ruling under tests/rulings or tests/decks cites it",
            };
            gap_errors.push(format!(
                "{SECTIONS}:{}: new gap in {} {}: {what}. Cite it where it is implemented / \
                 write a ruling, or add `{}` to its GAPS column",
                e.line,
                e.cite(),
                e.title,
                gap.name()
            ));
        }
        for gap in e.gaps.difference(&row.gaps) {
            let by = match gap {
                Gap::Engine => format!("implemented in {}", row.implemented.join(", ")),
                Gap::Ruling => format!("pinned by {}", row.pinned.join(", ")),
            };
            gap_errors.push(format!(
                "{SECTIONS}:{}: gap filled in {}: now {by}. Remove `{}` from its GAPS column",
                e.line,
                e.cite(),
                gap.name()
            ));
        }
    }

    if std::env::var_os("UPDATE_GAPS").is_some_and(|v| v == "1") {
        let updated = with_gaps(&text, &rows);
        if updated != text {
            std::fs::write(repo().join(SECTIONS), updated).expect("write docs/sections.txt");
            eprintln!("updated the GAPS column of {SECTIONS}; review the diff");
        }
    } else {
        errors.append(&mut gap_errors);
    }

    let generated = render(&rows);
    let current = std::fs::read_to_string(repo().join(COVERAGE))
        .unwrap_or_default()
        .replace("\r\n", "\n");
    if generated != current {
        if std::env::var_os("UPDATE_COVERAGE").is_some_and(|v| v == "1") {
            std::fs::write(repo().join(COVERAGE), &generated).expect("write docs/coverage.md");
            eprintln!("wrote {COVERAGE}");
        } else {
            errors.push(format!(
                "{COVERAGE} is stale: regenerate it with \
                 `UPDATE_COVERAGE=1 cargo test -p tests --test coverage` and commit the result"
            ));
        }
    }
    assert!(
        errors.is_empty(),
        "rules coverage: {} problem(s)\n  {}",
        errors.len(),
        errors.join("\n  ")
    );
}

#[test]
fn citations_match_exactly() {
    let quoted = vec!["\"Your Constructed Deck\"".to_string()];
    let got = |s: &str| citations(s, &quoted).into_iter().collect::<Vec<_>>();
    assert_eq!(got("see §3.4.10."), vec!["3.4.10"]);
    assert_eq!(got("§3.4.1, not §3.4.10"), vec!["3.4.1", "3.4.10"]);
    assert_eq!(got("(§2.1.1–§2.1.3)"), vec!["2.1.1", "2.1.3"]);
    assert_eq!(got("chapter §7)"), vec!["7"]);
    assert_eq!(got("Section §6.0, §6.0.1"), vec!["6", "6.0.1"]);
    assert_eq!(
        got("§6.6 STEP 4/6 and §6.6 STEP 8A."),
        vec!["6.6", "6.6 STEP 4", "6.6 STEP 6", "6.6 STEP 8A"]
    );
    assert_eq!(
        got("[§6.6] STEP 3: the attackers"),
        vec!["6.6", "6.6 STEP 3"]
    );
    assert_eq!(
        got("rulebook \"Your Constructed Deck\""),
        vec!["\"Your Constructed Deck\""]
    );
    assert!(got("§ 5.4 and §x and 5.4.3").is_empty());
    assert_eq!(
        ruling_name("tests/rulings/rulings@unique.snap"),
        Some("unique".into())
    );
    assert_eq!(
        ruling_name("tests/rulings/unique.ruling"),
        Some("unique".into())
    );
    assert_eq!(
        ruling_name("tests/decks/deck@size-54.txt.snap"),
        Some("decks/size-54".into())
    );
    assert_eq!(ruling_name("tests/rulings/pool/pool.hb"), None);
    assert_eq!(ruling_name("tests/rulings/rulings@unique.snap.new"), None);
}

#[test]
fn gaps_are_found_and_admitted() {
    let data = parse_sections(
        "# --- Test\n\
         1.1 | rule | Cited by both | | \n\
         1.2 | rule | Cited by neither | engine ruling | \n\
         1.3 | not-enforced | Left to the table | | a table custom\n",
    )
    .expect("valid");
    let mut found = Found::default();
    found
        .implemented
        .insert("1.1".into(), ["game.rs".to_string()].into());
    found
        .pinned
        .insert("1.1".into(), ["unique".to_string()].into());
    let mut errors = Vec::new();
    let rows = rows(&data, &found, &mut errors);
    assert!(errors.is_empty(), "{errors:?}");
    let gaps: Vec<Vec<Gap>> = rows
        .iter()
        .map(|r| r.gaps.iter().copied().collect())
        .collect();
    assert_eq!(gaps, vec![vec![], vec![Gap::Engine, Gap::Ruling], vec![]]);
    let md = render(&rows);
    assert!(
        md.contains("| §1.2 | rule | Cited by neither | **gap** | **gap** |"),
        "{md}"
    );
    assert!(md.contains("*Not enforced:* a table custom"), "{md}");
    assert!(md.contains("2 gaps in 1 rules"), "{md}");

    let bad = parse_sections(
        "1.1 | law | x | | \n1.2 | not-enforced | y | | \n1.3 | summary | z | engine | \n",
    );
    let errors = bad.expect_err("three problems");
    assert_eq!(errors.len(), 3, "{errors:?}");
}

/// The `## I-n. ...` entries of docs/interpretations.md: (number, heading line, text).
fn interpretations(text: &str) -> Vec<(u32, usize, String)> {
    let mut out: Vec<(u32, usize, String)> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        if let Some(rest) = line.strip_prefix("## I-") {
            let number: String = rest.chars().take_while(char::is_ascii_digit).collect();
            out.push((number.parse().unwrap_or(0), k + 1, String::new()));
        } else if line.starts_with("## ") {
            out.push((0, k + 1, String::new()));
        } else if let Some((_, _, body)) = out.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out.retain(|(n, _, _)| *n > 0);
    out
}

/// Every interpretation says what pins it and names at least one ruling (a
/// `tests/rulings/NAME.ruling` as `NAME`, or a test file by path: `tests/…` or a crate's
/// `…/tests/…`) that exists; every `I-n` that
/// docs/sections.txt refers to exists.
#[test]
fn interpretations_are_pinned() {
    let text = read(INTERPRETATIONS);
    let entries = interpretations(&text);
    let mut errors = Vec::new();
    let mut numbers = BTreeSet::new();
    for (n, line, body) in &entries {
        if !numbers.insert(*n) {
            errors.push(format!("{INTERPRETATIONS}:{line}: I-{n} is numbered twice"));
        }
        let Some((_, pins)) = body.split_once("Pinned by") else {
            errors.push(format!(
                "{INTERPRETATIONS}:{line}: I-{n} does not say what pins it (`**Pinned by.**`)"
            ));
            continue;
        };
        let named: Vec<&str> = pins.split('`').skip(1).step_by(2).collect();
        let exists = |name: &&str| {
            let ruling = repo().join(format!("{RULINGS}/{name}.ruling"));
            let path = repo().join(name);
            ruling.is_file()
                || ((name.starts_with("tests/") || name.contains("/tests/")) && path.is_file())
        };
        if !named.iter().any(exists) {
            errors.push(format!(
                "{INTERPRETATIONS}:{line}: I-{n} names no existing ruling or test file in \
                 `backticks` after \"Pinned by\" (found: {named:?})"
            ));
        }
    }
    for (k, raw) in read(SECTIONS).lines().enumerate() {
        for (at, _) in raw.match_indices("I-") {
            let number: String = raw[at + 2..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(n) = number.parse::<u32>() {
                if !numbers.contains(&n) {
                    errors.push(format!(
                        "{SECTIONS}:{}: refers to I-{n}, which {INTERPRETATIONS} does not have",
                        k + 1
                    ));
                }
            }
        }
    }
    assert!(
        errors.is_empty(),
        "interpretations: {} problem(s)\n  {}",
        errors.len(),
        errors.join("\n  ")
    );
}
