//! Exit codes, errors for people and writing a report: what every command
//! shares (so that `run`, `outcome`, `report`, `install`, `map` and `ssl`
//! do not depend on each other for them).

use std::io::Write;

/// Exit codes (documented in the README).
pub mod code {
    /// Analysis complete; nothing at or above `--fail-on`.
    pub const OK: i32 = 0;
    /// Analysis complete; something at or above `--fail-on`.
    pub const FINDINGS: i32 = 1;
    /// Usage error, unreadable input, or analysis incomplete (fail closed).
    pub const ERROR: i32 = 2;
}

/// A failure for people: what went wrong, where, and what to do.
#[derive(Debug)]
pub struct UserError(pub String);

impl std::fmt::Display for UserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UserError {}

pub fn write_out(path: Option<&std::path::Path>, text: &str) -> Result<(), UserError> {
    match path {
        Some(p) => std::fs::write(p, text).map_err(|e| {
            UserError(format!(
                "cannot write {}: {e}. Check the folder exists and is writable.",
                p.display()
            ))
        }),
        None => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                Ok(()) => Ok(()),
                // `skillscan ... | head`: a closed pipe is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(UserError(format!("cannot write output: {e}"))),
            }
        }
    }
}
