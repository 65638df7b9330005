# Two syntax errors in two cards, and a good card between them: both errors are reported
# and the good card is still checked (its unknown trait is reported too).
Ship "Broken One" {
    class: Frigate
    cost: 1R
    : 3
}

Ship "Fine Apart From Its Trait" {
    class: Frigate
    cost: 1R
    attack: 2
    defense: 3
    wounds: 1
    traits: Escourt
}

Event "Broken Two" {
    cost: 1C
    text: "This string never ends
}
