//! Reading a deck file without trusting it, through the shared bounded reader
//! ([`cardlang::read`]): only a regular file (a FIFO, device or directory is refused before it
//! is opened), `-` for standard input, and never more than [`MAX_DECK_BYTES`] + 1 bytes however
//! large the file claims (or turns out) to be.

use std::path::Path;

use super::parse::MAX_DECK_BYTES;

/// Why a deck file could not be read. (A file that is merely too large is still read — its
/// first [`MAX_DECK_BYTES`] + 1 bytes — and [`super::parse`] reports it as a violation.)
pub use cardlang::read::ReadError as DeckFileError;

/// Reads at most `MAX_DECK_BYTES + 1` bytes of the file at `path` (`-`: standard input):
/// enough for [`super::parse`] to tell a legal-size file from an oversized one, never more.
pub fn read_deck_file(path: &Path) -> Result<Vec<u8>, DeckFileError> {
    cardlang::read::read_prefix(path, MAX_DECK_BYTES)
}
