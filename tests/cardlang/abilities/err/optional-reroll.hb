# HB0418: a re-roll of a missed die is never optional — a miss has nothing to lose (I-71); the
# optional re-roll is of any die (`may re-roll one die`, I-91). HB0404: a combat count is 1 to
# 20. HB0414: Events never fire.
Ship "Hesitant Gunner" {
    class: Cruiser
    cost: 4R
    attack: 3
    defense: 6
    wounds: 3
    static: this may re-roll 1 missed die
}
Ship "Zero Volleys" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    static: this may fire 0 additional volleys
}
Module-Station "Event Shield" {
    cost: 1R
    wounds: 2
    static: each Event prevents the first wound each round
}
