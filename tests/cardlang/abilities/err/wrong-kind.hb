# HB0403: values of the wrong kind.
Event "Three What" {
    cost: 1C
    play: gain 3
}
Ship "Needs Plus X" {
    class: Cruiser
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    static: this gains Interceptor
    static: this gains Stealth +2
}
Event "Flag Not Number" {
    cost: 1C
    override deploy-in-setup = 6
    play: draw 1
}
# A card's cost has a Resource half and a Currency half (§4.6), so "1 less" could mean either: refused.
Breakthru "One Less What" {
    cost: 0
    static: your Cruisers cost 1 less to deploy
}
