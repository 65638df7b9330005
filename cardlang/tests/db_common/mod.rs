//! Hand-made cards shared by the `db_*` tests: one of every card type (§2.1) and most traits
//! (§3), so a round trip exercises every variant of the IR.
#![allow(dead_code)]

use cardlang::db::CardDb;
use cardlang::ir::*;

/// A card with nothing printed but its name and type; callers fill in what the type needs.
pub fn card(id: u32, name: &str, kind: CardKind) -> Card {
    Card::blank(CardId(id), name, kind)
}

fn amount(resource: u8, currency: u8) -> Amount {
    Amount { resource, currency }
}

fn unit(mut c: Card, attack: u8, defense: u8, wounds: u8) -> Card {
    c.attack = Some(attack);
    c.defense = Some(defense);
    c.wounds = Some(wounds);
    c
}

fn ship(id: u32, name: &str, class: ShipClass, cost: Amount, traits: Vec<Trait>) -> Card {
    let mut c = unit(card(id, name, CardKind::Ship(class)), 3, 5, 3);
    c.cost = cost;
    c.traits = traits;
    c.capacity.marines = u8::from(class != ShipClass::FighterWing);
    if class == ShipClass::FighterWing {
        c.space = 1;
    }
    c
}

/// Nineteen cards: every `CardKind` (every Module, Ship and Stockpile subtype, both Marines)
/// and every trait.
pub fn sample_cards() -> Vec<Card> {
    use ShipClass::*;
    let mut cards = Vec::new();

    let mut station = unit(card(0, "Bastion Prime", CardKind::Station), 4, 7, 10);
    station.faction = Some(Faction::Rdf);
    station.income = amount(2, 1);
    station.capacity = Capacity {
        marines: 2,
        wings: 2,
    };
    station.traits = vec![
        Trait::Interceptor(2),
        Trait::Regimented {
            unit: RegimentUnit::Wing,
            count: 1,
        },
    ];
    station.text = "Your Module-Station cards cost 1R less.".into();
    station.flavour = "Home, such as it is.".into();
    cards.push(station);

    let mut refinery = card(1, "Orbital Refinery", CardKind::Module(ModuleKind::Station));
    refinery.cost = amount(3, 0);
    refinery.income = amount(1, 0);
    refinery.wounds = Some(3);
    refinery.defense = Some(1);
    cards.push(refinery);

    let mut cloak = card(2, "Cloaking Field", CardKind::Module(ModuleKind::Ship));
    cloak.fits = Some(SizeRestriction::AtLeast(BattleCruiser));
    cloak.traits = vec![Trait::FaceUpFaceDown];
    cloak.text = "Flip when this ship is targeted: it gains Stealth.".into();
    cards.push(cloak);

    let mut proven = card(3, "Proven in Action", CardKind::Module(ModuleKind::Marine));
    proven.cost = amount(0, 1);
    proven.attack = Some(1);
    cards.push(proven);

    cards.push(ship(
        4,
        "Zephyr Fighter Wing",
        FighterWing,
        amount(1, 1),
        vec![Trait::Interceptor(2)],
    ));
    cards.push(ship(
        5,
        "Merlin-class Frigate",
        Frigate,
        amount(2, 1),
        vec![Trait::Escort],
    ));
    cards.push(ship(
        6,
        "Crow-class Destroyer",
        Destroyer,
        amount(3, 2),
        vec![Trait::Hunter, Trait::Fearless],
    ));
    cards.push(ship(
        7,
        "Seagull-class Cruiser",
        Cruiser,
        amount(4, 2),
        vec![Trait::TargetPainter(3)],
    ));
    cards.push(ship(
        8,
        "Eagle-class Battle Cruiser",
        BattleCruiser,
        amount(5, 3),
        vec![Trait::Jammer(1)],
    ));
    let mut mule = ship(
        9,
        "Mule-class Transport",
        Transport,
        amount(3, 3),
        vec![Trait::Repair(1)],
    );
    mule.income = amount(2, 2);
    cards.push(mule);
    let mut griffin = ship(
        10,
        "Griffin-class Battleship",
        Battleship,
        amount(8, 6),
        vec![
            Trait::Regimented {
                unit: RegimentUnit::Marine,
                count: 2,
            },
            Trait::Overload(3),
        ],
    );
    griffin.capacity = Capacity {
        marines: 2,
        wings: 1,
    };
    griffin.faction = Some(Faction::Rdf);
    cards.push(griffin);
    cards.push(ship(
        11,
        "Leviathan",
        CapitalShip,
        amount(12, 10),
        vec![
            Trait::Unique,
            Trait::AlphaStrike,
            Trait::Annihilate,
            Trait::Stoic,
        ],
    ));

    let mut mps = unit(
        card(
            12,
            "Military Police Company",
            CardKind::Marine { character: false },
        ),
        2,
        4,
        2,
    );
    mps.space = 1;
    mps.cost = amount(1, 1);
    mps.fits = Some(SizeRestriction::Classes(vec![Cruiser, Battleship]));
    mps.traits = vec![Trait::Resistant];
    cards.push(mps);

    let mut vasquez = unit(
        card(
            13,
            "Commander Vasquez",
            CardKind::Marine { character: true },
        ),
        1,
        6,
        2,
    );
    vasquez.cost = amount(2, 2);
    vasquez.traits = vec![Trait::Unique, Trait::Stealth];
    vasquez.fits = Some(SizeRestriction::SmallerThan(CapitalShip));
    cards.push(vasquez);

    let mut event = card(14, "An Unexpected Turn of Events", CardKind::Event);
    event.cost = amount(1, 0);
    event.text = "Draw two cards.\nThen discard one.".into();
    cards.push(event);

    let mut tactic = card(15, "Flank Maneuver", CardKind::Tactic);
    tactic.faction = Some(Faction::Colonial);
    tactic.restricted = true;
    cards.push(tactic);

    let mut breakthru = card(16, "Quantum Sensors", CardKind::Breakthru);
    breakthru.prototype = true;
    breakthru.faction = Some(Faction::Corporate);
    cards.push(breakthru);

    cards.push(card(
        17,
        "Resource Stockpile",
        CardKind::Stockpile(StockpileKind::Resource),
    ));
    cards.push(card(
        18,
        "Currency Stockpile",
        CardKind::Stockpile(StockpileKind::Currency),
    ));
    cards
}

pub fn sample_db() -> CardDb {
    match CardDb::new(sample_cards()) {
        Ok(db) => db,
        Err(e) => panic!("the sample cards are valid, but: {e}"),
    }
}

/// Frames `payload` as the documented layout (docs/database.md) with a correct checksum,
/// written independently of `cardlang::db` so the tests check the documented format.
pub fn frame(version: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(b"HBCARDDB");
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    let mut h = crc32fast::Hasher::new();
    h.update(&out);
    h.update(payload);
    out.extend_from_slice(&h.finalize().to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// The payload of a database file (everything after the 24-byte header).
pub fn payload(bytes: &[u8]) -> Vec<u8> {
    bytes[24..].to_vec()
}

/// Position of `needle` in `haystack`; panics (a test bug) if absent.
pub fn find(haystack: &[u8], needle: &[u8]) -> usize {
    match haystack.windows(needle.len()).position(|w| w == needle) {
        Some(p) => p,
        None => panic!("{:?} not found", String::from_utf8_lossy(needle)),
    }
}
