# HB0416: a Unique limit of 0 would keep the card itself out of play (§3.4.11).
Ship "Shy Flagship" {
    class: Battleship
    cost: 8R 6C
    attack: 5
    defense: 6
    wounds: 5
    traits: Unique
    text: "No copy of this ship may be in play."
    override unique-in-play = 0
}
