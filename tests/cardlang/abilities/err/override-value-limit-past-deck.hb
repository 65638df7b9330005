# HB0416: a limit on cards above 55 never binds: a deck holds 55 cards (§2.1, §2.2).
Station "Endless Docks" {
    faction: Corporate
    attack: 2
    defense: 5
    wounds: 12
    text: "This Station may attach 60 Module-Station cards."
    override station-module-limit = 60
}
