//! Round 31 (covert31): a program placed on PATH under the name of a tool
//! the user runs every day, one model for every language. `ln -sf
//! ~/.local/bin/sheetfx ~/.local/bin/git`, `cp helper /usr/local/bin/sudo`,
//! `install -m755 x ~/bin/ssh`, Python `shutil.copy(p, "~/.local/bin/git")`
//! / `os.symlink`, Node `fs.symlinkSync`, PowerShell `Copy-Item`: the next
//! `git` the user (or the agent) types runs the skill's program, which
//! sees every argument, credential prompt and password typed to it. A
//! masquerade ([`Tag::Masquerade`], an intent signal: `fs_op::lower_copy`
//! adds the step), as a unit named like a system service is.
//!
//! The same tool under its own name is no masquerade: a build of git
//! installed as `git`, `python3.12` linked as `python`, `nodejs` as
//! `node`, `gsed` as `sed` (one name holds the other once version digits
//! are dropped). Shell aliases and functions that shadow a
//! security-relevant tool ([`ALIAS_SENSITIVE`]: `sudo`, `ssh`, `git`, …)
//! with something that is not that tool are read by the shell front-end
//! ([`alias_shadows`]); `alias ll='ls -la'`, `alias vim=nvim` and `alias
//! sudo='sudo '` are not.

use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Tools whose name a program placed in a `bin` folder must not take.
const TOOLS: &[&str] = &[
    "git",
    "ssh",
    "scp",
    "sftp",
    "ssh-add",
    "ssh-agent",
    "ssh-keygen",
    "sudo",
    "su",
    "doas",
    "passwd",
    "login",
    "gpg",
    "gpg2",
    "python",
    "python3",
    "pip",
    "pip3",
    "node",
    "npm",
    "npx",
    "ruby",
    "gem",
    "perl",
    "php",
    "java",
    "go",
    "cargo",
    "rustc",
    "ls",
    "ps",
    "cat",
    "cp",
    "mv",
    "rm",
    "curl",
    "wget",
    "bash",
    "sh",
    "zsh",
    "env",
    "which",
    "id",
    "whoami",
    "find",
    "grep",
    "tar",
    "chmod",
    "chown",
    "top",
    "netstat",
    "ss",
    "lsof",
    "crontab",
    "systemctl",
    "apt",
    "apt-get",
    "brew",
    "yum",
    "dnf",
    "docker",
    "kubectl",
    "aws",
    "gcloud",
    "az",
    "gh",
    "make",
    "gcc",
    "cc",
    "openssl",
    "security",
    "op",
    "code",
    "terraform",
    "helm",
    "jq",
    "yq",
    "keychain",
];

/// Tools an alias or shell function must not shadow with another program:
/// the ones that see passwords, keys and tokens.
/// (`docker`, `kubectl` are left out: `alias docker=podman`, `alias
/// kubectl=kubecolor` are everyday choices.)
const ALIAS_SENSITIVE: &[&str] = &[
    "sudo", "su", "doas", "ssh", "scp", "sftp", "ssh-add", "git", "gpg", "passwd", "pip", "pip3",
    "npm", "curl", "wget", "aws", "gcloud", "az", "gh", "login",
];

/// A name without its folder, version digits and `.exe` (`python3.12` →
/// `python`, `/usr/bin/gpg2` → `gpg`).
fn stem(path: &str) -> String {
    let base = path
        .trim_end_matches(['"', '\'', ')', '/'])
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(path)
        .to_ascii_lowercase();
    let base = base.strip_suffix(".exe").unwrap_or(&base);
    base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-')
        .to_string()
}

/// Whether two program names are one tool (see the module docs).
fn same_tool(a: &str, b: &str) -> bool {
    !a.is_empty() && !b.is_empty() && (a.contains(b) || b.contains(a))
}

/// Whether `dir` is a folder of programs on PATH (`…/bin`, `…/sbin`).
fn bin_dir(dir: &str) -> bool {
    let d = dir.trim_end_matches('/');
    let last = d.rsplit(['/', '\\']).next().unwrap_or(d);
    matches!(last, "bin" | "sbin")
}

/// The tool a copy, move or link of `from` to `to` shadows on PATH, if
/// it does. A destination that is a folder (`cp x ~/.local/bin/`) keeps
/// the source's own name: no shadow.
pub fn shadowed(from: &str, to: &str) -> Option<&'static str> {
    let to = to.trim_matches(['"', '\'']);
    let (dir, name) = to.rsplit_once(['/', '\\'])?;
    if !bin_dir(dir) {
        return None;
    }
    let tool = TOOLS.iter().find(|t| **t == name.to_ascii_lowercase())?;
    let src = stem(from);
    if src.is_empty() || same_tool(&src, &stem(tool)) || from.contains('$') && !from.contains('/') {
        return None;
    }
    Some(tool)
}

/// Whether `name` is a tool the user runs every day ([`TOOLS`]): a
/// program shipped under it runs in the tool's place.
pub fn well_known(name: &str) -> bool {
    TOOLS.contains(&name.to_ascii_lowercase().as_str())
}

/// Round 38 (recall38a): a download from where no one can vouch for it
/// (plain HTTP off this machine, or a raw IP address) placed in a folder
/// of programs (`~/.local/bin`, `/usr/local/bin`, `~/bin`) under the name
/// of a tool the user runs ([`TOOLS`]): the next `jq` (or `git`, `ssh`,
/// `sudo`) typed runs a binary a stranger on the path could swap, ahead
/// of the system's own. `dir` is the folder, `names` the program names it
/// gets. The tool from its project's HTTPS release page is no shadow.
pub fn fetched_shadow<'n>(url: &str, dir: &str, names: &[&'n str]) -> Option<&'n str> {
    let dir = dir.trim_matches(['"', '\'']);
    if !bin_dir(dir) {
        return None;
    }
    let host = crate::extract::indicators::url_host(url)?;
    if crate::extract::indicators::is_private_host(&host) {
        return None;
    }
    let raw_ip = host.parse::<std::net::IpAddr>().is_ok();
    let plain = url.trim_start().to_ascii_lowercase().starts_with("http://");
    if !(raw_ip || plain) {
        return None;
    }
    names.iter().copied().find(|n| well_known(n))
}

/// Whether `alias NAME=VALUE` (or a function `NAME() { VALUE }`) shadows
/// a sensitive tool with another program (see the module docs).
pub fn alias_shadows(name: &str, value: &str) -> bool {
    let name = name.trim();
    if !ALIAS_SENSITIVE.contains(&name) {
        return false;
    }
    let v = value.trim().trim_matches(['"', '\'']);
    // The tool itself with options (`sudo `, `ssh -o …`, `command git`,
    // `python3 -m pip`).
    let words: Vec<&str> = v
        .split(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | ')'))
        .filter(|w| !w.is_empty())
        .collect();
    let Some(first) = words.first() else {
        return false;
    };
    !words
        .iter()
        .any(|w| same_tool(&stem(w), name) || *w == "command" || *w == "builtin")
        && !first.starts_with('-')
}

/// The step of an alias or shell function that shadows a sensitive tool
/// with another program ([`alias_shadows`]): concealment, masquerade.
pub fn step(name: &str, value: &str, what: &str) -> Evidence {
    Evidence::new(
        Op::Concealment,
        A::UpdateState,
        R::Process,
        format!("{name}={}", crate::text::snippet(value, 80)),
    )
    .tag(Tag::Masquerade)
    .instrument(what)
    .object(format!(
        "{what} shadows `{name}` with another program (it sees what is typed to `{name}`)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fetched_over_plain_http_under_a_tool_name() {
        let u = "http://194.26.29.148/dl/jq-fast.tar.gz";
        assert_eq!(
            fetched_shadow(u, "~/.local/bin", &["jq", "jq-fast"]),
            Some("jq")
        );
        assert_eq!(
            fetched_shadow("https://198.51.100.7/jq", "/usr/local/bin", &["jq"]),
            Some("jq")
        );
        // The project's HTTPS release, a tool of its own name, a data folder.
        let gh = "https://github.com/jqlang/jq/releases/download/jq-1.7.1/jq-linux-amd64";
        assert_eq!(fetched_shadow(gh, "~/.local/bin", &["jq"]), None);
        assert_eq!(fetched_shadow(u, "~/.local/bin", &["jq-fast"]), None);
        assert_eq!(fetched_shadow(u, "~/.cache/tools", &["jq"]), None);
    }

    #[test]
    fn placed_under_a_tool_name() {
        assert_eq!(
            shadowed("~/.local/bin/sheetfx", "~/.local/bin/git"),
            Some("git")
        );
        assert_eq!(shadowed("./helper", "/usr/local/bin/sudo"), Some("sudo"));
        assert_eq!(shadowed("dist/agent", "$HOME/bin/ssh"), Some("ssh"));
        // Its own name, another version, a folder destination, not a bin.
        assert_eq!(shadowed("build/git", "/usr/local/bin/git"), None);
        assert_eq!(shadowed("/usr/bin/python3.12", "~/.local/bin/python"), None);
        assert_eq!(shadowed("/usr/bin/nodejs", "/usr/local/bin/node"), None);
        assert_eq!(shadowed("sheetfx", "~/.local/bin/"), None);
        assert_eq!(shadowed("sheetfx", "~/.local/bin/sheetfx"), None);
        assert_eq!(shadowed("x", "./backup/git"), None);
    }

    #[test]
    fn aliases_that_shadow() {
        assert!(alias_shadows("sudo", "'~/.cache/.s/askpass-wrap'"));
        assert!(alias_shadows("git", "sheetfx"));
        assert!(!alias_shadows("ll", "ls -la"));
        assert!(!alias_shadows("sudo", "'sudo '"));
        assert!(!alias_shadows("pip", "python3 -m pip"));
        assert!(!alias_shadows("ssh", "ssh -o ServerAliveInterval=30"));
        assert!(!alias_shadows("vim", "nvim"));
    }
}
