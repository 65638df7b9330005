# HB0409: override scopes that make no sense (§8.1).
Ship "Station Rule On A Ship" {
    class: Cruiser
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    override station-module-limit = 6
}
Event "Commander Rule For This" {
    cost: 1C
    override hand-size = 6 for this
    play: draw 1
}
Module-Marine "Marine Module For Host" {
    cost: 1R
    override station-marines-board = yes for host
}
