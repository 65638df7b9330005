# HB0407: timing only on Events and Tactics; a Tactic only in engagements (§2.7).
Tactic "Tactic Any Time" {
    cost: 1C
    timing: any time
    play: draw 1
}
Ship "Timed Ship" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 4
    wounds: 2
    timing: start of engagement
}
