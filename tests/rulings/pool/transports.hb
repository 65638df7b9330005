# The example card of docs/guide.md: a Transport that brings its own Marines.

Ship "Pelican-class Transport" {
    class: Transport
    faction: RDF
    cost: 5R 3C
    income: 1R 1C
    attack: 1
    defense: 5
    wounds: 4
    carries: 2 Marines
    traits: Regimented Marine
    flavour: "Slow, fat and always full of troops."
}
