//! Policy file (being built by the integrations work).

use crate::audit::SkillReport;
use crate::cli::FailOn;
use std::collections::BTreeSet;
use std::path::Path;

pub struct Policy;

impl Policy {
    pub fn discover(_explicit: Option<&Path>, _disabled: bool) -> Result<Option<Policy>, String> {
        Ok(None)
    }
    pub fn disabled_rules(&self) -> BTreeSet<String> {
        BTreeSet::new()
    }
    pub fn apply(&self, _r: &mut SkillReport) {}
    pub fn apply_thresholds(&self, _r: &mut SkillReport) {}
    pub fn fail_on(&self) -> Option<FailOn> {
        None
    }
}
