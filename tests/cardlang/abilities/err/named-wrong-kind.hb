# HB0415: a `named "X"` the rest of its filter can never match.
Event "Call The Frigate" {
    cost: 1C
    play: search your shipyard for a Marine named "Ghost Frigate" and put it in hand
}
Event "Find A Big Ghost" {
    cost: 1C
    play: search your shipyard for a Cruiser or larger named "Ghost Frigate" and deploy it
}
Event "Find The Ghost" {
    cost: 1C
    play: search your shipyard for a Frigate named "Ghost Frigate" and deploy it
}
Ship "Ghost Frigate" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 4
    wounds: 2
}
