# HB0408: `play:` is for Events and Tactics.
Ship "Playful Ship" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 4
    wounds: 2
    play: draw 1
}
