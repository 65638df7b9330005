//! Route fuzzing (issue #45): any path, query and body, sent to the workbench's router
//! in-process, is answered with a page — a 2xx, 3xx or 4xx with a body — and never a panic or
//! a 5xx. The paths are drawn from the routes the pages have, so the handlers' own parsing
//! (file names, step and game numbers, search fields) is what is exercised.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request};
use engine::serve::{router, AppState};
use engine::CardDb;
use proptest::prelude::*;
use tower::ServiceExt;

fn app() -> axum::Router {
    static APP: std::sync::OnceLock<axum::Router> = std::sync::OnceLock::new();
    APP.get_or_init(|| {
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let files = cardlang::source::read_pool(&repo.join("tests/rulings/pool")).expect("pool");
        let db = Arc::new(CardDb::new(cardlang::compile(&files).cards).expect("db"));
        // The rulings' folder: many ruling files, some of which name each card.
        router(AppState::new(&repo.join("tests/rulings"), db, None).expect("root"))
    })
    .clone()
}

/// The routes the pages have, each with the query keys it reads, and some it does not have.
const ROUTES: &[(&str, &[&str])] = &[
    ("/", &[]),
    ("/pool", &["name", "type", "class", "faction", "trait"]),
    ("/card/", &[]),
    ("/face/", &[]),
    ("/rulings", &[]),
    ("/ruling", &["file", "step"]),
    ("/sims", &[]),
    ("/sim", &["file"]),
    ("/sim/game", &["file", "game", "step"]),
    ("/sim/chart", &["file", "chart"]),
    ("/play", &[]),
    ("/static/workbench.css", &[]),
    ("/nope/", &["x"]),
    ("//", &["file"]),
];

/// Values: real names, small numbers, traversal, encodings, junk.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (0u64..40).prop_map(|n| n.to_string()),
        2 => prop::sample::select(vec![
            "abilities-cancel.ruling", "pool/abilities.hb", "Ship", "Frigate", "RDF",
            "Interceptor", "Seagull", "win-rates",
        ]).prop_map(String::from),
        1 => prop::sample::select(vec![
            "../Cargo.toml", "%2e%2e%2fCargo.toml", "/etc/passwd", "18446744073709551616",
            "%00", "%FF%FE", "-1", "", "a%20b", ".",
        ]).prop_map(String::from),
        1 => "[a-zA-Z0-9%./_-]{0,24}",
        1 => "\\PC{0,12}".prop_map(|s| s.bytes().map(|b| format!("%{b:02X}")).collect::<String>()),
    ]
}

fn request() -> impl Strategy<Value = (Method, String, Vec<u8>)> {
    let method =
        prop_oneof![8 => Just(Method::GET), 1 => Just(Method::POST), 1 => Just(Method::HEAD)];
    let route = prop::sample::select(ROUTES).prop_flat_map(|(stem, keys)| {
        let tail = prop_oneof![
            2 => Just(String::new()),
            2 => (0u64..40).prop_map(|n| n.to_string()),
            1 => (0u64..40).prop_map(|n| format!("{n}.svg")),
            1 => "[a-zA-Z0-9%._-]{1,16}",
        ];
        let params = prop::collection::vec((prop::sample::select(KEYS), value()), 0..2);
        let own = keys
            .iter()
            .map(|k| prop::option::weighted(0.7, value()).prop_map(move |v| v.map(|v| (*k, v))))
            .collect::<Vec<_>>();
        (Just(stem), tail, own, params)
    });
    let body = prop::collection::vec(any::<u8>(), 0..256);
    (method, route, body).prop_map(|(m, (stem, tail, own, extra), b)| {
        let query: Vec<String> = own
            .into_iter()
            .flatten()
            .chain(extra)
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let path = format!("{stem}{tail}");
        let uri = if query.is_empty() {
            path
        } else {
            format!("{path}?{}", query.join("&"))
        };
        (m, uri, b)
    })
}

/// Other query keys.
const KEYS: &[&str] = &["file", "step", "game", "x"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn every_request_gets_a_page_and_never_a_5xx((method, uri, body) in request()) {
        let Ok(req) = Request::builder().method(method.clone()).uri(&uri).body(Body::from(body)) else {
            // Not a request a client could send (hyper refuses it before any route).
            return Ok(());
        };
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let (status, bytes) = runtime.block_on(async {
            let response = app().oneshot(req).await.expect("infallible");
            let status = response.status();
            let bytes = axum::body::to_bytes(response.into_body(), 64 * 1024 * 1024).await.expect("body");
            (status, bytes)
        });
        prop_assert!(!status.is_server_error(), "{method} {uri}: {status}");
        if method != Method::HEAD {
            prop_assert!(!bytes.is_empty(), "{method} {uri}: {status} with no body");
        }
    }
}
