# Activated abilities (issue #40, part 3.3; I-93): a cost, a limit and a restriction of when,
# each optional but in this order, then the effect. Its commander uses it where they may
# deploy an Event.
Ship "Field Medic Frigate" {
    class: Frigate
    faction: RDF
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    text: "Pay 1 Currency: remove 1 wound from this ship."
    activate pay 1C: remove 1 wound from this ship
}
Ship "Twin Battery Cruiser" {
    class: Cruiser
    faction: RDF
    cost: 4R 3C
    attack: 2
    defense: 6
    wounds: 3
    text: "Once per engagement, only during an engagement this ship is in: this ship may fire an additional volley until end of round."
    activate once per engagement, only during an engagement this ship is in: this ship may fire an additional volley until end of round
}
Module-Station "Quartermaster Post" {
    faction: RDF
    cost: 1R
    wounds: 2
    text: "Pay 1 Resource, once per turn, only during your turn: draw a card."
    activate pay 1R, once per turn, only during your turn: draw 1
}
Marine "Breaching Sergeant" {
    faction: RDF
    cost: 1R 1C
    attack: 1
    defense: 4
    wounds: 1
    space: 1
    text: "Pay 1 Resource and 1 Currency, only during an engagement: deal 1 compulsory wound to target opposing Marine."
    activate: pay 1R 1C, only during an engagement: deal 1 compulsory wound to target opposing Marine
}
Breakthru "Signal Relay" {
    faction: RDF
    cost: 0
    text: "Once per game: draw 2 cards."
    activate once per game: draw 2
}
