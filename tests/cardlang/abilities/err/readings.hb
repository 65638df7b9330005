# Issue #40 §1: readings refused, each with the words to write instead.
# HB0417: both cards of the trigger are ships, so `that ship` could be either.
Module-Station "Reading Either Ship" {
    cost: 1R
    wounds: 2
    when a ship you control is wounded by a ship: repair 1 wound on that ship
}
# HB0419: a turn is its commander's, and an engagement is watched for this card or its host.
Ship "Reading Ship Turn" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    when this ship your turn starts: draw 1
}
Module-Station "Reading Any Engagement" {
    cost: 1R
    wounds: 2
    when any ship you control engagement starts: draw 1
}
# HB0421: a returned card goes to its owner's hand (I-84).
Tactic "Reading Your Hand" {
    cost: 1C
    play: return target ship in your fleet to your hand
}
# HB0420: `this ship` on a Module-Station would be the Module itself.
Module-Station "Reading This Ship" {
    cost: 1R
    wounds: 2
    when host is boarded: deal 1 compulsory wound to this ship
}
Module-Ship "Reading This Ship Watched" {
    cost: 1R
    when this ship engagement starts: draw 1
}
# HB0401: a bare singular filter does not say whether it is every such card or one to choose
# (the every-word test found `each` could be dropped and still mean `each`).
Event "Reading Bare Ship" {
    cost: 1C
    timing: engagement
    play: opposing ship gets -1 attack until end of engagement
}
# HB0401: the verb is part of the sentence (`gets +1 attack`).
Event "Reading No Verb" {
    cost: 1C
    timing: engagement
    play: each opposing ship -1 attack until end of engagement
}
