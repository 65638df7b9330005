# HB0452: abilities that contradict themselves (warnings).
Event "Overlapping Roll" {
    cost: 1C
    play: roll a volley die (1-6: draw 1) (5-10: gain 1R)
}
Event "Attacker And Defender" {
    cost: 1C
    timing: engagement
    play: if you are attacking and you are defending then draw 2
}
Station "Default Override" {
    faction: RDF
    attack: 2
    defense: 6
    wounds: 10
    override station-module-limit = 4
}
