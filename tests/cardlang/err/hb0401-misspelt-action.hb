# HB0401: a misspelt action lists every action, with a did-you-mean.
Event "Supply Drop" {
    cost: 1R
    play: drow 2
}
