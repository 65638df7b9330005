# Chosen targets (checked when played) versus named recipients (not aimed).
Ship "Military Police Cutter" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 4
    wounds: 2
}
Event "Chosen Targets" {
    cost: 2C
    timing: engagement
    play: deal 1 compulsory wound to up to 2 target opposing local damaged Battle Cruiser or larger with Stealth
}
Event "Two Targets" {
    cost: 2C
    timing: engagement
    play: volley 2 dice at 2 target opposing RDF ships smaller than Battleship without Escort
}
Event "Named Recipients" {
    cost: 2C
    timing: engagement
    play: deal 1 compulsory wound to each opposing Fighter Wing and repair 1 wound on all ships in your fleet
}
Event "Named Card" {
    cost: 1R
    play: search your shipyard for a ship named "Military Police Cutter" and deploy it
}
Event "Unit Nouns" {
    cost: 1C
    timing: engagement
    play: deal 1 compulsory wound to target opposing Module-Station and deal 1 compulsory wound to each opposing Marine-Character
}
