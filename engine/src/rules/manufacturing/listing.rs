//! The legal deployments of a decision (§4.6, §5.4, §7.1.3.2): every way a card may be
//! deployed, found by the one deployment check, each host's room read once per listing.

use super::*;

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
pub(super) fn takes_units(g: &Game, host: Inst) -> bool {
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
