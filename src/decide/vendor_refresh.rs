//! Round 32: the user's own cloud credentials read or refreshed through the
//! vendor's own tool. A skill that runs `aws sso login` and `aws configure
//! export-credentials` to write short-lived keys into the user's own
//! `~/.aws/credentials`, and sends nothing anywhere but AWS (through the
//! CLI), uses the credentials as their owner does: at most a warning.
//! Every condition is checked, none is taken from the skill's words alone:
//!
//! * the store is one vendor CLI's own ([`STORES`]: its credential files,
//!   or a secret read through that program);
//! * the skill declares or runs that program (`requires.bins`, or a step
//!   run by it) and its description, name or folder names the vendor;
//! * the value read reaches no send, and no send of the skill's scripts
//!   goes anywhere but that vendor or this machine;
//! * the store is not copied or archived whole (`cp ~/.kube/config …`).
//!
//! A store read beside a send to any other host keeps its finding, and the
//! secret-flow rules judge the send as before.

use super::vendor::FileHosts;
use crate::evidence::{Evidence, Op, Origin};
use crate::rules::RuleCx;

/// A vendor CLI, its credential files (path suffixes), and the words that
/// name the vendor in a description.
const STORES: &[(&str, &[&str], &[&str])] = &[
    (
        "aws",
        &[".aws/credentials", ".aws/sso/cache", ".aws/cli/cache"],
        &["aws", "amazon"],
    ),
    (
        "gcloud",
        &[".config/gcloud", "application_default_credentials.json"],
        &["gcloud", "gcp", "google cloud"],
    ),
    ("az", &[".azure", "msal_token_cache.json"], &["azure"]),
    ("gh", &[".config/gh/hosts.yml"], &["github", "gh"]),
    ("docker", &[".docker/config.json"], &["docker"]),
    (
        "kubectl",
        &[".kube/config"],
        &["kubernetes", "kubectl", "k8s"],
    ),
    (
        "doctl",
        &[".config/doctl/config.yaml"],
        &["digitalocean", "doctl"],
    ),
    ("vault", &[".vault-token"], &["vault", "hashicorp"]),
];

/// Why the read is the owner's own use of the vendor's tool, when it is.
pub(super) fn vendor_tool_own_credentials(cx: &RuleCx, e: &Evidence) -> Option<String> {
    let target = e.target.replace('\\', "/").to_ascii_lowercase();
    let (program, _, words) = STORES.iter().find(|(program, files, _)| match e.op {
        Op::FileRead => files
            .iter()
            .any(|f| target.ends_with(f) || target.contains(&format!("{f}/"))),
        Op::KeychainRead => e.instrument == *program,
        _ => false,
    })?;
    // Copied or archived whole (`cp ~/.kube/config $BK/`): taken, not used.
    const TAKERS: &[&str] = &[
        "cp", "rsync", "scp", "tar", "zip", "mv", "7z", "ditto", "install",
    ];
    let first = e.snippet.split_whitespace().next().unwrap_or("");
    if TAKERS.contains(&e.instrument.as_str()) || TAKERS.contains(&first) {
        return None;
    }
    let runs = cx.manifest.declared_bins().iter().any(|b| b == program)
        || cx
            .evidence
            .iter()
            .any(|x| !std::ptr::eq(x, e) && x.origin == Origin::Script && x.instrument == *program);
    let mut about = cx.manifest.description().to_lowercase();
    about.push(' ');
    about.push_str(&cx.skill.dir_name.to_lowercase().replace(['-', '_'], " "));
    if let Some(n) = cx.manifest.name() {
        about.push(' ');
        about.push_str(&n.to_lowercase().replace(['-', '_'], " "));
    }
    let named = words.iter().any(|w| crate::text::has_word(&about, w));
    if !runs || !named || super::setup::value_sent(cx, e)? {
        return None;
    }
    super::setup::script_sends_to_vendor(cx, e, &mut FileHosts::new())?;
    Some(format!(
        "{} is the user's own {program} credential, handled through {program} itself and sent nowhere else",
        e.target
    ))
}
