# RDF — Breakthru cards (§2.8): deployed free in your Manufacturing Phase, stay in play.

Breakthru "Advanced Fire Control" {
    faction: RDF
    cost: 0
    text: "Destroyers in your fleet gain Alpha Strike."
    static: Destroyers in your fleet gain Alpha Strike
}

Breakthru "Rapid Deployment Doctrine" {
    faction: RDF only
    cost: 0
    text: "Frigates and Destroyers cost 1R less to deploy."
    static: your Frigates or Destroyers cost 1R less
}
