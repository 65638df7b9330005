# Neutral — Event cards any deck may use (§2.6). One copy per deck (§2.1.2).
#
# "An Unexpected Turn of Events" (§2.1.2), "Shipboard Spies" and "Diplomacy First" (§6.8)
# are the rulebook's example Events.

Event "An Unexpected Turn of Events" {
    cost: 1C
    text: "Roll a volley die: on 6 or more, draw 2 cards. Otherwise, discard 1 card."
    play: roll a volley die (1-5: discard 1) (6-10: draw 2)
}

Event "Shipboard Spies" {
    cost: 2C
    text: "Deploy at the start of an engagement. The opposing Commander discards their hand."
    timing: start of engagement
    play: opponent discards their hand
}

Event "Diplomacy First" {
    cost: 3C
    text: "Deploy at the start of an engagement. Immediately cancel the engagement."
    flavour: "Talk first. The guns will keep."
    timing: start of engagement
    play: immediately cancel this engagement
}

Event "Supply Convoy" {
    cost: 1R
    text: "May be deployed during your Setup Phase. Gain 3C."
    override deploy-in-setup = yes
    play: gain 3C
}

Event "Solar Flare" {
    cost: 2C
    text: "Roll a volley die: on 6 or more, deal 1 compulsory wound to each Fighter Wing."
    play: roll a volley die (6-10: deal 1 compulsory wound to each Fighter Wing)
}

Event "Sabotage" {
    cost: 3C
    text: "Destroy target opposing Module-Ship card."
    play: destroy target opposing Module-Ship
}

Event "Catastrophic Reactor Breach" {
    cost: 4C
    text: "Immediately destroy target opposing Frigate or smaller."
    play: immediately destroy target opposing Frigate or smaller
}
