Ship "Classless" {
    cost: 1R
    attack: 2
}

Station "Homeless" {
    attack: 2
    defense: 6
    wounds: 8
}

Module-Station "Unfinished Module" {
    cost: 2R
}
