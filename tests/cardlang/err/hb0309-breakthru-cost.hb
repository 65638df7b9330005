Breakthru "Expensive Science" {
    cost: 2R 1C
    text: "Your Stations have Repair +1."
}
