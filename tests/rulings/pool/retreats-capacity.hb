# Cards for the retreat, capacity and deadlock rulings (issue #13): a Station that cannot fire,
# a Module-Station that adds Marine and Wing capacity, and a card whose text grants capacity
# while it is in play.

Station "Derelict Station" {
    faction: RDF
    income: 1R 1C
    attack: 0
    defense: 6
    wounds: 10
    carries: 1 Marine
}

Module-Station "Hangar Module" {
    cost: 2R 2C
    wounds: 2
    carries: 1 Marine, 1 Wing
}

Ship "Tender-class Cruiser" {
    class: Cruiser
    cost: 3R 3C
    attack: 1
    defense: 6
    wounds: 1
    carries: 1 Marine
    text: "Your Station gets +1 Marine capacity."
    static: your station gets +1 marine capacity
}

Event "Double Tap" {
    cost: 0
    text: "Deal 2 compulsory wounds to target opposing ship and deal 2 compulsory wounds to target opposing ship."
    play: deal 2 compulsory wounds to target opposing ship and deal 2 compulsory wounds to target opposing ship
}

Ship "Relay-class Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 1
    text: "When deployed: target ship in your fleet gets +1 Marine capacity while this is in play."
    when deployed: target ship in your fleet gets +1 marine capacity while attached
}
