# Issue #40, part 3.5: `other` is every such card but the one the ability is printed on (I-101).
Marine-Character "Other Marines Rally" {
    cost: 2R 3C
    attack: 3
    defense: 6
    wounds: 3
    static: each other Marine aboard host gets +1 attack
}
# `aboard the same ship or Station` is `aboard host`, as explain writes it on a Marine.
Marine-Character "Other Marines Aboard The Same" {
    cost: 2R 3C
    attack: 3
    defense: 6
    wounds: 3
    static: each other Marine aboard the same ship or Station gets +1 defense
}
Ship "Other Ships Screen" {
    class: Cruiser
    cost: 3R 3C
    attack: 2
    defense: 6
    wounds: 3
    static: each other ship in your fleet gets +1 defense
}
Ship "Other Ship Lost" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when any other ship you control is destroyed: draw 1
}
