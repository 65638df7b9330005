Ship "Kestrel" {
    class: Frigate
    cost: 1R
    attack: 2
    defense: 3
    wounds: 1
    traits: Escourt, Target Paint +2, Cloaked
}
