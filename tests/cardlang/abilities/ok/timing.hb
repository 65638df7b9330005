# Timing: when an Event or Tactic may be deployed (§2.6, §2.7, §6.6 STEP 1).
Event "Quick Requisition" {
    cost: 1C
    timing: any time
    play: gain 1R
}
Event "Opening Salvo" {
    cost: 1C
    timing: start of engagement
    play: deal 1 compulsory wound to target opposing ship
}
Event "Field Promotion" {
    cost: 1C
    timing: engagement
    play: target ship in your fleet gets +1 attack until end of engagement
}
Event "Budget Review" {
    cost: 0
    timing: your turn
    play: draw 1
}
Event "Retooling" {
    cost: 1R
    timing: your manufacturing phase
    play: search your shipyard for a Module-Ship and put it in hand
}
Tactic "Close Formation" {
    cost: 1C
    timing: engagement
    play: each ship in your fleet gets +1 defense until end of engagement
}
