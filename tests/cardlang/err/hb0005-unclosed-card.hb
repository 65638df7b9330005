Ship "Open Ended" {
    class: Frigate
    cost: 1R
    attack: 2
    defense: 3
    wounds: 1

Ship "Next" {
    class: Frigate
    cost: 1R
    attack: 2
    defense: 3
    wounds: 1
}

Event "Never Closed Either" {
    cost: 1C
