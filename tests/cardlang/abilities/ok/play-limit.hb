# Issue #40, part 3.7: play limits on Events and Tactics (I-90).
Event "Rationed Requisition" {
    cost: 1C
    limit: play only once per turn
    play: gain 2R
}
Tactic "Last Stand Drill" {
    cost: 1C
    timing: engagement
    limit: play only once per engagement
    play: target ship in your fleet gets +1 defense until end of engagement
}
Event "Once in a Career" {
    cost: 1C
    limit: play only once per game
    play: draw 3
}
