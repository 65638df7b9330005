# Colonial — Station and Module-Station cards.
#
# Frontier settlements that refuse to die: the hub is the toughest Station in the pool, mends
# itself (Repair), and can carry more modules than the §2.2 limit of four.

Station "New Haven Colony Hub" {
    faction: Colonial
    income: 3R 2C
    attack: 4
    defense: 6
    wounds: 12
    carries: 5 Marines, 2 Wings
    traits: Repair +2
    # Golden-Rule override of the four-module limit of §2.2.
    text: "This Station may attach up to six Module-Station cards."
    flavour: "Built from the hull of the ship that brought the first settlers."
    override station-module-limit = 6
}

Module-Station "Hydroponics Dome" {
    faction: Colonial
    cost: 1R 1C
    income: 1C
    wounds: 2
}

Module-Station "Ore Refinery" {
    faction: Colonial
    cost: 3R 1C
    income: 2R
    wounds: 3
}

Module-Station "Militia Barracks" {
    faction: Colonial
    cost: 2R 1C
    wounds: 3
    text: "Marines aboard your Station gain +1 defense."
    static: each Marine aboard host gets +1 defense
}

Module-Station "Shield Generator Array" {
    faction: Colonial
    cost: 4R 2C
    defense: +2
    wounds: 4
}

Module-Station "Repair Gantry" {
    faction: Colonial only
    cost: 3R 1C
    wounds: 3
    text: "During your Logistics Phase, remove all wounds from target ship in your fleet."
    when your logistics phase: repair all wounds on target ship in your fleet
}

Module-Station "Frontier Mass Driver" {
    faction: Colonial
    cost: 3R 2C
    attack: +2
    wounds: 3
    flavour: "Meant for throwing ore into orbit. Works on raiders too."
}
