//! What a deck holds: counts by card type and the cost curve (total Resource + Currency).

use std::collections::BTreeMap;
use std::fmt;

use cardlang::ir::{Card, CardType};

/// Stations and Stockpiles are never deployed for a cost; they stay off the cost curve.
fn has_cost(t: CardType) -> bool {
    !matches!(
        t,
        CardType::Station | CardType::ResourceStockpile | CardType::CurrencyStockpile
    )
}

/// Cards by total deployment cost (Resource + Currency): buckets 0..=9, then 10 or more.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CostCurve {
    pub buckets: [u64; CostCurve::BUCKETS],
}

impl CostCurve {
    pub const BUCKETS: usize = 11;

    fn add(&mut self, card: &Card, copies: u64) {
        let cost = usize::from(card.cost.resource) + usize::from(card.cost.currency);
        let last = Self::BUCKETS - 1;
        if let Some(b) = self.buckets.get_mut(cost.min(last)) {
            *b += copies;
        }
    }
}

/// Counts of a deck's recognised cards.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckSummary {
    pub cards: u64,
    pub by_type: BTreeMap<CardType, u64>,
    pub cost_curve: CostCurve,
}

impl DeckSummary {
    pub fn from_cards<'a>(cards: impl IntoIterator<Item = (u32, &'a Card)>) -> Self {
        let mut s = DeckSummary::default();
        for (count, card) in cards {
            let copies = u64::from(count);
            let group = CardType::of(card.kind);
            s.cards += copies;
            *s.by_type.entry(group).or_default() += copies;
            if has_cost(group) {
                s.cost_curve.add(card, copies);
            }
        }
        s
    }
}

/// A plain-text table: one row per type present, then the cost curve as a bar chart.
impl fmt::Display for DeckSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} cards", self.cards)?;
        for (group, n) in &self.by_type {
            writeln!(f, "  {:<20}{n:>3}", group.label())?;
        }
        writeln!(f, "cost curve (Resource + Currency):")?;
        for (cost, n) in self.cost_curve.buckets.iter().enumerate() {
            let label = if cost + 1 == CostCurve::BUCKETS {
                format!("{cost}+")
            } else {
                cost.to_string()
            };
            // Bars are capped so a hostile count cannot print megabytes.
            let bar = "#".repeat((*n).min(60) as usize);
            let row = format!("  {label:>3} {n:>3} {bar}");
            writeln!(f, "{}", row.trim_end())?;
        }
        Ok(())
    }
}
