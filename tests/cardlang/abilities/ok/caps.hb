# Caps past 20 (§9.27, §5.3.1, §2.2): raising the cap is what these overrides are for.
Module-Station "Deep Vault" {
    cost: 2R 2C
    wounds: 2
    text: "Your Stockpile holds up to 25 Resource and 25 Currency."
    override stockpile-cap = 25
}
Module-Station "Archive" {
    cost: 2C
    wounds: 2
    text: "Your maximum hand size is 30."
    override hand-size = 30
}
Station "Orbital Sprawl" {
    faction: Corporate
    attack: 2
    defense: 5
    wounds: 12
    text: "This Station may attach up to 55 Module-Station cards (as many as a deck holds)."
    override station-module-limit = 55
}
