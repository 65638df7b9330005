# HB0401: a misspelt condition lists every condition, with a did-you-mean.
Event "Ambush" {
    cost: 1R
    play: if yuo are attacking then draw 2
}
