# Fixture cards for the rulings that pin how a boarding action ends when it can go nowhere
# (issue #16: a game that never ended; I-66). Kept in their own file so pool.hb stays as it is.

Module-Ship "Test Militia Cache" {
    cost: 0
    fits: Battle Cruiser or larger
    traits: Face Up-Face Down
    text: "Flip face up when the attached ship is boarded: roll a volley of 3 dice at target opposing Marine."
    flip when host is boarded: volley 3 dice at target opposing Marine
}

Marine "Unarmed Deck Crew" {
    cost: 1C
    attack: 0
    defense: 5
    wounds: 1
}
