//! The game's front door: [`Game::new`], [`Game::decision`], [`Game::legal_choices`],
//! [`Game::apply`] and [`Game::check`] run the rules (`crate::rules`, `crate::effects`) over
//! the state (`crate::state`), with the Golden-Rule resolver's reads (§8.1) and the Stockpile
//! cap (§9.27) that every rule goes through.
//!
//! [`Game::apply`] is all-or-nothing: a refused choice leaves the game exactly as it was.

use std::sync::Arc;

use crate::choice::{Choice, Decision, DecisionKind};
use crate::error::RuleError;
use crate::event::Event;
use crate::ids::{Inst, PlayerId};
use crate::ir::{Amount, BaseRule, CardId, CardKind, RuleValue};
use crate::resolver::{self, Live, Query, Resolution};
use crate::CardDb;

use crate::state::{Config, Game, SetupError, Step, Zone, MAX_CARDS};

/// Whether decks can start a game, refused in the order a game is set up: the number of
/// commanders, of cards, then seat by seat each card in the pool and a Station in the deck.
fn check_decks<N: AsRef<str>, C: AsRef<[CardId]>>(
    catalog: &CardDb,
    decks: &[(N, C)],
) -> Result<(), SetupError> {
    crate::state::check_commanders(decks.len())?;
    let total: usize = decks.iter().map(|d| d.1.as_ref().len()).sum();
    if total > MAX_CARDS {
        return Err(SetupError::TooManyCards(total));
    }
    for (name, cards) in decks {
        let mut has_station = false;
        for &id in cards.as_ref() {
            let card = catalog.get(id).ok_or_else(|| SetupError::UnknownCard {
                commander: name.as_ref().to_string(),
                id: id.0,
            })?;
            has_station |= card.kind == CardKind::Station;
        }
        if !has_station {
            return Err(SetupError::NoStation {
                commander: name.as_ref().to_string(),
            });
        }
    }
    Ok(())
}

impl Game {
    /// A new game: each deck becomes a shuffled Shipyard, then Setup begins (§4).
    /// `decks` is (commander name, cards) in clockwise seat order.
    pub fn new(
        catalog: Arc<CardDb>,
        decks: Vec<(String, Vec<CardId>)>,
        config: Config,
    ) -> Result<Game, SetupError> {
        check_decks(&catalog, &decks)?;
        let mut game = Game::empty(catalog, decks.iter().map(|d| d.0.clone()).collect(), config)?;
        game.set_up(&decks);
        Ok(game)
    }

    /// The game [`Game::new`] would make, made in this game's storage: what this game held is
    /// gone, and its lists, log and history keep their room, so a driver that plays game
    /// after game in one `Game` allocates for a game only while it outgrows the ones before
    /// (issue #15). On an error the decks are refused as `Game::new` refuses them and this
    /// game is left as it was.
    pub fn renew<N: AsRef<str>, C: AsRef<[CardId]>>(
        &mut self,
        catalog: Arc<CardDb>,
        decks: &[(N, C)],
        config: Config,
    ) -> Result<(), SetupError> {
        check_decks(&catalog, decks)?;
        self.reset(catalog, decks.iter().map(|d| d.0.as_ref()), config)?;
        self.set_up(decks);
        Ok(())
    }

    /// The decks as Shipyards, shuffled, and Setup begun (§4): decks [`check_decks`] passed.
    fn set_up<N: AsRef<str>, C: AsRef<[CardId]>>(&mut self, decks: &[(N, C)]) {
        // Every card at once: one allocation for a new game, none for a renewed one.
        self.instances
            .reserve(decks.iter().map(|d| d.1.as_ref().len()).sum());
        for (seat, (_, cards)) in decks.iter().enumerate() {
            for &id in cards.as_ref() {
                self.new_instance(PlayerId(seat as u8), id, Zone::Shipyard);
            }
        }
        self.log.push(Event::GameStarted {
            commanders: self.commanders.len() as u8,
            seed: self.seed,
        });
        for seat in 0..self.commanders.len() {
            self.shuffle_shipyard(PlayerId(seat as u8));
        }
        self.setup_queue
            .extend((0..self.commanders.len()).map(|s| PlayerId(s as u8)));
        crate::rules::setup::start(self);
        crate::effects::actions::run(self);
    }

    /// The overrides of `rule` in play (or speaking from a hand), in list order, as they come:
    /// no list is built (the resolver runs on every rule a legal-move scan asks).
    fn live_overrides(
        &self,
        rule: BaseRule,
        gone: Option<Inst>,
    ) -> impl Iterator<Item = Live> + '_ {
        // Only overrides of `rule` are visited; `order` keeps their relative order, the
        // injected ones first (it ranks overrides of one rule only).
        self.overrides
            .iter()
            .copied()
            .filter(move |ov| ov.rule == rule)
            .chain(crate::effects::overrides::live_ability_overrides(
                self, rule,
            ))
            .enumerate()
            .filter(move |(_, ov)| Some(ov.source) != gone)
            .filter(|(_, ov)| {
                self.text_live(ov.source) || crate::effects::overrides::live_from_hand(self, ov)
            })
            .map(|(order, ov)| Live {
                ov,
                controller: self.controller(ov.source),
                timestamp: self.instance(ov.source).map_or(0, |x| x.entered),
                order,
            })
    }

    /// Ask the resolver (pure: no log line). Public so tools can show effective rules.
    pub fn resolve(&self, rule: BaseRule, commander: PlayerId, card: Option<Inst>) -> Resolution {
        self.resolve_without(rule, commander, card, None)
    }

    /// Whether `rule` has its base value for every commander and card all game (§8.1): no
    /// card of the game prints an override of it and none is injected, so `live_overrides`
    /// would visit nothing.
    pub(crate) fn at_base(&self, rule: BaseRule) -> bool {
        !self.speakers.overrides_rule(rule) && self.overrides.iter().all(|ov| ov.rule != rule)
    }

    /// Resolve as if `gone`'s text were no longer in play (a Module about to be replaced,
    /// §2.2).
    pub fn resolve_without(
        &self,
        rule: BaseRule,
        commander: PlayerId,
        card: Option<Inst>,
        gone: Option<Inst>,
    ) -> Resolution {
        if self.at_base(rule) {
            return resolver::Resolution::base(rule);
        }
        resolver::resolve_from(
            Query {
                rule,
                commander,
                card,
                against: None,
            },
            self.live_overrides(rule, gone),
        )
    }

    /// A card's rule as `against` meets it (the unit firing at it): its own rule, unless
    /// `against`'s text changes the rule against itself (I-99, `override ... against this`).
    pub fn resolve_against(
        &self,
        rule: BaseRule,
        commander: PlayerId,
        card: Inst,
        against: Option<Inst>,
    ) -> Resolution {
        if self.at_base(rule) {
            return resolver::Resolution::base(rule);
        }
        resolver::resolve_from(
            Query {
                rule,
                commander,
                card: Some(card),
                against,
            },
            self.live_overrides(rule, None),
        )
    }

    /// Log an override that decided something in the choice being applied (once per rule
    /// and source per choice).
    pub(crate) fn note(&mut self, r: &Resolution) {
        let Some(w) = r.winner else { return };
        // Only an override that changed the value is news (#14): one that restates the
        // default, and beats none that would differ, decided nothing.
        if r.value == r.rule.default_value() && r.beat.iter().all(|b| b.value == r.value) {
            return;
        }
        if self.noted.contains(&(r.rule, w.source)) {
            return;
        }
        self.noted.push((r.rule, w.source));
        let beat = r.beat.iter().map(|o| self.card_ref(o.source)).collect();
        self.log.push(Event::RuleOverridden {
            rule: r.rule,
            default: r.rule.default_value(),
            value: r.value,
            source: self.card_ref(w.source),
            scope: w.scope,
            beat,
        });
    }

    /// Resolve and log: the path every rule consultation in `apply` takes.
    pub(crate) fn rule(&mut self, rule: BaseRule, who: PlayerId, card: Option<Inst>) -> Resolution {
        let r = self.resolve(rule, who, card);
        self.note(&r);
        r
    }

    pub(crate) fn rule_count(&mut self, rule: BaseRule, who: PlayerId) -> u8 {
        self.rule(rule, who, None).count()
    }

    pub(crate) fn rule_amount(&mut self, rule: BaseRule, who: PlayerId) -> Amount {
        match self.rule(rule, who, None).value {
            RuleValue::Amount(a) => a,
            _ => match rule.default_value() {
                RuleValue::Amount(a) => a,
                _ => Amount::ZERO,
            },
        }
    }

    // ----- Stockpiles (§9.27) -----------------------------------------------------------

    /// Add to a Stockpile, clamped to the cap (§9.27). Returns (gained, clamped).
    pub(crate) fn gain(&mut self, who: PlayerId, amount: Amount) -> (Amount, bool) {
        let cap = self.rule_count(BaseRule::StockpileCap, who);
        let Some(c) = self.cmd_mut(who) else {
            return (Amount::ZERO, false);
        };
        let r = c
            .resource
            .saturating_add(amount.resource)
            .min(cap)
            .max(c.resource.min(cap));
        let k = c
            .currency
            .saturating_add(amount.currency)
            .min(cap)
            .max(c.currency.min(cap));
        let gained = Amount {
            resource: r.saturating_sub(c.resource),
            currency: k.saturating_sub(c.currency),
        };
        c.resource = r;
        c.currency = k;
        (gained, gained != amount)
    }

    /// §9.27: a Stockpile never holds more than its cap — when card text that raised the cap
    /// leaves play, whatever is over the cap as it now stands is lost at once.
    fn settle_stockpiles(&mut self) {
        // A cap no card of the game overrides is the base cap for everyone, read once.
        let base = self
            .at_base(BaseRule::StockpileCap)
            .then(|| resolver::Resolution::base(BaseRule::StockpileCap).count());
        for k in 0..self.commanders.len() {
            let who = PlayerId(k as u8);
            let Some(c) = self.cmd(who) else { continue };
            if c.out {
                continue;
            }
            let (r, k) = (c.resource, c.currency);
            let cap = match base {
                Some(cap) => cap,
                None => self.resolve(BaseRule::StockpileCap, who, None).count(),
            };
            if r <= cap && k <= cap {
                continue;
            }
            self.set_stockpile(who, r, k);
            self.log.push(Event::StockpileCapped {
                who,
                resource: r.min(cap),
                currency: k.min(cap),
                cap,
            });
        }
    }

    // ----- decisions --------------------------------------------------------------------

    /// Who must decide what now; `None` once the game is over.
    pub fn decision(&self) -> Option<Decision> {
        if self.outcome.is_some() {
            return None;
        }
        // §7.1.3.3: the Spoils-of-War Marines move at once, before anything else.
        if let Some(who) = crate::rules::victory::pending_relocation(self) {
            return Some(Decision {
                who,
                kind: DecisionKind::SpoilsMarines,
            });
        }
        if let Some(p) = self.pending.first() {
            if let Some(ask) = &p.ask {
                return Some(Decision {
                    who: p.decider(),
                    kind: DecisionKind::Effect {
                        source: p.source,
                        ask: ask.clone(),
                    },
                });
            }
        }
        if let Some(r) = self.regiments.last() {
            return Some(Decision {
                who: r.who,
                kind: DecisionKind::Regiment {
                    host: r.host,
                    unit: r.unit,
                    left: r.left,
                },
            });
        }
        if let Some(&who) = self.spoils.first() {
            return Some(Decision {
                who,
                kind: DecisionKind::Spoils,
            });
        }
        // §2.6, §2.7: a response window, below the effects and searches already under way.
        if let Some(&who) = self.window.as_ref().and_then(|w| w.queue.first()) {
            return Some(Decision {
                who,
                kind: DecisionKind::Respond,
            });
        }
        let (who, kind) = match &self.step {
            Step::SetupModule { who, left } => (*who, DecisionKind::SetupModule { left: *left }),
            Step::Mulligan { who } => (*who, DecisionKind::Mulligan),
            Step::SetupDeploy { who } => (*who, DecisionKind::SetupDeploy),
            Step::SetupDiscard { who } => (*who, DecisionKind::SetupDiscard),
            Step::Manufacturing => (self.active, DecisionKind::Manufacturing),
            Step::Engagement => (self.active, DecisionKind::Engagement),
            Step::Discard => (self.active, DecisionKind::Discard),
            Step::Respond { .. } => return None,
            Step::Combat => return crate::rules::engagement::decision(self),
            Step::Aftermath(a) => (*a.queue.first()?, DecisionKind::Aftermath),
            Step::Over => return None,
        };
        Some(Decision { who, kind })
    }

    /// Apply `who`'s choice. On success the events it caused are appended to the log and
    /// returned; on a rule error nothing changes.
    pub fn apply(&mut self, who: PlayerId, choice: Choice) -> Result<Vec<Event>, RuleError> {
        let mark = self.log.len();
        self.run_choice(who, &choice)?;
        // Read before `commit` freezes the log's tail, while the events are still in it.
        let events = self.log.since(mark);
        self.commit(who, choice);
        Ok(events)
    }

    /// [`Game::apply`] without collecting the events: the playout path (search, sweeps).
    pub fn play(&mut self, who: PlayerId, choice: Choice) -> Result<(), RuleError> {
        self.run_choice(who, &choice)?;
        self.commit(who, choice);
        Ok(())
    }

    /// Run the choice in place, with no copy of the state: every rule checks a choice before
    /// it changes anything (check, then carry out: `rules::dispatch`), so a refused choice has
    /// changed nothing. Debug builds hold the rules to that on every refusal.
    fn run_choice(&mut self, who: PlayerId, choice: &Choice) -> Result<(), RuleError> {
        #[cfg(debug_assertions)]
        let before = self.clone();
        self.noted.clear();
        let result = self.apply_choice(who, choice);
        #[cfg(debug_assertions)]
        if let Err(e) = &result {
            assert!(
                *self == before,
                "a refused choice changed the game: {choice:?} ({e})"
            );
        }
        result
    }

    /// Record an accepted choice.
    fn commit(&mut self, who: PlayerId, choice: Choice) {
        self.log.freeze_if_full();
        self.history.push((who, choice));
        self.history.freeze_if_full();
        self.noted.clear();
    }

    /// The rules' check and change for one choice, unrecorded: all or nothing (a refused choice
    /// changes nothing; `run_choice` asserts it in debug builds). `completeness` probes with it.
    pub(crate) fn apply_choice(&mut self, who: PlayerId, choice: &Choice) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        let commander = self.cmd(who).ok_or(RuleError::NoSuchCommander { who })?;
        if commander.out {
            return Err(RuleError::OutOfGame { who });
        }
        if *choice == Choice::Scoop {
            crate::rules::scoop::scoop(self, who);
            crate::effects::actions::run(self);
            crate::rules::manufacturing::settle_capacity(self);
            crate::rules::respond::settle(self);
            crate::rules::victory::pass_turn_of_eliminated(self);
            self.index_in_play();
            return Ok(());
        }
        let decision = self.decision().ok_or(RuleError::GameOver)?;
        if decision.who != who {
            return Err(RuleError::NotYourDecision {
                who,
                decider: decision.who,
            });
        }
        crate::rules::dispatch(self, decision, choice)?;
        // Card effects woken by the choice resolve until one needs a decision (§6.8).
        crate::effects::actions::run(self);
        if self.engagement.is_some() {
            crate::rules::engagement::settle(self);
        }
        // §6.9.7: a hijacked ship left without a Marine aboard reverts, whatever moved it;
        // §7.1.3.3: a ship whose waiting Marines are all gone (moved, destroyed, detached)
        // leaves play.
        crate::rules::boarding::check_garrisons(self);
        crate::rules::victory::settle_relocations(self);
        self.settle_stockpiles();
        // §9.4: capacity lost by whatever happened in this choice is settled at once.
        crate::rules::manufacturing::settle_capacity(self);
        // §2.6: who is asked next in a response window, once everything above has settled.
        crate::rules::respond::settle(self);
        // §5.6: the turn of a commander who left the game passes once nothing else waits.
        crate::rules::victory::pass_turn_of_eliminated(self);
        // What the next listing reads (`Game::in_play`), once nothing else moves.
        self.index_in_play();
        Ok(())
    }

    /// Every legal choice for the pending decision (Scoop, always legal, is left out).
    /// Fleet selection is exponential, so for engagements it lists the whole open-space fleet
    /// and each single ship per opponent; `apply` accepts any legal fleet.
    pub fn legal_choices(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        self.legal_choices_into(&mut out);
        out
    }

    /// [`Game::legal_choices`] into a buffer the caller reuses (cleared first): the playout
    /// path lists choices without allocating once the buffer has grown.
    pub fn legal_choices_into(&self, out: &mut Vec<Choice>) {
        out.clear();
        if let Some(d) = self.decision() {
            crate::rules::legal(self, &d, out);
        }
    }

    /// Whether `choice` would be accepted now, without changing anything.
    pub fn check(&self, who: PlayerId, choice: Choice) -> Result<(), RuleError> {
        let mut copy = self.clone();
        copy.log.clear();
        copy.history.clear();
        copy.apply_choice(who, &choice)
    }
}
