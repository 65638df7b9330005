# Corporate — Module-Ship and Module-Marine cards (§2.3).
#
# "Singularity Core" is a prototype card (§8.8): legal only if every Commander agrees.

Module-Ship "Sensor Suite Upgrade" {
    faction: Corporate
    cost: 2R 2C
    text: "The attached ship gains Target Painter +1."
    static: host gains Target Painter +1
}

Module-Ship "False Transponder" {
    faction: Corporate only
    cost: 0
    fits: Battle Cruiser or larger
    traits: Face Up-Face Down
    text: "Flip face up when the attached ship is boarded: the attached ship gains Stealth until the end of the engagement."
    flip when host is boarded: host gains Stealth until end of engagement
}

Module-Ship "Singularity Core" {
    faction: Corporate
    prototype
    cost: 4R 4C
    attack: +3
    fits: Battleship or larger
    traits: Unique
    text: "When the attached ship rolls a natural 1, immediately destroy the attached ship."
    when host rolls a natural 1: immediately destroy host
}

Module-Marine "Combat Stims" {
    faction: Corporate
    cost: 1R 1C
    attack: +2
    text: "At the end of an engagement, deal 1 compulsory wound to the attached Marines."
    when engagement ends: deal 1 compulsory wound to host
}

# Ability language v2 (issue 17): deed triggers.

Module-Ship "Hull Insurance Policy" {
    faction: Corporate
    cost: 1C
    text: "When the attached ship is hijacked, gain 2 Currency."
    when host is hijacked: gain 2C
}

# Ability language v2 (issue 17): combat modifiers.

Module-Ship "Predictive Fire Computer" {
    faction: Corporate
    cost: 2R 2C
    text: "The attached ship re-rolls one missed die in each volley."
    static: host re-rolls 1 missed die in each volley
}
