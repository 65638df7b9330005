# HB0401: a misspelt duration lists every duration, with a did-you-mean.
Event "Overcharge" {
    cost: 1R
    play: target ship gets +2 attack untill end of turn
}
