//! Forking a game: `Clone` for the parts of `Game` that hold card lists, written out field by
//! field.
//!
//! A search forks its root position on every iteration (issue #15). A fork copies each card
//! list ([`Cards`]) as one slice, or not at all when it is empty, where smallvec's own `clone`
//! pushes the ids one at a time. Every impl destructures the value, as `PartialEq for Game`
//! does, so a field added to one of these types and not copied here fails to compile.

use super::{Cards, Commander, Instance};
use crate::ids::Inst;

/// A copy of a card list as one slice copy (smallvec's own `clone` pushes the ids one at a
/// time), and none for an empty list: most instances host nothing.
#[inline]
fn copied<const N: usize>(cards: &Cards<N>) -> Cards<N>
where
    [Inst; N]: smallvec::Array<Item = Inst>,
{
    if cards.is_empty() {
        Cards::new()
    } else {
        Cards::from_slice(cards)
    }
}

impl Clone for Instance {
    // Inlined into the loop over the instances: a fork clones every one.
    #[inline]
    fn clone(&self) -> Instance {
        let Instance {
            card,
            owner,
            controller,
            zone,
            wounds,
            face_down,
            facing,
            ref attachments,
            deployed_by,
            entered,
        } = *self;
        Instance {
            card,
            owner,
            controller,
            zone,
            wounds,
            face_down,
            facing,
            attachments: copied(attachments),
            deployed_by,
            entered,
        }
    }
}

impl Clone for Commander {
    fn clone(&self) -> Commander {
        let Commander {
            ref name,
            resource,
            currency,
            ref shipyard,
            ref hand,
            ref battlefield,
            ref scrapheap,
            ref stockpile_cards,
            out,
            mulligans,
            conscripted,
            engagements,
        } = *self;
        Commander {
            name: name.clone(),
            resource,
            currency,
            shipyard: copied(shipyard),
            hand: copied(hand),
            battlefield: copied(battlefield),
            scrapheap: copied(scrapheap),
            stockpile_cards: copied(stockpile_cards),
            out,
            mulligans,
            conscripted,
            engagements,
        }
    }
}
