# HB0402: traits, classes, card types and base rules must exist.
Ship "Typo Ship" {
    class: Cruiser
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    static: ships in your fleet gain Stelth
    static: each opposing Crusier gets -1 defense
    static: each opposing ship smaller than Dreadnought gets -1 attack
}
Station "Typo Station" {
    faction: RDF
    attack: 2
    defense: 6
    wounds: 10
    override station-modul-limit = 6
}
