//! Constructed-deck lists: reading, parsing and validating them against a card pool.
//!
//! A decklist is plain text, one `N Card Name` line per card (see `docs/decks.md`). This module
//! owns the whole path from untrusted bytes to a verdict:
//! - [`read`]: bounded reading of a deck file (size cap, directories, IO errors);
//! - [`parse`]: bytes -> [`Decklist`] (entries with line numbers and byte spans), turning every
//!   malformed line into a [`Violation`] instead of failing;
//! - [`validate`]: the deck-construction rules ("Your Constructed Deck", §2.1.1–§2.1.3, §8.8,
//!   §9.14), every violation of every rule reported in one run;
//! - [`summary`]: counts by type and the cost curve of a deck.
//!
//! Violations are plain values (rule, message, spans, help); rendering them is the caller's
//! business (`cardc` turns them into miette diagnostics), so the engine stays free of any
//! reporting library.

pub mod parse;
pub mod read;
pub mod summary;
pub mod validate;

use std::fmt;
use std::ops::Range;

use cardlang::db::CardDb;
use cardlang::ir::Card;

pub use cardlang::ir::CardType;
pub use parse::{parse, DeckEntry, Decklist, MAX_CARD_LINES, MAX_DECK_BYTES, MAX_LINE_BYTES};
pub use read::{read_deck_file, DeckFileError};
pub use summary::{CostCurve, DeckSummary};
pub use validate::{validate, DeckOptions, DeckReport};

/// What the validator needs from a card pool: lookup by exact printed name, and a
/// nearest-name suggestion for typos.
pub trait CardLookup {
    /// The card printed with exactly this name.
    fn card_named(&self, name: &str) -> Option<&Card>;
    /// The closest known card name, if any is close enough to be a useful suggestion.
    fn suggest_name(&self, name: &str) -> Option<&str>;
}

impl CardLookup for CardDb {
    fn card_named(&self, name: &str) -> Option<&Card> {
        self.by_name(name)
    }

    fn suggest_name(&self, name: &str) -> Option<&str> {
        self.nearest_name(name)
    }
}

/// The cards of a legal decklist, one id per copy, in list order: what `Game::new` deals
/// from. `None` if a name is not in the pool (validate first: a legal deck has none).
pub fn card_ids(list: &Decklist, pool: &CardDb) -> Option<Vec<cardlang::ir::CardId>> {
    let mut ids = Vec::new();
    for e in &list.entries {
        let card = pool.by_name(&e.name)?;
        // A legal deck is 55 cards; the cap keeps a hostile count from allocating.
        let n = e.count.min(crate::game::MAX_CARDS as u32);
        ids.extend(std::iter::repeat_n(card.id, n as usize));
    }
    Some(ids)
}

/// Parses and validates a decklist in one step.
pub fn check<P: CardLookup + ?Sized>(
    bytes: &[u8],
    pool: &P,
    options: &DeckOptions,
) -> (Decklist, DeckReport) {
    let list = parse(bytes);
    let report = validate(&list, pool, options);
    (list, report)
}

/// The rule (or format requirement) a [`Violation`] breaks. Each has a stable code for
/// machine-readable output and the rulebook section that states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DeckRule {
    /// The file is larger than [`MAX_DECK_BYTES`].
    FileTooLarge,
    /// The file contains NUL bytes: not a text file.
    Binary,
    /// So many unreadable lines that the rest are not listed.
    TooManyProblems,
    /// More than [`parse::MAX_CARD_LINES`] card lines; the rest is not read.
    TooManyLines,
    /// A line is not valid UTF-8.
    InvalidUtf8,
    /// A line holds control characters.
    ControlCharacter,
    /// A line is longer than [`MAX_LINE_BYTES`].
    LineTooLong,
    /// A `[Section]` header that does not close or is empty.
    BadSection,
    /// A card line without a leading count.
    MissingCount,
    /// A count followed by no card name.
    MissingName,
    /// A count of zero.
    ZeroCount,
    /// A negative count.
    NegativeCount,
    /// A count too large to be a number of cards.
    CountTooLarge,
    /// The file holds no card lines at all.
    Empty,
    /// A name that no card in the pool carries.
    UnknownCard,
    /// Not exactly 55 cards ("Your Constructed Deck").
    DeckSize,
    /// Not exactly one Station (§2.1.3).
    StationCount,
    /// Fewer than two Module-Station cards ("Your Constructed Deck").
    ModuleStationCount,
    /// Not exactly one Resource Stockpile ("Your Constructed Deck").
    ResourceStockpileCount,
    /// Not exactly one Currency Stockpile ("Your Constructed Deck").
    CurrencyStockpileCount,
    /// More than five copies of a Ship, Marine or Module (§2.1.1).
    CopyLimit,
    /// More than one copy of an Event, Tactic or Breakthru (§2.1.2).
    SingleCopy,
    /// More than one copy of a Marine-Character ("Your Constructed Deck", §2.4.2).
    CharacterCopy,
    /// A faction-restricted card without a Station of its faction (§9.14).
    Faction,
    /// A Prototype card in a game that has not agreed to them (§8.8).
    Prototype,
}

impl DeckRule {
    /// Stable diagnostic code: `HB06xx` for the decklist format, `HB07xx` for deck-construction
    /// rules (the card compiler uses `HB00xx`–`HB04xx`). Documented in docs/decks.md.
    pub fn code(self) -> &'static str {
        match self {
            DeckRule::FileTooLarge => "HB0601",
            DeckRule::Binary => "HB0602",
            DeckRule::InvalidUtf8 => "HB0603",
            DeckRule::ControlCharacter => "HB0604",
            DeckRule::LineTooLong => "HB0605",
            DeckRule::TooManyProblems => "HB0606",
            DeckRule::BadSection => "HB0607",
            DeckRule::MissingCount => "HB0608",
            DeckRule::MissingName => "HB0609",
            DeckRule::ZeroCount => "HB0610",
            DeckRule::NegativeCount => "HB0611",
            DeckRule::CountTooLarge => "HB0612",
            DeckRule::UnknownCard => "HB0613",
            DeckRule::Empty => "HB0614",
            DeckRule::TooManyLines => "HB0615",
            DeckRule::DeckSize => "HB0701",
            DeckRule::StationCount => "HB0702",
            DeckRule::ModuleStationCount => "HB0703",
            DeckRule::ResourceStockpileCount => "HB0704",
            DeckRule::CurrencyStockpileCount => "HB0705",
            DeckRule::CopyLimit => "HB0706",
            DeckRule::SingleCopy => "HB0707",
            DeckRule::CharacterCopy => "HB0708",
            DeckRule::Faction => "HB0709",
            DeckRule::Prototype => "HB0710",
        }
    }

    /// Every rule, in code order (for the documentation check).
    pub const ALL: [DeckRule; 25] = [
        DeckRule::FileTooLarge,
        DeckRule::Binary,
        DeckRule::InvalidUtf8,
        DeckRule::ControlCharacter,
        DeckRule::LineTooLong,
        DeckRule::TooManyProblems,
        DeckRule::BadSection,
        DeckRule::MissingCount,
        DeckRule::MissingName,
        DeckRule::ZeroCount,
        DeckRule::NegativeCount,
        DeckRule::CountTooLarge,
        DeckRule::UnknownCard,
        DeckRule::Empty,
        DeckRule::TooManyLines,
        DeckRule::DeckSize,
        DeckRule::StationCount,
        DeckRule::ModuleStationCount,
        DeckRule::ResourceStockpileCount,
        DeckRule::CurrencyStockpileCount,
        DeckRule::CopyLimit,
        DeckRule::SingleCopy,
        DeckRule::CharacterCopy,
        DeckRule::Faction,
        DeckRule::Prototype,
    ];

    /// The rulebook section stating the rule: a number like `2.1.1`, or the title of an
    /// unnumbered section. `None` for the decklist format itself (docs/decks.md).
    pub fn section(self) -> Option<&'static str> {
        match self {
            DeckRule::FileTooLarge
            | DeckRule::Binary
            | DeckRule::TooManyProblems
            | DeckRule::TooManyLines
            | DeckRule::InvalidUtf8
            | DeckRule::ControlCharacter
            | DeckRule::LineTooLong
            | DeckRule::BadSection
            | DeckRule::MissingCount
            | DeckRule::MissingName
            | DeckRule::ZeroCount
            | DeckRule::NegativeCount
            | DeckRule::CountTooLarge
            | DeckRule::UnknownCard => None,
            DeckRule::Empty
            | DeckRule::DeckSize
            | DeckRule::ModuleStationCount
            | DeckRule::ResourceStockpileCount
            | DeckRule::CurrencyStockpileCount
            | DeckRule::CharacterCopy => Some(CONSTRUCTED_DECK),
            DeckRule::StationCount => Some("2.1.3"),
            DeckRule::CopyLimit => Some("2.1.1"),
            DeckRule::SingleCopy => Some("2.1.2"),
            DeckRule::Faction => Some("9.14"),
            DeckRule::Prototype => Some("8.8"),
        }
    }

    /// The section as cited in prose: `§2.1.1`, or `rulebook "Your Constructed Deck"`.
    pub fn citation(self) -> Option<String> {
        self.section().map(|s| {
            if s.starts_with(|c: char| c.is_ascii_digit()) {
                format!("§{s}")
            } else {
                format!("rulebook \"{s}\"")
            }
        })
    }
}

/// Title of the unnumbered rulebook section with the deck-construction rules.
pub const CONSTRUCTED_DECK: &str = "Your Constructed Deck";

impl fmt::Display for DeckRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One broken rule, located in the decklist text ([`Decklist::source`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub rule: DeckRule,
    /// What is wrong, in one sentence, without the section citation (see [`DeckRule::citation`]).
    pub message: String,
    /// The offending line's byte range in the source; `None` for whole-deck counts.
    pub span: Option<Range<usize>>,
    /// Label for `span`.
    pub label: Option<String>,
    /// Other lines that take part (the other copies of a card, the Station it conflicts with).
    pub related: Vec<(Range<usize>, String)>,
    /// How to fix it, when there is something useful to say.
    pub help: Option<String>,
}

impl Violation {
    fn new(rule: DeckRule, message: impl Into<String>) -> Self {
        Violation {
            rule,
            message: message.into(),
            span: None,
            label: None,
            related: Vec::new(),
            help: None,
        }
    }

    fn at(mut self, span: Range<usize>, label: impl Into<String>) -> Self {
        self.span = Some(span);
        self.label = Some(label.into());
        self
    }

    fn with_related(mut self, span: Range<usize>, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }

    fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}
