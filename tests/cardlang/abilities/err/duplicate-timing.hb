# HB0412: one deployment window per card.
Event "Twice Timed" {
    cost: 1C
    timing: engagement
    timing: start of engagement
    play: draw 1
}
