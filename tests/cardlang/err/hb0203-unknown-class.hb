Ship "Typo Cruiser" {
    class: Crusier
    cost: 4R 2C
    attack: 3
    defense: 6
    wounds: 3
}

Module-Ship "Bad Fit" {
    cost: 1R
    fits: larger than Dreadnought
}

Marine "Plural Fit" {
    cost: 1R
    attack: 1
    defense: 1
    wounds: 1
    fits: Frigates, Destroyer
}
