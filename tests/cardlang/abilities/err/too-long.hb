# HB0405: too many actions in one step.
Event "Kitchen Sink" {
    cost: 1C
    play: draw 1 and draw 1 and draw 1 and draw 1 and draw 1 and draw 1 and draw 1 and draw 1 and draw 1
}
