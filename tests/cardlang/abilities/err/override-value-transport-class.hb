# HB0416: `face-down-min-class` names a rung of the §2.5 size ladder; a Transport ranks as a
# Battle Cruiser (I-1), so `Transport` names no size of its own.
Module-Ship "Cargo Decoy" {
    cost: 0
    traits: Face Up-Face Down
    text: "May be attached to a Transport or larger."
    override face-down-min-class = Transport
    flip when host is boarded: draw 1
}
