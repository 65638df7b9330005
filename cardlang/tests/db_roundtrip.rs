//! The card database round-trips: bytes and files, lookups, the summary, and the documented
//! byte layout (docs/database.md).

mod db_common;

use cardlang::db::{CardDb, DbError, FORMAT_VERSION, HEADER_LEN, MAX_FILE_BYTES};
use cardlang::ir::*;
use db_common::*;
use std::path::PathBuf;

fn tmp_dir(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("db_roundtrip-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn sample_covers_every_card_kind_and_trait() {
    let kinds: Vec<CardKind> = sample_cards().iter().map(|c| c.kind).collect();
    let mut expected = vec![
        CardKind::Station,
        CardKind::Module(ModuleKind::Station),
        CardKind::Module(ModuleKind::Ship),
        CardKind::Module(ModuleKind::Marine),
        CardKind::Marine { character: false },
        CardKind::Marine { character: true },
        CardKind::Event,
        CardKind::Tactic,
        CardKind::Breakthru,
        CardKind::Stockpile(StockpileKind::Resource),
        CardKind::Stockpile(StockpileKind::Currency),
    ];
    expected.extend(ShipClass::ALL.map(CardKind::Ship));
    for k in expected {
        assert!(
            kinds.contains(&k),
            "no sample card of kind {}",
            k.type_line()
        );
    }
    let cards = sample_cards();
    for t in TraitName::ALL {
        assert!(
            cards.iter().any(|c| c.has_trait(t)),
            "no sample card with {t}"
        );
    }
}

#[test]
fn bytes_round_trip() {
    let db = sample_db();
    let bytes = db.to_bytes();
    let back = CardDb::from_bytes(&bytes).unwrap();
    assert_eq!(back.cards(), sample_cards().as_slice());
    assert_eq!(back, db);
    assert_eq!(
        back.to_bytes(),
        bytes,
        "re-encoding a loaded database changes nothing"
    );
    assert_eq!(
        back.built_by(),
        format!("cardlang {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn encoding_is_deterministic() {
    assert_eq!(sample_db().to_bytes(), sample_db().to_bytes());
}

#[test]
fn header_matches_the_documented_layout() {
    let bytes = sample_db().to_bytes();
    assert_eq!(&bytes[0..8], b"HBCARDDB");
    assert_eq!(
        u32::from_le_bytes(bytes[8..12].try_into().unwrap()),
        FORMAT_VERSION
    );
    let len = u64::from_le_bytes(bytes[12..20].try_into().unwrap());
    assert_eq!(len as usize, bytes.len() - HEADER_LEN);
    // An independent framing of the same payload gives the same file, checksum included.
    assert_eq!(frame(FORMAT_VERSION, &payload(&bytes)), bytes);
}

#[test]
fn empty_database_round_trips() {
    let db = CardDb::new(vec![]).unwrap();
    assert!(db.is_empty());
    assert_eq!(db.len(), 0);
    let back = CardDb::from_bytes(&db.to_bytes()).unwrap();
    assert!(back.is_empty());
    assert_eq!(back.nearest_name("Griffin"), None);
}

#[test]
fn file_round_trip_and_atomic_overwrite() {
    let dir = tmp_dir("file");
    let path = dir.join("cards.hbdb");
    let db = sample_db();
    db.save(&path).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), db.to_bytes());
    assert_eq!(CardDb::load(&path).unwrap(), db);

    // Overwrite with a smaller database: the file is replaced whole, no temp file remains.
    let small = CardDb::new(sample_cards().into_iter().take(3).collect()).unwrap();
    small.save(&path).unwrap();
    assert_eq!(CardDb::load(&path).unwrap().len(), 3);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["cards.hbdb".to_string()]);
}

#[test]
fn load_reports_io_problems_with_the_path() {
    let dir = tmp_dir("io");
    let missing = dir.join("missing.hbdb");
    let err = CardDb::load(&missing).unwrap_err();
    assert!(matches!(err, DbError::Io { action: "open", .. }), "{err:?}");
    assert!(err.to_string().contains("missing.hbdb"), "{err}");

    let err = CardDb::load(&dir).unwrap_err();
    assert!(
        matches!(
            err,
            DbError::NotRegular {
                what: "a directory",
                ..
            }
        ),
        "{err:?}"
    );

    let err = sample_db()
        .save(dir.join("no-such-dir").join("x.hbdb"))
        .unwrap_err();
    assert!(
        matches!(
            err,
            DbError::Io {
                action: "create a temporary file in",
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn oversized_file_is_rejected_before_reading() {
    let dir = tmp_dir("huge");
    let path = dir.join("huge.hbdb");
    let file = std::fs::File::create(&path).unwrap();
    // Sparse: takes no disk space; the load must refuse it from its metadata alone.
    file.set_len(MAX_FILE_BYTES + 1).unwrap();
    let err = CardDb::load(&path).unwrap_err();
    assert!(
        matches!(err, DbError::TooLarge { len, .. } if len == MAX_FILE_BYTES + 1),
        "{err:?}"
    );
}

#[test]
fn lookups() {
    let db = sample_db();
    assert_eq!(db.len(), 19);
    let griffin = db.by_name("Griffin-class Battleship").unwrap();
    assert_eq!(griffin.kind, CardKind::Ship(ShipClass::Battleship));
    assert_eq!(db.id_of("Griffin-class Battleship"), Some(griffin.id));
    assert_eq!(db.get(griffin.id), Some(griffin));
    assert_eq!(db.get(CardId(19)), None);
    assert_eq!(db.get(CardId(u32::MAX)), None);
    assert_eq!(
        db.by_name("griffin-class battleship"),
        None,
        "lookup is exact"
    );
    assert_eq!(db.id_of("Nope"), None);
    for (i, c) in db.iter().enumerate() {
        assert_eq!(c.id, CardId(i as u32));
        assert_eq!(db.id_of(&c.name), Some(c.id));
    }
    assert_eq!((&db).into_iter().count(), db.cards().len());
}

#[test]
fn nearest_name_suggests_close_names_only() {
    let db = sample_db();
    assert_eq!(
        db.nearest_name("Grifin-class Battleship"),
        Some("Griffin-class Battleship")
    );
    assert_eq!(
        db.nearest_name("griffin-class battleship"),
        Some("Griffin-class Battleship")
    );
    assert_eq!(db.nearest_name("Leviathon"), Some("Leviathan"));
    assert_eq!(db.nearest_name("Flank Manoeuvre"), Some("Flank Maneuver"));
    assert_eq!(db.nearest_name("Totally Different"), None);
    assert_eq!(db.nearest_name(""), None);
    assert_eq!(db.nearest_name(&"x".repeat(100_000)), None);
}

#[test]
fn summary_counts_cards_by_type() {
    let db = sample_db();
    let expected = format!(
        "19 cards (format v{}, {} bytes, built by cardlang {})\n\
         \x20 Station       1\n\
         \x20 Module        3 (Station 1, Ship 1, Marine 1)\n\
         \x20 Ship          8 (Fighter Wing 1, Frigate 1, Destroyer 1, Cruiser 1, Battle Cruiser 1, Transport 1, Battleship 1, Capital Ship 1)\n\
         \x20 Marine        2 (Character 1)\n\
         \x20 Event         1\n\
         \x20 Tactic        1\n\
         \x20 Breakthru     1\n\
         \x20 Stockpile     2 (Resource 1, Currency 1)\n",
        cardlang::db::FORMAT_VERSION,
        db.to_bytes().len(),
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(db.to_string(), expected);
    let one = CardDb::new(sample_cards().into_iter().take(1).collect()).unwrap();
    let head = format!("1 card (format v{}", cardlang::db::FORMAT_VERSION);
    assert!(one.to_string().starts_with(&head), "{one}");
}

// The largest databases the limits allow (by card count and by bytes) are built in
// tests/compiler_loader.rs, next to the compiler's own check of the same limits.

/// Databases from 1 to a few thousand cards load: the decode limit is picked from tiers by
/// payload size, and this crosses several tier boundaries.
#[test]
fn databases_of_many_sizes_round_trip() {
    let mut n = 1;
    while n <= 3000 {
        let cards: Vec<Card> = (0..n)
            .map(|i| {
                let mut c = card(
                    i as u32,
                    &format!("{i}"),
                    CardKind::Ship(ShipClass::Cruiser),
                );
                c.attack = Some(1);
                c.defense = Some(1);
                c.wounds = Some(1);
                c.traits = vec![Trait::Hunter];
                c
            })
            .collect();
        let db = CardDb::new(cards).unwrap();
        let back = CardDb::from_bytes(&db.to_bytes()).unwrap();
        assert_eq!(back.len(), n);
        n = n * 3 / 2 + 1;
    }
}

/// A payload of exactly a decode-limit tier's size loads: bincode counts exactly the bytes it
/// reads against the limit (fixed-width integers), so no valid database trips it.
#[test]
fn payload_exactly_at_a_tier_limit_round_trips() {
    // `n` cards of ~3.9 KB, the first padded by `filler` bytes of text and flavour.
    let build = |n: usize, filler: usize| {
        let cards: Vec<Card> = (0..n)
            .map(|i| {
                let mut c = card(i as u32, &format!("Event {i}"), CardKind::Event);
                if i == 0 {
                    c.text = "x".repeat(filler / 2);
                    c.flavour = "x".repeat(filler - filler / 2);
                } else {
                    c.text = "x".repeat(3900);
                }
                c
            })
            .collect();
        CardDb::new(cards).unwrap()
    };
    let payload_len = |db: &CardDb| db.to_bytes().len() - HEADER_LEN;
    for tier in [64 * 1024usize, 256 * 1024, 1024 * 1024] {
        let mut n = tier / 4000;
        while payload_len(&build(n + 1, 0)) <= tier {
            n += 1;
        }
        let db = build(n, tier - payload_len(&build(n, 0)));
        let bytes = db.to_bytes();
        assert_eq!(bytes.len() - HEADER_LEN, tier);
        assert_eq!(CardDb::from_bytes(&bytes).unwrap(), db);
    }
}

/// The source stamp (format v2) is metadata after the cards: it round-trips, changes the bytes
/// but not the cards, and a hostile one is refused.
#[test]
fn source_stamp_round_trips_and_is_checked() {
    use cardlang::db::SourceStamp;
    let stamp = SourceStamp {
        dir: "/home/designer/cards".into(),
        digest: SourceStamp::digest([("cards/a.hb", "Ship \"A\" {}"), ("cards/b.hb", "")]),
    };
    let plain = sample_db();
    assert_eq!(plain.sources(), None);
    let stamped = sample_db().with_sources(stamp.clone()).unwrap();
    assert_ne!(stamped.to_bytes(), plain.to_bytes());
    let back = CardDb::from_bytes(&stamped.to_bytes()).unwrap();
    assert_eq!(back.sources(), Some(&stamp));
    assert_eq!(back.cards(), plain.cards());
    // The unstamped payload ends in the `None` tag of `sources`.
    assert_eq!(plain.to_bytes().last(), Some(&0));

    for dir in [String::new(), "a\nb".into(), "x".repeat(5000)] {
        let bad = SourceStamp { dir, digest: 1 };
        assert!(matches!(
            sample_db().with_sources(bad),
            Err(DbError::BadSources { .. })
        ));
    }
}

#[test]
fn source_digest_sees_every_change_and_ignores_order() {
    use cardlang::db::SourceStamp;
    let base = [("p/a.hb", "one"), ("p/b.hb", "two")];
    let d = SourceStamp::digest(base);
    assert_eq!(d, SourceStamp::digest([base[1], base[0]]), "order");
    for changed in [
        vec![("p/a.hb", "one "), ("p/b.hb", "two")],
        vec![("p/a.hb", "one")],
        vec![("p/a.hb", "one"), ("p/b.hb", "two"), ("p/c.hb", "")],
        vec![("p/a.hb", "one"), ("p/c.hb", "two")],
        // Moving text between files is a change too (names and texts are length-prefixed).
        vec![("p/a.hb", "on"), ("p/b.hb", "etwo")],
    ] {
        assert_ne!(SourceStamp::digest(changed.clone()), d, "{changed:?}");
    }
}
