//! The engine's read-only view of the card pool: checked [`Card`]s looked up by id or name.
//!
//! Games share one catalog through an `Arc`, so cloning a game for AI search never copies
//! card data. The catalog is built from checked IR only; the engine never parses card text.

use std::collections::BTreeMap;

use crate::ir::{Card, CardId};

/// Cards by id and by exact name.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    cards: Vec<Card>,
    by_id: BTreeMap<CardId, usize>,
    by_name: BTreeMap<String, usize>,
    /// `dense[id] = index` when ids are compact (the database's are), for O(1) lookups.
    dense: Vec<Option<u32>>,
}

impl Catalog {
    /// A catalog of `cards`. A later card with an id or name already seen is ignored, so a
    /// hostile card list can confuse nothing (the database guarantees uniqueness anyway).
    pub fn new(cards: Vec<Card>) -> Catalog {
        let mut cat = Catalog::default();
        for card in cards {
            if cat.by_id.contains_key(&card.id) || cat.by_name.contains_key(&card.name) {
                continue;
            }
            let i = cat.cards.len();
            cat.by_id.insert(card.id, i);
            cat.by_name.insert(card.name.clone(), i);
            cat.cards.push(card);
        }
        // Bounded: only build the dense table when ids are compact.
        let max = cat.by_id.keys().next_back().map_or(0, |k| k.0 as usize);
        if max < 4 * cat.cards.len() + 1024 {
            cat.dense = vec![None; max + 1];
            for (id, &i) in &cat.by_id {
                if let Some(slot) = cat.dense.get_mut(id.0 as usize) {
                    *slot = Some(i as u32);
                }
            }
        }
        cat
    }

    pub fn get(&self, id: CardId) -> Option<&Card> {
        if !self.dense.is_empty() {
            let i = (*self.dense.get(id.0 as usize)?)?;
            return self.cards.get(i as usize);
        }
        self.by_id.get(&id).and_then(|&i| self.cards.get(i))
    }

    pub fn by_name(&self, name: &str) -> Option<&Card> {
        self.by_name.get(name).and_then(|&i| self.cards.get(i))
    }

    /// Every card, in id order.
    pub fn cards(&self) -> impl Iterator<Item = &Card> {
        self.by_id.values().filter_map(|&i| self.cards.get(i))
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Closest card names to `name`, for "no such card" messages.
    pub fn suggest(&self, name: &str) -> Option<&str> {
        let lower = name.to_lowercase();
        self.by_name
            .keys()
            .find(|k| k.to_lowercase() == lower || k.to_lowercase().contains(&lower))
            .map(String::as_str)
    }
}

impl Catalog {
    /// The catalog of a compiled card database.
    pub fn from_db(db: &crate::CardDb) -> Catalog {
        Catalog::new(db.cards().to_vec())
    }
}
