//! `cardc lsp` driven over stdio as an editor drives it: initialize, open, change, hover,
//! completion, definition, symbols, code actions, formatting, bad requests, shutdown. Every
//! response is snapshotted (insta), with the scratch pool's URI replaced by `file:///POOL` and
//! lists whose order the protocol leaves open sorted. Waits are bounded by a deadline.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long any one answer may take before the test gives up (a hang, not a timing check).
const DEADLINE: Duration = Duration::from_secs(60);

struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const A: &str = "Ship \"Kite\" {
    class: Frigate
    faction: RDF
    cost: 2R 1C
    attack: 2
    defense: 5
    wounds: 2
    traits: Escort, Interceptor +1
}
";

const B: &str = "Ship \"Kite\" {
    class: Frigate
    cost: 1R
    attack: 1
    defense: 1
    wounds: 1
}

Event \"Launch\" {
    cost: 1C
    play: search your shipyard for a ship named \"Kite\" and deploy it
}
";

const B2: &str = "Ship \"Gull\" {
    class: Frigate
    cost: 1R
    atack: 1
    defense: 1
    wounds: 1
    traits: Stealth +1, Interceptor
}

Event \"Launch\" {
  cost:1C
    play: search your shipyard for a ship named \"Kite\" and deploy it
}
";

struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
    /// Notifications received while waiting for responses.
    notifications: Vec<Value>,
}

fn read_frames(out: impl Read + Send + 'static) -> Receiver<Value> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(out);
        loop {
            let mut length = None;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(n) = line.strip_prefix("Content-Length: ") {
                    length = n.parse::<usize>().ok();
                }
            }
            let Some(n) = length else { return };
            let mut body = vec![0; n];
            if reader.read_exact(&mut body).is_err() {
                return;
            }
            match serde_json::from_slice(&body) {
                Ok(v) => {
                    if tx.send(v).is_err() {
                        return;
                    }
                }
                Err(_) => return,
            }
        }
    });
    rx
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cardc lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let incoming = read_frames(child.stdout.take().expect("stdout"));
        Client {
            child,
            stdin,
            incoming,
            next_id: 0,
            notifications: Vec::new(),
        }
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        let frame = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        self.stdin.write_all(frame.as_bytes()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits (up to the deadline) for its response.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + DEADLINE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let msg = self
                .incoming
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no answer to {method} before the deadline"));
            if msg.get("id") == Some(&json!(id)) {
                let mut msg = msg;
                if let Some(o) = msg.as_object_mut() {
                    o.remove("jsonrpc");
                    o.remove("id");
                }
                return msg;
            }
            if msg.get("method").is_some() {
                self.notifications.push(msg);
            }
        }
    }

    /// Sends a raw frame body and waits (up to the deadline) for the response with `id`.
    fn raw(&mut self, body: &str, id: Value) -> Value {
        let frame = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        self.stdin.write_all(frame.as_bytes()).expect("write");
        self.stdin.flush().expect("flush");
        let deadline = Instant::now() + DEADLINE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let msg = self
                .incoming
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no answer to {body:?} before the deadline"));
            if msg.get("id") == Some(&id) && msg.get("error").is_some() {
                return msg;
            }
        }
    }

    /// The diagnostics published since the last call, by file (the latest per file).
    fn diagnostics(&mut self) -> Value {
        let mut by_uri = std::collections::BTreeMap::new();
        for n in self.notifications.drain(..) {
            if n["method"] == "textDocument/publishDiagnostics" {
                let uri = n["params"]["uri"].as_str().unwrap_or("").to_string();
                by_uri.insert(uri, n["params"]["diagnostics"].clone());
            }
        }
        json!(by_uri)
    }
}

fn pos(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

/// Sorts completion items by label: the protocol leaves their order to the client.
fn sorted_labels(v: &Value) -> Value {
    let mut labels: Vec<String> = v["result"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|i| {
                    format!(
                        "{} — {}",
                        i["label"].as_str().unwrap_or(""),
                        i["detail"].as_str().unwrap_or("")
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    labels.sort();
    json!(labels)
}

#[test]
fn an_editor_session_over_stdio() {
    let dir = std::env::temp_dir().join(format!("cardc-lsp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pool = dir.join("cards");
    std::fs::create_dir_all(pool.join("decks")).expect("scratch pool");
    let _scratch = Scratch(dir.clone());
    std::fs::write(pool.join("a.hb"), A).expect("write");
    std::fs::write(pool.join("b.hb"), B).expect("write");
    let base = format!("file://{}", pool.to_string_lossy());
    let a = format!("{base}/a.hb");
    let b = format!("{base}/b.hb");

    let mut c = Client::start();
    let mut transcript: Vec<(String, Value)> = Vec::new();
    let init = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    transcript.push(("initialize".into(), init["result"]["capabilities"].clone()));
    c.notify("initialized", json!({}));

    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": b, "languageId": "hullbreach", "version": 1, "text": B}}),
    );
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": b}}),
    );
    // The duplicate name shows in both files, each pointing at the other.
    let diags = c.diagnostics();
    assert_eq!(diags[&a][0]["code"], "HB0301", "{diags:#}");
    assert_eq!(diags[&b][0]["code"], "HB0301", "{diags:#}");
    transcript.push(("diagnostics after open".into(), diags));
    transcript.push(("documentSymbol b.hb".into(), symbols));

    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": b, "version": 2}, "contentChanges": [{"text": B2}]}),
    );
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": b}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 8, "character": 0}}, "context": {"diagnostics": []}}),
    );
    let diags = c.diagnostics();
    assert_eq!(
        diags[&a],
        json!([]),
        "the duplicate is gone from a.hb: {diags:#}"
    );
    transcript.push(("diagnostics after change".into(), diags));
    transcript.push(("codeAction b.hb".into(), actions));

    transcript.push((
        "hover card header".into(),
        c.request("textDocument/hover", pos(&a, 0, 8)),
    ));
    transcript.push((
        "hover field".into(),
        c.request("textDocument/hover", pos(&a, 7, 6)),
    ));
    transcript.push((
        "hover trait".into(),
        c.request("textDocument/hover", pos(&a, 7, 22)),
    ));
    transcript.push((
        "hover named".into(),
        c.request("textDocument/hover", pos(&b, 11, 50)),
    ));
    transcript.push((
        "definition named".into(),
        c.request("textDocument/definition", pos(&b, 11, 50)),
    ));
    let fields = c.request("textDocument/completion", pos(&b, 10, 2));
    transcript.push((
        "completion field names on an Event".into(),
        sorted_labels(&fields),
    ));
    let traits = c.request("textDocument/completion", pos(&b, 6, 12));
    transcript.push(("completion traits".into(), sorted_labels(&traits)));
    transcript.push((
        "formatting b.hb".into(),
        c.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": b}, "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
    ));
    transcript.push((
        "workspace symbols".into(),
        c.request("workspace/symbol", json!({"query": "k"})),
    ));
    transcript.push(("unknown method".into(), c.request("cardc/bogus", json!({}))));
    transcript.push((
        "malformed params".into(),
        c.request("textDocument/hover", json!({"nope": 1})),
    ));
    // Malformed messages get error responses, and the session goes on.
    transcript.push(("not JSON".into(), c.raw("{not json", Value::Null)));
    transcript.push(("not a message".into(), c.raw("\"hello\"", Value::Null)));
    transcript.push(("shutdown".into(), c.request("shutdown", Value::Null)));
    c.notify("exit", Value::Null);

    let deadline = Instant::now() + DEADLINE;
    let status = loop {
        if let Some(status) = c.child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "cardc lsp did not exit after `exit`"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success());

    let mut text = String::new();
    for (what, v) in transcript {
        text.push_str(&format!(
            "== {what}\n{}\n",
            serde_json::to_string_pretty(&v).unwrap_or_default()
        ));
    }
    let text = text.replace(&base, "file:///POOL");
    insta::assert_snapshot!("session", text);
}

/// A decklist (`cards/decks/*.txt`) is not a card file: opening it publishes nothing, and go
/// to definition on one of its lines goes to the card it names in the pool the decklist is
/// checked against (§2.1; docs/editor.md).
#[test]
fn a_decklist_line_goes_to_its_card() {
    let dir = std::env::temp_dir().join(format!("cardc-lsp-deck-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pool = dir.join("cards");
    std::fs::create_dir_all(pool.join("decks")).expect("scratch pool");
    let _scratch = Scratch(dir.clone());
    std::fs::write(pool.join("a.hb"), A).expect("write");
    let base = format!("file://{}", pool.to_string_lossy());
    let deck = format!("{base}/decks/fleet.txt");
    let text = "# a fleet\n[Ships]\n3 Kite\n2 Kyte\n";

    let mut c = Client::start();
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": deck, "languageId": "plaintext", "version": 1, "text": text}}),
    );
    let on_name = c.request("textDocument/definition", pos(&deck, 2, 3));
    assert_eq!(
        on_name["result"]["uri"],
        json!(format!("{base}/a.hb")),
        "{on_name:#}"
    );
    assert_eq!(on_name["result"]["range"]["start"]["line"], json!(0));
    // A name no card has, and a comment line, go nowhere.
    let unknown = c.request("textDocument/definition", pos(&deck, 3, 3));
    assert_eq!(unknown["result"], Value::Null, "{unknown:#}");
    let comment = c.request("textDocument/definition", pos(&deck, 0, 3));
    assert_eq!(comment["result"], Value::Null, "{comment:#}");
    // The decklist joined no pool's compilation: no diagnostics were published about it.
    let diags = c.diagnostics();
    assert!(diags.get(&deck).is_none(), "{diags:#}");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}

/// Class and faction names inside ability lines hover with the meaning they have in the
/// `class:` and `faction:` fields.
#[test]
fn class_and_faction_words_in_ability_lines_hover() {
    let dir = std::env::temp_dir().join(format!("cardc-lsp-words-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pool = dir.join("cards");
    std::fs::create_dir_all(&pool).expect("scratch pool");
    let _scratch = Scratch(dir.clone());
    let text = "Event \"Muster\" {\n    cost: 1C\n    play: each RDF Frigate you control gets +1 attack until end of turn\n}\n";
    std::fs::write(pool.join("muster.hb"), text).expect("write");
    let uri = format!("file://{}/muster.hb", pool.to_string_lossy());

    let mut c = Client::start();
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "hullbreach", "version": 1, "text": text}}),
    );
    let class = c.request("textDocument/hover", pos(&uri, 2, 21));
    let value = class["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(value.starts_with("**Frigate** — ship class"), "{class:#}");
    let faction = c.request("textDocument/hover", pos(&uri, 2, 16));
    let value = faction["result"]["contents"]["value"]
        .as_str()
        .unwrap_or("");
    assert!(value.starts_with("**RDF** — faction"), "{faction:#}");
    // An ordinary word has no hover.
    let plain = c.request("textDocument/hover", pos(&uri, 2, 11));
    assert_eq!(plain["result"], Value::Null, "{plain:#}");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}
