//! Inbound exposure, in every language (read at token level, like
//! [`super::remote_jobs`]; round 16): a listener bound to every interface
//! (`0.0.0.0`, `::`, `("", port)`, `--host 0.0.0.0`) with no check of the
//! caller's credentials in front of forwarding that uses the user's own
//! secret keys, to a model API (`remote_jobs::LLM_KEY`, `llm_host`), is a
//! relay anyone who reaches the port can spend (the
//! LLM-jacking relay). It becomes a send tagged [`Tag::RemoteJobs`] and
//! [`Tag::OpenListener`] (rule SK-RES-005, medium); published on the
//! internet by a tunnel in the same file (a tunnel program or package of
//! [`super::net_send::TUNNEL_PROGRAMS`], `ssh -R`, a tunnel host) it also
//! carries [`Tag::Tunnelled`] and is high. The object names the listener,
//! the keys and the tunnel.
//!
//! A dev server on `127.0.0.1`, a listener that reads the caller's
//! `Authorization` header or compares a token, and a tunnel in front of an
//! app that holds no key of the user's are not this.
//!
//! The same unauthenticated listener in a file that hands what it receives
//! to the agent (its CLI given a message or an event, `openclaw agent
//! --message`, `openclaw system event --text`, or the gateway's
//! `/hooks/agent` and `/hooks/wake` endpoints) lets anyone who reaches the
//! port instruct the agent: an [`Op::Instruction`] tagged
//! [`Tag::AgentIngress`] (rule SK-EXEC-028, medium; round 28). A caller
//! check or a sender allow-list (`ALLOWED_USERS`, `allowed_chat_ids`, an
//! owner id) is consent enough, and a listener on `127.0.0.1` is the
//! user's own.

use super::indicators::{URL_RE, is_private_host, is_secret_env, url_host};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A listener bound to every interface, in every language's spelling.
static LISTEN_ALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:listen|bind|serve|run|createServer|HTTPServer|ThreadingHTTPServer|TCPServer|ListenAndServe|TcpListener::bind|start_server|web\.run_app)\s*\([^\n]{0,80}?["'](?:0\.0\.0\.0|::|\[::\]|0\.0\.0\.0:\d+|\[::\]:\d+)["']|\bhost\s*[=:]\s*["'](?:0\.0\.0\.0|::)["']|--(?:host|bind)[= ](?:0\.0\.0\.0|::)\b|\(\s*\(\s*["']["']\s*,\s*\w+\s*\)|\bINADDR_ANY\b|\bIPAddress\.Any\b|\b(?:TCPServer|TCPSocket|UDPServer)\.new\s*\(\s*["'](?:0\.0\.0\.0|::)["']|\bset\s+:bind\s*,\s*["'](?:0\.0\.0\.0|::)["']"#,
);
/// The argument spellings of a listener on every interface: an argparse
/// default and an argv list (`"--host", "0.0.0.0"`).
static LISTEN_ALL_ARG: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"["']--(?:host|bind|listen)["'][^\n]{0,60}?\bdefault\s*=\s*["'](?:0\.0\.0\.0|::)["']|["']--(?:host|bind|listen)["']\s*,\s*["'](?:0\.0\.0\.0|::)["']"#,
);
/// Listeners that bind every interface because they name no host: Node's
/// `server.listen(port)` / `app.listen(PORT, () => …)`, Go's
/// `ListenAndServe(":8080", …)` / `net.Listen("tcp", ":9000")`, Ruby's
/// one-argument `TCPServer.new(port)`. Counted, like the argument
/// spellings, only for the agent ingress (round 29).
static LISTEN_IMPLICIT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\.listen\(\s*(?:\d+|[A-Za-z_$][\w.$]*)\s*(?:\)|,\s*(?:\(|function\b|async\b|[A-Za-z_$][\w$]*\s*=>))|\b(?:ListenAndServe(?:TLS)?|net\.Listen)\(\s*(?:"tcp[46]?"\s*,\s*)?":(?:\d+"|"\s*\+)|\bTCPServer\.new\(\s*(?:\d+|[A-Za-z_]\w*)\s*\)"#,
);
/// The agent handed text: its CLI given a message or an event (argv lists
/// included), or its gateway's hook endpoints.
static AGENT_INGRESS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:openclaw|clawdbot|moltbot)\b["'`,\s\[(]{1,8}(?:agent\b["'`,\s]{1,8}[^\n]{0,80}?--(?:message|text)\b|system["'`,\s]{1,8}event\b)|/hooks/(?:agent|wake)\b"#,
);
/// Senders restricted to a list the user keeps.
static SENDER_ALLOW: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\ballow(?:ed)?_?(?:users?|chats?|chat_?ids?|ids?|senders?|list|from)\b|\bwhite_?list\b|\bauthori[sz]ed_?(?:users?|chats?|ids?)\b|\bowner_?(?:id|chat_?id)\b|\badmin_?ids?\b|\btrusted_?(?:users?|senders?)\b"#,
);
/// The caller's credentials checked before anything is served.
static AUTH_CHECK: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:req|request|r|ctx|c|event)\.(?:headers?|Header)\s*(?:\[\s*|\.get\(\s*|\.Get\(\s*|\.)["']?(?:authorization|x-api-key|x-auth-token|api-key|proxy-authorization)\b|\bheaders\.get\(\s*["'](?:authorization|x-api-key)|timingSafeEqual|compare_digest|ConstantTimeCompare|secure_compare|\bbasicAuth\b|\bBasicAuth\(|\bHTTPBasic\b|\bHTTPBearer\b|\bverify_?token\b|\bcheck_?auth\b|\brequire_?auth\w*\b|\bauthenticate\w*\(|\bpassport\.|\bjwt\.verify\b|\bAPIKeyHeader\b|Unauthorized|\b401\b"#,
);
/// An environment variable the code reads, in every language's spelling.
static ENV_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"process\.env\.([A-Z][A-Z0-9_]+)|process\.env\[\s*["']([A-Z][A-Z0-9_]+)|environ(?:\.get)?\s*[\[(]\s*["']([A-Z][A-Z0-9_]+)|getenv\(\s*["']([A-Z][A-Z0-9_]+)|Getenv\(\s*"([A-Z][A-Z0-9_]+)|ENV\s*\[\s*["']([A-Z][A-Z0-9_]+)|env::var\(\s*"([A-Z][A-Z0-9_]+)|\$env:([A-Z][A-Z0-9_]+)|Deno\.env\.get\(\s*["']([A-Z][A-Z0-9_]+)"#,
);
/// A tunnel used from code: a tunnel package imported or its API called,
/// `ssh -R`.
static TUNNEL_USE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bfrom\s+pyngrok\b|\bimport\s+pyngrok\b|\bngrok\.(?:connect|forward)\s*\(|\blocaltunnel\s*\(|\bssh\b[^\n]{0,80}\s-R\s"#,
);
/// Quoted words: an argv element or a module name (`"localtunnel"`).
static QUOTED: crate::rx::Lazy = crate::rx::Lazy::new(r#"["'`](@?[A-Za-z][\w./@-]{1,40})["'`]"#);

fn line_no(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// The tunnel that publishes the listener, if the file has one.
fn tunnel(text: &str) -> Option<String> {
    if let Some(m) = TUNNEL_USE.find(text) {
        return Some(format!(
            "`{}` at line {}",
            m.as_str().trim(),
            line_no(text, m.start())
        ));
    }
    if let Some(c) = QUOTED
        .captures_iter(text)
        .find(|c| super::net_send::is_tunnel_program(&c[1]))
    {
        let m = c.get(1)?;
        return Some(format!(
            "`{}` at line {}",
            m.as_str(),
            line_no(text, m.start())
        ));
    }
    // Round 41: a tunnel service named as an ssh destination in an argv
    // list (`"-R", "80:localhost:8787", "nokey@localhost.run"`: blind r41
    // llm-usage-monitor), not as a URL.
    if let Some(m) = QUOTED
        .captures_iter(text)
        .filter_map(|c| c.get(1))
        .find(|m| {
            let host = m.as_str().rsplit('@').next().unwrap_or("");
            host.contains('.')
                && super::indicators::classify_url(&format!("ssh://{host}"))
                    .contains(&Tag::TunnelHost)
        })
    {
        return Some(format!(
            "`{}` at line {}",
            m.as_str(),
            line_no(text, m.start())
        ));
    }
    URL_RE
        .find_iter(text)
        .find(|m| super::indicators::classify_url(m.as_str()).contains(&Tag::TunnelHost))
        .map(|m| format!("`{}` at line {}", m.as_str(), line_no(text, m.start())))
}

/// The line span around a match.
fn line_span(text: &str, start: usize, end: usize) -> (usize, usize) {
    let ls = text[..start].rfind('\n').map_or(0, |n| n + 1);
    let le = text[end..].find('\n').map_or(text.len(), |n| end + n);
    (ls, le)
}

/// Adds an unauthenticated listener found in `src` that forwards with the
/// user's keys, or that hands what it receives to the agent.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let listen = LISTEN_ALL.find(text);
    // The argument spellings (`--host 0.0.0.0` as an argparse default or an
    // argv list) are also how a container image serves its own app, so
    // they count only for the agent ingress, where the hand-off to the
    // agent is the signal.
    let Some(any) = listen
        .or_else(|| LISTEN_ALL_ARG.find(text))
        .or_else(|| LISTEN_IMPLICIT.find(text))
    else {
        return;
    };
    // Round 42: a key the skill hard-codes is its author's, no check of
    // the user's callers: read before the caller-check bail.
    request_exec(
        src,
        text,
        listen.is_some() || LISTEN_IMPLICIT.is_match(text),
        sink,
    );
    if AUTH_CHECK.is_match(text) {
        return;
    }
    agent_ingress(src, text, any, sink);
    if let Some(listen) = listen {
        key_relay(src, text, listen, sink);
    }
}

/// Anyone who reaches the port instructs the agent.
fn agent_ingress(src: &Src, text: &str, listen: regex::Match<'_>, sink: &mut Sink) {
    let Some(hand) = AGENT_INGRESS.find(text) else {
        return;
    };
    if SENDER_ALLOW.is_match(text) {
        return;
    }
    let why = format!(
        "listener on every interface (`{}` at line {}) with no check of the caller or sender hands what it receives to the agent (`{}` at line {}): anyone who reaches the port can instruct the agent",
        listen.as_str().trim(),
        line_no(text, listen.start()),
        hand.as_str().trim(),
        line_no(text, hand.start())
    );
    let (ls, le) = line_span(text, hand.start(), hand.end());
    let ev = Evidence::new(
        Op::Instruction,
        A::CallTool,
        R::Process,
        hand.as_str().trim(),
    )
    .tag(Tag::AgentIngress)
    .tag(Tag::OpenListener)
    .instrument("open agent ingress");
    sink.push(src.at(ev.object(why), ls, le, "code"));
}

/// A server's request data, in the spellings of each language's web and
/// socket stacks: request fields, bodies parsed, messages received.
static REQUEST_DATA: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b(?:req|request|r|ctx|c)\.(?:body|query|params|json|form|args|values|data|get_json|files|Body|FormValue|PostFormValue|URL\.Query)\b|\bJSON\.parse\(\s*(?:body|data|raw|chunk|buf|msg|message|payload)\b|\bjson\.loads?\(\s*(?:body|data|raw|msg|message|payload|self\.rfile)\b|\bself\.rfile\.read\(|\.on\(\s*["']message["']\s*,\s*(?:async\s*)?\(?\s*(?:\w+)|\bawait\s+\w+\.recv\(|\b(?:ws|conn|sock|websocket)\.recv\(|\.ReadJSON\(|\bjson\.NewDecoder\(\s*r\.Body"#,
);
/// A call that runs a program or code given as its first argument.
static RUNS_ARG: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b(?:execFile|execFileSync|execSync|exec|spawn|spawnSync|eval|system|popen|Popen|check_output|check_call|Function|runInNewContext|runInThisContext)\s*\(|\bsubprocess\.(?:run|call)\s*\(|\bexec\.Command(?:Context)?\s*\(|\bCommand::new\s*\(|\bProcess\.Start\s*\("#,
);
/// Programs that run other code in the background or apart from the
/// session that started them.
static DETACHED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bdetached\s*:\s*true|\bnohup\b|\bsetsid\b|\bdaemon(?:ize)?\s*[=(]|\bstart_new_session\s*=\s*True|\bdisown\b|-WindowStyle\s+Hidden"#,
);
/// Receivers whose `exec`/`spawn`/`system` run a process or code.
const PROCESS_MODULES: &[&str] = &[
    "child_process",
    "childProcess",
    "cp",
    "proc",
    "os",
    "subprocess",
    "shell",
    "sh",
    "vm",
    "exec",
    "Command",
    "Process",
    "Runtime",
];
/// Shells and interpreters whose later argument is the code they run.
const SHELLS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "cmd",
    "cmd.exe",
    "powershell",
    "pwsh",
    "python",
    "python3",
    "node",
    "perl",
    "ruby",
    "php",
];

/// Round 42 (recall42a): network-reachable command execution. A server
/// (any listener this module reads) whose request data — a request
/// field, a body parsed, a socket message, and the names assigned from
/// them, followed through the file's assignments — is the first argument
/// of a call that runs a program or code (`execFile(c, a)`, `exec(cmd)`,
/// `subprocess.run(cmd, shell=True)`, `eval(msg)`, `exec.Command(cmd)`,
/// `os.system(q)`): whoever reaches the port runs commands. On every
/// interface, or in a file that detaches itself, it is a remote control
/// channel (`ReverseShell`, SK-EXEC-005); a hard-coded signature key in
/// front of it is the author's, not a check of the user's callers. A
/// server on loopback only is left to the other readings.
fn request_exec(src: &Src, text: &str, open: bool, sink: &mut Sink) {
    let detached = DETACHED.find(text);
    if !open && detached.is_none() || !REQUEST_DATA.is_match(text) {
        return;
    }
    // Request-derived names, in file order (one pass; a later
    // assignment from an earlier name is followed).
    let mut names: Vec<String> = Vec::new();
    let holds = |l: &str, names: &[String]| {
        REQUEST_DATA.is_match(l)
            || names
                .iter()
                .any(|n| super::remote_jobs::names_word_pub(l, n))
    };
    let mut pos = 0;
    let mut calls = 0usize;
    // A call's argument list: the text up to the bracket that closes it
    // (the line's end when none does), read whole: a bound here would let a
    // padded first argument hide the request data after it. The calls read
    // per file are bounded instead (REQUEST_EXEC_MAX_CALLS, incomplete past it).
    let args_of = |t: &str| -> String {
        let mut depth = 0i32;
        let end = t
            .char_indices()
            .find(|&(_, c)| {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' => depth -= 1,
                    _ => {}
                }
                depth < 0
            })
            .map_or(t.len(), |(k, _)| k);
        t[..end].to_string()
    };
    for l in text.split('\n') {
        let at = pos;
        pos += l.len() + 1;
        if let Some((lhs, rhs)) = super::region::split_assign(l)
            && holds(rhs, &names)
        {
            for n in super::region::lhs_names(lhs) {
                if names.len() == crate::limits::REQUEST_EXEC_MAX_NAMES {
                    crate::limits::gave_up("REQUEST_EXEC_MAX_NAMES");
                    break;
                }
                if !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        for m in RUNS_ARG.find_iter(l) {
            calls += 1;
            if calls > crate::limits::REQUEST_EXEC_MAX_CALLS {
                crate::limits::gave_up("REQUEST_EXEC_MAX_CALLS");
                return;
            }
            // A method of another object (`re.exec(url)`, `db.exec(q)`)
            // runs nothing; the process modules' do.
            let recv = l[..m.start()].strip_suffix('.').map(|b| {
                b.rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or("")
            });
            if recv.is_some_and(|r| !PROCESS_MODULES.contains(&r)) {
                continue;
            }
            let rest = args_of(&l[m.end()..]);
            let first: String = rest
                .trim_start_matches([' ', '['])
                .chars()
                .scan(0i32, |depth, c| {
                    match c {
                        '(' | '[' | '{' => *depth += 1,
                        ')' | ']' | '}' => *depth -= 1,
                        _ => {}
                    }
                    (*depth >= 0 && !(*depth == 0 && c == ',')).then_some(c)
                })
                .collect();
            // The program or code, or the command a shell or interpreter
            // named first is given (`exec.Command("sh", "-c", q)`).
            let interp = SHELLS.iter().any(|sh| {
                let f = first.trim().trim_matches(['"', '\'', '`']);
                f == *sh || f.ends_with(&format!("/{sh}"))
            });
            let tainted = if interp {
                holds(&rest, &names)
            } else {
                !first.trim().is_empty() && holds(&first, &names)
            };
            if !tainted {
                continue;
            }
            let how = if open {
                "on every interface"
            } else {
                "in a process detached from the session"
            };
            let why = format!(
                "server {how} runs a program or code its requests carry (`{}` at line {}): whoever reaches the port runs commands{}",
                crate::text::snippet(l.trim(), 80),
                line_no(text, at),
                if detached.is_some() && open {
                    ", and it detaches itself"
                } else {
                    ""
                }
            );
            let ev = Evidence::new(Op::ReverseShell, A::CallTool, R::Network, l.trim())
                .tag(Tag::OpenListener)
                .instrument("request-driven command server")
                .object(why);
            sink.push(src.at(ev, at, at + l.len(), "code"));
            return;
        }
    }
}

/// A relay that spends the user's keys for anyone who reaches the port.
fn key_relay(src: &Src, text: &str, listen: regex::Match<'_>, sink: &mut Sink) {
    let mut keys: Vec<&str> = ENV_NAME
        .captures_iter(text)
        .filter_map(|c| c.iter().skip(1).flatten().next().map(|m| m.as_str()))
        .filter(|n| is_secret_env(n))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    // The keys go somewhere off this machine: the forwarding, to a model
    // API (the keys others would spend: `remote_jobs::LLM_KEY`,
    // `llm_host`). A dashboard that calls a transit or music API with its
    // own key on the user's network is not a relay worth a warning.
    let forwards = URL_RE
        .find_iter(text)
        .any(|m| url_host(m.as_str()).is_some_and(|h| !is_private_host(&h)));
    let model = super::remote_jobs::LLM_KEY.is_match(text)
        || URL_RE
            .find_iter(text)
            .any(|m| url_host(m.as_str()).is_some_and(|h| super::remote_jobs::llm_host(&h)));
    if keys.is_empty() || !forwards || !model {
        return;
    }
    let shown: Vec<&str> = keys.iter().take(4).copied().collect();
    let mut why = format!(
        "listener on every interface (`{}` at line {}) with no check of the caller's credentials forwards requests with the user's keys ({}): anyone who reaches the port spends them",
        listen.as_str().trim(),
        line_no(text, listen.start()),
        shown.join(", ")
    );
    let (ls, le) = line_span(text, listen.start(), listen.end());
    let mut ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, listen.as_str().trim())
        .tag(Tag::RemoteJobs)
        .tag(Tag::OpenListener)
        .instrument("open relay");
    if let Some(t) = tunnel(text) {
        why.push_str(&format!(", published on the internet by a tunnel ({t})"));
        ev = ev.tag(Tag::Tunnelled);
    }
    sink.push(src.at(ev.object(why), ls, le, "code"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    /// Key-backed relays on every interface with no auth, in several
    /// languages and frameworks: (file, text, tunnel).
    const RELAYS: &[(&str, &str, bool)] = &[
        (
            "relay.ts",
            "const key = process.env.OPENAI_API_KEY;\nhttp.createServer(async (req, res) => { res.end(await (await fetch('https://api.openai.com/v1/chat/completions', {method: 'POST', headers: {authorization: `Bearer ${key}`}, body: raw})).text()); }).listen(PORT, '0.0.0.0');\nspawn('npx', ['-y', 'localtunnel', '--port', String(PORT)], {detached: true});\n",
            true,
        ),
        (
            "relay.py",
            "from flask import Flask, request\nimport requests, os\napp = Flask(__name__)\n@app.post('/v1/messages')\ndef relay():\n    return requests.post('https://api.anthropic.com/v1/messages', headers={'x-api-key': os.environ['ANTHROPIC_API_KEY']}, json=request.json).json()\napp.run(host='0.0.0.0', port=8080)\n",
            false,
        ),
        (
            "relay.py",
            "from pyngrok import ngrok\nKEY = os.getenv('GROQ_API_KEY')\nclass H(BaseHTTPRequestHandler):\n    def do_POST(self):\n        r = urlopen(Request('https://api.groq.com/openai/v1/chat/completions', data=self.rfile.read(), headers={'Authorization': 'Bearer ' + KEY}))\nHTTPServer(('', 9000), H).serve_forever()\nngrok.connect(9000)\n",
            true,
        ),
        (
            "main.go",
            "key := os.Getenv(\"OPENAI_API_KEY\")\nhttp.HandleFunc(\"/v1/\", func(w http.ResponseWriter, r *http.Request) {\n  req, _ := http.NewRequest(\"POST\", \"https://api.openai.com\"+r.URL.Path, r.Body)\n  req.Header.Set(\"Authorization\", \"Bearer \"+key)\n})\nhttp.ListenAndServe(\"0.0.0.0:8080\", nil)\n",
            false,
        ),
    ];

    #[test]
    fn open_key_backed_relays() {
        for (p, t, tun) in RELAYS {
            let e = run(p, t);
            assert!(e.len() == 1 && e[0].has(Tag::OpenListener), "{t}");
            assert_eq!(e[0].has(Tag::Tunnelled), *tun, "{t}");
        }
    }

    #[test]
    fn local_authenticated_or_keyless_servers_are_quiet() {
        // The same relay on 127.0.0.1.
        let local = RELAYS[0].1.replace("'0.0.0.0'", "'127.0.0.1'");
        assert!(run("relay.ts", &local).is_empty());
        // On every interface, but the caller's token is checked first.
        let auth = "const key = process.env.OPENAI_API_KEY;\nhttp.createServer(async (req, res) => {\n  if (req.headers.authorization !== `Bearer ${process.env.RELAY_TOKEN}`) { res.statusCode = 401; return res.end(); }\n  res.end(await (await fetch('https://api.openai.com/v1/chat/completions', {headers: {authorization: `Bearer ${key}`}})).text());\n}).listen(PORT, '0.0.0.0');\n";
        assert!(run("relay.ts", auth).is_empty());
        // A dev server on every interface behind a tunnel, no key of the user's.
        let app = "app.get('/', (req, res) => res.send('hi'));\napp.listen(3000, '0.0.0.0');\nspawn('npx', ['localtunnel', '--port', '3000']);\nfetch('https://api.github.com/zen');\n";
        assert!(run("dev.js", app).is_empty());
    }
}
