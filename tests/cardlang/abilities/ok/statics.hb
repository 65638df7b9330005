# Statics with a scope (§3.1 stackable grants, §5.3.1 hand size, §5.3.2 income, §8.4 costs).
Ship "Eagle-class Battle Cruiser" {
    class: Battle Cruiser
    faction: RDF
    cost: 6R 4C
    attack: 4
    defense: 6
    wounds: 4
    text: "Ships in your fleet gain Interceptor +1."
    static: ships in your fleet gain Interceptor +1
}
Module-Ship "Battle Seasoned Crew" {
    cost: 1R 1C
    text: "The ship gains Fearless."
    static: host gains Fearless
}
Module-Station "Sensor Array" {
    cost: 2R
    wounds: 3
    static: each local opposing ship loses Stealth
    static: host gets +1R income
}
Station "Command Hub" {
    faction: Colonial
    attack: 2
    defense: 6
    wounds: 10
    static: your hand size +1
    static: your income +1C
    static: your Marines cost 1C less
    static: opposing Events cost 1C more
    static: each opposing unit gets -1 attack while you are defending
    static: each Cruiser or smaller in your fleet gets +1 defense
    static: this gets +2 marine capacity
}
Ship "Wrathful Destroyer" {
    class: Destroyer
    cost: 3R
    attack: 2
    defense: 5
    wounds: 3
    static: this gets +2 attack while this is damaged
}
