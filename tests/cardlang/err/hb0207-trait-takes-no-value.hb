Ship "Ghost" {
    class: Cruiser
    cost: 4R 2C
    attack: 3
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Stealth +2, Regimented Marine +1
}
