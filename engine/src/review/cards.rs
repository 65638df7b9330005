//! The cards section of a review: cards added, removed, renamed (the same card under a new
//! name, matched by content) and changed, each change said in words read from the checked IR
//! — `attack 4 → 5`, an ability's explained sentence before and after, a trait gained — never
//! a diff of the source, so a change of layout alone shows as none.
//!
//! The sentences come from the caller ([`Words`]: `cardc explain`'s, which are the compiler's
//! side of the line the engine library does not cross, invariant 1). The card is compared as
//! printed: no rule reads these values, so no effective characteristic applies.

use serde::Serialize;

use crate::ir::Card;

/// A card's abilities as sentences, one per ability in order (`cardc explain`'s words).
pub type Words<'a> = &'a dyn Fn(&Card) -> Vec<String>;

/// What became of the cards.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Cards {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub renamed: Vec<Renamed>,
    pub changed: Vec<Changed>,
}

/// A card whose name alone changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Renamed {
    pub from: String,
    pub to: String,
}

/// A card of the same name that reads differently, and how.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Changed {
    pub card: String,
    /// One line per change, in words.
    pub changes: Vec<String>,
}

impl Cards {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.renamed.is_empty()
            && self.changed.is_empty()
    }
}

/// Compare two pools' cards (each sorted by name in the result).
pub fn compare(old: &[Card], new: &[Card], words: Words) -> Cards {
    let find = |pool: &[Card], name: &str| pool.iter().position(|c| c.name == name);
    let mut out = Cards::default();
    let mut gone: Vec<&Card> = Vec::new();
    for o in old {
        match find(new, &o.name) {
            Some(i) => {
                let changes = changes(o, &new[i], words);
                if !changes.is_empty() {
                    out.changed.push(Changed {
                        card: o.name.clone(),
                        changes,
                    });
                }
            }
            None => gone.push(o),
        }
    }
    let mut fresh: Vec<&Card> = new
        .iter()
        .filter(|n| find(old, &n.name).is_none())
        .collect();
    for o in gone {
        // The same card under another name: everything but the name (and the id, which is
        // only its place in the pool) reads alike.
        match fresh
            .iter()
            .position(|n| changes(o, n, words) == [rename_line(o, n)])
        {
            Some(i) => {
                let n = fresh.remove(i);
                out.renamed.push(Renamed {
                    from: o.name.clone(),
                    to: n.name.clone(),
                });
            }
            None => out.removed.push(o.name.clone()),
        }
    }
    out.added = fresh.iter().map(|c| c.name.clone()).collect();
    out.added.sort();
    out.removed.sort();
    out.renamed.sort_by(|a, b| a.from.cmp(&b.from));
    out.changed.sort_by(|a, b| a.card.cmp(&b.card));
    out
}

fn rename_line(o: &Card, n: &Card) -> String {
    format!("name \"{}\" → \"{}\"", o.name, n.name)
}

/// `a → b` when they differ.
fn field(out: &mut Vec<String>, what: &str, a: String, b: String) {
    if a != b {
        out.push(format!("{what} {a} → {b}"));
    }
}

fn stat(v: Option<u8>) -> String {
    v.map_or_else(|| "none".to_string(), |v| v.to_string())
}

fn yes(v: bool) -> String {
    if v { "yes" } else { "no" }.to_string()
}

/// Printed text with its layout (runs of white space) set aside.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every way `n` reads differently from `o`, in words; empty when they read alike.
pub fn changes(o: &Card, n: &Card, said: Words) -> Vec<String> {
    let mut out = Vec::new();
    if o.name != n.name {
        out.push(rename_line(o, n));
    }
    field(&mut out, "type", o.kind.type_line(), n.kind.type_line());
    field(&mut out, "cost", o.cost.to_string(), n.cost.to_string());
    field(
        &mut out,
        "income",
        o.income.to_string(),
        n.income.to_string(),
    );
    // printed: §6.2, the attack printed on the card, compared between versions.
    field(&mut out, "attack", stat(o.attack), stat(n.attack));
    // printed: §6.2, the defense printed on the card.
    field(&mut out, "defense", stat(o.defense), stat(n.defense));
    field(&mut out, "wounds", stat(o.wounds), stat(n.wounds));
    // printed: §2.4.1, the capacity icons printed on the card.
    let marines = |c: &Card| c.capacity.marines.to_string();
    // printed: §2.4.1, as above.
    let wings = |c: &Card| c.capacity.wings.to_string();
    field(&mut out, "carries Marines", marines(o), marines(n));
    field(&mut out, "carries Wings", wings(o), wings(n));
    field(&mut out, "space", o.space.to_string(), n.space.to_string());
    let faction = |c: &Card| c.faction.map_or_else(|| "none".into(), |f| f.to_string());
    field(&mut out, "faction", faction(o), faction(n));
    field(
        &mut out,
        "faction only",
        yes(o.restricted),
        yes(n.restricted),
    );
    field(&mut out, "Prototype", yes(o.prototype), yes(n.prototype));
    let fits = |c: &Card| {
        c.fits
            .as_ref()
            .map_or_else(|| "any".into(), |f| f.to_string())
    };
    field(&mut out, "fits", fits(o), fits(n));
    // printed: §3.3, the traits printed on the card.
    let traits = |c: &Card| -> Vec<String> { c.traits.iter().map(|t| t.to_string()).collect() };
    let (ot, nt) = (traits(o), traits(n));
    for t in &ot {
        if !nt.contains(t) {
            out.push(format!("trait lost: {t}"));
        }
    }
    for t in &nt {
        if !ot.contains(t) {
            out.push(format!("trait gained: {t}"));
        }
    }
    if words(&o.text) != words(&n.text) {
        out.push(format!(
            "printed text \"{}\" → \"{}\"",
            words(&o.text),
            words(&n.text)
        ));
    }
    if words(&o.flavour) != words(&n.flavour) {
        out.push("flavour text changed".to_string());
    }
    // Abilities as `cardc explain` says them on this card: a sentence that is in one and not
    // the other is an ability lost or gained (or changed, when one goes and one comes).
    let (oa, na) = (said(o), said(n));
    let lost: Vec<&String> = unmatched(&oa, &na);
    let gained: Vec<&String> = unmatched(&na, &oa);
    if lost.len() == 1 && gained.len() == 1 {
        out.push(format!("ability \"{}\" → \"{}\"", lost[0], gained[0]));
    } else {
        out.extend(lost.iter().map(|s| format!("ability lost: \"{s}\"")));
        out.extend(gained.iter().map(|s| format!("ability gained: \"{s}\"")));
    }
    if lost.is_empty() && gained.is_empty() && o.abilities != n.abilities {
        // Never show nothing for a change the engine will see.
        out.push(if oa != na {
            "abilities reordered".to_string()
        } else {
            "abilities changed in a way their explanation does not show".to_string()
        });
    }
    out
}

/// The sentences of `a` not matched one for one in `b`.
fn unmatched<'a>(a: &'a [String], b: &[String]) -> Vec<&'a String> {
    let mut left: Vec<&String> = b.iter().collect();
    a.iter()
        .filter(|s| match left.iter().position(|t| t == s) {
            Some(i) => {
                left.remove(i);
                false
            }
            None => true,
        })
        .collect()
}
