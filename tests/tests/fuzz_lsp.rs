//! Mutation fuzzing of the language server's message stream (`cardc lsp`, docs/editor.md),
//! driven in-process through `cardc::lsp::serve` over in-memory streams: no panic, the session
//! ends, bounded output, and every request answered or refused with its id.
//!
//! Two harnesses share one corpus of editor sessions (initialize, didOpen with card text,
//! didChange with ranges and whole texts, hover, completion, definition, symbols, code
//! actions, formatting, shutdown, exit): `lsp_framing` mutates the framed byte stream
//! (headers, lengths, truncation, garbage between frames); `lsp_messages` mutates the JSON of
//! the messages and frames each line again, so every mutant reaches the message reader. A long
//! run (docs/reliability.md):
//!
//! ```text
//! HB_FUZZ_ITERS=1000000 cargo test -p tests --test fuzz_lsp -- --nocapture
//! ```
//!
//! The documents live under a folder that does not exist, so no pool is read from disk.

mod inputs;

use inputs::fuzzing::{fuzz, iterations, seed};
use serde_json::{json, Value};

const DOC: &str = "file:///nonexistent-hb-fuzz/cards/a.hb";
const DECK: &str = "file:///nonexistent-hb-fuzz/cards/decks/fleet.txt";

const CARD: &str = "Ship \"Kité 😀\" {\n    class: Frigate\n    faction: RDF\n    cost: 2R 1C\n    attack: 2\n    defense: 5\n    wounds: 2\n    traits: Escort, Interceptor +1\n}\n\nEvent \"Launch\" {\n    cost: 1C\n    play: search your shipyard for a ship named \"Kité 😀\" and deploy it\n}\n";

/// Tokens worth inserting into a message stream.
const WORDS: &[&str] = &[
    "Content-Length: ",
    "Content-Length: 0\r\n\r\n",
    "Content-Length: 4294967296\r\n\r\n",
    "content-length:12\r\n",
    "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n",
    "\r\n\r\n",
    "\r\n",
    "\"id\":",
    "\"id\": null,",
    "\"id\": 4294967296,",
    "\"id\": \"x\",",
    "\"id\": [1],",
    "\"method\":",
    "\"params\":",
    "\"textDocument/didChange\"",
    "\"textDocument/didOpen\"",
    "\"textDocument/didClose\"",
    "\"textDocument/hover\"",
    "\"shutdown\"",
    "\"exit\"",
    "\"initialize\"",
    "{\"line\": 4294967295, \"character\": 4294967295}",
    "{\"line\": 0, \"character\": 8}",
    "\"range\": {\"start\": {\"line\": 0, \"character\": 9}, \"end\": {\"line\": 0, \"character\": 7}},",
    "[[[[[[[[",
    "]]]]",
    "{\"a\":",
    "null",
    "true",
    "-1",
    "1e999",
    "\"\\ud800\"",
    "\"file:///\"",
    "\"file:///nonexistent-hb-fuzz/../../x.hb\"",
    "\"untitled:Untitled-1\"",
];

fn request(id: Value, method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

fn notification(method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "method": method, "params": params})
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

fn edit(uri: &str, from: (u32, u32), to: (u32, u32), text: &str) -> Value {
    json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{
        "range": {"start": {"line": from.0, "character": from.1}, "end": {"line": to.0, "character": to.1}},
        "text": text,
    }]})
}

/// Editor sessions, one JSON message a line.
fn sessions() -> Vec<Vec<u8>> {
    let open = |uri: &str, text: &str| {
        notification(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "hullbreach", "version": 1, "text": text}}),
        )
    };
    let start = [
        request(json!(1), "initialize", json!({"capabilities": {}})),
        notification("initialized", json!({})),
        open(DOC, CARD),
    ];
    let end = [
        request(json!(99), "shutdown", Value::Null),
        notification("exit", Value::Null),
    ];
    let bodies: Vec<Vec<Value>> = vec![
        vec![
            notification("textDocument/didChange", edit(DOC, (0, 10), (0, 12), "x")),
            request(json!(2), "textDocument/hover", at(DOC, 0, 2)),
            request(json!(3), "textDocument/completion", at(DOC, 7, 12)),
            request(
                json!(4),
                "textDocument/formatting",
                json!({"textDocument": {"uri": DOC}, "options": {"tabSize": 4, "insertSpaces": true}}),
            ),
        ],
        vec![
            request(
                json!(1u64 << 40),
                "textDocument/definition",
                at(DOC, 12, 50),
            ),
            request(
                json!("sym"),
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": DOC}}),
            ),
            request(Value::Null, "workspace/symbol", json!({"query": "k"})),
            notification(
                "textDocument/didChange",
                json!({"textDocument": {"uri": DOC, "version": 3}, "contentChanges": [{"text": "Event \"Z\" {\n  cost:1C\n}\n"}]}),
            ),
            request(
                json!(5),
                "textDocument/codeAction",
                json!({"textDocument": {"uri": DOC}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}, "context": {"diagnostics": []}}),
            ),
        ],
        vec![
            open(DECK, "# a fleet\n[Ships]\n3 Kite\n"),
            notification(
                "textDocument/didChange",
                edit(DECK, (2, 2), (2, 6), "Kité 😀"),
            ),
            request(json!(6), "textDocument/definition", at(DECK, 2, 3)),
            notification(
                "textDocument/didClose",
                json!({"textDocument": {"uri": DECK}}),
            ),
            notification("textDocument/didChange", edit(DOC, (1, 4), (1, 9), "clas")),
            request(json!(7), "textDocument/hover", at(DOC, 7, 22)),
            notification(
                "textDocument/didClose",
                json!({"textDocument": {"uri": DOC}}),
            ),
        ],
        vec![
            request(json!(8), "cardc/bogus", json!({})),
            request(json!(9), "textDocument/hover", json!({"nope": 1})),
            json!("not a message"),
            notification("textDocument/didChange", edit(DOC, (0, 8), (0, 7), "")),
            notification(
                "textDocument/didChange",
                edit(DOC, (900, 0), (900, 0), "\n# end"),
            ),
            request(json!(10), "textDocument/completion", at(DOC, 12, 10)),
        ],
    ];
    bodies
        .into_iter()
        .map(|middle| {
            let lines: Vec<String> = start
                .iter()
                .chain(&middle)
                .chain(&end)
                .map(Value::to_string)
                .collect();
            (lines.join("\n") + "\n").into_bytes()
        })
        .collect()
}

/// Each line of `lines` as one frame with its true length.
fn frame_lines(lines: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        out.extend(format!("Content-Length: {}\r\n\r\n", line.len()).bytes());
        out.extend_from_slice(line);
    }
    out
}

/// The largest output allowed for an input: linear in it (each request gets one reply, each
/// change one round of diagnostics for the few files of the session).
fn output_bound(input: &[u8]) -> usize {
    1024 * 1024 + 256 * input.len()
}

/// Runs one session; returns the frames written back.
fn serve(input: &[u8]) -> Vec<Value> {
    let mut output = Vec::new();
    let mut log = Vec::new();
    let _ending = cardc::lsp::serve(input, &mut output, &mut log);
    assert!(
        output.len() <= output_bound(input),
        "{} bytes out for {} in",
        output.len(),
        input.len()
    );
    assert!(
        log.len() <= output_bound(input),
        "{} bytes of log",
        log.len()
    );
    let mut frames = Vec::new();
    let mut rest = output.as_slice();
    loop {
        match cardc::lsp::transport::read_frame(&mut rest, &mut std::io::sink()) {
            Ok(cardc::lsp::transport::Frame::Body(body)) => {
                let v: Value = serde_json::from_slice(&body).expect("the server writes JSON");
                frames.push(v);
            }
            Ok(cardc::lsp::transport::Frame::End) => return frames,
            other => panic!("the server wrote a broken frame: {other:?}"),
        }
    }
}

/// The framed stream mutated: whatever comes, no panic, the session ends, bounded output.
fn check_stream(input: &[u8]) {
    serve(input);
}

/// Mutated messages, one a line, each framed with its true length: every request (and every
/// message refused) up to `exit` gets a reply with its id, in order.
fn check_messages(lines: &[u8]) {
    let replies = serve(&frame_lines(lines));
    let answered: Vec<&Value> = replies
        .iter()
        .filter(|r| r.get("method").is_none())
        .map(|r| &r["id"])
        .collect();
    let mut expected = Vec::new();
    for body in lines.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        match cardc::lsp::message::decode(body) {
            cardc::lsp::message::Incoming::Request { id, .. } => expected.push(id),
            cardc::lsp::message::Incoming::Refused { id, .. } => expected.push(id),
            cardc::lsp::message::Incoming::Notification { method, .. } if method == "exit" => break,
            _ => {}
        }
    }
    assert_eq!(
        answered.len(),
        expected.len(),
        "replies {answered:?} for {expected:?}"
    );
    for (got, want) in answered.iter().zip(&expected) {
        assert_eq!(*got, want, "replies in order, each with its request's id");
    }
}

#[test]
fn lsp_framing() {
    let corpus: Vec<Vec<u8>> = sessions().iter().map(|s| frame_lines(s)).collect();
    fuzz(
        "lsp-framing",
        &corpus,
        WORDS,
        iterations(300),
        seed(11),
        |b| b,
        check_stream,
    );
}

#[test]
fn lsp_messages() {
    fuzz(
        "lsp-messages",
        &sessions(),
        WORDS,
        iterations(300),
        seed(12),
        at_most_lines,
        check_messages,
    );
}

/// Messages a mutated session keeps: the mutator's "repeat a line up to 300 times" made each
/// input up to 300 recompiles of the pool (about 6 ms an input); what a mutant's JSON does to
/// the reader shows in far fewer, so a million inputs fit an offline run.
const MAX_SESSION_LINES: usize = 48;

fn at_most_lines(session: Vec<u8>) -> Vec<u8> {
    let mut kept = Vec::with_capacity(session.len().min(1 << 20));
    for line in session
        .split_inclusive(|&b| b == b'\n')
        .take(MAX_SESSION_LINES)
    {
        kept.extend_from_slice(line);
    }
    kept
}
