# A Transport rule printed `for this` on a Cruiser, and a Fighter Wing rule on a Frigate, can
# never take effect (§2.5.6, §2.5.1, §8.1). character-conscription is a Commander's rule, so
# with no scope it reads `for you` and the Character's card is accepted (§5.4.3).

Ship "Cargo Dreamer" {
    class: Cruiser
    cost: 3R 2C
    attack: 2
    defense: 5
    wounds: 3
    override transport-modules = yes
}

Ship "Wing Dreamer" {
    class: Frigate
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 2
    override fighter-wing-attachments = yes
}

Marine-Character "Draftee Hero" {
    cost: 2R 2C
    attack: 2
    defense: 6
    wounds: 2
    override character-conscription = yes
}
