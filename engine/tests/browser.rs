//! The workbench in a real browser (issue #45): headless Chromium driven over WebDriver
//! (`chromedriver`, started here on a free port) against `hullbreach serve` on a scratch
//! folder. A person plays a whole game by clicking; a moment is saved as a ruling that
//! `hullbreach ruling` runs to the page's position; a ruling is opened and stepped through; a
//! simulation's game is replayed. With `UPDATE_SCREENSHOTS=1` the pages are photographed into
//! `docs/workbench/` for docs/workbench.md.
//!
//! Chromium and chromedriver are Debian's `chromium` and `chromium-driver` (`.ci/run` installs
//! them). Without them the tests say so and pass, unless `CI` is set: then they fail.

mod support;
use support::{
    copy_dir, first_choice_made, hullbreach_in, last_line_played, repo, ruling_position, text,
    Scratch,
};

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// One browser at a time: the machine's cores are few and Chromium is large.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Whether Chromium is here; without it a test is skipped, or fails under CI.
fn browser_present(test: &str) -> bool {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{test}: {CHROMIUM} or {CHROMEDRIVER} is missing and CI is set: install Debian's \
         chromium and chromium-driver (.ci/run does)"
    );
    eprintln!(
        "{test}: skipped: {CHROMIUM} or {CHROMEDRIVER} is missing (apt-get install chromium \
         chromium-driver); with CI set this fails"
    );
    false
}

/// A child process killed when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// `hullbreach --cards <repo>/cards serve --port 0 FOLDER`, and the address it prints.
fn serve(folder: &Path) -> (Running, String) {
    serve_with(folder, &repo().join("cards"))
}

/// `hullbreach --cards CARDS serve --port 0 FOLDER`, and the address it prints.
fn serve_with(folder: &Path, cards: &Path) -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hullbreach"))
        .args(["--cards"])
        .arg(cards)
        .args(["serve", "--port", "0"])
        .arg(folder)
        .current_dir(folder)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("hullbreach serve starts");
    let stdout = child.stdout.take().expect("its output");
    let running = Running(child);
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the address line");
    let url = line
        .trim()
        .rsplit(' ')
        .next()
        .expect("an address")
        .trim_end_matches('/')
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{line}");
    (running, url)
}

/// chromedriver on a free port, and a headless Chromium session through it with a fresh
/// profile and none of Chromium's background connections (the network here is closed).
async fn browser(profile: &Path) -> (Running, Client) {
    let port = free_port();
    let driver = Running(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,1000",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let mut last = None;
    // chromedriver takes a moment to listen: a few tries, each a refused connection.
    for _ in 0..100 {
        match ClientBuilder::new(connector.clone())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => return (driver, c),
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no WebDriver session: {last:?}");
}

/// A scratch folder to serve: the starter decks under `decks/`, some rulings under `rulings/`.
fn folder(name: &str) -> Scratch {
    let s = Scratch::new(name);
    copy_dir(&repo().join("cards/decks"), &s.path().join("decks"));
    s
}

fn screenshots() -> PathBuf {
    repo().join("docs/workbench")
}

/// With `UPDATE_SCREENSHOTS=1`, the page as it looks now into `docs/workbench/NAME` (the docs'
/// pictures; a run without it leaves the repository as it was).
async fn screenshot(c: &Client, name: &str) {
    if std::env::var_os("UPDATE_SCREENSHOTS").is_none() {
        return;
    }
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::create_dir_all(screenshots()).expect("docs/workbench");
    cardlang::write::write_atomic(&screenshots().join(name), &png).expect("written");
}

async fn text_of(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"))
        .text()
        .await
        .expect("its text")
}

/// Starts a game on the Play page: `seats` typed into the seat fields, `seed` the seed.
async fn start_game(c: &Client, url: &str, seats: &[&str], seed: &str) {
    c.goto(&format!("{url}/play")).await.expect("the Play page");
    for (k, seat) in seats.iter().enumerate() {
        let field = c
            .find(Locator::Id(&format!("seat-{}", k + 1)))
            .await
            .expect("a seat field");
        field.clear().await.expect("cleared");
        field.send_keys(seat).await.expect("typed");
    }
    let s = c.find(Locator::Id("seed")).await.expect("the seed");
    s.clear().await.expect("cleared");
    s.send_keys(seed).await.expect("typed");
    click_through(c, "start-game").await;
    c.wait()
        .for_element(Locator::Id("status"))
        .await
        .expect("a table");
}

/// The buttons of the person's choices now, as their words.
async fn choice_words(c: &Client) -> Vec<String> {
    let mut words = Vec::new();
    for b in c
        .find_all(Locator::Css("#choices button"))
        .await
        .expect("the choices")
    {
        words.push(b.text().await.expect("its words"));
    }
    words
}

/// Clicks the element `id` and waits for the page it leads to: the old page's root element is
/// gone (stale) before the new page is read.
async fn click_through(c: &Client, id: &str) {
    let old = c.find(Locator::Css("html")).await.expect("the page");
    c.find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"))
        .click()
        .await
        .expect("clicked");
    for _ in 0..600 {
        if old.tag_name().await.is_err() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    c.wait()
        .for_element(Locator::Id("main"))
        .await
        .expect("the next page");
}

/// Clicks the link `css` finds and waits for the element `landing` of the page it opens.
async fn follow(c: &Client, css: &str, landing: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .expect("clicked");
    c.wait()
        .for_element(Locator::Id(landing))
        .await
        .unwrap_or_else(|e| panic!("#{landing} after following {css}: {e}"));
}

async fn click_choice(c: &Client, k: usize) {
    click_through(c, &format!("choice-{}", k + 1)).await;
    c.wait()
        .for_element(Locator::Id("status"))
        .await
        .expect("the table again");
}

fn run<F: std::future::Future<Output = ()>>(f: F) {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(f);
}

#[test]
fn a_person_plays_a_whole_game_by_clicking() {
    if !browser_present("a_person_plays_a_whole_game_by_clicking") {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = folder("browser-play");
    let (_server, url) = serve(dir.path());
    run(async {
        let (_driver, c) = browser(&dir.path().join(".profile")).await;
        c.goto(&format!("{url}/play")).await.expect("the Play page");
        screenshot(&c, "play-start.png").await;
        start_game(&c, &url, &["person", "heuristic"], "3").await;
        let mut clicks = 0;
        loop {
            let words = choice_words(&c).await;
            if words.is_empty() {
                break;
            }
            assert!(clicks < 3000, "the game did not end within 3000 clicks");
            // Every button is worded as a script line of the person's seat.
            assert!(words.iter().all(|w| w.contains(" (1): ")), "{words:?}");
            if clicks == 12 {
                screenshot(&c, "play-table.png").await;
            }
            // Early on the person builds; then they end each step and the game runs out.
            let k = if clicks < 12 {
                clicks * 7 % words.len()
            } else {
                words.len() - 1
            };
            click_choice(&c, k).await;
            clicks += 1;
        }
        let status = text_of(&c, "status").await;
        assert!(status.starts_with("game over"), "{status}");
        let transcript = text_of(&c, "transcript").await;
        assert!(transcript.contains(" (2): "), "the computer seat answered");
        assert!(transcript.trim_end().ends_with(&status));
        screenshot(&c, "play-over.png").await;
        c.close().await.expect("closed");
    });
}

#[test]
fn a_saved_moment_is_a_ruling_that_replays_to_the_page() {
    if !browser_present("a_saved_moment_is_a_ruling_that_replays_to_the_page") {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = folder("browser-save");
    let (_server, url) = serve(dir.path());
    run(async {
        let (_driver, c) = browser(&dir.path().join(".profile")).await;
        start_game(&c, &url, &["person", "heuristic"], "4").await;
        let mut clicked = Vec::new();
        for k in 0..20 {
            let words = choice_words(&c).await;
            if words.is_empty() {
                break;
            }
            clicked.push(k * 7 % words.len());
            click_choice(&c, k * 7 % words.len()).await;
        }
        let buttons = choice_words(&c).await;
        assert!(!buttons.is_empty(), "the game goes on");
        let field = c.find(Locator::Id("save-name")).await.expect("the name");
        field.send_keys("my-moment").await.expect("typed");
        click_through(&c, "save-button").await;
        let notice = text_of(&c, "notice").await;
        assert_eq!(notice, "this moment was saved as my-moment.ruling");
        screenshot(&c, "play-saved.png").await;
        // The same name again is refused: nothing is replaced.
        let saved = dir.path().join("my-moment.ruling");
        let first = std::fs::read(&saved).expect("the saved ruling");
        let field = c.find(Locator::Id("save-name")).await.expect("the name");
        field.send_keys("my-moment.ruling").await.expect("typed");
        click_through(&c, "save-button").await;
        let again = text_of(&c, "notice").await;
        assert!(again.contains("already exists"), "{again}");
        let field = c.find(Locator::Id("save-name")).await.expect("the name");
        field.send_keys("../escape").await.expect("typed");
        click_through(&c, "save-button").await;
        let outside = text_of(&c, "notice").await;
        assert!(outside.contains("no `/`, no `..`"), "{outside}");
        assert!(!dir.path().join("../escape.ruling").exists());
        assert_eq!(std::fs::read(&saved).expect("still there"), first);

        // The page's game followed in the library: the same decks, seats, seed and clicks make
        // the same table, which writes the very file the page saved (so the page's state is
        // the table's, field by field: the writer writes and checks the whole state).
        let mut t = mirror(&c, &clicked).await;
        assert_eq!(t.choices(), buttons, "the library's table is the page's");
        let w = t.save_as_ruling().expect("a ruling");
        assert_eq!(
            w.text.as_bytes(),
            first.as_slice(),
            "the page saved the table's moment"
        );
        // `hullbreach ruling` runs the file to the page's position: the whole final board and
        // every legal choice, line for line, in the ruling's names (commanders renamed, cards
        // renumbered: `Written::translate`); the choices are the page's buttons.
        let last = ruling_position(&ruling_of(dir.path(), "my-moment.ruling"));
        assert_eq!(last, w.translate(&t.position()));
        let listed: Vec<&str> = last
            .lines()
            .skip_while(|l| !l.starts_with("legal choices"))
            .skip(1)
            .map(str::trim)
            .collect();
        let ours: Vec<String> = buttons.iter().map(|b| w.translate(b)).collect();
        assert_eq!(listed, ours);
        // One more choice, the same on both sides: a button on the page, a line appended to
        // the ruling's script; a deployment if there is one (no dice, which the ruling would
        // roll from its own seed).
        let k = buttons
            .iter()
            .position(|b| {
                b.split_once(": ")
                    .is_some_and(|(_, a)| a.starts_with("deploy "))
            })
            .unwrap_or(buttons.len() - 1);
        let from = t.transcript().len();
        click_choice(&c, k).await;
        t.choose(t.moves(), k, &buttons[k])
            .expect("a listed choice");
        assert_eq!(
            choice_words(&c).await,
            t.choices(),
            "the page is the table again"
        );
        let made = first_choice_made(&t.transcript()[from..]);
        let mut more = w.text.clone();
        if !more.contains("\nscript:\n") {
            more.push_str("\nscript:\n");
        }
        more.push_str(&format!("  {}\n", w.translate(&buttons[k])));
        std::fs::write(dir.path().join("one-more.ruling"), more).expect("written");
        assert_eq!(
            last_line_played(&ruling_of(dir.path(), "one-more.ruling")),
            w.translate(&made)
        );
        c.close().await.expect("closed");
    });
}

/// `hullbreach ruling FILE --choices` in `dir`, over the bundled pool: what it prints.
fn ruling_of(dir: &Path, file: &str) -> String {
    let out = hullbreach_in(
        dir,
        &[
            "--cards",
            &repo().join("cards").display().to_string(),
            "ruling",
            file,
            "--choices",
        ],
    );
    let printed = text(&out.stdout);
    assert!(out.status.success(), "{printed}{}", text(&out.stderr));
    printed
}

/// The page's game as a library table: its decks and seed from the transcript's first line
/// (`game: A vs B, seed N`), a person against the heuristic, and the person's `clicked`
/// choices (by their place in the list) made again.
async fn mirror(c: &Client, clicked: &[usize]) -> engine::table::Table {
    use engine::table::{load_deck, Seat, Table};
    let transcript = text_of(c, "transcript").await;
    let heading = transcript.lines().next().unwrap_or_default();
    let (decks, seed) = heading
        .strip_prefix("game: ")
        .and_then(|h| h.split_once(", seed "))
        .unwrap_or_else(|| panic!("a game from decks: {heading}"));
    let files = cardlang::source::read_pool(&repo().join("cards")).expect("the pool");
    let db = std::sync::Arc::new(engine::CardDb::new(cardlang::compile(&files).cards).unwrap());
    let decks = decks
        .split(" vs ")
        .map(|n| {
            let path = repo().join("cards/decks").join(format!("{n}.txt"));
            (n.to_string(), load_deck(&db, &path).expect("a deck"))
        })
        .collect();
    let seats = vec![
        Seat::Person,
        Seat::Computer(engine::sweep::PlayerKind::Heuristic),
    ];
    let mut t = Table::from_decks(db, decks, seats, seed.parse().expect("a seed")).unwrap();
    for &k in clicked {
        let choices = t.choices();
        t.choose(t.moves(), k, &choices[k])
            .expect("a listed choice");
    }
    t
}

/// Two tabs, two games: a choice in one leaves the other as it was.
#[test]
fn games_in_two_tabs_are_their_own() {
    if !browser_present("games_in_two_tabs_are_their_own") {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = folder("browser-tabs");
    let (_server, url) = serve(dir.path());
    run(async {
        let (_driver, c) = browser(&dir.path().join(".profile")).await;
        start_game(&c, &url, &["person", "heuristic"], "5").await;
        let first = c.current_url().await.expect("its address");
        let first_transcript = text_of(&c, "transcript").await;
        let tab = c.new_window(true).await.expect("a tab");
        c.switch_to_window(tab.handle).await.expect("switched");
        start_game(&c, &url, &["person", "heuristic"], "5").await;
        let second = c.current_url().await.expect("its address");
        assert_ne!(first, second, "each game has its own address");
        click_choice(&c, 0).await;
        assert_ne!(text_of(&c, "transcript").await, first_transcript);
        c.goto(first.as_str()).await.expect("the first game");
        assert_eq!(text_of(&c, "transcript").await, first_transcript);
        c.close().await.expect("closed");
    });
}

/// The value of attribute `name` of the element `id`.
async fn attr(c: &Client, id: &str, name: &str) -> String {
    c.find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"))
        .attr(name)
        .await
        .expect("its attribute")
        .unwrap_or_else(|| panic!("#{id} has no {name}"))
}

/// Steps forward with the page's link until its last step, checking each step is the next one
/// and that the board changes along the way; returns the steps taken.
async fn step_to_the_end(c: &Client) -> usize {
    let steps: usize = attr(c, "step-now", "data-steps")
        .await
        .parse()
        .expect("a number");
    assert!(steps > 0, "there is something to step through");
    let first_board = text_of(c, "board").await;
    let mut boards_differ = false;
    for k in 1..=steps {
        click_through(c, "step-forward").await;
        let now: usize = attr(c, "step-now", "data-step")
            .await
            .parse()
            .expect("a number");
        assert_eq!(now, k);
        boards_differ |= text_of(c, "board").await != first_board;
    }
    assert!(boards_differ, "the board follows the steps");
    assert!(
        c.find(Locator::Id("step-forward")).await.is_err(),
        "no step after the last"
    );
    click_through(c, "step-back").await;
    let back: usize = attr(c, "step-now", "data-step")
        .await
        .parse()
        .expect("a number");
    assert_eq!(back, steps - 1);
    steps
}

#[test]
fn a_ruling_is_opened_and_stepped_through() {
    if !browser_present("a_ruling_is_opened_and_stepped_through") {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = folder("browser-ruling");
    std::fs::copy(
        repo().join("tests/rulings/abilities-costs.ruling"),
        dir.path().join("abilities-costs.ruling"),
    )
    .expect("a ruling");
    // The ruling's own pool: its test cards.
    let (_server, url) = serve_with(dir.path(), &repo().join("tests/rulings/pool"));
    run(async {
        let (_driver, c) = browser(&dir.path().join(".profile")).await;
        c.goto(&format!("{url}/rulings")).await.expect("the list");
        c.find(Locator::Css(
            "#rulings li[data-file='abilities-costs.ruling'] a",
        ))
        .await
        .expect("the ruling's link")
        .click()
        .await
        .expect("clicked");
        c.wait()
            .for_element(Locator::Id("ruling-title"))
            .await
            .expect("the ruling");
        screenshot(&c, "ruling-start.png").await;
        let steps = step_to_the_end(&c).await;
        assert_eq!(steps, 7, "one step per script line");
        screenshot(&c, "ruling-step.png").await;
        c.close().await.expect("closed");
    });
}

#[test]
fn a_simulated_game_is_replayed_step_by_step() {
    if !browser_present("a_simulated_game_is_replayed_step_by_step") {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = folder("browser-sim");
    let games = dir.path().join("games.jsonl");
    support::simulated(
        &games.display().to_string(),
        &[
            "--deck",
            "rdf-starter",
            "--deck",
            "colonial-starter",
            "--games",
            "2",
            "--turns",
            "4",
        ],
    );
    let (_server, url) = serve(dir.path());
    run(async {
        let (_driver, c) = browser(&dir.path().join(".profile")).await;
        c.goto(&format!("{url}/sims")).await.expect("the list");
        follow(&c, "#sims li a", "sim-report").await;
        screenshot(&c, "sim-report.png").await;
        follow(&c, "#sim-games a[data-game='1']", "game-title").await;
        assert!(
            c.find(Locator::Id("game-differs")).await.is_err(),
            "the replay is the recorded game"
        );
        step_to_the_end(&c).await;
        screenshot(&c, "sim-game.png").await;
        c.close().await.expect("closed");
    });
}

/// Issue #45: an A/B simulation in the browser: the report says what was swapped, the swapped
/// side of a game is a link like any other, its page says which side and what was swapped,
/// steps to its end, and links to its base twin.
#[test]
fn the_swapped_side_of_an_ab_game_is_stepped_through() {
    if !browser_present("the_swapped_side_of_an_ab_game_is_stepped_through") {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = folder("browser-sim-ab");
    let games = dir.path().join("ab.jsonl");
    support::simulated(
        &games.display().to_string(),
        &[
            "--deck",
            "rdf-starter",
            "--deck",
            "colonial-starter",
            "--games",
            "2",
            "--turns",
            "4",
            "--swap",
            "Merlin-class Frigate=Griffin-class Battleship",
        ],
    );
    let (_server, url) = serve(dir.path());
    run(async {
        let (_driver, c) = browser(&dir.path().join(".profile")).await;
        c.goto(&format!("{url}/sim?file=ab.jsonl"))
            .await
            .expect("the run");
        let report = text_of(&c, "sim-report").await;
        assert!(
            report.contains(
                "A/B: every `Merlin-class Frigate` replaced by `Griffin-class Battleship`"
            ),
            "{report}"
        );
        follow(
            &c,
            "#sim-games a[data-game='1'][data-side='swapped']",
            "game-title",
        )
        .await;
        let title = text_of(&c, "game-title").await;
        assert!(
            title.starts_with("Game 1, the swapped side (every `Merlin-class Frigate` replaced by `Griffin-class Battleship`)"),
            "{title}"
        );
        assert!(
            c.find(Locator::Id("game-differs")).await.is_err(),
            "the replay is the recorded game"
        );
        step_to_the_end(&c).await;
        screenshot(&c, "sim-swapped.png").await;
        click_through(&c, "game-twin").await;
        let title = text_of(&c, "game-title").await;
        assert!(title.starts_with("Game 1, the base side"), "{title}");
        c.close().await.expect("closed");
    });
}
