//! Round 35: a stored credential handed to another host by a config write,
//! every language at token level. A registry or git credential is keyed by
//! host in its store (`//registry.npmjs.org/:_authToken=…` in `.npmrc`,
//! `machine H … password …` in `.netrc`, `auths["H"]` in Docker's
//! `config.json`, `https://user:TOKEN@H/…` in a pip index URL or a git
//! `insteadOf`). Code that takes the value stored for one host (a line that
//! reads the store: `_authToken`, `.npmrc`, `.pypirc`, `.netrc`,
//! `.git-credentials`, Docker's `config.json`, `git credential fill`,
//! `npm config get`) and writes it keyed on another, non-vendor host makes
//! every later install or fetch send the secret there: a credential read
//! flowing into a send to that host (SK-EXFIL-001 judges it).
//!
//! Quiet: a switcher that only changes the registry URL (no key line), a
//! token from an environment variable written for a host (a private
//! registry's template: `//npm.corp/:_authToken=${NPM_TOKEN}`), a value
//! written back for its own host, and local or placeholder hosts.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A line that reads a stored credential.
static STORE_READ: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)_authtoken|_auth(?-u:\b)|_password|\.npmrc|\.yarnrc|\.pypirc|\.netrc|\.git-credentials|docker[/\\]config\.json|(?-u:\b)auths(?-u:\b)|credential\s+fill|credential-store|(?:npm|pnpm|yarn)\s+config\s+get|npmauthtoken",
);
/// A credential keyed on a host; group 1 is the host (or a placeholder).
static KEYED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:\\?/){2}([^/\s'"`;]+?)\\?/:_(?:authtoken|auth|password)|machine\s+([^\s'"`]+)\s+[^\n]*password|https?://[^\s'"`/@]*(?:\$|\{|%s|%\()[^\s'"`/@]*@([^\s/'"`]+)|auths\s*(?:\[\s*|\.)['"]?([^'"\]\s]+)|npmregistries[^\n]*['"](https?://[^'"]+)['"]"#,
);
/// `NAME = "host"` / `NAME="https://host/"` (any language).
static HOST_ASSIGN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^\s*(?:(?:export\s+)?(?:const|let|var|my|local|our|final|readonly|declare)\s+)?\$?([A-Za-z_]\w*)\s*:?=\s*['"]?(?:https?://)?([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)(?::\d+)?/?['"]?[ \t]*;?[ \t]*$"#,
);
/// `NAME = …` at a line's start; group 1 the name.
static ASSIGN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:(?:export\s+)?(?:const|let|var|my|local|our|final|readonly)\s+)?\$?([A-Za-z_]\w*)(?:\s*,\s*\$?[A-Za-z_]\w*)*\s*(?::=|=)(?:[^=]|$)",
);

/// Hosts that own the credentials these stores hold.
const VENDOR_HOSTS: &[&str] = &[
    "registry.npmjs.org",
    "registry.yarnpkg.com",
    "npm.pkg.github.com",
    "pypi.org",
    "upload.pypi.org",
    "test.pypi.org",
    "files.pythonhosted.org",
    "index.docker.io",
    "docker.io",
    "registry-1.docker.io",
    "ghcr.io",
    "github.com",
    "api.github.com",
    "gitlab.com",
    "bitbucket.org",
];

fn norm_host(h: &str) -> String {
    let h = h.replace('\\', "");
    let h = h
        .trim_start_matches("https://")
        .trim_start_matches("http://")
        .trim_matches(|c: char| matches!(c, '/' | '"' | '\'' | '`' | ']'));
    h.split(['/', ':'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

fn outside(h: &str) -> bool {
    h.contains('.')
        && !h.contains(['$', '{', '%', '<', '*'])
        && !VENDOR_HOSTS.contains(&h)
        && !h.starts_with("localhost")
        && !h.starts_with("127.")
        && !h.ends_with("example.com")
        && !h.contains("your")
}

/// Per line of a code file: the credential-keyed hosts (normalised;
/// placeholders kept as written).
fn keyed_hosts(line: &str) -> Vec<String> {
    KEYED
        .captures_iter(line)
        .filter_map(|c| {
            (1..=5)
                .find_map(|g| c.get(g))
                .map(|m| m.as_str().to_string())
        })
        .collect()
}

pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !STORE_READ.is_match(text) || !KEYED.is_match(text) {
        return;
    }
    let literal_hosts: Vec<(String, String)> = HOST_ASSIGN
        .captures_iter(text)
        .filter_map(|c| {
            Some((
                c.get(1)?.as_str().to_string(),
                norm_host(c.get(2)?.as_str()),
            ))
        })
        .collect();
    // Names holding a stored credential: (name, the host it was stored for,
    // byte offset of the read).
    let mut held: Vec<(String, String, usize)> = Vec::new();
    let mut at = 0usize;
    let mut found: Vec<(usize, usize, String, usize)> = Vec::new();
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let t = line.trim_start();
        if (t.starts_with('#') && !t.starts_with("#!"))
            || t.starts_with("// ")
            || t.starts_with("* ")
        {
            continue;
        }
        let keyed = keyed_hosts(line);
        let vendor_here = keyed
            .iter()
            .map(|h| norm_host(h))
            .find(|h| VENDOR_HOSTS.contains(&h.as_str()));
        // The host a read line names for the credential it takes.
        let read_host = vendor_here.clone().or_else(|| {
            keyed
                .iter()
                .map(|h| norm_host(h))
                .find(|h| h.contains('.') && !h.contains(['$', '{', '%']))
        });
        let assigned = ASSIGN
            .captures(line)
            .and_then(|c| c.get(1))
            .map(|m| m.as_str());
        // The value written: a held name on the line, or a vendor entry
        // read on the line itself (`npm config set //M/:_authToken "$(npm
        // config get //registry.npmjs.org/:_authToken)"`).
        let carried = held
            .iter()
            .find(|(n, _, _)| Some(n.as_str()) != assigned && crate::text::has_word(line, n))
            .map(|(_, h, o)| (h.clone(), *o))
            .or_else(|| {
                vendor_here
                    .clone()
                    .filter(|_| keyed.len() > 1)
                    .map(|h| (h, start))
            });
        if let Some((from_host, read_at)) = carried {
            for k in &keyed {
                let h = norm_host(k);
                let dest = if outside(&h) {
                    Some(h)
                } else {
                    literal_hosts
                        .iter()
                        .filter(|(n, _)| crate::text::has_word(line, n))
                        .map(|(_, h)| h.clone())
                        .find(|h| outside(h))
                };
                if let Some(d) = dest
                    && d != from_host
                {
                    found.push((read_at, start, d, line.len()));
                    break;
                }
            }
        }
        // A stored credential read into a name.
        if let Some(name) = assigned {
            held.retain(|(n, _, _)| n != name);
            if STORE_READ.is_match(line) {
                held.push((name.to_string(), read_host.unwrap_or_default(), start));
            } else if let Some((_, h, o)) = held
                .iter()
                .find(|(n, _, _)| n != name && crate::text::has_word(line, n))
                .cloned()
            {
                held.push((name.to_string(), h, o));
            }
            if held.len() > crate::limits::CRED_REPOINT_MAX_NAMES {
                crate::limits::gave_up("CRED_REPOINT_MAX_NAMES");
                return;
            }
        }
    }
    for (read_at, w_at, host, len) in found {
        let binding = format!("$cred_repoint_{read_at}");
        let read_end = text[read_at..]
            .find('\n')
            .map_or(text.len(), |i| read_at + i);
        let mut read = Evidence::new(
            Op::FileRead,
            A::Read,
            R::Credentials,
            "stored registry credential",
        )
        .object("a credential stored for one host (registry token, netrc or docker login)")
        .instrument("credential store read");
        read.output = Some(binding.clone());
        sink.push(src.at(read, read_at, read_end, "code"));
        let url = format!("https://{host}/");
        let w_end = (w_at + len).min(text.len());
        let w_end = if text[..w_end].ends_with('\n') {
            w_end - 1
        } else {
            w_end
        };
        let mut send = Evidence::new(Op::NetSend, A::Transfer, R::Network, url.clone())
            .tags(super::indicators::classify_url(&url))
            .object("the stored credential written for another host: every install or fetch sends it there")
            .instrument("credential re-pointed");
        send.inputs.push(binding);
        sink.push(src.at(send, w_at, w_end, "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyed_lines_and_hosts() {
        assert_eq!(
            keyed_hosts("printf '//%s/:_authToken=%s\\n' \"$m\" \"$t\""),
            vec!["%s"]
        );
        assert_eq!(
            norm_host(&keyed_hosts("grep -o '//registry\\.npmjs\\.org/:_authToken=.*' f")[0]),
            "registry.npmjs.org"
        );
        assert_eq!(
            keyed_hosts("machine pkgs.corp.example login u password $t"),
            vec!["pkgs.corp.example"]
        );
        assert_eq!(
            keyed_hosts("index-url = https://__token__:${T}@pypi.mirror.example/simple"),
            vec!["pypi.mirror.example"]
        );
        assert!(keyed_hosts("registry=https://registry.mirror.example/").is_empty());
        assert!(outside("registry.npm-edge-cdn.example"));
        assert!(!outside("registry.npmjs.org"));
    }
}
