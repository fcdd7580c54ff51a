//! Rust detectors: rules that need more than one step, the manifest or the
//! inventory. Each is named by a rule file's `detector:` key.

mod exec_flow;
mod hook_telemetry;
mod inline_ignore;
mod inventory;
mod local_claim;
pub mod manifest;
mod object_send;
mod purpose_fit;
mod safeguards;
mod secret_flow;
pub(crate) use secret_flow::is_network_sink;
mod triggers;
mod undeclared_send;

use super::{RuleCx, RuleDef};
use crate::finding::Finding;

pub fn run(name: &str, def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    match name {
        "secret-to-network" => secret_flow::secret_to_network(def, cx),
        "secret-and-network" => secret_flow::secret_and_network(def, cx),
        "secret-to-output" => secret_flow::secret_to_output(def, cx),
        "undeclared-secret-env" => secret_flow::undeclared_env(def, cx),
        "undeclared-data-send" => undeclared_send::undeclared_data_send(def, cx),
        "local-claim-send" => local_claim::local_claim_send(def, cx),
        "valuable-object-send" => object_send::valuable_object_send(def, cx),
        "hook-telemetry" => hook_telemetry::hook_telemetry(def, cx),
        "network-to-exec" => exec_flow::network_to_exec(def, cx),
        "decoded-to-exec" => exec_flow::decoded_to_exec(def, cx),
        "hidden-trigger" => triggers::hidden_trigger(def, cx),
        "safeguards-off" => safeguards::safeguards_off(def, cx),
        "frontmatter-invalid" => manifest::frontmatter_invalid(def, cx),
        "frontmatter-duplicate-key" => manifest::duplicate_key(def, cx),
        "spec-name" => manifest::spec_name(def, cx),
        "spec-description" => manifest::spec_description(def, cx),
        "typosquat-name" => manifest::typosquat(def, cx),
        "symlink" => inventory::symlink(def, cx),
        "special-file" => inventory::special_file(def, cx),
        "analysis-incomplete" => inventory::incomplete(def, cx),
        "inline-ignore" => inline_ignore::inline_ignore(def, cx),
        "purpose-unneeded-step" => purpose_fit::purpose_unneeded_step(def, cx),
        // --- LLM judge (issue 7): `SK-LLM-*` findings are added by
        // `crate::judge::merge` after the static pass, never here. ---
        "llm-judge" => Vec::new(),
        other => panic!("rule {} names unknown detector {other}", def.id),
    }
}

/// Names of all detectors (tests check every rule's detector exists).
pub const NAMES: &[&str] = &[
    "secret-to-network",
    "secret-and-network",
    "secret-to-output",
    "undeclared-secret-env",
    "undeclared-data-send",
    "local-claim-send",
    "valuable-object-send",
    "hook-telemetry",
    "network-to-exec",
    "decoded-to-exec",
    "hidden-trigger",
    "safeguards-off",
    "frontmatter-invalid",
    "frontmatter-duplicate-key",
    "spec-name",
    "spec-description",
    "typosquat-name",
    "symlink",
    "special-file",
    "analysis-incomplete",
    "inline-ignore",
    "purpose-unneeded-step",
    "llm-judge",
];
