//! The pest parse of one file into raw cards, with error recovery.
//!
//! The grammar (`card.pest`) is structural: a raw card is its header, and entries of
//! `key: value` (the value is the raw rest of the line), `key { raw block }` and bare flags.
//! Typing happens in [`crate::lower`].
//!
//! Recovery: a file is first parsed whole. If that fails, it is parsed card by card; after a
//! syntax error the parser resyncs at the next line that looks like a card header
//! (`Word "`), so every broken card in a file is reported, not just the first.

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser;

use crate::diag::{codes, Diagnostic, Sink};
use crate::source::Span;

/// Deepest nesting of `{ }` inside a card's block field (the card's own braces not counted).
pub const MAX_BLOCK_DEPTH: usize = 8;

#[derive(pest_derive::Parser)]
#[grammar = "card.pest"]
struct CardParser;

/// A card as written, before any typing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawCard<'s> {
    /// The whole card, header to closing brace.
    pub span: Span,
    /// The type word(s) before the name, e.g. `Ship` or a misspelt `Shp`.
    pub type_word: &'s str,
    pub type_span: Span,
    pub name: RawString<'s>,
    pub open_brace: Span,
    pub entries: Vec<RawEntry<'s>>,
}

/// A quoted string, escapes not yet processed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawString<'s> {
    /// Text between the quotes.
    pub inner: &'s str,
    pub inner_span: Span,
    /// The literal with its quotes.
    pub span: Span,
}

/// One line (or block) inside a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawEntry<'s> {
    pub key: &'s str,
    pub key_span: Span,
    /// The whole entry, key to end of value or closing brace (no trailing comment).
    pub span: Span,
    /// The source text of `span`: what an ability parser is handed.
    pub text: &'s str,
    pub value: RawValue<'s>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RawValue<'s> {
    /// `key: value`; `text` is the rest of the line without its comment and trailing blanks.
    Line { text: &'s str, span: Span },
    /// `key words...` with no `:` right after the key (ability lines such as
    /// `when deployed: draw 2`); `text` is everything after the key, trimmed.
    Phrase { text: &'s str, span: Span },
    /// `key { ... }`, `key: { ... }` or `key words: { ... }`; `head` is between the key and
    /// the `{` (trimmed), `text` between the braces.
    Block {
        head: &'s str,
        text: &'s str,
        span: Span,
    },
    /// A bare `key`.
    Flag,
}

/// The UTF-8 byte-order mark. Accepted at the very start of a file (some editors write one)
/// and read as nothing; anywhere else it is a character like any other, named in errors.
pub const BYTE_ORDER_MARK: char = '\u{FEFF}';

/// Parses one file's text into raw cards, reporting syntax errors into `sink`.
///
/// Line ends are LF or CR LF, mixed freely. A carriage return on its own (the line end of old
/// Mac editors) is refused: the card grammar, the ability parser and every line count would
/// have to agree on it as a line end, and one that did not would let a `#` comment swallow
/// the rest of a card (docs/cardlang.md, "Files").
pub fn parse_file<'s>(text: &'s str, sink: &mut Sink) -> Vec<RawCard<'s>> {
    let bytes = text.as_bytes();
    let crs = bytes.contains(&b'\r');
    if crs {
        if let Some(d) = lone_carriage_returns(text, sink.file()) {
            sink.push(d);
        }
    }
    // The byte-order mark is skipped, not cut off: spans stay offsets into `text`.
    let base = if text.starts_with(BYTE_ORDER_MARK) {
        BYTE_ORDER_MARK.len_utf8()
    } else {
        0
    };
    let body = text.get(base..).unwrap_or("");
    // A file without carriage returns (most files) takes the grammar's faster variant of
    // `file` (card.pest, "The LF fast path"); both read such a file the same.
    let rule = if crs { Rule::file } else { Rule::file_lf };
    match whole_file(rule, body, base) {
        Some(Ok(cards)) => cards,
        // `file_lf` skipped a key or type words that are not one (`plain_entry`,
        // `type_words`): `file` reads the file exactly.
        None => match whole_file(Rule::file, body, base) {
            Some(Ok(cards)) => cards,
            _ => recover(text, base, sink),
        },
        Some(Err(())) => recover(text, base, sink),
    }
}

/// One diagnostic for the file's carriage returns not followed by a line feed, at the first.
fn lone_carriage_returns(text: &str, file: &str) -> Option<Diagnostic> {
    let bytes = text.as_bytes();
    let lone = |&(i, &b): &(usize, &u8)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    let mut all = bytes.iter().enumerate().filter(lone);
    let (first, _) = all.next()?;
    let more = all.count();
    let help = if more == 0 {
        "save the file with LF or CRLF line endings".to_string()
    } else {
        format!(
            "save the file with LF or CRLF line endings (it has {} lone carriage returns)",
            more + 1
        )
    };
    Some(
        Diagnostic::error(
            codes::SYNTAX,
            file,
            "a carriage return (CR) not followed by a line feed: lines end with LF or CR LF",
        )
        .at(Span::new(first, first + 1), "lone carriage return")
        .with_help(help),
    )
}

/// The cards of `text` (found at byte `base` of the file) read by `rule` (`file` or
/// `file_lf`) in one parse; `Err` if it does not parse, `None` if `file_lf` skipped a key or
/// type words that are not one.
fn whole_file(rule: Rule, text: &str, base: usize) -> Option<Result<Vec<RawCard<'_>>, ()>> {
    let Ok(pairs) = CardParser::parse(rule, text) else {
        return Some(Err(()));
    };
    let mut cards = Vec::new();
    for file in pairs {
        for pair in file.into_inner() {
            if matches!(pair.as_rule(), Rule::file_card | Rule::file_card_lf) {
                cards.push(raw_card(pair, base)?);
            }
        }
    }
    Some(Ok(cards))
}

/// Card-by-card parse from byte `start` (after a byte-order mark): each failure is reported,
/// then parsing resumes at the next header.
fn recover<'s>(text: &'s str, start: usize, sink: &mut Sink) -> Vec<RawCard<'s>> {
    let mut cards = Vec::new();
    let mut pos = skip_trivia(text, start);
    while pos < text.len() && !sink.is_full() {
        let rest = text.get(pos..).unwrap_or("");
        match CardParser::parse(Rule::card_at, rest) {
            Ok(pairs) => {
                let mut end = pos + rest.len();
                for at in pairs {
                    end = pos + at.as_span().end();
                    for pair in at.into_inner() {
                        if pair.as_rule() == Rule::card {
                            cards.extend(raw_card(pair, pos));
                        }
                    }
                }
                // A successful parse always consumes the header, so this makes progress.
                pos = skip_trivia(text, end.max(pos + 1));
            }
            Err(err) => {
                sink.push(syntax_error(text, pos, &err, sink.file()));
                match next_header_line(text, pos) {
                    Some(next) => pos = next,
                    None => break,
                }
            }
        }
    }
    cards
}

/// `None` only for a `file_card_lf` whose header or plain lines hold what `type_words` or
/// `plain_entry` refuse.
fn raw_card(card: Pair<'_, Rule>, base: usize) -> Option<RawCard<'_>> {
    let span = span_of(&card, base);
    let mut raw = RawCard {
        span,
        type_word: "",
        type_span: Span::point(span.start),
        name: RawString {
            inner: "",
            inner_span: Span::point(span.start),
            span: Span::point(span.start),
        },
        open_brace: Span::point(span.start),
        // Most cards have fewer entries: one allocation rather than several.
        entries: Vec::with_capacity(16),
    };
    let mut seen_open = false;
    for pair in card.into_inner() {
        match pair.as_rule() {
            Rule::card_type => {
                raw.type_word = pair.as_str();
                raw.type_span = span_of(&pair, base);
            }
            Rule::card_name => raw.name = raw_string(pair, base),
            Rule::plain_head => plain_head(&pair, base, false, &mut raw)?,
            Rule::plain_head_lf => plain_head(&pair, base, true, &mut raw)?,
            Rule::open_brace if !seen_open => {
                seen_open = true;
                raw.open_brace = span_of(&pair, base);
            }
            Rule::plain_lines => plain_lines(&pair, base, false, &mut raw.entries)?,
            Rule::plain_lines_lf => plain_lines(&pair, base, true, &mut raw.entries)?,
            Rule::line => raw.entries.push(raw_entry(pair, base)),
            _ => {}
        }
    }
    Some(raw)
}

/// `file_card`'s header, one atomic match: type words, blanks, the quoted name, blanks, `{`
/// (and the rest of its line). Split here into what `card_type`, `card_name` and `open_brace`
/// give a `card`.
///
/// `plain_head_lf` skips from the first letter to the quote in one step (card.pest), so for it
/// (`lf_only`) this checks what it skipped: type words (a letter, then letters, digits, `-`
/// and `_`), each followed by blanks. `None` if not, and the file is read again by `file`.
fn plain_head<'s>(
    pair: &Pair<'s, Rule>,
    base: usize,
    lf_only: bool,
    raw: &mut RawCard<'s>,
) -> Option<()> {
    let all = pair.as_str();
    let start = base + pair.as_span().start();
    // The type words hold no quote; the name is the first string.
    let quote = all.find('"').unwrap_or(all.len());
    if lf_only && !type_words(all.as_bytes().get(..quote).unwrap_or(&[])) {
        return None;
    }
    let type_word = all.get(..quote).unwrap_or("").trim_end_matches([' ', '\t']);
    raw.type_word = type_word;
    raw.type_span = Span::new(start, start + type_word.len());
    let rest = all.get(quote + 1..).unwrap_or("");
    // The closing quote: the first `"` not escaped by a `\` (an escape is `\` and one char).
    let mut chars = rest.char_indices();
    let mut inner_len = rest.len();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' => {
                inner_len = i;
                break;
            }
            _ => {}
        }
    }
    let inner_start = start + quote + 1;
    raw.name = RawString {
        inner: rest.get(..inner_len).unwrap_or(""),
        inner_span: Span::new(inner_start, inner_start + inner_len),
        span: Span::new(start + quote, inner_start + inner_len + 1),
    };
    let after = rest.get(inner_len + 1..).unwrap_or("");
    let open =
        inner_start + inner_len + 1 + (after.len() - after.trim_start_matches([' ', '\t']).len());
    raw.open_brace = Span::new(open, open + 1);
    Some(())
}

/// A byte of a key or a type word after its first letter: the grammar's
/// `ASCII_ALPHANUMERIC | "-" | "_"` (card.pest).
fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// How many of `bytes`' first bytes are [`word_byte`]s; a non-ASCII character ends the run
/// at its first byte, as it would by `char`.
fn word_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|&b| !word_byte(b))
        .unwrap_or(bytes.len())
}

/// Whether `head` is what `card_type ~ ws1` reads: words of a letter then letters, digits, `-`
/// or `_`, each followed by at least one blank.
fn type_words(head: &[u8]) -> bool {
    let mut words = head
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty());
    let good = |w: &[u8]| {
        w.first().is_some_and(u8::is_ascii_alphabetic) && w.iter().copied().all(word_byte)
    };
    matches!(head.last(), Some(b' ' | b'\t')) && words.all(good)
}

fn raw_string(string: Pair<'_, Rule>, base: usize) -> RawString<'_> {
    let span = span_of(&string, base);
    let mut out = RawString {
        inner: "",
        inner_span: Span::point(span.start),
        span,
    };
    for p in string.into_inner() {
        if p.as_rule() == Rule::string_inner {
            out.inner = p.as_str();
            out.inner_span = span_of(&p, base);
        }
    }
    out
}

/// The grammar's fast path, one atomic match for a run of lines, each blank, a comment,
/// `key: value` or `key words...`, ending at a line break (the grammar has checked each one,
/// but for `plain_lines_lf`'s keys: see [`plain_entry`]). Split here into the entries
/// [`raw_entry`] makes of the same lines. `lf_only`: the run is `plain_lines_lf`, from a file
/// with no `\r`. `None` if one of its keys is not one.
fn plain_lines<'s>(
    pair: &Pair<'s, Rule>,
    base: usize,
    lf_only: bool,
    entries: &mut Vec<RawEntry<'s>>,
) -> Option<()> {
    let all = pair.as_str();
    let bytes = all.as_bytes();
    let start = base + pair.as_span().start();
    let mut at = 0;
    // By bytes, not `str::find` with a char pattern (which decodes every character): every
    // character the grammar's fast path stops at is ASCII, and this is the front end's hottest
    // loop. With no `\r` in the file, `find('\n')` is a `memchr`.
    while at < bytes.len() {
        // A line holds no line break: strings, comments and values all stop at one.
        let rest = bytes.get(at..).unwrap_or(&[]);
        let len = if lf_only {
            rest.iter().position(|&b| b == b'\n')
        } else {
            rest.iter().position(|&b| b == b'\n' || b == b'\r')
        };
        let end = len.map_or(bytes.len(), |i| at + i);
        let line_break = if bytes.get(end..end + 2) == Some(b"\r\n") {
            2
        } else {
            1
        };
        let body = skip_blanks(bytes, at);
        if body < end && bytes.get(body) != Some(&b'#') {
            if let Some(line) = all.get(body..end) {
                entries.push(plain_entry(line, start + body, lf_only)?);
            }
        }
        at = end + line_break;
    }
    Some(())
}

/// The first position at or after `from` that is not a space or a tab.
fn skip_blanks(bytes: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|r| r.iter().position(|&b| b != b' ' && b != b'\t'))
        .map_or(bytes.len(), |i| from + i)
}

/// One `key: value` or `key words...` line (no line break) found at `start` of the file.
///
/// `lf_only`: the line is from `plain_lines_lf`, which skips a key to its first `:` or blank in
/// one step rather than matching its characters one by one (card.pest). A key is letters,
/// digits, `-` and `_`, so that skip took a key exactly when those end at a `:` or a blank;
/// `None` when they do not (`when\tdeployed: ...`, `atta.ck: 3`), and then the file is read
/// again by `file`, which reads keys exactly and says what is wrong.
fn plain_entry(line: &str, start: usize, lf_only: bool) -> Option<RawEntry<'_>> {
    let bytes = line.as_bytes();
    let key_len = word_len(bytes);
    if lf_only && !matches!(bytes.get(key_len), Some(b':' | b' ')) {
        return None;
    }
    let after_key = skip_blanks(bytes, key_len);
    // The value (after `:` and blanks) or the phrase (after the blanks), trimmed at the end.
    let (rest_at, field) = match bytes.get(after_key) {
        Some(b':') => (skip_blanks(bytes, after_key + 1), true),
        _ => (after_key, false),
    };
    let text = line.get(rest_at..).unwrap_or("").trim_end();
    let from = start + rest_at;
    let span = Span::new(from, from + text.len());
    let end = span.end.max(start + key_len);
    Some(RawEntry {
        key: line.get(..key_len).unwrap_or(""),
        key_span: Span::new(start, start + key_len),
        span: Span::new(start, end),
        text: line.get(..end - start).unwrap_or(line),
        value: if field {
            RawValue::Line { text, span }
        } else {
            RawValue::Phrase { text, span }
        },
    })
}

/// One `line` of the grammar: its kind is told by the rules inside it (a block has a body, a
/// field a `value`, a phrase a `phrase_text`; a flag is its key alone).
fn raw_entry(entry: Pair<'_, Rule>, base: usize) -> RawEntry<'_> {
    let mut span = span_of(&entry, base);
    let mut text = entry.as_str();
    let mut key = ("", Span::point(span.start));
    let mut value = RawValue::Flag;
    // Where the block's `{` is: its head is everything between the key and it.
    let mut open = None;
    for p in entry.into_inner() {
        match p.as_rule() {
            Rule::key => key = (p.as_str(), span_of(&p, base)),
            Rule::value => {
                let (text, span) = trimmed(&p, base);
                value = RawValue::Line { text, span };
            }
            Rule::phrase_text => {
                let (text, span) = trimmed(&p, base);
                value = RawValue::Phrase { text, span };
            }
            Rule::block_open => open = Some(span_of(&p, base)),
            Rule::block_body => {
                let head = open
                    .and_then(|o| text.get(key.1.end - span.start..o.start - span.start))
                    .unwrap_or("")
                    .trim();
                value = RawValue::Block {
                    head,
                    text: p.as_str(),
                    span: span_of(&p, base),
                }
            }
            _ => {}
        }
    }
    // Values are trimmed; the entry ends where its value does.
    if let RawValue::Line { span: v, .. } | RawValue::Phrase { span: v, .. } = value {
        span.end = v.end.max(key.1.end);
        text = text.get(..span.end - span.start).unwrap_or(text);
    }
    RawEntry {
        key: key.0,
        key_span: key.1,
        span,
        text,
        value,
    }
}

/// A value's text and span without trailing blanks.
fn trimmed<'s>(p: &Pair<'s, Rule>, base: usize) -> (&'s str, Span) {
    let s = span_of(p, base);
    let t = p.as_str().trim_end();
    (t, Span::new(s.start, s.start + t.len()))
}

fn span_of(pair: &Pair<'_, Rule>, base: usize) -> Span {
    let s = pair.as_span();
    Span::new(base + s.start(), base + s.end())
}

/// Skips blanks, newlines and comments.
fn skip_trivia(text: &str, mut pos: usize) -> usize {
    let bytes = text.as_bytes();
    while let Some(&b) = bytes.get(pos) {
        match b {
            b' ' | b'\t' | b'\r' | b'\n' => pos += 1,
            b'#' => {
                pos = text
                    .get(pos..)
                    .and_then(|r| r.find('\n'))
                    .map_or(text.len(), |i| pos + i)
            }
            _ => break,
        }
    }
    pos
}

/// Start of the first line after the one holding `pos` that looks like a card header.
fn next_header_line(text: &str, pos: usize) -> Option<usize> {
    let mut at = pos;
    loop {
        at += text.get(at..)?.find('\n')? + 1;
        let line = text.get(at..)?;
        let line = line.split('\n').next().unwrap_or("");
        if looks_like_header(line) {
            return Some(at);
        }
    }
}

/// `Word "Name" {` or `Two Words "Name" {` at the start of a line (after indentation): a card
/// header, even one with a misspelt type. Mirrors `header_like` in the grammar.
fn looks_like_header(line: &str) -> bool {
    let t = line.trim_start_matches([' ', '\t']);
    if !t.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = t.trim_start_matches(|c: char| {
        c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == ' ' || c == '\t'
    });
    let Some(after_open) = rest.strip_prefix('"') else {
        return false;
    };
    match after_open.find('"') {
        Some(close) => after_open
            .get(close + 1..)
            .is_some_and(|r| r.trim_start_matches([' ', '\t']).starts_with('{')),
        None => false,
    }
}

fn line_start(text: &str, pos: usize) -> usize {
    text.get(..pos)
        .and_then(|b| b.rfind('\n'))
        .map_or(0, |i| i + 1)
}

/// Turns a pest error from a parse starting at `base` into a diagnostic at the furthest
/// position pest reached, with a "card is never closed" or "nested too deeply" special case.
fn syntax_error(text: &str, base: usize, err: &pest::error::Error<Rule>, file: &str) -> Diagnostic {
    let at = match err.location {
        InputLocation::Pos(p) => base + p,
        InputLocation::Span((s, _)) => base + s,
    }
    .min(text.len());
    let positives: Vec<Rule> = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let found = found_at(text, at);
    let point = Span::new(at, next_char_end(text, at));

    if positives.contains(&Rule::nested_too_deep) {
        return Diagnostic::error(
            codes::NESTING_TOO_DEEP,
            file,
            format!("blocks are nested more than {MAX_BLOCK_DEPTH} levels deep"),
        )
        .at(point, "one level too deep")
        .with_help("flatten the block; the card language never needs this much nesting");
    }

    // The card parsed up to its header but then ran into the next card or the end of the
    // file: its `{` was never closed.
    let head = text
        .get(base..)
        .and_then(|rest| CardParser::parse(Rule::head_at, rest).ok())
        .and_then(|pairs| pairs.peek())
        .map(|p| (p.as_span().end(), head_parts(p, base)));
    if let Some((head_end, (name, open))) = head {
        let error_line = line_start(text, at);
        let header_line = line_start(text, base);
        let at_next_card = error_line != header_line
            && looks_like_header(
                text.get(error_line..)
                    .unwrap_or("")
                    .lines()
                    .next()
                    .unwrap_or(""),
            );
        if base + head_end <= at && (at >= text.len() || at_next_card) {
            let d = Diagnostic::error(
                codes::UNCLOSED_CARD,
                file,
                format!("card `{name}` is never closed"),
            )
            .at(open, "this `{` has no matching `}`");
            let d = if at_next_card {
                d.with_label(
                    Span::new(error_line, line_end(text, error_line)),
                    "the next card starts here",
                )
            } else {
                let last = text.trim_end().len();
                let start = text
                    .get(..last)
                    .and_then(|t| t.char_indices().last())
                    .map_or(0, |(i, _)| i);
                d.with_label(Span::new(start, last), "the file ends here")
            };
            return d.with_help("add a line with `}` after the card's last field");
        }
    }

    if let Some(d) = odd_key_character(text, at, &positives, file) {
        return d;
    }

    let expected = describe_expected(&positives);
    let message = match &expected {
        Some(e) => format!("expected {e}, found {found}"),
        None => format!("unexpected {found}"),
    };
    // Always labelled: an unlabelled diagnostic is printed without its source line.
    let mut d = Diagnostic::error(codes::SYNTAX, file, message).at(point, "unexpected here");
    if let Some(help) = syntax_help(&positives, text, at) {
        d = d.with_help(help);
    }
    d
}

/// A field line whose key runs into a character no key holds (`atta.ck: 2`): the exact grammar
/// reads `atta` as a key heading a block and fails at the end of the line for want of a `{`.
/// Reported where the key stops, in the terms of a key.
fn odd_key_character(text: &str, at: usize, positives: &[Rule], file: &str) -> Option<Diagnostic> {
    let block_head = |r: &Rule| matches!(r, Rule::block_open | Rule::string);
    if !positives.contains(&Rule::block_open) || !positives.iter().all(block_head) {
        return None;
    }
    let start = line_start(text, at);
    let line = text.get(start..line_end(text, start))?;
    let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
    let body = line.get(indent..)?;
    if !body.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let key_len = word_len(body.as_bytes());
    let odd = body.get(key_len..)?.chars().next()?;
    if matches!(odd, ':' | ' ' | '\t' | '{' | '#' | '\r') {
        return None;
    }
    let key = body.get(..key_len)?;
    let odd_at = start + indent + key_len;
    Some(
        Diagnostic::error(
            codes::SYNTAX,
            file,
            format!(
                "expected `:` after `{key}`, found {}",
                found_at(text, odd_at)
            ),
        )
        .at(
            Span::new(odd_at, odd_at + odd.len_utf8()),
            "unexpected here",
        )
        .with_help("field names are letters, digits, `-` and `_`; write a field as `key: value`"),
    )
}

fn head_parts(head: Pair<'_, Rule>, base: usize) -> (String, Span) {
    let mut name = String::new();
    let mut open = Span::point(base);
    for p in head.into_inner() {
        match p.as_rule() {
            Rule::card_name => name = p.as_str().trim_matches('"').to_string(),
            Rule::open_brace => open = span_of(&p, base),
            _ => {}
        }
    }
    (name, open)
}

fn line_end(text: &str, from: usize) -> usize {
    text.get(from..)
        .and_then(|r| r.find('\n'))
        .map_or(text.len(), |i| from + i)
}

fn next_char_end(text: &str, at: usize) -> usize {
    match text.get(at..).and_then(|r| r.chars().next()) {
        Some('\n') | Some('\r') | None => at,
        Some(c) => at + c.len_utf8(),
    }
}

fn found_at(text: &str, at: usize) -> String {
    match text.get(at..).and_then(|r| r.chars().next()) {
        None => "end of file".into(),
        Some('\n') | Some('\r') => "end of line".into(),
        Some(c) if c.is_alphanumeric() => {
            let word: String = text
                .get(at..)
                .unwrap_or("")
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .take(40)
                .collect();
            format!("`{word}`")
        }
        Some(c) => match invisible(c) {
            Some(name) => name,
            None => format!("`{c}`"),
        },
    }
}

/// A character that shows as nothing (or as a blank) between backticks, named in words.
fn invisible(c: char) -> Option<String> {
    let code = c as u32;
    let named = match c {
        BYTE_ORDER_MARK => "a byte-order mark",
        '\u{00A0}' => "a no-break space",
        '\u{00AD}' => "a soft hyphen",
        '\u{200B}' => "a zero-width space",
        '\u{200C}' | '\u{200D}' => "a zero-width joiner",
        '\u{2060}' => "a word joiner",
        c if c.is_control() => "a control character",
        c if c.is_whitespace() => "a blank",
        // Directional marks and other format characters.
        '\u{200E}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {
            "a direction mark"
        }
        '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}' => "an invisible character",
        _ => return None,
    };
    Some(format!("{named} (U+{code:04X})"))
}

/// What a rule stands for in "expected ..."; rules with the same text are merged.
fn rule_text(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::card | Rule::card_at | Rule::card_type | Rule::type_word => {
            "a card type such as `Ship`"
        }
        Rule::card_name => "a quoted card name",
        Rule::open_brace => "`{`",
        Rule::close_brace => "`}`",
        Rule::colon => "`:`",
        Rule::eol => "end of line",
        Rule::line | Rule::key => "a field",
        Rule::close_quote => "a closing `\"`",
        // Only reached through `eol`'s `&EOI`: pest reports the innermost rule.
        Rule::EOI => "end of line",
        _ => return None,
    })
}

fn describe_expected(positives: &[Rule]) -> Option<String> {
    let mut texts: Vec<&str> = Vec::new();
    for t in positives.iter().filter_map(|&r| rule_text(r)) {
        if !texts.contains(&t) {
            texts.push(t);
        }
    }
    texts.sort_unstable();
    match texts.as_slice() {
        [] => None,
        [one] => Some((*one).to_string()),
        [init @ .., last] => Some(format!("{} or {last}", init.join(", "))),
    }
}

fn syntax_help(positives: &[Rule], text: &str, at: usize) -> Option<String> {
    let has = |r| positives.contains(&r);
    if has(Rule::close_quote) {
        return Some("strings end on the line they start; write a line break as `\\n`".into());
    }
    if has(Rule::card_name) {
        return Some("card names are quoted: `Ship \"Griffin-class Battleship\" {`".into());
    }
    if has(Rule::colon) && has(Rule::open_brace) {
        return Some("write fields as `key: value`, one per line".into());
    }
    if has(Rule::eol) && text.get(at..).is_some_and(|r| r.starts_with('}')) {
        return Some("put the closing `}` on its own line".into());
    }
    if has(Rule::eol) {
        return Some("one field per line; a value runs to the end of its line".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Vec<RawCard<'_>>, Vec<Diagnostic>) {
        let mut sink = Sink::new("t.hb");
        let cards = parse_file(text, &mut sink);
        (cards, sink.into_diagnostics())
    }

    #[test]
    fn parses_fields_blocks_and_flags() {
        let text =
            "# c\nShip \"A\" {\n  class: Frigate # x\n  prototype\n  when: { a {b} \"}\" }\n}\n";
        let (cards, diags) = parse(text);
        assert!(diags.is_empty(), "{diags:?}");
        let [card] = cards.as_slice() else {
            panic!("{cards:?}")
        };
        assert_eq!(card.type_word, "Ship");
        assert_eq!(card.name.inner, "A");
        assert_eq!(card.entries.len(), 3);
        assert_eq!(
            card.entries[0].value,
            RawValue::Line {
                text: "Frigate",
                span: Span::new(24, 31)
            }
        );
        assert_eq!(card.entries[1].value, RawValue::Flag);
        assert!(matches!(
            card.entries[2].value,
            RawValue::Block {
                text: " a {b} \"}\" ",
                ..
            }
        ));
    }

    /// The fast path (`plain_lines`) and `line` read an entry the same: a comment at the end of
    /// each line sends the same entries through `line`, and they do not change.
    #[test]
    fn fast_lines_read_entries_as_line_does() {
        let lines = [
            "class: Frigate",
            "cost:1R 2C   ",
            "text :  \"a \\\"b\\\" c\" and more\t",
            "flavour: \"\"",
            "attack:",
            "x-y_z9: é ü ,+",
            "when deployed: draw 2  ",
            "override  hand-size = 6",
            "flip when host is boarded: \"x\" y",
        ];
        let file = |end: &str| {
            let body: String = lines.iter().map(|l| format!("  {l}{end}\n\t\n")).collect();
            format!("Ship \"A\" {{\r\n{body}}}\n")
        };
        let (fast_text, full_text) = (file("\r"), file("# c\r"));
        let (fast, d1) = parse(&fast_text);
        let (full, d2) = parse(&full_text);
        assert!(d1.is_empty() && d2.is_empty(), "{d1:?} {d2:?}");
        let [fast] = fast.as_slice() else {
            panic!("{fast:?}")
        };
        let [full] = full.as_slice() else {
            panic!("{full:?}")
        };
        assert_eq!(fast.entries.len(), lines.len());
        assert_eq!(full.entries.len(), lines.len());
        // Same entries at the same places (the comment only moves later lines).
        let mut shift = 0;
        for (a, b) in fast.entries.iter().zip(&full.entries) {
            let moved = |s: Span| Span::new(s.start + shift, s.end + shift);
            assert_eq!((a.key, a.text), (b.key, b.text));
            assert_eq!((moved(a.key_span), moved(a.span)), (b.key_span, b.span));
            match (&a.value, &b.value) {
                (RawValue::Line { text: t, span: s }, RawValue::Line { text: u, span: v })
                | (RawValue::Phrase { text: t, span: s }, RawValue::Phrase { text: u, span: v }) => {
                    assert_eq!((*t, moved(*s)), (*u, *v))
                }
                other => panic!("{other:?}"),
            }
            shift += "# c".len();
        }
    }

    /// A byte-order mark leads a file as nothing (spans still count its bytes); anywhere else
    /// it is named, never shown as an invisible character between backticks.
    #[test]
    fn a_byte_order_mark_is_read_at_the_start_and_named_elsewhere() {
        let card = "Event \"B\" {\n  cost: 1C\n}\n";
        let (plain, d) = parse(card);
        assert!(d.is_empty(), "{d:?}");
        let with_bom = format!("\u{feff}{card}");
        let (cards, d) = parse(&with_bom);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(cards.len(), 1);
        assert_eq!(cards[0].span.start, 3);
        assert_eq!(cards[0].entries[0].text, plain[0].entries[0].text);
        for (text, named) in [
            (
                format!("{card}\u{feff}{card}"),
                "a byte-order mark (U+FEFF)",
            ),
            (format!("\u{a0}{card}"), "a no-break space (U+00A0)"),
            (format!("\u{200b}{card}"), "a zero-width space (U+200B)"),
        ] {
            let (_, d) = parse(&text);
            assert_eq!(d.len(), 1, "{d:?}");
            assert!(
                d[0].message.ends_with(&format!("found {named}")),
                "{}",
                d[0].message
            );
        }
    }

    /// Line ends are LF or CR LF; a lone CR is one error at the first, whatever the rest.
    #[test]
    fn a_lone_carriage_return_is_refused() {
        let (_, d) = parse("Event \"B\" {\r\n  cost: 1C\n}\r\n");
        assert!(d.is_empty(), "{d:?}");
        let text = "Event \"B\" { # c\r  cost: 1C\r}\r\n";
        let (_, d) = parse(text);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].span, Span::new(15, 16));
        assert!(d[0].message.contains("carriage return"), "{}", d[0].message);
        assert!(d[0].help.as_deref().is_some_and(|h| h.contains("2 lone")));
    }

    /// `file_card` (read when the whole file parses) and `card` (read card by card once it
    /// does not) make the same cards: a broken card at the end sends the others through `card`.
    #[test]
    fn whole_file_and_card_by_card_read_the_same_cards() {
        let good = "# pool\nShip  Module-x \t\"A \\\"q\\\" é\"\t{ # c\n  class: Frigate\n  prototype\n  when: { a {b} }\n}\n\nEvent \"B\"{\n}\n";
        let (whole, d1) = parse(good);
        let broken = format!("{good}Ship \"C\" {{\n  : x\n}}\n");
        let (by_card, d2) = parse(&broken);
        assert!(d1.is_empty(), "{d1:?}");
        assert_eq!(d2.len(), 1, "{d2:?}");
        assert_eq!(whole.len(), 2);
        assert_eq!(whole, by_card);
        assert_eq!(whole[0].type_word, "Ship  Module-x");
        assert_eq!(whole[0].name.inner, "A \\\"q\\\" é");
    }

    /// `file_lf` (a file with no `\r`) reads a file exactly as `file` does, or leaves it to
    /// `file`: when it reads the file, `file` reads the same cards, and those are the cards
    /// recovery (`card` by `card`) reads with no error; when `file` reads it, so does `file_lf`
    /// (only a key it cannot vouch for leaves the file to `file`); when `file` refuses it, it
    /// refuses it or leaves it to `file`. Every pair of awkward lines, in cards written several
    /// ways.
    #[test]
    fn lf_fast_path_reads_as_file_and_card_by_card_do() {
        let lines = [
            "",
            "   \t",
            "  # a comment { with } \"braces\"",
            "  class: Frigate",
            "  cost:1R 2C   ",
            "\ttext :  \"a \\\"b\\\" c\" and more\t",
            "  flavour: \"\"",
            "  attack:",
            "  x-y_z9: é ü ,+",
            "  when deployed: draw 2  ",
            "  override  hand-size = 6",
            "  flip when host is boarded: \"x\" y",
            "  prototype",
            "  prototype # flag",
            "  when: { a {b} \"}\" }",
            "  when deployed { draw 1 }",
            "  when x: {",
            "    draw 1",
            "  }",
            "  text: \"{braces} in a string\"",
            "  text: \"# not a comment\"",
            "  text: \"a\\\\\"",
            "  text: \"é\\é\"",
            "  text: \"unterminated",
            "  text: \"a\" \"b\" c",
            "  class: Frigate # comment",
            "  key words # comment",
            "  key: # only a comment",
            "  key  : spaced colon",
            "  key\t:\ttabs\t",
            "  k: v\"w\"x",
            "  : x",
            "  key: value }",
            "  key: value {",
            "  9bad: x",
            "  ké: v",
            "  wé: v",
            "  atta.ck: 3",
            "  te\"xt: 3",
            "  at#k: 3",
            "  a}b: 3",
            "  when\tdeployed: draw 1",
            "  key\t\tword",
            "  Ship \"B\" {",
            "  Two Words \"C\" { # header-like",
            "  a \"b\" c",
            "  key \"quoted\" phrase",
            "  key {",
            "  }",
            "  } trailing",
        ];
        let heads = [
            "Ship \"A\" {",
            "Module Ship  \"B \\\"q\\\"\"\t{ # c",
            "Event \"C\"{",
            "Module-Ship\t x_2 \"E\" {",
            "Sh.ip \"F\" {",
            "Ship\"G\" {",
            "Ship # \"H\" {",
        ];
        let tails = ["}\n", "} # end\n", "}", "  }\n\n# after\n"];
        let (mut checked, mut deferred) = (0, 0);
        for (i, a) in lines.iter().enumerate() {
            for (j, b) in lines.iter().enumerate() {
                let head = heads[(i + j) % heads.len()];
                let tail = tails[(i * 7 + j) % tails.len()];
                let text = format!(
                    "# pool\n{head}\n{a}\n{b}\n{tail}\nEvent \"D\" {{\n  text: \"x\"\n}}\n"
                );
                let full = whole_file(Rule::file, &text, 0).expect("`file` vouches for its keys");
                match (whole_file(Rule::file_lf, &text, 0), full) {
                    (Some(Ok(fast)), Ok(full)) => {
                        assert_eq!(fast, full, "{text:?}");
                        let mut sink = Sink::new("t.hb");
                        let by_card = recover(&text, 0, &mut sink);
                        assert!(sink.into_diagnostics().is_empty(), "{text:?}");
                        assert_eq!(fast, by_card, "{text:?}");
                        checked += 1;
                    }
                    // Left to `file`, which `parse_file` then takes: a good file only for a
                    // tab or a `#` right after a key (`at#k: 3` is the flag `at` and a comment).
                    (None, Ok(_)) => {
                        assert!(
                            ["  key\t", "  when\t", "  at#k"]
                                .iter()
                                .any(|l| text.contains(l)),
                            "{text:?}"
                        );
                        deferred += 1;
                    }
                    (None, Err(())) => {}
                    (Some(Err(())), Err(())) => {}
                    (fast, full) => panic!(
                        "file_lf {:?}, file {:?}: {text:?}",
                        fast.map(|r| r.is_ok()),
                        full.is_ok()
                    ),
                }
            }
        }
        // Many pairs make a good file (three heads in seven are bad): not vacuous.
        assert!(checked > lines.len() * lines.len() / 6, "{checked}");
        assert!(
            deferred > 0 && deferred < checked / 2,
            "{deferred} of {checked}"
        );
    }

    #[test]
    fn recovers_after_each_broken_card() {
        let text = "Ship \"A\" {\n  class: Frigate ]\n  : x\n}\nShip \"B\" {\n  class: Frigate\n}\nEvent \"C\" {\n  text: \"open\n}\n";
        let (cards, diags) = parse(text);
        assert_eq!(cards.len(), 1);
        assert_eq!(cards[0].name.inner, "B");
        let codes: Vec<_> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, [codes::SYNTAX, codes::SYNTAX]);
        // The first error points at the stray `:`, not at the card.
        assert_eq!(diags[0].span.start, text.find(": x").unwrap_or(0));
    }

    #[test]
    fn unclosed_card_is_named() {
        let text = "Ship \"A\" {\n  class: Frigate\nShip \"B\" {\n}\n";
        let (cards, diags) = parse(text);
        assert_eq!(cards.len(), 1);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].code, codes::UNCLOSED_CARD);
        assert_eq!(diags[0].span, Span::new(9, 10));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = format!(
            "Event \"A\" {{\n  when {}{}\n}}\n",
            "{".repeat(50_000),
            "}".repeat(50_000)
        );
        let (_, diags) = parse(&text);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].code, codes::NESTING_TOO_DEEP);
    }
}
