# HB0411: only Face Up-Face Down modules flip (§3.4.4).
Module-Ship "Not Face Down" {
    cost: 1R
    flip when host is boarded: draw 1
}
