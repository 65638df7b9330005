# HB0401: a misspelt timing lists every timing, with a did-you-mean.
Tactic "Quick Reflexes" {
    cost: 1C
    timing: engagment
    play: draw 1
}
