//! The Hull Breach! card language.
//!
//! Layers, each depending only on the ones above it:
//! - [`ir`]: the checked card IR (always built; the engine links only this and [`db`]);
//! - [`db`]: the versioned card database codec;
//! - [`read`]: the bounded reader every input file goes through (regular files only, capped);
//! - [`write`]: the one writer every output goes through (atomic, never through a planted link);
//! - the front end (feature `compiler`): source text -> pest parse -> typed AST -> checks -> IR,
//!   with every problem of every file reported as a span-carrying diagnostic.

pub mod db;
pub mod ir;
pub mod read;
pub mod write;

// The front end (owned by the `front` helper): source -> syntax -> lower (AST) -> check -> IR.
#[cfg(feature = "compiler")]
pub mod ast;
#[cfg(feature = "compiler")]
pub mod check;
#[cfg(feature = "compiler")]
pub mod compile;
#[cfg(feature = "compiler")]
pub mod diag;
#[cfg(feature = "compiler")]
pub mod fmt;
#[cfg(feature = "compiler")]
pub mod lex;
#[cfg(feature = "compiler")]
pub mod lower;
#[cfg(feature = "compiler")]
pub mod names;
#[cfg(feature = "compiler")]
pub mod source;
#[cfg(feature = "compiler")]
pub mod syntax;
#[cfg(feature = "compiler")]
pub mod text_check;

#[cfg(feature = "compiler")]
pub use compile::{compile, Compilation};

// Abilities (owned by the `effects` helper): the ability language front end, and the
// canonical English rendering of cards behind `cardc explain`.
#[cfg(feature = "compiler")]
pub mod effect;
pub mod explain;
// Card faces as SVG (`cardc render`, the workbench): the bundled font and the theme reader.
#[cfg(feature = "faces")]
pub mod face;
