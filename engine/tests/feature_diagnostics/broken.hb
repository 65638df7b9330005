# A card file with two mistakes, given to `hullbreach simulate --feature` (engine/tests/feature_diagnostics.rs).

Ship "Pelican-class Transport Mk III" {
    class: Transport
    faction: RFD
    cost: 4R 3C
    atack: 1
    defense: 5
    wounds: 4
}
