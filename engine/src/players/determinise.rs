//! Determinisation for the search player (`players::search`): a game the searching commander
//! cannot tell from the real one, with everything it cannot see dealt again at random.
//!
//! A commander sees every card in play face up, every Scrapheap and Stockpile, how many cards
//! each hand and Shipyard holds, and its own hand. It does not see
//!
//! - the cards in an opponent's hand (§5.3.1 draws them unseen),
//! - the order of any Shipyard, its own included (§8.3: Shipyards are shuffled),
//! - which card an opponent's face-down Face Up-Face Down Module is, until it is flipped face
//!   up (§3.4.4: "always deployed face-down"),
//! - the dice still to be rolled (§9.37).
//!
//! [`Unseen::of`] gathers, once per decision, what is hidden from the observer: for each
//! owner, the set of their cards in those hidden places (in instance order, never in the order
//! the game holds them) and the shape of the places (hand size, Shipyard size, the face-down
//! slots). [`Unseen::deal`] then makes a determinisation: a copy of the game with each owner's
//! hidden cards dealt again among that owner's hidden places — the observer's Shipyard is
//! shuffled, an opponent's hand, Shipyard and face-down Modules are drawn from the pool of all
//! three — and the dice reseeded from the searcher's own stream (the game's generator state is
//! never read). Cards stay with their owner: a deck's list is public (a designer's simulation
//! plays known starter decks), only where its cards are is not. This is OpenSpiel's
//! `resample_from_infostate`.
//!
//! What the result depends on is only what the observer sees: two games that differ in the
//! opponents' hands, the order of the Shipyards, which face-down Module is which, or the dice,
//! give the same determinisations for the same stream (tested below and in `search`). Cards
//! an opponent's hand holds that the observer once saw (returned from play) are treated as
//! unknown too: forgetting is allowed, peeking is not. One exception the other way: a
//! face-down Module whose own effect is under way (its controller is being asked whether to
//! flip it) stays where it is for that moment, since the pending effect names it.

use crate::event::Event;
use crate::ids::{Inst, PlayerId};
use crate::ir::{CardKind, ModuleKind, TraitName};
use crate::rng::Dice;
use crate::state::{Facing, Game, Zone};

/// What the observer cannot see, per owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unseen {
    pub(crate) observer: PlayerId,
    owners: Vec<Hidden>,
}

/// One owner's hidden cards and the places they are dealt to.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Hidden {
    owner: PlayerId,
    /// Every hidden card of the owner, in instance order.
    cards: Vec<Inst>,
    /// Hand slots (0 for the observer, whose hand is seen).
    hand: usize,
    shipyard: usize,
    /// The owner's face-down Modules the observer has not seen face up.
    face_down: Vec<Slot>,
}

/// A face-down Module's place and its public state (it was seen deployed, §3.4.4).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Slot {
    host: Inst,
    /// Its position among the host's attachments.
    index: usize,
    controller: PlayerId,
    wounds: u8,
    facing: Facing,
    deployed_by: Option<PlayerId>,
    entered: u32,
}

impl Unseen {
    /// What `observer` cannot see in `game`.
    pub(crate) fn of(game: &Game, observer: PlayerId) -> Unseen {
        let mut owners = Vec::new();
        let mut slots: Vec<(PlayerId, Inst, Slot)> = face_down_unseen(game, observer);
        slots.sort_by_key(|(owner, _, s)| (*owner, s.host, s.index));
        for (seat, c) in game.commanders.iter().enumerate() {
            let owner = PlayerId(seat as u8);
            let mut cards: Vec<Inst> = c.shipyard.to_vec();
            let mut hand = 0;
            if owner != observer {
                cards.extend(c.hand.iter().copied());
                hand = c.hand.len();
            }
            let mut face_down = Vec::new();
            for (o, inst, slot) in &slots {
                if *o == owner {
                    cards.push(*inst);
                    face_down.push(slot.clone());
                }
            }
            cards.sort_unstable();
            owners.push(Hidden {
                owner,
                cards,
                hand,
                shipyard: c.shipyard.len(),
                face_down,
            });
        }
        Unseen { observer, owners }
    }

    /// A determinisation of `game` (the game [`Unseen::of`] was taken from): a copy with every
    /// owner's hidden cards dealt again at random among their hidden places and the dice
    /// reseeded, both from `stream`.
    pub(crate) fn deal(&self, game: &Game, stream: &mut Dice) -> Game {
        let mut g = game.clone();
        self.deal_in(&mut g, stream);
        g
    }

    /// [`Unseen::deal`] in place, on a copy of the game [`Unseen::of`] was taken from (the
    /// search forks into one scratch game with `clone_from`).
    pub(crate) fn deal_in(&self, g: &mut Game, stream: &mut Dice) {
        for h in &self.owners {
            deal_owner(g, h, stream);
        }
        let seed = stream.seed();
        g.dice = Dice::new(seed);
    }
}

impl Game {
    /// A game `observer` cannot tell from this one: the same in everything it sees, with the
    /// cards it cannot see dealt again and the dice reseeded, from `seed` (the module's
    /// documentation says what is hidden). The search player plays its playouts in such games;
    /// tests use it to make a position that differs only in what `observer` cannot know.
    pub fn determinised_for(&self, observer: PlayerId, seed: u64) -> Game {
        Unseen::of(self, observer).deal(self, &mut Dice::new(seed))
    }
}

/// Can `card` lie face down on `host` (§3.4.4: a Face Up-Face Down Module-Ship that fits)?
fn fits_face_down(g: &Game, card: Inst, host: Inst) -> bool {
    if !is_face_down_module(g, card) {
        return false;
    }
    let k = g.card(card);
    match (g.card(host).kind, &k.fits) {
        (CardKind::Ship(class), Some(fits)) => fits.admits(class),
        _ => true,
    }
}

/// A Face Up-Face Down Module-Ship: what may lie face down (§3.4.4).
fn is_face_down_module(g: &Game, card: Inst) -> bool {
    let k = g.card(card);
    // printed: Face Up-Face Down is the Module's own printed trait (§3.4.4).
    k.kind == CardKind::Module(ModuleKind::Ship) && k.has_trait(TraitName::FaceUpFaceDown)
}

/// The opponents' face-down Modules the observer has not seen face up since they were
/// deployed: (owner, the card, its slot).
fn face_down_unseen(game: &Game, observer: PlayerId) -> Vec<(PlayerId, Inst, Slot)> {
    let mut found = Vec::new();
    for (n, x) in game.instances.iter().enumerate() {
        let Zone::Attached(host) = x.zone else {
            continue;
        };
        if !x.face_down || x.owner == observer {
            continue;
        }
        let inst = Inst(n as u16);
        let index = game
            .instance(host)
            .and_then(|h| h.attachments.iter().position(|&a| a == inst));
        let Some(index) = index else {
            continue;
        };
        // Referenced by an effect under way (a flip being asked): it stays where it is.
        if game.pending.iter().any(|p| p.source == inst) {
            continue;
        }
        found.push((
            x.owner,
            inst,
            Slot {
                host,
                index,
                controller: x.controller,
                wounds: x.wounds,
                facing: x.facing,
                deployed_by: x.deployed_by,
                entered: x.entered,
            },
        ));
    }
    if found.is_empty() {
        return found;
    }
    // Seen face up since it was last deployed: a flip or a turn face down in the log after
    // its deployment (both public, §3.4.4).
    let log = game.log();
    found.retain(|(_, inst, _)| {
        for e in log.iter().rev() {
            match e {
                Event::Deployed { card, .. } if card.inst == *inst => return true,
                Event::ModuleFlipped { card } | Event::ModuleTurnedFaceDown { card }
                    if card.inst == *inst =>
                {
                    return false
                }
                _ => {}
            }
        }
        true
    });
    found
}

/// Deal one owner's hidden cards again: face-down slots first (from the cards that can lie
/// there), then the hand, then the Shipyard from the top.
fn deal_owner(g: &mut Game, h: &Hidden, stream: &mut Dice) {
    // Cards change places in face-down slots: what hosts carry is read again (§9.4).
    g.board_changed();
    let mut pool = h.cards.clone();
    let mut down = Vec::with_capacity(h.face_down.len());
    for slot in &h.face_down {
        let fitting: Vec<usize> = (0..pool.len())
            .filter(|&k| fits_face_down(g, pool[k], slot.host))
            .collect();
        let any: Vec<usize> = (0..pool.len())
            .filter(|&k| is_face_down_module(g, pool[k]))
            .collect();
        let from = if fitting.is_empty() { any } else { fitting };
        // The slot's own card is in the pool, so `from` is never empty; if it were, the slot
        // would take any card (a face-down card has no effect, §3.4.4).
        let k = if from.is_empty() {
            stream.below(pool.len() as u32) as usize
        } else {
            from[stream.below(from.len() as u32) as usize]
        };
        down.push(pool.remove(k));
    }
    stream.shuffle(&mut pool);
    let (hand, shipyard) = pool.split_at(h.hand.min(pool.len()));
    let owner = h.owner;
    for (slot, &card) in h.face_down.iter().zip(&down) {
        if let Some(host) = g.instances.get_mut(slot.host.0 as usize) {
            if let Some(a) = host.attachments.get_mut(slot.index) {
                *a = card;
            }
        }
        if let Some(x) = g.instances.get_mut(card.0 as usize) {
            x.zone = Zone::Attached(slot.host);
            x.face_down = true;
            x.controller = slot.controller;
            x.wounds = slot.wounds;
            x.facing = slot.facing;
            x.deployed_by = slot.deployed_by;
            x.entered = slot.entered;
            x.attachments.clear();
        }
    }
    for (&card, zone) in hand
        .iter()
        .map(|c| (c, Zone::Hand))
        .chain(shipyard.iter().map(|c| (c, Zone::Shipyard)))
    {
        if let Some(x) = g.instances.get_mut(card.0 as usize) {
            x.zone = zone;
            x.face_down = false;
            x.controller = owner;
            x.wounds = 0;
            x.facing = Facing::Normal;
            x.deployed_by = None;
            // When it last entered play is not seen on a hidden card (nor read by a rule).
            x.entered = 0;
            x.attachments.clear();
        }
    }
    if let Some(c) = g.commanders.get_mut(owner.0 as usize) {
        // The observer's own hand is seen and stays as it is (no hand slots then).
        if h.hand > 0 {
            c.hand = hand.into();
        }
        c.shipyard = shipyard.into();
    }
    debug_assert_eq!(shipyard.len(), h.shipyard);
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::ir::{Card, CardId, ShipClass, SizeRestriction, Trait};
    use crate::state::Config;
    use crate::CardDb;
    use std::sync::Arc;

    const STATION: CardId = CardId(0);
    const CRUISER: CardId = CardId(1);
    const FRIGATE: CardId = CardId(2);
    const CLOAK: CardId = CardId(3);
    const DECOY: CardId = CardId(4);
    const FLARE: CardId = CardId(5);

    fn unit(id: CardId, name: &str, kind: CardKind, a: u8, d: u8, w: u8) -> Card {
        let mut c = Card::blank(id, name, kind);
        // printed: a test card's printed attack, defense and wounds (§6.2).
        (c.attack, c.defense, c.wounds) = (Some(a), Some(d), Some(w));
        c
    }

    fn face_down_module(id: CardId, name: &str) -> Card {
        let mut c = Card::blank(id, name, CardKind::Module(ModuleKind::Ship));
        // printed: the test Module's printed trait (§3.4.4).
        c.traits = vec![Trait::FaceUpFaceDown];
        c.fits = Some(SizeRestriction::AtLeast(ShipClass::BattleCruiser));
        c
    }

    fn pool() -> Arc<CardDb> {
        let mut station = unit(STATION, "Test Station", CardKind::Station, 3, 7, 10);
        station.faction = Some(crate::ir::Faction::Rdf);
        let cards = vec![
            station,
            unit(
                CRUISER,
                "Test Battle Cruiser",
                CardKind::Ship(ShipClass::BattleCruiser),
                3,
                6,
                4,
            ),
            unit(
                FRIGATE,
                "Test Frigate",
                CardKind::Ship(ShipClass::Frigate),
                1,
                5,
                2,
            ),
            face_down_module(CLOAK, "Test Cloak"),
            face_down_module(DECOY, "Test Decoy"),
            Card::blank(FLARE, "Test Flare", CardKind::Event),
        ];
        Arc::new(CardDb::new(cards).expect("the test pool loads"))
    }

    /// Ada (seat 0) observes; Bob has a Battle Cruiser with a face-down Module, a hand and a
    /// Shipyard; both have Scrapheaps. Ada's Manufacturing Phase, turn 3.
    pub(in crate::players) fn board() -> Game {
        let mut g = Game::empty(
            pool(),
            vec!["Ada".into(), "Bob".into()],
            Config {
                seed: 1,
                max_turns: 30,
            },
        )
        .expect("two commanders");
        let (ada, bob) = (PlayerId(0), PlayerId(1));
        let place = |g: &mut Game, who, card, zone| g.place(who, card, zone).expect("placed");
        for who in [ada, bob] {
            place(&mut g, who, STATION, Zone::Battlefield);
            place(&mut g, who, FRIGATE, Zone::Scrapheap);
        }
        let cruiser = place(&mut g, bob, CRUISER, Zone::Battlefield);
        let cloak = place(&mut g, bob, CLOAK, Zone::Attached(cruiser));
        g.set_face_down(cloak, true);
        for card in [FRIGATE, FLARE, DECOY] {
            place(&mut g, bob, card, Zone::Hand);
        }
        for card in [CRUISER, FLARE, FRIGATE, CLOAK, FLARE] {
            place(&mut g, bob, card, Zone::Shipyard);
        }
        for card in [FRIGATE, FLARE] {
            place(&mut g, ada, card, Zone::Hand);
        }
        for card in [CRUISER, FRIGATE, FLARE, FRIGATE] {
            place(&mut g, ada, card, Zone::Shipyard);
        }
        g.start_at(ada, 3, crate::board::StartAt::Manufacturing);
        g
    }

    fn cards(g: &Game, list: &[Inst]) -> Vec<CardId> {
        let mut v: Vec<CardId> = list.iter().map(|&i| g.card(i).id).collect();
        v.sort_unstable();
        v
    }

    /// Bob's hidden cards: hand, Shipyard and the face-down Module, as card ids.
    fn bobs_hidden(g: &Game) -> Vec<CardId> {
        let bob = &g.commanders[1];
        let mut all: Vec<Inst> = bob.hand.to_vec();
        all.extend(&bob.shipyard);
        all.extend(
            g.instances
                .iter()
                .enumerate()
                .filter(|(_, x)| x.face_down)
                .map(|(n, _)| Inst(n as u16)),
        );
        cards(g, &all)
    }

    #[test]
    fn a_determinisation_keeps_everything_public_and_each_owners_cards() {
        let g = board();
        let ada = PlayerId(0);
        let mut moved = false;
        for seed in 0..20 {
            let d = g.determinised_for(ada, seed);
            // Public: in play (but the face-down card), Scrapheaps, sizes, Ada's own hand.
            for (a, b) in g.commanders.iter().zip(&d.commanders) {
                assert_eq!(a.scrapheap, b.scrapheap);
                assert_eq!(a.battlefield, b.battlefield);
                assert_eq!(a.hand.len(), b.hand.len());
                assert_eq!(a.shipyard.len(), b.shipyard.len());
                assert_eq!((a.resource, a.currency), (b.resource, b.currency));
            }
            assert_eq!(
                g.commanders[0].hand, d.commanders[0].hand,
                "Ada sees her hand"
            );
            assert_eq!(
                cards(&g, &g.commanders[0].shipyard),
                cards(&d, &d.commanders[0].shipyard),
                "Ada's Shipyard is reordered, not changed"
            );
            assert_eq!(bobs_hidden(&g), bobs_hidden(&d), "Bob's cards stay Bob's");
            // Zones agree with the lists, and the face-down slot holds a face-down Module.
            for (seat, c) in d.commanders.iter().enumerate() {
                for &i in &c.hand {
                    assert_eq!(d.instances[i.0 as usize].zone, Zone::Hand, "seat {seat}");
                }
                for &i in &c.shipyard {
                    assert_eq!(
                        d.instances[i.0 as usize].zone,
                        Zone::Shipyard,
                        "seat {seat}"
                    );
                }
            }
            let down: Vec<Inst> = (0..d.instances.len())
                .map(|n| Inst(n as u16))
                .filter(|&i| d.instances[i.0 as usize].face_down)
                .collect();
            assert_eq!(down.len(), 1);
            assert!(is_face_down_module(&d, down[0]));
            let Zone::Attached(host) = d.instances[down[0].0 as usize].zone else {
                panic!("the face-down Module is attached");
            };
            assert_eq!(d.instances[host.0 as usize].attachments[..], [down[0]]);
            assert!(
                crate::invariants::violations(&d).is_empty(),
                "{:?}",
                crate::invariants::violations(&d)
            );
            moved |= d.commanders[1].hand != g.commanders[1].hand;
        }
        assert!(moved, "Bob's hand is dealt again");
    }

    #[test]
    fn a_determinisation_depends_only_on_what_the_observer_sees() {
        let g = board();
        let ada = PlayerId(0);
        // Bob's hand, Shipyard and face-down Module shuffled among themselves, Ada's Shipyard
        // reordered, the dice reseeded: Ada cannot tell `h` from `g`.
        let h = g.determinised_for(ada, 99);
        assert_ne!(
            g.commanders[1].hand, h.commanders[1].hand,
            "the hidden cards moved"
        );
        for seed in [1, 2, 3] {
            let (a, b) = (g.determinised_for(ada, seed), h.determinised_for(ada, seed));
            assert_eq!(a.commanders, b.commanders);
            assert_eq!(a.instances, b.instances);
        }
        // Bob, who sees his own hand, is dealt other games from the two.
        let (a, b) = (
            g.determinised_for(PlayerId(1), 5),
            h.determinised_for(PlayerId(1), 5),
        );
        assert_ne!(a.commanders[1].hand, b.commanders[1].hand);
    }

    #[test]
    fn a_module_seen_face_up_stays_known() {
        let mut g = board();
        let cloak = (0..g.instances.len())
            .map(|n| Inst(n as u16))
            .find(|&i| g.instances[i.0 as usize].face_down)
            .expect("a face-down Module");
        assert_eq!(face_down_unseen(&g, PlayerId(0)).len(), 1);
        g.log.push(Event::ModuleFlipped {
            card: g.card_ref(cloak),
        });
        assert!(face_down_unseen(&g, PlayerId(0)).is_empty());
        for seed in 0..5 {
            let d = g.determinised_for(PlayerId(0), seed);
            assert!(
                d.instances[cloak.0 as usize].face_down,
                "it stays where it is"
            );
        }
    }
}
