Event "Second Wind" {
    cost: 1C
}

Tactic "Second Wind" {
    cost: 2C
}

Event "SECOND WIND" {
    cost: 1C
}
