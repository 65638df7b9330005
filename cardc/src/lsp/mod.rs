//! `cardc lsp`: a Language Server Protocol server for `*.hb` card files (docs/editor.md), on
//! `lsp-types` (the protocol's types) and its own framing ([`transport`]) and message reader
//! ([`message`]), one thread, over any input and output ([`serve`]; `run` is stdio).
//!
//! It holds the pool each open file belongs to ([`pool`]) and recompiles it with the same
//! compiler as `cardc check` on every change, publishing the diagnostics of every file of the
//! pool (a duplicate name in another file shows in both, a file that cannot be read shows its
//! problem). Requests are answered from that compilation ([`features`]). Every request gets a
//! reply or a JSON-RPC error with its id; a malformed message gets an error and the session
//! goes on; only a stream whose next message cannot be found, or an output that is gone, ends
//! it, said on stderr. Nothing a client sends makes it panic, hang or grow without bound.

mod features;
pub mod message;
pub mod pool;
pub mod text;
pub mod transport;

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    Request as _, WorkspaceSymbolRequest,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, DiagnosticRelatedInformation,
    DiagnosticSeverity, HoverProviderCapability, Location, MessageType, NumberOrString, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, ShowMessageParams,
    TextDocumentContentChangeEvent, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use cardlang::diag::{Diagnostic, Severity};

use message::{code, Incoming};
use pool::{Home, Pool};
use text::{path_uri, range, uri_path};

/// Most changes one `didChange` may carry: each is applied to a copy of up to 4 MiB, so this
/// bounds the work of one notification (editors send one per edit, a few for multi-cursor).
pub const MAX_CHANGES: usize = 4096;

/// What the server can do, as told to the client at `initialize`.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![":".into(), " ".into(), "\"".into()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// A compiler diagnostic as the protocol carries it: code, severity, the primary label and the
/// help line in the message, secondary labels as related information (in whichever file).
pub fn to_lsp_diagnostic(pool: &Pool, d: &Diagnostic) -> lsp_types::Diagnostic {
    lsp_diagnostic(d, |file| {
        (pool.text(file).unwrap_or(""), path_uri(&pool.path_of(file)))
    })
}

/// A diagnostic as the protocol carries it, `file` giving the text and URI of each file it
/// points into (a card file of a pool, or a decklist).
fn lsp_diagnostic<'a>(
    d: &Diagnostic,
    file: impl Fn(&str) -> (&'a str, String),
) -> lsp_types::Diagnostic {
    let text = file(&d.file).0;
    let mut message = d.message.clone();
    if let Some(label) = d.label.as_deref().filter(|l| !l.is_empty()) {
        message.push_str(&format!(" ({label})"));
    }
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .secondary
        .iter()
        .filter_map(|l| {
            let (t, uri) = file(&l.file);
            let uri: Uri = uri.parse().ok()?;
            Some(DiagnosticRelatedInformation {
                location: Location::new(uri, range(t, l.span)),
                message: l.message.clone(),
            })
        })
        .collect();
    lsp_types::Diagnostic {
        range: range(text, d.span),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("cardc".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..lsp_types::Diagnostic::default()
    }
}

/// How a session checks what it is shown: the table's choices a decklist is checked under.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// `cardc lsp --allow-prototypes`, as `cardc deck check` takes it.
    pub deck: engine::deck::DeckOptions,
}

/// The server's state: pools by root, the open decklists, and where the session is.
#[derive(Default)]
pub struct Server {
    options: Options,
    pools: BTreeMap<PathBuf, Pool>,
    /// Open decklists (`*.txt`), as the editor has them: they are not card files, so they
    /// never join a pool's compilation (docs/decks.md).
    decklists: BTreeMap<PathBuf, String>,
    initialized: bool,
    shut_down: bool,
}

/// Why a request could not be answered: the JSON-RPC error code and the reason.
struct Failure(i32, String);

fn params<P: DeserializeOwned>(value: Value) -> Result<P, Failure> {
    serde_json::from_value(value).map_err(|e| Failure(code::INVALID_PARAMS, e.to_string()))
}

/// The path of a decklist document (`*.txt`), if the URI names one.
fn decklist_path(uri: &Uri) -> Option<PathBuf> {
    uri_path(uri.as_str()).filter(|p| p.extension().is_some_and(|e| e == "txt"))
}

fn document_uri(params: &Value) -> Option<Uri> {
    params
        .get("textDocument")?
        .get("uri")?
        .as_str()?
        .parse::<Uri>()
        .ok()
}

/// The text after a `didChange`'s changes, in order (whole-text ones replace it, ranged ones
/// edit it); `Ok(None)` when it would be over `cap` bytes (held empty then, and reported).
/// Refused whole, the text left as it was, when one change cannot be applied.
fn changed_text(
    old: &str,
    changes: Vec<TextDocumentContentChangeEvent>,
    cap: usize,
) -> Result<Option<String>, String> {
    if changes.len() > MAX_CHANGES {
        return Err(format!(
            "{} changes in one notification; at most {MAX_CHANGES} are applied",
            changes.len()
        ));
    }
    let mut text: Option<String> = None;
    for change in changes {
        match change.range {
            None if change.text.len() > cap => return Ok(None),
            None => text = Some(change.text),
            Some(at) => {
                let current = text.get_or_insert_with(|| old.to_string());
                if text::length_after(current, at, &change.text) > cap {
                    return Ok(None);
                }
                text::apply_change(current, at, &change.text)?;
            }
        }
    }
    Ok(Some(text.unwrap_or_else(|| old.to_string())))
}

fn publish_params(uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>) -> Value {
    let params = PublishDiagnosticsParams::new(uri, diagnostics, None);
    message::notification(
        PublishDiagnostics::METHOD,
        serde_json::to_value(params).unwrap_or(Value::Null),
    )
}

/// A decklist's pool folder: read from disk, unless it is never a pool.
fn folder_home(root: PathBuf) -> Home {
    if pool::never_a_pool(&root) {
        Home::Loose(root)
    } else {
        Home::Disk(root)
    }
}

/// The pool folder a decklist is checked against: the parent of its `decks/` directory, as
/// `cardc build` checks it, else its own folder.
fn deck_root(path: &Path) -> Option<PathBuf> {
    let dir = path.parent()?;
    Some(match dir.parent() {
        Some(up) if dir.file_name().is_some_and(|n| n == "decks") => up.to_path_buf(),
        _ => dir.to_path_buf(),
    })
}

/// A pool's compiled cards as the deck validator looks them up (the cards that compiled: a
/// card with errors is not in the pool, as for `cardc deck check`).
struct PoolCards<'a>(&'a [cardlang::ir::Card]);

impl engine::deck::CardLookup for PoolCards<'_> {
    fn card_named(&self, name: &str) -> Option<&cardlang::ir::Card> {
        self.0.iter().find(|c| c.name == name)
    }

    fn suggest_name(&self, name: &str) -> Option<&str> {
        cardlang::db::nearest(name, self.0.iter().map(|c| c.name.as_str()))
    }
}

impl Server {
    /// Keeps the text of an opened or changed decklist (dropped on close) and returns its
    /// diagnostics to publish; `Ok(None)` when the notification is not about a decklist. A
    /// text over the decklist cap is held empty, so memory stays bounded per document.
    fn note_decklist(
        &mut self,
        method: &str,
        params: &Value,
    ) -> Result<Option<Vec<Value>>, String> {
        let Some(uri) = document_uri(params) else {
            return Ok(None);
        };
        let Some(path) = decklist_path(&uri) else {
            return Ok(None);
        };
        let cap = engine::deck::MAX_DECK_BYTES;
        match method {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams =
                    params_ref(params).map_err(|Failure(_, why)| why)?;
                let mut text = p.text_document.text;
                if text.len() > cap {
                    text = String::new();
                }
                self.decklists.insert(path.clone(), text);
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams =
                    params_ref(params).map_err(|Failure(_, why)| why)?;
                let old = self.decklists.get(&path).map_or("", String::as_str);
                let text = changed_text(old, p.content_changes, cap)?.unwrap_or_default();
                self.decklists.insert(path.clone(), text);
            }
            DidCloseTextDocument::METHOD => {
                // Its diagnostics go with it.
                self.decklists.remove(&path);
                return Ok(Some(vec![publish_params(uri, Vec::new())]));
            }
            _ => return Ok(Some(Vec::new())),
        }
        Ok(Some(self.publish_deck(&path).into_iter().collect()))
    }

    /// The diagnostics of the open decklist at `path`, as `cardc deck check` gives them against
    /// the pool it belongs to (a misspelt card, a sixth copy, a wrong total, ...).
    fn publish_deck(&mut self, path: &Path) -> Option<Value> {
        let root = deck_root(path)?;
        let uri = path_uri(path);
        let parsed: Uri = uri.parse().ok()?;
        let text = self.decklists.get(path)?.clone();
        let options = self.options.deck;
        let pool = self.pool_at(folder_home(root));
        let shown = path.display().to_string();
        let check = crate::deck::check_deck(
            &shown,
            text.as_bytes(),
            &PoolCards(&pool.compilation.cards),
            &options,
        );
        let source = check.source.text.as_str();
        let diagnostics = check
            .diagnostics
            .iter()
            .map(|d| lsp_diagnostic(d, |_| (source, uri.clone())))
            .collect();
        Some(publish_params(parsed, diagnostics))
    }

    /// The diagnostics of every open decklist checked against the pool at `root`: a change to
    /// a card file can make a deck legal or not.
    fn publish_decks_of(&mut self, root: &Path) -> Vec<Value> {
        let paths: Vec<PathBuf> = self
            .decklists
            .keys()
            .filter(|p| deck_root(p).as_deref() == Some(root))
            .cloned()
            .collect();
        paths.iter().filter_map(|p| self.publish_deck(p)).collect()
    }

    /// The card named on the decklist line under `pos`, with the pool the list belongs to.
    fn deck_card_at(&mut self, path: &Path, pos: lsp_types::Position) -> Option<(&Pool, String)> {
        let text = self.decklists.get(path)?;
        let at = text::offset(text, pos);
        let list = engine::deck::parse(text.as_bytes());
        let entry = list
            .entries
            .iter()
            .find(|e| e.span.start <= at && at <= e.span.end)?;
        let name = entry.name.clone();
        let root = deck_root(path)?;
        Some((self.pool_at(folder_home(root)), name))
    }

    /// Completion on a decklist line: after its count (`3 `, `2x `), the pool's card names.
    fn deck_completion(
        &mut self,
        path: &Path,
        pos: lsp_types::Position,
    ) -> Vec<lsp_types::CompletionItem> {
        let Some(text) = self.decklists.get(path) else {
            return Vec::new();
        };
        let at = text::offset(text, pos);
        let line_start = text
            .get(..at)
            .and_then(|b| b.rfind('\n'))
            .map_or(0, |i| i + 1);
        let prefix = text.get(line_start..at).unwrap_or("").trim_start();
        let count = prefix.split_whitespace().next().unwrap_or("");
        let counted = count
            .trim_end_matches(['x', 'X'])
            .bytes()
            .all(|b| b.is_ascii_digit())
            && !count.is_empty()
            && prefix.len() > count.len();
        let Some(root) = deck_root(path).filter(|_| counted) else {
            return Vec::new();
        };
        features::card_names(self.pool_at(folder_home(root)))
    }

    /// The pool at `home`'s root, loaded on first use.
    fn pool_at(&mut self, home: Home) -> &mut Pool {
        self.pools
            .entry(home.root().to_path_buf())
            .or_insert_with(|| Pool::load(&home))
    }

    /// Go to definition on a decklist line: the card it names, in the pool the decklist is
    /// checked against (the parent of its `decks/` directory, as `cardc build` checks it).
    fn deck_definition(&mut self, path: &Path, pos: lsp_types::Position) -> Option<Location> {
        let (pool, name) = self.deck_card_at(path, pos)?;
        features::definition_of(pool, &name)
    }

    /// The pool and file name of a document URI, loading the pool on first use.
    fn locate(&mut self, uri: &Uri) -> Result<(&mut Pool, String), Failure> {
        let path = uri_path(uri.as_str()).ok_or_else(|| {
            Failure(
                code::INVALID_PARAMS,
                format!("not a file URI: {}", uri.as_str()),
            )
        })?;
        let home = pool::pool_home(&path).ok_or_else(|| {
            Failure(
                code::INVALID_PARAMS,
                format!("no folder for {}", path.display()),
            )
        })?;
        let pool = self.pool_at(home);
        let name = pool.name_of(&path).ok_or_else(|| {
            Failure(
                code::INVALID_PARAMS,
                format!("{} is outside its pool", path.display()),
            )
        })?;
        Ok((pool, name))
    }

    /// The diagnostics of every file of the pool at `root`, those of files it could not read
    /// included; a problem with no file of its own (a folder that cannot be read) shows on
    /// every open document of the pool.
    fn publish(&self, root: &Path) -> Vec<Value> {
        let Some(pool) = self.pools.get(root) else {
            return Vec::new();
        };
        let mut by_file: BTreeMap<&str, Vec<lsp_types::Diagnostic>> = pool
            .files
            .iter()
            .map(|f| (f.name.as_str(), Vec::new()))
            .collect();
        let mut elsewhere = Vec::new();
        for d in pool
            .read_problems
            .iter()
            .chain(&pool.compilation.diagnostics)
        {
            if pool.is_file_name(&d.file) {
                by_file
                    .entry(d.file.as_str())
                    .or_default()
                    .push(to_lsp_diagnostic(pool, d));
            } else {
                elsewhere.push(d);
            }
            // A problem that points into another file (a duplicate name) is shown there too.
            for label in d
                .secondary
                .iter()
                .filter(|l| l.file != d.file && pool.is_file_name(&l.file))
            {
                let mut echo = to_lsp_diagnostic(pool, d);
                echo.range = range(pool.text(&label.file).unwrap_or(""), label.span);
                echo.message = format!("{} ({})", d.message, label.message);
                echo.related_information =
                    path_uri(&pool.path_of(&d.file)).parse().ok().map(|uri| {
                        vec![DiagnosticRelatedInformation {
                            location: Location::new(
                                uri,
                                range(pool.text(&d.file).unwrap_or(""), d.span),
                            ),
                            message: d.label.clone().unwrap_or_else(|| d.message.clone()),
                        }]
                    });
                by_file.entry(label.file.as_str()).or_default().push(echo);
            }
        }
        for name in &pool.open {
            for d in &elsewhere {
                let mut shown = to_lsp_diagnostic(pool, d);
                shown.range = lsp_types::Range::default();
                if !d.file.is_empty() {
                    shown.message = format!("{}: {}", d.file, shown.message);
                }
                by_file.entry(name.as_str()).or_default().push(shown);
            }
        }
        by_file
            .into_iter()
            .filter_map(|(name, diagnostics)| {
                let uri: Uri = path_uri(&pool.path_of(name)).parse().ok()?;
                Some(publish_params(uri, diagnostics))
            })
            .collect()
    }

    /// Handles a notification; returns the notifications to send. `Err` is a notification
    /// that could not be acted on, in words (the server logs it and tells the editor).
    pub fn notify(&mut self, method: &str, params: Value) -> Result<Vec<Value>, String> {
        if let Some(out) = self.note_decklist(method, &params)? {
            return Ok(out);
        }
        let plain = |f: Failure| f.1;
        let root = match method {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams = params_ref(&params).map_err(plain)?;
                let (pool, name) = self.locate(&p.text_document.uri).map_err(plain)?;
                pool.open.insert(name.clone());
                pool.set_text(&name, p.text_document.text);
                pool.root.clone()
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams =
                    params_ref(&params).map_err(plain)?;
                let uri = p.text_document.uri;
                let (pool, name) = self.locate(&uri).map_err(plain)?;
                let ranged = p.content_changes.iter().any(|c| c.range.is_some());
                if ranged && pool.dropped(&name) {
                    return Err(format!(
                        "the change to {} was refused: the server holds none of the document \
                         (over the {} MiB cap) until the editor sends its whole text",
                        uri.as_str(),
                        cardlang::source::MAX_FILE_BYTES / (1024 * 1024)
                    ));
                }
                let old = pool.text(&name).unwrap_or("");
                let cap = cardlang::source::MAX_FILE_BYTES;
                match changed_text(old, p.content_changes, cap) {
                    Ok(Some(text)) => pool.set_text(&name, text),
                    Ok(None) => pool.hold_too_large(&name),
                    Err(why) => {
                        return Err(format!(
                            "the change to {} was refused: {why}; the server keeps the text \
                             before it (reopen the file to bring it back in step)",
                            uri.as_str()
                        ))
                    }
                }
                pool.root.clone()
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams =
                    params_ref(&params).map_err(plain)?;
                let uri = p.text_document.uri;
                let (pool, name) = self.locate(&uri).map_err(plain)?;
                pool.close(&name);
                let root = pool.root.clone();
                let mut out = self.publish(&root);
                out.extend(self.publish_decks_of(&root));
                if self
                    .pools
                    .get(&root)
                    .is_some_and(|p| p.text(&name).is_none())
                {
                    // It left the pool: its diagnostics go with it.
                    out.push(publish_params(uri, Vec::new()));
                }
                return Ok(out);
            }
            DidSaveTextDocument::METHOD => return Ok(Vec::new()),
            _ => return Ok(Vec::new()),
        };
        let mut out = self.publish(&root);
        out.extend(self.publish_decks_of(&root));
        Ok(out)
    }

    /// Answers a request: a reply, or an error reply with the request's id.
    pub fn request(&mut self, id: Value, method: &str, params: Value) -> Value {
        match self.answer(method, params) {
            Ok(result) => message::reply(id, result),
            Err(Failure(code, why)) => message::error(id, code, &why),
        }
    }

    fn answer(&mut self, method: &str, params_value: Value) -> Result<Value, Failure> {
        let json = |v: Result<Value, serde_json::Error>| {
            v.map_err(|e| Failure(code::INTERNAL_ERROR, e.to_string()))
        };
        let req_params = params_value;
        match method {
            HoverRequest::METHOD => {
                let p: lsp_types::HoverParams = params(req_params)?;
                let at = p.text_document_position_params;
                if let Some(path) = decklist_path(&at.text_document.uri) {
                    let hover = self
                        .deck_card_at(&path, at.position)
                        .and_then(|(pool, card)| features::card_hover(pool, &card));
                    return json(serde_json::to_value(hover));
                }
                let (pool, name) = self.locate(&at.text_document.uri)?;
                json(serde_json::to_value(features::hover(
                    pool,
                    &name,
                    at.position,
                )))
            }
            Completion::METHOD => {
                let p: lsp_types::CompletionParams = params(req_params)?;
                let at = p.text_document_position;
                if let Some(path) = decklist_path(&at.text_document.uri) {
                    let items = self.deck_completion(&path, at.position);
                    return json(serde_json::to_value(items));
                }
                let (pool, name) = self.locate(&at.text_document.uri)?;
                json(serde_json::to_value(features::completion(
                    pool,
                    &name,
                    at.position,
                )))
            }
            GotoDefinition::METHOD => {
                let p: lsp_types::GotoDefinitionParams = params(req_params)?;
                let at = p.text_document_position_params;
                if let Some(path) = decklist_path(&at.text_document.uri) {
                    return json(serde_json::to_value(
                        self.deck_definition(&path, at.position),
                    ));
                }
                let (pool, name) = self.locate(&at.text_document.uri)?;
                json(serde_json::to_value(features::definition(
                    pool,
                    &name,
                    at.position,
                )))
            }
            DocumentSymbolRequest::METHOD => {
                let p: lsp_types::DocumentSymbolParams = params(req_params)?;
                let (pool, name) = self.locate(&p.text_document.uri)?;
                json(serde_json::to_value(features::document_symbols(
                    pool, &name,
                )))
            }
            WorkspaceSymbolRequest::METHOD => {
                let p: lsp_types::WorkspaceSymbolParams = params(req_params)?;
                let mut all: Vec<_> = self
                    .pools
                    .values()
                    .flat_map(|pool| features::workspace_symbols(pool, &p.query))
                    .collect();
                all.sort_by(|a, b| a.name.cmp(&b.name));
                json(serde_json::to_value(all))
            }
            CodeActionRequest::METHOD => {
                let p: lsp_types::CodeActionParams = params(req_params)?;
                let (pool, name) = self.locate(&p.text_document.uri)?;
                json(serde_json::to_value(features::code_actions(
                    pool,
                    &name,
                    p.range.start.line,
                    p.range.end.line,
                )))
            }
            Formatting::METHOD => {
                let p: lsp_types::DocumentFormattingParams = params(req_params)?;
                let (pool, name) = self.locate(&p.text_document.uri)?;
                json(serde_json::to_value(features::formatting(pool, &name)))
            }
            other => Err(Failure(
                code::METHOD_NOT_FOUND,
                format!("cardc lsp does not handle `{other}`"),
            )),
        }
    }
}

fn params_ref<P: DeserializeOwned>(value: &Value) -> Result<P, Failure> {
    P::deserialize(value).map_err(|e| Failure(code::INVALID_PARAMS, e.to_string()))
}

/// How a session ended, and the exit code it gives (docs/editor.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// `exit` after `shutdown` (or the input closed after `shutdown`): 0.
    Clean,
    /// `exit` without `shutdown`, or the input closed without either: 1, as the protocol says.
    Abandoned(String),
    /// The connection broke: the output is gone, the input cannot be read or its next message
    /// cannot be found: 2.
    Broken(String),
}

impl Ending {
    pub fn code(&self) -> u8 {
        match self {
            Ending::Clean => 0,
            Ending::Abandoned(_) => 1,
            Ending::Broken(_) => 2,
        }
    }

    /// Why, in words, when it did not end cleanly.
    pub fn reason(&self) -> Option<&str> {
        match self {
            Ending::Clean => None,
            Ending::Abandoned(why) | Ending::Broken(why) => Some(why),
        }
    }
}

/// One session: where it is, and the output it writes to.
struct Session<'a, W: Write> {
    server: Server,
    output: W,
    log: &'a mut dyn Write,
}

impl<W: Write> Session<'_, W> {
    fn send(&mut self, message: &Value) -> Result<(), Ending> {
        let body = serde_json::to_vec(message).unwrap_or_default();
        transport::write_frame(&mut self.output, &body)
            .map_err(|e| Ending::Broken(format!("cannot write to standard output: {e}")))
    }

    /// Acts on one message; `Some` when the session is over.
    fn handle(&mut self, incoming: Incoming) -> Result<Option<Ending>, Ending> {
        match incoming {
            Incoming::Request { id, method, params } => {
                let reply = self.request(id, &method, params);
                self.send(&reply)?;
            }
            Incoming::Notification { method, params } => {
                if method == "exit" {
                    return Ok(Some(if self.server.shut_down {
                        Ending::Clean
                    } else {
                        Ending::Abandoned("`exit` came without `shutdown`".into())
                    }));
                }
                if !self.server.initialized || self.server.shut_down {
                    return Ok(None);
                }
                match self.server.notify(&method, params) {
                    Ok(out) => {
                        for n in &out {
                            self.send(n)?;
                        }
                    }
                    Err(why) => {
                        let _ = writeln!(self.log, "cardc lsp: {method}: {why}");
                        let shown = ShowMessageParams {
                            typ: MessageType::ERROR,
                            message: format!("cardc lsp: {why}"),
                        };
                        let shown = serde_json::to_value(shown).unwrap_or(Value::Null);
                        self.send(&message::notification(ShowMessage::METHOD, shown))?;
                    }
                }
            }
            Incoming::Reply => {}
            Incoming::Refused { id, code, message } => {
                let _ = writeln!(self.log, "cardc lsp: refused a message: {message}");
                self.send(&message::error(id, code, &message))?;
            }
        }
        Ok(None)
    }

    /// The reply to a request, whatever the session's state.
    fn request(&mut self, id: Value, method: &str, params: Value) -> Value {
        let server = &mut self.server;
        match method {
            "initialize" if server.initialized => message::error(
                id,
                code::INVALID_REQUEST,
                "the server is already initialized",
            ),
            "initialize" => {
                server.initialized = true;
                let caps = serde_json::to_value(capabilities()).unwrap_or(Value::Null);
                message::reply(
                    id,
                    json!({
                        "capabilities": caps,
                        "serverInfo": {"name": "cardc", "version": cardc_version()},
                    }),
                )
            }
            _ if !server.initialized => message::error(
                id,
                code::SERVER_NOT_INITIALIZED,
                "the server is not initialized yet",
            ),
            _ if server.shut_down => message::error(
                id,
                code::INVALID_REQUEST,
                "the server is shutting down; only `exit` is expected",
            ),
            "shutdown" => {
                server.shut_down = true;
                message::reply(id, Value::Null)
            }
            _ => server.request(id, method, params),
        }
    }
}

/// Serves one session: reads messages from `input`, writes replies and notifications to
/// `output`, and a line to `log` for each problem that does not end it. The stdio server is
/// this over stdin, stdout and stderr.
pub fn serve(input: impl BufRead, output: impl Write, log: &mut dyn Write) -> Ending {
    serve_with(input, output, log, Options::default())
}

/// [`serve`] with the session's [`Options`] (`cardc lsp`'s flags).
pub fn serve_with(
    mut input: impl BufRead,
    output: impl Write,
    log: &mut dyn Write,
    options: Options,
) -> Ending {
    let mut session = Session {
        server: Server {
            options,
            ..Server::default()
        },
        output,
        log,
    };
    loop {
        let frame = match transport::read_frame(&mut input, session.log) {
            Ok(frame) => frame,
            Err(why) => return Ending::Broken(why),
        };
        let incoming = match frame {
            transport::Frame::End => {
                return if session.server.shut_down {
                    Ending::Clean
                } else {
                    Ending::Abandoned("the input closed without `shutdown` and `exit`".into())
                }
            }
            transport::Frame::Skipped(why) => Incoming::Refused {
                id: Value::Null,
                code: code::INVALID_REQUEST,
                message: why,
            },
            transport::Frame::Body(body) => message::decode(&body),
        };
        match session.handle(incoming) {
            Ok(None) => {}
            Ok(Some(ending)) | Err(ending) => return ending,
        }
    }
}

/// Runs the server on stdin/stdout; a session that did not end cleanly says why on stderr.
pub fn run(options: Options) -> crate::output::Status {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut stderr = std::io::stderr();
    let ending = serve_with(stdin.lock(), stdout.lock(), &mut stderr, options);
    if let Some(why) = ending.reason() {
        let _ = writeln!(stderr, "cardc lsp: stopped: {why}");
    }
    match ending.code() {
        0 => crate::output::Status::Success,
        1 => crate::output::Status::Invalid,
        _ => crate::output::Status::Usage,
    }
}

/// This build's version, as `cardc --version` prints it (the command's own definition, so no
/// build-machine value is baked into the binary by hand).
fn cardc_version() -> String {
    <crate::cli::Cli as clap::CommandFactory>::command()
        .get_version()
        .unwrap_or_default()
        .to_string()
}
