Module-Ship "Too Big To Fit" {
    cost: 1R
    fits: larger than Capital Ship
}

Module-Ship "Wing Kit" {
    cost: 1R
    fits: Fighter Wing, Transport
}

Module-Ship "Hidden Payload" {
    cost: 0
    fits: Cruiser or smaller
    traits: Face Up-Face Down
}

Marine "Fighter Pilots" {
    cost: 1R
    attack: 1
    defense: 1
    wounds: 1
    fits: smaller than Frigate
}
