//! `skillscan ssl` (being built).

use crate::cli::SslArgs;
use crate::run::UserError;

pub fn run(_a: &SslArgs) -> Result<i32, UserError> {
    Err(UserError("ssl is not built yet".into()))
}
