# HB0401: an action without a recipient lists the recipients.
Event "Scuttle" {
    cost: 1R
    play: destroy
}
