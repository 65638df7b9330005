Ship "Doubled" {
    class: Cruiser
    cost: 4R 2C
    attack: 3
    defense: 6
    wounds: 3
    carries: 2 Marines, 1 Wing
    traits: Stealth, Interceptor +1, Regimented Wing, Stealth, Interceptor +2, Regimented Marine
}
