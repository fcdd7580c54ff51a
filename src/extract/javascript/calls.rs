//! Calls, members and subscripts: argument evaluation, environment reads,
//! local function calls, methods and channel methods.

use super::walk::{STORE_MEMBERS, is_web_store};
use super::*;
use crate::extract::net_send::{NetCall, NetKind};

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    pub(super) fn args(&mut self, an: Option<Node<'t>>, d: usize) -> Vec<Arg<'t>> {
        let Some(an) = an else { return Vec::new() };
        if an.kind_name() == "template_string" {
            let v = self.template(an, d);
            return vec![Arg {
                n: an,
                v,
                func: None,
            }];
        }
        let mut out = Vec::new();
        for c in named_children(an) {
            if c.kind_name() == "comment" {
                continue;
            }
            if is_fn(c.kind_name()) {
                out.push(Arg {
                    n: c,
                    v: V {
                        r: Ref::Func(c),
                        ..V::default()
                    },
                    func: Some(c),
                });
            } else {
                let mut v = self.ev(c, None, d + 1);
                // `f(...ARR)` over a known array: its elements are the
                // arguments (`value_set`, spreading).
                if c.kind_name() == "spread_element"
                    && let K::Arr(arr) = &v.k
                {
                    for e in arr.iter() {
                        let mut e = e.clone();
                        e.add_binds(&v.binds);
                        out.push(Arg {
                            n: c,
                            v: e,
                            func: None,
                        });
                    }
                    continue;
                }
                // `JSON.stringify(localStorage)`, `Object.entries(sessionStorage)`.
                if let Ref::Api(q) = &v.r
                    && is_web_store(q)
                {
                    let q = q.clone();
                    v = self.browser_read(&q, false, None, c);
                }
                out.push(Arg {
                    n: c,
                    v,
                    func: None,
                });
            }
        }
        out
    }

    fn finish_args(&mut self, args: Vec<Arg<'t>>, result: &V, d: usize) {
        let mut cb: Vec<String> = result.binds.clone();
        if cb.is_empty() {
            for a in &args {
                for b in &a.v.binds {
                    if !cb.contains(b) {
                        if cb.len() < MAX_BINDS {
                            cb.push(b.clone());
                        } else {
                            let any = crate::evidence::ANY_BINDING.to_string();
                            if !cb.contains(&any) {
                                cb.push(any);
                            }
                        }
                    }
                }
            }
        }
        for a in args {
            if let Some(f) = a.func {
                self.walk_fn(f, None, Some(&cb), d + 1);
            }
        }
    }

    pub(super) fn member(&mut self, n: Node<'t>, want: Option<&str>, d: usize) -> V<'t> {
        let Some(obj) = n.child_by_field_name("object") else {
            return V::default();
        };
        // `spawn(process.execPath, ['-e', CODE])`: the running Node
        // interpreter, as `sys.executable` is the running Python.
        if self.t(n) == "process.execPath" {
            return V {
                k: K::Str(Rc::from("node")),
                ..V::default()
            };
        }
        let ov = self.ev(obj, None, d + 1);
        let prop = n
            .child_by_field_name("property")
            .map(|p| self.t(p))
            .unwrap_or("");
        if prop == "constructor" {
            return self.constructor_of(obj, &ov);
        }
        self.member_value(&ov, prop, false, want, n)
    }

    /// Round 29 (supply29): `X.constructor`. A function's constructor is
    /// `Function` (also an async or generator function's, which build code
    /// the same way): `(() => {}).constructor`, `Object.getPrototypeOf(async
    /// function () {}).constructor`, and any object's constructor's
    /// constructor (`({}).constructor.constructor`, `"".constructor
    /// .constructor`). Another object's constructor is an inert name.
    fn constructor_of(&mut self, obj: Node<'t>, ov: &V<'t>) -> V<'t> {
        let mut o = obj;
        while o.kind_name() == "parenthesized_expression" {
            match o.named_child(0) {
                Some(c) => o = c,
                None => break,
            }
        }
        let function_literal = |k: &str| {
            matches!(
                k,
                "function_expression"
                    | "function"
                    | "arrow_function"
                    | "generator_function"
                    | "class"
                    | "class_expression"
            )
        };
        let proto_of_fn = o.kind_name() == "call_expression"
            && o.child_by_field_name("function").is_some_and(|f| {
                matches!(
                    self.t(f),
                    "Object.getPrototypeOf" | "Reflect.getPrototypeOf"
                )
            })
            && o.child_by_field_name("arguments")
                .and_then(|a| a.named_child(0))
                .is_some_and(|a| function_literal(a.kind_name()));
        let ctor_of_ctor =
            matches!(&ov.r, Ref::Api(q) if q == "Object.prototype.constructor" || q == "Function");
        let name = if function_literal(o.kind_name()) || proto_of_fn || ctor_of_ctor {
            "Function"
        } else {
            "Object.prototype.constructor"
        };
        V {
            r: Ref::Api(name.into()),
            computed: ov.computed,
            ..V::default()
        }
    }

    pub(super) fn subscript(&mut self, n: Node<'t>, want: Option<&str>, d: usize) -> V<'t> {
        let Some(obj) = n.child_by_field_name("object") else {
            return V::default();
        };
        let ov = self.ev(obj, None, d + 1);
        let iv = match n.child_by_field_name("index") {
            Some(i) => self.ev(i, None, d + 1),
            None => V::default(),
        };
        // `process.argv[2]`: the script's first command-line argument, bound
        // to what a caller (SKILL.md: `node scripts/x.js ARG`) passes.
        if self.t(obj) == "process.argv"
            && let Some(i) = iv.num().filter(|i| *i >= 2.0 && *i < 32.0)
        {
            return V {
                binds: vec![crate::extract::script_param(self.src.path, i as usize - 2)],
                ..V::default()
            };
        }
        if let (K::Arr(a), Some(i)) = (&ov.k, iv.num())
            && i >= 0.0
        {
            let mut e = a.get(i as usize).cloned().unwrap_or_default();
            // An element picked out of an array literal by index: the
            // obfuscator string-table pattern.
            e.computed = e.str().is_some();
            e.plain = false;
            return e;
        }
        if iv.lit() == Some("constructor") {
            let mut v = self.constructor_of(obj, &ov);
            v.computed |= iv.computed;
            return v;
        }
        if let Some(key) = iv.lit() {
            let key = key.to_string();
            let mut v = self.member_value(&ov, &key, iv.computed, want, n);
            if iv.computed {
                v.computed = true;
            }
            return v;
        }
        let mut out = V::default();
        out.absorb(&ov);
        out.absorb(&iv);
        out.env_obj = false;
        out
    }

    /// The value of `obj.key`.
    pub(super) fn member_value(
        &mut self,
        ov: &V<'t>,
        key: &str,
        computed: bool,
        want: Option<&str>,
        at: Node,
    ) -> V<'t> {
        match &ov.r {
            Ref::Api(q) => {
                if q == "process.env" {
                    return self.env_read(key, want, at);
                }
                if q == "process" && key == "env" {
                    return V {
                        r: Ref::Api("process.env".into()),
                        env_obj: true,
                        ..V::default()
                    };
                }
                if q == "path" && key == "sep" {
                    return V::s("/");
                }
                if q == "document" && key == "cookie" {
                    return self.browser_read("document.cookie", false, want, at);
                }
                if is_web_store(q) && !STORE_MEMBERS.contains(&key) {
                    return self.browser_read(&format!("{q}.{key}"), true, want, at);
                }
                let name = if q == "globalThis" {
                    canon(key)
                } else {
                    canon(&format!("{q}.{key}"))
                };
                V {
                    r: Ref::Api(name),
                    computed: computed || ov.computed,
                    ..V::default()
                }
            }
            Ref::LocalMod(m) => super::imported(&format!("{m}::{key}")),
            Ref::Class(c) | Ref::Instance(c) => V {
                r: Ref::Local(format!("{}::{c}.{key}", self.module)),
                ..V::default()
            },
            Ref::Obj(_) => match ov.prop(key) {
                Some(v) => v.clone(),
                None => V {
                    binds: ov.binds.clone(),
                    ..V::default()
                },
            },
            Ref::Chan(c) => V {
                r: Ref::Chan(c.clone()),
                binds: ov.binds.clone(),
                ..V::default()
            },
            _ => {
                if key == "length" {
                    match &ov.k {
                        K::Arr(a) => {
                            return V {
                                k: K::Num(a.len() as f64),
                                gate: ov.gate,
                                ..V::default()
                            };
                        }
                        K::Str(s) if !ov.dynamic => {
                            return V {
                                k: K::Num(s.chars().count() as f64),
                                gate: ov.gate,
                                ..V::default()
                            };
                        }
                        // The length of any other value is a number, not
                        // the value: `secret.length` carries no secret.
                        _ => {
                            return V {
                                gate: ov.gate,
                                ..V::default()
                            };
                        }
                    }
                }
                V {
                    binds: ov.binds.clone(),
                    gate: ov.gate,
                    decoded: ov.decoded,
                    ..V::default()
                }
            }
        }
    }

    fn env_read(&mut self, key: &str, want: Option<&str>, at: Node) -> V<'t> {
        match key {
            "HOME" | "USERPROFILE" | "HOMEPATH" => return V::s("~"),
            "TMPDIR" | "TEMP" | "TMP" => return V::s("/tmp"),
            "PWD" => return V::s("."),
            _ => {}
        }
        let out = match want {
            Some(w) => w.to_string(),
            None => format!("$env_{key}"),
        };
        let mut ev = crate::extract::concepts::env_read(key, "process.env");
        ev.output = Some(out.clone());
        let i = self.emit_at(ev, at);
        V {
            binds: vec![out],
            gate: matches!(
                key,
                "CI" | "GITHUB_ACTIONS" | "CONTINUOUS_INTEGRATION" | "BUILD_ID"
            )
            .then_some(Tag::EnvGate),
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    pub(super) fn env_dump(&mut self, at: Node, want: Option<&str>) -> String {
        let out = match want {
            Some(w) => w.to_string(),
            None => self.src.pos_bind("envdump", at.start_byte()),
        };
        let mut ev = Evidence::new(Op::EnvDump, A::Read, R::Credentials, "environment")
            .object("whole environment read")
            .instrument("process.env");
        ev.output = Some(out.clone());
        self.emit_at(ev, at);
        out
    }

    /// Flow facts for code that runs data: socket data. Downloaded code
    /// run is the shared `download_run::link` over the bindings.
    pub(super) fn flow_checks(&mut self, inputs: &[String], at: Node, instrument: &str) {
        if let Some(sock) = inputs
            .iter()
            .find_map(|b| self.socket_binds.get(b))
            .cloned()
        {
            let call = NetCall::new(NetKind::ShellOverSocket, sock)
                .object("commands from a socket executed")
                .instrument(instrument)
                .inputs(inputs.to_vec());
            self.emit_at(call.lower().1, at);
        }
    }

    pub(super) fn call(&mut self, n: Node<'t>, want: Option<&str>, d: usize) -> V<'t> {
        let Some(f) = n.child_by_field_name("function") else {
            return V::default();
        };
        let an = n.child_by_field_name("arguments");
        let start = self.sink.items.len();
        {
            let ft = self.t(f);
            if ft == "fork" || ft.ends_with(".fork") {
                self.note_cpu_worker(n);
            }
        }
        let (v, args, obfuscated) = match f.kind_name() {
            "member_expression" | "subscript_expression" => {
                let Some(obj) = f.child_by_field_name("object") else {
                    return V::default();
                };
                let (name, name_computed) = if f.kind_name() == "member_expression" {
                    (
                        f.child_by_field_name("property")
                            .map(|p| self.t(p).to_string())
                            .unwrap_or_default(),
                        false,
                    )
                } else {
                    let iv = match f.child_by_field_name("index") {
                        Some(i) => self.ev(i, None, d + 1),
                        None => V::default(),
                    };
                    (iv.lit().unwrap_or("").to_string(), iv.computed)
                };
                let transparent = matches!(
                    name.as_str(),
                    "text"
                        | "json"
                        | "arrayBuffer"
                        | "blob"
                        | "buffer"
                        | "toString"
                        | "trim"
                        | "catch"
                        | "finally"
                        | "promise"
                );
                let recv = self.ev(obj, if transparent { want } else { None }, d + 1);
                let obf = name_computed || recv.computed && matches!(recv.r, Ref::Api(_));
                let mut args = self.args(an, d);
                if matches!(name.as_str(), "push" | "unshift") && obj.kind_name() == "identifier" {
                    self.grow_array(obj, &args);
                }
                // `(() => {}).constructor(src)`: a call of what
                // `constructor_of` names (`Function` or an inert name).
                if name == "constructor" {
                    let cv = self.constructor_of(obj, &recv);
                    let v = self.invoke(cv, &mut args, n, want, d);
                    (v, args, obf)
                } else {
                    let v = self.method(recv, &name, &mut args, n, want, d);
                    (v, args, obf)
                }
            }
            // `await (x)` in a script parses as a call of `await`.
            "identifier" if self.t(f) == "await" && !self.vars.contains_key("await") => {
                let mut out = V::default();
                if let Some(an) = an {
                    for (i, c) in named_children(an).into_iter().enumerate() {
                        let v = self.ev(c, if i == 0 { want } else { None }, d + 1);
                        if i == 0 {
                            out = v;
                        }
                    }
                }
                return out;
            }
            "import" => {
                let mut args = self.args(an, d);
                let v = self.require(&mut args, n, want, "import()");
                (v, args, false)
            }
            "identifier"
                if self.str_fns.contains_key(self.t(f))
                    || self.str_fns_unknown.contains(self.t(f)) =>
            {
                let args = self.args(an, d);
                let name = self.t(f);
                let idx = args.first().and_then(|a| {
                    a.v.num()
                        .or_else(|| a.v.lit().and_then(|l| parse_num(l.trim())))
                        .or_else(|| {
                            let t: String =
                                self.t(a.n).chars().filter(|c| !c.is_whitespace()).collect();
                            t.strip_prefix('-').and_then(parse_num).map(|v| -v)
                        })
                });
                let mut v = V::default();
                if let (Some((table, delta)), Some(i)) = (self.str_fns.get(name), idx) {
                    let i = i as i64 + delta;
                    if let Some(s) = usize::try_from(i).ok().and_then(|i| table.get(i)) {
                        v = V::s(s);
                    }
                }
                // A string-table lookup: an obfuscation-style value.
                v.computed = true;
                (v, args, false)
            }
            _ => {
                let cv = self.ev(f, None, d + 1);
                let mut args = self.args(an, d);
                let obf = cv.computed && matches!(cv.r, Ref::Api(_));
                // A bare call of a library function the walker does not
                // resolve (`fromNodeProviderChain()` of an unread import).
                let lib = matches!(cv.r, Ref::None) && f.kind() == "identifier";
                if lib && let Some(v) = self.catalog_source(self.t(f), n, want) {
                    self.finish_args(args, &v, d);
                    return v;
                }
                self.resolved(f, &args, n);
                let v = self.invoke(cv, &mut args, n, want, d);
                (v, args, obf)
            }
        };
        if obfuscated {
            self.tag_range(start, &[Tag::Obfuscated]);
        }
        self.finish_args(args, &v, d);
        v
    }

    /// Round 35: `resolve(x)` of a promise a named function returns
    /// (`api::promise_resolver`): `x` is that function's result.
    fn resolved(&mut self, f: Node<'t>, args: &[Arg<'t>], n: Node<'t>) {
        let Some((_, key)) = self
            .resolvers
            .iter()
            .rev()
            .find(|(name, _)| f.kind_name() == "identifier" && name == self.t(f))
        else {
            return;
        };
        let Some(a) = args.first() else { return };
        let v = a.v.clone();
        let saved = std::mem::replace(&mut self.fn_key, Some(key.clone()));
        self.ret(&v, n);
        self.fn_key = saved;
    }

    /// `f.apply(this, ARR)`, `f.call(this, a, b)`, `Reflect.apply(f, this,
    /// ARR)`: the call of `f` with those arguments (`value_set::respread`).
    fn spread_call(
        &mut self,
        recv: &V<'t>,
        name: &str,
        args: &[Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
        d: usize,
    ) -> Option<V<'t>> {
        let api = match &recv.r {
            Ref::Api(q) => Some(q.as_str()),
            _ => None,
        };
        let form = crate::extract::value_set::spread_form(api, name)?;
        let (f, mut spread) = crate::extract::value_set::respread(form, args, |a| {
            let K::Arr(arr) = &a.v.k else { return None };
            Some(
                arr.iter()
                    .map(|e| {
                        let mut e = e.clone();
                        e.add_binds(&a.v.binds);
                        Arg {
                            n: a.n,
                            v: e,
                            func: None,
                        }
                    })
                    .collect(),
            )
        })?;
        let cv = f.map_or_else(|| recv.clone(), |a| a.v);
        if !matches!(cv.r, Ref::Api(_) | Ref::Local(_) | Ref::LocalMod(_)) {
            return None;
        }
        Some(self.invoke(cv, &mut spread, n, want, d))
    }

    fn invoke(
        &mut self,
        cv: V<'t>,
        args: &mut [Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
        d: usize,
    ) -> V<'t> {
        match &cv.r {
            Ref::Api(q) => {
                let q = q.clone();
                if let Some(v) = object_rows(&q, args) {
                    return v;
                }
                if let Some(v) = self.api(&q, args, n, want, d) {
                    return v;
                }
                let last = q.rsplit('.').next().unwrap_or_default();
                if let Some(v) = self.catalog_source(last, n, want) {
                    return v;
                }
            }
            Ref::Local(k) => {
                let k = k.clone();
                return self.call_local(&k, args, n, want);
            }
            Ref::LocalMod(m) => {
                let k = format!("{m}::default");
                return self.call_local(&k, args, n, want);
            }
            _ => {}
        }
        let mut out = V::default();
        out.add_binds(&cv.binds);
        for a in args.iter() {
            out.absorb(&a.v);
        }
        out.env_obj = false;
        out
    }

    /// `A.push(x)` on a name holding an array: each known string joins it
    /// (`value_set::grow`, shape 3 of the value matrix), so a later `for
    /// (const f of A)` walks it.
    fn grow_array(&mut self, obj: Node<'t>, args: &[Arg<'t>]) {
        let name = self.t(obj).to_string();
        let Some(V {
            k: K::Arr(items), ..
        }) = self.vars.get(&name)
        else {
            return;
        };
        let mut held: Vec<String> = items
            .iter()
            .filter_map(|v| v.lit().map(str::to_string))
            .collect();
        let mut out: Vec<V<'t>> = items.to_vec();
        for a in args {
            let Some(s) = a.v.lit() else { continue };
            let before = held.len();
            crate::extract::value_set::grow(&mut held, s.to_string());
            if held.len() > before {
                out.push(V {
                    ev: None,
                    ..a.v.clone()
                });
            }
        }
        if let Some(v) = self.vars.get_mut(&name) {
            v.k = K::Arr(Rc::new(out));
        }
    }

    pub(super) fn call_local(
        &mut self,
        key: &str,
        args: &[Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
    ) -> V<'t> {
        let out = self.out_name(want, n);
        let mut ev = Evidence::new(Op::CallLocal, A::CallTool, R::Codebase, key)
            .object("call of a skill function")
            .instrument("call");
        ev.inputs = args
            .iter()
            .map(|a| a.v.binds.first().cloned().unwrap_or_default())
            .collect();
        while ev.inputs.last().is_some_and(String::is_empty) {
            ev.inputs.pop();
        }
        // An object or concatenation carries every value it was built
        // from: the flow pass links all of them to the parameter.
        if args.iter().any(|a| a.v.binds.len() > 1) {
            ev.arg_binds = args
                .iter()
                .take(ev.inputs.len())
                .map(|a| a.v.binds.iter().skip(1).cloned().collect())
                .collect();
        }
        // A literal array passes its riskiest element (`compact([dest,
        // path.join(os.homedir(), "Documents")])`), as a loop over it takes.
        ev.arg_values = args
            .iter()
            .map(|a| match (&a.v.k, a.v.lit()) {
                (_, Some(l)) => l.to_string(),
                (K::Arr(els), None) => {
                    let vals: Vec<String> = els
                        .iter()
                        .filter_map(|e| e.lit())
                        .map(str::to_string)
                        .collect();
                    crate::extract::indicators::riskiest(&vals).unwrap_or_default()
                }
                _ => String::new(),
            })
            .collect();
        self.record_const_args(key, args);
        ev.output = Some(out.clone());
        let i = self.emit_at(ev, n);
        V {
            binds: vec![out],
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    pub(super) fn method(
        &mut self,
        recv: V<'t>,
        name: &str,
        args: &mut [Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
        d: usize,
    ) -> V<'t> {
        if let Ref::Api(o) = &recv.r
            && let Some(v) = object_rows(&format!("{o}.{name}"), args)
        {
            return v;
        }
        if let Some(v) = self.spread_call(&recv, name, args, n, want, d) {
            return v;
        }
        if let Some(v) = self.method_by_ref(&recv, name, args, n, want, d) {
            return v;
        }
        if let Some(v) = self.catalog_source(name, n, want) {
            return v;
        }
        if let K::Arr(items) = &recv.k
            && matches!(
                name,
                "forEach" | "map" | "flatMap" | "filter" | "some" | "every" | "find"
            )
            && let Some(f) = args.first_mut().and_then(|a| {
                a.func.take().or_else(|| {
                    (a.n.kind_name() == "identifier")
                        .then(|| self.fn_nodes.get(self.t(a.n)).copied())
                        .flatten()
                })
            })
        {
            let items = items.clone();
            let results = self.each_element(f, &items, &recv.binds, d);
            return match name {
                // A subset of the receiver's elements.
                "filter" => V {
                    binds: recv.binds.clone(),
                    k: K::Arr(items),
                    ..V::default()
                },
                // The callback's values, when every walked element gave one.
                "map" if !results.is_empty() => {
                    let mut out = V {
                        binds: recv.binds.clone(),
                        ..V::default()
                    };
                    for r in &results {
                        out.add_binds(&r.binds);
                    }
                    out.k = K::Arr(std::rc::Rc::new(results));
                    out
                }
                _ => V {
                    binds: recv.binds.clone(),
                    ..V::default()
                },
            };
        }
        // Round 33: `.map(p => fs.readFileSync(p))` over an array whose
        // elements are not known (a helper's result, a listing): the
        // callback is walked now, and what it gives back is part of the
        // result, so what it read flows on with the array.
        if !matches!(recv.k, K::Arr(_))
            && matches!(name, "map" | "flatMap")
            && let Some(f) = args.first_mut().and_then(|a| a.func.take())
        {
            let saved = self.cb_result.take();
            self.collect_next = true;
            self.walk_fn(f, None, Some(&recv.binds), d + 1);
            self.collect_next = false;
            let got = std::mem::replace(&mut self.cb_result, saved);
            let mut out = V {
                binds: recv.binds.clone(),
                gate: recv.gate,
                decoded: recv.decoded,
                computed: recv.computed,
                analysed: recv.analysed,
                ..V::default()
            };
            if let Some(r) = got {
                out.add_binds(&r.binds);
            }
            return out;
        }
        // `.filter(fs.existsSync)`: a subset of the receiver's elements.
        if let K::Arr(items) = &recv.k
            && name == "filter"
            && args.len() == 1
        {
            return V {
                binds: recv.binds.clone(),
                k: K::Arr(items.clone()),
                ..V::default()
            };
        }
        let a0 = args.first().map(|a| a.v.clone());
        let lit0 = a0.as_ref().and_then(|v| v.lit().map(str::to_string));
        let mut out = V {
            gate: recv.gate,
            decoded: recv.decoded,
            computed: recv.computed,
            analysed: recv.analysed,
            span: recv.span,
            ..V::default()
        };
        out.add_binds(&recv.binds);
        // String and array folding.
        if fold_method(name, &recv, args, lit0.as_deref(), &mut out) {
            return out;
        }
        match name {
            "text" | "json" | "arrayBuffer" | "blob" | "buffer" | "toString" | "promise" => {
                out.r = Ref::None;
                out.span = None;
                return out;
            }
            "then" | "catch" | "finally" => {
                for a in args.iter_mut() {
                    // The settled value, handed to a callback by reference.
                    let settled = Arg {
                        n: a.n,
                        v: V {
                            binds: recv.binds.clone(),
                            ..V::default()
                        },
                        func: None,
                    };
                    if let Some(f) = a.func.take() {
                        self.walk_fn(f, None, Some(&recv.binds), d + 1);
                    } else if let Ref::Local(k) = &a.v.r {
                        let k = k.clone();
                        let r = self.call_local(&k, std::slice::from_ref(&settled), n, None);
                        out.add_binds(&r.binds);
                    } else if let Ref::Api(q) = &a.v.r
                        && crate::extract::exec_op::form_of(LANG, q)
                            == Some(crate::extract::exec_op::ExecForm::Code)
                    {
                        // `.then(eval)`: the settled value is the code run.
                        let q = q.clone();
                        self.dyn_code(&q, Some(&settled), a.n, None);
                    }
                }
                out.span = None;
                return out;
            }
            "unref" => {
                if let Some((s, _)) = recv.ev {
                    // `.unref()`: the child outlives the task.
                    let m = crate::extract::exec_op::Manner {
                        detached: true,
                        silenced: false,
                    };
                    self.tag_range(s, &m.tags());
                }
                return recv;
            }
            _ => {}
        }
        if let Some(ch) = recv.chan()
            && let Some(v) = self.chan_method(&ch, &recv, name, args, n)
        {
            return v;
        }
        // Anything else: data flows from the receiver and arguments.
        for a in args.iter() {
            out.absorb(&a.v);
        }
        out.env_obj = false;
        out.computed = false;
        out.span = None;
        out.analysed = None;
        if let Ref::Chan(c) = &recv.r {
            out.r = Ref::Chan(c.clone());
        }
        out
    }

    /// A method of a known API, a local module, a class or an object
    /// holding a local function. `None` when the receiver is none of them.
    fn method_by_ref(
        &mut self,
        recv: &V<'t>,
        name: &str,
        args: &mut [Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
        d: usize,
    ) -> Option<V<'t>> {
        match &recv.r {
            Ref::Api(q) => {
                let q2 = if q == "globalThis" {
                    canon(name)
                } else {
                    canon(&format!("{q}.{name}"))
                };
                return self.api(&q2, args, n, want, d);
            }
            Ref::LocalMod(m) => {
                let k = format!("{m}::{name}");
                return Some(self.call_local(&k, args, n, want));
            }
            Ref::Class(c) | Ref::Instance(c) => {
                let k = format!("{}::{c}.{name}", self.module);
                return Some(self.call_local(&k, args, n, want));
            }
            Ref::Obj(_) => {
                if let Some(V {
                    r: Ref::Local(k), ..
                }) = recv.prop(name)
                {
                    let k = k.clone();
                    return Some(self.call_local(&k, args, n, want));
                }
            }
            _ => {}
        }
        None
    }

    /// Methods of sockets, requests, streams and child processes.
    fn chan_method(
        &mut self,
        ch: &Rc<RefCell<Chan>>,
        recv: &V<'t>,
        name: &str,
        args: &mut [Arg<'t>],
        n: Node<'t>,
    ) -> Option<V<'t>> {
        let kind = ch.borrow().kind;
        match (kind, name) {
            (ChanKind::Xhr, "open") => {
                let method = args.first().and_then(|a| a.v.lit()).unwrap_or("GET");
                let url = args
                    .get(1)
                    .map(|a| self.to_text(&a.v, a.n).0)
                    .unwrap_or_default();
                let mut c = ch.borrow_mut();
                c.method = method.to_uppercase();
                c.target = url;
                Some(recv.clone())
            }
            (ChanKind::Socket, "connect") => {
                let target = self.host_port(args);
                ch.borrow_mut().target = target.clone();
                let out = ch.borrow().out.clone();
                let mut call = NetCall::new(NetKind::Connect, target.clone())
                    .instrument("net.Socket.connect")
                    .output(Some(out));
                call.tag_from = Some(format!("tcp://{target}"));
                self.emit_at(call.lower().1, n);
                Some(recv.clone())
            }
            (
                ChanKind::Socket
                | ChanKind::Udp
                | ChanKind::HttpReq
                | ChanKind::Xhr
                | ChanKind::WriteStream,
                "write" | "end" | "send",
            ) if args.first().is_some_and(|a| a.func.is_none()) => {
                let mut inputs = Vec::new();
                let mut env = false;
                for a in args.iter() {
                    for b in &a.v.binds {
                        if !inputs.contains(b) {
                            inputs.push(b.clone());
                        }
                    }
                    env |= a.v.env_obj;
                }
                if env {
                    let b = self.env_dump(n, None);
                    inputs.insert(0, b);
                }
                let target = ch.borrow().target.clone();
                let ev = match kind {
                    ChanKind::WriteStream => {
                        let (scope, tags) = classify_path(&target);
                        let mut ev = Evidence::new(Op::FileWrite, A::Write, scope, target)
                            .tags(tags)
                            .object("file write")
                            .instrument("stream.write");
                        ev.inputs = inputs;
                        ev
                    }
                    ChanKind::Udp => {
                        let host = args
                            .iter()
                            .skip(1)
                            .filter(|a| a.func.is_none())
                            .map(|a| self.to_text(&a.v, a.n).0)
                            .collect::<Vec<_>>()
                            .join(":");
                        let mut call = NetCall::new(NetKind::Send, host)
                            .object("UDP datagram sent")
                            .instrument("dgram.send")
                            .inputs(inputs);
                        call.tag_url = false;
                        call.lower().1
                    }
                    _ => {
                        let out = (kind == ChanKind::Xhr).then(|| ch.borrow().out.clone());
                        NetCall::new(NetKind::Send, target)
                            .object("data sent over the network")
                            .instrument(match kind {
                                ChanKind::Xhr => "XMLHttpRequest.send",
                                ChanKind::Socket => "socket.write",
                                _ => "request.write",
                            })
                            .inputs(inputs)
                            .output(out)
                            .lower()
                            .1
                    }
                };
                self.emit_at(ev, n);
                Some(recv.clone())
            }
            (ChanKind::Xhr, "send") => {
                let (target, out) = {
                    let c = ch.borrow();
                    (c.target.clone(), c.out.clone())
                };
                let call = NetCall::new(NetKind::Fetch, target)
                    .instrument("XMLHttpRequest.send")
                    .output(Some(out));
                self.emit_at(call.lower().1, n);
                Some(recv.clone())
            }
            (_, "pipe") => {
                if let Some(o) = args.first().and_then(|a| a.v.chan()) {
                    let ok = o.borrow().kind;
                    if matches!(
                        (kind, ok),
                        (ChanKind::Socket, ChanKind::Proc) | (ChanKind::Proc, ChanKind::Socket)
                    ) {
                        let target = if kind == ChanKind::Socket {
                            ch.borrow().target.clone()
                        } else {
                            o.borrow().target.clone()
                        };
                        let mut call = NetCall::new(NetKind::ShellOverSocket, target)
                            .object("process wired to a socket")
                            .instrument("pipe");
                        call.tag_url = false;
                        self.emit_at(call.lower().1, n);
                    }
                }
                Some(recv.clone())
            }
            _ => None,
        }
    }

    pub(super) fn host_port(&self, args: &[Arg]) -> String {
        // `connect(port, host)`, `connect({host, port})`, `connect(path)`.
        if let Some(a) = args.first()
            && let Ref::Obj(_) = a.v.r
        {
            let host =
                a.v.prop("host")
                    .or_else(|| a.v.prop("hostname"))
                    .and_then(|v| v.lit().map(str::to_string))
                    .unwrap_or_default();
            let port =
                a.v.prop("port")
                    .and_then(|v| v.num().map(num_str).or(v.lit().map(str::to_string)))
                    .unwrap_or_default();
            return format!("{host}:{port}");
        }
        let port = args.first().and_then(|a| a.v.num()).map(num_str);
        let host = args
            .get(1)
            .filter(|a| a.func.is_none())
            .map(|a| self.to_text(&a.v, a.n).0);
        match (host, port) {
            (Some(h), Some(p)) => format!("{h}:{p}"),
            (None, Some(p)) => format!("localhost:{p}"),
            _ => args
                .first()
                .map(|a| self.to_text(&a.v, a.n).0)
                .unwrap_or_default(),
        }
    }
}

/// String and array folding of a method on a constant receiver
/// (`split`, `reverse`, `join`, `concat`, `trim`, `replace`, `slice`, ..).
/// `true` when `out` is the method's value; `out` is unchanged otherwise.
/// `Object.entries(O)` / `Object.values(O)` / `Object.keys(O)` of an object
/// literal: the array of its `[key, value]` rows, values or keys (shape 1 of
/// the value matrix).
fn object_rows<'t>(q: &str, args: &[Arg<'t>]) -> Option<V<'t>> {
    let Ref::Obj(props) = &args.first()?.v.r else {
        return None;
    };
    let row = |(k, v): &(String, V<'t>)| match q {
        "Object.entries" => V {
            k: K::Arr(Rc::new(vec![V::s(k), v.clone()])),
            ..V::default()
        },
        "Object.values" => v.clone(),
        _ => V::s(k),
    };
    if !matches!(q, "Object.entries" | "Object.values" | "Object.keys") {
        return None;
    }
    Some(V {
        k: K::Arr(Rc::new(props.iter().map(row).collect())),
        binds: args[0].v.binds.clone(),
        ..V::default()
    })
}

fn fold_method<'t>(
    name: &str,
    recv: &V<'t>,
    args: &[Arg<'t>],
    lit0: Option<&str>,
    out: &mut V<'t>,
) -> bool {
    match (name, &recv.k) {
        ("split", K::Str(s)) if !recv.dynamic => {
            if let Some(sep) = lit0 {
                let mut parts: Vec<V> = if sep.is_empty() {
                    s.chars()
                        .take(MAX_ELEMS + 1)
                        .map(|c| V::s(&c.to_string()))
                        .collect()
                } else {
                    s.split(sep).take(MAX_ELEMS + 1).map(V::s).collect()
                };
                crate::limits::truncate_counted(&mut parts, MAX_ELEMS, "JS_MAX_ELEMS");
                out.k = K::Arr(Rc::new(parts));
                return true;
            }
        }
        ("reverse", K::Arr(a)) => {
            let mut r: Vec<V> = a.as_ref().clone();
            r.reverse();
            out.k = K::Arr(Rc::new(r));
            out.computed = true;
            return true;
        }
        ("join", K::Arr(a)) => {
            let sep = lit0.map_or_else(|| ",".to_string(), str::to_string);
            for e in a.iter() {
                out.add_binds(&e.binds);
            }
            if a.iter().all(|e| e.lit().is_some() || e.num().is_some()) {
                let mut s = String::new();
                for (i, e) in a.iter().enumerate() {
                    if i > 0 {
                        s.push_str(&sep);
                    }
                    match e.lit() {
                        Some(x) => s.push_str(x),
                        None => s.push_str(&num_str(e.num().unwrap_or(0.0))),
                    }
                    if s.len() > MAX_FOLD {
                        crate::limits::gave_up("JS_MAX_FOLD");
                        break;
                    }
                }
                out.computed |= a.iter().any(|e| e.computed) || a.len() > 1;
                out.k = K::Str(Rc::from(s.as_str()));
            }
            out.span = None;
            return true;
        }
        ("concat", K::Str(s)) if !recv.dynamic && args.iter().all(|a| a.v.lit().is_some()) => {
            let mut s = s.to_string();
            for a in args.iter() {
                s.push_str(a.v.lit().unwrap_or(""));
            }
            if s.len() <= MAX_FOLD {
                out.k = K::Str(Rc::from(s.as_str()));
                out.computed = true;
                return true;
            }
            crate::limits::gave_up("JS_MAX_FOLD");
        }
        (
            "toString" | "valueOf" | "trim" | "trimEnd" | "trimStart" | "toLowerCase"
            | "toUpperCase" | "normalize",
            K::Str(s),
        ) => {
            let enc = lit0.unwrap_or("utf8").to_ascii_lowercase();
            if name == "toString" && matches!(enc.as_str(), "base64" | "hex" | "base64url") {
                return true;
            }
            out.k = K::Str(match name {
                "trim" => Rc::from(s.trim()),
                "trimEnd" => Rc::from(s.trim_end()),
                "trimStart" => Rc::from(s.trim_start()),
                "toLowerCase" => Rc::from(s.to_lowercase().as_str()),
                "toUpperCase" => Rc::from(s.to_uppercase().as_str()),
                _ => s.clone(),
            });
            out.dynamic = recv.dynamic;
            out.plain = recv.plain && name == "toString";
            return true;
        }
        ("replace" | "replaceAll", K::Str(s)) if !recv.dynamic => {
            let pat = args
                .first()
                .filter(|a| a.n.kind_name() == "string")
                .and_then(|a| a.v.lit());
            if let (Some(a), Some(b)) = (pat, args.get(1).and_then(|a| a.v.lit())) {
                let r = if name == "replace" {
                    s.replacen(a, b, 1)
                } else {
                    s.replace(a, b)
                };
                if r.len() <= MAX_FOLD {
                    out.k = K::Str(Rc::from(r.as_str()));
                    out.computed = true;
                    return true;
                }
                crate::limits::gave_up("JS_MAX_FOLD");
            }
        }
        ("slice" | "substring" | "substr", K::Str(s)) if !recv.dynamic => {
            let chars: Vec<char> = s.chars().collect();
            let len = chars.len() as f64;
            let a = args.first().and_then(|a| a.v.num()).unwrap_or(0.0);
            let b = args.get(1).and_then(|a| a.v.num());
            let norm = |x: f64| {
                if x < 0.0 {
                    (len + x).max(0.0)
                } else {
                    x.min(len)
                }
            };
            let (from, to) = match name {
                "substr" => {
                    let f = norm(a);
                    (f, (f + b.unwrap_or(len)).min(len))
                }
                _ => (norm(a), b.map(norm).unwrap_or(len)),
            };
            if to >= from {
                let r: String = chars[from as usize..to as usize].iter().collect();
                out.k = K::Str(Rc::from(r.as_str()));
                out.computed = true;
                return true;
            }
        }
        _ => {}
    }
    false
}
