# Issue #40, part 3.9: where a searched card goes (I-102): aboard a card of a kind (the
# searcher picks which), aboard this card, or attached to its host.
Event "Search Aboard A Fleet Ship" {
    cost: 1C
    play: search your Shipyard for a Marine and deploy it at no cost aboard a ship in your fleet
}
Ship "Search Aboard This Ship" {
    class: Cruiser
    cost: 3R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 2 Marines
    when deployed: search your Shipyard for a Marine and deploy it aboard this ship
}
Module-Ship "Search Aboard Host" {
    cost: 1R
    when host boards: search your Shipyard for a Marine and deploy it at no cost aboard host
}
