# Attaching and detaching by card effects (§9.1, §2.6, I-46), replacements (§8.1, I-47) and
# searches that deploy (§8.3, I-48).

Event "Targeting Beacon" {
    cost: 1C
    text: "Attach this to target opposing ship. That ship gets -1 defense."
    play: attach this to target opposing ship
    static: host gets -1 defense
}

Event "Flag of Command" {
    cost: 0
    text: "Attach this to target ship in your fleet."
    play: attach this to target ship in your fleet
}

Event "Transfer Orders" {
    cost: 0
    text: "Attach target Marine you command to target ship in your fleet."
    play: attach target your Marine to target ship in your fleet
}

Event "Bay Shuffle" {
    cost: 0
    text: "Attach target Fighter Wing in your fleet to target ship in your fleet."
    play: attach target Fighter Wing in your fleet to target ship in your fleet
}

Event "Refit Orders" {
    cost: 0
    text: "Attach target Module-Ship you command to target ship in your fleet."
    play: attach target your Module-Ship to target ship in your fleet
}

Event "Strip the Hull" {
    cost: 1C
    text: "Detach target opposing Module-Ship."
    play: detach target opposing Module-Ship
}

Ship "Scramble Tender" {
    class: Cruiser
    cost: 3R 2C
    attack: 1
    defense: 6
    wounds: 3
    carries: 1 Wing
    text: "When this ship is deployed, detach each of your Fighter Wings."
    when deployed: detach your Fighter Wings
}

Event "Recall the Troops" {
    cost: 0
    text: "Detach target opposing Marine."
    play: detach target opposing Marine
}

Ship "Lifeboat Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    text: "Instead of being destroyed, return this ship to its owner's hand."
    instead of being destroyed: return this to hand
}

Ship "Stubborn Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Stoic
    text: "Instead of being destroyed, its commander draws 1 card."
    instead of being destroyed: draw 1
}

Ship "Sealed Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    text: "Instead of being boarded, its commander gains 2 Currency."
    instead of being boarded: gain 2C
}

Event "Demolition" {
    cost: 1C
    text: "Destroy target opposing Frigate."
    play: destroy target opposing Frigate
}

Event "Volunteer Surge" {
    cost: 2C
    text: "Search your Shipyard for a Marine and deploy it at no cost aboard a ship in your fleet."
    play: search your shipyard for a Marine and deploy it free
}

Ship "Fireship Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    text: "Instead of being destroyed, deal 1 compulsory wound to target opposing ship, then destroy this ship."
    instead of being destroyed: deal 1 compulsory wound to target opposing ship and destroy this
}
