Ship "Sneaky Cruiser" {
    class: Cruiser
    cost: 4R 2C
    attack: 3
    defense: 6
    wounds: 3
    traits: Face Up-Face Down
}

Module-Marine "Hidden Blade" {
    cost: 1C
    attack: +1
    traits: Face Up - Face Down
}
