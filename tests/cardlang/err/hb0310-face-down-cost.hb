# §3.4.4: a Face Up-Face Down module is deployed at no cost, so a printed cost is contradictory.
Module-Ship "Priced Decoy Beacon" {
    cost: 2R 1C
    fits: Battle Cruiser or larger
    traits: Face Up-Face Down
    text: "Flip face up when the attached ship is boarded: the attached ship gains Stealth until the end of the engagement."
    flip when host is boarded: host gains Stealth until end of engagement
}
