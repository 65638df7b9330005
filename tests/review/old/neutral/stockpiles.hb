# Neutral — the two Stockpile cards every deck holds exactly once ("Your Constructed Deck",
# §4.3, §9.27). They carry no cost and no stats.

Resource-Stockpile "Resource Stockpile" {
    flavour: "Ore, fuel, hull plate: the things a fleet is made of."
}

Currency-Stockpile "Currency Stockpile" {
    flavour: "Credit, favours and influence: the things a fleet is paid with."
}
