# Cards whose abilities the engine interprets (effects/): overrides (§8.1), cost modifiers
# (§8.4), income and hand size statics (§5.3.1, §5.3.2), Event and Tactic plays (§2.6, §2.7,
# §6.8) and triggers (§5.3.5, §5.4.4, §9.11, §9.12). Each card exercises one construct.

Station "Sprawling Platform" {
    faction: Corporate
    income: 2R 2C
    attack: 2
    defense: 5
    wounds: 12
    carries: 1 Marine
    text: "This Station may attach six Module-Station cards."
    override station-module-limit = 6
}

Module-Station "Habitat Ring" {
    cost: 1R 1C
    wounds: 2
}

Module-Station "Docking Arm" {
    cost: 1R 1C
    wounds: 2
}

Module-Station "Drydock Office" {
    cost: 2R 1C
    wounds: 3
    text: "Your ships cost 2 Resource less to deploy."
    static: your ships cost 2R less
}

Module-Station "Customs Levy" {
    cost: 1R 1C
    wounds: 3
    text: "Opposing ships cost 1 Currency more to deploy."
    static: opposing ships cost 1C more
}

Module-Station "Recruiting Office" {
    cost: 1R 1C
    wounds: 3
    text: "Your hand size is increased by 1. Your income is increased by 1 Currency. This module produces 1 more Resource."
    static: your hand size +1
    static: your income +1C
    static: this gets +1R income
}

Module-Station "Ore Processor" {
    cost: 1R 1C
    wounds: 3
    text: "During your Logistics Phase, gain 1 Resource."
    when your logistics phase: gain 1R
}

Module-Station "Assembly Line" {
    cost: 1R 1C
    wounds: 3
    text: "During your Manufacturing Phase, draw 1 card."
    when your manufacturing phase: draw 1
}

Ship "Courier Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    text: "When deployed, draw 1 card. When destroyed, gain 2 Currency."
    when deployed: draw 1
    when destroyed: gain 2C
}

Ship "Armoured Hauler" {
    class: Cruiser
    cost: 3R 2C
    attack: 2
    defense: 6
    wounds: 3
    traits: Resistant
}

Event "Early Warning" {
    cost: 1C
    text: "May be deployed during your Setup Phase. Draw 1 card."
    override deploy-in-setup = yes
    play: draw 1
}

Event "Windfall" {
    cost: 0
    text: "Gain 6 Resource and 2 Currency."
    play: gain 6R 2C
}

Event "Sabotage" {
    cost: 1C
    text: "Deal 2 compulsory wounds to target opposing ship."
    play: deal 2 compulsory wounds to target opposing ship
}

Event "Requisition" {
    cost: 0
    text: "Take 3 Currency from target opponent."
    play: take 3C from target opponent
}

Event "Scrap Order" {
    cost: 2C
    timing: engagement
    text: "Immediately destroy target opposing damaged ship."
    play: immediately destroy target opposing damaged ship
}

Event "Salvage Crews" {
    cost: 1R
    text: "Repair 2 wounds on target damaged ship in your fleet."
    play: repair 2 wounds on target damaged ship in your fleet
}

Event "Shipyard Manifest" {
    cost: 1C
    text: "Search your Shipyard for a Frigate and put it in your hand."
    play: search your shipyard for a Frigate and put it in hand
}

Event "Emergency Levy" {
    cost: 0
    text: "Search your Shipyard for a Frigate and deploy it at no cost."
    timing: your manufacturing phase
    play: search your shipyard for a Frigate and deploy it free
}

Event "Bribe" {
    cost: 0
    text: "You may pay 2 Currency to draw 2 cards."
    play: you may pay 2C to draw 2
}

Event "Gamble" {
    cost: 0
    text: "Roll a volley die. 1-5: discard a card. 6-10: gain 1 Resource and 1 Currency."
    play: roll a volley die (1-5: discard 1) (6-10: gain 1R 1C)
}

Event "Shipboard Spies" {
    cost: 1C
    timing: start of engagement
    text: "Deploy at the start of an engagement. The opposing Commander discards their hand."
    play: opponent discards their hand
}

Event "Diplomacy First" {
    cost: 2C
    timing: start of engagement
    text: "Deploy at the start of an engagement. Immediately cancel the engagement."
    play: immediately cancel this engagement
}

Tactic "Broadside" {
    cost: 1C
    text: "Volley 3 dice at target opposing ship."
    play: volley 3 dice at target opposing ship
}

Module-Ship "Ambush Battery" {
    cost: 0
    traits: Face Up-Face Down
    text: "Flip when an engagement starts: deal 1 compulsory wound to each opposing local ship."
    flip when engagement starts: deal 1 compulsory wound to each opposing local ship
}

Ship "Gunnery Cruiser" {
    class: Cruiser
    cost: 4R 3C
    attack: 2
    defense: 6
    wounds: 3
    carries: 1 Marine
    text: "When this ship rolls a natural 10, deal 1 compulsory wound to target opposing ship."
    when rolls a natural 10: deal 1 compulsory wound to target opposing ship
}

Marine "Boarding Scouts" {
    cost: 1R 1C
    attack: 1
    defense: 5
    wounds: 2
    space: 1
    text: "When these Marines board, gain 1 Currency."
    when boards: gain 1C
}

Ship "Decoy Frigate" {
    class: Frigate
    cost: 2R 1C
    attack: 1
    defense: 5
    wounds: 2
    text: "Instead of suffering compulsory wounds, its commander draws 1 card."
    instead of suffering compulsory wounds: draw 1
}

Event "Mine Field" {
    cost: 1R
    text: "Deal 1 compulsory wound to each opposing ship."
    play: deal 1 compulsory wound to each opposing ship
}

Tactic "Long Range Support" {
    cost: 1C
    text: "May be deployed into an engagement you are not involved in. Deal 1 compulsory wound to target ship."
    override tactic-in-other-engagements = yes
    play: deal 1 compulsory wound to target ship
}

Event "Scuttling Charges" {
    cost: 0
    text: "Sacrifice target ship in your fleet and gain 2 Resource."
    play: sacrifice target ship in your fleet and gain 2R
}

Tactic "Brace for Impact" {
    cost: 1C
    text: "Target ship in your fleet gets +2 defense until the end of the engagement."
    play: target ship in your fleet gets +2 defense until end of engagement
}
