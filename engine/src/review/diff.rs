//! A small line diff (longest common subsequence), for ruling transcripts and deck summaries.
//!
//! Our own rather than a crate's: a review diffs a few hundred lines at most, and forty lines
//! here cost less than another dependency to build on every machine. The table is bounded:
//! past [`MAX_CELLS`] the common head and tail are kept and the middle shown as replaced.

/// Most cells of the table (old lines × new lines) the diff fills.
pub const MAX_CELLS: usize = 4_000_000;

/// The lines of `new` against `old`: `  ` kept, `- ` removed, `+ ` added, in order.
pub fn lines(old: &str, new: &str) -> Vec<String> {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    // The common head and tail need no table.
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (am, bm) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut out: Vec<String> = a[..head].iter().map(|l| format!("  {l}")).collect();
    if am.len().saturating_mul(bm.len()) > MAX_CELLS {
        out.extend(am.iter().map(|l| format!("- {l}")));
        out.extend(bm.iter().map(|l| format!("+ {l}")));
    } else {
        // `len[i][j]`: the longest common subsequence of `am[i..]` and `bm[j..]`.
        let w = bm.len() + 1;
        let mut len = vec![0u32; (am.len() + 1) * w];
        for i in (0..am.len()).rev() {
            for j in (0..bm.len()).rev() {
                len[i * w + j] = if am[i] == bm[j] {
                    len[(i + 1) * w + j + 1] + 1
                } else {
                    len[(i + 1) * w + j].max(len[i * w + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < am.len() || j < bm.len() {
            if i < am.len() && j < bm.len() && am[i] == bm[j] {
                out.push(format!("  {}", am[i]));
                i += 1;
                j += 1;
            } else if i < am.len() && (j == bm.len() || len[(i + 1) * w + j] >= len[i * w + j + 1])
            {
                // What goes before what comes, as a reader expects.
                out.push(format!("- {}", am[i]));
                i += 1;
            } else {
                out.push(format!("+ {}", bm[j]));
                j += 1;
            }
        }
    }
    out.extend(a[a.len() - tail..].iter().map(|l| format!("  {l}")));
    out
}

/// The changed lines of a diff with at most `context` kept lines around each change; runs of
/// kept lines left out show as `  …`.
pub fn hunks(diff: &[String], context: usize) -> Vec<String> {
    let changed: Vec<bool> = diff.iter().map(|l| !l.starts_with("  ")).collect();
    let near = |i: usize| {
        let lo = i.saturating_sub(context);
        let hi = (i + context + 1).min(diff.len());
        changed[lo..hi].iter().any(|&c| c)
    };
    let mut out = Vec::new();
    let mut skipped = false;
    for (i, line) in diff.iter().enumerate() {
        if near(i) {
            if skipped {
                out.push("  …".to_string());
                skipped = false;
            }
            out.push(line.clone());
        } else {
            skipped = true;
        }
    }
    if skipped && !out.is_empty() {
        out.push("  …".to_string());
    }
    out
}
