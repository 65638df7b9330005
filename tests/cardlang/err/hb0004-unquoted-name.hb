Ship Kestrel {
    class: Frigate
}
