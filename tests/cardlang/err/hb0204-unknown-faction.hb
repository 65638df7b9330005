Station "Typo Station" {
    faction: Colonal
    attack: 2
    defense: 6
    wounds: 8
}

Event "Lowercase" {
    faction: rdf only
    cost: 1C
}
