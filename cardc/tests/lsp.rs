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
        Client::start_with(|_| {})
    }

    /// Starts the server with something of its environment changed (`HOME`).
    fn start_with(configure: impl FnOnce(&mut Command)) -> Client {
        Client::start_full(configure, &[])
    }

    /// Starts `cardc lsp FLAGS`.
    fn start_flags(flags: &[&str]) -> Client {
        Client::start_full(|_| {}, flags)
    }

    fn start_full(configure: impl FnOnce(&mut Command), flags: &[&str]) -> Client {
        let mut command = Command::new(env!("CARGO_BIN_EXE_cardc"));
        configure(&mut command);
        let _alone = SPAWNING.lock().unwrap_or_else(|e| e.into_inner());
        let mut child = command
            .arg("lsp")
            .args(flags)
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

/// A decklist (`cards/decks/*.txt`) is not a card file: it joins no pool's compilation, and go
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
    // The decklist joined no pool's compilation: no card file has a problem of it.
    let diags = c.diagnostics();
    let card_file = format!("{base}/a.hb");
    assert!(
        diags.get(&card_file).is_none_or(|d| d == &json!([])),
        "{diags:#}"
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}

/// Issue #43: a decklist open in the editor gets the diagnostics `cardc deck check` gives (a
/// misspelt card with the nearest name, a sixth copy, a wrong total), again whenever a card
/// file of its pool changes; hover on a deck line shows the card as `cardc explain` does, and
/// completion after a line's count offers the pool's card names.
#[test]
fn a_decklist_is_checked_hovered_and_completed() {
    let dir = std::env::temp_dir().join(format!("cardc-lsp-decklist-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pool = dir.join("cards");
    std::fs::create_dir_all(pool.join("decks")).expect("scratch pool");
    let _scratch = Scratch(dir.clone());
    std::fs::write(pool.join("a.hb"), A).expect("write");
    let base = format!("file://{}", pool.to_string_lossy());
    let (card_file, deck) = (format!("{base}/a.hb"), format!("{base}/decks/fleet.txt"));
    let text = "# a fleet\n[Ships]\n6 Kite\n2 Kyte\n";

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
    // A request after the notification: its diagnostics were published before the answer.
    let hover = c.request("textDocument/hover", pos(&deck, 2, 3));
    let diags = c.diagnostics();
    let found: Vec<(String, u64, String)> = diags[&deck]
        .as_array()
        .expect("the decklist's diagnostics")
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["range"]["start"]["line"].as_u64().unwrap_or(99),
                d["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let has = |code: &str, line: u64, says: &str| {
        found
            .iter()
            .any(|(c, l, m)| c == code && *l == line && m.contains(says))
    };
    assert!(has("HB0613", 3, "did you mean \"Kite\"?"), "{found:#?}");
    assert!(has("HB0706", 2, ""), "a sixth copy: {found:#?}");
    assert!(
        found.iter().any(|(c, ..)| c == "HB0701"),
        "the total: {found:#?}"
    );
    // Hover: the card as the engine reads it.
    let shown = hover["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(shown.contains("Kite"), "{hover:#}");
    assert!(shown.starts_with("```text"), "{hover:#}");
    let unknown = c.request("textDocument/hover", pos(&deck, 3, 3));
    assert_eq!(unknown["result"], Value::Null, "{unknown:#}");
    // Completion after a count: the pool's card names; before it, nothing.
    let names = c.request("textDocument/completion", pos(&deck, 3, 2));
    assert_eq!(sorted_labels(&names), json!(["Kite — card"]), "{names:#}");
    let none = c.request("textDocument/completion", pos(&deck, 3, 0));
    assert_eq!(none["result"], json!([]), "{none:#}");
    // The pool's card renamed: the deck's diagnostics follow.
    let renamed = A.replace("\"Kite\"", "\"Kyte\"");
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": card_file, "languageId": "hullbreach", "version": 1, "text": renamed}}),
    );
    c.request("textDocument/hover", pos(&deck, 2, 3));
    let diags = c.diagnostics();
    let unknown: Vec<&str> = diags[&deck]
        .as_array()
        .expect("published again")
        .iter()
        .filter(|d| d["code"] == "HB0613")
        .filter_map(|d| d["message"].as_str())
        .collect();
    assert_eq!(unknown.len(), 1, "{diags:#}");
    assert!(unknown[0].contains("\"Kite\""), "{unknown:?}");
    // Closed: its diagnostics are cleared.
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": deck}}),
    );
    c.request("textDocument/hover", pos(&card_file, 0, 8));
    let diags = c.diagnostics();
    assert_eq!(diags[&deck], json!([]), "{diags:#}");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}

/// A decklist with a Prototype card (§8.8) is refused in the editor (HB0710) unless the server
/// was started with `--allow-prototypes`, the flag `cardc deck check` takes: the editor and
/// the deck checker judge a deck alike.
#[test]
fn deck_diagnostics_honour_allow_prototypes() {
    let dir = std::env::temp_dir().join(format!("cardc-lsp-prototype-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pool = dir.join("cards");
    std::fs::create_dir_all(pool.join("decks")).expect("scratch pool");
    let _scratch = Scratch(dir.clone());
    let prototype = "Ship \"Corvette\" {\n    class: Frigate\n    prototype\n    cost: 1R 1C\n    \
                     attack: 3\n    defense: 3\n    wounds: 2\n}\n";
    std::fs::write(pool.join("a.hb"), format!("{A}\n{prototype}")).expect("write");
    let deck = format!("file://{}/decks/fleet.txt", pool.to_string_lossy());
    let text = "[Ships]\n1 Kite\n1 Corvette\n";
    let codes = |flags: &[&str]| -> Vec<(String, u64)> {
        let mut c = Client::start_flags(flags);
        c.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        c.notify("initialized", json!({}));
        c.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": deck, "languageId": "plaintext", "version": 1, "text": text}}),
        );
        c.request("textDocument/hover", pos(&deck, 1, 3));
        let diags = c.diagnostics();
        c.request("shutdown", Value::Null);
        c.notify("exit", Value::Null);
        diags[&deck]
            .as_array()
            .expect("the decklist's diagnostics")
            .iter()
            .map(|d| {
                let code = d["code"].as_str().unwrap_or("").to_string();
                (code, d["range"]["start"]["line"].as_u64().unwrap_or(99))
            })
            .collect()
    };
    let refused = codes(&[]);
    assert!(
        refused.contains(&("HB0710".to_string(), 2)),
        "the Prototype is refused on its line: {refused:?}"
    );
    let allowed = codes(&["--allow-prototypes"]);
    assert!(!allowed.iter().any(|(c, _)| c == "HB0710"), "{allowed:?}");
    // The rest of the deck is judged as before (its total, at least).
    assert!(allowed.iter().any(|(c, _)| c == "HB0701"), "{allowed:?}");
}

/// Completion of a card's fields never offers what its type cannot have: `timing:` and `play:`
/// are an Event's or Tactic's (§2.6, §2.7), so a Ship is not offered them and an Event is.
#[test]
fn completion_offers_only_the_fields_a_card_type_can_have() {
    let dir = std::env::temp_dir().join(format!("cardc-lsp-fields-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pool = dir.join("cards");
    std::fs::create_dir_all(&pool).expect("scratch pool");
    let _scratch = Scratch(dir.clone());
    let text = "Ship \"Kite\" {\n    class: Frigate\n    \n}\n\nEvent \"Launch\" {\n    cost: 1C\n    \n}\n";
    std::fs::write(pool.join("k.hb"), text).expect("write");
    let uri = format!("file://{}/k.hb", pool.to_string_lossy());

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
    let labels = |v: &Value| -> Vec<String> {
        v["result"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|i| i["label"].as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    let ship = labels(&c.request("textDocument/completion", pos(&uri, 2, 4)));
    assert!(ship.iter().any(|l| l == "when"), "{ship:?}");
    assert!(
        !ship.iter().any(|l| l == "timing" || l == "play"),
        "{ship:?}"
    );
    let event = labels(&c.request("textDocument/completion", pos(&uri, 7, 4)));
    assert!(
        event.iter().any(|l| l == "timing") && event.iter().any(|l| l == "play"),
        "{event:?}"
    );
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
    // A class of two words hovers from either word (issue #43).
    let two = "Event \"Scramble\" {\n    cost: 1C\n    play: each Fighter Wing and Battle Cruisers you control gets +1 attack until end of turn\n}\n";
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": two}]}),
    );
    for (character, class) in [
        (16, "Fighter Wing"),
        (24, "Fighter Wing"),
        (33, "Battle Cruiser"),
        (41, "Battle Cruiser"),
    ] {
        let hover = c.request("textDocument/hover", pos(&uri, 2, character));
        let value = hover["result"]["contents"]["value"].as_str().unwrap_or("");
        assert!(
            value.starts_with(&format!("**{class}** — ship class")),
            "{character}: {hover:#}"
        );
    }
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}

/// What one run of `cardc lsp` over a whole input did: its exit code, its stderr, and the
/// messages it wrote (those that could be read back).
struct Run {
    code: Option<i32>,
    stderr: String,
    replies: Vec<Value>,
}

/// Where a raw run's output goes.
#[derive(Clone, Copy)]
enum Output {
    /// Read back.
    Read,
    /// A pipe whose reading end is closed before the server starts.
    Closed,
    /// `/dev/full`: every write fails.
    Full,
}

static SPAWNING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `cardc lsp` on `input` (then end of input), its output as `stdout` says. Waits up to
/// the deadline: a server still running then has hung.
fn run_raw(input: Vec<u8>, stdout: Output) -> Run {
    let (mut child, incoming) = {
        // A process another test starts while this one's end of the pipe is open would hold
        // it open too: no other start until that end is closed.
        let _alone = SPAWNING.lock().unwrap_or_else(|e| e.into_inner());
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(match stdout {
                Output::Read | Output::Closed => Stdio::piped(),
                Output::Full => Stdio::from(std::fs::File::create("/dev/full").expect("/dev/full")),
            })
            .stderr(Stdio::piped())
            .spawn()
            .expect("cardc lsp starts");
        let out = child.stdout.take();
        let incoming = match stdout {
            Output::Read => out.map(read_frames),
            Output::Closed | Output::Full => None,
        };
        (child, incoming)
    };
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stderr = child.stderr.take().expect("stderr");
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    // The server may stop reading before the end (a broken stream): a failed write is fine.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let deadline = Instant::now() + DEADLINE;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("cardc lsp hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    let stderr = err.join().unwrap_or_default();
    let replies = incoming.map_or_else(Vec::new, |rx| rx.iter().collect());
    Run {
        code: status.code(),
        stderr,
        replies,
    }
}

fn frame(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

fn initialize(id: i64) -> String {
    frame(
        &json!({"jsonrpc": "2.0", "id": id, "method": "initialize", "params": {"capabilities": {}}})
            .to_string(),
    )
}

/// A closed (or full) stdout before `initialize` ends the server with a line on stderr and exit 2
/// (docs/editor.md), not a panic (issue #39: exit 101 inside the handshake).
#[test]
fn a_closed_stdout_ends_the_server_cleanly() {
    for output in [Output::Closed, Output::Full] {
        let run = run_raw(initialize(1).into_bytes(), output);
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        assert!(
            run.stderr.contains("cannot write to standard output"),
            "{}",
            run.stderr
        );
    }
}

/// A `Content-Length` the reader cannot follow is said on stderr and ends the server with exit
/// 2; one it can follow (a repeat of the same length, a length over the limit) is logged or
/// answered and the session goes on (issue #39: a silent exit 0).
#[test]
fn malformed_content_lengths_are_reported() {
    for header in [
        "Content-Length: twelve\r\n\r\n",
        "Content-Length: -5\r\n\r\n",
        "Content-Type: application/json\r\n\r\n",
        "Content-Length: 99999999999999999999999999\r\n\r\n",
        "Content-Length: 2\r\nContent-Length: 3\r\n\r\n",
    ] {
        let input = format!("{}{header}{{}}", initialize(1));
        let run = run_raw(input.into_bytes(), Output::Read);
        assert_eq!(run.code, Some(2), "{header:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("Content-Length"),
            "{header:?}: {}",
            run.stderr
        );
        assert_eq!(run.replies.len(), 1, "{header:?}: {:?}", run.replies);
    }
    // The same length twice is logged, and followed.
    let body = json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}).to_string();
    let twice = format!(
        "{}Content-Length: {n}\r\nContent-Length: {n}\r\n\r\n{body}",
        initialize(1),
        n = body.len()
    );
    let run = run_raw(twice.into_bytes(), Output::Read);
    assert!(run.stderr.contains("repeats"), "{}", run.stderr);
    assert_eq!(run.replies.last().map(|r| &r["id"]), Some(&json!(2)));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // A message over the limit is read past and refused; the next one is answered.
    let over = 25 * 1024 * 1024 + 1;
    let mut input = initialize(1).into_bytes();
    input.extend(format!("Content-Length: {over}\r\n\r\n").bytes());
    input.extend(std::iter::repeat_n(b' ', over));
    input.extend(frame(&body).bytes());
    let run = run_raw(input, Output::Read);
    let codes: Vec<&Value> = run.replies.iter().map(|r| &r["error"]["code"]).collect();
    assert_eq!(
        codes,
        [&Value::Null, &json!(-32600), &Value::Null],
        "{:?}",
        run.replies
    );
    assert_eq!(run.replies[2]["id"], json!(2));
    assert!(
        run.stderr.contains("over the 25 MiB limit"),
        "{}",
        run.stderr
    );
}

/// Every request is answered with its own id, whatever its kind: beyond 32 bits, negative,
/// a string, `null` (issue #39: ids beyond 32 bits were dropped). An id JSON-RPC does not
/// allow is refused with id `null`.
#[test]
fn request_ids_of_every_kind_are_answered() {
    let mut input = initialize(1);
    let ids = [
        json!(1u64 << 40),
        json!(u64::MAX),
        json!(-7),
        json!("a-string"),
        Value::Null,
    ];
    for id in &ids {
        input.push_str(&frame(
            &json!({"jsonrpc": "2.0", "id": id, "method": "workspace/symbol", "params": {"query": ""}})
                .to_string(),
        ));
    }
    input.push_str(&frame(
        &json!({"jsonrpc": "2.0", "id": [1], "method": "workspace/symbol", "params": {"query": ""}})
            .to_string(),
    ));
    input.push_str(&frame(
        &json!({"jsonrpc": "2.0", "id": 9, "method": "shutdown"}).to_string(),
    ));
    input.push_str(&frame(
        &json!({"jsonrpc": "2.0", "method": "exit"}).to_string(),
    ));
    let run = run_raw(input.into_bytes(), Output::Read);
    let got: Vec<Value> = run.replies.iter().map(|r| r["id"].clone()).collect();
    let mut want = vec![json!(1)];
    want.extend(ids.iter().cloned());
    want.extend([Value::Null, json!(9)]);
    assert_eq!(got, want, "{:?}", run.replies);
    for r in &run.replies[1..6] {
        assert_eq!(r["result"], json!([]), "{r}");
    }
    assert_eq!(run.replies[6]["error"]["code"], json!(-32600));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

/// A message within the size limit that would parse into a huge tree (too many values, too
/// deep) is refused before it is built, with its id (issue #39: 4.4 GB for a 32 MiB message).
#[test]
fn a_message_too_big_to_build_is_refused() {
    let many = format!(
        r#"{{"jsonrpc": "2.0", "id": 5, "method": "workspace/symbol", "params": {{"query": "", "x": [{}0]}}}}"#,
        "[],".repeat(300_000)
    );
    let deep = format!(
        r#"{{"jsonrpc": "2.0", "id": 6, "method": "workspace/symbol", "params": {{"query": "", "x": {}{}}}}}"#,
        "[".repeat(100),
        "]".repeat(100)
    );
    let input = format!("{}{}{}", initialize(1), frame(&many), frame(&deep));
    let run = run_raw(input.into_bytes(), Output::Read);
    assert_eq!(run.replies.len(), 3, "{:?}", run.replies);
    assert_eq!(run.replies[1]["id"], json!(5));
    let why = run.replies[1]["error"]["message"].as_str().unwrap_or("");
    assert!(why.contains("more than 200000 values"), "{why}");
    assert_eq!(run.replies[2]["id"], json!(6));
    let why = run.replies[2]["error"]["message"].as_str().unwrap_or("");
    assert!(why.contains("deeper than 64"), "{why}");
}

/// Range edits are applied as the protocol defines them: UTF-16 columns over multi-byte text
/// (é, an emoji), a column past the line's end clamped to it; an edit inside a character is
/// refused (stderr, `window/showMessage`) and the text kept (issue #39: every change was taken
/// as the whole text).
#[test]
fn range_edits_are_applied_in_utf16() {
    let dir = std::env::temp_dir().join(format!("cardc-lsp-edit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    let _scratch = Scratch(dir.clone());
    let uri = format!("file://{}/edit.hb", dir.to_string_lossy());
    let text = "Event \"é😀\" {\n    cost: 1C\n    play: draw a card\n}\n";
    let mut c = Client::start();
    let caps = c.request("initialize", json!({"capabilities": {}}));
    assert_eq!(caps["result"]["capabilities"]["textDocumentSync"], json!(2));
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "hullbreach", "version": 1, "text": text}}),
    );
    let change = |line: u32, from: u32, to: u32, new: &str| {
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": line, "character": from}, "end": {"line": line, "character": to}}, "text": new}
        ]})
    };
    let names = |c: &mut Client| -> Vec<Value> {
        let symbols = c.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri}}),
        );
        symbols["result"]
            .as_array()
            .map(|a| a.iter().map(|s| s["name"].clone()).collect())
            .unwrap_or_default()
    };
    // `Event "` is 7 UTF-16 units, é one, the emoji two: column 10 is after the emoji.
    c.notify("textDocument/didChange", change(0, 10, 10, "x"));
    assert_eq!(names(&mut c), [json!("é😀x")]);
    // Replace the é (7..8) with two characters.
    c.notify("textDocument/didChange", change(0, 7, 8, "ab"));
    assert_eq!(names(&mut c), [json!("ab😀x")]);
    // A column past the end of line 1 is its end: `cost: 1C` becomes `cost: 1C2`... refused
    // by the compiler, but the name is untouched.
    c.notify("textDocument/didChange", change(1, 400, 400, " "));
    assert_eq!(names(&mut c), [json!("ab😀x")]);
    // Inside the emoji (column 10 of `Event "ab😀x"` falls between its halves): refused.
    c.notify("textDocument/didChange", change(0, 10, 11, ""));
    assert_eq!(names(&mut c), [json!("ab😀x")]);
    let shown: Vec<&Value> = c
        .notifications
        .iter()
        .filter(|n| n["method"] == "window/showMessage")
        .collect();
    assert_eq!(shown.len(), 1, "{:?}", c.notifications);
    let message = shown[0]["params"]["message"].as_str().unwrap_or("");
    assert!(message.contains("inside a character"), "{message}");
    // A whole-text change still replaces it all.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": "Event \"Z\" {\n}\n"}]}),
    );
    assert_eq!(names(&mut c), [json!("Z")]);
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}

/// A document in the home directory, at the filesystem root or in a folder with no other card
/// file is a pool of its own: answered at once, no folder walked, nothing else published
/// (issue #39: a document in `/` walked the disk).
#[test]
fn a_document_outside_any_pool_walks_nothing() {
    let dir = std::env::temp_dir().join(format!("cardc-lsp-home-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let home = dir.join("home");
    std::fs::create_dir_all(home.join("decks")).expect("scratch");
    std::fs::create_dir_all(dir.join("loose/sub")).expect("scratch");
    let _scratch = Scratch(dir.clone());
    // Card files the server must not read: beside the document in the home directory, and
    // below a folder with no card file of its own.
    std::fs::write(home.join("other.hb"), "Ship \"X\" {\n").expect("write");
    std::fs::write(dir.join("loose/sub/deep.hb"), "Ship \"X\" {\n").expect("write");
    let text = "Event \"Solo\" {\n    cost: 1C\n    play: draw a card\n}\n";
    let docs = [
        format!("file://{}/notes.hb", home.to_string_lossy()),
        format!("file://{}/loose/new.hb", dir.to_string_lossy()),
        format!("file:///cardc-lsp-{}.hb", std::process::id()),
    ];
    let mut c = Client::start_with(|cmd| {
        cmd.env("HOME", &home);
    });
    c.request("initialize", json!({"capabilities": {}}));
    c.notify("initialized", json!({}));
    for uri in &docs {
        c.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "hullbreach", "version": 1, "text": text}}),
        );
        let symbols = c.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri}}),
        );
        assert_eq!(symbols["result"][0]["name"], json!("Solo"), "{symbols:#}");
        let diags = c.diagnostics();
        let published: Vec<&String> = diags
            .as_object()
            .map(|o| o.keys().collect())
            .unwrap_or_default();
        assert_eq!(published, [uri], "{diags:#}");
    }
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}

/// Pool files the server cannot read show in the editor with their problem, as `cardc check`
/// reports them: a FIFO, a symbolic-link loop, a link to `/dev/zero`, non-UTF-8, over 4 MiB
/// (issue #39: they were never published); none of them blocks.
#[cfg(unix)]
#[test]
fn unreadable_pool_files_show_as_diagnostics() {
    let dir = std::env::temp_dir().join(format!("cardc-lsp-unreadable-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pool = dir.join("cards");
    std::fs::create_dir_all(pool.join("decks")).expect("scratch");
    let _scratch = Scratch(dir.clone());
    std::fs::write(pool.join("a.hb"), A).expect("write");
    let status = Command::new("mkfifo")
        .arg(pool.join("fifo.hb"))
        .status()
        .expect("mkfifo");
    assert!(status.success());
    std::os::unix::fs::symlink("loop.hb", pool.join("loop.hb")).expect("link");
    std::os::unix::fs::symlink("/dev/zero", pool.join("zero.hb")).expect("link");
    std::fs::write(pool.join("latin1.hb"), b"Ship \"Caf\xe9\" {\n}\n").expect("write");
    std::fs::write(pool.join("big.hb"), vec![b'#'; 4 * 1024 * 1024 + 1]).expect("write");
    let base = format!("file://{}", pool.to_string_lossy());
    let a = format!("{base}/a.hb");

    let mut c = Client::start();
    c.request("initialize", json!({"capabilities": {}}));
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": a, "languageId": "hullbreach", "version": 1, "text": A}}),
    );
    c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": a}}),
    );
    let diags = c.diagnostics();
    for (file, code, words) in [
        ("fifo.hb", "HB0001", "FIFO"),
        ("loop.hb", "HB0001", "cannot read"),
        ("zero.hb", "HB0001", "character device"),
        ("latin1.hb", "HB0003", "UTF-8"),
        ("big.hb", "HB0002", "4 MiB"),
    ] {
        let d = &diags[&format!("{base}/{file}")][0];
        assert_eq!(d["code"], json!(code), "{file}: {diags:#}");
        let message = d["message"].as_str().unwrap_or("");
        assert!(message.contains(words), "{file}: {message}");
    }
    assert_eq!(diags[&a], json!([]), "{diags:#}");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}
