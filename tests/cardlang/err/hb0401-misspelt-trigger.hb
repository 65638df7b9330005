# HB0401: a trigger that does not exist lists every trigger, with a did-you-mean.
Ship "Tripwire" {
    class: Frigate
    cost: 1R
    attack: 1
    defense: 2
    wounds: 1
    when destoryed: draw 1
}
