# HB0417: `it` is the one card a trigger's sentence names; where the sentence names none (a
# play, a static, a moment of a commander) or two (a deed with its other card written), `it`
# would be a guess. (In a replacement it is this card: tests/cardlang/abilities/ok/it.hb.)
Event "It In Play" {
    cost: 1C
    timing: engagement
    play: deal 1 compulsory wound to it
}
Module-Station "It In Static" {
    cost: 1R
    wounds: 2
    static: it gets +1 attack
}
Module-Station "It On A Turn" {
    cost: 1R
    wounds: 2
    when your turn starts: repair 1 wound on it
}
Module-Station "It Of Two" {
    cost: 1R
    wounds: 2
    when a ship you control is wounded by a unit: repair 1 wound on it
}
Ship "It Of This Deed" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when this ship destroys an opposing ship: deal 1 compulsory wound to it
}
