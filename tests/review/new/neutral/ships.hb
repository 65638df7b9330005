# Neutral — mercenary and civilian Ships any deck may use (§2.5).

Ship   "Freelancer-class Frigate"   {
  # A layout change only: the review shows none.

        class:   Frigate
  cost:    2R   1C
    attack:     2
    defense: 4
    wounds: 2
    carries: 1 Marine
    traits: Escort
}

Ship "Privateer-class Destroyer" {
    class: Destroyer
    cost: 3R 1C
    attack: 3
    defense: 4
    wounds: 2
    carries: 1 Marine
    traits: Hunter
}

Ship "Free Trader Hauler" {
    class: Transport
    cost: 4R 2C
    income: 1R 1C
    attack: 1
    defense: 4
    wounds: 4
    carries: 1 Marine
}

Ship "Condottiere-class Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 4
    defense: 5
    wounds: 3
    carries: 1 Marine
    text: "During your Logistics Phase, pay 1C."
    flavour: "Loyal to the last payment."
    when your logistics phase: pay 1C
}
