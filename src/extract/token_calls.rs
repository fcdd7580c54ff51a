//! Calls in code no extractor parses (Go, Ruby, Perl, PHP, Rust, Lua, …),
//! read at token level:
//!
//! - command lines handed to a shell-run API (`system("…")`, Ruby/Perl/PHP
//!   backticks, `%x(…)`, `qx(…)`, `IO.popen("…")`, `sh -c "…"`) and argv
//!   lists (`system('aws', 'rds', …)`, `exec.Command("kubectl", …)`,
//!   `Open3.capture2e('psql', url, '-Atc', sql)`) are read by the shell
//!   extractor, so its command table (setuid copies, database drops,
//!   cloud deletes, sudoers writes) applies in every language; arguments
//!   that are not literals become `"$ARG"`;
//! - credential paths built from literal pieces (`filepath.Join(h, ".kube",
//!   "config")`, `File.join(Dir.home, '.npmrc')`, `%w[.npmrc …]`);
//! - SQL literals that wipe a database (the shell table's `sql_wipes`);
//! - mail sends (`Net::SMTP`, `smtp.SendMail`) to a literal relay.
//!
//! Nothing here proves a flow: a credential path and a send in one file are
//! evidence side by side, as the other token-level checks report them.

use super::indicators::classify_path;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use regex::Regex;
use std::collections::BTreeSet;
use std::sync::LazyLock;

use crate::limits::TOKEN_MAX_CALL_ARGS as MAX_ARGS_BYTES;

/// A download: an HTTP GET of a URL.
pub(super) static FETCH_API: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(http\.Get\(|http\.NewRequest\(\s*.GET|reqwest::(blocking::)?get\(|Net::HTTP\.get|URI\.open\(|open-uri|file_get_contents\(\s*.https?:|HttpClient|URLSession|LWP::Simple|getstore\(|HTTP::Tiny|HTTParty\.get|RestClient\.get|curl_exec\(|http\.request\(|ureq::get\(|(?:Command::new|exec\.Command(?:Context)?)\(\s*(?:ctx\s*,\s*)?"(?:curl|wget)")"#,
);

/// Calls that run a program: a lone string argument is a shell command
/// line; several arguments are an argv.
pub(super) static RUN_CALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:\b(?:Kernel\.)?(?:system|exec|spawn)|\bIO\.popen|\bpopen|\bOpen3\.(?:capture2e?|capture3|popen2e?|popen3|pipeline_r|pipeline_w|pipeline)|\bshell_exec|\bpassthru|\bproc_open|\bos\.execute|\bio\.popen|\bRuntime\.getRuntime\(\)\.exec|\bexec\.Command(?:Context)?|\bProcessBuilder|\bProcess\.Start|\bCommand::new|\bjobstart|\bvim\.system|\bvim\.fn\.system|\bvim\.fn\.systemlist|\bos\.spawn)\b\s*(\(|\s)",
);
/// Languages whose backticks (and `%x`/`qx`) run a shell command.
const BACKTICK_LANGS: &[&str] = &["rb", "pl", "pm", "php", "cr"];
/// `%x(…)`, `qx{…}`, and Ruby's `%(…)`, `%Q[…]`, `%q{…}` string literals.
static PERCENT_LIT: crate::rx::Lazy = crate::rx::Lazy::new(r"(%[xqQ]?|\bqx|\bqq|\bq)([(\[{<|!/])");
/// `%w[…]`, `%W(…)`, `qw(…)`: a list of words.
static WORD_LIST: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?:%[wWiI]|\bqw)\s*([(\[{<])([^\n)\]}>]{1,400})");
/// A call whose literal arguments (after at most one other) start at a dot
/// folder or file: the pieces of a home-relative path.
static DOT_JOIN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"[\w.:]+\s*\(\s*(?:[\w.$:]+(?:\(\))?\s*,\s*)?((?:"\.[^"\n]{1,80}"|'\.[^'\n]{1,80}')(?:\s*,\s*(?:"[^"\n]{1,80}"|'[^'\n]{1,80}')){0,8})"#,
);
static PIECE: crate::rx::Lazy = crate::rx::Lazy::new(r#"["']([^"'\n]{1,80})["']"#);
/// Code that names the user's home directory.
static HOME_REF: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(Dir\.home|Gem\.user_home|Etc\.getpwuid\.dir|UserHomeDir|home_dir\(|env::var(?:_os)?\(\s*"(?:HOME|CARGO_HOME|USERPROFILE)"|ENV\[\s*["']HOME|\$ENV\{\s*["']?HOME|getenv\(\s*["']HOME|user\.home|homedir|File\.expand_path\(\s*["']~|["']~/)"#,
);
/// Mail sent by SMTP.
static MAIL_API: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(Net::SMTP|smtp\.SendMail|smtp\.Dial|MIME::Lite|Email::Sender|Mail::Sendmail|lettre::|PHPMailer|javax\.mail|Transport\.send\()",
);
static MAIL_HOST: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^(?:[\w.+-]+@)?((?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|app|co|xyz|info|biz|me|cc|ru|cn|top|site|online|tk))$",
);

/// Dot folders joined on their own ([`secret_paths`]) combined with the
/// file names a file lists.
const MAX_JOIN_FOLDERS: usize = 8;

/// A call's argument: a literal's content span, or other code.
pub(super) enum Arg {
    Lit(usize, usize),
    Expr(usize, usize),
}

/// What the token scan of one file found here, given the file's quoted
/// literals (`tokens::literals`); `consumed` gets the start of every literal
/// read as a command line.
pub fn scan(
    src: &Src,
    sink: &mut Sink,
    literals: &[(usize, usize)],
    consumed: &mut BTreeSet<usize>,
) {
    let text = src.text;
    let ext = src.ext();
    let backticks = BACKTICK_LANGS.contains(&ext.as_str());
    let vars = file_vars(text);
    for m in RUN_CALL.find_iter(text) {
        run_call(src, sink, (m.start(), m.end()), consumed, &vars);
    }
    let ruby_like = backticks;
    let interpolation = super::str_join::Interpolation::new(text);
    if ruby_like {
        for (start, end, kind) in percent_literals(text) {
            let lit = &text[start..end];
            if kind == 'x' {
                consumed.insert(start);
                shell_line(src, sink, lit, start, &vars);
            } else {
                sql_literal(src, sink, &interpolation, (lit, start, end));
            }
        }
    }
    for &(start, end) in literals {
        if backticks && text.as_bytes()[start - 1] == b'`' && consumed.insert(start) {
            shell_line(src, sink, &text[start..end], start, &vars);
        } else if text.as_bytes()[start - 1] != b'`' {
            sql_literal(src, sink, &interpolation, (&text[start..end], start, end));
        }
    }
    secret_paths(src, sink, literals);
    mail_send(src, sink, literals);
}

/// One run call: a lone literal is a command line; `sh -c LINE` is LINE;
/// otherwise the argv, literals quoted and other arguments `"$ARG"`.
fn run_call(
    src: &Src,
    sink: &mut Sink,
    (start, end): (usize, usize),
    consumed: &mut BTreeSet<usize>,
    vars: &Vars,
) {
    let text = src.text;
    if in_comment_line(text, start) {
        return;
    }
    let paren = text[start..end].ends_with('(');
    let mut args = call_args(text, end, paren);
    if paren && text[start..end].starts_with("Command::new") {
        // Rust's builder: `Command::new("curl").arg("-d").args([x, url])`.
        chained_args(text, end, &mut args);
    }
    run_args(src, sink, start, &args, consumed, vars);
}

/// A run call's arguments (spans of `src.text`, possibly gathered from a
/// wrapper's body and its caller, `token_values::inline_wrappers`) read as
/// a command line or an argv at `start`.
pub(super) fn run_args(
    src: &Src,
    sink: &mut Sink,
    start: usize,
    args: &[Arg],
    consumed: &mut BTreeSet<usize>,
    vars: &Vars,
) {
    let text = src.text;
    // `jobstart({ "sh", "-c", line })`, `system(['sh', '-c', line])`,
    // `vim.system({ … })`: one list argument is the argv.
    let unwrapped;
    let args = match args {
        [Arg::Expr(s, e), ..]
            if matches!(text.as_bytes()[*s], b'{' | b'[')
                && matches!(text.as_bytes()[*e - 1], b'}' | b']') =>
        {
            unwrapped = call_args(text, s + 1, true);
            // A hash of environment settings (`{"A"=>"b"}`) is no argv.
            if matches!(unwrapped.first(), Some(Arg::Lit(..))) {
                unwrapped.as_slice()
            } else {
                args
            }
        }
        _ => args,
    };
    let lits: Vec<(usize, usize)> = args
        .iter()
        .filter_map(|a| match a {
            Arg::Lit(s, e) => Some((*s, *e)),
            Arg::Expr(..) => None,
        })
        .collect();
    // `io.popen(string.format("nslookup %s.x", label))`, `system("a " ..
    // v)`: a command line built from pieces, each unknown piece `$V`.
    if let [Arg::Expr(s, e)] = args
        && let Some(line) = fold_code(&text[*s..*e], vars)
        && line.contains(' ')
    {
        let line = interpolated(&line, vars);
        let inner = src.derived(&line, *s, *e, Origin::Script);
        super::shell::extract(&inner, sink);
        return;
    }
    let Some(&(fs, fe)) = lits.first() else {
        return;
    };
    let first = &text[fs..fe];
    if args.len() == 1 || (first.contains(' ') && !matches!(args.first(), Some(Arg::Lit(..)))) {
        // `system("cmd …")`, `Open3.capture2e(env, "cmd …")`.
        if first.contains(' ') && consumed.insert(fs) {
            shell_line(src, sink, first, fs, vars);
        }
        return;
    }
    if !matches!(args.first(), Some(Arg::Lit(..))) {
        return;
    }
    // `sh -c LINE`, `bash -ec LINE`: the interpreter table's shells and
    // code flags, over the leading literal arguments.
    let lead: Vec<&str> = args
        .iter()
        .map_while(|a| match a {
            Arg::Lit(s, e) => Some(&text[*s..*e]),
            Arg::Expr(..) => None,
        })
        .collect();
    if let Some((super::interp::Code::Lang(super::Lang::Shell), i)) = super::interp::code_arg(&lead)
    {
        let (ls, le) = lits[i];
        if consumed.insert(ls) {
            shell_line(src, sink, &text[ls..le], ls, vars);
            return;
        }
    }
    let mut line = String::new();
    for a in args {
        if !line.is_empty() {
            line.push(' ');
        }
        match a {
            Arg::Lit(s, e) => {
                consumed.insert(*s);
                line.push('"');
                for c in interpolated(&text[*s..*e], vars).chars() {
                    if matches!(c, '"' | '\\' | '`') {
                        line.push('\\');
                    }
                    line.push(c);
                }
                line.push('"');
            }
            Arg::Expr(s, e) => match fold_code(&text[*s..*e], vars) {
                // Quoted for the shell, quotes kept (`echo '%s'` inside).
                Some(v) => {
                    line.push('\'');
                    line.push_str(&v.replace('\'', "'\\''"));
                    line.push('\'');
                }
                None => line.push_str("\"$ARG\""),
            },
        }
    }
    let inner = src.nested(&line, start, Origin::Script);
    super::shell::extract(&inner, sink);
}

/// The argv a Rust `Command` builder adds after `Command::new(…)` (whose
/// arguments start at `from`): each chained `.arg(x)` and the members of
/// `.args([…])`/`.args(&[…])`, in order, up to the first other method.
pub(super) fn chained_args(text: &str, from: usize, args: &mut Vec<Arg>) {
    let mut pos = close_of(text, from, args.last());
    let mut links = 0usize;
    while let Some(p) = pos {
        links += 1;
        if links > crate::limits::TOKEN_MAX_EVAL_CALLS {
            crate::limits::gave_up("TOKEN_MAX_EVAL_CALLS");
            return;
        }
        let rest = text[p..].trim_start();
        let at = text.len() - rest.len();
        let (open, list) = if rest.starts_with(".arg(") {
            (at + ".arg(".len(), false)
        } else if rest.starts_with(".args(") {
            (at + ".args(".len(), true)
        } else {
            return;
        };
        let inner = call_args(text, open, true);
        let last = inner.last().map(|a| match *a {
            Arg::Lit(s, e) => Arg::Lit(s, e),
            Arg::Expr(s, e) => Arg::Expr(s, e),
        });
        match inner.as_slice() {
            [Arg::Expr(s, e)] if list => {
                let x = text[*s..*e].trim_start_matches('&');
                let xs = *e - x.len();
                if x.starts_with('[') && x.ends_with(']') {
                    args.extend(call_args(text, xs + 1, true));
                } else {
                    args.push(Arg::Expr(*s, *e));
                }
            }
            _ => args.extend(inner),
        }
        pos = close_of(text, open, last.as_ref());
    }
}

/// The byte after the `)` that closes a call whose arguments start at
/// `from` and whose last argument is `last`.
fn close_of(text: &str, from: usize, last: Option<&Arg>) -> Option<usize> {
    let after = match last {
        Some(Arg::Lit(_, e)) => e + 1,
        Some(Arg::Expr(_, e)) => *e,
        None => from,
    };
    let rest = text.get(after..)?;
    let t = rest.trim_start();
    t.starts_with(')')
        .then(|| after + (rest.len() - t.len()) + 1)
}

/// A call on a line that a comment opens (`# run system "…" later`,
/// `// exec.Command(…)`): prose about a call, not the call.
pub(super) fn in_comment_line(text: &str, at: usize) -> bool {
    let from = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let head = text[from..at].trim_start();
    ["#", "//", "/*", "*", "--", ";"]
        .iter()
        .any(|c| head.starts_with(c))
        && !head.starts_with("#{")
}

/// A literal command line, read by the shell extractor at its own place.
pub(super) fn shell_line(src: &Src, sink: &mut Sink, lit: &str, start: usize, vars: &Vars) {
    let line = interpolated(lit, vars);
    let inner = src.nested(&line, start, Origin::Script);
    super::shell::extract(&inner, sink);
}

/// A command line's interpolations: Perl's `$name`/`${name}`, Ruby's
/// `#{name}` and PHP's `$name` of a variable the file assigns a literal
/// become that literal (quoted); any other Ruby/Crystal `#{expr}` becomes a
/// shell variable (a `#` opening a shell word would start a comment and
/// hide the rest of the line).
fn interpolated(lit: &str, vars: &Vars) -> String {
    if !lit.contains("#{") && (vars.is_empty() || !lit.contains('$')) {
        return lit.to_string();
    }
    let b = lit.as_bytes();
    let mut out = String::with_capacity(lit.len());
    let mut i = 0;
    while i < b.len() {
        let ruby = b[i] == b'#' && b.get(i + 1) == Some(&b'{');
        if ruby || b[i] == b'$' {
            let braced = ruby || b.get(i + 1) == Some(&b'{');
            let from = i + if ruby || braced { 2 } else { 1 };
            let name_end = from
                + lit[from..]
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(lit.len() - from);
            let closed = !braced || b.get(name_end) == Some(&b'}');
            let end = if braced { name_end + 1 } else { name_end };
            match vars
                .get(&lit[from..name_end])
                .filter(|_| closed && name_end > from)
            {
                Some(v) => {
                    out.push('\'');
                    out.push_str(&v.replace('\'', ""));
                    out.push('\'');
                    i = end;
                    continue;
                }
                None if ruby => match lit[i..].find('}') {
                    Some(j) => {
                        out.push_str("${V}");
                        i += j + 1;
                        continue;
                    }
                    None => {
                        out.push_str(&lit[i..]);
                        break;
                    }
                },
                None => {}
            }
        }
        let ch = lit[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Variables a file assigns one literal: `my $role = "\x4f\x77…";`,
/// `role := "…"`, `role = [79, 119].pack('c*')`, `pack("C*", 79, …)`,
/// `string([]byte{79, …})`: name → the text it holds, escapes and
/// character codes decoded (`deobf::char_codes`).
pub(super) type Vars = std::collections::HashMap<String, String>;

/// The assignment lines [`literal_vars`] reads. The value's length is
/// bounded in code ([`MAX_LITERAL_UNITS`], [`MAX_CODES_CHARS`]), not by
/// `{0,400}`/`{1,2000}` in the pattern: a bounded repetition is compiled
/// as that many copies, and those copies made this one pattern cost 24 MB
/// per thread that used it (every Rust, Go, Ruby, Perl or PHP file), the
/// 124 → 164 MB rise of the registry's peak memory in round 14. A line
/// whose value is over the bound matches here and is dropped below, as the
/// bounded pattern did not match it.
static ASSIGN_LIT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^[ \t]*(?:(?:my|our|local|var|const|let)\s+)?[$@]?([A-Za-z_]\w{0,63})\s*:?=\s*(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|\[([0-9xXa-fA-F,\s]+)\]\.pack\(\s*['"][cCU]\*['"]\s*\)|pack\(\s*['"][cCU]\*['"]\s*,\s*([0-9xXa-fA-F,\s]+)\)|string\(\s*\[\]byte\s*\{([0-9xXa-fA-F,\s]+)\}\s*\))\s*;?[ \t]*$"#,
);

/// Characters (a backslash and the character after it counting as one) of a
/// quoted literal [`literal_vars`] reads.
const MAX_LITERAL_UNITS: usize = 400;
/// Characters of a list of character codes [`literal_vars`] reads.
const MAX_CODES_CHARS: usize = 2000;

/// Whether a captured value is within its bound: group 2 (a
/// double-quoted literal) counts an escape pair as one unit.
fn within_bound(group: usize, v: &str) -> bool {
    match group {
        2 => {
            let mut units = 0;
            let mut chars = v.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    chars.next();
                }
                units += 1;
                if units > MAX_LITERAL_UNITS {
                    return false;
                }
            }
            true
        }
        3 => v.chars().nth(MAX_LITERAL_UNITS).is_none(),
        _ => v.chars().nth(MAX_CODES_CHARS).is_none(),
    }
}

pub(super) fn literal_vars(text: &str) -> Vars {
    let mut vars = Vars::new();
    for c in ASSIGN_LIT.captures_iter(text) {
        let (Some(name), Some((group, v))) =
            (c.get(1), (2..=6).find_map(|i| c.get(i).map(|v| (i, v))))
        else {
            continue;
        };
        if !within_bound(group, v.as_str()) {
            continue;
        }
        let value = match group {
            2 => super::deobf::string_escapes(v.as_str()),
            3 => Some(v.as_str().to_string()),
            _ => super::deobf::char_codes(v.as_str()),
        };
        match value {
            Some(value) => vars.insert(name.as_str().to_string(), value),
            None => vars.remove(name.as_str()),
        };
    }
    vars
}

/// The literal variables of a file: [`literal_vars`] and [`percent_vars`].
pub(super) fn file_vars(text: &str) -> Vars {
    let mut vars = literal_vars(text);
    percent_vars(text, &mut vars);
    number_arrays(text, &mut vars);
    expr_vars(text, &mut vars);
    helper_returns(text, &mut vars);
    vars
}

/// A helper function that returns one string (Rust `fn f(n: usize) ->
/// String { format!(…) }`, Go `func f() string { return … }`, PHP/Perl/
/// Lua/Ruby `return …` as the body's last line).
static STRING_HELPER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^[ \t]*(?:pub(?:\([^)\n]*\))?\s+)?(?:fn\s+(\w+)\s*(?:<[^>\n]*>)?\s*\([^)\n]*\)\s*->\s*(?:String|&'static\s+str|Cow<[^>\n]*>)\s*\{|func\s+(\w+)\s*\([^)\n]*\)\s*string\s*\{|(?:(?:public|private|protected|static)\s+)*function\s+(\w+)\s*\([^)\n]*\)[^{\n]*\{|sub\s+(\w+)\s*\{|(?:local\s+)?function\s+([\w.]+)\s*\([^)\n]*\)\s*$|def\s+(\w+)[^\n]*$)",
);

/// Round 29: what a local helper returns, when it folds to a string
/// ([`fold_code`]), as the variable `name()`: a call of the helper
/// (`warm_worker_script(threads)`) folds to it, its unknown pieces `$V`.
/// Bodies are read up to `TOKEN_MAX_BODY` bytes (past it, incomplete).
fn helper_returns(text: &str, vars: &mut Vars) {
    for (n, c) in STRING_HELPER.captures_iter(text).enumerate() {
        if n == crate::limits::TOKEN_MAX_WRAPPERS {
            crate::limits::gave_up("TOKEN_MAX_WRAPPERS");
            break;
        }
        let (Some(m), Some(name)) = (c.get(0), (1..=6).find_map(|i| c.get(i))) else {
            continue;
        };
        let braces = m.as_str().trim_end().ends_with('{');
        let limit = (m.end() + crate::limits::TOKEN_MAX_BODY).min(text.len());
        let body_end = if braces {
            let b = text.as_bytes();
            let mut depth = 1usize;
            let mut i = m.end();
            while i < limit && depth > 0 {
                match b[i] {
                    b'{' => depth += 1,
                    b'}' => depth -= 1,
                    _ => {}
                }
                i += 1;
            }
            if depth > 0 {
                if limit < text.len() {
                    crate::limits::gave_up("TOKEN_MAX_BODY");
                }
                continue;
            }
            i - 1
        } else {
            // `end`-closed bodies: up to the first `end` line.
            let body = &text[m.end()..limit];
            match body.find("\nend").or_else(|| body.find("\n  end")) {
                Some(k) => m.end() + k,
                None => continue,
            }
        };
        let body = text[m.end()..body_end].trim();
        // The last statement: one expression, or `return EXPR`.
        let last = body
            .rsplit(['\n', ';'])
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with('#'))
            .unwrap_or("");
        // The body without its leading comment lines.
        let mut whole = body;
        while whole.starts_with("//") || whole.starts_with('#') || whole.starts_with("--") {
            whole = whole.split_once('\n').map_or("", |(_, r)| r).trim_start();
        }
        let expr = if whole.starts_with("format!(") && whole.trim_end_matches(';').ends_with(')') {
            whole.trim_end_matches(';').trim()
        } else {
            last.strip_prefix("return ")
                .unwrap_or(last)
                .trim_end_matches(';')
                .trim()
        };
        if expr.is_empty() || expr.len() > 4000 {
            continue;
        }
        if let Some(v) = fold_code(expr, vars) {
            let key = format!(
                "{}()",
                name.as_str().rsplit(['.', ':']).next().unwrap_or("")
            );
            vars.entry(key).or_insert(v);
        }
    }
}

/// An assignment whose value is code: `local job = string.format(…)`,
/// `$cb = '<?php …' . $x;`, `let home = …;`, `line := fmt.Sprintf(…)`.
/// Round 39: a pattern binding (`if let Ok(sock) = addr.parse()`, `let
/// Some(h) = host else …`) binds its name to the value, as `let sock = …`.
static ASSIGN_EXPR: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^[ \t]*(?:(?:my|our|local|var|const|let(?:\s+mut)?)\s+)?(?:[$@]?([A-Za-z_]\w{0,63})|(?:(?:if|while)\s+)?let\s+(?:Ok|Some)\(\s*(?:mut\s+)?([A-Za-z_]\w{0,63})\s*\))\s*:?=[ \t]*",
);

/// Round 19: variables a file assigns a string built from pieces (a format
/// call, a concatenation, possibly over several lines) that
/// [`fold_code`] folds with the variables known before it, each unknown
/// piece the opaque word `$V`: `local job = string.format("… %d …",
/// cores(), cache)` then `os.execute(job)`. A name already holding a
/// literal keeps it; at most [`crate::limits::TOKEN_MAX_EXPR_VARS`]
/// assignments are read (past it the file is incomplete).
fn expr_vars(text: &str, vars: &mut Vars) {
    let mut seen = 0;
    for c in ASSIGN_EXPR.captures_iter(text) {
        let (Some(name), Some(m)) = (c.get(1).or_else(|| c.get(2)), c.get(0)) else {
            continue;
        };
        let after = text.as_bytes().get(m.end()).copied();
        // `==`, `=~`, `=>`: a comparison, a match, a pair.
        if matches!(after, Some(b'=' | b'~' | b'>' | b'\n') | None)
            || vars.contains_key(name.as_str())
        {
            continue;
        }
        seen += 1;
        if seen > crate::limits::TOKEN_MAX_EXPR_VARS {
            crate::limits::gave_up("TOKEN_MAX_EXPR_VARS");
            return;
        }
        // A pattern binding's line goes on with its block (`… =
        // addr.parse() {`): its value is the rest of the line.
        let line_end = text[m.end()..]
            .find('\n')
            .map_or(text.len(), |n| m.end() + n);
        let block = c.get(2).is_some().then(|| {
            text[m.end()..line_end]
                .trim_end()
                .trim_end_matches('{')
                .trim_end()
        });
        let args;
        let expr = match block {
            Some(b) => b,
            None => {
                args = call_args(text, m.end(), false);
                let [Arg::Expr(s, e)] = args.as_slice() else {
                    continue;
                };
                text[*s..*e].trim_end_matches(';')
            }
        };
        // Round 41: a literal list (`local collector = { string.char(49,
        // 56, 53), "199", … }`, `parts := []string{…}`, `my @p = (…);`) is
        // kept as written under `NAME{}`, so a join that names it
        // (`table.concat(collector, ".")`) reads its members.
        if let Some(list) = list_literal(expr) {
            vars.insert(format!("{}{{}}", name.as_str()), list.to_string());
        }
        if let Some(v) = fold_code(expr, vars).filter(|v| v.len() <= MAX_ARGS_BYTES) {
            vars.insert(name.as_str().to_string(), v);
        }
    }
}

/// Round 41: a literal list as the whole value of an assignment (`{…}`,
/// `[…]`, `(…)`, `[]string{…}`), a trailing comment after it allowed
/// (`} -- collector address`): the list with its brackets.
fn list_literal(expr: &str) -> Option<&str> {
    let t = expr.trim();
    let body = t.strip_prefix("[]string").unwrap_or(t);
    let head = t.len() - body.len();
    let close = match body.as_bytes().first()? {
        b'{' => b'}',
        b'[' => b']',
        b'(' => b')',
        _ => return None,
    };
    let b = body.as_bytes();
    let (mut depth, mut quote) = (0usize, 0u8);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' if quote != 0 => i += 1,
            _ if quote != 0 => {
                if c == quote {
                    quote = 0;
                }
            }
            b'"' | b'\'' => quote = c,
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    if c != close {
                        return None;
                    }
                    let rest = body[i + 1..].trim_start();
                    let rest = rest.strip_prefix(';').unwrap_or(rest).trim_start();
                    let comment =
                        rest.is_empty() || ["--", "//", "#"].iter().any(|m| rest.starts_with(m));
                    return comment.then(|| &t[..head + i + 1]);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Ruby's `NAME = %q{…}` / `%(…)` / `%Q[…]` string assignments, added to
/// the literal variables (a one-line value, as [`literal_vars`] reads).
fn percent_vars(text: &str, vars: &mut Vars) {
    static HEAD: crate::rx::Lazy =
        crate::rx::Lazy::new(r"^[ \t]*([A-Za-z_]\w{0,63})\s*=\s*%[qQ]?.$");
    for (start, end, kind) in percent_literals(text) {
        let from = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let Some(c) = HEAD.captures(&text[from..start]) else {
            continue;
        };
        let value = &text[start..end];
        if kind == 's' && value.chars().nth(MAX_LITERAL_UNITS).is_none() {
            vars.insert(c[1].to_string(), value.to_string());
        }
    }
}

/// The arguments after a call's name, up to the closing parenthesis (or,
/// without one, the end of the line), at most [`MAX_ARGS_BYTES`]. Keyword
/// arguments (`out: File::NULL`, `err => …`) are left out.
pub(super) fn call_args(text: &str, from: usize, paren: bool) -> Vec<Arg> {
    let b = text.as_bytes();
    let stop = (from + MAX_ARGS_BYTES).min(b.len());
    let mut args = Vec::new();
    let mut i = from;
    loop {
        // Inside parentheses, or after a comma, a call goes on over lines
        // (`exec.Command("aws", …,\n\t"--flag", "0")`, Ruby's `sh "aws",\n "rds"`).
        let more = paren || i > from;
        while i < stop && (matches!(b[i], b' ' | b'\t') || more && matches!(b[i], b'\n' | b'\r')) {
            i += 1;
        }
        if i >= stop {
            if stop < b.len() {
                crate::limits::gave_up("TOKEN_MAX_CALL_ARGS");
            }
            return args;
        }
        let q = b[i];
        let arg_start = i;
        let mut lit = None;
        if let Some((s, e)) = quote_literal(text, i, stop) {
            // `%q{…}`, `%(…)`, `%Q[…]`, Perl `qq{…}`: a string literal
            // (round 18: `system(%q{(crontab -l; echo …) | crontab -})`).
            lit = Some((s, e));
            i = e + 1;
        } else if matches!(q, b'"' | b'\'' | b'`') {
            let mut j = i + 1;
            while j < stop && b[j] != q && b[j] != b'\n' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            if j < stop && b[j] == q {
                lit = Some((i + 1, j));
                i = j + 1;
            }
        }
        // The rest of the argument, to a comma or the end at depth 0.
        let mut depth = 0i32;
        let mut extra = false;
        while i < stop {
            let c = b[i];
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth > 0 => depth -= 1,
                b')' | b']' | b'}' => break,
                b',' if depth == 0 => break,
                b'\n' | b';' if depth == 0 && !paren => break,
                b'"' | b'\'' => {
                    let mut j = i + 1;
                    while j < stop && b[j] != c && b[j] != b'\n' {
                        j += if b[j] == b'\\' { 2 } else { 1 };
                    }
                    i = j;
                }
                _ => {}
            }
            if !c.is_ascii_whitespace() {
                extra = true;
            }
            i += 1;
        }
        let piece = text.get(arg_start..i.min(stop)).unwrap_or("").trim();
        let keyword = piece.contains("=>") || keyword_arg(piece);
        match lit {
            _ if keyword => {}
            Some((s, e)) if !extra && text.is_char_boundary(s) && text.is_char_boundary(e) => {
                args.push(Arg::Lit(s, e))
            }
            _ if !piece.is_empty() => {
                let at = arg_start + text[arg_start..].len() - text[arg_start..].trim_start().len();
                args.push(Arg::Expr(at, at + piece.len()))
            }
            _ => {}
        }
        if i < stop && b[i] == b',' {
            i += 1;
            continue;
        }
        return args;
    }
}

/// A string-building expression as text, for code handed to a shell or an
/// interpreter (round 18): a literal, a variable holding one, a
/// concatenation (`"nslookup " .. label .. ".r.example.net"`, PHP/Perl
/// `.`, `+`), or a format call (`string.format("nslookup %s.%d.x", a, i)`,
/// `sprintf`, `fmt.Sprintf`, `format`, `String.format`) whose
/// specifiers take each argument's text; an operand that does not fold is
/// the opaque word `$V`, so the rest is still read. `None` when no piece is
/// a literal.
/// The fallback branch of a conditional expression outside any quotes:
/// `B` of `C ? A : B`, `A` of `A if C else B`.
fn ternary_alternative(a: &str) -> Option<&str> {
    let outside = |i: usize| {
        let head = &a[..i];
        head.matches('"').count() % 2 == 0 && head.matches('\'').count() % 2 == 0
    };
    let q = a.match_indices(" ? ").map(|(i, _)| i).find(|&i| outside(i));
    if let Some(q) = q {
        let c = a[q..]
            .match_indices(" : ")
            .map(|(i, _)| q + i)
            .find(|&i| outside(i))?;
        return Some(a[c + 3..].trim());
    }
    let i = a
        .match_indices(" if ")
        .map(|(i, _)| i)
        .find(|&i| outside(i))?;
    a[i..].contains(" else ").then(|| a[..i].trim())
}

pub fn fold_code(a: &str, vars: &Vars) -> Option<String> {
    let mut literal = false;
    let out = fold_code_depth(a.trim(), vars, 0, &mut literal)?;
    literal.then_some(out)
}

/// Conversions that keep a value (Rust's parse and copies, a `?`).
const CONVERSION: &[&str] = &[
    ".parse()",
    ".unwrap()",
    ".to_string()",
    ".to_owned()",
    ".as_str()",
    ".clone()",
    ".into()",
    "?",
    "++",
    "--",
];

/// Round 39: a list of numbers assigned to a name (`let octets: [u8; 4] =
/// [193, 233, 202, 40];`, `var k = []byte{0x9b, 0x2d}`, `KEY = [7, 9]`,
/// `const t = new Uint8Array([1, 2])`): capture 1 the name, 2 the list.
static NUMBER_LIST: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^[ \t]*(?:pub\s+)?(?:(?:static|const|let(?:\s+mut)?|var|my|our|local)\s+)?[$@]?([A-Za-z_]\w{0,63})\s*(?::[^=\n]*)?:?=\s*(?:\[\](?:byte|uint8|int)|vec!|bytes\(|new\s+Uint8Array\(|\[u8;\s*\d+\])?\s*[\[{(]\s*((?:0[xX][0-9a-fA-F]{1,2}|\d{1,3})(?:\s*,\s*(?:0[xX][0-9a-fA-F]{1,2}|\d{1,3}))*)\s*,?\s*[\]})]",
);

/// The number lists of a file, as the variable `NAME[]` holding the
/// numbers comma-separated (at most [`MAX_CODES_CHARS`] characters, as a
/// list of character codes; a longer list is not read, as there).
fn number_arrays(text: &str, vars: &mut Vars) {
    for c in NUMBER_LIST.captures_iter(text) {
        let (Some(name), Some(list)) = (c.get(1), c.get(2)) else {
            continue;
        };
        if list.as_str().len() > MAX_CODES_CHARS {
            continue;
        }
        let key = format!("{}[]", name.as_str());
        vars.entry(key)
            .or_insert_with(|| list.as_str().split_whitespace().collect::<String>());
    }
}

/// A number spelled in decimal or `0x` hex, up to 64 bits.
fn int_literal(s: &str) -> Option<u64> {
    let s = s.trim();
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

/// `NAME[i]` or `NAME[i] ^ K` over a number list the file assigns
/// ([`number_arrays`]): the element, XORed with the constant key (the
/// shared decoder's single-key XOR, one element at a time).
static ELEMENT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\(?\s*([A-Za-z_]\w{0,63})\s*\[\s*(\d{1,4})\s*\]\s*(?:\^\s*(0[xX][0-9a-fA-F]{1,16}|\d{1,19})\s*)?\)?(?:\s+as\s+\w+)?$",
);

fn array_element(a: &str, vars: &Vars) -> Option<u64> {
    if !a.contains('[') {
        return None;
    }
    let c = ELEMENT.captures(a)?;
    let list = vars.get(&format!("{}[]", &c[1]))?;
    let i: usize = c[2].parse().ok()?;
    let v = int_literal(list.split(',').nth(i)?)?;
    let key = match c.get(3) {
        Some(k) => int_literal(k.as_str())?,
        None => 0,
    };
    Some(v ^ key)
}

static FORMAT_CALL: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"^(?:string\.format|sprintf|fmt\.Sprintf|format!?|String\.format|Kernel\.format)\s*\(",
    )
});
static SPEC: LazyLock<Regex> =
    LazyLock::new(|| crate::rx::re(r"%%|%[-+ #0]*[0-9*]*(?:\.[0-9*]+)?[sdiuxXfgqvcbo]"));
/// Round 25: Rust's `format!` placeholders (`{}`, `{0}`, `{:x}`, `{name}`)
/// and escaped braces.
static RUST_SPEC: LazyLock<Regex> =
    LazyLock::new(|| crate::rx::re(r"\{\{|\}\}|\{[A-Za-z_0-9]*(?::[^{}]*)?\}"));

fn fold_code_depth(a: &str, vars: &Vars, depth: usize, literal: &mut bool) -> Option<String> {
    if depth > 4 || a.is_empty() {
        return None;
    }
    let quoted = a.len() >= 2
        && (a.starts_with('"') && a.ends_with('"') || a.starts_with('\'') && a.ends_with('\''));
    if quoted && let Some(inner) = unescaped_quotes(&a[1..a.len() - 1], a.as_bytes()[0]) {
        *literal = true;
        return Some(inner);
    }
    // Round 20: `File.expand_path(X)` is X; `C ? A : B` and `A if C else
    // B` are read as the alternative the code falls back to (B, A: when
    // both are start-up files, `~/.zshrc` or `~/.bashrc`, either is one).
    if let Some(inner) = a
        .strip_prefix("File.expand_path(")
        .and_then(|r| r.strip_suffix(')'))
    {
        return fold_code_depth(inner.trim(), vars, depth + 1, literal);
    }
    if let Some(alt) = ternary_alternative(a) {
        return fold_code_depth(alt, vars, depth + 1, literal);
    }
    if let Some(m) = FORMAT_CALL.find(a)
        && a.ends_with(')')
    {
        let args = call_args(a, m.end(), true);
        let mut texts = args.iter().map(|arg| match arg {
            Arg::Lit(s, e) => {
                *literal = true;
                a[*s..*e].to_string()
            }
            Arg::Expr(s, e) => {
                fold_code_depth(&a[*s..*e], vars, depth + 1, literal).unwrap_or_else(|| "$V".into())
            }
        });
        let fmt = match args.first() {
            Some(Arg::Lit(..)) => texts.next()?,
            _ => return None,
        };
        let mut out = String::new();
        let mut last = 0;
        let rust = m.as_str().starts_with("format!");
        let spec: &Regex = if rust { &RUST_SPEC } else { &SPEC };
        for m in spec.find_iter(&fmt) {
            out.push_str(&fmt[last..m.start()]);
            match m.as_str() {
                "%%" if !rust => out.push('%'),
                "{{" | "}}" if rust => out.push_str(&m.as_str()[..1]),
                s if rust && s[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => {
                    // `{name}`: a variable captured by name.
                    let name = s[1..s.len() - 1].split(':').next().unwrap_or("");
                    out.push_str(vars.get(name).map_or("$V", String::as_str));
                }
                _ => out.push_str(&texts.next().unwrap_or_else(|| "$V".into())),
            }
            last = m.end();
        }
        out.push_str(&fmt[last..]);
        return Some(out);
    }
    if let Some(v) = char_list(a) {
        *literal = true;
        return Some(v);
    }
    if let Some(v) = fold_join(a, vars, depth, literal) {
        return Some(v);
    }
    let parts = concat_parts(a);
    if parts.len() > 1 {
        let mut out = String::new();
        for p in parts {
            match fold_code_depth(p, vars, depth + 1, literal) {
                Some(t) => out.push_str(&t),
                None => out.push_str("$V"),
            }
        }
        return Some(out);
    }
    // Round 27: a number is its own text (`join('.', 198, 51, 100, 23)`,
    // `sprintf("%d.%d.%d.%d", 198, 51, 100, 23)`: an address built from
    // octets folds to the address).
    if a.len() <= 20 && a.bytes().all(|b| b.is_ascii_digit()) {
        *literal = true;
        return Some(a.to_string());
    }
    // Round 39: an element of a constant number list, XORed with a
    // constant or not (`octets[0]`, `telemetry[1]^0x60`): its number.
    if let Some(n) = array_element(a, vars) {
        *literal = true;
        return Some(n.to_string());
    }
    // Round 39: a conversion of a value is the value (`addr.parse()`,
    // `host.to_string()`, `&addr`, `addr?`).
    if let Some(inner) = CONVERSION
        .iter()
        .find_map(|c| a.strip_suffix(c))
        .or_else(|| a.strip_prefix('&'))
        .filter(|x| !x.is_empty())
    {
        return fold_code_depth(inner.trim(), vars, depth + 1, literal);
    }
    let name = a.trim_start_matches(['$', '@']);
    // Round 29: a call of a helper that returns a string
    // ([`helper_returns`]).
    if let Some(open) = name.find('(')
        && name.ends_with(')')
        && name[..open]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && let Some(v) = vars.get(&format!("{}()", &name[..open]))
    {
        *literal = true;
        return Some(v.clone());
    }
    let v = vars.get(name)?;
    *literal = true;
    Some(v.clone())
}

/// Round 29: a string spelled as character codes, in every token-level
/// language's spelling: PHP `array_map('chr', [97, …])` and `chr(97)`,
/// Lua `string.char(97, …)`, Perl `pack('C*', 97, …)`, Ruby `[97,
/// …].pack('c*')`, Rust `String::from_utf8(vec![97, …])`, Go
/// `string([]byte{97, …})`; decoded by the shared `deobf::char_codes`.
static CHAR_LIST: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r#"^(?:array_map\(\s*['"]chr['"]\s*,\s*\[(?P<a>[\dxX,\s]+)\]\s*\)|chr\(\s*(?P<b>\d{1,4})\s*\)|string\.char\(\s*(?P<c>[\dxX,\s]+)\)|pack\(\s*['"][cCU]\*['"]\s*,\s*(?P<d>[\dxX,\s]+)\)|\[(?P<e>[\dxX,\s]+)\]\.pack\(\s*['"][cCU]\*['"]\s*\)|String::from_utf8(?:_lossy)?\(\s*&?(?:vec!)?\[(?P<f>[\dxX,\s]+)\]\s*(?:\.to_vec\(\))?\)(?:\.unwrap\(\))?|string\(\s*\[\]byte\{(?P<g>[\dxX,\s]+)\}\s*\)|String\.fromCharCode\(\s*(?P<h>[\dxX,\s]+)\))$"#,
    )
});

fn char_list(a: &str) -> Option<String> {
    let c = CHAR_LIST.captures(a)?;
    let list = ["a", "b", "c", "d", "e", "f", "g", "h"]
        .iter()
        .find_map(|n| c.name(n))?;
    super::deobf::char_codes(list.as_str().trim().trim_end_matches(','))
}

/// Round 20: a string joined from a list or reversed, in the token-level
/// languages: Lua `table.concat({…}, sep)` and `string.reverse(x)` /
/// `x:reverse()`, Ruby `[…].join(sep)` and `x.reverse`, Perl `join(sep,
/// …)` and `scalar reverse(x)`, PHP `implode(sep, […])` and `strrev(x)`, Go
/// `strings.Join([]string{…}, sep)`. Each element folds as [`fold_code`]
/// folds (unknown ones `$V`).
fn fold_join(a: &str, vars: &Vars, depth: usize, literal: &mut bool) -> Option<String> {
    let fold = |x: &str, literal: &mut bool| {
        fold_code_depth(x.trim(), vars, depth + 1, literal).unwrap_or_else(|| "$V".into())
    };
    let arg_texts = |inner: &str| -> Vec<String> {
        call_args(inner, 0, true)
            .iter()
            .map(|x| match *x {
                Arg::Lit(s, e) => inner[s.saturating_sub(1)..(e + 1).min(inner.len())].to_string(),
                Arg::Expr(s, e) => inner[s..e].to_string(),
            })
            .collect()
    };
    // The members of a literal list: `{…}`, `[…]`, `(…)`, `[]string{…}`.
    let members = |list: &str| -> Option<Vec<String>> {
        // Round 31: Ruby `%w[a d m i n]` / Perl `qw(a b)`: bare words.
        let t = list.trim();
        if let Some(w) = ["%w", "%W", "qw"].iter().find_map(|p| t.strip_prefix(p))
            && w.len() >= 2
            && matches!(w.as_bytes()[0], b'[' | b'(' | b'{' | b'<')
        {
            let inner = &w[1..w.len() - 1];
            return Some(
                inner
                    .split_whitespace()
                    .map(|x| format!("\"{x}\""))
                    .collect(),
            );
        }
        // Round 41: a name the file assigns a literal list (`collector`,
        // `@parts`): that list's members.
        let named = t.trim_start_matches(['@', '$']);
        if !named.is_empty()
            && named
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && let Some(list) = vars.get(&format!("{named}{{}}"))
        {
            let l = list.trim_start_matches("[]string");
            return (l.len() >= 2).then(|| arg_texts(&l[1..l.len() - 1]));
        }
        let l = t.trim_start_matches("[]string");
        let open = l.chars().next()?;
        let close = match open {
            '{' => '}',
            '[' => ']',
            '(' => ')',
            _ => return None,
        };
        l.ends_with(close).then(|| arg_texts(&l[1..l.len() - 1]))
    };
    // A join none of whose members folds to a literal is left unknown
    // (`join('/', @p)` stays `$h`, not `$V`).
    let joined = |items: &[String], sep: &str, literal: &mut bool| {
        let mut any = false;
        let out = items
            .iter()
            .map(|i| fold(i, &mut any))
            .collect::<Vec<_>>()
            .join(sep);
        *literal |= any;
        any.then_some(out)
    };
    let call = |head: &str| -> Option<Vec<String>> {
        a.strip_prefix(head)
            .and_then(|r| r.strip_suffix(')'))
            .map(arg_texts)
    };
    let unquote =
        |x: Option<&String>, literal: &mut bool| x.map(|x| fold(x, literal)).unwrap_or_default();
    if let Some(args) = call("table.concat(").or_else(|| call("strings.Join(")) {
        let items = members(args.first()?)?;
        let sep = unquote(args.get(1), literal);
        return joined(&items, &sep, literal);
    }
    // Round 41: Perl's `join SEP, LIST` without parentheses.
    let bare_join = a
        .strip_prefix("join ")
        .filter(|r| r.trim_start().starts_with(['\'', '"']))
        .map(arg_texts);
    if let Some(args) = call("implode(").or_else(|| call("join(")).or(bare_join) {
        let sep = unquote(args.first(), literal);
        // Round 29: `implode('', array_map('chr', [101, 118, …]))`.
        if let Some(codes) = args.get(1).and_then(|l| chr_mapped(l.trim())) {
            *literal = true;
            return Some(codes.join(&sep));
        }
        let items = match args.get(1).and_then(|l| members(l)) {
            Some(items) if args.len() == 2 => items,
            _ => args.get(1..)?.to_vec(),
        };
        return joined(&items, &sep, literal);
    }
    // Round 29: PHP/Perl `chr(101)` (decimal or `0x65`).
    if let Some(args) = call("chr(").or_else(|| call("Chr(")) {
        let c = char_code(args.first()?)?;
        *literal = true;
        return Some(c.to_string());
    }
    if let Some(args) = call("strrev(")
        .or_else(|| call("string.reverse("))
        .or_else(|| call("reverse("))
        .or_else(|| call("scalar reverse("))
    {
        let v = fold_code_depth(args.first()?.trim(), vars, depth + 1, literal)?;
        return Some(v.chars().rev().collect());
    }
    for tail in [".reverse", ":reverse()", ".reverse()"] {
        if let Some(x) = a.strip_suffix(tail) {
            let v = fold_code_depth(x.trim(), vars, depth + 1, literal)?;
            return Some(v.chars().rev().collect());
        }
    }
    // Round 40: Python `SEP.join(LIST)` (`"".join(["Admin", "istrator"])`):
    // the separator is the literal before the call.
    if let Some(i) = a.find(".join(")
        && a.ends_with(')')
        && let Some(sep) = quoted(&a[..i])
        && let [list] = &arg_texts(&a[i + 6..a.len() - 1])[..]
    {
        let items = members(list)?;
        return joined(&items, sep, literal);
    }
    // Ruby `[…].join` / `.join(sep)`.
    let (list, sep) = if let Some(x) = a.strip_suffix(".join") {
        (x, String::new())
    } else {
        let i = a.rfind(".join(")?;
        let sep_args = arg_texts(a[i + 6..].strip_suffix(')')?);
        (&a[..i], unquote(sep_args.first(), literal))
    };
    let items = members(list)?;
    joined(&items, &sep, literal)
}

/// The text of a plain string literal `"…"`/`'…'` without escapes or
/// quotes inside.
fn quoted(t: &str) -> Option<&str> {
    let t = t.trim();
    let q = *t.as_bytes().first()?;
    (t.len() >= 2 && matches!(q, b'"' | b'\'') && t.ends_with(q as char))
        .then(|| &t[1..t.len() - 1])
        .filter(|inner| !inner.contains(['"', '\'', '\\']))
}

/// A character code written in decimal or `0x` hex (`101`, `0x65`).
fn char_code(t: &str) -> Option<char> {
    let t = t.trim();
    let n = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => u32::from_str_radix(h, 16).ok()?,
        None => t.parse::<u32>().ok()?,
    };
    char::from_u32(n).filter(|c| !c.is_control())
}

/// `array_map('chr', [101, 118])` / `array_map("chr", array(101, 118))`:
/// the characters, one a code.
fn chr_mapped(a: &str) -> Option<Vec<String>> {
    let inner = a.strip_prefix("array_map(")?.strip_suffix(')')?;
    let (f, list) = inner.split_once(',')?;
    if f.trim().trim_matches(['\'', '"']) != "chr" {
        return None;
    }
    let list = list.trim();
    let body = list
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .or_else(|| {
            list.strip_prefix("array(")
                .and_then(|r| r.strip_suffix(')'))
        })?;
    body.split(',')
        .map(|n| char_code(n).map(|c| c.to_string()))
        .collect()
}

/// A literal's content when every quote `q` in it is escaped (`echo \"`):
/// the content with those escapes undone; `None` when a bare quote ends
/// the literal early (the text is several operands).
fn unescaped_quotes(inner: &str, q: u8) -> Option<String> {
    if !inner.contains(q as char) {
        return Some(inner.to_string());
    }
    let b = inner.as_bytes();
    let mut out = String::with_capacity(inner.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() && (b[i + 1] == q || b[i + 1] == b'\\') {
            out.push(b[i + 1] as char);
            i += 2;
            continue;
        }
        if b[i] == q {
            return None;
        }
        let ch = inner[i..].chars().next()?;
        out.push(ch);
        i += ch.len_utf8();
    }
    Some(out)
}

/// The operands of a string concatenation at the top level (`a + "/x"`,
/// PHP's and Perl's `a . '/x'`, Lua's `a .. '/x'`), outside quotes and
/// brackets.
pub(super) fn concat_parts(a: &str) -> Vec<&str> {
    let b = a.as_bytes();
    let (mut depth, mut quote, mut from) = (0i32, None, 0);
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match quote {
            Some(_) if c == b'\\' => i += 1,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                b'"' | b'\'' | b'`' => quote = Some(c),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                // Round 41: `$i++`/`++i` is a step of one value, not a
                // concatenation.
                b'+' if depth == 0 && b.get(i + 1) == Some(&b'+') => i += 1,
                b'+' if depth == 0 => {
                    out.push(a[from..i].trim());
                    from = i + 1;
                }
                // Round 29: PHP's unspaced `"as"."sert"`, `chr(97).chr(115)`.
                b'.' if depth == 0
                    && (i == 0
                        || b[i - 1] == b' '
                        || b.get(i + 1) == Some(&b' ')
                        || b.get(i + 1) == Some(&b'.')
                        || matches!(b[i - 1], b'"' | b'\'' | b')')
                            && (matches!(b.get(i + 1), Some(b'"' | b'\'' | b'$'))
                                || a[i + 1..].starts_with("chr("))) =>
                {
                    let skip = if b.get(i + 1) == Some(&b'.') { 2 } else { 1 };
                    out.push(a[from..i].trim());
                    from = i + skip;
                    i += skip - 1;
                }
                _ => {}
            },
        }
        i += 1;
    }
    out.push(a[from..].trim());
    out
}

/// A quote-like string literal starting at `i`: Ruby's `%q{…}`, `%Q(…)`,
/// `%(…)`, `%[…]`, `%{…}` and Perl's `q{…}`, `qq{…}`, `qq(…)`, `q|…|`
/// (bracket pairs nest; at most up to `stop`): its content span.
fn quote_literal(text: &str, i: usize, stop: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let rest = &b[i..stop];
    let head = if rest.starts_with(b"%q") || rest.starts_with(b"%Q") || rest.starts_with(b"qq") {
        2
    } else if rest.first() == Some(&b'%') || rest.first() == Some(&b'q') {
        1
    } else {
        return None;
    };
    let opener = *rest.get(head)?;
    let perl_q = rest[0] == b'q' && head == 1;
    let close = match opener {
        b'(' if !perl_q => b')',
        b'[' if !perl_q => b']',
        b'{' => b'}',
        b'<' if rest[0] != b'q' => b'>',
        b'|' | b'!' => opener,
        b'(' if rest[0] == b'q' && head == 2 => b')',
        _ => return None,
    };
    let from = i + head + 1;
    let mut depth = 0usize;
    let mut j = from;
    while j < stop {
        let c = b[j];
        if c == b'\\' {
            j += 2;
            continue;
        }
        if c == opener && opener != close {
            depth += 1;
        } else if c == close {
            if depth == 0 {
                break;
            }
            depth -= 1;
        }
        j += 1;
    }
    (j < stop && text.is_char_boundary(from) && text.is_char_boundary(j)).then_some((from, j))
}

/// `out: File::NULL`: a Ruby keyword argument.
fn keyword_arg(piece: &str) -> bool {
    piece.split_once(':').is_some_and(|(k, v)| {
        !k.is_empty()
            && k.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
            && v.starts_with(' ')
    })
}

/// `%x(…)`, `%(…)`, `qx{…}` literals on one line: content span and kind
/// (`x` runs a command, anything else is a string).
fn percent_literals(text: &str) -> Vec<(usize, usize, char)> {
    let mut out = Vec::new();
    for c in PERCENT_LIT.captures_iter(text) {
        let (Some(head), Some(open)) = (c.get(1), c.get(2)) else {
            continue;
        };
        let close = match open.as_str() {
            "(" => b')',
            "[" => b']',
            "{" => b'}',
            "<" => b'>',
            o => o.as_bytes()[0],
        };
        let opener = open.as_str().as_bytes()[0];
        let b = text.as_bytes();
        let (mut j, mut depth) = (open.end(), 0usize);
        while j < b.len() && b[j] != b'\n' {
            if b[j] == opener && opener != close {
                depth += 1;
            } else if b[j] == close {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            }
            j += 1;
        }
        if j < b.len() && b[j] == close && j > open.end() {
            let kind = if head.as_str().ends_with('x') {
                'x'
            } else {
                's'
            };
            out.push((open.end(), j, kind));
        }
    }
    out
}

/// A literal SQL statement that wipes a database (`drop database …`,
/// `truncate …`), as the shell table's database clients read it.
fn sql_literal(
    src: &Src,
    sink: &mut Sink,
    interpolation: &super::str_join::Interpolation,
    (lit, start, end): (&str, usize, usize),
) {
    // Round 33: pieces filled in by interpolation (`"DR#{'OP'} DATABASE"`).
    let folded = interpolation.fill(lit);
    if let Some(ev) = super::sql_calls::wipe(folded.as_deref().unwrap_or(lit), false) {
        sink.push(src.at(ev, start, end, "code"));
    }
}

/// Credential paths built from pieces: join calls whose literals start at a
/// dot folder, and word lists; a dot file without a folder counts when the
/// file names the home directory.
fn secret_paths(src: &Src, sink: &mut Sink, literals: &[(usize, usize)]) {
    let text = src.text;
    let home = HOME_REF.is_match(text);
    let mut found: Vec<(usize, usize, String)> = Vec::new();
    let mut folders: Vec<&str> = Vec::new();
    for c in DOT_JOIN.captures_iter(text) {
        let Some(run) = c.get(1) else { continue };
        let pieces: Vec<&str> = PIECE
            .captures_iter(run.as_str())
            .filter_map(|p| p.get(1).map(|m| m.as_str().trim_matches('/')))
            .collect();
        if let [one] = pieces.as_slice()
            && !one.contains('/')
            && folders.len() < MAX_JOIN_FOLDERS
            && !folders.contains(one)
        {
            folders.push(one);
        }
        // One literal with a folder is read by the literal scan itself.
        if pieces.len() > 1 || !pieces.iter().any(|p| p.contains('/')) {
            found.push((run.start(), run.end(), pieces.join("/")));
        }
    }
    // Round 19: a dot folder joined on its own (`home.join(".cargo")`) and
    // file names the file lists elsewhere (`for f in ["credentials.toml",
    // …] { read(home.join(f)) }`): each name under each folder.
    if home && !folders.is_empty() {
        for &(s, e) in literals {
            let name = &text[s..e];
            if name.is_empty()
                || name.len() > 40
                || name.starts_with('.')
                || name.contains(['/', ' ', '\\', '$', '%', '{'])
            {
                continue;
            }
            for f in &folders {
                found.push((s, e, format!("{f}/{name}")));
            }
        }
    }
    for c in WORD_LIST.captures_iter(text) {
        let Some(words) = c.get(2) else { continue };
        let mut at = words.start();
        for w in words.as_str().split(' ') {
            if !w.is_empty() {
                found.push((at, at + w.len(), w.to_string()));
            }
            at += w.len() + 1;
        }
    }
    let known: BTreeSet<String> = sink
        .items
        .iter()
        .filter(|e| e.op == Op::FileRead && e.location.path == src.path)
        .map(|e| e.target.clone())
        .collect();
    let mut seen = BTreeSet::new();
    for (start, end, p) in found {
        if !p.starts_with('.') || p.starts_with("./") || known.contains(&p) {
            continue;
        }
        if !p.contains('/') && !home {
            continue;
        }
        let (scope, tags) = classify_path(&p);
        if scope != R::Credentials || !tags.contains(&Tag::SecretPath) || !seen.insert(p.clone()) {
            continue;
        }
        let ev = Evidence::new(Op::FileRead, A::Read, scope, p)
            .tags(tags)
            .instrument("path pieces")
            .object("credential path in code");
        sink.push(src.at(ev, start, end, "code"));
    }
}

/// The first literal of `text` that is a mail host or address, as its
/// host (shared with `token_flow`'s mail sends).
pub(super) fn mail_host(text: &str) -> Option<String> {
    crate::text::quoted_literals(text)
        .into_iter()
        .find_map(|(s, e)| {
            let lit = text[s..e].to_ascii_lowercase();
            MAIL_HOST
                .captures(&lit)
                .and_then(|c| c.get(1).map(|m| m.as_str().to_string()))
        })
}

/// Mail sent through an SMTP library to a relay or address named by a
/// literal.
fn mail_send(src: &Src, sink: &mut Sink, literals: &[(usize, usize)]) {
    let text = src.text;
    let Some(api) = MAIL_API.find(text) else {
        return;
    };
    let host = literals.iter().find_map(|&(s, e)| {
        let lit = text[s..e].to_ascii_lowercase();
        MAIL_HOST
            .captures(&lit)
            .and_then(|c| c.get(1).map(|m| m.as_str().to_string()))
    });
    let Some(host) = host else { return };
    let url = format!("smtp://{host}");
    let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, url.clone())
        .tags(super::indicators::classify_url(&url))
        .instrument("SMTP")
        .object("data sent by e-mail");
    sink.push(src.at(ev, api.start(), api.end(), "code"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        let mut consumed = BTreeSet::new();
        let literals = crate::extract::tokens::literals(text);
        scan(
            &Src::new(path, text, Origin::Script),
            &mut sink,
            &literals,
            &mut consumed,
        );
        sink.items
    }

    fn lits(text: &str, paren: bool) -> Vec<Option<&str>> {
        call_args(text, 0, paren)
            .into_iter()
            .map(|a| match a {
                Arg::Lit(s, e) => Some(&text[s..e]),
                Arg::Expr(..) => None,
            })
            .collect()
    }

    #[test]
    fn arguments_literals_expressions_and_keywords() {
        assert_eq!(
            lits("'aws', 'rds', id, out: File::NULL, err: File::NULL)", true),
            [Some("aws"), Some("rds"), None]
        );
        assert_eq!(
            lits("\"kubectl\", args...).CombinedOutput()", true),
            [Some("kubectl"), None]
        );
        assert_eq!(lits("f(\"a, b\"), \"c\" + x)", true), [None, None]);
        assert_eq!(lits("\"ls -l\" unless -e $h;\nnext", false), [None]);
        assert_eq!(lits("\"ls -l\";\nnext", false), [Some("ls -l")]);
        // Unterminated and hostile input: no panic, bounded.
        assert!(lits("\"never closed", true).len() <= 1);
        let long = format!("'a', {}", "x".repeat(10_000));
        assert!(lits(&long, true).len() <= 2);
    }

    #[test]
    fn percent_literals_and_interpolation() {
        let t = "x = %x(ls -la)\ny = %(drop database \"#{d}\" with (force))\nz = qx{id}\n";
        let got: Vec<(&str, char)> = percent_literals(t)
            .into_iter()
            .map(|(s, e, k)| (&t[s..e], k))
            .collect();
        assert!(got.contains(&("ls -la", 'x')));
        assert!(got.contains(&("drop database \"#{d}\" with (force)", 's')));
        assert!(got.contains(&("id", 'x')));
        let none = Vars::new();
        assert_eq!(
            interpolated("rm -rf #{dir}/x #{", &none),
            "rm -rf ${V}/x #{"
        );
        let vars = literal_vars(
            "my $role = \"\\x4f\\x77\\x6e\\x65\\x72\";\nr = [79,119].pack('c*')\ng := string([]byte{0x4f, 0x77})\n",
        );
        assert_eq!(vars.get("role").map(String::as_str), Some("Owner"));
        assert_eq!(vars.get("r").map(String::as_str), Some("Ow"));
        assert_eq!(vars.get("g").map(String::as_str), Some("Ow"));
        assert_eq!(
            interpolated("x --role $role --to #{r} ${g} $other", &vars),
            "x --role 'Owner' --to 'Ow' 'Ow' $other"
        );
    }

    #[test]
    fn literal_values_are_read_up_to_their_bound_and_not_past_it() {
        // The bounds the pattern once held as `{0,400}` and `{1,2000}`: a
        // value at the bound is read, one unit past it is not (the line is
        // left alone, as an unmatched line was), and an escape pair counts
        // as one unit.
        let at = "a".repeat(MAX_LITERAL_UNITS);
        let past = "a".repeat(MAX_LITERAL_UNITS + 1);
        let escaped = "\\\"".repeat(MAX_LITERAL_UNITS);
        let codes = format!("{}79", "65,".repeat((MAX_CODES_CHARS - 2) / 3));
        let codes_past = format!("{}79", "65,".repeat((MAX_CODES_CHARS - 2) / 3 + 1));
        let text = format!(
            "x = \"{at}\"\ny = '{past}'\nz := \"{past}\"\ne = \"{escaped}\"\nc = [{codes}].pack('c*')\nd = [{codes_past}].pack('c*')\n"
        );
        let vars = literal_vars(&text);
        assert_eq!(vars.get("x").map(String::len), Some(MAX_LITERAL_UNITS));
        assert!(
            !vars.contains_key("y") && !vars.contains_key("z"),
            "{vars:?}"
        );
        assert_eq!(
            vars.get("e").map(String::len),
            Some(MAX_LITERAL_UNITS),
            "an escape pair is one unit"
        );
        assert!(vars.contains_key("c") && !vars.contains_key("d"));
        // A value over the bound does not hide the next line.
        let next = literal_vars(&format!("p = \"{past}\"\nq = \"ok\"\n"));
        assert_eq!(next.get("q").map(String::as_str), Some("ok"));
        assert!(!next.contains_key("p"));
    }

    #[test]
    fn argv_and_lines_reach_the_shell_table_but_comments_do_not() {
        let rb = "system('aws', 'rds', 'delete-db-snapshot', '--db-snapshot-identifier', i)\n";
        let e = run("m.rb", rb);
        assert!(
            e.iter()
                .any(|e| e.target.starts_with("aws rds delete-db-snapshot")),
            "{e:#?}"
        );
        let pl = "# later: system(\"sudo chmod 4755 /usr/lib/x\")\n";
        assert!(!run("r.pl", pl).iter().any(|e| e.has(Tag::Setuid)));
        let pl = "system(\"sudo chmod 4755 /usr/lib/x\");\n";
        assert!(run("r.pl", pl).iter().any(|e| e.has(Tag::Setuid)));
        // Go backticks are raw strings, not commands.
        let go = "var doc = `chmod 4755 /usr/lib/x`\n";
        assert!(!run("m.go", go).iter().any(|e| e.has(Tag::Setuid)));
    }

    #[test]
    fn dot_files_need_the_home_directory_and_a_send_needs_a_relay() {
        let rb = "%w[.npmrc .docker/config.json].each { |f| puts f }\n";
        let reads: Vec<String> = run("a.rb", rb)
            .into_iter()
            .filter(|e| e.op == Op::FileRead)
            .map(|e| e.target)
            .collect();
        assert_eq!(reads, [".docker/config.json"]);
        let home = format!("{rb}File.join(Dir.home, '.npmrc')\n");
        let reads = run("a.rb", &home)
            .into_iter()
            .filter(|e| e.op == Op::FileRead)
            .count();
        assert_eq!(reads, 2);
        let mail = "Net::SMTP.start(host, 587) { |s| s.send_message(m, from, to) }\n";
        assert!(run("a.rb", mail).is_empty());
        let mail =
            "Net::SMTP.start('mx.example-digest.com', 587) { |s| s.send_message(m, f, t) }\n";
        assert!(run("a.rb", mail).iter().any(|e| e.op == Op::NetSend));
    }
}
