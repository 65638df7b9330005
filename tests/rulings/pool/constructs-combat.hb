# Issue #40, part 3.4: bonuses that count only against a kind of target (I-97).

Ship "Ghost Hunter Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 2
    defense: 5
    wounds: 2
    text: "This ship gets +5 to volley rolls against ships with Stealth."
    static: this gets +5 to volley rolls against ships with Stealth
}

Ship "Cruiser Breaker Destroyer" {
    class: Destroyer
    cost: 3R 1C
    attack: 2
    defense: 5
    wounds: 2
    text: "This ship gets +1 attack against Cruisers."
    static: this gets +1 attack against Cruisers
}

Ship "Siege Frigate" {
    class: Frigate
    cost: 2R 2C
    attack: 2
    defense: 5
    wounds: 2
    text: "This ship deals double wounds against Stations."
    static: this deals double wounds against Stations
}

# Issue #40, part 3.6: redirected fire (I-98).

Ship "Bulwark Cruiser" {
    class: Cruiser
    cost: 4R 2C
    attack: 1
    defense: 7
    wounds: 4
    text: "Opposing ships must target this ship if able."
    static: opposing ships must target this ship if able
}

Ship "Flare Decoy Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    text: "When an engagement this ship is in starts, the next volley at target ship in your fleet targets this ship instead until the end of the engagement."
    when this ship engagement starts: the next volley at target ship in your fleet targets this ship instead until end of engagement
}

# Issue #40, part 3.10: a base rule changed against one unit (I-99).

Ship "Deep Scan Frigate" {
    class: Frigate
    cost: 2R 2C
    attack: 2
    defense: 5
    wounds: 2
    text: "Stealth adds only 2 to a unit's printed defense against this ship."
    override stealth-bonus = 2 against this
}
