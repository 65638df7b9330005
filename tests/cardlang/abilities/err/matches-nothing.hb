# HB0455: named recipients no card could ever match (warning).
Event "Nobody" {
    cost: 1C
    timing: engagement
    play: deal 1 compulsory wound to each Marine in your fleet
}
