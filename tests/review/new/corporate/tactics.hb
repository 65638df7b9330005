# Corporate — Tactic cards (§2.7): deployed only during an engagement. One copy per deck.

Tactic "Signal Jamming" {
    faction: Corporate
    cost: 1C
    text: "Target opposing ship gets -2 attack until the end of the engagement."
    play: target opposing ship gets -2 attack until end of engagement
}

Tactic "Orbital Strike Contract" {
    faction: Corporate
    cost: 3C
    text: "Deal 2 compulsory wounds to target opposing ship."
    play: deal 2 compulsory wounds to target opposing ship
}

Tactic "Cut Your Losses" {
    faction: Corporate
    cost: 1C
    text: "Return target ship in your fleet to its owner's hand."
    play: return target ship in your fleet to its owner's hand
}

# Ability language v2 (issue 17): combat modifiers with a duration.

Tactic "Signal Scrambler" {
    faction: Corporate
    cost: 2C
    text: "Until the end of the engagement, opposing local ships get -1 to their volley rolls."
    play: each opposing local ship gets -1 to volley rolls until end of engagement
}
