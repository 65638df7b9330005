//! The card-pool flags shared by the `hullbreach` and `cardc` binaries, defined once so both
//! read a pool the same way (issue #14): `--db FILE`, a database written by `cardc build`
//! (default `hullbreach.hbdb` in the current directory), or `--cards DIR` (alias `--pool`), a
//! card directory compiled in memory for rulings and quick tries.
//!
//! Only the flags live here, behind the `cli` feature (clap): loading is the binaries' job, so
//! the engine library still never reaches the card compiler (ARCHITECTURE.md, invariant 1).

use std::path::PathBuf;

/// The database read when neither flag is given, relative to the current directory.
pub const DEFAULT_DB: &str = "hullbreach.hbdb";

/// Which card pool a command reads.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct PoolArgs {
    /// The card database written by `cardc build` [default: hullbreach.hbdb]
    #[arg(long, value_name = "FILE", global = true, conflicts_with = "cards")]
    pub db: Option<PathBuf>,
    /// A card directory compiled in memory instead of a database (rulings, quick tries)
    #[arg(long, value_name = "DIR", global = true, visible_alias = "pool")]
    pub cards: Option<PathBuf>,
}

/// Where the pool comes from, defaults applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PoolSource {
    /// A database file.
    Database(PathBuf),
    /// A card directory to compile.
    Cards(PathBuf),
}

impl PoolArgs {
    /// `--cards DIR`, else `--db FILE`, else [`DEFAULT_DB`] (the two flags conflict).
    pub fn source(&self) -> PoolSource {
        match (&self.cards, &self.db) {
            (Some(dir), _) => PoolSource::Cards(dir.clone()),
            (None, Some(db)) => PoolSource::Database(db.clone()),
            (None, None) => PoolSource::Database(PathBuf::from(DEFAULT_DB)),
        }
    }
}

/// Clap's report of an unexpected flag, reworded when another subcommand of the same program
/// takes that flag: clap would add "tip: to pass '--db' as a value, use '-- --db'", which
/// reads a flag one subcommand takes as a value for another, where the truth is that it belongs
/// to another subcommand. Both binaries word it so (issue #43). `None`: print clap's own.
pub fn misplaced_flag(error: &clap::Error, command: &clap::Command) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    let long = arg.split('=').next()?.strip_prefix("--")?;
    let mut takers = Vec::new();
    takers_of(command, long, command.get_name(), &mut takers);
    if takers.is_empty() {
        return None;
    }
    let rendered = error.render().to_string();
    let note = format!("  note: `--{long}` is a flag of {}", takers.join(", "));
    let mut out: Vec<&str> = Vec::new();
    for line in rendered.lines() {
        let repeated_blank = line.is_empty() && out.last().is_some_and(|l| l.is_empty());
        if !line.trim_start().starts_with("tip: to pass") && !repeated_blank {
            out.push(line);
        }
        if out.len() == 1 {
            out.push(&note);
        }
    }
    Some(out.join("\n") + "\n")
}

/// The subcommands under `command` (named `path`) that take `--long`, as `program sub`.
fn takers_of(command: &clap::Command, long: &str, path: &str, out: &mut Vec<String>) {
    for sub in command.get_subcommands() {
        let name = format!("{path} {}", sub.get_name());
        let takes = sub.get_arguments().any(|a| {
            !a.is_hide_set()
                && (a.get_long() == Some(long)
                    || a.get_visible_aliases().is_some_and(|v| v.contains(&long)))
        });
        if takes {
            out.push(format!("`{name}`"));
        }
        takers_of(sub, long, &name, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        pool: PoolArgs,
    }

    fn source(args: &[&str]) -> Result<PoolSource, clap::Error> {
        let mut all = vec!["x"];
        all.extend_from_slice(args);
        Cli::try_parse_from(all).map(|c| c.pool.source())
    }

    #[test]
    fn defaults_to_the_database_in_the_current_directory() {
        assert_eq!(
            source(&[]).ok(),
            Some(PoolSource::Database(PathBuf::from("hullbreach.hbdb")))
        );
        assert_eq!(
            source(&["--db", "a.hbdb"]).ok(),
            Some(PoolSource::Database(PathBuf::from("a.hbdb")))
        );
        assert_eq!(
            source(&["--cards", "cards"]).ok(),
            Some(PoolSource::Cards(PathBuf::from("cards")))
        );
        assert_eq!(
            source(&["--pool", "p"]).ok(),
            Some(PoolSource::Cards(PathBuf::from("p")))
        );
        assert!(source(&["--db", "a", "--cards", "b"]).is_err());
    }
}
