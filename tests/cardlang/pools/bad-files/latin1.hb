Event "Café" {
    cost: 1C
}
