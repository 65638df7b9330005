Ship "Overflowing" {
    class: Frigate
    cost: 99999999999999999999R
    attack: 99999999999999999999
    defense: 21
    wounds: 1
    traits: Interceptor +0, Regimented Wing x0, Jammer +11
}

Marine "Enormous" {
    cost: 1R
    attack: 1
    defense: 1
    wounds: 1
    space: 0
}
