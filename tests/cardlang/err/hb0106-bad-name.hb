Event "" {
    cost: 1C
}

Event " Padded " {
    cost: 1C
}

Event "Line\nBreak" {
    cost: 1C
}
