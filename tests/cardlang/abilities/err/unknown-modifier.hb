# HB0401: an unknown stat or modifier lists the modifiers that exist (the combat modifiers of
# issue 17 among them); an unknown duration lists the durations; an unknown limit the limits.
Ship "Accurate Cruiser" {
    class: Cruiser
    cost: 4R
    attack: 3
    defense: 6
    wounds: 3
    static: this gets +1 accuracy
}
Tactic "Long Focus" {
    cost: 1C
    play: target ship in your fleet gets +1 to volley rolls until end of battle
}
Module-Station "Round Counter" {
    cost: 1R
    wounds: 2
    when a ship you control destroys an opposing ship once per round: gain 1C
}
