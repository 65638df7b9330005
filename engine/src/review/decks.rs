//! The decks section of a review: every decklist that becomes illegal under the new pool
//! (with its problems, as `engine::deck` finds them) or legal, and the lines of its summary —
//! counts by type, the cost curve — that move.

use serde::Serialize;

use super::{diff, Version};
use crate::deck::{self, DeckOptions, DeckReport};
use crate::CardDb;

/// How a deck fares under each pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Legal before, illegal now (or a new decklist that is illegal).
    BecomesIllegal,
    /// Illegal before, legal now.
    BecomesLegal,
    /// Illegal before and now.
    StaysIllegal,
    /// Legal before and now.
    StaysLegal,
    /// A decklist only the old version has.
    Removed,
}

/// One decklist whose verdict or summary moves.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeckChange {
    pub deck: String,
    pub verdict: Verdict,
    /// The deck's problems under the new pool, `line N: what`, with the section it breaks.
    pub problems: Vec<String>,
    /// The summary's changed lines, `- before` and `+ after`.
    pub summary: Vec<String>,
}

fn report(bytes: &[u8], db: &CardDb) -> (DeckReport, Vec<String>) {
    let list = deck::parse(bytes);
    let report = deck::validate(&list, db, &DeckOptions::default());
    let problems = report
        .violations
        .iter()
        .map(|v| {
            let at = v.span.as_ref().map(|s| {
                let before = list.source.get(..s.start).unwrap_or_default();
                format!("line {}: ", before.matches('\n').count() + 1)
            });
            let cite = v
                .rule
                .citation()
                .map(|c| format!(" ({c})"))
                .unwrap_or_default();
            format!("{}{}{cite}", at.unwrap_or_default(), v.message)
        })
        .collect();
    (report, problems)
}

/// Every deck of either version whose verdict or summary differs, by name.
pub fn compare(old: &Version, old_db: &CardDb, new: &Version, new_db: &CardDb) -> Vec<DeckChange> {
    let mut out = Vec::new();
    for (name, bytes) in &new.decks {
        let (now, problems) = report(bytes, new_db);
        let before = old
            .decks
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| report(b, old_db).0);
        let verdict = match (before.as_ref().map(DeckReport::is_legal), now.is_legal()) {
            (Some(true) | None, false) => Verdict::BecomesIllegal,
            (Some(false), true) => Verdict::BecomesLegal,
            (Some(false), false) => Verdict::StaysIllegal,
            (_, true) => Verdict::StaysLegal,
        };
        let summary = match &before {
            Some(b) => {
                let d = diff::lines(&b.summary.to_string(), &now.summary.to_string());
                d.into_iter().filter(|l| !l.starts_with("  ")).collect()
            }
            None => Vec::new(),
        };
        let stays = matches!(verdict, Verdict::StaysLegal | Verdict::StaysIllegal);
        let same_problems = before
            .as_ref()
            .is_some_and(|b| b.violations == now.violations);
        if stays && summary.is_empty() && (verdict == Verdict::StaysLegal || same_problems) {
            continue;
        }
        out.push(DeckChange {
            deck: name.clone(),
            verdict,
            problems,
            summary,
        });
    }
    for (name, _) in &old.decks {
        if !new.decks.iter().any(|(n, _)| n == name) {
            out.push(DeckChange {
                deck: name.clone(),
                verdict: Verdict::Removed,
                problems: Vec::new(),
                summary: Vec::new(),
            });
        }
    }
    out.sort_by(|a, b| a.deck.cmp(&b.deck));
    out
}
