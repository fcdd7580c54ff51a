//! `skillscan install` (being built).

use crate::cli::InstallArgs;
use crate::run::UserError;

pub fn run(_a: &InstallArgs) -> Result<i32, UserError> {
    Err(UserError("install is not built yet".into()))
}
