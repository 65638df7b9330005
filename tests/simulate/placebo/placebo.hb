# The placebo of tests/tests/placebo.rs: the Merlin-class Frigate (cards/rdf/ships.hb) under
# another name, line for line. Anything the report says about it beyond "no clear
# difference" is noise or bias in the report, never the card.

Ship "Placebo-class Frigate" {
    class: Frigate
    faction: RDF
    cost: 2R 1C
    attack: 2
    defense: 5
    wounds: 2
    carries: 1 Marine
    traits: Escort
}
