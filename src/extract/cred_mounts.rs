//! Round 22: the host's credential folders mounted into a container. A
//! dev container, compose service or `docker run` that binds `~/.aws`,
//! `~/.ssh`, gcloud's or the cluster's configuration (`CRED_DIRS`) hands
//! every process in the container the user's logins. Spellings, one reader
//! for every file: `source=…,target=…` (dev-container `mounts`, `docker
//! --mount`), `{"source": …, "target": …}` objects, and `SRC:DST[:ro]`
//! (`-v`, `--volume`, compose `volumes:`, dev-container `runArgs`). The
//! source must be the user's home (`~`, `$HOME`, `${localEnv:HOME}`,
//! `${env:HOME}`, `%USERPROFILE%`, `/home/NAME`, `/Users/NAME`, `/root`);
//! a mount of the workspace or a project folder is not read.
//!
//! A mount is a `FileRead` of the folder tagged `MountedCredential`
//! (SK-CRED-007, a warning). It is `MountSent` when a code file of the
//! skill names where the folder lands in the container (its path or last
//! component: `.host-aws`) and sends to a fixed outside host: the
//! container's start commands carry the logins away (SK-CRED-007 high).

use crate::evidence::{Evidence, Op, Tag};
use crate::extract::indicators;
use crate::skill::Skill;
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

use super::Src;

/// Credential folders and files of the user's home, as they follow the
/// home prefix.
const CRED_DIRS: &[&str] = &[
    ".aws",
    ".ssh",
    ".config/gcloud",
    ".kube",
    ".azure",
    ".docker",
    ".gnupg",
    ".netrc",
    ".git-credentials",
    ".npmrc",
    ".pypirc",
    ".config/gh",
    ".terraform.d",
    ".oci",
];

static HOME: &str = r"(?:~|\$home|\$\{home\}|\$\{localenv:home\}|\$\{env:home\}|\$\{localenv:userprofile\}|\$\{env:userprofile\}|%userprofile%|/home/[\w.-]+|/users/[\w.-]+|/root)";

/// `source=SRC … target=DST` (one mount string or `--mount` value).
static KV: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:^|[\s,]|--mount[= ]|[\x22'])(?:source|src)=([^,\s\x22']+)[^\x22'\n]*?(?:target|dst|destination)=([^,\s\x22']+)",
);
/// `"source": "SRC", … "target": "DST"` in one JSON object.
static OBJ: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"[\x22']source[\x22']\s*:\s*[\x22']([^\x22']+)[\x22'][^{}]*?[\x22']target[\x22']\s*:\s*[\x22']([^\x22']+)[\x22']"#,
);
/// `SRC:DST` with the source under the home folder.
static COLON: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:^|[\s\x22'=,\[-])((?:~|\$home|\$\{home\}|\$\{localenv:home\}|\$\{env:home\}|\$\{localenv:userprofile\}|\$\{env:userprofile\}|%userprofile%|/home/[\w.-]+|/users/[\w.-]+|/root)[/\\][^\s:\x22',]+):([^\s:\x22',\]]+)",
);

/// The credential folder a mount source names, when it is under the home.
fn cred_dir(source: &str) -> Option<&'static str> {
    static PREFIX: crate::rx::Lazy = crate::rx::Lazy::new(
        r"^(?:~|\$home|\$\{home\}|\$\{localenv:home\}|\$\{env:home\}|\$\{localenv:userprofile\}|\$\{env:userprofile\}|%userprofile%|/home/[\w.-]+|/users/[\w.-]+|/root)[/\\]",
    );
    let _ = HOME;
    let m = PREFIX.find(source)?;
    let rest = source[m.end()..].replace('\\', "/");
    let rest = rest.trim_end_matches('/');
    CRED_DIRS
        .iter()
        .find(|d| rest == **d || rest.starts_with(&format!("{d}/")))
        .copied()
}

/// One mount of a credential folder: where in `text`, the folder, and
/// where it lands.
pub struct Mount {
    pub start: usize,
    pub end: usize,
    pub dir: &'static str,
    pub target: String,
}

/// The credential mounts one text spells.
pub fn mounts(text: &str) -> Vec<Mount> {
    let lower = text.to_ascii_lowercase();
    if !CRED_DIRS.iter().any(|d| lower.contains(d)) {
        return Vec::new();
    }
    let mut out: Vec<Mount> = Vec::new();
    for re in [&KV, &OBJ, &COLON] {
        for c in re.regex().captures_iter(&lower) {
            if out.len() == crate::limits::MOUNT_MAX_SPECS {
                crate::limits::gave_up("MOUNT_MAX_SPECS");
                return out;
            }
            let (Some(all), Some(src), Some(dst)) = (c.get(0), c.get(1), c.get(2)) else {
                continue;
            };
            let Some(dir) = cred_dir(src.as_str()) else {
                continue;
            };
            if out
                .iter()
                .any(|m| m.start <= src.start() && src.start() < m.end)
            {
                continue;
            }
            out.push(Mount {
                start: src.start(),
                end: all.end(),
                dir,
                target: text[dst.start()..dst.end()].to_string(),
            });
        }
    }
    out
}

/// The name a code file would use for the mount's landing place: its last
/// path component (`/home/vscode/.host-aws` → `.host-aws`).
fn landing_name(target: &str) -> &str {
    target
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(target)
}

/// Skill-wide: every credential mount in any file, and whether a code file
/// that names its landing place sends to a fixed outside host.
pub fn scan_skill(skill: &Skill, evidence: &mut Vec<Evidence>) -> Vec<String> {
    let mut incomplete = Vec::new();
    for f in &skill.files {
        if f.text.is_empty() || f.kind == crate::skill::FileKind::Markdown {
            continue;
        }
        let cuts = crate::limits::CutScope::begin();
        let found = mounts(&f.text);
        cuts.end(&f.rel, &mut incomplete);
        if found.is_empty() {
            continue;
        }
        let src = Src::new(&f.rel, &f.text, super::tokens::origin(&f.rel));
        for m in found {
            let name = landing_name(&m.target);
            let sent_by = (name.len() >= 3)
                .then(|| sender(skill, evidence, name))
                .flatten();
            let mut ev = Evidence::new(
                Op::FileRead,
                A::Read,
                R::Credentials,
                format!("~/{}", m.dir),
            )
            .tag(Tag::MountedCredential)
            .instrument("container mount")
            .object(match &sent_by {
                Some(p) => format!(
                    "the host's ~/{} mounted into a container at {}, and {p} sends it out",
                    m.dir, m.target
                ),
                None => format!(
                    "the host's ~/{} mounted into a container at {}",
                    m.dir, m.target
                ),
            });
            if sent_by.is_some() {
                ev.tags.insert(Tag::MountSent);
            }
            evidence.push(src.at(ev, m.start, m.end, "config"));
        }
    }
    incomplete
}

/// A code file naming `name` (as a whole path component) that sends to a
/// fixed outside host: its path.
fn sender(skill: &Skill, evidence: &[Evidence], name: &str) -> Option<String> {
    evidence
        .iter()
        .filter(|e| e.op == Op::NetSend && !e.has(Tag::Reroute))
        .filter(|e| {
            indicators::url_host(&e.target).is_some_and(|h| !indicators::is_private_host(&h))
        })
        .find(|e| {
            skill
                .files
                .iter()
                .any(|f| f.rel == e.location.path && names_component(&f.text, name))
        })
        .map(|e| format!("{}:{}", e.location.path, e.location.start_line))
}

/// Whether `text` names `name` as a path component (not inside a longer
/// name).
fn names_component(text: &str, name: &str) -> bool {
    let part = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.');
    let b = text.as_bytes();
    text.match_indices(name).any(|(i, _)| {
        let end = i + name.len();
        (i == 0 || !part(b[i - 1])) && (end >= b.len() || !part(b[end]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credential_mounts_in_every_spelling() {
        for (text, dir, target) in [
            (
                "\"mounts\": [\"source=${localEnv:HOME}/.aws,target=/home/vscode/.host-aws,type=bind,readonly\"]",
                ".aws",
                "/home/vscode/.host-aws",
            ),
            (
                "\"mounts\": [{ \"source\": \"${localEnv:HOME}/.ssh\", \"target\": \"/root/.ssh\", \"type\": \"bind\" }]",
                ".ssh",
                "/root/.ssh",
            ),
            (
                "    volumes:\n      - ~/.kube:/root/.kube:ro\n",
                ".kube",
                "/root/.kube",
            ),
            (
                "docker run --rm -v \"$HOME/.config/gcloud:/gcloud\" img\n",
                ".config/gcloud",
                "/gcloud",
            ),
            (
                "docker run --mount type=bind,source=$HOME/.aws,target=/aws img\n",
                ".aws",
                "/aws",
            ),
        ] {
            let m = mounts(text);
            assert_eq!(m.len(), 1, "{text}");
            assert_eq!(m[0].dir, dir, "{text}");
            assert_eq!(m[0].target, target, "{text}");
        }
    }

    #[test]
    fn workspace_and_project_mounts_are_not_read() {
        for text in [
            "\"mounts\": [\"source=${localWorkspaceFolder}/.aws-config,target=/cfg,type=bind\"]",
            "    volumes:\n      - ./data:/data\n      - /var/run/docker.sock:/var/run/docker.sock\n",
            "docker run -v \"$PWD:/src\" img\n",
            "\"mounts\": [\"source=${localEnv:HOME}/.cache/pip,target=/root/.cache/pip,type=bind\"]",
        ] {
            assert!(mounts(text).is_empty(), "{text}");
        }
    }
}
