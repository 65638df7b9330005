# RDF — Event cards (§2.6). One copy per deck (§2.1.2).

Event "Call to Arms" {
    faction: RDF
    cost: 1R 2C
    text: "Search your Shipyard for up to two Marines, put them into your hand, then shuffle your Shipyard."
    play: search your shipyard for 2 Marines and put them in hand
}

Event "Emergency Mobilization" {
    faction: RDF
    cost: 1C
    text: "May be deployed during your Setup Phase. Gain 3R."
    override deploy-in-setup = yes
    play: gain 3R
}

Event "Intelligence Briefing" {
    faction: RDF
    cost: 1C
    text: "Deploy at the start of an engagement. The opposing Commander discards 1 card."
    timing: start of engagement
    play: opponent discards 1
}

Event "Command Pennant" {
    faction: RDF
    cost: 1C
    text: "Attach this card to target ship in your fleet. That ship gets +1 attack."
    play: attach this to target ship in your fleet
    static: host gets +1 attack
}
