# Long abilities as brace blocks, and the `key: ...` spellings.
Ship "Recruiting Cruiser" {
    class: Cruiser
    cost: 4R 2C
    attack: 3
    defense: 5
    wounds: 3
    carries: 2 Marines
    when deployed: {
        search your shipyard for a Marine and deploy it free;
        draw 1
    }
    when: engagement ends, draw 1
}
Event "Block Play" {
    cost: 1C
    play {
        draw 1;
        gain 1R
    }
}
