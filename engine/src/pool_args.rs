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
