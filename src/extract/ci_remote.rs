//! Round 38 (recall38a): CI configuration as remote, changeable code, and
//! CI settings that print the project's secrets.
//!
//! * **Configuration pulled at a moving ref** ([`remote_includes`]): a
//!   GitLab `include:` of a `remote:` URL (or a bare URL item) that names
//!   no commit is jobs whoever runs that host can change after review;
//!   they run with the project's CI secrets. The same act as `curl URL |
//!   sh`: `Op::DownloadExec` (SK-EXEC-001), judged by the same tags (a raw
//!   IP, plain HTTP). Quiet: a URL naming a commit (40 hex digits),
//!   GitLab's own `template:`/`local:` includes, `project:` includes.
//!   Not read yet: a `project:` include at a branch and a GitHub `uses:
//!   owner/repo@main` — vendors document their own actions at a branch
//!   (`superfly/flyctl-actions/setup-flyctl@master`, benign r31
//!   fly-deploy-workflow), so they need a reading of the vendor the skill
//!   names before they can be more than a note.
//! * **Secrets printed to the job log** ([`debug_trace`]):
//!   `CI_DEBUG_TRACE`/`CI_DEBUG_SERVICES` (GitLab) and
//!   `ACTIONS_STEP_DEBUG`/`ACTIONS_RUNNER_DEBUG` (GitHub) set true in the
//!   file's variables, or exported by a script, trace every command with
//!   every variable, masked ones included, into logs everyone with access
//!   to the project reads: an environment dump (`Op::EnvDump`, SK-CRED-003).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// GitLab include items (`- remote: URL`, `- 'https://…/x.yml'`,
/// `include: URL`).
static REMOTE_INCLUDE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^[ \t]*(?:-[ \t]*remote:|remote:|-|include:)[ \t]*['"]?(?P<url>https?://[^'"\s#]+)"#,
);
/// CI debug tracing switched on.
static DEBUG_TRACE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^[ \t]*(?:-[ \t]*)?(?:export[ \t]+)?(?P<v>CI_DEBUG_TRACE|CI_DEBUG_SERVICES|ACTIONS_STEP_DEBUG|ACTIONS_RUNNER_DEBUG)[ \t]*[:=][ \t]*['"]?(?:true|1)\b"#,
);

/// Whether a URL names a commit (`/-/raw/<sha>/`, `/<sha>/`).
fn url_pinned(url: &str) -> bool {
    url.split(['/', '?', '=', '@'])
        .any(|seg| seg.len() >= 40 && seg.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Adds the CI configuration a YAML file pulls at a moving ref.
pub fn remote_includes(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let mut push = |at: usize, end: usize, url: String, what: String| {
        let mut ev = Evidence::new(Op::DownloadExec, A::CallTool, R::Network, url.clone())
            .tags(super::indicators::classify_url(&url))
            .instrument("ci-include")
            .object(what);
        ev.tags.insert(Tag::Unbounded);
        sink.push(src.at(ev, at, end, "yaml"));
    };
    if text.contains("include:") {
        for c in REMOTE_INCLUDE.captures_iter(text) {
            let (Some(m), Some(u)) = (c.get(0), c.name("url")) else {
                continue;
            };
            let url = u.as_str();
            if url_pinned(url) || !(url.ends_with(".yml") || url.ends_with(".yaml")) {
                continue;
            }
            push(
                m.start(),
                m.end(),
                url.to_string(),
                "CI configuration included from a remote URL at no fixed commit: its jobs run with the project's CI secrets".into(),
            );
        }
    }
}

/// Adds CI debug tracing switched on (see the module docs).
pub fn debug_trace(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("_DEBUG") {
        return;
    }
    if let Some(c) = DEBUG_TRACE.captures(text)
        && let (Some(m), Some(v)) = (c.get(0), c.name("v"))
    {
        let ev = Evidence::new(Op::EnvDump, A::Read, R::Credentials, v.as_str())
            .instrument("ci-debug-trace")
            .object(format!(
                "{} on: every CI variable, masked secrets included, printed to the job log",
                v.as_str()
            ));
        sink.push(src.at(ev, m.start(), m.end(), "yaml"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(f: fn(&Src, &mut Sink), text: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        f(&Src::new(".gitlab-ci.yml", text, Origin::Script), &mut sink);
        sink.items
    }

    #[test]
    fn remote_includes_fire_and_pinned_ones_are_quiet() {
        let remote = "include:\n  - remote: \"https://ci-hub.example.dev/lint/stable/lint.yml\"\n";
        assert_eq!(run(remote_includes, remote).len(), 1);
        let bare = "include: 'http://203.0.113.9/ci/lint.yml'\n";
        assert_eq!(run(remote_includes, bare).len(), 1);
        let sha = "include:\n  - remote: 'https://gitlab.com/o/ci/-/raw/0123456789abcdef0123456789abcdef01234567/lint.yml'\n";
        assert!(run(remote_includes, sha).is_empty());
        let local = "include:\n  - local: '/ci/lint.yml'\n  - template: Security/SAST.gitlab-ci.yml\n  - project: 'ops/ci'\n    ref: main\n    file: '/lint.yml'\n";
        assert!(run(remote_includes, local).is_empty());
    }

    #[test]
    fn debug_trace_on_is_an_environment_dump() {
        assert_eq!(
            run(debug_trace, "variables:\n  CI_DEBUG_TRACE: \"true\"\n").len(),
            1
        );
        assert_eq!(
            run(debug_trace, "env:\n  ACTIONS_STEP_DEBUG: true\n").len(),
            1
        );
        assert!(run(debug_trace, "variables:\n  CI_DEBUG_TRACE: \"false\"\n").is_empty());
    }
}
