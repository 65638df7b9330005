# A Breakthru's "your fleet" (I-88): every ship of its commander's, at home and attacking.
Breakthru "Fleetwide Cloaking" {
    cost: 0
    text: "Frigates in your fleet gain Stealth, whether at home or attacking."
    static: Frigates in your fleet gain Stealth
}
