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
