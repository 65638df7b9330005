//! A tampered or damaged database is always an `Err`, never a panic or a huge allocation:
//! every truncation, every single-byte flip, hostile length prefixes, trailing bytes, other
//! format versions, and well-framed payloads with impossible content.

mod db_common;

use cardlang::db::{CardDb, CardProblem, DbError, FORMAT_VERSION, HEADER_LEN};
use db_common::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Records the largest single allocation made by the current thread, so the hostile-prefix
/// tests can prove the decoder never trusted a length prefix. Per thread, because the test
/// harness runs other tests (and their allocations) in parallel.
struct Tracking;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    // `try_with`: allocations during thread teardown must not touch a destroyed slot.
    let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
}

unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Tracking = Tracking;

const MIB: usize = 1024 * 1024;

fn load(bytes: &[u8]) -> DbError {
    match CardDb::from_bytes(bytes) {
        Ok(db) => panic!("loaded a damaged database of {} cards", db.len()),
        Err(e) => e,
    }
}

/// Runs `f`, asserting it allocates no block over `max` bytes. (Speed is the benchmarks' job,
/// docs/performance.md: no timing assertions in tests.)
fn bounded<T>(max: usize, f: impl FnOnce() -> T) -> T {
    LARGEST.with(|l| l.set(0));
    let out = f();
    let largest = LARGEST.with(Cell::get);
    assert!(largest <= max, "allocated a block of {largest} bytes");
    out
}

#[test]
fn every_truncation_is_rejected() {
    let bytes = sample_db().to_bytes();
    for len in 0..bytes.len() {
        let err = load(&bytes[..len]);
        if len < HEADER_LEN {
            assert!(
                matches!(err, DbError::Truncated { len: l } if l == len),
                "{len}: {err:?}"
            );
        } else {
            let expected = (bytes.len() - HEADER_LEN) as u64;
            assert!(
                matches!(err, DbError::PayloadTruncated { declared, actual }
                    if declared == expected && actual == (len - HEADER_LEN) as u64),
                "{len}: {err:?}"
            );
        }
    }
}

/// Which check a flip at `pos` must trip: the header fields are checked in order, and the
/// checksum covers everything else.
fn assert_flip_caught(pos: usize, err: &DbError) {
    let ok = match pos {
        0..=7 => matches!(err, DbError::BadMagic { .. }),
        8..=11 => matches!(
            err,
            DbError::NewerVersion { .. } | DbError::OlderVersion { .. }
        ),
        12..=19 => matches!(
            err,
            DbError::PayloadTruncated { .. } | DbError::TrailingBytes { .. }
        ),
        _ => matches!(err, DbError::ChecksumMismatch { .. }),
    };
    assert!(ok, "flip at byte {pos}: {err:?}");
}

#[test]
fn every_single_byte_flip_is_rejected() {
    let bytes = sample_db().to_bytes();
    let mut damaged = bytes.clone();
    // Every position, every nonzero XOR mask.
    for pos in 0..bytes.len() {
        for mask in 1..=255u8 {
            damaged[pos] = bytes[pos] ^ mask;
            assert_flip_caught(pos, &load(&damaged));
        }
        damaged[pos] = bytes[pos];
    }
}

/// Flips inside the payload with the checksum recomputed, so the decoder and the content
/// validation see the damage. A flip may happen to produce another valid database (a stat
/// changed within range, say); then it must be exactly what that database encodes to.
#[test]
fn every_payload_flip_with_a_fixed_checksum_is_handled() {
    let bytes = sample_db().to_bytes();
    let body = payload(&bytes);
    let (mut rejected, mut accepted) = (0, 0);
    for pos in 0..body.len() {
        for mask in [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xFF] {
            let mut p = body.clone();
            p[pos] ^= mask;
            let framed = frame(FORMAT_VERSION, &p);
            match CardDb::from_bytes(&framed) {
                Ok(db) => {
                    // Content that loads is content `CardDb::new` accepts, and its encoding
                    // is canonical: re-encoding gives the same bytes.
                    accepted += 1;
                    let rebuilt = CardDb::new(db.cards().to_vec()).unwrap();
                    if db.built_by() == rebuilt.built_by() {
                        assert_eq!(rebuilt.to_bytes(), framed, "payload byte {pos} ^ {mask:#x}");
                    } else {
                        assert_eq!(rebuilt.cards(), db.cards());
                    }
                }
                Err(e) => {
                    rejected += 1;
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    eprintln!("payload flips: {rejected} rejected, {accepted} accepted");
    assert!(
        rejected > accepted,
        "{rejected} rejected, {accepted} accepted"
    );
}

#[test]
fn declared_payload_of_2_pow_60_bytes_is_rejected_quickly() {
    let mut bytes = sample_db().to_bytes();
    bytes[12..20].copy_from_slice(&(1u64 << 60).to_le_bytes());
    let err = bounded(64 * 1024, || load(&bytes));
    assert!(
        matches!(err, DbError::PayloadTruncated { declared, .. } if declared == 1 << 60),
        "{err:?}"
    );
}

/// The payload's integers are fixed width, little-endian; lengths and counts are u64.
fn u64_le(n: u64) -> Vec<u8> {
    n.to_le_bytes().to_vec()
}

/// The payload's leading metadata: "built by" string, then the card count.
fn metadata(card_count: &[u8]) -> Vec<u8> {
    let built_by = format!("cardlang {}", env!("CARGO_PKG_VERSION"));
    let mut p = u64_le(built_by.len() as u64);
    p.extend_from_slice(built_by.as_bytes());
    p.extend_from_slice(card_count);
    p
}

#[test]
fn card_list_claiming_2_pow_40_elements_is_rejected_without_a_large_allocation() {
    let mut p = metadata(&u64_le(1 << 40));
    p.extend(u64_le(1 << 40));
    // One real card's worth of bytes would not help: the list ends long before 2^40 cards.
    let framed = frame(FORMAT_VERSION, &p);
    let err = bounded(2 * MIB, || load(&framed));
    assert!(matches!(err, DbError::Decode { .. }), "{err:?}");
    assert!(err.to_string().contains("ends in the middle"), "{err}");
}

#[test]
fn string_claiming_2_pow_40_bytes_is_rejected_without_allocating_it() {
    let mut p = u64_le(1 << 40);
    p.extend_from_slice(b"cardlang");
    let framed = frame(FORMAT_VERSION, &p);
    let err = bounded(64 * 1024, || load(&framed));
    assert!(
        matches!(err, DbError::Decode { offset, .. } if offset == (HEADER_LEN + 8) as u64),
        "{err:?}"
    );
    assert!(err.to_string().contains("length prefix"), "{err}");
}

/// A length prefix under the decode limit may be allocated before the read fails; the limit
/// scales with the file, so a tiny file cannot make the decoder allocate more than 64 KiB.
#[test]
fn string_under_the_limit_in_a_tiny_file_allocates_at_most_64_kib() {
    let mut p = u64_le(60_000);
    p.extend_from_slice(b"cardlang");
    let framed = frame(FORMAT_VERSION, &p);
    let err = bounded(64 * 1024, || load(&framed));
    assert!(matches!(err, DbError::Decode { .. }), "{err:?}");
    let mut p = u64_le(70_000);
    p.extend_from_slice(b"cardlang");
    let framed = frame(FORMAT_VERSION, &p);
    let err = bounded(64 * 1024, || load(&framed));
    assert!(err.to_string().contains("length prefix"), "{err}");
}

#[test]
fn trailing_bytes_after_the_file_payload_are_rejected() {
    let mut bytes = sample_db().to_bytes();
    let end = bytes.len() as u64;
    bytes.push(0);
    let err = load(&bytes);
    assert!(
        matches!(err, DbError::TrailingBytes { offset, count: 1 } if offset == end),
        "{err:?}"
    );
}

#[test]
fn trailing_bytes_inside_a_well_framed_payload_are_rejected() {
    let bytes = sample_db().to_bytes();
    let mut p = payload(&bytes);
    let end = bytes.len() as u64;
    p.extend_from_slice(&[0, 0, 0]);
    let err = load(&frame(FORMAT_VERSION, &p));
    assert!(
        matches!(err, DbError::TrailingBytes { offset, count: 3 } if offset == end),
        "{err:?}"
    );
    assert!(err.to_string().contains(&format!("at byte {end}")), "{err}");
}

#[test]
fn newer_version_asks_for_an_upgrade() {
    let p = payload(&sample_db().to_bytes());
    let err = load(&frame(FORMAT_VERSION + 1, &p));
    assert!(
        matches!(err, DbError::NewerVersion { found, supported }
        if found == FORMAT_VERSION + 1 && supported == FORMAT_VERSION),
        "{err:?}"
    );
    let msg = err.to_string();
    assert!(
        msg.contains("newer cardc") && msg.contains("upgrade"),
        "{msg}"
    );
}

#[test]
fn older_version_asks_for_a_rebuild() {
    let p = payload(&sample_db().to_bytes());
    let err = load(&frame(FORMAT_VERSION - 1, &p));
    assert!(matches!(err, DbError::OlderVersion { .. }), "{err:?}");
    assert!(err.to_string().contains("rebuild"), "{err}");
}

/// Issue #17: a database written before the ability language v2 (format 2: triggers
/// without the other card of a deed; format 3: without trigger limits) is refused by version, with the fix, before any decode.
#[test]
fn a_database_from_before_ability_language_v2_is_refused_with_a_rebuild_message() {
    const { assert!(FORMAT_VERSION >= 4, "v3 added deeds, v4 trigger limits") };
    for old in [2, 3] {
        let p = payload(&sample_db().to_bytes());
        let err = load(&frame(old, &p));
        assert!(
            matches!(err, DbError::OlderVersion { found, supported } if found == old && supported == FORMAT_VERSION),
            "{err:?}"
        );
        let msg = err.to_string();
        assert!(
            msg.contains(&format!("format version {old}"))
                && msg.contains("rebuild it with `cardc build`"),
            "{msg}"
        );
    }
}

#[test]
fn other_files_are_not_card_databases() {
    for junk in [
        &b"hello"[..],
        b"{\"cards\": []}",
        b"HBCARDDX and more bytes here..",
    ] {
        let err = load(junk);
        assert!(matches!(err, DbError::BadMagic { .. }), "{err:?}");
    }
}

// Well-framed payloads (correct length and checksum) whose content is wrong. The payload is
// edited in place at documented positions, so no codec is needed here.

/// The sample payload with `f` applied, framed with a correct checksum.
fn edited(f: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut p = payload(&sample_db().to_bytes());
    f(&mut p);
    frame(FORMAT_VERSION, &p)
}

fn card_problem(err: DbError) -> (usize, CardProblem) {
    match err {
        DbError::Card { index, problem, .. } => (index, problem),
        other => panic!("expected a card problem, got {other:?}"),
    }
}

#[test]
fn duplicate_names_are_rejected() {
    // Two names of the same length, so the edit keeps every offset: rename card 18
    // "Currency Stockpile" to card 17's "Resource Stockpile".
    let bytes = edited(|p| {
        let at = find(p, b"Currency Stockpile");
        p[at..at + 18].copy_from_slice(b"Resource Stockpile");
    });
    let err = load(&bytes);
    assert!(
        err.to_string().contains("card #18 \"Resource Stockpile\""),
        "{err}"
    );
    assert_eq!(
        card_problem(err),
        (18, CardProblem::DuplicateName { first: 17 })
    );
}

#[test]
fn non_dense_ids_are_rejected() {
    // Each card starts with its id (u32) then its name's length (u64).
    let bytes = edited(|p| {
        let at = find(p, b"Leviathan") - 12;
        assert_eq!(p[at], 11);
        p[at] = 12;
    });
    assert_eq!(
        card_problem(load(&bytes)),
        (11, CardProblem::IdNotIndex { id: 12, index: 11 })
    );
}

#[test]
fn card_count_must_match_the_list() {
    let built_by = format!("cardlang {}", env!("CARGO_PKG_VERSION"));
    let bytes = edited(|p| {
        let at = 8 + built_by.len();
        assert_eq!(p[at], 19);
        p[at] = 18;
    });
    let err = load(&bytes);
    assert!(
        matches!(
            err,
            DbError::CountMismatch {
                declared: 18,
                actual: 19
            }
        ),
        "{err:?}"
    );
}

#[test]
fn out_of_range_stat_is_rejected() {
    // Leviathan: name, kind (Ship tag and class tag, u32 each), cost (2 bytes), income
    // (2 bytes), then attack as Some(3) = [1, 3].
    let bytes = edited(|p| {
        let at = find(p, b"Leviathan") + "Leviathan".len() + 12;
        assert_eq!(&p[at..at + 2], &[1, 3]);
        p[at + 1] = 99;
    });
    assert_eq!(
        card_problem(load(&bytes)),
        (
            11,
            CardProblem::OutOfRange {
                what: "attack",
                value: 99,
                min: 0,
                max: 20
            }
        )
    );
}

#[test]
fn capital_ship_without_unique_is_rejected() {
    // Leviathan's traits are [Unique, Alpha Strike, Annihilate, Stoic]: a u64 length of 4,
    // then u32 tags 15, 5, 6, 14.
    let bytes = edited(|p| {
        let mut traits = u64_le(4);
        for tag in [15u32, 5, 6, 14] {
            traits.extend_from_slice(&tag.to_le_bytes());
        }
        let at = find(p, &traits) + 8;
        p[at] = 12; // Resistant
    });
    assert_eq!(
        card_problem(load(&bytes)),
        (11, CardProblem::CapitalShipNotUnique)
    );
}

#[test]
fn control_character_in_a_name_is_rejected() {
    let bytes = edited(|p| {
        let at = find(p, b"Leviathan");
        p[at + 4] = 0x07;
    });
    assert_eq!(card_problem(load(&bytes)), (11, CardProblem::NameControl));
}

#[test]
fn invalid_utf8_in_a_name_is_a_decode_error_with_its_offset() {
    let bytes = edited(|p| {
        let at = find(p, b"Leviathan");
        p[at] = 0xFF;
    });
    let err = load(&bytes);
    assert!(matches!(err, DbError::Decode { .. }), "{err:?}");
    assert!(err.to_string().contains("UTF-8"), "{err}");
}

#[test]
fn unknown_enum_tag_is_a_decode_error() {
    // Leviathan's class tag (Capital Ship = 7) set to 8: no such class.
    let bytes = edited(|p| {
        let at = find(p, b"Leviathan") + "Leviathan".len();
        assert_eq!(&p[at..at + 8], &[2, 0, 0, 0, 7, 0, 0, 0]);
        p[at + 4] = 8;
    });
    let err = load(&bytes);
    assert!(matches!(err, DbError::Decode { .. }), "{err:?}");
}
