# Colonial — Event cards (§2.6). One copy per deck (§2.1.2).

Event "Supply Run" {
    faction: Colonial
    cost: 1C
    text: "May be deployed during your Setup Phase. Gain 2R and 1C."
    override deploy-in-setup = yes
    play: gain 2R 1C
}

Event "Volunteer Surge" {
    faction: Colonial
    cost: 2C
    text: "Search your Shipyard for a Marine, deploy it at no cost aboard a ship in your fleet, then shuffle your Shipyard."
    play: search your shipyard for a Marine and deploy it free
}

Event "Salvage Rights" {
    faction: Colonial
    cost: 1C
    text: "Search your Shipyard for a Module-Ship card, put it into your hand, then shuffle your Shipyard."
    play: search your shipyard for a Module-Ship and put it in hand
}

Event "Transfer of Command" {
    faction: Colonial
    cost: 1C
    text: "Attach target Marine you command to target ship in your fleet."
    play: attach target your Marine to target ship in your fleet
}

# Ability language v2 (issue 17): a temporary cost modifier.

Event "Frontier Levy" {
    faction: Colonial
    cost: 1C
    text: "Until the end of your turn, your Marines cost 1 Currency less to deploy."
    timing: your turn
    play: your Marines cost 1C less until end of turn
}
