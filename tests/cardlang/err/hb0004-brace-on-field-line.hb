Event "Quick Thinking" {
    cost: 1C }
