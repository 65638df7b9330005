# Issue #40, part 3.8: the optional re-roll (I-91): any one die of a volley, picked by its
# commander once the dice are seen; only the new result counts.

Ship "Gunnery Officer Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 2
    defense: 5
    wounds: 2
    text: "This ship may re-roll one die of each volley."
    static: this may re-roll one die of each volley
}

Ship "Doomsayer-class Battleship" {
    class: Battleship
    cost: 8R 6C
    attack: 2
    defense: 7
    wounds: 5
    traits: Annihilate
    text: "This ship may re-roll one die of each volley."
    static: this may re-roll one die of each volley
}

Tactic "Steady Hands" {
    cost: 1C
    text: "Until the end of the engagement, target ship in your fleet may re-roll one die of each volley."
    play: target ship in your fleet may re-roll one die of each volley until end of engagement
}

Ship "Careful Gunner Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    text: "This ship re-rolls one missed die in each volley and may re-roll one die of each volley."
    static: this re-rolls 1 missed die in each volley
    static: this may re-roll one die of each volley
}
