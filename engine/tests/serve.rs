//! `hullbreach serve` (issue #45): the workbench's router driven in-process, and the binary on
//! a free port. Every page is judged by what a person (or a browser test) would read on it.

mod support;

use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use engine::serve::{router, AppState};
use engine::CardDb;
use support::{repo, Scratch};
use tower::ServiceExt;

/// The bundled pool, compiled once per test binary.
pub fn bundled() -> Arc<CardDb> {
    static DB: std::sync::OnceLock<Arc<CardDb>> = std::sync::OnceLock::new();
    DB.get_or_init(|| {
        let files = cardlang::source::read_pool(&repo().join("cards")).expect("bundled pool");
        let comp = cardlang::compile(&files);
        assert!(!comp.has_errors(), "the bundled pool compiles");
        Arc::new(CardDb::new(comp.cards).expect("a database"))
    })
    .clone()
}

/// A workbench over `root` with the bundled pool (its warnings from `cards/`).
pub fn app(root: &Path) -> axum::Router {
    let state = AppState::new(root, bundled(), Some(&repo().join("cards"))).expect("a root");
    router(state)
}

/// GET `uri` (or send `request`): the status and the body as text.
pub fn get(app: &axum::Router, uri: &str) -> (StatusCode, String) {
    send(
        app,
        Request::get(uri).body(Body::empty()).expect("a request"),
    )
}

pub fn send(app: &axum::Router, request: Request<Body>) -> (StatusCode, String) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let response = app.clone().oneshot(request).await.expect("infallible");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("a body");
        (status, String::from_utf8_lossy(&bytes).into_owned())
    })
}

#[test]
fn the_home_page_links_every_page() {
    let app = app(&repo());
    let (status, body) = get(&app, "/");
    assert_eq!(status, StatusCode::OK);
    for id in ["nav-pool", "nav-rulings", "nav-sims", "nav-play"] {
        assert!(body.contains(&format!("id=\"{id}\"")), "{id} in {body}");
    }
}

#[test]
fn an_unknown_page_is_a_page_in_words() {
    let app = app(&repo());
    let (status, body) = get(&app, "/no/such/page");
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("there is no page at /no/such/page"), "{body}");
    assert!(body.contains("id=\"error\""), "{body}");
}

#[test]
fn paths_outside_the_folder_are_refused() {
    let scratch = Scratch::new("serve-root");
    let inside = scratch.path().join("inside");
    std::fs::create_dir_all(&inside).unwrap();
    std::fs::write(scratch.path().join("secret.ruling"), "secret").unwrap();
    std::fs::write(inside.join("ok.ruling"), "x").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        scratch.path().join("secret.ruling"),
        inside.join("link.ruling"),
    )
    .unwrap();
    let state = AppState::new(&inside, bundled(), None).unwrap();
    let root = state.root();
    assert!(root.resolve("ok.ruling").is_ok());
    for (bad, why) in [
        ("../secret.ruling", "leaves the workbench's folder"),
        ("/etc/passwd", "is absolute"),
        ("./ok.ruling", "has a `.` part"),
        ("", "is empty"),
        ("a\0b", "has a character"),
        ("missing.ruling", "no such file"),
        #[cfg(unix)]
        ("link.ruling", "leads outside the workbench's folder"),
    ] {
        let e = root.resolve(bad).expect_err(bad);
        assert!(e.what.contains(why), "{bad:?}: {}", e.what);
    }
    // The listing finds the file inside and never the link's target outside.
    let found = root.find(".ruling");
    assert!(found.contains(&"ok.ruling".to_string()), "{found:?}");
    assert!(!found.iter().any(|f| f.contains("secret")), "{found:?}");
}

#[cfg(unix)]
#[test]
fn a_fifo_under_the_folder_is_refused_without_blocking() {
    let scratch = Scratch::new("serve-fifo");
    let fifo = scratch.path().join("pipe.ruling");
    let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc_mkfifo(c.as_ptr(), 0o600) }, 0);
    let state = AppState::new(scratch.path(), bundled(), None).unwrap();
    let e = state.root().read("pipe.ruling", 1024).expect_err("a FIFO");
    assert!(e.what.contains("pipe.ruling: is a FIFO"), "{}", e.what);
}

#[cfg(unix)]
extern "C" {
    #[link_name = "mkfifo"]
    fn libc_mkfifo(path: *const std::ffi::c_char, mode: u32) -> i32;
}

#[test]
fn the_server_listens_on_loopback_and_prints_its_address() {
    use std::io::{BufRead, Read, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["--cards", "cards", "serve", "--port", "0"])
        .current_dir(repo())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("hullbreach serve starts");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("The workbench is at http://")
        .unwrap_or_else(|| panic!("the address in {line:?}"));
    let addr = url.trim_end_matches('/');
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let mut stream = std::net::TcpStream::connect(addr).expect("connects");
    stream
        .write_all(b"GET /rulings HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    child.kill().unwrap();
    let _ = child.wait();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("id=\"rulings\""), "{reply}");
}

#[test]
fn binding_beyond_loopback_warns() {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args([
            "--cards", "cards", "serve", "--port", "0", "--bind", "0.0.0.0",
        ])
        .current_dir(repo())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    let mut child = child;
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stderr.take().unwrap()),
        &mut line,
    )
    .unwrap();
    child.kill().unwrap();
    let _ = child.wait();
    assert!(line.starts_with("warning: listening on 0.0.0.0"), "{line}");
}
