//! Diagnostics: what the front end (and the deck validator) says about a user's files, and the
//! renderers shared by the `cardc` CLI and the snapshot tests.
//!
//! A [`Diagnostic`] carries a stable code (`HB0102`), a severity, a message, the file's display
//! name, a primary byte span with its label, secondary labels (possibly in other files) and an
//! optional help line. It holds no source text: renderers look the text up by file name in the
//! `&[SourceFile]` they are given, so hundreds of diagnostics never copy a file.
//!
//! Renderers: [`render_human`] (miette graphical, rustc/cargo style), [`render_human_plain`]
//! (no colour, width 100: what the snapshots hold), [`render_short`]
//! (`file:line:col: error[HB0102]: message`) and [`Record`] for JSON output.

use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::fmt;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};
use serde::Serialize;

use crate::source::{line_col, SourceFile, Span};

/// Stable diagnostic codes. Every code is documented in `docs/cardlang.md`; [`ALL`](codes::ALL)
/// is the table a test checks the documentation against.
pub mod codes {
    pub const READ_ERROR: &str = "HB0001";
    pub const FILE_TOO_LARGE: &str = "HB0002";
    pub const NOT_UTF8: &str = "HB0003";
    pub const SYNTAX: &str = "HB0004";
    pub const UNCLOSED_CARD: &str = "HB0005";
    pub const NESTING_TOO_DEEP: &str = "HB0006";
    pub const TOO_MANY_ERRORS: &str = "HB0007";
    pub const POOL_TOO_LARGE: &str = "HB0008";

    pub const UNKNOWN_CARD_TYPE: &str = "HB0101";
    pub const UNKNOWN_FIELD: &str = "HB0102";
    pub const FIELD_NOT_ALLOWED: &str = "HB0103";
    pub const MISSING_FIELD: &str = "HB0104";
    pub const DUPLICATE_FIELD: &str = "HB0105";
    pub const BAD_NAME: &str = "HB0106";

    pub const BAD_VALUE: &str = "HB0201";
    pub const OUT_OF_RANGE: &str = "HB0202";
    pub const UNKNOWN_CLASS: &str = "HB0203";
    pub const UNKNOWN_FACTION: &str = "HB0204";
    pub const UNKNOWN_TRAIT: &str = "HB0205";
    pub const TRAIT_NEEDS_VALUE: &str = "HB0206";
    pub const TRAIT_TAKES_NO_VALUE: &str = "HB0207";
    pub const DUPLICATE_TRAIT: &str = "HB0208";

    pub const DUPLICATE_CARD: &str = "HB0301";
    pub const CAPITAL_NOT_UNIQUE: &str = "HB0302";
    pub const WING_CARRIES_MARINES: &str = "HB0303";
    pub const CHARACTER_REGIMENTED: &str = "HB0304";
    pub const FACE_DOWN_NOT_MODULE_SHIP: &str = "HB0305";
    pub const STATION_FACTION_ONLY: &str = "HB0306";
    pub const FITS_NO_SHIP: &str = "HB0307";
    pub const ZERO_WOUNDS: &str = "HB0308";
    pub const BREAKTHRU_COST: &str = "HB0309";
    pub const FACE_DOWN_COST: &str = "HB0310";
    pub const CARD_INVALID: &str = "HB0311";

    /// Every code with a one-line meaning, in code order.
    pub const ALL: &[(&str, &str)] = &[
        (READ_ERROR, "a card file or directory cannot be read"),
        (
            FILE_TOO_LARGE,
            "a card file or the whole pool is over its size cap",
        ),
        (NOT_UTF8, "a card file is not UTF-8"),
        (SYNTAX, "syntax error"),
        (UNCLOSED_CARD, "a card's `{` is never closed"),
        (NESTING_TOO_DEEP, "brace blocks nested too deeply"),
        (
            TOO_MANY_ERRORS,
            "too many diagnostics in one file; the rest are suppressed",
        ),
        (
            POOL_TOO_LARGE,
            "the pool has more cards, or more bytes, than one card database holds",
        ),
        (UNKNOWN_CARD_TYPE, "unknown card type"),
        (UNKNOWN_FIELD, "unknown field"),
        (
            FIELD_NOT_ALLOWED,
            "field not allowed on this card type or class",
        ),
        (MISSING_FIELD, "required field missing"),
        (DUPLICATE_FIELD, "field given twice"),
        (BAD_NAME, "card name empty or malformed"),
        (BAD_VALUE, "malformed field value"),
        (OUT_OF_RANGE, "number out of range"),
        (UNKNOWN_CLASS, "unknown ship class"),
        (UNKNOWN_FACTION, "unknown faction"),
        (UNKNOWN_TRAIT, "unknown trait"),
        (TRAIT_NEEDS_VALUE, "stackable trait without `+X`"),
        (TRAIT_TAKES_NO_VALUE, "passive trait written with `+X`"),
        (DUPLICATE_TRAIT, "trait listed twice"),
        (DUPLICATE_CARD, "two cards in the pool share a name"),
        (CAPITAL_NOT_UNIQUE, "Capital Ship without `Unique` (§2.5.8)"),
        (
            WING_CARRIES_MARINES,
            "Fighter Wing with Marine capacity (§2.5.1)",
        ),
        (CHARACTER_REGIMENTED, "Regimented Marine-Character (§2.4.2)"),
        (
            FACE_DOWN_NOT_MODULE_SHIP,
            "Face Up-Face Down on a card that is not a Module-Ship (§3.4.4)",
        ),
        (STATION_FACTION_ONLY, "Station faction marked `only`"),
        (
            FITS_NO_SHIP,
            "`fits:` admits no ship the card could attach to",
        ),
        (ZERO_WOUNDS, "unit or Module-Station with 0 wounds"),
        (BREAKTHRU_COST, "Breakthru with a cost other than 0 (§2.8)"),
        (
            FACE_DOWN_COST,
            "Face Up-Face Down module with a cost other than 0 (§3.4.4)",
        ),
        (
            CARD_INVALID,
            "a card breaks a rule the database loader checks that no other check caught",
        ),
    ];
}

/// The long explanations behind `cardc explain HB0417`, one `## HBxxxx` section per code, kept
/// in one file so they read (and review) as one document.
const EXPLANATIONS: &str = include_str!("diag/explanations.md");

/// The long explanation of `code` (what it means, a wrong example, the fix, the rulebook section
/// where there is one), or `None` for a code no tool emits. Matching ignores case, so `hb0417`
/// finds `HB0417`.
pub fn explanation(code: &str) -> Option<&'static str> {
    explained_codes()
        .find(|(c, _)| c.eq_ignore_ascii_case(code))
        .map(|(_, text)| text)
}

/// Every explained code with its text, in the order of the explanations file.
pub fn explained_codes() -> impl Iterator<Item = (&'static str, &'static str)> {
    EXPLANATIONS.split("\n## ").skip(1).map(|section| {
        let (code, text) = section.split_once('\n').unwrap_or((section, ""));
        (code.trim(), text.trim())
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A secondary label; it may point into another file (a duplicate card name defined elsewhere).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    pub file: String,
    pub span: Span,
    pub message: String,
}

/// One problem in a user's file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code, e.g. `HB0102` (see [`codes`]).
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    /// Display name of the file (repo-relative), as in [`SourceFile::name`].
    pub file: String,
    /// Primary byte span; `0..0` for a problem with the whole file.
    pub span: Span,
    /// Text under the primary span.
    pub label: Option<String>,
    pub secondary: Vec<Label>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(
        severity: Severity,
        code: &'static str,
        file: impl Into<String>,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            code,
            severity,
            message: message.into(),
            file: file.into(),
            span: Span::default(),
            label: None,
            secondary: Vec::new(),
            help: None,
        }
    }

    pub fn error(
        code: &'static str,
        file: impl Into<String>,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, file, message)
    }

    pub fn warning(
        code: &'static str,
        file: impl Into<String>,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, file, message)
    }

    /// Sets the primary span and its label.
    pub fn at(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.span = span;
        let label = label.into();
        self.label = (!label.is_empty()).then_some(label);
        self
    }

    /// Adds a secondary label in the same file.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        let file = self.file.clone();
        self.secondary.push(Label {
            file,
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a secondary label in `file`.
    pub fn with_label_in(
        mut self,
        file: impl Into<String>,
        span: Span,
        message: impl Into<String>,
    ) -> Diagnostic {
        self.secondary.push(Label {
            file: file.into(),
            span,
            message: message.into(),
        });
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// 1-based line and column of the primary span, if the file's text is in `files`.
    pub fn location(&self, files: &[SourceFile]) -> Option<(usize, usize)> {
        find(files, &self.file).map(|text| line_col(text, self.span.start))
    }

    /// The flat record the CLI prints as JSON (schema in docs/cardc.md). A problem with a whole
    /// file (empty primary span, no label) has no position: `line`/`column` are `None`, as they
    /// are when the file's text is not in `files`.
    pub fn to_record(&self, files: &[SourceFile]) -> Record {
        let whole_file = self.span.is_empty() && self.label.is_none();
        let (line, column) = match self.location(files) {
            Some((l, c)) if !whole_file => (Some(l), Some(c)),
            _ => (None, None),
        };
        Record {
            code: self.code,
            severity: self.severity,
            file: self.file.clone(),
            start: self.span.start,
            end: self.span.end,
            line,
            column,
            message: self.message.clone(),
            label: self.label.clone(),
            related: self
                .secondary
                .iter()
                .map(|l| {
                    let at = find(files, &l.file).map(|text| line_col(text, l.span.start));
                    RelatedRecord {
                        file: l.file.clone(),
                        start: l.span.start,
                        end: l.span.end,
                        line: at.map(|(line, _)| line),
                        column: at.map(|(_, column)| column),
                        message: l.message.clone(),
                    }
                })
                .collect(),
            help: self.help.clone(),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(miette_severity(self.severity))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(same_file_labels(self, None).into_iter()))
    }
}

/// Most diagnostics kept for one file; past it a single [`codes::TOO_MANY_ERRORS`] closes the
/// list, so a garbage file cannot flood the output or memory.
pub const MAX_DIAGNOSTICS_PER_FILE: usize = 200;

/// Collects one file's diagnostics, capped at [`MAX_DIAGNOSTICS_PER_FILE`].
#[derive(Debug, Clone)]
pub struct Sink {
    file: String,
    diags: Vec<Diagnostic>,
    dropped: usize,
}

impl Sink {
    pub fn new(file: impl Into<String>) -> Sink {
        Sink {
            file: file.into(),
            diags: Vec::new(),
            dropped: 0,
        }
    }

    /// The file's display name.
    pub fn file(&self) -> &str {
        &self.file
    }

    pub fn push(&mut self, d: Diagnostic) {
        if self.diags.len() < MAX_DIAGNOSTICS_PER_FILE {
            self.diags.push(d);
        } else {
            self.dropped += 1;
        }
    }

    /// True once the cap is reached: callers may stop looking for more problems.
    pub fn is_full(&self) -> bool {
        self.diags.len() >= MAX_DIAGNOSTICS_PER_FILE
    }

    pub fn has_errors(&self) -> bool {
        self.dropped > 0 || self.diags.iter().any(Diagnostic::is_error)
    }

    /// The diagnostics in source order; if any were dropped, a final note says so.
    pub fn into_diagnostics(mut self) -> Vec<Diagnostic> {
        self.diags.sort_by_key(|d| d.span.start);
        if self.is_full() {
            let more = if self.dropped > 0 {
                format!(" ({} more not shown)", self.dropped)
            } else {
                String::new()
            };
            self.diags.push(
                Diagnostic::error(
                    codes::TOO_MANY_ERRORS,
                    self.file.clone(),
                    format!(
                        "too many problems in this file; stopped after {MAX_DIAGNOSTICS_PER_FILE}{more}"
                    ),
                )
                .with_help("fix the problems above and compile again"),
            );
        }
        self.diags
    }
}

/// One diagnostic as a flat record, for `--message-format json` (docs/cardc.md, "JSON
/// records"). Field order is the printed order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Record {
    pub code: &'static str,
    pub severity: Severity,
    pub file: String,
    /// Byte offsets of the primary span (`0`/`0` for a whole-file problem).
    pub start: usize,
    pub end: usize,
    /// 1-based; `null` for a problem with the whole file.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
    /// The text under the primary span, if any.
    pub label: Option<String>,
    /// The other places involved, each with its own file and position.
    pub related: Vec<RelatedRecord>,
    pub help: Option<String>,
}

/// A secondary label of a [`Record`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RelatedRecord {
    pub file: String,
    pub start: usize,
    pub end: usize,
    /// 1-based; `null` when the file's text is not at hand.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

/// How [`render_human`] draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HumanStyle {
    pub color: bool,
    pub width: usize,
}

impl HumanStyle {
    /// No colour, 100 columns: what snapshots hold, identical in CI and a terminal.
    pub const PLAIN: HumanStyle = HumanStyle {
        color: false,
        width: 100,
    };
}

/// rustc/cargo-style report with a source snippet (miette's graphical handler).
///
/// A diagnostic about a whole file (empty primary span, no labels: a deck's card count, an
/// unreadable file) gets no snippet: pointing at line 1 would suggest the problem is there.
///
/// Each call indexes the file's lines once; to render many diagnostics of one file, use one
/// [`HumanRenderer`] (as [`render_all_human`] does) so the index is built once for them all.
pub fn render_human(diag: &Diagnostic, files: &[SourceFile], style: HumanStyle) -> String {
    HumanRenderer::new(files, style).render(diag)
}

/// [`render_human`] with [`HumanStyle::PLAIN`].
pub fn render_human_plain(diag: &Diagnostic, files: &[SourceFile]) -> String {
    render_human(diag, files, HumanStyle::PLAIN)
}

/// Every diagnostic rendered by [`render_human`], separated by blank lines.
pub fn render_all_human(diags: &[Diagnostic], files: &[SourceFile], style: HumanStyle) -> String {
    let renderer = HumanRenderer::new(files, style);
    let mut out = String::new();
    for d in diags {
        out.push_str(&renderer.render(d));
        out.push('\n');
    }
    out
}

/// Renders human diagnostics against a set of files in time linear in the files plus the
/// diagnostics: each file's line starts are computed once, on first use, and miette is handed
/// only the few lines around each label (clipped around the label on a very long line), never
/// the whole file to scan. A label past column 65,535 or a multi-megabyte line renders like
/// any other.
pub struct HumanRenderer<'a> {
    files: &'a [SourceFile],
    by_name: BTreeMap<&'a str, usize>,
    lines: Vec<OnceCell<LineIndex>>,
    handler: GraphicalReportHandler,
}

impl<'a> HumanRenderer<'a> {
    pub fn new(files: &'a [SourceFile], style: HumanStyle) -> HumanRenderer<'a> {
        let theme = if style.color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let mut by_name = BTreeMap::new();
        for (i, f) in files.iter().enumerate() {
            // The first file of a name wins, as a linear search would find it.
            by_name.entry(f.name.as_str()).or_insert(i);
        }
        HumanRenderer {
            files,
            by_name,
            lines: files.iter().map(|_| OnceCell::new()).collect(),
            handler: GraphicalReportHandler::new_themed(theme)
                .with_width(style.width)
                .with_links(false),
        }
    }

    /// One diagnostic, as [`render_human`] draws it.
    pub fn render(&self, diag: &Diagnostic) -> String {
        let whole_file = diag.span.is_empty() && diag.label.is_none() && diag.secondary.is_empty();
        let source = |name: &str| -> Option<FileSource<'_>> {
            if whole_file {
                return None;
            }
            let &i = self.by_name.get(name)?;
            let file = self.files.get(i)?;
            let lines = self
                .lines
                .get(i)?
                .get_or_init(|| LineIndex::new(&file.text));
            Some(FileSource {
                name: &file.name,
                text: &file.text,
                lines,
            })
        };
        let report = Report {
            diag,
            source: source(&diag.file),
            related: diag
                .secondary
                .iter()
                .filter(|l| !drawn_beside(diag, l))
                .map(|label| Elsewhere {
                    label,
                    source: source(&label.file),
                })
                .collect(),
        };
        let mut out = String::new();
        match self.handler.render_report(&mut out, &report) {
            Ok(()) => out,
            // A snippet miette cannot draw must not lose the diagnostic.
            Err(_) => format!("{}\n", render_short(diag, self.files)),
        }
    }
}

/// `file:line:col: error[HB0102]: message`, one line.
pub fn render_short(diag: &Diagnostic, files: &[SourceFile]) -> String {
    let (line, column) = diag.location(files).unwrap_or((1, 1));
    format!(
        "{}:{line}:{column}: {}[{}]: {}",
        diag.file, diag.severity, diag.code, diag.message
    )
}

fn miette_severity(s: Severity) -> miette::Severity {
    match s {
        Severity::Error => miette::Severity::Error,
        Severity::Warning => miette::Severity::Warning,
    }
}

fn find<'a>(files: &'a [SourceFile], name: &str) -> Option<&'a str> {
    files
        .iter()
        .find(|f| f.name == name)
        .map(|f| f.text.as_str())
}

/// Longest label drawn, in bytes: a longer span is drawn from its start, so one diagnostic's
/// snippet stays small however much of the file its span covers.
const MAX_LABEL_BYTES: usize = 4096;

/// Clamps a span to `text`, to character boundaries and to [`MAX_LABEL_BYTES`], so miette never
/// sees a bad span or draws an unbounded one.
fn clamp(span: Span, text: Option<&str>) -> SourceSpan {
    let Some(text) = text else {
        return SourceSpan::from(span.start..span.end.max(span.start));
    };
    let start = floor_char(text, span.start);
    let end = floor_char(text, span.end.min(start.saturating_add(MAX_LABEL_BYTES))).max(start);
    SourceSpan::from(start..end)
}

/// `at` clamped to `text` and moved back to a character boundary.
fn floor_char(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// `at` clamped to `text` and moved forward to a character boundary.
fn ceil_char(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// Farthest a secondary label may be from the primary span, in bytes, to be drawn in the same
/// snippet: miette draws every line between two labels it joins, so a label farther away (or in
/// another file) gets a note with its own snippet instead, and one diagnostic's snippet stays
/// small however far apart its labels are.
const MAX_LABEL_GAP: usize = 16 * 1024;

/// Whether secondary label `l` is drawn in the primary span's snippet.
fn drawn_beside(diag: &Diagnostic, l: &Label) -> bool {
    // The spans as drawn: backwards spans are points, long ones are cut (see `clamp`).
    let drawn = |s: Span| {
        let end = s
            .end
            .max(s.start)
            .min(s.start.saturating_add(MAX_LABEL_BYTES));
        Span::new(s.start, end)
    };
    let (a, b) = (drawn(diag.span), drawn(l.span));
    let gap = if b.start > a.end {
        b.start - a.end
    } else {
        a.start.saturating_sub(b.end)
    };
    l.file == diag.file && gap <= MAX_LABEL_GAP
}

fn same_file_labels(diag: &Diagnostic, text: Option<&str>) -> Vec<LabeledSpan> {
    let mut labels = vec![LabeledSpan::new_primary_with_span(
        diag.label.clone(),
        clamp(diag.span, text),
    )];
    for l in diag.secondary.iter().filter(|l| drawn_beside(diag, l)) {
        labels.push(LabeledSpan::new_with_span(
            Some(l.message.clone()),
            clamp(l.span, text),
        ));
    }
    labels
}

/// Where each line of a file starts, counted as miette counts lines (`\n`, `\r\n` and a lone
/// `\r` each end one), so a window of lines cut from the file renders exactly as the whole
/// file would.
#[derive(Debug)]
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    i += 2;
                    starts.push(i);
                }
                b'\r' | b'\n' => {
                    i += 1;
                    starts.push(i);
                }
                _ => i += 1,
            }
        }
        LineIndex { starts }
    }

    /// The 0-based line holding byte `at`.
    fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at).saturating_sub(1)
    }

    fn start(&self, line: usize, text: &str) -> usize {
        self.starts.get(line).copied().unwrap_or(text.len())
    }

    /// Bytes of `line` including its line break.
    fn len(&self, line: usize, text: &str) -> usize {
        self.start(line + 1, text) - self.start(line, text)
    }
}

/// A line longer than this is shown clipped around the label, without context lines.
const MAX_SHOWN_LINE_BYTES: usize = 1024;
/// How much of a clipped line is shown on each side of the label.
const CLIP_MARGIN_BYTES: usize = 120;

/// A file's text under its display name, with its line index; nothing is copied.
#[derive(Debug, Clone, Copy)]
struct FileSource<'a> {
    name: &'a str,
    text: &'a str,
    lines: &'a LineIndex,
}

impl SourceCode for FileSource<'_> {
    /// What miette's own `str` implementation returns, computed on a window of the few lines
    /// around `span` (found through the line index) rather than by scanning the file from its
    /// start; a very long line is cut around the span.
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let (text, lines) = (self.text, self.lines);
        let start = span.offset();
        let end = start.saturating_add(span.len());
        if end > text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let first = lines.line_of(start);
        let last = lines.line_of(end.saturating_sub(1).max(start));
        let short = |line: usize| lines.len(line, text) <= MAX_SHOWN_LINE_BYTES;

        // Window start: a long first line is cut before the span; otherwise up to `before` + 1
        // short lines of context.
        let (from, from_line, clipped) = if short(first) {
            // One line more than the context, so the scan below starts as it would on the
            // whole file (an empty span at a line's start is read the same way).
            let mut l = first;
            while l > 0 && first - l < before + 1 && short(l - 1) {
                l -= 1;
            }
            (lines.start(l, text), l, false)
        } else {
            let at = floor_char(text, start.saturating_sub(CLIP_MARGIN_BYTES));
            (at.max(lines.start(first, text)), first, true)
        };
        // Window end: a long last line is cut after the span; otherwise the line after the
        // context too, so the scan below stops where it would on the whole file.
        let to = if short(last) {
            let mut l = last;
            while l + 1 < lines.starts.len() && l - last < after + 1 && short(l + 1) {
                l += 1;
            }
            lines.start(l + 1, text)
        } else {
            let line_end = lines.start(last + 1, text);
            ceil_char(text, end.saturating_add(CLIP_MARGIN_BYTES)).min(line_end)
        };
        let window = text
            .as_bytes()
            .get(from..to)
            .ok_or(MietteError::OutOfBounds)?;
        let inner = SourceSpan::from((start - from)..(end - from));
        let got = window.read_span(&inner, before, after)?;
        let column = if clipped && before == 0 {
            // Bytes from the line's real start, as miette counts columns.
            start - lines.start(first, text)
        } else {
            got.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            got.data(),
            SourceSpan::from((got.span().offset() + from, got.span().len())),
            got.line() + from_line,
            column,
            got.line_count() + from_line,
        )))
    }
}

/// A [`Diagnostic`] joined with its source, as miette renders it.
struct Report<'a> {
    diag: &'a Diagnostic,
    source: Option<FileSource<'a>>,
    related: Vec<Elsewhere<'a>>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diag, f)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diag.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.diag.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(miette_severity(self.diag.severity))
    }

    /// The help line, then where the code's long explanation is (issue #40 §4): every code
    /// with one ends on `see: cardc explain HBxxxx`, as rustc points to `rustc --explain`.
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let see =
            explanation(self.diag.code).map(|_| format!("see: cardc explain {}", self.diag.code));
        match (&self.diag.help, see) {
            (Some(h), Some(see)) => Some(Box::new(format!("{h}\n{see}"))),
            (Some(h), None) => Some(Box::new(h)),
            (None, Some(see)) => Some(Box::new(see)),
            (None, None) => None,
        }
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.source?;
        let text = self.source.map(|s| s.text);
        Some(Box::new(same_file_labels(self.diag, text).into_iter()))
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn miette::Diagnostic> + 'b>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(
            self.related.iter().map(|r| r as &dyn miette::Diagnostic),
        ))
    }
}

/// A secondary label in another file, drawn as a related note with that file's snippet.
struct Elsewhere<'a> {
    label: &'a Label,
    source: Option<FileSource<'a>>,
}

impl fmt::Debug for Elsewhere<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.label, f)
    }
}

impl fmt::Display for Elsewhere<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label.message)
    }
}

impl std::error::Error for Elsewhere<'_> {}

impl miette::Diagnostic for Elsewhere<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(miette::Severity::Advice)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let source = self.source?;
        Some(Box::new(std::iter::once(
            LabeledSpan::new_primary_with_span(
                Some(self.label.message.clone()),
                clamp(self.label.span, Some(source.text)),
            ),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> Vec<SourceFile> {
        vec![SourceFile::new(
            "cards/a.hb",
            "Ship \"A\" {\n    atack: 5\n}\n",
        )]
    }

    #[test]
    fn short_form_has_line_and_column() {
        let d = Diagnostic::error(codes::UNKNOWN_FIELD, "cards/a.hb", "unknown field `atack`")
            .at(Span::new(15, 20), "not a field");
        assert_eq!(
            render_short(&d, &files()),
            "cards/a.hb:2:5: error[HB0102]: unknown field `atack`"
        );
        let r = d.to_record(&files());
        assert_eq!(
            (r.line, r.column, r.start, r.end),
            (Some(2), Some(5), 15, 20)
        );
    }

    #[test]
    fn human_form_shows_snippet_code_and_help() {
        let d = Diagnostic::error(codes::UNKNOWN_FIELD, "cards/a.hb", "unknown field `atack`")
            .at(Span::new(15, 20), "not a field")
            .with_help("did you mean `attack`?");
        let out = render_human_plain(&d, &files());
        assert!(out.contains("HB0102"), "{out}");
        assert!(out.contains("cards/a.hb:2:5"), "{out}");
        assert!(out.contains("not a field"), "{out}");
        assert!(out.contains("did you mean `attack`?"), "{out}");
    }

    #[test]
    fn bad_spans_and_missing_files_still_render() {
        let d = Diagnostic::error(codes::SYNTAX, "cards/a.hb", "x").at(Span::new(999, 5), "here");
        assert!(render_human_plain(&d, &files()).contains('x'));
        let d = Diagnostic::error(codes::READ_ERROR, "nowhere.hb", "cannot read");
        assert!(render_human_plain(&d, &files()).contains("cannot read"));
        assert_eq!(
            render_short(&d, &files()),
            "nowhere.hb:1:1: error[HB0001]: cannot read"
        );
    }

    /// A label past column 65,535 once made miette ask for a format width Rust refuses (a
    /// panic); the line is now cut around the label, and the header still gives the real
    /// line and column.
    #[test]
    fn label_far_along_a_long_line_renders() {
        let long = "é".repeat(40_000); // 80,000 bytes
        let text = format!("Ship \"A\" {{\n    text: \"{long}\" oops\n}}\n");
        let at = text.find("oops").unwrap();
        let files = vec![SourceFile::new("cards/long.hb", text.clone())];
        let d = Diagnostic::error(codes::SYNTAX, "cards/long.hb", "unexpected `oops`")
            .at(Span::new(at, at + 4), "here")
            .with_label(Span::new(11, 15), "the field");
        let out = render_human_plain(&d, &files);
        let column = at - text.find("    text").unwrap() + 1;
        assert!(out.contains(&format!("cards/long.hb:2:{column}")), "{out}");
        assert!(out.contains("oops") && out.contains("here"), "{out}");
        assert!(
            out.len() < 4_000,
            "the snippet is clipped: {} bytes",
            out.len()
        );
        // A label longer than 65,535 bytes on one line is drawn too.
        let d = Diagnostic::error(codes::SYNTAX, "cards/long.hb", "long")
            .at(Span::new(20, at + 4), "all of this");
        assert!(render_human_plain(&d, &files).contains("long"));
    }

    /// Lines counted as miette counts them: `\n`, `\r\n` and a lone `\r`.
    #[test]
    fn line_index_matches_miette_line_breaks() {
        let text = "a\nb\r\nc\rd";
        let idx = LineIndex::new(text);
        assert_eq!(idx.starts, vec![0, 2, 5, 7]);
        assert_eq!(
            (0..text.len()).map(|i| idx.line_of(i)).collect::<Vec<_>>(),
            vec![0, 0, 1, 1, 1, 2, 2, 3]
        );
        assert_eq!(idx.line_of(text.len()), 3);
    }

    /// A window of lines renders exactly as the whole file would (what every snapshot holds).
    #[test]
    fn windowed_snippets_match_whole_file_snippets() {
        struct Whole<'a>(&'a str, &'a str);
        impl SourceCode for Whole<'_> {
            fn read_span<'b>(
                &'b self,
                span: &SourceSpan,
                before: usize,
                after: usize,
            ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
                let inner = self.1.read_span(span, before, after)?;
                Ok(Box::new(MietteSpanContents::new_named(
                    self.0.to_string(),
                    inner.data(),
                    *inner.span(),
                    inner.line(),
                    inner.column(),
                    inner.line_count(),
                )))
            }
        }
        let text = "one\ntwo é\r\nthree\rfour\n\nsix x\nseven";
        let idx = LineIndex::new(text);
        let windowed = FileSource {
            name: "f",
            text,
            lines: &idx,
        };
        let whole = Whole("f", text);
        for start in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            for end in (start..=text.len()).filter(|&i| text.is_char_boundary(i)) {
                for ctx in 0..3 {
                    let span = SourceSpan::from(start..end);
                    let a = windowed.read_span(&span, ctx, ctx).ok();
                    let b = whole.read_span(&span, ctx, ctx).ok();
                    let key = |c: Option<Box<dyn SpanContents<'_> + '_>>| {
                        c.map(|c| {
                            (
                                c.data().to_vec(),
                                *c.span(),
                                c.line(),
                                c.column(),
                                c.line_count(),
                            )
                        })
                    };
                    assert_eq!(key(a), key(b), "span {start}..{end}, context {ctx}");
                }
            }
        }
    }

    #[test]
    fn explanations_are_well_formed_and_unique() {
        let explained: Vec<_> = explained_codes().collect();
        assert!(explained.len() > 80);
        for (i, (code, text)) in explained.iter().enumerate() {
            assert!(code.len() == 6 && code.starts_with("HB"), "{code}");
            assert!(!text.is_empty(), "{code} has no text");
            assert!(
                explained[i + 1..].iter().all(|(c, _)| c != code),
                "{code} twice"
            );
        }
        assert_eq!(explanation("hb0417"), explanation("HB0417"));
        assert!(explanation("HB9999").is_none());
    }

    #[test]
    fn codes_are_unique_and_well_formed() {
        for (i, (a, _)) in codes::ALL.iter().enumerate() {
            assert!(a.len() == 6 && a.starts_with("HB"), "{a}");
            for (b, _) in &codes::ALL[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
