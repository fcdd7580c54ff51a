//! `skillscan map` (being built).

use crate::cli::MapArgs;
use crate::run::UserError;

pub fn run(_a: &MapArgs) -> Result<i32, UserError> {
    Err(UserError("map is not built yet".into()))
}
