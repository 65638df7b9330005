//! Reading a deck file without trusting it: refuse directories, never read more than
//! [`MAX_DECK_BYTES`] + 1 bytes however large the file claims (or turns out) to be.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::parse::MAX_DECK_BYTES;

/// Why a deck file could not be read. (A file that is merely too large is still read — its
/// first [`MAX_DECK_BYTES`] + 1 bytes — and [`super::parse`] reports it as a violation.)
#[derive(Debug, thiserror::Error)]
pub enum DeckFileError {
    #[error("{}: no such file", .0.display())]
    NotFound(PathBuf),
    #[error("{}: is a directory, not a decklist file", .0.display())]
    IsDirectory(PathBuf),
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
}

/// Reads at most `MAX_DECK_BYTES + 1` bytes of the file at `path`: enough for [`super::parse`]
/// to tell a legal-size file from an oversized one, never more.
pub fn read_deck_file(path: &Path) -> Result<Vec<u8>, DeckFileError> {
    let io_err = |source: io::Error| {
        if source.kind() == io::ErrorKind::NotFound {
            DeckFileError::NotFound(path.to_path_buf())
        } else {
            DeckFileError::Io {
                path: path.to_path_buf(),
                source,
            }
        }
    };
    let meta = std::fs::metadata(path).map_err(io_err)?;
    if meta.is_dir() {
        return Err(DeckFileError::IsDirectory(path.to_path_buf()));
    }
    let file = File::open(path).map_err(io_err)?;
    let mut bytes = Vec::new();
    // Reading the limit plus one byte is what tells "exactly at the cap" from "over it".
    file.take(MAX_DECK_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(io_err)?;
    Ok(bytes)
}
