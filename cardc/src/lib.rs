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

use clap::FromArgMatches;

/// Runs `cardc` with these arguments (the first is the program name).
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let parsed = cli::Cli::command_line()
        .try_get_matches_from(args)
        .and_then(|matches| cli::Cli::from_arg_matches(&matches));
    match parsed {
        Ok(cli) => commands::run(cli).into(),
        Err(e) => {
            if let Some(text) = engine::pool_args::misplaced_flag(&e, &cli::Cli::command_line()) {
                eprint!("{text}");
                return ExitCode::from(2);
            }
            // Help and --version go to stdout with status 0; real usage errors exit 2.
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
    }
}
