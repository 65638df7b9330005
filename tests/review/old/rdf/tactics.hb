# RDF — Tactic cards (§2.7): deployed only during an engagement. One copy per deck.

Tactic "Hold the Line" {
    faction: RDF
    cost: 2C
    text: "Ships in your fleet gain +1 defense until the end of the engagement."
    play: ships in your fleet get +1 defense until end of engagement
}

Tactic "Concentrated Fire" {
    faction: RDF
    cost: 1R 2C
    text: "Roll a volley of 3 dice at target opposing ship."
    play: volley 3 dice at target opposing ship
}

Tactic "Combat Air Patrol" {
    faction: RDF only
    cost: 1C
    text: "Deploy at the start of an engagement. Fighter Wings in your fleet gain Interceptor +1 until the end of the engagement."
    timing: start of engagement
    play: Fighter Wings in your fleet gain Interceptor +1 until end of engagement
}

Tactic "Fighting Withdrawal" {
    faction: RDF
    cost: 1C
    text: "Target ship in your fleet retreats. Draw 1 card."
    play: retreat target ship in your fleet; draw 1
}

# Ability language v2 (issue 17): combat modifiers with a duration.

Tactic "Concentrated Barrage" {
    faction: RDF
    cost: 2C
    text: "Until the end of the round, target ship in your fleet gets +2 to its volley rolls."
    play: target ship in your fleet gets +2 to volley rolls until end of round
}
