# A lone carriage return (old Mac line end) is refused: a comment must never swallow the
# fields after it.
Ship "Lone CR" {
    class: Frigate # the line after this comment ends in a lone CR    cost: 1R
    attack: 1
    defense: 1
    wounds: 1
}
