# Fixture pool for ruling tests (tests/rulings/*.ruling). Kept apart from the bundled pool so
# ruling snapshots do not move when cards/ changes. Each card exists to exercise a rule.

Station "Test Station" {
    faction: RDF
    income: 3R 2C
    attack: 3
    defense: 7
    wounds: 10
    carries: 2 Marines, 2 Wings
}

Station "Repair Yard Station" {
    faction: RDF
    income: 2R 2C
    attack: 2
    defense: 6
    wounds: 10
    carries: 1 Marine
    traits: Repair +1
}

Station "Carrier Station" {
    faction: RDF
    income: 2R 2C
    attack: 2
    defense: 6
    wounds: 10
    carries: 1 Marine, 2 Wings
    traits: Regimented Wing x2
}

Module-Station "Refinery Module" {
    cost: 2R 2C
    income: 1R
    wounds: 3
}

Module-Station "Bank Module" {
    cost: 2R 2C
    income: 1C
    wounds: 3
}

Module-Station "Shield Module" {
    cost: 2R 1C
    defense: +1
    wounds: 3
}

Module-Station "Turret Module" {
    cost: 3R 1C
    attack: +1
    wounds: 3
}

Module-Station "Sensor Module" {
    cost: 1R 1C
    wounds: 2
}

Resource-Stockpile "Resource Stockpile" {
}
Currency-Stockpile "Currency Stockpile" {
}

Ship "Zephyr Fighter Wing" {
    class: Fighter Wing
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 1
    space: 1
    traits: Interceptor +2
}

Ship "Sparrow Fighter Wing" {
    class: Fighter Wing
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 1
    space: 1
}

Ship "Merlin-class Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Escort
}

Ship "Seagull-class Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 3
    defense: 6
    wounds: 3
    carries: 1 Marine, 1 Wing
    traits: Target Painter +3
}

Ship "Eagle-class Battle Cruiser" {
    class: Battle Cruiser
    cost: 6R 4C
    attack: 4
    defense: 6
    wounds: 4
    carries: 1 Marine, 1 Wing
    text: "Ships in your fleet gain Interceptor +1."
    static: ships in your fleet gain Interceptor +1
}

Ship "Albatross-class Transport" {
    class: Transport
    cost: 4R 2C
    income: 1R 1C
    attack: 0
    defense: 4
    wounds: 3
    carries: 2 Marines
}

Ship "Griffin-class Battleship" {
    class: Battleship
    cost: 8R 6C
    attack: 5
    defense: 7
    wounds: 5
    carries: 2 Marines, 1 Wing
    traits: Regimented Marine x2
}

Ship "Phoenix-class Capital Ship" {
    class: Capital Ship
    cost: 10R 8C
    attack: 8
    defense: 8
    wounds: 8
    carries: 3 Marines, 2 Wings
    traits: Unique, Repair +2
}

Marine "Military Police Company" {
    cost: 1R 1C
    attack: 2
    defense: 5
    wounds: 2
}

Marine "Orbital Drop Battalion" {
    cost: 2R 2C
    attack: 3
    defense: 6
    wounds: 3
    space: 2
    fits: larger than Cruiser
}

Marine-Character "Colonel Vance" {
    cost: 2R 3C
    attack: 3
    defense: 6
    wounds: 3
    traits: Unique
}

Module-Ship "Reinforced Bulkheads" {
    cost: 2R 1C
    defense: +1
}

Module-Ship "Heavy Railgun Battery" {
    cost: 3R 2C
    attack: +2
    fits: Cruiser or larger
}

Module-Ship "Fleet Command Uplink" {
    cost: 0
    traits: Face Up-Face Down
}

Module-Marine "Proven in Action" {
    cost: 1R 1C
    attack: +1
}

Event "Supply Convoy" {
    cost: 1R
}

Event "Intelligence Briefing" {
    cost: 1C
}

Tactic "Focused Volley" {
    cost: 1R 1C
}

Breakthru "Advanced Fire Control" {
    cost: 0
}

# Engagement fixtures (§3, §6): the rulebook's worked examples and one ship per trait.

Ship "Dragon-class Battleship" {
    class: Battleship
    cost: 8R 6C
    attack: 4
    defense: 7
    wounds: 5
    carries: 2 Marines
}

Ship "Cockatrice-class Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 3
    defense: 6
    wounds: 3
    carries: 1 Marine
}

Ship "Roc-class Battleship" {
    class: Battleship
    cost: 8R 6C
    attack: 5
    defense: 7
    wounds: 5
    carries: 2 Marines
}

Ship "Wraith-class Cruiser" {
    class: Cruiser
    cost: 5R 4C
    attack: 3
    defense: 8
    wounds: 3
    carries: 1 Marine
    traits: Stealth
}

Ship "Osprey-class Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Target Painter +4
}

Ship "Basilisk-class Destroyer" {
    class: Destroyer
    cost: 3R 2C
    attack: 2
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Hunter
}

Ship "Hawk-class Destroyer" {
    class: Destroyer
    cost: 3R 2C
    attack: 2
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Alpha Strike
}

Ship "Kraken-class Battleship" {
    class: Battleship
    cost: 8R 6C
    attack: 3
    defense: 7
    wounds: 5
    carries: 2 Marines
    traits: Annihilate
}

Ship "Bastion-class Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 2
    defense: 6
    wounds: 5
    carries: 1 Marine
    traits: Resistant
}

Ship "Raven-class Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 2
    defense: 6
    wounds: 2
    carries: 1 Marine, 1 Wing
    traits: Stoic
}

Ship "Manticore-class Battleship" {
    class: Battleship
    cost: 8R 6C
    attack: 2
    defense: 8
    wounds: 5
    carries: 2 Marines
    traits: Overload +4, Fearless
}

Ship "Magpie-class Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Jammer +2
}

Marine "Sentinel Marines" {
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 2
    traits: Interceptor +1
}
