//! Bash extractor: tree-sitter-bash AST → evidence.
//!
//! Every `command` is resolved to its words (quotes removed, known variables
//! substituted, `$'\x..'` and `$(printf '\x..')` decoded) and classified by
//! [`analyze_argv`], which Python and JavaScript reuse for subprocess argv.
//! Pipelines connect stages through synthetic `$pipe_N` bindings so that
//! `env | curl -d @-` is a flow from an environment dump to a network send.

use super::indicators::{
    TimeVal, URL_RE, classify_path, classify_url, is_control_target, is_secret_env, normalize_path,
    reads_now_sh, riskiest, time_value,
};
use super::interp;
use super::treesitter::{self, KindName, named_children, text, unescape};
use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use tree_sitter::Node;

mod argv;
mod call;
mod code;
mod crontab_pipe;
mod destroy;
mod files;
mod net;
mod pipes;
mod secrets;
mod stdin;
mod system;
mod table;
#[cfg(test)]
mod tests;
mod tools;
mod walk;
mod words;

use argv::*;
pub use argv::{
    ArgvCx, analyze_argv, basename, local_script, recreates_tables, sql_destroys, sql_wipes,
    unwrap_wrappers,
};
pub use table::names_program;
use tools::*;
pub use words::{dq_unescape, printf_format};

const LANG: &str = "bash";

/// Programs that execute code given on stdin or as an argument (the
/// process domain's list, `exec_op::INTERPRETERS`).
pub use super::exec_op::INTERPRETERS;

/// Commands whose output, run through `eval`, is not a local idiom.
const SUSPECT_SOURCES: &[&str] = &[
    "curl", "wget", "base64", "xxd", "cat", "echo", "printf", "openssl", "rev", "nc", "dig",
    "python", "python3", "node", "perl", "ruby", "gunzip", "zcat", "tr", "sed", "awk", "gpg",
    "base32", "uudecode", "bzcat", "xzcat", "zstdcat", "ssh", "socat", "ncat", "telnet", "git",
    "http", "https", "xh", "aria2c", "fetch",
];

/// Commands too common and harmless to become steps on their own.
const QUIET: &[&str] = &[
    "echo",
    "cd",
    "printf",
    "test",
    "[",
    "[[",
    "true",
    "false",
    "set",
    "local",
    "return",
    "exit",
    "shift",
    "read",
    "export",
    "declare",
    "typeset",
    "readonly",
    "pwd",
    "ls",
    "mkdir",
    "touch",
    "date",
    "basename",
    "dirname",
    "sed",
    "awk",
    "grep",
    "sort",
    "uniq",
    "wc",
    "tr",
    "cut",
    "jq",
    "yq",
    "head",
    "tail",
    "tee",
    "seq",
    "trap",
    "wait",
    "exec",
    "command",
    "type",
    "which",
    "hash",
    "getopts",
    "let",
    "clear",
    "break",
    "continue",
    ":",
    "column",
    "printenv_var",
];

pub fn extract(src: &Src, sink: &mut Sink) {
    let mut parsed = placeholder_words(src);
    let mut tree = match treesitter::parse(Lang::Shell, parsed.as_deref().unwrap_or(src.text)) {
        Ok(t) => t,
        Err(e) => {
            sink.incomplete
                .push(format!("{}: shell code not parsed ({e})", src.path));
            return;
        }
    };
    // Round 37: a line the grammar swallowed into the redirect before it
    // is given back (see `swallowed_lines`), a bounded number of times.
    for round in 0.. {
        let text = parsed.as_deref().unwrap_or(src.text);
        let Some(fixed) = swallowed_lines(tree.root_node(), text) else {
            break;
        };
        if round == crate::limits::SHELL_MAX_REPARSES {
            crate::limits::gave_up("SHELL_MAX_REPARSES");
            break;
        }
        match treesitter::parse(Lang::Shell, &fixed) {
            Ok(t) => {
                tree = t;
                parsed = Some(fixed);
            }
            Err(_) => break,
        }
    }
    let mut cx = Cx {
        src,
        vars: HashMap::new(),
        sink,
        funcs: HashMap::new(),
        sourced: Vec::new(),
        cur_fn: None,
        times: HashMap::new(),
        fn_nodes: HashMap::new(),
        decoded_vars: HashSet::new(),
        decoded: Cell::new(false),
        fold_depth: Cell::new(0),
        fold_budget: Cell::new(MAX_FUNCTION_FOLDS),
        var_budget: crate::limits::SHELL_MAX_VAR_BYTES,
        persist_budget: MAX_DECODED_PERSIST,
        arrays: HashMap::new(),
        walks: Default::default(),
        fn_aliases: Default::default(),
        shadow_of: HashMap::new(),
    };
    cx.collect_functions(tree.root_node());
    cx.vars.insert("HOME".into(), "~".into());
    cx.block(tree.root_node(), &Flags::default(), 0);
}

/// Round 37: tree-sitter-bash reads `a | b | c | d > f` followed by a
/// line break and another command as one redirect whose destination goes
/// on over the next line (`> f curl -X PUT …`): the next command is lost.
/// For the parse only, each line break between two destination words of
/// one redirect (with nothing but blanks between them, no `\`
/// continuation) is read as `;` (same length, so every position still
/// points into `src.text`). `None` when no redirect crosses a line.
fn swallowed_lines(root: Node, text: &str) -> Option<String> {
    let mut out: Option<Vec<u8>> = None;
    treesitter::walk(root, |n| {
        if n.kind_name() != "file_redirect" {
            return true;
        }
        let mut c = n.walk();
        let dests: Vec<Node> = n.children_by_field_name("destination", &mut c).collect();
        for w in dests.windows(2) {
            let (a, b) = (w[0].end_byte(), w[1].start_byte());
            let Some(gap) = text.get(a..b) else {
                continue;
            };
            let Some(nl) = gap.find('\n') else {
                continue;
            };
            if gap.trim().is_empty() && !gap.contains('\\') {
                let o = out.get_or_insert_with(|| text.as_bytes().to_vec());
                o[a + nl] = b';';
                break;
            }
        }
        false
    });
    out.map(|o| String::from_utf8(o).unwrap_or_default())
}

/// Round 26: documentation's `<host>` / `<user@server>` placeholders
/// standing as a word of their own (`ssh <host> "cmd"`) are words, not an
/// input and an output redirect that would swallow the next argument: for
/// the parse only, in text that is not a script and on a line a remote
/// runner starts ([`remote_line`]), each such `<` and `>` is
/// read as `_` (same length, so every position still points into
/// `src.text`, whose words keep their brackets). A `<` after a redirect
/// operator (`> <file>`) or one that closes on anything but a blank is left.
fn placeholder_words(src: &Src) -> Option<String> {
    if src.origin == Origin::Script || !src.text.contains('<') {
        return None;
    }
    let b = src.text.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let name = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'@' | b':');
    let mut i = 0;
    while i < b.len() {
        let word_start = i > 0 && matches!(b[i - 1], b' ' | b'\t');
        if b[i] == b'<' && word_start && b.get(i + 1).is_some_and(u8::is_ascii_alphabetic) {
            let mut j = i + 1;
            while j < b.len() && name(b[j]) {
                j += 1;
            }
            let closes =
                b.get(j) == Some(&b'>') && b.get(j + 1).is_none_or(|c| c.is_ascii_whitespace());
            let before = src.text[..i].trim_end_matches([' ', '\t']);
            let after_redirect = before.ends_with(['<', '>', '|', '&']);
            if closes && !after_redirect && remote_line(&src.text[..i]) {
                let o = out.get_or_insert_with(|| b.to_vec());
                o[i] = b'_';
                o[j] = b'_';
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    out.map(|o| String::from_utf8(o).unwrap_or_default())
}

/// Whether the line that `head` ends in starts with a remote runner
/// (`ssh`, `kubectl`, `ansible`, …, after `sudo` or a `$ ` prompt): only
/// there is a `<host>` placeholder read as a word (elsewhere documentation's
/// placeholders keep their old reading).
fn remote_line(head: &str) -> bool {
    let line = head.rsplit('\n').next().unwrap_or(head);
    let Some(p) = line
        .split_whitespace()
        .find(|w| !matches!(*w, "$" | "sudo"))
        .map(crate::extract::argwords::program)
    else {
        return false;
    };
    // The cluster and cloud CLIs only on their remote-run verbs (`kubectl
    // exec`, `gcloud compute ssh`, `aws ssm send-command`): a cheat sheet's
    // other `kubectl … <name>` lines keep their old reading.
    crate::extract::remote_cmd::is_runner(&p)
        && (matches!(
            p.as_str(),
            "ssh" | "autossh" | "pssh" | "parallel-ssh" | "ansible"
        ) || [" exec ", " ssh ", "send-command", "run-command"]
            .iter()
            .any(|v| line.contains(v)))
}

#[derive(Clone, Default)]
struct Flags {
    pipe_in: Option<String>,
    pipe_out: Option<String>,
    /// The next pipeline stage runs its input as code.
    feeds_interpreter: bool,
    /// The next pipeline stage only counts its input (`concepts::counts_only`).
    feeds_count: bool,
    /// The previous stage decodes data.
    fed_by_decoder: Option<String>,
    /// The previous stage downloads (`curl … | sh`): reported as DownloadExec.
    fed_by_fetch: bool,
    /// Round 31: an earlier stage is a shell reading commands from its
    /// input (`sh -i < f | nc host port > f`): a socket client here is the
    /// shell's channel.
    fed_by_shell: bool,
    background: bool,
    silenced: bool,
    unbounded: bool,
    bind: Option<String>,
    gated: Option<Tag>,
    /// The names an earlier listing stage prints into this stage's pipe
    /// (`concepts::listed_names`): what `xargs CMD` gives CMD.
    listed: Option<Vec<String>>,
}

struct Cx<'s, 'a> {
    src: &'s Src<'a>,
    vars: HashMap<String, String>,
    sink: &'s mut Sink,
    /// Functions defined in this file → their keys.
    funcs: HashMap<String, String>,
    /// Module keys of skill files this script `source`s.
    sourced: Vec<String>,
    /// The function being analysed (its `$1`.. are parameters).
    cur_fn: Option<String>,
    /// Variables holding the current time or an absolute date constant.
    times: HashMap<String, TimeVal>,
    /// Function definitions by name: `$(fn)` is what the function prints.
    fn_nodes: HashMap<String, Node<'s>>,
    /// Variables whose value was decoded from escapes (`$(printf '\x63')`).
    decoded_vars: HashSet<String>,
    /// Set while resolving a word when part of it was decoded from escapes.
    decoded: Cell<bool>,
    /// Nesting of function-output folding (`$(f)` inside `f`'s output).
    fold_depth: Cell<u8>,
    /// Function outputs still to be folded in this file (each can fold
    /// others: the work stays linear in a hostile file).
    fold_budget: Cell<u32>,
    /// Bytes of written start-up text still to be analysed again.
    persist_budget: usize,
    /// Bytes of variable values built from other variables still to be
    /// kept in this file (`SHELL_MAX_VAR_BYTES`): a chain `V2="$V1$V1"`
    /// grows its values faster than the file.
    var_budget: usize,
    /// Arrays assigned literally (`A=(x y)`, `A+=(z)`): their elements.
    arrays: HashMap<String, Vec<String>>,
    /// Further loop-body walks left in this file (`value_set`).
    walks: crate::extract::value_set::Walks,
    /// `alias x='cmd args'` (`value_set::Aliases`): the text `x` expands to.
    fn_aliases: crate::extract::value_set::Aliases,
    /// Functions called by a function that shadows a password-asking
    /// program (keys) → that program (`walk.rs` `mark_shadow_helpers`).
    shadow_of: HashMap<String, &'static str>,
}

/// A resolved word: its value and whether part of it is unknown at scan time.
#[derive(Clone, Debug)]
pub struct Word {
    pub value: String,
    pub dynamic: bool,
    /// `$vars` it reads.
    pub reads: Vec<String>,
    pub start: usize,
    pub end: usize,
}

impl Word {
    pub fn lit(v: &str) -> Self {
        Word {
            value: v.to_string(),
            dynamic: false,
            reads: Vec::new(),
            start: 0,
            end: 0,
        }
    }
}

// Value-following caps (`limits.rs`); a hit marks the file incomplete.
use crate::limits::{
    SHELL_MAX_DECODED_PERSIST as MAX_DECODED_PERSIST, SHELL_MAX_FOLD as MAX_FOLD,
    SHELL_MAX_FOLD_NESTING as MAX_FOLD_NESTING, SHELL_MAX_FUNCTION_FOLDS as MAX_FUNCTION_FOLDS,
};
