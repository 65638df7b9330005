//! `cardc`: the card compiler CLI. See the library docs and docs/cardc.md.

fn main() -> std::process::ExitCode {
    cardc::main_with_args(std::env::args_os())
}
