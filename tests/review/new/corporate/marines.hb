# Corporate — Marines and Marine-Characters (§2.4).
#
# Hired security: cheap contractors, specialists that dodge Escorts, and armoured enforcers
# too bulky for small hulls.

Marine "Security Contractors" {
    faction: Corporate
    cost: 1R 1C
    attack: 2
    defense: 5
    wounds: 2
    space: 1
}

Marine "Asset Recovery Team" {
    faction: Corporate
    cost: 2R 1C
    attack: 3
    defense: 5
    wounds: 2
    space: 1
    text: "When this unit boards a ship, gain 1C."
    when boards: gain 1C
}

Marine "Exo-Suit Enforcers" {
    faction: Corporate only
    cost: 3R 3C
    attack: 4
    defense: 7
    wounds: 3
    space: 2
    fits: Battle Cruiser or larger
    traits: Resistant
}

Marine "Infiltration Cell" {
    faction: Corporate
    cost: 1R 2C
    attack: 2
    defense: 5
    wounds: 1
    space: 1
    fits: Cruiser or smaller
    text: "When this unit boards a ship, the opposing Commander discards 1 card."
    when boards: opponent discards 1
}

Marine-Character "Director Selene Hawthorne" {
    faction: Corporate only
    cost: 2R 4C
    attack: 2
    defense: 6
    wounds: 3
    traits: Unique
    text: "When deployed, draw 1 card. During your Logistics Phase, gain 1C."
    flavour: "She reads quarterly losses the way admirals read casualty lists."
    when deployed: draw 1
    when your logistics phase: gain 1C
}
