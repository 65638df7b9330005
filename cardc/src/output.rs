//! Where output goes: diagnostics to stderr in the chosen `--message-format`, summaries to
//! stdout; and the exit status.
//!
//! Write errors (a closed pipe) are ignored: output is best effort, the exit status is not.

use std::io::Write;
use std::process::ExitCode;

use cardlang::diag;

/// Exit status, ordered by severity: the worst one seen wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// 0: everything built or checked cleanly.
    Success,
    /// 1: the card pool or a deck has errors.
    Invalid,
    /// 2: bad arguments, or a file or directory that cannot be read or written.
    Usage,
}

impl Status {
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Invalid => 1,
            Status::Usage => 2,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> ExitCode {
        ExitCode::from(s.code())
    }
}

/// The emitter is shared with `hullbreach`, so both print diagnostics alike.
pub use engine::diagnostics::Emitter;

pub use diag::{render_all_human, render_human};

/// Prints a summary on stdout.
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}
