# A card is Regimented with either Wings or Marines (§3.4.7), and a trait is listed once
# (§3.1): this compiled once, then the database loader refused it ("Regimented twice").
Ship "Eagle-class Battle Cruiser" {
    class: Battle Cruiser
    cost: 6R 4C
    attack: 5
    defense: 6
    wounds: 4
    carries: 2 Marines, 2 Wings
    traits: Regimented Wing, Regimented Marine x2, Stoic
}
