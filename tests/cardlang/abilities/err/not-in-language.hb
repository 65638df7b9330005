# HB0422: constructs the language does not have, each recognised by its usual English and
# refused as missing (docs/abilities.md §Not in the language), not listed as a syntax error.
Ship "Hangar Tender" {
    cost: 3R
    class: Destroyer
    attack: 2
    defense: 4
    wounds: 2
    when deployed: create a Fighter Wing token in your fleet
}
Event "Charge Up" {
    cost: 1C
    play: put a +1 attack counter on target ship you control
}
Event "Mutiny" {
    cost: 2C
    play: gain control of target opposing ship
}
Event "Mirror Image" {
    cost: 2C
    play: deploy a copy of target ship you control
}
Event "Double Time" {
    cost: 3C
    play: take an extra turn after this one
}
Event "Last Stand" {
    cost: 3C
    play: if you control no ships, you lose the game
}
