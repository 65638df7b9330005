# HB0456: the printed text and the abilities disagree, one card per kind of promise.
# A number.
Event "Big Draw" {
    cost: 1C
    text: "Draw 3 cards."
    play: draw 2
}
# A trait.
Breakthru "Wrong Trait" {
    cost: 0
    text: "Frigates in your fleet gain Hunter."
    static: Frigates in your fleet gain Stealth
}
# A class.
Event "Wrong Class" {
    cost: 1C
    text: "Destroy target opposing Frigate."
    play: destroy target opposing Destroyer
}
# A card type.
Event "Wrong Type" {
    cost: 1C
    text: "Deal 1 compulsory wound to target opposing Marine."
    play: deal 1 compulsory wound to target opposing Station
}
# Whose card: the text names no commander, the ability is only about yours.
Ship "Whose Discount" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    text: "Cruisers cost 1R less to deploy."
    static: your Cruisers cost 1R less
}
# Whose card: opposing against its owner's.
Tactic "Whose Hand" {
    cost: 1C
    text: "Return target opposing ship to your hand."
    play: return target ship to its owner's hand
}
# Resource against Currency.
Event "Which Stockpile" {
    cost: 1C
    text: "Gain 2 Resource."
    play: gain 2C
}
# Agreeing texts get no warning, whatever their wording.
Event "Agrees" {
    cost: 1C
    text: "Draw a card, then each opponent discards a card."
    play: draw 1; each opponent discards 1
}
