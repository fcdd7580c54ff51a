//! PowerShell structure from its grammar (tree-sitter-powershell): function
//! definitions and the calls to them (summaries, `CallLocal`/`Return` as in
//! every language), dot-sourced and imported skill files (`. ./lib.ps1`,
//! `Import-Module ./x.psm1`) and unbounded loops. The commands themselves
//! are lowered by the line reader (`powershell.rs`); this module places
//! what it emitted in its function and loop by byte position. Nodes that
//! hold a syntax error are skipped: their statements are still read by the
//! line reader, only the structure around them is lost.

use super::treesitter::{self, KindName, named_children};
use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::limits::{PS_MAX_ARG_WORD, PS_MAX_STRUCTURE};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::HashMap;
use tree_sitter::Node;

/// A function defined in the file.
struct Func {
    key: String,
    start: usize,
    end: usize,
    /// Parameter names, lower case, without `$`.
    params: Vec<String>,
}

/// A call to a function of this file or of a dot-sourced one.
struct Call {
    name: String,
    start: usize,
    end: usize,
    /// Per argument position, the binding it passes (`$x`) or "".
    args: Vec<String>,
    /// `-Name value` arguments: (parameter, binding).
    named: Vec<(String, String)>,
    /// The literal value of each positional argument, then of each named
    /// one in `named` order ("" when not a literal).
    values: Vec<String>,
    output: Option<String>,
}

/// A loop over a list: `foreach ($t in LIST) { … }` or
/// `LIST | ForEach-Object { … $_ … }` (variable `_`).
pub struct Foreach {
    /// The loop statement (or pipeline): the statements it holds are
    /// walked once more per further value of the list.
    pub start: usize,
    pub end: usize,
    /// The variable, lower case, without `$`.
    pub var: String,
    /// The text of what the loop iterates.
    pub list: String,
}

/// Nested byte ranges sorted by start (outer first), visited at rising
/// positions: which ranges hold the position, in time linear in the
/// number of ranges and positions.
#[derive(Default)]
struct Cursor {
    ranges: Vec<(usize, usize)>,
    /// Ranges holding the last position, innermost last.
    open: Vec<usize>,
    next: usize,
    last: usize,
}

impl Cursor {
    fn new(mut ranges: Vec<(usize, usize)>) -> Self {
        ranges.sort_by_key(|&(s, e)| (s, std::cmp::Reverse(e)));
        Cursor {
            ranges,
            ..Cursor::default()
        }
    }

    /// The innermost range holding `pos`.
    fn at(&mut self, pos: usize) -> Option<usize> {
        if pos < self.last {
            self.open.clear();
            self.next = 0;
        }
        self.last = pos;
        while self.open.last().is_some_and(|&t| self.ranges[t].1 <= pos) {
            self.open.pop();
        }
        while let Some(&(s, e)) = self.ranges.get(self.next).filter(|r| r.0 <= pos) {
            if e > pos {
                // Nested ranges: an open one that ended before `s` is gone.
                while self.open.last().is_some_and(|&t| self.ranges[t].1 <= s) {
                    self.open.pop();
                }
                self.open.push(self.next);
            }
            self.next += 1;
        }
        self.open.last().copied()
    }
}

/// The structure of one PowerShell unit.
#[derive(Default)]
pub struct Shape {
    /// Sorted by start, outer first (the order of `fcur`'s ranges).
    funcs: Vec<Func>,
    /// Unbounded loops: (start, end of the head line).
    loops: Vec<(usize, usize)>,
    calls: Vec<Call>,
    /// Loops over a list, sorted by start.
    pub foreach: Vec<Foreach>,
    /// Module keys of dot-sourced or imported skill files.
    sourced: Vec<String>,
    fcur: Cursor,
    lcur: Cursor,
}

/// Parses `masked` (the unit's text with comments blanked, same offsets).
/// A unit the grammar cannot take (too large, timed out) keeps its line
/// reading and is marked incomplete for the structure.
pub fn read(src: &Src, masked: &str, sink: &mut Sink) -> Shape {
    let mut shape = Shape::default();
    let tree = match treesitter::parse(Lang::PowerShell, masked) {
        Ok(t) => t,
        Err(e) => {
            sink.incomplete.push(format!(
                "{}: PowerShell not parsed ({e}); functions, loops and dot-sourced files not read",
                src.path
            ));
            return shape;
        }
    };
    let module = super::python::module_key(src.path);
    let dir = src.path.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
    let mut over = false;
    let mut commands: Vec<Node> = Vec::new();
    let mut endless_loops: Vec<Node> = Vec::new();
    // Start bytes in walk order (rising) of what leaves or pauses a loop.
    let mut exits: Vec<usize> = Vec::new();
    treesitter::walk(tree.root_node(), |n| {
        if n.is_error() || n.is_missing() {
            return false;
        }
        if shape.funcs.len() + endless_loops.len() + commands.len() + shape.foreach.len()
            >= PS_MAX_STRUCTURE
        {
            over = true;
            return false;
        }
        match n.kind_name() {
            "function_statement" if !n.has_error() => {
                if let Some(f) = function(n, masked, &module) {
                    shape.funcs.push(f);
                }
            }
            "foreach_statement" if !n.has_error() => {
                if let Some(f) = foreach_statement(n, masked) {
                    shape.foreach.push(f);
                }
            }
            "pipeline_chain" if !n.has_error() => {
                if let Some(f) = foreach_object(n, masked) {
                    shape.foreach.push(f);
                }
            }
            "while_statement" | "do_statement" | "for_statement" if !n.has_error() => {
                if endless(n, masked) {
                    endless_loops.push(n);
                }
            }
            // What ends or pauses a loop: `break`, `exit`, `return`,
            // `throw`, `Start-Sleep`.
            "flow_control_statement"
                if !treesitter::text(n, masked)
                    .trim_start()
                    .get(..8)
                    .is_some_and(|w| w.eq_ignore_ascii_case("continue")) =>
            {
                exits.push(n.start_byte());
            }
            "command" => {
                let name = n
                    .child_by_field_name("command_name")
                    .map(|c| treesitter::text(c, masked))
                    .unwrap_or("");
                if name.eq_ignore_ascii_case("start-sleep") || name.eq_ignore_ascii_case("sleep") {
                    exits.push(n.start_byte());
                }
                if !n.has_error() {
                    commands.push(n);
                }
            }
            _ => {}
        }
        true
    });
    if over {
        crate::limits::gave_up("PS_MAX_STRUCTURE");
    }
    // An endless loop with nothing inside that leaves or pauses it.
    let mut loops = Vec::new();
    for n in endless_loops {
        let (s, e) = (n.start_byte(), n.end_byte());
        let i = exits.partition_point(|&x| x < s);
        if exits.get(i).is_some_and(|&x| x < e) {
            continue;
        }
        let t = treesitter::text(n, masked);
        let head = t.find('\n').unwrap_or(t.len());
        loops.push((s, e));
        shape.loops.push((s, s + head));
    }
    let local: HashMap<&str, usize> = shape
        .funcs
        .iter()
        .enumerate()
        .map(|(i, f)| (f.key.rsplit("::").next().unwrap_or(""), i))
        .collect();
    let mut calls = Vec::new();
    for n in commands {
        let (start, end) = (n.start_byte(), n.end_byte());
        let Some(name) = n.child_by_field_name("command_name") else {
            continue;
        };
        let name_text = unquote(treesitter::text(name, masked));
        let lower = name_text.to_ascii_lowercase();
        let args = arguments(n, masked);
        let dot = n.child(0).is_some_and(|c| {
            c.kind_name() == "command_invokation_operator"
                && treesitter::text(c, masked).trim() == "."
        });
        if dot || lower == "import-module" || lower == "ipmo" {
            let path = if dot { Some(name_text.as_str()) } else { None };
            let path = path.or_else(|| {
                args.iter()
                    .find(|a| !a.starts_with('-'))
                    .map(|a| a.as_str())
            });
            if let Some(key) = path.and_then(|p| skill_file(dir, p)) {
                if !shape.sourced.contains(&key) {
                    shape.sourced.push(key);
                }
            }
            continue;
        }
        let is_local = local.contains_key(lower.as_str());
        if !is_local && (!lower.contains(['-', '_']) || builtin(&lower)) {
            continue;
        }
        let (args, named, values) = bindings(&args);
        calls.push(Call {
            name: lower,
            start,
            end,
            args,
            named,
            values,
            output: assigned_to(n, masked),
        });
    }
    shape.calls = calls;
    shape
        .foreach
        .sort_by_key(|f| (f.start, std::cmp::Reverse(f.end)));
    shape
        .funcs
        .sort_by_key(|f| (f.start, std::cmp::Reverse(f.end)));
    shape.fcur = Cursor::new(shape.funcs.iter().map(|f| (f.start, f.end)).collect());
    shape.lcur = Cursor::new(loops);
    shape
}

impl Shape {
    /// Places the evidence a statement at `pos` emitted (`items`) in its
    /// function and loop: the function's key, its parameters as
    /// `$param:` bindings, and `Unbounded` inside an endless loop.
    pub fn place(&mut self, pos: usize, items: &mut [Evidence]) {
        if items.is_empty() {
            return;
        }
        let unbounded = self.lcur.at(pos).is_some();
        let func = self.fcur.at(pos).map(|t| &self.funcs[t]);
        for e in items.iter_mut() {
            if unbounded {
                e.tags.insert(Tag::Unbounded);
            }
            let Some(f) = func else { continue };
            if e.func.is_none() {
                e.func = Some(f.key.clone());
            }
            for b in &mut e.inputs {
                let name = b.trim_start_matches('$').to_ascii_lowercase();
                if let Some(k) = f.params.iter().position(|p| *p == name) {
                    *b = format!("$param:{}:{k}", f.key);
                }
            }
        }
        if let Some(f) = func {
            crate::extract::summaries::mark_params(items, &f.key, &f.params);
        }
    }

    /// Emits what the structure adds once the statements are read: the
    /// loops, each function's `Return`, and the calls.
    pub fn finish(self, src: &Src, sink: &mut Sink, first: usize) {
        let mut out = Vec::new();
        for &(s, head) in &self.loops {
            let ev = Evidence::new(Op::Loop, A::CallTool, R::Process, "unbounded loop")
                .object("loop without exit")
                .instrument("while")
                .tag(Tag::Unbounded);
            out.push(src.at(ev, s, head, "powershell"));
        }
        let end = sink.items.len();
        let index: HashMap<&str, usize> = self
            .funcs
            .iter()
            .enumerate()
            .map(|(i, f)| (f.key.as_str(), i))
            .collect();
        let mut outs: Vec<Vec<String>> = vec![Vec::new(); self.funcs.len()];
        for e in &mut sink.items[first.min(end)..end] {
            let Some(&i) = e.func.as_deref().and_then(|k| index.get(k)) else {
                continue;
            };
            if e.output.is_none() && super::concepts::printed_result(e.op) {
                e.output = Some(src.pos_bind("ret", self.funcs[i].start));
            }
            if let Some(o) = &e.output {
                outs[i].push(o.clone());
            }
        }
        for (f, mut outs) in self.funcs.iter().zip(outs) {
            outs.sort();
            outs.dedup();
            if !outs.is_empty() {
                let mut ev = Evidence::new(Op::Return, A::Terminate, R::Memory, f.key.clone())
                    .object("function output");
                ev.inputs = outs;
                out.push(src.at(ev, f.start, f.start, "powershell"));
            }
        }
        let by_name: HashMap<&str, &Func> = self
            .funcs
            .iter()
            .map(|f| (f.key.rsplit("::").next().unwrap_or(""), f))
            .collect();
        for c in &self.calls {
            let keys: Vec<String> = match by_name.get(c.name.as_str()) {
                Some(f) => vec![f.key.clone()],
                None => self
                    .sourced
                    .iter()
                    .map(|m| format!("{m}::{}", c.name))
                    .collect(),
            };
            for key in keys {
                let mut inputs = c.args.clone();
                let npos = inputs.len();
                let mut values: Vec<String> = c.values.iter().take(npos).cloned().collect();
                let named_value = |i: usize| c.values.get(npos + i).cloned().unwrap_or_default();
                match by_name.get(c.name.as_str()) {
                    Some(f) => {
                        for (i, (p, b)) in c.named.iter().enumerate() {
                            if let Some(k) = f.params.iter().position(|x| x == p) {
                                if inputs.len() <= k {
                                    inputs.resize(k + 1, String::new());
                                    values.resize(k + 1, String::new());
                                }
                                inputs[k] = b.clone();
                                values[k] = named_value(i);
                            }
                        }
                    }
                    // A function of another file: its parameter names are
                    // not known here; named arguments take the places after
                    // the positional ones, in the order written.
                    None => {
                        inputs.extend(c.named.iter().map(|(_, b)| b.clone()));
                        values.extend((0..c.named.len()).map(named_value));
                    }
                }
                let mut ev = Evidence::new(Op::CallLocal, A::CallTool, R::Codebase, key)
                    .object("call into the skill's own code")
                    .instrument(c.name.clone());
                ev.inputs = inputs;
                ev.arg_values = values;
                ev.output = c.output.clone();
                out.push(src.at(ev, c.start, c.end, "powershell"));
            }
        }
        for ev in out {
            if sink.is_full() {
                sink.dropped += 1;
            } else {
                sink.push(ev);
            }
        }
    }
}

/// `foreach ($t in LIST) { … }`.
fn foreach_statement(n: Node, src: &str) -> Option<Foreach> {
    let kids = named_children(n);
    let var = kids.iter().find(|c| c.kind_name() == "variable")?;
    let list = kids.iter().find(|c| c.kind_name() == "pipeline")?;
    Some(Foreach {
        start: n.start_byte(),
        end: n.end_byte(),
        var: var_name(treesitter::text(*var, src))?,
        list: treesitter::text(*list, src).to_string(),
    })
}

/// `LIST | ForEach-Object { … }` (also `%` and `foreach`): the list is
/// the pipeline chain's first element, the variable `$_`.
fn foreach_object(n: Node, src: &str) -> Option<Foreach> {
    let kids = named_children(n);
    let (first, rest) = kids.split_first()?;
    let second = rest.first()?;
    let name = second
        .child_by_field_name("command_name")
        .map(|c| treesitter::text(c, src).to_ascii_lowercase())?;
    if !matches!(name.as_str(), "foreach-object" | "%" | "foreach") {
        return None;
    }
    Some(Foreach {
        start: n.start_byte(),
        end: n.end_byte(),
        var: "_".into(),
        list: treesitter::text(*first, src).to_string(),
    })
}

/// `$Name` / `${Name}` → `name`.
fn var_name(t: &str) -> Option<String> {
    let t = t.trim().strip_prefix('$')?;
    let t = t
        .strip_prefix('{')
        .and_then(|x| x.strip_suffix('}'))
        .unwrap_or(t);
    (!t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then(|| t.to_ascii_lowercase())
}

fn function(n: Node, src: &str, module: &str) -> Option<Func> {
    let kids = named_children(n);
    let name = kids.iter().find(|k| k.kind_name() == "function_name")?;
    let name = treesitter::text(*name, src).to_ascii_lowercase();
    let mut params = Vec::new();
    // `function f($a, $b)` and `param($a, $b)` at the top of the body.
    for k in &kids {
        match k.kind_name() {
            "function_parameter_declaration" => parameters(*k, src, &mut params),
            "script_block" => {
                for b in named_children(*k) {
                    if b.kind_name() == "param_block" {
                        parameters(b, src, &mut params);
                    }
                }
            }
            _ => {}
        }
    }
    Some(Func {
        key: format!("{module}::{name}"),
        start: n.start_byte(),
        end: n.end_byte(),
        params,
    })
}

/// The names of the `script_parameter`s under `n`, lower case.
fn parameters(n: Node, src: &str, out: &mut Vec<String>) {
    treesitter::walk(n, |k| {
        if k.kind_name() != "script_parameter" {
            return true;
        }
        if let Some(v) = named_children(k)
            .into_iter()
            .find(|v| v.kind_name() == "variable")
        {
            out.push(
                treesitter::text(v, src)
                    .trim_start_matches('$')
                    .to_ascii_lowercase(),
            );
        }
        false
    });
}

/// `while ($true)`, `while (1)`, `do { } while ($true)`, `for (;;)`
/// (whether something inside leaves the loop is asked by the caller).
fn endless(n: Node, src: &str) -> bool {
    match n.kind_name() {
        "for_statement" => n.child_by_field_name("for_condition").is_none(),
        _ => {
            let until = (0..n.child_count())
                .filter_map(|i| u32::try_from(i).ok().and_then(|i| n.child(i)))
                .any(|c| c.kind_name().eq_ignore_ascii_case("until"));
            !until
                && n.child_by_field_name("condition").is_some_and(|c| {
                    let t = treesitter::text(c, src).trim();
                    t.len() <= 16
                        && matches!(
                            t.to_ascii_lowercase().as_str(),
                            "$true" | "1" | "(1)" | "($true)"
                        )
                })
        }
    }
}

/// The argument words of a command, as written (quotes removed).
fn arguments(n: Node, src: &str) -> Vec<String> {
    let Some(els) = n.child_by_field_name("command_elements") else {
        return Vec::new();
    };
    named_children(els)
        .into_iter()
        .filter(|k| !matches!(k.kind_name(), "command_argument_sep" | "redirection"))
        // Only short words bind (`$x`, `-Name`, a path): a long argument
        // (a nested script block) keeps its place, not its text, so nested
        // commands are not copied once per level.
        .map(|k| {
            let t = treesitter::text(k, src);
            if t.len() <= PS_MAX_ARG_WORD {
                unquote(t)
            } else {
                // A single long word could have been a binding or a path.
                if !t.contains(char::is_whitespace) {
                    crate::limits::gave_up("PS_MAX_ARG_WORD");
                }
                String::new()
            }
        })
        .collect()
}

/// Positional bindings, `-Name $value` pairs, and the literal value of
/// each argument (positional ones first, then the named ones in order; ""
/// for a variable, an expression or a string that expands one).
type Bound = (Vec<String>, Vec<(String, String)>, Vec<String>);

fn bindings(args: &[String]) -> Bound {
    let mut pos = Vec::new();
    let mut named = Vec::new();
    let (mut pos_vals, mut named_vals) = (Vec::new(), Vec::new());
    let lit = |a: &str| {
        let known = !a.contains('$') && !a.starts_with(['(', '@', '{', '[']);
        if known { a.to_string() } else { String::new() }
    };
    let bind = |a: &str| {
        // `$env:NAME` is the value the environment read binds.
        if let Some(name) = a
            .get(..5)
            .filter(|p| p.eq_ignore_ascii_case("$env:"))
            .map(|_| &a[5..])
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        {
            return format!("$env_{name}");
        }
        let v = a.trim_start_matches('$');
        let simple = a.starts_with('$')
            && !v.is_empty()
            && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if simple {
            format!("${v}")
        } else {
            String::new()
        }
    };
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if let Some(p) = a
            .strip_prefix('-')
            .filter(|p| p.chars().next().is_some_and(char::is_alphabetic))
        {
            let p = p.trim_end_matches(':').to_ascii_lowercase();
            if let Some(v) = args.get(i + 1).filter(|v| !v.starts_with('-')) {
                named.push((p, bind(v)));
                named_vals.push(lit(v));
                i += 2;
                continue;
            }
            i += 1;
            continue;
        }
        pos.push(bind(a));
        pos_vals.push(lit(a));
        i += 1;
    }
    pos_vals.extend(named_vals);
    (pos, named, pos_vals)
}

/// `$x = f …`: the variable the command's output goes to.
fn assigned_to(n: Node, src: &str) -> Option<String> {
    let mut p = n.parent()?;
    for _ in 0..4 {
        if p.kind_name() == "assignment_expression" {
            let left = named_children(p)
                .into_iter()
                .find(|k| k.kind_name() == "left_assignment_expression")?;
            let t = treesitter::text(left, src).trim();
            let v = t.strip_prefix('$')?;
            return (!v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
                .then(|| t.to_string());
        }
        p = p.parent()?;
    }
    None
}

/// Cmdlets and aliases of PowerShell itself (and those the shared tables
/// name): a call to one is not a call into a dot-sourced file.
fn builtin(name: &str) -> bool {
    const BUILTIN: &[&str] = &[
        "write-host",
        "write-output",
        "write-error",
        "write-warning",
        "write-verbose",
        "write-debug",
        "write-information",
        "write-progress",
        "out-null",
        "out-string",
        "out-host",
        "select-object",
        "where-object",
        "foreach-object",
        "sort-object",
        "group-object",
        "measure-object",
        "format-table",
        "format-list",
        "convertto-json",
        "convertfrom-json",
        "convertto-securestring",
        "convertfrom-securestring",
        "join-path",
        "split-path",
        "test-path",
        "resolve-path",
        "new-object",
        "new-item",
        "get-item",
        "get-date",
        "start-sleep",
        "set-location",
        "get-location",
        "push-location",
        "pop-location",
        "import-module",
        "invoke-expression",
        "invoke-command",
        "start-process",
        "get-process",
        "stop-process",
        "read-host",
        "get-credential",
        "get-command",
        "get-member",
        "set-variable",
        "get-variable",
        "new-variable",
        "remove-variable",
        "set-strictmode",
        "get-acl",
        "get-itemproperty",
        "set-item",
        "new-itemproperty",
        "set-itemproperty",
        "add-type",
        "tee-object",
        "select-string",
        "get-random",
        "get-unique",
        "compare-object",
        "export-csv",
        "import-csv",
        "export-clixml",
        "import-clixml",
        "get-filehash",
        "expand-archive",
        "compress-archive",
        "start-job",
        "receive-job",
        "wait-job",
        "get-job",
        "remove-job",
        "register-scheduledtask",
        "new-scheduledtaskaction",
        "new-scheduledtasktrigger",
        "get-service",
        "new-service",
        "start-service",
        "stop-service",
        "invoke-item",
        "get-wmiobject",
        "get-ciminstance",
        "invoke-webrequest",
        "invoke-restmethod",
        "start-bitstransfer",
        "set-mppreference",
        "add-mppreference",
        "clear-history",
        "get-clipboard",
        "set-clipboard",
        "where",
        "foreach",
        "sort",
        "select",
    ];
    BUILTIN.contains(&name) || super::fs_op::kind_of("powershell", name).is_some()
}

fn unquote(s: &str) -> String {
    s.trim().trim_matches(['"', '\'']).to_string()
}

/// The module key of a skill file named by a dot-source or an import
/// (`./lib.ps1`, `$PSScriptRoot\lib\x.psm1`), relative to the importing
/// file's folder; None for a module name or a remote path.
fn skill_file(dir: &str, p: &str) -> Option<String> {
    let p = p.replace('\\', "/");
    let lower = p.to_ascii_lowercase();
    if p.contains("://") || !(lower.ends_with(".ps1") || lower.ends_with(".psm1")) {
        return None;
    }
    let rel = ["$psscriptroot/", "${psscriptroot}/", "./"]
        .iter()
        .find_map(|pre| lower.starts_with(pre).then(|| &p[pre.len()..]))
        .unwrap_or(&p);
    if rel.contains('$') || rel.starts_with('/') || rel.contains(':') {
        return None;
    }
    let full = if dir.is_empty() {
        rel.to_string()
    } else {
        format!("{dir}/{rel}")
    };
    Some(super::python::module_key(&full))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skill_files_resolve_to_module_keys() {
        assert_eq!(
            skill_file("scripts", "./lib.ps1").as_deref(),
            Some("scripts/lib")
        );
        assert_eq!(
            skill_file("scripts", "$PSScriptRoot\\net\\x.psm1").as_deref(),
            Some("scripts/net/x")
        );
        assert_eq!(skill_file("", "PSReadLine"), None);
        assert_eq!(skill_file("", "https://h/x.ps1"), None);
        assert_eq!(skill_file("", "$env:TEMP\\x.ps1"), None);
    }

    #[test]
    fn named_and_positional_bindings() {
        let args: Vec<String> = ["$a", "-Key", "$k", "lit", "-Force"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (pos, named, _) = bindings(&args);
        assert_eq!(pos, vec!["$a".to_string(), String::new()]);
        assert_eq!(named, vec![("key".to_string(), "$k".to_string())]);
    }
}
