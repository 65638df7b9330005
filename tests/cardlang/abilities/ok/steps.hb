# Steps: optional costs (§8.6), conditions, volley-die rolls (§9.37), sequences.
Event "Bribe" {
    cost: 0
    play: you may pay 2C to draw 2
}
Event "Optional Salvage" {
    cost: 0
    play: you may return target your Module-Ship to its owner's hand
}
Event "Field Repairs" {
    cost: 1R
    timing: engagement
    play: if you are defending then repair 2 wounds on target ship in your fleet else draw 1
}
Event "Gamble" {
    cost: 1C
    play: roll a volley die (1-5: discard 1) (6-9: draw 1) (10: draw 2 and gain 1C)
}
Event "Supply Run" {
    cost: 0
    play: gain 1R; draw 1; if you control 2 or more Transports then gain 1C
}
