# Issue #40, part 3.6 (I-98): what cannot draw fire.
Event "Decoy Event" {
    cost: 1C
    timing: engagement
    play: the next volley at target ship in your fleet targets this instead until end of turn
}
Module-Station "Taunting Events" {
    cost: 1R
    wounds: 2
    static: opposing ships must target each Event if able
}
Ship "Taunt A Target" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    static: opposing ships must target target ship if able
}
