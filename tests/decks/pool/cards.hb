# Modules, Events, Tactics and Breakthrus of the deck-validation fixture pool.

Module-Ship "Armour Plating" {
    cost: 1R 1C
    defense: +1
}

Module-Marine "Combat Stims" {
    cost: 1C
    attack: +1
}

Event "Solar Flare" {
    cost: 1R 1C
}

Tactic "Flanking Run" {
    cost: 1C
}

Breakthru "Quantum Relay" {
    cost: 0
}

Event "Supply Run" {
    cost: 1R
}

Tactic "Feint" {
    cost: 1C
}
