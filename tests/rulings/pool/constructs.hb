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
