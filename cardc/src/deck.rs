//! Deck checks for the CLI: `engine::deck` decides, this module only turns its violations
//! into the compiler's [`Diagnostic`]s so decks and card files render the same way.

use cardlang::diag::Diagnostic;
use cardlang::source::{SourceFile, Span};
use engine::deck::{self, CardLookup, DeckOptions, DeckRule, DeckSummary, Violation};

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

/// One violation as a diagnostic: the rule's code, its section cited in the message.
pub fn to_diagnostic(v: &Violation, file: &str) -> Diagnostic {
    let message = match v.rule.citation() {
        Some(cite) => format!("{} ({cite})", v.message),
        None => v.message.clone(),
    };
    let mut d = Diagnostic::error(v.rule.code(), file, message);
    if let Some(span) = &v.span {
        d = d.at(
            Span::from(span.clone()),
            v.label.clone().unwrap_or_default(),
        );
    }
    for (span, label) in &v.related {
        d = d.with_label(Span::from(span.clone()), label.clone());
    }
    let help = match (v.rule, &v.help) {
        (DeckRule::Prototype, Some(h)) => {
            Some(format!("{h}; check with `--allow-prototypes` when they do"))
        }
        (_, h) => h.clone(),
    };
    if let Some(h) = help {
        d = d.with_help(h);
    }
    d
}
