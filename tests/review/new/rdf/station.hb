# RDF — Station and Module-Station cards.
#
# The RDF is the standing military: a hard-shelled command station with an Interceptor
# screen, and modules that favour firepower, Marines and cheap Cruisers.
# Station rules §2.2, Module-Station rules §2.3 and §6.5.3, income §4.5.

Station "Bastion Fleet Command" {
    faction: RDF
    income: 3R 2C
    attack: 5
    defense: 7
    wounds: 10
    carries: 4 Marines, 2 Wings
    traits: Interceptor +2
    # Golden-Rule override of §6.9.4.
    text: "Marines aboard this Station may board opposing ships."
    flavour: "Every RDF officer learns the same lesson here: the line holds."
    override station-marines-board = yes
}

Module-Station "Point Defense Grid" {
    faction: RDF
    cost: 3R 1C
    defense: +1
    wounds: 3
    text: "Your Station gains Interceptor +1."
    static: host gains Interceptor +1
}

Module-Station "Orbital Drydock" {
    faction: RDF
    cost: 2R 2C
    wounds: 3
    text: "Cruisers cost 1R less to deploy."
    static: your Cruisers cost 1R less
}

Module-Station "Munitions Foundry" {
    faction: RDF
    cost: 2R 1C
    income: 1R
    wounds: 2
    flavour: "Shells by the million, stamped and crated before the shift bell."
}

Module-Station "War College" {
    faction: RDF only
    cost: 2R 2C
    income: 1C
    wounds: 2
    text: "Marines cost 1C less to deploy."
    static: your Marines cost 1C less
}

Module-Station "Heavy Turret Ring" {
    faction: RDF
    cost: 4R 2C
    attack: +2
    wounds: 4
}
