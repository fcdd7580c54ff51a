//! Collected user data sent to a host the skill never declares (round 21,
//! SK-EXFIL-007).
//!
//! A script that gathers the user's data (records read from another API,
//! files the user passes, a database dump, a copy of the environment,
//! secrets) and sends it to a fixed outside host that nothing the user
//! reads names (SKILL.md, README, references), that is not the vendor the
//! same code reads from or whose key it holds, that the user does not
//! configure and that is not on this machine: an undeclared destination.
//! Data-free pings (a version check, a count) carry nothing collected and
//! are not this; a send to a declared host is judged as before.

use super::super::{RuleCx, RuleDef, weigh};
use crate::decide::vendor::{self, resolved_host};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::extract::indicators::{
    URL_RE, is_private_host, is_secret_env, naming_label, registrable_domain, url_host, words_name,
};
use crate::finding::{Confidence, Finding, Severity};
use crate::skill::FileKind;
use crate::ssl::vocab::ResourceScope as R;

/// Field names of personal records: a file that names them while it reads
/// records from an API and sends a body elsewhere is sending people's data.
static PII_FIELDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:e_?mail|phone(?:_?number)?|shipping_address|billing_address|first_?name|last_?name|customer|date_of_birth|dob|ssn|passport|patient|iban|contacts?)\b",
);

/// Programs whose output is a whole database or state dump.
const DUMPERS: &[&str] = &[
    "pg_dump",
    "pg_dumpall",
    "mysqldump",
    "mongodump",
    "sqlite3",
    "redis-cli",
    "terraform state pull",
    "terraform show",
];

/// Markers of a request that carries a body.
const PAYLOAD_MARKERS: &[&str] = &[
    "body",
    "json=",
    "data=",
    "files=",
    ".end(",
    ".write(",
    "send(",
    "sendall",
    "write_all",
    "--data",
    "-d ",
    "-F ",
    "-T ",
    "--upload-file",
    "Body:",
    "payload",
];

/// A destination host the scan can name for a send, and how it knows it.
#[derive(Clone)]
pub(super) struct Dest {
    pub host: String,
    /// The environment variable that may override it, when the literal is
    /// its default (`os.environ.get("X_URL", "https://…")`).
    env: Option<String>,
    /// The host was spelled in an encoded literal (hex, base64, char codes).
    pub encoded: bool,
}

pub(crate) fn undeclared_data_send(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let ev = cx.evidence;
    let readable = user_text(cx);
    let mut out = standing_subscriptions(def, cx, readable);
    let mut seen_hosts: Vec<String> = Vec::new();
    let mut known = Known::default();
    for (i, sink) in ev.iter().enumerate() {
        let instructed = instructed_send(sink);
        if !super::is_network_sink(sink) || !running_send(sink) && !instructed {
            continue;
        }
        for dest in destinations(cx, sink, &mut known) {
            // A read with parameters (a quote or lookup API) is a send only
            // when its address is hidden.
            if sink.op == Op::NetFetch && !dest.encoded {
                continue;
            }
            // Round 28: a command SKILL.md tells the agent to run is read
            // by the user, so its address is declared, unless the address
            // is hidden (a reversed or encoded string the text says to
            // decode first).
            if instructed && !dest.encoded {
                continue;
            }
            if seen_hosts.contains(&dest.host) || declared_destination(cx, readable, sink, &dest) {
                continue;
            }
            // Round 28: a secret value the send carries by name (a scanner's
            // hit `finding["secret"]`, a bearer `token`, the request's
            // `authorization` header) is the collected data itself.
            let secret = secret_payload(cx, sink, &mut known);
            let found = collected_source(cx, i, &dest.host).or_else(|| {
                (secret.is_some() || instructed && carries_data(sink)).then_some((i, false))
            });
            let Some((src, proven)) = found else {
                continue;
            };
            // High when the data is sensitive (a secret store, a dump, the
            // environment, personal records) or the address is hidden;
            // another file of the user's sent to an unnamed host warns.
            let base = if dest.encoded || secret.is_some() || sensitive(cx, &ev[src], sink) {
                Severity::High
            } else {
                Severity::Medium
            };
            let Some((sev, conf)) = weigh(
                sink,
                base,
                if proven {
                    def.confidence
                } else {
                    Confidence::Medium
                },
            ) else {
                continue;
            };
            let s = &ev[src];
            // A key or credential file going to its own vendor
            // (`~/.cargo/credentials.toml` to crates.io) is the key in use;
            // so is a call that carries a key its vendor consents to (the
            // user's data sent to the API whose key the call holds).
            if src != i && vendor::vendor_matches(&s.target, &dest.host, false) || keyed_call(cx, i)
            {
                continue;
            }
            let how = if proven {
                "flows to"
            } else {
                "is gathered where the skill sends a request body to"
            };
            let mut msg = if let Some(name) = &secret {
                format!(
                    "sends a secret value ({name}, {}:{}) to {}, a host that is neither the secret's vendor nor one the user configures, and that the skill never declares",
                    sink.location.path, sink.location.start_line, dest.host,
                )
            } else if src == i {
                format!(
                    "tells the agent to send data ({}:{}) to {}, a host the skill never declares",
                    sink.location.path, sink.location.start_line, dest.host,
                )
            } else {
                format!(
                    "collected data ({} {}, {}:{}) {how} {}, a host the skill never declares",
                    s.scope,
                    crate::text::snippet(&s.target, 60),
                    s.location.path,
                    s.location.start_line,
                    dest.host,
                )
            };
            if let Some(e) = &dest.env {
                msg.push_str(&format!(
                    " (the default of {e}, which no document mentions)"
                ));
            }
            if dest.encoded {
                msg.push_str(" (its address is encoded in the script)");
            }
            let mut f = cx.finding(def, sink.location.clone(), &sink.snippet, msg);
            f.severity = sev;
            f.confidence = conf;
            f.logic_step_id = cx.step_ids.get(i).cloned().flatten();
            f.flow = cx.flow_steps(&[src, i], |e| {
                format!("{} {}: {}", e.act, e.scope, e.object)
            });
            out.push(f);
            seen_hosts.push(dest.host);
        }
    }
    out
}

/// A send in code that runs, not documentation, a fixture, an example, the
/// user's own channel or a host the description declares.
pub(super) fn running_send(sink: &Evidence) -> bool {
    runs(sink) && !NOT_A_SEND.iter().any(|t| sink.has(*t))
}

/// Tags of a send that is not the skill's own: documentation, a fixture,
/// unreached code, an example, the user's channel, a declared host.
const NOT_A_SEND: &[Tag] = &[
    Tag::Documentation,
    Tag::TestFixture,
    Tag::Unreached,
    Tag::DeclaredExample,
    Tag::UserChannel,
    Tag::DeclaredHost,
];

/// Names that hold a secret value: a token, key, password, cookie or the
/// request's authorization header. As a value (`t: token`, `{ token }`,
/// `finding["secret"]`, `this.o.apiKey`), not as a key the body names
/// (`"token_count": n`, `"type": "token"`).
static SECRET_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(\[\s*["']?)?\b(secrets?|tokens?|bearer|jwt|id_?token|access_?token|refresh_?token|auth_?token|api_?key|apikey|passwords?|passwd|authorization|auth_?headers?|cookies?|session_?(?:id|token)|private_?key|credentials?|client_?secret)\b(["']?\s*[:=](?:[^=]|$))?"#,
);

/// Round 28: the secret the send carries by name, if any: in its own
/// snippet or its input variables, and in the statement that builds each
/// input the same file assigns (`body = json.dumps({"value":
/// finding["secret"]})`, then `Request(URL, data=body)`).
fn secret_payload(cx: &RuleCx, sink: &Evidence, known: &mut Known) -> Option<String> {
    // A key read from the environment is judged by the secret-flow rules
    // (SK-EXFIL-001/004), which know its vendor and whether a client's
    // output, not the key, reaches the send.
    let from_env = |b: &str| {
        cx.evidence.iter().any(|e| {
            e.op == Op::EnvRead
                && e.location.path == sink.location.path
                && e.output.as_deref() == Some(b)
        })
    };
    let names: Vec<&str> = sink
        .inputs
        .iter()
        .filter(|b| !from_env(b))
        .filter_map(|b| b.strip_prefix('$'))
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    let value_name = |text: &str| -> Option<String> {
        SECRET_NAME.captures_iter(text).find_map(|c| {
            let subscript = c.get(1).is_some();
            let key = c.get(3).is_some();
            let m = c.get(2)?;
            let quoted = text[..m.start()].ends_with(['"', '\'']);
            (subscript || !key && !quoted).then(|| m.as_str().to_string())
        })
    };
    for n in &names {
        if let Some(s) = value_name(n) {
            return Some(s);
        }
    }
    if let Some(s) = value_name(&sink.snippet) {
        return Some(s);
    }
    let file = cx.skill.file(&sink.location.path)?;
    // A header map the file fills with the request's credentials
    // (`h["authorization"] = "Bearer " + token`), named in the send.
    let maps = known
        .auth_maps
        .entry(sink.location.path.clone())
        .or_insert_with(|| auth_maps(&file.text));
    if !maps.is_empty() {
        static IDENT: crate::rx::Lazy = crate::rx::Lazy::new(r"[A-Za-z_$][A-Za-z0-9_$]*");
        if let Some(m) = IDENT
            .find_iter(&sink.snippet)
            .map(|m| m.as_str())
            .chain(names.iter().copied())
            .find(|w| maps.iter().any(|m| m == w))
        {
            return Some(format!("the request's authorization headers `{m}`"));
        }
    }
    let lines = known
        .line_starts
        .entry(sink.location.path.clone())
        .or_insert_with(|| {
            std::iter::once(0)
                .chain(file.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
    let limit = lines
        .get(sink.location.start_line)
        .copied()
        .unwrap_or(file.text.len());
    for n in names {
        let stmts = known
            .statements
            .entry((sink.location.path.clone(), n.to_string()))
            .or_insert_with(|| statements_of(&file.text, n));
        if let Some(s) = statement_before(stmts, limit).and_then(value_name) {
            return Some(s);
        }
    }
    None
}

/// Names of header maps a file fills with credentials: `h["authorization"]
/// = …`, `headers.Authorization = …`, `h.set("Cookie", …)`,
/// `h['X-Api-Key'] = …`. One pass over the file.
fn auth_maps(text: &str) -> Vec<String> {
    static MAP: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"(?i)([A-Za-z_$][A-Za-z0-9_$]*)\s*(?:\[\s*["'](?:authorization|proxy-authorization|cookie|x-api-key|x-auth-token|api-key)["']\s*\]\s*=[^=]|\.(?:authorization|cookie)\s*=[^=]|\.(?:set|append)\(\s*["'](?:authorization|cookie|x-api-key)["'])"#,
    );
    let mut out: Vec<String> = Vec::new();
    for c in MAP.captures_iter(text) {
        let n = c[1].to_string();
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

/// Every statement that assigns `name` (`name = …`, `const name = …`,
/// `h: T = …`) with its byte offset, each read to where its brackets close
/// or to the next one (so the file is read once per name, whatever it
/// holds).
fn statements_of(text: &str, name: &str) -> Vec<(usize, String)> {
    let mut starts: Vec<(usize, usize)> = Vec::new();
    let mut at = 0;
    while let Some(k) = text[at..].find(name) {
        let start = at + k;
        at = start + name.len();
        let before_ok = text[..start]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '$'));
        let after = &text[at..];
        let rest = after.trim_start_matches([' ', '\t']);
        let rest = rest.strip_prefix(':').map_or(rest, |r| {
            // A type annotation (`h: Record<…> =`) up to its `=`.
            r.find(['=', '\n']).map_or(r, |i| &r[i..])
        });
        if before_ok && rest.starts_with('=') && !rest.starts_with("==") {
            starts.push((start, text.len() - rest.len()));
        }
    }
    let mut out = Vec::new();
    for (j, &(start, eq)) in starts.iter().enumerate() {
        let stop = starts.get(j + 1).map_or(text.len(), |n| n.0).max(eq);
        let rest = &text[eq..stop];
        let mut depth = 0i32;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                '\n' | ';' if depth <= 0 => {
                    end = i;
                    break;
                }
                _ => {}
            }
        }
        out.push((start, rest[..end].to_string()));
    }
    out
}

/// Of a name's statements, the last that starts before the send's line,
/// else the first of the file.
fn statement_before<'a>(stmts: &'a [(usize, String)], limit: usize) -> Option<&'a str> {
    let k = stmts.partition_point(|(o, _)| *o <= limit);
    stmts
        .get(k.checked_sub(1).unwrap_or(0))
        .map(|(_, s)| s.as_str())
}

/// Round 28: a command in SKILL.md's code (a fence or inline code the
/// agent is told to run), not one framed as documentation or an example.
fn instructed_send(sink: &Evidence) -> bool {
    matches!(sink.origin, Origin::CodeBlock | Origin::InlineCode)
        && !sink.has(Tag::Negated)
        && !NOT_A_SEND.iter().any(|t| sink.has(*t))
}

/// The send carries something: an uploaded file, a body, piped input.
fn carries_data(sink: &Evidence) -> bool {
    !sink.inputs.is_empty() || PAYLOAD_MARKERS.iter().any(|m| sink.snippet.contains(m))
}

/// Code that runs: a script, or one a tool runs by itself (a build
/// script, a hook).
fn runs(e: &Evidence) -> bool {
    matches!(
        e.origin,
        Origin::Script | Origin::Hook | Origin::DynamicContext
    )
}

/// What the user reads: every Markdown or text file of the skill
/// (SKILL.md with its description, README, references) and the manifest's
/// purpose, lower-cased. Made once per skill and shared: four detectors
/// read it, and each lower-casing every document again cost 1% of a
/// registry sample's instructions.
pub(super) fn user_text<'c>(cx: &'c RuleCx) -> &'c str {
    cx.user_text.get_or_init(|| read_by_user(cx))
}

/// [`user_text`], made.
fn read_by_user(cx: &RuleCx) -> String {
    let mut t = cx.manifest.purpose_text();
    for f in &cx.skill.files {
        let name = f.rel.rsplit('/').next().unwrap_or("").to_ascii_lowercase();
        // Documents, not code the scan reads token by token (`build.rs`
        // is text to the inventory).
        let document = f.kind == FileKind::Markdown
            || f.kind == FileKind::Text
                && (name.starts_with("readme")
                    || [".txt", ".rst", ".adoc"].iter().any(|x| name.ends_with(x)));
        if document {
            t.push('\n');
            t.push_str(&f.text.to_lowercase());
        }
    }
    t
}

/// The hosts a send may go to: its resolved URL; for a constant named as
/// its target (`requests.post(ENRICH, …)`), the URL on the line that
/// assigns it; for an address the scan could not resolve, the URLs its
/// file spells in encoded literals.
/// What [`destinations`] read from a file, kept for the next sink of the
/// same file: each lookup reads the whole file, and a large script has
/// thousands of sinks (a 12 MB script spent a tenth of its time here).
#[derive(Default)]
pub(super) struct Known {
    /// [`assigned_url`] by file and variable name.
    assigned: crate::fxhash::FxHashMap<(String, String), Option<Dest>>,
    /// [`encoded_urls`] by file.
    encoded: crate::fxhash::FxHashMap<String, Vec<String>>,
    /// Every text file of the skill, lower-cased, for [`Known::spelled`].
    texts: Option<String>,
    /// [`statements_of`] by file and variable name.
    statements: crate::fxhash::FxHashMap<(String, String), Vec<(usize, String)>>,
    /// [`auth_maps`] by file.
    auth_maps: crate::fxhash::FxHashMap<String, Vec<String>>,
    /// Byte offsets of each line's start, by file.
    line_starts: crate::fxhash::FxHashMap<String, Vec<usize>>,
}

impl Known {
    /// Whether some file of the skill spells the host's registrable domain
    /// (or the host, for a bare one) as written. Read once per skill.
    fn spelled(&mut self, cx: &RuleCx, host: &str) -> bool {
        let all = self.texts.get_or_insert_with(|| {
            let mut t = String::new();
            for f in &cx.skill.files {
                if !matches!(f.kind, FileKind::Binary | FileKind::Archive) {
                    t.push_str(&f.text.to_lowercase());
                    t.push('\n');
                }
            }
            t
        });
        let domain = registrable_domain(host);
        let d = if domain.is_empty() {
            host
        } else {
            domain.as_str()
        };
        all.contains(d)
    }
}

pub(super) fn destinations(cx: &RuleCx, sink: &Evidence, known: &mut Known) -> Vec<Dest> {
    if let Some(h) = resolved_host(&sink.target) {
        // Round 28: an address the folding built (reversed, ROT13, joined
        // from fragments, decoded) whose domain no file of the skill spells
        // is hidden as surely as a base64 one.
        let encoded = sink.has(Tag::Encoded)
            || sink.has(Tag::Obfuscated)
            || !known.spelled(cx, &h.to_ascii_lowercase());
        return vec![Dest {
            host: h.to_ascii_lowercase(),
            env: None,
            encoded,
        }];
    }
    let Some(file) = cx.skill.file(&sink.location.path) else {
        return Vec::new();
    };
    // Mail sent through a server the skill's settings name: the recipients
    // its shipped files spell out are where it goes.
    if MAIL_SENDERS
        .iter()
        .any(|m| sink.instrument.contains(m) || sink.snippet.contains(m))
    {
        return mail_recipients(cx);
    }
    let name = sink.target.trim_start_matches('$');
    if !name.is_empty()
        && name.len() <= 64
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && let Some(d) = known
            .assigned
            .entry((sink.location.path.clone(), name.to_string()))
            .or_insert_with(|| assigned_url(&file.text, name))
    {
        return vec![d.clone()];
    }
    known
        .encoded
        .entry(sink.location.path.clone())
        .or_insert_with(|| encoded_urls(&file.text))
        .iter()
        .filter_map(|u| resolved_host(u))
        .map(|host| Dest {
            host: host.to_ascii_lowercase(),
            env: None,
            encoded: true,
        })
        .collect()
}

/// Calls that hand a message to an SMTP server.
const MAIL_SENDERS: &[&str] = &[
    "send_message",
    "sendmail",
    "sendMail",
    "Send-MailMessage",
    "MailKit",
    "Net::SMTP",
];

/// The domains of the recipients the skill's own files spell out
/// (`to = "digest@tfx-tools.io"` in a shipped settings file): the user
/// did not write them.
fn mail_recipients(cx: &RuleCx) -> Vec<Dest> {
    static TO: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"(?im)^\s*["']?(?:to|recipients?|rcpt|mail_?to|send_?to|email_?to|digest_?to)["']?\s*[=:]\s*\[?\s*["'][\w.+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)["']"#,
    );
    let mut out: Vec<Dest> = Vec::new();
    for f in &cx.skill.files {
        if matches!(
            f.kind,
            FileKind::Markdown | FileKind::Text | FileKind::Binary | FileKind::Archive
        ) {
            continue;
        }
        for c in TO.captures_iter(&f.text) {
            let host = c[1].to_ascii_lowercase();
            if !out.iter().any(|d| d.host == host) {
                out.push(Dest {
                    host,
                    env: None,
                    encoded: false,
                });
            }
        }
    }
    out
}

/// `NAME = "https://…"` or `NAME = os.environ.get("X", "https://…")` in
/// the file: the host, and the variable that may override it.
fn assigned_url(text: &str, name: &str) -> Option<Dest> {
    static ENV_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"(?:environ(?:\.get)?\s*[\[(]\s*|getenv\s*\(\s*|process\.env\.|process\.env\[\s*|ENV\[\s*|ENV\.fetch\(\s*)["']?([A-Z][A-Z0-9_]{2,})"#,
    );
    for line in text.lines() {
        let t = line.trim_start();
        let t = ["const ", "let ", "var ", "export "]
            .iter()
            .fold(t, |t, p| t.strip_prefix(p).unwrap_or(t));
        let Some(rest) = t.strip_prefix(name) else {
            continue;
        };
        let rest = rest.trim_start();
        let Some(rhs) = rest.strip_prefix('=').or_else(|| rest.strip_prefix(":=")) else {
            continue;
        };
        if rhs.starts_with('=') {
            continue;
        }
        let url = URL_RE.find(rhs)?;
        let host = resolved_host(url.as_str())?;
        let env = ENV_NAME
            .captures(rhs)
            .and_then(|c| c.get(1))
            .map(|m| m.as_str().to_string());
        return Some(Dest {
            host: host.to_ascii_lowercase(),
            env,
            encoded: false,
        });
    }
    None
}

/// URLs a file spells only in encoded literals: hex, base64 (with nested
/// layers) or a list of character codes (`[104,116,116,112,…]`). Bounded
/// by the decoder's own budgets (`MAX_DECODED_LITERALS`,
/// `MAX_DECODED_BYTES`), which the literal scan of the same file reports.
pub(super) fn encoded_urls(text: &str) -> Vec<String> {
    static CODES: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?:(?:0x[0-9a-fA-F]{2}|\d{2,3})\s*,\s*){9,}(?:0x[0-9a-fA-F]{2}|\d{2,3})",
    );
    let mut out = Vec::new();
    static BARE_HOST: crate::rx::Lazy =
        crate::rx::Lazy::new(r"^(?:[a-z0-9-]{1,63}\.)+[a-z]{2,12}$");
    let mut keep = |t: &str| {
        let url = match URL_RE.find(t) {
            Some(m) => m.as_str().to_string(),
            // A host spelled alone (`svgcdn-optim.net`), for `{ host: … }`.
            None if BARE_HOST.is_match(t.trim()) => format!("https://{}/", t.trim()),
            None => return,
        };
        if url_host(&url).is_some() && !out.contains(&url) {
            out.push(url);
        }
    };
    for u in crate::extract::deobf::transformed_urls(text) {
        keep(&u);
    }
    let (decoded, _) = crate::extract::deobf::decoded_texts(text);
    for (_, _, t) in &decoded {
        keep(t);
    }
    for m in CODES.find_iter(text) {
        if let Some(t) = crate::extract::deobf::char_codes(m.as_str()) {
            keep(&t);
        }
    }
    out
}

/// Whether the destination is one the user knows of or chose: on this
/// machine or a private network; named (host, registrable domain or the
/// label that names its owner, as a whole word) in what the user reads;
/// the host the description names; the vendor whose API the skill reads or
/// whose key it holds; a host named after the skill; a reference host; or
/// an override the documents tell the user about.
pub(super) fn declared_destination(cx: &RuleCx, readable: &str, sink: &Evidence, d: &Dest) -> bool {
    let host = d.host.as_str();
    if is_private_host(host) || !host.contains('.') || vendor::is_reference_host(host) {
        return true;
    }
    if let Some(e) = &d.env
        && (readable.contains(&e.to_lowercase())
            || cx.manifest.declared_env().iter().any(|k| k == e))
    {
        return true;
    }
    let domain = registrable_domain(host);
    let label = naming_label(host);
    if readable.contains(host)
        || readable.contains(&domain)
        || label.len() >= 4 && words_name(readable, label)
        || !d.encoded && (vendor::declared_host(cx, sink) || named_as_skill(cx, label))
    {
        return true;
    }
    // The vendor the skill's code reads from, whose key it reads, or whose
    // sign-in it uses (a token from oauth2.googleapis.com, then a call to
    // another googleapis.com service).
    cx.evidence.iter().any(|e| match e.op {
        // Round 27: the opening of the request the sink built
        // (`req = Request(URL, data)` then `urlopen(req)`) is the same
        // send, not a read from that vendor.
        Op::NetFetch
            if e.location.path == sink.location.path
                && sink.output.as_ref().is_some_and(|o| e.inputs.contains(o)) =>
        {
            false
        }
        Op::NetFetch | Op::NetSend | Op::SocketConnect if !std::ptr::eq(e, sink) => {
            resolved_host(&e.target).is_some_and(|h| {
                registrable_domain(&h) == domain
                    && (e.op == Op::NetFetch || vendor::identity_provider(&h))
            })
        }
        Op::EnvRead => is_secret_env(&e.target) && vendor::vendor_matches(&e.target, host, false),
        _ => false,
    })
}

/// The host's owner label is the skill's whole name, separators dropped
/// (`acme-notes` and `api.acmenotes.com`): the name the user installed.
/// One word of the name is not (`payout` in stripe-payout-reconciler and
/// `payout-recon.app`).
fn named_as_skill(cx: &RuleCx, label: &str) -> bool {
    let squash = |s: &str| -> String {
        s.to_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect()
    };
    let l = squash(label);
    l.len() >= 4
        && [Some(cx.skill.dir_name.clone()), cx.manifest.name()]
            .into_iter()
            .flatten()
            .any(|n| squash(&n) == l)
}

/// A step that gathers the user's data: a file read (not one of the
/// skill's own files), records fetched from another service, a copy of the
/// environment, the clipboard, a secret, a database or state dump.
fn collects(cx: &RuleCx, e: &Evidence, domain: &str) -> bool {
    match e.op {
        Op::FileRead => {
            let own = e.target.trim_start_matches("./");
            // Not a file the skill itself wrote (`date > /tmp/x.txt`, then
            // uploaded): what was written into it is judged by its flow.
            !cx.evidence
                .iter()
                .any(|w| w.op == Op::FileWrite && w.target == e.target)
                && (!e.has(Tag::OwnConfig) || vendor::other_tools_file(cx, e))
                && !(own.len() > 2 && cx.skill.files.iter().any(|f| f.rel.ends_with(own)))
        }
        Op::NetFetch => resolved_host(&e.target).is_none_or(|h| registrable_domain(&h) != domain),
        Op::EnvDump | Op::ClipboardRead => true,
        Op::KeychainRead => !e.has(Tag::AttributesOnly),
        Op::EnvRead => e.scope == R::Credentials,
        Op::Exec => {
            let t = e.target.to_ascii_lowercase();
            DUMPERS.iter().any(|d| t.contains(d))
        }
        _ => false,
    }
}

/// The collecting step behind a send: one a proven flow reaches it from
/// (`true`), else one in the same file when the send carries a body and
/// the file names personal-record fields (`false`).
fn collected_source(cx: &RuleCx, sink_i: usize, host: &str) -> Option<(usize, bool)> {
    let ev = cx.evidence;
    let domain = registrable_domain(host);
    let strong = |e: &Evidence| runs(e) && !e.has(Tag::TestFixture) && !e.has(Tag::Documentation);
    // The nearest collecting step, unless a walk of the user's folders is
    // upstream too (round 27: `open(os.path.join(root, n))` inside an
    // `os.walk` loop is one file of many).
    let mut first = None;
    for path in cx.flows.upstream(sink_i) {
        let s = &ev[path[0]];
        // A secret environment key alone is judged by the secret-flow
        // rules (SK-EXFIL-001/004), which know its vendor and whether a
        // client's output, not the key, is what reaches the send.
        if strong(s) && s.op != Op::EnvRead && collects(cx, s, &domain) {
            if bulk(s) {
                return Some((path[0], true));
            }
            first.get_or_insert(path[0]);
        }
    }
    if let Some(j) = first {
        return Some((j, true));
    }
    let sink = &ev[sink_i];
    // A read with parameters (`requests.get(…, params=…)`) carries data
    // only when a flow shows it.
    if sink.op == Op::NetFetch {
        return None;
    }
    let file = cx.skill.file(&sink.location.path)?;
    // A socket's writes are later statements of its file (token-level
    // readers see the connect, not the write).
    let carries = !sink.inputs.is_empty()
        || PAYLOAD_MARKERS.iter().any(|m| sink.snippet.contains(m))
        || (sink.op == Op::SocketConnect || sink.instrument.contains("socket"))
            && ["write_all", ".write(", "sendall", ".send(", "print $"]
                .iter()
                .any(|m| file.text.contains(m));
    if !carries {
        return None;
    }
    // Records with personal fields, or a whole store: a dump, the
    // environment, a secret file; in the sending file or in a file that
    // calls the sending function with arguments (`send_digest(state, …)`).
    let records = PII_FIELDS.is_match(&file.text);
    let mut files: Vec<&str> = vec![sink.location.path.as_str()];
    if let Some(key) = &sink.func {
        for c in ev
            .iter()
            .filter(|c| c.op == Op::CallLocal && &c.target == key)
        {
            if !c.inputs.is_empty() && !files.contains(&c.location.path.as_str()) {
                files.push(c.location.path.as_str());
            }
        }
    }
    ev.iter()
        .enumerate()
        .find(|(_, e)| {
            files.contains(&e.location.path.as_str())
                && strong(e)
                && e.op != Op::EnvRead
                && collects(cx, e, &domain)
                && (records && e.location.path == sink.location.path
                    || whole_store(e) && e.scope != R::Credentials)
        })
        .map(|(j, _)| (j, false))
}

/// Data whose loss harms the user on its own: a credential file or store,
/// a dump, the environment, the clipboard, or personal records (a file of
/// the sending code that names personal-record fields).
fn sensitive(cx: &RuleCx, src: &Evidence, sink: &Evidence) -> bool {
    src.scope == R::Credentials
        // Round 27: a walk or listing of a folder (`root.rglob("*")`,
        // `os.walk`, `find`, `readdir`): every file it selects, not one
        // the user handed over.
        || bulk(src)
        || matches!(
            src.op,
            Op::Exec | Op::EnvDump | Op::KeychainRead | Op::ClipboardRead
        )
        || cx
            .skill
            .file(&sink.location.path)
            .is_some_and(|f| PII_FIELDS.is_match(&f.text))
}

/// Round 27: a read of many of the user's files at once: a walk, glob or
/// listing of a folder (`fs_op` `FsKind::List`, every front-end).
pub(super) fn bulk(e: &Evidence) -> bool {
    e.op == Op::FileRead && e.object == "file system scan"
}

/// A read that takes a whole store, not one value: a database or state
/// dump, the environment, a credential file.
fn whole_store(e: &Evidence) -> bool {
    matches!(e.op, Op::Exec | Op::EnvDump | Op::KeychainRead)
        || e.op == Op::FileRead
            && (e.scope == R::Credentials
                // A file of the user's home whose name the scan could not
                // read (`~/${s(k)}`): the name is hidden.
                || e.target.starts_with("~/") && e.target.contains('$'))
}

/// A webhook or event subscription registered at a vendor's API with a
/// literal address of a third party (`stripe.WebhookEndpoint.create(url=
/// LISTENER, enabled_events=["*"])`): every later event of the user's
/// account goes there, long after the skill ran. The address is judged
/// as any destination (declared, configured, the vendor's own, local).
fn standing_subscriptions(def: &RuleDef, cx: &RuleCx, readable: &str) -> Vec<Finding> {
    use crate::evidence::Location;
    use crate::ssl::vocab::{ActType as A, ResourceScope};
    static REGISTER: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)\b(?:WebhookEndpoints?|webhook_?endpoints?|webhooks?|event_?subscriptions?|subscriptions|notification_?channels?)\s*\.\s*(?:create|register|add|subscribe|insert)\w*\s*\(",
    );
    static URL_ARG: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"(?i)\b(?:url|endpoint|target_?url|callback_?url|notification_?url|address|uri)\s*[=:]\s*([A-Za-z_]\w*|["'][^"']+["'])"#,
    );
    let mut out = Vec::new();
    for f in &cx.skill.files {
        if !matches!(
            f.kind,
            FileKind::Python
                | FileKind::JavaScript
                | FileKind::Shell
                | FileKind::PowerShell
                | FileKind::Other
        ) {
            continue;
        }
        let calls: Vec<regex::Match> = REGISTER.find_iter(&f.text).collect();
        for (k, m) in calls.iter().enumerate() {
            // The call's arguments: up to the bracket that closes it, or to
            // the next such call (so every byte is read once, and no cap
            // hides an address placed far from the call's name).
            let stop = calls.get(k + 1).map_or(f.text.len(), |n| n.start());
            let rest = &f.text[m.end()..stop.max(m.end())];
            let end = rest
                .char_indices()
                .scan(1i32, |depth, (i, c)| {
                    match c {
                        '(' | '[' | '{' => *depth += 1,
                        ')' | ']' | '}' => *depth -= 1,
                        _ => {}
                    }
                    Some((i, *depth))
                })
                .find(|(_, d)| *d == 0)
                .map_or(rest.len(), |(i, _)| i);
            let mut end = end.min(rest.len());
            while !rest.is_char_boundary(end) {
                end -= 1;
            }
            let args = &rest[..end];
            let Some(c) = URL_ARG.captures(args) else {
                continue;
            };
            let arg = c[1].trim_matches(|q| q == '"' || q == '\'');
            let dest = if arg.contains("://") {
                resolved_host(arg).map(|h| Dest {
                    host: h.to_ascii_lowercase(),
                    env: None,
                    encoded: false,
                })
            } else {
                assigned_url(&f.text, arg)
            };
            let Some(dest) = dest else {
                continue;
            };
            let line = f.text[..m.start()].matches('\n').count() + 1;
            let mut probe = Evidence::new(
                Op::NetSend,
                A::Transfer,
                ResourceScope::Network,
                format!("https://{}/", dest.host),
            );
            probe.location = Location::line(&f.rel, line);
            if declared_destination(cx, readable, &probe, &dest) {
                continue;
            }
            let snippet = f.text.lines().nth(line - 1).unwrap_or("").trim();
            let mut msg = format!(
                "registers a standing subscription ({}:{line}) that sends the account's events to {}, a host the skill never declares",
                f.rel, dest.host
            );
            if let Some(e) = &dest.env {
                msg.push_str(&format!(
                    " (the default of {e}, which no document mentions)"
                ));
            }
            out.push(cx.finding(def, probe.location.clone(), snippet, msg));
        }
    }
    out
}

/// The send carries a secret whose destination the decision model
/// consents to (its vendor, the provider its profile names, an identity
/// provider): an authenticated call to the service the key belongs to.
fn keyed_call(cx: &RuleCx, sink_i: usize) -> bool {
    let mut hosts = vendor::FileHosts::new();
    let sink = &cx.evidence[sink_i];
    let host = resolved_host(&sink.target);
    host.as_deref().is_some_and(vendor::identity_provider)
        || cx.flows.upstream(sink_i).iter().any(|p| {
            let s = &cx.evidence[p[0]];
            super::secret_flow::is_secret_source(s)
                && vendor::consented_destination(cx, s, sink, &mut hosts).is_some()
        })
}
