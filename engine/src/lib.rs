//! Hull Breach! game state and rules.
//!
//! The engine sees cards only through the compiled card database ([`CardDb`]); it never
//! parses card text (ARCHITECTURE.md, invariant 1).

pub use cardlang::ir;
