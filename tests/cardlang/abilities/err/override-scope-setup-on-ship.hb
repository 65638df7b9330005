# HB0409: only an Event or a Tactic is deployed for its effect, so only one can say it may be
# deployed in the Setup Phase (§4.6, §5.1); a Ship is deployed in Setup anyway.
Ship "Early Bird" {
    class: Frigate
    cost: 2R
    attack: 1
    defense: 4
    wounds: 2
    text: "May be deployed during your Setup Phase."
    override deploy-in-setup = yes
}
