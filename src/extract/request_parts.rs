//! Round 35: a secret put into a part of a request the reader does not look
//! at, every language at token level. A setter of a request's headers,
//! cookies or query (`req.add_header(k, v)`, `req.Header.Set(k, v)`,
//! `h.set(k, v)` on a `new Headers()`, `u.searchParams.set(k, v)`,
//! `$wc.Headers.Add(k, v)`, `s.headers["X-…"] = v`, `req["X-…"] = v`,
//! `axios.defaults.headers.common[k] = v`) whose value is a secret the file
//! reads (a secret environment variable or a credential file, on the
//! setter's line or through names the file assigns from it) hands that
//! secret to the request sent near it: the request that names the setter's
//! receiver, else the nearest one within [`NEAR_LINES`] lines. The secret's
//! read becomes an input of that send, so the secret-flow rule (SK-EXFIL-001)
//! and its vendor and consent rules judge it as a key in a body: a key set
//! as the vendor's `Authorization` and sent to the vendor stays quiet.
//!
//! The parsed front-ends follow values inside one expression; an object
//! changed by a later call (a header added after the request is built) is
//! what they lose, in every language, and what this pass restores.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A setter of a request part, by method or by subscript assignment.
static SETTER: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\.\s*(?:add_header|add_unredirected_header|putheader|set_header|setheader|setrequestheader|setrequestproperty|addrequestproperty|addheader|set_cookie|add_cookie|set_query_param|add_query_param)\s*\(|\.\s*(?:headers?|cookies|params|query|searchparams|defaultrequestheaders|cookiecontainer)\s*(?:\.\s*common\s*)?\.\s*(?:set|add|append|update|put|store|merge!?|tryaddwithoutvalidation|setdefault)\s*\(|\.\s*(?:headers?|cookies|params|query)\s*(?:\.\s*common\s*)?\[[^\]\n]+\]\s*=(?:[^=]|$)|\.\s*(?:user_?agent|useragent)\s*=(?:[^=]|$)"#,
);
/// `x["X-Client-Hint"] = …`, `$h["Authorization"] = …`: a subscript set
/// with a header's name (case kept: a header is `Title-Case` or `x-…`).
static HEADER_KEY_SET: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"[\w$]\s*\[\s*['"](?:[xX]-[\w-]+|[Aa]uthorization|[Cc]ookie|[Uu]ser-[Aa]gent|[A-Z][a-z]+(?:-[A-Z][a-z0-9]+)+)['"]\s*\]\s*=(?:[^=]|$)"#,
);
/// A name holding a headers or query object: `h = new Headers()`,
/// `q = new URLSearchParams()`, `h := http.Header{}`.
static PART_OBJECT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)\$?([A-Za-z_]\w*)\s*:?=\s*(?:new\s+)?(?:Headers|URLSearchParams|HttpHeaders|WebHeaderCollection|http\.Header|HTTP::Headers|CaseInsensitiveDict)\s*[({]",
);
/// The header a client authenticates with: a key set there is the normal
/// use of a key (whose host the vendor rules judge from the front-ends);
/// the other headers, cookies and query parameters are what this pass reads.
static AUTH_HEADER: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)['"](?:authorization|proxy-authorization|x-api-key|api-key|x-auth-token)['"]"#,
);
/// `NAME = …` / `const NAME = …` / `NAME, err := …` / `$NAME = …` / `my $NAME = …`.
static ASSIGN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:(?:export\s+)?(?:const|let|var|my|local|our|auto|final|val)\s+)?\$?([A-Za-z_]\w*)(?:\s*:\s*[\w\[\]<>|]+)?(?:\s*,\s*\$?[A-Za-z_]\w*)*\s*(?::=|=)(?:[^=]|$)",
);
/// `NAME = "https://…"` or `NAME = URI("https://…")` in any language.
static URL_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^\s*(?:(?:const|let|var|my|local|our|final|val)\s+)?\$?([A-Za-z_]\w*)\s*:?=[^\n'"]{0,40}['"](https?://[^'"\s]+)['"]"#,
);
/// A literal URL.
static URL: crate::rx::Lazy = crate::rx::Lazy::new(r#"https?://[^\s'"`)<>]+"#);
/// A request made from an object (when no front-end saw the request).
static REQUESTS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\.request\s*\(|\.start\s*\(|net::http|urlopen|(?-u:\b)fetch\s*\(|\.do\s*\(|httpclient|webclient|invoke-(?:restmethod|webrequest)|\.(?:get|post|put|patch|send)\s*\(|faraday|httparty|restclient|lwp::|http::tiny|reqwest|ureq::|curl_exec|\.execute\s*\(",
);

fn placeholder(url: &str) -> bool {
    let u = url.to_ascii_lowercase();
    u.contains("://localhost")
        || u.contains("://127.")
        || u.contains("://0.0.0.0")
        || u.contains(['{', '<', '$'])
        || u.contains("example.com")
        || u.contains("your")
}

/// Lines between a setter and the request it feeds, at most.
const NEAR_LINES: usize = 30;

/// A named secret: a secret environment variable or a credential file (the
/// whole environment is no value one sets as a header; bundles touch
/// `process.env` everywhere).
fn is_secret_read(e: &Evidence) -> bool {
    matches!(e.op, Op::FileRead | Op::EnvRead) && e.scope == R::Credentials
}

/// Minified code (most of its bytes on lines longer than this), where
/// "near" in lines means nothing, is left to the front-ends.
const MINIFIED_LINE: usize = 1_000;

fn minified(text: &str) -> bool {
    let long: usize = text
        .split('\n')
        .map(str::len)
        .filter(|n| *n > MINIFIED_LINE)
        .sum();
    long * 2 > text.len()
}

fn is_request(e: &Evidence) -> bool {
    matches!(e.op, Op::NetSend | Op::NetFetch)
}

/// The receiver's root name before a setter: `req` of `req.Header.Set(`,
/// `wc` of `$wc.Headers.Add(`, `s` of `self.s.headers[`.
fn receiver(before: &str) -> Option<&str> {
    let t = before.trim_end();
    let start = t
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
        .map_or(0, |i| i + 1);
    let chain = t[start..].trim_start_matches('$');
    let mut parts = chain.split('.').filter(|p| !p.is_empty());
    let first = parts.next()?;
    match first {
        "self" | "this" | "cls" => parts.next(),
        _ => Some(first),
    }
}

/// Evidence for one code file `src`, linked to the requests the front-end
/// produced from `before` on.
pub fn scan(src: &Src, sink: &mut Sink, before: usize) {
    let text = src.text;
    if !SETTER.is_match(text) && !HEADER_KEY_SET.is_match(text) && !PART_OBJECT.is_match(text) {
        return;
    }
    if minified(text) {
        return;
    }
    let from = before.min(sink.items.len());
    let here = |e: &Evidence| e.location.path == src.path;
    // Secret reads of this file, by line; each gets a binding if it has none.
    let mut secrets: Vec<(usize, String)> = Vec::new();
    for (k, e) in sink.items[from..].iter_mut().enumerate() {
        if !here(e) || !is_secret_read(e) {
            continue;
        }
        let b = e
            .output
            .get_or_insert_with(|| format!("$request_part_src_{}", from + k))
            .clone();
        secrets.push((e.location.start_line, b));
    }
    if secrets.is_empty() {
        return;
    }
    let lines = super::header_relay::lines_at(text);
    // Names the file assigns from a secret (or from a name holding one), in
    // line order: one pass, each line's right side read once.
    let mut held: Vec<(String, String)> = Vec::new();
    for &(at, line) in &lines {
        let Some(c) = ASSIGN.captures(line) else {
            continue;
        };
        let (Some(name), Some(whole)) = (c.get(1), c.get(0)) else {
            continue;
        };
        if super::token_calls::in_comment_line(text, at + name.start()) {
            continue;
        }
        let rhs = &line[whole.end().saturating_sub(1)..];
        let line_no = src.loc(at, at + line.len()).start_line;
        let b = secrets
            .iter()
            .find(|(l, _)| *l == line_no)
            .map(|(_, b)| b.clone())
            .or_else(|| {
                held.iter()
                    .find(|(n, _)| crate::text::has_word(rhs, n))
                    .map(|(_, b)| b.clone())
            });
        let name = name.as_str().to_string();
        held.retain(|(n, _)| n != &name);
        if let Some(b) = b {
            if held.len() >= crate::limits::REQUEST_PART_MAX_NAMES {
                crate::limits::gave_up("REQUEST_PART_MAX_NAMES");
                break;
            }
            held.push((name, b));
        }
    }
    let objects: Vec<String> = PART_OBJECT
        .captures_iter(text)
        .filter_map(|c| c.get(1).map(|m| m.as_str().to_string()))
        .collect();
    let url_names = super::header_relay::named_urls(&URL_NAME, text, |u| !placeholder(u));
    for (idx, &(at, line)) in lines.iter().enumerate() {
        let Some(m) = setter_in(line, &objects) else {
            continue;
        };
        if super::token_calls::in_comment_line(text, at + m.0) {
            continue;
        }
        if AUTH_HEADER.is_match(&line[m.0..]) {
            continue;
        }
        let arg = &line[m.1..];
        let line_no = src.loc(at + m.0, at + m.1).start_line;
        let secret = secrets
            .iter()
            .find(|(l, _)| *l == line_no)
            .map(|(_, b)| b.clone())
            .or_else(|| {
                held.iter()
                    .find(|(n, _)| crate::text::has_word(arg, n))
                    .map(|(_, b)| b.clone())
            });
        let Some(secret) = secret else {
            continue;
        };
        let recv = receiver(&line[..m.0]).unwrap_or("");
        let near = |e: &Evidence| {
            here(e) && is_request(e) && e.location.start_line.abs_diff(line_no) <= NEAR_LINES
        };
        let names_recv = |e: &Evidence| {
            !recv.is_empty()
                && lines
                    .get(e.location.start_line.saturating_sub(1))
                    .is_some_and(|(_, l)| crate::text::has_word(l, recv))
        };
        let items = &mut sink.items[from..];
        let pick = items
            .iter()
            .position(|e| near(e) && names_recv(e))
            .or_else(|| {
                items
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| near(e))
                    .min_by_key(|(_, e)| e.location.start_line.abs_diff(line_no))
                    .map(|(k, _)| k)
            });
        match pick {
            Some(k) => {
                if !items[k].inputs.contains(&secret) {
                    items[k].inputs.push(secret);
                }
            }
            None => {
                let window =
                    &lines[idx.saturating_sub(NEAR_LINES)..lines.len().min(idx + NEAR_LINES + 1)];
                if let Some((l_at, l, url)) = object_request(window, recv, &url_names) {
                    let mut send = Evidence::new(Op::NetSend, A::Transfer, R::Network, url.clone())
                        .tags(super::indicators::classify_url(&url))
                        .object("request sent with a secret set in its headers, cookies or query")
                        .instrument("request object");
                    send.inputs.push(secret);
                    sink.push(src.at(send, l_at, l_at + l.trim_end().len(), "code"));
                }
            }
        }
    }
}

/// Round 35: the request a receiver is built for when no front-end saw it
/// (`req = Net::HTTP::Get.new(uri)` with `uri = URI("https://…")`): a line
/// of `window` naming the receiver and a literal outside URL (or a name
/// assigned one), in a window that makes a request.
fn object_request<'a>(
    window: &[(usize, &'a str)],
    recv: &str,
    url_names: &[(String, String)],
) -> Option<(usize, &'a str, String)> {
    if recv.is_empty() || !window.iter().any(|(_, l)| REQUESTS.is_match(l)) {
        return None;
    }
    window.iter().find_map(|&(at, l)| {
        if !crate::text::has_word(l, recv) {
            return None;
        }
        let url = URL
            .find_iter(l)
            .map(|u| u.as_str().to_string())
            .find(|u| !placeholder(u))
            .or_else(|| {
                url_names
                    .iter()
                    .find(|(n, _)| n != recv && crate::text::has_word(l, n))
                    .map(|(_, u)| u.clone())
            })?;
        Some((at, l, url))
    })
}

/// The span of a setter on `line` (start, end of the match).
fn setter_in(line: &str, objects: &[String]) -> Option<(usize, usize)> {
    if let Some(m) = SETTER.find(line) {
        return Some((m.start(), m.end()));
    }
    // The match starts on the receiver's last character: the setter begins
    // after it (`req` of `req["X-…"] = …`).
    if let Some(m) = HEADER_KEY_SET.find(line) {
        let first = line[m.start()..].chars().next().map_or(1, char::len_utf8);
        return Some((m.start() + first, m.end()));
    }
    // `h.set(k, v)` / `h.append(…)` / `h.Add(…)` on a headers object.
    objects.iter().find_map(|o| {
        line.match_indices(o.as_str()).find_map(|(i, _)| {
            let after = &line[i + o.len()..];
            let lower = after.to_ascii_lowercase();
            let ok = ["set(", "append(", "add(", "setdefault("].iter().any(|m| {
                lower
                    .trim_start()
                    .strip_prefix('.')
                    .is_some_and(|r| r.starts_with(m))
            });
            let word_start = i == 0
                || !line.as_bytes()[i - 1].is_ascii_alphanumeric()
                    && line.as_bytes()[i - 1] != b'_';
            (ok && word_start).then(|| (i, i + o.len() + after.find('(').unwrap_or(0) + 1))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn receivers_and_setters() {
        assert_eq!(receiver("  req.Header"), Some("req"));
        assert_eq!(receiver("$wc.Headers"), Some("wc"));
        assert_eq!(receiver("self.session.headers"), Some("session"));
        assert!(setter_in("req.add_header('X-Hint', h)", &[]).is_some());
        assert!(setter_in("req.Header.Set(\"X-Hint\", v)", &[]).is_some());
        assert!(setter_in("$h[\"X-Client-Hint\"] = $v", &[]).is_some());
        assert!(setter_in("s.headers[\"X-Trace\"] = k", &[]).is_some());
        assert!(setter_in("h.set(\"X-Trace\", k)", &["h".into()]).is_some());
        // Compared, not set; a plain dictionary key is no header.
        assert!(setter_in("if s.headers[\"X\"] == k:", &[]).is_none());
        assert!(setter_in("cfg[\"region\"] = k", &[]).is_none());
    }
}
