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
pub fn lex(text: &str, base: usize) -> Vec<Token<'_>> {
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
                let inner_end = if end > i + 1 && text.get(..end).is_some_and(|t| t.ends_with('"'))
                {
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
    fn huge_numbers_do_not_overflow() {
        assert_eq!(number_at_most("99999999999999999999", 20), None);
        assert_eq!(number_at_most("00007", 20), Some(7));
        assert_eq!(number_at_most("21", 20), None);
    }
}
