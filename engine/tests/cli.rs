//! `hullbreach` end to end: the binary plays the bundled starter decks, reproduces a game from
//! its seed byte for byte, refuses an illegal deck, and prints a ruling's transcript exactly as
//! the ruling suite snapshots it. Its pool is a card database (`--db`, default
//! `hullbreach.hbdb` in the current directory, refused when missing, stale or of an old format)
//! or a card directory (`--cards`).

mod support;
use support::{copy_dir, hullbreach, hullbreach_in, repo, text, Scratch};

use std::path::Path;
use std::process::Output;

/// What `cardc build DIR -o OUT` writes: the compiled pool stamped with its card files.
fn build_db(dir: &Path, out: &Path) {
    let files = cardlang::source::read_pool(dir).expect("pool readable");
    let compiled = cardlang::compile(&files);
    assert!(!compiled.has_errors());
    let stamp = cardlang::compile::source_stamp(dir).expect("stamp");
    engine::CardDb::new(compiled.cards)
        .and_then(|db| db.with_sources(stamp))
        .and_then(|db| db.save(out))
        .expect("database written");
}

#[test]
fn plays_starter_decks_deterministically() {
    let args = [
        "play",
        "--deck",
        "rdf-starter",
        "--deck",
        "colonial-starter",
        "--seed",
        "11",
    ];
    let a = hullbreach(&args);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let log = text(&a.stdout);
    assert!(
        log.starts_with("[§4.1] game of 2 commanders starts (seed 11)"),
        "{log}"
    );
    let last = log.lines().last().unwrap_or_default();
    assert!(
        last.contains("wins") || last.contains("turn limit"),
        "a game ends in a victory or at the turn limit: {last}"
    );
    let b = hullbreach(&args);
    assert_eq!(
        a.stdout, b.stdout,
        "same seed, same decisions, same transcript"
    );
    let other = hullbreach(&[
        "play",
        "--deck",
        "rdf-starter",
        "--deck",
        "colonial-starter",
        "--seed",
        "12",
    ]);
    assert_ne!(a.stdout, other.stdout, "the seed drives the game");
}

#[test]
fn random_players_play_too() {
    let out = hullbreach(&[
        "play",
        "--deck",
        "corporate-starter",
        "--deck",
        "rdf-starter",
        "--seed",
        "5",
        "--player",
        "random",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("[§5.2] turn 1:"));
}

#[test]
fn refuses_an_illegal_deck() {
    let scratch = Scratch::new("illegal");
    let deck = scratch.path().join("short.txt");
    std::fs::write(&deck, "54 Zephyr Fighter Wing\n").expect("write deck");
    let out = hullbreach(&[
        "play",
        "--deck",
        deck.to_str().expect("utf-8 path"),
        "--deck",
        "rdf-starter",
    ]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("is not a legal deck"), "{err}");
    assert!(err.contains("(§2.1.3)"), "{err}");
    assert!(out.stdout.is_empty(), "nothing is played");
}

#[test]
fn ruling_output_is_the_snapshot() {
    let out = hullbreach_in(
        &repo(),
        &[
            "ruling",
            "tests/rulings/combat-griffin-volley.ruling",
            "--cards",
            "tests/rulings/pool",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let snap =
        std::fs::read_to_string(repo().join("tests/rulings/rulings@combat-griffin-volley.snap"))
            .expect("snapshot exists");
    let body = snap.splitn(3, "---\n").nth(2).expect("snapshot body");
    assert_eq!(text(&out.stdout).trim_end(), body.trim_end());
}

/// `hullbreach sweep`: a deterministic report, each game replayable alone by its index, and a
/// clear error for a bad commander range.
#[test]
fn sweep_reports_deterministically_and_replays_one_game() {
    let args = [
        "sweep",
        "--games",
        "4",
        "--seed",
        "3",
        "--commanders",
        "2..4",
        "--turns",
        "8",
        "--feature",
        "tests/rulings/pool/eliminations.hb",
    ];
    let a = hullbreach(&args);
    assert!(a.status.success(), "{}{}", text(&a.stdout), text(&a.stderr));
    let report = text(&a.stdout);
    assert!(report.starts_with("4 games ("), "{report}");
    assert!(report.contains("\nviolations: 0\n"), "{report}");
    assert_eq!(a.stdout, hullbreach(&args).stdout, "same seed, same report");
    let mut one = args.to_vec();
    one.extend(["--game", "2", "--log"]);
    let g = hullbreach(&one);
    assert!(g.status.success(), "{}", text(&g.stderr));
    let log = text(&g.stdout);
    assert!(log.starts_with("[§4.1] game of "), "{log}");
    assert!(
        log.contains("\ngame 2: seed ") && log.ends_with("no violation\n"),
        "{log}"
    );
    let bad = hullbreach(&["sweep", "--commanders", "1..7"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(text(&bad.stderr).contains("--commanders takes N or MIN..MAX"));
}

const STARTERS: [&str; 4] = ["play", "--deck", "rdf-starter", "--deck"];

#[test]
fn reads_the_database_in_the_current_directory_by_default() {
    let scratch = Scratch::new("db");
    let cards = scratch.path().join("cards");
    copy_dir(&repo().join("cards"), &cards);
    build_db(&cards, &scratch.path().join("hullbreach.hbdb"));
    let mut args = STARTERS.to_vec();
    args.extend(["colonial-starter", "--seed", "3"]);
    // Bare deck names are found under the card directory the database was built from.
    let from_db = hullbreach_in(scratch.path(), &args);
    assert!(from_db.status.success(), "{}", text(&from_db.stderr));
    let from_cards = hullbreach(&args);
    assert!(from_cards.status.success(), "{}", text(&from_cards.stderr));
    assert_eq!(from_db.stdout, from_cards.stdout, "same pool, same game");

    // `--db FILE` names it from anywhere.
    let db = scratch.path().join("hullbreach.hbdb");
    let mut named = vec!["--db", db.to_str().expect("utf-8")];
    named.extend_from_slice(&args);
    let out = hullbreach_in(&repo().join("docs"), &named);
    assert_eq!(out.stdout, from_cards.stdout, "{}", text(&out.stderr));
}

#[test]
fn a_missing_database_names_cardc_build() {
    let scratch = Scratch::new("missing");
    let mut args = STARTERS.to_vec();
    args.push("colonial-starter");
    let out = hullbreach_in(scratch.path(), &args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a missing database exits 2, as in cardc"
    );
    let err = text(&out.stderr);
    assert!(err.contains("no card database `hullbreach.hbdb`"), "{err}");
    assert!(err.contains("`cardc build`"), "{err}");
    assert!(out.stdout.is_empty());

    let out = hullbreach_in(
        scratch.path(),
        &["--db", "other.hbdb", "ruling", "x.ruling"],
    );
    assert!(text(&out.stderr).contains("no card database `other.hbdb`"));
    let out = hullbreach_in(
        scratch.path(),
        &["--db", "a", "--cards", "b", "ruling", "x"],
    );
    assert!(!out.status.success(), "--db and --cards conflict");
}

#[test]
fn a_database_older_than_its_card_files_is_refused() {
    let scratch = Scratch::new("stale");
    let cards = scratch.path().join("cards");
    copy_dir(&repo().join("cards"), &cards);
    build_db(&cards, &scratch.path().join("hullbreach.hbdb"));
    let card = cards.join("neutral/stockpiles.hb");
    let mut source = std::fs::read_to_string(&card).expect("card file");
    source.push_str("\n# edited after the build\n");
    std::fs::write(&card, source).expect("edit");
    let mut args = STARTERS.to_vec();
    args.push("colonial-starter");
    let out = hullbreach_in(scratch.path(), &args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a stale database exits 2, as in cardc"
    );
    let err = text(&out.stderr);
    assert!(err.contains("is older than the card files in"), "{err}");
    assert!(err.contains("run `cardc build"), "{err}");
    assert!(out.stdout.is_empty());
    // The card directory itself still works.
    let mut cards_args = vec!["--cards", "cards"];
    cards_args.extend_from_slice(&args);
    assert!(hullbreach_in(scratch.path(), &cards_args).status.success());
}

#[test]
fn a_database_of_an_older_format_is_refused() {
    let scratch = Scratch::new("old-format");
    let db = scratch.path().join("hullbreach.hbdb");
    build_db(&repo().join("cards"), &db);
    let mut bytes = std::fs::read(&db).expect("written");
    // Bytes 8..12: the format version (docs/database.md); 1 is the format before sources.
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(&db, bytes).expect("write");
    let out = hullbreach_in(
        scratch.path(),
        &["play", "--deck", "x.txt", "--deck", "y.txt"],
    );
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("format version 1"), "{err}");
    assert!(err.contains("rebuild it with `cardc build`"), "{err}");
}

#[test]
fn odds_prints_the_exact_distribution_without_a_pool() {
    // No `--cards`: the odds need no card pool, so this runs from an empty directory.
    let dir = Scratch::new("odds");
    let out = hullbreach_in(
        &dir.0,
        &["odds", "--dice", "6", "--defense", "7", "--wounds", "3"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    // 0.6^6 = 4.6656% of volleys miss with every die; the rest is the convolution.
    assert!(s.contains("    0    4.666%"), "{s}");
    assert!(
        s.contains("chance to destroy (3 wound(s) left): 45.568%"),
        "{s}"
    );
    let bad = hullbreach_in(&dir.0, &["odds", "--dice", "40", "--defense", "7"]);
    assert_eq!(bad.status.code(), Some(2), "a usage error");
    assert!(
        text(&bad.stderr).contains("40 is not in 1..=30"),
        "{}",
        text(&bad.stderr)
    );
}

/// Issue #39: in human output a file-level error names its file. A broken `--feature` card
/// file was reported as "the card pool in cards has 1 error(s)", never naming the file; a
/// missing decklist, an unwritable output and a database that does not load name theirs.
#[test]
fn file_level_errors_name_the_file() {
    let dir = Scratch::new("named");
    // A card file that does not compile is wrong input (1); a file that cannot be read or
    // written, or a database that does not load, means the command could not run (2, as in
    // cardc; docs/cli.md).
    let says_with = |out: Output, code: i32, what: &str| {
        let e = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{e}");
        assert!(e.contains(what), "{e}");
    };
    let says = |out: Output, what: &str| says_with(out, 1, what);
    let cannot = |out: Output, what: &str| says_with(out, 2, what);
    let broken = dir.path().join("broken-feature.hb");
    std::fs::write(&broken, "card \"Half a Card\" {\n  cost 1R\n").expect("write");
    let broken = broken.to_string_lossy().into_owned();
    // Shown as `cardc check` shows it (issue #43): the diagnostic at the file's line and
    // column, with its code, and a summary naming the file.
    let out = hullbreach(&["sweep", "--games", "1", "--feature", &broken]);
    let e = text(&out.stderr);
    assert!(e.contains("HB0005"), "{e}");
    says(out, &format!("[{broken}:1:20]"));
    cannot(
        hullbreach(&["play", "--deck", "no-such-deck", "--deck", "rdf-starter"]),
        "cards/decks/no-such-deck.txt: no such file",
    );
    let nowhere = dir.path().join("missing").join("moment.ruling");
    let nowhere = nowhere.to_string_lossy().into_owned();
    cannot(
        hullbreach(&[
            "sweep",
            "--game",
            "0",
            "--commanders",
            "2",
            "--to-ruling",
            "--at",
            "1",
            "--out",
            &nowhere,
        ]),
        &format!("{}", dir.path().join("missing").display()),
    );
    let junk = dir.path().join("junk.hbdb");
    std::fs::write(&junk, b"not a database").expect("write");
    cannot(
        hullbreach_in(
            &repo(),
            &[
                "--db",
                &junk.to_string_lossy(),
                "play",
                "--deck",
                "a",
                "--deck",
                "b",
            ],
        ),
        &format!("cannot load the card database `{}`", junk.display()),
    );
}

#[path = "../../cardc/tests/support/help.rs"]
mod help;

/// Issue #43: every flag and argument of every subcommand says what it is.
#[test]
fn every_argument_has_a_description() {
    let missing = help::undescribed(Path::new(env!("CARGO_BIN_EXE_hullbreach")), "hullbreach");
    assert!(
        missing.is_empty(),
        "without a description:\n{}",
        missing.join("\n")
    );
}

/// Issue #43: `hullbreach --version` as `cardc --version`; a usage error of `odds` exits 2 as
/// every other usage error does.
#[test]
fn version_and_usage_errors() {
    let out = hullbreach_in(&repo(), &["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!("hullbreach {}\n", env!("CARGO_PKG_VERSION"))
    );
    let out = hullbreach_in(&repo(), &["odds", "--dice", "0", "--defense", "7"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// Issue #43: `odds` reads no card pool, so its help offers no pool flags and refuses them
/// rather than ignoring them.
#[test]
fn odds_offers_and_takes_no_pool_flags() {
    let help = hullbreach_in(&repo(), &["odds", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    let help = text(&help.stdout);
    assert!(
        !help.contains("--db") && !help.contains("--cards"),
        "{help}"
    );
    let out = hullbreach_in(
        &repo(),
        &["--cards", "cards", "odds", "--dice", "2", "--defense", "5"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("odds reads no card pool"));
}

/// Issue #43: `hand: -` (and `shipyard: -`, `scrapheap: -`) is an empty list, as `-` is in the
/// board's other list keys, not a card named `-`.
#[test]
fn a_dash_is_an_empty_hand() {
    let scratch = Scratch::new("dash-hand");
    let file = scratch.path().join("empty-hand.ruling");
    std::fs::write(
        &file,
        "title: an empty hand\nphase: manufacturing\n\ncommander Ada\n  hand: -\n  \
         shipyard: -\n  in play:\n    Test Station\n\ncommander Bob\n  in play:\n    \
         Test Station\n",
    )
    .expect("write");
    let pool = repo().join("tests/rulings/pool");
    let out = hullbreach_in(
        scratch.path(),
        &[
            "--cards",
            pool.to_str().expect("utf-8"),
            "ruling",
            file.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("== board =="),
        "{}",
        text(&out.stdout)
    );
}

/// Issue #43: a ruling's unknown card is "not in the pool" — the pool is a database or a
/// `--cards` directory — with the nearest name as a suggestion.
#[test]
fn an_unknown_card_is_not_in_the_pool() {
    let scratch = Scratch::new("unknown-card");
    let file = scratch.path().join("misspelt.ruling");
    std::fs::write(
        &file,
        "title: a misspelt station\nphase: manufacturing\n\ncommander Ada\n  in play:\n    \
         Test Statoin\n\ncommander Bob\n  in play:\n    Test Station\n",
    )
    .expect("write");
    let pool = repo().join("tests/rulings/pool");
    let out = hullbreach_in(
        scratch.path(),
        &[
            "--cards",
            pool.to_str().expect("utf-8"),
            "ruling",
            file.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    // A diagnostic as `cardc` draws one (issue #43): code, file:line:column, the line, help.
    for shown in [
        "HB0805",
        "× no card named `Test Statoin` in the pool",
        "misspelt.ruling:6:5]",
        "Test Statoin",
        "not in the pool",
        "help: did you mean `Test Station`?",
    ] {
        assert!(err.contains(shown), "{shown}: {err}");
    }
}
