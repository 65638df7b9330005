//! `cardc`, the card compiler CLI: a thin layer over `cardlang` (compiler, database) and
//! `engine::deck` (deck validation). It parses arguments, reads files, renders diagnostics
//! in `human | short | json` and picks the exit code; it decides no rule itself.
//!
//! Exit codes: 0 success, 1 pool or deck errors, 2 usage or IO errors (docs/cardc.md).

pub mod cli;
pub mod commands;
pub mod deck;
pub mod fmt;
pub mod lsp;
pub mod output;
pub mod render;
pub mod watch;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

/// Runs `cardc` with these arguments (the first is the program name).
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match cli::Cli::try_parse_from(args) {
        Ok(cli) => commands::run(cli).into(),
        Err(e) => {
            // Help and --version go to stdout with status 0; real usage errors exit 2.
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
    }
}
