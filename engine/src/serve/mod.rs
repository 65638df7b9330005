//! `hullbreach serve` (issue #45): the designer's workbench in the browser. This module owns the
//! application state, the router, starting the server and its safety rules; one module per page
//! (`pool`, `rulings`, `sims`, `play`) and the page frame (`layout`).
//!
//! Safety, held here once for every page (docs/workbench.md):
//! - it listens on 127.0.0.1 unless told otherwise ([`Options::addr`]; the binary warns);
//! - it reads only files under the folder it was started in: a page names a file by a path
//!   relative to that folder, [`Root::resolve`] refuses `..`, absolute paths and anything whose
//!   canonical path (symlinks followed) leaves the folder, and every read goes through
//!   `cardlang::read`, which refuses FIFOs, devices and directories and bounds the size;
//! - request bodies are bounded ([`MAX_BODY_BYTES`]); a bad request is an HTML page in words
//!   ([`PageError`]), never a panic;
//! - games in different tabs are isolated: each has its own id ([`session_id`]) and state.
//!
//! The engine stays the one source of rules: pages show what the engine says and replay what
//! it played; they never decide legality.

mod board;
pub mod layout;
mod play;
mod pool;
mod rulings;
mod sims;

use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;

use crate::CardDb;

/// The largest request body any route accepts: a Play form is a few hundred bytes, so 64 KiB
/// is far above any honest request and far below anything that could hurt.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The largest file a page reads (a ruling file, a games file): the same order as the caps the
/// command-line readers use.
pub const MAX_FILE_BYTES: usize = 64 * 1024 * 1024;

/// How a server is started: where it listens, which folder it may read and which pool it shows.
pub struct Options {
    /// Where to listen; the binary defaults to 127.0.0.1.
    pub addr: SocketAddr,
    /// The folder every page reads under.
    pub root: PathBuf,
    /// The card pool every page draws and every game plays with.
    pub db: Arc<CardDb>,
    /// The card directory the pool came from, when known: the pool page shows the compiler's
    /// warnings for each card from it.
    pub cards: Option<PathBuf>,
}

/// What every page handler sees. Cheap to clone (one `Arc`).
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    root: Root,
    db: Arc<CardDb>,
    pool: pool::PoolInfo,
    cards: Option<PathBuf>,
    replays: sims::Replays,
    play: play::Tables,
}

impl AppState {
    /// The state for `root` and `db`; `cards` is the card directory the pool was compiled from,
    /// if any (for the compiler's warnings). Fails when `root` is not a readable folder.
    pub fn new(root: &Path, db: Arc<CardDb>, cards: Option<&Path>) -> Result<AppState, String> {
        let root = Root::new(root)?;
        let pool = pool::PoolInfo::new(&db, cards);
        Ok(AppState {
            inner: Arc::new(Inner {
                root,
                db,
                pool,
                cards: cards.map(Path::to_path_buf),
                replays: sims::Replays::default(),
                play: play::Tables::default(),
            }),
        })
    }

    /// The folder pages read under.
    pub fn root(&self) -> &Root {
        &self.inner.root
    }

    /// The card pool.
    pub fn db(&self) -> &Arc<CardDb> {
        &self.inner.db
    }

    fn pool(&self) -> &pool::PoolInfo {
        &self.inner.pool
    }

    /// The card directory the pool came from, when known (decks are looked up in its decks/).
    pub fn cards_dir(&self) -> Option<&Path> {
        self.inner.cards.as_deref()
    }

    fn replays(&self) -> &sims::Replays {
        &self.inner.replays
    }

    #[allow(dead_code)] // the Play page's (issue #45, part 2)
    fn play(&self) -> &play::Tables {
        &self.inner.play
    }
}

/// The whole application: every page's routes, the static assets and the body limit.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(layout::routes())
        .merge(pool::routes())
        .merge(rulings::routes())
        .merge(sims::routes())
        .merge(play::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state)
}

async fn not_found(uri: axum::http::Uri) -> PageError {
    PageError::not_found(format!("there is no page at {}", uri.path()))
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> PageError {
    PageError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        what: format!("the page at {} does not take {method}", uri.path()),
    }
}

/// Listens on `options.addr` and serves until the process ends. `ready` is told the address
/// actually bound (port 0 picks a free one) before the first request is taken.
pub fn serve(options: Options, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let state = AppState::new(&options.root, options.db, options.cards.as_deref())?;
    let app = router(state);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", options.addr))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {}: {e}", options.addr))?;
        ready(bound);
        axum::serve(listener, app)
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}

/// The folder the server was started in, canonical; the only place pages read from.
pub struct Root {
    dir: PathBuf,
}

impl Root {
    fn new(dir: &Path) -> Result<Root, String> {
        let dir = dir
            .canonicalize()
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        if !dir.is_dir() {
            return Err(format!("{}: not a folder", dir.display()));
        }
        Ok(Root { dir })
    }

    /// The folder itself (canonical).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file `rel` names under the folder, canonical, or a refusal in words. `rel` must be
    /// relative and plain (no `..`, no `.`, no root, no drive, no NUL), and its canonical path
    /// (every symlink followed) must still lie under the folder. Whether it is a regular file
    /// is judged when it is read, on the opened handle ([`Root::read`]).
    pub fn resolve(&self, rel: &str) -> Result<PathBuf, PageError> {
        let refuse = |why: &str| PageError::bad_request(format!("the path {rel:?} {why}"));
        if rel.is_empty() {
            return Err(refuse("is empty"));
        }
        if rel.contains('\0') || rel.contains('\\') {
            return Err(refuse("has a character paths here do not take"));
        }
        let path = Path::new(rel);
        for part in path.components() {
            match part {
                Component::Normal(_) => {}
                Component::ParentDir => return Err(refuse("leaves the workbench's folder (`..`)")),
                Component::CurDir => return Err(refuse("has a `.` part")),
                Component::RootDir | Component::Prefix(_) => {
                    return Err(refuse(
                        "is absolute: name a file under the workbench's folder",
                    ))
                }
            }
        }
        let full = self.dir.join(path);
        let canonical = full.canonicalize().map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                PageError::not_found(format!("{rel}: no such file"))
            } else {
                PageError::bad_request(format!("{rel}: {e}"))
            }
        })?;
        if !canonical.starts_with(&self.dir) {
            return Err(refuse("leads outside the workbench's folder (a link)"));
        }
        Ok(canonical)
    }

    /// The bytes of the file `rel` names, at most `cap`, through `cardlang::read` (regular
    /// files only). Errors name `rel`, not the full path.
    pub fn read(&self, rel: &str, cap: usize) -> Result<Vec<u8>, PageError> {
        let path = self.resolve(rel)?;
        cardlang::read::read_file(&path, cap)
            .map_err(|e| PageError::bad_request(format!("{rel}: {}", e.reason())))
    }

    /// [`Root::read`] as UTF-8 text.
    pub fn read_text(&self, rel: &str, cap: usize) -> Result<String, PageError> {
        String::from_utf8(self.read(rel, cap)?)
            .map_err(|_| PageError::bad_request(format!("{rel}: not UTF-8 text")))
    }

    /// The files under the folder whose names end in `suffix`, as relative paths with `/`,
    /// sorted. Hidden folders and `target` are skipped, links are not followed, and the walk
    /// looks at no more than [`MAX_WALK_ENTRIES`] entries.
    pub fn find(&self, suffix: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut seen = 0usize;
        let mut stack = vec![(self.dir.clone(), 0usize)];
        while let Some((dir, depth)) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                seen += 1;
                if seen > MAX_WALK_ENTRIES {
                    found.sort();
                    return found;
                }
                let name = entry.file_name();
                let name = name.to_string_lossy();
                let Ok(kind) = entry.file_type() else {
                    continue;
                };
                let path = entry.path();
                if kind.is_dir() {
                    if !name.starts_with('.') && name != "target" && depth < MAX_WALK_DEPTH {
                        stack.push((path, depth + 1));
                    }
                } else if kind.is_file() && name.ends_with(suffix) {
                    if let Ok(rel) = path.strip_prefix(&self.dir) {
                        let parts: Vec<_> = rel
                            .components()
                            .map(|c| c.as_os_str().to_string_lossy().into_owned())
                            .collect();
                        found.push(parts.join("/"));
                    }
                }
            }
        }
        found.sort();
        found
    }
}

/// How many directory entries a listing of the folder looks at, at most.
pub const MAX_WALK_ENTRIES: usize = 100_000;
/// How deep a listing of the folder goes.
pub const MAX_WALK_DEPTH: usize = 16;

/// A page that could not be shown: its status and what went wrong, in words, shown as an HTML
/// page in the frame.
#[derive(Debug)]
pub struct PageError {
    pub status: StatusCode,
    pub what: String,
}

impl PageError {
    pub fn bad_request(what: impl Into<String>) -> PageError {
        PageError {
            status: StatusCode::BAD_REQUEST,
            what: what.into(),
        }
    }

    pub fn not_found(what: impl Into<String>) -> PageError {
        PageError {
            status: StatusCode::NOT_FOUND,
            what: what.into(),
        }
    }

    /// A fault of the workbench's own (a task that stopped unexpectedly), not of the request.
    pub fn internal(what: impl Into<String>) -> PageError {
        PageError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            what: what.into(),
        }
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let body = layout::page(
            "Cannot show this page",
            maud::html! {
                h1 { "Cannot show this page" }
                p id="error" data-status=(self.status.as_u16()) { (self.what) }
                p { a href="/" { "Back to the workbench" } }
            },
        );
        (self.status, body).into_response()
    }
}

/// A fresh id for a tab's session: 128 bits from the OS's randomness (std's hasher keys are
/// drawn from it). For ids only: no game's dice ever come from here.
pub fn session_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut out = String::with_capacity(32);
    for _ in 0..2 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0);
        out.push_str(&format!("{:016x}", h.finish()));
    }
    out
}

/// `hullbreach serve`'s own flags (the pool flags are the program's, `--db`/`--cards`).
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 8045)]
    pub port: u16,
    /// The address to listen on. Only 127.0.0.1 (the default) and other loopback addresses
    /// keep the workbench to this machine; any other is served with a warning.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// The folder whose files the pages may read (rulings, games files, decks).
    #[arg(value_name = "FOLDER", default_value = ".")]
    pub folder: PathBuf,
}

/// Runs `hullbreach serve`: prints the address to open, warns when it is not loopback, and
/// serves `db` until the process is stopped.
pub fn command(args: &ServeArgs, db: Arc<CardDb>, cards: Option<PathBuf>) -> Result<(), String> {
    if !args.bind.is_loopback() {
        eprintln!(
            "warning: listening on {}: anyone who can reach this machine can read the files \
             under {} through the workbench",
            args.bind,
            args.folder.display()
        );
    }
    let options = Options {
        addr: SocketAddr::new(args.bind, args.port),
        root: args.folder.clone(),
        db,
        cards,
    };
    serve(options, |bound| {
        use std::io::Write;
        let host = match bound.ip() {
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        println!("The workbench is at http://{host}:{}/", bound.port());
        let _ = std::io::stdout().flush();
    })
}
