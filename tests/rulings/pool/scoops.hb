# A discard asked of each opponent in turn, for the scoop rulings (§7.2, §8.6).

Event "Purge the Archives" {
    cost: 0
    text: "Each opposing Commander discards 1 card."
    play: each opponent discards 1
}
