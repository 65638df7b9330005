# HB0004: a key that holds a character no key may. The grammar's fast path skips keys whole;
# this one is read again by the exact grammar and reported where the key stops.
Ship "Dotted Key" {
    class: Frigate
    cost: 1R
    atta.ck: 2
    defense: 3
    wounds: 1
}
