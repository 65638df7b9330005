# Activated abilities (issue #40, part 3.3; I-93) that cannot be: on a card never in play to be
# used (HB0430), with neither a cost nor a limit, or gaining the Stockpile it pays from with no
# limit (HB0431), a cost that names no Resource or Currency (HB0403), exhausting a card as a
# cost (HB0422: the rulebook has no such state).
Event "Activated Event" {
    cost: 1C
    activate pay 1C: draw 1
}
Tactic "Activated Tactic" {
    cost: 1C
    activate once per turn: draw 1
}
Ship "Free Forever" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    activate: remove 1 wound from this ship
}
Ship "Money Pump" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    activate pay 1C: gain 2C
}
Ship "No Currency" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    activate pay 1: remove 1 wound from this ship
}
Ship "Exhausting" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    activate exhaust this ship: remove 1 wound from this ship
}
Module-Station "Wrong Ship" {
    cost: 1R
    wounds: 2
    activate once per turn, only during an engagement this ship is in: draw 1
}
Ship "It Activated" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    activate pay 1C: repair 1 wound on it
}
