# Combat modifiers (issue 17, docs/abilities.md "Combat modifiers", I-70..I-72): roll results,
# extra dice, extra volleys, re-rolls and damage prevention. Each card exercises one construct.

Ship "Sharpshooter Cruiser" {
    class: Cruiser
    cost: 4R 2C
    attack: 3
    defense: 6
    wounds: 3
    text: "+4 to this ship's volley rolls."
    static: this gets +4 to volley rolls
}

Module-Station "Jammer Array" {
    cost: 1R 1C
    wounds: 2
    text: "Opposing local ships get -3 to their volley rolls."
    static: each opposing local ship gets -3 to volley rolls
}

Module-Ship "Extra Battery" {
    cost: 1R
    text: "Host rolls one more volley die in every volley."
    static: host gets +1 volley die
}

Ship "Twin Turret Destroyer" {
    class: Destroyer
    cost: 3R 1C
    attack: 2
    defense: 5
    wounds: 2
    text: "This ship may fire one additional volley each volley turn."
    static: this may fire 1 additional volley each volley turn
}

Ship "Fire Control Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 2
    defense: 5
    wounds: 2
    text: "This ship re-rolls one missed die in each volley."
    static: this re-rolls 1 missed die in each volley
}

Ship "Shielded Cruiser" {
    class: Cruiser
    cost: 4R 2C
    attack: 2
    defense: 6
    wounds: 3
    text: "Prevent the first wound this ship would suffer each round."
    static: this prevents the first wound it would suffer each round
}

Event "Shield Drill" {
    cost: 1C
    timing: your turn
    text: "Until end of turn, target ship in your fleet prevents the first 2 wounds it would suffer this turn."
    play: target ship in your fleet prevents the first 2 wounds each turn until end of turn
}

Event "Reactor Test" {
    cost: 0C
    timing: your turn
    text: "Deal 3 compulsory wounds to target ship."
    play: deal 3 compulsory wounds to target ship
}

Tactic "Focus Fire" {
    cost: 1C
    text: "Until end of round, target ship in your fleet gets +3 to its volley rolls."
    play: target ship in your fleet gets +3 to volley rolls until end of round
}

Event "Rush Order" {
    cost: 1C
    timing: your turn
    text: "Until end of turn, your Frigates cost 1 Resource less to deploy."
    play: your Frigates cost 1R less until end of turn
}

Module-Station "Engagement Tally" {
    cost: 1R 1C
    wounds: 2
    text: "Once per engagement, whenever a ship you control destroys an opposing ship, gain 1 Currency."
    when a ship you control destroys an opposing ship once per engagement: gain 1C
}

Module-Station "Trophy Wall" {
    cost: 1R 1C
    wounds: 2
    text: "Once per game, whenever a ship you control destroys an opposing ship, gain 1 Resource."
    when a ship you control destroys an opposing ship once per game: gain 1R
}

Event "Recall to Dock" {
    cost: 0C
    timing: your turn
    text: "Return target ship in your fleet to its owner's hand."
    play: return target ship in your fleet to its owner's hand
}
