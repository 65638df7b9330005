# Issue #40, part 3.8 (I-91): HB0418, an optional re-roll is of one die, and a re-roll says
# which die (a missed one, always; or one its commander picks). HB0414: Events never fire.
Ship "Greedy Gunner" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    static: this may re-roll two dice of each volley
}
Ship "Counted Gunner" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    static: this may re-roll 2 dice in each volley
}
Ship "Which Die Gunner" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    static: this re-rolls one die of each volley
}
Module-Station "Event Gunnery" {
    cost: 1R
    wounds: 2
    static: each Event may re-roll one die of each volley
}
