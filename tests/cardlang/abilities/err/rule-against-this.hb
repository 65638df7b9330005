# Issue #40, part 3.10 (I-99): `against this` is for a rule one unit meets in another, on a
# card that fires.
Ship "Against Hand Size" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    override hand-size = 6 against this
}
Module-Ship "Against From A Module" {
    cost: 1R
    override stealth-bonus = 2 against this
}
Ship "Against This Station" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    override stealth-bonus = 2 against this Station
}
