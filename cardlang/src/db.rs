//! The versioned card database: the compiled card pool as one file, and [`CardDb`], the
//! validated, indexed pool the engine plays with.
//!
//! This module is the only place the serialization codec (bincode 2.0.1 through its serde
//! integration) is called. Swapping the codec — bincode is unmaintained (RUSTSEC-2025-0141) —
//! is a change to this one file; `docs/database.md` describes the choice, the exit path and
//! the byte layout:
//!
//! ```text
//! offset  size  field
//!      0     8  magic `HBCARDDB`
//!      8     4  format version, u32 little-endian (FORMAT_VERSION)
//!     12     8  payload length in bytes, u64 little-endian
//!     20     4  CRC-32 (crc32fast) of bytes 0..20 followed by the payload, u32 little-endian
//!     24     -  payload: bincode (fixed-width integers) of
//!                 { built_by, card_count, cards, sources }
//! ```
//!
//! Loading trusts nothing. In order: size cap, magic, version, declared length against actual,
//! checksum, a byte-limited decode, no trailing bytes, metadata, and finally the content of every
//! card against the invariants the IR promises the engine ([`validate_card`]). A database with a
//! correct checksum but impossible cards (crafted by hand, or written by a buggy compiler) is
//! rejected the same way as a corrupted one. Every failure is a [`DbError`] saying what and
//! where; nothing here panics on input.
//!
//! Allocation while decoding is bounded: the file is capped at [`MAX_FILE_BYTES`] before it is
//! read; bincode checks every string's length prefix against a byte limit chosen from the
//! payload's actual size (at most 4× the payload, or 64 KiB) before allocating; serde
//! preallocates at most 1 MiB for a sequence however long its prefix claims it is, and then
//! needs real elements to grow it.
//!
//! Nesting depth: the IR has no recursive type, by design (`ir::effect` keeps abilities flat:
//! ability → steps → actions → leaf data), so decoder recursion is bounded by the types
//! themselves and no depth walker is needed. bincode 2 has no depth limit and serde recurses
//! on the stack, and the byte limit bounds allocation, not stack, so a recursive type added
//! later must count depth *during* decode (see `docs/database.md`, "Nesting depth").

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::ir::{Card, CardId, CardKind, ModuleKind, ShipClass, SizeRestriction, Trait, TraitName};

/// The first eight bytes of every card database.
pub const MAGIC: [u8; 8] = *b"HBCARDDB";
/// The format this build writes and the only one it reads. Bump on any change to the header
/// or to the encoding of the payload (including any change to the IR types).
///
/// Version 2 added [`SourceStamp`] (which card files the database was built from) so a
/// database older than its sources is noticed (issue #14). Version 3 added the ability
/// language v2 (issue #17): deed triggers with the other card they bind (`Trigger::other`,
/// `Group::That`); version 4 the trigger limits (`Trigger::limit`: once per turn, engagement,
/// game); version 5 the combat modifiers (`CardModifier::RollBonus`, `ExtraDice`,
/// `ExtraVolleys`, `Rerolls`, `PreventWounds`); version 6 the watched card of a trigger
/// (`Watch::Commander` for a phase, turn or engagement no card is named for, so `this` on
/// an engagement trigger means one this card is in; `Group::Watched`, issue #40); version 7
/// the trigger on any wound (`TriggerEvent::Wounded`, issue #40, part 3.1); version 8 the
/// bonuses against a kind of target (`Static::Against`, issue #40, part 3.4); version 9
/// activated abilities (`Ability::Activated`, `Activation`, issue #40, part 3.3); version 10
/// `other` in filters (`Pred::Other`) and where a searched card is deployed
/// (`SearchThen::DeployAboard`, issue #40, parts 3.5 and 3.9); version 11 modal steps
/// (`Step::Choose`, issue #40, part 3.2) and play limits (`Ability::PlayLimit`, part 3.7);
/// version 12 the optional re-roll (`CardModifier::MayReroll`, issue #40, part 3.8).
pub const FORMAT_VERSION: u32 = 12;
/// Bytes before the payload.
pub const HEADER_LEN: usize = 24;
/// Largest database file accepted, checked before reading.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Most cards in one database: more than a real card pool reaches (ids are `u32`). A pool of
/// this many cards at their longest would not fit in [`MAX_FILE_BYTES`], so the encoded size is
/// a limit of its own; [`pool_limit`] checks both, for the compiler and for [`CardDb::new`].
pub const MAX_CARDS: usize = 65_536;
// The per-card value limits are shared with the compiler.
pub use crate::ir::limits::{
    MAX_AMOUNT, MAX_CAPACITY, MAX_NAME_CHARS, MAX_REGIMENT, MAX_SPACE, MAX_STAT, MAX_TEXT_BYTES,
    MAX_TRAIT_VALUE,
};
/// Longest "built by" string in the metadata.
pub const MAX_BUILT_BY_BYTES: usize = 64;
/// Longest source directory path in the [`SourceStamp`] metadata.
pub const MAX_SOURCE_DIR_BYTES: usize = 4096;

const CHECKSUM_AT: usize = 20;
const LENGTH_AT: usize = 12;
const VERSION_AT: usize = 8;

/// Everything that can be wrong with a card database. Offsets are from the start of the file.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("could not {action} `{}`: {source}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("`{}` is not a regular file", path.display())]
    NotAFile { path: PathBuf },
    /// A directory, FIFO or device given as a database: refused before it is opened.
    #[error("`{}` is {what}, not a regular file", path.display())]
    NotRegular { path: PathBuf, what: &'static str },
    #[error("the database is {len} bytes, more than the {max}-byte limit")]
    TooLarge { len: u64, max: u64 },
    #[error(
        "the database is only {len} bytes, shorter than its {HEADER_LEN}-byte header: \
         the file is truncated"
    )]
    Truncated { len: usize },
    #[error(
        "not a Hull Breach! card database: bytes 0..8 are {found:?}, expected \"HBCARDDB\" \
         (is this the right file?)"
    )]
    BadMagic { found: String },
    #[error(
        "the database has format version {found} (byte 8) but this build reads version \
         {supported}: it was built by a newer cardc; rebuild it with this cardc or upgrade"
    )]
    NewerVersion { found: u32, supported: u32 },
    #[error(
        "the database has format version {found} (byte 8), older than version {supported} \
         which this build reads: rebuild it with `cardc build`"
    )]
    OlderVersion { found: u32, supported: u32 },
    #[error(
        "the header (byte 12) declares a payload of {declared} bytes but only {actual} bytes \
         follow the header: the file is truncated"
    )]
    PayloadTruncated { declared: u64, actual: u64 },
    #[error("{count} unexpected bytes after the end of the payload at byte {offset}")]
    TrailingBytes { offset: u64, count: u64 },
    #[error(
        "checksum mismatch: the header (byte 20) says {stored:#010x} but the contents hash to \
         {computed:#010x}: the file is corrupted"
    )]
    ChecksumMismatch { stored: u32, computed: u32 },
    #[error("the payload does not decode at byte {offset}: {message}")]
    Decode { offset: u64, message: String },
    #[error("the metadata says {declared} cards but the payload holds {actual}")]
    CountMismatch { declared: u64, actual: u64 },
    #[error("the \"built by\" metadata {found:?} is not a short printable string")]
    BadBuiltBy { found: String },
    #[error("the \"sources\" metadata {found:?} is not a printable path of at most {MAX_SOURCE_DIR_BYTES} bytes")]
    BadSources { found: String },
    #[error("{count} cards is more than a database may hold ({max})")]
    TooManyCards { count: usize, max: usize },
    #[error("card #{index} {name:?}: {problem}")]
    Card {
        index: usize,
        name: String,
        problem: CardProblem,
    },
    #[error("the database encodes to more than {max} bytes")]
    Encode { max: u64 },
}

/// What is wrong with one card: an invariant of the checked IR that does not hold. The card
/// language's checks (`check`) enforce these with spans; this is the last line of defence for
/// databases that did not come from the compiler.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardProblem {
    #[error("its id is {id}, but ids must equal the card's position ({index})")]
    IdNotIndex { id: u32, index: usize },
    #[error("the name is empty")]
    EmptyName,
    #[error("the name is {len} characters long, more than {MAX_NAME_CHARS}")]
    NameTooLong { len: usize },
    #[error("the name starts or ends with whitespace")]
    NameWhitespace,
    #[error("the name contains a control character")]
    NameControl,
    #[error("the name is already used by card #{first}")]
    DuplicateName { first: u32 },
    #[error("its {field} is {len} bytes, more than {MAX_TEXT_BYTES}")]
    TextTooLong { field: &'static str, len: usize },
    #[error("{what} is {value}, outside {min}..={max}")]
    OutOfRange {
        what: &'static str,
        value: u8,
        min: u8,
        max: u8,
    },
    #[error("a {kind} must print {what}")]
    Missing { kind: String, what: &'static str },
    #[error("a {kind} cannot have {what}")]
    NotAllowed { kind: String, what: &'static str },
    #[error("a Fighter Wing cannot carry Marines (§2.5.1)")]
    FighterWingCarriesMarines,
    #[error("a Station cannot be faction-restricted: its faction is its subtype (§9.14)")]
    RestrictedStation,
    #[error("it is faction-restricted but has no faction (§9.14)")]
    RestrictedWithoutFaction,
    #[error("its size restriction lists no classes")]
    FitsEmpty,
    #[error("its size restriction lists {class} twice")]
    FitsDuplicate { class: ShipClass },
    #[error("its size restriction `{fits}` admits no ship class (§2.5)")]
    FitsAdmitsNothing { fits: String },
    #[error("it has the trait {name} twice (§3.1)")]
    DuplicateTrait { name: TraitName },
    #[error("a Capital Ship must have the trait Unique (§2.5.8)")]
    CapitalShipNotUnique,
    #[error("only Module-Ship cards may have Face Up-Face Down (§3.4.4)")]
    FaceDownNotModuleShip,
    /// An ability breaks the ability IR's limits (`ir::effect::limits`).
    #[error("an ability is malformed: {0}")]
    Ability(crate::ir::effect::ShapeError),
    /// A Golden-Rule override that cannot take effect on this card (§8.1): a value the rule
    /// does not admit, or a scope the card cannot reach (`BaseRule::check_value`, `check_scope`).
    #[error("its override of {rule} cannot take effect: {problem}")]
    Override {
        rule: crate::ir::BaseRule,
        problem: crate::ir::rules::OverrideProblem,
    },
}

/// The payload as written: metadata, the cards, then where they came from. [`PayloadRef`] is
/// the same shape borrowed.
#[derive(Deserialize)]
struct Payload {
    built_by: String,
    card_count: u64,
    cards: Vec<Card>,
    sources: Option<SourceStamp>,
}

#[derive(Serialize)]
struct PayloadRef<'a> {
    built_by: &'a str,
    card_count: u64,
    cards: &'a [Card],
    sources: Option<&'a SourceStamp>,
}

/// Metadata: the card files a database was built from, so a reader can tell when the database
/// is older than its sources (`cardc build` writes it; `hullbreach` and `cardc` check it).
///
/// `dir` is the card directory as an absolute path; `digest` is [`SourceStamp::digest`] of
/// its card files. A database built in memory (`CardDb::new`) has no stamp.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceStamp {
    pub dir: String,
    pub digest: u64,
}

impl SourceStamp {
    /// A digest of a pool's card files, given as (name relative to the card directory, text)
    /// in any order: 64-bit FNV-1a over the sorted, length-prefixed names and texts. It detects
    /// change (an edited, added, removed or renamed file), not tampering.
    pub fn digest<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> u64 {
        let mut files: Vec<(&str, &str)> = files.into_iter().collect();
        files.sort_unstable();
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for b in (bytes.len() as u64).to_le_bytes().iter().chain(bytes) {
                h ^= u64::from(*b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        for (name, text) in files {
            eat(name.as_bytes());
            eat(text.as_bytes());
        }
        h
    }
}

/// A validated card pool, indexed by id and by name.
///
/// Ids are dense: card `CardId(i)` is `cards()[i]`. Every card satisfies [`validate_card`] and
/// names are unique. The encoded form is kept (it is computed once by [`CardDb::new`] to prove
/// the pool fits in a loadable file), so [`CardDb::to_bytes`] cannot fail.
#[derive(Clone)]
pub struct CardDb {
    built_by: String,
    sources: Option<SourceStamp>,
    cards: Vec<Card>,
    by_name: BTreeMap<String, CardId>,
    bytes: Vec<u8>,
}

impl fmt::Debug for CardDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CardDb")
            .field("built_by", &self.built_by)
            .field("cards", &self.cards.len())
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

impl PartialEq for CardDb {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl Eq for CardDb {}

/// What this build writes into the "built by" metadata.
pub fn built_by() -> String {
    format!("cardlang {}", env!("CARGO_PKG_VERSION"))
}

impl CardDb {
    /// Validates `cards` (ids dense and equal to their position, names unique, every card
    /// within the IR's invariants) and indexes them.
    pub fn new(cards: Vec<Card>) -> Result<CardDb, DbError> {
        let built_by = built_by();
        let by_name = validate_pool(&cards)?;
        let bytes = encode(&built_by, &cards, None)?;
        Ok(CardDb {
            built_by,
            sources: None,
            cards,
            by_name,
            bytes,
        })
    }

    /// The same pool stamped with the card files it was built from (see [`SourceStamp`]).
    pub fn with_sources(self, stamp: SourceStamp) -> Result<CardDb, DbError> {
        check_sources(&stamp)?;
        let bytes = encode(&self.built_by, &self.cards, Some(&stamp))?;
        Ok(CardDb {
            sources: Some(stamp),
            bytes,
            ..self
        })
    }

    /// Which card files the database was built from, if it says.
    pub fn sources(&self) -> Option<&SourceStamp> {
        self.sources.as_ref()
    }

    /// The database file's bytes. Equal pools give equal bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.bytes.clone()
    }

    /// Reads a database from its bytes, checking everything (see the module docs).
    pub fn from_bytes(bytes: &[u8]) -> Result<CardDb, DbError> {
        let payload = unframe(bytes)?;
        let decoded = decode_payload(payload)?;
        check_built_by(&decoded.built_by)?;
        if let Some(stamp) = &decoded.sources {
            check_sources(stamp)?;
        }
        if decoded.card_count != decoded.cards.len() as u64 {
            return Err(DbError::CountMismatch {
                declared: decoded.card_count,
                actual: decoded.cards.len() as u64,
            });
        }
        let by_name = validate_pool(&decoded.cards)?;
        Ok(CardDb {
            built_by: decoded.built_by,
            sources: decoded.sources,
            cards: decoded.cards,
            by_name,
            bytes: bytes.to_vec(),
        })
    }

    /// Writes the database atomically through [`crate::write`]: a temporary file created
    /// exclusively under an unpredictable name beside `path`, synced, then renamed over `path`,
    /// so a reader never sees half a database and a link planted at either name is never
    /// written through.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), DbError> {
        let path = path.as_ref();
        if path.file_name().is_none() {
            return Err(DbError::NotAFile {
                path: path.to_path_buf(),
            });
        }
        crate::write::write_atomic(path, &self.bytes).map_err(|e| match e {
            crate::write::WriteError::NotAFile { path, .. } => DbError::NotAFile { path },
            crate::write::WriteError::Io {
                action,
                path,
                source,
            } => DbError::Io {
                action,
                path,
                source,
            },
            other => DbError::Io {
                action: "write",
                path: other.path().to_path_buf(),
                source: std::io::Error::other(other.to_string()),
            },
        })
    }

    /// Reads and checks a database file. The size is checked before reading, and the read
    /// itself is bounded in case the file grows meanwhile.
    pub fn load(path: impl AsRef<Path>) -> Result<CardDb, DbError> {
        let path = path.as_ref();
        let io = |action: &'static str| {
            move |source| DbError::Io {
                action,
                path: path.to_path_buf(),
                source,
            }
        };
        // The shared bounded reader: regular files only (a FIFO or device is refused before it
        // is opened), at most MAX_FILE_BYTES + 1 bytes read.
        let cap = usize::try_from(MAX_FILE_BYTES).unwrap_or(usize::MAX);
        let bytes = crate::read::read_file(path, cap).map_err(|e| match e {
            crate::read::ReadError::NotRegular { what, .. } => DbError::NotRegular {
                path: path.to_path_buf(),
                what,
            },
            crate::read::ReadError::TooLarge { len, .. } => DbError::TooLarge {
                len,
                max: MAX_FILE_BYTES,
            },
            crate::read::ReadError::NotFound { .. } => {
                io("open")(std::io::Error::from(std::io::ErrorKind::NotFound))
            }
            crate::read::ReadError::Io { source, .. } => io("read")(source),
        })?;
        CardDb::from_bytes(&bytes)
    }

    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.cards.get(usize::try_from(id.0).ok()?)
    }

    /// Exact, case-sensitive lookup by printed name.
    pub fn by_name(&self, name: &str) -> Option<&Card> {
        self.id_of(name).and_then(|id| self.get(id))
    }

    pub fn id_of(&self, name: &str) -> Option<CardId> {
        self.by_name.get(name).copied()
    }

    /// All cards, in id order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Card> {
        self.cards.iter()
    }

    /// The "built by" metadata: which compiler wrote the database.
    pub fn built_by(&self) -> &str {
        &self.built_by
    }

    /// For "did you mean …?": the name closest to `query` by case-insensitive edit distance,
    /// if any is close enough (at most a third of the query's length, and at least 1). Ties go
    /// to the lower id, so the suggestion is deterministic.
    pub fn nearest_name(&self, query: &str) -> Option<&str> {
        nearest(query, self.cards.iter().map(|c| c.name.as_str()))
    }
}

impl<'a> IntoIterator for &'a CardDb {
    type Item = &'a Card;
    type IntoIter = std::slice::Iter<'a, Card>;

    fn into_iter(self) -> Self::IntoIter {
        self.cards.iter()
    }
}

/// A summary for `cardc build`: card counts by type, with subtypes in parentheses.
impl fmt::Display for CardDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.cards.len();
        writeln!(
            f,
            "{n} card{} (format v{FORMAT_VERSION}, {} bytes, built by {})",
            if n == 1 { "" } else { "s" },
            self.bytes.len(),
            self.built_by
        )?;
        // (type, count, [(subtype, count)]) in rulebook order (§2.1).
        type Group = (&'static str, usize, Vec<(&'static str, usize)>);
        let mut groups: Vec<Group> = vec![
            ("Station", 0, vec![]),
            (
                "Module",
                0,
                vec![("Station", 0), ("Ship", 0), ("Marine", 0)],
            ),
            (
                "Ship",
                0,
                ShipClass::ALL.iter().map(|c| (c.name(), 0)).collect(),
            ),
            ("Marine", 0, vec![("Character", 0)]),
            ("Event", 0, vec![]),
            ("Tactic", 0, vec![]),
            ("Breakthru", 0, vec![]),
            ("Stockpile", 0, vec![("Resource", 0), ("Currency", 0)]),
        ];
        for card in &self.cards {
            let (group, sub) = match card.kind {
                CardKind::Station => (0, None),
                CardKind::Module(m) => (1, Some(m as usize)),
                CardKind::Ship(c) => (2, Some(c as usize)),
                CardKind::Marine { character } => (3, character.then_some(0)),
                CardKind::Event => (4, None),
                CardKind::Tactic => (5, None),
                CardKind::Breakthru => (6, None),
                CardKind::Stockpile(s) => (7, Some(s as usize)),
            };
            if let Some((_, total, subs)) = groups.get_mut(group) {
                *total += 1;
                if let Some((_, k)) = sub.and_then(|s| subs.get_mut(s)) {
                    *k += 1;
                }
            }
        }
        for (label, total, subs) in groups {
            if total == 0 {
                continue;
            }
            write!(f, "  {label:<10}{total:>5}")?;
            let subs: Vec<String> = subs
                .iter()
                .filter(|(_, k)| *k > 0)
                .map(|(name, k)| format!("{name} {k}"))
                .collect();
            if !subs.is_empty() {
                write!(f, " ({})", subs.join(", "))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Framing: header + payload.

/// Header + payload, with the checksum over everything but the checksum field itself.
fn frame(version: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    let crc = checksum(&out, payload);
    out.extend_from_slice(&crc.to_le_bytes());
    out.extend_from_slice(payload);
    out
}

fn checksum(header: &[u8], payload: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(header);
    h.update(payload);
    h.finalize()
}

fn le_u32(bytes: &[u8], at: usize) -> Option<u32> {
    let b: [u8; 4] = bytes.get(at..at + 4)?.try_into().ok()?;
    Some(u32::from_le_bytes(b))
}

fn le_u64(bytes: &[u8], at: usize) -> Option<u64> {
    let b: [u8; 8] = bytes.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(b))
}

/// Checks the header and returns the payload. Version is checked before the checksum so a
/// database from a newer cardc (whose layout may differ) gets the "upgrade" message.
fn unframe(bytes: &[u8]) -> Result<&[u8], DbError> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(DbError::TooLarge {
            len: bytes.len() as u64,
            max: MAX_FILE_BYTES,
        });
    }
    let magic_seen = &bytes[..bytes.len().min(MAGIC.len())];
    if !MAGIC.starts_with(magic_seen) {
        return Err(DbError::BadMagic {
            found: String::from_utf8_lossy(magic_seen).into_owned(),
        });
    }
    let (Some(header), Some(version), Some(declared), Some(stored), Some(payload)) = (
        bytes.get(..CHECKSUM_AT),
        le_u32(bytes, VERSION_AT),
        le_u64(bytes, LENGTH_AT),
        le_u32(bytes, CHECKSUM_AT),
        bytes.get(HEADER_LEN..),
    ) else {
        return Err(DbError::Truncated { len: bytes.len() });
    };
    if version > FORMAT_VERSION {
        return Err(DbError::NewerVersion {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    if version < FORMAT_VERSION {
        return Err(DbError::OlderVersion {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    let actual = payload.len() as u64;
    if declared > actual {
        return Err(DbError::PayloadTruncated { declared, actual });
    }
    if declared < actual {
        return Err(DbError::TrailingBytes {
            offset: HEADER_LEN as u64 + declared,
            count: actual - declared,
        });
    }
    let computed = checksum(header, payload);
    if computed != stored {
        return Err(DbError::ChecksumMismatch { stored, computed });
    }
    Ok(payload)
}

/// A pool-wide limit of the database format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PoolLimit {
    /// More than [`MAX_CARDS`] cards.
    Cards,
    /// The database would encode to more than [`MAX_FILE_BYTES`].
    Bytes,
}

/// The first card (by position) that does not fit in one database, and the limit it breaks:
/// past [`MAX_CARDS`], or where the encoded pool grows past [`MAX_FILE_BYTES`]. The compiler
/// reports it at that card's name (a located diagnostic); [`CardDb::new`] refuses the pool. One
/// check, so a pool the compiler accepts always makes a database.
pub fn pool_limit(cards: &[Card]) -> Option<(usize, PoolLimit)> {
    let mut bytes = empty_database_len();
    for (index, card) in cards.iter().enumerate() {
        if index >= MAX_CARDS {
            return Some((index, PoolLimit::Cards));
        }
        bytes = bytes.saturating_add(encoded_card_len(card));
        if bytes as u64 > MAX_FILE_BYTES {
            return Some((index, PoolLimit::Bytes));
        }
    }
    None
}

/// Bytes of a database file holding no cards: the header and the payload's metadata.
pub fn empty_database_len() -> usize {
    // built_by (u64 length + bytes), card_count (u64), the card sequence's u64 length, and
    // the `sources` option's tag (a stamp, when present, is bounded by MAX_SOURCE_DIR_BYTES).
    HEADER_LEN + 8 + built_by().len() + 8 + 8 + 1
}

// ---------------------------------------------------------------------------------------------
// The codec. Every bincode call is below this line.

/// Bytes one card takes in the payload.
pub fn encoded_card_len(card: &Card) -> usize {
    // Encoding into a counter cannot fail for these types (see encode_payload); a failure
    // counts as too large.
    let mut size = bincode::enc::write::SizeWriter::default();
    match bincode::serde::encode_into_writer(card, &mut size, codec()) {
        Ok(()) => size.bytes_written,
        Err(_) => usize::MAX,
    }
}

/// The whole file: framed payload, within [`MAX_FILE_BYTES`].
fn encode(
    built_by: &str,
    cards: &[Card],
    sources: Option<&SourceStamp>,
) -> Result<Vec<u8>, DbError> {
    let payload = encode_payload(built_by, cards, sources)?;
    let bytes = frame(FORMAT_VERSION, &payload);
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(DbError::Encode {
            max: MAX_FILE_BYTES,
        });
    }
    Ok(bytes)
}

fn encode_payload(
    built_by: &str,
    cards: &[Card],
    sources: Option<&SourceStamp>,
) -> Result<Vec<u8>, DbError> {
    let payload = PayloadRef {
        built_by,
        card_count: cards.len() as u64,
        cards,
        sources,
    };
    // Encoding owned strings, vectors and derived enums into a Vec cannot fail in bincode 2;
    // the error is mapped rather than unwrapped all the same.
    bincode::serde::encode_to_vec(&payload, codec()).map_err(|_| DbError::Encode {
        max: MAX_FILE_BYTES,
    })
}

/// bincode's standard configuration (little-endian) with fixed-width integers rather than
/// varints. Fixed width makes every value's encoding unique, and makes the bytes bincode counts
/// against its limit equal to the bytes it reads (a varint counts its full width however short
/// it is), so the limit can be set from the payload's real size. It costs a few bytes per card.
fn codec() -> bincode::config::Configuration<bincode::config::LittleEndian, bincode::config::Fixint>
{
    bincode::config::standard().with_fixed_int_encoding()
}

/// A slice reader that remembers how far the decoder got, for error offsets and the trailing
/// bytes check.
struct CountingReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl bincode::de::read::Reader for CountingReader<'_> {
    fn read(&mut self, out: &mut [u8]) -> Result<(), bincode::error::DecodeError> {
        let src = self
            .pos
            .checked_add(out.len())
            .and_then(|end| self.bytes.get(self.pos..end));
        let Some(src) = src else {
            let remaining = self.bytes.len().saturating_sub(self.pos);
            return Err(bincode::error::DecodeError::UnexpectedEnd {
                additional: out.len().saturating_sub(remaining),
            });
        };
        out.copy_from_slice(src);
        self.pos += out.len();
        Ok(())
    }
}

/// bincode checks a string's length prefix against its byte limit before allocating it, so the
/// limit is the smallest of a few tiers that holds the payload (bytes counted equal bytes read,
/// see [`codec`]): a hostile prefix in a small file cannot make bincode allocate more than 4×
/// the payload, or 64 KiB. Tiers rather than one limit per file because the limit is a const
/// generic.
fn decode_payload(payload: &[u8]) -> Result<Payload, DbError> {
    const KIB: usize = 1024;
    let mut reader = CountingReader {
        bytes: payload,
        pos: 0,
    };
    let len = payload.len();
    let result = if len <= 64 * KIB {
        decode_limited::<{ 64 * KIB }>(&mut reader)
    } else if len <= 256 * KIB {
        decode_limited::<{ 256 * KIB }>(&mut reader)
    } else if len <= 1024 * KIB {
        decode_limited::<{ 1024 * KIB }>(&mut reader)
    } else if len <= 4096 * KIB {
        decode_limited::<{ 4096 * KIB }>(&mut reader)
    } else if len <= 16384 * KIB {
        decode_limited::<{ 16384 * KIB }>(&mut reader)
    } else {
        // unframe() caps the whole file at MAX_FILE_BYTES.
        decode_limited::<{ MAX_FILE_BYTES as usize }>(&mut reader)
    };
    let offset = (HEADER_LEN + reader.pos) as u64;
    let decoded = result.map_err(|e| DbError::Decode {
        offset,
        message: describe(&e),
    })?;
    if reader.pos < payload.len() {
        return Err(DbError::TrailingBytes {
            offset,
            count: (payload.len() - reader.pos) as u64,
        });
    }
    Ok(decoded)
}

fn decode_limited<const LIMIT: usize>(
    reader: &mut CountingReader<'_>,
) -> Result<Payload, bincode::error::DecodeError> {
    bincode::serde::decode_from_reader(reader, codec().with_limit::<LIMIT>())
}

/// bincode's `Display` is its `Debug`; say it in words where we can.
fn describe(e: &bincode::error::DecodeError) -> String {
    use bincode::error::DecodeError as E;
    match e {
        E::UnexpectedEnd { .. } => "the payload ends in the middle of a value".into(),
        E::LimitExceeded => "a length prefix claims more data than the database can hold".into(),
        E::Utf8 { .. } => "a string is not valid UTF-8".into(),
        E::InvalidBooleanValue(b) => format!("{b} is not a valid yes/no byte"),
        E::UnexpectedVariant {
            found, type_name, ..
        } => format!("{found} is not a valid {type_name} tag"),
        E::OutsideUsizeRange(n) => format!("the length {n} is out of range"),
        E::OtherString(s) => s.clone(),
        E::Other(s) => (*s).to_string(),
        other => format!("{other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Content validation.

fn check_built_by(s: &str) -> Result<(), DbError> {
    if s.is_empty() || s.len() > MAX_BUILT_BY_BYTES || s.chars().any(char::is_control) {
        let shown: String = s.chars().take(MAX_BUILT_BY_BYTES).collect();
        return Err(DbError::BadBuiltBy { found: shown });
    }
    Ok(())
}

fn check_sources(stamp: &SourceStamp) -> Result<(), DbError> {
    let dir = &stamp.dir;
    if dir.is_empty() || dir.len() > MAX_SOURCE_DIR_BYTES || dir.chars().any(char::is_control) {
        let shown: String = dir.chars().take(80).collect();
        return Err(DbError::BadSources { found: shown });
    }
    Ok(())
}

/// Checks the pool and builds the name index.
fn validate_pool(cards: &[Card]) -> Result<BTreeMap<String, CardId>, DbError> {
    match pool_limit(cards) {
        Some((_, PoolLimit::Cards)) => {
            return Err(DbError::TooManyCards {
                count: cards.len(),
                max: MAX_CARDS,
            })
        }
        Some((_, PoolLimit::Bytes)) => {
            return Err(DbError::Encode {
                max: MAX_FILE_BYTES,
            })
        }
        None => {}
    }
    let mut by_name = BTreeMap::new();
    for (index, card) in cards.iter().enumerate() {
        let fail = |problem| DbError::Card {
            index,
            name: card.name.chars().take(MAX_NAME_CHARS).collect(),
            problem,
        };
        if usize::try_from(card.id.0).ok() != Some(index) {
            return Err(fail(CardProblem::IdNotIndex {
                id: card.id.0,
                index,
            }));
        }
        validate_card(card).map_err(fail)?;
        if let Some(first) = by_name.insert(card.name.clone(), card.id) {
            return Err(fail(CardProblem::DuplicateName { first: first.0 }));
        }
    }
    Ok(by_name)
}

/// Which fields each card type prints (card language v1, `notes/syntax-v1.md`).
struct Shape {
    /// Attack, defense and wounds all required (units, §6.2).
    unit_stats: bool,
    /// Wounds required, attack/defense optional bonuses (Module-Station, §6.5.3).
    module_station: bool,
    /// Attack, defense and wounds optional bonuses (Module-Ship, Module-Marine).
    bonuses: bool,
    /// Nonzero deployment cost allowed (not Stations, Stockpiles, Breakthrus §2.8).
    cost: bool,
    income: bool,
    capacity: bool,
    /// Red-icon space required, `1..=MAX_SPACE`.
    space: bool,
    fits: bool,
    traits: bool,
    prototype: bool,
}

fn shape(kind: CardKind) -> Shape {
    let none = Shape {
        unit_stats: false,
        module_station: false,
        bonuses: false,
        cost: true,
        income: false,
        capacity: false,
        space: false,
        fits: false,
        traits: false,
        prototype: true,
    };
    match kind {
        CardKind::Station => Shape {
            unit_stats: true,
            cost: false,
            income: true,
            capacity: true,
            traits: true,
            prototype: false,
            ..none
        },
        // A Module may add white icons to its host; losing it loses them (§9.4).
        CardKind::Module(ModuleKind::Station) => Shape {
            module_station: true,
            income: true,
            capacity: true,
            traits: true,
            ..none
        },
        CardKind::Module(ModuleKind::Ship) => Shape {
            bonuses: true,
            capacity: true,
            fits: true,
            traits: true,
            ..none
        },
        CardKind::Module(ModuleKind::Marine) => Shape {
            bonuses: true,
            traits: true,
            ..none
        },
        CardKind::Ship(class) => Shape {
            unit_stats: true,
            income: class == ShipClass::Transport,
            capacity: true,
            space: class == ShipClass::FighterWing,
            traits: true,
            ..none
        },
        CardKind::Marine { character } => Shape {
            unit_stats: true,
            space: !character,
            fits: true,
            traits: true,
            ..none
        },
        CardKind::Event | CardKind::Tactic => none,
        CardKind::Breakthru => Shape {
            cost: false,
            ..none
        },
        CardKind::Stockpile(_) => Shape {
            cost: false,
            prototype: false,
            ..none
        },
    }
}

fn in_range(what: &'static str, value: u8, min: u8, max: u8) -> Result<(), CardProblem> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(CardProblem::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}

/// The invariants every checked card satisfies, whatever produced it: the engine relies on
/// them. Ids and name uniqueness are pool-level and checked by [`CardDb::new`].
pub fn validate_card(card: &Card) -> Result<(), CardProblem> {
    let kind = card.kind;
    let s = shape(kind);
    let not_allowed = |what| CardProblem::NotAllowed {
        kind: kind.type_line(),
        what,
    };
    let missing = |what| CardProblem::Missing {
        kind: kind.type_line(),
        what,
    };

    // Abilities: lengths and value ranges of the ability IR.
    crate::ir::effect::check_abilities_shape(&card.abilities).map_err(CardProblem::Ability)?;
    // Overrides: the compiler's own check (§8.1), so a hand-made database cannot carry one
    // the compiler would refuse.
    for a in &card.abilities {
        if let crate::ir::effect::Ability::Override { rule, value, scope } = a {
            rule.check_value(*value)
                .and_then(|()| rule.check_scope(kind, *scope, *value))
                .map_err(|problem| CardProblem::Override {
                    rule: *rule,
                    problem,
                })?;
        }
        // An Event or Tactic is never in play to be used (HB0430).
        if matches!(a, crate::ir::effect::Ability::Activated { .. })
            && matches!(kind, CardKind::Event | CardKind::Tactic)
        {
            return Err(CardProblem::Ability(
                crate::ir::effect::ShapeError::Invalid(
                    "an activated ability on an Event or Tactic",
                ),
            ));
        }
    }

    // Name and text.
    let name = card.name.as_str();
    if name.is_empty() {
        return Err(CardProblem::EmptyName);
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(CardProblem::NameTooLong { len: chars });
    }
    if name.trim() != name {
        return Err(CardProblem::NameWhitespace);
    }
    if name.chars().any(char::is_control) {
        return Err(CardProblem::NameControl);
    }
    for (field, text) in [("rules text", &card.text), ("flavour text", &card.flavour)] {
        if text.len() > MAX_TEXT_BYTES {
            return Err(CardProblem::TextTooLong {
                field,
                len: text.len(),
            });
        }
    }

    // Cost and income (§4.5, §4.6, §2.8).
    in_range("Resource cost", card.cost.resource, 0, MAX_AMOUNT)?;
    in_range("Currency cost", card.cost.currency, 0, MAX_AMOUNT)?;
    in_range("Resource income", card.income.resource, 0, MAX_AMOUNT)?;
    in_range("Currency income", card.income.currency, 0, MAX_AMOUNT)?;
    if !s.cost && !card.cost.is_zero() {
        return Err(not_allowed("a deployment cost"));
    }
    if !s.income && !card.income.is_zero() {
        return Err(not_allowed("income"));
    }

    // Printed attack, defense, wounds (§6.2).
    let stats = [
        ("attack", card.attack),
        ("defense", card.defense),
        ("wounds", card.wounds),
    ];
    for (what, value) in stats {
        let required = s.unit_stats || (s.module_station && what == "wounds");
        let optional = s.bonuses || (s.module_station && what != "wounds");
        match value {
            None if required => return Err(missing(what)),
            Some(_) if !required && !optional => return Err(not_allowed(what)),
            // A unit or Module-Station with no wounds is destroyed on arrival (§9.38).
            Some(v) if required && what == "wounds" => in_range(what, v, 1, MAX_STAT)?,
            Some(v) => in_range(what, v, 0, MAX_STAT)?,
            None => {}
        }
    }

    // Capacity and space (§2.4.1, §2.5.1).
    if card.capacity != Default::default() {
        if !s.capacity {
            return Err(not_allowed("Marine or Fighter Wing capacity"));
        }
        if kind == CardKind::Ship(ShipClass::FighterWing) && card.capacity.marines > 0 {
            return Err(CardProblem::FighterWingCarriesMarines);
        }
        in_range("Marine capacity", card.capacity.marines, 0, MAX_CAPACITY)?;
        in_range(
            "Fighter Wing capacity",
            card.capacity.wings,
            0,
            MAX_CAPACITY,
        )?;
    }
    if s.space {
        in_range("space", card.space, 1, MAX_SPACE)?;
    } else if card.space != 0 {
        return Err(not_allowed("space"));
    }

    // Faction (§9.14) and prototype (§8.8).
    if kind == CardKind::Station {
        if card.faction.is_none() {
            return Err(missing("a faction"));
        }
        if card.restricted {
            return Err(CardProblem::RestrictedStation);
        }
    }
    if card.restricted && card.faction.is_none() {
        return Err(CardProblem::RestrictedWithoutFaction);
    }
    if matches!(kind, CardKind::Stockpile(_)) && card.faction.is_some() {
        return Err(not_allowed("a faction"));
    }
    if card.prototype && !s.prototype {
        return Err(not_allowed("the prototype mark"));
    }

    // Size restriction (§2.4, §2.5).
    if let Some(fits) = &card.fits {
        if !s.fits {
            return Err(not_allowed("a size restriction"));
        }
        if let SizeRestriction::Classes(classes) = fits {
            if classes.is_empty() {
                return Err(CardProblem::FitsEmpty);
            }
            for (i, c) in classes.iter().enumerate() {
                if classes[..i].contains(c) {
                    return Err(CardProblem::FitsDuplicate { class: *c });
                }
            }
        }
        if !ShipClass::ALL.iter().any(|&c| fits.admits(c)) {
            return Err(CardProblem::FitsAdmitsNothing {
                fits: fits.to_string(),
            });
        }
    }

    // Traits (§3).
    if !card.traits.is_empty() && !s.traits {
        return Err(not_allowed("traits"));
    }
    for (i, t) in card.traits.iter().enumerate() {
        let name = t.name();
        if card.traits[..i]
            .iter()
            .any(|u| crate::ir::limits::same_trait(u, t))
        {
            return Err(CardProblem::DuplicateTrait { name });
        }
        if let Some(x) = t.value() {
            in_range(name.name(), x, 1, MAX_TRAIT_VALUE)?;
        }
        if let Trait::Regimented { count, .. } = *t {
            in_range("Regimented count", count, 1, MAX_REGIMENT)?;
        }
        if name == TraitName::FaceUpFaceDown && kind != CardKind::Module(ModuleKind::Ship) {
            return Err(CardProblem::FaceDownNotModuleShip);
        }
    }
    if kind == CardKind::Ship(ShipClass::CapitalShip) && !card.is_unique() {
        return Err(CardProblem::CapitalShipNotUnique);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Did-you-mean.

/// Longest query considered; names are at most [`MAX_NAME_CHARS`], so anything much longer is
/// not a typo of one, and the quadratic distance stays cheap.
const MAX_QUERY_CHARS: usize = 2 * MAX_NAME_CHARS;

/// For "did you mean …?" over any list of words (card names, keys, action words): the one
/// closest to `query`, as [`CardDb::nearest_name`] judges it.
pub fn nearest<'a>(query: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let q: Vec<char> = query.chars().flat_map(char::to_lowercase).collect();
    if q.is_empty() || q.len() > MAX_QUERY_CHARS {
        return None;
    }
    let limit = (q.len() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for name in names {
        let n: Vec<char> = name.chars().flat_map(char::to_lowercase).collect();
        if n.len().abs_diff(q.len()) > limit {
            continue;
        }
        let d = edit_distance(&q, &n);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, name));
        }
    }
    best.map(|(_, name)| name)
}

/// Edit distance counting an adjacent transposition as one edit (optimal string alignment),
/// since swapped letters are the commonest typo. `strsim` has this, but it is only a
/// dependency of the `compiler` feature and the engine links this module without it; both
/// inputs are short here, so three rows of a quadratic table are cheap.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            cur[j] = d;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_basics() {
        let d = |a: &str, b: &str| {
            edit_distance(
                &a.chars().collect::<Vec<_>>(),
                &b.chars().collect::<Vec<_>>(),
            )
        };
        assert_eq!(d("", ""), 0);
        assert_eq!(d("abc", ""), 3);
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("Griffin", "Grifin"), 1);
        assert_eq!(d("Raven", "Ravne"), 1);
        assert_eq!(d("ab", "ba"), 1);
    }

    #[test]
    fn nearest_prefers_closest_then_first() {
        let names = ["Crow", "Crown", "Raven"];
        assert_eq!(nearest("crow", names.iter().copied()), Some("Crow"));
        assert_eq!(nearest("Crowe", names.iter().copied()), Some("Crow"));
        assert_eq!(nearest("Ravne", names.iter().copied()), Some("Raven"));
        assert_eq!(nearest("Zephyr", names.iter().copied()), None);
        assert_eq!(nearest("", names.iter().copied()), None);
    }

    #[test]
    fn frame_then_unframe_is_identity() {
        let bytes = frame(FORMAT_VERSION, b"payload");
        assert_eq!(bytes.len(), HEADER_LEN + 7);
        assert_eq!(unframe(&bytes).ok(), Some(&b"payload"[..]));
    }
}
