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
    let (status, _, body) = answer(app, request);
    (status, body)
}

/// The answer to `request`: its status, the `Location` it points to (empty if none) and the
/// body as text.
fn answer(app: &axum::Router, request: Request<Body>) -> (StatusCode, String, String) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let response = app.clone().oneshot(request).await.expect("infallible");
        let status = response.status();
        let location = response
            .headers()
            .get("location")
            .and_then(|l| l.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("a body");
        (
            status,
            location,
            String::from_utf8_lossy(&bytes).into_owned(),
        )
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

/// The values of `attr="..."` in `body`, in order.
fn attrs(body: &str, attr: &str) -> Vec<String> {
    let key = format!("{attr}=\"");
    body.match_indices(&key)
        .map(|(at, _)| {
            let rest = &body[at + key.len()..];
            rest[..rest.find('"').unwrap_or(0)].to_string()
        })
        .collect()
}

#[test]
fn the_pool_shows_every_card_as_its_face_and_searches_on_the_server() {
    let app = app(&repo());
    let db = bundled();
    let (status, body) = get(&app, "/pool");
    assert_eq!(status, StatusCode::OK);
    assert_eq!(attrs(&body, "data-card").len(), db.len(), "every card");
    // By name, case ignored.
    let (_, body) = get(&app, "/pool?name=zephyr");
    assert_eq!(attrs(&body, "data-name"), ["Zephyr Fighter Wing"]);
    // By type and class, together.
    let (_, body) = get(&app, "/pool?type=Ship&class=Frigate");
    let names = attrs(&body, "data-name");
    let frigates: Vec<&str> = db
        .iter()
        .filter(|c| {
            matches!(
                c.kind,
                cardlang::ir::CardKind::Ship(cardlang::ir::ShipClass::Frigate)
            )
        })
        .map(|c| c.name.as_str())
        .collect();
    assert!(!frigates.is_empty());
    assert_eq!(names.len(), frigates.len(), "{names:?}");
    // By faction and trait.
    let (_, body) = get(&app, "/pool?faction=RDF&trait=Interceptor");
    let names = attrs(&body, "data-name");
    assert!(
        names.contains(&"Zephyr Fighter Wing".to_string()),
        "{names:?}"
    );
    for n in &names {
        let c = db.by_name(n).unwrap();
        assert_eq!(c.faction.map(|f| f.to_string()).as_deref(), Some("RDF"));
        assert!(c
            .traits
            .iter()
            .any(|t| t.name().to_string() == "Interceptor"));
    }
    // A value the pool does not have is refused in words, not an empty list.
    let (status, body) = get(&app, "/pool?faction=Pirates");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("no card in the pool has the faction &quot;Pirates&quot;"),
        "{body}"
    );
}

#[test]
fn a_face_is_the_svg_cardc_render_draws() {
    let app = app(&repo());
    let db = bundled();
    let card = db.by_name("Zephyr Fighter Wing").unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let response = runtime.block_on(
        app.clone().oneshot(
            Request::get(format!("/face/{}.svg", card.id.0))
                .body(Body::empty())
                .unwrap(),
        ),
    );
    let response = response.unwrap();
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    assert!(response.headers().contains_key("content-security-policy"));
    let (_, body) = get(&app, &format!("/face/{}.svg", card.id.0));
    let expected = cardlang::face::Renderer::new(cardlang::face::Theme::default_theme())
        .face(card, cardlang::face::TextSource::Printed)
        .svg;
    assert_eq!(body, expected);
    let (status, body) = get(&app, "/face/99999.svg");
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("the pool has no card number 99999"), "{body}");
}

#[test]
fn a_card_page_has_its_explanation_text_rulings_and_warnings() {
    let scratch = Scratch::new("serve-card");
    let cards = scratch.path().join("cards");
    std::fs::create_dir_all(&cards).unwrap();
    std::fs::write(
        cards.join("one.hb"),
        "Station \"Home Station\" {\n    faction: RDF\n    income: 2R 1C\n    attack: 1\n    \
         defense: 5\n    wounds: 3\n}\n\n\
         Module-Ship \"Forever Face Down\" {\n    cost: 0\n    traits: Face Up-Face Down\n    \
         static: host gets +1 attack\n}\n",
    )
    .unwrap();
    std::fs::write(
        scratch.path().join("names-it.ruling"),
        "title: x\nseed: 1\ncommander Ada\n  hand: Forever Face Down\n",
    )
    .unwrap();
    std::fs::write(scratch.path().join("longer.ruling"), "Forever Face Downs\n").unwrap();
    let files = cardlang::source::read_pool(&cards).unwrap();
    let comp = cardlang::compile(&files);
    assert!(!comp.has_errors(), "{:?}", comp.diagnostics);
    let db = Arc::new(CardDb::new(comp.cards).unwrap());
    let id = db.by_name("Forever Face Down").unwrap().id.0;
    let station = db.by_name("Home Station").unwrap().id.0;
    let app = router(AppState::new(scratch.path(), db.clone(), Some(&cards)).unwrap());
    let (status, body) = get(&app, &format!("/card/{id}"));
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("id=\"card-explain\""), "{body}");
    let explained = cardlang::explain::explain(db.by_name("Forever Face Down").unwrap());
    assert!(
        body.contains(&maud::html! { (explained) }.into_string()),
        "{body}"
    );
    assert_eq!(
        attrs(&body, "data-file"),
        ["names-it.ruling"],
        "a whole name only"
    );
    assert!(body.contains("HB0454"), "the compiler's warning: {body}");
    // The other card has no warning, and says so.
    let (_, body) = get(&app, &format!("/card/{station}"));
    assert!(
        body.contains("The compiler has no warning for it."),
        "{body}"
    );
    assert!(!body.contains("HB0454"), "{body}");
    // Without a card directory the page says why there are no warnings.
    let app = router(AppState::new(scratch.path(), db, None).unwrap());
    let (_, body) = get(&app, &format!("/card/{id}"));
    assert!(body.contains("start with --cards DIR"), "{body}");
    let (status, body) = get(&app, "/card/nope");
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body.contains("&quot;nope&quot; is not a card number"),
        "{body}"
    );
}

/// The workbench over the repository with the rulings' pool.
fn rulings_app() -> axum::Router {
    static DB: std::sync::OnceLock<Arc<CardDb>> = std::sync::OnceLock::new();
    let db = DB
        .get_or_init(|| {
            let files =
                cardlang::source::read_pool(&repo().join("tests/rulings/pool")).expect("pool");
            let comp = cardlang::compile(&files);
            Arc::new(CardDb::new(comp.cards).expect("a database"))
        })
        .clone();
    router(AppState::new(&repo(), db, None).expect("a root"))
}

#[test]
fn the_rulings_list_holds_every_ruling_file() {
    let app = rulings_app();
    let (status, body) = get(&app, "/rulings");
    assert_eq!(status, StatusCode::OK);
    let files = attrs(&body, "data-file");
    assert!(files.contains(&"tests/rulings/abilities-cancel.ruling".to_string()));
    let on_disk = std::fs::read_dir(repo().join("tests/rulings"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "ruling")
        })
        .count();
    assert!(
        files
            .iter()
            .filter(|f| f.starts_with("tests/rulings/") && f.matches('/').count() == 2)
            .count()
            == on_disk
    );
}

#[test]
fn a_ruling_steps_through_its_script_with_the_board_following() {
    let app = rulings_app();
    let base = "/ruling?file=tests/rulings/abilities-cancel.ruling";
    let (status, start) = get(&app, base);
    assert_eq!(status, StatusCode::OK, "{start}");
    assert!(
        start.contains("data-step=\"0\" data-steps=\"2\""),
        "{start}"
    );
    assert!(!start.contains("id=\"step-back\""));
    assert!(start.contains("id=\"step-forward\""));
    // The board at step 0 has the Diplomacy First in Bob's hand; after step 2 it is played.
    let in_hand = |body: &str| {
        let hand = body.split("data-commander=\"Bob\"").nth(1).unwrap();
        let hand = hand.split("data-zone=\"hand\"").nth(1).unwrap();
        let hand = hand.split("data-zone=\"shipyard\"").next().unwrap();
        hand.contains("Diplomacy First")
    };
    assert!(in_hand(&start));
    let (_, end) = get(&app, &format!("{base}&step=2"));
    assert!(!in_hand(&end), "{end}");
    assert!(end.contains("id=\"step-back\""));
    assert!(!end.contains("id=\"step-forward\""));
    // The current part is the second script line's.
    let current = end.split("class=\"current\">").nth(1).unwrap();
    assert!(
        current.starts_with("\n&gt; Bob: deploy Diplomacy First"),
        "{current}"
    );
    // The whole transcript is the one `hullbreach ruling` prints, up to its final board.
    let text =
        std::fs::read_to_string(repo().join("tests/rulings/abilities-cancel.ruling")).unwrap();
    let r = engine::ruling::parse(&text).unwrap();
    let pool = cardlang::compile(
        &cardlang::source::read_pool(&repo().join("tests/rulings/pool")).unwrap(),
    )
    .cards;
    let full = engine::ruling::run(&r, Arc::new(CardDb::new(pool).unwrap())).unwrap();
    let played = full.split("\n== final ==").next().unwrap();
    let escaped = maud::html! { (played) }.into_string();
    let shown: String = end
        .split("<pre data-step=")
        .skip(1)
        .map(|p| {
            let body = &p[p.find('>').unwrap() + 1..];
            body[..body.find("</pre>").unwrap()].to_string()
        })
        .collect();
    assert_eq!(shown, escaped);
    let (status, body) = get(&app, &format!("{base}&step=3"));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("there is no step 3"), "{body}");
    let (status, body) = get(&app, &format!("{base}&step=-1"));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("is not a step number"), "{body}");
}

#[test]
fn a_broken_ruling_is_shown_as_its_diagnostics() {
    let scratch = Scratch::new("serve-broken");
    std::fs::write(
        scratch.path().join("bad.ruling"),
        "title: bad\nseed: 1\ncommander Ada\n  hand: No Such Card\ncommander Bob\n",
    )
    .unwrap();
    let app = router(AppState::new(scratch.path(), bundled(), None).unwrap());
    let (status, body) = get(&app, "/ruling?file=bad.ruling");
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("id=\"ruling-diagnostics\""), "{body}");
    assert!(body.contains("No Such Card"), "{body}");
    assert!(body.contains("bad.ruling:4"), "where: {body}");
}

#[test]
fn a_simulation_shows_its_report_charts_and_any_game_step_by_step() {
    let scratch = Scratch::new("serve-sim");
    let out = scratch.file("run.jsonl");
    let printed = support::simulated(
        &out,
        &[
            "--deck",
            "rdf-starter",
            "--deck",
            "colonial-starter",
            "--games",
            "2",
        ],
    );
    let app =
        router(AppState::new(scratch.path(), bundled(), Some(&repo().join("cards"))).unwrap());
    let (_, list) = get(&app, "/sims");
    assert_eq!(attrs(&list, "data-file"), ["run.jsonl"]);
    let (status, body) = get(&app, "/sim?file=run.jsonl");
    assert_eq!(status, StatusCode::OK, "{body}");
    // The report is the one `simulate` printed.
    let report = body.split("id=\"sim-report\">").nth(1).unwrap();
    let report = &report[..report.find("</pre>").unwrap()];
    assert_eq!(report, maud::html! { (printed) }.into_string());
    let charts = attrs(&body, "data-chart");
    assert!(!charts.is_empty(), "{body}");
    let (status, svg) = get(
        &app,
        &format!("/sim/chart?file=run.jsonl&chart={}", charts[0]),
    );
    assert_eq!(status, StatusCode::OK);
    assert!(svg.contains("<svg"), "{svg}");
    assert_eq!(attrs(&body, "data-game"), ["0", "1"]);
    // Game 1, step by step: its transcript is `hullbreach replay --numbered`'s.
    let replay = support::hullbreach(&["replay", &out, "--game", "1", "--numbered"]);
    assert!(replay.status.success(), "{}", support::text(&replay.stderr));
    let replayed = support::text(&replay.stdout);
    let choices = replayed
        .lines()
        .filter(|l| l.starts_with("choice "))
        .count();
    let (status, start) = get(&app, "/sim/game?file=run.jsonl&game=1");
    assert_eq!(status, StatusCode::OK, "{start}");
    assert!(
        start.contains(&format!("data-step=\"0\" data-steps=\"{choices}\"")),
        "{start}"
    );
    assert!(!start.contains("game-differs"), "{start}");
    let (_, mid) = get(&app, "/sim/game?file=run.jsonl&game=1&step=5");
    let current = mid.split("class=\"current\">").nth(1).unwrap();
    assert!(current.starts_with("choice 5&gt; "), "{current}");
    // The board follows: the log of step 5 differs from step 0's board.
    let board = |b: &str| {
        b.split("id=\"board\"")
            .nth(1)
            .unwrap()
            .split("id=\"transcript\"")
            .next()
            .unwrap()
            .to_string()
    };
    assert_ne!(board(&start), board(&mid));
    let (status, body) = get(&app, "/sim/game?file=run.jsonl&game=7");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("run.jsonl"), "{body}");
    assert!(
        !body.contains(&scratch.path().display().to_string()),
        "relative names only: {body}"
    );
}

#[test]
fn a_broken_games_file_is_a_page_in_words() {
    let scratch = Scratch::new("serve-sim-bad");
    std::fs::write(scratch.path().join("bad.jsonl"), "{\"not\": \"a game\"}\n").unwrap();
    let app = router(AppState::new(scratch.path(), bundled(), None).unwrap());
    let (status, body) = get(&app, "/sim?file=bad.jsonl");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("bad.jsonl"), "{body}");
    assert!(
        !body.contains(&scratch.path().display().to_string()),
        "{body}"
    );
}

/// POST a form to `uri`: the status, the `Location` it points to, and the body.
fn post_form(app: &axum::Router, uri: &str, form: &str) -> (StatusCode, String, String) {
    let request = Request::post(uri)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(form.to_string()))
        .expect("a request");
    answer(app, request)
}

/// The hand zone of `commander` on a page.
fn hand_of<'a>(page: &'a str, commander: &str) -> &'a str {
    let section = page
        .split(&format!("data-commander=\"{commander}\""))
        .nth(1)
        .unwrap_or_else(|| panic!("{commander} on the page: {page}"));
    let hand = section.split("data-zone=\"hand\"").nth(1).expect("a hand");
    hand.split("data-zone=\"shipyard\"").next().unwrap()
}

#[test]
fn a_person_playing_the_computer_does_not_see_its_hand() {
    // A moment with cards in both hands, played on with a person in seat 1 and the computer
    // in seat 2.
    let scratch = Scratch::new("serve-hands");
    std::fs::write(
        scratch.path().join("hands.ruling"),
        "title: two hands\nseed: 1\nphase: manufacturing\nactive: Ada\n\n\
         commander Ada\n  stockpile: 10R 10C\n  hand: Merlin-class Frigate\n  in play:\n    Bastion Fleet Command\n\n\
         commander Bob\n  stockpile: 10R 10C\n  hand: Merlin-class Frigate; Merlin-class Frigate\n  in play:\n    New Haven Colony Hub\n",
    )
    .unwrap();
    let app = router(AppState::new(scratch.path(), bundled(), None).unwrap());
    let (status, location, body) = post_form(
        &app,
        "/play/new",
        "from=ruling&ruling=hands.ruling&seat1=person&seat2=heuristic&seed=1",
    );
    assert!(status.is_redirection(), "{status}: {body}");
    let (status, page) = get(&app, &location);
    assert_eq!(status, StatusCode::OK, "{page}");
    // The person's hand shows its card; the computer's only how many it holds.
    let mine = hand_of(&page, "Ada");
    assert!(mine.contains("data-inst="), "{mine}");
    assert!(!mine.contains("data-hidden"), "{mine}");
    let theirs = hand_of(&page, "Bob");
    assert!(theirs.contains("data-hidden=\"true\""), "{theirs}");
    assert!(theirs.contains("Hand (2)"), "{theirs}");
    assert!(!theirs.contains("data-inst="), "{theirs}");
    assert!(!theirs.contains("/face/"), "{theirs}");
}

#[test]
fn an_oversized_form_is_refused_before_it_is_read() {
    let app = app(&repo());
    let form = format!("from=decks&seed={}", "1".repeat(200 * 1024));
    let (status, _, _) = post_form(&app, "/play/new", &form);
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

/// The whole transcript a game's page shows (every step's part), as the text it reads.
fn sim_transcript(page: &str) -> String {
    let div = page
        .split("id=\"transcript\">")
        .nth(1)
        .expect("a transcript");
    div.split("<pre data-step=")
        .skip(1)
        .map(|part| {
            let text = &part[part.find('>').expect("a tag") + 1..];
            text[..text.find("</pre>").expect("its end")].to_string()
        })
        .collect::<Vec<_>>()
        .concat()
        .replace("&gt;", ">")
        .replace("&lt;", "<")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Issue #45: in an A/B games file every game replays in the page, the swapped side too: its
/// decks dealt with the swap made as `hullbreach replay --swapped` deals them, so its
/// transcript is that command's; its title says which side and what was swapped, each side
/// links to its twin, and the file's page shows the A/B report `simulate` printed.
#[test]
fn the_swapped_side_of_an_ab_game_is_replayed_as_replay_swapped_replays_it() {
    let scratch = Scratch::new("serve-sim-ab");
    let out = scratch.file("ab.jsonl");
    let printed = support::simulated(
        &out,
        &[
            "--turns",
            "6",
            "--deck",
            "rdf-starter",
            "--deck",
            "colonial-starter",
            "--games",
            "4",
            "--swap",
            "Merlin-class Frigate=Griffin-class Battleship",
        ],
    );
    let app = app(scratch.path());
    let (status, body) = get(&app, "/sim?file=ab.jsonl");
    assert_eq!(status, StatusCode::OK, "{body}");
    let report = body.split("id=\"sim-report\">").nth(1).unwrap();
    let report = &report[..report.find("</pre>").unwrap()];
    assert_eq!(report, maud::html! { (printed) }.into_string());
    assert!(
        printed.contains("A/B: every `Merlin-class Frigate`"),
        "{printed}"
    );
    // Every game on both sides is a link.
    assert_eq!(
        attrs(&body, "data-game"),
        ["0", "0", "1", "1", "2", "2", "3", "3"]
    );
    assert_eq!(
        attrs(&body, "data-side"),
        ["base", "swapped"].repeat(4),
        "{body}"
    );
    // A game whose two sides played differently, each page against the command line.
    let mut changed = false;
    for game in ["0", "1", "2", "3"] {
        let cli = |swapped: bool| {
            let mut args = vec!["replay", &out, "--game", game, "--numbered"];
            if swapped {
                args.push("--swapped");
            }
            let ran = support::hullbreach(&args);
            assert!(ran.status.success(), "{}", support::text(&ran.stderr));
            support::text(&ran.stdout)
        };
        let (status, swapped) = get(
            &app,
            &format!("/sim/game?file=ab.jsonl&game={game}&side=swapped"),
        );
        assert_eq!(status, StatusCode::OK, "{swapped}");
        assert!(
            swapped.contains(&format!(
                "Game {game}, the swapped side (every `Merlin-class Frigate` replaced by \
                 `Griffin-class Battleship`): "
            )),
            "{swapped}"
        );
        assert!(!swapped.contains("game-differs"), "{swapped}");
        let twin = format!("href=\"/sim/game?file=ab.jsonl&amp;game={game}\"");
        assert!(
            swapped.contains(&twin),
            "a link to the base side: {swapped}"
        );
        let from_cli = cli(true);
        assert_eq!(sim_transcript(&swapped), from_cli, "game {game}, swapped");
        // Played to its end: the last step is the last choice, and nothing follows.
        let steps = from_cli
            .lines()
            .filter(|l| l.starts_with("choice "))
            .count();
        let (status, end) = get(
            &app,
            &format!("/sim/game?file=ab.jsonl&game={game}&side=swapped&step={steps}"),
        );
        assert_eq!(status, StatusCode::OK, "{end}");
        assert!(
            end.contains(&format!("data-step=\"{steps}\" data-steps=\"{steps}\"")),
            "{end}"
        );
        assert!(!end.contains("id=\"step-forward\""), "{end}");
        let (_, base) = get(&app, &format!("/sim/game?file=ab.jsonl&game={game}"));
        assert!(
            base.contains(&format!(
                "Game {game}, the base side (the decks as given): "
            )),
            "{base}"
        );
        let twin = format!("href=\"/sim/game?file=ab.jsonl&amp;game={game}&amp;side=swapped\"");
        assert!(base.contains(&twin), "a link to the swapped side: {base}");
        assert_eq!(sim_transcript(&base), cli(false), "game {game}, base");
        changed |= sim_transcript(&base) != sim_transcript(&swapped);
    }
    assert!(changed, "the swap changed some game");
    let (status, body) = get(&app, "/sim/game?file=ab.jsonl&game=1&side=both");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("base or swapped"), "{body}");
    // A run's swap that is not `Old=New`, or whose new card this pool lacks, is refused in
    // words by the page and by `replay --swapped` alike.
    let text = std::fs::read_to_string(&out).unwrap();
    let swap = "\"swap\":\"Merlin-class Frigate=Griffin-class Battleship\"";
    assert!(text.contains(swap), "{text}");
    for (name, tampered, says) in [
        (
            "no-equals.jsonl",
            "\"swap\":\"Merlin-class Frigate\"",
            "the run's swap `Merlin-class Frigate` is not \"Old Card=New Card\"",
        ),
        (
            "new-card.jsonl",
            "\"swap\":\"Merlin-class Frigate=Merlin Mk II\"",
            "swaps in `Merlin Mk II`, which is not in the",
        ),
    ] {
        let file = scratch.path().join(name);
        std::fs::write(&file, text.replace(swap, tampered)).unwrap();
        let (status, body) = get(&app, &format!("/sim/game?file={name}&game=0&side=swapped"));
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body.contains(&maud::html! { (says) }.into_string()),
            "{body}"
        );
        assert!(body.contains(name), "{body}");
        let file = file.display().to_string();
        let ran = support::hullbreach(&["replay", &file, "--game", "0", "--swapped"]);
        assert!(!ran.status.success());
        let err = support::text(&ran.stderr);
        assert!(err.contains(says), "{err}");
    }
}

/// Issue #45: the other shapes a games file takes — a round robin, shards merged by
/// `simulate merge`, one shard alone — each give their page and games, and a file with a line
/// that is no game a refusal in words naming the file and the line.
#[test]
fn every_shape_of_games_file_is_a_page_or_a_refusal_in_words() {
    let scratch = Scratch::new("serve-sim-shapes");
    let three = [
        "--deck",
        "rdf-starter",
        "--deck",
        "colonial-starter",
        "--deck",
        "corporate-starter",
    ];
    let printed = support::simulated(
        &scratch.file("robin.jsonl"),
        &[
            &three[..],
            &["--turns", "6", "--round-robin", "--games", "3"],
        ]
        .concat(),
    );
    let two = &three[..4];
    let shard = |k: &str| {
        let out = scratch.file(&format!("shard{k}.jsonl"));
        let printed = support::simulated(
            &out,
            &[
                two,
                &["--turns", "6", "--games", "4", "--shard", &format!("{k}/2")],
            ]
            .concat(),
        );
        (out, printed)
    };
    let (one, _) = shard("1");
    let (other, _) = shard("2");
    let merged = scratch.file("merged.jsonl");
    let ran = support::hullbreach(&["simulate", "merge", &one, &other, "--out", &merged]);
    assert!(ran.status.success(), "{}", support::text(&ran.stderr));
    let app = app(scratch.path());
    // The round robin: its report, and a game of each pairing replayed without a difference.
    let (status, body) = get(&app, "/sim?file=robin.jsonl");
    assert_eq!(status, StatusCode::OK, "{body}");
    let report = body.split("id=\"sim-report\">").nth(1).unwrap();
    assert!(
        report.starts_with(&maud::html! { (printed) }.into_string()),
        "{body}"
    );
    assert!(!body.contains("data-side=\"swapped\""), "{body}");
    for game in attrs(&body, "data-game") {
        let (status, page) = get(&app, &format!("/sim/game?file=robin.jsonl&game={game}"));
        assert_eq!(status, StatusCode::OK, "{page}");
        assert!(!page.contains("game-differs"), "{page}");
        assert!(
            !page.contains("game-twin"),
            "no twin outside an A/B run: {page}"
        );
    }
    // Merged shards are the whole run; a game of each shard replays.
    let (status, body) = get(&app, "/sim?file=merged.jsonl");
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(attrs(&body, "data-game"), ["0", "1", "2", "3"]);
    let (status, page) = get(&app, "/sim/game?file=merged.jsonl&game=3");
    assert_eq!(status, StatusCode::OK, "{page}");
    // One shard alone: its part of the run, said so; its games replay.
    let (status, body) = get(&app, "/sim?file=shard1.jsonl");
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        body.contains("2 games, seed 5, turn cap 6 (of the run's 4)"),
        "{body}"
    );
    assert_eq!(attrs(&body, "data-game"), ["0", "2"]);
    let (status, page) = get(&app, "/sim/game?file=shard2.jsonl&game=1");
    assert_eq!(status, StatusCode::OK, "{page}");
    // A line that is no game: refused, naming the file and the line; the swapped side of a
    // run without a swap is refused in words.
    let mut text = std::fs::read_to_string(&merged).unwrap();
    text.push_str("{\"index\": \"three\"}\n");
    std::fs::write(scratch.path().join("broken.jsonl"), text).unwrap();
    let (status, body) = get(&app, "/sim?file=broken.jsonl");
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body.contains("broken.jsonl:5"),
        "the file and its line: {body}"
    );
    let (status, body) = get(&app, "/sim/game?file=merged.jsonl&game=1&side=swapped");
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.contains("no swapped game 1"), "{body}");
    assert!(body.contains("merged.jsonl"), "{body}");
}

/// `text` as a form value (`application/x-www-form-urlencoded`).
fn form_value(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
                (b as char).to_string()
            }
            b' ' => "+".into(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Text as the page writes it into HTML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A person playing a computer seat reads their own draws by name and the computer's only as
/// a count, in the transcript, and no card in the computer's hand is named anywhere in the
/// page (I-103). The page's game is followed by the same table in the library, which knows the
/// computer's hand.
#[test]
fn a_person_reads_the_computers_draws_only_as_counts() {
    use engine::sweep::PlayerKind;
    use engine::table::{load_deck, Seat, Table};
    let scratch = Scratch::new("serve-draws");
    support::copy_dir(&repo().join("cards/decks"), &scratch.path().join("decks"));
    let app = router(AppState::new(scratch.path(), bundled(), None).unwrap());
    let (status, location, body) = post_form(
        &app,
        "/play/new",
        "from=decks&deck1=decks%2Frdf-starter.txt&deck2=decks%2Fcolonial-starter.txt\
         &seat1=person&seat2=heuristic&seed=5",
    );
    assert!(status.is_redirection(), "{status}: {body}");
    let decks = ["rdf-starter", "colonial-starter"]
        .iter()
        .map(|n| {
            let path = repo().join("cards/decks").join(format!("{n}.txt"));
            (n.to_string(), load_deck(&bundled(), &path).expect("a deck"))
        })
        .collect();
    let seats = vec![Seat::Person, Seat::Computer(PlayerKind::Heuristic)];
    let mut t = Table::from_decks(bundled(), decks, seats, 5).expect("a table");
    let (mut computer_drew, mut person_drew) = (0, 0);
    for _ in 0..30 {
        let (status, page) = get(&app, &location);
        assert_eq!(status, StatusCode::OK, "{page}");
        let seen = t.seen_transcript();
        assert!(
            page.contains(&escaped(seen)),
            "the page's transcript is the table's"
        );
        for line in seen.lines() {
            if let Some((_, drawn)) = line.split_once("] colonial-starter (2) draws ") {
                assert!(drawn.starts_with(char::is_numeric), "{line}");
                assert!(drawn.contains(" card"), "{line}");
                computer_drew += 1;
            }
            if let Some((_, drawn)) = line.split_once("] rdf-starter (1) draws ") {
                assert!(drawn.contains(" #"), "{line}");
                person_drew += 1;
            }
        }
        let g = t.game();
        for &i in &g.commanders()[1].hand {
            let label = engine::transcript::card_label(g, i);
            let named = page
                .match_indices(&label)
                .any(|(at, _)| !page[at + label.len()..].starts_with(|c: char| c.is_ascii_digit()));
            assert!(!named, "the computer's {label} is on the page");
        }
        let theirs = hand_of(&page, "colonial-starter (2)");
        assert!(theirs.contains("data-hidden=\"true\""), "{theirs}");
        let choices = t.choices();
        if choices.is_empty() {
            break;
        }
        let k = t.moves() * 7 % choices.len();
        let form = format!(
            "moves={}&index={k}&line={}",
            t.moves(),
            form_value(&choices[k])
        );
        let (status, _, body) = post_form(&app, &format!("{location}/choose"), &form);
        assert!(status.is_redirection(), "{status}: {body}");
        t.choose(t.moves(), k, &choices[k])
            .expect("a listed choice");
    }
    assert!(computer_drew >= 2, "the computer drew at Setup and later");
    assert!(person_drew >= 2, "the person drew at Setup and later");
}

/// A game played on from a ruling against the computer: the ruling's own board in the
/// transcript shows the computer's hand and Shipyard as counts and its face-down Module
/// unnamed (I-103), so no card of them is named anywhere in the page.
#[test]
fn a_game_from_a_ruling_hides_the_computers_cards_in_its_transcript_too() {
    use engine::sweep::PlayerKind;
    use engine::table::{Seat, Table};
    let scratch = Scratch::new("serve-ruling-hidden");
    let ruling = "title: hidden from the start\nseed: 1\nphase: manufacturing\nactive: Ada\n\n\
         commander Ada\n  stockpile: 10R 10C\n  hand: Merlin-class Frigate\n  in play:\n    \
         Bastion Fleet Command\n\n\
         commander Bob\n  stockpile: 10R 10C\n  hand: Merlin-class Frigate; Shrike-class Destroyer\n  \
         shipyard: Falcon-class Cruiser; Crow-class Destroyer\n  in play:\n    \
         New Haven Colony Hub\n    Hydra-class Battle Cruiser\n      Fleet Command Uplink face-down\n";
    std::fs::write(scratch.path().join("hidden.ruling"), ruling).unwrap();
    let app = router(AppState::new(scratch.path(), bundled(), None).unwrap());
    let (status, location, body) = post_form(
        &app,
        "/play/new",
        "from=ruling&ruling=hidden.ruling&seat1=person&seat2=heuristic&seed=1",
    );
    assert!(status.is_redirection(), "{status}: {body}");
    let (status, page) = get(&app, &location);
    assert_eq!(status, StatusCode::OK, "{page}");
    let seats = vec![Seat::Person, Seat::Computer(PlayerKind::Heuristic)];
    let t = Table::from_ruling(bundled(), ruling, "hidden.ruling", seats, 1).expect("a table");
    let g = t.game();
    let bob = &g.commanders()[1];
    let mut unseen: Vec<_> = bob.hand.iter().chain(&bob.shipyard).copied().collect();
    let open = engine::table::view(g, None, &|_| false);
    unseen.extend(
        open.seats[1]
            .in_play
            .iter()
            .flat_map(|u| &u.attached)
            .filter(|a| a.face_down)
            .map(|a| a.inst),
    );
    assert_eq!(unseen.len(), 5, "{}", t.transcript());
    for i in unseen {
        let label = engine::transcript::card_label(g, i);
        assert!(t.transcript().contains(&label), "{label}");
        let named = page
            .match_indices(&label)
            .any(|(at, _)| !page[at + label.len()..].starts_with(|c: char| c.is_ascii_digit()));
        assert!(!named, "the computer's {label} is on the page");
    }
    assert!(page.contains("  hand: 2 card(s), hidden"), "{page}");
    assert!(page.contains("  shipyard (2)\n"), "{page}");
    assert!(page.contains("a face-down card #"), "{page}");
    // The person's own hand is named.
    let ada = engine::transcript::card_label(g, g.commanders()[0].hand[0]);
    assert!(page.contains(&ada), "{ada}");
}
