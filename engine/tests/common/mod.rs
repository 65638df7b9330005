//! Hand-made cards and decks for engine tests (independent of the bundled pool).

#![allow(dead_code)]

use engine::ir::*;
use engine::{CardDb, Config, Game};
use std::sync::Arc;

fn base(id: u32, name: &str, kind: CardKind) -> Card {
    Card::blank(CardId(id), name, kind)
}

fn amt(r: u8, c: u8) -> Amount {
    Amount {
        resource: r,
        currency: c,
    }
}

fn unit(mut c: Card, cost: Amount, a: u8, d: u8, w: u8) -> Card {
    c.cost = cost;
    c.attack = Some(a);
    c.defense = Some(d);
    c.wounds = Some(w);
    c
}

/// A small pool exercising every printed attribute the engine reads.
pub fn pool() -> Vec<Card> {
    let mut v = Vec::new();
    let mut station = unit(
        base(0, "Test Station", CardKind::Station),
        amt(0, 0),
        3,
        7,
        10,
    );
    station.income = amt(3, 2);
    station.capacity = Capacity {
        marines: 2,
        wings: 2,
    };
    station.faction = Some(Faction::Rdf);
    v.push(station);
    for (id, name, inc) in [
        (1, "Refinery Module", amt(1, 0)),
        (2, "Bank Module", amt(0, 1)),
        (3, "Shield Module", amt(0, 0)),
        (4, "Hangar Module", amt(0, 0)),
    ] {
        let mut m = base(id, name, CardKind::Module(ModuleKind::Station));
        m.cost = amt(2, 2);
        m.income = inc;
        m.wounds = Some(3);
        if id == 4 {
            m.capacity = Capacity {
                marines: 1,
                wings: 1,
            };
        }
        v.push(m);
    }
    v.push(base(
        5,
        "Resource Stockpile",
        CardKind::Stockpile(StockpileKind::Resource),
    ));
    v.push(base(
        6,
        "Currency Stockpile",
        CardKind::Stockpile(StockpileKind::Currency),
    ));
    let mut frig = unit(
        base(7, "Merlin Frigate", CardKind::Ship(ShipClass::Frigate)),
        amt(2, 1),
        1,
        5,
        2,
    );
    frig.capacity = Capacity {
        marines: 1,
        wings: 0,
    };
    frig.traits = vec![Trait::Escort];
    v.push(frig);
    let mut cru = unit(
        base(8, "Cockatrice Cruiser", CardKind::Ship(ShipClass::Cruiser)),
        amt(4, 3),
        3,
        6,
        3,
    );
    cru.capacity = Capacity {
        marines: 1,
        wings: 1,
    };
    v.push(cru);
    let mut bs = unit(
        base(
            9,
            "Griffin Battleship",
            CardKind::Ship(ShipClass::Battleship),
        ),
        amt(8, 6),
        5,
        7,
        5,
    );
    bs.capacity = Capacity {
        marines: 2,
        wings: 1,
    };
    bs.traits = vec![Trait::Regimented {
        unit: RegimentUnit::Marine,
        count: 2,
    }];
    v.push(bs);
    let mut fw = unit(
        base(10, "Zephyr Wing", CardKind::Ship(ShipClass::FighterWing)),
        amt(1, 1),
        1,
        5,
        1,
    );
    fw.space = 1;
    fw.traits = vec![Trait::Interceptor(2)];
    v.push(fw);
    let mut tr = unit(
        base(11, "Mule Transport", CardKind::Ship(ShipClass::Transport)),
        amt(3, 2),
        0,
        4,
        3,
    );
    tr.income = amt(1, 1);
    tr.capacity = Capacity {
        marines: 1,
        wings: 0,
    };
    v.push(tr);
    let mut cap = unit(
        base(
            12,
            "Phoenix Capital",
            CardKind::Ship(ShipClass::CapitalShip),
        ),
        amt(12, 10),
        8,
        8,
        8,
    );
    cap.capacity = Capacity {
        marines: 3,
        wings: 2,
    };
    cap.traits = vec![Trait::Unique, Trait::Repair(2)];
    v.push(cap);
    let mut mar = unit(
        base(13, "Military Police", CardKind::Marine { character: false }),
        amt(1, 1),
        2,
        5,
        2,
    );
    mar.space = 1;
    v.push(mar);
    let mut heavy = unit(
        base(14, "Heavy Marines", CardKind::Marine { character: false }),
        amt(2, 2),
        3,
        6,
        3,
    );
    heavy.space = 2;
    heavy.fits = Some(SizeRestriction::LargerThan(ShipClass::Cruiser));
    v.push(heavy);
    let chr = unit(
        base(15, "Colonel Vance", CardKind::Marine { character: true }),
        amt(2, 3),
        3,
        6,
        3,
    );
    let mut chr = chr;
    chr.traits = vec![Trait::Unique];
    v.push(chr);
    let mut ms = base(16, "Armor Plating", CardKind::Module(ModuleKind::Ship));
    ms.cost = amt(2, 1);
    v.push(ms);
    let mut fd = base(17, "Hidden Battery", CardKind::Module(ModuleKind::Ship));
    fd.cost = amt(3, 3);
    fd.traits = vec![Trait::FaceUpFaceDown];
    v.push(fd);
    let mut mm = base(18, "Proven in Action", CardKind::Module(ModuleKind::Marine));
    mm.cost = amt(1, 1);
    v.push(mm);
    let mut ev = base(19, "Supply Drop", CardKind::Event);
    ev.cost = amt(1, 0);
    v.push(ev);
    let mut ev2 = base(20, "Early Warning", CardKind::Event);
    ev2.cost = amt(0, 1);
    v.push(ev2);
    let mut tac = base(21, "Flank Maneuver", CardKind::Tactic);
    tac.cost = amt(1, 1);
    v.push(tac);
    v.push(base(22, "Quantum Drive", CardKind::Breakthru));
    // Combat traits (§3).
    let mut ship = |id: u32, name: &str, class: ShipClass, adw: (u8, u8, u8), m: u8, traits| {
        let mut c = unit(
            base(id, name, CardKind::Ship(class)),
            amt(3, 2),
            adw.0,
            adw.1,
            adw.2,
        );
        c.capacity = Capacity {
            marines: m,
            wings: 0,
        };
        c.traits = traits;
        v.push(c);
    };
    ship(
        23,
        "Raven Destroyer",
        ShipClass::Destroyer,
        (3, 6, 3),
        1,
        vec![Trait::Hunter, Trait::AlphaStrike],
    );
    ship(
        24,
        "Shade Cruiser",
        ShipClass::Cruiser,
        (3, 3, 3),
        1,
        vec![Trait::Stealth, Trait::Stoic],
    );
    ship(
        25,
        "Hammer Battleship",
        ShipClass::Battleship,
        (4, 6, 5),
        2,
        vec![Trait::Annihilate, Trait::Overload(4), Trait::Fearless],
    );
    ship(
        26,
        "Spook Cruiser",
        ShipClass::Cruiser,
        (2, 6, 3),
        1,
        vec![Trait::Jammer(2), Trait::TargetPainter(2), Trait::Resistant],
    );
    let mut guard = unit(
        base(27, "Guard Marines", CardKind::Marine { character: false }),
        amt(1, 1),
        2,
        5,
        2,
    );
    guard.space = 1;
    guard.traits = vec![Trait::Interceptor(1)];
    v.push(guard);
    v
}

pub fn catalog() -> Arc<CardDb> {
    Arc::new(CardDb::new(pool()).expect("the test pool is a valid card database"))
}

/// A 55-card deck over the test pool.
pub fn deck() -> Vec<CardId> {
    let mut d = vec![0, 1, 2, 3, 4, 5, 6];
    let fill = [
        7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 7, 8, 10,
        13, 23, 24, 25, 26, 27, 13, 10, 27,
    ];
    let mut k = 0;
    while d.len() < 55 {
        d.push(fill[k % fill.len()]);
        k += 1;
    }
    d.into_iter().map(CardId).collect()
}

pub fn new_game(seed: u64, commanders: usize, max_turns: u32) -> Game {
    let decks = (0..commanders).map(|k| (format!("C{k}"), deck())).collect();
    Game::new(catalog(), decks, Config { seed, max_turns }).expect("test decks are valid")
}
