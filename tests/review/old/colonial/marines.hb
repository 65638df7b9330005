# Colonial — Marines and Marine-Characters (§2.4).
#
# Cheap militia in numbers, plus heavy miners who only fit aboard big hulls.

Marine "Colonial Militia" {
    faction: Colonial
    cost: 1R
    attack: 2
    defense: 4
    wounds: 2
    space: 1
}

Marine "Frontier Rangers" {
    faction: Colonial
    cost: 2R 1C
    attack: 3
    defense: 5
    wounds: 2
    space: 1
    traits: Fearless
}

Marine "Miner Shock Crews" {
    faction: Colonial only
    cost: 2R 2C
    attack: 4
    defense: 5
    wounds: 3
    space: 2
    fits: Cruiser or larger
    traits: Resistant
    flavour: "Plasma cutters were never meant for this. They work anyway."
}

Marine "Dockworker Volunteers" {
    faction: Colonial
    cost: 1R
    attack: 1
    defense: 4
    wounds: 1
    space: 1
    text: "When deployed, remove 1 wound from the ship or Station this unit is attached to."
    when deployed: repair 1 wound on host
}

Marine-Character "Marshal Ines Calloway" {
    faction: Colonial only
    cost: 2R 2C
    attack: 3
    defense: 6
    wounds: 3
    traits: Unique
    text: "When the ship carrying this unit is boarded, Marines aboard it gain +1 attack until the end of the engagement."
    when host is boarded: each Marine aboard host gets +1 attack until end of engagement
}
