# A cheaper Pelican for the A/B of docs/guide.md step 8: is it too strong?
# Not in the ruling pool: `hullbreach simulate --feature` adds it for one run.

Ship "Pelican-class Transport Mk II" {
    class: Transport
    faction: RDF
    cost: 4R 2C
    income: 1R 1C
    attack: 1
    defense: 5
    wounds: 4
    carries: 2 Marines
    traits: Regimented Marine
    flavour: "Same hull, cheaper yard."
}
