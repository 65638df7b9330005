# HB0401: a did-you-mean is a near spelling of the word written, never a construct of another
# kind: `it` is not a typo of `up to N target FILTER`, while `tagret` is one of `target`.
Event "Pronoun" {
    cost: 1C
    play: destroy it
}
Event "Typo" {
    cost: 1C
    play: destroy tagret opposing Frigate
}
