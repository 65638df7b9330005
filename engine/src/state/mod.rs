//! The game's state and nothing else: commanders and their zones, card instances, the step
//! machine, the engagement and pending-effect state (`engagement`, `pending`), the log beside
//! it. This is the bottom layer of the engine: it imports no rule (`tests/tests/architecture.rs`
//! holds that up). Rules and effects sit above it and change it through the primitives here
//! (`move_to`, `new_instance`, `pay`, `shuffle_shipyard`, `finish`) or the fields themselves.
//!
//! Everything is lists of small ids (card lists held inline, [`Cards`]), the card pool sits
//! behind an `Arc`, and the log and history are persistent lists forks share (`crate::log`),
//! so a fork is cheap enough for AI search: `fork` writes out `Clone` for the game, with a
//! `clone_from` that reuses a scratch game's storage.

pub mod engagement;
mod fork;
pub mod pending;
mod wanted;
pub(crate) use wanted::Wanted;

use serde::Serialize;
use smallvec::SmallVec;
use std::sync::{Arc, OnceLock};

use crate::choice::Choice;
use crate::error::RuleError;
use crate::event::{CardRef, Event, Outcome, Phase};
use crate::ids::{Inst, PlayerId};
use crate::ir::{Amount, BaseRule, Card, CardId, CardKind, RegimentUnit};
use crate::log::Log;
use crate::resolver::{Override, Scope};
use crate::rng::Dice;
use crate::CardDb;

/// Where a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Zone {
    /// The commander's deck (§9.26); index 0 is the top.
    Shipyard,
    Hand,
    /// In play, not attached: Stations, ships in open space, Breakthrus, Events that stay.
    Battlefield,
    /// In play, attached to another card (§9.1).
    Attached(Inst),
    /// §9.30
    Scrapheap,
    /// The Resource and Currency Stockpile cards (§4.3).
    Stockpile,
}

/// Which way a unit faces (§3.2: turned 180° while using an active trait).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Facing {
    Normal,
    Turned,
}

/// One physical card. `Clone` is written out in `fork`.
#[derive(Debug, PartialEq, Serialize)]
pub struct Instance {
    pub card: CardId,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub zone: Zone,
    pub wounds: u8,
    pub face_down: bool,
    pub facing: Facing,
    /// Cards attached to this one, in attachment order (§9.1). In 2,000 random starter-deck
    /// games 208 had a host carry more than 8 (the most was 12): such a list keeps its heap
    /// for the card's slot (`Spare`). Inline 12 doubled the cost of `Game::clone`.
    pub attachments: Cards<8>,
    /// Who deployed it, for Unique (§3.4.11).
    pub deployed_by: Option<PlayerId>,
    /// When it entered play (resolver timestamp order).
    pub entered: u32,
}

/// A list of cards held inline up to `N`, on the heap only past it: a fork (`Game::clone`)
/// copies the state's card lists without an allocation each. Each list's `N` is chosen from
/// what games hold (its field says); up to 8, with smallvec's `union`, it takes the room of a
/// `Vec`.
pub type Cards<const N: usize> = SmallVec<[Inst; N]>;

/// A commander (§9.5) and their zones. `Clone` is written out in `fork`.
#[derive(Debug, PartialEq, Serialize)]
pub struct Commander {
    /// Shared between forks: it never changes.
    pub name: Arc<str>,
    pub resource: u8,
    pub currency: u8,
    /// The Shipyard and the Scrapheap hold only the commander's own cards: the 55 of a
    /// constructed deck fit inline.
    pub shipyard: Cards<64>,
    /// Hands seen in 400 games held at most 7.
    pub hand: Cards<8>,
    /// Seen in 400 games: at most 15, over 99.9% at most 12.
    pub battlefield: Cards<16>,
    pub scrapheap: Cards<64>,
    /// Always the two Stockpile cards.
    pub stockpile_cards: Cards<8>,
    /// Scooped or eliminated (§7.2).
    pub out: bool,
    pub mulligans: u8,
    /// Conscriptions used in the current Manufacturing Phase (§5.4.3).
    pub conscripted: u8,
    /// Engagements declared this turn (§5.5.2).
    pub engagements: u8,
}

impl Commander {
    fn new(name: String) -> Commander {
        Commander {
            name: name.into(),
            resource: 0,
            currency: 0,
            shipyard: Cards::new(),
            hand: Cards::new(),
            battlefield: Cards::new(),
            scrapheap: Cards::new(),
            stockpile_cards: Cards::new(),
            out: false,
            mulligans: 0,
            conscripted: 0,
            engagements: 0,
        }
    }

    /// [`Commander::new`] in this commander's storage; the name is kept if it is the same.
    fn reset(&mut self, name: &str) {
        let Commander {
            name: old_name,
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
        if **old_name != *name {
            *old_name = name.into();
        }
        *resource = 0;
        *currency = 0;
        shipyard.clear();
        hand.clear();
        battlefield.clear();
        scrapheap.clear();
        stockpile_cards.clear();
        *out = false;
        *mulligans = 0;
        *conscripted = 0;
        *engagements = 0;
    }

    pub fn stockpile(&self) -> Amount {
        Amount {
            resource: self.resource,
            currency: self.currency,
        }
    }
}

/// What happens when a response window closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Then {
    Manufacturing,
    Engagement,
    NextTurn,
}

/// The step machine's base state; Regimented searches stack on top of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Step {
    SetupModule {
        who: PlayerId,
        left: u8,
    },
    Mulligan {
        who: PlayerId,
    },
    SetupDeploy {
        who: PlayerId,
    },
    SetupDiscard {
        who: PlayerId,
    },
    Manufacturing,
    Engagement,
    Discard,
    /// A response window at a phase boundary is open (`Game::window`); `then` follows it.
    Respond {
        then: Then,
    },
    /// An engagement is being fought (`Game::engagement`, §6.6).
    Combat,
    /// An engagement has ended; its commanders may reassign and turn modules face down
    /// (§2.5.1.2, §3.4.4).
    Aftermath(engagement::Aftermath),
    Over,
}

/// A Regimented search in progress (§3.4.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RegimentSearch {
    pub who: PlayerId,
    pub host: Inst,
    pub unit: RegimentUnit,
    pub left: u8,
}

/// A cost reduction from a card in play, applied at deployment and floored at zero (§8.4).
/// Injected by rulings/tests now; abilities will add them later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Discount {
    pub source: Inst,
    pub amount: Amount,
    pub applies_to: DiscountTarget,
}

/// Which deployments a [`Discount`] reduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DiscountTarget {
    Any,
    Ships,
    Marines,
    Modules,
}

/// Game options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub seed: u64,
    /// Commander turns after which the game stops (engagements are a later issue).
    pub max_turns: u32,
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs at least 2 commanders (§7), got {0}")]
    TooFewCommanders(usize),
    #[error("at most {max} commanders are supported, got {got}")]
    TooManyCommanders { got: usize, max: usize },
    #[error("deck of {commander} holds card id {id} which is not in the card database")]
    UnknownCard { commander: String, id: u32 },
    #[error("deck of {commander} has no Station (every deck needs one, §2.1.3)")]
    NoStation { commander: String },
    #[error("the decks hold {0} cards; at most {max} are supported", max = MAX_CARDS)]
    TooManyCards(usize),
}

/// Upper bound on card instances in one game (ids are `u16`).
pub const MAX_CARDS: usize = 8_000;
/// Upper bound on commanders.
pub const MAX_COMMANDERS: usize = 8;

/// Commanders waiting their turn in a queue (a response window, STEP 1, the aftermath): never
/// more than [`MAX_COMMANDERS`], so held inline, off the heap.
pub type Seats = smallvec::SmallVec<[PlayerId; MAX_COMMANDERS]>;

/// Storage a game keeps when what used it ends, so the next use does not allocate again
/// (issue #15: no allocation a decision in steady state): lists that outgrew their inline
/// room keep their heap.
#[derive(Debug, Default)]
pub(crate) struct Spare {
    /// The last engagement, its lists emptied by the next (`Engagement::restart`).
    pub(crate) engagement: Option<engagement::Engagement>,
    /// The attachment lists of the last game's cards that outgrew their inline room, by
    /// card slot: a renewed game (`Game::renew`) gives each back to the card made in its
    /// slot, which with the same decks is the same card.
    pub(crate) attachments: Vec<Cards<8>>,
}

/// Each commander's cards in play in `Game::in_play_of` order (hosts before what they carry),
/// kept because every listing of a Manufacturing decision reads them (issue #15). A list is
/// read only while fresh: `Game::mark_move` keeps the lists a move takes a card from and to
/// (`Game::index_move`), writers that bypass it mark every list stale
/// (`Game::board_changed`, a change of control), and `Game::index_in_play` rebuilds the
/// stale ones after every choice. Inline room for two
/// commanders of 24 cards each, so a fork of a two-commander game allocates nothing for it.
#[derive(Debug)]
pub(crate) struct InPlayIndex {
    pub(crate) lists: SmallVec<[Cards<24>; 2]>,
    /// One bit a seat: that commander's list is out of date.
    pub(crate) stale: u8,
}

impl Default for InPlayIndex {
    fn default() -> InPlayIndex {
        InPlayIndex {
            lists: SmallVec::new(),
            stale: u8::MAX,
        }
    }
}

impl InPlayIndex {
    fn bit(who: PlayerId) -> u8 {
        1u8.checked_shl(u32::from(who.0)).unwrap_or(0)
    }

    /// `who`'s list, if it is up to date.
    pub(crate) fn fresh(&self, who: PlayerId) -> Option<&[Inst]> {
        let bit = Self::bit(who);
        if bit == 0 || self.stale & bit != 0 {
            return None;
        }
        self.lists.get(who.0 as usize).map(|l| &l[..])
    }

    fn mark(&mut self, who: PlayerId) {
        self.stale |= Self::bit(who);
    }

    pub(crate) fn mark_all(&mut self) {
        self.stale = u8::MAX;
    }
}

/// A commander's cards in play as a list ([`Game::in_play_list`]): borrowed from the index
/// while it is fresh, else walked into a list on the stack.
pub(crate) enum InPlayList<'g> {
    Fresh(&'g [Inst]),
    Walked(Cards<64>),
}

impl std::ops::Deref for InPlayList<'_> {
    type Target = [Inst];

    fn deref(&self) -> &[Inst] {
        match self {
            InPlayList::Fresh(list) => list,
            InPlayList::Walked(list) => list,
        }
    }
}

/// A game of Hull Breach!. `Clone` (a fork) is written out in `fork`.
#[derive(Debug)]
pub struct Game {
    pub(crate) catalog: Arc<CardDb>,
    pub(crate) commanders: Vec<Commander>,
    pub(crate) instances: Vec<Instance>,
    pub(crate) dice: Dice,
    pub(crate) seed: u64,
    pub(crate) max_turns: u32,
    pub(crate) turn: u32,
    pub(crate) active: PlayerId,
    pub(crate) phase: Phase,
    pub(crate) step: Step,
    pub(crate) regiments: Vec<RegimentSearch>,
    /// Commanders still to do their Setup, in seat order (§7.1: Setup is simultaneous; the
    /// engine sequences it by seat, which no rule can observe).
    pub(crate) setup_queue: Vec<PlayerId>,
    /// Clockwise turn order from the initiative winner (§4.8). Set once, in Setup, so forks
    /// share it.
    pub(crate) order: Arc<[PlayerId]>,
    pub(crate) overrides: Vec<Override>,
    pub(crate) discounts: Vec<Discount>,
    pub(crate) clock: u32,
    /// Whom the active commander attacked this turn (§7.2 Spoils of War on a scoop).
    pub(crate) declared_against: Option<PlayerId>,
    pub(crate) outcome: Option<Outcome>,
    /// Persistent: forks share it (`crate::log`).
    pub(crate) log: Log<Event>,
    pub(crate) history: Log<(PlayerId, Choice)>,
    /// Overrides already logged during the current choice (no duplicate log lines).
    pub(crate) noted: Vec<(BaseRule, Inst)>,
    /// The engagement being fought (§6.6).
    pub(crate) engagement: Option<engagement::Engagement>,
    /// Victors still to take their free Shipyard deployment (§7.1.3.2).
    pub(crate) spoils: Vec<PlayerId>,
    /// Ships that changed hands by boarding and wait for their new commander's next volley
    /// turn, in this engagement or a later one (§6.6 STEP 8E, I-51).
    pub(crate) fresh: Vec<Inst>,
    /// Units that used Overload and whose next volley turn — under the Overload Drawback —
    /// had not come when their engagement ended: it comes in a later one (§3.3.3, I-42).
    pub(crate) drawback_carried: Cards<8>,
    /// Ships hijacked from an eliminated commander whose Marines still wait to move
    /// (§7.1.3.3, `rules::victory`).
    pub(crate) relocations: Vec<pending::Relocation>,
    /// Card effects waiting to resolve, in order (§6.8; `effects::actions`).
    pub(crate) pending: Vec<pending::Pending>,
    /// Temporary modifiers from card effects (§9.22).
    pub(crate) temporary: Vec<pending::Temporary>,
    /// Temporary modifiers on Commanders from card effects (issue 17).
    pub(crate) temporary_commanders: Vec<pending::TemporaryCommanders>,
    /// Limited triggered abilities (`once per turn`, ...) that have triggered: the card, when
    /// it entered play (a card that leaves and returns is a new card), the ability's index on
    /// it, the limit (issue 17, `effects::triggers`).
    pub(crate) limits_used: Vec<(Inst, u32, u8, crate::ir::effect::Limit)>,
    /// Cards with a play limit (`limit: play only once per turn`) each commander has deployed
    /// in the limit's span (issue #40, part 3.7, I-90; `rules::manufacturing::deploying`).
    pub(crate) plays_used: Vec<(PlayerId, crate::ir::CardId, crate::ir::effect::Limit)>,
    /// Wounds each damage prevention has taken in its current span: the unit, when it
    /// entered play, the card whose text prevents, the span (issue 17, `rules::prevention`).
    pub(crate) wards_used: Vec<((Inst, u32, Inst, crate::ir::effect::Span), u8)>,
    /// Instances whose card prints an override or a static on cards, in instance order: the
    /// only ones the resolver and the characteristics layer need to scan (instances are never
    /// removed, so the index only grows).
    /// Shared between forks: it changes only when a card instance is made.
    pub(crate) speakers: Arc<Speakers>,
    /// The cards in play printing a static on cards, in instance order (`move_to` keeps it):
    /// what every characteristics read visits (`effects::for_each_modifier`).
    pub(crate) statics_in_play: Vec<Inst>,
    /// The kinds of modifier the statics of `statics_in_play` print, one bit each
    /// (`Game::kinds_in_play`, made again when one of them enters or leaves play): a read
    /// that wants none of them visits no static at all (`effects::for_each_modifier`). A
    /// static printed only by cards out of play costs a read nothing.
    pub(crate) statics_in_play_kinds: Wanted,
    /// The cards in play printing a static on commanders, in instance order (`move_to` keeps
    /// it): what every cost, income and hand-size read visits (`effects::overrides`).
    pub(crate) commander_statics_in_play: Vec<Inst>,
    /// The Marines and Fighter Wings in play, in instance order (`move_to` keeps it): the only
    /// cards that take up a host's capacity (§9.4), so the hosts `settle_capacity` looks at.
    pub(crate) marines_and_wings: Vec<Inst>,
    /// The hosts whose capacity or load may have changed since capacity was last settled
    /// (§9.4): a card attached to or detached from a host marks that host; a Module's face or
    /// a temporary modifier turning marks every host. `settle_capacity` reads only the marked
    /// hosts (every carrier, when a card of the game prints a capacity static) and clears the
    /// marks. Not part of the game's value: two states that differ only in it are the same
    /// game.
    pub(crate) capacity_stale: CapacityMarks,
    /// Whether a card moved, changed controller or began or ended a relocation since hijacked
    /// ships were last checked for their Marines (§6.9.7, §7.1.3.3): `check_garrisons` reads
    /// the battlefields only when it is set, and clears it. Not part of the game's value.
    pub(crate) garrisons_stale: bool,
    /// Each commander's cards in play in `Game::in_play_of` order, for the listings that read
    /// them on every decision. Not part of the game's value.
    pub(crate) in_play: InPlayIndex,
    /// Effects are being resolved (`effects::actions::run` is not reentrant).
    pub(crate) resolving: bool,
    /// The card and cause of the effect being interpreted right now, if any (a replacement
    /// never replaces the event its own effect brings about, I-47).
    pub(crate) acting: Option<(Inst, crate::event::Cause)>,
    /// The open response window, if any (§2.6, §2.7; `rules::respond`).
    pub(crate) window: Option<pending::Window>,
    /// Storage kept for reuse, never state: equality, forks and the replay state leave it
    /// out, and a fork starts without it.
    pub(crate) spare: Spare,
}

/// Two games are in the same position when every part of their state agrees. The card pool
/// is compared by identity, the log and history by length (both only ever grow, so a choice
/// that added nothing left them alike), and the overrides noted during a choice not at all
/// (they are cleared before each one). `Game::apply` holds refusals to it in debug builds.
impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        // Destructured, so a new field cannot be left out by accident.
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
            noted: _,
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
            statics_in_play_kinds: _,
            commander_statics_in_play,
            marines_and_wings,
            capacity_stale: _,
            garrisons_stale: _,
            in_play: _,
            resolving,
            acting,
            window,
            spare: _,
        } = self;
        Arc::ptr_eq(catalog, &o.catalog)
            && *commanders == o.commanders
            && *instances == o.instances
            && *dice == o.dice
            && *seed == o.seed
            && *max_turns == o.max_turns
            && *turn == o.turn
            && *active == o.active
            && *phase == o.phase
            && *step == o.step
            && *regiments == o.regiments
            && *setup_queue == o.setup_queue
            && *order == o.order
            && *overrides == o.overrides
            && *discounts == o.discounts
            && *clock == o.clock
            && *declared_against == o.declared_against
            && *outcome == o.outcome
            && log.len() == o.log.len()
            && history.len() == o.history.len()
            && *engagement == o.engagement
            && *spoils == o.spoils
            && *fresh == o.fresh
            && *drawback_carried == o.drawback_carried
            && *relocations == o.relocations
            && *pending == o.pending
            && *temporary == o.temporary
            && *temporary_commanders == o.temporary_commanders
            && *limits_used == o.limits_used
            && *plays_used == o.plays_used
            && *wards_used == o.wards_used
            && *speakers == o.speakers
            && *statics_in_play == o.statics_in_play
            && *commander_statics_in_play == o.commander_statics_in_play
            && *marines_and_wings == o.marines_and_wings
            && *resolving == o.resolving
            && *acting == o.acting
            && *window == o.window
    }
}

/// Whether a card takes up room aboard a host when it is there: a Marine or a Fighter Wing
/// (§2.4.1, §2.5.1.1, §9.4).
pub(crate) fn takes_capacity(card: &Card) -> bool {
    matches!(
        card.kind,
        CardKind::Marine { .. } | CardKind::Ship(crate::ir::ShipClass::FighterWing)
    )
}

/// Which instances print abilities that speak to the whole game all the time (see
/// `Game::speakers`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Speakers {
    /// Cards printing a Golden-Rule override (§8.1).
    pub(crate) overrides: Vec<Inst>,
    /// Cards printing a static on cards (§9.22).
    pub(crate) card_statics: Vec<Inst>,
    /// Whether one of those modifiers is on Marine or Wing capacity (§9.22): asked after
    /// every choice (`manufacturing::settle_capacity`), so kept rather than searched.
    pub(crate) capacity_statics: bool,
    /// Cards printing a static on commanders (§9.22: income, costs, hand size).
    pub(crate) commander_statics: Vec<Inst>,
    /// For each event a triggered ability of the game waits for, the cards printing one that
    /// does, in instance order (`effects::triggers::collect` visits only those; a moment no
    /// card waits for visits none). Cleared for a new game with the events kept, each list
    /// emptied, so a game made in an old game's storage (`Game::renew`) lists its cards
    /// with no allocation.
    by_event: Vec<(crate::ir::effect::TriggerEvent, Vec<Inst>)>,
    /// For each base rule some card overrides, the cards printing an override of it (the
    /// resolver visits only those).
    /// Inline (issue #15): a pool has a few cards overriding any one rule, and a game made
    /// in an old game's storage (`Game::renew`) then lists them with no allocation.
    pub(crate) by_rule: Vec<(BaseRule, Cards<8>)>,
    /// The rules `by_rule` names, one bit each ([`Speakers::rule_bit`]): most reads are of a
    /// rule no card overrides, answered by one test (`Game::resolve`).
    pub(crate) overridden: u64,
    /// For each instance, the trait names its card prints, one bit each
    /// ([`Speakers::trait_bit`]): most trait reads are of a trait the card and its Modules do
    /// not print (`rules::stats`), answered without reading their traits.
    printed_traits: Vec<u16>,
}

// Every trait name has a bit of `Speakers::printed_traits`.
const _: () = assert!(crate::ir::TraitName::ALL.len() <= 16);

// Every base rule has a bit of `Speakers::overridden`.
const _: () = assert!(BaseRule::ALL.len() <= 64);

impl Speakers {
    /// Whether a card prints a Golden-Rule override (§8.1).
    pub(crate) fn prints_override(card: &Card) -> bool {
        use cardlang::ir::effect::Ability;
        card.abilities
            .iter()
            .any(|a| matches!(a, Ability::Override { .. }))
    }

    /// No speaker, as `Speakers::default()`, keeping the lists' room.
    fn clear(&mut self) {
        let Speakers {
            overrides,
            card_statics,
            capacity_statics,
            commander_statics,
            by_event,
            by_rule,
            overridden,
            printed_traits,
        } = self;
        overrides.clear();
        printed_traits.clear();
        card_statics.clear();
        *capacity_statics = false;
        commander_statics.clear();
        for (_, cards) in by_event.iter_mut() {
            cards.clear();
        }
        by_rule.clear();
        *overridden = 0;
    }

    /// `name`'s bit of [`Speakers::printed_traits`].
    fn trait_bit(name: crate::ir::TraitName) -> u16 {
        1 << (name as u16)
    }

    /// Whether `i`'s card prints a trait named `name` (any value).
    pub(crate) fn prints_trait(&self, i: Inst, name: crate::ir::TraitName) -> bool {
        self.printed_traits
            .get(i.0 as usize)
            .is_some_and(|&bits| bits & Speakers::trait_bit(name) != 0)
    }

    /// `rule`'s bit of [`Speakers::overridden`].
    pub(crate) fn rule_bit(rule: BaseRule) -> u64 {
        1 << (rule as u32)
    }

    /// The cards printing a triggered ability that waits for `event`, in instance order.
    pub(crate) fn waiting_for(&self, event: crate::ir::effect::TriggerEvent) -> &[Inst] {
        self.by_event
            .iter()
            .find(|(e, _)| *e == event)
            .map_or(&[], |(_, cards)| cards)
    }

    /// Whether a card of the game prints an override of `rule`.
    pub(crate) fn overrides_rule(&self, rule: BaseRule) -> bool {
        self.overridden & Speakers::rule_bit(rule) != 0
    }

    /// The cards printing an override of `rule`, in instance order.
    pub(crate) fn overrides_of(&self, rule: BaseRule) -> &[Inst] {
        self.by_rule
            .iter()
            .find(|(r, _)| *r == rule)
            .map_or(&[], |(_, cards)| cards)
    }

    fn note(&mut self, i: Inst, card: &Card) {
        use cardlang::ir::effect::{Ability, Static};
        let at = i.0 as usize;
        if self.printed_traits.len() <= at {
            self.printed_traits.resize(at + 1, 0);
        }
        let printed = &card.traits; // printed: §3.1, the traits the card prints, for `prints_trait`.
        self.printed_traits[at] = printed
            .iter()
            .fold(0, |bits, t| bits | Speakers::trait_bit(t.name()));
        if Speakers::prints_override(card) {
            self.overrides.push(i);
            for a in &card.abilities {
                let Ability::Override { rule, .. } = a else {
                    continue;
                };
                self.overridden |= Speakers::rule_bit(*rule);
                match self.by_rule.iter_mut().find(|(r, _)| r == rule) {
                    Some((_, cards)) if cards.last() == Some(&i) => {}
                    Some((_, cards)) => cards.push(i),
                    None => self.by_rule.push((*rule, smallvec::smallvec![i])),
                }
            }
        }
        if card.abilities.iter().any(|a| {
            matches!(
                a,
                Ability::Static(Static::Cards { .. } | Static::Against { .. })
            )
        }) {
            self.card_statics.push(i);
        }
        for a in &card.abilities {
            if let Ability::Static(Static::Cards { modifier, .. }) = a {
                self.capacity_statics |= matches!(
                    modifier,
                    crate::ir::effect::CardModifier::Stat {
                        stat: crate::ir::effect::Stat::MarineCapacity
                            | crate::ir::effect::Stat::WingCapacity,
                        ..
                    }
                );
            }
        }
        if card
            .abilities
            .iter()
            .any(|a| matches!(a, Ability::Static(Static::Commanders { .. })))
        {
            self.commander_statics.push(i);
        }
        for a in &card.abilities {
            if let Ability::Triggered { trigger, .. } = a {
                match self.by_event.iter_mut().find(|(e, _)| *e == trigger.event) {
                    Some((_, cards)) if cards.last() == Some(&i) => {}
                    Some((_, cards)) => cards.push(i),
                    None => self.by_event.push((trigger.event, vec![i])),
                }
            }
        }
    }
}

/// Put `i` into an index of cards in play kept in instance order, or take it out.
fn enter_or_leave(index: &mut Vec<Inst>, i: Inst, in_play: bool) {
    match (in_play, index.binary_search(&i)) {
        (true, Err(at)) => index.insert(at, i),
        (false, Ok(at)) => {
            index.remove(at);
        }
        _ => {}
    }
}

/// Take `i` out of a card list, the rest kept in order.
fn remove<const N: usize>(cards: &mut Cards<N>, i: Inst)
where
    [Inst; N]: smallvec::Array<Item = Inst>,
{
    // A card is in one place once (`engine::invariants`): the first found is the only one,
    // and the rest move up one place (a draw takes the Shipyard's first card).
    if let Some(at) = cards.iter().position(|c| *c == i) {
        cards.remove(at);
    }
    debug_assert!(!cards.contains(&i), "{i} was listed twice in one place");
}

fn no_card() -> &'static Card {
    static NO_CARD: OnceLock<Card> = OnceLock::new();
    NO_CARD.get_or_init(|| Card::blank(CardId(u32::MAX), "<unknown card>", CardKind::Event))
}

/// A card's text held apart from the game ([`Game::text`]): readable while the game changes.
pub(crate) struct Text {
    db: Arc<CardDb>,
    card: CardId,
}

impl Text {
    /// The card, as [`Game::card`] would give it.
    pub(crate) fn card(&self) -> &Card {
        self.db.get(self.card).unwrap_or_else(|| no_card())
    }
}

/// Whether a game can seat `n` commanders: at least two (§7), at most [`MAX_COMMANDERS`].
pub(crate) fn check_commanders(n: usize) -> Result<(), SetupError> {
    if n < 2 {
        return Err(SetupError::TooFewCommanders(n));
    }
    if n > MAX_COMMANDERS {
        return Err(SetupError::TooManyCommanders {
            got: n,
            max: MAX_COMMANDERS,
        });
    }
    Ok(())
}

impl Game {
    /// A game with commanders and no cards, in Setup, with no step started: the starting
    /// point for boards built by rulings (`board`).
    pub fn empty(
        catalog: Arc<CardDb>,
        names: Vec<String>,
        config: Config,
    ) -> Result<Game, SetupError> {
        check_commanders(names.len())?;
        let order = (0..names.len()).map(|s| PlayerId(s as u8)).collect();
        Ok(Game {
            catalog,
            commanders: names.into_iter().map(Commander::new).collect(),
            instances: Vec::new(),
            dice: Dice::new(config.seed),
            seed: config.seed,
            max_turns: config.max_turns,
            turn: 0,
            active: PlayerId(0),
            phase: Phase::Setup,
            step: Step::Over,
            regiments: Vec::new(),
            setup_queue: Vec::new(),
            order,
            overrides: Vec::new(),
            discounts: Vec::new(),
            clock: 0,
            declared_against: None,
            outcome: None,
            log: Log::default(),
            history: Log::default(),
            noted: Vec::new(),
            engagement: None,
            spoils: Vec::new(),
            relocations: Vec::new(),
            fresh: Vec::new(),
            drawback_carried: crate::state::Cards::new(),
            pending: Vec::new(),
            temporary: Vec::new(),
            limits_used: Vec::new(),
            plays_used: Vec::new(),
            wards_used: Vec::new(),
            temporary_commanders: Vec::new(),
            speakers: Arc::default(),
            statics_in_play: Vec::new(),
            statics_in_play_kinds: Wanted::default(),
            commander_statics_in_play: Vec::new(),
            marines_and_wings: Vec::new(),
            capacity_stale: CapacityMarks::everything(),
            garrisons_stale: true,
            in_play: InPlayIndex::default(),
            resolving: false,
            acting: None,
            window: None,
            spare: Spare::default(),
        })
    }

    /// Make this game what [`Game::empty`] would make, in this game's own storage: every list
    /// emptied with its room kept, the log's and history's own chunks kept as their spares
    /// (`crate::log`), the commanders' names and the turn order kept where they are the same
    /// and no fork shares them. `Game::renew` starts a new game on it, so a driver playing
    /// game after game grows the storage once (issue #15). Every field is named, so a field
    /// added to the game and not reset here fails to compile.
    pub(crate) fn reset<'a>(
        &mut self,
        catalog: Arc<CardDb>,
        names: impl ExactSizeIterator<Item = &'a str>,
        config: Config,
    ) -> Result<(), SetupError> {
        check_commanders(names.len())?;
        let Game {
            catalog: old_catalog,
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
            spare,
        } = self;
        *old_catalog = catalog;
        let n = names.len();
        commanders.truncate(n);
        for (seat, name) in names.enumerate() {
            match commanders.get_mut(seat) {
                Some(c) => c.reset(name),
                None => commanders.push(Commander::new(name.to_string())),
            }
        }
        for (slot, x) in instances.iter_mut().enumerate() {
            if x.attachments.spilled() {
                if spare.attachments.len() <= slot {
                    spare.attachments.resize_with(slot + 1, Cards::new);
                }
                x.attachments.clear();
                spare.attachments[slot] = std::mem::take(&mut x.attachments);
            }
        }
        instances.clear();
        *dice = Dice::new(config.seed);
        *seed = config.seed;
        *max_turns = config.max_turns;
        *turn = 0;
        *active = PlayerId(0);
        *phase = Phase::Setup;
        *step = Step::Over;
        regiments.clear();
        setup_queue.clear();
        match Arc::get_mut(order) {
            Some(o) if o.len() == n => {
                for (s, p) in o.iter_mut().enumerate() {
                    *p = PlayerId(s as u8);
                }
            }
            _ => *order = (0..n).map(|s| PlayerId(s as u8)).collect(),
        }
        overrides.clear();
        discounts.clear();
        *clock = 0;
        *declared_against = None;
        *outcome = None;
        log.clear();
        history.clear();
        noted.clear();
        *engagement = None;
        spoils.clear();
        fresh.clear();
        drawback_carried.clear();
        relocations.clear();
        pending.clear();
        temporary.clear();
        temporary_commanders.clear();
        limits_used.clear();
        plays_used.clear();
        wards_used.clear();
        match Arc::get_mut(speakers) {
            Some(sp) => sp.clear(),
            None => *speakers = Arc::default(),
        }
        statics_in_play.clear();
        *statics_in_play_kinds = Wanted::default();
        commander_statics_in_play.clear();
        marines_and_wings.clear();
        capacity_stale.mark_all();
        *garrisons_stale = true;
        in_play.mark_all();
        *resolving = false;
        *acting = None;
        *window = None;
        Ok(())
    }

    // ----- read access ------------------------------------------------------------------

    pub fn catalog(&self) -> &CardDb {
        &self.catalog
    }

    pub fn commanders(&self) -> &[Commander] {
        &self.commanders
    }

    pub fn commander(&self, who: PlayerId) -> Option<&Commander> {
        self.commanders.get(who.0 as usize)
    }

    pub fn instances(&self) -> &[Instance] {
        &self.instances
    }

    pub fn instance(&self, i: Inst) -> Option<&Instance> {
        self.instances.get(i.0 as usize)
    }

    pub fn log(&self) -> &[Event] {
        self.log.as_slice()
    }

    /// How many events the log holds, without making the whole log into one slice (`log()`
    /// builds that slice after every append: a watcher asking each choice would copy the log
    /// each time).
    pub fn log_len(&self) -> usize {
        self.log.len()
    }

    /// The log as JSON: the byte-for-byte replay check compares this.
    pub fn log_json(&self) -> String {
        serde_json::to_string(self.log.as_slice()).unwrap_or_default()
    }

    /// Every applied choice, in order: with the decks and seed, enough to replay the game.
    pub fn history(&self) -> &[(PlayerId, Choice)] {
        self.history.as_slice()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn active(&self) -> PlayerId {
        self.active
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn step(&self) -> &Step {
        &self.step
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Ships hijacked from an eliminated commander, still in play until their hijacker's
    /// Marines aboard have moved (§7.1.3.3).
    pub fn relocations(&self) -> &[pending::Relocation] {
        &self.relocations
    }

    /// The engagement being fought, if any (§6.6).
    pub fn engagement(&self) -> Option<&engagement::Engagement> {
        self.engagement.as_ref()
    }

    /// Forced volley-die results for rulings: used before the generator (see `rng`). A
    /// result no die shows (outside 1 to 10) forces nothing and says so.
    pub fn force_dice(
        &mut self,
        results: impl IntoIterator<Item = u8>,
    ) -> Result<(), crate::rng::NotADie> {
        self.dice.force(results)
    }

    /// The card an instance is (a placeholder for an unknown instance).
    pub fn card(&self, i: Inst) -> &Card {
        self.instances
            .get(i.0 as usize)
            .and_then(|x| self.catalog.get(x.card))
            .unwrap_or_else(|| no_card())
    }

    /// `i`'s card text, shared (a count on the card pool, no copy): an effect resolving reads
    /// its own text in place while it changes the game (issue #15).
    pub(crate) fn text(&self, i: Inst) -> Text {
        Text {
            db: Arc::clone(&self.catalog),
            card: self.instance(i).map_or(CardId(u32::MAX), |x| x.card),
        }
    }

    pub fn card_ref(&self, i: Inst) -> CardRef {
        CardRef {
            inst: i,
            card: self
                .instances
                .get(i.0 as usize)
                .map_or(CardId(u32::MAX), |x| x.card),
        }
    }

    pub fn name(&self, i: Inst) -> &str {
        &self.card(i).name
    }

    pub(crate) fn zone(&self, i: Inst) -> Option<Zone> {
        self.instances.get(i.0 as usize).map(|x| x.zone)
    }

    pub(crate) fn controller(&self, i: Inst) -> PlayerId {
        self.instances
            .get(i.0 as usize)
            .map_or(PlayerId(u8::MAX), |x| x.controller)
    }

    pub(crate) fn attachments(&self, i: Inst) -> &[Inst] {
        self.instances
            .get(i.0 as usize)
            .map_or(&[], |x| &x.attachments)
    }

    /// The commander's name as the transcript shows it (`P<n>` for a seat that does not exist).
    pub fn commander_name(&self, who: PlayerId) -> String {
        self.cmd(who)
            .map_or_else(|| who.to_string(), |c| c.name.to_string())
    }

    pub(crate) fn cmd(&self, who: PlayerId) -> Option<&Commander> {
        self.commanders.get(who.0 as usize)
    }

    pub(crate) fn cmd_mut(&mut self, who: PlayerId) -> Option<&mut Commander> {
        self.commanders.get_mut(who.0 as usize)
    }

    /// On the battlefield, attached or not.
    pub fn in_play(&self, i: Inst) -> bool {
        matches!(self.zone(i), Some(Zone::Battlefield | Zone::Attached(_)))
    }

    /// Every card in play, whoever controls it, in instance order: one pass over the
    /// instances (what an effect's targets and groups are drawn from, §8.5).
    pub(crate) fn cards_in_play(&self) -> impl Iterator<Item = Inst> + Clone + '_ {
        self.instances
            .iter()
            .enumerate()
            .filter(|(_, x)| matches!(x.zone, Zone::Battlefield | Zone::Attached(_)))
            .map(|(k, _)| Inst(k as u16))
    }

    /// Seats still in the game, clockwise from `from` (exclusive).
    pub(crate) fn others_clockwise(
        &self,
        from: PlayerId,
    ) -> impl Iterator<Item = PlayerId> + Clone + '_ {
        let n = self.commanders.len();
        (1..n)
            .map(move |k| PlayerId(((from.0 as usize + k) % n) as u8))
            .filter(|p| self.cmd(*p).is_some_and(|c| !c.out))
    }

    /// The commander's Station in play, if any.
    pub fn station(&self, who: PlayerId) -> Option<Inst> {
        self.cmd(who)?
            .battlefield
            .iter()
            .copied()
            .find(|&i| self.card(i).kind == CardKind::Station)
    }

    /// Every card in play the commander controls, hosts before their attachments (each
    /// battlefield card, then what is attached to it, depth first). Walks the zones in place:
    /// no list is made.
    ///
    /// A commander's list is read from `Game::in_play` while it is fresh (a debug build holds
    /// it to the walk), and walked otherwise.
    pub fn in_play_of(&self, who: PlayerId) -> InPlayOf<'_> {
        if let Some(list) = self.in_play.fresh(who) {
            debug_assert!(
                list.iter().copied().eq(self.walk_in_play(who)),
                "the index of {who}'s cards in play is out of date"
            );
            return InPlayOf {
                game: self,
                roots: list,
                listed: true,
                next_root: 0,
                at: None,
                left: list.len(),
            };
        }
        self.walk_in_play(who)
    }

    /// [`Game::in_play_of`] as a list: the index's own while it is fresh, else walked into one.
    pub(crate) fn in_play_list(&self, who: PlayerId) -> InPlayList<'_> {
        match self.in_play.fresh(who) {
            Some(list) => {
                debug_assert!(
                    list.iter().copied().eq(self.walk_in_play(who)),
                    "the index of {who}'s cards in play is out of date"
                );
                InPlayList::Fresh(list)
            }
            None => InPlayList::Walked(self.walk_in_play(who).collect()),
        }
    }

    /// [`Game::in_play_of`] by walking the zones: the battlefield, each card followed by its
    /// attachments.
    pub(crate) fn walk_in_play(&self, who: PlayerId) -> InPlayOf<'_> {
        InPlayOf {
            game: self,
            roots: self.cmd(who).map_or(&[], |c| &c.battlefield),
            listed: false,
            next_root: 0,
            at: None,
            left: self.instances.len(),
        }
    }

    /// Rebuild the lists of cards in play (`Game::in_play`) that a move made stale: after
    /// every choice, so the next listing reads them.
    pub(crate) fn index_in_play(&mut self) {
        let stale = self.in_play.stale;
        if stale == 0 {
            return;
        }
        let n = self.commanders.len();
        self.in_play.lists.resize_with(n, Cards::new);
        for seat in 0..n {
            if stale & InPlayIndex::bit(PlayerId(seat as u8)) == 0 {
                continue;
            }
            let mut list = std::mem::take(&mut self.in_play.lists[seat]);
            list.clear();
            list.extend(self.walk_in_play(PlayerId(seat as u8)));
            self.in_play.lists[seat] = list;
        }
        self.in_play.stale = 0;
    }

    /// Keep the lists of cards in play (`Game::in_play`) as `i` moving to `zone` will leave
    /// them, asked before the move. In a list, `i` and what hangs from it are one run, which
    /// leaves the list of the commander it is among and joins the list it goes to: at the end
    /// of a battlefield (a card joining one joins its controller's, which a move into play
    /// leaves as it is), or after the run of the host it attaches to (it becomes the host's
    /// last attachment). A card joining play hosts nothing. Where a list is stale, the run it
    /// would give or take is not known, and the list it goes to is marked stale too.
    fn index_move(&mut self, i: Inst, zone: Zone) {
        let from = self.holder(i);
        let to = match zone {
            Zone::Battlefield => Some(self.controller(i)),
            Zone::Attached(h) => self.holder(h),
            _ => None,
        };
        if from.is_none() && to.is_none() {
            return;
        }
        let mut run: Cards<8> = smallvec::smallvec![i];
        let mut known = true;
        if let Some(w) = from {
            let found = self.in_play.fresh(w).map(|list| {
                list.iter()
                    .position(|&x| x == i)
                    .map(|p| (p, self.run_end(list, p)))
            });
            match found {
                Some(Some((p, end))) => {
                    let list = &mut self.in_play.lists[w.0 as usize];
                    run = list.drain(p..end).collect();
                }
                Some(None) => {
                    // Defensive: a fresh list without a card in play of its commander.
                    debug_assert!(false, "{i} is in play but not in {w}'s list");
                    self.in_play.mark(w);
                    known = false;
                }
                None => known = false,
            }
        }
        let Some(w) = to else { return };
        if !known {
            self.in_play.mark(w);
            return;
        }
        let at = self.in_play.fresh(w).map(|list| match zone {
            Zone::Attached(h) => list
                .iter()
                .position(|&x| x == h)
                .map(|p| self.run_end(list, p)),
            _ => Some(list.len()),
        });
        match at {
            Some(Some(at)) => {
                let list = &mut self.in_play.lists[w.0 as usize];
                list.insert_many(at, run);
            }
            Some(None) => self.in_play.mark(w),
            None => {}
        }
    }

    /// The end of the run that starts at `list[p]`: the card there and, after it, every card
    /// hanging from it.
    fn run_end(&self, list: &[Inst], p: usize) -> usize {
        let Some(&top) = list.get(p) else {
            return p;
        };
        let mut end = p + 1;
        while list.get(end).is_some_and(|&x| self.hangs_from(x, top)) {
            end += 1;
        }
        end
    }

    /// Whether `i` is attached to `host`, or to a card attached to it, and so on.
    fn hangs_from(&self, mut i: Inst, host: Inst) -> bool {
        for _ in 0..self.instances.len() {
            match self.zone(i) {
                Some(Zone::Attached(h)) if h == host => return true,
                Some(Zone::Attached(h)) => i = h,
                _ => return false,
            }
        }
        false
    }

    /// The commander among whose cards in play `i` is: the controller of the battlefield card
    /// it is, or hangs from (`in_play_of` walks a battlefield and what hangs from it).
    fn holder(&self, mut i: Inst) -> Option<PlayerId> {
        for _ in 0..=self.instances.len() {
            match self.zone(i)? {
                Zone::Battlefield => return Some(self.controller(i)),
                Zone::Attached(h) => i = h,
                _ => return None,
            }
        }
        None
    }

    // ----- instances and zones ----------------------------------------------------------

    pub(crate) fn new_instance(&mut self, who: PlayerId, card: CardId, zone: Zone) -> Inst {
        let i = Inst(self.instances.len() as u16);
        if let Some(c) = self.catalog.get(card) {
            Arc::make_mut(&mut self.speakers).note(i, c);
        }
        let attachments = self
            .spare
            .attachments
            .get_mut(i.0 as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        self.instances.push(Instance {
            card,
            owner: who,
            controller: who,
            zone: Zone::Scrapheap,
            wounds: 0,
            face_down: false,
            facing: Facing::Normal,
            attachments,
            deployed_by: None,
            entered: 0,
        });
        // Placed via the normal zone path so lists and `zone` agree.
        if let Some(c) = self.cmd_mut(who) {
            c.scrapheap.push(i);
        }
        self.move_to(i, zone);
        i
    }

    /// Mark what the settlements after a choice read (capacity, garrisons) as changed: for the
    /// few writers that change zones, faces or control without `move_to`.
    /// The kinds of modifier the statics of the cards in play print
    /// (`Game::statics_in_play_kinds`).
    pub(crate) fn kinds_in_play(&self) -> Wanted {
        self.statics_in_play
            .iter()
            .fold(Wanted::default(), |k, &s| {
                k.or(Wanted::printed_by(self.card(s)))
            })
    }

    pub(crate) fn board_changed(&mut self) {
        self.capacity_stale.mark_all();
        self.garrisons_stale = true;
        self.in_play.mark_all();
    }

    /// Mark what `i` moving from where it is to `zone` may change for the settlements after a
    /// choice: the garrisons, when a ship or Marine enters, leaves or moves in play (nothing
    /// else is a hijacked ship or its garrison, §6.9.7); and the capacity of the host it joins
    /// and, unless it is a Marine or Wing, of the host it leaves (§9.4). A host's capacity
    /// comes from its own card, its Modules, statics (settled on every host in a game that
    /// prints one, `Speakers::capacity_statics`) and temporary modifiers, so a Marine or Wing
    /// leaving only lowers its host's load. A card that is the source of a temporary modifier
    /// may end it by moving (`Duration::WhileAttached`): that marks every host.
    pub(crate) fn mark_move(&mut self, i: Inst, zone: Zone) {
        self.index_move(i, zone);
        if let Some(Zone::Attached(h)) = self.zone(i) {
            if !takes_capacity(self.card(i)) {
                self.capacity_stale.mark(h);
            }
        }
        if let Zone::Attached(h) = zone {
            self.capacity_stale.mark(h);
        }
        if self.temporary.iter().any(|t| t.source == i) {
            self.capacity_stale.mark_all();
        }
        if (self.in_play(i) || matches!(zone, Zone::Battlefield | Zone::Attached(_)))
            && matches!(
                self.card(i).kind,
                CardKind::Ship(_) | CardKind::Marine { .. }
            )
        {
            self.garrisons_stale = true;
        }
    }

    /// Take `i` out of wherever it is (list or host's attachments).
    fn detach_from_zone(&mut self, i: Inst) {
        let Some(x) = self.instances.get(i.0 as usize) else {
            return;
        };
        let (zone, owner, controller) = (x.zone, x.owner, x.controller);
        match zone {
            Zone::Attached(host) => {
                if let Some(h) = self.instances.get_mut(host.0 as usize) {
                    remove(&mut h.attachments, i);
                }
            }
            Zone::Battlefield => {
                if let Some(c) = self.cmd_mut(controller) {
                    remove(&mut c.battlefield, i);
                }
            }
            Zone::Shipyard | Zone::Hand | Zone::Scrapheap | Zone::Stockpile => {
                if let Some(c) = self.cmd_mut(owner) {
                    match zone {
                        Zone::Shipyard => remove(&mut c.shipyard, i),
                        Zone::Hand => remove(&mut c.hand, i),
                        Zone::Scrapheap => remove(&mut c.scrapheap, i),
                        _ => remove(&mut c.stockpile_cards, i),
                    }
                }
            }
        }
    }

    /// Move `i` to `zone` (appending). Entering play stamps the resolver clock; leaving play
    /// clears wounds, facing and face-down state. Attachments of a card that leaves play go
    /// to their owners' Scrapheaps (§9.1).
    pub(crate) fn move_to(&mut self, i: Inst, zone: Zone) {
        let was_in_play = self.in_play(i);
        if !matches!(zone, Zone::Battlefield | Zone::Attached(_)) {
            // A ship that leaves play no longer waits to act (§6.6 STEP 8E), nor owes an
            // Overload Drawback (§3.3.3, I-42): if it comes back, it is a new card (§9.12).
            self.fresh.retain(|&f| f != i);
            self.drawback_carried.retain(|f| *f != i);
        }
        self.mark_move(i, zone);
        self.detach_from_zone(i);
        let now_in_play = matches!(zone, Zone::Battlefield | Zone::Attached(_));
        if now_in_play && !was_in_play {
            self.clock += 1;
        }
        if now_in_play != was_in_play {
            // The indexes of cards in play (ARCHITECTURE.md invariant 10).
            if self.speakers.card_statics.binary_search(&i).is_ok() {
                enter_or_leave(&mut self.statics_in_play, i, now_in_play);
                self.statics_in_play_kinds = self.kinds_in_play();
            }
            if self.speakers.commander_statics.binary_search(&i).is_ok() {
                enter_or_leave(&mut self.commander_statics_in_play, i, now_in_play);
            }
            if takes_capacity(self.card(i)) {
                enter_or_leave(&mut self.marines_and_wings, i, now_in_play);
            }
        }
        let clock = self.clock;
        let controller_of_host = match zone {
            Zone::Attached(h) => Some(self.controller(h)),
            _ => None,
        };
        let Some(x) = self.instances.get_mut(i.0 as usize) else {
            return;
        };
        x.zone = zone;
        if now_in_play && !was_in_play {
            x.entered = clock;
        }
        if let Some(c) = controller_of_host {
            x.controller = c;
        }
        if !now_in_play {
            x.wounds = 0;
            x.face_down = false;
            x.facing = Facing::Normal;
            x.controller = x.owner;
            x.deployed_by = None;
        }
        let (owner, controller) = (x.owner, x.controller);
        let attached = if now_in_play { 0 } else { x.attachments.len() };
        match zone {
            Zone::Attached(h) => {
                if let Some(hx) = self.instances.get_mut(h.0 as usize) {
                    hx.attachments.push(i);
                }
            }
            Zone::Battlefield => {
                if let Some(c) = self.cmd_mut(controller) {
                    c.battlefield.push(i);
                }
            }
            Zone::Shipyard | Zone::Hand | Zone::Scrapheap | Zone::Stockpile => {
                if let Some(c) = self.cmd_mut(owner) {
                    match zone {
                        Zone::Shipyard => c.shipyard.push(i),
                        Zone::Hand => c.hand.push(i),
                        Zone::Scrapheap => c.scrapheap.push(i),
                        _ => c.stockpile_cards.push(i),
                    }
                }
            }
        }
        // Its attachments follow it out of play, first attached first (§9.1): each move
        // takes the card off `i`'s list, which keeps its storage for the next card `i` hosts
        // (issue #15: no allocation a decision). At most as many moves as it had.
        for _ in 0..attached {
            let first = self.instances.get(i.0 as usize);
            let Some(a) = first.and_then(|x| x.attachments.first().copied()) else {
                break;
            };
            // Every card that leaves play has a line (I-87); a rule that moves attached cards
            // itself (destruction, §9.1) has moved them, with its own lines, before this.
            self.log.push(Event::LeftPlay {
                card: self.card_ref(a),
                why: crate::event::LeftPlayWhy::WithHost(self.card_ref(i)),
            });
            self.move_to(a, Zone::Scrapheap);
        }
        // A card out of play hosts nothing, whatever a move above left (it leaves none).
        if attached > 0 {
            if let Some(x) = self.instances.get_mut(i.0 as usize) {
                x.attachments.clear();
            }
        }
    }

    pub(crate) fn shuffle_shipyard(&mut self, who: PlayerId) {
        let Some(c) = self.commanders.get_mut(who.0 as usize) else {
            return;
        };
        self.dice.shuffle(&mut c.shipyard);
        self.log.push(Event::ShipyardShuffled { who });
    }

    // ----- the Golden-Rule resolver (§8.1) ----------------------------------------------

    /// Add an override (rulings, tests; abilities later). Its value must be of the rule's
    /// kind and its source a card of this game.
    pub fn add_override(&mut self, ov: Override) -> Result<(), RuleError> {
        if ov.value.kind() != ov.rule.kind() {
            return Err(RuleError::BadOverride {
                what: format!("{} takes {}, not {}", ov.rule, ov.rule.kind(), ov.value),
            });
        }
        if self.instance(ov.source).is_none() {
            return Err(RuleError::BadOverride {
                what: format!("source card {} is not in this game", ov.source),
            });
        }
        if let Scope::Card(c) = ov.scope {
            if self.instance(c).is_none() {
                return Err(RuleError::BadOverride {
                    what: format!("scope card {c} is not in this game"),
                });
            }
        }
        self.overrides.push(ov);
        Ok(())
    }

    /// Add a cost discount from a card (§8.4); live only while its source is in play.
    pub fn add_discount(&mut self, d: Discount) -> Result<(), RuleError> {
        if self.instance(d.source).is_none() {
            return Err(RuleError::BadOverride {
                what: format!("discount source {} is not in this game", d.source),
            });
        }
        self.discounts.push(d);
        Ok(())
    }

    /// Whether a card's text is currently live: in play, face up, commander still in.
    pub(crate) fn text_live(&self, i: Inst) -> bool {
        self.in_play(i)
            && self.instance(i).is_some_and(|x| !x.face_down)
            && self.cmd(self.controller(i)).is_some_and(|c| !c.out)
    }

    /// Whether `who` can pay `cost` (Stockpiles never go below 0, §9.27).
    pub(crate) fn check_afford(
        &self,
        who: PlayerId,
        cost: Amount,
        section: &'static str,
    ) -> Result<(), RuleError> {
        if !self.can_afford(who, cost) {
            return Err(RuleError::CannotAfford {
                cost,
                have: self.cmd(who).map_or(Amount::ZERO, |c| c.stockpile()),
                section,
            });
        }
        Ok(())
    }

    /// Whether `who`'s Stockpiles hold `cost` (§5.4.2): what [`Game::check_afford`] asks.
    pub(crate) fn can_afford(&self, who: PlayerId, cost: Amount) -> bool {
        let have = self.cmd(who).map_or(Amount::ZERO, |c| c.stockpile());
        have.resource >= cost.resource && have.currency >= cost.currency
    }

    pub(crate) fn pay(&mut self, who: PlayerId, cost: Amount) {
        if let Some(c) = self.cmd_mut(who) {
            c.resource = c.resource.saturating_sub(cost.resource);
            c.currency = c.currency.saturating_sub(cost.currency);
        }
    }

    pub(crate) fn finish(&mut self, outcome: Outcome) {
        self.log.push(Event::GameOver {
            outcome: outcome.clone(),
        });
        self.outcome = Some(outcome);
        self.step = Step::Over;
        self.regiments.clear();
        self.spoils.clear();
        self.pending.clear();
        self.engagement = None;
        self.window = None;
    }
}

/// Which hosts' capacity or load may have changed since capacity was last settled (§9.4,
/// `Game::capacity_stale`): a few hosts by name, or every host.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CapacityMarks {
    all: bool,
    /// Inline: a choice attaches and detaches a few cards; more marks every host instead.
    hosts: Cards<4>,
}

impl CapacityMarks {
    /// Every host marked: a new game, or a change no one host names.
    pub(crate) fn everything() -> CapacityMarks {
        CapacityMarks {
            all: true,
            hosts: Cards::new(),
        }
    }

    pub(crate) fn mark_all(&mut self) {
        self.all = true;
        self.hosts.clear();
    }

    /// Mark `host`; past the inline few, every host (so marking never allocates).
    pub(crate) fn mark(&mut self, host: Inst) {
        if self.all || self.hosts.contains(&host) {
            return;
        }
        if self.hosts.len() == self.hosts.inline_size() {
            self.mark_all();
        } else {
            self.hosts.push(host);
        }
    }

    /// Whether every host is marked.
    pub(crate) fn all(&self) -> bool {
        self.all
    }

    /// Whether `host` is marked (by name or with every host).
    pub(crate) fn marks(&self, host: Inst) -> bool {
        self.all || self.hosts.contains(&host)
    }

    /// The hosts marked by name (all of them unless [`CapacityMarks::all`]).
    pub(crate) fn hosts(&self) -> &[Inst] {
        &self.hosts
    }

    /// Whether any host is marked.
    pub(crate) fn any(&self) -> bool {
        self.all || !self.hosts.is_empty()
    }

    pub(crate) fn clear(&mut self) {
        self.all = false;
        self.hosts.clear();
    }
}

/// The cards in play one commander controls, depth first (`Game::in_play_of`).
///
/// It keeps only the card it is at: the next one is that card's first attachment, else the
/// attachment after it on its host (found through its `Zone::Attached`), else the same one
/// level up, else the next battlefield card.
pub struct InPlayOf<'g> {
    game: &'g Game,
    roots: &'g [Inst],
    /// `roots` is the whole list (`Game::in_play`), read in order with nothing to walk.
    listed: bool,
    next_root: usize,
    at: Option<Inst>,
    /// Defensive: attachments cannot form a cycle, but the walk never runs without bound.
    left: usize,
}

impl InPlayOf<'_> {
    fn after(&mut self, mut i: Inst) -> Option<Inst> {
        if let Some(&first) = self.game.attachments(i).first() {
            return Some(first);
        }
        for _ in 0..self.game.instances.len() {
            let Some(Zone::Attached(host)) = self.game.zone(i) else {
                break;
            };
            let on_host = self.game.attachments(host);
            if let Some(k) = on_host.iter().position(|&a| a == i) {
                if let Some(&next) = on_host.get(k + 1) {
                    return Some(next);
                }
            }
            i = host;
        }
        self.next_root()
    }

    fn next_root(&mut self) -> Option<Inst> {
        let r = self.roots.get(self.next_root).copied();
        self.next_root += 1;
        r
    }
}

impl Iterator for InPlayOf<'_> {
    type Item = Inst;

    fn next(&mut self) -> Option<Inst> {
        if self.listed {
            return self.next_root();
        }
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let next = match self.at {
            None if self.next_root == 0 => self.next_root(),
            None => None,
            Some(i) => self.after(i),
        };
        self.at = next;
        next
    }
}
