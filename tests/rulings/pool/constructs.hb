# Issue #40, part 3: the constructs designers need (rulings `constructs-*`).

Module-Station "Rearguard Gunners" {
    faction: RDF
    cost: 1R
    wounds: 2
    text: "Whenever an opposing ship retreats, deal 1 compulsory wound to it."
    when an opposing ship retreats: deal 1 compulsory wound to it
}

Module-Station "Patch Crews" {
    faction: RDF
    cost: 1R
    wounds: 2
    text: "Whenever a ship of yours is wounded, remove 1 wound from it."
    when a ship of yours is wounded: repair 1 wound on it
}

Module-Station "Drill Sergeant" {
    faction: RDF
    cost: 1R
    wounds: 2
    text: "Whenever a Marine you control is deployed, it gets +1 attack until end of turn."
    when a Marine you control is deployed: it gets +1 attack until end of turn
}

# Issue #40, part 3.5: `other` (I-101).
Marine-Character "Platoon Colonel" {
    faction: RDF
    cost: 2R 3C
    attack: 3
    defense: 6
    wounds: 3
    text: "Other Marines aboard the same ship or Station get +1 attack."
    static: each other Marine aboard host gets +1 attack
}

# Issue #40, part 3.9: where a searched card goes (I-102).
Event "Muster to the Fleet" {
    cost: 1C
    text: "Search your Shipyard for a Marine and deploy it at no cost aboard a ship in your fleet."
    play: search your Shipyard for a Marine and deploy it at no cost aboard a ship in your fleet
}
