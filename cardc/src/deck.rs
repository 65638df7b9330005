//! Deck checks for the CLI: `engine::deck` decides, this module only turns its violations
//! into the compiler's [`Diagnostic`]s so decks and card files render the same way.

use cardlang::diag::Diagnostic;
use cardlang::source::SourceFile;
use engine::deck::{self, CardLookup, DeckOptions, DeckSummary};

/// The outcome of checking one decklist.
#[derive(Debug, Clone)]
pub struct DeckCheck {
    /// The decklist as the diagnostics show it (see `engine::deck::parse`).
    pub source: SourceFile,
    pub diagnostics: Vec<Diagnostic>,
    pub summary: DeckSummary,
}

impl DeckCheck {
    pub fn is_legal(&self) -> bool {
        self.diagnostics.iter().all(|d| !d.is_error())
    }
}

/// Parses and validates the decklist `bytes`, shown under the display name `file`.
pub fn check_deck<P: CardLookup + ?Sized>(
    file: &str,
    bytes: &[u8],
    pool: &P,
    options: &DeckOptions,
) -> DeckCheck {
    let (list, report) = deck::check(bytes, pool, options);
    DeckCheck {
        diagnostics: report
            .violations
            .iter()
            .map(|v| to_diagnostic(v, file))
            .collect(),
        source: SourceFile::new(file, list.source),
        summary: report.summary,
    }
}

/// One violation as a diagnostic (shared with `hullbreach`).
pub use engine::diagnostics::deck_diagnostic as to_diagnostic;
