# HB0417: `that <noun>` names the other card of a deed; elsewhere it names nothing, and it
# must be a kind of card the deed's other card can be.
Ship "That Without Deed" {
    class: Cruiser
    cost: 4R
    attack: 3
    defense: 6
    wounds: 3
    when destroyed: deal 1 compulsory wound to that ship
}
Event "That In Play" {
    cost: 1C
    timing: engagement
    play: destroy that ship
}
Ship "That Wrong Kind" {
    class: Cruiser
    cost: 4R
    attack: 3
    defense: 6
    wounds: 3
    when this ship destroys a Marine: return that ship to hand
}
Ship "That After Retreat" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when this ship retreats: repair 1 wound on that ship
}
