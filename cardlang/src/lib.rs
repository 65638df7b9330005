//! The Hull Breach! card language.
//!
//! Layers, each depending only on the ones above it:
//! - [`ir`]: the checked card IR (always built; the engine links only this and [`db`]);
//! - [`db`]: the versioned card database codec;
//! - the front end (feature `compiler`): source text -> pest parse -> typed AST -> checks -> IR,
//!   with every problem of every file reported as a span-carrying diagnostic.

pub mod ir;
