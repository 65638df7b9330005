# Invisible characters are named: a byte-order mark where two files were joined.
Event "First" {
    cost: 1C
    play: draw 1
}
﻿Event "Second" {
    cost: 1C
    play: draw 1
}
