# Events whose text lasts stay in play (§2.6, I-44).

Event "War Economy" {
    cost: 1C
    text: "Your ships cost 1R less to deploy."
    static: your ships cost 1R less
}
