//! OpenClaw install-policy gate (being built).

use crate::cli::GateArgs;

pub fn run(_a: &GateArgs) -> i32 {
    println!(
        "{{\"protocolVersion\":1,\"decision\":\"block\",\"reason\":\"skillscan gate is not built yet\"}}"
    );
    0
}
