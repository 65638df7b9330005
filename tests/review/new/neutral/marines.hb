# Neutral — Marines and Marine-Characters any deck may use (§2.4).

Marine "Mercenary Boarding Team" {
    cost: 2R 1C
    attack: 3
    defense: 5
    wounds: 2
    space: 1
}

Marine-Character "Captain Rook Adebayo" {
    cost: 2R 3C
    attack: 3
    defense: 6
    wounds: 2
    traits: Unique
    text: "When this unit boards a ship, draw 1 card."
    flavour: "He has flown under four flags and kept none of them."
    when boards: draw 1
}
