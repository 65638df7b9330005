# Issue #40, part 3.2: modal choices (rulings `constructs-modal-*`).

Event "Salvage or Sabotage" {
    faction: RDF
    cost: 1C
    text: "Choose one — draw 2 cards; or deal 1 compulsory wound to target opposing ship."
    play: choose one — draw 2; or deal 1 compulsory wound to target opposing ship
}

# Issue #40, part 3.7: play limits (rulings `constructs-play-limit-*`).

Event "Field Requisition" {
    faction: RDF
    cost: 1C
    text: "Play only once per turn. Gain 2 Resource."
    limit: play only once per turn
    play: gain 2R
}
