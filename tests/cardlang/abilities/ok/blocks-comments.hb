# A block's line breaks and comments are whitespace to the ability grammar, wherever a blank
# may stand; a `#` inside a quoted name is part of the name.
Ship "Signal Tender #2" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 3
    wounds: 2
}
Ship "Annotated Cruiser" {
    class: Cruiser
    cost: 4R 2C
    attack: 3
    defense: 5
    wounds: 3
    carries: 2 Marines
    when deployed: {   # the order matters: search first
        search your shipyard   # "quoted" words in a comment, and a } brace
        for a Marine and deploy it free;   # then
        draw
            1 # one card
    }
    static {
        # the name holds a `#`
        ships named "Signal Tender #2"
        in your fleet gain Interceptor +1
    }
}
Event "Commented Play" {
    cost: 1C
    play {
        # a comment line before the first word
        target opposing ship gets -2 attack until end of engagement;
        gain 1R # and a trailing one
        # and a last line
    }
}
