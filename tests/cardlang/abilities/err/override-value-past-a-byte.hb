# HB0416: even a cap stops where the engine's Stockpile does: `stockpile-cap` admits 1 to 255.
Module-Station "Bottomless Vault" {
    cost: 2C
    wounds: 2
    text: "Your Stockpile holds up to 300 of each."
    override stockpile-cap = 300
}
