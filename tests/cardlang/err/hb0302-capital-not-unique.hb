Ship "Common Dreadnought" {
    class: Capital Ship
    cost: 14R 10C
    attack: 10
    defense: 9
    wounds: 10
    traits: Annihilate
}
