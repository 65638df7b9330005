# Neutral — Module cards any deck may use (§2.3).
#
# "Proven in Action" is the Module-Marine of the §2 attachment example; "Battle Seasoned
# Crew" is the Module-Ship of the §3.1 non-stacking example.

Module-Station "Civilian Docking Ring" {
    cost: 2R 1C
    income: 1R 1C
    wounds: 2
}

Module-Station "Long-Range Comms Relay" {
    cost: 2R 2C
    wounds: 2
    text: "During your Logistics Phase, you may pay 1C to draw 1 card."
    when your logistics phase: you may pay 1C to draw 1
}

Module-Ship "Battle Seasoned Crew" {
    cost: 2R 1C
    text: "The attached ship gains Fearless."
    flavour: "They have seen worse. They will tell you about it."
    static: host gains Fearless
}

Module-Ship "Point-Defense Turrets" {
    cost: 1R 1C
    text: "The attached ship gains Interceptor +1."
    static: host gains Interceptor +1
}

Module-Ship "Fire Control Computer" {
    cost: 2R 1C
    fits: Cruiser or larger
    text: "The attached ship gains Alpha Strike."
    static: host gains Alpha Strike
}

Module-Marine "Proven in Action" {
    cost: 1R 1C
    attack: +1
    defense: +1
    flavour: "Scarred armour, steady hands."
}

# Ability language v2 (issue 17): deed triggers.

Module-Ship "Gun Camera" {
    cost: 1R
    text: "When the attached ship wounds an opposing Station, draw 1 card."
    when host wounds an opposing Station: draw 1
}

# Ability language v2 (issue 17): combat modifiers.

Module-Ship "Auxiliary Gun Mount" {
    cost: 2R 1C
    text: "The attached ship rolls one more volley die in every volley."
    static: host gets +1 volley die
}
