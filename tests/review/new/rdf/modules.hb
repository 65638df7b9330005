# RDF — Module-Ship and Module-Marine cards (§2.3).
#
# Face Up-Face Down modules (§3.4.4) deploy at no cost and only on Battle Cruisers or larger.

Module-Ship "Reinforced Bulkheads" {
    faction: RDF
    cost: 2R 1C
    defense: +1
}

Module-Ship "Heavy Railgun Battery" {
    faction: RDF
    cost: 3R 2C
    attack: +2
    fits: Cruiser or larger
}

Module-Ship "Fleet Command Uplink" {
    faction: RDF only
    cost: 0
    fits: Battle Cruiser or larger
    traits: Face Up-Face Down
    text: "Flip face up at the start of an engagement: ships in this fleet gain Alpha Strike until the end of the engagement."
    flip when engagement starts: ships in your fleet gain Alpha Strike until end of engagement
}

Module-Marine "Breaching Charges" {
    faction: RDF
    cost: 1R 1C
    attack: +1
    text: "When the attached Marines board a ship, roll a volley die: on 6 or more, deal 1 compulsory wound to target opposing ship."
    when host boards: roll a volley die (6-10: deal 1 compulsory wound to target opposing ship)
}

# Ability language v2 (issue 17): deed triggers.

Module-Ship "Kill Tally Board" {
    faction: RDF
    cost: 1R
    text: "When the attached ship destroys an opposing ship, gain 1 Currency."
    when host destroys an opposing ship: gain 1C
}
