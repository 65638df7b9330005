# "the opposing Commander", "cancel this engagement" and "retreat" need an engagement
# (§6.5.1, §7.1.2, §9.28). Triggered abilities are checked too: a phase trigger never happens
# in an engagement; a card deployed in the Manufacturing Phase is not deployed in one (§6.5.4);
# a destruction may happen outside one.
Station "Logistics Spite" {
    faction: RDF
    attack: 2
    defense: 6
    wounds: 10
    when your logistics phase: opponent discards 1
}
Ship "Deployment Gambit" {
    class: Cruiser
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    when deployed: cancel this engagement
}
Ship "Parting Shot" {
    class: Cruiser
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    when destroyed: opponent discards 1
}
Event "Manufacturing Sabotage" {
    cost: 1C
    timing: your manufacturing phase
    play: opponent discards 1
}
Ship "Engaged Only" {
    class: Cruiser
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    when boarded: opponent discards 1
    when engagement starts: this gets +1 attack until end of engagement
}
