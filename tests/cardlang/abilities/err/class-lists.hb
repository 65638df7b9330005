# Class lists join ship classes only, resolve every class, and take no size after them.
Event "Unknown Class In List" {
    cost: 1C
    timing: engagement
    play: destroy target opposing Frigate or Dreadnought
}
Event "Not A Class List" {
    cost: 1C
    timing: engagement
    play: destroy target opposing Marine or Destroyer
}
Event "List Then Size" {
    cost: 1C
    timing: engagement
    play: destroy target opposing Frigate or Destroyer or larger
}
Event "List Outside Size" {
    cost: 1C
    timing: engagement
    play: destroy target opposing Frigate or Destroyer larger than Cruiser
}
