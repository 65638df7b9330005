# HB0401: an override scope that does not exist lists the scopes.
Breakthru "Deep Reserves" {
    cost: 0
    override hand-size = 6 for yuo
}
