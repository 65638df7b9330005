# Corporate — Breakthru cards (§2.8): deployed free in your Manufacturing Phase, stay in play.

Breakthru "Cloaking Field Theory" {
    faction: Corporate only
    cost: 0
    text: "Frigates in your fleet gain Stealth."
    static: Frigates in your fleet gain Stealth
}

Breakthru "Automated Shipyards" {
    faction: Corporate
    cost: 0
    text: "Transports cost 1R less to deploy."
    static: your Transports cost 1R less
}
