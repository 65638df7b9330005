# §4.6: Events and Tactics are not deployed in Setup "unless otherwise stated specifically on
# the card"; a Tactic that says so writes the same override as an Event (§5.1, §8.1).
Tactic "Prepared Positions" {
    cost: 1C
    text: "May be deployed during the Setup Phase. Draw a card."
    override deploy-in-setup = yes
    play: draw 1
}
Module-Station "War Planning Room" {
    cost: 2C
    wounds: 2
    text: "Your Events and Tactics may be deployed during the Setup Phase."
    override deploy-in-setup = yes for you
}
