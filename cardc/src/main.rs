//! `cardc`: the card compiler CLI. A thin layer over `cardlang` and the deck validator.

fn main() {
    eprintln!("cardc: not built yet");
    std::process::exit(2);
}
