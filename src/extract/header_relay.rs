//! Round 31: the credentials of a live request copied to someone else, every
//! language at token level. A hook that sees every request or response of a
//! client or server (httpx `event_hooks`, requests `hooks`, axios
//! `interceptors.request.use`, ky/got `beforeRequest`, a wrapped `fetch`,
//! Express/Koa `app.use`, Flask `before_request`, a Go `RoundTripper`, Rack
//! or Faraday middleware) reads the request's headers — the user's
//! `Authorization`, cookies, API keys — and a send within [`NEAR_LINES`]
//! lines carries them to a literal URL (on the send's line, or a name the
//! file assigns one). The headers are a credential read whose value reaches
//! that send, so the secret-flow rule (SK-EXFIL-001) and its vendor and
//! consent rules judge it as any other key sent out.
//!
//! Round 45 (recall45a, r45 node-heap-tuner): a request function replaced in
//! place is such a hook too (`mod.request = function (opts, …)` over `http`
//! and `https`, `requests.Session.request = _rec`,
//! `XMLHttpRequest.prototype.open = …`, `urlopen = …`); the auth headers read
//! from any headers object (`h.authorization`, `hdrs["x-api-key"]`,
//! `.get("Authorization")`) are the grab, and `https.request({ host: … })` a
//! send whose host the front-end resolved.
//!
//! Quiet: a hook that only logs (no send), a send to a host the user
//! configures (no literal), a placeholder or local URL, headers redacted or
//! masked before they go, and a header set rather than read
//! (`headers["Authorization"] = …`).

use super::indicators::classify_url;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A function registered to see every request or response.
static HOOK: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)event_hooks|(?-u:\b)hooks\s*[=:\[]|\.hooks(?-u:\b)|interceptors\s*\.\s*(?:request|response)\s*\.\s*use|(?-u:\b)(?:before|after)_?(?:request|response|send)(?-u:\b)|(?-u:\b)on_?(?:request|response|before_?request)(?-u:\b)|addinterceptor|(?-u:\b)interceptor(?-u:\b)|roundtrip|@\w+\.middleware|(?-u:\b)middlewares?(?-u:\b)|(?-u:\b)app\.use\s*\(|register_hook|request_hook|(?-u:\b)use\s+rack|http\.handler|(?:globalthis|window|global|self)\.fetch\s*=|(?-u:\b)wrap_?fetch|createserver\s*\(|@\w+\.(?:route|get|post|put|patch|delete|api_route|websocket)\s*\(|(?-u:\b)(?:app|router|server)\.(?:get|post|put|patch|all|route|any)\s*\(|basehttprequesthandler|def\s+do_(?:get|post|put)|web\.(?:application|routetabledef)|\.add_(?:route|get|post)\s*\(|handlefunc\s*\(|servehttp|proxy_?req|on\s*\(\s*['"]proxyreq|ngx\.req\.get_headers|_by_lua|(?-u:\b)(?:https?|mod|module|lib|client|http_?client)\.(?:request|get)\s*=\s*(?:async\s+)?(?:function|\(|\w+\s*=>)|\.prototype\.(?:open|send|setrequestheader)\s*=|(?:session|httpconnection|httpsconnection|openerdirector|client)\.(?:request|send|putheader|open)\s*=|(?:urllib\.request\.)?urlopen\s*=\s*\w"#,
);
/// The live request's headers read (not set).
static GRAB: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?-u:\b)(?:request|req|incoming|inbound|proxyreq|self|config|cfg|conf|options|opts|init|ctx|context|r|c|res|resp|response|event|evt|details|flow|msg)\s*(?:\.\s*request\s*)?\.\s*(?:headers|header|all_headers|request_headers|cookies)(?-u:\b)|(?:get_?header|header\.get|headers\.get|headers\[|getheader)\s*\(?\s*['"](?:authorization|cookie|proxy-authorization|x-api-key|x-auth-token|api-key)['"]|http_authorization|http_cookie|ngx\.req\.get_headers\s*\(|\.get\s*\(\s*['"](?:authorization|x-api-key|private-token|proxy-authorization)['"]|(?-u:\b)(?:h|hdrs?|headers)\s*(?:\.\s*(?:authorization|cookie)(?-u:\b)|\[\s*['"](?:authorization|cookie|x-api-key|private-token|x-auth-token|proxy-authorization)['"])"#,
);
/// A send call.
static SEND: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\.(?:post|put|patch)\s*\(|(?-u:\b)fetch\s*\(|sendbeacon\s*\(|(?-u:\b)urlopen\s*\(|requests\.request\s*\(|http\.post(?:form)?\s*\(|net::http\.post|invoke-(?:restmethod|webrequest)|(?-u:\b)axios\s*\(|[.:]send\s*\(|curl_exec|(?-u:\b)faraday\.post|httparty\.post|(?-u:\b)got\s*\(|(?-u:\b)https?\.request\s*\(\s*\{",
);
/// The headers cleaned before they go.
static REDACTED: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)redact|mask|sanitiz|scrub|\*\*\*|strip_?(?:auth|secret)|omit");
/// A literal URL.
static URL: crate::rx::Lazy = crate::rx::Lazy::new(r#"https?://[^\s'"`)<>]+"#);
/// `NAME = "https://…"` in any language.
static URL_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^\s*(?:(?:export\s+)?(?:const|let|var|my|local|our|final|static|private)\s+)?(?:[\w.]+\s+)?\$?([A-Za-z_]\w*)\s*:?=\s*['"](https?://[^'"\s]+)['"]"#,
);
/// Lines between the headers read and the send, at most.
const NEAR_LINES: usize = 20;
/// Round 35: a file that sends on a timer (`setInterval(sync, 30_000)`,
/// `threading.Timer`, a ticker) batches what its handlers keep: the
/// headers kept by a handler reach a send further away.
const TIMER_LINES: usize = 80;
static TIMER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)setinterval\s*\(|threading\.timer|schedule\.every|time\.newticker|time\.tick\s*\(|\.add_job\s*\(|repeat_every|asyncio\.sleep\s*\(|node-cron|cron\.schedule",
);

/// The outside host of a request the front-end resolved on line `line_no`
/// (a name folded from pieces: `["https://", "h", ".example"].join("")`).
fn resolved_send(sink: &Sink, from: usize, path: &str, line_no: usize) -> Option<String> {
    sink.items[from.min(sink.items.len())..]
        .iter()
        .filter(|e| matches!(e.op, Op::NetSend | Op::NetFetch))
        .filter(|e| e.location.path == path && e.location.start_line == line_no)
        .map(|e| e.target.clone())
        .find(|t| {
            let host = t
                .split_once("://")
                .map_or("", |(_, r)| r.split(['/', '?', ':']).next().unwrap_or(""));
            host.contains('.') && !host.contains(['$', '{', '%', '<']) && !no_outsider(t)
        })
}

/// The raw socket sends (`tokens::socket_sends`, instrument `socket`) to an
/// outside host the front-end resolved in file `path`, by line: the first
/// such target of each line.
fn socket_lines(sink: &Sink, from: usize, path: &str) -> std::collections::BTreeMap<usize, String> {
    let mut out = std::collections::BTreeMap::new();
    for e in &sink.items[from.min(sink.items.len())..] {
        if e.op == Op::NetSend
            && e.instrument == "socket"
            && e.location.path == path
            && !no_outsider(&e.target)
        {
            out.entry(e.location.start_line)
                .or_insert_with(|| e.target.clone());
        }
    }
    out
}

/// The first send line in `span` (a function body the hook reaches) whose
/// function also holds a raw socket send to an outside host (`sock:
/// setpeername(host, port)` then `sock:send(line)`): the line's offset, its
/// index in `lines` and the socket's address.
fn span_socket_send(
    src: &Src,
    regions: &super::region::Regions,
    lines: &[(usize, &str)],
    sockets: &std::collections::BTreeMap<usize, String>,
    (s, e): (usize, usize),
) -> Option<(usize, usize, String)> {
    let a = lines.partition_point(|&(l_at, _)| l_at < s);
    let b = lines.partition_point(|&(l_at, _)| l_at < e);
    (a..b).find_map(|i| {
        let (s_at, l) = lines[i];
        if !SEND.is_match(l) {
            return None;
        }
        let f = regions.function_at(s_at)?;
        let first = src.loc(f.block.head, f.block.head).start_line;
        let last = src.loc(f.block.end, f.block.end).start_line;
        let (_, url) = sockets.range(first..=last).next()?;
        Some((s_at, i, url.clone()))
    })
}

fn no_outsider(url: &str) -> bool {
    let u = url.to_ascii_lowercase();
    u.contains("://localhost")
        || u.contains("://127.")
        || u.contains("://0.0.0.0")
        || u.contains('{')
        || u.contains('<')
        || u.contains("example.com")
        || u.contains("your")
}

/// The (name, URL) pairs `rx` captures (groups 1 and 2) whose URL `keep`
/// accepts: the names a file assigns a literal URL to.
pub(super) fn named_urls(
    rx: &crate::rx::Lazy,
    text: &str,
    keep: impl Fn(&str) -> bool,
) -> Vec<(String, String)> {
    rx.captures_iter(text)
        .filter_map(|c| {
            Some((
                c.get(1)?.as_str().to_string(),
                c.get(2)?.as_str().to_string(),
            ))
        })
        .filter(|(_, u)| keep(u))
        .collect()
}

/// Each line of `text` (newline kept) with its byte offset.
pub(super) fn lines_at(text: &str) -> Vec<(usize, &str)> {
    text.split_inclusive('\n')
        .scan(0usize, |at, l| {
            let s = *at;
            *at += l.len();
            Some((s, l))
        })
        .collect()
}

/// Evidence for one code file `src`, linked to the sends the front-end
/// produced from `before` on.
pub fn scan(src: &Src, sink: &mut Sink, before: usize) {
    let text = src.text;
    if !HOOK.is_match(text) || !GRAB.is_match(text) || !SEND.is_match(text) {
        return;
    }
    let names = named_urls(&URL_NAME, text, |u| !no_outsider(u));
    let lines = lines_at(text);
    let mut done: std::collections::HashSet<usize> = Default::default();
    let mut regions: Option<super::region::Regions> = None;
    let mut sockets: Option<std::collections::BTreeMap<usize, String>> = None;
    let mut span_hits: std::collections::HashMap<(usize, usize), Option<(usize, usize, String)>> =
        Default::default();
    // Asked once per file, at the first header read: per read, a file of
    // 20,000 reads and no timer searched the whole text 20,000 times
    // (round 41, 45 s for 1 MB).
    let mut window_lines: Option<usize> = None;
    for (i, &(at, line)) in lines.iter().enumerate() {
        let Some(g) = GRAB
            .find_iter(line)
            .find(|m| !sets_header(&line[m.end()..]))
        else {
            continue;
        };
        if super::token_calls::in_comment_line(text, at + g.start()) {
            continue;
        }
        let reach = *window_lines.get_or_insert_with(|| {
            if TIMER.is_match(text) {
                TIMER_LINES
            } else {
                NEAR_LINES
            }
        });
        let window = &lines[i..lines.len().min(i + reach + 1)];
        if window.iter().any(|(_, l)| REDACTED.is_match(l)) {
            continue;
        }
        // Round 41: the local functions the window calls
        // (`ngx.timer.at(0, function() shipper(line) end)` with the send in
        // `shipper`). In such a function only a raw socket counts: an HTTP
        // helper the hook calls (an API client fetching its own URL) is not
        // shown to carry the headers. Each function body is read once per
        // file (a hook read on every one of 20,000 lines calling the same
        // helper made this quadratic).
        let mut reached: Option<(usize, usize, String)> = None;
        if let Some(&(w_at, w)) = window.last()
            && !window.iter().any(|(_, l)| SEND.is_match(l))
        {
            let r = regions.get_or_insert_with(|| super::region::Regions::new(src.path, text));
            let sockets = sockets.get_or_insert_with(|| socket_lines(sink, before, src.path));
            for &span in &r.reach(text, (at, w_at + w.len())).spans[1..] {
                let hit = span_hits
                    .entry(span)
                    .or_insert_with(|| span_socket_send(src, r, &lines, sockets, span))
                    .clone();
                if let Some(h) = hit.filter(|h| reached.as_ref().is_none_or(|r| h.0 < r.0)) {
                    reached = Some(h);
                }
            }
        }
        let reached = reached.map(|(s_at, i, u)| (s_at, lines[i].1, u));
        let hit = window
            .iter()
            .find_map(|&(s_at, l)| {
                if !SEND.is_match(l) {
                    return None;
                }
                let url = URL
                    .find_iter(l)
                    .map(|u| u.as_str().to_string())
                    .find(|u| !no_outsider(u))
                    .or_else(|| {
                        names
                            .iter()
                            .find(|(n, _)| crate::text::has_word(l, n))
                            .map(|(_, u)| u.clone())
                    })
                    .or_else(|| {
                        let line_no = src.loc(s_at, s_at + l.trim_end().len()).start_line;
                        resolved_send(sink, before, src.path, line_no)
                    })?;
                Some((s_at, l, url))
            })
            .or(reached);
        let Some((s_at, l, url)) = hit else {
            continue;
        };
        if !done.insert(s_at) {
            continue;
        }
        let binding = format!("$header_relay_{}", at + g.start());
        let mut read = Evidence::new(Op::FileRead, A::Read, R::Credentials, "request headers")
            .object("the live request's headers (Authorization, cookies) read in a hook")
            .instrument(g.as_str().trim());
        read.output = Some(binding.clone());
        sink.push(src.at(read, at + g.start(), at + g.end(), "code"));
        let send_end = s_at + l.trim_end().len();
        let line_no = src.loc(s_at, send_end).start_line;
        let from = before.min(sink.items.len());
        let existing = sink.items[from..].iter_mut().find(|e| {
            e.op == Op::NetSend && e.location.path == src.path && e.location.start_line == line_no
        });
        match existing {
            Some(e) => e.inputs.push(binding),
            None => {
                let mut send = Evidence::new(Op::NetSend, A::Transfer, R::Network, url.clone())
                    .tags(classify_url(&url))
                    .object("request headers sent to a literal URL")
                    .instrument("header relay");
                send.inputs.push(binding);
                sink.push(src.at(send, s_at, send_end, "code"));
            }
        }
    }
}

/// `= …` after the match: the header is set, not read (`==` compares).
fn sets_header(after: &str) -> bool {
    let a = after.trim_start();
    let a = match a.strip_prefix('[') {
        Some(r) => r.split_once(']').map_or("", |x| x.1).trim_start(),
        None => a,
    };
    let a = a.trim_start_matches(['\'', '"', ']', ')']).trim_start();
    (a.starts_with('=') && !a.starts_with("==")) || a.starts_with("+=")
}
