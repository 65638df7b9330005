# Tactics are never in play (§2.7); Stations, Tactics and Breakthrus are never attached (§9.1).
Event "Counter-Tactic" {
    cost: 1C
    timing: engagement
    play: destroy target opposing Tactic
}
Event "Station Aboard" {
    cost: 1C
    timing: engagement
    play: deal 1 compulsory wound to target Station aboard this
}
