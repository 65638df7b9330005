# Fixture cards for the engagement rulings tests/rulings/combat-*.ruling that pin the active
# traits (§3.3.3, §3.3.4) and the Marine size restrictions of boarding (§6.9.5). Kept in their
# own file so pool.hb stays as it is.

Ship "Tempest-class Battle Cruiser" {
    class: Battle Cruiser
    cost: 6R 4C
    attack: 3
    defense: 6
    wounds: 4
    carries: 1 Marine
    traits: Overload +3, Repair +1
}

Module-Ship "Damage Control Teams" {
    cost: 1R 1C
    traits: Repair +1
}

Marine "Shipboard Security Detail" {
    cost: 1R 1C
    attack: 1
    defense: 6
    wounds: 1
    fits: Cruiser or smaller
}

Module-Marine "Burnout Stims" {
    cost: 1R
    attack: +1
    text: "At the end of an engagement, deal 1 compulsory wound to the attached Marines."
    when engagement ends: deal 1 compulsory wound to host
}
