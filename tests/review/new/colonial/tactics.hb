# Colonial — Tactic cards (§2.7): deployed only during an engagement. One copy per deck.

Tactic "Ramming Speed" {
    faction: Colonial only
    cost: 1C
    text: "Sacrifice a Frigate in your fleet. Deal 3 compulsory wounds to target opposing ship."
    play: sacrifice target Frigate in your fleet; deal 3 compulsory wounds to target opposing ship
}

Tactic "Dig In" {
    faction: Colonial
    cost: 2C
    text: "Your Station gains +2 defense until the end of the engagement."
    play: your Stations get +2 defense until end of engagement
}

Tactic "Stand Fast" {
    faction: Colonial
    cost: 1C
    text: "Target ship in your fleet gains Stoic until the end of the engagement."
    play: target ship in your fleet gains Stoic until end of engagement
}
