# Issue #40 §1: the readings that were silent, each now saying what it does.
# `that ship` after a trigger watching `a ship you control` names the ship it watched (the
# wounded one); `that unit` names the other card of the deed (the unit that fired).
Module-Station "Reading Field Repairs" {
    cost: 1R
    wounds: 2
    when a ship you control is wounded by a unit: repair 1 wound on that ship
}
Module-Station "Reading Return Fire" {
    cost: 1R
    wounds: 2
    when a ship you control is wounded by a unit: deal 1 compulsory wound to that unit
}
# An engagement watched for this card (or its host) is one it is in; with no card named,
# every engagement its controller fights.
Ship "Reading Own Engagement" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when this ship engagement starts: this gets +1 attack until end of engagement
}
Module-Ship "Reading Host Engagement" {
    cost: 1R
    when host engagement ends: repair 1 wound on host
}
Module-Station "Reading Every Engagement" {
    cost: 1R
    wounds: 2
    when engagement ends: draw 1
}
# A returned card goes to its owner's hand.
Tactic "Reading Owner's Hand" {
    cost: 1C
    play: return target ship in your fleet to its owner's hand
}
# `this ship` is this card, and on a Module its host is `host`.
Module-Station "Reading Station Wound" {
    cost: 1R
    wounds: 2
    when host is boarded: deal 1 compulsory wound to host
}
