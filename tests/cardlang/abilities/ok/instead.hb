# Replacements: the event does not happen; the effect does.
Ship "Escape Pod Cruiser" {
    class: Cruiser
    cost: 4R 2C
    attack: 3
    defense: 5
    wounds: 3
    instead of being destroyed: return this to hand
}
Marine "Hardened Troopers" {
    cost: 1R
    attack: 2
    defense: 5
    wounds: 2
    instead of suffering compulsory wounds: draw 1
}
Ship "Slippery Destroyer" {
    class: Destroyer
    cost: 3R
    attack: 2
    defense: 5
    wounds: 2
    instead: boarded, retreat this
}
