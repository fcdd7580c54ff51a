//! The network domain, described once (issue 14, item 4 for one domain).
//!
//! `curl`, `requests.post`, `fetch` and `Invoke-RestMethod` are one sink.
//! A front-end only maps its syntax (argv, call arguments, keyword
//! arguments, object literals, PowerShell parameters) into a [`NetCall`];
//! [`NetCall::lower`] alone decides the evidence: the operation, the SSL
//! `act_type` and `resource_scope`, the URL's tags, the files uploaded and
//! the `$`-bindings that tie what was read to what is sent.
//!
//! [`CLIENTS`] says, per language, how a client API's arguments map to the
//! URL, the method, the body, the headers and the uploaded files, so adding
//! a client is adding a row.

use super::indicators::{classify_path, classify_url};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// What a network operation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetKind {
    /// Data leaves: a body, a form, an uploaded file, a mail.
    Send,
    /// A request that only asks (GET, HEAD, a download).
    Fetch,
    /// A raw or persistent socket.
    Connect,
    /// A name lookup; a computed name carries data in its labels.
    Dns,
    /// A shell whose input and output are a network socket (a reverse or
    /// bind shell: `nc -e /bin/sh`, `os.dup2(s.fileno(), 0)`, commands read
    /// from a `TcpClient` stream and run).
    ShellOverSocket,
    /// A login shell on another host (`ssh host`).
    RemoteShell,
    /// A tunnel that makes this host reachable from outside (`ngrok`,
    /// `cloudflared tunnel`, `ssh -R`); always tagged `TunnelHost`.
    Tunnel,
}

/// One network operation, whatever the language wrote it in.
#[derive(Clone, Debug)]
pub struct NetCall {
    pub kind: NetKind,
    /// The destination as folded (URL, `host:port`, mail address).
    pub url: String,
    /// What `classify_url` reads when it is not `url` (a socket's
    /// `tcp://host`); `None` with `tag_url` off means no URL tags.
    pub tag_from: Option<String>,
    pub tag_url: bool,
    /// Bindings of everything the request carries: body, headers, query,
    /// the URL's own parts, piped input.
    pub inputs: Vec<String>,
    /// Local files whose content goes out (`curl -F f=@p`, `-T p`).
    pub uploads: Vec<String>,
    /// The binding of the response (or the downloaded file).
    pub output: Option<String>,
    /// A description that differs from the kind's default.
    pub object: Option<String>,
    pub instrument: Option<String>,
    /// `Dns`: the name is computed from data.
    pub computed: bool,
    /// The operation makes this host reachable from the destination
    /// (`ssh -R`): tagged `TunnelHost` like a tunnel.
    pub exposes: bool,
    /// Further destinations of the same operation (`curl URL1 URL2`):
    /// each gets its own evidence, so consent is decided per host.
    pub also: Vec<String>,
}

impl NetCall {
    pub fn new(kind: NetKind, url: impl Into<String>) -> Self {
        NetCall {
            kind,
            url: url.into(),
            tag_from: None,
            tag_url: true,
            inputs: Vec::new(),
            uploads: Vec::new(),
            output: None,
            object: None,
            instrument: None,
            computed: false,
            exposes: false,
            also: Vec::new(),
        }
    }

    /// A send when `sends`, else a fetch.
    pub fn http(sends: bool, url: impl Into<String>) -> Self {
        Self::new(if sends { NetKind::Send } else { NetKind::Fetch }, url)
    }

    crate::extract::step_setters!();

    pub fn sends(&self) -> bool {
        self.kind == NetKind::Send
    }

    /// The evidence: one read per uploaded file (bound `$upload_<path>`,
    /// fed by whatever wrote `$file_<path>` earlier), then the operation,
    /// once per destination.
    pub fn lower_all(self) -> (Vec<Evidence>, Vec<Evidence>) {
        let reads: Vec<Evidence> = self.uploads.iter().map(|p| upload_read(p)).collect();
        let (op, act, object) = match self.kind {
            NetKind::Send => (Op::NetSend, A::Transfer, "data sent over HTTP"),
            NetKind::Fetch => (Op::NetFetch, A::Request, "HTTP request"),
            NetKind::Connect => (Op::SocketConnect, A::Transfer, "raw socket"),
            NetKind::Dns if self.computed => {
                (Op::DnsQuery, A::Transfer, "DNS lookup of a computed name")
            }
            NetKind::Dns => (Op::DnsQuery, A::Request, "DNS lookup"),
            NetKind::ShellOverSocket => (
                Op::ReverseShell,
                A::CallTool,
                "shell bound to a network socket",
            ),
            NetKind::RemoteShell => (Op::SocketConnect, A::CallTool, "remote shell"),
            NetKind::Tunnel => (Op::SocketConnect, A::CallTool, "tunnel exposing this host"),
        };
        let also = self.also;
        let mut ev = Evidence::new(op, act, R::Network, self.url.clone())
            .object(self.object.unwrap_or_else(|| object.to_string()));
        if let Some(i) = self.instrument {
            ev.instrument = i;
        }
        let url_tags = match (&self.tag_from, self.tag_url) {
            (Some(t), _) => classify_url(t),
            (None, true) => classify_url(&self.url),
            (None, false) => Default::default(),
        };
        ev.tags.extend(url_tags.iter().copied());
        if self.kind == NetKind::Dns && self.computed {
            ev.tags.insert(Tag::Encoded);
        }
        if self.kind == NetKind::Tunnel || self.exposes {
            ev.tags.insert(Tag::TunnelHost);
        }
        ev.inputs = self.inputs;
        if self.kind == NetKind::Send {
            ev.inputs
                .extend(self.uploads.iter().map(|p| upload_bind(p)));
        }
        ev.output = self.output;
        let mut ops = vec![ev];
        for u in also {
            let mut x = ops[0].clone();
            x.tags.retain(|t| !url_tags.contains(t));
            x.tags.extend(classify_url(&u));
            x.target = u;
            ops.push(x);
        }
        (reads, ops)
    }

    /// The evidence of a one-destination operation: the upload reads, then
    /// the operation.
    pub fn lower(self) -> (Vec<Evidence>, Evidence) {
        let (reads, mut ops) = self.lower_all();
        ops.truncate(1);
        let ev = ops
            .pop()
            .unwrap_or_else(|| Evidence::new(Op::NetFetch, A::Request, R::Network, ""));
        (reads, ev)
    }
}

/// The binding of an uploaded file's content.
/// Tunnels that publish a port of this machine on the internet, by program
/// and by package (round 16): the binaries (`ngrok`, `cloudflared`, `lt`,
/// `bore`, …) and the npm/PyPI packages that wrap or ship them
/// (`npx localtunnel`, `pyngrok`, `@ngrok/ngrok`, `untun`). One table for
/// the shell table's tunnel row, package runners (`npx`, `bunx`,
/// `pnpm dlx`, `pipx run`, `uvx`) and the token-level exposure reader
/// (`extract/exposure.rs`).
pub const TUNNEL_PROGRAMS: &[&str] = &[
    "ngrok",
    "cloudflared",
    "lt",
    "bore",
    "localtunnel",
    "@ngrok/ngrok",
    "pyngrok",
    "untun",
    "tunnelmole",
    "tmole",
    "zrok",
    "localtonet",
];

/// Whether a program or package name (`localtunnel`, `@ngrok/ngrok@5`,
/// `pyngrok==7`) is a tunnel of [`TUNNEL_PROGRAMS`].
pub fn is_tunnel_program(name: &str) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    let bare = |n: &str| {
        let n = n.strip_prefix('@').unwrap_or(n);
        n.split(['@', '=', '>', '<', '~'])
            .next()
            .unwrap_or(n)
            .to_string()
    };
    let scoped = bare(name);
    TUNNEL_PROGRAMS
        .iter()
        .any(|t| bare(t) == scoped || *t == bare(base) && !t.starts_with('@'))
}

pub fn upload_bind(path: &str) -> String {
    format!("$upload_{path}")
}

/// The read of a file a client uploads.
fn upload_read(p: &str) -> Evidence {
    let (scope, tags) = classify_path(p);
    let mut r = Evidence::new(Op::FileRead, A::Read, scope, p)
        .tags(tags)
        .object("file uploaded by the client");
    r.inputs.push(super::file_bind(p));
    r.output = Some(upload_bind(p));
    r
}

/// Where a client takes its URL from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlArg {
    /// The n-th positional argument (or the keyword `url`).
    Pos(usize),
    /// The first operand that is not an option's value (command lines).
    Operand,
    /// A named parameter (PowerShell `-Uri`), else the first operand.
    Param(&'static [&'static str]),
}

/// How one client API's arguments map onto a [`NetCall`].
#[derive(Clone, Copy, Debug)]
pub struct Client {
    /// "bash", "python", "javascript", "powershell".
    pub lang: &'static str,
    pub name: &'static str,
    pub url: UrlArg,
    /// The method the name implies (`requests.post`), if any.
    pub method: Option<&'static str>,
    /// Where the method is given (`-X`, `method=`, `-Method`).
    pub method_args: &'static [&'static str],
    /// Arguments whose presence makes the call a send.
    pub body: &'static [&'static str],
    /// Arguments that carry request headers.
    pub headers: &'static [&'static str],
    /// Arguments that upload a local file (`-T p`, `files=`, `-InFile p`).
    pub files: &'static [&'static str],
}

const CURL_BODY: &[&str] = &[
    "-d",
    "-F",
    "-T",
    "--data",
    "--data-binary",
    "--data-raw",
    "--data-urlencode",
    "--form",
    "--upload-file",
    "--post-data",
    "--post-file",
    "--body-data",
    "--json",
];
/// The keyword arguments that give a Python request a body.
pub const PY_BODY: &[&str] = &["data", "json", "files", "content"];
const PS_BODY: &[&str] = &["Body", "InFile", "Form", "d", "data"];
const PY_VERBS: &[(&str, Option<&str>)] = &[
    ("post", Some("POST")),
    ("put", Some("PUT")),
    ("patch", Some("PATCH")),
    ("get", None),
    ("head", None),
    ("delete", None),
];

const PS_REST: Client = Client {
    lang: "powershell",
    name: "Invoke-RestMethod",
    url: UrlArg::Param(&["Uri"]),
    method: None,
    method_args: &["Method", "X"],
    body: PS_BODY,
    headers: &["Headers"],
    files: &["InFile"],
};

/// Client APIs per language. Python rows cover `requests.*`/`httpx.*`
/// verbs (see [`client`]); Bash rows are the HTTP command-line clients.
pub const CLIENTS: &[Client] = &[
    Client {
        lang: "bash",
        name: "curl",
        url: UrlArg::Operand,
        method: None,
        method_args: &["-X", "--request", "--method"],
        body: CURL_BODY,
        headers: &["-H", "--header"],
        files: &["-T", "--upload-file"],
    },
    Client {
        lang: "bash",
        name: "wget",
        url: UrlArg::Operand,
        method: None,
        method_args: &["--method"],
        body: CURL_BODY,
        headers: &["--header"],
        files: &["--post-file", "--body-file"],
    },
    Client {
        lang: "python",
        name: "requests.request",
        url: UrlArg::Pos(1),
        method: None,
        method_args: &["method"],
        body: PY_BODY,
        headers: &["headers"],
        files: &["files"],
    },
    Client {
        lang: "python",
        name: "urllib.request.Request",
        url: UrlArg::Pos(0),
        method: None,
        method_args: &["method"],
        body: PY_BODY,
        headers: &["headers"],
        files: &[],
    },
    Client {
        lang: "javascript",
        name: "fetch",
        url: UrlArg::Pos(0),
        method: None,
        method_args: &["method"],
        body: &["body"],
        headers: &["headers"],
        files: &[],
    },
    PS_REST,
    Client {
        name: "Invoke-WebRequest",
        ..PS_REST
    },
];

/// The row for `name` in `lang`. Python `requests.<verb>` and
/// `httpx.<verb>` share one shape: the verb gives the method.
pub fn client(lang: &str, name: &str) -> Option<Client> {
    if let Some(c) = CLIENTS.iter().find(|c| c.lang == lang && c.name == name) {
        return Some(*c);
    }
    if lang == "python" {
        let (lib, verb) = name.rsplit_once('.')?;
        if matches!(lib, "requests" | "httpx") {
            if verb == "request" {
                return client("python", "requests.request");
            }
            let (_, m) = PY_VERBS.iter().find(|(v, _)| *v == verb)?;
            return Some(Client {
                lang: "python",
                name: "requests.<verb>",
                url: UrlArg::Pos(0),
                method: *m,
                method_args: &[],
                body: PY_BODY,
                headers: &["headers"],
                files: &["files"],
            });
        }
    }
    None
}

/// Whether a method name writes (`POST`, `PUT`, `PATCH`, any case).
pub fn method_sends(m: &str) -> bool {
    matches!(m.to_uppercase().as_str(), "POST" | "PUT" | "PATCH")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_send_carries_its_uploads() {
        let mut c = NetCall::http(true, "https://x.example/u");
        c.inputs.push("$a".into());
        c.uploads.push("/tmp/x.tgz".into());
        let (reads, ev) = c.lower();
        assert_eq!(reads.len(), 1);
        assert_eq!(reads[0].inputs, vec!["$file_/tmp/x.tgz".to_string()]);
        assert_eq!(ev.op, Op::NetSend);
        assert_eq!(
            ev.inputs,
            vec!["$a".to_string(), "$upload_/tmp/x.tgz".to_string()]
        );
    }

    #[test]
    fn client_rows() {
        assert_eq!(
            client("python", "requests.post").and_then(|c| c.method),
            Some("POST")
        );
        assert_eq!(client("python", "httpx.get").map(|c| c.method), Some(None));
        assert!(client("python", "os.post").is_none());
        assert!(client("bash", "curl").is_some_and(|c| c.body.contains(&"-F")));
        assert!(method_sends("put") && !method_sends("GET"));
    }
}

/// Whether a host name expression joins data to fixed labels
/// (`f"{chunk}.x.example"`, `c + ".x.example"`, `".".join(parts)`,
/// `` `${hex}.t.example` ``): the shape DNS smuggling needs. A host taken
/// whole from a URL or an argument (`urlparse(url).hostname`,
/// `new URL(u).hostname`, `args.host`) is a plain lookup of a name the
/// user gave, shared by every front-end.
pub fn labels_joined_to_data(expr: &str) -> bool {
    static DOT_LITERAL: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(r#"["'`][^"'`\n]*\.[^"'`\n]*["'`]|["'`]\.["'`]"#)
    });
    let joined = ["+", "{", "join", "%", "format", "concat"]
        .iter()
        .any(|j| expr.contains(j));
    joined && DOT_LITERAL.is_match(expr) && !service_labels_only(expr)
}

/// Round 44: the fixed labels of a name are all service labels
/// (`` `_dmarc.${domain}` ``, `"_mta-sts." + d`, `f"_acme-challenge.{d}"`):
/// a well-known record of the domain the user gave, which DNS
/// diagnostics read, not data joined to an attacker's zone.
fn service_labels_only(expr: &str) -> bool {
    let mut lits = String::new();
    let (mut quote, mut depth) = (None::<char>, 0usize);
    for c in expr.chars() {
        match (quote, c) {
            (None, '"' | '\'' | '`') => quote = Some(c),
            (Some(q), _) if c == q && depth == 0 => {
                quote = None;
                lits.push('.');
            }
            (Some(_), '{') => depth += 1,
            (Some(_), '}') => {
                depth = depth.saturating_sub(1);
                lits.push('.');
            }
            (Some(_), '$') if depth == 0 => {}
            (Some(_), _) if depth == 0 => lits.push(c),
            _ => {}
        }
    }
    let mut labels = lits.split('.').filter(|l| !l.trim().is_empty()).peekable();
    labels.peek().is_some() && labels.all(|l| l.starts_with('_'))
}

/// The right side of the last assignment to `name` (`name = …`,
/// `const name = …`, `self.name = …`) that starts before byte `before`
/// of `text`; `None` when the file assigns it nowhere above.
pub fn assigned_expr<'t>(text: &'t str, name: &str, before: usize) -> Option<&'t str> {
    let head = crate::text::slice(text, 0, before.min(text.len()));
    let mut found = None;
    let mut at = 0usize;
    for line in head.split_inclusive('\n') {
        let t = line.trim_start();
        let t = ["const ", "let ", "var ", "my "]
            .iter()
            .find_map(|k| t.strip_prefix(k))
            .unwrap_or(t);
        if let Some(rest) = t.strip_prefix(name) {
            let rest = rest.trim_start();
            if rest.starts_with('=') && !rest.starts_with("==") {
                found = Some(&head[at + line.len() - line.trim_start().len()..at + line.len()]);
            }
        }
        at += line.len();
    }
    found.and_then(|l| l.split_once('=').map(|(_, r)| r.trim()))
}

/// Whether the argument of a name lookup, given as its source text,
/// carries data in its labels: an expression that joins data to fixed
/// labels, or a variable last assigned such an expression above `at`. A
/// bare variable the file never builds that way (a host from a URL, an
/// argument) is a plain lookup.
///
/// A parameter of the enclosing function (an input `$param:<file>::<f>:<n>`)
/// is what its callers in the file pass: `timed_lookup(f"{label}.{zone}")`
/// makes `socket.gethostbyname(name)` inside it a computed lookup.
pub fn lookup_name_computed(text: &str, arg: &str, at: usize, inputs: &[String]) -> bool {
    let plain = arg
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '$');
    if !plain {
        return labels_joined_to_data(arg);
    }
    let built = |expr: &str, at: usize| {
        labels_joined_to_data(expr)
            || assigned_expr(text, expr.trim().trim_start_matches('$'), at)
                .is_some_and(labels_joined_to_data)
    };
    if built(arg, at) {
        return true;
    }
    inputs
        .iter()
        .filter_map(|i| i.strip_prefix("$param:"))
        .filter_map(|p| p.rsplit_once(':').map(|(f, _)| f))
        .filter_map(|f| f.rsplit("::").next())
        .filter(|f| !f.is_empty())
        .any(|f| {
            let call = format!("{f}(");
            // Past MAX_LOOKUP_CALLERS call sites the callers are not all
            // read: the name counts as computed (never a silent cut that
            // would let the one smuggling caller sit past it).
            if text
                .matches(&call)
                .nth(crate::limits::MAX_LOOKUP_CALLERS)
                .is_some()
            {
                return true;
            }
            text.match_indices(&call)
                .filter(|(i, _)| {
                    !text[..*i]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && !text[..*i].trim_end().ends_with("def")
                        && !text[..*i].trim_end().ends_with("function")
                })
                .any(|(i, _)| {
                    let from = i + call.len();
                    let end = text[from..]
                        .find(['\n', ')'])
                        .map_or(text.len(), |e| from + e);
                    built(crate::text::slice(text, from, end), i)
                })
        })
}

/// Round 44 (r44 schema-mock-data): a DNS lookup whose answer is data, not
/// an address: a TXT record (`dns.resolveTxt`, `resolver.resolve(n, "TXT")`,
/// `dig +short TXT`, `Resolve-DnsName -Type TXT`, `net.LookupTXT`,
/// `Net::DNS` `'TXT'`). Its answer is content fetched from whoever runs
/// the zone, the same as a response body: run, it is downloaded code
/// (`download_run::link`, SK-EXEC-001's source); an address lookup's
/// answer fed to a command (`ssh $(dig +short host)`) is not.
pub fn dns_answer_is_data(e: &Evidence) -> bool {
    static TXT: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r#"(?i)resolve_?txt|lookup_?txt|txt_?record|(?:^|[\s'"(,=])txt(?:$|[\s'")\],;])"#,
        )
    });
    e.op == Op::DnsQuery && (TXT.is_match(&e.instrument) || TXT.is_match(&e.snippet))
}
