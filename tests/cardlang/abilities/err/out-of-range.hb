# HB0404: numbers out of range.
Ship "Lucky Seven" {
    class: Cruiser
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    when rolls a natural 7: draw 1
}
Event "Eleven Sided" {
    cost: 1C
    play: roll a volley die (0-5: draw 1) (6-11: gain 1R)
}
Event "Greedy" {
    cost: 1C
    play: draw 99
}
