//! The decklist text format: `N Card Name` lines (docs/decks.md).
//!
//! Parsing never fails: every malformed line becomes a [`Violation`] and is left out of the
//! entries, so one run reports every problem in the file. Input is untrusted bytes; the
//! parser caps the file and line size, and builds a display copy of the text ([`Decklist::source`])
//! in which invalid UTF-8 and control characters are replaced by U+FFFD, so that diagnostics
//! can always show the offending line safely. All spans point into that copy; for a valid
//! text file it is byte-for-byte the input (except lines over [`MAX_LINE_BYTES`]).

use std::ops::Range;

use super::{DeckRule, Violation};

/// Largest decklist accepted. A 55-card list is a few KiB; anything near this is not a deck.
pub const MAX_DECK_BYTES: usize = 1024 * 1024;
/// Longest line accepted. Card names are short; a longer line is not a card line.
pub const MAX_LINE_BYTES: usize = 1000;
/// How much of an over-long line is kept in [`Decklist::source`] for display.
const LONG_LINE_SHOWN: usize = 80;
/// Card lines read. A deck has at most 55; this bounds the work (and the reports) per file.
pub const MAX_CARD_LINES: usize = 1000;
/// The largest count a line may give: a whole deck ("Your Constructed Deck": 55 cards, §2.1).
/// Checked before anything is sized by a count, so a hostile `4294967295 Card` line can never
/// make a caller allocate a card per copy.
pub const MAX_COUNT: u32 = super::validate::DECK_SIZE as u32;
/// Format problems reported before the parser stops listing them (hostile input).
const MAX_FORMAT_PROBLEMS: usize = 100;

/// One card line: `count` copies of the card printed `name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckEntry {
    /// 1-based line number.
    pub line: usize,
    pub count: u32,
    pub name: String,
    /// The line's content (without comment and surrounding blanks) in [`Decklist::source`].
    pub span: Range<usize>,
    pub count_span: Range<usize>,
    pub name_span: Range<usize>,
    /// The `[Section]` header the line sits under, if any. Sections are for the reader only.
    pub section: Option<String>,
}

/// A parsed decklist.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Decklist {
    /// The text every span points into (see the module docs).
    pub source: String,
    pub entries: Vec<DeckEntry>,
    /// Format problems; the lines they are on are not in `entries`.
    pub problems: Vec<Violation>,
}

impl Decklist {
    /// Whether some lines could not be read as card lines.
    pub fn has_unreadable_lines(&self) -> bool {
        !self.problems.is_empty()
    }
}

/// Parses a decklist from raw bytes.
pub fn parse(bytes: &[u8]) -> Decklist {
    let mut list = Decklist::default();
    if bytes.len() > MAX_DECK_BYTES {
        list.problems.push(
            Violation::new(
                DeckRule::FileTooLarge,
                format!("the file is larger than {MAX_DECK_BYTES} bytes (1 MiB), the most a decklist may be"),
            )
            .with_help("a decklist has one short line per card; is this the right file?"),
        );
        return list;
    }
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        list.problems.push(
            Violation::new(
                DeckRule::Binary,
                format!("the file is not text: it holds a NUL byte at offset {at}"),
            )
            .with_help("a decklist is a UTF-8 text file with one `N Card Name` line per card"),
        );
        return list;
    }

    let mut section: Option<String> = None;
    let mut truncated = false;
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line_no = index + 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        if index > 0 {
            // The newline that ended the previous line.
            list.source.push('\n');
        }
        let start = list.source.len();
        let problem = push_display_line(&mut list.source, raw);
        let end = list.source.len();
        if let Some(problem) = problem {
            if list.problems.len() < MAX_FORMAT_PROBLEMS {
                list.problems.push(problem.at_line(start..end, line_no));
            } else {
                truncated = true;
            }
            continue;
        }
        let Some(text) = list.source.get(start..end) else {
            continue;
        };
        match parse_line(text, start) {
            Line::Blank => {}
            Line::Section(name) => section = Some(name),
            Line::Card { span, .. } if list.entries.len() == MAX_CARD_LINES => {
                list.problems.push(
                    Violation::new(
                        DeckRule::TooManyLines,
                        format!("more than {MAX_CARD_LINES} card lines; the rest of the file is not read"),
                    )
                    .at(span, "this line and the rest are not read")
                    .with_help("a 55-card deck needs at most 55 card lines"),
                );
                break;
            }
            Line::Card {
                count,
                name,
                span,
                count_span,
                name_span,
            } => list.entries.push(DeckEntry {
                line: line_no,
                count,
                name,
                span,
                count_span,
                name_span,
                section: section.clone(),
            }),
            Line::Bad(v) => {
                if list.problems.len() < MAX_FORMAT_PROBLEMS {
                    list.problems.push(v);
                } else {
                    truncated = true;
                }
            }
        }
    }
    if truncated {
        list.problems.push(Violation::new(
            DeckRule::TooManyProblems,
            format!("more than {MAX_FORMAT_PROBLEMS} unreadable lines; the rest are not listed"),
        ));
    }
    list
}

/// A line-level problem found while decoding, before the line is parsed.
enum Undecodable {
    TooLong(usize),
    InvalidUtf8,
    Control(char),
}

impl Undecodable {
    fn at_line(self, span: Range<usize>, line: usize) -> Violation {
        match self {
            Undecodable::TooLong(len) => Violation::new(
                DeckRule::LineTooLong,
                format!("line {line} is {len} bytes long; a line may be at most {MAX_LINE_BYTES}"),
            )
            .at(span, "this line is too long (shown cut short)"),
            Undecodable::InvalidUtf8 => Violation::new(
                DeckRule::InvalidUtf8,
                format!("line {line} is not valid UTF-8"),
            )
            .at(span, "invalid bytes shown as \u{FFFD}")
            .with_help("save the decklist as UTF-8 text"),
            Undecodable::Control(c) => Violation::new(
                DeckRule::ControlCharacter,
                format!(
                    "line {line} holds the control character U+{:04X}",
                    u32::from(c)
                ),
            )
            .at(span, "control characters shown as \u{FFFD}"),
        }
    }
}

/// Appends the display form of one raw line to `out`, and says why the line cannot be used,
/// if it cannot.
fn push_display_line(out: &mut String, raw: &[u8]) -> Option<Undecodable> {
    if raw.len() > MAX_LINE_BYTES {
        let shown = String::from_utf8_lossy(raw.get(..LONG_LINE_SHOWN).unwrap_or(raw));
        push_sanitised(out, &shown);
        out.push('\u{2026}');
        return Some(Undecodable::TooLong(raw.len()));
    }
    match std::str::from_utf8(raw) {
        Ok(text) => push_sanitised(out, text).map(Undecodable::Control),
        Err(_) => {
            push_sanitised(out, &String::from_utf8_lossy(raw));
            Some(Undecodable::InvalidUtf8)
        }
    }
}

/// Copies `text`, replacing control characters other than tab; returns the first one replaced.
fn push_sanitised(out: &mut String, text: &str) -> Option<char> {
    let mut first = None;
    for c in text.chars() {
        if c.is_control() && c != '\t' {
            first.get_or_insert(c);
            out.push('\u{FFFD}');
        } else {
            out.push(c);
        }
    }
    first
}

enum Line {
    Blank,
    Section(String),
    Card {
        count: u32,
        name: String,
        span: Range<usize>,
        count_span: Range<usize>,
        name_span: Range<usize>,
    },
    Bad(Violation),
}

/// Parses one decoded line; `base` is its offset in the source.
fn parse_line(line: &str, base: usize) -> Line {
    let content = strip_comment(line);
    let lead = content.len() - content.trim_start().len();
    let content = content.trim();
    if content.is_empty() {
        return Line::Blank;
    }
    let start = base + lead;
    let span = start..start + content.len();

    if let Some(rest) = content.strip_prefix('[') {
        return match rest.strip_suffix(']').map(str::trim) {
            Some(name) if !name.is_empty() => Line::Section(name.to_string()),
            _ => Line::Bad(
                Violation::new(DeckRule::BadSection, "malformed section header")
                    .at(span, "expected `[Section Name]`")
                    .with_help("section headers such as `[Ships]` are a name in square brackets on a line of their own"),
            ),
        };
    }

    let token_len = content.find(char::is_whitespace).unwrap_or(content.len());
    let (token, rest) = content.split_at(token_len);
    let count_span = start..start + token_len;
    let name = rest.trim();
    let name_start = start + token_len + (rest.len() - rest.trim_start().len());
    let name_span = name_start..name_start + name.len();

    let count = match parse_count(token) {
        Ok(n) => n,
        Err(problem) => return Line::Bad(problem.violation(token, content, span, count_span)),
    };
    if name.is_empty() {
        return Line::Bad(
            Violation::new(DeckRule::MissingName, "a count without a card name")
                .at(span, "which card?")
                .with_help("write the card's printed name after the count: `2 Card Name`"),
        );
    }
    Line::Card {
        count,
        name: name.to_string(),
        span,
        count_span,
        name_span,
    }
}

/// Cuts a `#` comment: one that starts the line or follows whitespace. (A `#` inside a
/// word is kept, so a card name could in principle contain one.)
fn strip_comment(line: &str) -> &str {
    let mut prev_blank = true;
    for (i, c) in line.char_indices() {
        if c == '#' && prev_blank {
            return line.get(..i).unwrap_or(line);
        }
        prev_blank = c.is_whitespace();
    }
    line
}

enum CountProblem {
    Missing,
    Zero,
    Negative,
    TooLarge,
    /// A number, but more copies than a whole deck holds.
    MoreThanADeck(u32),
}

impl CountProblem {
    fn violation(
        self,
        token: &str,
        content: &str,
        span: Range<usize>,
        count_span: Range<usize>,
    ) -> Violation {
        match self {
            CountProblem::Missing => {
                Violation::new(DeckRule::MissingCount, "a card line without a count")
                    .at(span, "expected a count first")
                    .with_help(format!("write the number of copies first: `1 {content}`"))
            }
            CountProblem::Zero => Violation::new(DeckRule::ZeroCount, "a count of zero")
                .at(count_span, "zero copies")
                .with_help("delete the line, or comment it out with `#`"),
            CountProblem::Negative => Violation::new(
                DeckRule::NegativeCount,
                format!("a negative count `{token}`"),
            )
            .at(count_span, "counts are 1 or more")
            .with_help("write how many copies the deck holds, e.g. `2 Card Name`"),
            CountProblem::TooLarge => Violation::new(
                DeckRule::CountTooLarge,
                "the count is too large to be a number of cards".to_string(),
            )
            .at(count_span, "far more than a 55-card deck")
            .with_help("a deck holds exactly 55 cards"),
            CountProblem::MoreThanADeck(n) => Violation::new(
                DeckRule::CountTooLarge,
                format!("a count of {n} is more than a whole deck holds ({MAX_COUNT} cards)"),
            )
            .at(count_span, "more copies than a whole deck")
            .with_help("a deck holds exactly 55 cards"),
        }
    }
}

/// `N` or `Nx` with `N` in 1..=[`MAX_COUNT`].
fn parse_count(token: &str) -> Result<u32, CountProblem> {
    let digits = token.strip_suffix(['x', 'X']).unwrap_or(token);
    let (negative, digits) = match digits.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, digits),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CountProblem::Missing);
    }
    if negative {
        // `-0` is as meaningless as `-1`.
        return Err(CountProblem::Negative);
    }
    let value = digits
        .bytes()
        .try_fold(0u32, |acc, b| {
            acc.checked_mul(10)?.checked_add(u32::from(b - b'0'))
        })
        .ok_or(CountProblem::TooLarge)?;
    if value == 0 {
        return Err(CountProblem::Zero);
    }
    if value > MAX_COUNT {
        return Err(CountProblem::MoreThanADeck(value));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(text: &str) -> Vec<(usize, u32, String)> {
        parse(text.as_bytes())
            .entries
            .into_iter()
            .map(|e| (e.line, e.count, e.name))
            .collect()
    }

    fn rules(text: &[u8]) -> Vec<DeckRule> {
        parse(text).problems.into_iter().map(|v| v.rule).collect()
    }

    #[test]
    fn counts_comments_and_sections() {
        let text = "# my deck\n[Ships]\n3 Griffin\n2x  Osprey Wing # note\n\n1X A#B\r\n";
        assert_eq!(
            entries(text),
            vec![
                (3, 3, "Griffin".into()),
                (4, 2, "Osprey Wing".into()),
                (6, 1, "A#B".into()),
            ]
        );
        let list = parse(text.as_bytes());
        assert!(list.problems.is_empty());
        assert_eq!(list.entries[0].section.as_deref(), Some("Ships"));
        let e = &list.entries[1];
        assert_eq!(&list.source[e.name_span.clone()], "Osprey Wing");
        assert_eq!(&list.source[e.count_span.clone()], "2x");
        assert_eq!(&list.source[e.span.clone()], "2x  Osprey Wing");
        assert_eq!(
            list.source,
            text.trim_end_matches('\n').replace('\r', "") + "\n"
        );
    }

    #[test]
    fn bad_counts() {
        assert_eq!(rules(b"0 A"), vec![DeckRule::ZeroCount]);
        assert_eq!(rules(b"-2 A"), vec![DeckRule::NegativeCount]);
        assert_eq!(rules(b"999999999999 A"), vec![DeckRule::CountTooLarge]);
        assert_eq!(rules(b"4294967296 A"), vec![DeckRule::CountTooLarge]);
        // No line gives more copies than a whole deck holds (§2.1), so no count sizes anything.
        assert_eq!(parse(b"55 A").entries[0].count, MAX_COUNT);
        assert_eq!(rules(b"56 A"), vec![DeckRule::CountTooLarge]);
        assert_eq!(rules(b"4294967295x A"), vec![DeckRule::CountTooLarge]);
        let list = parse(b"# one line\n4294967295 A");
        assert!(list.entries.is_empty());
        assert_eq!(
            list.problems[0].message,
            "a count of 4294967295 is more than a whole deck holds (55 cards)"
        );
        assert_eq!(rules(b"Griffin"), vec![DeckRule::MissingCount]);
        assert_eq!(rules(b"x Griffin"), vec![DeckRule::MissingCount]);
        assert_eq!(rules(b"3"), vec![DeckRule::MissingName]);
        assert_eq!(rules(b"[Ships"), vec![DeckRule::BadSection]);
        assert_eq!(rules(b"[ ]"), vec![DeckRule::BadSection]);
    }

    #[test]
    fn hostile_bytes() {
        assert_eq!(rules(b"1 A\n\xff\xfe B\n1 C"), vec![DeckRule::InvalidUtf8]);
        assert_eq!(rules(b"1 A\0"), vec![DeckRule::Binary]);
        assert_eq!(rules(b"1 \x1b[31mA"), vec![DeckRule::ControlCharacter]);
        let long = format!("1 {}", "a".repeat(MAX_LINE_BYTES));
        let list = parse(long.as_bytes());
        assert_eq!(list.problems[0].rule, DeckRule::LineTooLong);
        assert!(list.source.len() < 100);
        let huge = vec![b'a'; MAX_DECK_BYTES + 1];
        assert_eq!(rules(&huge), vec![DeckRule::FileTooLarge]);
        // Many card lines: the rest are not read, so the reports are bounded too.
        let lines = "1 Unknown Card\n".repeat(5000);
        let list = parse(lines.as_bytes());
        assert_eq!(list.entries.len(), MAX_CARD_LINES);
        assert_eq!(list.problems.len(), 1);
        assert_eq!(list.problems[0].rule, DeckRule::TooManyLines);
        // Many bad lines: the list is capped.
        let many = "zzz\n".repeat(1000);
        assert_eq!(
            parse(many.as_bytes()).problems.len(),
            MAX_FORMAT_PROBLEMS + 1
        );
    }

    #[test]
    fn spans_survive_invalid_lines() {
        let list = parse(b"\xff\n2 Griffin");
        let e = &list.entries[0];
        assert_eq!(&list.source[e.name_span.clone()], "Griffin");
        assert_eq!(e.line, 2);
    }
}
