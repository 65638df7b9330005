# Quantities: numbers, `all`, and "for each" (`per`).
Ship "Troop Carrier" {
    class: Battleship
    cost: 7R 4C
    attack: 3
    defense: 6
    wounds: 5
    carries: 3 Marines
    when boards: deal 1 compulsory wound per Marine aboard this to target opposing ship
    when engagement ends: repair all wounds on this
}
Event "Rally" {
    cost: 1C
    play: draw 1 per Cruiser in your fleet
}
