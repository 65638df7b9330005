Station "Exclusive Station" {
    faction: RDF only
    attack: 2
    defense: 6
    wounds: 8
}
