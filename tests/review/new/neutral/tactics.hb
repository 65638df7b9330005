# Neutral — Tactic cards any deck may use (§2.7). One copy per deck.

Tactic "Evasive Maneuvers" {
    cost: 1C
    text: "Target ship in your fleet gains +2 defense until the end of the engagement."
    play: target ship in your fleet gets +2 defense until end of engagement
}

Tactic "Focused Volley" {
    cost: 2C
    text: "Roll a volley of 2 dice at target opposing ship."
    play: volley 2 dice at target opposing ship
}

Tactic "Full Retreat" {
    cost: 2C
    text: "Ships in your fleet gain +1 defense until the end of the engagement, then retreat."
    play: ships in your fleet get +1 defense until end of engagement; retreat ships in your fleet
}

Tactic "Emergency Repairs" {
    cost: 1R 1C
    text: "Remove 2 wounds from target ship in your fleet."
    play: repair 2 wounds on target ship in your fleet
}
