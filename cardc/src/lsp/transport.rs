//! The protocol's framing over any byte stream: `Content-Length: N` headers, a blank line, and
//! N bytes of JSON.
//!
//! Every header problem is told in words. A frame whose length is known is always followed:
//! one over [`MAX_MESSAGE_BYTES`] is read past without being kept and answered with an error,
//! and the session goes on. A frame whose length is not known (missing, not a number, two that
//! disagree, a header line over [`MAX_HEADER_LINE`]) cannot be skipped, since nothing says
//! where the next one starts: the reader says why and the server stops.

use std::io::{self, BufRead, Read, Write};

/// Largest message kept. A card file is capped at 4 MiB (`cardlang::source::MAX_FILE_BYTES`);
/// escaped as JSON a byte takes at most 6 (`\u0000`), so a `didOpen` of any card file the
/// compiler would read fits, with 1 MiB for the rest of the message.
pub const MAX_MESSAGE_BYTES: usize = 25 * 1024 * 1024;
/// Longest header line.
pub const MAX_HEADER_LINE: usize = 8 * 1024;
/// Most header lines in one frame (the protocol defines two).
const MAX_HEADERS: usize = 32;

/// What the next frame is.
#[derive(Debug)]
pub enum Frame {
    /// A body within the limit.
    Body(Vec<u8>),
    /// A frame read past without being kept: why, to answer with an error.
    Skipped(String),
    /// The input ended between frames.
    End,
}

/// Reads the next frame. `Err` is a stream that cannot be followed, or a read error, in words;
/// `log` gets a line for each header problem that does not stop the reader.
pub fn read_frame(input: &mut impl BufRead, log: &mut dyn Write) -> Result<Frame, String> {
    let mut length: Option<u64> = None;
    let mut headers = 0;
    loop {
        let mut line = Vec::new();
        let n = input
            .by_ref()
            .take(MAX_HEADER_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if n == 0 {
            return if headers == 0 {
                Ok(Frame::End)
            } else {
                Err("the input ended inside a message's headers".into())
            };
        }
        if n > MAX_HEADER_LINE {
            return Err(format!(
                "a header line is longer than {} KiB",
                MAX_HEADER_LINE / 1024
            ));
        }
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if headers == 0 {
                // A blank line between frames is tolerated, as most servers do.
                continue;
            }
            break;
        }
        headers += 1;
        if headers > MAX_HEADERS {
            return Err(format!(
                "a message has more than {MAX_HEADERS} header lines"
            ));
        }
        let Some((name, value)) = line.split_once(':') else {
            let _ = writeln!(
                log,
                "cardc lsp: ignored a header line without a `:` ({})",
                clip(line)
            );
            continue;
        };
        if !name.trim().eq_ignore_ascii_case("content-length") {
            continue;
        }
        let value = value.trim();
        let n: u64 = value.parse().map_err(|_| {
            format!(
                "`Content-Length: {}` is not a length in bytes; the next message cannot be found",
                clip(value)
            )
        })?;
        match length {
            Some(before) if before != n => {
                return Err(format!(
                    "two `Content-Length` headers disagree ({before} and {n}); the next message \
                     cannot be found"
                ))
            }
            Some(_) => {
                let _ = writeln!(
                    log,
                    "cardc lsp: a message repeats its `Content-Length` header"
                );
            }
            None => length = Some(n),
        }
    }
    let Some(length) = length else {
        return Err(
            "a message has no `Content-Length` header; the next message cannot be found".into(),
        );
    };
    if length > MAX_MESSAGE_BYTES as u64 {
        let skipped = io::copy(&mut input.by_ref().take(length), &mut io::sink())
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if skipped < length {
            return Err(format!(
                "the input ended inside a message of {length} bytes"
            ));
        }
        return Ok(Frame::Skipped(format!(
            "a message of {length} bytes is over the {} MiB limit; it was skipped",
            MAX_MESSAGE_BYTES / (1024 * 1024)
        )));
    }
    let mut body = Vec::new();
    input
        .by_ref()
        .take(length)
        .read_to_end(&mut body)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    if (body.len() as u64) < length {
        return Err(format!(
            "the input ended inside a message of {length} bytes"
        ));
    }
    Ok(Frame::Body(body))
}

/// At most 40 characters of a header value, for a message about it.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out.escape_debug().to_string()
}

/// Writes one frame and flushes it.
pub fn write_frame(out: &mut impl Write, body: &[u8]) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
    out.write_all(body)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Result<String, String>> {
        let mut input = input;
        let mut out = Vec::new();
        loop {
            match read_frame(&mut input, &mut io::sink()) {
                Ok(Frame::End) => return out,
                Ok(Frame::Body(b)) => out.push(Ok(String::from_utf8_lossy(&b).into_owned())),
                Ok(Frame::Skipped(why)) => out.push(Err(why)),
                Err(why) => {
                    out.push(Err(why));
                    return out;
                }
            }
        }
    }

    #[test]
    fn lengths_that_cannot_be_followed_stop_the_reader() {
        for bad in [
            "Content-Length: x\r\n\r\n{}",
            "Content-Length: -2\r\n\r\n{}",
            "Content-Length: 99999999999999999999999\r\n\r\n{}",
            "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
            "Content-Type: a\r\n\r\n{}",
            "Content-Length: 9\r\n\r\n{}",
        ] {
            let got = frames(bad.as_bytes());
            assert!(matches!(got.last(), Some(Err(_))), "{bad:?}: {got:?}");
        }
        let twice = frames(b"Content-Length: 2\r\ncontent-length: 2\r\n\r\n{}\r\n");
        assert_eq!(twice, vec![Ok("{}".to_string())]);
    }
}
