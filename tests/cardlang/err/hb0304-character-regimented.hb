Marine-Character "Captain Mobbed" {
    cost: 3R 2C
    attack: 5
    defense: 5
    wounds: 3
    traits: Regimented Marine, Unique
}
