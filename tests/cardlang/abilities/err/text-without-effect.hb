# HB0453: printed text with no ability saying what it does (warning).
Event "Words Only" {
    cost: 1C
    text: "Draw two cards."
}
