# Ships and Marines of the deck-validation fixture pool.

Ship "Lancer-class Frigate" {
    class: Frigate
    cost: 1R 1C
    attack: 2
    defense: 3
    wounds: 2
    carries: 1 Marine
    traits: Escort
}

Ship "Warden-class Cruiser" {
    class: Cruiser
    cost: 3R 2C
    attack: 3
    defense: 5
    wounds: 3
    carries: 1 Marine
}

Ship "Bulwark-class Battleship" {
    class: Battleship
    cost: 6R 5C
    attack: 5
    defense: 7
    wounds: 5
    carries: 2 Marines, 1 Wing
}

Ship "Hornet Wing" {
    class: Fighter Wing
    cost: 1R
    attack: 1
    defense: 2
    wounds: 1
}

# Faction-restricted (§9.14): legal only with an RDF Station.
Ship "Vanguard-class Destroyer" {
    class: Destroyer
    faction: RDF only
    cost: 2R 1C
    attack: 3
    defense: 4
    wounds: 2
    carries: 1 Marine
    traits: Hunter
}

# A Prototype (§8.8): legal only when every Commander agrees.
Ship "Experimental Corvette" {
    class: Frigate
    prototype
    cost: 1R 1C
    attack: 3
    defense: 3
    wounds: 2
}

Marine "Boarding Party" {
    cost: 1R 1C
    attack: 2
    defense: 2
    wounds: 1
}

Marine-Character "Sergeant Vox" {
    cost: 2R 2C
    attack: 3
    defense: 3
    wounds: 2
    traits: Unique
}

Ship "Picket-class Frigate" {
    class: Frigate
    cost: 1R
    attack: 1
    defense: 3
    wounds: 2
}
