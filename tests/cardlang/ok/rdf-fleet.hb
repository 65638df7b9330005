# RDF heavy hitters: the example from docs/cardlang.md.
Ship "Griffin-class Battleship" {
    class: Battleship
    faction: RDF
    cost: 8R 6C
    attack: 5
    defense: 6
    wounds: 5
    carries: 2 Marines, 1 Wing
    traits: Regimented Marine x2, Interceptor +1
    flavour: "The backbone of the RDF line."
}

Ship "Zephyr Fighter Wing" {
    class: Fighter Wing
    faction: RDF
    cost: 1R 1C
    attack: 3
    defense: 4
    wounds: 1
    space: 1
    traits: Interceptor +2
}

Ship "Crow-class Destroyer" {
    class: Destroyer
    cost: 2R 2C          # comments may follow any value
    attack: 4
    defense: 5
    wounds: 2
    traits: Hunter, Fearless
}

Ship "Leviathan" {
    class: Capital Ship
    faction: RDF only
    cost: 15R 12C
    attack: 12
    defense: 9
    wounds: 12
    carries: 4 Marines, 3 Wings
    traits: Unique, Annihilate, Regimented Wing x3
}

Ship "Mule-class Transport" {
    class: Transport
    cost: 4R 3C
    income: 1R 1C
    attack: 1
    defense: 4
    wounds: 3
    carries: 1 Marine
}
