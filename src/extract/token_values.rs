//! One value domain for the token-level languages (Go, Ruby, Perl, PHP,
//! Lua, and Rust where a row applies): issue 15 item 3 and issue 14,
//! `bench/heldout-r17/transfer.md` cause 2. Each concept is a spelling
//! table with one row per language; the rows feed the evidence the parsed
//! languages give (`concepts::env_read`, `net_send::NetCall`,
//! `fs_op::FsOp`, the shell command table through `token_calls::run_args`,
//! `deobf` decoders), so the meanings stay written once.
//!
//! * [`ENV_ROWS`]: secret-environment sources, by name (`os.Getenv("X")`,
//!   `ENV["X"]`, `$ENV{X}`, `getenv("X")`, `os.getenv("X")`) or the whole
//!   environment (`os.Environ()`, `ENV.select`, `keys %ENV`, `$_ENV`);
//!   a whole environment filtered by a secret-looking name fragment
//!   (`strings.Contains(k, "TOKEN")`) is a read of secrets.
//! * [`DNS_API`]: name lookups; a lookup in a file whose literal builds a
//!   name from data (`"%s.%d.p.example.net"`, `"#{h}.x.example"`) is DNS
//!   smuggling, as `NetCall` `Dns` with `computed` says for Python.
//! * [`WRITE_ROWS`]: file writes and appends (`os.WriteFile`,
//!   `os.OpenFile(…O_APPEND…)`, `File.open(p, "a")`, `File.write(p, …)`,
//!   `open(my $h, '>>', p)`, `file_put_contents`, `io.open(p, "a")`) with
//!   the path folded ([`fold_path`]) and lowered through `FsOp`, so the
//!   shared file-target checks (authorized_keys, rc files, agent memory)
//!   apply.
//! * [`DEF_ROWS`]: local wrapper functions (`func aws(r string, args
//!   ...string)`, `def sh(*a)`, `sub run { … @_ }`, `function run(...$a)`,
//!   `function run(...)`) whose body hands a parameter to a run call; each
//!   caller's literal arguments take the parameter's place
//!   ([`inline_wrappers`]), so they reach the shell command table.
//! * [`LOOP_ROWS`]: loops over a literal list (Perl `map {…$_…} (list)`,
//!   `for my $f (list)`, Ruby `[…].each { |f| … }`, Go `for _, f := range
//!   []string{…}`, PHP `foreach ([…] as $f)`, Lua `for _, f in
//!   ipairs({…})`): the body is read again once per value through the
//!   shared `value_set` (bounded by `MAX_LOOP_VALUES`/`MAX_LOOP_WALKS`).
//! * [`DECODE_ROWS`]: base64 and character substitutions (`.tr(FROM, TO)`,
//!   `tr/FROM/TO/`) of a literal or a variable holding one, decoded by the
//!   shared `deobf` and re-read as code of the file's own language.

use super::token_calls::{Arg, Vars, call_args, concat_parts, in_comment_line, run_args};
/// How a text found here is read again: the token-level scan of the file's
/// language and the shell-line sniff, handed in by `tokens.rs` (this module
/// does not name it, so there is no import cycle).
pub struct Rescan {
    pub scan: fn(&Src, &mut Sink),
    pub shellish: fn(&str) -> bool,
}
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use regex::Regex;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// One language row of a spelling table: the file extensions it applies
/// to and its pattern.
pub struct Row {
    pub langs: &'static [&'static str],
    pub pattern: &'static str,
}

const GO: &[&str] = &["go"];
const RUBY: &[&str] = &["rb", "cr"];
const PERL: &[&str] = &["pl", "pm"];
const PHP: &[&str] = &["php"];
const LUA: &[&str] = &["lua"];
const RUST: &[&str] = &["rs"];

fn applies(row: &Row, ext: &str) -> bool {
    row.langs.contains(&ext)
}

fn compiled(rows: &'static [Row]) -> Vec<(&'static Row, Regex)> {
    rows.iter().map(|r| (r, crate::rx::re(r.pattern))).collect()
}

// ---- 1. environment sources ---------------------------------------------

/// Environment reads: group `name` is the variable read; a row without it
/// reads the whole environment.
pub const ENV_ROWS: &[Row] = &[
    Row {
        langs: GO,
        pattern: r#"\bos\.(?:Getenv|LookupEnv)\(\s*"(?P<name>[A-Za-z_]\w*)""#,
    },
    Row {
        langs: GO,
        pattern: r"\bos\.Environ\(\)|\bsyscall\.Environ\(\)",
    },
    Row {
        langs: RUBY,
        pattern: r#"\bENV(?:\[\s*|\.fetch\(\s*)["'](?P<name>[A-Za-z_]\w*)["']"#,
    },
    Row {
        langs: RUBY,
        pattern: r"\bENV\.(?:select|filter|filter_map|reject|to_h|to_a|each|each_pair|keys|values|map|find_all|grep|inspect|sort)\b",
    },
    Row {
        langs: PERL,
        pattern: r#"\$ENV\{\s*["']?(?P<name>[A-Za-z_]\w*)["']?\s*\}"#,
    },
    Row {
        langs: PERL,
        pattern: r"\b(?:keys|values|each|grep|map)\b[^;\n]{0,40}%ENV\b|\\%ENV\b|=\s*%ENV\b",
    },
    Row {
        langs: PHP,
        pattern: r#"(?:\bgetenv\(\s*|\$_ENV\[\s*|\$_SERVER\[\s*)["'](?P<name>[A-Za-z_]\w*)["']"#,
    },
    Row {
        langs: PHP,
        pattern: r"\bgetenv\(\s*\)|\$_ENV\b\s*[^\[\s]",
    },
    Row {
        langs: LUA,
        pattern: r#"\bos\.getenv\(\s*["'](?P<name>[A-Za-z_]\w*)["']"#,
    },
    // Round 29: Neovim's environment (`vim.env.X`, `vim.env["X"]`,
    // `vim.fn.getenv("X")`, `vim.uv.os_getenv("X")`).
    Row {
        langs: LUA,
        pattern: r#"\bvim\.env(?:\.(?P<name>[A-Za-z_]\w*)\b|\[\s*["'](?P<name2>[A-Za-z_]\w*)["']\s*\])|\bvim\.(?:fn\.getenv|uv\.os_getenv|loop\.os_getenv)\(\s*["'](?P<name3>[A-Za-z_]\w*)["']"#,
    },
    Row {
        langs: RUST,
        pattern: r#"\benv::var(?:_os)?\(\s*"(?P<name>[A-Za-z_]\w*)""#,
    },
    Row {
        langs: RUST,
        pattern: r"\benv::vars(?:_os)?\(\)",
    },
];

static ENV_RX: LazyLock<Vec<(&'static Row, Regex)>> = LazyLock::new(|| compiled(ENV_ROWS));

/// Name fragments a filter over the whole environment picks secrets by
/// (`strings.Contains(k, "TOKEN")`, `k =~ /KEY|SECRET/`).
static SECRET_FRAGMENT: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"["'/|(]_?(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|KEY|CREDENTIALS?|AUTH)_?["'/|)]"#,
    )
});

fn env_sources(src: &Src, sink: &mut Sink, ext: &str) {
    let text = src.text;
    let mut whole = None;
    for (row, rx) in ENV_RX.iter() {
        if !applies(row, ext) {
            continue;
        }
        for c in rx.captures_iter(text) {
            let Some(m) = c.get(0) else { continue };
            if in_comment_line(text, m.start()) {
                continue;
            }
            match c.name("name").or(c.name("name2")).or(c.name("name3")) {
                // Only secrets: other variables carry no risk at token level.
                Some(n)
                    if super::indicators::is_secret_env(n.as_str())
                        && !login_argument(text, m.start()) =>
                {
                    let ev = super::concepts::env_read(n.as_str(), m.as_str());
                    sink.push(src.at(ev, m.start(), m.end(), "code"));
                }
                Some(_) => {}
                None => {
                    whole.get_or_insert((m.start(), m.end()));
                }
            }
        }
    }
    let Some((s, e)) = whole else { return };
    // The whole environment: filtered by secret-looking names, a read of
    // those secrets; otherwise the dump the parsed languages report.
    let ev = match SECRET_FRAGMENT.captures(text).and_then(|c| c.get(1)) {
        Some(f) => super::concepts::env_read(&format!("*_{}", f.as_str()), &text[s..e])
            .object("environment variables picked by a secret-looking name"),
        None => Evidence::new(Op::EnvDump, A::Read, R::Credentials, "environment")
            .object("whole environment read")
            .instrument(&text[s..e]),
    };
    sink.push(src.at(ev, s, e, "code"));
}

/// Session logins and basic auth (`smtp.start(host, user, ENV["PW"])`,
/// `smtp.PlainAuth("", u, os.Getenv("PW"), h)`, `$smtp->auth($u, $ENV{PW})`,
/// `req.SetBasicAuth(u, …)`): a secret given, on its line, to the login
/// of the service it belongs to, not data sent.
static LOGIN_CALL: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?:\.start|\.login|->login|->auth|\.auth|PlainAuth|CRAMMD5Auth|SetBasicAuth|basic_auth|auth_login|\bmysqli?_connect|\bnew\s+PDO|\bDBI->connect|sql\.Open)\s*\(",
    )
});

fn login_argument(text: &str, at: usize) -> bool {
    let from = text[..at].rfind('\n').map_or(0, |i| i + 1);
    LOGIN_CALL.is_match(&text[from..at])
}

// ---- 2. sinks -------------------------------------------------------------

/// Name lookups, every token-level language.
pub const DNS_ROWS: &[Row] = &[
    Row {
        langs: GO,
        pattern: r"\bLookup(?:Host|TXT|IP|IPAddr|NetIP|CNAME|MX|NS|SRV|Addr)\(",
    },
    Row {
        langs: RUBY,
        pattern: r"\bResolv(?:::DNS)?\b|\bAddrinfo\.getaddrinfo\b|\bTCPSocket\.gethostbyname\b",
    },
    Row {
        langs: PERL,
        pattern: r"\bNet::DNS\b|\bgethostbyname\b|\binet_aton\(",
    },
    Row {
        langs: PHP,
        pattern: r"\b(?:dns_get_record|gethostbyname|gethostbynamel|checkdnsrr)\(",
    },
    Row {
        langs: LUA,
        pattern: r"\bsocket\.dns\.(?:toip|getaddrinfo)\b",
    },
    Row {
        langs: RUST,
        pattern: r"\bto_socket_addrs\(|\blookup_host\(|\bTokioAsyncResolver\b|\bResolver::",
    },
];

static DNS_RX: LazyLock<Vec<(&'static Row, Regex)>> = LazyLock::new(|| compiled(DNS_ROWS));

/// A name built from data: an interpolation or a format verb, then labels
/// of a fixed domain (`%s.%d.p.example.net`, `#{h}.x.example.com`,
/// `$chunk.$i.example.org`, `{}.x.example.io`).
static COMPUTED_NAME: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"^(?:%[sdvxq]|#\{[^}]{1,40}\}|\$\{?\w{1,40}\}?|\{\w{0,20}\})(?:\.(?:%[sdvxq]|#\{[^}]{1,40}\}|\$\{?\w{1,40}\}?|\{\w{0,20}\}|[A-Za-z0-9-]{1,63}))*?\.((?:[A-Za-z0-9-]{1,63}\.)+[A-Za-z]{2,24})\.?$",
    )
});

/// Data encoded into name-safe text, what DNS labels carry when they
/// smuggle (`hex.EncodeToString`, `unpack('H*')`, `bin2hex`, base32/64).
static ENCODER: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"hex\.EncodeToString|\bbase32|\bbase64\.|Base64\.|encode_base64|unpack1?\(\s*["']H\*|\bbin2hex\(|\bbase64_encode\(|\.hexdigest\b|%02x|\.to_s\(16\)|\bhex::encode|unpack1?\(\s*["']B\*"#,
    )
});

/// Whether a token-level file of extension `ext` looks a name up (a row of
/// [`DNS_ROWS`] outside comments).
pub(super) fn looks_up_names(text: &str, ext: &str) -> bool {
    DNS_RX
        .iter()
        .filter(|(r, _)| applies(r, ext))
        .any(|(_, rx)| {
            rx.find_iter(text)
                .any(|m| !in_comment_line(text, m.start()))
        })
}

fn dns_lookups(src: &Src, sink: &mut Sink, ext: &str, literals: &[(usize, usize)], vars: &Vars) {
    let text = src.text;
    let calls: Vec<regex::Match> = DNS_RX
        .iter()
        .filter(|(r, _)| applies(r, ext))
        .flat_map(|(_, rx)| rx.find_iter(text))
        .filter(|m| !in_comment_line(text, m.start()))
        .collect();
    let Some(&api) = calls.first() else { return };
    if !ENCODER.is_match(text) {
        return;
    }
    // Round 41: the name a lookup's argument builds (`gethostbyname(join
    // '.', $chunk, $i++, $id, $zone)` with `$zone` joined from pieces),
    // folded as run calls' arguments are: located at the call.
    let mut names: Vec<(usize, usize, String)> = literals
        .iter()
        .map(|&(s, e)| (s, e, text[s..e].to_string()))
        .collect();
    for m in &calls {
        let rest = text[m.end()..].trim_start();
        let Some(open) = rest.strip_prefix('(') else {
            continue;
        };
        let from = text.len() - open.len();
        let args = call_args(text, from, true);
        let span = |a: &Arg| match *a {
            Arg::Lit(s, e) => (s - 1, e + 1),
            Arg::Expr(s, e) => (s, e),
        };
        let (Some(first), Some(last)) = (args.first(), args.last()) else {
            continue;
        };
        let (s, e) = (span(first).0, span(last).1);
        if let Some(v) = super::token_calls::fold_code(&text[s..e], vars) {
            names.push((m.start(), e, v));
        }
    }
    let mut seen = BTreeSet::new();
    for (s, e, mut name) in names {
        // Unknown pieces side by side (`$V$V`) are one unknown label.
        while name.contains("$V$V") {
            name = name.replace("$V$V", "$V");
        }
        let Some(c) = COMPUTED_NAME.captures(&name) else {
            continue;
        };
        let Some(domain) = c.get(1).map(|d| d.as_str().to_ascii_lowercase()) else {
            continue;
        };
        if in_comment_line(text, s) || !seen.insert(domain.clone()) {
            continue;
        }
        let mut call = super::net_send::NetCall::new(super::net_send::NetKind::Dns, domain);
        call.computed = true;
        call.tag_url = false;
        let mut ev = call.lower().1;
        ev.instrument = text[api.start()..api.end()]
            .trim_end_matches('(')
            .to_string();
        sink.push(src.at(ev, s, e, "code"));
    }
}

/// File writes and appends: group `path` is the path argument's start;
/// `mode` (when the row has it) must say write or append.
pub const WRITE_ROWS: &[Row] = &[
    Row {
        langs: GO,
        pattern: r"\b(?:os|ioutil)\.(?:WriteFile|Create)\(",
    },
    Row {
        langs: GO,
        pattern: r"\bos\.OpenFile\((?P<mode>)",
    },
    Row {
        langs: RUBY,
        pattern: r"\b(?:File|IO)\.(?:write|binwrite)\(",
    },
    Row {
        langs: RUBY,
        pattern: r"\b(?:File\.open|File\.new|open)\((?P<mode>)",
    },
    Row {
        langs: PERL,
        pattern: r"\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(?P<perl>['\x22](?:>>|>|\+<|\+>)['\x22])\s*,\s*",
    },
    Row {
        langs: PERL,
        pattern: r"\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*['\x22](?P<perl2>>>?)",
    },
    Row {
        langs: PHP,
        pattern: r"\bfile_put_contents\(",
    },
    Row {
        langs: PHP,
        pattern: r"\bfopen\((?P<mode>)",
    },
    Row {
        langs: LUA,
        pattern: r"\bio\.open\((?P<mode>)",
    },
    Row {
        langs: RUST,
        pattern: r"\bfs::write\(|\bFile::create\(",
    },
];

static WRITE_RX: LazyLock<Vec<(&'static Row, Regex)>> = LazyLock::new(|| compiled(WRITE_ROWS));

/// A mode argument that writes: `"a"`, `"w"`, `'ab'`, `O_APPEND`,
/// `O_WRONLY`, `O_RDWR`, `File::APPEND`, `File::WRONLY`.
static WRITE_MODE: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"^["'](?:[aw]\+?b?|[aw]b\+?|r\+b?)["']$|O_APPEND|O_WRONLY|O_RDWR|O_CREATE|APPEND|WRONLY|CREAT"#,
    )
});

fn file_writes(src: &Src, sink: &mut Sink, ext: &str, vars: &Vars) {
    let text = src.text;
    let mut budget = crate::limits::SHELL_MAX_DECODED_PERSIST;
    let budget = &mut budget;
    let mut writes = None;
    for (row, rx) in WRITE_RX.iter() {
        if !applies(row, ext) {
            continue;
        }
        for c in rx.captures_iter(text) {
            let Some(m) = c.get(0) else { continue };
            if in_comment_line(text, m.start()) {
                continue;
            }
            let path = if let Some(p) = c.name("perl2") {
                // `open(FH, ">>$p")`: the mode is the literal's head.
                let from = p.end();
                let Some(close) = text[from..].find(['"', '\'', '\n']) else {
                    continue;
                };
                let raw = &text[from..from + close];
                if raw.trim().is_empty() {
                    continue;
                }
                fold_path(&format!("\"{raw}\""), vars)
            } else {
                let paren = c.name("perl").is_none();
                let args = call_args(text, m.end(), paren);
                let arg = |i: usize| {
                    args.get(i).map(|a| match a {
                        Arg::Lit(s, e) => &text[s - 1..e + 1],
                        Arg::Expr(s, e) => &text[*s..*e],
                    })
                };
                if c.name("mode").is_some() {
                    let mode = args
                        .iter()
                        .skip(1)
                        .map(|a| match a {
                            Arg::Lit(s, e) => &text[s - 1..e + 1],
                            Arg::Expr(s, e) => &text[*s..*e],
                        })
                        .any(|a| WRITE_MODE.is_match(a));
                    if !mode {
                        continue;
                    }
                }
                arg(0).and_then(|a| fold_path(a, vars))
            };
            let Some(path) = path.filter(|p| !p.trim().is_empty()) else {
                continue;
            };
            let ev = super::fs_op::FsOp::new(super::fs_op::FsKind::Write, path)
                .instrument(m.as_str().trim_end_matches(['(', ' ', ',']))
                .lower();
            let plants = super::persisted::plants(&ev);
            let before = sink.items.len();
            sink.push(src.at(ev, m.start(), m.end(), "code"));
            if plants && c.name("perl2").is_none() && sink.items.len() == before + 1 {
                // The text it writes is the program of that place.
                let handle = c.name("mode").is_some() || c.name("perl").is_some();
                let args = call_args(text, m.end(), c.name("perl").is_none());
                super::token_planted::read(
                    src,
                    sink,
                    m.end(),
                    &args,
                    handle,
                    vars,
                    before,
                    budget,
                    &mut writes,
                );
            }
        }
    }
}

/// Spellings of the user's home directory in code.
static HOME_EXPR: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"^(?:Dir\.home|Gem\.user_home|Etc\.getpwuid\.dir|ENV\[\s*["']HOME["']\s*\]|ENV\.fetch\(\s*["']HOME["']\s*\)|\$ENV\{\s*["']?HOME["']?\s*\}|os\.Getenv\(\s*"HOME"\s*\)|getenv\(\s*["']HOME["']\s*\)|os\.getenv\(\s*["']HOME["']\s*\)|\$?home(?:_?dir)?|\$?HOME|homedir|os\.UserHomeDir\(\)|dirs::home_dir\(\)|File\.expand_path\(\s*["']~["']\s*\))$"#,
    )
});
/// Calls that join path pieces.
static JOIN_CALL: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(r"^(?:File\.join|filepath\.Join|path\.Join|File::Spec->catfile|catfile|join)\(")
});

/// A path argument as text (`"~/.ssh/authorized_keys"`,
/// `File.expand_path("~/.bashrc")`, `filepath.Join(home, ".ssh", "x")`,
/// `"$home/.netrc"`, `"#{Dir.home}/.zshrc"`, a variable holding a
/// literal), the home written `~`; `None` when a piece is unknown.
pub fn fold_path(arg: &str, vars: &Vars) -> Option<String> {
    fold_depth(arg.trim(), vars, 0)
}

fn fold_depth(a: &str, vars: &Vars, depth: usize) -> Option<String> {
    if depth > 4 || a.is_empty() {
        return None;
    }
    if HOME_EXPR.is_match(a) {
        return Some("~".into());
    }
    let quoted = a.len() >= 2
        && (a.starts_with('"') && a.ends_with('"') || a.starts_with('\'') && a.ends_with('\''));
    if quoted {
        let inner = &a[1..a.len() - 1];
        return Some(home_in_literal(inner));
    }
    if let Some(inner) = a
        .strip_prefix("File.expand_path(")
        .and_then(|r| r.strip_suffix(')'))
    {
        return fold_depth(inner, vars, depth + 1);
    }
    if let Some(m) = JOIN_CALL.find(a) {
        let inner = a[m.end()..].strip_suffix(')')?;
        let mut parts = Vec::new();
        for p in inner.split(',') {
            parts.push(fold_depth(p.trim(), vars, depth + 1)?);
        }
        return Some(parts.join("/"));
    }
    let parts = concat_parts(a);
    if parts.len() > 1 {
        let mut out = String::new();
        for p in parts {
            out.push_str(&fold_depth(p, vars, depth + 1)?);
        }
        return Some(out);
    }
    let name = a.trim_start_matches(['$', '@']);
    vars.get(name).map(|v| home_in_literal(v))
}

/// `$home/.x`, `#{Dir.home}/.x`, `${HOME}/.x`, `$ENV{HOME}/.x` → `~/.x`.
fn home_in_literal(s: &str) -> String {
    static HEAD: LazyLock<Regex> = LazyLock::new(|| {
        crate::rx::re(
            r#"^(?:#\{\s*(?:Dir\.home|ENV\[["']HOME["']\]|home)\s*\}|\$\{?(?:home|HOME|home_dir|homedir)\}?|\$ENV\{\s*["']?HOME["']?\s*\})"#,
        )
    });
    match HEAD.find(s) {
        Some(m) => format!("~{}", &s[m.end()..]),
        None => s.to_string(),
    }
}

// ---- 3. values: wrappers and loops ----------------------------------------

/// Function definitions: group `name`, and `params` when the language
/// names them in the header; the body follows (braces, or Ruby's/Lua's
/// `end`).
pub const DEF_ROWS: &[Row] = &[
    Row {
        langs: GO,
        pattern: r"(?m)^func\s+(?:\([^)\n]*\)\s*)?(?P<name>\w+)\s*\((?P<params>[^)\n]*)\)[^{\n]*\{",
    },
    Row {
        langs: RUBY,
        pattern: r"(?m)^[ \t]*def\s+(?:self\.)?(?P<name>\w+[!?]?)\s*(?:\((?P<params>[^)\n]*)\)|(?P<bare>[ \t][^\n;=]*)?)",
    },
    Row {
        langs: PERL,
        pattern: r"(?m)^[ \t]*sub\s+(?P<name>\w+)\s*\{",
    },
    Row {
        langs: PHP,
        pattern: r"(?m)^[ \t]*(?:(?:public|private|protected|static)\s+)*function\s+(?P<name>\w+)\s*\((?P<params>[^)\n]*)\)[^{\n]*\{",
    },
    Row {
        langs: LUA,
        pattern: r"(?m)^[ \t]*(?:local\s+)?function\s+(?P<name>[\w.]+)\s*\((?P<params>[^)\n]*)\)",
    },
];

static DEF_RX: LazyLock<Vec<(&'static Row, Regex)>> = LazyLock::new(|| compiled(DEF_ROWS));
static PERL_PARAMS: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(r"my\s*\(([^)\n]{1,200})\)\s*=\s*@_|my\s+([$@]\w+)\s*=\s*shift\b")
});

/// A parameter: its name and whether it gathers the rest of the arguments.
#[derive(Clone, Debug)]
pub(super) struct Param {
    pub(super) name: String,
    rest: bool,
}

/// A wrapper: name, parameters, and the run calls in its body whose
/// arguments name a parameter.
struct Wrapper {
    name: String,
    def_at: usize,
    params: Vec<Param>,
    runs: Vec<Vec<Arg>>,
}

pub(super) fn header_params(ext: &str, raw: &str) -> Vec<Param> {
    let mut out = Vec::new();
    for p in raw.split(',') {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let rest = p.contains("...") || p.starts_with('*') && !p.starts_with("**");
        let name: String = if ext == "go" {
            p.split_whitespace().next().unwrap_or("").to_string()
        } else if p == "..." {
            "...".into()
        } else {
            p.trim_start_matches(['*', '&', '.', '$'])
                .split(['=', ' ', ':'])
                .next()
                .unwrap_or("")
                .trim_start_matches('$')
                .to_string()
        };
        if !name.is_empty() {
            out.push(Param { name, rest });
        }
    }
    out
}

/// The body's end: the matching `}` after `open` (a `{` at `open - 1`),
/// or for Ruby/Lua the first `end` line indented no deeper than the def.
pub(super) fn body_end(text: &str, open: usize, braces: bool, indent: usize, next: usize) -> usize {
    let limit = (open + crate::limits::TOKEN_MAX_BODY).min(text.len());
    let cap = limit.min(next.max(open));
    if braces {
        let b = text.as_bytes();
        let mut depth = 1usize;
        let mut i = open;
        while i < cap {
            match b[i] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return i;
                    }
                }
                _ => {}
            }
            i += 1;
        }
    } else {
        let line_end = text[open..cap].find('\n').map_or(cap, |i| open + i);
        // One-line bodies: `def sh(*a) system(*a) end`, `def sh(*a) = …`.
        if text[open..line_end].trim_end().ends_with(" end")
            || text[open..line_end].trim_start().starts_with('=')
        {
            return line_end;
        }
        let mut at = line_end;
        while at < cap {
            let next = text[at + 1..cap].find('\n').map_or(cap, |i| at + 1 + i);
            let line = &text[(at + 1).min(next)..next];
            let ind = line.len() - line.trim_start().len();
            if line.trim() == "end" && ind <= indent {
                return at;
            }
            at = next;
        }
    }
    if cap == limit && cap < text.len() {
        crate::limits::gave_up("TOKEN_MAX_BODY");
    }
    cap
}

fn wrappers(text: &str, ext: &str) -> Vec<Wrapper> {
    let mut out = Vec::new();
    for (row, rx) in DEF_RX.iter() {
        if !applies(row, ext) {
            continue;
        }
        // A body ends at the latest where the next definition starts, so
        // the bodies are read once in all (linear in the file).
        let starts: Vec<usize> = rx.find_iter(text).map(|m| m.start()).collect();
        for (k, c) in rx.captures_iter(text).enumerate() {
            let (Some(m), Some(name)) = (c.get(0), c.name("name")) else {
                continue;
            };
            let next = starts.get(k + 1).copied().unwrap_or(text.len());
            if out.len() >= crate::limits::TOKEN_MAX_WRAPPERS {
                crate::limits::gave_up("TOKEN_MAX_WRAPPERS");
                return out;
            }
            let braces = m.as_str().ends_with('{');
            let line_from = text[..m.start()].rfind('\n').map_or(0, |i| i + 1);
            let def_line = &text[line_from..];
            let indent = def_line.len() - def_line.trim_start().len();
            let end = body_end(text, m.end(), braces, indent, next);
            let body = &text[m.end()..end];
            let mut params = c
                .name("params")
                .or(c.name("bare"))
                .map(|p| header_params(ext, p.as_str()))
                .unwrap_or_default();
            if ext == "pl" || ext == "pm" {
                params = perl_params(body);
            }
            let mut runs = Vec::new();
            // The run calls of the shared table (`token_calls::RUN_CALL`)
            // written with parentheses: their arguments are read from there.
            for r in super::token_calls::RUN_CALL
                .find_iter(body)
                .filter(|r| r.as_str().ends_with('('))
            {
                let at = m.end() + r.end();
                let args = call_args(text, at, true);
                let names = args.iter().any(|a| match a {
                    Arg::Expr(s, e) => param_ref(&text[*s..*e], &params).is_some(),
                    Arg::Lit(..) => false,
                });
                if names {
                    runs.push(args);
                }
            }
            if !runs.is_empty() {
                out.push(Wrapper {
                    name: name.as_str().to_string(),
                    def_at: name.start(),
                    params,
                    runs,
                });
            }
        }
    }
    out
}

/// Perl's parameters: `my ($a, @rest) = @_;` or `my $a = shift;` lines;
/// with neither, `@_` itself (every argument).
pub(super) fn perl_params(body: &str) -> Vec<Param> {
    let mut out = Vec::new();
    for c in PERL_PARAMS.captures_iter(body) {
        if let Some(list) = c.get(1) {
            for p in list.as_str().split(',') {
                let p = p.trim();
                out.push(Param {
                    name: p.trim_start_matches(['$', '@', '%']).to_string(),
                    rest: p.starts_with('@'),
                });
            }
        } else if let Some(p) = c.get(2) {
            out.push(Param {
                name: p.as_str().trim_start_matches(['$', '@']).to_string(),
                rest: p.as_str().starts_with('@'),
            });
        }
    }
    out.push(Param {
        name: "_".into(),
        rest: true,
    });
    out
}

/// Which parameter an argument expression forwards: `args...`, `*a`,
/// `@_`, `@rest`, `...$a`, `...`, or a plain `cmd`/`$cmd`; with its index
/// and whether it spreads.
fn param_ref(expr: &str, params: &[Param]) -> Option<(usize, bool)> {
    let e = expr.trim();
    let spread =
        e.ends_with("...") || e.starts_with('*') || e.starts_with('@') || e.starts_with("...");
    let bare = e
        .trim_end_matches("...")
        .trim_start_matches("...")
        .trim_start_matches(['*', '@', '$']);
    let bare = if bare.is_empty() && e == "..." {
        "..."
    } else {
        bare
    };
    let i = params.iter().position(|p| p.name == bare)?;
    // Perl's `@_` counts from the first argument.
    Some((if bare == "_" { 0 } else { i }, spread || params[i].rest))
}

/// Calls of each wrapper: the caller's arguments put in the place of the
/// parameters the wrapper forwards, read as the run call's arguments.
fn inline_wrappers(
    src: &Src,
    sink: &mut Sink,
    ext: &str,
    consumed: &mut BTreeSet<usize>,
    vars: &Vars,
) {
    let text = src.text;
    let ws = wrappers(text, ext);
    let mut sites = 0usize;
    for w in &ws {
        let call = crate::rx::re(&format!(
            r"(?:^|[^\w.:$>]){}(\s*\(|[ \t]+[\x22'])",
            regex::escape(&w.name)
        ));
        for c in call.captures_iter(text) {
            let (Some(all), Some(open)) = (c.get(0), c.get(1)) else {
                continue;
            };
            let at = all.start() + all.as_str().find(w.name.as_str()).unwrap_or(0);
            if at == w.def_at || in_comment_line(text, at) || is_def_line(text, at) {
                continue;
            }
            sites += 1;
            if sites > crate::limits::TOKEN_MAX_WRAPPER_SITES {
                crate::limits::gave_up("TOKEN_MAX_WRAPPER_SITES");
                return;
            }
            let paren = open.as_str().trim_start().starts_with('(');
            let from = if paren { open.end() } else { open.end() - 1 };
            let given = call_args(text, from, paren);
            for run in &w.runs {
                let mut args = Vec::new();
                for a in run {
                    match a {
                        Arg::Expr(s, e) => match param_ref(&text[*s..*e], &w.params) {
                            Some((i, true)) => args.extend(given.iter().skip(i).map(copy_arg)),
                            Some((i, false)) => {
                                if let Some(g) = given.get(i) {
                                    args.push(copy_arg(g));
                                }
                            }
                            None => args.push(Arg::Expr(*s, *e)),
                        },
                        Arg::Lit(s, e) => args.push(Arg::Lit(*s, *e)),
                    }
                }
                let mut spare = consumed.clone();
                run_args(src, sink, at, &args, &mut spare, vars);
                for a in &given {
                    if let Arg::Lit(s, _) = a {
                        consumed.insert(*s);
                    }
                }
            }
        }
    }
}

fn copy_arg(a: &Arg) -> Arg {
    match a {
        Arg::Lit(s, e) => Arg::Lit(*s, *e),
        Arg::Expr(s, e) => Arg::Expr(*s, *e),
    }
}

fn is_def_line(text: &str, at: usize) -> bool {
    let from = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let head = text[from..at].trim_start();
    ["func ", "def ", "sub ", "function ", "local function "]
        .iter()
        .any(|d| head.starts_with(d))
}

/// Loops over a literal list: group `var` (absent: Perl's `$_`), `list`
/// (the literal items) and the body opening at the match's end (`{`, or
/// `do |f|` / `{ |f|` for Ruby).
pub const LOOP_ROWS: &[Row] = &[
    Row {
        langs: PERL,
        pattern: r"\b(?:map|grep)\s*\{(?P<inline>[^{}\n]{1,400})\}\s*(?:\((?P<list>[^()\n]{1,400})\)|qw\s*[(\[{/](?P<words>[^)\]}/\n]{1,400})[)\]}/])",
    },
    Row {
        langs: PERL,
        pattern: r"\bfor(?:each)?\s+(?:my\s+)?\$(?P<var>\w+)\s*(?:\((?P<list>[^()\n]{1,400})\)|qw\s*[(\[{/](?P<words>[^)\]}/\n]{1,400})[)\]}/]\s*)\s*\{",
    },
    Row {
        langs: RUBY,
        pattern: r"(?:\[(?P<list>[^\[\]\n]{1,400})\]|%w[\[(](?P<words>[^\])\n]{1,400})[\])])\.(?:each|map|flat_map|filter_map|each_with_object|select|find|sum|inject)(?:\([^)\n]*\))?\s*(?:\{|do)\s*\|\s*(?P<var>\w+)[^|\n]*\|",
    },
    Row {
        langs: GO,
        pattern: r"\bfor\s+\w+\s*,\s*(?P<var>\w+)\s*:?=\s*range\s+\[\]string\s*\{(?P<list>[^{}\n]{1,400})\}\s*\{",
    },
    Row {
        langs: PHP,
        pattern: r"\bforeach\s*\(\s*(?:\[|array\()(?P<list>[^\]\n]{1,400})[\])]\s+as\s+\$(?P<var>\w+)\s*\)\s*\{",
    },
    Row {
        langs: LUA,
        pattern: r"\bfor\s+\w+\s*,\s*(?P<var>\w+)\s+in\s+ipairs\s*\(\s*\{(?P<list>[^{}\n]{1,400})\}\s*\)\s*do",
    },
];

static LOOP_RX: LazyLock<Vec<(&'static Row, Regex)>> = LazyLock::new(|| compiled(LOOP_ROWS));
static ITEM: LazyLock<Regex> =
    LazyLock::new(|| crate::rx::re(r#""([^"\n]{1,200})"|'([^'\n]{1,200})'"#));

/// Each loop over a literal list: its body read again once per value, the
/// loop variable written as that value ([`substitute`]), keeping only the
/// evidence earlier values did not give (`value_set`).
fn literal_loops(src: &Src, sink: &mut Sink, ext: &str, rescan: &Rescan) {
    // Loops of the file itself: a body read again does not expand its own
    // loops (nested loops would multiply the walks).
    if src.depth > 0 {
        return;
    }
    let text = src.text;
    let mut walks = 0usize;
    for (row, rx) in LOOP_RX.iter() {
        if !applies(row, ext) {
            continue;
        }
        for c in rx.captures_iter(text) {
            let Some(m) = c.get(0) else { continue };
            if in_comment_line(text, m.start()) {
                continue;
            }
            let vals: Vec<String> = if let Some(w) = c.name("words") {
                w.as_str().split_whitespace().map(str::to_string).collect()
            } else if let Some(l) = c.name("list") {
                ITEM.captures_iter(l.as_str())
                    .filter_map(|i| i.get(1).or(i.get(2)).map(|v| v.as_str().to_string()))
                    .collect()
            } else {
                continue;
            };
            if vals.is_empty() {
                continue;
            }
            let var = c.name("var").map_or("_", |v| v.as_str());
            let (bs, be) = match c.name("inline") {
                Some(b) => (b.start(), b.end()),
                None => {
                    let braces = m.as_str().trim_end().ends_with('{')
                        || m.as_str().contains("{ |") && !m.as_str().contains(" do");
                    let line_from = text[..m.start()].rfind('\n').map_or(0, |i| i + 1);
                    let line = &text[line_from..];
                    let indent = line.len() - line.trim_start().len();
                    (m.end(), body_end(text, m.end(), braces, indent, text.len()))
                }
            };
            let (rest, cut) = super::value_set::iterations(&vals, None);
            if cut {
                crate::limits::gave_up("MAX_LOOP_VALUES");
            }
            for v in rest {
                walks += 1;
                if walks > crate::limits::MAX_LOOP_WALKS {
                    crate::limits::gave_up("MAX_LOOP_WALKS");
                    return;
                }
                let body = substitute(&text[bs..be], var, &v, ext);
                let inner = src.nested(&body, bs, Origin::Script);
                let from = sink.items.len();
                let mut sub = Sink::default();
                (rescan.scan)(&inner, &mut sub);
                for ev in sub.items {
                    sink.push(ev);
                }
                super::value_set::drop_repeats(&mut sink.items, 0, from);
            }
        }
    }
}

/// A loop body with its variable written as `v`: inside string literals
/// (`"$home/$_"`, `"#{f}"`) as the text itself, elsewhere (`slurp($_)`,
/// `filepath.Join(home, f)`, `File.read(f)`) as a quoted literal.
pub fn substitute(body: &str, var: &str, v: &str, ext: &str) -> String {
    let clean: String = v
        .chars()
        .filter(|c| !matches!(c, '"' | '\'' | '\\' | '$' | '#' | '{' | '}'))
        .collect();
    let sigil = matches!(ext, "pl" | "pm" | "php");
    let b = body.as_bytes();
    let mut out = String::with_capacity(body.len() + 64);
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if let Some(q) = quote {
            if c == b'\\' && i + 1 < b.len() {
                out.push_str(&body[i..i + 2]);
                i += 2;
                continue;
            }
            if c == q {
                quote = None;
            } else if let Some(n) = var_at(body, i, var, sigil, true) {
                out.push_str(&clean);
                i += n;
                continue;
            }
        } else if c == b'"' || c == b'\'' || c == b'`' {
            quote = Some(c);
        } else if let Some(n) = var_at(body, i, var, sigil, false) {
            out.push('"');
            out.push_str(&clean);
            out.push('"');
            i += n;
            continue;
        }
        let ch = body[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// The length of the loop variable's spelling at `i`: `$v`/`${v}` (Perl,
/// PHP, and Perl's `$_`), `#{v}` inside a Ruby string, a bare `v` in
/// Ruby/Go/Lua code.
fn var_at(s: &str, i: usize, var: &str, sigil: bool, in_string: bool) -> Option<usize> {
    let rest = &s[i..];
    let word_end = |n: usize| {
        !rest[n..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if sigil || var == "_" {
        if let Some(r) = rest.strip_prefix('$') {
            if r.starts_with(var) && word_end(1 + var.len()) {
                return Some(1 + var.len());
            }
            if r.starts_with('{') && r[1..].starts_with(var) && r[1 + var.len()..].starts_with('}')
            {
                return Some(3 + var.len());
            }
        }
        return None;
    }
    if in_string {
        let pat = format!("#{{{var}}}");
        return rest.starts_with(&pat).then_some(pat.len());
    }
    let prev = s[..i].chars().next_back();
    let fresh = !prev
        .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '@' | '$'));
    let after = rest.get(var.len()..).unwrap_or("").trim_start();
    // Not a new assignment of the name, nor a call of a function so named.
    let used = !(after.starts_with('=') && !after.starts_with("==") || after.starts_with('('));
    (fresh && rest.starts_with(var) && word_end(var.len()) && used).then_some(var.len())
}

// ---- 4. decoding ----------------------------------------------------------

/// Decoders: group `arg` is the encoded value (a literal or a variable);
/// `from`/`to` a character substitution's sets.
pub const DECODE_ROWS: &[Row] = &[
    Row {
        langs: RUBY,
        pattern: r#"(?P<arg>[A-Za-z_]\w*|"[^"\n]*"|'[^'\n]*')\.tr\(\s*["'](?P<from>[^"'\n]{1,80})["']\s*,\s*["'](?P<to>[^"'\n]{1,80})["']\s*\)"#,
    },
    Row {
        langs: PERL,
        pattern: r"\$(?P<arg>\w+)\s*=~\s*(?:tr|y)/(?P<from>[^/\n]{1,80})/(?P<to>[^/\n]{1,80})/",
    },
    Row {
        langs: RUBY,
        pattern: r#"\bBase64\.(?:decode64|strict_decode64|urlsafe_decode64)\(?\s*(?P<arg>[A-Za-z_]\w*|"[^"\n]*"|'[^'\n]*')"#,
    },
    Row {
        langs: RUBY,
        pattern: r#"(?P<arg>[A-Za-z_]\w*|"[^"\n]*"|'[^'\n]*')\.unpack1?\(\s*["']m0?["']\s*\)"#,
    },
    Row {
        langs: PERL,
        pattern: r#"\bdecode_base64\(\s*(?P<arg>\$\w+|"[^"\n]*"|'[^'\n]*')"#,
    },
    Row {
        langs: GO,
        pattern: r#"\bbase64\.(?:Std|URL|RawStd|RawURL)Encoding\.DecodeString\(\s*(?P<arg>[A-Za-z_]\w*|"[^"\n]*"|`[^`]*`)"#,
    },
    Row {
        langs: PHP,
        pattern: r#"\bbase64_decode\(\s*(?P<arg>\$\w+|"[^"\n]*"|'[^'\n]*')"#,
    },
    Row {
        langs: PHP,
        pattern: r#"\bstr_rot13\(\s*(?P<arg>\$\w+|"[^"\n]*"|'[^'\n]*')(?P<rot>)"#,
    },
];

static DECODE_RX: LazyLock<Vec<(&'static Row, Regex)>> = LazyLock::new(|| compiled(DECODE_ROWS));

/// `A-Z` ranges of a `tr` set spelled out.
fn expand_set(set: &str) -> String {
    let c: Vec<char> = set.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < c.len() {
        if i + 2 < c.len()
            && c[i + 1] == '-'
            && c[i] <= c[i + 2]
            && (c[i + 2] as u32 - c[i] as u32) < 256
        {
            for x in c[i]..=c[i + 2] {
                out.push(x);
            }
            i += 3;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn decodings(src: &Src, sink: &mut Sink, ext: &str, vars: &Vars, rescan: &Rescan) {
    if src.depth >= crate::limits::MAX_DECODE_DEPTH {
        return;
    }
    let text = src.text;
    let mut done: BTreeSet<(usize, String)> = BTreeSet::new();
    for (r, (row, rx)) in DECODE_RX.iter().enumerate() {
        if !applies(row, ext) {
            continue;
        }
        for c in rx.captures_iter(text) {
            let (Some(m), Some(arg)) = (c.get(0), c.name("arg")) else {
                continue;
            };
            if in_comment_line(text, m.start()) {
                continue;
            }
            let a = arg.as_str();
            let value = if a.len() >= 2 && a.starts_with(['"', '\'', '`']) {
                a[1..a.len() - 1].to_string()
            } else {
                match vars.get(a.trim_start_matches('$')) {
                    Some(v) => v.clone(),
                    None => continue,
                }
            };
            // Each value decoded once per decoder: calls repeated over one
            // variable do not multiply the work at every nesting level.
            if !done.insert((r, value.clone())) {
                continue;
            }
            let decoded = if let (Some(f), Some(t)) = (c.name("from"), c.name("to")) {
                super::deobf::char_map(&value, &expand_set(f.as_str()), &expand_set(t.as_str()))
            } else if c.name("rot").is_some() {
                Some(super::deobf::rot13(&value))
            } else {
                super::deobf::b64(value.trim()).and_then(|b| super::deobf::printable(&b))
            };
            let Some(decoded) = decoded.filter(|d| d != &value) else {
                continue;
            };
            let inner = src.nested(&decoded, m.start(), Origin::Script);
            let mut sub = Sink::default();
            (rescan.scan)(&inner, &mut sub);
            if (rescan.shellish)(&decoded) {
                super::shell::extract(&inner, &mut sub);
            }
            for mut ev in sub.items {
                ev.tags.insert(Tag::Obfuscated);
                sink.push(ev);
            }
        }
    }
}

/// Every concept of this module over one token-level file, after
/// `token_calls` (whose evidence loops then only add to).
pub fn scan(
    src: &Src,
    sink: &mut Sink,
    literals: &[(usize, usize)],
    consumed: &mut BTreeSet<usize>,
    rescan: &Rescan,
) {
    let ext = src.ext();
    let ext = ext.as_str();
    let vars = super::token_calls::file_vars(src.text);
    inline_wrappers(src, sink, ext, consumed, &vars);
    env_sources(src, sink, ext);
    dns_lookups(src, sink, ext, literals, &vars);
    file_writes(src, sink, ext, &vars);
    decodings(src, sink, ext, &vars, rescan);
    literal_loops(src, sink, ext, rescan);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row of every table has an example it matches, in its own
    /// language; a row without one fails here.
    fn covered(table: &'static [Row], examples: &[(usize, &str)]) {
        let rx = compiled(table);
        for (i, (row, re)) in rx.iter().enumerate() {
            let mine: Vec<&str> = examples
                .iter()
                .filter(|(r, _)| *r == i)
                .map(|(_, e)| *e)
                .collect();
            assert!(!mine.is_empty(), "row {i} ({:?}) has no example", row.langs);
            for e in mine {
                assert!(re.is_match(e), "row {i} ({:?}) misses {e}", row.langs);
            }
        }
    }

    #[test]
    fn every_row_of_every_table_has_an_example() {
        covered(
            ENV_ROWS,
            &[
                (0, "os.Getenv(\"GITHUB_TOKEN\")"),
                (0, "os.LookupEnv(\"NPM_TOKEN\")"),
                (1, "for _, kv := range os.Environ() {"),
                (2, "ENV[\"GITHUB_TOKEN\"]"),
                (2, "ENV.fetch('NPM_TOKEN')"),
                (3, "ENV.select { |k, _| k =~ /KEY/ }"),
                (3, "ENV.to_h.to_json"),
                (4, "$ENV{GITHUB_TOKEN}"),
                (4, "$ENV{'NPM_TOKEN'}"),
                (5, "for my $k (keys %ENV) {"),
                (6, "getenv('GITHUB_TOKEN')"),
                (6, "$_ENV['NPM_TOKEN']"),
                (7, "foreach (getenv() as $k => $v)"),
                (8, "os.getenv('GITHUB_TOKEN')"),
                (9, "vim.env.GITHUB_TOKEN"),
                (9, "vim.env[\"NPM_TOKEN\"]"),
                (9, "vim.fn.getenv('AWS_SECRET_ACCESS_KEY')"),
                (10, "env::var(\"GITHUB_TOKEN\")"),
                (11, "for (k, v) in env::vars() {"),
            ],
        );
        covered(
            DNS_ROWS,
            &[
                (0, "net.LookupHost(name)"),
                (0, "resolverFor(r).LookupTXT(ctx, d)"),
                (1, "Resolv.getaddress(h)"),
                (
                    1,
                    "Resolv::DNS.new.getresources(n, Resolv::DNS::Resource::IN::TXT)",
                ),
                (2, "Net::DNS::Resolver->new->query($n)"),
                (2, "gethostbyname(\"$h.x\")"),
                (3, "dns_get_record(\"$h.x\")"),
                (4, "socket.dns.toip(h)"),
                (5, "(name, 0).to_socket_addrs()"),
            ],
        );
        covered(
            WRITE_ROWS,
            &[
                (0, "os.WriteFile(p, b, 0600)"),
                (1, "os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0600)"),
                (2, "File.write(p, s, mode: \"a\")"),
                (3, "File.open(p, \"a\") { |f| f.puts s }"),
                (4, "open(my $h, '>>', $p)"),
                (5, "open(FH, \">>$p\")"),
                (6, "file_put_contents($p, $s, FILE_APPEND)"),
                (7, "fopen($p, 'a')"),
                (8, "io.open(p, 'a')"),
                (9, "fs::write(p, s)"),
            ],
        );
        covered(
            DEF_ROWS,
            &[
                (0, "func aws(region string, args ...string) []byte {"),
                (1, "def sh(*a) system(*a) end"),
                (1, "  def run cmd"),
                (2, "sub run { system(@_) }"),
                (3, "function run($cmd) {"),
                (4, "local function run(cmd)"),
            ],
        );
        covered(
            LOOP_ROWS,
            &[
                (0, "map { slurp(\"$home/$_\") } ('.netrc', '.pgpass')"),
                (0, "grep { -e \"$h/$_\" } qw(.netrc .pgpass)"),
                (1, "for my $f ('.netrc', '.pgpass') {"),
                (1, "foreach $f qw(.netrc .pgpass) {"),
                (2, "['.netrc', '.pgpass'].each do |f|"),
                (2, "%w[.netrc .pgpass].map { |f| File.read(f) }"),
                (3, "for _, f := range []string{\".netrc\", \".pgpass\"} {"),
                (4, "foreach (['.netrc', '.pgpass'] as $f) {"),
                (5, "for _, f in ipairs({'.netrc', '.pgpass'}) do"),
            ],
        );
        covered(
            DECODE_ROWS,
            &[
                (0, "PRESET.tr(\"A-Za-z\", \"N-ZA-Mn-za-m\")"),
                (1, "$p =~ tr/A-Za-z/N-ZA-Mn-za-m/"),
                (1, "$p =~ y/A-Za-z/N-ZA-Mn-za-m/"),
                (2, "Base64.decode64(P)"),
                (2, "Base64.strict_decode64 \"aGk=\""),
                (3, "P.unpack1(\"m\")"),
                (4, "decode_base64($p)"),
                (5, "base64.StdEncoding.DecodeString(p)"),
                (6, "base64_decode($p)"),
                (7, "str_rot13($p)"),
            ],
        );
    }

    #[test]
    fn paths_fold_from_every_spelling_of_the_home() {
        let vars: Vars = [("home".to_string(), "/home/u".to_string())].into();
        for a in [
            "File.expand_path(\"~/.ssh/authorized_keys\")",
            "File.join(Dir.home, \".ssh\", \"authorized_keys\")",
            "filepath.Join(home, \".ssh\", \"authorized_keys\")",
            "os.Getenv(\"HOME\")+\"/.ssh/authorized_keys\"",
            "getenv('HOME') . '/.ssh/authorized_keys'",
            "os.getenv('HOME') .. '/.ssh/authorized_keys'",
            "\"$home/.ssh/authorized_keys\"",
            "\"#{Dir.home}/.ssh/authorized_keys\"",
        ] {
            assert_eq!(
                fold_path(a, &Vars::new()).as_deref(),
                Some("~/.ssh/authorized_keys"),
                "{a}"
            );
        }
        assert_eq!(fold_path("p", &vars), None);
        assert_eq!(fold_path("cfg.path", &Vars::new()), None);
    }

    #[test]
    fn a_loop_variable_is_written_as_each_value() {
        assert_eq!(
            substitute("slurp(\"$home/$_\")", "_", ".netrc", "pl"),
            "slurp(\"$home/.netrc\")"
        );
        assert_eq!(
            substitute(
                "File.read(File.join(Dir.home, f)) if f == x\nf = 1",
                "f",
                ".netrc",
                "rb"
            ),
            "File.read(File.join(Dir.home, \".netrc\")) if \".netrc\" == x\nf = 1"
        );
        assert_eq!(
            substitute("puts \"#{f}\"; fo.f; f()", "f", ".netrc", "rb"),
            "puts \".netrc\"; fo.f; f()"
        );
        // Hostile values cannot open a quote or an interpolation.
        assert_eq!(substitute("x($f)", "f", "a\"$b#{c}", "php"), "x(\"abc\")");
    }
}
