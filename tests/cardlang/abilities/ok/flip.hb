# Face Up-Face Down: face down until the trigger, then may flip and act (§3.4.4).
Module-Ship "Hidden Boarding Nets" {
    cost: 0
    traits: Face Up-Face Down
    text: "Flip when the ship is boarded: deal 2 compulsory wounds to each opposing Marine aboard it."
    flip when host is boarded: deal 2 compulsory wounds to each opposing Marine aboard host
}
