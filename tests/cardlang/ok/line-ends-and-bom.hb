# A byte-order mark, CR LF and LF line ends mixed, tabs: all read as written.
Ship "Mixed Endings" {
	class: Frigate # a comment before a CR LF
    cost: 1R
	attack:	1
    defense: 1
    wounds: 2
}
