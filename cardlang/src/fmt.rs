//! The formatter behind `cardc fmt` and the language server's formatting: one canonical layout
//! for card files (docs/cardc.md, "`cardc fmt`").
//!
//! It works on the compiler's own parse ([`crate::syntax`]), never a second one, and only moves
//! what carries no meaning:
//! - a card header is `Type "Name" {` (type words joined by one space, the name as written);
//! - entries are indented four spaces, in one order: the fields in [`FieldKey::ALL`] order
//!   (field order is free, docs/cardlang.md), then ability fields and anything unknown in the
//!   order they were written (ability order is kept: it is the order they are listed in);
//! - `key: value` with one space after the colon; runs of blanks outside strings become one;
//! - traits in the rulebook's order ([`crate::ir::TraitName::ALL`], §3.3); the compiler keeps them in
//!   that order too, so reordering them never changes the IR;
//! - brace blocks re-indented by nesting depth, blank lines inside cards dropped, at most one
//!   blank line between top-level comments, one blank line between cards, `\n` line ends and
//!   one newline at the end of the file.
//!
//! Comments are kept: one on its own line travels with the entry below it (or stays at the
//! end of its card), one at the end of a line stays on that line.
//!
//! A file is formatted only if it compiles on its own without an error (the compile
//! `cardc check` runs, one file alone): a file with any error is refused with its
//! diagnostics and left as it is, since the layout of a broken card may be what is wrong with
//! it. Problems only a whole pool has (two cards of one name, a `named "X"` reference to a
//! card of another file, a pool too large for a database) do not stop formatting.
//!
//! A byte-order mark at the start is dropped; CR LF line ends become LF (a lone CR is an error,
//! [`crate::syntax::parse_file`]). Before the text is handed back it is compiled again and
//! held to the input's cards and problems: a layout that would change what a file compiles to
//! is never written, whatever a bug here might do. Formatting is idempotent (`tests/tests/fmt.rs`
//! checks both over every card file of the repository, `tests/tests/fuzz_fmt.rs` over mutants).

use crate::ast::{FieldKey, Value};
use crate::diag::{codes, Diagnostic, Sink};
use crate::source::{SourceFile, MAX_FILE_BYTES};
use crate::syntax::{parse_file, RawCard, RawEntry, RawValue, BYTE_ORDER_MARK};
use crate::{compile, Compilation};

/// Indentation of one level.
const INDENT: &str = "    ";

/// The codes of the problems only a pool has, which do not stop a file being formatted.
const POOL_WIDE: [&str; 4] = [
    codes::DUPLICATE_CARD,
    crate::effect::codes::UNKNOWN_CARD,
    crate::effect::codes::NAMED_WRONG_KIND,
    codes::POOL_TOO_LARGE,
];

/// The file in canonical layout, or why it cannot be formatted: its errors, its size over the
/// compiler's cap, or (never expected) a layout that would compile differently.
pub fn format_source(file: &str, text: &str) -> Result<String, Vec<Diagnostic>> {
    if text.len() > MAX_FILE_BYTES {
        return Err(vec![crate::source::too_large(file.to_string())]);
    }
    let before = compile(&[SourceFile::new(file, text)]);
    let errors: Vec<Diagnostic> = before
        .diagnostics
        .iter()
        .filter(|d| d.is_error() && !POOL_WIDE.contains(&d.code))
        .cloned()
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let mut sink = Sink::new(file);
    let cards = parse_file(text, &mut sink);
    let problems = sink.into_diagnostics();
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut out = Out::default();
    let mut pos = 0;
    for card in &cards {
        top_level_gap(text, pos, card.span.start, &mut out);
        pos = format_card(text, card, &mut out);
    }
    top_level_gap(text, pos, text.len(), &mut out);
    let mut s = out.text;
    while s.ends_with("\n\n") {
        s.pop();
    }
    if !s.is_empty() && !s.ends_with('\n') {
        s.push('\n');
    }
    let after = compile(&[SourceFile::new(file, s.as_str())]);
    if after.cards != before.cards || problems_of(&after) != problems_of(&before) {
        return Err(vec![Diagnostic::error(
            codes::SYNTAX,
            file,
            "formatting would change what this file compiles to; left as it is",
        )
        .with_help(
            "this is a bug in `cardc fmt`: please report it with the file",
        )]);
    }
    Ok(s)
}

/// What a compilation reports, without where: a layout moves text, so spans change.
fn problems_of(c: &Compilation) -> Vec<(&str, &str)> {
    let mut v: Vec<(&str, &str)> = c
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message.as_str()))
        .collect();
    v.sort_unstable();
    v
}

/// The formatted text, and whether the last thing written was a card (so a blank line goes
/// before whatever follows).
#[derive(Default)]
struct Out {
    text: String,
    after_card: bool,
    pending_blank: bool,
}

impl Out {
    fn line(&mut self, line: &str) {
        if (self.after_card || self.pending_blank) && !self.text.is_empty() {
            self.text.push('\n');
        }
        self.after_card = false;
        self.pending_blank = false;
        self.text.push_str(line);
        self.text.push('\n');
    }
}

/// A comment or a line break between two pieces of syntax.
#[derive(Debug, PartialEq, Eq)]
enum Trivia<'s> {
    Comment(&'s str),
    Newline,
}

/// The comments and line breaks in `text[from..]` up to the first thing that is neither
/// (or `to`); returns them and where that thing starts.
fn trivia(text: &str, from: usize, to: usize) -> (Vec<Trivia<'_>>, usize) {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut pos = from;
    while pos < to {
        match bytes.get(pos) {
            Some(b' ' | b'\t' | b'\r') => pos += 1,
            Some(b'\n') => {
                out.push(Trivia::Newline);
                pos += 1;
            }
            Some(b'#') => {
                let end = text
                    .get(pos..to)
                    .and_then(|r| r.find('\n'))
                    .map_or(to, |i| pos + i);
                out.push(Trivia::Comment(text.get(pos..end).unwrap_or("").trim_end()));
                pos = end;
            }
            _ => break,
        }
    }
    (out, pos)
}

/// Comments between cards: kept in order, blank-line runs collapsed to one.
fn top_level_gap(text: &str, from: usize, to: usize, out: &mut Out) {
    let (items, _) = trivia(text, from, to);
    let mut newlines = 0;
    for item in items {
        match item {
            Trivia::Newline => {
                newlines += 1;
                if newlines >= 2 {
                    out.pending_blank = true;
                }
            }
            Trivia::Comment(c) => {
                out.line(c);
                newlines = 0;
            }
        }
    }
}

/// One entry with the comments that belong to it.
struct Entry<'a, 's> {
    raw: &'a RawEntry<'s>,
    /// Own-line comments just above it.
    leading: Vec<&'s str>,
    /// A comment at the end of its last line.
    trailing: Option<&'s str>,
}

/// Splits the trivia after a piece of syntax into the comment on its line and the own-line
/// comments below it.
fn split_trailing<'s>(items: Vec<Trivia<'s>>) -> (Option<&'s str>, Vec<&'s str>) {
    let mut trailing = None;
    let mut rest = Vec::new();
    let mut seen_newline = false;
    for item in items {
        match item {
            Trivia::Newline => seen_newline = true,
            Trivia::Comment(c) if !seen_newline => trailing = Some(c),
            Trivia::Comment(c) => rest.push(c),
        }
    }
    (trailing, rest)
}

fn with_comment(line: String, comment: Option<&str>) -> String {
    match comment {
        Some(c) => format!("{line} {c}"),
        None => line,
    }
}

/// Writes one card; returns where its text ends (after the closing brace and its comment).
fn format_card(text: &str, card: &RawCard<'_>, out: &mut Out) -> usize {
    let type_words: Vec<&str> = card.type_word.split_whitespace().collect();
    let name = text
        .get(card.name.span.start..card.name.span.end)
        .unwrap_or("");
    let header = format!("{} {name} {{", type_words.join(" "));

    // Comments after the `{` and between entries.
    let (items, _) = trivia(text, card.open_brace.end, card.span.end);
    let (header_comment, mut pending) = split_trailing(items);
    let mut entries: Vec<Entry<'_, '_>> = Vec::new();
    for raw in &card.entries {
        let (items, _) = trivia(text, raw.span.end, card.span.end);
        let (trailing, below) = split_trailing(items);
        entries.push(Entry {
            raw,
            leading: std::mem::take(&mut pending),
            trailing,
        });
        pending = below;
    }
    // `pending` now holds the comments before the closing brace; find the brace itself.
    let body_end = card
        .entries
        .last()
        .map_or(card.open_brace.end, |e| e.span.end);
    let (_, close) = trivia(text, body_end, card.span.end);
    let (items, end) = trivia(text, close + 1, card.span.end);
    let (close_comment, _) = split_trailing(items);

    out.line(&with_comment(header, header_comment));
    let traits = trait_order(card);
    entries.sort_by_key(|e| rank(e.raw.key));
    for e in &entries {
        for c in &e.leading {
            out.line(&format!("{INDENT}{c}"));
        }
        let lines = format_entry(e.raw, &traits);
        let last = lines.len().saturating_sub(1);
        for (i, l) in lines.into_iter().enumerate() {
            let l = if l.is_empty() {
                l
            } else {
                format!("{INDENT}{l}")
            };
            out.line(&if i == last {
                with_comment(l, e.trailing)
            } else {
                l
            });
        }
    }
    for c in &pending {
        out.line(&format!("{INDENT}{c}"));
    }
    out.line(&with_comment("}".to_string(), close_comment));
    out.after_card = true;
    end.max(card.span.end)
}

/// Where an entry goes: the fields in [`FieldKey::ALL`] order, then everything else as written.
fn rank(key: &str) -> usize {
    FieldKey::from_name(key)
        .and_then(|k| FieldKey::ALL.iter().position(|&a| a == k))
        .unwrap_or(FieldKey::ALL.len())
}

/// The card's `traits:` items (as written) in the rulebook's order, when every item is a trait
/// the compiler read; `None` (leave them as written) otherwise.
fn trait_order(card: &RawCard<'_>) -> Option<Vec<String>> {
    let entry = card.entries.iter().find(|e| e.key == "traits")?;
    let RawValue::Line { text, span } = entry.value else {
        return None;
    };
    // The compiler's own reading of the list: which item is which trait.
    let mut sink = Sink::new("");
    let decl = crate::lower::lower_card(card, &mut sink);
    let Some(Value::Traits(traits)) = decl.field(FieldKey::Traits).map(|f| &f.value) else {
        return None;
    };
    let items: Vec<&str> = text.split(',').map(|i| i.trim_matches(BLANKS)).collect();
    if items.len() != traits.len() {
        return None;
    }
    let mut keyed = Vec::with_capacity(items.len());
    for (item, t) in items.iter().zip(traits) {
        let at = t.span.start.checked_sub(span.start)?;
        let written = text
            .get(at..t.span.end.checked_sub(span.start)?)?
            .trim_matches(BLANKS);
        if written != *item {
            return None;
        }
        keyed.push((t.node.name().rank(), collapse(item)));
    }
    keyed.sort_by_key(|(order, _)| *order);
    Some(keyed.into_iter().map(|(_, s)| s).collect())
}

/// One entry's lines, without indentation or its trailing comment.
fn format_entry(e: &RawEntry<'_>, traits: &Option<Vec<String>>) -> Vec<String> {
    let key = e.key;
    match e.value {
        RawValue::Flag => vec![key.to_string()],
        RawValue::Line { text: value, .. } => {
            let value = match traits {
                Some(items) if key == "traits" => items.join(", "),
                _ => collapse(value),
            };
            if value.is_empty() {
                vec![format!("{key}:")]
            } else {
                vec![format!("{key}: {value}")]
            }
        }
        RawValue::Phrase { text: value, .. } => vec![format!("{key} {}", collapse(value))],
        RawValue::Block {
            head, text: body, ..
        } => {
            let head = collapse(head);
            let open = match head.as_str() {
                "" => format!("{key} {{"),
                h if h.starts_with(':') => format!("{key}{h} {{"),
                h => format!("{key} {h} {{"),
            };
            block_lines(open, body)
        }
    }
}

/// A brace block: on one line if it was written on one, else one line per body line,
/// indented by nesting depth, with the closing brace on its own line.
fn block_lines(open: String, body: &str) -> Vec<String> {
    if !body.contains('\n') {
        let inner = body.trim_matches(BLANKS);
        return vec![if inner.is_empty() {
            format!("{open}}}")
        } else {
            format!("{open} {inner} }}")
        }];
    }
    let mut lines = vec![open];
    let mut depth: usize = 1;
    for raw in body.split('\n') {
        let line = raw.trim_matches(BLANKS);
        if line.is_empty() {
            continue;
        }
        let (opens, closes_first) = brace_balance(line);
        let here = if closes_first > 0 {
            depth.saturating_sub(closes_first)
        } else {
            depth
        };
        lines.push(format!("{}{line}", INDENT.repeat(here)));
        depth = (depth as isize + opens).max(1) as usize;
    }
    lines.push("}".to_string());
    lines
}

/// The net change of nesting depth over one line of a block (braces in strings and comments
/// do not count), and how many `}` open the line.
fn brace_balance(line: &str) -> (isize, usize) {
    let mut net = 0isize;
    let mut leading = 0;
    let mut at_start = true;
    let mut in_string = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '#' => break,
            '{' => net += 1,
            '}' => {
                net -= 1;
                if at_start {
                    leading += 1;
                    continue;
                }
            }
            _ => {}
        }
        if !c.is_whitespace() {
            at_start = false;
        }
    }
    (net, leading)
}

/// The blanks of the card grammar (a CR only before a LF: a lone one is an error). Nothing
/// else is trimmed or collapsed, not even what Unicode calls white space (a form feed, a
/// no-break space): to the compiler those are characters, and may mean something.
const BLANKS: [char; 3] = [' ', '\t', '\r'];

/// `s` trimmed, with every run of blanks outside strings made one space.
fn collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut blank = false;
    for c in s.trim_matches(BLANKS).chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        if c == ' ' || c == '\t' {
            blank = true;
            continue;
        }
        if blank {
            out.push(' ');
            blank = false;
        }
        if c == '"' {
            in_string = true;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        match format_source("t.hb", text) {
            Ok(s) => s,
            Err(d) => panic!("{d:?}"),
        }
    }

    #[test]
    fn orders_fields_and_traits_and_keeps_comments() {
        let text = "# top\n\n\n# more\nShip   \"A\" {   # head\n\n  traits: Stealth,   Interceptor +1\n\t# about class\n  class :Frigate # trailing\n  cost: 1R\n  attack: 1\n  defense: 1\n  wounds: 1\n  when deployed:   draw 1\n  # last\n}  # end\nEvent \"B\" {\n  cost: 1C\n  play: draw 1\n}";
        assert_eq!(
            fmt(text),
            "# top\n\n# more\nShip \"A\" { # head\n    # about class\n    class: Frigate # trailing\n    cost: 1R\n    attack: 1\n    defense: 1\n    wounds: 1\n    traits: Interceptor +1, Stealth\n    when deployed: draw 1\n    # last\n} # end\n\nEvent \"B\" {\n    cost: 1C\n    play: draw 1\n}\n"
        );
    }

    #[test]
    fn blocks_are_reindented() {
        let text = "Event \"B\" {\n  cost: 1C\n  play {\n draw 1;\n\n      gain 1R\n   }\n}\n";
        assert_eq!(
            fmt(text),
            "Event \"B\" {\n    cost: 1C\n    play {\n        draw 1;\n        gain 1R\n    }\n}\n"
        );
    }

    #[test]
    fn is_idempotent_on_its_own_output() {
        let text = "Event \"A\" {\n cost: 1C\n  play: {\n  draw 1;\n gain 1R\n}\n}\n";
        let once = fmt(text);
        assert_eq!(fmt(&once), once);
    }

    #[test]
    fn a_byte_order_mark_and_cr_lf_are_dropped() {
        let text = "\u{feff}# c\r\nEvent \"B\" {\r\n  cost: 1C # x\r\n  play: draw 1\n}\r\n";
        assert_eq!(
            fmt(text),
            "# c\nEvent \"B\" {\n    cost: 1C # x\n    play: draw 1\n}\n"
        );
    }

    /// Found by `tests/tests/fuzz_fmt.rs`: a form feed after `fits:` was trimmed as white
    /// space, and the card's `fits` read differently.
    #[test]
    fn only_the_grammar_s_blanks_are_trimmed() {
        let text = "Marine \"M\" {\n    cost: 1R\n    attack: 2\n    defense: 5\n    wounds: 1\n    space: 1\n    fits:\u{c} Cruiser or smaller\n}\n";
        let once = fmt(text);
        assert!(once.contains("fits: \u{c} Cruiser"), "{once:?}");
    }

    #[test]
    fn refuses_a_file_with_any_error_of_its_own() {
        // A field without its colon; an ability the compiler does not understand; a lone CR
        // after a comment (which would otherwise swallow the line after it).
        for text in [
            "Event \"B\" {\n  cost 1C\n  play: draw 1\n}\n",
            "Event \"B\" {\n  cost: 1C\n  play:  draw\u{a0}\u{a0}1\n}\n",
            "Event \"B\" {\n  cost: 1C # c\r  play: draw 1\n}\n",
        ] {
            assert!(format_source("t.hb", text).is_err(), "{text:?}");
        }
        // A problem only the pool has does not stop it.
        let named = "Event \"B\" {\n  cost: 1C\n  play:   search your shipyard for a Marine named \"Elsewhere\" and put it in hand\n}\n";
        assert!(compile(&[SourceFile::new("t.hb", named)]).has_errors());
        assert!(format_source("t.hb", named).is_ok());
    }

    #[test]
    fn refuses_a_file_that_does_not_parse() {
        let Err(d) = format_source("t.hb", "Ship \"A\" {\n  class: Frigate\n") else {
            panic!("formatted a broken file")
        };
        assert_eq!(d[0].code, codes::UNCLOSED_CARD);
    }
}
