//! Positions and URIs: LSP positions are (line, UTF-16 column); the compiler's spans are byte
//! offsets. File URIs are `file://` plus the percent-encoded absolute path.

use std::path::{Component, Path, PathBuf};

use lsp_types::{Position, Range};

use cardlang::source::Span;

/// Where the line holding byte `at` starts, and its number. Lines end at `\n`, `\r\n` or a
/// lone `\r`, as the protocol counts them.
fn line_of(text: &str, at: usize) -> (usize, usize) {
    let bytes = text.as_bytes();
    let mut line = 0;
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate().take(at) {
        let ends = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
        if ends {
            line += 1;
            start = i + 1;
        }
    }
    (line, start)
}

/// LSP position of byte `offset` in `text` (clamped to the text, never a panic).
pub fn position(text: &str, offset: usize) -> Position {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let (line, start) = line_of(text, at);
    let col: usize = text
        .get(start..at)
        .unwrap_or("")
        .trim_end_matches('\r')
        .chars()
        .map(char::len_utf16)
        .sum();
    Position::new(
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(col).unwrap_or(u32::MAX),
    )
}

pub fn range(text: &str, span: Span) -> Range {
    Range::new(position(text, span.start), position(text, span.end))
}

/// Byte offset of an LSP position, and whether the position falls between the two UTF-16
/// halves of one character (then the offset is after that character). A column past a line's
/// end is that line's end, a line past the last is the end of the text, as the protocol says.
fn locate(text: &str, pos: Position) -> (usize, bool) {
    let bytes = text.as_bytes();
    let mut line_start = 0;
    let mut line = 0;
    let mut i = 0;
    while line < pos.line {
        match bytes.get(i) {
            None => return (text.len(), false),
            Some(b'\n') => {
                line += 1;
                line_start = i + 1;
            }
            Some(b'\r') if bytes.get(i + 1) != Some(&b'\n') => {
                line += 1;
                line_start = i + 1;
            }
            Some(_) => {}
        }
        i += 1;
    }
    let rest = text.get(line_start..).unwrap_or("");
    let mut units = 0u64;
    let want = u64::from(pos.character);
    for (i, c) in rest.char_indices() {
        if units >= want {
            return (line_start + i, units > want);
        }
        if c == '\n' || c == '\r' {
            return (line_start + i, false);
        }
        units += c.len_utf16() as u64;
    }
    (text.len(), units > want)
}

/// Byte offset of an LSP position (clamped to its line and to the text).
pub fn offset(text: &str, pos: Position) -> usize {
    locate(text, pos).0
}

/// Applies one ranged change of a `didChange` (incremental sync): positions are UTF-16 as the
/// protocol defines them and clamped to the text; a position inside a character, or a range
/// that ends before it starts, is refused with the text left as it was.
pub fn apply_change(text: &mut String, at: Range, new_text: &str) -> Result<(), String> {
    let (start, split_start) = locate(text, at.start);
    let (end, split_end) = locate(text, at.end);
    if split_start || split_end {
        return Err("a position falls inside a character (between its UTF-16 halves)".into());
    }
    if end < start {
        return Err(format!(
            "the range ends (line {}, column {}) before it starts (line {}, column {})",
            at.end.line, at.end.character, at.start.line, at.start.character
        ));
    }
    text.replace_range(start..end, new_text);
    Ok(())
}

/// The length a change would leave the text at, before it is made.
pub fn length_after(text: &str, at: Range, new_text: &str) -> usize {
    let start = offset(text, at.start);
    let end = offset(text, at.end).max(start);
    text.len() - (end - start) + new_text.len()
}

/// The path of a `file://` URI.
pub fn uri_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    // `file://host/path` is not a local file; `file:///path` is.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = path.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    let s = String::from_utf8(out).ok()?;
    // `file:///C:/x` on Windows.
    let s = match s.get(1..3) {
        Some(drive) if drive.ends_with(':') && s.starts_with('/') => s[1..].to_string(),
        _ => s,
    };
    // `..` and `.` are resolved here, so a URI cannot name a folder above the one it spells.
    let mut path = PathBuf::new();
    for part in Path::new(&s).components() {
        match part {
            Component::ParentDir => {
                if !path.pop() || path.as_os_str().is_empty() {
                    return None;
                }
            }
            Component::CurDir => {}
            other => path.push(other),
        }
    }
    Some(path)
}

/// The `file://` URI of an absolute path.
pub fn path_uri(path: &Path) -> String {
    let s = path.to_string_lossy().replace('\\', "/");
    let mut out = String::from("file://");
    if !s.starts_with('/') {
        out.push('/');
    }
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~:".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_through_utf16() {
        let text = "a\né𝄞x\n";
        let at = text.find('x').unwrap_or(0);
        let p = position(text, at);
        assert_eq!(p, Position::new(1, 3));
        assert_eq!(offset(text, p), at);
        assert_eq!(offset(text, Position::new(9, 0)), text.len());
    }

    #[test]
    fn lines_end_at_lf_crlf_and_lone_cr() {
        let text = "a\r\nb\rc\nd";
        for (at, line, col) in [(3, 1, 0), (5, 2, 0), (7, 3, 0), (1, 0, 1)] {
            assert_eq!(position(text, at), Position::new(line, col), "{at}");
            assert_eq!(offset(text, Position::new(line, col)), at);
        }
        // A column past the line's end is the line's end, before its break.
        assert_eq!(offset(text, Position::new(0, 9)), 1);
    }

    #[test]
    fn range_edits_count_utf16_and_refuse_half_characters() {
        let mut text = String::from("é😀x\nz");
        let r = |a: (u32, u32), b: (u32, u32)| {
            Range::new(Position::new(a.0, a.1), Position::new(b.0, b.1))
        };
        apply_change(&mut text, r((0, 3), (0, 4)), "y").unwrap();
        assert_eq!(text, "é😀y\nz");
        assert!(apply_change(&mut text, r((0, 2), (0, 3)), "").is_err());
        assert!(apply_change(&mut text, r((1, 1), (0, 0)), "").is_err());
        assert_eq!(text, "é😀y\nz");
        apply_change(&mut text, r((1, 5), (9, 0)), "!").unwrap();
        assert_eq!(text, "é😀y\nz!");
    }

    #[test]
    fn uris_round_trip() {
        let p = Path::new("/tmp/a b/ships#1.hb");
        let uri = path_uri(p);
        assert_eq!(uri, "file:///tmp/a%20b/ships%231.hb");
        assert_eq!(uri_path(&uri).as_deref(), Some(p));
        assert_eq!(uri_path("http://x/y"), None);
        assert_eq!(
            uri_path("file:///a/./b/../c.hb").as_deref(),
            Some(Path::new("/a/c.hb"))
        );
        assert_eq!(uri_path("file:///../x.hb").as_deref(), None);
    }
}
