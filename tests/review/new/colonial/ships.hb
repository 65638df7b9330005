# Colonial — Ships, from Fighter Wing to Capital Ship (§2.5).
#
# Beast-named, patched-together hulls that shrug off damage. Rulebook example ships kept with
# the figures their examples give: Sparrow (§3.1), Cockatrice (§6.2) and Dragon (§6.2).

Ship "Sparrow Fighter Wing" {
    class: Fighter Wing
    faction: Colonial
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 1
    space: 1
    flavour: "Cheap, plentiful, and flown by farmers' children."
}

Ship "Hornet Bomber Wing" {
    class: Fighter Wing
    faction: Colonial
    cost: 2R 1C
    attack: 2
    defense: 4
    wounds: 2
    space: 2
    traits: Overload +3
}

Ship "Salamander-class Frigate" {
    class: Frigate
    faction: Colonial
    cost: 2R 1C
    attack: 2
    defense: 4
    wounds: 2
    carries: 1 Marine
    traits: Escort, Resistant
}

Ship "Pioneer-class Frigate" {
    class: Frigate
    faction: Colonial
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Repair +1, Escort
}

Ship "Runabout-class Frigate" {
    class: Frigate
    faction: Colonial
    cost: 2R 2C
    attack: 1
    defense: 5
    wounds: 2
    text: "Instead of being destroyed, return this ship to its owner's hand."
    flavour: "Her crew bail out early and often, and come back for more."
    instead of being destroyed: return this to hand
}

Ship "Basilisk-class Destroyer" {
    class: Destroyer
    faction: Colonial
    cost: 3R 1C
    attack: 3
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Hunter
}

Ship "Manticore-class Destroyer" {
    class: Destroyer
    faction: Colonial
    cost: 4R 2C
    attack: 3
    defense: 5
    wounds: 3
    carries: 1 Marine
    traits: Hunter, Stoic
}

Ship "Cockatrice-class Cruiser" {
    class: Cruiser
    faction: Colonial
    cost: 4R 2C
    attack: 3
    defense: 6
    wounds: 3
    carries: 1 Marine, 1 Wing
}

Ship "Wyvern-class Cruiser" {
    class: Cruiser
    faction: Colonial
    cost: 5R 2C
    attack: 3
    defense: 5
    wounds: 4
    carries: 2 Marines
    traits: Regimented Marine
}

Ship "Chimera-class Cruiser" {
    class: Cruiser
    faction: Colonial
    cost: 5R 3C
    attack: 4
    defense: 6
    wounds: 3
    carries: 1 Marine
    text: "When this unit rolls a natural 10, deal 1 compulsory wound to target opposing ship."
    when rolls a natural 10: deal 1 compulsory wound to target opposing ship
}

Ship "Hydra-class Battle Cruiser" {
    class: Battle Cruiser
    faction: Colonial
    cost: 6R 3C
    attack: 5
    defense: 6
    wounds: 5
    carries: 2 Marines, 1 Wing
    traits: Stoic
}

Ship "Gorgon-class Battle Cruiser" {
    class: Battle Cruiser
    faction: Colonial
    cost: 6R 4C
    attack: 4
    defense: 6
    wounds: 5
    carries: 2 Marines, 2 Wings
    traits: Repair +2
}

Ship "Homestead-class Transport" {
    class: Transport
    faction: Colonial
    cost: 4R 2C
    income: 1R 1C
    attack: 1
    defense: 4
    wounds: 4
    carries: 3 Marines
}

Ship "Ox-class Ore Hauler" {
    class: Transport
    faction: Colonial
    cost: 5R 1C
    income: 2R
    attack: 0
    defense: 5
    wounds: 5
    carries: 1 Marine
    traits: Resistant
}

Ship "Dragon-class Battleship" {
    class: Battleship
    faction: Colonial
    cost: 8R 5C
    attack: 5
    defense: 7
    wounds: 5
    carries: 3 Marines, 2 Wings
    traits: Resistant
}

Ship "Minotaur-class Battleship" {
    class: Battleship
    faction: Colonial
    cost: 8R 4C
    attack: 4
    defense: 7
    wounds: 6
    carries: 4 Marines
    traits: Regimented Marine
    flavour: "Half warship, half troop barracks, all stubbornness."
}

Ship "Leviathan-class Capital Ship" {
    class: Capital Ship
    faction: Colonial
    cost: 12R 8C
    attack: 7
    defense: 8
    wounds: 9
    carries: 6 Marines, 2 Wings
    traits: Repair +2, Resistant, Unique
}

# Ability language v2 (issue 17): deed triggers.

Ship "Tumbleweed-class Frigate" {
    class: Frigate
    faction: Colonial
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    carries: 1 Marine
    text: "When this ship retreats, remove all wounds from it."
    when this ship retreats: repair all wounds on this
}

Ship "Warden-class Destroyer" {
    class: Destroyer
    faction: Colonial
    cost: 3R 1C
    attack: 2
    defense: 5
    wounds: 3
    carries: 1 Marine
    text: "When this ship is boarded by a ship, deal 1 compulsory wound to that ship."
    when this ship is boarded by a ship: deal 1 compulsory wound to that ship
}
