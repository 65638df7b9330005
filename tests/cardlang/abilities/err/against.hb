# Issue #40, part 3.4 (I-97): what a bonus against a kind of target cannot be.
Ship "Against Defense" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    static: this gets +1 defense against Cruisers
}
Ship "Against Fewer Dice" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    static: this gets -1 attack against Cruisers
}
Event "Against For A While" {
    cost: 1C
    timing: engagement
    play: target ship gets +1 attack against Cruisers until end of turn
}
Ship "Against Events" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    static: this gets +1 to volley rolls against Events
}
Event "Against From An Event" {
    cost: 1C
    timing: engagement
    static: this deals double wounds against Stations
}
Ship "Against Target" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    static: target ship gets +1 attack against Cruisers
}
