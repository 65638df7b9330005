# Triggered abilities of cards in play.
Ship "Trigger Frigate" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 4
    wounds: 2
    carries: 1 Marine
    when deployed: draw 1
    when destroyed: deal 1 compulsory wound to each opposing local ship
    when boarded: deal 1 compulsory wound to each opposing Marine aboard this
    when boards: gain 1C
    when rolls a natural 10: repair 1 wound on this
    when rolls a natural 1: pay 1C
}
Station "Trigger Station" {
    faction: RDF
    attack: 3
    defense: 6
    wounds: 10
    income: 2R 2C
    when engagement starts: draw 1
    when engagement ends: repair 1 wound on this
    when your logistics phase: gain 1C
    when your manufacturing phase: search your shipyard for a Module-Station and put it in hand
    when your turn starts: draw 1
    when your turn ends: discard 1
    when any ship in your fleet is destroyed: gain 1R
}
Module-Ship "Trigger Module" {
    cost: 1R
    when host rolls a natural 10: deal 1 compulsory wound to target opposing ship
    when host destroyed: gain 1R
}
