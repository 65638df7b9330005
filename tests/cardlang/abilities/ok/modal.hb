# Issue #40, part 3.2: modal choices. The commander picks when the ability resolves (I-89);
# each further mode follows `; or`, and a step after the modes needs no `or`.
Event "Salvage or Sabotage" {
    cost: 1C
    play: choose one — draw 2; or deal 1 compulsory wound to target opposing ship
}
Tactic "Brace or Strike" {
    cost: 1C
    timing: engagement
    play: choose one - target ship in your fleet gets +2 defense until end of engagement; or target ship in your fleet gets +1 attack until end of engagement
}
Event "Quartermaster's Pick" {
    cost: 2C
    play: choose two — draw 1; or gain 2R; or remove 1 wound from target ship in your fleet; discard 1
}
Module-Station "Dockmaster's Ledger" {
    cost: 1R
    wounds: 2
    when your turn starts: choose one — gain 1C; or draw 1
}
Module-Station "Reprisal Battery" {
    cost: 1R
    wounds: 2
    when a ship you control is wounded: choose one — remove 1 wound from it; or deal 1 compulsory wound to each opposing Fighter Wing
}
