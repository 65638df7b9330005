# HB0414: actions aimed at cards they cannot affect (§9.38).
Event "Wound An Event" {
    cost: 1C
    play: deal 2 compulsory wounds to target opposing Event
}
Event "Repair Myself" {
    cost: 1C
    play: repair 1 wound on this
}
