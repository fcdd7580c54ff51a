//! A step the skill's declared purpose does not need (round 34,
//! SK-EXEC-029).
//!
//! The layer above the per-class shapes: whatever spelling a send or a
//! start-up write takes, the SSL record holds it as a step, and the
//! skill's purpose (`decide::purpose_class`) says whether such a step
//! belongs to it. A design-token exporter, a linter or a recap writer has
//! no business sending data to a host nothing the user reads names, or
//! writing a git hook, a shell start-up file or a tool's config from a
//! script. Such a step warns (medium), naming the purpose and the step; it
//! fails (high) when the step hides itself (sent in the background or with
//! its output discarded, to an address the skill spells only encoded or in
//! pieces, or written by a file that hides a URL in an encoded literal), or
//! when the skill shows intent anywhere (`decide::purpose_class::raise`).
//! A step the purpose needs is left to the rules of its class, unless it
//! goes to an undeclared host and hides itself. A purpose that matches no
//! class is unknown, and nothing is said.

use super::super::{RuleCx, RuleDef, weigh};
use super::undeclared_send::{
    Dest, Known, declared_destination, destinations, encoded_urls, running_send, user_text,
};
use crate::decide::purpose_class::{Capability, Purpose};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::extract::indicators::{naming_label, registrable_domain};
use crate::finding::{Dimension, Finding, Severity};

/// Paths whose content runs by itself later: shell start-up files, git
/// hooks, the user's scheduler and login items, and tool configs that name
/// a program to run (`pinentry-program`, a cargo `runner`, a pre-commit
/// config).
static AUTOSTART_PATH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:^|[/\\])(?:\.(?:bash|zsh|ksh|mksh)rc|\.(?:bash_|z)?profile|\.zshenv|\.zlogin|\.bash_login|config\.fish|\.xprofile|\.xinitrc)$|(?:^|[/\\])hooks[/\\](?:pre|post|prepare|commit|applypatch|update|push|reference|sendemail)[-\w]*$|(?:^|[/\\])\.?git[/\\]hooks[/\\]|(?:^|[/\\])autostart[/\\]|LaunchAgents[/\\]|(?:^|[/\\])(?:crontab|cron\.d[/\\])|systemd[/\\]user[/\\]|(?:^|[/\\])(?:gpg-agent\.conf|\.pre-commit-config\.ya?ml|\.gitconfig|\.npmrc|\.pypirc|\.curlrc|\.wgetrc|\.inputrc|init\.(?:lua|vim)|\.vimrc|\.tmux\.conf)$|\.cargo[/\\]config(?:\.toml)?$|Microsoft\.PowerShell_profile\.ps1$|(?:^|[/\\])profile\.ps1$",
);

pub(crate) fn purpose_unneeded_step(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let Some(purpose) = Purpose::of(cx) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut known = Known::default();
    let mut seen: Vec<String> = Vec::new();
    let mut hides_url: crate::fxhash::FxHashMap<String, bool> = Default::default();
    for (i, e) in cx.evidence.iter().enumerate() {
        let Some((cap, what, hidden)) = step(cx, e, &mut known, &mut hides_url) else {
            continue;
        };
        let needed = purpose.needs(cap);
        // A step the purpose needs is its class's business, unless it hides
        // itself more than by discarding its output.
        let hidden = hidden
            .filter(|(_, strong)| !needed || *strong)
            .map(|(w, _)| w);
        if needed && hidden.is_none() {
            continue;
        }
        if !seen.contains(&what) {
            seen.push(what.clone());
        } else {
            continue;
        }
        let Some((_, conf)) = weigh(e, Severity::Medium, def.confidence) else {
            continue;
        };
        let msg = if needed {
            format!(
                "{what}: a step of the kind its purpose ({}) may need, but hidden",
                purpose.describe()
            )
        } else {
            format!(
                "{what}: its declared purpose ({}) needs no such step, and nothing the user reads declares it",
                purpose.describe()
            )
        };
        let mut f = cx.finding(def, e.location.clone(), &e.snippet, msg);
        f.severity = Severity::Medium;
        f.confidence = conf;
        f.logic_step_id = cx.step_ids.get(i).cloned().flatten();
        f.dimensions = vec![match cap {
            Capability::Send => Dimension::DataExfiltration,
            Capability::Secret => Dimension::CredentialAccess,
            Capability::Delete => Dimension::Destructive,
            Capability::Detach | Capability::Autostart => Dimension::CovertExecution,
        }];
        if let Some(why) = hidden {
            f.raise(Severity::High, &why);
        }
        out.push(f);
    }
    out
}

/// The capability a step exercises, what it is (for the message and to
/// report each once), and how it hides itself, if it does. Only steps the
/// purpose model judges: a send of data to a fixed outside host the user
/// is not told about, and a write from code into a start-up place.
fn step(
    cx: &RuleCx,
    e: &Evidence,
    known: &mut Known,
    hides_url: &mut crate::fxhash::FxHashMap<String, bool>,
) -> Option<(Capability, String, Option<(String, bool)>)> {
    if e.has(Tag::Unreached) || e.has(Tag::TestFixture) || e.has(Tag::Documentation) {
        return None;
    }
    match e.op {
        Op::NetSend | Op::SocketConnect if !e.has(Tag::OpenListener) => send_step(cx, e, known)
            .map(|(host, hidden)| {
                (
                    Capability::Send,
                    format!(
                        "sends data to {host} ({}:{})",
                        e.location.path, e.location.start_line
                    ),
                    hidden,
                )
            }),
        Op::FileWrite
            if matches!(e.origin, Origin::Script | Origin::Hook)
                && !e.has(Tag::OwnConfig)
                && (AUTOSTART_PATH.is_match(e.target.trim())
                    || [
                        Tag::RcFile,
                        Tag::GitHook,
                        Tag::LaunchAgent,
                        Tag::Cron,
                        Tag::Systemd,
                    ]
                    .iter()
                    .any(|t| e.has(*t))) =>
        {
            let declared = declared_write(cx, e);
            let hidden = hides_url
                .entry(e.location.path.clone())
                .or_insert_with(|| {
                    cx.skill
                        .file(&e.location.path)
                        .is_some_and(|f| !encoded_urls(&f.text).is_empty())
                })
                .then(|| {
                    (
                        format!(
                            "{} spells a URL only in an encoded literal",
                            e.location.path
                        ),
                        true,
                    )
                })
                .or_else(|| {
                    (e.has(Tag::Obfuscated) || e.has(Tag::Encoded))
                        .then(|| ("the write is obfuscated or encoded".to_string(), true))
                });
            if declared && hidden.is_none() {
                return None;
            }
            Some((
                Capability::Autostart,
                format!(
                    "writes {} ({}:{}), which runs by itself later",
                    crate::text::snippet(&e.target, 60),
                    e.location.path,
                    e.location.start_line
                ),
                hidden,
            ))
        }
        _ => None,
    }
}

/// A send of data from code that runs, or that SKILL.md tells the agent to
/// make, to a fixed host off this machine that the user is not told about:
/// the host, and how the send hides itself (detached, output discarded, an
/// address spelled only encoded or in pieces, a raw IP).
fn send_step(
    cx: &RuleCx,
    e: &Evidence,
    known: &mut Known,
) -> Option<(String, Option<(String, bool)>)> {
    let instructed = matches!(e.origin, Origin::CodeBlock | Origin::InlineCode)
        && !e.has(Tag::Negated)
        && !e.has(Tag::DeclaredExample)
        && !e.has(Tag::DeclaredHost);
    if !running_send(e) && !instructed {
        return None;
    }
    if e.has(Tag::UserChannel) || e.has(Tag::OwnService) || !carries_local_data(e) {
        return None;
    }
    // What SKILL.md tells the agent to send is read by the user in the
    // same text: only the description and name declare it.
    let purpose_text = cx.manifest.purpose_text();
    let readable = if instructed {
        purpose_text.as_str()
    } else {
        user_text(cx)
    };
    for dest in destinations(cx, e, known) {
        if declared(cx, readable, e, &dest) {
            continue;
        }
        let hidden = if dest.encoded {
            Some((
                format!("the address {} is spelled encoded or in pieces", dest.host),
                true,
            ))
        } else if e.has(Tag::RawIp) {
            Some((format!("{} is a raw IP address", dest.host), true))
        } else if e.has(Tag::Detached) {
            Some((
                "the send runs detached, outliving the command".to_string(),
                true,
            ))
        } else if e.has(Tag::Silenced) {
            Some(("the send's output is discarded".to_string(), false))
        } else {
            None
        };
        return Some((dest.host, hidden));
    }
    None
}

/// Whether a send carries something of this machine's: a value, a pipe or
/// a file it reads (`-d "$log"`, `--data-binary @-`, `-T file`,
/// `data=text`), not a constant ping (`-d '{"ping":"1"}'`).
fn carries_local_data(e: &Evidence) -> bool {
    static UPLOAD: crate::rx::Lazy =
        crate::rx::Lazy::new(r#"@-|@["'$~./{\w]|--upload-file|\s-T\s|\bfiles\s*="#);
    !e.inputs.is_empty() || UPLOAD.is_match(&e.snippet)
}

/// Names the user reads for a shell start-up file, whichever the script
/// picks (`.zshrc` when it exists, else `.bashrc`).
const RC_NAMES: &[&str] = &[
    ".bashrc",
    ".zshrc",
    ".profile",
    ".bash_profile",
    ".zprofile",
    "config.fish",
    "shell profile",
    "shell config",
    "shell rc",
    "to your path",
    "to the path",
];

/// A start-up write the user is told about: the written file's name, for
/// a shell start-up file any of their names, or for a git hook the word
/// "hook", in what the user reads.
fn declared_write(cx: &RuleCx, e: &Evidence) -> bool {
    let text = user_text(cx);
    let name = e
        .target
        .trim()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or("")
        .to_lowercase();
    let hook = e.has(Tag::GitHook) || e.target.contains("hooks/") || e.target.contains("hooks\\");
    name.len() >= 4 && text.contains(&name)
        || hook && text.contains("hook")
        || e.has(Tag::RcFile) && RC_NAMES.iter().any(|n| text.contains(n))
}

/// `declared_destination`, except that the host's owner label counts only
/// when the text names the host itself: a label that is the name of one
/// of the skill's own files (`diag.pinentry-auto.example` and the
/// `pinentry-auto` script SKILL.md installs) names the file, not a
/// destination the user is told about.
fn declared(cx: &RuleCx, readable: &str, e: &Evidence, d: &Dest) -> bool {
    if !declared_destination(cx, readable, e, d) {
        return false;
    }
    let domain = registrable_domain(&d.host);
    if readable.contains(d.host.as_str()) || !domain.is_empty() && readable.contains(&domain) {
        return true;
    }
    let label = naming_label(&d.host);
    let own_file = cx.skill.files.iter().any(|f| {
        let name = f.rel.rsplit('/').next().unwrap_or("");
        name.split('.').next() == Some(label)
    });
    !own_file || cx.skill.dir_name == label || cx.manifest.name().as_deref() == Some(label)
}

#[cfg(test)]
mod tests {
    use crate::evidence::{Evidence, Op};
    use crate::ssl::vocab::{ActType, ResourceScope};

    fn send(snippet: &str) -> Evidence {
        let mut e = Evidence::new(
            Op::NetSend,
            ActType::Request,
            ResourceScope::Network,
            "https://upload.example/v1",
        );
        e.snippet = snippet.to_string();
        e
    }

    /// A multipart upload (`files=`) carries a file of this machine's (the
    /// pattern held a backspace byte where `\b` was meant until round 40);
    /// a constant ping carries nothing.
    #[test]
    fn a_multipart_upload_carries_local_data_and_a_ping_does_not() {
        assert!(super::carries_local_data(&send(
            "requests.post(URL, files={'f': open(path, 'rb')})"
        )));
        assert!(super::carries_local_data(&send(
            "curl -T report.txt https://u.example"
        )));
        assert!(!super::carries_local_data(&send(
            "curl -d '{\"ping\":\"1\"}' https://u.example"
        )));
        assert!(!super::carries_local_data(&send("post(url, profiles=1)")));
    }
}
