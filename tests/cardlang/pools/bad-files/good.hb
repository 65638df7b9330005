Event "Good" {
    cost: 1C
}
