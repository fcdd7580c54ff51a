//! Round 26: commands run on another host or inside a container, one table
//! for every front-end. The command string of `ssh [opts] host 'cmd'`,
//! `pssh -h hosts 'cmd'`, `ansible HOSTS -m shell|command|raw -a 'cmd'`,
//! `docker|podman exec CTR cmd…`, `kubectl|oc exec POD -- cmd…`, `gcloud
//! compute ssh VM --command 'cmd'`, `aws ssm send-command --parameters
//! commands=…` and `az vm run-command invoke --scripts 'cmd'` is lowered to
//! shell text and analysed as shell ([`super::interp::Code::Remote`]): an
//! outside key appended to `authorized_keys`, a cron entry, `rm -rf`, a
//! secret read and sent keep their meaning there. Reached through
//! `interp::code_arg`, so shell lines, Python/JavaScript argv, PowerShell
//! native lines and token-level run calls all lower it; a heredoc or piped
//! script fed to `ssh host` / `ssh host bash -s` is the remote program
//! (`interp::stdin_code`).
//!
//! One precision rule, resting on structure: an `authorized_keys` append
//! on the other host whose remote command holds no key material and no URL
//! installs the key the caller hands it on stdin or as a variable — the
//! `cat ~/.ssh/id_ed25519.pub | ssh host 'cat >> ~/.ssh/authorized_keys'`
//! idiom (`ssh-copy-id` by hand) — and is not reported as persistence;
//! a literal public key or a fetched one is.

use super::argwords::{program, split_words, unquote};
use super::{Lang, Sink, Src};
use crate::evidence::Tag;

/// Programs that run a command somewhere else.
const RUNNERS: &[&str] = &[
    "ssh",
    "autossh",
    "pssh",
    "parallel-ssh",
    "ansible",
    "docker",
    "podman",
    "nerdctl",
    "kubectl",
    "oc",
    "gcloud",
    "aws",
    "az",
];

/// Whether `program` (as `interp::program` names it) is a remote runner.
pub fn is_runner(program: &str) -> bool {
    RUNNERS.contains(&program)
}

/// ssh's options that take a value (`-i key`, `-p 22`, `-o X=y`).
const SSH_WITH_VALUE: &[u8] = b"BbcDEeFIiJLlmOopQRSWw";
/// pssh's options that take a value.
const PSSH_WITH_VALUE: &[u8] = b"hHlpoetxXO";

/// The index of the first operand of `argv[from..]`, skipping options and
/// the values of the short options in `with_value` (`--long=v` carries its
/// value; `--long v` is taken as a switch unless listed in `long_value`).
fn first_operand<S: AsRef<str>>(
    argv: &[S],
    from: usize,
    with_value: &[u8],
    long_value: &[&str],
) -> Option<usize> {
    let mut i = from;
    while i < argv.len() {
        let a = argv[i].as_ref();
        if a == "--" {
            return (i + 1 < argv.len()).then_some(i + 1);
        }
        if let Some(long) = a.strip_prefix("--") {
            if !long.contains('=') && long_value.contains(&long) {
                i += 1;
            }
        } else if let Some(flags) = a.strip_prefix('-') {
            // `-p 22`, `-p22`; bundled switches end with the one with a value.
            if flags.len() == 1 && with_value.contains(&flags.as_bytes()[0]) {
                i += 1;
            } else if flags.len() > 1
                && flags.bytes().all(|c| c.is_ascii_alphabetic())
                && with_value.contains(&flags.as_bytes()[flags.len() - 1])
                && !with_value.contains(&flags.as_bytes()[0])
            {
                i += 1;
            }
        } else {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The value of option `name` (`--name v`, `--name=v`, or `-x v` for a
/// short alias): its index, and whether the value follows `=` in the same
/// argument.
fn option_value<S: AsRef<str>>(argv: &[S], names: &[&str]) -> Option<(usize, bool)> {
    for (i, a) in argv.iter().enumerate() {
        let a = a.as_ref();
        if a == "--" {
            return None;
        }
        for n in names {
            if a == *n {
                return (i + 1 < argv.len()).then_some((i + 1, false));
            }
            if a.len() > n.len() + 1 && a.starts_with(n) && a.as_bytes()[n.len()] == b'=' {
                return Some((i, true));
            }
        }
    }
    None
}

/// The non-option words of `argv[1..]` before `--`, in order (at most 4).
fn verbs<S: AsRef<str>>(argv: &[S]) -> Vec<&str> {
    argv.iter()
        .skip(1)
        .map(AsRef::as_ref)
        .take_while(|a| *a != "--")
        .filter(|a| !a.starts_with('-'))
        .take(4)
        .collect()
}

/// The index of the argument holding the remote command (its first word
/// for the runners that take an argv), or `None`.
pub fn code_index<S: AsRef<str>>(argv: &[S]) -> Option<usize> {
    let name = program(argv.first()?.as_ref());
    if !is_runner(&name) {
        return None;
    }
    match name.as_str() {
        "ssh" | "autossh" => {
            let host = first_operand(argv, 1, SSH_WITH_VALUE, &[])?;
            (host + 1 < argv.len()).then_some(host + 1)
        }
        "pssh" | "parallel-ssh" => first_operand(
            argv,
            1,
            PSSH_WITH_VALUE,
            &[
                "hosts",
                "host",
                "user",
                "par",
                "outdir",
                "errdir",
                "timeout",
                "extra-args",
                "extra-arg",
                "option",
            ],
        ),
        "ansible" => {
            let module = option_value(argv, &["-m", "--module-name"]).map(|(i, eq)| {
                let v = argv[i].as_ref();
                if eq {
                    v.split_once('=').map_or(v, |x| x.1)
                } else {
                    v
                }
            });
            let shellish = module.is_none_or(|m| {
                matches!(
                    m.trim_start_matches("ansible.builtin.")
                        .trim_start_matches("ansible.legacy."),
                    "shell" | "command" | "raw"
                )
            });
            shellish
                .then(|| option_value(argv, &["-a", "--args"]).map(|x| x.0))
                .flatten()
        }
        "docker" | "podman" | "nerdctl" => {
            let v = verbs(argv);
            let from = argv.iter().position(|a| a.as_ref() == "exec")?;
            let ok = v.first() == Some(&"exec")
                || v.starts_with(&["container", "exec"])
                || v.starts_with(&["compose", "exec"]);
            if !ok {
                return None;
            }
            let ctr = first_operand(
                argv,
                from + 1,
                b"euw",
                &["env", "env-file", "user", "workdir", "detach-keys"],
            )?;
            (ctr + 1 < argv.len()).then_some(ctr + 1)
        }
        "kubectl" | "oc" => {
            if !verbs(argv).contains(&"exec") {
                return None;
            }
            let dash = argv.iter().position(|a| a.as_ref() == "--")?;
            (dash + 1 < argv.len()).then_some(dash + 1)
        }
        "gcloud" => {
            let v = verbs(argv);
            if !(v.contains(&"compute") && v.contains(&"ssh")) {
                return None;
            }
            option_value(argv, &["--command"]).map(|x| x.0)
        }
        "aws" => {
            let v = verbs(argv);
            if !(v.first() == Some(&"ssm") && v.contains(&"send-command")) {
                return None;
            }
            option_value(argv, &["--parameters"]).map(|x| x.0)
        }
        "az" => {
            let v = verbs(argv);
            if !(v.contains(&"run-command") && v.contains(&"invoke")) {
                return None;
            }
            option_value(argv, &["--scripts"]).map(|x| x.0)
        }
        _ => None,
    }
}

/// A word quoted for a shell, as `sh` would need it.
fn squote(w: &str) -> String {
    if !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@,+%~".contains(c))
    {
        return w.to_string();
    }
    format!("'{}'", w.replace('\'', r"'\''"))
}

/// The strings of a JSON-ish list (`["a","b"]`) or one value.
fn listed(v: &str) -> String {
    let t = v.trim();
    let Some(body) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) else {
        return unquote(t).to_string();
    };
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote = None;
    let mut esc = false;
    for c in body.chars() {
        match quote {
            Some(q) => {
                if esc {
                    cur.push(c);
                    esc = false;
                } else if c == '\\' {
                    esc = true;
                } else if c == q {
                    quote = None;
                    out.push(std::mem::take(&mut cur));
                } else {
                    cur.push(c);
                }
            }
            None if c == '"' || c == '\'' => quote = Some(c),
            None => {}
        }
    }
    if out.is_empty() {
        return body.to_string();
    }
    out.join("\n")
}

/// `--parameters commands=["a","b"]`, `'commands=a'`,
/// `'{"commands":["a"]}'`: the commands, one per line.
fn ssm_commands(v: &str) -> String {
    let v = unquote(v.trim());
    if let Some(rest) = v.strip_prefix("commands=") {
        return listed(rest);
    }
    if let Some(at) = v.find("\"commands\"") {
        let rest = &v[at + 10..];
        let rest = rest.trim_start().trim_start_matches(':').trim_start();
        let end = rest.find(']').map_or(rest.len(), |e| e + 1);
        return listed(&rest[..end]);
    }
    v.to_string()
}

/// The remote command of a runner whose command is at `i`
/// ([`code_index`]) as shell text; `None` for other programs.
pub fn text<S: AsRef<str>>(argv: &[S], i: usize) -> Option<String> {
    let name = program(argv.first()?.as_ref());
    if !is_runner(&name) || code_index(argv) != Some(i) {
        return None;
    }
    let arg = argv.get(i)?.as_ref();
    let after_eq = |a: &str| -> String {
        match a.split_once('=') {
            Some((k, v)) if k.starts_with('-') => v.to_string(),
            _ => a.to_string(),
        }
    };
    let rest = || argv[i..].iter().map(AsRef::as_ref);
    Some(match name.as_str() {
        // ssh joins its words with spaces; the remote shell parses them.
        "ssh" | "autossh" | "pssh" | "parallel-ssh" => rest().collect::<Vec<_>>().join(" "),
        // An argv run as it is.
        "docker" | "podman" | "nerdctl" | "kubectl" | "oc" => {
            rest().map(squote).collect::<Vec<_>>().join(" ")
        }
        "ansible" | "gcloud" => after_eq(arg),
        "aws" => ssm_commands(&after_eq(arg)),
        "az" => {
            let mut lines = vec![after_eq(arg)];
            if !arg.contains('=') {
                lines = rest()
                    .take_while(|a| !a.starts_with('-'))
                    .map(String::from)
                    .collect();
            }
            lines.join("\n")
        }
        _ => return None,
    })
}

/// What a runner feeds its standard input to: `Some([])` for `ssh host`
/// with no command (the remote login shell reads it), the words of the
/// remote command after `sudo`/`exec` (`bash -s`, `sh`, `python3 -`) for
/// `interp::stdin_code` to judge, `None` when nothing reads it (`ssh -N`).
pub fn stdin_words<S: AsRef<str>>(argv: &[S]) -> Option<Vec<String>> {
    let name = program(argv.first()?.as_ref());
    match code_index(argv) {
        Some(i) => {
            let t = text(argv, i)?;
            let words = split_words(&t, 8);
            let skip = words
                .iter()
                .take_while(|w| matches!(w.as_str(), "sudo" | "-E" | "-i" | "exec"))
                .count();
            let rest = words[skip..].to_vec();
            (!rest.is_empty()).then_some(rest)
        }
        None => {
            let plain = matches!(name.as_str(), "ssh" | "autossh")
                && first_operand(argv, 1, SSH_WITH_VALUE, &[]).is_some()
                && !argv.iter().any(|a| {
                    let a = a.as_ref();
                    a.starts_with('-')
                        && !a.starts_with("--")
                        && (a.contains('N') || a.contains('W'))
                });
            plain.then(Vec::new)
        }
    }
}

/// Key material written in the text: a public key's base64 body
/// (`AAAA` and at least 40 more base64 characters).
pub(crate) fn holds_key(text: &str) -> bool {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text[from..].find("AAAA") {
        let s = from + at;
        let n = b[s..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/'))
            .count();
        if n >= 44 {
            return true;
        }
        from = s + 4;
    }
    false
}

/// Analyses a remote command as shell (see the module docs).
pub fn analyse(src: &Src, sink: &mut Sink) {
    let before = sink.items.len();
    super::extract_code(Lang::Shell, src, sink);
    if holds_key(src.text) || src.text.contains("://") {
        return;
    }
    let tail = sink.items.split_off(before.min(sink.items.len()));
    sink.items.extend(
        tail.into_iter()
            .filter(|e| !(e.has(Tag::AuthorizedKeys) || e.target.contains("authorized_keys"))),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(a: &[&str]) -> Option<String> {
        code_index(a).and_then(|i| text(a, i))
    }

    #[test]
    fn remote_commands_by_runner() {
        assert_eq!(
            t(&["ssh", "-p", "22", "-i", "k", "web1", "uptime"]).as_deref(),
            Some("uptime")
        );
        assert_eq!(
            t(&["ssh", "h", "sudo", "sshd", "-T"]).as_deref(),
            Some("sudo sshd -T")
        );
        assert_eq!(t(&["ssh", "-T", "git@github.com"]), None);
        assert_eq!(
            t(&["pssh", "-h", "hosts.txt", "-i", "df -h"]).as_deref(),
            Some("df -h")
        );
        assert_eq!(
            t(&["ansible", "all", "-m", "shell", "-a", "rm -rf /tmp/x"]).as_deref(),
            Some("rm -rf /tmp/x")
        );
        assert_eq!(t(&["ansible", "all", "-m", "ping"]), None);
        assert_eq!(
            t(&[
                "docker",
                "exec",
                "-u",
                "root",
                "web",
                "sh",
                "-c",
                "cat /etc/shadow"
            ])
            .as_deref(),
            Some("sh -c 'cat /etc/shadow'")
        );
        assert_eq!(t(&["docker", "build", "-t", "x", "."]), None);
        assert_eq!(
            t(&["kubectl", "-n", "a", "exec", "p", "--", "sh", "-c", "env"]).as_deref(),
            Some("sh -c env")
        );
        assert_eq!(t(&["kubectl", "logs", "p", "--", "x"]), None);
        assert_eq!(
            t(&["gcloud", "compute", "ssh", "vm", "--command=id"]).as_deref(),
            Some("id")
        );
        assert_eq!(
            t(&[
                "aws",
                "ssm",
                "send-command",
                "--parameters",
                r#"commands=["id","uname -a"]"#
            ])
            .as_deref(),
            Some("id\nuname -a")
        );
        assert_eq!(
            stdin_words(&["ssh", "host", "bash", "-s"]),
            Some(vec!["bash".to_string(), "-s".to_string()])
        );
        assert_eq!(stdin_words(&["ssh", "host"]), Some(vec![]));
        assert_eq!(stdin_words(&["ssh", "-N", "-L", "8080:x:80", "host"]), None);
        assert!(holds_key(
            "echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq3k9xZp2vQ7mJ0sLr8fN4cT1yW6bE5uA9dK0oP3gXh x'"
        ));
        assert!(!holds_key("cat >> ~/.ssh/authorized_keys"));
    }
}
