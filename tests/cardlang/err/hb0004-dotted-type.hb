# HB0004: card type words that hold a character no type word may. The grammar's fast path
# skips a header's type words whole; this one is read again by the exact grammar and reported.
Sh.ip "Dotted Type" {
    class: Frigate
}
