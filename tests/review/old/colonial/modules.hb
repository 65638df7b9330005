# Colonial — Module-Ship and Module-Marine cards (§2.3).

Module-Ship "Salvaged Armor Plating" {
    faction: Colonial
    cost: 1R 1C
    defense: +1
}

Module-Ship "Jury-Rigged Reactor" {
    faction: Colonial
    cost: 1R
    attack: +2
    text: "When the attached ship rolls a natural 1, deal 1 compulsory wound to it."
    when host rolls a natural 1: deal 1 compulsory wound to host
}

Module-Ship "Hidden Militia Cache" {
    faction: Colonial only
    cost: 0
    fits: Battle Cruiser or larger
    traits: Face Up-Face Down
    text: "Flip face up when the attached ship is boarded: roll a volley of 3 dice at target opposing Marine."
    flip when host is boarded: volley 3 dice at target opposing Marine
}

Module-Marine "Vacuum Combat Training" {
    faction: Colonial
    cost: 1R 1C
    defense: +1
    text: "The attached Marines gain Resistant."
    static: host gains Resistant
}

# Ability language v2 (issue 17): deed triggers.

Module-Ship "Retaliation Turret" {
    faction: Colonial
    cost: 1R 1C
    text: "When the attached ship is wounded by a ship, deal 1 compulsory wound to that ship."
    when host is wounded by a ship: deal 1 compulsory wound to that ship
}

# Ability language v2 (issue 17): combat modifiers.

Module-Ship "Ablative Plating" {
    faction: Colonial
    cost: 2R 1C
    text: "Prevent the first wound the attached ship would suffer each round."
    static: host prevents the first wound it would suffer each round
}
