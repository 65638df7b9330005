Shp "Typo Frigate" {
    class: Frigate
    cost: 1R
    attack: 2
    defense: 3
    wounds: 1
}

Module Ship "Spaced Out" {
    cost: 1R
}

Artifact "Not A Type" {
    cost: 1R
}
