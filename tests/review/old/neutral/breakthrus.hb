# Neutral — Breakthru cards any deck may use (§2.8).
#
# "Jump Gate Prototype" is a prototype card (§8.8).

Breakthru "Fleet Logistics Network" {
    cost: 0
    # Golden-Rule override of the five-card hand of §5.3.1.
    text: "Your maximum hand size is 6."
    override hand-size = 6
}

Breakthru "Jump Gate Prototype" {
    prototype
    cost: 0
    # Golden-Rule override of the one-attack-per-turn rule of §5.5.2.
    text: "You may declare up to two engagements each turn."
    override engagements-per-turn = 2
}
