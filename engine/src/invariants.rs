//! State invariants, checked by the property tests after every applied choice:
//! every card in exactly one zone, zone lists agreeing with each card's recorded zone,
//! Stockpiles within 0..=cap (§9.27), wounds below printed wounds for units in play
//! (§9.38: a unit with that many wounds is destroyed; a Stoic unit awaiting its last volley,
//! §3.4.10, is the one exception), a hijacked ship always has a Marine of its commander
//! aboard (§6.9.7), and a commander out of the game has nothing left in play (§6.3, §7.2) —
//! but for a ship hijacked from them whose hijacker's Marines aboard still wait to move
//! (§7.1.3.3, `Game::relocations`). A card on a battlefield is under that commander's command and
//! an attached card hangs on a host in play (§9.1), and no host carries more than its capacity
//! unless the game is marked for the settlement that follows (§9.4). Liveness: a commander who is out never holds
//! a decision, and a game not over always has one; a boarding action being fought has its ship
//! and target in play (§6.6 STEP 8, §6.9). [`replay_matches`] checks determinism: the same seed
//! and the same choices give the same log, byte for byte.

use crate::ids::Inst;
use crate::ir::{BaseRule, CardKind};
use crate::state::{Game, Zone};

/// Replays `played`'s choices on `fresh` (a new game from the same decks and seed) and
/// checks that every choice is accepted and the log comes out byte for byte the same.
pub fn replay_matches(played: &Game, mut fresh: Game) -> Result<(), String> {
    for (k, (who, c)) in played.history().iter().enumerate() {
        fresh
            .apply(*who, c.clone())
            .map_err(|e| format!("choice {k} ({c:?}) refused on replay: {e}"))?;
    }
    if fresh.log_json() != played.log_json() {
        return Err("the replayed log differs".into());
    }
    Ok(())
}

/// Every violated invariant, described; empty when the state is sound.
pub fn violations(g: &Game) -> Vec<String> {
    let mut out = Vec::new();
    let n = g.instances().len();
    let mut seen = vec![0u32; n];
    let mut mark = |i: Inst, expected: Zone, out: &mut Vec<String>| {
        match seen.get_mut(i.0 as usize) {
            Some(s) => *s += 1,
            None => out.push(format!("{i} listed but does not exist")),
        }
        if let Some(x) = g.instance(i) {
            if x.zone != expected {
                out.push(format!(
                    "{i} listed in {expected:?} but records {:?}",
                    x.zone
                ));
            }
        }
    };
    for c in g.commanders() {
        for &i in &c.shipyard {
            mark(i, Zone::Shipyard, &mut out);
        }
        for &i in &c.hand {
            mark(i, Zone::Hand, &mut out);
        }
        for &i in &c.battlefield {
            mark(i, Zone::Battlefield, &mut out);
        }
        for &i in &c.scrapheap {
            mark(i, Zone::Scrapheap, &mut out);
        }
        for &i in &c.stockpile_cards {
            mark(i, Zone::Stockpile, &mut out);
        }
    }
    for (k, x) in g.instances().iter().enumerate() {
        for &a in &x.attachments {
            mark(a, Zone::Attached(Inst(k as u16)), &mut out);
        }
    }
    // A card in a commander's battlefield list is under that commander's command; an attached
    // card hangs on a host that is itself in play (§9.1: attachments leave with their host).
    for (seat, c) in g.commanders().iter().enumerate() {
        for &i in &c.battlefield {
            if g.instance(i)
                .is_some_and(|x| x.controller.0 as usize != seat)
            {
                out.push(format!(
                    "{i} is on {}'s battlefield under another commander's command",
                    c.name
                ));
            }
        }
    }
    for (k, x) in g.instances().iter().enumerate() {
        if let Zone::Attached(h) = x.zone {
            if !g.in_play(h) {
                out.push(format!("#{k} is attached to {h}, which is not in play"));
            }
        }
    }
    for (k, count) in seen.iter().enumerate() {
        if *count != 1 {
            out.push(format!("#{k} is in {count} zones"));
        }
    }
    // The indexes `move_to` keeps of cards in play (what characteristics reads and the
    // capacity settlement visit instead of every card) agree with the zones.
    let in_play_where = |keep: &dyn Fn(Inst) -> bool| -> Vec<Inst> {
        (0..n)
            .map(|k| Inst(k as u16))
            .filter(|&i| g.in_play(i) && keep(i))
            .collect()
    };
    let names = |v: &[Inst]| {
        v.iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let statics = in_play_where(&|i| g.speakers.card_statics.binary_search(&i).is_ok());
    if g.statics_in_play != statics {
        out.push(format!(
            "the cards in play printing a static are [{}], the index says [{}]",
            names(&statics),
            names(&g.statics_in_play)
        ));
    }
    if g.statics_in_play_kinds != g.kinds_in_play() {
        out.push(format!(
            "the kinds of modifier kept for the statics in play [{}] are not the kinds they print",
            names(&g.statics_in_play)
        ));
    }
    let commander_statics =
        in_play_where(&|i| g.speakers.commander_statics.binary_search(&i).is_ok());
    if g.commander_statics_in_play != commander_statics {
        out.push(format!(
            "the cards in play printing a static on commanders are [{}], the index says [{}]",
            names(&commander_statics),
            names(&g.commander_statics_in_play)
        ));
    }
    let units = in_play_where(&|i| crate::state::takes_capacity(g.card(i)));
    if g.marines_and_wings != units {
        out.push(format!(
            "the Marines and Fighter Wings in play are [{}], the index says [{}]",
            names(&units),
            names(&g.marines_and_wings)
        ));
    }
    // Each commander's list of cards in play, where it is marked fresh, is what the walk of
    // their battlefield finds (`Game::in_play`).
    for seat in 0..g.commanders().len() {
        let who = crate::ids::PlayerId(seat as u8);
        if let Some(list) = g.in_play.fresh(who) {
            let walked: Vec<Inst> = g.walk_in_play(who).collect();
            if list != walked.as_slice() {
                out.push(format!(
                    "{}'s cards in play are [{}], the index says [{}]",
                    g.commanders()[seat].name,
                    names(&walked),
                    names(list)
                ));
            }
        }
    }
    // §9.4: a host is over its capacity only while it is marked for settlement.
    if let Some(h) = crate::rules::manufacturing::unsettled_host(g) {
        out.push(format!(
            "{h} {} carries more than its capacity, and it is not marked for settlement",
            g.name(h)
        ));
    }
    for (seat, c) in g.commanders().iter().enumerate() {
        let cap = g
            .resolve(
                BaseRule::StockpileCap,
                crate::ids::PlayerId(seat as u8),
                None,
            )
            .count();
        if c.resource > cap || c.currency > cap {
            out.push(format!(
                "{} has Stockpile {}R {}C over the cap {cap}",
                c.name, c.resource, c.currency
            ));
        }
    }
    for (k, x) in g.instances().iter().enumerate() {
        if !matches!(x.zone, Zone::Battlefield | Zone::Attached(_)) {
            if x.wounds > 0 {
                out.push(format!("#{k} out of play carries {} wounds", x.wounds));
            }
            continue;
        }
        // What the unit can take now (the layer: Modules and statics count, §9.38).
        let w = crate::rules::stats::wounds(g, Inst(k as u16));
        let stoic = g
            .engagement()
            .is_some_and(|e| e.stoic.contains(&Inst(k as u16)));
        if x.wounds >= w && w > 0 && !stoic {
            out.push(format!("#{k} in play with {} of {} wounds", x.wounds, w));
        }
    }
    for (k, x) in g.instances().iter().enumerate() {
        let i = Inst(k as u16);
        if !matches!(x.zone, Zone::Battlefield | Zone::Attached(_)) {
            continue;
        }
        let out_of_game = |p: crate::ids::PlayerId| g.commander(p).is_some_and(|c| c.out);
        // §7.1.3.3: a ship hijacked from an eliminated commander stays, under its hijacker,
        // while their Marines aboard wait to move; nothing else of the loser's stays.
        let leaving = g.relocations().iter().any(|r| r.ship == i);
        if (out_of_game(x.owner) && !leaving) || out_of_game(x.controller) {
            out.push(format!(
                "#{k} {} is in play for a commander out of the game",
                g.name(i)
            ));
        }
        let ship = matches!(g.card(i).kind, CardKind::Ship(_));
        if ship && x.controller != x.owner && x.zone == Zone::Battlefield {
            let garrisoned = x.attachments.iter().any(|&m| {
                matches!(g.card(m).kind, CardKind::Marine { .. })
                    && g.instance(m).is_some_and(|y| y.controller == x.controller)
            });
            if !garrisoned {
                out.push(format!("hijacked #{k} {} has no Marine aboard", g.name(i)));
            }
        }
    }
    // §3.3.3, I-42, §9.12: an Overload Drawback is owed by a card in play; one that left play
    // comes back as a new card.
    for &i in &g.drawback_carried {
        if !g.in_play(i) {
            out.push(format!(
                "{} {i} owes an Overload Drawback out of play",
                g.name(i)
            ));
        }
    }
    liveness(g, &mut out);
    boarding_state(g, &mut out);
    out
}

/// Liveness (§6.3, §7.2): a commander out of the game never holds a decision nor waits in a
/// response window, and a game not over always has a decision.
fn liveness(g: &Game, out: &mut Vec<String>) {
    match g.decision() {
        Some(d) => {
            if g.commander(d.who).is_none_or(|c| c.out) {
                out.push(format!("{} holds a decision but is out of the game", d.who));
            }
        }
        None => {
            if g.outcome().is_none() {
                out.push("no commander holds a decision, yet the game is not over".into());
            }
        }
    }
    // I-61: a commander who left the game is never waiting in a response window.
    if let Some(w) = g.window.as_ref() {
        for &p in &w.queue {
            if g.commander(p).is_none_or(|c| c.out) {
                out.push(format!(
                    "{p} waits in a response window but is out of the game"
                ));
            }
        }
    }
}

/// §6.6 STEP 8, §6.9: the boarding action being fought has its ship and target in play
/// under the commanders who began it (`rules::boarding::settle_fight`), and the engagement's
/// commanders are both still in the game.
fn boarding_state(g: &Game, out: &mut Vec<String>) {
    let Some(e) = g.engagement() else { return };
    for p in [e.attacker, e.defender] {
        if g.commander(p).is_none_or(|c| c.out) {
            out.push(format!("the engagement goes on with {p} out of the game"));
        }
    }
    let Some(f) = e.fight.as_ref() else { return };
    for (i, who) in [(f.ship, f.boarders), (f.target, f.holders)] {
        let standing = g.in_play(i) && g.instance(i).is_some_and(|x| x.controller == who);
        if !standing {
            out.push(format!(
                "the boarding action of {} against {} goes on, but {i} {} is no longer in play for {who}",
                f.ship,
                f.target,
                g.name(i)
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::violations;
    use crate::ids::{Inst, PlayerId};
    use crate::ir::{Card, CardId, CardKind, ShipClass};
    use crate::state::{Config, Game, Zone};
    use crate::CardDb;
    use std::sync::Arc;

    fn unit(id: u32, name: &str, kind: CardKind) -> Card {
        let mut c = Card::blank(CardId(id), name, kind);
        // printed: a test card's printed attack, defense and wounds (§6.2).
        (c.attack, c.defense, c.wounds) = (Some(1), Some(5), Some(3));
        c
    }

    /// A Station and a Battle Cruiser with a Marine aboard (two commanders).
    fn board() -> (Game, Inst) {
        let mut cruiser = unit(1, "Test Cruiser", CardKind::Ship(ShipClass::BattleCruiser));
        // printed: the test ship's one Marine capacity icon (§9.4).
        cruiser.capacity.marines = 1;
        let mut marine = unit(2, "Test Marine", CardKind::Marine { character: false });
        // printed: the test Marine's one red space icon (§2.4.1).
        marine.space = 1;
        let mut station = unit(0, "Test Station", CardKind::Station);
        station.faction = Some(crate::ir::Faction::Rdf);
        let cards = vec![station, cruiser, marine];
        let db = Arc::new(CardDb::new(cards).expect("the test pool loads"));
        let mut g = Game::empty(
            db,
            vec!["Ada".into(), "Bob".into()],
            Config {
                seed: 1,
                max_turns: 10,
            },
        )
        .expect("two commanders");
        let ada = PlayerId(0);
        for who in [ada, PlayerId(1)] {
            g.place(who, CardId(0), Zone::Battlefield).expect("placed");
        }
        let ship = g.place(ada, CardId(1), Zone::Battlefield).expect("placed");
        let marine = g
            .place(ada, CardId(2), Zone::Attached(ship))
            .expect("placed");
        g.start_at(ada, 3, crate::board::StartAt::Manufacturing);
        (g, marine)
    }

    #[test]
    fn the_index_of_marines_and_wings_follows_the_zones() {
        let (mut g, marine) = board();
        assert_eq!(g.marines_and_wings, vec![marine]);
        assert!(violations(&g).is_empty(), "{:?}", violations(&g));
        g.move_to(marine, Zone::Scrapheap);
        assert!(g.marines_and_wings.is_empty());
        assert!(violations(&g).is_empty(), "{:?}", violations(&g));
    }

    #[test]
    fn a_host_over_capacity_is_a_violation_unless_it_is_marked_for_settlement() {
        let (mut g, _) = board();
        let ship = g.in_play_of(PlayerId(0)).nth(1).expect("the cruiser");
        let second = g
            .place(PlayerId(0), CardId(2), Zone::Attached(ship))
            .expect("placed");
        assert!(g.capacity_stale.marks(ship), "an attachment marks its host");
        assert!(violations(&g).is_empty(), "{:?}", violations(&g));
        g.capacity_stale.clear();
        assert_eq!(
            violations(&g),
            vec![format!(
                "{ship} {} carries more than its capacity, and it is not marked for settlement",
                g.name(ship)
            )]
        );
        // Settled, the Marine last aboard is lost (§9.4) and nothing is left to report.
        g.capacity_stale.mark(ship);
        crate::rules::manufacturing::settle_capacity(&mut g);
        assert_eq!(g.zone(second), Some(Zone::Scrapheap));
        assert!(violations(&g).is_empty(), "{:?}", violations(&g));
    }

    #[test]
    fn a_stale_index_of_cards_in_play_is_a_violation() {
        let (g, marine) = board();
        let mut stale = g.clone();
        stale.marines_and_wings.clear();
        assert_eq!(
            violations(&stale),
            vec![format!(
                "the Marines and Fighter Wings in play are [{marine}], the index says []"
            )]
        );
        let mut stale = g.clone();
        stale.statics_in_play.push(marine);
        assert_eq!(
            violations(&stale),
            vec![format!(
                "the cards in play printing a static are [], the index says [{marine}]"
            )]
        );
        let mut stale = g.clone();
        stale.statics_in_play_kinds = crate::state::Wanted::ALL;
        assert_eq!(
            violations(&stale),
            vec!["the kinds of modifier kept for the statics in play [] are not the kinds they print"
                .to_string()]
        );
        let mut stale = g;
        stale.commander_statics_in_play.push(marine);
        assert_eq!(
            violations(&stale),
            vec![format!(
                "the cards in play printing a static on commanders are [], the index says [{marine}]"
            )]
        );
    }

    #[test]
    fn the_lists_of_cards_in_play_follow_the_moves_and_are_read_only_while_fresh() {
        let (mut g, marine) = board();
        let (ada, bob) = (PlayerId(0), PlayerId(1));
        let walked = |g: &Game, who| g.walk_in_play(who).collect::<Vec<_>>();
        g.index_in_play();
        assert_eq!(g.in_play.fresh(ada), Some(&walked(&g, ada)[..]));
        let ship = g.zone(marine).and_then(|z| match z {
            Zone::Attached(h) => Some(h),
            _ => None,
        });
        let ship = ship.expect("the Marine is aboard the cruiser");
        // A second Marine joins the cruiser's run, after the first; the list stays fresh.
        let second = g
            .place(ada, CardId(2), Zone::Attached(ship))
            .expect("placed");
        let list = g
            .in_play
            .fresh(ada)
            .expect("a move keeps the list")
            .to_vec();
        assert_eq!(list, walked(&g, ada));
        assert_eq!(list[list.len() - 2..], [marine, second]);
        // The cruiser leaving play takes its whole run out of the list.
        g.move_to(ship, Zone::Scrapheap);
        let list = g
            .in_play
            .fresh(ada)
            .expect("a move keeps the list")
            .to_vec();
        assert_eq!(list, walked(&g, ada));
        assert!(![ship, marine, second].iter().any(|i| list.contains(i)));
        assert_eq!(g.in_play.fresh(bob), Some(&walked(&g, bob)[..]));
        assert!(violations(&g).is_empty(), "{:?}", violations(&g));
        // A writer that bypasses `move_to` marks every list: they are walked until rebuilt.
        g.board_changed();
        assert_eq!(g.in_play.fresh(ada), None);
        assert_eq!(g.in_play.fresh(bob), None);
        assert_eq!(g.in_play_of(ada).collect::<Vec<_>>(), walked(&g, ada));
        g.index_in_play();
        assert!(g.in_play.fresh(ada).is_some());
        // A fresh list that disagrees with the zones is reported.
        // A fork starts with its lists stale, to be rebuilt after its first choice.
        let mut stale = g.clone();
        assert_eq!(stale.in_play.fresh(ada), None);
        stale.index_in_play();
        stale.in_play.lists[0].push(marine);
        let list = stale
            .in_play
            .fresh(ada)
            .expect("still marked fresh")
            .to_vec();
        assert_eq!(
            violations(&stale),
            vec![format!(
                "Ada's cards in play are [{}], the index says [{}]",
                names(&walked(&g, ada)),
                names(&list)
            )]
        );
    }

    fn names(v: &[Inst]) -> String {
        v.iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}
