Ship "Kestrel" {
    class: Frigate
    cost: 1R
    atack: 2
    defense: 3
    wounds: 1
    Stealth
    wehn: deployed, draw 1
    colour: "blue"
}
