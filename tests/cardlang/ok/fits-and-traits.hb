# Every size-restriction form and every trait spelling the language accepts.

Module-Ship "Spinal Lance" {
    cost: 3R 1C
    attack: +2
    fits: larger than Cruiser
}

Module-Ship "Point Defense Grid" {
    cost: 2R
    defense: +1
    fits: smaller than Battleship
    traits: Interceptor +1
}

Module-Ship "Escort Kit" {
    cost: 1R
    fits: Frigate, Destroyer
    traits: Escort
}

Marine "Void Commandos" {
    cost: 2R 1C
    attack: 4
    defense: 4
    wounds: 2
    fits: Cruiser or smaller
    traits: Alpha Strike, Resistant
}

Ship "Seagull-class Cruiser" {
    class: Cruiser
    cost: 4R 2C
    attack: 3
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Target Painter +3, Jammer +2, Overload +4, Repair +1, Stealth, Escort
}

Ship "Eagle-class Battle Cruiser" {
    class: Battle Cruiser
    cost: 6R 4C
    attack: 5
    defense: 6
    wounds: 4
    carries: 2 Marines, 2 Wings
    traits: Regimented Marine x2, Stoic
}

Station "Corporate Exchange" {
    faction: Corporate
    attack: 2
    defense: 6
    wounds: 8
}
