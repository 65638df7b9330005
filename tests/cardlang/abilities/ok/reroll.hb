# Issue #40, part 3.8 (I-91): the optional re-roll of any one die of a volley, its commander's
# pick once the dice are seen: a static, a temporary modifier, and beside I-71's re-roll.
Ship "Gunnery Officer Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 2
    defense: 5
    wounds: 2
    text: "This ship may re-roll one die of each volley."
    static: this may re-roll one die of each volley
}
Ship "Steady Gunner Cruiser" {
    class: Cruiser
    cost: 4R 2C
    attack: 3
    defense: 6
    wounds: 3
    text: "This ship re-rolls one missed die in each volley and may re-roll a die in each volley."
    static: this re-rolls 1 missed die in each volley
    static: this may re-roll a die in each volley
}
Module-Ship "Fire Director" {
    cost: 1R
    text: "The ship this is attached to may re-roll one die per volley."
    static: host may re-roll 1 die per volley
}
Tactic "Steady Hands" {
    cost: 1C
    text: "Until the end of the engagement, target ship in your fleet may re-roll one die of each volley."
    play: target ship in your fleet may re-roll one die of each volley until end of engagement
}
