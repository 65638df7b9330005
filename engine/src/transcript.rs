//! Readable transcripts: one line per event, `[§section] what happened`, naming cards and
//! commanders. Used by `hullbreach play`, `hullbreach ruling` and the ruling snapshots, all
//! worded in full; the workbench's Play page words them as a person at the table sees them
//! ([`Namer::seen_by`]): another commander's draws and searches into hand as counts, and a
//! face-down card they control without its name (§3.4.4, I-103).

use crate::state::engagement::VolleyKind;
use std::fmt::Write;

use crate::event::{
    CapacityOutcome, CardRef, EndReason, Event, LeftPlayWhy, Outcome, RegimentEnd, Skipped,
};
use crate::ids::PlayerId;
use crate::ir::RegimentUnit;
use crate::resolver::Scope;
use crate::state::Game;

/// A card instance as user text names it: `Name #N`.
pub fn card_label(g: &Game, i: crate::ids::Inst) -> String {
    format!("{} {i}", g.name(i))
}

/// Names for rendering: the game supplies card and commander names.
pub struct Namer<'g> {
    game: &'g Game,
    /// The seats whose hidden cards are not named (by seat number): none for the full wording.
    hidden: Vec<bool>,
}

impl<'g> Namer<'g> {
    /// Every card named: the wording of rulings, replays and simulations.
    pub fn new(game: &'g Game) -> Namer<'g> {
        Namer {
            game,
            hidden: Vec::new(),
        }
    }

    /// The wording a commander sees who cannot look at the hidden cards of the seats `hidden`
    /// names (I-103): what such a seat draws, or takes into hand by a search, is a count, and a
    /// face-down card it controls is `a face-down card #N`. Everything else is public and
    /// worded in full: cards in play face up, Scrapheaps, Stockpiles, counts of hands and
    /// Shipyards, a card once it is played, flipped or discarded.
    pub fn seen_by(game: &'g Game, hidden: &dyn Fn(PlayerId) -> bool) -> Namer<'g> {
        let hidden = (0..game.commanders().len())
            .map(|k| hidden(PlayerId(k as u8)))
            .collect();
        Namer { game, hidden }
    }

    /// Whether `p`'s hidden cards are hidden from this wording.
    fn hides(&self, p: PlayerId) -> bool {
        self.hidden.get(usize::from(p.0)).copied().unwrap_or(false)
    }

    /// A card seen face down by a commander who may not look at it (§3.4.4).
    fn unseen(&self, c: CardRef) -> bool {
        self.game
            .instance(c.inst)
            .is_some_and(|x| x.face_down && self.hides(x.controller))
    }

    pub fn who(&self, p: PlayerId) -> String {
        self.game
            .commander(p)
            .map_or_else(|| p.to_string(), |c| c.name.to_string())
    }

    pub fn card(&self, c: CardRef) -> String {
        if self.unseen(c) {
            return format!("a face-down card {}", c.inst);
        }
        self.named(c)
    }

    /// The card by its name whoever looks: one whose name is already public.
    fn named(&self, c: CardRef) -> String {
        let name = self
            .game
            .catalog()
            .get(c.card)
            .map_or("<unknown card>", |k| k.name.as_str());
        format!("{name} {}", c.inst)
    }

    /// The Commanders a temporary modifier names, seen from `controller`, who played it.
    fn commanders(&self, who: crate::ir::effect::Commanders, controller: PlayerId) -> String {
        use crate::ir::effect::Commanders;
        match who {
            Commanders::You => self.who(controller),
            Commanders::Opponents => format!("{}'s opponents", self.who(controller)),
            Commanders::All => "every Commander".into(),
        }
    }

    fn cards(&self, cs: &[CardRef]) -> String {
        if cs.is_empty() {
            return "nothing".into();
        }
        cs.iter()
            .map(|&c| self.card(c))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// One event as a line, without the section.
    pub fn event(&self, e: &Event) -> String {
        match e {
            Event::GameStarted { commanders, seed } => {
                format!("game of {commanders} commanders starts (seed {seed})")
            }
            Event::ShipyardShuffled { who } => {
                format!("{} shuffles their Shipyard", self.who(*who))
            }
            Event::StationDeployed { who, station } => {
                format!("{} deploys Station {}", self.who(*who), self.card(*station))
            }
            Event::StockpileCardsPlaced { who, cards } => {
                format!("{} places {}", self.who(*who), self.cards(cards))
            }
            Event::StockpilesSet {
                who,
                resource,
                currency,
            } => format!("{} starts with {resource}R {currency}C", self.who(*who)),
            Event::Drew {
                who, cards, short, ..
            } => {
                let mut s = if self.hides(*who) {
                    format!("{} draws {}", self.who(*who), count(cards.len()))
                } else {
                    format!("{} draws {}", self.who(*who), self.cards(cards))
                };
                if *short > 0 {
                    let _ = write!(s, " ({short} short: the Shipyard is empty)");
                }
                s
            }
            Event::Mulligan {
                who,
                discarded,
                paid,
            } => format!(
                "{} mulligans, paying {paid}, scrapping {}",
                self.who(*who),
                self.cards(discarded)
            ),
            Event::KeptHand { who, mulligans } => {
                format!(
                    "{} keeps their hand after {mulligans} mulligan(s)",
                    self.who(*who)
                )
            }
            Event::Income {
                who,
                gained,
                sources,
                clamped,
                ..
            } => {
                let mut s = format!(
                    "{} collects {gained} from {}",
                    self.who(*who),
                    self.cards(sources)
                );
                if *clamped {
                    s.push_str(" (Stockpile cap reached, §9.27)");
                }
                s
            }
            Event::SetupDone { who } => format!("{} finishes Setup", self.who(*who)),
            Event::InitiativeRolled { round, rolls } => {
                let r: Vec<String> = rolls
                    .iter()
                    .map(|(p, d)| format!("{} {d}", self.who(*p)))
                    .collect();
                format!("initiative roll {round}: {}", r.join(", "))
            }
            Event::TurnOrder { order } => {
                let o: Vec<String> = order.iter().map(|&p| self.who(p)).collect();
                format!("turn order: {}", o.join(" -> "))
            }
            Event::TurnBegan { who, turn } => format!("turn {turn}: {}", self.who(*who)),
            Event::PhaseBegan { who, phase } => {
                format!("{} begins the {} Phase", self.who(*who), phase.name())
            }
            Event::Repaired {
                card,
                healed,
                left,
                repair_trait,
            } => format!(
                "{} repairs {healed} wound(s), {left} left{}",
                self.card(*card),
                if *repair_trait { " (Repair)" } else { "" }
            ),
            Event::Deployed {
                who,
                card,
                host,
                paid,
                how,
            } => {
                let mut s = format!("{} deploys {}", self.who(*who), self.card(*card));
                match host {
                    Some(h) => {
                        let _ = write!(s, " onto {}", self.card(*h));
                    }
                    None => s.push_str(" into play"),
                }
                let _ = write!(s, ", paying {paid} ({})", how.words());
                s
            }
            Event::ModuleReplaced { who, old, host } => format!(
                "{} replaces {} on {}: it goes to the Scrapheap",
                self.who(*who),
                self.card(*old),
                self.card(*host)
            ),
            Event::Reassigned {
                who,
                card,
                from,
                to,
            } => {
                let place = |h: &Option<CardRef>| match h {
                    Some(h) => self.card(*h),
                    None => "open space".into(),
                };
                format!(
                    "{} reassigns {} from {} to {}",
                    self.who(*who),
                    self.card(*card),
                    place(from),
                    place(to)
                )
            }
            Event::Relieved {
                who,
                prize,
                garrison,
                relief,
                post,
            } => format!(
                "{} relieves {} aboard the hijacked {}: {} comes aboard from {}, and {} goes to {}",
                self.who(*who),
                self.card(*garrison),
                self.card(*prize),
                self.card(*relief),
                self.card(*post),
                self.card(*garrison),
                self.card(*post)
            ),
            Event::CapacityLost {
                card,
                host,
                outcome,
            } => format!(
                "{} no longer fits aboard {}: {}",
                self.card(*card),
                self.card(*host),
                match outcome {
                    CapacityOutcome::ToOpenSpace => "it launches into open space",
                    CapacityOutcome::Scrapped => "it is lost to the Scrapheap",
                }
            ),
            Event::RegimentSearch { host, unit, left } => format!(
                "{} is Regimented: search the Shipyard for {left} {}",
                self.card(*host),
                match unit {
                    RegimentUnit::Marine => "Marine(s)",
                    RegimentUnit::Wing => "Fighter Wing(s)",
                }
            ),
            Event::RegimentEnded { host, end } => format!(
                "Regimented search for {} ends{}",
                self.card(*host),
                match end {
                    RegimentEnd::Satisfied => "",
                    RegimentEnd::Declined => " (declined)",
                    RegimentEnd::NoneLeft =>
                        " (no suitable unit left in the Shipyard: the rest of the trait is ignored)",
                    RegimentEnd::NoRoom =>
                        " (no room left aboard for another: the rest of the trait is ignored)",
                }
            ),
            Event::EventResolved {
                who,
                card,
                tactic,
                stays_in_play,
                attached_to,
            } => format!(
                "{}'s {} {} resolves and {}",
                self.who(*who),
                if *tactic { "Tactic" } else { "Event" },
                self.card(*card),
                match (attached_to, stays_in_play) {
                    (Some(h), _) => format!("stays attached to {}", self.card(*h)),
                    (None, true) => "stays in play".to_string(),
                    (None, false) => "goes to the Scrapheap".to_string(),
                }
            ),
            Event::Discarded { who, card, .. } => {
                format!("{} discards {}", self.who(*who), self.card(*card))
            }
            Event::EngagementDeclared {
                attacker,
                defender,
                fleet,
            } => format!(
                "{} declares an engagement against {} with {}",
                self.who(*attacker),
                self.who(*defender),
                self.cards(fleet)
            ),
            Event::CombatStep { step, who } => format!(
                "STEP {step}: {}",
                match step {
                    1 => format!("start-of-engagement cards ({} first)", self.who(*who)),
                    2 => format!("{}'s Interceptors may fire", self.who(*who)),
                    3 | 5 => format!("{}'s volley turn", self.who(*who)),
                    4 | 6 => format!("{} may declare boarding actions", self.who(*who)),
                    7 => "Escorts may cancel boarding actions (defender first)".into(),
                    8 => "boarding actions resolve".into(),
                    _ => "end of the round: retreating ships that survived go home".into(),
                }
            ),
            Event::RoundBegan { round } => format!("round {round} begins"),
            Event::DiceAssigned {
                unit,
                target,
                dice,
                left,
            } => format!(
                "{} assigns {dice} {} at {} ({})",
                self.card(*unit),
                if *dice == 1 { "die" } else { "dice" },
                self.card(*target),
                match left {
                    0 => "every die assigned".to_string(),
                    n => format!("{n} left to assign"),
                }
            ),
            Event::VolleyFired { unit, fire, kind } => {
                let f: Vec<String> = fire
                    .iter()
                    .map(|(t, n)| {
                        format!(
                            "{n} {} at {}",
                            if *n == 1 { "die" } else { "dice" },
                            self.card(*t)
                        )
                    })
                    .collect();
                let what = match kind {
                    VolleyKind::Normal => "volley fires",
                    VolleyKind::Interceptor => "fires Interceptor",
                    VolleyKind::Overload => "fires Overload",
                    VolleyKind::Stoic => "fires its Stoic last volley",
                    VolleyKind::Marine => "fires",
                };
                format!("{} {what}: {}", self.card(*unit), f.join(", "))
            }
            Event::VolleyRolled {
                unit,
                target,
                defense,
                statics,
                bonus,
                dice,
                wounds,
                total,
                of,
            } => {
                let d: Vec<String> = dice
                    .iter()
                    .map(|d| {
                        let mut s = String::new();
                        if let Some(first) = d.rerolled {
                            let _ = write!(s, "{first}>");
                        }
                        let _ = write!(s, "{}", d.natural);
                        if d.result != d.natural {
                            let _ = write!(s, "(={})", d.result);
                        }
                        if d.hit {
                            s.push('*');
                        }
                        s
                    })
                    .collect();
                // Static modifiers name their source card (§8.1).
                let mut mods: Vec<String> = statics
                    .iter()
                    .map(|(src, stat, delta)| {
                        format!("{delta:+} {} from {}", stat.name(), self.card(*src))
                    })
                    .collect();
                mods.extend(bonus.iter().map(|(src, delta)| {
                    format!("{delta:+} to rolls from {}", self.card(*src))
                }));
                if dice.iter().any(|d| d.rerolled.is_some()) {
                    mods.push("a>b: a missed die re-rolled".into());
                }
                format!(
                    "{} rolls [{}] against {} (defense {defense}{}): {wounds} wound(s), {total} of {of}",
                    self.card(*unit),
                    d.join(" "),
                    self.card(*target),
                    if mods.is_empty() {
                        String::new()
                    } else {
                        format!("; {}", mods.join(", "))
                    }
                )
            }
            Event::Annihilated { target } => format!(
                "two natural 10s at {}: Annihilate destroys it immediately",
                self.card(*target)
            ),
            Event::Destroyed { card, immediate } => format!(
                "{} is {}destroyed",
                self.card(*card),
                if *immediate { "immediately " } else { "" }
            ),
            Event::StockpileCapped {
                who,
                resource,
                currency,
                cap,
            } => format!(
                "{}'s Stockpile falls to its cap of {cap}: {resource}R {currency}C",
                self.who(*who)
            ),
            Event::DestroyedWithHost { card, host } => format!(
                "{} is destroyed with {}, the card it is attached to",
                self.card(*card),
                self.card(*host)
            ),
            Event::StoicLastVolley { card } => format!(
                "{} is destroyed by volley fire but is Stoic: one last volley first",
                self.card(*card)
            ),
            Event::TraitUsed {
                unit,
                ability,
                target,
                amount,
            } => match target {
                Some(t) => format!(
                    "{} uses {ability} +{amount} on {}",
                    self.card(*unit),
                    self.card(*t)
                ),
                None => format!("{} uses {ability}: {amount}", self.card(*unit)),
            },
            Event::FearlessSwap {
                unit,
                attack,
                defense,
            } => format!(
                "{} goes Fearless: attack {attack}, defense {defense}",
                self.card(*unit)
            ),
            Event::WingLaunched { wing, from } => format!(
                "{} launches from {} into open space",
                self.card(*wing),
                self.card(*from)
            ),
            Event::WingDocked { wing, host } => {
                format!(
                    "{} returns to the bay of {}",
                    self.card(*wing),
                    self.card(*host)
                )
            }
            Event::Retreating { card } => format!("{} retreats this round", self.card(*card)),
            Event::Retreated { card } => {
                format!("{} has retreated home safely", self.card(*card))
            }
            Event::BoardDeclared { ship, target } => format!(
                "{} declares a boarding action against {}",
                self.card(*ship),
                self.card(*target)
            ),
            Event::BoardCancelled { escort, ship } => format!(
                "Escort {} cancels the boarding action of {}",
                self.card(*escort),
                self.card(*ship)
            ),
            Event::BoardingBegan {
                ship,
                target,
                boarders,
                defenders,
            } => format!(
                "{} boards {}: {} against {}",
                self.card(*ship),
                self.card(*target),
                self.cards(boarders),
                self.cards(defenders)
            ),
            Event::BoardingWon {
                ship,
                target,
                automatic,
            } => format!(
                "the Marines of {} win aboard {}{}",
                self.card(*ship),
                self.card(*target),
                if *automatic {
                    " automatically: no Marines defend it"
                } else {
                    ""
                }
            ),
            Event::BoardingRepelled { ship, target } => format!(
                "the boarding party of {} is destroyed aboard {}",
                self.card(*ship),
                self.card(*target)
            ),
            Event::BoardingEnded { ship, target, gone } => match gone {
                Some(c) => format!(
                    "the boarding action of {} against {} ends: {} has left play",
                    self.card(*ship),
                    self.card(*target),
                    self.card(*c)
                ),
                None => format!(
                    "the boarding action of {} against {} ends: no Marines are left to act",
                    self.card(*ship),
                    self.card(*target)
                ),
            },
            Event::BoardingDeadlocked { ship, target } => format!(
                "the boarding action of {} against {} ends with no winner: neither party's Marines can ever wound the other (I-66)",
                self.card(*ship),
                self.card(*target)
            ),
            Event::MarinesRetreat { ship } => {
                format!(
                    "the Marines of {} retreat: the defending Marines may fire at them before they withdraw",
                    self.card(*ship)
                )
            }
            Event::Pursuit {
                ship,
                pursued,
                returning,
            } => {
                if *pursued {
                    format!(
                        "the defenders pursue to {}: roles reversed",
                        self.card(*ship)
                    )
                } else if *returning {
                    format!("no pursuit: the Marines return to {}", self.card(*ship))
                } else {
                    format!(
                        "no pursuit onto {}: its boarding party was destroyed",
                        self.card(*ship)
                    )
                }
            }
            Event::Hijacked { card, by } => {
                format!("{} hijacks {}", self.who(*by), self.card(*card))
            }
            Event::Scuttled { card, by } => {
                format!("{} scuttles {}", self.who(*by), self.card(*card))
            }
            Event::Reverted { card, to } => format!(
                "{} has no Marine aboard and reverts to {}",
                self.card(*card),
                self.who(*to)
            ),
            Event::GivenBack { card, to, from } => format!(
                "{} goes back to {}: {}, who held it, is out of the game",
                self.card(*card),
                self.who(*to),
                self.who(*from)
            ),
            Event::EngagementEnded {
                attacker,
                defender,
                reason,
            } => format!(
                "the engagement of {} against {} ends: {}",
                self.who(*attacker),
                self.who(*defender),
                match reason {
                    EndReason::FleetDestroyed => "the attacking fleet is destroyed",
                    EndReason::Retreated => "the attacking fleet has retreated",
                    EndReason::StationTaken => "the defending Station has fallen",
                    EndReason::AttackerLeft => "the attacker left the game",
                    EndReason::DefenderLeft => "the defender left the game",
                    EndReason::Cancelled => "a card cancelled the engagement",
                    EndReason::Deadlock => "neither side can ever wound the other, so there can be no clear winner: the attacking fleet withdraws (I-57)",
                    EndReason::RoundLimit => "the engine's round limit is reached (a liveness guard): the attacking fleet withdraws",
                }
            ),
            Event::Eliminated { who, by } => match by {
                Some(b) => format!("{} is eliminated by {}", self.who(*who), self.who(*b)),
                None => format!("{} is eliminated", self.who(*who)),
            },
            Event::SpoilsMarines { marine, to } => match to {
                Some(h) => format!("{} moves aboard {}", self.card(*marine), self.card(*h)),
                None => format!("{} has no room and is discarded", self.card(*marine)),
            },
            Event::SpoilsDeclined { who } => {
                format!("{} deploys nothing from the Shipyard", self.who(*who))
            }
            Event::EngagementDeclined { who } => {
                format!("{} declares no engagement", self.who(*who))
            }
            Event::Passed { who } => format!("{} passes", self.who(*who)),
            Event::TurnEnded { who } => format!("{} ends their turn", self.who(*who)),
            Event::Scooped { who } => format!("{} scoops and leaves the game", self.who(*who)),
            Event::SpoilsOfWar { to, from, gained } => format!(
                "{} takes {gained} from {}'s Stockpile",
                self.who(*to),
                self.who(*from)
            ),
            Event::RuleOverridden {
                rule,
                default,
                value,
                source,
                scope,
                beat,
            } => {
                let mut s = format!(
                    "{} overrides {} (§{}): {value} instead of {default}, {}",
                    self.card(*source),
                    rule.name(),
                    rule.section(),
                    match scope {
                        Scope::Global => "for every commander".to_string(),
                        Scope::Controller => "for its commander".to_string(),
                        Scope::Opponents => "for its commander's opponents".to_string(),
                        Scope::Card(c) => format!("for {}", self.card(self.game.card_ref(*c))),
                        Scope::Against(c) => {
                            format!("against {}", self.card(self.game.card_ref(*c)))
                        }
                    }
                );
                if !beat.is_empty() {
                    let _ = write!(s, "; it takes precedence over {}", self.cards(beat));
                }
                s
            }
            Event::AbilityResolves { source, who, cause } => format!(
                "{}'s {} resolves its text ({})",
                self.who(*who),
                self.card(*source),
                cause.name()
            ),
            Event::TargetChosen { source, target } => {
                format!("{} targets {}", self.card(*source), self.card(*target))
            }
            Event::CommanderChosen { source, who } => {
                format!("{} targets {}", self.card(*source), self.who(*who))
            }
            Event::OptionalTaken { source, paid } => {
                format!(
                    "{}: the optional step is taken, paying {paid}",
                    self.card(*source)
                )
            }
            Event::OptionalDeclined { source } => {
                format!("{}: the optional step is declined", self.card(*source))
            }
            // The mode by its place on the card: the engine does not render card text
            // (`cardc explain` does), and the card's text stands beside the ruling.
            Event::ModeChosen {
                source, who, mode, ..
            } => format!(
                "{} chooses mode {} of {}",
                self.who(*who),
                u16::from(*mode) + 1,
                self.card(*source)
            ),
            Event::DiceShown {
                who,
                unit,
                dice,
                sources,
            } => format!(
                "{}'s volley rolls {}{}; before any die counts, {} may re-roll one, by the text of {} (I-91)",
                self.card(*unit),
                dice.iter()
                    .map(|(t, d)| format!(
                        "[{}] at {}",
                        d.iter()
                            .map(|f| match f.rerolled {
                                Some(first) => format!("{first}>{}", f.natural),
                                None => f.natural.to_string(),
                            })
                            .collect::<Vec<_>>()
                            .join(" "),
                        self.card(*t)
                    ))
                    .collect::<Vec<_>>()
                    .join(" and "),
                if dice.iter().any(|(_, d)| d.iter().any(|f| f.rerolled.is_some())) {
                    " (a>b: a missed die re-rolled by the unit's own text, I-71)"
                } else {
                    ""
                },
                self.who(*who),
                self.cards(sources)
            ),
            Event::Rerolled {
                who,
                unit,
                target,
                die,
                from,
                to,
                source,
            } => format!(
                "{} re-rolls die {die} of {}'s volley at {}, by the text of {}: {from} becomes {to}, and only {to} counts",
                self.who(*who),
                self.card(*unit),
                self.card(*target),
                self.card(*source)
            ),
            Event::DiceKept { who, unit } => format!(
                "{} keeps the dice of {}'s volley as they are",
                self.who(*who),
                self.card(*unit)
            ),
            Event::NoModeOpen { source } => format!(
                "{}: no mode has a legal target, so none is chosen and the choice does nothing",
                self.card(*source)
            ),
            Event::EffectDie { source, natural } => {
                format!("{} rolls a volley die: {natural}", self.card(*source))
            }
            Event::CompulsoryWounds {
                card,
                wounds,
                total,
                of,
            } => format!(
                "{} suffers {wounds} compulsory wound(s) ({total}/{of})",
                self.card(*card)
            ),
            Event::CompulsoryIgnored { card } => {
                format!(
                    "{} is Resistant and ignores the compulsory wounds",
                    self.card(*card)
                )
            }
            Event::TargetLost {
                source,
                target: Some(t),
            } => format!(
                "{} is no longer a legal target of {}: the effect does not reach it",
                self.card(*t),
                self.card(*source)
            ),
            Event::TargetLost {
                source,
                target: None,
            } => format!(
                "{} has no legal target left: that part of its effect does nothing",
                self.card(*source)
            ),
            Event::EffectRepaired { card, healed, left } => format!(
                "{} removes {healed} wound(s), {left} left",
                self.card(*card)
            ),
            Event::Sacrificed { card } => format!("{} is sacrificed", self.card(*card)),
            Event::StockpileGained {
                who,
                gained,
                clamped,
            } => format!(
                "{} gains {gained}{}",
                self.who(*who),
                if *clamped {
                    " (Stockpile cap reached)"
                } else {
                    ""
                }
            ),
            Event::StockpilePaid { who, paid } => format!("{} pays {paid}", self.who(*who)),
            Event::StockpileMoved {
                from,
                to,
                amount,
                kept,
            } => format!(
                "{amount} move from {} to {} ({kept} kept within the Stockpile cap)",
                self.who(*from),
                self.who(*to)
            ),
            Event::DiscardedByEffect { who, card } => {
                format!("{} discards {}", self.who(*who), self.card(*card))
            }
            Event::ReturnedToHand { card } => {
                format!("{} returns to its owner's hand", self.card(*card))
            }
            Event::LeftPlay { card, why } => match why {
                LeftPlayWhy::WithHost(host) => format!(
                    "{} leaves play with {}, to its owner's Scrapheap",
                    self.card(*card),
                    self.card(*host)
                ),
                LeftPlayWhy::CommanderOut(p) => format!(
                    "{} leaves play: {} is out of the game",
                    self.card(*card),
                    self.who(*p)
                ),
                LeftPlayWhy::HijackedFromOut(p) => format!(
                    "{} is destroyed: it was hijacked from {}, who is out of the game",
                    self.card(*card),
                    self.who(*p)
                ),
            },
            // No rule reveals a card searched into hand (§8.3): only that one was taken.
            Event::SearchedToHand { who, .. } if self.hides(*who) => format!(
                "{} takes a card from the Shipyard into hand",
                self.who(*who)
            ),
            Event::SearchedToHand { who, card } => format!(
                "{} takes {} from the Shipyard into hand",
                self.who(*who),
                self.card(*card)
            ),
            Event::SearchEnded { who, source } => format!(
                "{}'s search for {} is over",
                self.who(*who),
                self.card(*source)
            ),
            Event::TemporaryModifier {
                source,
                card,
                modifier,
                duration,
            } => format!(
                "{}: {} {} {}",
                self.card(*source),
                self.card(*card),
                card_modifier_words(modifier),
                duration.words()
            ),
            Event::TemporaryCommanderModifier {
                source,
                controller,
                who,
                modifier,
                duration,
            } => format!(
                "{}: {}: {} {}",
                self.card(*source),
                self.commanders(*who, *controller),
                commander_modifier_words(modifier),
                duration.words()
            ),
            Event::TemporaryEnded {
                source,
                card,
                modifier,
                duration,
            } => format!(
                "{}'s {} on {} ends: {}",
                self.card(*source),
                card_modifier_words(modifier),
                self.card(*card),
                ended_words(*duration)
            ),
            Event::TemporaryCommanderEnded {
                source,
                controller,
                who,
                modifier,
                duration,
            } => format!(
                "{} no longer applies for {} ({}): {}",
                self.card(*source),
                self.commanders(*who, *controller),
                commander_modifier_words(modifier),
                ended_words(*duration)
            ),
            Event::ModuleFlipped { card } => format!("{} is flipped face up", self.card(*card)),
            // It was face up until now: its name is public.
            Event::ModuleTurnedFaceDown { card } => {
                format!("{} is turned face down again", self.named(*card))
            }
            Event::AftermathBegan { who } => format!(
                "end of the engagement: {} may reassign Wings and Marines and turn modules face down",
                self.who(*who)
            ),
            Event::CostModified {
                card,
                printed,
                paid,
                sources,
            } => format!(
                "{} costs {paid} instead of {printed}, changed by {}",
                self.card(*card),
                self.cards(sources)
            ),
            Event::StoicWithheld { card, section } => format!(
                "{} is Stoic but may not act now (§{section}): no last volley",
                self.card(*card)
            ),
            Event::Attached { source, card, to } if source == card => {
                format!("{} is attached to {}", self.card(*card), self.card(*to))
            }
            Event::Attached { source, card, to } => format!(
                "{}: {} is attached to {}",
                self.card(*source),
                self.card(*card),
                self.card(*to)
            ),
            Event::AttachRefused {
                source,
                card,
                to,
                why,
            } => format!(
                "{}: {} cannot be attached to {}: {}; nothing moves",
                self.card(*source),
                self.card(*card),
                self.card(*to),
                self.game
                    .catalog()
                    .get(card.card)
                    .map_or_else(|| format!("§{} forbids it", why.section()), |k| why.words(k))
            ),
            Event::Detached {
                source,
                card,
                from,
                to_scrapheap,
            } => format!(
                "{}: {} is detached from {} and {}",
                self.card(*source),
                self.card(*card),
                self.card(*from),
                if *to_scrapheap {
                    "goes to its owner's Scrapheap (not destroyed)"
                } else {
                    "launches into open space"
                }
            ),
            Event::WoundsPrevented {
                card,
                wounds,
                source,
            } => format!(
                "{} prevents {wounds} wound(s) to {}",
                self.card(*source),
                self.card(*card)
            ),
            Event::AdditionalVolley { unit, sources } => format!(
                "{} fires an additional volley this volley turn, by the text of {}",
                self.card(*unit),
                self.cards(sources)
            ),
            Event::WoundsDoubled {
                unit,
                target,
                sources,
            } => format!(
                "{}'s hits on {} deal double wounds, by the text of {}",
                self.card(*unit),
                self.card(*target),
                self.cards(sources)
            ),
            Event::VolleyDrawn {
                unit,
                from,
                to,
                dice,
            } => format!(
                "{} draws the volley: {}'s {dice} {} at {} {} to it instead, and the decoy is used",
                self.card(*to),
                self.card(*unit),
                if *dice == 1 { "die" } else { "dice" },
                self.card(*from),
                if *dice == 1 { "goes" } else { "go" },
            ),
            Event::Activated {
                who,
                card,
                paid,
                limit,
            } => {
                let mut s = format!("{} activates {}", self.who(*who), self.card(*card));
                if !paid.is_zero() {
                    let _ = write!(s, ", paying {paid}");
                }
                if let Some(l) = limit {
                    let _ = write!(s, " ({})", l.name());
                }
                s
            }
            Event::ActivationRenewed { card, limit } => format!(
                "{}'s activated ability may be used again ({}, and that has passed)",
                self.card(*card),
                limit.name()
            ),
            Event::LimitReached { card, limit } => format!(
                "{}'s ability does not trigger: {}, and it already has",
                self.card(*card),
                limit.name()
            ),
            Event::Replaced { card, what, wounds } => {
                let event = match what {
                    crate::ir::effect::Replaced::Destroyed => "being destroyed",
                    crate::ir::effect::Replaced::CompulsoryWounds => "suffering compulsory wounds",
                    crate::ir::effect::Replaced::Boarded => "being boarded",
                };
                match wounds {
                    Some(0) => format!(
                        "{} is not destroyed: its text replaces {event} (it stays in play)",
                        self.card(*card)
                    ),
                    Some(w) => format!(
                        "{} is not destroyed: its text replaces {event} (it stays in play with {w} wound(s))",
                        self.card(*card)
                    ),
                    None => format!("{}: its text replaces {event}", self.card(*card)),
                }
            }
            Event::StepSkipped { who, skipped } => {
                let w = self.who(*who);
                match skipped {
                    Skipped::Interceptors => {
                        format!("STEP 2 skipped: {w} has no Interceptor that can fire")
                    }
                    Skipped::Boards { step } => format!(
                        "STEP {step} skipped: {w} has no ship that can declare a boarding action"
                    ),
                    Skipped::NoBoards => {
                        "STEP 7 and STEP 8 skipped: no boarding action was declared".into()
                    }
                    Skipped::Escorts => format!(
                        "STEP 7 skipped for {w}: no Escort of theirs can cancel a boarding action"
                    ),
                    Skipped::Aftermath => format!(
                        "end of the engagement: {w} has no Wing or Marine to reassign and no module to turn face down"
                    ),
                }
            }
            Event::GameOver { outcome } => match outcome {
                Outcome::Winner(p) => format!("game over: {} wins", self.who(*p)),
                Outcome::TurnLimit { turns } => {
                    format!("game over: turn limit reached after {turns} turns (no winner)")
                }
                Outcome::NoCommanders => "game over: no commanders remain".into(),
            },
        }
    }

    /// `[§x.y] line`.
    pub fn line(&self, e: &Event) -> String {
        format!("[§{}] {}", e.section(), self.event(e))
    }
}

/// The whole log, one line per event.
pub fn render_log(game: &Game) -> String {
    render_events(&Namer::new(game), game.log())
}

/// `events`, one line each, in `namer`'s wording.
pub fn render_events(namer: &Namer, events: &[Event]) -> String {
    let mut s = String::new();
    for e in events {
        s.push_str(&namer.line(e));
        s.push('\n');
    }
    s
}

/// `N card(s)`, for cards drawn unseen.
fn count(n: usize) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}

/// A temporary card modifier in words, as it begins and as it ends (§9.22).
fn card_modifier_words(modifier: &crate::ir::effect::CardModifier) -> String {
    use crate::ir::effect::CardModifier as M;
    match modifier {
        M::Stat { stat, delta } => format!("{delta:+} {}", stat.name()),
        M::Income { change } => format!(
            "{}{} income",
            if change.more { "+" } else { "-" },
            change.amount
        ),
        M::GainTrait(t) => format!("gains {t}"),
        M::LoseTrait(t) => format!("loses {t}"),
        M::RollBonus(d) => format!("{d:+} to volley rolls"),
        M::ExtraDice(d) => format!("{d:+} volley dice"),
        M::ExtraVolleys(n) => format!("may fire {n} additional volley(s) each volley turn"),
        M::Rerolls(n) => format!("re-rolls {n} missed die (dice) in each volley"),
        M::PreventWounds { count, each } => {
            format!("prevents the first {count} wound(s) each {}", each.name())
        }
        M::Taunt { units: false } => "must be fired at by opposing ships if able".into(),
        M::Taunt { units: true } => "must be fired at by opposing units if able".into(),
        M::Decoy => "is decoyed (the next volley at it goes to the decoy)".into(),
        M::MayReroll => "may re-roll one die of each volley".into(),
    }
}

/// A temporary modifier on Commanders in words (§9.22).
fn commander_modifier_words(modifier: &crate::ir::effect::CommanderModifier) -> String {
    use crate::ir::effect::CommanderModifier as C;
    let sign = |more: bool| if more { '+' } else { '-' };
    match modifier {
        C::HandSize(d) => format!("hand size {d:+}"),
        C::Income(c) => format!("income {}{}", sign(c.more), c.amount),
        C::Cost { change, .. } => format!(
            "the cards its text names cost {} {}",
            change.amount,
            if change.more { "more" } else { "less" }
        ),
    }
}

/// Why a temporary modifier ended, from its duration.
fn ended_words(duration: crate::ir::effect::Duration) -> &'static str {
    use crate::ir::effect::Duration as D;
    match duration {
        D::EndOfTurn => "the turn is over",
        D::EndOfEngagement => "the engagement is over",
        D::EndOfRound => "the round is over",
        D::WhileAttached => "it is no longer attached",
    }
}
