# Issue #40, part 3.2: modal choices (rulings `constructs-modal-*`).

Event "Salvage or Sabotage" {
    faction: RDF
    cost: 1C
    text: "Choose one — draw 2 cards; or deal 1 compulsory wound to target opposing ship."
    play: choose one — draw 2; or deal 1 compulsory wound to target opposing ship
}
