# Many problems across several cards: every one is reported, in source order.
Ship "Alpha" {
    class: Crusier
    cost: 4R 2Q
    attack: 3
    defense: 6
    wounds: 3
    traits: Interceptor
}

Event "Beta" {
    cost: 1C
    wounds: 2
    text: "Fine."
    text: "Twice."
}

Marine-Character "Gamma" {
    cost: 2R
    attack: 4
    defense: 4
    wounds: 2
    space: 1
    traits: Regimented Marine, Stealth +1
}

Station "Delta" {
    faction: Corporate only
    attack: 3
    defense: 6
    wounds: 0
    carries: 2 Marines
}

Ship "Alpha" {
    class: Capital Ship
    cost: 12R 10C
    attack: 9
    defense: 9
    wounds: 9
}
