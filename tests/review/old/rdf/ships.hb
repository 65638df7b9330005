# RDF — Ships, from Fighter Wing to Capital Ship (§2.5).
#
# Bird-named hulls. Rulebook example ships kept with the figures their examples give:
# Zephyr (§3.1), Eagle (§3.1), Crow (§3.1), Seagull (§3.3.5), Merlin (§6.9.5),
# Griffin (§6.2, §6.9.1) and Phoenix (§6.2).

Ship "Zephyr Fighter Wing" {
    class: Fighter Wing
    faction: RDF
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 1
    space: 1
    traits: Interceptor +2
    flavour: "First off the deck, last to come home."
}

Ship "Kestrel Strike Wing" {
    class: Fighter Wing
    faction: RDF
    cost: 2R 1C
    attack: 2
    defense: 5
    wounds: 1
    space: 1
    traits: Alpha Strike
}

Ship "Merlin-class Frigate" {
    class: Frigate
    faction: RDF
    cost: 2R 1C
    attack: 2
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Escort
}

Ship "Harrier-class Frigate" {
    class: Frigate
    faction: RDF
    cost: 3R 1C
    attack: 2
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Interceptor +1, Escort
}

Ship "Crow-class Destroyer" {
    class: Destroyer
    faction: RDF
    cost: 3R 2C
    attack: 3
    defense: 5
    wounds: 3
    carries: 1 Marine
    traits: Fearless, Hunter
    flavour: "Crows find what hides."
}

Ship "Shrike-class Destroyer" {
    class: Destroyer
    faction: RDF
    cost: 3R 1C
    attack: 3
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Alpha Strike, Hunter
}

Ship "Seagull-class Cruiser" {
    class: Cruiser
    faction: RDF
    cost: 4R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    traits: Target Painter +3
}

Ship "Falcon-class Cruiser" {
    class: Cruiser
    faction: RDF
    cost: 5R 2C
    attack: 4
    defense: 6
    wounds: 3
    carries: 1 Marine, 1 Wing
}

Ship "Osprey-class Assault Cruiser" {
    class: Cruiser
    faction: RDF
    cost: 5R 3C
    attack: 3
    defense: 6
    wounds: 3
    carries: 2 Marines
    traits: Regimented Marine
}

Ship "Eagle-class Battle Cruiser" {
    class: Battle Cruiser
    faction: RDF
    cost: 6R 4C
    attack: 4
    defense: 6
    wounds: 4
    carries: 2 Marines, 2 Wings
    # The §3.1 stacking example: the Eagle grants Interceptor +1 to every ship of its fleet,
    # itself included.
    text: "Ships in your fleet gain Interceptor +1."
    static: ships in your fleet gain Interceptor +1
}

Ship "Condor-class Battle Cruiser" {
    class: Battle Cruiser
    faction: RDF
    cost: 6R 3C
    attack: 3
    defense: 6
    wounds: 4
    carries: 1 Marine, 3 Wings
    traits: Regimented Wing
    flavour: "A flight deck with an escort's guns bolted on."
}

Ship "Valkyrie-class Battle Cruiser" {
    class: Battle Cruiser
    faction: RDF only
    prototype
    cost: 7R 4C
    attack: 5
    defense: 6
    wounds: 4
    carries: 2 Marines
    traits: Overload +4, Alpha Strike
    text: "When this unit rolls a natural 1, deal 1 compulsory wound to this unit."
    when rolls a natural 1: deal 1 compulsory wound to this
}

Ship "Albatross-class Transport" {
    class: Transport
    faction: RDF
    cost: 4R 2C
    income: 1R 1C
    attack: 1
    defense: 5
    wounds: 4
    carries: 2 Marines
}

Ship "Griffin-class Battleship" {
    class: Battleship
    faction: RDF
    cost: 8R 5C
    attack: 5
    defense: 7
    wounds: 5
    carries: 2 Marines, 1 Wing
    traits: Regimented Marine x2
    flavour: "The backbone of the RDF line."
}

Ship "Thunderbird-class Battleship" {
    class: Battleship
    faction: RDF
    cost: 9R 5C
    attack: 6
    defense: 7
    wounds: 5
    carries: 2 Marines, 2 Wings
    traits: Stoic
}

Ship "Phoenix-class Capital Ship" {
    class: Capital Ship
    faction: RDF
    cost: 13R 8C
    attack: 8
    defense: 8
    wounds: 8
    carries: 4 Marines, 4 Wings
    traits: Stoic, Unique
    flavour: "Her last broadside is always her loudest."
}

# Ability language v2 (issue 17): deed triggers.

Ship "Goshawk-class Destroyer" {
    class: Destroyer
    faction: RDF
    cost: 3R 2C
    attack: 3
    defense: 5
    wounds: 3
    carries: 1 Marine
    text: "When this ship destroys an opposing Fighter Wing, gain 1 Resource."
    when this ship destroys an opposing Fighter Wing: gain 1R
}

# Ability language v2 (issue 17): combat modifiers.

Ship "Kestrel-class Gunship" {
    class: Destroyer
    faction: RDF
    cost: 4R 2C
    attack: 2
    defense: 5
    wounds: 3
    text: "This ship may fire one additional volley each volley turn."
    static: this may fire 1 additional volley each volley turn
}
