# HB0420: the host as explain names it (`the ship this is attached to`) must be what the host
# can be: a Module-Station is attached to a Station, and a Ship to nothing.
Module-Station "Host Words On A Station Module" {
    cost: 1R
    wounds: 2
    static: the ship this is attached to gains Stealth
}
Ship "Host Words On A Ship" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when the card this is attached to is boarded: draw 1
}
