# Issue #40, part 3.2: modal choices that cannot be read as written.
# HB0404: `choose two` of two modes leaves nothing to choose.
Event "Both Anyway" {
    cost: 1C
    play: choose two — draw 1 card; or gain 1C
}
# HB0405: more than four modes.
Event "Menu of Five" {
    cost: 1C
    play: choose one — draw 1 card; or gain 1C; or gain 1R; or pay 1C; or discard a card
}
# HB0401: one mode is no choice; a second needs `; or`.
Event "Lonely Mode" {
    cost: 1C
    play: choose one — draw 1 card
}
# HB0452 (a warning): the same mode twice.
Event "Same Either Way" {
    cost: 1C
    play: choose one — draw 1 card; or draw 1 card
}
