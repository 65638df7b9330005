//! Route fuzzing (issue #45): any path, query and body, sent to the workbench's router
//! in-process, is answered with a page — a 2xx, 3xx or 4xx with a body — and never a panic or
//! a 5xx. The paths are drawn from the routes the pages have, so the handlers' own parsing
//! (file names, step and game numbers, search fields) is what is exercised.

mod support;

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
    ("/sim/game", &["file", "game", "step", "side"]),
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
            "Interceptor", "Seagull", "win-rates", "base", "swapped",
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
const KEYS: &[&str] = &["file", "step", "game", "side", "x"];

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

/// Values for a game page's parameters: the file there, its games and sides, and junk.
fn game_value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec!["ab.jsonl", "base", "swapped", "0", "1", "2"]).prop_map(String::from),
        1 => (0u64..400).prop_map(|n| n.to_string()),
        1 => value(),
    ]
}

/// Issue #45: over a folder holding an A/B games file from the real `hullbreach simulate
/// --swap`, the game pages of both sides (`side`), any game and step, and the run's page and
/// charts answer with a page and never a panic or a 5xx.
#[test]
fn every_game_page_of_an_ab_run_gets_a_page_and_never_a_5xx() {
    let scratch = support::Scratch::new("serve-fuzz-ab");
    let out = scratch.file("ab.jsonl");
    support::simulated(
        &out,
        &[
            "--deck",
            "rdf-starter",
            "--deck",
            "colonial-starter",
            "--games",
            "3",
            "--turns",
            "3",
            "--swap",
            "Merlin-class Frigate=Griffin-class Battleship",
        ],
    );
    let cards = support::repo().join("cards");
    let files = cardlang::source::read_pool(&cards).expect("pool");
    let db = Arc::new(CardDb::new(cardlang::compile(&files).cards).expect("db"));
    let app = router(AppState::new(scratch.path(), db, Some(&cards)).expect("root"));
    // The game page's own keys, mostly there and mostly values the file has, and others.
    let own = |key: &'static str, p: f64, likely: Vec<&'static str>| {
        let v = prop_oneof![3 => prop::sample::select(likely).prop_map(String::from), 1 => game_value()];
        prop::option::weighted(p, v.prop_map(move |v| (key, v)))
    };
    let request = (
        prop::sample::select(vec!["/sim/game", "/sim/game", "/sim", "/sim/chart"]),
        prop::option::weighted(
            0.9,
            prop_oneof![4 => Just("ab.jsonl".to_string()), 1 => value()],
        ),
        (
            own("game", 0.9, vec!["0", "1", "2"]),
            own("side", 0.7, vec!["swapped", "base"]),
            own("step", 0.5, vec!["0", "1", "5", "40"]),
            own("chart", 0.2, vec!["win-rates"]),
        ),
        prop::collection::vec((prop::sample::select(KEYS), game_value()), 0..2),
    );
    let config = ProptestConfig {
        cases: 300,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    // The swapped games' pages drawn: the fuzzing reaches them.
    let swapped_pages = std::cell::Cell::new(0usize);
    let result = runner.run(
        &request,
        |(stem, file, (game, side, step, chart), extra)| {
            let file = file.map(|f| ("file", f));
            let query: Vec<String> = [file, game, side, step, chart]
                .into_iter()
                .flatten()
                .chain(extra)
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            let uri = format!("{stem}?{}", query.join("&"));
            let Ok(req) = Request::get(&uri).body(Body::empty()) else {
                return Ok(());
            };
            let (status, bytes) = runtime.block_on(async {
                let response = app.clone().oneshot(req).await.expect("infallible");
                let status = response.status();
                let bytes = axum::body::to_bytes(response.into_body(), 64 * 1024 * 1024)
                    .await
                    .expect("body");
                (status, bytes)
            });
            prop_assert!(!status.is_server_error(), "{uri}: {status}");
            prop_assert!(!bytes.is_empty(), "{uri}: {status} with no body");
            // A replay runs off the async threads, and a panic there is answered as this page.
            let body = String::from_utf8_lossy(&bytes);
            prop_assert!(
                !body.contains("the replay stopped"),
                "{uri}: a replay panicked"
            );
            let swapped = body.contains("the swapped side (");
            swapped_pages.set(swapped_pages.get() + usize::from(swapped));
            Ok(())
        },
    );
    if let Err(e) = result {
        panic!("{e}");
    }
    assert!(swapped_pages.get() > 0, "no swapped game's page was drawn");
}
