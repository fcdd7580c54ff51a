//! Python extractor: tree-sitter-python AST → evidence.
//!
//! Calls are resolved through the file's imports to canonical dotted names
//! (`o.system` → `os.system`), string arguments are constant-folded
//! (concatenation, f-strings, `%`/`.format`, `join`, slicing, `chr`,
//! `os.path.join`, `Path.home() / ...`), and values are followed through
//! assignments, nested calls, parameters and returns. Comments and
//! docstrings are never code: only call nodes are classified.

use super::indicators::{TimeVal, classify_path, reads_now_py, riskiest, time_value};
use super::shell::{self, ArgvCx, Word};
use super::treesitter::{self, KindName, named_children, text, unescape};
use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::fxhash::{FxHashMap, FxHashSet};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::{HashMap, HashSet};
use tree_sitter::Node;

mod call;
mod environ;
mod mutate;
mod peers;
#[cfg(test)]
mod tests;
mod values;
mod walk;
mod written;

const LANG: &str = "python";
const MAX_DEPTH: usize = 200;
use crate::limits::PY_MAX_ALIAS as MAX_ALIAS;

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
        miner_marks: miner_marks(src.text),
        imports: FxHashMap::default(),
        imports_longest: 0,
        locals: FxHashMap::default(),
        vars: FxHashMap::default(),
        alias: FxHashMap::default(),
        call_bind: FxHashMap::default(),
        env_bind: FxHashMap::default(),
        child_env: FxHashSet::default(),
        responses: FxHashSet::default(),
        lists: FxHashMap::default(),
        chr_fns: FxHashSet::default(),
        rot13_fns: FxHashSet::default(),
        times: HashMap::new(),
        conts: FxHashMap::default(),
        argvs: FxHashMap::default(),
        evasion_fns: FxHashSet::default(),
        enc_writes: Vec::new(),
        enc_vars: FxHashSet::default(),
        user_dirs: Vec::new(),
        walks: Default::default(),
        fn_aliases: Default::default(),
        planting: FxHashMap::default(),
        plant_budget: crate::limits::SHELL_MAX_DECODED_PERSIST,
        path_loads: 0,
        request_urls: FxHashMap::default(),
        wraps: FxHashMap::default(),
        peers: FxHashMap::default(),
        archivers: FxHashSet::default(),
        user_reads: FxHashSet::default(),
        each_param: Vec::new(),
        own_public: crate::extract::concepts::PUBLIC_DERIVATIONS
            .iter()
            .filter(|n| {
                src.text.contains(&format!("def {n}(")) || src.text.contains(&format!("self.{n} ="))
            })
            .copied()
            .collect(),
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
use crate::limits::PY_MAX_VALUE_BYTES as MAX_VALUE_BYTES;

/// Bound on the candidates a container-valued expression stands for.
use crate::limits::PY_MAX_CANDS as MAX_CANDS;

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
    imports: FxHashMap<String, String>,
    /// The longest name `imports` ever held (`Py::import_of`).
    imports_longest: usize,
    /// Where the file names a mining pool or miner (`stratum+tcp`,
    /// `stratum+ssl`, `xmrig`): start and end bytes, in order. A call is
    /// asked whether one lies inside it by search, not by reading its text
    /// again, so nested calls (`f0().f1()…`, each call's text holding the
    /// ones inside) cost O(n log n), not O(n²).
    miner_marks: Vec<(usize, usize)>,
    /// Bytes of variable values folding may still copy (0: exhausted).
    fold_budget: std::cell::Cell<usize>,
    /// local callable name → function key (`collect` → `scripts/helpers::collect`),
    /// or local module alias → module key (prefixed with `mod:`).
    locals: FxHashMap<String, String>,
    /// Known string values of variables.
    vars: FxHashMap<String, String>,
    /// Variable binding → the bindings its value came from.
    alias: FxHashMap<String, Vec<String>>,
    /// Call start byte → the binding its result is known by.
    call_bind: FxHashMap<usize, String>,
    /// Start byte of a whole-environment value → its `EnvDump` binding
    /// (`environ.rs`).
    env_bind: FxHashMap<usize, String>,
    /// Start bytes of the `env=` arguments given to programs that are not a
    /// shell or an interpreter: their environment signs them in and is not
    /// what they print, so a binding of the call's result leaves it out.
    child_env: FxHashSet<usize>,
    /// Start bytes of network calls (`requests.get`, `urlopen`): their
    /// result binding is the response alone ([`Py::bindings`]).
    responses: FxHashSet<usize>,
    /// Known string lists (`targets = ["~/.ssh/id_rsa", ...]`).
    lists: FxHashMap<String, Vec<String>>,
    /// Helpers that build strings from character codes (`_c = lambda *n: "".join(map(chr, n))`).
    chr_fns: FxHashSet<String>,
    /// Helpers that ROT13 their argument (`_r = lambda s: codecs.decode(s, "rot13")`).
    rot13_fns: FxHashSet<String>,
    /// Variables holding the current time or an absolute date constant.
    times: HashMap<String, TimeVal>,
    /// Variables holding list, tuple, set or dict literals (nested).
    conts: FxHashMap<String, Val>,
    /// Variables standing for one of a few argv lists (`for cmd in cmds:`
    /// over a literal list of lists).
    argvs: FxHashMap<String, Vec<Vec<Val>>>,
    /// Skill functions whose body combines several sandbox or analysis
    /// checks (container marker, CI variables, CPU count, host name): a
    /// condition calling one is an environment gate.
    evasion_fns: FxHashSet<String>,
    /// Writes of encrypted data: (call start, call end, enclosing function).
    enc_writes: Vec<(usize, usize, Option<String>)>,
    /// Variables holding the result of an `encrypt(...)` call.
    enc_vars: FxHashSet<String>,
    /// The user's own folders (`~/Documents`, `~/Desktop`, ...) the file
    /// names as values.
    user_dirs: Vec<String>,
    /// Further loop-body walks left in this file (`value_set`).
    walks: crate::extract::value_set::Walks,
    /// Names bound to an API reference (`p = os.path.expanduser`;
    /// `value_set::Aliases`).
    fn_aliases: crate::extract::value_set::Aliases,
    /// Handles on a file whose text runs later (an rc file, a crontab, a
    /// unit): name → the steps that plant it (`written.rs`).
    planting: FxHashMap<String, Vec<usize>>,
    /// Bytes of planted text read again (`SHELL_MAX_DECODED_PERSIST`).
    plant_budget: usize,
    /// Loads of a file path as code checked so far (`PY_MAX_PATH_LOADS`).
    path_loads: usize,
    /// Request objects and the URL they were built with (`req =
    /// urllib.request.Request(url, data=…)`): `urlopen(req)` goes there.
    request_urls: FxHashMap<String, String>,
    /// Round 27: writers over a buffer or file object (`z =
    /// zipfile.ZipFile(buf, "w")`, `w = csv.writer(out)`): writer binding
    /// → the bindings of what it writes into (`mutate.rs`).
    wraps: FxHashMap<String, Vec<String>>,
    /// Round 27: connection objects and the URL of the host they talk to
    /// (`peers.rs`).
    peers: FxHashMap<String, String>,
    /// Round 27: names of zip and tar writers (`mutate.rs`).
    archivers: FxHashSet<String>,
    /// Round 27: result bindings of reads of the user's data (files,
    /// folder walks, standard input; not credential stores) made so far.
    user_reads: FxHashSet<String>,
    /// Loop variables of the function being walked that iterate one of its
    /// parameters (`for r in roots:`): (variable, parameter). A sink on the
    /// variable is summarised by that parameter (`summaries.rs`).
    each_param: Vec<(String, String)>,
    /// Public-half names (`concepts::PUBLIC_DERIVATIONS`) this file defines
    /// itself (`def pubkey(`): those calls keep their taint.
    own_public: Vec<&'static str>,
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

/// The string values among `vals`.
fn strs(vals: Vec<Val>) -> Vec<String> {
    vals.into_iter()
        .filter_map(|v| match v {
            Val::Str(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// Byte spans of the mining-pool and miner names in `text`, ordered by start.
fn miner_marks(text: &str) -> Vec<(usize, usize)> {
    let mut marks: Vec<(usize, usize)> = ["stratum+tcp", "stratum+ssl", "xmrig"]
        .iter()
        .flat_map(|n| text.match_indices(n).map(|(i, m)| (i, i + m.len())))
        .collect();
    marks.sort_unstable();
    marks
}
