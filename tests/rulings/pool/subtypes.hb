# Cards for the subtype ruling (§9.33): one Event aimed at a type, one at a subtype.

Event "Purge the Decks" {
    cost: 1C
    text: "Deal 1 compulsory wound to each opposing Marine."
    play: deal 1 compulsory wound to each opposing Marine
}

Event "Target the Officers" {
    cost: 1C
    text: "Deal 1 compulsory wound to each opposing Marine-Character."
    play: deal 1 compulsory wound to each opposing Marine-Character
}
