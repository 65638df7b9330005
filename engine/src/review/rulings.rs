//! The rulings section of a review: every ruling file run under both versions by the one
//! ruling runner (`engine::ruling`), and each whose transcript differs shown with a diff of
//! the transcripts; the `REFUSED` lines it did not have before; the rulings that no longer
//! load or run.

use std::sync::Arc;

use serde::Serialize;

use super::{diff, Version};
use crate::{ruling, CardDb};

/// Lines of context kept around each change of a transcript.
const CONTEXT: usize = 2;

/// What happened to one ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// It ran before and runs now, to a different transcript.
    Changed,
    /// It ran before and does not now.
    Broken,
    /// It did not run before and runs now.
    Mended,
    /// A ruling file only the new version has (it is run, and shown when it does not run).
    Added,
    /// A ruling file only the old version has.
    Removed,
}

/// One ruling with something to say.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulingChange {
    pub ruling: String,
    pub verdict: Verdict,
    /// The transcripts' changed lines with a little context (`- `, `+ `, `  `).
    pub diff: Vec<String>,
    /// `REFUSED` lines the new transcript has that the old one had not.
    pub new_refusals: Vec<String>,
    /// Why it does not run under the new version.
    pub error: Option<String>,
}

/// A ruling run: its transcript, or why it could not be read or run.
fn run(text: &str, db: &Arc<CardDb>) -> Result<String, String> {
    let r = ruling::parse(text).map_err(|e| e.to_string())?;
    ruling::run(&r, db.clone()).map_err(|f| f.error.to_string())
}

fn refusals(transcript: &str) -> Vec<&str> {
    transcript
        .lines()
        .filter(|l| l.trim_start().starts_with("REFUSED"))
        .collect()
}

/// Every ruling of either version that runs differently, by name.
pub fn compare(
    old: &Version,
    old_db: &Arc<CardDb>,
    new: &Version,
    new_db: &Arc<CardDb>,
) -> Vec<RulingChange> {
    let mut out = Vec::new();
    for (name, text) in &new.rulings {
        let now = run(text, new_db);
        let before = old
            .rulings
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| run(t, old_db));
        let change = |verdict, diff, new_refusals, error| RulingChange {
            ruling: name.clone(),
            verdict,
            diff,
            new_refusals,
            error,
        };
        match (before, now) {
            (None, Ok(_)) => {}
            (None, Err(e)) => out.push(change(Verdict::Added, vec![], vec![], Some(e))),
            (Some(Ok(_)), Err(e)) => out.push(change(Verdict::Broken, vec![], vec![], Some(e))),
            (Some(Err(_)), Ok(_)) => out.push(change(Verdict::Mended, vec![], vec![], None)),
            (Some(Err(_)), Err(_)) => {}
            (Some(Ok(a)), Ok(b)) if a == b => {}
            (Some(Ok(a)), Ok(b)) => {
                let had = refusals(&a);
                let mut left = had.clone();
                let fresh = refusals(&b)
                    .into_iter()
                    .filter(|l| match left.iter().position(|x| x == l) {
                        Some(i) => {
                            left.remove(i);
                            false
                        }
                        None => true,
                    })
                    .map(|l| l.trim().to_string())
                    .collect();
                let d = diff::hunks(&diff::lines(&a, &b), CONTEXT);
                out.push(change(Verdict::Changed, d, fresh, None));
            }
        }
    }
    for (name, _) in &old.rulings {
        if !new.rulings.iter().any(|(n, _)| n == name) {
            out.push(RulingChange {
                ruling: name.clone(),
                verdict: Verdict::Removed,
                diff: vec![],
                new_refusals: vec![],
                error: None,
            });
        }
    }
    out.sort_by(|a, b| a.ruling.cmp(&b.ruling));
    out
}
