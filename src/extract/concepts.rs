//! Analysis concepts written once and used by every front-end (issue 14):
//! shell, Python, JavaScript/TypeScript, PowerShell and prose build these
//! observations here instead of each keeping its own copy.
//!
//! | concept | where | languages |
//! |---|---|---|
//! | environment variable read (`Tag::SecretEnv`) | [`env_read`] | shell, Python, JS/TS, PowerShell (prose sets it on instructions to dump the environment) |
//! | text filters that pass data through a pipe | [`passes_data_through`] | shell (the only language with pipes) |
//! | what a function returns through its output stream | [`printed_result`] | shell, PowerShell |
//! | an operation worth hiding behind a trigger | [`worth_gating`] | Python, JS/TS gates and the SK-EXEC trigger rule |
//! | the names a listing command prints (what `xargs CMD` runs CMD over) | [`listed_names`] | shell (the only language with pipes) |
//! | a "list everything" command of a store (round 27: `docker volume ls`, `kubectl get`, `git ls-remote`, `aws s3 ls`) | [`lists_store`], [`line_lists_store`] | shell pipes and `$(…)`, the argv of Python/JS/Go/PowerShell run calls (through the shell table) |

use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// The read of environment variable `name` through `instrument`, the same
/// in every language: a secret-looking name (one table,
/// [`super::indicators::is_secret_env`]) is a credential read tagged
/// [`Tag::SecretEnv`]; any other name is a read of memory.
/// What a function whose result is its output stream (a shell or a
/// PowerShell function) returns: the values it reads or fetches.
pub fn printed_result(op: Op) -> bool {
    matches!(
        op,
        Op::FileRead
            | Op::EnvRead
            | Op::EnvDump
            | Op::KeychainRead
            | Op::NetFetch
            | Op::ClipboardRead
            | Op::SysInfo
    )
}

pub fn env_read(name: &str, instrument: &str) -> Evidence {
    let secret = super::indicators::is_secret_env(name);
    let ev = Evidence::new(
        Op::EnvRead,
        A::Read,
        if secret { R::Credentials } else { R::Memory },
        name,
    )
    .object("environment variable")
    .instrument(instrument);
    if secret { ev.tag(Tag::SecretEnv) } else { ev }
}

/// An operation worth hiding behind a date, environment or first-run
/// check: the one "risky operation" of every front-end's gates and of the
/// hidden-trigger rule (it replaces Python's `trigger`, JavaScript's
/// `sensitive` and the rule's `risky`). A call of a skill function is
/// decided by the caller (it asks what the function does).
pub fn worth_gating(e: &Evidence) -> bool {
    match e.op {
        Op::NetSend
        | Op::NetFetch
        | Op::DnsQuery
        | Op::SocketConnect
        | Op::Exec
        | Op::DynamicCode
        | Op::DownloadExec
        | Op::ReverseShell
        | Op::EnvDump
        | Op::KeychainRead
        | Op::Persistence
        | Op::Privileged
        | Op::SecurityDisable
        | Op::Mining => true,
        // Reading the skill's own cache or temp file is not; reading
        // secrets is.
        Op::FileRead | Op::EnvRead => {
            e.scope == R::Credentials
                || [
                    Tag::SecretPath,
                    Tag::Wallet,
                    Tag::BrowserStore,
                    Tag::AgentConfig,
                    Tag::HistoryFile,
                ]
                .into_iter()
                .any(|t| e.has(t))
        }
        // Cleaning up the skill's own files is not.
        Op::FileDelete => !e.has(Tag::OwnArea) || e.has(Tag::BroadTarget),
        _ => false,
    }
}

/// A pipeline stage that only counts what it is given (`wc -l`, `wc -c`,
/// `grep -c .`): the stage before it passes on a number, not its text.
/// `words` gives the stage's words; it is asked only for a `grep`.
pub fn counts_only(name: &str, words: impl FnOnce() -> Vec<String>) -> bool {
    match name {
        "wc" => true,
        "grep" => words().iter().skip(1).any(|w| w == "-c" || w == "--count"),
        _ => false,
    }
}

/// A pipeline stage whose output is (a transform of) the text it is given
/// (`env | grep TOKEN`, `cat f | head -1`, `… | gzip | base64`): what
/// comes out is what went in, so the stage before it binds to what follows
/// (`shell::pipes`). Not counting commands (`wc`), generators (`seq`,
/// `date`) or `echo`; not `jq`: it picks one field of a document (`jq -r
/// .api_key` of the skill's own credentials file, sent to its own service),
/// not the document (on the registry it made two such skills fail).
pub fn passes_data_through(program: &str) -> bool {
    PASS_THROUGH.contains(&program)
}

const PASS_THROUGH: &[&str] = &[
    "grep", "egrep", "fgrep", "sed", "awk", "gawk", "sort", "uniq", "tr", "cut", "head", "tail",
    "tee", "column", "base64", "base32", "xxd", "od", "hexdump", "rev", "fold", "iconv", "gzip",
    "bzip2", "xz", "zstd", "openssl", "cat",
];

/// What a listing command prints, one name a line, for a later `xargs CMD`
/// that runs CMD over those names: `None` when `argv` lists nothing;
/// otherwise the names it can print when the command names them (`git
/// ls-files -- '*.env'`, `find . -name '.env*'`, `ls ~/.ssh`), each glob
/// given as the shortest name it matches (`*.env` and `.env*` both match
/// `.env`), or no names when they are only known at run time (remote refs
/// of `git ls-remote`, every branch, every tag).
pub fn listed_names(argv: &[String]) -> Option<Vec<String>> {
    let prog = argv.first()?.rsplit('/').next().unwrap_or_default();
    let args: Vec<&str> = argv[1..].iter().map(String::as_str).collect();
    let operands = |from: usize| -> Vec<String> {
        args.iter()
            .skip(from)
            .filter(|a| !a.starts_with('-'))
            .filter_map(|a| shortest_member(a))
            .collect()
    };
    match prog {
        "find" | "fd" | "fdfind" | "locate" => {
            if args
                .iter()
                .any(|a| matches!(*a, "-exec" | "-execdir" | "-delete" | "-x" | "--exec"))
            {
                return None;
            }
            let pats: Vec<String> = args
                .windows(2)
                .filter(|w| matches!(w[0], "-name" | "-iname" | "-path" | "-ipath"))
                .filter_map(|w| shortest_member(w[1]))
                .collect();
            if prog == "find" {
                // `find ~/.aws -name 'credentials*'` prints `~/.aws/credentials`.
                let root = args
                    .first()
                    .filter(|a| !a.starts_with('-') && !matches!(**a, "." | "./"))
                    .map(|r| r.trim_end_matches('/'));
                Some(match root {
                    Some(r) => pats.iter().map(|p| format!("{r}/{p}")).collect(),
                    None => pats,
                })
            } else {
                Some(operands(0).into_iter().take(1).collect())
            }
        }
        "ls" => Some(operands(0)),
        _ if lists_store(argv) => Some(Vec::new()),
        "git" => {
            let sub = args.iter().position(|a| !a.starts_with('-'))?;
            match args[sub] {
                "ls-files" => Some(operands(sub + 1)),
                "ls-remote" | "branch" | "tag" | "for-each-ref" | "ls-tree" => Some(Vec::new()),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Round 27: the "list everything" commands of stores whose members the
/// user cannot recreate by rebuilding (containers and their volumes,
/// cluster objects, remote branches, buckets and objects, releases,
/// snapshots, virtual machines), one row per tool: the program, the words
/// (sub-commands, in order, other arguments between them allowed) that
/// make it a listing. What they print is known only at run time, so a
/// deleting command handed their output (`$(docker volume ls -q)`, `… |
/// xargs kubectl delete`) removes every member, not one the user named.
const STORE_LISTINGS: &[(&str, &[&str])] = &[
    ("docker", &["ps"]),
    ("docker", &["container", "ls"]),
    ("docker", &["container", "list"]),
    ("docker", &["volume", "ls"]),
    ("docker", &["volume", "list"]),
    ("docker", &["network", "ls"]),
    ("docker", &["compose", "ps"]),
    ("podman", &["ps"]),
    ("podman", &["volume", "ls"]),
    ("podman", &["pod", "ls"]),
    ("podman", &["container", "ls"]),
    ("nerdctl", &["ps"]),
    ("nerdctl", &["volume", "ls"]),
    ("kubectl", &["get"]),
    ("oc", &["get"]),
    ("helm", &["list"]),
    ("helm", &["ls"]),
    ("git", &["ls-remote"]),
    ("git", &["branch"]),
    ("git", &["tag"]),
    ("git", &["for-each-ref"]),
    ("aws", &["s3", "ls"]),
    ("aws", &["s3api", "list-buckets"]),
    ("aws", &["s3api", "list-objects"]),
    ("aws", &["s3api", "list-objects-v2"]),
    ("aws", &["s3api", "list-object-versions"]),
    ("gsutil", &["ls"]),
    ("gcloud", &["list"]),
    ("az", &["list"]),
    ("rclone", &["lsf"]),
    ("rclone", &["lsd"]),
    ("rclone", &["ls"]),
    ("mc", &["ls"]),
    ("gh", &["repo", "list"]),
    ("gh", &["release", "list"]),
    ("glab", &["repo", "list"]),
    ("restic", &["snapshots"]),
    ("borg", &["list"]),
    ("zfs", &["list"]),
    ("virsh", &["list"]),
    ("lxc", &["list"]),
    ("incus", &["list"]),
    ("multipass", &["list"]),
    ("vagrant", &["global-status"]),
    ("redis-cli", &["keys"]),
    ("redis-cli", &["--scan"]),
];

/// Whether `argv` lists every member of a store ([`STORE_LISTINGS`]):
/// its program is a row's and the row's words follow it in order.
pub fn lists_store(argv: &[String]) -> bool {
    let Some(prog) = argv
        .first()
        .map(|p| p.rsplit('/').next().unwrap_or_default())
    else {
        return false;
    };
    // A filter or selector on the listing picks members (`docker ps -aq
    // --filter label=app=mine`, `kubectl get pods -l app=x`): not every one.
    if argv[1..].iter().any(|a| {
        matches!(
            a.as_str(),
            "--filter" | "-f" | "-l" | "--selector" | "--field-selector" | "--query" | "--prefix"
        ) || a.starts_with("--filter=")
            || a.starts_with("--selector=")
            || a.starts_with("--field-selector=")
            || a.starts_with("-l=")
            || a.starts_with("--query=")
    }) {
        return false;
    }
    STORE_LISTINGS
        .iter()
        .filter(|(p, _)| *p == prog)
        .any(|(_, words)| {
            let mut rest = argv[1..].iter();
            words.iter().all(|w| rest.any(|a| a == w))
        })
        || matches!(prog, "aws")
            && argv
                .iter()
                .any(|a| a.starts_with("describe-") || a.starts_with("list-"))
}

/// Whether the command line `cmd` (the text inside a `$(…)` or backticks)
/// starts with a store listing ([`lists_store`]): its first pipeline stage,
/// split at white space with quotes dropped. Filters after it (`| awk
/// '{print $2}'`, `| sed …`) pass the names on.
pub fn line_lists_store(cmd: &str) -> bool {
    let first = cmd.split(['|', ';', '&']).next().unwrap_or_default();
    let argv: Vec<String> = first
        .split_whitespace()
        .map(|w| w.trim_matches(['"', '\'', '(', ')', '`']).to_string())
        .filter(|w| !w.is_empty() && !matches!(w.as_str(), "sudo" | "command"))
        .collect();
    lists_store(&argv)
}

/// A glob whose matches are credential files whatever folder they sit in
/// (round 23): `*.pem`, `*.key`, `*.p12`, `id_*`, `credentials*`,
/// `*secret*`, `.env*` (round 24: `*.env*`, `*.ovpn`) — a pathspec or
/// archive member that takes them all
/// takes the private keys among them. A literal `cert.pem` is no glob.
pub fn credential_glob(p: &str) -> bool {
    let name = p
        .trim_matches(['"', '\'', '/'])
        .rsplit('/')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    if !name.contains(['*', '?', '[']) {
        return false;
    }
    let stem = name.trim_end_matches(['*', '?']);
    [
        ".pem",
        ".key",
        ".p12",
        ".pfx",
        ".jks",
        ".keystore",
        ".kdbx",
        ".ppk",
        ".env",
        ".ovpn",
        ".keychain-db",
    ]
    .iter()
    .any(|x| stem.ends_with(x))
        || name.starts_with("id_")
        || name.starts_with("credentials")
        || name.starts_with(".env")
        || name.contains("secret")
}

/// The shortest name a glob matches (`**/.env*` → `.env`), or `None` when
/// nothing is left of it.
fn shortest_member(glob: &str) -> Option<String> {
    let g = glob
        .trim_matches(['"', '\''])
        .replace("**/", "")
        .replace(['*', '?'], "");
    let g = g.trim_start_matches("./").to_string();
    (!g.is_empty() && !g.ends_with('/') && g != ".").then_some(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_read_tags_secret_names_only() {
        let s = env_read("DOCKER_PASSWORD", "$VAR");
        assert!(s.has(Tag::SecretEnv));
        assert_eq!(s.scope, R::Credentials);
        let p = env_read("LANG", "os.environ");
        assert!(!p.has(Tag::SecretEnv));
        assert_eq!(p.scope, R::Memory);
    }
}

/// Programs that ask the user for a password or passphrase: a function of
/// the same name (`sudo() { read -s p; … }`, `function ssh`) shadows them,
/// so what it reads silently is the password typed for them (round 16; the
/// shell front-end asks [`shadows_prompter`]).
/// Methods and properties that derive the public half of a key pair
/// (`keypair.pubkey()`, `Account.from_key(k).address`,
/// `private_key.public_key()`): what they return is meant to be shared,
/// so a secret's taint stops there.
pub const PUBLIC_DERIVATIONS: &[&str] = &[
    "pubkey",
    "public_key",
    "get_public_key",
    "verifying_key",
    "publicKey",
    "getPublicKey",
    "address",
];

/// Whether `name` (a method or property) gives the public half of a key.
pub fn derives_public(name: &str) -> bool {
    PUBLIC_DERIVATIONS.contains(&name)
}

pub const CREDENTIAL_PROMPTERS: &[&str] = &[
    "sudo", "su", "doas", "pkexec", "ssh", "scp", "sftp", "git", "gpg", "gpg2", "pass", "passwd",
    "kinit", "mysql", "psql", "op", "bw", "security", "login", "runas", "vault",
];

/// Whether the function `key` (`module::name`, or the bare name) shadows
/// a program that asks for a password.
pub fn shadows_prompter(key: &str) -> Option<&'static str> {
    let name = key.rsplit("::").next().unwrap_or(key);
    CREDENTIAL_PROMPTERS.iter().copied().find(|p| *p == name)
}

/// Round 24: the patterns a copy, sync or archive tool is told to take
/// (`rsync --include=P`, `aws s3 cp --include P`, `rclone --include P`,
/// `zip -i P`, `7z -i!P`/`-ir!P`, `bsdtar --include P`) that match
/// credential files ([`credential_glob`]), in order. A pattern an earlier
/// `--exclude`/`-x`/`-xr!` spells the same is left out (rsync and the
/// cloud CLIs apply the first rule that matches).
pub fn credential_includes<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut excluded: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        let next = args.get(i + 1).copied();
        let (kind, value, used_next) = if let Some(v) = a
            .strip_prefix("--include=")
            .or_else(|| a.strip_prefix("-i!"))
            .or_else(|| a.strip_prefix("-ir!"))
            .or_else(|| a.strip_prefix("-ir0!"))
            .or_else(|| a.strip_prefix("--include-pattern="))
            .or_else(|| a.strip_prefix("--pattern="))
        {
            (true, Some(v), false)
        } else if let Some(v) = a
            .strip_prefix("--exclude=")
            .or_else(|| a.strip_prefix("-x!"))
            .or_else(|| a.strip_prefix("-xr!"))
        {
            (false, Some(v), false)
        } else if matches!(a, "--include" | "-i" | "--pattern" | "--include-pattern") {
            (true, next, true)
        } else if matches!(a, "--exclude" | "-x") {
            (false, next, true)
        } else {
            (false, None, false)
        };
        if let Some(v) = value {
            let v = v.trim_matches(['"', '\'', '/']);
            if !kind {
                excluded.push(v);
            } else if credential_glob(v) && !excluded.contains(&v) {
                out.push(v);
            }
        }
        i += if used_next { 2 } else { 1 };
    }
    out
}
