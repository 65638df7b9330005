# Modules that print white icons enlarge their host: the capacity is added to the Station or
# ship and lost with the module (§9.4).
Module-Station "Hangar Ring" {
    cost: 3R 2C
    wounds: 3
    carries: 2 Wings
}

Module-Ship "Troop Pods" {
    cost: 2R 1C
    carries: 1 Marine
    fits: Cruiser or larger
}
