# HB0413: `named "X"` must name a card in the pool.
Event "Find The Ghost" {
    cost: 1C
    play: search your shipyard for a ship named "Ghost Frigatte" and deploy it
}
Ship "Ghost Frigate" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 4
    wounds: 2
}
