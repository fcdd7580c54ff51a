//! Expressions: the abstract value of literals, identifiers, templates,
//! arrays, objects, operators and assignments, and what they taint.

use super::*;
use crate::extract::net_send::{NetCall, NetKind};

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    /// Evaluates any node in order, emitting evidence for what it does.
    /// `want` is the binding the value will be stored in, if any.
    pub(super) fn ev(&mut self, n: Node<'t>, want: Option<&str>, d: usize) -> V<'t> {
        if d > MAX_DEPTH {
            self.deep(n);
            return V::default();
        }
        match n.kind_name() {
            "comment" | "hash_bang_line" | "regex" | "empty_statement" | "debugger_statement"
            | "html_comment" => V::default(),
            "program" | "statement_block" => {
                self.stmts(n, false, d);
                V::default()
            }
            "function_declaration"
            | "generator_function_declaration"
            | "lexical_declaration"
            | "variable_declaration"
            | "class_declaration"
            | "import_statement"
            | "export_statement" => {
                self.stmt(n, false, d);
                V::default()
            }
            "expression_statement"
            | "parenthesized_expression"
            | "await_expression"
            | "yield_expression"
            | "spread_element"
            | "non_null_expression"
            | "type_assertion" => {
                let mut out = V::default();
                for c in named_children(n) {
                    if c.kind_name() != "comment" {
                        out = self.ev(c, want, d + 1);
                    }
                }
                out
            }
            // TypeScript `x as T`, `x satisfies T`: the value is `x`.
            "as_expression" | "satisfies_expression" => match n.named_child(0) {
                Some(x) => self.ev(x, want, d + 1),
                None => V::default(),
            },
            "identifier" => self.ident(n),
            "this" => match &self.class {
                Some(c) => V {
                    r: Ref::Instance(c.clone()),
                    ..V::default()
                },
                None => V::default(),
            },
            "string" => self.string(n),
            "template_string" => self.template(n, d),
            "number" => V {
                k: parse_num(self.t(n)).map(K::Num).unwrap_or_default(),
                ..V::default()
            },
            "true" => V {
                k: K::Bool(true),
                ..V::default()
            },
            "false" => V {
                k: K::Bool(false),
                ..V::default()
            },
            "array" => self.array(n, d),
            "object" => self.object(n, d),
            "binary_expression" => self.binary(n, want, d),
            "sequence_expression" => {
                let mut out = V::default();
                let mut cur = Some(n);
                let mut guard = 0;
                while let Some(c) = cur {
                    guard += 1;
                    if c.kind_name() == "sequence_expression" && guard < 100_000 {
                        let kids = named_children(c);
                        if let Some(first) = kids.first() {
                            out = self.ev(*first, None, d + 1);
                        }
                        cur = kids.get(1).copied();
                    } else {
                        out = self.ev(c, want, d + 1);
                        cur = None;
                    }
                }
                out
            }
            "unary_expression" | "update_expression" => {
                let mut out = V::default();
                if let Some(a) = n.child_by_field_name("argument") {
                    let v = self.ev(a, None, d + 1);
                    out.absorb(&v);
                    out.env_obj = false;
                }
                out
            }
            "ternary_expression" => self.ternary(n, want, d),
            "assignment_expression" => self.assign(n, d),
            "augmented_assignment_expression" => self.augmented(n, d),
            "call_expression" => self.call(n, want, d),
            "new_expression" => self.new_expr(n, want, d),
            "member_expression" => self.member(n, want, d),
            "subscript_expression" => self.subscript(n, want, d),
            k if is_fn(k) => {
                // A function value used where it is not bound or passed:
                // analyse it as an anonymous function.
                self.walk_fn(n, None, None, d + 1);
                V {
                    r: Ref::Func(n),
                    ..V::default()
                }
            }
            "if_statement" => {
                self.if_stmt(n, d);
                V::default()
            }
            "for_statement" | "while_statement" | "do_statement" | "for_in_statement" => {
                self.loop_stmt(n, d);
                V::default()
            }
            "switch_statement" => {
                self.loops.push((Frame::Switch, false));
                for c in named_children(n) {
                    self.ev(c, None, d + 1);
                }
                self.loops.pop();
                V::default()
            }
            "break_statement" => {
                if n.child_by_field_name("label").is_some() {
                    self.exit_all();
                } else if let Some(last) = self.loops.last_mut()
                    && last.0 != Frame::Barrier
                {
                    last.1 = true;
                }
                V::default()
            }
            "return_statement" => {
                let mut v = V::default();
                let mut value = None;
                for c in named_children(n) {
                    if c.kind_name() != "comment" {
                        v = self.ev(c, None, d + 1);
                        value = Some(c);
                    }
                }
                // Round 34: an object the function returns with the whole
                // environment inside it (`{ node, config: { ...process.env } }`,
                // a report's context) is a copy of every variable, read
                // where it is built, whichever caller serialises it. The
                // environment itself returned (`{ ...process.env, X: "1" }`,
                // a child's `env`) stays a value its caller judges.
                if v.env_obj && value.is_some_and(|c| !env_itself(self.t(c))) {
                    let b = self.env_dump(n, None);
                    v.binds.insert(0, b);
                }
                self.ret(&v, n);
                if let Some(r) = self.ret_binds.as_mut() {
                    for b in &v.binds {
                        if !r.contains(b) {
                            r.push(b.clone());
                        }
                    }
                }
                self.exit_all();
                V::default()
            }
            "throw_statement" => {
                for c in named_children(n) {
                    self.ev(c, None, d + 1);
                }
                self.exit_all();
                V::default()
            }
            "class" => {
                self.class(n, d);
                V::default()
            }
            "pair" | "property_identifier" | "shorthand_property_identifier" => V::default(),
            _ => {
                // Statements and recovered (ERROR) regions: visit children.
                let mut out = V::default();
                for c in named_children(n) {
                    let v = self.ev(c, None, d + 1);
                    out.absorb(&v);
                }
                out.env_obj = false;
                out
            }
        }
    }

    fn ident(&mut self, n: Node<'t>) -> V<'t> {
        let name = self.t(n);
        if let Some(v) = self.vars.get(name) {
            return v.clone();
        }
        match name {
            "undefined" | "null" | "NaN" => V::default(),
            "__dirname" => V::s(if self.dir.is_empty() { "." } else { &self.dir }),
            "__filename" => V::s(self.src.path),
            "globalThis" | "window" | "global" | "self" => V::api("globalThis"),
            _ if GLOBALS.contains(&name) => V::api(name),
            // A variable declared elsewhere (another scope or file): keep
            // its name as the binding.
            _ => V {
                binds: vec![format!("${name}")],
                r: Ref::Api(canon(name)),
                ..V::default()
            },
        }
    }

    pub(super) fn string(&mut self, n: Node<'t>) -> V<'t> {
        let t = self.t(n);
        let body = if t.len() >= 2 { &t[1..t.len() - 1] } else { "" };
        let escaped = body.contains('\\');
        let value = if escaped {
            unescape(body)
        } else {
            body.to_string()
        };
        let computed = escaped
            && (body.contains("\\x") || body.contains("\\u") || body.contains("\\0") || {
                let b = body.as_bytes();
                b.windows(2).any(|w| w[0] == b'\\' && w[1].is_ascii_digit())
            });
        V {
            k: K::Str(Rc::from(value.as_str())),
            computed,
            span: Some((n.start_byte(), n.end_byte())),
            plain: !escaped,
            ..V::default()
        }
    }

    pub(super) fn template(&mut self, n: Node<'t>, d: usize) -> V<'t> {
        let mut out = V {
            span: Some((n.start_byte(), n.end_byte())),
            ..V::default()
        };
        let mut s = String::new();
        let mut subs = false;
        let mut escaped = false;
        for c in named_children(n) {
            match c.kind_name() {
                "string_fragment" => s.push_str(self.t(c)),
                "escape_sequence" => {
                    escaped = true;
                    let e = self.t(c);
                    if e.starts_with("\\x") || e.starts_with("\\u") {
                        out.computed = true;
                    }
                    s.push_str(&unescape(e));
                }
                "template_substitution" => {
                    subs = true;
                    let inner = named_children(c);
                    let Some(e) = inner.first() else { continue };
                    let v = self.ev(*e, None, d + 1);
                    self.push_str(&mut s, &v, *e, &mut out.dynamic);
                    out.absorb(&v);
                    out.computed |= v.computed;
                }
                _ => {}
            }
            if s.len() > MAX_FOLD {
                crate::limits::gave_up("JS_MAX_FOLD");
                out.dynamic = true;
                break;
            }
        }
        if s.is_empty() && !subs && !escaped {
            // Raw text with no fragments (empty template).
            let t = self.t(n);
            s = t.trim_matches('`').to_string();
        }
        out.plain = !subs && !escaped;
        out.k = K::Str(Rc::from(s.as_str()));
        out.gate = None;
        out
    }

    /// Appends a value to a folded string, with a `$name` placeholder for
    /// unknown parts.
    pub(super) fn push_str(&self, s: &mut String, v: &V, at: Node, dynamic: &mut bool) {
        match &v.k {
            K::Str(x) => {
                s.push_str(x);
                *dynamic |= v.dynamic;
            }
            K::Num(x) => s.push_str(&num_str(*x)),
            K::Bool(b) => s.push_str(if *b { "true" } else { "false" }),
            _ => {
                *dynamic = true;
                s.push_str(&self.placeholder(at));
            }
        }
    }

    fn placeholder(&self, at: Node) -> String {
        let at = untyped(at);
        let name = match at.kind_name() {
            "identifier" => self.t(at).to_string(),
            "member_expression" => at
                .child_by_field_name("property")
                .map(|p| self.t(p).to_string())
                .unwrap_or_else(|| "_".into()),
            _ => "_".into(),
        };
        let name: String = name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .take(40)
            .collect();
        format!("${}", if name.is_empty() { "_" } else { &name })
    }

    pub(super) fn to_text(&self, v: &V, at: Node) -> (String, bool) {
        let mut s = String::new();
        let mut dynamic = false;
        self.push_str(&mut s, v, at, &mut dynamic);
        (s, dynamic)
    }

    fn array(&mut self, n: Node<'t>, d: usize) -> V<'t> {
        let mut out = V::default();
        let mut items = Vec::new();
        for c in named_children(n) {
            if c.kind_name() == "comment" {
                continue;
            }
            let v = if is_fn(c.kind_name()) {
                self.walk_fn(c, None, None, d + 1);
                V::default()
            } else {
                self.ev(c, None, d + 1)
            };
            out.absorb(&v);
            if c.kind_name() == "spread_element"
                && let K::Arr(a) = &v.k
            {
                items.extend(a.iter().cloned());
                continue;
            }
            if items.len() < MAX_ELEMS {
                items.push(v);
            } else {
                crate::limits::gave_up("JS_MAX_ELEMS");
            }
        }
        out.k = K::Arr(Rc::new(items));
        out
    }

    pub(super) fn object(&mut self, n: Node<'t>, d: usize) -> V<'t> {
        let mut out = V::default();
        let mut props: Vec<(String, V<'t>)> = Vec::new();
        let mut env_copy = None;
        for c in named_children(n) {
            match c.kind_name() {
                "pair" => {
                    let Some(kn) = c.child_by_field_name("key") else {
                        continue;
                    };
                    let key = match kn.kind_name() {
                        "computed_property_name" => {
                            let inner = named_children(kn);
                            match inner.first() {
                                Some(i) => {
                                    let kv = self.ev(*i, None, d + 1);
                                    kv.lit().unwrap_or("").to_string()
                                }
                                None => String::new(),
                            }
                        }
                        "string" => self.string(kn).lit().unwrap_or("").to_string(),
                        _ => self.t(kn).to_string(),
                    };
                    let Some(vn) = c.child_by_field_name("value") else {
                        continue;
                    };
                    let v = if is_fn(vn.kind_name()) {
                        let k = self.key(&key);
                        self.walk_fn(vn, Some(k.clone()), None, d + 1);
                        V {
                            r: Ref::Local(k),
                            ..V::default()
                        }
                    } else {
                        self.ev(vn, None, d + 1)
                    };
                    if key == "env" {
                        // `{ env: {...process.env} }` configures a child
                        // process; it is not data (unless the object is
                        // not process options: below).
                        out.add_binds(&v.binds);
                        if v.env_obj {
                            env_copy = Some(vn);
                        }
                    } else {
                        out.absorb(&v);
                    }
                    if props.len() < MAX_PROPS {
                        props.push((key, v));
                    } else {
                        crate::limits::gave_up("JS_MAX_PROPS");
                    }
                }
                "shorthand_property_identifier" => {
                    let key = self.t(c).to_string();
                    let v = self.ident(c);
                    if key == "env" {
                        out.add_binds(&v.binds);
                    } else {
                        out.absorb(&v);
                    }
                    if props.len() < MAX_PROPS {
                        props.push((key, v));
                    } else {
                        crate::limits::gave_up("JS_MAX_PROPS");
                    }
                }
                "spread_element" => {
                    let v = self.ev(c, None, d + 1);
                    out.absorb(&v);
                    if let Ref::Obj(p) = &v.r {
                        for (k, pv) in p.iter() {
                            if props.len() < MAX_PROPS {
                                props.push((k.clone(), pv.clone()));
                            } else {
                                crate::limits::gave_up("JS_MAX_PROPS");
                            }
                        }
                    }
                }
                "method_definition" => {
                    let key = c
                        .child_by_field_name("name")
                        .map(|x| self.t(x).to_string())
                        .unwrap_or_default();
                    let k = self.key(&key);
                    self.walk_fn(c, Some(k.clone()), None, d + 1);
                    if props.len() < MAX_PROPS {
                        props.push((
                            key,
                            V {
                                r: Ref::Local(k),
                                ..V::default()
                            },
                        ));
                    } else {
                        crate::limits::gave_up("JS_MAX_PROPS");
                    }
                }
                "comment" => {}
                _ => {
                    let v = self.ev(c, None, d + 1);
                    out.absorb(&v);
                }
            }
        }
        // Round 20: the whole environment under `env` of an object that is
        // not a child process's options (`{ host, user, env: {...process.env} }`,
        // a run record that is serialised and uploaded) is data: a copy of
        // the whole environment, bound into the object.
        if let Some(at) = env_copy
            && props
                .iter()
                .any(|(k, _)| !crate::extract::exec_op::PROCESS_OPTION_KEYS.contains(&k.as_str()))
        {
            let b = self.env_dump(at, None);
            out.add_binds(&[b]);
        }
        out.r = Ref::Obj(Rc::new(props));
        out
    }

    fn binary(&mut self, n: Node<'t>, want: Option<&str>, d: usize) -> V<'t> {
        let op = n
            .child_by_field_name("operator")
            .map(|o| self.t(o))
            .unwrap_or("");
        if op == "+" {
            // Left-deep `a + b + c ...` chains are folded iteratively.
            let mut operands = Vec::new();
            let mut cur = n;
            loop {
                let l = cur.child_by_field_name("left");
                let r = cur.child_by_field_name("right");
                if let Some(r) = r {
                    operands.push(r);
                }
                match l {
                    Some(l)
                        if l.kind_name() == "binary_expression"
                            && l.child_by_field_name("operator")
                                .is_some_and(|o| self.t(o) == "+")
                            && operands.len() < 1_000_000 =>
                    {
                        cur = l
                    }
                    Some(l) => {
                        operands.push(l);
                        break;
                    }
                    None => break,
                }
            }
            operands.reverse();
            let vals: Vec<(Node, V)> = operands
                .into_iter()
                .map(|o| {
                    let v = self.ev(o, None, d + 1);
                    (o, v)
                })
                .collect();
            return self.concat(&vals, n);
        }
        let l = n.child_by_field_name("left");
        let r = n.child_by_field_name("right");
        let lv = match l {
            Some(l) => self.ev(l, if op == "||" || op == "??" { want } else { None }, d + 1),
            None => V::default(),
        };
        let gate = if op == "&&" {
            lv.gate.or_else(|| l.and_then(|l| self.gate_text(l)))
        } else {
            None
        };
        let rv = match (r, gate) {
            (Some(r), Some(g)) => {
                let cond = l.map(|l| self.t(l)).unwrap_or("").to_string();
                let mut rv = V::default();
                self.gated(g, n, &cond, |cx| rv = cx.ev(r, None, d + 1));
                rv
            }
            (Some(r), None) => self.ev(r, None, d + 1),
            (None, _) => V::default(),
        };
        let mut out = V::default();
        if op == "||" || op == "??" {
            out = lv.clone();
            out.span = None;
            if out.str().is_none() && rv.str().is_some() {
                out.k = rv.k.clone();
            }
        }
        out.absorb(&lv);
        out.absorb(&rv);
        if !(op == "||" || op == "??" || op == "&&") {
            out.env_obj = false;
            out.k = match (op, lv.num(), rv.num()) {
                ("-", Some(a), Some(b)) => K::Num(a - b),
                ("*", Some(a), Some(b)) => K::Num(a * b),
                ("/", Some(a), Some(b)) if b != 0.0 => K::Num(a / b),
                ("^", Some(a), Some(b)) => K::Num(((a as i64) ^ (b as i64)) as f64),
                _ => K::None,
            };
        }
        out
    }

    fn concat(&mut self, vals: &[(Node, V<'t>)], n: Node) -> V<'t> {
        let mut out = V {
            span: Some((n.start_byte(), n.end_byte())),
            ..V::default()
        };
        let any_str = vals.iter().any(|(_, v)| v.str().is_some());
        if !any_str && vals.iter().all(|(_, v)| v.num().is_some()) {
            out.k = K::Num(vals.iter().filter_map(|(_, v)| v.num()).sum());
            return out;
        }
        let mut s = String::new();
        let mut lits = 0;
        let mut dynamic = false;
        for (node, v) in vals {
            if matches!(node.kind_name(), "string" | "template_string") {
                lits += 1;
            }
            out.absorb(v);
            out.computed |= v.computed;
            if s.len() <= MAX_FOLD {
                self.push_str(&mut s, v, *node, &mut dynamic);
            } else {
                crate::limits::gave_up("JS_MAX_FOLD");
                dynamic = true;
            }
        }
        if s.len() > MAX_FOLD {
            crate::limits::gave_up("JS_MAX_FOLD");
            dynamic = true;
            let mut cut = MAX_FOLD;
            while !s.is_char_boundary(cut) {
                cut -= 1;
            }
            s.truncate(cut);
        }
        if !dynamic && lits >= 2 {
            out.computed = true;
        }
        out.env_obj = false;
        out.dynamic = dynamic;
        out.k = K::Str(Rc::from(s.as_str()));
        // A string built from a checked value is not the check itself.
        out.gate = None;
        out
    }

    fn ternary(&mut self, n: Node<'t>, want: Option<&str>, d: usize) -> V<'t> {
        let cond = n.child_by_field_name("condition");
        let cv = match cond {
            Some(c) => self.ev(c, None, d + 1),
            None => V::default(),
        };
        let gate = cv.gate.or_else(|| cond.and_then(|c| self.gate_text(c)));
        let mut out = V::default();
        let branches = [
            n.child_by_field_name("consequence"),
            n.child_by_field_name("alternative"),
        ];
        let cond_text = cond.map(|c| self.t(c)).unwrap_or("").to_string();
        let run = |cx: &mut Self| {
            let mut vs = Vec::new();
            for b in branches.into_iter().flatten() {
                vs.push(cx.ev(b, want, d + 1));
            }
            vs
        };
        let vs = match gate {
            Some(g) => {
                let mut vs = Vec::new();
                self.gated(g, n, &cond_text, |cx| vs = run(cx));
                vs
            }
            None => run(self),
        };
        for (i, v) in vs.iter().enumerate() {
            if i == 0 {
                out = v.clone();
                out.span = None;
            } else {
                out.absorb(v);
                if out.str().is_none() {
                    out.k = v.k.clone();
                }
            }
        }
        out
    }

    /// `x = ...`, `module.exports = ...`, `ws.onmessage = (m) => ...`.
    pub(super) fn assign(&mut self, n: Node<'t>, d: usize) -> V<'t> {
        let (Some(l), Some(r)) = (
            n.child_by_field_name("left"),
            n.child_by_field_name("right"),
        ) else {
            return V::default();
        };
        match l.kind_name() {
            "identifier" => {
                let nm = self.t(l).to_string();
                if is_fn(r.kind_name()) {
                    let key = self.key(&nm);
                    self.walk_fn(r, Some(key.clone()), None, d + 1);
                    let v = V {
                        r: Ref::Local(key),
                        ..V::default()
                    };
                    self.vars.insert(nm, v.clone());
                    return v;
                }
                let want = format!("${nm}");
                let v = self.ev(r, Some(&want), d + 1);
                self.note_time(&nm, r);
                self.vars.insert(nm, v.clone());
                v
            }
            "member_expression" => {
                let obj = l.child_by_field_name("object");
                let prop = l
                    .child_by_field_name("property")
                    .map(|p| self.t(p).to_string())
                    .unwrap_or_default();
                let otext = obj.map(|o| self.t(o)).unwrap_or("");
                let exports_root = otext == "module" && prop == "exports";
                let exports_member = otext == "exports" || otext == "module.exports";
                if is_fn(r.kind_name()) {
                    let key = if exports_root {
                        format!("{}::default", self.module)
                    } else {
                        self.key(&prop)
                    };
                    // Socket / XHR handlers: `ws.onmessage = (m) => ...`.
                    let ov = if exports_root || exports_member {
                        V::default()
                    } else {
                        obj.map(|o| self.ev(o, None, d + 1)).unwrap_or_default()
                    };
                    if let Some(ch) = ov.chan()
                        && prop.starts_with("on")
                    {
                        let out = ch.borrow().out.clone();
                        self.walk_fn(r, None, Some(&[out]), d + 1);
                        return V::default();
                    }
                    self.walk_fn(r, Some(key.clone()), None, d + 1);
                    return V {
                        r: Ref::Local(key),
                        ..V::default()
                    };
                }
                if let Some(o) = obj
                    && !(exports_root || exports_member)
                {
                    self.ev(o, None, d + 1);
                }
                let v = self.ev(r, None, d + 1);
                if !(exports_root || exports_member) {
                    self.taint_root(l, &v);
                    // `new Image().src = url + data`, `location.href = ...`:
                    // the browser requests the URL.
                    let nav = matches!(otext, "location" | "window.location" | "document.location")
                        && matches!(prop.as_str(), "href" | "search" | "hash");
                    if prop == "src" || nav {
                        self.url_beacon(&v, r, n, if nav { "location" } else { "element.src" });
                    }
                }
                // `module.exports = upload`, `exports.post = send`: the
                // exported name forwards to the local function.
                if exports_root || exports_member {
                    let exported = if exports_root {
                        format!("{}::default", self.module)
                    } else {
                        format!("{}::{prop}", self.module)
                    };
                    if let Ref::Local(k) = &v.r {
                        self.forward(&exported, &k.clone(), n);
                    }
                    // `module.exports = { post: send }`.
                    if exports_root && r.kind_name() == "object" {
                        for pair in named_children(r)
                            .into_iter()
                            .filter(|p| p.kind_name() == "pair")
                        {
                            let (Some(pk), Some(pv)) = (
                                pair.child_by_field_name("key"),
                                pair.child_by_field_name("value"),
                            ) else {
                                continue;
                            };
                            let name = self.t(pk).trim_matches(['"', '\'']).to_string();
                            if let Some(Ref::Local(k)) =
                                self.vars.get(self.t(pv)).map(|x| x.r.clone())
                            {
                                self.forward(&format!("{}::{name}", self.module), &k, pair);
                            }
                        }
                    }
                }
                v
            }
            "object_pattern" | "array_pattern" => {
                let v = self.ev(r, None, d + 1);
                self.bind_pattern(l, &v, n, d);
                v
            }
            "subscript_expression" => {
                self.ev(l, None, d + 1);
                let v = self.ev(r, None, d + 1);
                self.taint_root(l, &v);
                v
            }
            _ => {
                self.ev(l, None, d + 1);
                self.ev(r, None, d + 1)
            }
        }
    }

    /// `data.cookies = document.cookie`, `data.store[k] = v`: the object
    /// named at the root of the target now carries the value.
    fn taint_root(&mut self, l: Node<'t>, v: &V<'t>) {
        if v.binds.is_empty() {
            return;
        }
        let mut root = l;
        while matches!(
            root.kind_name(),
            "member_expression" | "subscript_expression"
        ) {
            match root.child_by_field_name("object") {
                Some(o) => root = o,
                None => return,
            }
        }
        if root.kind_name() != "identifier" {
            return;
        }
        let name = self.t(root);
        if let Some(var) = self.vars.get_mut(name)
            && matches!(var.r, Ref::None | Ref::Obj(_))
        {
            var.add_binds(&v.binds);
        }
    }

    /// A read of the page's own browser storage (cookies, localStorage,
    /// sessionStorage): the credentials of whoever views the page.
    pub(super) fn browser_read(
        &mut self,
        target: &str,
        own_key: bool,
        want: Option<&str>,
        at: Node,
    ) -> V<'t> {
        let out = self.out_name(want, at);
        let object = if target == "document.cookie" {
            "browser cookies of the page"
        } else if own_key {
            "value from the page's browser storage"
        } else {
            "whole browser storage of the page"
        };
        let mut ev = Evidence::new(Op::FileRead, A::Read, R::Credentials, target)
            .tags([Tag::BrowserStore, Tag::WebStorage])
            .object(object)
            .instrument(if target == "document.cookie" {
                "document.cookie"
            } else {
                "web storage"
            });
        if own_key {
            // One named key is the page's own setting (a theme, its API
            // token): the flow rules judge where it goes.
            ev.tags.insert(Tag::OwnConfig);
        }
        ev.output = Some(out.clone());
        let i = self.emit_at(ev, at);
        V {
            binds: vec![out],
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    /// A URL the browser requests because it is assigned (`img.src`,
    /// `location.href`): a send when data is folded into it.
    fn url_beacon(&mut self, v: &V<'t>, r: Node<'t>, at: Node<'t>, instrument: &str) {
        if v.binds.is_empty() {
            return;
        }
        let (url, _) = self.to_text(v, r);
        let lower = url.to_ascii_lowercase();
        if !(lower.starts_with("http://")
            || lower.starts_with("https://")
            || lower.starts_with("//"))
        {
            return;
        }
        let url = if lower.starts_with("//") {
            format!("https:{url}")
        } else {
            url
        };
        let call = NetCall::new(NetKind::Send, url)
            .object("data sent in a URL the browser requests")
            .instrument(instrument)
            .inputs(v.binds.clone());
        self.emit_at(call.lower().1, at);
    }

    /// `navigator.sendBeacon(url, data)`.
    pub(super) fn beacon_send(
        &mut self,
        q: &str,
        args: &[Arg],
        n: Node,
        want: Option<&str>,
    ) -> V<'t> {
        let url = args
            .first()
            .map(|a| self.to_text(&a.v, a.n).0)
            .unwrap_or_else(|| "$_".into());
        let inputs = args
            .iter()
            .flat_map(|a| a.v.binds.iter().cloned())
            .collect();
        let call = NetCall::new(NetKind::Send, url)
            .object("data sent by the browser (beacon)")
            .instrument(q)
            .inputs(inputs);
        self.emit_bound(call.lower().1, n, want)
    }

    /// Emits `ev` with the call's output binding; the call's value is it.
    pub(super) fn emit_bound(&mut self, mut ev: Evidence, n: Node, want: Option<&str>) -> V<'t> {
        let out = self.out_name(want, n);
        ev.output = Some(out.clone());
        let i = self.emit_at(ev, n);
        V {
            binds: vec![out],
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    fn augmented(&mut self, n: Node<'t>, d: usize) -> V<'t> {
        let (Some(l), Some(r)) = (
            n.child_by_field_name("left"),
            n.child_by_field_name("right"),
        ) else {
            return V::default();
        };
        let rv = self.ev(r, None, d + 1);
        if l.kind_name() == "identifier" {
            let nm = self.t(l).to_string();
            let op = n
                .child_by_field_name("operator")
                .map(|o| self.t(o))
                .unwrap_or("");
            let mut cur = self.vars.get(&nm).cloned().unwrap_or_default();
            if op == "+=" {
                if let (Some(a), Some(b)) = (cur.lit(), rv.lit()) {
                    if a.len() + b.len() <= MAX_FOLD {
                        let s = format!("{a}{b}");
                        cur.k = K::Str(Rc::from(s.as_str()));
                        cur.computed |= rv.computed;
                    } else {
                        crate::limits::gave_up("JS_MAX_FOLD");
                        cur.k = K::None;
                    }
                } else {
                    cur.k = K::None;
                }
            } else {
                cur.k = K::None;
            }
            cur.span = None;
            cur.plain = false;
            cur.absorb(&rv);
            self.vars.insert(nm, cur.clone());
            return cur;
        }
        self.ev(l, None, d + 1);
        rv
    }
}

/// The value inside TypeScript's type wrappers: `x as T`, `x satisfies T`,
/// `x!` and `<T>x` are `x` (bounded: a wrapper nests at most a few deep).
pub(super) fn untyped(mut n: Node) -> Node {
    for _ in 0..16 {
        let inner = match n.kind_name() {
            "as_expression" | "satisfies_expression" | "non_null_expression" => n.named_child(0),
            "type_assertion" => u32::try_from(n.named_child_count().saturating_sub(1))
                .ok()
                .and_then(|i| n.named_child(i)),
            _ => None,
        };
        match inner {
            Some(i) => n = i,
            None => break,
        }
    }
    n
}

/// A returned expression that is the environment itself (`process.env`,
/// `{ ...process.env, X: "1" }`, `Object.assign({}, process.env, extra)`)
/// rather than an object holding it under a key. Every `process.env` must
/// be the value itself: a spread or argument at the outer level.
fn env_itself(text: &str) -> bool {
    let t = text.trim();
    if t.starts_with("process.env") {
        return true;
    }
    let assign = t.starts_with("Object.assign(");
    let mut depth = 0i32;
    let mut seen = false;
    let b = t.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' | b'{' | b'[' => depth += 1,
            b')' | b'}' | b']' => depth -= 1,
            b'p' if t[i..].starts_with("process.env") => {
                let spread = t[..i].trim_end().ends_with("...");
                if depth != 1 || !(spread || assign) {
                    return false;
                }
                seen = true;
            }
            _ => {}
        }
    }
    seen
}
