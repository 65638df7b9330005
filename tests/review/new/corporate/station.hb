# Corporate — Station and Module-Station cards.
#
# Money first: the exchange platform trades Currency for Resource, and its modules pay out
# income or buy raw firepower.

Station "Meridian Exchange Platform" {
    faction: Corporate
    income: 3R 3C
    attack: 4
    defense: 7
    wounds: 9
    carries: 3 Marines, 3 Wings
    text: "During your Logistics Phase, you may pay 2C to gain 2R."
    flavour: "Every docking clamp is leased. Every leaseholder is watched."
    when your logistics phase: you may pay 2C to gain 2R
}

Module-Station "Trade Exchange" {
    faction: Corporate
    cost: 2R 1C
    income: 2C
    wounds: 2
}

Module-Station "Automated Mining Hub" {
    faction: Corporate
    cost: 3R 1C
    income: 2R
    wounds: 2
}

Module-Station "Security Contractor Offices" {
    faction: Corporate
    cost: 2R 2C
    wounds: 3
    text: "Marines cost 1R less to deploy."
    static: your Marines cost 1R less
}

Module-Station "Particle Lance Battery" {
    faction: Corporate
    cost: 4R 3C
    attack: +3
    wounds: 3
}

Module-Station "ECM Shroud Generator" {
    faction: Corporate only
    cost: 3R 3C
    defense: +2
    wounds: 3
    flavour: "On every sensor screen, a smear of static the size of a moon."
}

# Ability language v2 (issue 17): deed triggers.

Module-Station "Bounty Exchange" {
    faction: Corporate
    cost: 2R 1C
    wounds: 2
    text: "Once per turn, whenever a ship you control destroys an opposing ship, gain 1 Currency."
    when a ship you control destroys an opposing ship once per turn: gain 1C
}
