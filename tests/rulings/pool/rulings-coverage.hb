# Fixture cards for the rulings that pin docs/interpretations.md I-10 and I-16. Kept in their own
# file (after pool.hb, so the ids of its cards do not move).

Marine "Veteran Boarding Party" {
    cost: 2R 1C
    attack: 3
    defense: 6
    wounds: 2
    traits: Unique
}

Marine-Character "Lieutenant Okafor" {
    cost: 1R 2C
    attack: 2
    defense: 5
    wounds: 2
}

Ship "Kestrel-class Destroyer" {
    class: Destroyer
    cost: 3R 2C
    attack: 2
    defense: 6
    wounds: 3
    traits: Hunter
}
