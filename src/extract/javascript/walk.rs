//! Statements, declarations and bindings, imports and exports, function
//! bodies and the pending parameter reads resolved after the walk.

use super::lexical::lexical;
use super::*;

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    pub(super) fn t(&self, n: Node) -> &'a str {
        text(n, self.src.text)
    }

    // ---- emission -------------------------------------------------------

    /// Positions and records an evidence item; returns its index.
    pub(super) fn emit(&mut self, mut ev: Evidence, start: usize, end: usize) -> usize {
        if self.sink.is_full() {
            self.sink.dropped += 1;
            return self.sink.items.len();
        }
        for g in &self.gates {
            ev.tags.insert(*g);
        }
        if ev.instrument.is_empty() {
            ev.instrument = "javascript".into();
        }
        if let Some(o) = &ev.output {
            let secret = ev.op == Op::EnvDump
                || matches!(ev.op, Op::FileRead | Op::EnvRead | Op::KeychainRead)
                    && ev.scope == R::Credentials;
            if secret {
                self.secret_binds.insert(o.clone());
            }
            if ev.op == Op::SocketConnect {
                self.socket_binds.insert(o.clone(), ev.target.clone());
            }
        }
        let ev = self.src.at(ev, start, end, LANG);
        let i = self.sink.items.len();
        self.sink.push(ev);
        i
    }

    pub(super) fn emit_at(&mut self, ev: Evidence, n: Node) -> usize {
        self.emit(ev, n.start_byte(), n.end_byte())
    }

    pub(super) fn out_name(&self, want: Option<&str>, n: Node) -> String {
        match want {
            Some(w) => w.to_string(),
            None => self.src.pos_bind("call", n.start_byte()),
        }
    }

    pub(super) fn tag_range(&mut self, from: usize, tags: &[Tag]) {
        let to = self.sink.items.len();
        for e in &mut self.sink.items[from.min(to)..to] {
            e.tags.extend(tags.iter().copied());
        }
    }

    /// Runs another extractor over code found in a string and applies the
    /// current gates to what it finds.
    pub(super) fn nested(
        &mut self,
        lang: impl Into<crate::extract::interp::Code>,
        code: &str,
        v: &V,
        at: Node,
        origin: Origin,
    ) {
        let lang = lang.into();
        if code.trim().is_empty() {
            return;
        }
        let from = self.sink.items.len();
        let src = self.src;
        let (s, e) = v.span.unwrap_or((at.start_byte(), at.end_byte()));
        let inner = if v.plain && !v.decoded {
            src.text
                .get(s + 1..e.saturating_sub(1))
                .filter(|t| *t == code)
        } else {
            None
        };
        match inner {
            Some(inner) => {
                let n = src.nested(inner, s + 1, origin);
                crate::extract::interp::analyse(lang, &n, self.sink);
            }
            None => {
                let n = src.derived(code, s, e, origin);
                crate::extract::interp::analyse(lang, &n, self.sink);
                if !(v.decoded || v.computed) {
                    // A folded template or concatenation is not an encoded
                    // payload: drop the tag `Src::derived` adds (extractors
                    // set it themselves where it means something).
                    let end = self.sink.items.len();
                    for ev in &mut self.sink.items[from.min(end)..end] {
                        if !matches!(ev.op, Op::Decode | Op::DynamicCode | Op::DnsQuery) {
                            ev.tags.remove(&Tag::Encoded);
                        }
                    }
                }
            }
        }
        let gates = self.gates.clone();
        self.tag_range(from, &gates);
    }

    pub(super) fn deep(&mut self, n: Node) {
        if !self.deep_noted {
            self.deep_noted = true;
            self.sink.incomplete.push(format!(
                "{}: JavaScript nested deeper than {MAX_DEPTH}; inner code scanned at token level",
                self.src.path
            ));
        }
        let src = self.src;
        lexical(src, n.start_byte(), self.t(n), self.sink);
    }

    // ---- statements -----------------------------------------------------

    /// A statement list: hoists function names, then walks in order.
    pub(super) fn stmts(&mut self, parent: Node<'t>, top: bool, d: usize) {
        let kids = named_children(parent);
        for k in &kids {
            self.hoist(*k);
        }
        self.stmt_run(&kids, top, d);
    }

    /// Statements in order; a guard clause (`if (runs < 3 || sandboxed())
    /// return;`) gates every statement after it, as the `if` would its
    /// body.
    fn stmt_run(&mut self, kids: &[Node<'t>], top: bool, d: usize) {
        for (i, k) in kids.iter().enumerate() {
            self.stmt(*k, top, d);
            if let Some((g, cond)) = self.guard_clause(*k) {
                let rest = &kids[i + 1..];
                self.gated(g, *k, &cond, |cx| {
                    for r in rest {
                        cx.stmt(*r, top, d);
                    }
                });
                return;
            }
        }
    }

    /// A function exported under another name: `exported(...a)` calls
    /// `target(...a)` and returns its result, as a summary the flow graph
    /// follows (`CallLocal` + `Return`).
    pub(super) fn forward(&mut self, exported: &str, target: &str, at: Node<'t>) {
        if exported == target {
            return;
        }
        let out = format!("$fwd_{}", at.start_byte());
        let mut call = Evidence::new(Op::CallLocal, A::CallTool, R::Codebase, target)
            .object("exported under another name")
            .instrument(exported.to_string());
        call.inputs = (0..4).map(|i| format!("$param:{exported}:{i}")).collect();
        call.output = Some(out.clone());
        self.emit(call, at.start_byte(), at.end_byte());
        let mut ret =
            Evidence::new(Op::Return, A::Terminate, R::Memory, exported).object("value returned");
        ret.inputs = vec![out];
        self.emit(ret, at.start_byte(), at.end_byte());
    }

    /// A parameter's name (`u`, `u = DEFAULT`, TypeScript `u: string`);
    /// empty for a destructuring pattern.
    fn param_name(&self, p: Node<'t>) -> String {
        let p = match p.kind_name() {
            "assignment_pattern" => p.child_by_field_name("left").unwrap_or(p),
            "required_parameter" | "optional_parameter" => {
                p.child_by_field_name("pattern").unwrap_or(p)
            }
            _ => p,
        };
        match p.kind_name() {
            "identifier" => self.t(p).to_string(),
            _ => String::new(),
        }
    }

    pub(super) fn key(&self, name: &str) -> String {
        match &self.class {
            Some(c) => format!("{}::{c}.{name}", self.module),
            None => format!("{}::{name}", self.module),
        }
    }

    fn hoist(&mut self, n: Node<'t>) {
        let (decl, default) = if n.kind_name() == "export_statement" {
            let default = self.is_default_export(n);
            match n
                .child_by_field_name("declaration")
                .or_else(|| n.child_by_field_name("value"))
            {
                Some(d) => (d, default),
                None => return,
            }
        } else {
            (n, false)
        };
        match decl.kind_name() {
            "function_declaration"
            | "generator_function_declaration"
            | "function_expression"
            | "function" => {
                if let Some(name) = decl.child_by_field_name("name") {
                    let name = self.t(name).to_string();
                    self.note_evasion_fn(&name, decl);
                    let key = if default {
                        format!("{}::default", self.module)
                    } else {
                        self.key(&name)
                    };
                    self.vars.insert(
                        name,
                        V {
                            r: Ref::Local(key),
                            ..V::default()
                        },
                    );
                }
            }
            "lexical_declaration" | "variable_declaration" => {
                for dcl in named_children(decl) {
                    if dcl.kind_name() != "variable_declarator" {
                        continue;
                    }
                    let (Some(name), Some(val)) = (
                        dcl.child_by_field_name("name"),
                        dcl.child_by_field_name("value"),
                    ) else {
                        continue;
                    };
                    if name.kind_name() == "identifier" && is_fn(val.kind_name()) {
                        let name = self.t(name).to_string();
                        self.note_evasion_fn(&name, val);
                        let key = self.key(&name);
                        self.vars.insert(
                            name,
                            V {
                                r: Ref::Local(key),
                                ..V::default()
                            },
                        );
                    }
                }
            }
            "class_declaration" => {
                if let Some(name) = decl.child_by_field_name("name") {
                    let name = self.t(name).to_string();
                    self.vars.insert(
                        name.clone(),
                        V {
                            r: Ref::Class(name),
                            ..V::default()
                        },
                    );
                }
            }
            _ => {}
        }
    }

    /// Records a function whose body combines sandbox probes.
    fn note_evasion_fn(&mut self, name: &str, f: Node<'t>) {
        self.fn_nodes.insert(name.to_string(), f);
        let body = f.child_by_field_name("body").map_or("", |b| self.t(b));
        if crate::extract::gates::evasion_checks(body) >= 2 {
            self.evasion_fns.insert(name.to_string());
        }
    }

    fn is_default_export(&self, n: Node) -> bool {
        let mut c = n.walk();
        n.children(&mut c).any(|k| k.kind_name() == "default")
    }

    pub(super) fn stmt(&mut self, n: Node<'t>, top: bool, d: usize) {
        match n.kind_name() {
            "function_declaration" | "generator_function_declaration" => {
                let key = match n.child_by_field_name("name") {
                    Some(name) => match self.vars.get(self.t(name)) {
                        Some(V {
                            r: Ref::Local(k), ..
                        }) => k.clone(),
                        _ => self.key(self.t(name)),
                    },
                    None => format!("{}::default", self.module),
                };
                if top {
                    self.deferred.push((n, key));
                } else {
                    self.walk_fn(n, Some(key), None, d + 1);
                }
            }
            "export_statement" => {
                let default = self.is_default_export(n);
                if let Some(decl) = n.child_by_field_name("declaration") {
                    if default && is_fn(decl.kind_name()) {
                        let key = format!("{}::default", self.module);
                        if top {
                            self.deferred.push((decl, key));
                        } else {
                            self.walk_fn(decl, Some(key), None, d + 1);
                        }
                    } else {
                        self.stmt(decl, top, d);
                    }
                } else if let Some(val) = n.child_by_field_name("value") {
                    if is_fn(val.kind_name()) {
                        let key = format!("{}::default", self.module);
                        self.walk_fn(val, Some(key), None, d + 1);
                    } else {
                        self.ev(val, None, d + 1);
                    }
                } else if let Some(srcn) = n.child_by_field_name("source") {
                    // `export { x } from './y'`: a re-export, nothing runs.
                    let _ = srcn;
                }
            }
            "lexical_declaration" | "variable_declaration" => {
                for dcl in named_children(n) {
                    if dcl.kind_name() == "variable_declarator" {
                        self.declarator(dcl, top, d);
                    }
                }
            }
            "class_declaration" => self.class(n, d),
            "import_statement" => self.import(n),
            _ => {
                self.ev(n, None, d);
            }
        }
    }

    fn declarator(&mut self, dcl: Node<'t>, top: bool, d: usize) {
        let Some(name) = dcl.child_by_field_name("name") else {
            return;
        };
        let Some(val) = dcl.child_by_field_name("value") else {
            return;
        };
        if name.kind_name() == "identifier" {
            let nm = self.t(name).to_string();
            if is_fn(val.kind_name()) {
                let key = self.key(&nm);
                self.vars.insert(
                    nm,
                    V {
                        r: Ref::Local(key.clone()),
                        ..V::default()
                    },
                );
                if top {
                    self.deferred.push((val, key));
                } else {
                    self.walk_fn(val, Some(key), None, d + 1);
                }
                return;
            }
            if val.kind_name() == "class" {
                self.class(val, d);
                self.vars.insert(
                    nm.clone(),
                    V {
                        r: Ref::Class(nm),
                        ..V::default()
                    },
                );
                return;
            }
            let want = format!("${nm}");
            let v = self.ev(val, Some(&want), d + 1);
            self.note_time(&nm, val);
            self.vars.insert(nm, v);
        } else {
            let v = self.ev(val, None, d + 1);
            self.bind_pattern(name, &v, dcl, d);
        }
    }

    /// Records whether variable `nm`, assigned `val`, holds the current
    /// time or a fixed date.
    pub(super) fn note_time(&mut self, nm: &str, val: Node) {
        match time_value(self.t(val), reads_now_js) {
            Some(t) => {
                self.times.insert(nm.to_string(), t);
            }
            None => {
                self.times.remove(nm);
            }
        }
    }

    /// Binds destructuring patterns: `{exec} = require(..)`,
    /// `{API_KEY} = process.env`, `[a, b] = arr`.
    pub(super) fn bind_pattern(&mut self, pat: Node<'t>, v: &V<'t>, at: Node, d: usize) {
        match pat.kind_name() {
            "identifier" | "shorthand_property_identifier_pattern" => {
                let nm = self.t(pat).to_string();
                self.vars.insert(nm, v.clone());
            }
            "object_pattern" => {
                for p in named_children(pat) {
                    match p.kind_name() {
                        "shorthand_property_identifier_pattern" => {
                            let key = self.t(p).to_string();
                            let pv =
                                self.member_value(v, &key, false, Some(&format!("${key}")), at);
                            self.vars.insert(key, pv);
                        }
                        "pair_pattern" => {
                            let key = p
                                .child_by_field_name("key")
                                .map(|k| self.t(k).trim_matches(['"', '\'', '`']).to_string())
                                .unwrap_or_default();
                            if let Some(value) = p.child_by_field_name("value") {
                                let target = if value.kind_name() == "assignment_pattern" {
                                    value.child_by_field_name("left").unwrap_or(value)
                                } else {
                                    value
                                };
                                let want = (target.kind_name() == "identifier")
                                    .then(|| format!("${}", self.t(target)));
                                let pv = self.member_value(v, &key, false, want.as_deref(), at);
                                self.bind_pattern(target, &pv, at, d);
                            }
                        }
                        "object_assignment_pattern" => {
                            if let Some(l) = p.child_by_field_name("left") {
                                let key = self.t(l).to_string();
                                let pv =
                                    self.member_value(v, &key, false, Some(&format!("${key}")), at);
                                if let Some(r) = p.child_by_field_name("right") {
                                    self.ev(r, None, d + 1);
                                }
                                self.bind_pattern(l, &pv, at, d);
                            }
                        }
                        "rest_pattern" => {
                            if let Some(i) = named_children(p).first() {
                                self.bind_pattern(*i, v, at, d);
                            }
                        }
                        _ => {}
                    }
                }
            }
            "array_pattern" => {
                for (i, p) in named_children(pat).into_iter().enumerate() {
                    let el = match &v.k {
                        K::Arr(a) => a.get(i).cloned().unwrap_or_default(),
                        _ => V {
                            binds: v.binds.clone(),
                            ..V::default()
                        },
                    };
                    let target = if p.kind_name() == "assignment_pattern" {
                        p.child_by_field_name("left").unwrap_or(p)
                    } else if p.kind_name() == "rest_pattern" {
                        named_children(p).first().copied().unwrap_or(p)
                    } else {
                        p
                    };
                    self.bind_pattern(target, &el, at, d);
                }
            }
            "assignment_pattern" => {
                if let Some(l) = pat.child_by_field_name("left") {
                    self.bind_pattern(l, v, at, d);
                }
            }
            _ => {}
        }
    }

    fn import(&mut self, n: Node<'t>) {
        let Some(srcn) = n.child_by_field_name("source") else {
            return;
        };
        let spec = self.t(srcn).trim_matches(['"', '\'', '`']).to_string();
        let local = self.local_module(&spec);
        for clause in named_children(n) {
            if clause.kind_name() != "import_clause" {
                continue;
            }
            for c in named_children(clause) {
                match c.kind_name() {
                    "identifier" => {
                        let v = match &local {
                            Some(m) => V {
                                r: Ref::Local(format!("{m}::default")),
                                ..V::default()
                            },
                            None => V::api(&spec),
                        };
                        self.vars.insert(self.t(c).to_string(), v);
                    }
                    "namespace_import" => {
                        if let Some(id) = named_children(c).last() {
                            let v = match &local {
                                Some(m) => V {
                                    r: Ref::LocalMod(m.clone()),
                                    ..V::default()
                                },
                                None => V::api(&spec),
                            };
                            self.vars.insert(self.t(*id).to_string(), v);
                        }
                    }
                    "named_imports" => {
                        for s in named_children(c) {
                            if s.kind_name() != "import_specifier" {
                                continue;
                            }
                            let Some(name) = s.child_by_field_name("name") else {
                                continue;
                            };
                            let name = self.t(name).trim_matches(['"', '\'']).to_string();
                            let alias = s
                                .child_by_field_name("alias")
                                .map(|a| self.t(a).to_string())
                                .unwrap_or_else(|| name.clone());
                            let v = match &local {
                                Some(m) => super::imported(&format!("{m}::{name}")),
                                None if name == "default" => V::api(&spec),
                                None => V::api(&format!("{spec}.{name}")),
                            };
                            self.vars.insert(alias, v);
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// `./lib/send` seen from `scripts/` → `scripts/lib/send`.
    pub(super) fn local_module(&self, spec: &str) -> Option<String> {
        if !(spec.starts_with("./") || spec.starts_with("../") || spec == "." || spec == "..") {
            return None;
        }
        let p = norm_join(&[&self.dir, spec]);
        let p = p.trim_end_matches("/index.js").trim_end_matches("/index");
        Some(strip_ext(p).to_string())
    }

    pub(super) fn class(&mut self, n: Node<'t>, d: usize) {
        let name = n
            .child_by_field_name("name")
            .map(|x| self.t(x).to_string())
            .unwrap_or_else(|| "anonymous".into());
        let saved = self.class.replace(name);
        if let Some(body) = n.child_by_field_name("body") {
            for m in named_children(body) {
                match m.kind_name() {
                    "method_definition" => {
                        let mname = m
                            .child_by_field_name("name")
                            .map(|x| self.t(x).to_string())
                            .unwrap_or_default();
                        let key = self.key(&mname);
                        self.walk_fn(m, Some(key), None, d + 1);
                    }
                    _ => {
                        self.ev(m, None, d + 1);
                    }
                }
            }
        }
        self.class = saved;
    }

    /// Walks a function body. Keyed functions bind parameter `i` as
    /// `$param:<key>:<i>`; callbacks bind every parameter to `cb` (the data
    /// that flows into them).
    pub(super) fn walk_fn(
        &mut self,
        f: Node<'t>,
        key: Option<String>,
        cb: Option<&[String]>,
        d: usize,
    ) {
        if d > MAX_DEPTH {
            self.deep(f);
            return;
        }
        let start = self.sink.items.len();
        let mut params: Vec<Node> = Vec::new();
        if let Some(p) = f.child_by_field_name("parameters") {
            params = named_children(p)
                .into_iter()
                .filter(|x| x.kind_name() != "comment")
                .collect();
        } else if let Some(p) = f.child_by_field_name("parameter") {
            params.push(p);
        }
        let mut saved: Vec<(String, Option<V<'t>>)> = Vec::new();
        let preset = std::mem::take(&mut self.param_vals);
        // A callback over known elements: its value is `.map`'s element.
        let collect = !preset.is_empty() || std::mem::take(&mut self.collect_next);
        for (i, p) in params.iter().enumerate() {
            let b = match (&key, cb) {
                (Some(k), _) => vec![format!("$param:{k}:{i}")],
                (None, Some(cb)) => {
                    let pname = self.t(*p);
                    if i == 0 && matches!(pname, "err" | "error" | "e") && params.len() > 1 {
                        Vec::new()
                    } else {
                        cb.to_vec()
                    }
                }
                (None, None) => Vec::new(),
            };
            let v = V {
                binds: b,
                ..V::default()
            };
            let mut names = Vec::new();
            collect_pattern_names(*p, self.src.text, &mut names);
            for nm in names {
                let old = self.vars.insert(nm.clone(), v.clone());
                saved.push((nm, old));
            }
            // A callback handed a known element (`each_element`).
            if let Some(pv) = preset.get(i) {
                let pat = match p.kind_name() {
                    "required_parameter" | "optional_parameter" => {
                        p.child_by_field_name("pattern").unwrap_or(*p)
                    }
                    _ => *p,
                };
                self.bind_pattern(pat, pv, f, d);
            }
            if let Some(def) = (p.kind_name() == "assignment_pattern")
                .then(|| p.child_by_field_name("right"))
                .flatten()
            {
                self.ev(def, None, d + 1);
            }
        }
        let saved_key = std::mem::replace(&mut self.fn_key, key.clone());
        // Parameters by name (`u`, `u = DEFAULT`); a pattern has none.
        let names: Vec<String> = params.iter().map(|p| self.param_name(*p)).collect();
        let saved_params = std::mem::replace(&mut self.fn_params, names.clone());
        let saved_each = std::mem::take(&mut self.each_param);
        self.loops.push((Frame::Barrier, false));
        if let Some(body) = f.child_by_field_name("body") {
            if body.kind_name() == "statement_block" {
                let saved_ret = std::mem::replace(&mut self.ret_binds, collect.then(Vec::new));
                self.stmts(body, false, d + 1);
                let binds = std::mem::replace(&mut self.ret_binds, saved_ret);
                if let Some(binds) = binds.filter(|b| !b.is_empty()) {
                    self.cb_result = Some(V {
                        binds,
                        ..V::default()
                    });
                }
            } else {
                // Expression body: an implicit return.
                let v = self.ev(body, None, d + 1);
                self.ret(&v, body);
                if collect {
                    self.cb_result = Some(v);
                }
            }
        }
        while let Some((fr, _)) = self.loops.pop() {
            if fr == Frame::Barrier {
                break;
            }
        }
        self.fn_key = saved_key;
        self.fn_params = saved_params;
        let each = std::mem::replace(&mut self.each_param, saved_each);
        for (nm, old) in saved.into_iter().rev() {
            match old {
                Some(o) => self.vars.insert(nm, o),
                None => self.vars.remove(&nm),
            };
        }
        if let Some(k) = key {
            let end = self.sink.items.len();
            for e in &mut self.sink.items[start.min(end)..end] {
                if e.func.is_none() {
                    e.func = Some(k.clone());
                }
            }
            crate::extract::summaries::mark_params_each(
                &mut self.sink.items[start.min(end)..end],
                &k,
                &names,
                &each,
            );
            let items = &self.sink.items[start.min(end)..end];
            let direct = items.iter().any(sensitive);
            let calls: Vec<String> = items
                .iter()
                .filter(|e| e.op == Op::CallLocal)
                .map(|e| e.target.clone())
                .collect();
            let info = self.fns.entry(k).or_insert(FnInfo {
                direct: false,
                calls: Vec::new(),
            });
            info.direct |= direct;
            info.calls.extend(calls);
        }
    }

    pub(super) fn ret(&mut self, v: &V, at: Node) {
        // Round 33: the strings the function returns, when folded (a path,
        // a list of paths built in loops), as `arg_values`: a caller in
        // any file reading what it returns reads those (`returned.rs`).
        let mut values = Vec::new();
        returned_strings(v, &mut values, 0);
        if let (Some(k), K::Str(text)) = (self.fn_key.clone(), &v.k) {
            let kept = V {
                k: K::Str(text.clone()),
                dynamic: v.dynamic,
                computed: v.computed,
                decoded: v.decoded,
                ..V::default()
            };
            self.fn_texts
                .entry(k)
                .and_modify(|had| {
                    if had.as_ref().and_then(V::str) != Some(&**text) {
                        *had = None;
                    }
                })
                .or_insert(Some(kept));
        }
        if let Some(k) = self.fn_key.clone()
            && (!v.binds.is_empty() || !values.is_empty())
        {
            let mut ev = Evidence::new(Op::Return, A::Terminate, R::Memory, k)
                .object("function result")
                .instrument("return");
            ev.inputs = v.binds.clone();
            ev.arg_values = values;
            self.emit_at(ev, at);
        }
    }

    /// Marks enclosing loops of this function as exited (`return`, `throw`,
    /// `process.exit`).
    pub(super) fn exit_all(&mut self) {
        for (fr, ex) in self.loops.iter_mut().rev() {
            if *fr == Frame::Barrier {
                break;
            }
            *ex = true;
        }
    }

    /// Remembers string constants passed to a skill function
    /// (`readContextFile(CONTEXT_FILE_PATH)`), for reads of the parameter.
    /// A fully known path built from the home folder
    /// (`readMaybe(join(homedir(), ".openclaw", ".env"))`) counts too: its
    /// binding only records where the `~` came from.
    pub(super) fn record_const_args(&mut self, key: &str, args: &[Arg<'t>]) {
        for (i, a) in args.iter().enumerate().take(8) {
            let Some(c) = a.v.lit() else { continue };
            if c.is_empty() || c.len() > 512 || !(a.v.binds.is_empty() || c.starts_with("~/")) {
                continue;
            }
            let list = self
                .const_args
                .entry(format!("$param:{key}:{i}"))
                .or_default();
            if list.len() < 8 && !list.iter().any(|x| x == c) {
                list.push(c.to_string());
            }
        }
    }

    /// A file read whose path comes from a parameter of a skill function
    /// (through helper calls: `resolveHomePath(p)`, `path.resolve(p)`) takes
    /// the path of the constants passed for that parameter at call sites.
    /// A function walked once with symbolic parameters would otherwise hide
    /// `readContextFile("~/.clawdbot/.env")`.
    pub(super) fn resolve_param_reads(&mut self) {
        if self.const_args.is_empty() {
            return;
        }
        let base = self.base.min(self.sink.items.len());
        let end = self.sink.items.len();
        for i in base..end {
            let e = &self.sink.items[i];
            if e.op != Op::FileRead || e.scope == R::Credentials || !e.target.contains('$') {
                continue;
            }
            let consts = self.param_consts(&e.inputs.clone(), base, end);
            let target = self.sink.items[i].target.clone();
            let mut best: Option<(String, R, BTreeSet<Tag>)> = None;
            for c in consts {
                let cand = substitute_param(&target, &c);
                let (scope, tags) = classify_path(&cand);
                if scope == R::Credentials {
                    best = Some((cand, scope, tags));
                    break;
                }
            }
            if let Some((path, scope, tags)) = best {
                let e = &mut self.sink.items[i];
                e.target = path;
                e.scope = scope;
                e.tags.extend(tags);
                e.object = "file read (path passed by a caller)".into();
                if let Some(o) = e.output.clone() {
                    self.secret_binds.insert(o);
                }
            }
        }
    }

    /// String constants that reach `binds` through assignments, helper
    /// calls and the parameters of skill functions.
    fn param_consts(&self, binds: &[String], base: usize, end: usize) -> Vec<String> {
        let items = &self.sink.items[base..end];
        let mut out: Vec<String> = Vec::new();
        let mut seen: HashSet<String> = HashSet::new();
        let mut work: Vec<String> = binds.to_vec();
        while let Some(b) = work.pop() {
            if seen.len() > 64 || !seen.insert(b.clone()) {
                continue;
            }
            if let Some(rest) = b.strip_prefix("$param:") {
                if let Some(cs) = self.const_args.get(&b) {
                    for c in cs {
                        if !out.contains(c) {
                            out.push(c.clone());
                        }
                    }
                }
                // The argument a caller in this file passes on.
                if let Some((key, idx)) = rest.rsplit_once(':')
                    && let Ok(idx) = idx.parse::<usize>()
                {
                    for c in items
                        .iter()
                        .filter(|c| c.op == Op::CallLocal && c.target == key)
                    {
                        if let Some(a) = c.inputs.get(idx) {
                            work.push(a.clone());
                        }
                        if let Some(more) = c.arg_binds.get(idx) {
                            work.extend(more.iter().cloned());
                        }
                    }
                }
                continue;
            }
            for p in items
                .iter()
                .filter(|p| p.op != Op::Return && p.output.as_deref() == Some(b.as_str()))
            {
                // Values are derived, not fetched or read: stop at I/O.
                if matches!(p.op, Op::CallLocal | Op::SysInfo) {
                    work.extend(p.inputs.iter().filter(|x| !x.is_empty()).cloned());
                    for more in &p.arg_binds {
                        work.extend(more.iter().cloned());
                    }
                }
            }
        }
        out
    }

    pub(super) fn resolve_pending(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        // Sensitive functions: direct evidence, or calls to one (fixpoint).
        let mut sens: HashSet<String> = self
            .fns
            .iter()
            .filter(|(_, i)| i.direct)
            .map(|(k, _)| k.clone())
            .collect();
        loop {
            let before = sens.len();
            for (k, i) in &self.fns {
                if !sens.contains(k) && i.calls.iter().any(|c| sens.contains(c)) {
                    sens.insert(k.clone());
                }
            }
            if sens.len() == before {
                break;
            }
        }
        for p in std::mem::take(&mut self.pending) {
            let _ = p.net_only;
            if p.keys.iter().any(|k| sens.contains(k)) {
                self.sink.push(p.ev);
            }
        }
    }
}

/// A read path with its first `$name` placeholder replaced by a constant
/// passed for it; the constant alone when the path is all placeholder or
/// the constant is absolute (`resolveHomePath("~/.x")` → `~/.x`).
pub(super) fn substitute_param(target: &str, c: &str) -> String {
    let Some(at) = target.find('$') else {
        return c.to_string();
    };
    let absolute = c.starts_with('~') || c.starts_with('/');
    let end = target[at + 1..]
        .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
        .map_or(target.len(), |j| at + 1 + j);
    if at == 0 || absolute {
        return c.to_string();
    }
    let c = c.strip_prefix("./").unwrap_or(c);
    let mut prefix = target[..at].to_string();
    if !prefix.ends_with('/') && !c.starts_with('/') {
        prefix.push('/');
    }
    format!("{prefix}{c}{}", &target[end..])
}

/// The page's key-value stores in browser JavaScript.
pub(super) fn is_web_store(q: &str) -> bool {
    matches!(q, "localStorage" | "sessionStorage")
}

/// Members of a web store that are not stored values.
pub(super) const STORE_MEMBERS: &[&str] =
    &["getItem", "setItem", "removeItem", "clear", "key", "length"];

/// Names bound by a parameter or pattern.
fn collect_pattern_names(p: Node, src: &str, out: &mut Vec<String>) {
    treesitter::walk(p, |n| {
        match n.kind_name() {
            "identifier" | "shorthand_property_identifier_pattern" => {
                // Skip default values: `a = b` binds `a` only.
                let in_default = n.parent().is_some_and(|par| {
                    matches!(
                        par.kind_name(),
                        "assignment_pattern" | "object_assignment_pattern"
                    ) && par
                        .child_by_field_name("right")
                        .is_some_and(|r| r.id() == n.id())
                });
                if !in_default && out.len() < 64 {
                    out.push(text(n, src).to_string());
                }
                false
            }
            "pair_pattern" => true,
            "property_identifier" => false,
            k if k.ends_with("expression") || k == "type_annotation" => false,
            _ => true,
        }
    });
}

/// The fully known strings of a returned value: a string, or the strings of
/// an array (nested arrays flattened, a few levels deep). The array is
/// already bounded by `JS_MAX_ELEMS`, so every element is read.
fn returned_strings(v: &V, out: &mut Vec<String>, depth: usize) {
    match &v.k {
        K::Str(_) => {
            if let Some(s) = v.lit()
                && !s.is_empty()
                && !out.iter().any(|x| x == s)
            {
                out.push(s.to_string());
            }
        }
        K::Arr(items) if depth < 4 => {
            for i in items.iter() {
                returned_strings(i, out, depth + 1);
            }
        }
        _ => {}
    }
}

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    /// Round 33: the file's top-level names whose value folds to a
    /// sensitive path (or a list holding one), as `Return` steps of
    /// `module::NAME`, for another module importing the name
    /// (`returned.rs`). Names in sorted order (deterministic output).
    pub(super) fn export_paths(&mut self) {
        let mut names: Vec<&String> = self.vars.keys().collect();
        names.sort();
        let mut out = Vec::new();
        for nm in names {
            let mut values = Vec::new();
            returned_strings(&self.vars[nm], &mut values, 0);
            if values
                .iter()
                .any(|v| crate::extract::returned::sensitive_path(v))
            {
                let mut ev = Evidence::new(
                    Op::Return,
                    A::Terminate,
                    R::Memory,
                    format!("{}::{nm}", self.module),
                )
                .object("module constant")
                .instrument("export");
                ev.arg_values = values;
                out.push(ev);
            }
        }
        for ev in out {
            self.emit(ev, 0, 0);
        }
    }
}
