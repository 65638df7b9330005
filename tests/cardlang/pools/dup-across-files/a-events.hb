Event "Second Wind" {
    cost: 1C
}
