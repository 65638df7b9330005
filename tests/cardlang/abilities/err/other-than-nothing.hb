# HB0420: `other` means every such card but this one; where this card can never be one, or the
# cards are never in play with it (a search, a cost), `other` has nothing to be other than.
Module-Ship "Other On A Module" {
    cost: 1R
    static: each other Marine aboard host gets +1 attack
}
Event "Other In A Search" {
    cost: 1C
    play: search your Shipyard for an other Marine and put it in hand
}
Module-Station "Other In A Cost" {
    cost: 1R
    wounds: 2
    static: your other Marines cost 1C less
}
