//! Hidden miners without miner words, in every language (read at token
//! level, like [`super::sdk`]):
//!
//! * **pool protocols**: the stratum methods (`mining.subscribe`,
//!   `mining.authorize`, `mining.submit`), or the JSON-RPC job loop of
//!   CPU pools (`login`, `getjob`, `submit` with a `job_id`) around a
//!   nonce search over a hash. A proof-of-work solver that talks to no
//!   pool (a hashcash stamp, a CAPTCHA challenge) has neither;
//! * **a process renamed to pass for the system**: `setproctitle`,
//!   `prctl(PR_SET_NAME, …)`, `process.title =`, `exec -a`, `$0 =`, a write
//!   to `/proc/self/comm`, with a kernel-thread or system-service name
//!   (`[kworker/u16:2]`; `system_op::masquerades`).
//!
//! The first is mining (rule SK-RES-002); the second a concealment with
//! [`Tag::Masquerade`] and [`Tag::Deception`] (SK-EXEC-008), whatever the
//! process does.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use regex::Regex;
use std::sync::LazyLock;

/// Stratum's method names, quoted.
static STRATUM: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"["'`]mining\.(?:subscribe|authorize|submit|notify|set_difficulty|extranonce\.subscribe)["'`]"#,
    )
});
/// The job loop of a CPU pool's JSON-RPC: a job requested and a result
/// submitted, quoted method names.
static GETJOB: LazyLock<Regex> =
    LazyLock::new(|| crate::rx::re(r#"["'`](?:getjob|getJob|get_job)["'`]"#));
static SUBMIT: LazyLock<Regex> = LazyLock::new(|| crate::rx::re(r#"["'`]submit["'`]"#));
static LOGIN: LazyLock<Regex> =
    LazyLock::new(|| crate::rx::re(r#"["'`](?:login|authorize|auth)["'`]"#));
/// A nonce searched over a hash.
static NONCE: LazyLock<Regex> = LazyLock::new(|| crate::rx::re(r"(?i)\bnonce\b"));
static HASH: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)\b(?:sha256|sha3_256|sha3|keccak\w*|blake2\w*|scrypt|cryptonight\w*|randomx\w*|argon2\w*|createHash|Sum256|digest)\b",
    )
});

/// Renaming the running process, in every language's spelling.
static RENAME: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)\bsetproctitle\s*\(|\bprctl\b[^\n]{0,60}?(?:PR_SET_NAME|\(\s*15\s*,)|\bprctl\.set_name\s*\(|\bprocess\.title\s*=|\bexec\s+-a\s+|(?:^|[\s;])\$0\s*=|/proc/self/comm\b|\bSetConsoleTitle\w*\s*\(",
    )
});

/// Adds a pool protocol found in `src`, and a process renamed to a name
/// that passes for the system.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    pool_protocol(src, sink, text);
    if !["proc", "prctl", "exec", "$0", "Title"]
        .iter()
        .any(|w| text.contains(w))
    {
        return;
    }
    for m in RENAME.find_iter(text) {
        let le = text[m.end()..]
            .find('\n')
            .map_or(text.len(), |n| m.end() + n);
        let le = crate::text::clamp_boundary(text, le.min(m.end() + 300));
        let name = text[m.end()..le].replace(['[', ']'], " ");
        if !super::system_op::masquerades(&name) {
            continue;
        }
        let ls = text[..m.start()].rfind('\n').map_or(0, |n| n + 1);
        let ev = Evidence::new(Op::Concealment, A::UpdateState, R::Process, m.as_str())
            .tag(Tag::Masquerade)
            .tag(Tag::Deception)
            .instrument("process name")
            .object("process renamed to pass for a kernel thread or system service");
        sink.push(src.at(ev, ls, le, "code"));
    }
}

fn pool_protocol(src: &Src, sink: &mut Sink, text: &str) {
    let at = if let Some(m) = STRATUM.find(text) {
        Some((
            m,
            "stratum mining protocol (pool subscribe, authorize, submit)",
        ))
    } else if let Some(m) = GETJOB.find(text) {
        let loop_ = SUBMIT.is_match(text)
            && LOGIN.is_match(text)
            && NONCE.is_match(text)
            && HASH.is_match(text);
        loop_.then_some((
            m,
            "mining pool job loop: login, get a job, search a nonce over a hash, submit",
        ))
    } else {
        None
    };
    let Some((m, what)) = at else { return };
    let ls = text[..m.start()].rfind('\n').map_or(0, |n| n + 1);
    let le = text[m.end()..]
        .find('\n')
        .map_or(text.len(), |n| m.end() + n);
    let ev = Evidence::new(Op::Mining, A::CallTool, R::Process, m.as_str())
        .instrument("pool protocol")
        .object(what);
    sink.push(src.at(ev, ls, le, "code"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn pool_protocols_without_miner_words() {
        let js = "sock.write(JSON.stringify({id: 1, method: 'mining.subscribe', params: []}) + '\\n');\n";
        assert_eq!(run("w.js", js)[0].op, Op::Mining);
        let go = "send(c, \"login\", map[string]any{\"login\": acct})\nfor {\n job := send(c, \"getjob\", nil)\n for nonce := uint32(0); ; nonce++ {\n  h := sha256.Sum256(append(blob, b(nonce)...))\n  if less(h, job.Target) { send(c, \"submit\", res); break }\n }\n}\n";
        assert_eq!(run("w.go", go)[0].op, Op::Mining);
    }

    #[test]
    fn proof_of_work_without_a_pool_is_quiet() {
        // A hashcash stamp for an anti-spam API: a nonce over sha256, no
        // pool job loop.
        let py = "nonce = 0\nwhile True:\n    h = hashlib.sha256(f'{challenge}:{nonce}'.encode()).hexdigest()\n    if h.startswith('0000'):\n        break\n    nonce += 1\nrequests.post(url, json={'nonce': nonce, 'action': 'submit'})\n";
        assert!(run("pow.py", py).is_empty());
    }

    #[test]
    fn processes_renamed_to_kernel_threads() {
        for (p, t) in [
            (
                "b.py",
                "import setproctitle\nsetproctitle.setproctitle(\"[kworker/u16:2]\")\n",
            ),
            ("b.c", "prctl(PR_SET_NAME, \"kworker/0:1H\", 0, 0, 0);\n"),
            ("b.js", "process.title = '[ksoftirqd/0]';\n"),
            ("b.sh", "exec -a '[kworker/1:0]' ./bridge --start &\n"),
            ("b.pl", "$0 = \"[kthreadd]\";\n"),
        ] {
            let e = run(p, t);
            assert!(e.len() == 1 && e[0].has(Tag::Masquerade), "{t}");
        }
        // The tool's own name.
        assert!(run("b.py", "setproctitle.setproctitle('render-bridge: idle')\n").is_empty());
        assert!(run("b.js", "process.title = 'mytool';\n").is_empty());
    }
}
