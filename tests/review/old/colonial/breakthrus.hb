# Colonial — Breakthru cards (§2.8): deployed free in your Manufacturing Phase, stay in play.

Breakthru "Modular Hull Design" {
    faction: Colonial
    cost: 0
    text: "Cruisers in your fleet gain Repair +1."
    static: Cruisers in your fleet gain Repair +1
}

Breakthru "Self-Sufficient Colonies" {
    faction: Colonial only
    cost: 0
    text: "During your Logistics Phase, gain 1R."
    when your logistics phase: gain 1R
}
