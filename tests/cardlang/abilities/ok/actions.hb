# One Event per action (§6.7, §8.3, §9.6, §9.17, §9.27-§9.29).
Event "Act Wounds" {
    cost: 1C
    timing: engagement
    play: deal 2 compulsory wounds to target opposing ship
}
Event "Act Volley" {
    cost: 1C
    timing: engagement
    play: volley 3 dice at target opposing Cruiser or smaller
}
Event "Act Repair" {
    cost: 1R
    play: repair all wounds on each damaged ship in your fleet
}
Event "Act Destroy" {
    cost: 2C
    timing: engagement
    play: destroy target opposing Fighter Wing
}
Event "Act Destroy Immediately" {
    cost: 3C
    timing: engagement
    play: immediately destroy target opposing damaged ship
}
Event "Act Sacrifice" {
    cost: 0
    play: sacrifice target ship in your fleet and gain 2R
}
Event "Act Draw Discard" {
    cost: 1C
    play: draw 2 and discard 1
}
Event "Act Opponent Discards" {
    cost: 2C
    timing: start of engagement
    play: opponent discards their hand
}
Event "Act Economy" {
    cost: 0
    play: pay 1R; take 2C from target opponent; give 1R to each opponent
}
Event "Act Search Deploy" {
    cost: 2R
    timing: your manufacturing phase
    play: search your shipyard for a Marine and deploy it free
}
Event "Act Search Hand" {
    cost: 1C
    play: search your shipyard for 2 Cruisers and put them in hand
}
Event "Act Cancel" {
    cost: 2C
    timing: start of engagement
    play: immediately cancel this engagement
}
Event "Act Attach" {
    cost: 1C
    play: attach this to target ship in your fleet
}
Event "Act Return" {
    cost: 2C
    timing: engagement
    play: return target opposing Fighter Wing to its owner's hand
}
Tactic "Act Retreat" {
    cost: 1C
    play: retreat target damaged ship in your fleet
}
Event "Act Detach" {
    cost: 1C
    play: detach target opposing Module-Ship
}
Tactic "Act Modify" {
    cost: 1C
    play: each damaged ship in your fleet gets +2 defense until end of turn and host gains Stealth until end of engagement
}
