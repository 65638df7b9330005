# Class lists in filters (§2.5): `Frigate or Destroyer`, `Frigates, Destroyers or Cruisers`.
# Every item is a capitalised class name; `Cruiser or larger` after one class is a size, never
# a list item.
Breakthru "Light Hull Subsidy" {
    cost: 0
    text: "Your Frigates and Destroyers cost 1R less to deploy."
    static: your Frigates or Destroyers cost 1R less
}
Breakthru "Wolfpack Doctrine" {
    cost: 0
    text: "Frigates and Destroyers in your fleet gain Alpha Strike."
    static: each Frigate or Destroyer in your fleet gains Alpha Strike
}
Event "Picket Sweep" {
    cost: 2C
    timing: engagement
    text: "Deal 1 compulsory wound to target opposing Frigate or Destroyer."
    play: deal 1 compulsory wound to target opposing Frigate or Destroyer
}
Tactic "Screen Breaker" {
    cost: 1C
    text: "Roll a volley of 2 dice at two target opposing Frigates, Destroyers or Cruisers with Escort."
    play: volley 2 dice at 2 target opposing Frigates, Destroyers, or Cruisers with Escort
}
Event "Size Is Not A List" {
    cost: 1C
    timing: engagement
    text: "Destroy target opposing Cruiser or smaller."
    play: destroy target opposing Cruiser or smaller
}
Event "Picket Recall" {
    cost: 1C
    text: "Search your Shipyard for two Frigates or Destroyers and put them into your hand. If you control two or more Frigates or Destroyers, draw a card."
    play: search your shipyard for 2 Frigates or Destroyers and put them in hand; if you control 2 or more Frigates or Destroyers then draw 1
}
Station "Picket Anchorage" {
    faction: RDF
    attack: 2
    defense: 6
    wounds: 10
    text: "Whenever a Frigate or Destroyer in your fleet is destroyed, gain 1R."
    when any Frigate or Destroyer in your fleet is destroyed: gain 1R
}
