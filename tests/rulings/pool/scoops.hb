# Cards for the rulings of leaving and joining the game: a discard asked of each opponent in
# turn (§7.2, §8.6), and a Setup Event that reaches another commander (I-20).

Event "Purge the Archives" {
    cost: 0
    text: "Each opposing Commander discards 1 card."
    play: each opponent discards 1
}

# A Setup Event that reaches another commander's cards, for I-20 (§4.6, §8.1).
Event "Sabotage at the Yards" {
    cost: 0
    text: "May be deployed during your Setup Phase. Deal 3 compulsory wounds to target opposing ship."
    override deploy-in-setup = yes
    play: deal 3 compulsory wounds to target opposing ship
}
