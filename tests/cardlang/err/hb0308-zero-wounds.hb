Ship "Paper Frigate" {
    class: Frigate
    cost: 1R
    attack: 2
    defense: 3
    wounds: 0
}

Module-Station "Paper Module" {
    cost: 1R
    wounds: 0
}
