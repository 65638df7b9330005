# Corporate — Event cards (§2.6). One copy per deck (§2.1.2).

Event "Hostile Takeover" {
    faction: Corporate
    cost: 2C
    text: "Take 2C from target opposing Commander."
    play: take 2C from target opponent
}

Event "Insider Trading" {
    faction: Corporate
    cost: 2C
    text: "Draw 2 cards."
    play: draw 2
}

Event "Bribed Officials" {
    faction: Corporate only
    cost: 3C
    text: "Deploy at the start of an engagement. Return target opposing Cruiser or smaller to its owner's hand."
    timing: start of engagement
    play: return target opposing Cruiser or smaller to its owner's hand
}

Event "Hostile Audit" {
    faction: Corporate
    cost: 1R 1C
    text: "Detach target opposing Module-Ship; it goes to its owner's Scrapheap."
    play: detach target opposing Module-Ship
}
