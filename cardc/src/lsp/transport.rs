//! The stdio transport: `lsp-server`'s `Connection` over our own reader, because a client's
//! malformed message must get an error response, not end the session (lsp-server's own stdio
//! reader stops at the first frame it cannot decode).
//!
//! Frames are `Content-Length: N` headers, a blank line, and N bytes of JSON. Header lines are
//! read with a cap, a body over [`MAX_MESSAGE_BYTES`] is skipped unread, a body that is not
//! JSON gets a parse error (-32700, id `null`) and one that is JSON but not a message an
//! invalid-request error (-32600) with its id. A frame without a length cannot be skipped: the
//! reader stops there, and the server ends as if the client had gone.

use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

use crossbeam_channel::{bounded, Sender};
use lsp_server::{Connection, Message};
use serde_json::{json, Value};

/// Largest message read: a card file at the compiler's cap (4 MiB), escaped as JSON, fits.
pub const MAX_MESSAGE_BYTES: usize = 32 * 1024 * 1024;
/// Longest header line read.
const MAX_HEADER_LINE: u64 = 8 * 1024;

pub struct Threads {
    reader: JoinHandle<()>,
    writer: JoinHandle<io::Result<()>>,
}

impl Threads {
    pub fn join(self) -> Result<(), String> {
        let _ = self.reader.join();
        match self.writer.join() {
            Ok(r) => r.map_err(|e| e.to_string()),
            Err(_) => Err("the writer thread failed".into()),
        }
    }
}

/// Writes one frame while holding stdout, so frames from two threads never interleave.
fn write_frame(body: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    out.flush()
}

fn error_frame(id: Value, code: i32, message: &str) {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
    let _ = write_frame(&body.to_string());
}

/// One frame's body; `Ok(None)` at the end of input or on a frame that cannot be skipped.
fn read_frame(input: &mut impl BufRead) -> io::Result<Option<Result<Vec<u8>, String>>> {
    let mut length: Option<usize> = None;
    loop {
        let mut line = Vec::new();
        let n = input
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().ok();
            }
        }
    }
    let Some(length) = length else {
        return Ok(None);
    };
    if length > MAX_MESSAGE_BYTES {
        io::copy(&mut input.by_ref().take(length as u64), &mut io::sink())?;
        return Ok(Some(Err(format!(
            "message of {length} bytes is over the {} MiB limit",
            MAX_MESSAGE_BYTES / (1024 * 1024)
        ))));
    }
    let mut body = Vec::new();
    input.by_ref().take(length as u64).read_to_end(&mut body)?;
    Ok(Some(Ok(body)))
}

fn read_loop(to_server: Sender<Message>) {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    while let Ok(Some(frame)) = read_frame(&mut input) {
        let body = match frame {
            Ok(body) => body,
            Err(why) => {
                error_frame(Value::Null, -32600, &why);
                continue;
            }
        };
        match serde_json::from_slice::<Message>(&body) {
            Ok(msg) => {
                let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                if to_server.send(msg).is_err() || exit {
                    return;
                }
            }
            Err(e) => match serde_json::from_slice::<Value>(&body) {
                Ok(v) => {
                    let id = v.get("id").cloned().unwrap_or(Value::Null);
                    error_frame(id, -32600, &format!("not a JSON-RPC message: {e}"));
                }
                Err(e) => error_frame(Value::Null, -32700, &format!("not JSON: {e}")),
            },
        }
    }
}

/// A connection over stdin/stdout.
pub fn stdio() -> Result<(Connection, Threads), String> {
    let (writer_tx, writer_rx) = bounded::<Message>(0);
    let writer = std::thread::Builder::new()
        .name("cardc-lsp-writer".into())
        .spawn(move || {
            for msg in writer_rx {
                let mut out = io::stdout().lock();
                msg.write(&mut out)?;
            }
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    let (reader_tx, reader_rx) = bounded::<Message>(0);
    let reader = std::thread::Builder::new()
        .name("cardc-lsp-reader".into())
        .spawn(move || read_loop(reader_tx))
        .map_err(|e| e.to_string())?;
    Ok((
        Connection {
            sender: writer_tx,
            receiver: reader_rx,
        },
        Threads { reader, writer },
    ))
}
