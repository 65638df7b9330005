//! A review printed for a terminal, as Markdown for a pull request's comment, and as JSON.
//! The text and the Markdown say the same things in the same order; names and lines from the
//! pool are escaped in Markdown so a card name cannot break the comment's layout.

use std::fmt::Write as _;

use super::{decks, rulings, Review};

/// How to print a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Markdown,
    Json,
}

/// The review in `format`, with the gate's verdict (`denied`: why it fails; `gated`: whether
/// a gate was asked for at all).
pub fn render(r: &Review, format: Format, denied: &[String], gated: bool) -> String {
    match format {
        Format::Json => {
            let value = serde_json::json!({
                "review": r,
                "gate": { "asked": gated, "passed": denied.is_empty(), "denied": denied },
            });
            let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
            s.push('\n');
            s
        }
        Format::Text => Out::new(false).review(r, denied, gated),
        Format::Markdown => Out::new(true).review(r, denied, gated),
    }
}

/// The characters that mean something inside a Markdown line escaped, for text outside code
/// (it never starts a line: each is after a bullet or a table's bar).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\`*_[]<>|~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A fence longer than any run of backticks in `lines`.
fn fence(lines: &[String]) -> String {
    let longest = lines
        .iter()
        .flat_map(|l| l.split(|c| c != '`').map(str::len))
        .max()
        .unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

struct Out {
    md: bool,
    s: String,
}

impl Out {
    fn new(md: bool) -> Out {
        Out {
            md,
            s: String::new(),
        }
    }

    /// Words from the pool: escaped in Markdown.
    fn w(&self, text: &str) -> String {
        if self.md {
            escape(text)
        } else {
            text.to_string()
        }
    }

    fn heading(&mut self, text: &str) {
        if self.md {
            // One blank line before a heading, whatever ended the section before it.
            while self.s.ends_with("\n\n") {
                self.s.pop();
            }
            let _ = writeln!(self.s, "\n### {text}\n");
        } else {
            let _ = writeln!(self.s, "\n{text}");
        }
    }

    /// An item at `depth` (0 or 1).
    fn item(&mut self, depth: usize, text: &str) {
        let indent = "  ".repeat(depth + usize::from(!self.md));
        let bullet = if self.md { "- " } else { "" };
        let _ = writeln!(self.s, "{indent}{bullet}{text}");
    }

    /// Lines shown as they are: a `diff` block in Markdown.
    fn block(&mut self, lines: &[String]) {
        if lines.is_empty() {
            return;
        }
        if self.md {
            let f = fence(lines);
            let _ = writeln!(self.s, "\n  {f}diff");
            for l in lines {
                let _ = writeln!(self.s, "  {}", l.trim_end());
            }
            let _ = writeln!(self.s, "  {f}\n");
        } else {
            for l in lines {
                let _ = writeln!(self.s, "{}", format!("      {l}").trim_end());
            }
        }
    }

    fn review(mut self, r: &Review, denied: &[String], gated: bool) -> String {
        let title = format!("Pool review: {} → {}", self.w(&r.old), self.w(&r.new));
        if self.md {
            let _ = writeln!(self.s, "## {title}");
        } else {
            let _ = writeln!(self.s, "{title}");
        }
        for b in &r.broken {
            self.heading(&format!("{} does not compile", self.w(&b.version)));
            self.block(&b.problems);
        }
        self.cards(r);
        self.decks(r);
        self.rulings(r);
        self.balance(r);
        self.standings(r);
        self.heading("Gate");
        if !gated && denied.is_empty() {
            self.item(0, "no gate asked for (--deny)");
        } else if denied.is_empty() {
            self.item(0, "passed");
        } else {
            self.item(0, &format!("denied ({})", denied.len()));
            for d in denied {
                let t = self.w(d);
                self.item(1, &t);
            }
        }
        self.s
    }

    fn cards(&mut self, r: &Review) {
        let c = &r.cards;
        self.heading(&format!(
            "Cards: {} added, {} removed, {} renamed, {} changed",
            c.added.len(),
            c.removed.len(),
            c.renamed.len(),
            c.changed.len()
        ));
        if c.is_empty() {
            self.item(0, "no card reads differently");
        }
        for n in &c.added {
            let t = format!("added: {}", self.w(n));
            self.item(0, &t);
        }
        for n in &c.removed {
            let t = format!("removed: {}", self.w(n));
            self.item(0, &t);
        }
        for n in &c.renamed {
            let t = format!("renamed: {} → {}", self.w(&n.from), self.w(&n.to));
            self.item(0, &t);
        }
        for ch in &c.changed {
            let t = format!("changed: {}", self.w(&ch.card));
            self.item(0, &t);
            for line in &ch.changes {
                let t = self.w(line);
                self.item(1, &t);
            }
        }
    }

    fn decks(&mut self, r: &Review) {
        if !r.compared {
            self.heading("Decks: not judged, a pool does not compile");
            return;
        }
        if r.decks_read == 0 && r.decks.is_empty() {
            self.heading("Decks: none found (the pool's decks/, or --decks DIR)");
            return;
        }
        self.heading(&format!("Decks: {} with something to say", r.decks.len()));
        if r.decks.is_empty() {
            self.item(
                0,
                "every decklist stays as legal as it was, its summary unchanged",
            );
        }
        for d in &r.decks {
            let verdict = match d.verdict {
                decks::Verdict::BecomesIllegal => "becomes illegal",
                decks::Verdict::BecomesLegal => "becomes legal",
                decks::Verdict::StaysIllegal => "stays illegal",
                decks::Verdict::StaysLegal => "stays legal",
                decks::Verdict::Removed => "is removed",
            };
            let t = format!("{} {verdict}", self.w(&d.deck));
            self.item(0, &t);
            for p in &d.problems {
                let t = self.w(p);
                self.item(1, &t);
            }
            if !d.summary.is_empty() {
                self.item(1, "summary lines that move:");
                self.block(&d.summary);
            }
        }
    }

    fn rulings(&mut self, r: &Review) {
        if r.rulings_run == 0 {
            self.heading("Rulings: none given (--rulings DIR)");
            return;
        }
        if !r.compared {
            self.heading("Rulings: not run, a pool does not compile");
            return;
        }
        self.heading(&format!(
            "Rulings: {} of {} with something to say",
            r.rulings.len(),
            r.rulings_run
        ));
        if r.rulings.is_empty() {
            self.item(0, "every ruling reads as it did");
        }
        for c in &r.rulings {
            let verdict = match c.verdict {
                rulings::Verdict::Changed => "reads differently",
                rulings::Verdict::Broken => "no longer runs",
                rulings::Verdict::Mended => "runs again",
                rulings::Verdict::Added => "is new and does not run",
                rulings::Verdict::Removed => "is removed",
            };
            let t = format!("{} {verdict}", self.w(&c.ruling));
            self.item(0, &t);
            if let Some(e) = &c.error {
                let t = self.w(e);
                self.item(1, &t);
            }
            for l in &c.new_refusals {
                let t = format!("new: {}", self.w(l));
                self.item(1, &t);
            }
            self.block(&c.diff);
        }
    }

    fn balance(&mut self, r: &Review) {
        self.heading("Balance: each changed card, old against new");
        if let Some(note) = &r.balance_note {
            self.item(0, &format!("no games: {note}"));
            return;
        }
        self.item(0, &self.w(&r.balance_run));
        let pct = |x: f64| format!("{:.1}%", x * 100.0);
        let pts = |x: f64| format!("{:+.1}", x * 100.0);
        if self.md && !r.balance.matchups.is_empty() {
            let _ = writeln!(
                self.s,
                "\n| card | deck | against | before | after | shift (95% interval) | verdict |\n\
                 |---|---|---|---:|---:|---:|---|"
            );
            for m in &r.balance.matchups {
                let _ = writeln!(
                    self.s,
                    "| {} | {} | {} | {} | {} | {} ({} to {}) | {} |",
                    escape(&m.card),
                    escape(&m.deck),
                    escape(&m.opponent),
                    pct(m.before.rate),
                    pct(m.after.rate),
                    pts(m.shift.shift),
                    pts(m.shift.low),
                    pts(m.shift.high),
                    m.verdict
                );
            }
            let _ = writeln!(self.s);
        } else {
            for m in &r.balance.matchups {
                let t = format!(
                    "{} in {} against {}: {} → {}, {} points (95%: {} to {}), {}",
                    m.card,
                    m.deck,
                    m.opponent,
                    pct(m.before.rate),
                    pct(m.after.rate),
                    pts(m.shift.shift),
                    pts(m.shift.low),
                    pts(m.shift.high),
                    m.verdict
                );
                self.item(0, &t);
            }
        }
        for s in &r.balance.skipped {
            let t = format!("{}: no games, {}", self.w(&s.card), self.w(&s.why));
            self.item(0, &t);
        }
    }

    /// `--round-robin`: every deck's rating and wins, old pool and new.
    fn standings(&mut self, r: &Review) {
        if r.standings.is_empty() && r.standings_note.is_none() {
            return;
        }
        self.heading("Round robin: every deck legal in both versions, old pool against new");
        if let Some(note) = &r.standings_note {
            self.item(0, &format!("no games: {}", self.w(note)));
            return;
        }
        let pct = |x: f64| format!("{:.1}%", x * 100.0);
        if self.md {
            let _ = writeln!(
                self.s,
                "\n| deck | rating before | rating after | change | wins before | wins after |\n\
                 |---|---:|---:|---:|---:|---:|"
            );
            for d in &r.standings {
                let _ = writeln!(
                    self.s,
                    "| {} | {:.0} | {:.0} | {:+.0} | {} | {} |",
                    escape(&d.deck),
                    d.rating_before,
                    d.rating_after,
                    d.rating_after - d.rating_before,
                    pct(d.won_before.rate),
                    pct(d.won_after.rate)
                );
            }
            let _ = writeln!(self.s);
        } else {
            for d in &r.standings {
                let t = format!(
                    "{}: rating {:.0} → {:.0} ({:+.0}), wins {} → {}",
                    d.deck,
                    d.rating_before,
                    d.rating_after,
                    d.rating_after - d.rating_before,
                    pct(d.won_before.rate),
                    pct(d.won_after.rate)
                );
                self.item(0, &t);
            }
        }
    }
}
