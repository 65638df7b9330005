# HB0416: a value the rule does not admit. A hand size of 0 would leave a Commander unable
# to deploy anything (§5.3.1), so `hand-size` admits 1 to 55.
Module-Station "Paper Shredder" {
    cost: 2C
    wounds: 2
    text: "Each opposing Commander's maximum hand size is 0."
    override hand-size = 0 for opponents
}
