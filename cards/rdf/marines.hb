# RDF — Marines and Marine-Characters (§2.4).
#
# Disciplined boarding troops. "Military Police Company" is the Marine of the §2 attachment
# example. Class-size restrictions (`fits:`) follow §2.4 and §6.9.5.

Marine "Military Police Company" {
    faction: RDF
    cost: 1R 1C
    attack: 2
    defense: 5
    wounds: 2
    space: 1
    traits: Interceptor +1
    flavour: "Order aboard, whoever's ship it is."
}

Marine "Line Marine Platoon" {
    faction: RDF
    cost: 1R
    attack: 2
    defense: 4
    wounds: 2
    space: 1
}

Marine "Orbital Drop Battalion" {
    faction: RDF only
    cost: 3R 2C
    attack: 4
    defense: 6
    wounds: 3
    space: 2
    fits: Cruiser or larger
    traits: Fearless
}

Marine "Pathfinder Recon Squad" {
    faction: RDF
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 1
    space: 1
    fits: Frigate, Destroyer
    flavour: "Small teams for small hulls."
}

Marine-Character "Colonel Adaeze Okafor" {
    faction: RDF only
    cost: 2R 3C
    attack: 3
    defense: 6
    wounds: 3
    traits: Unique
    text: "Other Marines aboard the same ship or Station gain +1 attack."
    flavour: "She has never asked a platoon to go where she would not."
    static: each other Marine aboard host gets +1 attack
}

# Ability language v2 (issue 17): deed triggers.

Marine "Prize Crew Detachment" {
    faction: RDF
    cost: 1R 1C
    attack: 2
    defense: 5
    wounds: 1
    space: 1
    text: "When the Marines of this Marine's ship hijack a ship, remove all wounds from that ship."
    when hijacks a ship: repair all wounds on that ship
}
