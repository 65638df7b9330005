# HB0401 in a block: a line break ends a word group (`Fighter` / `Wing`) as a blank would not,
# a comment stands where a blank does, and a quoted name does not read a `\"` escape.
Event "Broken Wing" {
    cost: 1C
    play {
        destroy target opposing Fighter
        Wing
    }
}
Event "Comment Amount" {
    cost: 1C
    play {
        gain 2R # two
        1C
    }
}
Event "Escaped Quote" {
    cost: 1C
    play {
        destroy target ship named "A\"B" # note
    }
}
