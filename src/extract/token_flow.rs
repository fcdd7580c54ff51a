//! Round 29: name-level data flow for the token-level languages (Go, Ruby,
//! Perl, PHP, Lua, Rust). The token scanners find sources (secret files
//! and environment variables, the clipboard, fetched text, the home
//! folder) and sinks (sends, evaluators, tree deletes) but prove no flow
//! between them, so a secret put in a header two functions away from the
//! send was a no-flow pairing (a warning) and a scope that becomes `$HOME`
//! on the seventh run was nothing. This module follows values by name, the
//! same way in every language, from data tables:
//!
//! * statements: a line, continued while a `(` or `[` is open;
//! * functions (`token_values::DEF_ROWS` plus Rust's `fn`): each name
//!   assigned in a body is local to it, parameters take what callers pass
//!   (`call_args`), and a function returning a carrying name (`return h`,
//!   or a last bare `h` in Ruby and Rust) carries into its callers, with or
//!   without parentheses (`session_headers` in Ruby);
//! * carriers ([`ASSIGN`], [`MUTATE`], [`LOOPS`]): assignments of every
//!   spelling (`local`, `my`, `let`, `:=`, destructuring, `h["k"] = …`,
//!   `$opt{scope} = …`, `if let Ok(x) = …`), in-place additions
//!   (`table.insert(h, …)`, `vim.list_extend(cmd, …)`, `push @a, …`,
//!   `a << …`, `.push(…)`) and loop variables over a carrying collection;
//! * sinks: an HTTP send call ([`SEND_CALL`], `tokens::SEND_API`) or a run
//!   call whose argv is `curl`/`wget` reached by a secret, with its URL
//!   folded from the statement or the names it uses (two assignments deep)
//!   → a `NetSend` whose inputs are the sources' bindings (SK-EXFIL-001 and
//!   -007 judge it as they judge Python's); an evaluator
//!   (`token_code::EVAL_ROWS`, or a name assigned a string that folds to
//!   one: `implode('', array_map('chr', […]))`, `strrev('lave')`) reached
//!   by fetched text → `DownloadRun` (tagged `Obfuscated` when the
//!   evaluator's name was built); a tree delete ([`DELETES`]) whose path is
//!   the home folder itself, or a child of it, by aliases only (a name
//!   assigned `$ENV{HOME}` or `C ? $ENV{HOME} : $root`, not a string
//!   built on it) → a recursive delete of `~`, tagged with the gate of the
//!   assignment that chose the home folder (`gates::gate_of`: a run
//!   counter, a date, an environment probe).
//!
//! Flow-insensitive and bounded: at most [`PASSES`] passes over the
//! statements, each linear in the file.

use super::indicators::{URL_RE, classify_url, is_local_host, url_host};
use super::token_calls::{Arg, Vars, call_args, file_vars, fold_code};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

/// Passes over the statements before the carried sets stop growing (a
/// chain of this many functions deep); past it, incomplete.
const PASSES: usize = crate::limits::TOKEN_FLOW_PASSES;
/// Lines a statement may continue over while a bracket is open.
const STMT_LINES: usize = 60;
/// Languages this reader knows.
const LANGS: &[&str] = &["go", "rb", "cr", "pl", "pm", "php", "lua", "rs"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// A secret or a personal record: its reach to a send matters.
    Secret,
    /// Text fetched from the network: its reach to an evaluator matters.
    Fetched,
    /// The home folder itself: its reach to a tree delete matters.
    Home,
}

struct Source {
    kind: Kind,
    /// The evidence that reads it, when there is one (its binding).
    ev: Option<usize>,
    url: Option<String>,
    gate: Option<Tag>,
}

/// Rust functions (the other languages' rows are `token_values::DEF_ROWS`).
static RUST_FN: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?m)^[ \t]*(?:pub(?:\([^)\n]*\))?\s+)?(?:async\s+)?(?:unsafe\s+)?fn\s+(?P<name>\w+)\s*(?:<[^>\n]*>)?\s*\((?P<params>[^)\n]*)\)[^{\n;]*\{",
    )
});

/// An assignment's left side: declarations, destructuring, subscripts and
/// fields, then the operator.
static ASSIGN: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"^\s*(?:(?:local|my|our|let|mut|var|const|static|final|pub|global)\s+)*(?:list\s*)?(?P<lhs>[(\[]\s*[$@%&]?\w+(?:\s*,\s*[$@%&]?\w*)*\s*,?\s*[)\]]|[$@%]?\w+(?:\s*,\s*[$@%]?\w+)*)(?:\s*:\s*[^=\n]{1,80}?)?(?:\s*\[[^\]\n]*\]|\s*\{[^}\n]*\}|\.\w+|->\w+|->\{[^}\n]*\}|->\[[^\]\n]*\])*\s*(?::=|\|\|=|//=|\+=|\.=|=)(?:[^=~>]|$)"#,
    )
});

/// `if let Ok(text) = …`, `while let Some(x) = …`, `if (my $x = …)`.
static LET_PATTERN: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"^\s*(?:\}\s*)?(?:else\s+)?(?:if|while)\s*\(?\s*(?:let\s+(?P<pat>[^=\n]{1,80}?)|my\s+\$(?P<v>\w+))\s*=[^=~]",
    )
});

/// In-place additions: the name that grows.
static MUTATE: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?:\btable\.insert|\bvim\.list_extend|\bvim\.tbl_extend\([^,\n]*,|\bvim\.tbl_deep_extend\([^,\n]*,|\barray_push|\barray_unshift|\barray_merge|\bpush|\bunshift|\bappend)\s*\(?\s*[$@%]?(?P<a>\w+)|(?:^|[^\w.>$])[$@]?(?P<b>\w+)(?:\[[^\]\n]*\])*\s*(?:<<[^<=]|\.(?:push|push_str|append|extend|extend_from_slice|insert|merge!|update|concat|push_back|Set|Add|header|set)\()|\$(?P<c>\w+)\[\]\s*=",
    )
});

/// Loop variables: `for _, k in ipairs(X)`, `X.each do |a, b|`, `for my $x
/// (X)`, `foreach (X as $k => $v)`, `for _, x := range X`, `for x in X {`.
static LOOPS: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"\bfor\s+(?P<lv>\w+(?:\s*,\s*\w+)?)\s+in\s+(?P<lx>[^\n]+?)\s+do\b|(?P<rx>[$@]?[\w.\[\]]+)\.(?:each|each_pair|each_value|each_with_index|map|filter_map|flat_map|select)\s*(?:do|\{)\s*\|(?P<rv>[^|\n]*)\||\bfor(?:each)?\s+my\s+\$(?P<pv>\w+)\s*\((?P<px>[^\n]*)\)|\bforeach\s*\((?P<hx>[^\n]*?)\s+as\s+(?:\$(?P<hk>\w+)\s*=>\s*)?\$(?P<hv>\w+)\s*\)|\bfor\s+(?P<gv>\w+(?:\s*,\s*\w+)?)\s*:?=\s*range\s+(?P<gx>[^\n{]+)\{|\bfor\s+\(?(?P<sv>\w+(?:\s*,\s*\w+)?)\)?\s+in\s+(?P<sx>[^\n{]+)\{",
    )
});

/// Environment reads by a computed name (`vim.env[k]`, `os.getenv(k)`,
/// `ENV[k]`, `$ENV{$k}`, `getenv($k)`, `os.Getenv(k)`, `env::var(&k)`):
/// group `v` is the name's variable.
static ENV_BY_NAME: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?:\bvim\.env\[|\bvim\.fn\.getenv\(|\bos\.getenv\(|\bENV\[|\bENV\.fetch\(|\$ENV\{|\bgetenv\(|\$_ENV\[|\bos\.(?:Getenv|LookupEnv)\(|\benv::var(?:_os)?\()\s*&?\$?(?P<v>[A-Za-z_]\w*)\s*[\])}]",
    )
});

/// The home folder itself, as a whole expression.
static HOME_EXPR: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"^(?:\$ENV\{\s*['"]?HOME['"]?\s*\}|ENV\[\s*['"]HOME['"]\s*\]|ENV\.fetch\(\s*['"]HOME['"]\s*\)|Dir\.home|Dir\.home\(\)|File\.expand_path\(\s*['"]~['"]\s*\)|getenv\(\s*['"]HOME['"]\s*\)|\$_SERVER\[\s*['"]HOME['"]\s*\]|\$_ENV\[\s*['"]HOME['"]\s*\]|os\.getenv\(\s*['"]HOME['"]\s*\)|vim\.env\.HOME|vim\.fn\.expand\(\s*['"]~['"]\s*\)|vim\.(?:loop|uv)\.os_homedir\(\)|os\.Getenv\(\s*"HOME"\s*\)|os\.UserHomeDir\(\)|(?:dirs::|home::|std::env::)?home_dir\(\)(?:\.unwrap\(\)|\?)?|File::HomeDir->my_home|['"]~/?['"])$"#,
    )
});

/// Tree and file deletes, every token-level language.
static DELETES: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"\b(?:remove_tree|rmtree|File::Path::rmtree|FileUtils\.(?:rm_rf|rm_r|rm|remove_dir|remove_entry(?:_secure)?|rmtree)|os\.RemoveAll|fs::remove_dir_all|remove_dir_all|vim\.fn\.delete|rrmdir|deltree|Filesystem->remove|unlink|rmdir)\s*\(?",
    )
});

/// Sends whose statement is the request (beyond `tokens::SEND_API`).
static SEND_CALL: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)Net::HTTP::(?:Post|Put|Patch)\.new|Net::HTTP\.(?:post|put)|HTTParty\.(?:post|put)|RestClient\.(?:post|put)|Faraday\.(?:post|put)|->(?:post|put|request)\(|http\.(?:Post|PostForm|NewRequest)\(|\.(?:post|put)\(|ureq::(?:post|put)|\.send_(?:json|string|form|bytes)\(|CURLOPT_POSTFIELDS|\bcurl\.(?:post|put|request)\(|\bhttp\.request\(|stream_context_create",
    )
});

/// Round 38 (r38 perl-log-parser): mail sends whose statement carries the
/// message body, every token-level language: Perl `Net::SMTP`
/// (`$smtp->datasend(…)`, `->data(…)` with an argument), `MIME::Lite`
/// (`Data => …`), Ruby `smtp.send_message(…)`, Go `smtp.SendMail(…)`,
/// PHP `mail(…)` (a `sendmail` pipe written to is not read yet). A send
/// like an HTTP post: the relay or the recipient's domain, a literal in the
/// statement or in the assignment of a name it uses, is where the data
/// goes (`smtp://HOST`).
static MAIL_DATA: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"->datasend\s*\(|->data\s*\(\s*[^)\s]|\bData\s*=>|\.send_message\s*\(|\.send_mail\s*\(|\bsmtp\.SendMail\s*\(|(?:^|[^\w>.$:])mail\s*\(\s*[$'\x22]",
    )
});

/// A regex match whose captures the statement keeps: Perl `=~` with
/// `$1`/`$&`, Ruby `.scan(…) { |m| … }` and `.match(`, Lua `:gmatch(` and
/// `string.match(`, Go `FindAllString…(`, PHP `preg_match(_all)(P, T, $m)`
/// (group `out`: the captures' variable). Round 44 (r44 logline-redactor):
/// substitutions whose replacement is code that sees the match — Perl
/// `s/…/f($1)/e`, Ruby `.gsub(P) { |m| … }`, Lua `:gsub(P, fn)`, PHP
/// `preg_replace_callback(P, fn, T)`, Go `ReplaceAllStringFunc`, Rust
/// `replace_all(T, |c| …)`: the callback's arguments carry the match.
static MATCH_OP: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"=~\s*(?:m|qr|s)?/|=~\s*s\s*[{#|!]|\.gsub!?\s*\(|:gsub\s*\(|\bstring\.gsub\s*\(|\bpreg_replace_callback(?:_array)?\s*\(|\.ReplaceAll\w*Func\s*\(|\.replace_all\s*\(|\.scan\s*\(|\.match\s*\(|:g?match\s*\(|\bstring\.g?match\s*\(|\.FindAll\w*\s*\(|\.FindString\w*\s*\(|\bpreg_match(?:_all)?\s*\([^,\n]+,[^,\n]+,\s*\$(?P<out>\w+)",
    )
});

/// Run calls whose argv may be an HTTP client's.
static RUN_CALL: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"\b(?:vim\.fn\.jobstart|vim\.fn\.system|vim\.system|jobstart|os\.execute|io\.popen|IO\.popen|Open3\.\w+|system|exec|spawn|shell_exec|proc_open|passthru|popen|exec\.Command|Command::new)\s*\(",
    )
});

static HTTP_CLIENT: LazyLock<Regex> =
    LazyLock::new(|| crate::rx::re(r#"["'](?:curl|wget|http)["']|\bcurl\s|\bwget\s"#));

struct Func {
    name: String,
    start: usize,
    end: usize,
    params: Vec<String>,
}

struct Stmt {
    start: usize,
    end: usize,
    scope: usize,
}

const TOP: usize = usize::MAX;

/// Statements: a line, continued while a `(` or `[` is open outside
/// quotes, up to [`STMT_LINES`] lines (then the next line starts anew:
/// every line is in one statement).
fn statements(text: &str) -> Vec<(usize, usize, usize, usize)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let (mut start, mut line, mut first_line) = (0usize, 1usize, 1usize);
    let mut depth = 0i32;
    let mut lines_in = 0usize;
    let mut quote = 0u8;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if quote != 0 {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == quote || c == b'\n' {
                quote = 0;
            }
        } else {
            match c {
                b'"' | b'`' => quote = c,
                b'\'' => {
                    // A quote that closes on its line (`'x'`, `'lave'`);
                    // a Rust lifetime or a Perl `'` in prose does not.
                    let rest = &b[i + 1..b.len().min(i + 400)];
                    let nl = rest.iter().position(|&x| x == b'\n').unwrap_or(rest.len());
                    if rest[..nl].contains(&b'\'') {
                        quote = c;
                    }
                }
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth = (depth - 1).max(0),
                // `a(); b()`, and a block opened after `)` or `else`
                // (`function f($u) { $b = curl_exec($c); return $b; }`):
                // statements of one line.
                b';' | b'{' if depth == 0 && (c == b';' || opens_block(&b[start..i])) => {
                    out.push((start, i + 1, first_line, line));
                    start = i + 1;
                    first_line = line;
                    lines_in = 0;
                    i += 1;
                    continue;
                }
                b'#' if i + 1 < b.len() && b[i + 1] != b'{' && b[i + 1] != b'[' => {
                    // A comment to the end of the line (`#`), not `#{…}`.
                    if i == 0 || b[i - 1].is_ascii_whitespace() {
                        while i < b.len() && b[i] != b'\n' {
                            i += 1;
                        }
                        continue;
                    }
                }
                _ => {}
            }
        }
        if c == b'\n' {
            lines_in += 1;
            if depth == 0 || lines_in >= STMT_LINES {
                if !text[start..i].trim().is_empty() {
                    out.push((start, i, first_line, line));
                }
                start = i + 1;
                first_line = line + 1;
                depth = 0;
                lines_in = 0;
            }
            line += 1;
            quote = 0;
        }
        i += 1;
    }
    if start < b.len() {
        out.push((start, b.len(), first_line, line));
    }
    out
}

/// Whether a `{` after `before` opens a block (after `)`, `else`, `do`),
/// not a hash, a table or a subscript.
fn opens_block(before: &[u8]) -> bool {
    let t = before.trim_ascii_end();
    t.ends_with(b")") || t.ends_with(b" else") || t.ends_with(b" do") || t == b"else"
}

fn functions(text: &str, ext: &str) -> Vec<Func> {
    let mut out = Vec::new();
    let rows: Vec<&Regex> = if ext == "rs" {
        vec![&*RUST_FN]
    } else {
        super::token_values::DEF_ROWS
            .iter()
            .zip(DEF_RX.iter())
            .filter(|(r, _)| r.langs.contains(&ext) || ext == "pm" && r.langs.contains(&"pl"))
            .map(|(_, rx)| rx)
            .collect()
    };
    for rx in rows {
        let starts: Vec<usize> = rx.find_iter(text).map(|m| m.start()).collect();
        for (k, c) in rx.captures_iter(text).enumerate() {
            let (Some(m), Some(name)) = (c.get(0), c.name("name")) else {
                continue;
            };
            let next = starts.get(k + 1).copied().unwrap_or(text.len());
            let braces = m.as_str().ends_with('{');
            let line_from = text[..m.start()].rfind('\n').map_or(0, |i| i + 1);
            let def_line = &text[line_from..];
            let indent = def_line.len() - def_line.trim_start().len();
            let end = super::token_values::body_end(text, m.end(), braces, indent, next);
            let mut params: Vec<String> = c
                .name("params")
                .or(c.name("bare"))
                .map(|p| super::token_values::header_params(ext, p.as_str()))
                .unwrap_or_default()
                .into_iter()
                .map(|p| p.name)
                .collect();
            if ext == "pl" || ext == "pm" {
                params = super::token_values::perl_params(&text[m.end()..end])
                    .into_iter()
                    .map(|p| p.name)
                    .collect();
            }
            let name = name
                .as_str()
                .rsplit(['.', ':'])
                .next()
                .unwrap_or("")
                .to_string();
            out.push(Func {
                name,
                start: m.start(),
                end,
                params,
            });
        }
    }
    out.sort_by_key(|f| f.start);
    out
}

static DEF_RX: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    super::token_values::DEF_ROWS
        .iter()
        .map(|r| crate::rx::re(r.pattern))
        .collect()
});

/// Names an expression reads: identifiers outside quotes (not a method or
/// field after `.`/`->`/`::`, not a bareword key `{k}` or `k:`), and the
/// interpolations inside double quotes (`$x`, `${x}`, `#{x}`, `{x}`).
fn names(expr: &str) -> Vec<(usize, &str)> {
    let b = expr.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut quote = 0u8;
    while i < b.len() {
        let c = b[i];
        if quote != 0 {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == quote {
                quote = 0;
                i += 1;
                continue;
            }
            if quote != b'\'' && matches!(c, b'$' | b'{') {
                let mut j = i + 1;
                while j < b.len() && matches!(b[j], b'{' | b'$') {
                    j += 1;
                }
                let s = j;
                while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                    j += 1;
                }
                if j > s && !b[s].is_ascii_digit() {
                    out.push((s, &expr[s..j]));
                }
                i = j.max(i + 1);
                continue;
            }
            i += 1;
            continue;
        }
        if matches!(c, b'"' | b'\'' | b'`') {
            let closes = b[i + 1..]
                .iter()
                .take(400)
                .position(|&x| x == c || x == b'\n');
            if c != b'\'' || closes.is_some_and(|p| b[i + 1 + p] == c) {
                quote = c;
            }
            i += 1;
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let before = expr[..s].trim_end_matches(['$', '@', '%', '&']);
            let member = before.ends_with('.') && !before.ends_with("..")
                || before.ends_with("->")
                || before.ends_with("::");
            let key = before.ends_with('{') && b.get(i) == Some(&b'}')
                || b.get(i) == Some(&b':') && b.get(i + 1) != Some(&b':');
            if !member && !key {
                out.push((s, &expr[s..i]));
            }
            continue;
        }
        i += 1;
    }
    out
}

/// The left-side names of an assignment and where its right side starts.
fn assigned(stmt: &str) -> Option<(Vec<String>, usize)> {
    if let Some(c) = ASSIGN.captures(stmt) {
        let lhs = c.name("lhs")?.as_str();
        let m = c.get(0)?;
        let vars = lhs
            .split(',')
            .map(|v| {
                v.trim()
                    .trim_matches(['(', ')', '[', ']', ' '])
                    .trim_start_matches(['$', '@', '%', '&'])
            })
            .filter(|v| !v.is_empty() && *v != "_")
            .map(str::to_string)
            .collect::<Vec<_>>();
        // The operator's own character is part of the match's last byte.
        return Some((vars, m.end().saturating_sub(1)));
    }
    let c = LET_PATTERN.captures(stmt)?;
    let m = c.get(0)?;
    let vars = match (c.name("pat"), c.name("v")) {
        (Some(p), _) => names(p.as_str())
            .into_iter()
            .filter(|(_, n)| n.starts_with(|ch: char| ch.is_ascii_lowercase() || ch == '_'))
            .map(|(_, n)| n.to_string())
            .collect(),
        (None, Some(v)) => vec![v.as_str().to_string()],
        _ => return None,
    };
    Some((vars, m.end().saturating_sub(1)))
}

struct Flow<'t> {
    text: &'t str,
    stmts: Vec<Stmt>,
    funcs: Vec<Func>,
    func_ix: BTreeMap<String, usize>,
    sources: Vec<Source>,
    /// Sources located in each statement.
    at_stmt: BTreeMap<usize, BTreeSet<usize>>,
    carried: BTreeMap<(usize, String), BTreeSet<usize>>,
    returns: BTreeMap<usize, BTreeSet<usize>>,
    /// Assignments of each name: statement indices.
    assigns: BTreeMap<String, Vec<usize>>,
    vars: Vars,
}

impl<'t> Flow<'t> {
    fn stmt_text(&self, i: usize) -> &'t str {
        &self.text[self.stmts[i].start..self.stmts[i].end]
    }

    fn scope_at(funcs: &[Func], at: usize) -> usize {
        let k = funcs.partition_point(|f| f.start <= at);
        if k > 0 && at < funcs[k - 1].end {
            k - 1
        } else {
            TOP
        }
    }

    fn lookup(&self, scope: usize, name: &str) -> BTreeSet<usize> {
        let mut s = BTreeSet::new();
        for sc in [scope, TOP] {
            if let Some(v) = self.carried.get(&(sc, name.to_string())) {
                s.extend(v.iter().copied());
            }
            if sc == TOP {
                break;
            }
        }
        s
    }

    /// What an expression of statement `i` carries (the home folder only
    /// through aliases: see [`Self::alias`]).
    fn carries(&self, i: usize, expr: &str) -> BTreeSet<usize> {
        let scope = self.stmts[i].scope;
        let mut out = BTreeSet::new();
        for (_, n) in names(expr) {
            for s in self.lookup(scope, n) {
                if self.sources[s].kind != Kind::Home {
                    out.insert(s);
                }
            }
            if let Some(&f) = self.func_ix.get(n)
                && let Some(r) = self.returns.get(&f)
            {
                out.extend(
                    r.iter()
                        .copied()
                        .filter(|&s| self.sources[s].kind != Kind::Home),
                );
            }
        }
        out
    }

    /// The home-folder sources an expression is an alias of: the whole
    /// expression (or an alternative of `C ? A : B`, `A || B`, `A // B`)
    /// is the home folder or a name holding it.
    fn alias(&self, i: usize, expr: &str) -> BTreeSet<usize> {
        let scope = self.stmts[i].scope;
        let mut out = BTreeSet::new();
        let e = expr.trim().trim_end_matches(';').trim();
        let alts: Vec<&str> = match e.find(" ? ") {
            Some(q) => e[q + 3..].split(" : ").collect(),
            None => e
                .split(" || ")
                .flat_map(|x| x.split(" // "))
                .flat_map(|x| x.split(" or "))
                .collect(),
        };
        for a in alts {
            let a = unparen(a);
            let bare = a.trim_start_matches(['$', '@', '&']);
            let head: String = bare
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let rest = &bare[head.len()..];
            let subscript = rest.is_empty()
                || rest.starts_with('{') && rest.ends_with('}') && !rest[1..].contains('{')
                || rest.starts_with('[') && rest.ends_with(']') && !rest[1..].contains('[');
            if !head.is_empty() && subscript && !HOME_EXPR.is_match(a) {
                for s in self.lookup(scope, &head) {
                    if self.sources[s].kind == Kind::Home {
                        out.insert(s);
                    }
                }
            }
        }
        out
    }

    fn add(&mut self, scope: usize, name: &str, set: &BTreeSet<usize>) -> bool {
        if set.is_empty() {
            return false;
        }
        let e = self.carried.entry((scope, name.to_string())).or_default();
        let n = e.len();
        e.extend(set.iter().copied());
        e.len() > n
    }

    /// A URL the statement names: a literal, or a name assigned one (two
    /// assignments deep).
    fn url_of(&self, i: usize, depth: usize) -> Option<String> {
        let t = self.stmt_text(i);
        if let Some(m) = URL_RE.find(t) {
            return Some(m.as_str().to_string());
        }
        if depth == 0 {
            return None;
        }
        for (_, n) in names(t) {
            if let Some(v) = self.vars.get(n)
                && let Some(m) = URL_RE.find(v)
            {
                return Some(m.as_str().to_string());
            }
            for &j in self.assigns.get(n).into_iter().flatten() {
                if j != i
                    && let Some(u) = self.url_of(j, depth - 1)
                {
                    return Some(u);
                }
            }
        }
        None
    }

    /// The mail relay or recipient domain a mail send's statement names,
    /// or a name it uses was assigned (`$smtp = Net::SMTP->new('smtp.x.org')`,
    /// `$smtp->to('rules@x.com')` on the same object): a literal host or
    /// address (`token_calls::mail_host`).
    fn mail_host_of(&self, i: usize, depth: usize) -> Option<String> {
        let t = self.stmt_text(i);
        if let Some(h) = super::token_calls::mail_host(t) {
            return Some(h);
        }
        // Round 44: a relay joined from pieces (`join '.', qw(198 51 100
        // 61)`, `['mx', 'x', 'net'].join('.')`).
        if let Some((_, h)) = super::objects::joined_hosts(t).into_iter().next() {
            return Some(h);
        }
        if depth == 0 {
            return None;
        }
        for (_, n) in names(t) {
            if let Some(h) = self
                .vars
                .get(n)
                .and_then(|v| super::token_calls::mail_host(&format!("'{v}'")))
            {
                return Some(h);
            }
            for &j in self.assigns.get(n).into_iter().flatten() {
                if j != i
                    && let Some(h) = self.mail_host_of(j, depth - 1)
                {
                    return Some(h);
                }
            }
        }
        None
    }

    /// One pass over the statements; whether anything grew.
    fn pass(&mut self) -> bool {
        let mut grew = false;
        for i in 0..self.stmts.len() {
            let scope = self.stmts[i].scope;
            let t = self.stmt_text(i);
            let here: BTreeSet<usize> = self.at_stmt.get(&i).cloned().unwrap_or_default();
            // Assignments and in-place additions.
            let mut targets: Vec<(String, usize)> = Vec::new();
            if let Some((vars, rhs)) = assigned(t) {
                targets.extend(vars.into_iter().map(|v| (v, rhs)));
            }
            // Round 44: an in-place addition inside a function to a name
            // the function never assigns grows the file's name (`push
            // @audit, …` in a sub, `@audit` declared at the top).
            let mut grown: Option<String> = None;
            if let Some(c) = MUTATE.captures(t) {
                let n = c.name("a").or(c.name("b")).or(c.name("c"));
                if let Some(n) = n {
                    targets.push((n.as_str().to_string(), n.end()));
                    grown = Some(n.as_str().to_string());
                }
            }
            // Round 38: a regex match's captures (`$1`, `$&`, a block's
            // `|m|`, `preg_match`'s third argument) carry the pattern and
            // the text it matched: what the statement stores comes from the
            // whole statement, not only the right side of its store.
            let matched = MATCH_OP.captures(t);
            if let Some(out) = matched.as_ref().and_then(|c| c.name("out")) {
                targets.push((out.as_str().to_string(), 0));
            }
            for (name, rhs) in targets {
                let expr = &t[rhs.min(t.len())..];
                let mut set = self.carries(i, expr);
                if matched.is_some() {
                    set.extend(self.carries(i, t));
                }
                // The home folder is here only as an alternative of the
                // whole right side ([`home_sources`]).
                set.extend(here.iter().copied());
                set.extend(self.alias(i, expr));
                // A fetched value through a call that names its URL: the
                // URL is this statement's.
                let urled: BTreeSet<usize> = set
                    .iter()
                    .copied()
                    .filter(|&s| {
                        self.sources[s].kind == Kind::Fetched && self.sources[s].url.is_none()
                    })
                    .collect();
                if !urled.is_empty()
                    && let Some(u) = self.url_of(i, 2)
                {
                    for s in urled {
                        set.remove(&s);
                        let k = self.derived(s, &u);
                        set.insert(k);
                    }
                }
                let outer = scope != TOP
                    && grown.as_deref() == Some(name.as_str())
                    && !self
                        .assigns
                        .get(&name)
                        .into_iter()
                        .flatten()
                        .any(|&j| self.stmts[j].scope == scope);
                grew |= self.add(if outer { TOP } else { scope }, &name, &set);
            }
            // Loop variables.
            for c in LOOPS.captures_iter(t) {
                let pairs = [
                    ("lv", "lx"),
                    ("rv", "rx"),
                    ("pv", "px"),
                    ("hv", "hx"),
                    ("hk", "hx"),
                    ("gv", "gx"),
                    ("sv", "sx"),
                ];
                for (v, x) in pairs {
                    if let (Some(v), Some(x)) = (c.name(v), c.name(x)) {
                        let set = self.carries(i, x.as_str());
                        for var in v.as_str().split(',') {
                            let var = var.trim().trim_start_matches(['$', '&', '*']);
                            if !var.is_empty() && var != "_" {
                                grew |= self.add(scope, var, &set);
                            }
                        }
                    }
                }
            }
            // Returns.
            if scope != TOP {
                let trimmed = t.trim();
                let ret = trimmed.strip_prefix("return ").or_else(|| {
                    let last = self.stmts.get(i + 1).is_none_or(|n| n.scope != scope)
                        || self.stmts.get(i + 1).is_some_and(|n| {
                            let nt = self.text[n.start..n.end].trim();
                            matches!(nt, "end" | "}" | "};")
                        });
                    (last && !trimmed.contains('=') && !trimmed.is_empty()).then_some(trimmed)
                });
                if let Some(r) = ret {
                    let mut set = self.carries(i, r);
                    set.extend(self.alias(i, r));
                    let e = self.returns.entry(scope).or_default();
                    let n = e.len();
                    e.extend(set);
                    grew |= e.len() > n;
                }
            }
            // Calls of the file's functions: parameters take the arguments
            // (in a match statement, every argument also carries what the
            // match does: `s/($re)/keep($1)/ge` passes the matched text).
            let whole = if matched.is_some() {
                self.carries(i, t)
            } else {
                BTreeSet::new()
            };
            grew |= self.bind_params(i, &whole);
        }
        grew
    }

    fn derived(&mut self, s: usize, url: &str) -> usize {
        if let Some(k) = self
            .sources
            .iter()
            .position(|x| x.kind == Kind::Fetched && x.url.as_deref() == Some(url))
        {
            return k;
        }
        self.sources.push(Source {
            kind: Kind::Fetched,
            ev: self.sources[s].ev,
            url: Some(url.to_string()),
            gate: None,
        });
        self.sources.len() - 1
    }

    fn bind_params(&mut self, i: usize, whole: &BTreeSet<usize>) -> bool {
        let t = self.stmt_text(i);
        let base = self.stmts[i].start;
        let mut grew = false;
        for (at, n) in names(t) {
            let Some(&f) = self.func_ix.get(n) else {
                continue;
            };
            if self.funcs[f].params.is_empty()
                || Self::scope_at(&self.funcs, base + at) == f && self.funcs[f].start >= base + at
            {
                continue;
            }
            let after = at + n.len();
            if !t[after..].starts_with('(') {
                continue;
            }
            let args = call_args(t, after + 1, true);
            for (k, a) in args.iter().enumerate() {
                let (s, e) = match *a {
                    Arg::Lit(s, e) | Arg::Expr(s, e) => (s, e),
                };
                let expr = &t[s.min(t.len())..e.min(t.len())];
                let mut set = self.carries(i, expr);
                set.extend(self.alias(i, expr));
                set.extend(whole.iter().copied());
                let Some(p) = self.funcs[f].params.get(k).cloned() else {
                    break;
                };
                grew |= self.add(f, &p, &set);
            }
        }
        grew
    }

    fn reaching(&self, i: usize, kind: Kind) -> BTreeSet<usize> {
        let t = self.stmt_text(i);
        let mut set = self.carries(i, t);
        if kind == Kind::Home {
            for (_, n) in names(t) {
                set.extend(self.lookup(self.stmts[i].scope, n));
            }
        }
        if let Some(h) = self.at_stmt.get(&i) {
            set.extend(h.iter().copied());
        }
        set.retain(|&s| self.sources[s].kind == kind);
        set
    }
}

/// The home folder named by a statement's right side, as a source, with
/// the gate of the statement (`$runs > 6 ? $ENV{HOME} : $root`).
fn home_sources(flow: &mut Flow) {
    for i in 0..flow.stmts.len() {
        let t = flow.stmt_text(i);
        let Some((_, rhs)) = assigned(t) else {
            continue;
        };
        let e = t[rhs.min(t.len())..].trim().trim_end_matches(';').trim();
        let alts: Vec<&str> = match e.find(" ? ") {
            Some(q) => e[q + 3..].split(" : ").collect(),
            None => e.split(" || ").flat_map(|x| x.split(" // ")).collect(),
        };
        if alts.iter().any(|a| HOME_EXPR.is_match(unparen(a))) {
            let gate = super::gates::gate_of(e, |_| false, &Default::default());
            flow.sources.push(Source {
                kind: Kind::Home,
                ev: None,
                url: None,
                gate,
            });
            let k = flow.sources.len() - 1;
            flow.at_stmt.entry(i).or_default().insert(k);
        }
    }
}

/// A statement's evaluator: a literal one of the language, or a name the
/// file assigns a string folding to one; and whether the name was built.
fn evaluator(flow: &Flow, ext: &str, t: &str) -> Option<(String, bool)> {
    let words = super::token_code::EVAL_ROWS
        .iter()
        .find(|(l, _)| l.contains(&ext) || ext == "pm" && l.contains(&"pl"))
        .map_or(&[][..], |(_, w)| *w);
    let b = t.as_bytes();
    for (at, n) in names(t) {
        let after = t[at + n.len()..].trim_start();
        if !after.starts_with('(') {
            continue;
        }
        let sigil = at > 0 && b[at - 1] == b'$';
        if !sigil && words.contains(&n) {
            return Some((n.to_string(), false));
        }
        if sigil || ext == "lua" || ext == "rb" {
            for &j in flow.assigns.get(n).into_iter().flatten() {
                let st = flow.stmt_text(j);
                let Some((_, rhs)) = assigned(st) else {
                    continue;
                };
                let rhs = st[rhs.min(st.len())..].trim().trim_end_matches(';').trim();
                if let Some(v) = fold_code(rhs, &flow.vars)
                    && words.contains(&v.trim())
                {
                    return Some((v.trim().to_string(), true));
                }
            }
        }
    }
    None
}

pub fn scan(src: &Src, sink: &mut Sink, before: usize) {
    let ext = src.ext();
    let ext = ext.as_str();
    if !LANGS.contains(&ext) {
        return;
    }
    let text = src.text;
    let funcs = functions(text, ext);
    let stmts: Vec<Stmt> = statements(text)
        .into_iter()
        .map(|(start, end, _, _)| Stmt {
            start,
            end,
            scope: Flow::scope_at(&funcs, start),
        })
        .collect();
    let mut flow = Flow {
        text,
        stmts,
        funcs,
        func_ix: BTreeMap::new(),
        sources: Vec::new(),
        at_stmt: BTreeMap::new(),
        carried: BTreeMap::new(),
        returns: BTreeMap::new(),
        assigns: BTreeMap::new(),
        vars: file_vars(text),
    };
    for (k, f) in flow.funcs.iter().enumerate() {
        flow.func_ix.entry(f.name.clone()).or_insert(k);
    }
    for i in 0..flow.stmts.len() {
        if let Some((vars, _)) = assigned(flow.stmt_text(i)) {
            for v in vars {
                flow.assigns.entry(v).or_default().push(i);
            }
        }
    }
    // Line starts, to find the statement holding an evidence's column.
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let stmt_of_line = |flow: &Flow, line: usize, col: usize| -> Option<usize> {
        let ls = *line_starts.get(line.checked_sub(1)?)?;
        let at = text[ls..]
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(text.len(), |(i, _)| ls + i);
        let k = flow.stmts.partition_point(|s| s.start <= at);
        (k > 0 && flow.stmts[k - 1].end >= at).then(|| k - 1)
    };
    // Sources the token scanners found in this file.
    for ix in before..sink.items.len() {
        let e = &sink.items[ix];
        if e.location.path != src.path || e.tags.contains(&Tag::TestFixture) {
            continue;
        }
        let secret = match e.op {
            Op::EnvRead => e.tags.contains(&Tag::SecretEnv),
            Op::EnvDump | Op::ClipboardRead | Op::KeychainRead => true,
            Op::FileRead => e.scope == R::Credentials || e.tags.contains(&Tag::ValuableObject),
            _ => false,
        };
        let line = e.location.start_line.saturating_sub(src.line_base);
        let col = if line == 1 {
            e.location.start_column.saturating_sub(src.first_col)
        } else {
            e.location.start_column.saturating_sub(src.col_shift)
        };
        if secret && let Some(i) = stmt_of_line(&flow, line, col) {
            flow.sources.push(Source {
                kind: Kind::Secret,
                ev: Some(ix),
                url: None,
                gate: None,
            });
            let k = flow.sources.len() - 1;
            flow.at_stmt.entry(i).or_default().insert(k);
        }
    }
    env_by_name(src, sink, &mut flow);
    // Fetches.
    for i in 0..flow.stmts.len() {
        let t = flow.stmt_text(i);
        if super::token_calls::FETCH_API.is_match(t)
            && !super::token_calls::in_comment_line(
                text,
                flow.stmts[i].start + t.len() - t.trim_start().len(),
            )
        {
            let url = flow.url_of(i, 2);
            flow.sources.push(Source {
                kind: Kind::Fetched,
                ev: None,
                url,
                gate: None,
            });
            let k = flow.sources.len() - 1;
            flow.at_stmt.entry(i).or_default().insert(k);
        }
    }
    home_sources(&mut flow);
    if flow.sources.is_empty() {
        return;
    }
    // A pass that adds nothing ends the fixpoint; still growing on the
    // pass after the budget, a chain deeper than it was not followed.
    if !(0..=PASSES).any(|_| !flow.pass()) {
        crate::limits::gave_up("TOKEN_FLOW_PASSES");
    }
    sinks(src, sink, &flow, ext);
}

/// `vim.env[k]` where `k` walks a literal list holding secret names (or
/// a name assigned such a list): a read of each secret named.
fn env_by_name(src: &Src, sink: &mut Sink, flow: &mut Flow) {
    let text = src.text;
    for i in 0..flow.stmts.len() {
        let t = flow.stmt_text(i);
        for c in ENV_BY_NAME.captures_iter(t) {
            let (Some(m), Some(v)) = (c.get(0), c.name("v")) else {
                continue;
            };
            let at = flow.stmts[i].start + m.start();
            // The loop over a literal list that binds `v`, before the read.
            let head = &text[..at];
            let Some(lp) = LOOPS
                .captures_iter(head)
                .filter(|l| {
                    ["lv", "rv", "pv", "hv", "gv", "sv"].iter().any(|g| {
                        l.name(g).is_some_and(|x| {
                            x.as_str()
                                .split(',')
                                .any(|p| p.trim().trim_start_matches('$') == v.as_str())
                        })
                    })
                })
                .last()
            else {
                continue;
            };
            let list = ["lx", "rx", "px", "hx", "gx", "sx"]
                .iter()
                .find_map(|g| lp.name(g))
                .map_or("", |x| x.as_str());
            let mut pool = list.to_string();
            for (_, n) in names(list) {
                for &j in flow.assigns.get(n).into_iter().flatten() {
                    pool.push_str(flow.stmt_text(j));
                }
            }
            let secrets: Vec<String> = crate::text::quoted_literals(&pool)
                .into_iter()
                .map(|(s, e)| pool[s..e].to_string())
                .filter(|n| super::indicators::is_secret_env(n))
                .collect();
            for n in secrets {
                let ev = super::concepts::env_read(&n, m.as_str());
                sink.push(src.at(ev, at, at + m.len(), "code"));
                flow.sources.push(Source {
                    kind: Kind::Secret,
                    ev: Some(sink.items.len() - 1),
                    url: None,
                    gate: None,
                });
                let k = flow.sources.len() - 1;
                flow.at_stmt.entry(i).or_default().insert(k);
            }
        }
    }
}

fn bind_of(sink: &mut Sink, flow: &Flow, s: usize) -> Option<String> {
    let ix = flow.sources[s].ev?;
    let ev = sink.items.get_mut(ix)?;
    Some(
        ev.output
            .get_or_insert_with(|| format!("$tokflow_{}_{ix}", ev.location.start_line))
            .clone(),
    )
}

fn sinks(src: &Src, sink: &mut Sink, flow: &Flow, ext: &str) {
    let text = src.text;
    let mut done: BTreeSet<(usize, u8)> = BTreeSet::new();
    for i in 0..flow.stmts.len() {
        let t = flow.stmt_text(i);
        let (s, e) = (flow.stmts[i].start, flow.stmts[i].end);
        let lead = t.len() - t.trim_start().len();
        if super::token_calls::in_comment_line(text, s + lead) {
            continue;
        }
        // Sends.
        let send = SEND_CALL.find(t).or_else(|| {
            RUN_CALL.find(t).filter(|_| {
                HTTP_CLIENT.is_match(t)
                    || names(t).iter().any(|(_, n)| {
                        flow.assigns
                            .get(*n)
                            .into_iter()
                            .flatten()
                            .any(|&j| HTTP_CLIENT.is_match(flow.stmt_text(j)))
                    })
            })
        });
        let mail = MAIL_DATA.find(t).filter(|_| send.is_none());
        if let Some(api) = send.or(mail) {
            let reach = flow.reaching(i, Kind::Secret);
            let url = if mail.is_some() {
                flow.mail_host_of(i, 2).map(|h| format!("smtp://{h}"))
            } else {
                flow.url_of(i, 2)
            };
            if !reach.is_empty()
                && let Some(url) = url
                && !url_host(&url).is_some_and(|h| is_local_host(&h))
                && done.insert((i, 0))
            {
                let inputs: Vec<String> = reach
                    .iter()
                    .filter_map(|&k| bind_of(sink, flow, k))
                    .collect();
                let mut ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, url.as_str())
                    .tags(classify_url(&url))
                    .instrument(api.as_str().trim_end_matches('(').to_string())
                    .object(if mail.is_some() {
                        "data sent by e-mail"
                    } else {
                        "data sent over HTTP"
                    });
                ev.inputs = inputs;
                sink.push(src.at(ev, s + lead, e, "code"));
            }
        }
        // Evaluators of fetched text.
        if let Some((w, built)) = evaluator(flow, ext, t) {
            let reach = flow.reaching(i, Kind::Fetched);
            if !reach.is_empty() && done.insert((i, 1)) {
                let url = reach
                    .iter()
                    .find_map(|&k| flow.sources[k].url.clone())
                    .unwrap_or_else(|| "fetched code".into());
                let mut ev = super::download_run::DownloadRun::code(url, Vec::new())
                    .instrument(format!("{w} of fetched text"))
                    .lower();
                if built {
                    ev.tags.insert(Tag::Obfuscated);
                }
                sink.push(src.at(ev, s + lead, e, "code"));
            }
        }
        // Deletes of the home folder.
        if let Some(d) = DELETES.find(t) {
            let reach = flow.reaching(i, Kind::Home);
            let args = &t[d.end()..];
            let home_used = reach.iter().any(|&k| {
                names(args).iter().any(|(at, n)| {
                    flow.lookup(flow.stmts[i].scope, n).contains(&k)
                        && !narrowed(&args[at + n.len()..])
                })
            });
            if home_used && done.insert((i, 2)) {
                let mut op =
                    super::fs_op::FsOp::new(super::fs_op::FsKind::Delete, "~").recursive(true);
                op.instrument = Some(d.as_str().trim_end_matches(['(', ' ']).to_string());
                op.object = Some("the home folder's entries deleted".into());
                for &k in &reach {
                    if let Some(g) = flow.sources[k].gate {
                        op.tags.insert(g);
                    }
                }
                sink.push(src.at(op.lower(), s + lead, e, "code"));
            }
        }
    }
}

/// A name followed by a literal subfolder (`"$home/.cache/x"`,
/// `home .. "/.app"`): a narrower place than the home folder.
fn narrowed(after: &str) -> bool {
    let a = after.trim_start_matches(['}', ')', ']', '"', '\'', ' ', '.']);
    let a = a.trim_start_matches(['"', '\'']);
    a.starts_with('/')
        && a[1..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_')
}

/// An expression without one pair of wrapping parentheses.
fn unparen(a: &str) -> &str {
    let a = a.trim();
    match a.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
        Some(x) => x.trim(),
        None => a,
    }
}
