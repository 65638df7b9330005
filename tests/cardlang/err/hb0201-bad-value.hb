Ship "Malformed" {
    class: Frigate
    cost: 3
    attack: three
    defense: +3
    wounds: 1
    carries: 2 Pilots
    text: unquoted text
    flavour: "bad \q escape"
    prototype: yes
}

Module-Ship "Plain Bonus" {
    cost: 3R 2R
    attack: 2
}
