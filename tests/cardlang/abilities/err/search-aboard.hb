# HB0414: a searched card deployed aboard a card must be one that goes aboard (§9.1): a
# Station never does.
Event "Search A Station Aboard" {
    cost: 1C
    play: search your Shipyard for a Station and deploy it aboard a ship in your fleet
}
