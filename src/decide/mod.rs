//! The decision model (`docs/scoring.md`): after extraction, and again
//! after the rules, purpose and consent are judged here and only here.
//!
//! * [`annotate`] runs after extraction: it tags evidence that is the
//!   skill's own business (its own install, config entry, service, origin,
//!   the host its description names) so rules can tell it apart.
//! * [`vendor`] answers, for the flow detectors, whether a secret going to
//!   a destination is the skill's own key going to its own vendor or to a
//!   destination the user configures.
//! * [`decide`] runs after the rules: it weighs each finding's capability
//!   against intent signals (concealment, obfuscation, collector hosts, …)
//!   and consent (declared purpose, documented opt-in setup, a prompt
//!   before acting), downgrading only where consent is shown and no intent
//!   signal is, and names the evidence in `downgraded_by`.

mod chain;
pub mod child_env;
mod confirm;
mod declared;
mod dims;
mod inert_hook;
mod login_helper;
mod masquerade;
mod mention;
pub mod own;
mod own_sweep;
mod purpose;
pub mod purpose_class;
mod raise;
mod setup;
pub mod vendor;
mod vendor_refresh;
pub mod verdict;

use crate::evidence::{Evidence, Op, Tag};
use crate::extract::indicators;
use crate::skill::{Manifest, Skill};

/// Tags the evidence of one skill with what is its own business.
pub fn annotate(skill: &Skill, manifest: &Manifest, evidence: &mut Vec<Evidence>) {
    own::mark_own_config(skill, manifest, evidence);
    own::mark_own_shipped_files(skill, evidence);
    // Sends to the service the skill says it is about (a Telegram bot skill
    // posting to api.telegram.org) are its job; rules weigh them down.
    let mut purpose = manifest.purpose_text();
    purpose.push(' ');
    purpose.push_str(&skill.dir_name.to_lowercase());
    if manifest.description().trim().is_empty() {
        // No description: the opening of the body says what the skill is.
        purpose.push(' ');
        purpose.push_str(&own::stated_purpose(skill, manifest).to_lowercase());
    }
    for ev in evidence.iter_mut() {
        if matches!(ev.op, Op::NetSend | Op::NetFetch | Op::SocketConnect)
            && indicators::purpose_declares_host(&purpose, &ev.target)
        {
            ev.tags.insert(Tag::DeclaredHost);
        }
        if ev.op == Op::NetSend && indicators::user_chat_channel(&ev.target) {
            ev.tags.insert(Tag::UserChannel);
        }
    }
    own::mark_own_origin(skill, manifest, evidence);
    own::mark_declared_purpose(skill, manifest, evidence);
    own::mark_own_writes(skill, manifest, evidence);
    own::mark_own_removals(skill, manifest, evidence);
    own_sweep::mark_own_sweeps(skill, &own::folder_names(skill, manifest), evidence);
    own::mark_own_services(skill, manifest, evidence);
    crate::extract::system_op::mark_masquerade(evidence);
    crate::extract::system_op::mark_hidden_elevation(&skill.files, evidence);
    crate::extract::system_op::mark_unattended_updates(&skill.files, evidence);
    crate::extract::master_secret::mark(evidence);
    inert_hook::mark(skill, evidence);
    evidence.dedup_by(|a, b| a.sort_key() == b.sort_key() && a.tags == b.tags);
}
