# Issue #40, part 3.4: a bonus that counts only in volleys at a kind of target (I-97): to the
# rolls, to the dice (attack), double wounds; any filter of the language names the targets.
Ship "Against Stealth" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    static: this gets +1 to volley rolls against ships with Stealth
}
Ship "Against Cruisers" {
    class: Destroyer
    cost: 3R
    attack: 2
    defense: 5
    wounds: 2
    static: this gets +1 attack against Cruisers
}
Ship "Against Stations" {
    class: Destroyer
    cost: 3R
    attack: 2
    defense: 5
    wounds: 2
    static: this deals double wounds against Stations
}
Module-Ship "Against Big Damaged Ships" {
    cost: 1R
    static: host gets -2 to volley rolls against damaged Cruisers or larger while you are defending
}
Module-Station "Against Small Ships" {
    cost: 1R
    wounds: 2
    static: ships in your fleet get +2 attack against opposing Frigates or Destroyers
}
