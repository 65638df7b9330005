# Issue #40 §1: cards whose text once read silently otherwise (rulings `readings-*`).

Module-Station "Field Repair Crews" {
    faction: RDF
    cost: 1R
    wounds: 2
    text: "Whenever a ship you control is wounded by a unit, remove 1 wound from that ship."
    when a ship you control is wounded by a unit: repair 1 wound on that ship
}

Ship "Picket Cutter" {
    faction: RDF
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    text: "At the start of each engagement this ship is in, draw 1 card."
    when this ship engagement starts: draw 1
}

Module-Station "Muster Horn" {
    faction: RDF
    cost: 1R
    wounds: 2
    text: "At the start of each engagement you fight, draw 1 card."
    when engagement starts: draw 1
}

Module-Ship "Damage Control Team" {
    faction: RDF
    cost: 1R
    text: "At the end of each engagement the ship this is attached to is in, remove 1 wound from it."
    when host engagement ends: repair 1 wound on host
}
