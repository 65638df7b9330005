//! Deploying cards (§4.6, §5.4): costs and discounts (§8.4), Breakthrus (§5.4.1), hosts and
//! Modules (§2.3–§2.5, §3.4.4), Marine and Fighter Wing capacity (§2.4.1, §2.5.1.1, §9.4),
//! Unique (§3.4.11), conscription (§5.4.3, §9.7), Regimented searches (§3.4.7, §8.3),
//! reassignment (§5.4.5), and Events and their timing (§2.6, §2.7, §5.1).
//!
//! Every deployment is first *checked* by a pure function that returns a [`Plan`] (or the
//! rule error), then *carried out*; `legal_*` list exactly the choices whose check passes.

use crate::choice::Choice;
use crate::error::{Misfit, NoRoom, Refusal, Refused, RuleError};
use crate::event::{CapacityOutcome, DeployHow, Event, RegimentEnd};
use crate::hooks::{self, Trigger};
use crate::ids::{Inst, PlayerId};
use crate::ir::{
    Amount, BaseRule, Card, CardId, CardKind, ModuleKind, RegimentUnit, RuleValue, ShipClass,
    Trait, TraitName,
};
use crate::resolver::Resolution;
use crate::rules::stats;
use crate::state::{DiscountTarget, Game, RegimentSearch, Zone};

/// Where a deployment happens, which decides what may be deployed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// From hand in Setup (§4.6, §5.1).
    Setup,
    /// From hand in the commander's Manufacturing Phase (§5.4).
    Manufacturing,
    /// Outside Manufacturing: only Events (§2.6).
    EventsOnly,
    /// From the Shipyard at double cost (§5.4.3).
    Conscript,
    /// From the Shipyard onto a Regimented host, free (§3.4.7).
    Regiment,
    /// During an engagement: Events and Tactics only (§6.5.4, §2.7).
    Engagement,
    /// From the Shipyard, free: the Spoils of War (§7.1.3.2).
    Spoils,
    /// From the Shipyard by a card's search, free or at cost (§8.3).
    Searched { free: bool },
}

/// A checked deployment, ready to carry out.
#[derive(Debug, Clone)]
pub struct Plan {
    pub card: Inst,
    pub host: Option<Inst>,
    pub replacing: Option<Inst>,
    pub cost: Amount,
    pub how: DeployHow,
    pub face_down: bool,
    /// Rules consulted that a card overrode (logged when carried out, §8.1).
    pub consulted: crate::resolver::Consulted,
    /// Cards whose cost modifiers changed the cost (logged when carried out, §8.4).
    pub cost_sources: crate::effects::overrides::Sources,
}

#[derive(Clone)]
struct Checker<'g> {
    g: &'g Game,
    who: PlayerId,
    consulted: crate::resolver::Consulted,
}

impl Checker<'_> {
    fn rule(&mut self, rule: BaseRule, card: Option<Inst>) -> Resolution {
        self.rule_without(rule, card, None)
    }

    /// The rule as it stands with `gone`'s text no longer in play.
    fn rule_without(
        &mut self,
        rule: BaseRule,
        card: Option<Inst>,
        gone: Option<Inst>,
    ) -> Resolution {
        let r = self.g.resolve_without(rule, self.who, card, gone);
        if r.winner.is_some() {
            self.consulted.push(r.clone());
        }
        r
    }
}

fn deploy_err(card: &Card, why: impl Into<String>, section: &'static str) -> RuleError {
    RuleError::CannotDeploy {
        card: card.name.clone(),
        why: why.into(),
        section,
    }
}

fn host_err(
    g: &Game,
    card: &Card,
    host: Inst,
    why: impl Into<String>,
    s: &'static str,
) -> RuleError {
    RuleError::BadHost {
        card: card.name.clone(),
        host: g.name(host).to_string(),
        why: why.into(),
        section: s,
    }
}

// ----- capacity (§2.4.1, §2.5.1.1, §9.4) -----------------------------------------------------

pub use crate::rules::stats::capacity;

pub(crate) fn is_marine(card: &Card) -> bool {
    matches!(card.kind, CardKind::Marine { .. })
}

fn is_character(card: &Card) -> bool {
    matches!(card.kind, CardKind::Marine { character: true })
}

pub(crate) fn is_wing(card: &Card) -> bool {
    card.kind == CardKind::Ship(ShipClass::FighterWing)
}

/// Space used aboard `host` by Marines (Characters use none, §2.4.2) and Wings.
pub fn used(g: &Game, host: Inst, except: Option<Inst>) -> (u8, u8) {
    let mut m = 0u8;
    let mut w = 0u8;
    for &a in g.attachments(host) {
        if Some(a) == except {
            continue;
        }
        let c = g.card(a);
        if is_marine(c) && !is_character(c) {
            m = m.saturating_add(stats::space(g, a));
        } else if is_wing(c) {
            w = w.saturating_add(stats::space(g, a));
        }
    }
    (m, w)
}

/// A host's Marine and Fighter Wing capacity and the space used aboard it (§9.4, §2.4.1,
/// §2.5.1.1): what a room check reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Room {
    cap: (u8, u8),
    used: (u8, u8),
}

impl Room {
    /// `host`'s room, not counting `except` aboard it.
    fn of(g: &Game, host: Inst, except: Option<Inst>) -> Room {
        Room {
            cap: capacity(g, host),
            used: used(g, host, except),
        }
    }
}

/// The rooms of the hosts one listing asks about, each read once: a listing asks every unit
/// about the same hosts, and nothing changes while it lists.
#[derive(Default)]
struct Rooms(smallvec::SmallVec<[(Inst, Room); 16]>);

impl Rooms {
    /// `host`'s room counting everything aboard it.
    fn get(&mut self, g: &Game, host: Inst) -> Room {
        if let Some(&(_, r)) = self.0.iter().find(|(h, _)| *h == host) {
            return r;
        }
        let r = Room::of(g, host, None);
        self.0.push((host, r));
        r
    }
}

/// Whether `host`, with `room`, can take the Marine or Wing `card`.
fn check_room(card: &Card, room: Room) -> Result<(), Misfit> {
    let Room {
        cap: (cap_m, cap_w),
        used: (used_m, used_w),
    } = room;
    if is_marine(card) {
        if cap_m == 0 {
            return Err(Misfit::NoMarineCapacity {
                character: is_character(card),
            });
        }
        if !is_character(card) && used_m.saturating_add(card.space) > cap_m {
            return Err(Misfit::NoRoom {
                wing: false,
                space: card.space,
                free: cap_m.saturating_sub(used_m),
                capacity: cap_m,
            });
        }
    } else if is_wing(card) && used_w.saturating_add(card.space) > cap_w {
        return Err(Misfit::NoRoom {
            wing: true,
            space: card.space,
            free: cap_w.saturating_sub(used_w),
            capacity: cap_w,
        });
    }
    Ok(())
}

/// The refusal a commander reads when `card` does not fit `host`: one wording of each misfit
/// ([`Misfit::words`]), in the error kind that names what was wrong (the card, the host, its
/// room, or where a card is).
fn misfit_error(g: &Game, card: &Card, host: Option<Inst>, m: Misfit) -> RuleError {
    let section = m.section();
    match (m, host) {
        (Misfit::UnitNotYours(inst), _) => RuleError::WrongZone {
            inst,
            wanted: "a Marine or Fighter Wing of yours in play",
            section,
        },
        (Misfit::HostNotYours(inst), _) => RuleError::WrongZone {
            inst,
            wanted: "a card of yours in play",
            section,
        },
        (m, Some(h)) if m.is_room() => RuleError::NoCapacity {
            host: g.name(h).to_string(),
            why: m.words(card),
            section,
        },
        (Misfit::NotAGarrison, _) => RuleError::Relief {
            what: format!("{} cannot be relieved: {}", card.name, m.words(card)),
            section,
        },
        (Misfit::ReliefNotAMarine, _) => RuleError::Relief {
            what: format!("{} cannot relieve a garrison: {}", card.name, m.words(card)),
            section,
        },
        (
            Misfit::WingCarriesNoMarines
            | Misfit::TooSmall
            | Misfit::NotAShipOrStation
            | Misfit::NoBays,
            Some(h),
        ) => host_err(g, card, h, m.words(card), section),
        _ => deploy_err(card, m.words(card), section),
    }
}

/// A misfit as the refusal type `R` asks for, worded only if `R` reads words.
fn refuse<R: Refusal>(g: &Game, card: &Card, host: Option<Inst>, m: Misfit) -> R {
    let why = || misfit_error(g, card, host, m);
    if m.is_room() && host.is_some() {
        R::no_room(why)
    } else {
        R::because(why)
    }
}

/// §9.4: after a host loses capacity, Wings that no longer fit launch into open space and
/// Marines that no longer fit are lost to the Scrapheap (latest aboard first).
pub(crate) fn enforce_capacity(g: &mut Game, host: Inst) {
    let (cap_m, cap_w) = capacity(g, host);
    loop {
        let (used_m, used_w) = used(g, host, None);
        // Read in place: the victim is found before anything moves (issue #15).
        let aboard = g.attachments(host);
        let victim = if used_w > cap_w {
            aboard.iter().rev().copied().find(|&a| is_wing(g.card(a)))
        } else if used_m > cap_m {
            aboard
                .iter()
                .rev()
                .copied()
                .find(|&a| is_marine(g.card(a)) && !is_character(g.card(a)))
        } else if cap_m == 0 {
            aboard
                .iter()
                .rev()
                .copied()
                .find(|&a| is_character(g.card(a)))
        } else {
            None
        };
        let Some(v) = victim else { break };
        let (zone, outcome) = if is_wing(g.card(v)) {
            (Zone::Battlefield, CapacityOutcome::ToOpenSpace)
        } else {
            (Zone::Scrapheap, CapacityOutcome::Scrapped)
        };
        let (card, hostref) = (g.card_ref(v), g.card_ref(host));
        g.move_to(v, zone);
        // A Wing launched from a ship of the attacking fleet is local to it (§9.18, §2.5.1.2).
        if zone == Zone::Battlefield {
            if let Some(e) = g.engagement.as_mut() {
                if e.fleet.contains(&host) && !e.fleet.contains(&v) {
                    e.fleet.push(v);
                }
            }
        }
        g.log.push(Event::CapacityLost {
            card,
            host: hostref,
            outcome,
        });
    }
}

/// Whether `host` carries more than its capacity allows (§9.4), or a Character where it can
/// carry no Marines at all (§2.4.2). A card with no Marine or Wing aboard carries nothing, and
/// its capacity is not read.
fn over_capacity(g: &Game, host: Inst) -> bool {
    let aboard = g.attachments(host);
    if !aboard
        .iter()
        .any(|&a| crate::state::takes_capacity(g.card(a)))
    {
        return false;
    }
    let Room {
        cap: (cap_m, cap_w),
        used: (used_m, used_w),
    } = Room::of(g, host, None);
    used_m > cap_m
        || used_w > cap_w
        || (cap_m == 0 && aboard.iter().any(|&a| is_character(g.card(a))))
}

/// §9.4: capacity can drop however it is lost — a Module carrying Marines or Wings destroyed
/// or replaced, a card whose text granted capacity leaving play or losing its effect, a static
/// that stops applying. Settled after every choice, at once: every host over its capacity
/// launches Wings and loses Marines as `enforce_capacity` says. Only hosts with a Marine or
/// Wing aboard can be over (`Game::marines_and_wings` names them), and one within its
/// capacity costs one capacity read.
///
/// Without a static of the game that changes capacity, a host's capacity and load change only
/// with what is attached to it, a Module's face and the temporary modifiers: whatever can push
/// a host over marks it, or every host (`Game::capacity_stale`), and only marked hosts are
/// read, in instance order. A marked host with no Marine or Wing aboard is never over (it
/// carries nothing), so reading it answers as leaving it out would. Debug builds check that no
/// unmarked host was over.
pub(crate) fn settle_capacity(g: &mut Game) {
    let every = g.capacity_stale.all() || capacity_statics(g);
    if !every && !g.capacity_stale.any() {
        debug_assert!(
            unsettled_host(g).is_none(),
            "a host went over its capacity without being marked for settlement"
        );
        return;
    }
    debug_assert!(
        every || unsettled_host(g).is_none(),
        "a host went over its capacity without being marked for settlement"
    );
    let mut hosts = if every {
        carriers(g)
    } else {
        let mut marked: smallvec::SmallVec<[Inst; 16]> =
            g.capacity_stale.hosts().iter().copied().collect();
        marked.sort_unstable();
        marked
    };
    hosts.retain(|h| over_capacity(g, *h));
    for h in hosts {
        enforce_capacity(g, h);
    }
    g.capacity_stale.clear();
}

/// A host over its capacity though not marked for settlement: what the settlement's
/// shortcut would miss (`engine::invariants` asks after every choice).
pub(crate) fn unsettled_host(g: &Game) -> Option<Inst> {
    if g.capacity_stale.all() || capacity_statics(g) {
        return None;
    }
    carriers(g)
        .into_iter()
        .find(|&h| !g.capacity_stale.marks(h) && over_capacity(g, h))
}

/// Whether a card of the game prints a static on Marine or Wing capacity (§9.22): one whose
/// condition can start or stop holding with any change to the game.
fn capacity_statics(g: &Game) -> bool {
    g.speakers.capacity_statics
}

/// The hosts with a Marine or Wing aboard, each once (a fleet's few carriers: inline), in
/// instance order, as a scan would find them.
fn carriers(g: &Game) -> smallvec::SmallVec<[Inst; 16]> {
    let mut hosts: smallvec::SmallVec<[Inst; 16]> = smallvec::SmallVec::new();
    for &u in &g.marines_and_wings {
        if let Some(Zone::Attached(h)) = g.zone(u) {
            if !hosts.contains(&h) {
                hosts.push(h);
            }
        }
    }
    hosts.sort_unstable();
    hosts
}

// ----- hosts -------------------------------------------------------------------------------

fn own_in_play(g: &Game, who: PlayerId, i: Inst) -> bool {
    g.in_play(i) && g.controller(i) == who
}

/// §2.4, §2.5.1: Marines go aboard a ship larger than a Fighter Wing, or a Station, that
/// carries Marines; a Marine's size restriction limits the ship classes it may board.
pub(crate) fn check_marine_host<R: Refusal>(
    g: &Game,
    card: &Card,
    host: Inst,
    except: Option<Inst>,
) -> Result<(), R> {
    marine_host(g, card, host, || Room::of(g, host, except))
        .map_err(|m| refuse(g, card, Some(host), m))
}

/// [`check_marine_host`] with the host's room read by `room`, only once the host's kind
/// admits the Marine.
fn marine_host(
    g: &Game,
    card: &Card,
    host: Inst,
    room: impl FnOnce() -> Room,
) -> Result<(), Misfit> {
    match g.card(host).kind {
        CardKind::Station => {}
        CardKind::Ship(ShipClass::FighterWing)
            if !stats::card_rule(g, BaseRule::FighterWingAttachments, host).flag() =>
        {
            return Err(Misfit::WingCarriesNoMarines);
        }
        CardKind::Ship(class) => {
            if card.fits.as_ref().is_some_and(|fits| !fits.admits(class)) {
                return Err(Misfit::TooSmall);
            }
        }
        _ => return Err(Misfit::NotAShipOrStation),
    }
    check_room(card, room())
}

/// §2.5.1.1: a docked Fighter Wing needs a ship or Station with Fighter Wing capacity; the
/// host's room is read by `room`, only once the host can dock it.
fn wing_host(g: &Game, host: Inst, card: &Card, room: impl FnOnce() -> Room) -> Result<(), Misfit> {
    let h = g.card(host);
    if !matches!(h.kind, CardKind::Station | CardKind::Ship(_)) || is_wing(h) {
        return Err(Misfit::NoBays);
    }
    check_room(card, room())
}

/// Module rules (§2.2, §2.3, §2.5.1, §2.5.6, §3.4.4, §2.5 "Size Matters!"): the host the
/// Module's kind attaches to, then the host's room for it. The answer is whether the Module
/// goes face down.
fn check_module<R: Refusal>(
    ck: &mut Checker,
    card: &Card,
    inst: Inst,
    mk: ModuleKind,
    host: Inst,
    replacing: Option<Inst>,
) -> Result<bool, R> {
    let (limit_rule, face_down) = match mk {
        ModuleKind::Station => (check_station_module_host::<R>(ck.g, card, host)?, false),
        ModuleKind::Ship => check_ship_module_host::<R>(ck, card, inst, host)?,
        ModuleKind::Marine => (check_marine_module_host::<R>(ck.g, card, host)?, false),
    };
    check_module_slots::<R>(ck, card, inst, mk, host, replacing, limit_rule)?;
    Ok(face_down)
}

/// §2.3: a Module-Station attaches to a Station; its limit is the Station's (§2.2).
fn check_station_module_host<R: Refusal>(g: &Game, card: &Card, host: Inst) -> Result<BaseRule, R> {
    if g.card(host).kind != CardKind::Station {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                "a Module-Station attaches to a Station",
                "2.3",
            )
        }));
    }
    Ok(BaseRule::StationModuleLimit)
}

/// §2.3: a Module-Ship attaches to a ship — not a Fighter Wing (§2.5.1) or a Transport
/// (§2.5.6) unless card text allows it (§8.1), only a class it fits (§2.5); a Face Up-Face Down
/// Module goes face down, on a Battle Cruiser or larger (§3.4.4, §2.5.5, "Size Matters!", I-3).
fn check_ship_module_host<R: Refusal>(
    ck: &mut Checker,
    card: &Card,
    inst: Inst,
    host: Inst,
) -> Result<(BaseRule, bool), R> {
    let g = ck.g;
    let CardKind::Ship(class) = g.card(host).kind else {
        return Err(R::because(|| {
            host_err(g, card, host, "a Module-Ship attaches to a ship", "2.3")
        }));
    };
    if class == ShipClass::FighterWing
        && !ck.rule(BaseRule::FighterWingAttachments, Some(host)).flag()
    {
        return Err(R::because(|| {
            host_err(g, card, host, "Fighter Wings take no Modules", "2.5.1")
        }));
    }
    if class == ShipClass::Transport && !ck.rule(BaseRule::TransportModules, Some(host)).flag() {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                "Transports take no Module-Ship cards",
                "2.5.6",
            )
        }));
    }
    if let Some(fits) = &card.fits {
        if !fits.admits(class) {
            return Err(R::because(|| {
                host_err(
                    g,
                    card,
                    host,
                    format!("the Module fits only {}", crate::error::fitting(fits)),
                    "2.5",
                )
            }));
        }
    }
    // printed: Face Up-Face Down is the Module's own printed trait (§3.4.4).
    if !card.has_trait(TraitName::FaceUpFaceDown) {
        return Ok((BaseRule::UnitModuleLimit, false));
    }
    // The rule is about the Module (its subject, §2.5.5): read for the card deployed.
    let min = match ck.rule(BaseRule::FaceDownMinClass, Some(inst)).value {
        RuleValue::Class(c) => c,
        _ => ShipClass::BattleCruiser,
    };
    if class.size() < min.size() {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                format!("Face Up-Face Down Modules need a {min} or larger"),
                "3.4.4",
            )
        }));
    }
    Ok((BaseRule::UnitModuleLimit, true))
}

/// §2.3: a Module-Marine attaches to a Marine, never a Marine-Character (§2.4.2).
fn check_marine_module_host<R: Refusal>(g: &Game, card: &Card, host: Inst) -> Result<BaseRule, R> {
    let h = g.card(host);
    if !is_marine(h) {
        return Err(R::because(|| {
            host_err(g, card, host, "a Module-Marine attaches to a Marine", "2.3")
        }));
    }
    if is_character(h) {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                "Marine-Characters take no Module-Marine cards",
                "2.4.2",
            )
        }));
    }
    Ok(BaseRule::UnitModuleLimit)
}

/// The host's room for one more Module: a replaced Module must be one of its Modules (§2.3);
/// one copy of a Module-Station unless card text allows more (§2.2, §8.1), one copy of any
/// other Module for any reason (§2.3); and no more Modules than the limit, read as it stands
/// once the replaced Module is gone, its own text no longer counting (§2.2).
fn check_module_slots<R: Refusal>(
    ck: &mut Checker,
    card: &Card,
    inst: Inst,
    mk: ModuleKind,
    host: Inst,
    replacing: Option<Inst>,
    limit_rule: BaseRule,
) -> Result<(), R> {
    let g = ck.g;
    let is_module = |a: Inst| matches!(g.card(a).kind, CardKind::Module(_));
    let modules = || {
        g.attachments(host)
            .iter()
            .copied()
            .filter(|&a| is_module(a))
    };
    if let Some(old) = replacing {
        if !modules().any(|m| m == old) {
            return Err(R::because(|| {
                host_err(
                    g,
                    card,
                    host,
                    format!("{} {old} is not a Module attached to it", g.name(old)),
                    "2.3",
                )
            }));
        }
    }
    let section = if mk == ModuleKind::Station {
        "2.2"
    } else {
        "2.3"
    };
    let same = g.card(inst).id;
    let copies = modules()
        .filter(|&m| Some(m) != replacing && g.card(m).id == same)
        .count();
    let allowed = if mk == ModuleKind::Station {
        usize::from(ck.rule(BaseRule::StationModuleCopies, Some(host)).count())
    } else {
        1
    };
    if copies >= allowed {
        return Err(R::because(|| {
            host_err(
                g,
                card,
                host,
                "it already has a copy of that Module",
                section,
            )
        }));
    }
    let limit = ck.rule_without(limit_rule, Some(host), replacing).count() as usize;
    let held = modules().count();
    let after = held - usize::from(replacing.is_some()) + 1;
    if after > limit {
        return Err(R::no_room(|| RuleError::NoCapacity {
            host: g.name(host).to_string(),
            why: format!("it holds {held} Module(s), the limit is {limit}; name one to replace"),
            section,
        }));
    }
    Ok(())
}

// ----- the deployment check -----------------------------------------------------------------

/// §8.4: whether nothing can change a printed cost now: no static on commanders can apply
/// (none printed in play, none left by a one-shot effect: `overrides::no_commander_statics`),
/// no discount is injected and no ability gives one. [`discounted`] then returns the printed
/// cost; every source it reads is asked here and in [`greatest_discount`], so the three
/// cannot drift apart.
fn printed_costs_stand(g: &Game) -> bool {
    crate::effects::overrides::no_commander_statics(g)
        && g.discounts.is_empty()
        && hooks::ability_discounts(g).is_empty()
}

/// §5.4.2, §8.4: the cost after discounts injected by rulings and the cost modifiers printed
/// on cards in play (`effects::overrides::cost`), never below zero.
fn discounted(
    g: &Game,
    who: PlayerId,
    inst: Inst,
    card: &Card,
) -> (Amount, crate::effects::overrides::Sources) {
    if printed_costs_stand(g) {
        return (card.cost, Default::default());
    }
    let (mut cost, mut sources) = crate::effects::overrides::cost(g, who, inst, card.cost);
    for d in g
        .discounts
        .iter()
        .copied()
        .chain(hooks::ability_discounts(g))
    {
        if !g.text_live(d.source) || g.controller(d.source) != who {
            continue;
        }
        let applies = match d.applies_to {
            DiscountTarget::Any => true,
            DiscountTarget::Ships => matches!(card.kind, CardKind::Ship(_)),
            DiscountTarget::Marines => is_marine(card),
            DiscountTarget::Modules => matches!(card.kind, CardKind::Module(_)),
        };
        if applies {
            // §8.4: a discount never takes a cost below zero.
            let before = cost;
            cost.resource = cost.resource.saturating_sub(d.amount.resource);
            cost.currency = cost.currency.saturating_sub(d.amount.currency);
            // The deployment's [§8.4] line names it as a source when it changed the cost.
            if cost != before && !sources.contains(&d.source) {
                sources.push(d.source);
            }
        }
    }
    (cost, sources)
}

/// §8.4: the most [`discounted`] can take off any card's cost for `who` now, whatever the
/// card: every decrease of a static on commanders covering them and every discount injected
/// or given by an ability, each as if it applied. A cost never falls below its printed cost
/// less this.
fn greatest_discount(g: &Game, who: PlayerId) -> Amount {
    if printed_costs_stand(g) {
        return Amount::ZERO;
    }
    let mut d = crate::effects::overrides::greatest_cost_decrease(g, who);
    for x in g.discounts.iter().chain(&hooks::ability_discounts(g)) {
        d.resource = d.resource.saturating_add(x.amount.resource);
        d.currency = d.currency.saturating_add(x.amount.currency);
    }
    d
}

fn unique_count(g: &Game, who: PlayerId, id: CardId) -> u8 {
    let n = g
        .instances
        .iter()
        .filter(|x| {
            x.card == id
                && x.deployed_by == Some(who)
                && matches!(x.zone, Zone::Battlefield | Zone::Attached(_))
        })
        .count();
    n.min(u8::MAX as usize) as u8
}

/// Check a deployment of `inst` by `who` in `ctx`; pure. A refusal says why in full.
pub fn check(
    g: &Game,
    who: PlayerId,
    inst: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
    ctx: Context,
) -> Result<Plan, RuleError> {
    check_as(g, who, inst, host, replacing, ctx)
}

/// The plan of a deployment that passes [`check`], or `None`, building no refusal: what
/// legal-move generation asks.
pub(crate) fn passes(
    g: &Game,
    who: PlayerId,
    inst: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
    ctx: Context,
) -> Option<Plan> {
    check_as::<Refused>(g, who, inst, host, replacing, ctx).ok()
}

/// [`check`], with the refusal in the form `R` asks for (issue #15: listings word nothing).
/// One predicate per rule, asked in this order, so the first rule a deployment breaks is the
/// one its refusal names: first what the card alone decides ([`check_card`]), then where it
/// goes and what it costs ([`check_placed`]).
fn check_as<R: Refusal>(
    g: &Game,
    who: PlayerId,
    inst: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
    ctx: Context,
) -> Result<Plan, R> {
    let (ck, how) = check_card::<R>(g, who, inst, host, replacing, ctx)?;
    check_placed::<R>(ck, inst, host, replacing, ctx, how)
}

/// The rules a deployment's card decides: where it comes from, when its type may be deployed,
/// the Spoils' and Conscription's limits, Unique. For a Wing, Marine or Module they read no
/// host (but for a Regimented unit's zone, §3.4.7), so a listing asks them once per card.
fn check_card<'g, R: Refusal>(
    g: &'g Game,
    who: PlayerId,
    inst: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
    ctx: Context,
) -> Result<(Checker<'g>, DeployHow), R> {
    check_zone::<R>(g, who, inst, host, ctx)?;
    let card = g.card(inst);
    let mut ck = Checker {
        g,
        who,
        consulted: Default::default(),
    };
    let how = check_timing::<R>(&mut ck, card, inst, host, replacing, ctx)?;
    check_spoils_character::<R>(card, ctx)?;
    if ctx == Context::Conscript {
        check_conscription::<R>(&mut ck, card, inst)?;
    }
    check_unique::<R>(&mut ck, card, inst)?;
    Ok((ck, how))
}

/// The rules of where the card goes and what that costs, once [`check_card`] has passed.
fn check_placed<R: Refusal>(
    mut ck: Checker<'_>,
    inst: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
    ctx: Context,
    how: DeployHow,
) -> Result<Plan, R> {
    let (g, who) = (ck.g, ck.who);
    let card = g.card(inst);
    let face_down = check_placement::<R>(&mut ck, card, inst, host, replacing, None)?;
    let (cost, cost_sources) = deploy_cost(&mut ck, card, inst, ctx, how, face_down);
    let how = match ctx {
        _ if !face_down => how,
        Context::Conscript | Context::Regiment | Context::Spoils | Context::Searched { .. } => how,
        _ => DeployHow::FaceDown,
    };
    let section = match ctx {
        Context::Conscript => "5.4.3",
        Context::Setup => "4.6",
        _ => "5.4.2",
    };
    g.check_afford(who, cost, section)
        .map_err(|e| R::because(|| e))?;
    Ok(Plan {
        card: inst,
        host,
        replacing,
        cost,
        how,
        face_down,
        consulted: ck.consulted,
        cost_sources,
    })
}

/// §9.11, §9.26: the card is its deployer's and where `ctx` deploys from — the hand, or the
/// Shipyard for Conscription, Regimented searches, the Spoils of War and card searches; §3.4.7:
/// a Regimented unit takes from the hand only where card text allows it (§8.1).
fn check_zone<R: Refusal>(
    g: &Game,
    who: PlayerId,
    inst: Inst,
    host: Option<Inst>,
    ctx: Context,
) -> Result<(), R> {
    let x = g.instance(inst).ok_or_else(|| {
        R::because(|| RuleError::WrongZone {
            inst,
            wanted: "a card in this game",
            section: "9.11",
        })
    })?;
    let (wanted_zone, wanted, zsec) = match ctx {
        Context::Conscript | Context::Regiment | Context::Spoils | Context::Searched { .. } => {
            (Zone::Shipyard, "in your Shipyard", "9.26")
        }
        _ => (Zone::Hand, "in your hand", "9.11"),
    };
    let from_hand = ctx == Context::Regiment
        && x.zone == Zone::Hand
        && host.is_some_and(|h| regimented_from_hand(g, h).flag());
    if (x.zone != wanted_zone && !from_hand) || x.owner != who {
        return Err(R::because(|| RuleError::WrongZone {
            inst,
            wanted,
            section: zsec,
        }));
    }
    Ok(())
}

/// A deployment from the Shipyard (Conscription, a Regimented search, the Spoils of War, a
/// card's search) keeps its own words for an Event or a Tactic: it did not come from hand.
fn from_shipyard(how: DeployHow) -> Option<DeployHow> {
    matches!(
        how,
        DeployHow::Conscripted | DeployHow::Regimented | DeployHow::Spoils | DeployHow::Searched
    )
    .then_some(how)
}

/// When each card type may be deployed, and whether it stands on its own: Tactics (§2.7, §4.6),
/// Events (§2.6, §5.1), Stations (§4.2), Stockpiles (§4.3), Breakthrus (§2.8), and ships,
/// Marines and Modules (§5.4, §6.5.4). The answer is how the card is deployed.
fn check_timing<R: Refusal>(
    ck: &mut Checker<'_>,
    card: &Card,
    inst: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
    ctx: Context,
) -> Result<DeployHow, R> {
    let (g, who) = (ck.g, ck.who);
    let how = match ctx {
        Context::Conscript => DeployHow::Conscripted,
        Context::Regiment => DeployHow::Regimented,
        Context::Spoils => DeployHow::Spoils,
        Context::Searched { .. } => DeployHow::Searched,
        // §4.6: deploying from hand in Setup, not yet the Manufacturing Phase (§5.4.2).
        Context::Setup => DeployHow::SetupFromHand,
        _ => DeployHow::FromHand,
    };
    match card.kind {
        CardKind::Tactic => {
            // §4.6: a Tactic's printed text may let it be deployed in Setup (§8.1); §5.1's
            // "never" is the base rule that text overrides (I-53).
            let in_setup =
                ctx == Context::Setup && ck.rule(BaseRule::DeployInSetup, Some(inst)).flag();
            if ctx != Context::Engagement && !in_setup {
                return Err(R::because(|| RuleError::NotNow {
                    what: "deploying a Tactic",
                    why: "Tactics are deployed only during an engagement".into(),
                    section: "2.7",
                }));
            }
            if host.is_some() || replacing.is_some() {
                return Err(R::because(|| {
                    deploy_err(card, "a Tactic is deployed on its own", "2.7")
                }));
            }
            // §2.7: a Tactic joins another commander's engagement only if its text says so.
            let involved = g
                .engagement
                .as_ref()
                .is_some_and(|e| e.attacker == who || e.defender == who);
            if g.engagement.is_some()
                && !involved
                && !ck
                    .rule(BaseRule::TacticInOtherEngagements, Some(inst))
                    .flag()
            {
                return Err(R::because(|| RuleError::NotNow {
                    what: "deploying a Tactic",
                    why: "you are not in this engagement and its text does not allow it".into(),
                    section: "2.7",
                }));
            }
            crate::effects::actions::check_play_targets::<R>(g, inst)?;
            Ok(from_shipyard(how).unwrap_or(DeployHow::Tactic))
        }
        CardKind::Event => {
            if ctx == Context::Setup && !ck.rule(BaseRule::DeployInSetup, Some(inst)).flag() {
                return Err(R::because(|| RuleError::NotNow {
                    what: "deploying an Event",
                    why: "Events cannot be deployed in Setup unless their text allows it".into(),
                    section: "5.1",
                }));
            }
            if host.is_some() || replacing.is_some() {
                return Err(R::because(|| {
                    deploy_err(card, "an Event is deployed on its own", "2.6")
                }));
            }
            check_event_timing::<R>(g, who, card, ctx)?;
            crate::effects::actions::check_play_targets::<R>(g, inst)?;
            Ok(from_shipyard(how).unwrap_or(DeployHow::Event))
        }
        CardKind::Station => Err(R::because(|| {
            deploy_err(card, "a Station is deployed only at Setup", "4.2")
        })),
        CardKind::Stockpile(_) => Err(R::because(|| {
            deploy_err(card, "Stockpile cards are placed at Setup", "4.3")
        })),
        CardKind::Breakthru => {
            if ctx != Context::Manufacturing {
                return Err(R::because(|| RuleError::NotNow {
                    what: "deploying a Breakthru",
                    why: "Breakthrus are deployed only in your Manufacturing Phase".into(),
                    section: "2.8",
                }));
            }
            if host.is_some() || replacing.is_some() {
                return Err(R::because(|| {
                    deploy_err(card, "a Breakthru is deployed on its own", "2.8")
                }));
            }
            Ok(DeployHow::Breakthru)
        }
        CardKind::Ship(_) | CardKind::Marine { .. } | CardKind::Module(_) => {
            if ctx == Context::EventsOnly {
                return Err(R::because(|| RuleError::NotNow {
                    what: "deploying a ship, Marine or Module",
                    why: "only Events may be deployed outside your Manufacturing Phase".into(),
                    section: "5.4",
                }));
            }
            // §6.5.4: only Events and Tactics, unless printed text says otherwise (§8.1).
            if ctx == Context::Engagement
                && !ck.rule(BaseRule::DeployInEngagement, Some(inst)).flag()
            {
                return Err(R::because(|| RuleError::NotNow {
                    what: "deploying a ship, Marine or Module",
                    why: "only Events and Tactics may be deployed during an engagement".into(),
                    section: "6.5.4",
                }));
            }
            Ok(how)
        }
    }
}

/// §2.4.2: a Marine-Character is always deployed at cost from the hand, so no deployment from
/// the Shipyard takes one: not the free deployment of the Spoils of War (§7.1.3.2: a card you
/// may legally deploy), not a card's search that deploys what it finds (§8.3, at cost or
/// free). Conscription has its own rule and override (`character-conscription`).
fn check_spoils_character<R: Refusal>(card: &Card, ctx: Context) -> Result<(), R> {
    if matches!(ctx, Context::Spoils | Context::Searched { .. }) && is_character(card) {
        return Err(R::because(|| {
            deploy_err(
            card,
            "a Marine-Character is always deployed at cost from your hand, never from the Shipyard",
            "2.4.2",
        )
        }));
    }
    Ok(())
}

/// §5.4.3: only Ships and Marines are Conscripted, up to the phase's limit; never a
/// Marine-Character unless card text allows it (§2.4.2, §8.1), never a Unique card (§9.7).
fn check_conscription<R: Refusal>(ck: &mut Checker<'_>, card: &Card, inst: Inst) -> Result<(), R> {
    if !matches!(card.kind, CardKind::Ship(_) | CardKind::Marine { .. }) {
        return Err(R::because(|| RuleError::Conscription {
            what: format!(
                "only a Ship or Marine can be Conscripted, not {}",
                card.name
            ),
            section: "5.4.3",
        }));
    }
    if is_character(card) && !ck.rule(BaseRule::CharacterConscription, Some(inst)).flag() {
        return Err(R::because(|| RuleError::Conscription {
            what: format!(
                "{} is a Marine-Character and cannot be Conscripted",
                card.name
            ),
            section: "2.4.2",
        }));
    }
    if card.is_unique() {
        return Err(R::because(|| RuleError::Conscription {
            what: format!("{} is Unique and cannot be Conscripted", card.name),
            section: "9.7",
        }));
    }
    let used = ck.g.cmd(ck.who).map_or(0, |c| c.conscripted);
    let limit = ck.rule(BaseRule::ConscriptionsPerPhase, None).count();
    if used >= limit {
        return Err(R::because(|| RuleError::Conscription {
            what: format!("already Conscripted {used} unit(s) this phase (limit {limit})"),
            section: "5.4.3",
        }));
    }
    Ok(())
}

/// §3.4.11: a Unique card, at most the limit (card text may change it, §8.1) in play per
/// deployer.
fn check_unique<R: Refusal>(ck: &mut Checker<'_>, card: &Card, inst: Inst) -> Result<(), R> {
    if card.is_unique() {
        let limit = ck.rule(BaseRule::UniqueInPlay, Some(inst)).count();
        let n = unique_count(ck.g, ck.who, card.id);
        if n >= limit {
            return Err(R::because(|| RuleError::Unique {
                card: card.name.clone(),
                who: ck.who,
                in_play: n,
            }));
        }
    }
    Ok(())
}

/// Where the card goes: a host of the deployer's in play (§9.1); ships into open space (§2.5),
/// Fighter Wings optionally aboard (§2.5.1), Marines aboard (§2.4), Modules attached (§2.3),
/// only a Module replacing a Module. The answer is whether the Module goes face down.
fn check_placement<R: Refusal>(
    ck: &mut Checker<'_>,
    card: &Card,
    inst: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
    mut rooms: Option<&mut Rooms>,
) -> Result<bool, R> {
    let g = ck.g;
    // A listing reads each host's room once for all its cards (`Rooms`); a check reads it.
    let mut room = |h: Inst| match rooms.as_deref_mut() {
        Some(r) => r.get(g, h),
        None => Room::of(g, h, None),
    };
    if let Some(h) = host {
        if g.instance(h).is_none() || !own_in_play(g, ck.who, h) {
            return Err(R::because(|| RuleError::WrongZone {
                inst: h,
                wanted: "a card of yours in play",
                section: "9.1",
            }));
        }
    }
    if replacing.is_some() && !matches!(card.kind, CardKind::Module(_)) {
        return Err(R::because(|| {
            deploy_err(card, "only a Module replaces a Module", "2.3")
        }));
    }
    match card.kind {
        CardKind::Ship(ShipClass::FighterWing) => {
            if let Some(h) = host {
                wing_host(g, h, card, || room(h)).map_err(|m| refuse::<R>(g, card, host, m))?;
            }
            Ok(false)
        }
        CardKind::Ship(_) => match host {
            Some(h) => Err(R::because(|| {
                host_err(g, card, h, "ships deploy into open space", "2.5")
            })),
            None => Ok(false),
        },
        CardKind::Marine { .. } => {
            let h = host.ok_or_else(|| {
                R::because(|| deploy_err(card, "a Marine must go aboard a ship or Station", "2.4"))
            })?;
            marine_host(g, card, h, || room(h)).map_err(|m| refuse::<R>(g, card, host, m))?;
            Ok(false)
        }
        CardKind::Module(mk) => {
            let h = host.ok_or_else(|| {
                R::because(|| deploy_err(card, "a Module must be attached to a card", "2.3"))
            })?;
            check_module::<R>(ck, card, inst, mk, h, replacing)
        }
        _ => Ok(false),
    }
}

/// What the deployment costs and which cards' discounts made it so: free for Breakthrus
/// (§5.4.1), Regimented searches (§3.4.7), the Spoils of War (§7.1.3.2), free searches (§8.3)
/// and face-down Modules; Conscription multiplies the printed cost (§5.4.3); otherwise the
/// printed cost with discounts (§8.4).
fn deploy_cost(
    ck: &mut Checker<'_>,
    card: &Card,
    inst: Inst,
    ctx: Context,
    how: DeployHow,
    face_down: bool,
) -> (Amount, crate::effects::overrides::Sources) {
    match (ctx, how) {
        (_, DeployHow::Breakthru) => (Amount::ZERO, Default::default()),
        (Context::Regiment | Context::Spoils | Context::Searched { free: true }, _) => {
            (Amount::ZERO, Default::default())
        }
        (Context::Conscript, _) => {
            let m = ck.rule(BaseRule::ConscriptionMultiplier, None).count();
            (conscription_cost(card, m), Default::default())
        }
        _ if face_down => (Amount::ZERO, Default::default()),
        _ => discounted(ck.g, ck.who, inst, card),
    }
}

/// §5.4.3: a Conscripted card costs its printed cost times the multiplier `m`; no discount
/// applies (§8.4 discounts deployments from the hand).
fn conscription_cost(card: &Card, m: u8) -> Amount {
    Amount {
        resource: card.cost.resource.saturating_mul(m),
        currency: card.cost.currency.saturating_mul(m),
    }
}

/// §2.6, §2.7, §6.6 STEP 1: an Event's printed timing. `engagement` / `start of engagement`
/// need an engagement (STEP 1 itself is checked by `engagement`); `your turn` needs the
/// deployer to be the active Commander; `your manufacturing phase` needs that phase.
fn check_event_timing<R: Refusal>(
    g: &Game,
    who: PlayerId,
    card: &Card,
    ctx: Context,
) -> Result<(), R> {
    use crate::ir::effect::{Ability, Timing};
    for a in &card.abilities {
        let Ability::Timing(t) = a else { continue };
        let (ok, why, section) = match t {
            Timing::AnyTime => (true, "", "2.6"),
            Timing::Engagement | Timing::StartOfEngagement => (
                ctx == Context::Engagement,
                "its text allows it only during an engagement",
                "6.5.4",
            ),
            // §5.5.5, §5.6: once the active commander has declared the end of the turn, the
            // window that follows is no longer part of it.
            Timing::YourTurn => (
                g.active == who
                    && !matches!(
                        g.step,
                        crate::state::Step::Respond {
                            then: crate::state::Then::NextTurn
                        }
                    ),
                "its text allows it only in your turn",
                "2.6",
            ),
            Timing::YourManufacturing => (
                ctx == Context::Manufacturing && g.active == who,
                "its text allows it only in your Manufacturing Phase",
                "5.4.4",
            ),
        };
        if !ok {
            return Err(R::because(|| RuleError::NotNow {
                what: "deploying an Event",
                why: why.into(),
                section,
            }));
        }
    }
    Ok(())
}

/// Carry out a checked plan.
pub(crate) fn carry_out(g: &mut Game, who: PlayerId, plan: Plan) {
    for r in &plan.consulted {
        g.note(r);
    }
    if !plan.cost_sources.is_empty() {
        g.log.push(Event::CostModified {
            card: g.card_ref(plan.card),
            printed: g.card(plan.card).cost,
            paid: plan.cost,
            sources: plan.cost_sources.iter().map(|&s| g.card_ref(s)).collect(),
        });
    }
    g.pay(who, plan.cost);
    if let (Some(old), Some(h)) = (plan.replacing, plan.host) {
        let (o, hr) = (g.card_ref(old), g.card_ref(h));
        g.log.push(Event::ModuleReplaced {
            who,
            old: o,
            host: hr,
        });
        // §2.0 Modules, §2.3: the replaced Module is destroyed, then goes to the Scrapheap.
        crate::rules::volley::destroy_replaced_module(g, old);
    }
    let zone = match plan.host {
        Some(h) => Zone::Attached(h),
        None => Zone::Battlefield,
    };
    g.move_to(plan.card, zone);
    if let Some(x) = g.instances.get_mut(plan.card.0 as usize) {
        x.deployed_by = Some(who);
        x.face_down = plan.face_down;
    }
    g.log.push(Event::Deployed {
        who,
        card: g.card_ref(plan.card),
        host: plan.host.map(|h| g.card_ref(h)),
        paid: plan.cost,
        how: plan.how,
    });
    if plan.replacing.is_some() {
        if let Some(h) = plan.host {
            enforce_capacity(g, h);
        }
    }
    after_deploy(g, who, plan.card);
}

/// §2.6: whether an Event's printed text goes on working after it resolves — a continuous
/// modifier, a triggered ability, a replacement, or a Golden-Rule override of a rule of play
/// (I-44). Overrides that only let the card itself be deployed (in Setup, in an engagement,
/// into another's engagement) are spent by deploying it.
fn has_lasting_text(card: &Card) -> bool {
    use crate::ir::effect::Ability;
    card.abilities.iter().any(|a| match a {
        Ability::Static(_) | Ability::Triggered { .. } | Ability::Replacement { .. } => true,
        Ability::Override { rule, .. } => !matches!(
            rule,
            BaseRule::DeployInSetup
                | BaseRule::DeployInEngagement
                | BaseRule::TacticInOtherEngagements
                // Whether it stays is what this rule decides, not lasting text (§2.6).
                | BaseRule::EventStaysInPlay
        ),
        Ability::Timing(_) | Ability::Play(_) => false,
    })
}

/// What follows any deployment: an Event's or Tactic's text resolving (§2.6, §2.7), "when
/// deployed" abilities, and Regimented searches (§3.4.7).
pub(crate) fn after_deploy(g: &mut Game, who: PlayerId, card: Inst) {
    let text = g.text(card);
    let c = text.card();
    if matches!(c.kind, CardKind::Event | CardKind::Tactic) {
        // Its `play:` resolves as an effect; the card is done once that effect is
        // (`card_resolved`). Without one (or with its effect dropped), it is done now.
        hooks::dispatch(g, Trigger::EventDeployed { card });
        if !g
            .pending
            .iter()
            .any(|p| p.resolves_card && p.source == card)
        {
            card_resolved(g, who, card);
        }
        return;
    }
    hooks::dispatch(g, Trigger::Deployed { card });
    if g.instance(card).is_some_and(|x| x.face_down) {
        return;
    }
    // printed: the card's printed text says what Regimented fetches (§3.4.7).
    for t in &c.traits {
        if let Trait::Regimented { unit, count } = *t {
            start_regiment(g, who, card, unit, count);
        }
    }
}

/// §2.6, §2.7: an Event or Tactic has resolved. An Event its effect attached to a card stays
/// attached (I-46); an Event whose text lasts stays on the battlefield indefinitely; any other
/// Event, and every Tactic not attached, goes to the Scrapheap (I-44).
/// §2.6: whether card text keeps this Event on the battlefield after it resolves (§8.1,
/// `event-stays-in-play`); logged when it does.
fn event_stays(g: &mut Game, card: Inst) -> bool {
    g.rule(BaseRule::EventStaysInPlay, g.controller(card), Some(card))
        .flag()
}

pub(crate) fn card_resolved(g: &mut Game, who: PlayerId, card: Inst) {
    card_done(g, who, card);
    // §2.6, §2.7: every other commander may answer it (I-58).
    crate::rules::respond::after_card(g, who);
}

fn card_done(g: &mut Game, who: PlayerId, card: Inst) {
    if !g.in_play(card) {
        return;
    }
    let c = g.card(card);
    let tactic = c.kind == CardKind::Tactic;
    let attached_to = match g.zone(card) {
        Some(Zone::Attached(h)) => Some(g.card_ref(h)),
        _ => None,
    };
    let stays_in_play =
        attached_to.is_some() || (!tactic && (has_lasting_text(c) || event_stays(g, card)));
    g.log.push(Event::EventResolved {
        who,
        card: g.card_ref(card),
        tactic,
        stays_in_play,
        attached_to,
    });
    if !stays_in_play {
        g.move_to(card, Zone::Scrapheap);
    }
}

// ----- deploy / conscript ------------------------------------------------------------------

pub(crate) fn deploy(
    g: &mut Game,
    who: PlayerId,
    card: Inst,
    host: Option<Inst>,
    replacing: Option<Inst>,
    ctx: Context,
) -> Result<(), RuleError> {
    let plan = check(g, who, card, host, replacing, ctx)?;
    carry_out(g, who, plan);
    Ok(())
}

/// §5.4.3: search the Shipyard, pay double the printed cost (no discounts), deploy; then
/// shuffle (§8.3).
pub(crate) fn conscript(
    g: &mut Game,
    who: PlayerId,
    card: Inst,
    host: Option<Inst>,
) -> Result<(), RuleError> {
    let plan = check(g, who, card, host, None, Context::Conscript)?;
    if let Some(c) = g.cmd_mut(who) {
        c.conscripted = c.conscripted.saturating_add(1);
    }
    carry_out(g, who, plan);
    g.shuffle_shipyard(who);
    Ok(())
}

// ----- Regimented (§3.4.7) -----------------------------------------------------------------

fn regiment_fits(unit: RegimentUnit, card: &Card) -> bool {
    match unit {
        // §2.4.2: Characters cannot be Regimented.
        RegimentUnit::Marine => matches!(card.kind, CardKind::Marine { character: false }),
        RegimentUnit::Wing => is_wing(card),
    }
}

/// §3.4.7: whether the Regimented `host` may take its units from the hand too (§8.1).
fn regimented_from_hand(g: &Game, host: Inst) -> Resolution {
    stats::card_rule(g, BaseRule::RegimentedFromHand, host)
}

/// The cards a Regimented search may fetch now, one of each kind. Inline (issue #15): a deck
/// holds a few kinds of Marine or Wing.
fn regiment_candidates(g: &Game, r: &RegimentSearch) -> crate::state::Cards<8> {
    let Some(c) = g.cmd(r.who) else {
        return Default::default();
    };
    let mut seen: smallvec::SmallVec<[CardId; 8]> = smallvec::SmallVec::new();
    let mut out = crate::state::Cards::<8>::new();
    let hand: &[Inst] = if regimented_from_hand(g, r.host).flag() {
        &c.hand
    } else {
        &[]
    };
    for &i in c.shipyard.iter().chain(hand) {
        let card = g.card(i);
        if seen.contains(&card.id) || !regiment_fits(r.unit, card) {
            continue;
        }
        if passes(g, r.who, i, Some(r.host), None, Context::Regiment).is_some() {
            seen.push(card.id);
            out.push(i);
        }
    }
    out
}

/// Why a Regimented search with no candidate left stops (§3.4.7): a unit of the right kind
/// is still there but no longer fits aboard the host (§9.4), or none is left.
fn regiment_stop(g: &Game, r: &RegimentSearch) -> RegimentEnd {
    let Some(c) = g.cmd(r.who) else {
        return RegimentEnd::NoneLeft;
    };
    let hand: &[Inst] = if regimented_from_hand(g, r.host).flag() {
        &c.hand
    } else {
        &[]
    };
    let no_room = c.shipyard.iter().chain(hand).any(|&i| {
        regiment_fits(r.unit, g.card(i))
            && matches!(
                check_as::<NoRoom>(g, r.who, i, Some(r.host), None, Context::Regiment),
                Err(NoRoom(true))
            )
    });
    if no_room {
        RegimentEnd::NoRoom
    } else {
        RegimentEnd::NoneLeft
    }
}

pub(crate) fn start_regiment(
    g: &mut Game,
    who: PlayerId,
    host: Inst,
    unit: RegimentUnit,
    count: u8,
) {
    let r = RegimentSearch {
        who,
        host,
        unit,
        left: count,
    };
    g.log.push(Event::RegimentSearch {
        host: g.card_ref(host),
        unit,
        left: count,
    });
    if count == 0 || regiment_candidates(g, &r).is_empty() {
        // "If you do not have enough ... simply ignore the trait."
        g.log.push(Event::RegimentEnded {
            host: g.card_ref(host),
            end: regiment_stop(g, &r),
        });
        g.shuffle_shipyard(who);
        return;
    }
    g.regiments.push(r);
}

pub(crate) fn legal_regiment_picks(g: &Game, out: &mut Vec<Choice>) {
    if let Some(r) = g.regiments.last() {
        out.extend(
            regiment_candidates(g, r)
                .into_iter()
                .map(Choice::RegimentPick),
        );
    }
}

pub(crate) fn regiment_pick(g: &mut Game, who: PlayerId, card: Inst) -> Result<(), RuleError> {
    let Some(&r) = g.regiments.last() else {
        return Err(RuleError::NotNow {
            what: "a Regimented pick",
            why: "no search is in progress".into(),
            section: "3.4.7",
        });
    };
    let c = g.card(card);
    if !regiment_fits(r.unit, c) {
        return Err(deploy_err(
            c,
            match r.unit {
                RegimentUnit::Marine => "the host is Regimented with Marines (not Characters)",
                RegimentUnit::Wing => "the host is Regimented with Fighter Wings",
            },
            "3.4.7",
        ));
    }
    let plan = check(g, who, card, Some(r.host), None, Context::Regiment)?;
    if g.zone(card) == Some(Zone::Hand) {
        let rule = regimented_from_hand(g, r.host);
        g.note(&rule);
    }
    let idx = g.regiments.len() - 1;
    carry_out(g, who, plan);
    // The fetched unit may have started its own search on top; update ours by index.
    let remaining = r.left.saturating_sub(1);
    let done = remaining == 0 || {
        let upd = RegimentSearch {
            left: remaining,
            ..r
        };
        regiment_candidates(g, &upd).is_empty()
    };
    if done {
        if idx < g.regiments.len() {
            g.regiments.remove(idx);
        }
        let end = if remaining == 0 {
            RegimentEnd::Satisfied
        } else {
            regiment_stop(g, &r)
        };
        g.log.push(Event::RegimentEnded {
            host: g.card_ref(r.host),
            end,
        });
        g.shuffle_shipyard(who);
    } else if let Some(x) = g.regiments.get_mut(idx) {
        x.left = remaining;
    }
    Ok(())
}

pub(crate) fn regiment_decline(g: &mut Game) {
    if let Some(r) = g.regiments.pop() {
        g.log.push(Event::RegimentEnded {
            host: g.card_ref(r.host),
            end: RegimentEnd::Declined,
        });
        g.shuffle_shipyard(r.who);
    }
}

// ----- reassignment (§5.4.5, §2.5.1.2) -------------------------------------------------------

pub(crate) fn check_reassign<R: Refusal>(
    g: &Game,
    who: PlayerId,
    unit: Inst,
    host: Option<Inst>,
) -> Result<(), R> {
    reassign_misfit(g, who, unit, host).map_err(|m| refuse(g, g.card(unit), host, m))
}

/// [`check_reassign`]'s answer as a fact: an effect's attach logs it as it is (§9.1).
pub(crate) fn reassign_misfit(
    g: &Game,
    who: PlayerId,
    unit: Inst,
    host: Option<Inst>,
) -> Result<(), Misfit> {
    let from = reassign_from(g, who, unit)?;
    reassign_to(g, who, g.card(unit), from, host, |h| {
        Room::of(g, h, Some(unit))
    })
}

/// The unit's half of [`check_reassign`], asked once per unit by a listing: `unit` is a card
/// of `who`'s in play. The answer is where it is now (its host, or open space).
fn reassign_from(g: &Game, who: PlayerId, unit: Inst) -> Result<Option<Inst>, Misfit> {
    if g.instance(unit).is_none() || !own_in_play(g, who, unit) {
        return Err(Misfit::UnitNotYours(unit));
    }
    Ok(match g.zone(unit) {
        Some(Zone::Attached(h)) => Some(h),
        _ => None,
    })
}

/// The host's half of [`check_reassign`]: the unit, a `card` now on `from`, may move to
/// `host`, whose room `room` reads.
fn reassign_to(
    g: &Game,
    who: PlayerId,
    card: &Card,
    from: Option<Inst>,
    host: Option<Inst>,
    room: impl FnOnce(Inst) -> Room,
) -> Result<(), Misfit> {
    if host == from {
        return Err(Misfit::AlreadyThere);
    }
    if !(is_marine(card) || is_wing(card)) {
        return Err(Misfit::NotReassignable);
    }
    let Some(h) = host else {
        // A Wing launches into open space (§2.5.1.2); a Marine never goes there.
        return if is_marine(card) {
            Err(Misfit::MarineStaysAboard)
        } else {
            Ok(())
        };
    };
    if !own_in_play(g, who, h) {
        return Err(Misfit::HostNotYours(h));
    }
    if is_marine(card) {
        marine_host(g, card, h, || room(h))
    } else {
        wing_host(g, h, card, || room(h))
    }
}

pub(crate) fn reassign(
    g: &mut Game,
    who: PlayerId,
    unit: Inst,
    host: Option<Inst>,
) -> Result<(), RuleError> {
    check_reassign(g, who, unit, host)?;
    let from = match g.zone(unit) {
        Some(Zone::Attached(h)) => Some(g.card_ref(h)),
        _ => None,
    };
    // Moving within play keeps wounds and attachments (a Marine keeps its Module).
    move_within_play(g, unit, host);
    g.log.push(Event::Reassigned {
        who,
        card: g.card_ref(unit),
        from,
        to: host.map(|h| g.card_ref(h)),
    });
    Ok(())
}

// ----- relief (§6.9.7) ----------------------------------------------------------------------

/// Whether `ship` is a hijacked ship: a ship on the battlefield of a commander not its owner.
fn is_prize(g: &Game, ship: Inst) -> bool {
    matches!(g.card(ship).kind, CardKind::Ship(_))
        && g.instance(ship).is_some_and(|x| x.controller != x.owner)
}

/// §6.9.7 (I-86): `garrison`, a Marine of `who`'s aboard a ship they hijacked, may be relieved
/// by `relief`, another Marine of theirs: the two change places at once, each move checked as
/// a reassignment (§5.4.5, §9.4, §2.4) with the other Marine gone. A one-Marine prize that is
/// full can be relieved no other way: the relief finds no room, and the garrison leaving first
/// hands the ship back. The answer is (the prize, the relief's post).
pub(crate) fn check_relieve<R: Refusal>(
    g: &Game,
    who: PlayerId,
    garrison: Inst,
    relief: Inst,
) -> Result<(Inst, Inst), R> {
    let refused = |unit: Inst, host: Option<Inst>, m: Misfit| refuse(g, g.card(unit), host, m);
    let prize = match reassign_from(g, who, garrison) {
        Ok(Some(p)) if is_marine(g.card(garrison)) && is_prize(g, p) => p,
        Ok(_) => return Err(refused(garrison, None, Misfit::NotAGarrison)),
        Err(m) => return Err(refused(garrison, None, m)),
    };
    let post = match reassign_from(g, who, relief) {
        Ok(Some(h)) if is_marine(g.card(relief)) => h,
        Ok(_) => return Err(refused(relief, None, Misfit::ReliefNotAMarine)),
        Err(m) => return Err(refused(relief, None, m)),
    };
    reassign_to(g, who, g.card(relief), Some(post), Some(prize), |h| {
        Room::of(g, h, Some(garrison))
    })
    .map_err(|m| refused(relief, Some(prize), m))?;
    reassign_to(g, who, g.card(garrison), Some(prize), Some(post), |h| {
        Room::of(g, h, Some(relief))
    })
    .map_err(|m| refused(garrison, Some(post), m))?;
    Ok((prize, post))
}

/// Carry out a relief [`check_relieve`] allows: both Marines move, then one line says so.
pub(crate) fn relieve(
    g: &mut Game,
    who: PlayerId,
    garrison: Inst,
    relief: Inst,
) -> Result<(), RuleError> {
    let (prize, post) = check_relieve::<RuleError>(g, who, garrison, relief)?;
    move_within_play(g, relief, Some(prize));
    move_within_play(g, garrison, Some(post));
    g.log.push(Event::Relieved {
        who,
        prize: g.card_ref(prize),
        garrison: g.card_ref(garrison),
        relief: g.card_ref(relief),
        post: g.card_ref(post),
    });
    Ok(())
}

/// The reliefs `who` may make among the (unit, host) moves `keep` lets through: every
/// garrison of a prize with every other Marine of theirs. Few: prizes are rare.
fn reliefs_in(
    g: &Game,
    who: PlayerId,
    in_play: &[Inst],
    keep: &impl Fn(Inst, Option<Inst>) -> bool,
    out: &mut impl crate::rules::Choices,
) {
    let marines = || {
        in_play.iter().copied().filter_map(|m| match g.zone(m) {
            Some(Zone::Attached(h)) if is_marine(g.card(m)) => Some((m, h)),
            _ => None,
        })
    };
    for (garrison, prize) in marines().filter(|&(_, h)| is_prize(g, h)) {
        for (relief, post) in marines().filter(|&(_, h)| h != prize) {
            if keep(relief, Some(prize))
                && keep(garrison, Some(post))
                && check_relieve::<Refused>(g, who, garrison, relief).is_ok()
            {
                out.extend([Choice::Relieve { garrison, relief }]);
                if out.enough() {
                    return;
                }
            }
        }
    }
}

/// Re-home a card that stays in play: detach from old host/list, attach to new.
fn move_within_play(g: &mut Game, unit: Inst, host: Option<Inst>) {
    let controller = g.controller(unit);
    g.mark_move(unit, host.map_or(Zone::Battlefield, Zone::Attached));
    match g.zone(unit) {
        Some(Zone::Attached(old)) => {
            if let Some(h) = g.instances.get_mut(old.0 as usize) {
                h.attachments.retain(|a| *a != unit);
            }
        }
        Some(Zone::Battlefield) => {
            if let Some(c) = g.cmd_mut(controller) {
                c.battlefield.retain(|a| *a != unit);
            }
        }
        _ => return,
    }
    match host {
        Some(h) => {
            if let Some(hx) = g.instances.get_mut(h.0 as usize) {
                hx.attachments.push(unit);
            }
            if let Some(x) = g.instances.get_mut(unit.0 as usize) {
                x.zone = Zone::Attached(h);
            }
        }
        None => {
            if let Some(c) = g.cmd_mut(controller) {
                c.battlefield.push(unit);
            }
            if let Some(x) = g.instances.get_mut(unit.0 as usize) {
                x.zone = Zone::Battlefield;
            }
        }
    }
}

// ----- legal choice lists ------------------------------------------------------------------
//
// Listing asks [`passes`], which words no refusal, and builds no list of its own: the cards in
// play are read once per listing and every way that passes goes straight into `out`.

/// The cards of `cards` that are the first copy of their card, in order: copies are
/// interchangeable, so only the first is listed. Each card is read once (a Shipyard holds
/// dozens), against the few distinct cards seen before it.
pub(crate) fn first_copies<'a>(
    g: &'a Game,
    cards: impl IntoIterator<Item = Inst> + 'a,
) -> impl Iterator<Item = Inst> + 'a {
    let mut seen: smallvec::SmallVec<[crate::ir::CardId; 64]> = smallvec::SmallVec::new();
    cards.into_iter().filter(move |&i| {
        let id = g.instance(i).map(|x| x.card);
        match id {
            Some(id) if seen.contains(&id) => false,
            Some(id) => {
                seen.push(id);
                true
            }
            None => true,
        }
    })
}

/// Where a deployment goes: its host (`None`: open space) and the Module it replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Way {
    pub host: Option<Inst>,
    pub replacing: Option<Inst>,
}

/// Visit every legal way to deploy `card` in `ctx` — each (host, replacing) pair that passes
/// [`check`] — until `f` says stop (returns `false`). The hosts a card may go on are `who`'s
/// cards in play (`Game::in_play_of`).
///
/// A Wing, Marine or Module is tried on every host, so each rule is asked only as often as
/// its answer can differ: what the card alone decides ([`check_card`]) once, before any host;
/// what it costs and whether that is affordable once (the cost reads no host, only whether a
/// Module goes face down, so once each way); each host only the rules of placement. A Wing or
/// Marine its commander cannot afford is tried on no host. Debug builds hold every answer to
/// the whole [`check`].
pub(crate) fn each_way(
    g: &Game,
    who: PlayerId,
    card: Inst,
    ctx: Context,
    f: impl FnMut(Way) -> bool,
) {
    each_way_in(g, who, card, ctx, &mut Scan::default(), f);
}

/// What one listing reads once for all the cards it asks (nothing changes while it lists):
/// the lister's cards in play, in `Game::in_play_of` order, walked when a card first needs a
/// host (`Game::in_play_list`), their hosts' rooms, and the most a cost of theirs can be
/// lowered by ([`greatest_discount`]), read when a card is first priced.
#[derive(Default)]
struct Scan<'g> {
    in_play: Option<crate::state::InPlayList<'g>>,
    rooms: Rooms,
    discount: Option<Amount>,
}

/// [`each_way`] reading the cards in play and the hosts' rooms through `scan`, which a
/// listing shares among the cards it asks.
fn each_way_in<'g>(
    g: &'g Game,
    who: PlayerId,
    card: Inst,
    ctx: Context,
    scan: &mut Scan<'g>,
    mut f: impl FnMut(Way) -> bool,
) {
    let c = g.card(card);
    let kind = c.kind;
    if priced_out(g, who, c, ctx, &mut scan.discount) {
        #[cfg(debug_assertions)]
        each_host(
            g,
            kind,
            &g.in_play_of(who).collect::<Vec<_>>(),
            |host, replacing| {
                debug_assert!(
                    passes(g, who, card, host, replacing, ctx).is_none(),
                    "a card the listing prices out can be deployed"
                );
                true
            },
        );
        return;
    }
    let on_hosts = matches!(
        kind,
        CardKind::Ship(ShipClass::FighterWing) | CardKind::Marine { .. } | CardKind::Module(_)
    );
    let Scan { in_play, rooms, .. } = scan;
    let in_play: &[Inst] = if on_hosts {
        in_play.get_or_insert_with(|| g.in_play_list(who))
    } else {
        &[]
    };
    // A Regimented unit's zone reads its host (§3.4.7): asked whole, host by host.
    if !on_hosts || ctx == Context::Regiment {
        return each_host(g, kind, in_play, |host, replacing| {
            match passes(g, who, card, host, replacing, ctx) {
                Some(_) => f(Way { host, replacing }),
                None => true,
            }
        });
    }
    let Ok((ck, how)) = check_card::<Refused>(g, who, card, None, None, ctx) else {
        return;
    };
    let affordable = |face_down: bool| {
        let (cost, _) = deploy_cost(&mut ck.clone(), c, card, ctx, how, face_down);
        g.can_afford(who, cost)
    };
    let face_up = affordable(false);
    if !face_up && !matches!(kind, CardKind::Module(_)) {
        return;
    }
    let mut face_down = None;
    let mut scratch = ck.clone();
    each_host(g, kind, in_play, |host, replacing| {
        scratch.consulted.clear();
        let placed =
            check_placement::<Refused>(&mut scratch, c, card, host, replacing, Some(rooms));
        let ok = match placed {
            Ok(false) => face_up,
            Ok(true) => *face_down.get_or_insert_with(|| affordable(true)),
            Err(_) => false,
        };
        debug_assert_eq!(
            ok,
            passes(g, who, card, host, replacing, ctx).is_some(),
            "the listing and the deployment check disagree"
        );
        !ok || f(Way { host, replacing })
    });
    #[cfg(debug_assertions)]
    for h in g.in_play_of(who) {
        debug_assert!(
            asks(g, kind, h) || passes(g, who, card, Some(h), None, ctx).is_none(),
            "a card the listing does not ask takes the deployed card"
        );
    }
}

/// Whether `card` is certain to cost more than `who` has in `ctx`, read before any other
/// rule: deployed from the hand at its cost (§5.4.2), neither a Breakthru (free, §5.4.1) nor a
/// Module (which may go face down for nothing), its printed cost less the most any cost of
/// theirs can be lowered by now ([`greatest_discount`], §8.4; read once into `discount` for
/// a listing) is more than they have. The cost a check would reach is no less, and what it
/// cannot pay no host and no other rule makes legal.
fn priced_out(
    g: &Game,
    who: PlayerId,
    card: &Card,
    ctx: Context,
    discount: &mut Option<Amount>,
) -> bool {
    if !matches!(
        ctx,
        Context::Manufacturing | Context::EventsOnly | Context::Engagement | Context::Setup
    ) || matches!(card.kind, CardKind::Breakthru | CardKind::Module(_))
    {
        return false;
    }
    let d = *discount.get_or_insert_with(|| greatest_discount(g, who));
    let least = Amount {
        resource: card.cost.resource.saturating_sub(d.resource),
        currency: card.cost.currency.saturating_sub(d.currency),
    };
    !g.can_afford(who, least)
}

/// Whether `host` is a card a Marine or a Fighter Wing may go aboard at all: a ship or a
/// Station (§2.4, §2.5.1.1; `marine_host` and `wing_host` refuse any other). Listings ask
/// only these.
fn takes_units(g: &Game, host: Inst) -> bool {
    matches!(g.card(host).kind, CardKind::Station | CardKind::Ship(_))
}

/// Whether `host` is of the kind a Module of kind `mk` attaches to at all: the Station, a
/// ship, a Marine (§2.3; `check_module` refuses any other first). Listings ask only these.
fn takes_module(g: &Game, mk: ModuleKind, host: Inst) -> bool {
    let kind = g.card(host).kind;
    match mk {
        ModuleKind::Station => kind == CardKind::Station,
        ModuleKind::Ship => matches!(kind, CardKind::Ship(_)),
        ModuleKind::Marine => matches!(kind, CardKind::Marine { .. }),
    }
}

/// Whether a listing asks `host` to take a card of `kind` (a Marine, a Wing or a Module):
/// [`takes_units`] or [`takes_module`], the hosts the checks could accept.
fn asks(g: &Game, kind: CardKind, host: Inst) -> bool {
    match kind {
        CardKind::Module(mk) => takes_module(g, mk, host),
        _ => takes_units(g, host),
    }
}

/// The (host, replacing) pairs a card of `kind` is tried with, until `try_one` says stop: a
/// Wing in open space or aboard a ship or Station of `in_play` (the deployer's cards in
/// play), a Marine aboard one, a Module on each card of the kind it attaches to and in place
/// of each Module there, anything else on its own.
fn each_host(
    g: &Game,
    kind: CardKind,
    in_play: &[Inst],
    mut try_one: impl FnMut(Option<Inst>, Option<Inst>) -> bool,
) {
    let hosts = || in_play.iter().copied().filter(|&h| asks(g, kind, h));
    match kind {
        CardKind::Ship(ShipClass::FighterWing) => {
            if !try_one(None, None) {
                return;
            }
            for h in hosts() {
                if !try_one(Some(h), None) {
                    return;
                }
            }
        }
        CardKind::Marine { .. } => {
            for h in hosts() {
                if !try_one(Some(h), None) {
                    return;
                }
            }
        }
        CardKind::Module(_) => {
            for h in hosts() {
                if !try_one(Some(h), None) {
                    return;
                }
                for &a in g.attachments(h) {
                    if matches!(g.card(a).kind, CardKind::Module(_)) && !try_one(Some(h), Some(a)) {
                        return;
                    }
                }
            }
        }
        _ => {
            try_one(None, None);
        }
    }
}

/// Every legal way to deploy `card` in `ctx`, as the plans that would carry them out.
pub(crate) fn plans(g: &Game, who: PlayerId, card: Inst, ctx: Context) -> Vec<Plan> {
    let mut out = Vec::new();
    each_way(g, who, card, ctx, |w| {
        out.extend(passes(g, who, card, w.host, w.replacing, ctx));
        true
    });
    out
}

/// Whether `card` has any legal way to be deployed in `ctx`.
pub(crate) fn deployable(g: &Game, who: PlayerId, card: Inst, ctx: Context) -> bool {
    let mut any = false;
    each_way(g, who, card, ctx, |_| {
        any = true;
        false
    });
    any
}

/// A Manufacturing decision's deployments, Conscriptions and reassignments (§5.4), in that
/// order, the cards in play walked and each host's room read once for all three (`Scan`).
pub(crate) fn legal_manufacturing(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    let mut scan = Scan::default();
    deploys_in(g, who, Context::Manufacturing, &mut scan, out);
    conscripts_in(g, who, &mut scan, out);
    let Scan { in_play, rooms, .. } = &mut scan;
    let in_play = in_play.get_or_insert_with(|| g.in_play_list(who));
    let all = |_, _| true;
    reassigns_in(g, who, in_play, &all, rooms, out);
    reliefs_in(g, who, in_play, &all, out);
}

pub(crate) fn legal_deploys(g: &Game, who: PlayerId, ctx: Context, out: &mut Vec<Choice>) {
    deploys_in(g, who, ctx, &mut Scan::default(), out);
}

fn deploys_in<'g>(
    g: &'g Game,
    who: PlayerId,
    ctx: Context,
    scan: &mut Scan<'g>,
    out: &mut Vec<Choice>,
) {
    let Some(c) = g.cmd(who) else { return };
    for card in first_copies(g, c.hand.iter().copied()) {
        let kind = g.card(card).kind;
        if ctx == Context::EventsOnly && kind != CardKind::Event {
            continue;
        }
        if ctx == Context::Engagement
            && !matches!(kind, CardKind::Event | CardKind::Tactic)
            && !g
                .resolve(BaseRule::DeployInEngagement, who, Some(card))
                .flag()
        {
            continue;
        }
        each_way_in(g, who, card, ctx, scan, |p| {
            out.push(Choice::Deploy {
                card,
                host: p.host,
                replacing: p.replacing,
            });
            true
        });
    }
}

fn conscripts_in<'g>(g: &'g Game, who: PlayerId, scan: &mut Scan<'g>, out: &mut Vec<Choice>) {
    let Some(c) = g.cmd(who) else { return };
    let limit = g
        .resolve(BaseRule::ConscriptionsPerPhase, who, None)
        .count();
    if c.conscripted >= limit {
        return;
    }
    // Only ships and Marines are conscripted (§5.4.3), and only those whose Conscription cost
    // the commander can pay: its cost reads no host and no discount (`conscription_cost`), so
    // the others are passed over before copies are told apart. Marine-Characters stay in: card
    // text may let them be Conscripted (`CharacterConscription`, §8.1), which the check asks.
    // Debug builds hold each one passed over to the whole check.
    let m = g
        .resolve(BaseRule::ConscriptionMultiplier, who, None)
        .count();
    let conscriptable = c.shipyard.iter().copied().filter(move |&i| {
        let card = g.card(i);
        let takes = matches!(card.kind, CardKind::Ship(_) | CardKind::Marine { .. })
            && g.can_afford(who, conscription_cost(card, m));
        #[cfg(debug_assertions)]
        if !takes {
            debug_assert!(
                plans(g, who, i, Context::Conscript).is_empty(),
                "a Shipyard card the listing passes over can be Conscripted"
            );
        }
        takes
    });
    for card in first_copies(g, conscriptable) {
        each_way_in(g, who, card, Context::Conscript, scan, |p| {
            out.push(Choice::Conscript { card, host: p.host });
            true
        });
    }
}

pub(crate) fn legal_reassigns(g: &Game, who: PlayerId, out: &mut Vec<Choice>) {
    legal_reassigns_where(g, who, |_, _| true, out);
}

/// [`legal_reassigns`] among the (unit, host) pairs `keep` lets through (the aftermath keeps
/// units among local cards, I-45), asked of the pairs the reassignment check lets through.
pub(crate) fn legal_reassigns_where(
    g: &Game,
    who: PlayerId,
    keep: impl Fn(Inst, Option<Inst>) -> bool,
    out: &mut impl crate::rules::Choices,
) {
    let in_play = g.in_play_list(who);
    reassigns_in(g, who, &in_play, &keep, &mut Rooms::default(), out);
    if !out.enough() {
        reliefs_in(g, who, &in_play, &keep, out);
    }
}

/// [`legal_reassigns_where`] over `in_play`, `who`'s cards in play (`Game::in_play_of`).
fn reassigns_in(
    g: &Game,
    who: PlayerId,
    in_play: &[Inst],
    keep: &impl Fn(Inst, Option<Inst>) -> bool,
    rooms: &mut Rooms,
    out: &mut impl crate::rules::Choices,
) {
    // Walked once: every unit is asked about the same hosts, each host's room read once.
    // Only a ship or a Station is asked ([`takes_units`]).
    let mut units: smallvec::SmallVec<[Inst; 16]> = smallvec::SmallVec::new();
    let mut hosts: smallvec::SmallVec<[Inst; 16]> = smallvec::SmallVec::new();
    for &i in in_play {
        let k = g.card(i);
        if is_marine(k) || is_wing(k) {
            units.push(i);
        }
        if takes_units(g, i) {
            hosts.push(i);
        }
    }
    for &unit in &units {
        let k = g.card(unit);
        let Ok(from) = reassign_from(g, who, unit) else {
            continue;
        };
        #[cfg(debug_assertions)]
        for h in g.in_play_of(who).filter(|h| !hosts.contains(h)) {
            debug_assert!(
                check_reassign::<Refused>(g, who, unit, Some(h)).is_err(),
                "a card the listing does not ask takes a reassigned unit"
            );
        }
        for host in std::iter::once(None).chain(hosts.iter().copied().map(Some)) {
            // `keep` first: a pair it refuses needs no room read.
            if host == Some(unit) || !keep(unit, host) {
                continue;
            }
            // `unit` is aboard `from` only, which is refused first, so every host asked has
            // the same room counted with or without it. Debug builds hold that to the check.
            let ok = reassign_to(g, who, k, from, host, |h| rooms.get(g, h)).is_ok();
            debug_assert_eq!(
                ok,
                check_reassign::<Refused>(g, who, unit, host).is_ok(),
                "the listing and the reassignment check disagree"
            );
            if ok {
                out.extend([Choice::Reassign { unit, host }]);
                if out.enough() {
                    return;
                }
            }
        }
    }
}

/// Deployments from the Shipyard in `ctx` (Spoils of War, §7.1.3.2), listed as
/// `Choice::Conscript { card, host }` pairs for the caller to rewrap.
pub(crate) fn legal_from_shipyard(g: &Game, who: PlayerId, ctx: Context, out: &mut Vec<Choice>) {
    let Some(c) = g.cmd(who) else { return };
    for card in first_copies(g, c.shipyard.iter().copied()) {
        // A Spoils pick names no Module to replace (§7.1.3.2).
        each_way(g, who, card, ctx, |p| {
            if p.replacing.is_none() {
                out.push(Choice::Conscript { card, host: p.host });
            }
            true
        });
    }
}
