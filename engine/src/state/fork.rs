//! Forking a game: `Clone` for [`Game`] and the state inside it, written out field by field.
//!
//! A search forks its root position on every iteration (issue #15). `clone` makes a new game:
//! the card pool, the speakers, the turn order, the commanders' names and the frozen log are
//! shared, and each card list is copied as one slice. `clone_from` copies into a game that
//! exists already and reuses its storage: a search that keeps one scratch game and
//! `clone_from`s the root into it allocates nothing once the scratch's lists have grown to the
//! root's sizes (and the root's log is frozen, [`Game::freeze_log`], so no event is copied).
//! The lists of cards in play kept for the listings (`Game::in_play`) are copied by
//! `clone_from` only; a `clone` starts with them stale, as a new game does.
//!
//! Every impl destructures the value, as `PartialEq for Game` does, so a field added to one of
//! these types and not copied here fails to compile.

use std::sync::Arc;

use super::engagement::{Assignment, Engagement, Fight};
use super::pending::Window;
use super::{Cards, Commander, Game, Instance, Spare};
use crate::ids::Inst;

impl Game {
    /// Freeze the log's and the history's tails, so every later fork shares all of both and
    /// copies no event: a search forking one position many times calls it once on the position.
    pub fn freeze_log(&mut self) {
        self.log.freeze();
        self.history.freeze();
    }
}

impl Clone for Game {
    fn clone(&self) -> Game {
        let Game {
            catalog,
            commanders,
            instances,
            dice,
            seed,
            max_turns,
            turn,
            active,
            phase,
            step,
            regiments,
            setup_queue,
            order,
            overrides,
            discounts,
            clock,
            declared_against,
            outcome,
            log,
            history,
            noted,
            engagement,
            spoils,
            fresh,
            drawback_carried,
            relocations,
            pending,
            temporary,
            temporary_commanders,
            limits_used,
            plays_used,
            wards_used,
            speakers,
            statics_in_play,
            statics_in_play_kinds,
            commander_statics_in_play,
            marines_and_wings,
            capacity_stale,
            garrisons_stale,
            in_play: _,
            resolving,
            acting,
            window,
            spare: _,
        } = self;
        Game {
            catalog: catalog.clone(),
            commanders: commanders.clone(),
            instances: instances.clone(),
            dice: dice.clone(),
            seed: *seed,
            max_turns: *max_turns,
            turn: *turn,
            active: *active,
            phase: *phase,
            step: step.clone(),
            regiments: regiments.clone(),
            setup_queue: setup_queue.clone(),
            order: order.clone(),
            overrides: overrides.clone(),
            discounts: discounts.clone(),
            clock: *clock,
            declared_against: *declared_against,
            outcome: outcome.clone(),
            log: log.clone(),
            history: history.clone(),
            noted: noted.clone(),
            engagement: engagement.clone(),
            spoils: spoils.clone(),
            fresh: fresh.clone(),
            drawback_carried: drawback_carried.clone(),
            relocations: relocations.clone(),
            pending: pending.clone(),
            temporary: temporary.clone(),
            temporary_commanders: temporary_commanders.clone(),
            limits_used: limits_used.clone(),
            plays_used: plays_used.clone(),
            wards_used: wards_used.clone(),
            speakers: speakers.clone(),
            statics_in_play: statics_in_play.clone(),
            statics_in_play_kinds: *statics_in_play_kinds,
            commander_statics_in_play: commander_statics_in_play.clone(),
            marines_and_wings: marines_and_wings.clone(),
            capacity_stale: capacity_stale.clone(),
            garrisons_stale: *garrisons_stale,
            // A new game's lists of cards in play start stale, as a new game's do: copying
            // them would cost a fork more than the walks before its first choice rebuilds
            // them (a commander's list of more than 24 cards is one more allocation).
            in_play: super::InPlayIndex::default(),
            resolving: *resolving,
            acting: *acting,
            window: window.clone(),
            spare: Spare::default(),
        }
    }

    fn clone_from(&mut self, source: &Game) {
        let Game {
            catalog,
            commanders,
            instances,
            dice,
            seed,
            max_turns,
            turn,
            active,
            phase,
            step,
            regiments,
            setup_queue,
            order,
            overrides,
            discounts,
            clock,
            declared_against,
            outcome,
            log,
            history,
            noted,
            engagement,
            spoils,
            fresh,
            drawback_carried,
            relocations,
            pending,
            temporary,
            temporary_commanders,
            limits_used,
            plays_used,
            wards_used,
            speakers,
            statics_in_play,
            statics_in_play_kinds,
            commander_statics_in_play,
            marines_and_wings,
            capacity_stale,
            garrisons_stale,
            in_play,
            resolving,
            acting,
            window,
            spare: _,
        } = self;
        share(catalog, &source.catalog);
        commanders.clone_from(&source.commanders);
        instances.clone_from(&source.instances);
        dice.clone_from(&source.dice);
        *seed = source.seed;
        *max_turns = source.max_turns;
        *turn = source.turn;
        *active = source.active;
        *phase = source.phase;
        step.clone_from(&source.step);
        regiments.clone_from(&source.regiments);
        setup_queue.clone_from(&source.setup_queue);
        share(order, &source.order);
        overrides.clone_from(&source.overrides);
        discounts.clone_from(&source.discounts);
        *clock = source.clock;
        *declared_against = source.declared_against;
        outcome.clone_from(&source.outcome);
        log.clone_from(&source.log);
        history.clone_from(&source.history);
        noted.clone_from(&source.noted);
        engagement.clone_from(&source.engagement);
        spoils.clone_from(&source.spoils);
        fresh.clone_from(&source.fresh);
        drawback_carried.clone_from(&source.drawback_carried);
        relocations.clone_from(&source.relocations);
        pending.clone_from(&source.pending);
        temporary.clone_from(&source.temporary);
        temporary_commanders.clone_from(&source.temporary_commanders);
        limits_used.clone_from(&source.limits_used);
        plays_used.clone_from(&source.plays_used);
        wards_used.clone_from(&source.wards_used);
        share(speakers, &source.speakers);
        statics_in_play.clone_from(&source.statics_in_play);
        *statics_in_play_kinds = source.statics_in_play_kinds;
        commander_statics_in_play.clone_from(&source.commander_statics_in_play);
        marines_and_wings.clone_from(&source.marines_and_wings);
        capacity_stale.clone_from(&source.capacity_stale);
        *garrisons_stale = source.garrisons_stale;
        in_play.clone_from(&source.in_play);
        *resolving = source.resolving;
        *acting = source.acting;
        window.clone_from(&source.window);
    }
}

/// Point `into` at what `from` points at, touching no count when it does already (a search's
/// scratch game shares the root's pool on every fork).
fn share<T: ?Sized>(into: &mut Arc<T>, from: &Arc<T>) {
    if !Arc::ptr_eq(into, from) {
        *into = Arc::clone(from);
    }
}

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

/// Make `into` the list `from` is, in `into`'s own storage (no allocation while it has room).
/// Most instances host nothing in either game: then this is two tests, inlined.
#[inline(always)]
fn copy_cards<const N: usize>(into: &mut Cards<N>, from: &Cards<N>)
where
    [Inst; N]: smallvec::Array<Item = Inst>,
{
    if !(into.is_empty() && from.is_empty()) {
        replace_cards(into, from);
    }
}

fn replace_cards<const N: usize>(into: &mut Cards<N>, from: &Cards<N>)
where
    [Inst; N]: smallvec::Array<Item = Inst>,
{
    into.clear();
    into.extend_from_slice(from);
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

    #[inline]
    fn clone_from(&mut self, source: &Instance) {
        let Instance {
            card,
            owner,
            controller,
            zone,
            wounds,
            face_down,
            facing,
            attachments,
            deployed_by,
            entered,
        } = self;
        *card = source.card;
        *owner = source.owner;
        *controller = source.controller;
        *zone = source.zone;
        *wounds = source.wounds;
        *face_down = source.face_down;
        *facing = source.facing;
        copy_cards(attachments, &source.attachments);
        *deployed_by = source.deployed_by;
        *entered = source.entered;
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

    fn clone_from(&mut self, source: &Commander) {
        let Commander {
            name,
            resource,
            currency,
            shipyard,
            hand,
            battlefield,
            scrapheap,
            stockpile_cards,
            out,
            mulligans,
            conscripted,
            engagements,
        } = self;
        share(name, &source.name);
        *resource = source.resource;
        *currency = source.currency;
        copy_cards(shipyard, &source.shipyard);
        copy_cards(hand, &source.hand);
        copy_cards(battlefield, &source.battlefield);
        copy_cards(scrapheap, &source.scrapheap);
        copy_cards(stockpile_cards, &source.stockpile_cards);
        *out = source.out;
        *mulligans = source.mulligans;
        *conscripted = source.conscripted;
        *engagements = source.engagements;
    }
}

impl Clone for super::InPlayIndex {
    fn clone(&self) -> Self {
        let super::InPlayIndex { lists, stale } = self;
        super::InPlayIndex {
            lists: lists.iter().map(copied).collect(),
            stale: *stale,
        }
    }

    /// Each list copied into the one it replaces, keeping its room.
    fn clone_from(&mut self, source: &Self) {
        let super::InPlayIndex { lists, stale } = self;
        lists.truncate(source.lists.len());
        for (k, list) in source.lists.iter().enumerate() {
            match lists.get_mut(k) {
                Some(l) => copy_cards(l, list),
                None => lists.push(copied(list)),
            }
        }
        *stale = source.stale;
    }
}

impl Clone for Engagement {
    fn clone(&self) -> Engagement {
        let Engagement {
            attacker,
            defender,
            fleet,
            declared,
            round,
            step,
            start_queue,
            start_asked,
            acted,
            volleyed,
            traits_used,
            retreating,
            boards,
            escorts_used,
            marks,
            overloaded,
            drawback,
            drawback_next,
            fearless,
            fired,
            stoic,
            fight,
            assigning,
            rolled,
        } = self;
        Engagement {
            attacker: *attacker,
            defender: *defender,
            fleet: fleet.clone(),
            declared: declared.clone(),
            round: *round,
            step: step.clone(),
            start_queue: start_queue.clone(),
            start_asked: *start_asked,
            acted: acted.clone(),
            volleyed: volleyed.clone(),
            traits_used: traits_used.clone(),
            retreating: retreating.clone(),
            boards: boards.clone(),
            escorts_used: escorts_used.clone(),
            marks: marks.clone(),
            overloaded: overloaded.clone(),
            drawback: drawback.clone(),
            drawback_next: drawback_next.clone(),
            fearless: fearless.clone(),
            fired: fired.clone(),
            stoic: stoic.clone(),
            fight: fight.clone(),
            assigning: assigning.clone(),
            rolled: rolled.clone(),
        }
    }

    fn clone_from(&mut self, source: &Engagement) {
        let Engagement {
            attacker,
            defender,
            fleet,
            declared,
            round,
            step,
            start_queue,
            start_asked,
            acted,
            volleyed,
            traits_used,
            retreating,
            boards,
            escorts_used,
            marks,
            overloaded,
            drawback,
            drawback_next,
            fearless,
            fired,
            stoic,
            fight,
            assigning,
            rolled,
        } = self;
        *attacker = source.attacker;
        *defender = source.defender;
        fleet.clone_from(&source.fleet);
        declared.clone_from(&source.declared);
        *round = source.round;
        step.clone_from(&source.step);
        start_queue.clone_from(&source.start_queue);
        *start_asked = source.start_asked;
        acted.clone_from(&source.acted);
        volleyed.clone_from(&source.volleyed);
        traits_used.clone_from(&source.traits_used);
        retreating.clone_from(&source.retreating);
        boards.clone_from(&source.boards);
        escorts_used.clone_from(&source.escorts_used);
        marks.clone_from(&source.marks);
        overloaded.clone_from(&source.overloaded);
        drawback.clone_from(&source.drawback);
        drawback_next.clone_from(&source.drawback_next);
        fearless.clone_from(&source.fearless);
        fired.clone_from(&source.fired);
        stoic.clone_from(&source.stoic);
        fight.clone_from(&source.fight);
        assigning.clone_from(&source.assigning);
        rolled.clone_from(&source.rolled);
    }
}

impl Clone for Fight {
    fn clone(&self) -> Fight {
        let Fight {
            ship,
            target,
            boarders,
            holders,
            party,
            defenders,
            stage,
            acted,
            retreating,
        } = self;
        Fight {
            ship: *ship,
            target: *target,
            boarders: *boarders,
            holders: *holders,
            party: party.clone(),
            defenders: defenders.clone(),
            stage: *stage,
            acted: acted.clone(),
            retreating: *retreating,
        }
    }

    fn clone_from(&mut self, source: &Fight) {
        let Fight {
            ship,
            target,
            boarders,
            holders,
            party,
            defenders,
            stage,
            acted,
            retreating,
        } = self;
        *ship = source.ship;
        *target = source.target;
        *boarders = source.boarders;
        *holders = source.holders;
        party.clone_from(&source.party);
        defenders.clone_from(&source.defenders);
        *stage = source.stage;
        acted.clone_from(&source.acted);
        *retreating = source.retreating;
    }
}

impl Clone for Assignment {
    fn clone(&self) -> Assignment {
        let Assignment {
            who,
            unit,
            occasion,
            kind,
            dice,
            fire,
        } = self;
        Assignment {
            who: *who,
            unit: *unit,
            occasion: *occasion,
            kind: *kind,
            dice: *dice,
            fire: fire.clone(),
        }
    }

    fn clone_from(&mut self, source: &Assignment) {
        let Assignment {
            who,
            unit,
            occasion,
            kind,
            dice,
            fire,
        } = self;
        *who = source.who;
        *unit = source.unit;
        *occasion = source.occasion;
        *kind = source.kind;
        *dice = source.dice;
        fire.clone_from(&source.fire);
    }
}

impl Clone for Window {
    fn clone(&self) -> Window {
        let Window { queue, asked } = self;
        Window {
            queue: queue.clone(),
            asked: *asked,
        }
    }

    fn clone_from(&mut self, source: &Window) {
        let Window { queue, asked } = self;
        queue.clone_from(&source.queue);
        *asked = source.asked;
    }
}
