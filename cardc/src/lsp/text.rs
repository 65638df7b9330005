//! Positions and URIs: LSP positions are (line, UTF-16 column); the compiler's spans are byte
//! offsets. File URIs are `file://` plus the percent-encoded absolute path.

use std::path::{Path, PathBuf};

use lsp_types::{Position, Range};

use cardlang::source::Span;

/// LSP position of byte `offset` in `text` (clamped to the text, never a panic).
pub fn position(text: &str, offset: usize) -> Position {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = text.get(..at).unwrap_or("");
    let line = before.bytes().filter(|&b| b == b'\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let col: usize = before
        .get(start..)
        .unwrap_or("")
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

/// Byte offset of an LSP position (past the end of a line: the line's end).
pub fn offset(text: &str, pos: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..pos.line {
        match text.get(line_start..).and_then(|r| r.find('\n')) {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line = text.get(line_start..).unwrap_or("");
    let line = line.split('\n').next().unwrap_or("");
    let mut units = 0u32;
    for (i, c) in line.char_indices() {
        if units >= pos.character {
            return line_start + i;
        }
        units += u32::try_from(c.len_utf16()).unwrap_or(2);
    }
    line_start + line.len()
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
    Some(PathBuf::from(s))
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
    fn uris_round_trip() {
        let p = Path::new("/tmp/a b/ships#1.hb");
        let uri = path_uri(p);
        assert_eq!(uri, "file:///tmp/a%20b/ships%231.hb");
        assert_eq!(uri_path(&uri).as_deref(), Some(p));
        assert_eq!(uri_path("http://x/y"), None);
    }
}
