# Fixture pool for the deck-validation tests (tests/decks/). Small and stable on purpose:
# the bundled pool under cards/ may change without breaking these fixtures.

Station "Fixture Bastion" {
    faction: RDF
    income: 3R 3C
    attack: 4
    defense: 6
    wounds: 8
    carries: 2 Marines, 2 Wings
}

Station "Fixture Haven" {
    faction: Colonial
    income: 3R 3C
    attack: 3
    defense: 6
    wounds: 9
    carries: 2 Marines, 1 Wing
}

Module-Station "Shield Array" {
    cost: 2R 2C
    defense: +1
    wounds: 3
}

Module-Station "Ore Refinery" {
    cost: 3R 1C
    income: 1R
    wounds: 2
}

Resource-Stockpile "Resource Stockpile" {
}

Currency-Stockpile "Currency Stockpile" {
}

# A second Resource Stockpile card: a deck may hold only one of the kind, whichever card.
Resource-Stockpile "Reserve Stockpile" {
}
