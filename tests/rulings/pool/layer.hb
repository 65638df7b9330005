# Cards for the effective-characteristics layer (rules::stats) and the #11 findings: granted
# traits seen by filters and rules, capacity from card text, Stoic Marines and chains, Marine
# Interceptors against a Jammer, cards destroyed with their host, replaced Modules.

Marine "Last Stand Marines" {
    cost: 1R 1C
    attack: 2
    defense: 5
    wounds: 1
    space: 1
    traits: Stoic
}

Marine "Signal Jammer Squad" {
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 2
    space: 1
    traits: Jammer +1
}

Marine "Frigate Raiders" {
    cost: 1R 1C
    attack: 2
    defense: 5
    wounds: 2
    space: 1
    fits: Cruiser or smaller
}

Ship "Martyr-class Cruiser" {
    class: Cruiser
    cost: 3R 3C
    attack: 2
    defense: 5
    wounds: 1
    carries: 1 Marine
    traits: Stoic
}

Module-Ship "Stealth Plating" {
    cost: 1R 1C
    text: "The attached ship gains Stealth."
    static: host gains Stealth
}

Module-Ship "Repair Drones" {
    cost: 1R 1C
    text: "The attached ship gains Repair +1."
    static: host gains Repair +1
}

Module-Ship "Troop Bay" {
    cost: 1R 1C
    text: "The attached ship gets +1 Marine capacity."
    static: host gets +1 marine capacity
}

Module-Ship "Black Box Recorder" {
    cost: 1R 1C
    text: "When this Module is destroyed, its commander gains 2C."
    when destroyed: gain 2C
}

Module-Station "Expansion Charter" {
    cost: 1R 1C
    wounds: 2
    text: "Your Station may attach five Module-Stations."
    override station-module-limit = 5 for host
}

Module-Station "Salvage Office" {
    cost: 1R 1C
    wounds: 2
    text: "When this Module is destroyed, its commander gains 2R."
    when destroyed: gain 2R
}

Event "Cloak Breaker" {
    cost: 1C
    text: "Deal 1 compulsory wound to target opposing ship with Stealth."
    play: deal 1 compulsory wound to target opposing ship with Stealth
}
