# Issue #40, part 3.3: activated abilities (rulings `constructs-activated-*`, I-93).

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
