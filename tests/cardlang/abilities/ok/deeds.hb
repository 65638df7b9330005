# Deed triggers (issue 17): what a unit does or suffers, with the other card bound as
# `that <noun>` (§6.2, §6.7, §6.6 STEP 8E, §9.16, §9.28).
Ship "Deed Destroys" {
    class: Cruiser
    cost: 4R
    attack: 3
    defense: 6
    wounds: 3
    when this ship destroys an opposing Cruiser or larger: gain 1C
}
Ship "Deed Wounds" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when this ship wounds a ship: that ship gets -1 defense until end of engagement
}
Ship "Deed Wounded By" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 3
    when this ship is wounded by a ship: deal 1 compulsory wound to that ship
}
Module-Station "Deed You Control" {
    cost: 1R
    wounds: 2
    when a ship you control destroys an opposing ship: gain 1R
}
Module-Station "Deed Hijacks" {
    cost: 1R
    wounds: 2
    when any ship you control hijacks a unit: repair all wounds on that unit
}
Ship "Deed Hijacked" {
    class: Cruiser
    cost: 4R
    attack: 3
    defense: 6
    wounds: 3
    carries: 1 Marine
    when this ship is hijacked: each opponent discards 1
}
Ship "Deed Retreats" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when this ship retreats: draw 1
}
Marine "Deed Boards" {
    cost: 1R
    attack: 2
    defense: 5
    wounds: 2
    when boards a Station: gain 1C
}
Ship "Deed Boarded By" {
    class: Cruiser
    cost: 4R
    attack: 3
    defense: 6
    wounds: 3
    when this ship is boarded by a Battleship: deal 1 compulsory wound to that ship
}
Module-Station "Deed Once Per Turn" {
    cost: 1R
    wounds: 2
    when a ship you control destroys an opposing ship once per turn: gain 1C
}
Ship "Deed Once Per Engagement" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 3
    when this ship is wounded by a ship once per engagement: deal 1 compulsory wound to that ship
}
Marine "Deed Once Per Game" {
    cost: 1R
    attack: 2
    defense: 5
    wounds: 2
    when deployed once per game: draw 1
}
