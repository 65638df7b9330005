# HB0454: a Face Up-Face Down module needs a `flip` trigger (warning, §3.4.4).
Module-Ship "Forever Face Down" {
    cost: 0
    traits: Face Up-Face Down
    static: host gets +1 attack
}
