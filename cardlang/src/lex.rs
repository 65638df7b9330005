//! Tokens of a field value (`3R 2C`, `Interceptor +2, Stealth`, `"text"`), with spans, for the
//! typed lowering in [`crate::lower`].

use crate::source::Span;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tok<'s> {
    /// Letters, digits, `-`, `_` and `'`, starting with a letter: `Battle`, `Up-Face`, `x2`.
    Word(&'s str),
    /// A run of digits (any length; range checks happen later, without overflow).
    Number(&'s str),
    Plus,
    Comma,
    /// A string literal; the text between the quotes, escapes not processed.
    Str(&'s str),
    Other(char),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'s> {
    pub tok: Tok<'s>,
    pub span: Span,
}

impl Token<'_> {
    /// The token as written, for messages.
    pub fn text(&self) -> String {
        match self.tok {
            Tok::Word(w) | Tok::Number(w) => w.to_string(),
            Tok::Plus => "+".into(),
            Tok::Comma => ",".into(),
            Tok::Str(s) => format!("\"{s}\""),
            Tok::Other(c) => c.to_string(),
        }
    }
}

/// Splits `text` (found at byte `base` of the file) into tokens. Blanks separate tokens.
///
/// Walked by bytes: every character that starts or ends a token other than a word is ASCII,
/// and ASCII bytes never occur inside a multi-byte character, so only words decode `char`s.
pub fn lex(text: &str, base: usize) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    lex_into(text, base, &mut out);
    out
}

/// [`lex`] into `out` (cleared first), so a caller lexing value after value reuses one buffer.
pub fn lex_into<'s>(text: &'s str, base: usize, out: &mut Vec<Token<'s>>) {
    out.clear();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let (tok, end) = match b {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b'+' => (Tok::Plus, i + 1),
            b',' => (Tok::Comma, i + 1),
            b'"' => {
                // The closing quote is the first `"` not escaped; an escape is `\` and the
                // character after it (its other bytes, if any, are neither `"` nor `\`).
                let mut j = i + 1;
                let mut end = text.len();
                while let Some(&d) = bytes.get(j) {
                    match d {
                        b'\\' => j += 2,
                        b'"' => {
                            end = j + 1;
                            break;
                        }
                        _ => j += 1,
                    }
                }
                let inner_end = if end > i + 1 && text.get(..end).is_some_and(|t| t.ends_with('"'))
                {
                    end - 1
                } else {
                    end
                };
                (Tok::Str(text.get(i + 1..inner_end).unwrap_or("")), end)
            }
            b'0'..=b'9' => {
                let digits = bytes
                    .get(i..)
                    .map_or(0, |r| r.iter().take_while(|d| d.is_ascii_digit()).count());
                (
                    Tok::Number(text.get(i..i + digits).unwrap_or("")),
                    i + digits,
                )
            }
            _ => {
                let Some(c) = text.get(i..).and_then(|r| r.chars().next()) else {
                    break;
                };
                if c.is_alphabetic() {
                    let mut end = i + c.len_utf8();
                    for d in text.get(end..).unwrap_or("").chars() {
                        if !(d.is_alphanumeric() || matches!(d, '-' | '_' | '\'')) {
                            break;
                        }
                        end += d.len_utf8();
                    }
                    (Tok::Word(text.get(i..end).unwrap_or("")), end)
                } else {
                    (Tok::Other(c), i + c.len_utf8())
                }
            }
        };
        out.push(Token {
            tok,
            span: Span::new(base + i, base + end),
        });
        i = end;
    }
}

/// The value of a digit run if it is at most `max`; `None` if larger (however many digits).
pub fn number_at_most(digits: &str, max: u64) -> Option<u64> {
    let trimmed = digits.trim_start_matches('0');
    if trimmed.len() > 19 {
        return None;
    }
    let n = if trimmed.is_empty() {
        0
    } else {
        trimmed.parse::<u64>().ok()?
    };
    (n <= max).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexes_amounts_traits_and_strings() {
        let toks: Vec<_> = lex("3R 2C, Up-Face x2 +1 \"a\\\"b\" ?", 10)
            .into_iter()
            .map(|t| t.tok)
            .collect();
        assert_eq!(
            toks,
            [
                Tok::Number("3"),
                Tok::Word("R"),
                Tok::Number("2"),
                Tok::Word("C"),
                Tok::Comma,
                Tok::Word("Up-Face"),
                Tok::Word("x2"),
                Tok::Plus,
                Tok::Number("1"),
                Tok::Str("a\\\"b"),
                Tok::Other('?'),
            ]
        );
        assert_eq!(lex("ab", 10)[0].span, Span::new(10, 12));
    }

    #[test]
    fn bytes_and_chars_lex_the_same() {
        let values = [
            "3R 2C, Up-Face x2 +1 \"a\\\"b\" ?",
            "\"unterminated",
            "\"ends in an escape\\",
            "\"escaped é\\é quote\\\"\" after",
            "\"\"",
            "\"",
            "é Ünïcode wörds-and_more' ß2 ∑ 12x 0007",
            "\t\r\nmixed\tblanks ,,++ -",
            "Regimented Marine x2, Interceptor +1",
            "a\"b\"c",
            "😀 emoji, 中文 text",
            "",
        ];
        for v in values {
            assert_eq!(lex(v, 7), lex_by_chars(v, 7), "{v:?}");
        }
        // And every short mix of the characters that matter (a fixed pseudo-random walk).
        let alphabet = [
            'a', 'Z', '3', ' ', '\t', '"', '\\', '+', ',', '-', '_', '\'', 'é', '∑', '😀',
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let len = (seed >> 60) as usize;
            let v: String = (0..len)
                .map(|k| alphabet[((seed >> (4 * k)) % alphabet.len() as u64) as usize])
                .collect();
            assert_eq!(lex(&v, 3), lex_by_chars(&v, 3), "{v:?}");
        }
    }

    /// The lexer as it was written first, by `char`s: the reference `lex` must agree with.
    fn lex_by_chars(text: &str, base: usize) -> Vec<Token<'_>> {
        // Most values are a few tokens: one allocation rather than several.
        let mut out = Vec::with_capacity(8);
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let (tok, end) = match c {
                ' ' | '\t' | '\r' | '\n' => continue,
                '+' => (Tok::Plus, i + 1),
                ',' => (Tok::Comma, i + 1),
                '"' => {
                    let mut end = text.len();
                    let mut escaped = false;
                    for (j, d) in chars.by_ref() {
                        if escaped {
                            escaped = false;
                        } else if d == '\\' {
                            escaped = true;
                        } else if d == '"' {
                            end = j + 1;
                            break;
                        }
                    }
                    let inner_end =
                        if end > i + 1 && text.get(..end).is_some_and(|t| t.ends_with('"')) {
                            end - 1
                        } else {
                            end
                        };
                    (Tok::Str(text.get(i + 1..inner_end).unwrap_or("")), end)
                }
                c if c.is_ascii_digit() => {
                    let mut end = i + 1;
                    while let Some(&(j, d)) = chars.peek() {
                        if !d.is_ascii_digit() {
                            break;
                        }
                        end = j + 1;
                        chars.next();
                    }
                    (Tok::Number(text.get(i..end).unwrap_or("")), end)
                }
                c if c.is_alphabetic() => {
                    let mut end = i + c.len_utf8();
                    while let Some(&(j, d)) = chars.peek() {
                        if !(d.is_alphanumeric() || matches!(d, '-' | '_' | '\'')) {
                            break;
                        }
                        end = j + d.len_utf8();
                        chars.next();
                    }
                    (Tok::Word(text.get(i..end).unwrap_or("")), end)
                }
                c => (Tok::Other(c), i + c.len_utf8()),
            };
            out.push(Token {
                tok,
                span: Span::new(base + i, base + end),
            });
        }
        out
    }

    #[test]
    fn huge_numbers_do_not_overflow() {
        assert_eq!(number_at_most("99999999999999999999", 20), None);
        assert_eq!(number_at_most("00007", 20), Some(7));
        assert_eq!(number_at_most("21", 20), None);
    }
}
