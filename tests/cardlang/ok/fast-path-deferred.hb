# Layouts the grammar's fast path leaves to the exact grammar (card.pest, "The LF fast path"):
# a tab right after a key, and a `#` comment right after a flag. They read as written plainly.
Ship "Tabbed Frigate" {
    class	: Frigate
    cost	:	1R
    attack: 2
    defense: 3
    wounds: 1
    prototype#a flag, then a comment
}

Ship "Plain Frigate" {
    class: Frigate
    cost: 1R
    attack: 2
    defense: 3
    wounds: 1
    prototype # a flag, then a comment
}
