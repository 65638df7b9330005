# One card per base rule the engine honoured only from this issue on (§8.1, issue #11): each
# overrides one rule, and the ruling `golden-<rule>` shows the outcome change.

Station "Open Citadel" {
    faction: RDF
    income: 2R 2C
    attack: 3
    defense: 7
    wounds: 10
    carries: 2 Marines, 2 Wings
    text: "This Station may be targeted in the first round of an engagement."
    override station-first-round-shield = no
}

Station "Boarding Dock Station" {
    faction: RDF
    income: 2R 2C
    attack: 3
    defense: 7
    wounds: 10
    carries: 2 Marines
    text: "Marines aboard this Station may board."
    override station-marines-board = yes
}

Station "Mobile Fortress" {
    faction: RDF
    income: 2R 2C
    attack: 3
    defense: 7
    wounds: 10
    carries: 2 Marines
    text: "This Station may join your attacks."
    override station-joins-attack = yes
}

Station "Redundant Grid Station" {
    faction: RDF
    income: 2R 2C
    attack: 3
    defense: 7
    wounds: 10
    carries: 2 Marines
    text: "This Station may attach two copies of each Module-Station."
    override station-module-copies = 2
}

Station "Academy Station" {
    faction: RDF
    income: 2R 2C
    attack: 3
    defense: 7
    wounds: 10
    carries: 2 Marines
    text: "Your Marine-Characters may be Conscripted."
    override character-conscription = yes for you
}

Marine-Character "Drill Sergeant Okoro" {
    cost: 2R 2C
    attack: 2
    defense: 6
    wounds: 2
}

Ship "Shade-class Cruiser" {
    class: Cruiser
    cost: 3R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Stealth
    text: "Stealth gives this ship +2 defense, not +5."
    override stealth-bonus = 2
}

Ship "Leaky-class Cruiser" {
    class: Cruiser
    cost: 3R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Stealth
    text: "This ship may be boarded by ships without Hunter."
    override stealth-boardable = yes
}

Ship "Lancer-class Destroyer" {
    class: Destroyer
    cost: 2R 2C
    attack: 2
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Alpha Strike
    text: "Alpha Strike gives this ship +5, not +3."
    override alpha-strike-bonus = 5
}

Ship "Gentle-class Battleship" {
    class: Battleship
    cost: 5R 5C
    attack: 3
    defense: 7
    wounds: 5
    carries: 2 Marines
    traits: Annihilate
    text: "A natural 10 of this ship deals two wounds, not three."
    override annihilate-wounds = 2
}

Ship "Picket-class Frigate" {
    class: Frigate
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Escort
    text: "This ship may cancel two boarding actions each Escort Phase."
    override escort-cancels = 2
}

Ship "Surge-class Battleship" {
    class: Battleship
    cost: 5R 5C
    attack: 2
    defense: 7
    wounds: 5
    carries: 2 Marines
    traits: Overload +3
    text: "This ship may Overload twice per engagement."
    override overload-per-engagement = 2
}

Ship "Wildcard-class Cruiser" {
    class: Cruiser
    cost: 3R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Fearless
    text: "This ship may make the Fearless swap twice per engagement."
    override fearless-per-engagement = 2
}

Ship "Polymath-class Cruiser" {
    class: Cruiser
    cost: 3R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Jammer +1, Target Painter +2
    text: "This ship may use two active traits in one volley turn."
    override active-traits-per-volley = 2
}

Event "Standing Orders" {
    cost: 1C
    text: "Draw a card. This Event stays in play."
    play: draw 1
    override event-stays-in-play = yes
}

Ship "Heavy Strike Wing" {
    class: Fighter Wing
    cost: 1R 1C
    attack: 2
    defense: 5
    wounds: 2
    space: 1
    text: "Module-Ship cards may be attached to this Fighter Wing."
    override fighter-wing-attachments = yes
}

Ship "Muster-class Battleship" {
    class: Battleship
    cost: 4R 4C
    attack: 3
    defense: 7
    wounds: 5
    carries: 2 Marines
    traits: Regimented Marine
    text: "Its Regimented Marine may come from your hand."
    override regimented-from-hand = yes
}

Module-Ship "Compact Uplink" {
    cost: 0
    traits: Face Up-Face Down
    text: "This Module may be attached to Cruisers."
    override face-down-min-class = Cruiser
}

Ship "Scramble-class Frigate" {
    class: Frigate
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 2
    carries: 1 Marine
    text: "This ship may be deployed during an engagement."
    override deploy-in-engagement = yes
}

Tactic "Forward Orders" {
    cost: 1C
    text: "May be deployed during your Setup Phase. Draw a card."
    play: draw 1
    override deploy-in-setup = yes
}
