//! The optional LLM judge (being built).

use crate::audit::SkillReport;
use crate::policy::Policy;

pub struct JudgeConfig;

impl JudgeConfig {
    pub fn from_env(_p: Option<&Policy>) -> Result<JudgeConfig, String> {
        Err("--llm is not available yet".into())
    }
}

pub fn judge_skill(_r: &mut SkillReport, _c: &JudgeConfig) {}
