//! JavaScript / TypeScript extractor: tree-sitter-javascript AST → evidence.
//!
//! One parse and one ordered walk. The walk constant-folds strings (literals,
//! templates, `+`, escapes, `fromCharCode`, `split/reverse/join`, base64 and
//! hex decoding, obfuscator string arrays, `path.join(os.homedir(), ..)`),
//! resolves modules (`require`, `import`, aliases, skill-local modules) and
//! turns API calls into evidence. Values carry `$`-bindings so that a secret
//! read flows into the network send that uses it (see `crate::evidence`).
//! Command strings given to `child_process` are analysed again as Bash and
//! decoded payloads as whatever they look like.
//!
//! Files over [`TREE_BYTES`] (tree-sitter needs seconds for them) and
//! subtrees nested deeper than [`MAX_DEPTH`] get a token-level scan instead.

use super::indicators::{TimeVal, URL_RE, classify_path, is_secret_env, reads_now_js, time_value};
use super::shell::{self, ArgvCx, Word};
use super::treesitter::{self, Grammar, KindName, named_children, text, unescape};
use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use regex::Regex;
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;
use std::sync::LazyLock;
use tree_sitter::Node;

mod api;
mod calls;
mod gates;
mod lexical;
mod sinks;
mod strings;
mod table;
#[cfg(test)]
mod tests;
mod values;
mod walk;

use gates::cpu_vars;
use lexical::{lexical, mask_comments};
use strings::{STRING_ARRAY, TABLE_OFFSET};

const LANG: &str = "javascript";
/// Larger files are scanned at token level (tree-sitter parses ~3 MB/s).
const TREE_BYTES: usize = 3 * 1024 * 1024;
/// Expression nesting followed by the evaluator; deeper subtrees are scanned
/// at token level.
const MAX_DEPTH: usize = 160;
// Value-following caps (`limits.rs`); a hit marks the file incomplete.
use crate::limits::{
    JS_MAX_BINDS as MAX_BINDS, JS_MAX_ELEMS as MAX_ELEMS, JS_MAX_FOLD as MAX_FOLD,
    JS_MAX_PROPS as MAX_PROPS,
};

pub fn extract(src: &Src, sink: &mut Sink) {
    if src.text.len() > TREE_BYTES {
        sink.incomplete.push(format!(
            "{}: {} bytes of JavaScript scanned at token level only (over {} bytes)",
            src.path,
            src.text.len(),
            TREE_BYTES
        ));
        lexical(src, 0, src.text, sink);
        return;
    }
    // TypeScript files get the TypeScript grammar; the lowering is shared.
    let grammar = src
        .grammar
        .or_else(|| Grammar::typescript_for(src.path))
        .unwrap_or(Grammar::JavaScript);
    let tree = match treesitter::parse_grammar(grammar, src.text) {
        Ok(t) => t,
        Err(e) => {
            sink.incomplete.push(format!(
                "{}: {} not parsed ({e}); scanned at token level",
                src.path,
                if grammar == Grammar::JavaScript {
                    "JavaScript"
                } else {
                    "TypeScript"
                }
            ));
            lexical(src, 0, src.text, sink);
            return;
        }
    };
    let (module, dir) = module_of(src.path);
    let mut cx = Cx {
        src,
        sink,
        module,
        dir,
        vars: HashMap::new(),
        fn_key: None,
        resolvers: Vec::new(),
        fn_params: Vec::new(),
        each_param: Vec::new(),
        class: None,
        gates: Vec::new(),
        loops: Vec::new(),
        socket_binds: HashMap::new(),
        plant_budget: crate::limits::SHELL_MAX_DECODED_PERSIST,
        helpers: Vec::new(),
        fn_texts: HashMap::new(),
        returned_writes: Vec::new(),
        secret_binds: HashSet::new(),
        fns: HashMap::new(),
        pending: Vec::new(),
        deferred: Vec::new(),
        times: HashMap::new(),
        hash_calls: 0,
        cpu_vars: HashSet::new(),
        evasion_fns: HashSet::new(),
        fn_nodes: HashMap::new(),
        cpu_workers: Vec::new(),
        hash_loops: Vec::new(),
        infinite_names: None,
        walks: Default::default(),
        param_vals: Vec::new(),
        cb_result: None,
        collect_next: false,
        ret_binds: None,
        pow: false,
        str_fns: HashMap::new(),
        str_fns_unknown: HashSet::new(),
        deep_noted: false,
        const_args: HashMap::new(),
        base: 0,
    };
    cx.base = cx.sink.items.len();
    let masked = mask_comments(src.text);
    cx.cpu_vars = cpu_vars(&masked);
    let root = tree.root_node();
    if STRING_ARRAY.is_match(&masked) && TABLE_OFFSET.is_match(&masked) {
        cx.string_tables(root, &masked);
    }
    cx.stmts(root, true, 0);
    while let Some((f, key)) = cx.deferred.pop() {
        cx.walk_fn(f, Some(key), None, 1);
    }
    cx.resolve_param_reads();
    cx.read_returned_writes();
    cx.resolve_pending();
    cx.export_paths();
    cx.mining(&masked);
    for (name, span, why) in std::mem::take(&mut cx.helpers) {
        crate::extract::written_scripts::mark_persisted_runner(src, cx.sink, &name, span, why);
    }
}

/// `scripts/lib/send.js` → (`scripts/lib/send`, `scripts/lib`).
fn module_of(path: &str) -> (String, String) {
    let dir = match path.rfind('/') {
        Some(i) => path[..i].to_string(),
        None => String::new(),
    };
    (strip_ext(path).to_string(), dir)
}

fn strip_ext(p: &str) -> &str {
    for e in [
        ".d.ts", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".tsx", ".jsx", ".json", ".node",
    ] {
        if let Some(s) = p.strip_suffix(e) {
            return s;
        }
    }
    p
}

/// Joins and normalises path parts (`.`/`..` resolved where possible).
fn norm_join(parts: &[&str]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut absolute = false;
    for (i, p) in parts.iter().enumerate() {
        let p = p.replace('\\', "/");
        if p.starts_with('/') || p.starts_with('~') {
            out.clear();
            absolute = p.starts_with('/');
        } else if i == 0 && p.is_empty() {
            continue;
        }
        for c in p.split('/') {
            match c {
                "" | "." => {}
                ".." => {
                    if out.last().is_some_and(|l| l != ".." && l != "~") {
                        out.pop();
                    } else if !absolute {
                        out.push("..".into());
                    }
                }
                c => out.push(c.to_string()),
            }
        }
    }
    let s = out.join("/");
    if absolute {
        format!("/{s}")
    } else if s.is_empty() {
        ".".into()
    } else {
        s
    }
}

/// A folded constant.
#[derive(Clone, Default)]
enum K<'t> {
    #[default]
    None,
    Str(Rc<str>),
    Num(f64),
    Bool(bool),
    Arr(Rc<Vec<V<'t>>>),
}

/// What a value refers to, beyond its data.
#[derive(Clone, Default)]
enum Ref<'t> {
    #[default]
    None,
    /// A module or API member, canonical dotted name (`child_process.exec`).
    Api(String),
    /// A function of the skill: its key.
    Local(String),
    /// A module of the skill (path relative to the skill, no extension).
    LocalMod(String),
    /// A class of this file, and instances of it.
    Class(String),
    Instance(String),
    /// A function literal (analysed where it is bound or passed).
    #[allow(dead_code)]
    Func(Node<'t>),
    /// An object literal's properties.
    Obj(Rc<Vec<(String, V<'t>)>>),
    /// A socket, HTTP request, XHR, write stream or child process.
    Chan(Rc<RefCell<Chan>>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ChanKind {
    Socket,
    Udp,
    HttpReq,
    Xhr,
    WriteStream,
    Proc,
}

struct Chan {
    kind: ChanKind,
    target: String,
    method: String,
    out: String,
}

/// A value during evaluation.
#[derive(Clone, Default)]
struct V<'t> {
    k: K<'t>,
    /// The string holds `$name` placeholders for unknown parts.
    dynamic: bool,
    binds: Vec<String>,
    /// Built by an obfuscation-style transform (escapes, char codes,
    /// reversal, array lookup, literal concatenation).
    computed: bool,
    decoded: bool,
    /// The decoded payload was already analysed as this language.
    analysed: Option<Lang>,
    /// Source span of the literal it came from.
    span: Option<(usize, usize)>,
    /// One plain string literal: its content is exactly the source text.
    plain: bool,
    /// The whole environment or a copy of it.
    env_obj: bool,
    gate: Option<Tag>,
    r: Ref<'t>,
    /// Evidence produced by this expression (sink index range).
    ev: Option<(usize, usize)>,
}

impl<'t> V<'t> {
    fn s(s: &str) -> Self {
        V {
            k: K::Str(Rc::from(s)),
            ..V::default()
        }
    }

    fn api(q: &str) -> Self {
        V {
            r: Ref::Api(canon(q)),
            ..V::default()
        }
    }

    fn str(&self) -> Option<&str> {
        match &self.k {
            K::Str(s) => Some(s),
            _ => None,
        }
    }

    /// A fully known string.
    fn lit(&self) -> Option<&str> {
        if self.dynamic { None } else { self.str() }
    }

    fn num(&self) -> Option<f64> {
        match &self.k {
            K::Num(n) => Some(*n),
            K::Str(s) if !self.dynamic => s.trim().parse().ok(),
            _ => None,
        }
    }

    fn add_binds(&mut self, b: &[String]) {
        for x in b {
            if self.binds.len() >= MAX_BINDS {
                // Past the cap the value may come from any binding of the
                // file (`ANY_BINDING`): the flow trace assumes the link.
                let any = crate::evidence::ANY_BINDING;
                if b.iter().any(|x| !x.is_empty() && !self.binds.contains(x))
                    && !self.binds.iter().any(|x| x == any)
                {
                    self.binds.push(any.to_string());
                }
                break;
            }
            if !x.is_empty() && !self.binds.contains(x) {
                self.binds.push(x.clone());
            }
        }
    }

    /// Merges data-flow facts of a sub-value.
    fn absorb(&mut self, o: &V) {
        self.add_binds(&o.binds);
        self.env_obj |= o.env_obj;
        self.gate = self.gate.or(o.gate);
        self.decoded |= o.decoded;
    }

    fn prop(&self, key: &str) -> Option<&V<'t>> {
        match &self.r {
            Ref::Obj(p) => p.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn chan(&self) -> Option<Rc<RefCell<Chan>>> {
        match &self.r {
            Ref::Chan(c) => Some(c.clone()),
            _ => None,
        }
    }
}

/// Canonical API names: `node:` prefixes, promise variants and common
/// drop-in packages collapse onto the core module.
fn canon(q: &str) -> String {
    let q = q.replace("node:", "");
    let mut q = q.as_str();
    for g in ["globalThis.", "window.", "global.", "self."] {
        if let Some(r) = q.strip_prefix(g) {
            q = r;
        }
    }
    let (root, rest) = match q.split_once('.') {
        Some((a, b)) => (a, Some(b)),
        None => (q, None),
    };
    let root = match root {
        "fs/promises" | "fs-extra" | "graceful-fs" | "fs" => "fs",
        "dns/promises" => "dns",
        "node-fetch" | "cross-fetch" | "isomorphic-fetch" => "fetch",
        "child_process/promises" => "child_process",
        r => r,
    };
    let mut rest = rest.unwrap_or("").to_string();
    for strip in ["promises.", "default."] {
        if let Some(r) = rest.strip_prefix(strip) {
            rest = r.to_string();
        }
    }
    if rest == "promises" || rest == "default" {
        rest.clear();
    }
    let root = if root == "undici" && (rest == "fetch" || rest == "request") {
        rest.clear();
        "fetch"
    } else if root == "ws" && (rest.is_empty() || rest == "WebSocket") {
        rest.clear();
        "WebSocket"
    } else {
        root
    };
    if rest.is_empty() {
        root.to_string()
    } else {
        format!("{root}.{rest}")
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Frame {
    Loop,
    Switch,
    Barrier,
}

struct FnInfo {
    direct: bool,
    calls: Vec<String>,
}

/// A trigger or loop emitted only if a called local function turns out to
/// do something sensitive.
struct Pending {
    ev: Evidence,
    keys: Vec<String>,
    net_only: bool,
}

struct Cx<'s, 'a, 't> {
    src: &'s Src<'a>,
    sink: &'s mut Sink,
    module: String,
    dir: String,
    vars: HashMap<String, V<'t>>,
    fn_key: Option<String>,
    /// Round 35: the `resolve` parameter of each `new Promise((resolve) =>
    /// …)` being walked, with the key of the named function that returns
    /// the promise: `resolve(buf)` there is that function's result.
    resolvers: Vec<(String, String)>,
    /// The parameter names of the function being walked.
    fn_params: Vec<String>,
    /// Loop variables of that function iterating one of its parameters
    /// (`for (const r of roots)`): (variable, parameter), for
    /// `summaries::mark_params_each`.
    each_param: Vec<(String, String)>,
    class: Option<String>,
    gates: Vec<Tag>,
    loops: Vec<(Frame, bool)>,
    /// Binding → socket it came from.
    socket_binds: HashMap<String, String>,
    secret_binds: HashSet<String>,
    fns: HashMap<String, FnInfo>,
    pending: Vec<Pending>,
    /// Variables holding the current time or an absolute date constant
    /// (see [`crate::extract::indicators::is_date_gate`]).
    times: HashMap<String, TimeVal>,
    deferred: Vec<(Node<'t>, String)>,
    hash_calls: usize,
    /// Names holding the CPU count (`const n = os.cpus().length`).
    cpu_vars: HashSet<String>,
    /// The file's functions that probe for a sandbox, CI or a fresh host
    /// (`gates::evasion_checks`): a condition calling one is a gate.
    evasion_fns: HashSet<String>,
    /// The file's named functions (`const pick = (p) => …`): a callback
    /// passed by name (`PATHS.map(pick)`) is walked per element like an
    /// inline one.
    fn_nodes: HashMap<String, Node<'t>>,
    /// Spans of workers or processes started once per CPU core.
    cpu_workers: Vec<(usize, usize)>,
    /// Spans of unbounded loops that hash (first few).
    hash_loops: Vec<(usize, usize)>,
    /// Names the file assigns an infinite default (`gates::infinite_names`),
    /// read once on the first counted loop.
    infinite_names: Option<Vec<String>>,
    /// Further loop-body walks left in this file (`value_set`).
    walks: crate::extract::value_set::Walks,
    /// Values the next function walked takes for its parameters (a
    /// callback over a known array's elements, `each_element`).
    param_vals: Vec<V<'t>>,
    /// The value an expression-bodied callback walked by `each_element`
    /// gives back (`f => path.join(home, f)`), for `.map`'s result.
    cb_result: Option<V<'t>>,
    /// The next function walked gives back its value as `cb_result` (a
    /// `.map` callback over an array whose elements are not known).
    collect_next: bool,
    /// While a block-bodied callback is walked per element: the bindings
    /// its `return`s give (`.map(pick)` where `pick` returns a read).
    ret_binds: Option<Vec<String>>,
    /// A proof-of-work loop was reported.
    pow: bool,
    /// obfuscator.io string-table accessors (and their aliases) → table
    /// (rotation applied) and index offset.
    str_fns: HashMap<String, (Rc<Vec<String>>, i64)>,
    /// Accessors of a rotated table whose rotation could not be simulated.
    str_fns_unknown: HashSet<String>,
    deep_noted: bool,
    /// `$param:<key>:<i>` → string constants passed for it at call sites
    /// of this file (see [`Cx::resolve_param_reads`]).
    const_args: HashMap<String, Vec<String>>,
    /// First sink index of this file's evidence.
    base: usize,
    /// Bytes of planted text read again (`SHELL_MAX_DECODED_PERSIST`).
    plant_budget: usize,
    /// Helper files this file writes code into, with the intent their code
    /// carries (round 25, `persisted::read_written_helper`).
    helpers: Vec<(
        String,
        (usize, usize),
        crate::extract::persisted::BodyIntent,
    )>,
    /// Round 34: the text a function of this file returns (`hookBody()`
    /// building a hook script with `[…].join("\n")`), by key, for its call
    /// sites walked after it; `None` when two returns give different texts.
    fn_texts: HashMap<String, Option<V<'t>>>,
    /// Writes of a function's returned text: write index, function key,
    /// target, span of the written value.
    returned_writes: Vec<(usize, String, String, (usize, usize))>,
}

/// One call argument. Function literals are analysed after the call, with
/// the call's data flowing into their parameters, unless a handler takes them.
#[derive(Clone)]
struct Arg<'t> {
    n: Node<'t>,
    v: V<'t>,
    func: Option<Node<'t>>,
}

fn is_fn(kind: &str) -> bool {
    matches!(
        kind,
        "arrow_function"
            | "function_expression"
            | "function"
            | "generator_function"
            | "function_declaration"
            | "generator_function_declaration"
            | "method_definition"
    )
}

/// Built-in globals (no binding of their own).
const GLOBALS: &[&str] = &[
    "require",
    "module",
    "exports",
    "process",
    "console",
    "fetch",
    "Buffer",
    "JSON",
    "Object",
    "String",
    "Array",
    "Math",
    "Date",
    "Number",
    "Boolean",
    "Promise",
    "Symbol",
    "Error",
    "RegExp",
    "Map",
    "Set",
    "URL",
    "eval",
    "Function",
    "setTimeout",
    "setInterval",
    "setImmediate",
    "clearTimeout",
    "clearInterval",
    "atob",
    "btoa",
    "XMLHttpRequest",
    "WebSocket",
    "EventSource",
    "Worker",
    "encodeURIComponent",
    "decodeURIComponent",
    "escape",
    "unescape",
    "decodeURI",
    "encodeURI",
    "parseInt",
    "parseFloat",
    "isNaN",
    "document",
    "navigator",
    "localStorage",
    "sessionStorage",
    "Image",
    "location",
    "crypto",
    "TextEncoder",
    "TextDecoder",
    "AbortController",
    "FormData",
    "Headers",
    "Request",
    "Response",
    "Blob",
    "queueMicrotask",
    "structuredClone",
    "Reflect",
    "Proxy",
    "Intl",
    "BigInt",
    "arguments",
    "io",
    "await",
    "async",
];

fn sensitive(e: &Evidence) -> bool {
    super::concepts::worth_gating(e)
}

fn net_or_exec(e: &Evidence) -> bool {
    matches!(
        e.op,
        Op::NetFetch
            | Op::NetSend
            | Op::DnsQuery
            | Op::SocketConnect
            | Op::Exec
            | Op::DynamicCode
            | Op::DownloadExec
            | Op::ReverseShell
            | Op::Mining
    )
}

/// Parses a JS numeric literal (`0x1f`, `0o17`, `017`, `1_000`, `1e3`).
fn parse_num(t: &str) -> Option<f64> {
    let t = t.replace('_', "");
    let t = t.trim_end_matches('n');
    let lower = t.to_ascii_lowercase();
    if let Some(h) = lower.strip_prefix("0x") {
        return u64::from_str_radix(h, 16).ok().map(|v| v as f64);
    }
    if let Some(o) = lower.strip_prefix("0o") {
        return u64::from_str_radix(o, 8).ok().map(|v| v as f64);
    }
    if let Some(b) = lower.strip_prefix("0b") {
        return u64::from_str_radix(b, 2).ok().map(|v| v as f64);
    }
    if t.len() > 1 && t.starts_with('0') && t.chars().all(|c| c.is_digit(8)) {
        return u64::from_str_radix(&t[1..], 8).ok().map(|v| v as f64);
    }
    t.parse().ok()
}

fn num_str(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// Decodes `%XX` escapes (`decodeURIComponent`, `unescape`).
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && let Ok(v) = u8::from_str_radix(&s[i + 1..i + 3], 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Text that looks like code or a command, not binary noise (the one
/// threshold of every language, [`crate::extract::deobf::mostly_printable`]).
fn printable(s: &str) -> bool {
    crate::extract::deobf::mostly_printable(s)
}

/// A name another skill module exports (`{ PROFILE_PATHS } =
/// require("../lib/paths")`): a local reference, whose value is that
/// module's (round 33: the `$import:` binding lets `returned.rs` read the
/// paths the module's constant holds).
fn imported<'t>(key: &str) -> V<'t> {
    V {
        r: Ref::Local(key.to_string()),
        binds: vec![format!("$import:{key}")],
        ..V::default()
    }
}
