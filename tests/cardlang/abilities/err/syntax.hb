# HB0401: ability text that does not parse.
Event "Missing Colon" {
    cost: 1C
    when deployed draw 2
}
Event "Bad Action" {
    cost: 1C
    play: obliterate target ship
}
Event "Empty Play" {
    cost: 1C
    play:
}
