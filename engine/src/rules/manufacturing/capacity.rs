//! Marine and Fighter Wing capacity (§2.4.1, §2.5.1.1, §9.4): the room aboard a host, what
//! a host that loses capacity sheds, and the settling of capacity after every choice.

use super::*;

// ----- capacity (§2.4.1, §2.5.1.1, §9.4) -----------------------------------------------------

pub use crate::rules::stats::capacity;

pub(crate) fn is_marine(card: &Card) -> bool {
    matches!(card.kind, CardKind::Marine { .. })
}

pub(super) fn is_character(card: &Card) -> bool {
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
    pub(super) fn of(g: &Game, host: Inst, except: Option<Inst>) -> Room {
        Room {
            cap: capacity(g, host),
            used: used(g, host, except),
        }
    }
}

/// The rooms of the hosts one listing asks about, each read once: a listing asks every unit
/// about the same hosts, and nothing changes while it lists.
#[derive(Default)]
pub(super) struct Rooms(smallvec::SmallVec<[(Inst, Room); 16]>);

impl Rooms {
    /// `host`'s room counting everything aboard it.
    pub(super) fn get(&mut self, g: &Game, host: Inst) -> Room {
        if let Some(&(_, r)) = self.0.iter().find(|(h, _)| *h == host) {
            return r;
        }
        let r = Room::of(g, host, None);
        self.0.push((host, r));
        r
    }
}

/// Whether `host`, with `room`, can take the Marine or Wing `card`.
pub(super) fn check_room(card: &Card, room: Room) -> Result<(), Misfit> {
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
pub(super) fn misfit_error(g: &Game, card: &Card, host: Option<Inst>, m: Misfit) -> RuleError {
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
pub(super) fn refuse<R: Refusal>(g: &Game, card: &Card, host: Option<Inst>, m: Misfit) -> R {
    refuse_with(host, m, || misfit_error(g, card, host, m))
}

/// A misfit as `R`, worded by `why` only if `R` reads words.
pub(super) fn refuse_with<R: Refusal>(
    host: Option<Inst>,
    m: Misfit,
    why: impl FnOnce() -> RuleError,
) -> R {
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
