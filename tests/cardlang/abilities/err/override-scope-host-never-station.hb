# HB0409: a Module-Ship is attached to ships, never to a Station (§2.3), so its `for host`
# override of a Station's rule can never take effect.
Module-Ship "Marine Ramp" {
    cost: 1R
    text: "Marines aboard the attached Station may board."
    override station-marines-board = yes for host
}
