//! Content validation: every invariant of the checked IR that `CardDb` enforces, one case
//! each, checked both through `validate_card` and through `CardDb::new` (which names the card).

mod db_common;

use cardlang::db::{validate_card, CardDb, CardProblem, DbError, MAX_CARDS};
use cardlang::ir::*;
use db_common::*;

/// Sample card `index` changed by `f`, which must then be rejected with `expected`.
fn rejects(index: usize, f: impl FnOnce(&mut Card), expected: CardProblem) {
    let mut cards = sample_cards();
    f(&mut cards[index]);
    assert_eq!(
        validate_card(&cards[index]),
        Err(expected.clone()),
        "{}",
        cards[index].name
    );
    match CardDb::new(cards) {
        Err(DbError::Card {
            index: i, problem, ..
        }) => {
            assert_eq!((i, problem), (index, expected));
        }
        other => panic!("expected a card problem, got {other:?}"),
    }
}

fn not_allowed(kind: &str, what: &'static str) -> CardProblem {
    CardProblem::NotAllowed {
        kind: kind.into(),
        what,
    }
}

fn range(what: &'static str, value: u8, min: u8, max: u8) -> CardProblem {
    CardProblem::OutOfRange {
        what,
        value,
        min,
        max,
    }
}

fn missing(kind: &str, what: &'static str) -> CardProblem {
    CardProblem::Missing {
        kind: kind.into(),
        what,
    }
}

// Sample indices (db_common::sample_cards).
const STATION: usize = 0;
const MODULE_STATION: usize = 1;
const MODULE_SHIP: usize = 2;
const MODULE_MARINE: usize = 3;
const FIGHTER_WING: usize = 4;
const CRUISER: usize = 7;
const TRANSPORT: usize = 9;
const CAPITAL: usize = 11;
const MARINE: usize = 12;
const CHARACTER: usize = 13;
const EVENT: usize = 14;
const TACTIC: usize = 15;
const BREAKTHRU: usize = 16;
const STOCKPILE: usize = 17;

#[test]
fn every_sample_card_is_valid() {
    for c in sample_cards() {
        assert_eq!(validate_card(&c), Ok(()), "{}", c.name);
    }
}

#[test]
fn names() {
    rejects(EVENT, |c| c.name.clear(), CardProblem::EmptyName);
    rejects(
        EVENT,
        |c| c.name = "é".repeat(81),
        CardProblem::NameTooLong { len: 81 },
    );
    // The limit counts characters, not bytes: 80 two-byte characters are fine.
    let mut long = sample_cards()[EVENT].clone();
    long.name = "é".repeat(80);
    assert_eq!(validate_card(&long), Ok(()));
    rejects(
        EVENT,
        |c| c.name = " Padded".into(),
        CardProblem::NameWhitespace,
    );
    rejects(
        EVENT,
        |c| c.name = "Tab\tbed".into(),
        CardProblem::NameControl,
    );
    let mut cards = sample_cards();
    cards[TACTIC].name = cards[EVENT].name.clone();
    let err = CardDb::new(cards).unwrap_err();
    assert!(
        matches!(
            err,
            DbError::Card {
                index: TACTIC,
                problem: CardProblem::DuplicateName { first: 14 },
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "card #15 \"An Unexpected Turn of Events\": the name is already used by card #14"
    );
}

#[test]
fn ids_must_equal_positions() {
    let mut cards = sample_cards();
    cards.swap(3, 4);
    let err = CardDb::new(cards).unwrap_err();
    assert!(
        matches!(
            err,
            DbError::Card {
                index: 3,
                problem: CardProblem::IdNotIndex { id: 4, index: 3 },
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn text_length() {
    rejects(
        EVENT,
        |c| c.text = "x".repeat(4097),
        CardProblem::TextTooLong {
            field: "rules text",
            len: 4097,
        },
    );
    rejects(
        EVENT,
        |c| c.flavour = "x".repeat(5000),
        CardProblem::TextTooLong {
            field: "flavour text",
            len: 5000,
        },
    );
}

#[test]
fn costs_and_income() {
    let paid = Amount {
        resource: 1,
        currency: 0,
    };
    rejects(
        STATION,
        |c| c.cost = paid,
        not_allowed("Station", "a deployment cost"),
    );
    rejects(
        STOCKPILE,
        |c| c.cost = paid,
        not_allowed("Resource Stockpile", "a deployment cost"),
    );
    rejects(
        BREAKTHRU,
        |c| c.cost = paid,
        not_allowed("Breakthru", "a deployment cost"),
    );
    rejects(
        CRUISER,
        |c| c.income = paid,
        not_allowed("Ship - Cruiser", "income"),
    );
    rejects(
        MODULE_SHIP,
        |c| c.income = paid,
        not_allowed("Module-Ship", "income"),
    );
    rejects(
        CRUISER,
        |c| c.cost.currency = 21,
        range("Currency cost", 21, 0, 20),
    );
    rejects(
        STATION,
        |c| c.income.resource = 21,
        range("Resource income", 21, 0, 20),
    );
    // Transports, Stations and Module-Stations may have income (§4.5).
    for i in [STATION, MODULE_STATION, TRANSPORT] {
        let mut c = sample_cards()[i].clone();
        c.income = paid;
        assert_eq!(validate_card(&c), Ok(()), "{}", c.name);
    }
}

#[test]
fn printed_stats() {
    rejects(
        CRUISER,
        |c| c.attack = None,
        missing("Ship - Cruiser", "attack"),
    );
    rejects(STATION, |c| c.wounds = None, missing("Station", "wounds"));
    rejects(
        MODULE_STATION,
        |c| c.wounds = None,
        missing("Module-Station", "wounds"),
    );
    rejects(CRUISER, |c| c.wounds = Some(0), range("wounds", 0, 1, 20));
    rejects(
        MODULE_STATION,
        |c| c.wounds = Some(0),
        range("wounds", 0, 1, 20),
    );
    // Module-Ship and Module-Marine bonuses are optional, wounds included, and may be 0.
    let mut module = sample_cards()[MODULE_SHIP].clone();
    module.wounds = Some(0);
    assert_eq!(validate_card(&module), Ok(()));
    rejects(
        EVENT,
        |c| c.defense = Some(1),
        not_allowed("Event", "defense"),
    );
    rejects(
        MARINE,
        |c| c.defense = Some(21),
        CardProblem::OutOfRange {
            what: "defense",
            value: 21,
            min: 0,
            max: 20,
        },
    );
    rejects(
        MODULE_MARINE,
        |c| c.attack = Some(200),
        CardProblem::OutOfRange {
            what: "attack",
            value: 200,
            min: 0,
            max: 20,
        },
    );
}

#[test]
fn capacity_and_space() {
    rejects(
        FIGHTER_WING,
        |c| c.capacity.marines = 1,
        CardProblem::FighterWingCarriesMarines,
    );
    rejects(
        MARINE,
        |c| c.capacity.wings = 1,
        not_allowed("Marine", "Marine or Fighter Wing capacity"),
    );
    rejects(
        CRUISER,
        |c| c.capacity.marines = 11,
        range("Marine capacity", 11, 0, 10),
    );
    rejects(
        MARINE,
        |c| c.space = 0,
        CardProblem::OutOfRange {
            what: "space",
            value: 0,
            min: 1,
            max: 10,
        },
    );
    rejects(
        FIGHTER_WING,
        |c| c.space = 11,
        CardProblem::OutOfRange {
            what: "space",
            value: 11,
            min: 1,
            max: 10,
        },
    );
    // Characters ignore space (§2.4.2).
    rejects(
        CHARACTER,
        |c| c.space = 1,
        not_allowed("Marine-Character", "space"),
    );
    rejects(
        CRUISER,
        |c| c.space = 1,
        not_allowed("Ship - Cruiser", "space"),
    );
}

#[test]
fn factions_and_prototypes() {
    rejects(
        STATION,
        |c| c.faction = None,
        missing("Station", "a faction"),
    );
    rejects(
        STATION,
        |c| c.restricted = true,
        CardProblem::RestrictedStation,
    );
    rejects(
        TACTIC,
        |c| c.faction = None,
        CardProblem::RestrictedWithoutFaction,
    );
    rejects(
        STOCKPILE,
        |c| c.faction = Some(Faction::Rdf),
        not_allowed("Resource Stockpile", "a faction"),
    );
    rejects(
        STATION,
        |c| c.prototype = true,
        not_allowed("Station", "the prototype mark"),
    );
}

#[test]
fn size_restrictions() {
    rejects(
        CRUISER,
        |c| c.fits = Some(SizeRestriction::AtMost(ShipClass::Cruiser)),
        not_allowed("Ship - Cruiser", "a size restriction"),
    );
    rejects(
        MARINE,
        |c| c.fits = Some(SizeRestriction::Classes(vec![])),
        CardProblem::FitsEmpty,
    );
    rejects(
        MARINE,
        |c| {
            c.fits = Some(SizeRestriction::Classes(vec![
                ShipClass::Frigate,
                ShipClass::Frigate,
            ]))
        },
        CardProblem::FitsDuplicate {
            class: ShipClass::Frigate,
        },
    );
    rejects(
        MODULE_SHIP,
        |c| c.fits = Some(SizeRestriction::SmallerThan(ShipClass::FighterWing)),
        CardProblem::FitsAdmitsNothing {
            fits: "smaller than Fighter Wing".into(),
        },
    );
    rejects(
        CHARACTER,
        |c| c.fits = Some(SizeRestriction::LargerThan(ShipClass::CapitalShip)),
        CardProblem::FitsAdmitsNothing {
            fits: "larger than Capital Ship".into(),
        },
    );
}

#[test]
fn traits() {
    rejects(
        EVENT,
        |c| c.traits = vec![Trait::Stealth],
        not_allowed("Event", "traits"),
    );
    rejects(
        CRUISER,
        |c| c.traits = vec![Trait::Jammer(1), Trait::Hunter, Trait::Jammer(2)],
        CardProblem::DuplicateTrait {
            name: TraitName::Jammer,
        },
    );
    rejects(
        CRUISER,
        |c| c.traits = vec![Trait::Repair(0)],
        range("Repair", 0, 1, 10),
    );
    rejects(
        CRUISER,
        |c| c.traits = vec![Trait::Interceptor(11)],
        range("Interceptor", 11, 1, 10),
    );
    rejects(
        STATION,
        |c| {
            c.traits = vec![Trait::Regimented {
                unit: RegimentUnit::Marine,
                count: 0,
            }]
        },
        CardProblem::OutOfRange {
            what: "Regimented count",
            value: 0,
            min: 1,
            max: 10,
        },
    );
    rejects(
        CAPITAL,
        |c| c.traits.retain(|t| *t != Trait::Unique),
        CardProblem::CapitalShipNotUnique,
    );
    rejects(
        CRUISER,
        |c| c.traits = vec![Trait::FaceUpFaceDown],
        CardProblem::FaceDownNotModuleShip,
    );
}

#[test]
fn too_many_cards() {
    let cards: Vec<Card> = (0..=MAX_CARDS as u32)
        .map(|i| card(i, &format!("Event {i}"), CardKind::Event))
        .collect();
    let err = CardDb::new(cards).unwrap_err();
    assert!(
        matches!(err, DbError::TooManyCards { count, max: MAX_CARDS } if count == MAX_CARDS + 1),
        "{err:?}"
    );
}

/// Golden-Rule overrides (§8.1): the loader refuses what the compiler refuses — a value the
/// rule does not admit, a scope the card cannot reach — through the same `ir::rules` checks.
#[test]
fn overrides() {
    use cardlang::ir::effect::{Ability, OverrideScope};
    let ov = |rule, value, scope| Ability::Override { rule, value, scope };
    let board = RuleValue::Flag(true);
    let cruiser = sample_cards()[CRUISER].kind;
    let problem = BaseRule::StationMarinesBoard
        .check_scope(cruiser, OverrideScope::This, board)
        .unwrap_err();
    assert!(problem.message.contains("is about a Station"), "{problem}");
    rejects(
        CRUISER,
        |c| {
            c.abilities = vec![ov(
                BaseRule::StationMarinesBoard,
                board,
                OverrideScope::This,
            )]
        },
        CardProblem::Override {
            rule: BaseRule::StationMarinesBoard,
            problem,
        },
    );
    // A Module-Ship is never attached to a Station (§2.3).
    let module_ship = sample_cards()[MODULE_SHIP].kind;
    rejects(
        MODULE_SHIP,
        |c| {
            c.abilities = vec![ov(
                BaseRule::StationMarinesBoard,
                board,
                OverrideScope::Host,
            )]
        },
        CardProblem::Override {
            rule: BaseRule::StationMarinesBoard,
            problem: BaseRule::StationMarinesBoard
                .check_scope(module_ship, OverrideScope::Host, board)
                .unwrap_err(),
        },
    );
    // A hand of 0 is refused; a Stockpile cap of 25 is what raising the cap is for (§9.27).
    let zero = RuleValue::Count(0);
    rejects(
        STATION,
        |c| c.abilities = vec![ov(BaseRule::HandSize, zero, OverrideScope::You)],
        CardProblem::Override {
            rule: BaseRule::HandSize,
            problem: BaseRule::HandSize.check_value(zero).unwrap_err(),
        },
    );
    let mut station = sample_cards()[STATION].clone();
    station.abilities = vec![ov(
        BaseRule::StockpileCap,
        RuleValue::Count(25),
        OverrideScope::You,
    )];
    assert_eq!(validate_card(&station), Ok(()));
}
