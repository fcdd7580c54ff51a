//! Round 42 (recall42a): cloud and cluster grants whose role or grantee
//! comes from data.
//!
//! `commands.rs` reads a grant whose `--role` is written on the command
//! line, `data_policy.rs` one whose binding is a literal in the code. The
//! next spelling keeps the code plain and moves the words that matter into
//! a data file beside it: `config.json` holds `"role": "roles/owner"` and
//! `"member": "serviceAccount:x@their-project.iam…"`, and the script grants
//! `--role "$(jq -r .svc.role config.json)"`. Neither file alone says
//! anything. One reading for every language and every tool: a code file
//! that applies a grant ([`grants`]: `data_policy::APPLY`, the CLI verbs,
//! SDK calls and Terraform resources that bind a role or attach a policy)
//! and reads, from a bundled data file (`config_values::reads`: the code
//! names the file and the key), a value that is an administrator role
//! (`commands::admin_role`) grants that role (`Privileged` + `AdminGrant`,
//! SK-PRIV-010). It is broad when the values it reads also name a grantee
//! the skill writes in ([`principal`]: an account with an address, a
//! `serviceAccount:`/`user:`/`group:` member, an outside AWS account, an
//! Azure principal id, everyone). Terraform reads its `*.tfvars` by
//! itself: a `.tf` file naming `var.KEY` reads that value of a variables
//! file in its folder.
//!
//! A data file with a viewer role, or a grant whose values the user
//! passes, adds nothing; a grantee placeholder (`you@example.com`,
//! `<sa>`) keeps the grant a warning.

use super::Src;
use super::config_values::{Entry, Reads};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::skill::Skill;
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Grant verbs beyond `data_policy::APPLY` (which holds the policy,
/// binding and assignment setters): attaching a managed policy and
/// binding a cluster role, in CLI, SDK and manifest spelling (lower case).
const ATTACH: &[&str] = &[
    "attach-user-policy",
    "attach_user_policy",
    "attachuserpolicy",
    "attach-role-policy",
    "attach_role_policy",
    "attachrolepolicy",
    "attach-group-policy",
    "attach_group_policy",
    "attachgrouppolicy",
    "clusterrolebinding",
    "create_cluster_role_binding",
    "createclusterrolebinding",
    "create_namespaced_role_binding",
    "addiampolicybinding",
    "add_iam_policy_binding",
    "role_assignments.create_or_update",
    "roleassignments.create",
];

/// The first grant verb `text` holds, with its byte offset.
fn grants(text: &str) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    super::data_policy::APPLY
        .iter()
        .chain(ATTACH)
        .filter_map(|w| lower.find(w))
        .min()
}

/// A grantee the skill writes into its data: an account with an address
/// (`serviceAccount:x@p.iam.gserviceaccount.com`, `ops@vendor.io`), a
/// prefixed member, an outside AWS account, an Azure principal id under a
/// principal key, or everyone. Placeholders are not.
fn principal(e: &Entry) -> bool {
    let v = e.value.trim();
    let l = v.to_ascii_lowercase();
    if super::commands::broad_grantee(v) || v == "*" {
        return true;
    }
    if !super::commands::fixed_identity(v) || l.contains("example") || l.contains("placeholder") {
        return false;
    }
    let addressed = l.split_once('@').is_some_and(|(who, dom)| {
        !who.is_empty() && dom.contains('.') && !dom.contains(char::is_whitespace)
    });
    let prefixed = [
        "serviceaccount:",
        "user:",
        "group:",
        "principal:",
        "principalset:",
    ]
    .iter()
    .any(|p| l.starts_with(p));
    let key = e.key.to_ascii_lowercase();
    let principal_key = [
        "assignee",
        "principal",
        "object_id",
        "objectid",
        "member",
        "grantee",
    ]
    .iter()
    .any(|k| key.contains(k));
    let guid = v.len() == 36 && v.bytes().filter(|b| *b == b'-').count() == 4;
    addressed || prefixed || super::data_policy::account_id(v).is_some() || principal_key && guid
}

/// One grant found: the reading file, the role entry, where it is read
/// from, and whether a grantee the skill writes in is read beside it.
struct Found<'a> {
    reader: &'a str,
    data: String,
    role: Entry,
    fixed: bool,
}

/// Terraform's variables files: read by every `.tf` file of the folder
/// without being named; a `.tf` file reads the entries it names as
/// `var.KEY`.
fn tfvars_reads(skill: &Skill) -> Vec<(String, String, Entry)> {
    let mut out = Vec::new();
    let folder = |p: &str| p.rsplit_once('/').map_or("", |(d, _)| d).to_string();
    for d in skill.files.iter().filter(|f| {
        let l = f.rel.to_ascii_lowercase();
        (l.ends_with(".tfvars") || l.ends_with(".tfvars.json")) && !f.text.is_empty()
    }) {
        let (entries, _) = super::config_values::entries(
            &if d.rel.ends_with(".json") {
                d.rel.clone()
            } else {
                format!("{}.toml", d.rel)
            },
            &d.text,
        );
        for tf in skill
            .files
            .iter()
            .filter(|f| f.rel.ends_with(".tf") && folder(&f.rel) == folder(&d.rel))
        {
            // The variables the file names, once (`var.NAME`).
            let named: std::collections::BTreeSet<&str> = tf
                .text
                .match_indices("var.")
                .map(|(i, w)| {
                    let rest = &tf.text[i + w.len()..];
                    let end = rest
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                        .unwrap_or(rest.len());
                    &rest[..end]
                })
                .collect();
            for e in &entries {
                let key = e.key.split('.').next().unwrap_or(&e.key);
                if named.contains(key) {
                    out.push((tf.rel.clone(), d.rel.clone(), e.clone()));
                }
            }
        }
    }
    out
}

/// Adds the grants whose administrator role a code file reads from the
/// skill's data; see the module docs.
pub fn scan_skill(skill: &Skill, reads: &Reads, evidence: &mut Vec<Evidence>) {
    let tf = tfvars_reads(skill);
    let all: Vec<&(String, String, Entry)> = reads.by_reader.iter().chain(tf.iter()).collect();
    let mut found: Vec<Found> = Vec::new();
    for (reader, data, entry) in &all {
        if !super::commands::admin_role(&entry.value) || found.iter().any(|f| f.reader == reader) {
            continue;
        }
        found.push(Found {
            reader,
            data: data.clone(),
            role: entry.clone(),
            fixed: all.iter().any(|(r, _, e)| r == reader && principal(e)),
        });
    }
    for f in found {
        let Some(file) = skill.files.iter().find(|x| x.rel == f.reader) else {
            continue;
        };
        let Some(at) = grants(&file.text) else {
            continue;
        };
        // A grant the front-ends already read from the code itself.
        if evidence
            .iter()
            .any(|e| e.location.path == f.reader && e.has(Tag::AdminGrant))
        {
            continue;
        }
        let src = Src::new(&file.rel, &file.text, Origin::Script);
        let mut ev = Evidence::new(
            Op::Privileged,
            A::UpdateState,
            R::Credentials,
            format!("{} ({})", f.data, f.role.key),
        )
        .tag(Tag::AdminGrant)
        .instrument("grant from data")
        .object(format!(
            "administrator role {} granted, the role read from {} ({}){}",
            f.role.value,
            f.data,
            f.role.key,
            if f.fixed {
                " to a grantee the skill's data names"
            } else {
                ""
            }
        ));
        if f.fixed {
            ev.tags.insert(Tag::BroadTarget);
        }
        let end = file.text[at..]
            .find('\n')
            .map_or(file.text.len(), |n| at + n);
        evidence.push(src.at(ev, at, end, "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(k: &str, v: &str) -> Entry {
        Entry {
            key: k.into(),
            value: v.into(),
        }
    }

    #[test]
    fn principals_written_in() {
        assert!(principal(&entry(
            "svc.member",
            "serviceAccount:x@tools.iam.gserviceaccount.com"
        )));
        assert!(principal(&entry("ops", "ops@vendor-tools.io")));
        assert!(principal(&entry(
            "sp.principal_id",
            "9f1c2d3e-1111-2222-3333-444455556666"
        )));
        assert!(principal(&entry("who", "allUsers")));
        assert!(!principal(&entry("member", "user:you@example.com")));
        assert!(!principal(&entry("member", "$MEMBER")));
        assert!(!principal(&entry(
            "subscription",
            "9f1c2d3e-1111-2222-3333-444455556666"
        )));
    }

    #[test]
    fn grant_verbs() {
        assert!(grants("gcloud projects add-iam-policy-binding \"$P\"").is_some());
        assert!(grants("iam.attach_role_policy(RoleName=r, PolicyArn=p)").is_some());
        assert!(grants("gcloud projects describe p").is_none());
    }
}
