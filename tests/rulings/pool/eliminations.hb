# Cards that destroy Stations outside volley fire, for the elimination rulings (§6.3, §7.1.3,
# §5.6, §7.1) and the game sweep (`hullbreach sweep --feature tests/rulings/pool/eliminations.hb`).

Event "Orbital Bombardment" {
    cost: 2R 2C
    text: "Deal 10 compulsory wounds to target opposing Station."
    play: deal 10 compulsory wounds to target opposing Station
}

Event "Reactor Sabotage" {
    cost: 1C
    text: "Deal 3 compulsory wounds to target opposing Module-Station."
    play: deal 3 compulsory wounds to target opposing Module-Station
}

Tactic "Long Range Bombardment" {
    cost: 1R 1C
    text: "May be deployed into an engagement you are not involved in. Deal 10 compulsory wounds to target opposing Station."
    override tactic-in-other-engagements = yes
    play: deal 10 compulsory wounds to target opposing Station
}

Event "Setup Raid" {
    cost: 0
    text: "May be deployed during your Setup Phase. Take 3 Currency from target opponent."
    override deploy-in-setup = yes
    play: take 3C from target opponent
}

Event "Orbital Barrage" {
    cost: 1R
    text: "Deal 2 compulsory wounds to each opposing Station."
    play: deal 2 compulsory wounds to each opposing Station
}
