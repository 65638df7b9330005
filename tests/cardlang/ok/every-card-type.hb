# One card of every type, with the fields each type takes (docs/cardlang.md).

Station "Fort Resolute" {
    faction: Colonial
    income: 2R 2C
    attack: 4
    defense: 8
    wounds: 10
    carries: 3 Marines, 2 Wings
    traits: Repair +1
}

Module-Station "Orbital Foundry" {
    cost: 3R
    income: 1R
    wounds: 3
    defense: +1
}

Module-Ship "Battle Seasoned Crew" {
    cost: 2C
    attack: +1
    traits: Fearless
}

Module-Ship "Hidden Reactor" {
    cost: 0
    fits: Battle Cruiser or larger
    traits: Face Up-Face Down, Unique
    flip when host is boarded: deal 2 compulsory wounds to each opposing Marine aboard host
}

Module-Marine "Proven in Action" {
    cost: 1R 1C
    attack: +2
    defense: +1
    wounds: +1
}

Marine "Military Police Company" {
    faction: Colonial
    cost: 1R 1C
    attack: 3
    defense: 5
    wounds: 2
    space: 2
    fits: Cruiser or larger
    traits: Interceptor +1
}

Marine-Character "Sergeant Vale" {
    cost: 2R 3C
    attack: 6
    defense: 6
    wounds: 3
    fits: larger than Frigate
    traits: Stoic, Unique
}

Event "An Unexpected Turn of Events" {
    cost: 1C
    prototype
    flavour: "Two lines:\nthe second one, with a \\ backslash."
}

Tactic "Pincer Manoeuvre" {
    faction: Corporate only
    cost: 2C
    flavour: "They never saw the \"other\" fleet."
}

Breakthru "Quantum Sensors" {
    cost: 0
}

Resource-Stockpile "Resource Stockpile" {
}

Currency-Stockpile "Currency Stockpile" {
    flavour: "Credits, chits and favours."
}
