Ship "Kestrel" {
    class: Frigate
    cost: 1R
    attack: 2
    defense: 3
    wounds: 1
}

Tactic "Second Wind" {
    cost: 2C
}
