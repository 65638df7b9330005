# Corporate — Ships, from Fighter Wing to Capital Ship (§2.5).
#
# Expensive, clever hulls: electronic warfare (Jammer, Target Painter), Stealth and Annihilate.
# The Roc-class Battleship is the Target Painter example ship of §3.3.5.

Ship "Locust Drone Wing" {
    class: Fighter Wing
    faction: Corporate
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 1
    space: 1
}

Ship "Mantis Strike Drones" {
    class: Fighter Wing
    faction: Corporate
    cost: 2R 2C
    attack: 2
    defense: 5
    wounds: 1
    space: 1
    traits: Annihilate
}

Ship "Specter-class Frigate" {
    class: Frigate
    faction: Corporate
    cost: 3R 2C
    attack: 2
    defense: 3
    wounds: 2
    carries: 1 Marine
    traits: Escort, Stealth
}

Ship "Auditor-class Destroyer" {
    class: Destroyer
    faction: Corporate
    cost: 3R 2C
    attack: 2
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Target Painter +2, Hunter
}

Ship "Liquidator-class Destroyer" {
    class: Destroyer
    faction: Corporate
    cost: 4R 2C
    attack: 3
    defense: 5
    wounds: 3
    carries: 1 Marine
    traits: Annihilate, Hunter
}

Ship "Broker-class Cruiser" {
    class: Cruiser
    faction: Corporate
    cost: 4R 3C
    attack: 3
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Jammer +2
}

Ship "Vault-class Cruiser" {
    class: Cruiser
    faction: Corporate
    cost: 4R 4C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    text: "Instead of being boarded, gain 2 Currency."
    flavour: "Every hatch is a contract, and every contract has a penalty clause."
    instead of being boarded: gain 2C
}

Ship "Phantom-class Cruiser" {
    class: Cruiser
    faction: Corporate
    cost: 5R 3C
    attack: 4
    defense: 3
    wounds: 3
    carries: 1 Marine
    traits: Stealth
    flavour: "Insured against loss. Never yet claimed."
}

Ship "Venture-class Cruiser" {
    class: Cruiser
    faction: Corporate
    cost: 4R 2C
    attack: 3
    defense: 6
    wounds: 3
    carries: 1 Marine, 1 Wing
    text: "When deployed, gain 1C."
    when deployed: gain 1C
}

Ship "Magnate-class Battle Cruiser" {
    class: Battle Cruiser
    faction: Corporate
    cost: 7R 4C
    attack: 4
    defense: 6
    wounds: 4
    carries: 2 Marines, 1 Wing
    traits: Overload +5
}

Ship "Arbiter-class Battle Cruiser" {
    class: Battle Cruiser
    faction: Corporate
    cost: 6R 4C
    attack: 3
    defense: 6
    wounds: 4
    carries: 2 Marines, 2 Wings
    traits: Jammer +2, Target Painter +2
}

Ship "Dividend-class Freighter" {
    class: Transport
    faction: Corporate
    cost: 4R 3C
    income: 1R 2C
    attack: 1
    defense: 5
    wounds: 4
    carries: 1 Marine
}

Ship "Bullion-class Armored Transport" {
    class: Transport
    faction: Corporate
    cost: 6R 2C
    income: 2R 1C
    attack: 2
    defense: 6
    wounds: 5
    carries: 2 Marines
    traits: Resistant
}

Ship "Roc-class Battleship" {
    class: Battleship
    faction: Corporate
    cost: 9R 6C
    attack: 6
    defense: 7
    wounds: 5
    carries: 2 Marines, 2 Wings
    traits: Annihilate
}

Ship "Sovereign-class Battleship" {
    class: Battleship
    faction: Corporate
    cost: 8R 6C
    attack: 5
    defense: 7
    wounds: 5
    carries: 2 Marines, 2 Wings
    traits: Jammer +2, Regimented Wing
}

Ship "Zenith-class Capital Ship" {
    class: Capital Ship
    faction: Corporate
    cost: 14R 9C
    attack: 8
    defense: 8
    wounds: 7
    carries: 4 Marines, 4 Wings
    traits: Jammer +3, Annihilate, Unique
    flavour: "The board approved her budget in a single closed session."
}

# Ability language v2 (issue 17): deed triggers.

Ship "Spotter-class Frigate" {
    class: Frigate
    faction: Corporate
    cost: 2R 2C
    attack: 2
    defense: 5
    wounds: 2
    carries: 1 Marine
    text: "When this ship wounds a ship, that ship loses Stealth until the end of the engagement."
    when this ship wounds a ship: that ship loses Stealth until end of engagement
}
