# Combat modifiers (issue 17): roll results, extra dice, extra volleys, re-rolls and damage
# prevention, as statics and as temporary modifiers with a duration (§6.2, §8.2, §3.2).
Ship "Gunnery Cruiser" {
    class: Cruiser
    cost: 4R
    attack: 3
    defense: 6
    wounds: 3
    static: this gets +1 to volley rolls
}
Module-Ship "Extra Battery" {
    cost: 1R
    static: host gets +1 volley die
}
Ship "Twin Turret Destroyer" {
    class: Destroyer
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    static: this may fire 1 additional volley each volley turn
}
Ship "Fire Control Frigate" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    static: ships in your fleet re-roll 1 missed die in each volley
}
Module-Station "Deflector Array" {
    cost: 1R
    wounds: 2
    static: your Stations prevent the first wound they would suffer each round
}
Tactic "Jamming Field" {
    cost: 1C
    play: each opposing local ship gets -1 to volley rolls until end of engagement
}
Tactic "Double Tap" {
    cost: 1C
    play: target ship in your fleet may fire 2 additional volleys until end of turn
}
Tactic "Emergency Shields" {
    cost: 1C
    play: target ship in your fleet prevents the first 2 wounds each turn until end of turn
}
Event "Overcharged Guns" {
    cost: 1C
    timing: engagement
    play: each ship in your fleet gets +1 volley die until end of engagement and each ship in your fleet rerolls a missed die until end of engagement
}
