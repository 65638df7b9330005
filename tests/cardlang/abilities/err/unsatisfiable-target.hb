# HB0406: a chosen target no card could satisfy.
Event "Big Marines" {
    cost: 1C
    timing: engagement
    play: destroy target Marine larger than Cruiser
}
Event "Both Sides" {
    cost: 1C
    timing: engagement
    play: destroy target your opposing ship
}
Event "Damaged Event" {
    cost: 1C
    play: return target damaged Event to its owner's hand
}
Event "Bigger Than Capital" {
    cost: 1C
    timing: engagement
    play: destroy target ship larger than Capital Ship
}
