# HB0409: a Station's rule printed `for this` on a Ship can never take effect (§6.9.4).
Ship "Boarding Cutter" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 4
    wounds: 2
    text: "Marines aboard this ship may board."
    override station-marines-board = yes
}
