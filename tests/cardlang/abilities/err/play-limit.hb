# Issue #40, part 3.7: play limits that cannot be read as written.
# HB0408: a play limit on a card that is not an Event or Tactic.
Ship "Limited Edition" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 5
    wounds: 2
    limit: play only once per turn
}
# HB0401: a round is an engagement's (§6.6); `once per turn` or `once per engagement`.
Event "Every Round" {
    cost: 1C
    limit: play only once per round
    play: draw 1
}
