# attack on an Event, carries (capacity) on a Tactic, income on a Cruiser, space on a Character.
Event "Sudden Strike" {
    cost: 1C
    attack: 3
}

Tactic "Close Formation" {
    cost: 1C
    carries: 1 Marine
}

Ship "Greedy Cruiser" {
    class: Cruiser
    cost: 4R 2C
    income: 1C
    attack: 3
    defense: 6
    wounds: 3
}

Marine-Character "Colonel Ash" {
    cost: 2R 2C
    attack: 5
    defense: 5
    wounds: 3
    space: 1
}

Resource-Stockpile "Resource Stockpile" {
    cost: 0
}
