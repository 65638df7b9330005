# HB0401: `instead of` an event that cannot be replaced lists those that can.
Ship "Lifeboat" {
    class: Frigate
    cost: 1R
    attack: 1
    defense: 2
    wounds: 1
    instead of being destoryed: return this to hand
}
