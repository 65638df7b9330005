# Issue #40, part 3.1: `it` names the one card the trigger sentence names — the card it watches
# (`any ...`, `a ... you control`, `an opposing ship`), or this card or its host.
Module-Station "It Punishes Retreat" {
    cost: 1R
    wounds: 2
    when an opposing ship retreats: deal 1 compulsory wound to it
}
Module-Station "It Drills Marines" {
    cost: 1R
    wounds: 2
    when a Marine you control is deployed: it gets +1 attack until end of turn
}
Module-Station "It Salvages" {
    cost: 1R
    wounds: 2
    when any ship you control boards: repair 1 wound on it
}
Ship "It Is This Ship" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when this ship retreats: repair 1 wound on it
}
Module-Ship "It Is Host" {
    cost: 1R
    when host is boarded: host gets +1 defense until end of engagement and repair 1 wound on it
}
# `is wounded`: any wound, of volley fire or compulsory; `a ship of yours` is `a ship you
# control`.
Module-Station "It Patches Any Wound" {
    cost: 1R
    wounds: 2
    when a ship of yours is wounded: repair 1 wound on it
}
# In a replacement, `it` is this card, the one the replaced event is about: "If this ship would
# be destroyed, instead return it to its owner's hand" (issue #40 §2).
Ship "It Is Replaced" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    instead of being destroyed: return it to its owner's hand
}
