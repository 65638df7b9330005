//! The deployment check and its carrying out (§4.6, §5.4, §2.6, §2.7): timing, costs and
//! discounts (§8.4), Breakthrus (§5.4.1), Unique (§3.4.11), conscription (§5.4.3, §9.7), and
//! what happens once a card is in play.

use super::*;

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
pub(super) fn greatest_discount(g: &Game, who: PlayerId) -> Amount {
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
pub(super) fn check_as<R: Refusal>(
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
pub(super) fn check_card<'g, R: Refusal>(
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
            check_play_limit::<R>(g, who, card)?;
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
            check_play_limit::<R>(g, who, card)?;
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
pub(super) fn check_placement<R: Refusal>(
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
pub(super) fn deploy_cost(
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
pub(super) fn conscription_cost(card: &Card, m: u8) -> Amount {
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

/// `limit: play only once per turn` (issue #40, part 3.7; I-90): a commander who has deployed
/// a copy of the card in the limit's span deploys no other copy until it passes.
fn check_play_limit<R: Refusal>(g: &Game, who: PlayerId, card: &Card) -> Result<(), R> {
    use crate::ir::effect::Ability;
    for a in &card.abilities {
        let Ability::PlayLimit(limit) = a else {
            continue;
        };
        if g.plays_used.contains(&(who, card.id, *limit)) {
            return Err(R::because(|| RuleError::NotNow {
                what: if card.kind == CardKind::Tactic {
                    "deploying a Tactic"
                } else {
                    "deploying an Event"
                },
                why: format!(
                    "its text allows it {}, and {} has deployed a {} in that time (I-90)",
                    limit.name(),
                    g.commander_name(who),
                    card.name
                ),
                section: "2.6",
            }));
        }
    }
    Ok(())
}

/// A deployed card with a play limit is counted against its commander until the limit's span
/// passes (I-90).
fn count_play(g: &mut Game, who: PlayerId, card: Inst) {
    use crate::ir::effect::Ability;
    let c = g.card(card);
    let id = c.id;
    let limits: smallvec::SmallVec<[crate::ir::effect::Limit; 2]> = c
        .abilities
        .iter()
        .filter_map(|a| match a {
            Ability::PlayLimit(l) => Some(*l),
            _ => None,
        })
        .collect();
    for l in limits {
        if !g.plays_used.contains(&(who, id, l)) {
            g.plays_used.push((who, id, l));
        }
    }
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
    count_play(g, who, plan.card);
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
        Ability::Timing(_) | Ability::Play(_) | Ability::PlayLimit(_) => false,
        // Never on an Event (the compiler and the loader's checks refuse it, HB0430).
        Ability::Activated { .. } => true,
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
