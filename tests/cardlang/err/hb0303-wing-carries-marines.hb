Ship "Troop Wing" {
    class: Fighter Wing
    cost: 1R 1C
    attack: 2
    defense: 4
    wounds: 1
    carries: 1 Marine
}
