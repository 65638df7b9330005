# Cards for the ability language v2 (issue 17, docs/abilities.md): deed triggers with the other
# card bound (`destroys`, `wounds`, `is wounded by`, `hijacks`, `is hijacked`, `retreats`,
# `that ship`). Each card exercises one construct.

Ship "Trophy Hunter" {
    class: Cruiser
    cost: 4R 3C
    attack: 3
    defense: 6
    wounds: 3
    text: "When this ship destroys an opposing ship, gain 1 Currency."
    when this ship destroys an opposing ship: gain 1C
}

Module-Station "Salvage Broker" {
    cost: 1R 1C
    wounds: 3
    text: "Whenever an opposing ship is destroyed, gain 1 Resource."
    when any opposing ship is destroyed: gain 1R
}

Ship "Vengeful Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 3
    text: "When this ship is wounded by a ship, deal 1 compulsory wound to that ship."
    when this ship is wounded by a ship: deal 1 compulsory wound to that ship
}

Module-Station "Prize Court" {
    cost: 1R 1C
    wounds: 3
    text: "Whenever a ship you control hijacks a unit, repair all wounds on that unit."
    when a ship you control hijacks a unit: repair all wounds on that unit
}

Ship "Skittish Corvette" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    text: "When this ship retreats, draw 1 card."
    when this ship retreats: draw 1
}

Module-Station "Tally Clerk" {
    cost: 1R 1C
    wounds: 3
    text: "Once per turn, whenever a ship you control destroys an opposing ship, gain 1 Currency."
    when a ship you control destroys an opposing ship once per turn: gain 1C
}
