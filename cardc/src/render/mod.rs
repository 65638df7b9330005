//! `cardc render` (issue #19): the command, PNG, PDF and Tabletop Simulator output. The faces
//! themselves are drawn by `cardlang::face` (feature `faces`), which the workbench
//! (`hullbreach serve`) draws its pages with too; they are re-exported here as they were.

pub use cardlang::face::*;

pub mod command;
pub mod pdf;
pub mod png;
pub mod tts;
