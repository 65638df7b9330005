//! `cardc lsp`: a Language Server Protocol server over stdio for `*.hb` card files
//! (docs/editor.md), on `lsp-server` (transport, message loop) and `lsp-types` (the protocol's
//! types), the crates rust-analyzer is built on.
//!
//! It holds the pool each open file belongs to ([`pool`]) and recompiles it with the same
//! compiler as `cardc check` on every change, publishing the diagnostics of every file of the
//! pool (a duplicate name in another file shows in both). Requests are answered from that
//! compilation ([`features`]). A request with bad parameters or an unknown method gets an
//! error response, and so does a malformed message ([`transport`]); nothing a client sends
//! makes it panic.

mod features;
pub mod pool;
pub mod text;
mod transport;

use std::collections::BTreeMap;
use std::path::PathBuf;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    Request as _, WorkspaceSymbolRequest,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, DiagnosticRelatedInformation,
    DiagnosticSeverity, HoverProviderCapability, Location, NumberOrString, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    Uri,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use cardlang::diag::{Diagnostic, Severity};

use pool::Pool;
use text::{path_uri, range, uri_path};

/// What the server can do, as told to the client at `initialize`.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
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
    let text = pool.text(&d.file).unwrap_or("");
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
            let uri: Uri = path_uri(&pool.path_of(&l.file)).parse().ok()?;
            let t = pool.text(&l.file).unwrap_or("");
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

/// The server's state: pools by root, and which pool each open document is in.
#[derive(Default)]
pub struct Server {
    pools: BTreeMap<PathBuf, Pool>,
    /// Open decklists (`*.txt`), as the editor has them: they are not card files, so they
    /// never join a pool's compilation (docs/decks.md).
    decklists: BTreeMap<PathBuf, String>,
}

/// Why a request could not be answered.
struct Failure(ErrorCode, String);

fn params<P: DeserializeOwned>(value: Value) -> Result<P, Failure> {
    serde_json::from_value(value).map_err(|e| Failure(ErrorCode::InvalidParams, e.to_string()))
}

/// The path of a decklist document (`*.txt`), if the URI names one.
fn decklist_path(uri: &Uri) -> Option<PathBuf> {
    uri_path(uri.as_str()).filter(|p| p.extension().is_some_and(|e| e == "txt"))
}

impl Server {
    /// Keeps the text of an opened or changed decklist (dropped on close); `true` when the
    /// notification was about a decklist. A text over the decklist cap is held empty, so
    /// memory stays bounded per document.
    fn note_decklist(&mut self, n: &Notification) -> bool {
        let uri_of = |v: &Value| {
            v.get("textDocument")
                .and_then(|t| t.get("uri"))
                .and_then(Value::as_str)
                .and_then(|u| u.parse::<Uri>().ok())
        };
        let Some(path) = uri_of(&n.params).and_then(|u| decklist_path(&u)) else {
            return false;
        };
        let bounded = |t: String| {
            if t.len() > engine::deck::MAX_DECK_BYTES {
                String::new()
            } else {
                t
            }
        };
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) = params::<lsp_types::DidOpenTextDocumentParams>(n.params.clone()) {
                    self.decklists.insert(path, bounded(p.text_document.text));
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) = params::<lsp_types::DidChangeTextDocumentParams>(n.params.clone()) {
                    if let Some(text) = p.content_changes.into_iter().last().map(|c| c.text) {
                        self.decklists.insert(path, bounded(text));
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                self.decklists.remove(&path);
            }
            _ => {}
        }
        true
    }

    /// Go to definition on a decklist line: the card it names, in the pool the decklist is
    /// checked against (the parent of its `decks/` directory, as `cardc build` checks it).
    fn deck_definition(
        &mut self,
        path: &std::path::Path,
        pos: lsp_types::Position,
    ) -> Option<lsp_types::Location> {
        let text = self.decklists.get(path)?;
        let at = text::offset(text, pos);
        let list = engine::deck::parse(text.as_bytes());
        let entry = list
            .entries
            .iter()
            .find(|e| e.span.start <= at && at <= e.span.end)?;
        let name = entry.name.clone();
        let dir = path.parent()?;
        let root = match dir.parent() {
            Some(up) if dir.file_name().is_some_and(|n| n == "decks") => up.to_path_buf(),
            _ => dir.to_path_buf(),
        };
        let pool = self
            .pools
            .entry(root.clone())
            .or_insert_with(|| Pool::load(&root));
        features::definition_of(pool, &name)
    }

    /// The pool and file name of a document URI, loading the pool on first use.
    fn locate(&mut self, uri: &Uri) -> Result<(&mut Pool, String), Failure> {
        let path = uri_path(uri.as_str()).ok_or_else(|| {
            Failure(
                ErrorCode::InvalidParams,
                format!("not a file URI: {}", uri.as_str()),
            )
        })?;
        let root = pool::pool_root(&path).ok_or_else(|| {
            Failure(
                ErrorCode::InvalidParams,
                format!("no directory for {}", path.display()),
            )
        })?;
        let pool = self
            .pools
            .entry(root.clone())
            .or_insert_with(|| Pool::load(&root));
        let name = pool.name_of(&path).ok_or_else(|| {
            Failure(
                ErrorCode::InvalidParams,
                format!("{} is outside its pool", path.display()),
            )
        })?;
        Ok((pool, name))
    }

    /// The diagnostics of every file of the pool at `root`.
    fn publish(&self, root: &std::path::Path) -> Vec<Notification> {
        let Some(pool) = self.pools.get(root) else {
            return Vec::new();
        };
        // A problem that points into another file (a duplicate name) is shown there too.
        let mut echoes: BTreeMap<&str, Vec<lsp_types::Diagnostic>> = BTreeMap::new();
        for d in pool
            .read_problems
            .iter()
            .chain(&pool.compilation.diagnostics)
        {
            for label in d.secondary.iter().filter(|l| l.file != d.file) {
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
                echoes.entry(label.file.as_str()).or_default().push(echo);
            }
        }
        pool.files
            .iter()
            .filter_map(|f| {
                let uri: Uri = path_uri(&pool.path_of(&f.name)).parse().ok()?;
                let diagnostics = pool
                    .diagnostics_of(&f.name)
                    .map(|d| to_lsp_diagnostic(pool, d))
                    .chain(echoes.remove(f.name.as_str()).unwrap_or_default())
                    .collect();
                let params = PublishDiagnosticsParams::new(uri, diagnostics, None);
                Some(Notification::new(PublishDiagnostics::METHOD.into(), params))
            })
            .collect()
    }

    /// Handles a notification; returns the notifications to send.
    pub fn notify(&mut self, n: Notification) -> Vec<Notification> {
        if self.note_decklist(&n) {
            return Vec::new();
        }
        let changed = match n.method.as_str() {
            DidOpenTextDocument::METHOD => params::<lsp_types::DidOpenTextDocumentParams>(n.params)
                .ok()
                .and_then(|p| {
                    let (pool, name) = self.locate(&p.text_document.uri).ok()?;
                    pool.set_text(&name, p.text_document.text);
                    Some(pool.root.clone())
                }),
            DidChangeTextDocument::METHOD => {
                params::<lsp_types::DidChangeTextDocumentParams>(n.params)
                    .ok()
                    .and_then(|p| {
                        // Full sync: the last change holds the whole text.
                        let text = p.content_changes.into_iter().last()?.text;
                        let (pool, name) = self.locate(&p.text_document.uri).ok()?;
                        pool.set_text(&name, text);
                        Some(pool.root.clone())
                    })
            }
            DidCloseTextDocument::METHOD => {
                params::<lsp_types::DidCloseTextDocumentParams>(n.params)
                    .ok()
                    .and_then(|p| {
                        // Back to the file as it is on disk.
                        let path = uri_path(p.text_document.uri.as_str())?;
                        let (pool, name) = self.locate(&p.text_document.uri).ok()?;
                        let on_disk = cardlang::source::read_one(&path, &name)
                            .map(|f| f.text)
                            .unwrap_or_default();
                        pool.set_text(&name, on_disk);
                        Some(pool.root.clone())
                    })
            }
            DidSaveTextDocument::METHOD => None,
            _ => None,
        };
        changed.map(|root| self.publish(&root)).unwrap_or_default()
    }

    /// Answers a request.
    pub fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        match self.answer(req) {
            Ok(value) => Response::new_ok(id, value),
            Err(Failure(code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    fn answer(&mut self, req: Request) -> Result<Value, Failure> {
        let json = |v: Result<Value, serde_json::Error>| {
            v.map_err(|e| Failure(ErrorCode::InternalError, e.to_string()))
        };
        match req.method.as_str() {
            HoverRequest::METHOD => {
                let p: lsp_types::HoverParams = params(req.params)?;
                let at = p.text_document_position_params;
                let (pool, name) = self.locate(&at.text_document.uri)?;
                json(serde_json::to_value(features::hover(
                    pool,
                    &name,
                    at.position,
                )))
            }
            Completion::METHOD => {
                let p: lsp_types::CompletionParams = params(req.params)?;
                let at = p.text_document_position;
                let (pool, name) = self.locate(&at.text_document.uri)?;
                json(serde_json::to_value(features::completion(
                    pool,
                    &name,
                    at.position,
                )))
            }
            GotoDefinition::METHOD => {
                let p: lsp_types::GotoDefinitionParams = params(req.params)?;
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
                let p: lsp_types::DocumentSymbolParams = params(req.params)?;
                let (pool, name) = self.locate(&p.text_document.uri)?;
                json(serde_json::to_value(features::document_symbols(
                    pool, &name,
                )))
            }
            WorkspaceSymbolRequest::METHOD => {
                let p: lsp_types::WorkspaceSymbolParams = params(req.params)?;
                let mut all: Vec<_> = self
                    .pools
                    .values()
                    .flat_map(|pool| features::workspace_symbols(pool, &p.query))
                    .collect();
                all.sort_by(|a, b| a.name.cmp(&b.name));
                json(serde_json::to_value(all))
            }
            CodeActionRequest::METHOD => {
                let p: lsp_types::CodeActionParams = params(req.params)?;
                let (pool, name) = self.locate(&p.text_document.uri)?;
                json(serde_json::to_value(features::code_actions(
                    pool,
                    &name,
                    p.range.start.line,
                    p.range.end.line,
                )))
            }
            Formatting::METHOD => {
                let p: lsp_types::DocumentFormattingParams = params(req.params)?;
                let (pool, name) = self.locate(&p.text_document.uri)?;
                json(serde_json::to_value(features::formatting(pool, &name)))
            }
            other => Err(Failure(
                ErrorCode::MethodNotFound,
                format!("cardc lsp does not handle `{other}`"),
            )),
        }
    }
}

/// Runs the server on stdin/stdout until the client shuts it down. `Err` is a broken
/// connection (the client went away, or sent something that is not the protocol's framing).
pub fn run() -> Result<(), String> {
    let (connection, io_threads) = transport::stdio()?;
    let caps = serde_json::to_value(capabilities()).map_err(|e| e.to_string())?;
    connection.initialize(caps).map_err(|e| e.to_string())?;
    serve(&connection)?;
    drop(connection);
    io_threads.join()
}

fn serve(connection: &Connection) -> Result<(), String> {
    let mut server = Server::default();
    let send = |m: Message| connection.sender.send(m).map_err(|e| e.to_string());
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => {
                if connection
                    .handle_shutdown(&req)
                    .map_err(|e| e.to_string())?
                {
                    return Ok(());
                }
                send(Message::Response(server.request(req)))?;
            }
            Message::Notification(n) => {
                for out in server.notify(n) {
                    send(Message::Notification(out))?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}
