//! Value limits every checked card obeys: the compiler reports a value outside them as an
//! error, the database loader rejects one (ARCHITECTURE.md, invariant 3). One table, so the
//! two can never disagree. Rules both check on a card's contents (not only numbers) live here
//! too, for the same reason.

use super::card::Trait;

/// Highest printed attack, defense, wounds or Module bonus (a d10 game: §6.2).
pub const MAX_STAT: u8 = 20;
/// Highest Resource or Currency in a cost or income: a Stockpile never holds more (§9.27).
pub const MAX_AMOUNT: u8 = 20;
/// Most Marines or Fighter Wings one card can carry (white icons, §9.4).
pub const MAX_CAPACITY: u8 = 10;
/// Largest red icon: the space a Marine or Fighter Wing takes up (§2.4.1).
pub const MAX_SPACE: u8 = 10;
/// Largest `+X` of a stackable trait (§3.1).
pub const MAX_TRAIT_VALUE: u8 = 10;
/// Largest `xN` of Regimented (§3.4.7).
pub const MAX_REGIMENT: u8 = 10;
/// Longest card name, in characters: a name is printed on one line.
pub const MAX_NAME_CHARS: usize = 80;
/// Longest printed rules text or flavour text, in bytes.
pub const MAX_TEXT_BYTES: usize = 4096;

/// Whether two traits on one card are the same trait, which a card may list only once (§3.1:
/// a repeated trait adds nothing). Regimented is one trait whatever it deploys with: a card's
/// printed text names either Wings or Marines (§3.4.7), so `Regimented Wing` and
/// `Regimented Marine` on one card repeat it. The compiler's duplicate-trait diagnostic and the
/// database loader both ask this.
pub fn same_trait(a: &Trait, b: &Trait) -> bool {
    a.name() == b.name()
}
