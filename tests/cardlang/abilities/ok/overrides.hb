# Golden-Rule overrides (§8.1) with their scopes.
Station "Sprawling Platform" {
    faction: Corporate
    attack: 2
    defense: 5
    wounds: 12
    text: "This Station may attach six Module-Station cards. Marines aboard it may board opposing ships."
    override station-module-limit = 6
    override station-marines-board = yes
}
Event "Early Intelligence" {
    cost: 1C
    text: "May be deployed during the Setup Phase. Draw a card."
    override deploy-in-setup = yes
    play: draw 1
}
Tactic "Meddling" {
    cost: 1C
    override tactic-in-other-engagements = yes
    play: target ship gets -1 attack until end of engagement
}
Module-Station "Quartermaster Office" {
    cost: 2C
    wounds: 2
    override hand-size = 6
    override mulligan-cost = 0R 1C for you
    override engagements-per-turn = 2 for opponents
}
Module-Ship "Reinforced Mounts" {
    cost: 1R
    override: face-down-min-class = Cruiser for you
}
