//! End-to-end tests of the `cardc` binary: exit codes (0 success, 1 pool/deck errors, 2 usage
//! or IO errors), output formats, and the database round trip.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cardlang::db::CardDb;
use cardlang::source::read_pool;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `cardc` in `cwd` (the repository root unless given) with colour off.
fn cardc_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(cwd)
        .env_remove("NO_COLOR")
        .output()
        .expect("cardc runs")
}

fn cardc(args: &[&str]) -> Output {
    cardc_in(&repo(), args)
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited, not killed")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A scratch directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("cardc-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let path = entry.expect("entry").path();
        let target = to.join(path.file_name().expect("name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy");
        }
    }
}

fn fresh_compile(dir: &Path) -> CardDb {
    let files = read_pool(dir).expect("pool readable");
    let compiled = cardlang::compile(&files);
    assert!(!compiled.has_errors());
    CardDb::new(compiled.cards).expect("valid database")
}

#[test]
fn build_writes_a_database_equal_to_a_fresh_compile() {
    let scratch = Scratch::new("build");
    let out_file = scratch.path().join("pool.hbdb");
    let cards = repo().join("cards");
    let out = cardc(&[
        "build",
        cards.to_str().expect("utf-8 path"),
        "-o",
        out_file.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(!stderr(&out).contains("error"), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Station"), "{text}");
    assert!(text.contains("rdf-starter.txt: legal, 55 cards"), "{text}");
    assert!(text.contains("wrote"), "{text}");

    let loaded = CardDb::load(&out_file).expect("database loads");
    let fresh = fresh_compile(&cards);
    assert_eq!(loaded.cards(), fresh.cards());
    // It records the card directory it was built from, so readers notice when that changes.
    let stamp = loaded.sources().expect("source stamp");
    let canonical = std::fs::canonicalize(&cards).expect("canonical");
    assert_eq!(Path::new(&stamp.dir), canonical);
    assert_eq!(
        Some(stamp),
        cardlang::compile::source_stamp(&cards).as_ref(),
        "the stamp is the current sources'"
    );
    let size = std::fs::metadata(&out_file).expect("written").len();
    assert!(text.contains(&format!("({size} bytes)")), "{text}");
}

#[test]
fn build_defaults_to_cards_and_hullbreach_hbdb() {
    let scratch = Scratch::new("defaults");
    copy_dir(&repo().join("cards"), &scratch.path().join("cards"));
    let out = cardc_in(scratch.path(), &["build"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(scratch.path().join("hullbreach.hbdb").is_file());

    // `check` reports the same and writes nothing.
    std::fs::remove_file(scratch.path().join("hullbreach.hbdb")).expect("rm");
    let out = cardc_in(scratch.path(), &["check"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(!scratch.path().join("hullbreach.hbdb").exists());
}

#[test]
fn build_fails_on_an_illegal_bundled_deck_and_writes_nothing() {
    let scratch = Scratch::new("illegal-deck");
    let pool = scratch.path().join("cards");
    copy_dir(&repo().join("cards"), &pool);
    let deck = pool.join("decks/rdf-starter.txt");
    let mut text = std::fs::read_to_string(&deck).expect("deck");
    text.push_str("1 Resource Stockpile\n");
    std::fs::write(&deck, text).expect("write");

    let out = cardc_in(scratch.path(), &["build", "cards", "-o", "db.hbdb"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("HB0704"), "{err}");
    assert!(err.contains("HB0701"), "{err}");
    assert!(err.contains("cards/decks/rdf-starter.txt"), "{err}");
    assert!(!scratch.path().join("db.hbdb").exists());
    assert!(
        !err.contains('\u{1b}'),
        "no colour when stderr is not a terminal"
    );

    let out = cardc_in(scratch.path(), &["check", "cards"]);
    assert_eq!(code(&out), 1);
}

#[test]
fn pool_errors_exit_1() {
    let scratch = Scratch::new("bad-pool");
    std::fs::write(
        scratch.path().join("bad.hb"),
        "Ship \"Broken\" {\n    class: Spaceship\n}\n",
    )
    .expect("write");
    let out = cardc(&["check", scratch.path().to_str().expect("utf-8")]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("bad.hb"), "{}", stderr(&out));
}

/// `cardc check FILE.hb` checks that one card file (issue #43): a good file exits 0 with the
/// summary, a bad one 1 naming its line; a file that is no card file is refused.
#[test]
fn check_takes_one_card_file() {
    let out = cardc(&["check", "cards/rdf/ships.hb"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stdout(&out).contains("compiled 1 card file"),
        "{}",
        stdout(&out)
    );
    let scratch = Scratch::new("one-file");
    let bad = scratch.path().join("bad.hb");
    std::fs::write(&bad, "Ship \"Broken\" {\n    class: Spaceship\n}\n").expect("write");
    let out = cardc(&[
        "--message-format",
        "short",
        "check",
        bad.to_str().expect("utf-8"),
    ]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("bad.hb:2:"), "{}", stderr(&out));
    let out = cardc(&[
        "--message-format",
        "short",
        "check",
        "cards/decks/rdf-starter.txt",
    ]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("a card file ends in `.hb`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn usage_and_io_errors_exit_2() {
    let cases: &[&[&str]] = &[
        &[],
        &["frobnicate"],
        &["build", "no/such/dir"],
        &["build", "Cargo.toml"],
        &["deck", "check"],
        &["deck", "check", "--db", "x", "--pool", "y", "deck.txt"],
        &[
            "deck",
            "check",
            "--pool",
            "tests/decks/pool",
            "no/such/deck.txt",
        ],
        &["deck", "check", "--pool", "tests/decks/pool", "tests/decks"],
        &[
            "deck",
            "check",
            "--db",
            "Cargo.toml",
            "tests/decks/legal-55.txt",
        ],
        &[
            "deck",
            "check",
            "--db",
            "no/such.hbdb",
            "tests/decks/legal-55.txt",
        ],
        &["--message-format", "xml", "check"],
    ];
    for args in cases {
        let out = cardc(args);
        assert_eq!(code(&out), 2, "cardc {args:?}: {}", stderr(&out));
        assert!(!stderr(&out).is_empty(), "cardc {args:?} says why");
    }
    assert_eq!(code(&cardc(&["--help"])), 0);
    assert_eq!(code(&cardc(&["deck", "check", "--help"])), 0);
}

#[test]
fn deck_check_exit_codes_and_summary() {
    let out = cardc(&[
        "deck",
        "check",
        "--pool",
        "tests/decks/pool",
        "tests/decks/legal-55.txt",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("tests/decks/legal-55.txt: legal deck"),
        "{text}"
    );
    assert!(text.contains("55 cards"), "{text}");
    assert!(text.contains("cost curve"), "{text}");
    assert!(stderr(&out).is_empty());

    for bad in [
        "size-56.txt",
        "binary.txt",
        "invalid-utf8.txt",
        "count-huge.txt",
        "empty.txt",
    ] {
        let path = format!("tests/decks/{bad}");
        let out = cardc(&["deck", "check", "--pool", "tests/decks/pool", &path]);
        assert_eq!(code(&out), 1, "{bad}: {}", stderr(&out));
    }

    // Prototypes: illegal unless allowed (§8.8).
    let proto = [
        "deck",
        "check",
        "--pool",
        "tests/decks/pool",
        "tests/decks/prototype.txt",
    ];
    assert_eq!(code(&cardc(&proto)), 1);
    let mut allowed = proto.to_vec();
    allowed.push("--allow-prototypes");
    assert_eq!(code(&cardc(&allowed)), 0);

    // An unreadable file among legal ones: IO wins (2), the legal one is still summarised.
    let out = cardc(&[
        "deck",
        "check",
        "--pool",
        "tests/decks/pool",
        "tests/decks/legal-55.txt",
        "tests/decks/size-54.txt",
        "missing.txt",
    ]);
    assert_eq!(code(&out), 2);
    assert!(stdout(&out).contains("legal-55.txt: legal deck"));
    assert!(stderr(&out).contains("HB0701"));
}

#[test]
fn deck_check_and_explain_read_hullbreach_hbdb_by_default() {
    let scratch = Scratch::new("db");
    copy_dir(&repo().join("cards"), &scratch.path().join("cards"));
    let deck = "cards/decks/rdf-starter.txt";

    // No database yet: the message says how to make one, and nothing is checked.
    for args in [
        &["deck", "check", deck][..],
        &["explain", "Eagle-class Battle Cruiser"],
    ] {
        let out = cardc_in(scratch.path(), args);
        assert_eq!(code(&out), 2, "{args:?}");
        let err = stderr(&out);
        assert!(err.contains("no card database `hullbreach.hbdb`"), "{err}");
        assert!(err.contains("run `cardc build`"), "{err}");
        assert!(stdout(&out).is_empty());
    }

    assert_eq!(code(&cardc_in(scratch.path(), &["build"])), 0);
    let out = cardc_in(scratch.path(), &["deck", "check", deck]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = cardc_in(scratch.path(), &["explain", "Eagle-class Battle Cruiser"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).starts_with("Eagle-class Battle Cruiser\n"));

    // `--db FILE` from elsewhere, several decks.
    let db = scratch.path().join("hullbreach.hbdb");
    let out = cardc(&[
        "deck",
        "check",
        "--db",
        db.to_str().expect("utf-8"),
        "cards/decks/colonial-starter.txt",
        "cards/decks/corporate-starter.txt",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out).matches("legal deck").count(), 2);

    // A card file edited after the build makes the database stale: refused, naming the fix.
    let card = scratch.path().join("cards/neutral/stockpiles.hb");
    let mut text = std::fs::read_to_string(&card).expect("card file");
    text.push_str("\n# edited after the build\n");
    std::fs::write(&card, text).expect("edit");
    let out = cardc_in(scratch.path(), &["deck", "check", deck]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("is older than the card files in"), "{err}");
    assert!(err.contains("run `cardc build"), "{err}");
    // `--cards` compiles the current files instead.
    let out = cardc_in(scratch.path(), &["deck", "check", "--cards", "cards", deck]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

#[test]
fn an_old_format_database_is_refused_with_a_rebuild_message() {
    let scratch = Scratch::new("old-format");
    let db = scratch.path().join("hullbreach.hbdb");
    let mut bytes = fresh_compile(&repo().join("tests/decks/pool")).to_bytes();
    // Bytes 8..12 hold the format version (docs/database.md); 1 predates the source stamp.
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(&db, bytes).expect("write");
    let out = cardc_in(scratch.path(), &["explain", "Vanguard-class Destroyer"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("format version 1"), "{err}");
    assert!(err.contains("rebuild it with `cardc build`"), "{err}");
}

#[test]
fn binaries_hold_no_build_machine_path() {
    // Sub-modules too (`cardc/src/lsp/`).
    let mut dirs: Vec<PathBuf> = ["cardc/src", "engine/src/bin"]
        .iter()
        .map(|d| repo().join(d))
        .collect();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("sources") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source");
            for baked in ["CARGO_MANIFEST_DIR", "env!("] {
                assert!(!text.contains(baked), "{} uses {baked}", path.display());
            }
        }
    }
}

#[test]
fn json_diagnostics_are_one_object_per_line() {
    let out = cardc(&[
        "--message-format",
        "json",
        "deck",
        "check",
        "--pool",
        "tests/decks/pool",
        "tests/decks/many-violations.txt",
        "no/such/deck.txt",
    ]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    let records: Vec<serde_json::Value> = err
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(records.len(), 15, "{err}");
    for r in &records {
        for key in [
            "code", "severity", "file", "start", "end", "line", "column", "message",
        ] {
            assert!(r.get(key).is_some(), "{key} missing in {r}");
        }
        assert!(r.get("help").is_some(), "help (possibly null) in {r}");
        assert_eq!(r["severity"], "error");
    }
    let first = &records[0];
    assert_eq!(first["code"], "HB0702");
    assert_eq!(first["file"], "tests/decks/many-violations.txt");
    assert_eq!(first["line"], 3);
    assert_eq!(first["column"], 1);
    let unknown = records
        .iter()
        .find(|r| r["code"] == "HB0613")
        .expect("unknown card reported");
    assert_eq!(unknown["help"], "did you mean \"Warden-class Cruiser\"?");
    let last = records.last().expect("io error");
    assert_eq!(last["code"], "HB0001");
    assert_eq!(last["file"], "no/such/deck.txt");
    // A problem with a whole file has no position: null, not line 1.
    assert_eq!(last["line"], serde_json::Value::Null);
    assert_eq!(last["column"], serde_json::Value::Null);
    let count = records
        .iter()
        .find(|r| r["code"] == "HB0701")
        .expect("card count reported");
    assert_eq!(count["line"], serde_json::Value::Null, "{count}");
    // Related spans: the other lines naming the card, each with its own position.
    let split = records
        .iter()
        .find(|r| r["code"] == "HB0706" && r["line"] == 12)
        .expect("split copies reported");
    assert_eq!(split["label"], "this line brings the total to 6");
    let related = split["related"].as_array().expect("related is a list");
    assert_eq!(related.len(), 1, "{split}");
    assert_eq!(related[0]["file"], "tests/decks/many-violations.txt");
    assert_eq!(related[0]["line"], 11);
    assert_eq!(related[0]["column"], 1);
    assert!(related[0]["message"]
        .as_str()
        .is_some_and(|m| m.starts_with("4 copies")));
    assert_eq!(first["related"], serde_json::json!([]));
}

#[test]
fn json_related_spans_cross_files() {
    let scratch = Scratch::new("json-dup");
    let pool = scratch.path().join("pool");
    std::fs::create_dir_all(&pool).expect("mkdir");
    let card = "Event \"Solar Flare\" {\n    cost: 1R\n    text: \"x\"\n}\n";
    std::fs::write(pool.join("a.hb"), card).expect("write");
    std::fs::write(pool.join("b.hb"), format!("\n\n{card}")).expect("write");
    let out = cardc_in(
        scratch.path(),
        &["--message-format", "json", "check", "pool"],
    );
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let err = stderr(&out);
    let dup: serde_json::Value = err
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
        .find(|r| r["code"] == "HB0301")
        .unwrap_or_else(|| panic!("duplicate reported: {err}"));
    assert_eq!(dup["file"], "pool/b.hb");
    assert_eq!(dup["line"], 3);
    assert_eq!(dup["related"][0]["file"], "pool/a.hb");
    assert_eq!(dup["related"][0]["line"], 1);
    assert_eq!(dup["related"][0]["column"], 7);
}

#[test]
fn short_diagnostics_are_one_line_each() {
    let out = cardc(&[
        "--message-format",
        "short",
        "deck",
        "check",
        "--pool",
        "tests/decks/pool",
        "tests/decks/copies-6-split.txt",
    ]);
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines.first().copied(),
        Some(
            "tests/decks/copies-6-split.txt:34:1: error[HB0706]: 6 copies of \"Lancer-class Frigate\", \
             but a deck may hold at most 5 copies of a Ship, Marine or Module (§2.1.1)"
        ),
        "{err}"
    );
}

#[test]
fn hostile_deck_files_never_crash() {
    let scratch = Scratch::new("hostile");
    let big = scratch.path().join("big.txt");
    // 50 MB of one line: refused after reading just over 1 MiB.
    std::fs::write(&big, vec![b'9'; 50 * 1024 * 1024]).expect("write");
    let garbage = scratch.path().join("garbage.txt");
    let bytes: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(&garbage, bytes).expect("write");
    for file in [&big, &garbage] {
        let out = cardc(&[
            "deck",
            "check",
            "--pool",
            "tests/decks/pool",
            file.to_str().expect("utf-8"),
        ]);
        assert_eq!(code(&out), 1, "{}: {}", file.display(), stderr(&out));
    }
}

#[test]
fn explain_prints_a_card_or_suggests_one() {
    let out = cardc(&[
        "explain",
        "--pool",
        "tests/decks/pool",
        "Vanguard-class Destroyer",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("Vanguard-class Destroyer\n"), "{text}");
    assert!(text.contains("RDF only"), "{text}");

    let out = cardc(&[
        "explain",
        "--pool",
        "tests/decks/pool",
        "Vanguard-class Destroyr",
    ]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("HB0902"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("did you mean \"Vanguard-class Destroyer\"?"),
        "{}",
        stderr(&out)
    );
}

/// A pool of good cards plus one file with errors, as `tests/decks/pool` copied under `dir`.
fn pool_with_a_broken_card(dir: &Path) -> PathBuf {
    let pool = dir.join("fleet/pool");
    copy_dir(&repo().join("tests/decks/pool"), &pool);
    std::fs::write(
        pool.join("broken-a.hb"),
        "Ship \"Broken\" {\n    class: Spaceship\n}\n",
    )
    .expect("write");
    pool
}

#[test]
fn diagnostics_name_files_as_the_command_line_gave_them() {
    let scratch = Scratch::new("as-given");
    pool_with_a_broken_card(scratch.path());
    for (given, shown) in [
        ("fleet/pool", "fleet/pool/broken-a.hb"),
        ("fleet/pool/", "fleet/pool/broken-a.hb"),
        ("./fleet/pool", "./fleet/pool/broken-a.hb"),
    ] {
        let out = cardc_in(
            scratch.path(),
            &["--message-format", "short", "check", given],
        );
        assert_eq!(code(&out), 1);
        let err = stderr(&out);
        assert!(
            err.starts_with(&format!("{shown}:1:1: error[")),
            "{given}: {err}"
        );
    }
    let out = cardc_in(&scratch.path().join("fleet"), &["check", "pool"]);
    assert!(
        stderr(&out).contains("pool/broken-a.hb:1:1]"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn explain_a_good_card_of_a_pool_with_errors() {
    let scratch = Scratch::new("explain-broken");
    let pool = pool_with_a_broken_card(scratch.path());
    let pool = pool.to_str().expect("utf-8");
    for flag in ["--pool", "--cards"] {
        let out = cardc(&["explain", flag, pool, "Vanguard-class Destroyer"]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        assert!(stdout(&out).starts_with("Vanguard-class Destroyer\n"));
        // The others are a one-line note, not a refusal or a list of diagnostics.
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("note: 5 errors elsewhere in the card pool"),
            "{err}"
        );
        assert!(err.contains("broken-a.hb"), "{err}");
    }
    // The broken card itself cannot be explained: its errors are shown, exit 1.
    let out = cardc(&["explain", "--pool", pool, "Broken"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("HB0203"), "{err}");
    assert!(err.contains("HB0902"), "{err}");
    // JSON mode keeps every stderr line a record: no note.
    let out = cardc(&[
        "--message-format",
        "json",
        "explain",
        "--pool",
        pool,
        "Vanguard-class Destroyer",
    ]);
    assert_eq!(code(&out), 0);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn one_prototype_diagnostic_per_card_with_every_line() {
    let out = cardc(&[
        "--message-format",
        "json",
        "deck",
        "check",
        "--cards",
        "tests/decks/pool",
        "tests/decks/prototype-split.txt",
    ]);
    assert_eq!(code(&out), 1);
    let records: Vec<serde_json::Value> = stderr(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let prototypes: Vec<&serde_json::Value> =
        records.iter().filter(|r| r["code"] == "HB0710").collect();
    assert_eq!(prototypes.len(), 1, "{records:?}");
    let lines: Vec<&serde_json::Value> = std::iter::once(&prototypes[0]["line"])
        .chain(
            prototypes[0]["related"]
                .as_array()
                .expect("related")
                .iter()
                .map(|r| &r["line"]),
        )
        .collect();
    assert_eq!(lines, [15, 17, 19]);
}

#[path = "support/help.rs"]
mod help;

/// Issue #43: every flag and argument of every subcommand says what it is.
#[test]
fn every_argument_has_a_description() {
    let missing = help::undescribed(Path::new(env!("CARGO_BIN_EXE_cardc")), "cardc");
    assert!(
        missing.is_empty(),
        "without a description:\n{}",
        missing.join("\n")
    );
}

/// Issue #43: `--cards DIR` is a card directory in every command that reads a pool, the same as
/// the positional DIR of `check`, `build` and `render`; `render --names` picks cards by name.
#[test]
fn cards_names_a_card_directory_everywhere() {
    let by_flag = cardc(&["check", "--cards", "tests/rulings/pool"]);
    let by_position = cardc(&["check", "tests/rulings/pool"]);
    assert_eq!(code(&by_flag), 0, "{}", stderr(&by_flag));
    assert_eq!(stdout(&by_flag), stdout(&by_position));
    let both = cardc(&["check", "cards", "--cards", "tests/rulings/pool"]);
    assert_eq!(code(&both), 2, "DIR and --cards conflict");
    let fmt = cardc(&["fmt", "--check", "--cards", "cards"]);
    assert_eq!(code(&fmt), 0, "{}", stderr(&fmt));
    let fmt = cardc(&["fmt", "--check", "--cards", "no/such/dir"]);
    assert_eq!(code(&fmt), 2, "{}", stderr(&fmt));
    let scratch = Scratch::new("render-names");
    let dir = scratch.path().to_str().expect("utf-8");
    let out = cardc(&[
        "render",
        "--cards",
        "tests/rulings/pool",
        "--out-dir",
        dir,
        "--names",
        "Pelican-class Transport",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(scratch.path().join("pelican-class-transport.svg").is_file());
}

/// Issue #43: `lsp` prints no diagnostics on stderr, so its help offers no `--message-format`.
#[test]
fn lsp_help_offers_no_message_format() {
    let out = cardc(&["lsp", "--help"]);
    assert_eq!(code(&out), 0);
    assert!(
        !stdout(&out).contains("--message-format"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&cardc(&["check", "--help"])).contains("--message-format"));
}

/// Issue #43: a flag another subcommand takes is said to be that subcommand's, never given
/// clap's tip to pass it as a value (`to pass '--db' as a value, use '-- --db'`).
#[test]
fn a_misplaced_flag_names_the_subcommands_that_take_it() {
    let out = cardc(&["check", "--db", "hullbreach.hbdb"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(!err.contains("as a value"), "{err}");
    assert!(
        err.contains("`--db` is a flag of `cardc deck check`, `cardc explain`"),
        "{err}"
    );
}
