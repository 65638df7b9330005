# Issue #40, part 3.6: redirected fire (I-98). Taunt: opposing ships (or units: ships and
# Stations) must fire at a unit while it can be targeted; a static, or for a while. Decoy: the
# next volley at a unit is fired at this card instead, once, for a while.
Ship "Taunting Cruiser" {
    class: Cruiser
    cost: 4R
    attack: 1
    defense: 7
    wounds: 4
    static: opposing ships must target this ship if able
}
Module-Ship "Taunting Beacon" {
    cost: 1R
    static: opposing units must target host if able while host is not damaged
}
Event "Taunting Orders" {
    cost: 1C
    timing: engagement
    play: opposing ships must target target ship in your fleet if able until end of turn
}
Ship "Decoying Frigate" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when this ship engagement starts: the next volley at target ship in your fleet targets this ship instead until end of engagement
}
