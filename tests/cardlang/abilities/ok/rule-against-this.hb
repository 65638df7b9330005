# Issue #40, part 3.10: a Golden-Rule override of a base rule against this card (I-99): the
# rule as it stands for whichever unit this card meets — the units it fires at.
Ship "Scanning Frigate" {
    class: Frigate
    cost: 2R
    attack: 2
    defense: 5
    wounds: 2
    override stealth-bonus = 2 against this ship
}
Station "Scanning Station" {
    faction: RDF
    income: 3R 2C
    attack: 3
    defense: 7
    wounds: 10
    override stealth-bonus = 0 against this
}
