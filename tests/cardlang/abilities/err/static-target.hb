# HB0410: statics name their recipients; they never choose.
Module-Station "Aimed Static" {
    cost: 1R
    wounds: 2
    static: target ship gains Stealth
}
