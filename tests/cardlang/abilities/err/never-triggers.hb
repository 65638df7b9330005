# HB0451: abilities that can never trigger (warnings).
Station "Landlocked Station" {
    faction: RDF
    attack: 2
    defense: 6
    wounds: 10
    when boards: draw 1
}
Module-Station "Dice Module" {
    cost: 1R
    wounds: 2
    when rolls a natural 10: draw 1
}
Ship "Hostless Ship" {
    class: Cruiser
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    when host destroyed: draw 1
}
Event "Lingering Event" {
    cost: 1C
    when your logistics phase: gain 1R
}
Event "No Engagement" {
    cost: 1C
    play: opponent discards their hand
}
