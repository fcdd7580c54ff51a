//! Modules (`require`), constructors (`new`), process options, channels,
//! call-argument helpers and the `fs` member tables.

use super::*;
use crate::extract::exec_op::Manner;

pub(super) fn opt<'x, 't>(args: &'x [Arg<'t>], from: usize, key: &str) -> Option<&'x V<'t>> {
    args.iter().skip(from).find_map(|a| a.v.prop(key))
}

pub(super) fn truthy(v: Option<&V>) -> bool {
    v.is_some_and(|v| matches!(v.k, K::Bool(true)) || v.num().is_some_and(|n| n != 0.0))
}

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    pub(super) fn chan_v(&mut self, kind: ChanKind, target: &str, out: String, i: usize) -> V<'t> {
        let end = self.sink.items.len();
        V {
            binds: vec![out.clone()],
            r: Ref::Chan(Rc::new(RefCell::new(Chan {
                kind,
                target: target.to_string(),
                method: String::new(),
                out,
            }))),
            ev: Some((i.min(end), end)),
            ..V::default()
        }
    }

    /// A call the operation catalogue reads as a secret or credential
    /// read (`core.listSecretForAllNamespaces()`, `new
    /// GetSecretValueCommand(…)`, `fromNodeProviderChain()`): its
    /// evidence, and a value bound to it.
    pub(super) fn catalog_source(
        &mut self,
        name: &str,
        n: Node<'t>,
        want: Option<&str>,
    ) -> Option<V<'t>> {
        let at = n.child_by_field_name("arguments").map_or("", |a| self.t(a));
        let mut ev = crate::extract::catalog::source(name, at, self.src)?;
        let out = self.out_name(want, n);
        ev.output = Some(out.clone());
        let i = self.emit_at(ev, n);
        Some(V {
            binds: vec![out],
            ev: Some((i, i + 1)),
            ..V::default()
        })
    }

    pub(super) fn require(
        &mut self,
        args: &mut [Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
        how: &str,
    ) -> V<'t> {
        let Some(a) = args.first() else {
            return V::default();
        };
        if let Some(spec) = a.v.lit() {
            let spec = spec.to_string();
            // Round 44 (r44 schema-mock-data): a `data:` URL as the module
            // (`import("data:text/javascript;base64," + parts.join(""))`)
            // is its source code carried in the string: code run from
            // whatever the string was built of.
            if spec
                .trim_start()
                .get(..5)
                .is_some_and(|p| p.eq_ignore_ascii_case("data:"))
            {
                let mut ev = Evidence::new(
                    Op::DynamicCode,
                    A::CallTool,
                    R::Process,
                    format!("{how} data: URL"),
                )
                .object("module source carried in a data: URL")
                .instrument(how);
                if spec.contains(";base64,") {
                    ev.tags.insert(Tag::Encoded);
                }
                ev.inputs = a.v.binds.clone();
                ev.output = Some(self.out_name(want, n));
                self.emit_at(ev, n);
                return V::default();
            }
            let mut v = match self.local_module(&spec) {
                Some(m) => V {
                    r: Ref::LocalMod(m),
                    ..V::default()
                },
                None => V::api(&spec),
            };
            // Round 31: a file the skill wrote, loaded as a module
            // (`fs.writeFileSync(p, body); require(p)`): a script run whose
            // input is that file (`download_run::link` pairs a download).
            let bind = crate::extract::file_bind(&spec);
            if !matches!(v.r, Ref::LocalMod(_))
                && self
                    .sink
                    .items
                    .iter()
                    .any(|e| e.op == Op::FileWrite && crate::extract::file_bind(&e.target) == bind)
            {
                let mut ev =
                    Evidence::new(Op::Exec, A::CallTool, R::Process, format!("{how} {spec}"))
                        .object(format!("{how} of a file the skill wrote"))
                        .instrument(how);
                ev.inputs = a.v.binds.clone();
                ev.inputs.push(bind);
                self.emit_at(ev, n);
            }
            if a.v.computed || a.v.decoded {
                let mut ev = Evidence::new(
                    Op::DynamicCode,
                    A::CallTool,
                    R::Process,
                    format!("{how} {spec}"),
                )
                .object("module loaded by a computed name")
                .instrument(how)
                .tag(Tag::Obfuscated);
                if a.v.decoded {
                    ev.tags.insert(Tag::Encoded);
                }
                ev.inputs = a.v.binds.clone();
                self.emit_at(ev, n);
                v.computed = true;
            }
            return v;
        }
        let (t, _) = self.to_text(&a.v, a.n);
        let mut ev = Evidence::new(
            Op::DynamicCode,
            A::CallTool,
            R::Process,
            format!("{how} {t}"),
        )
        .object("module loaded by a runtime name")
        .instrument(how);
        ev.inputs = a.v.binds.clone();
        ev.output = Some(self.out_name(want, n));
        self.emit_at(ev, n);
        V::default()
    }

    /// The options of a process run (`{detached, stdio, windowsHide}`)
    /// as its [`Manner`], marked on what the run emitted.
    pub(super) fn proc_opts(&mut self, args: &[Arg], from: usize, start: usize) {
        let ignored = opt(args, from, "stdio").is_some_and(|s| {
            s.lit() == Some("ignore")
                || matches!(&s.k, K::Arr(a) if a.iter().all(|e| e.lit() == Some("ignore")))
        });
        let manner = Manner {
            detached: truthy(opt(args, from, "detached")),
            silenced: ignored || truthy(opt(args, from, "windowsHide")),
        };
        if manner.any() {
            self.tag_range(start, &manner.tags());
        }
    }
}

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    /// Round 35 (r35 i18n-key-extractor): `new Promise((resolve, reject)
    /// => …)` inside a named function: the executor's first parameter
    /// and that function's key. Whatever `resolve(x)` gets is what the
    /// function returns (`calls::resolved`), as a `return x` would be.
    fn promise_resolver(&self, ctor: &str, n: Node<'t>) -> Option<(String, String)> {
        let key = self.fn_key.clone().filter(|_| ctor == "Promise")?;
        let exec = named_children(n.child_by_field_name("arguments")?)
            .into_iter()
            .next()?;
        let first = match exec.child_by_field_name("parameters") {
            Some(p) => named_children(p).into_iter().next()?,
            None => exec.child_by_field_name("parameter")?,
        };
        let name = self.t(first);
        (first.kind_name() == "identifier" || first.kind_name() == "required_parameter").then(
            || {
                (
                    name.split(':').next().unwrap_or(name).trim().to_string(),
                    key,
                )
            },
        )
    }

    pub(super) fn new_expr(&mut self, n: Node<'t>, want: Option<&str>, d: usize) -> V<'t> {
        let Some(c) = n.child_by_field_name("constructor") else {
            return V::default();
        };
        let cv = self.ev(c, None, d + 1);
        let start = self.sink.items.len();
        let ctor = self.t(c).rsplit('.').next().unwrap_or_default().to_string();
        let mut args = self.args(n.child_by_field_name("arguments"), d);
        if let Some(v) = self.catalog_source(&ctor, n, want) {
            return v;
        }
        let resolver = self.promise_resolver(&ctor, n);
        if let Some(r) = &resolver {
            self.resolvers.push(r.clone());
        }
        let v = match &cv.r {
            Ref::Api(q) => {
                let q = q.clone();
                match q.as_str() {
                    "Function" | "vm.Script" | "vm.SourceTextModule" => {
                        let code = if q == "Function" {
                            args.last()
                        } else {
                            args.first()
                        };
                        self.dyn_code(&q, code, n, want)
                    }
                    "WebSocket" | "socket.io-client" => self.socket_new(&q, &args, n, want),
                    "EventSource" => self.http("EventSource", &args, n, want),
                    "XMLHttpRequest" => {
                        let out = self.out_name(want, n);
                        self.chan_v(ChanKind::Xhr, "", out, start)
                    }
                    "net.Socket" | "tls.TLSSocket" => {
                        let out = self.out_name(want, n);
                        self.chan_v(ChanKind::Socket, "", out, start)
                    }
                    "Worker" | "worker_threads.Worker" => {
                        self.note_cpu_worker(n);
                        if truthy(opt(&args, 1, "eval")) {
                            self.dyn_code("Worker", args.first(), n, want)
                        } else {
                            V::default()
                        }
                    }
                    "URL" => {
                        let mut out = V::default();
                        for a in args.iter() {
                            out.absorb(&a.v);
                        }
                        let p = args.first().map(|a| self.to_text(&a.v, a.n));
                        let b = args.get(1).map(|a| self.to_text(&a.v, a.n));
                        let s = match (p, b) {
                            (Some((p, pd)), Some((b, bd))) => {
                                out.dynamic = pd || bd;
                                if p.contains("://") {
                                    p
                                } else {
                                    format!(
                                        "{}/{}",
                                        b.trim_end_matches('/'),
                                        p.trim_start_matches('/')
                                    )
                                }
                            }
                            (Some((p, pd)), None) => {
                                out.dynamic = pd;
                                p
                            }
                            _ => String::new(),
                        };
                        out.k = K::Str(Rc::from(s.as_str()));
                        out
                    }
                    "Date" => V::default(),
                    _ => {
                        let mut out = V::default();
                        for a in args.iter() {
                            out.absorb(&a.v);
                        }
                        out.env_obj = false;
                        out
                    }
                }
            }
            Ref::Class(cl) => {
                let k = format!("{}::{cl}.constructor", self.module);
                let cl = cl.clone();
                let mut v = self.call_local(&k, &args, n, want);
                v.r = Ref::Instance(cl);
                v
            }
            Ref::Local(k) => {
                let k = k.clone();
                self.call_local(&k, &args, n, want)
            }
            _ => {
                let mut out = V::default();
                for a in args.iter() {
                    out.absorb(&a.v);
                }
                out.env_obj = false;
                out
            }
        };
        if cv.computed && matches!(cv.r, Ref::Api(_)) {
            self.tag_range(start, &[Tag::Obfuscated]);
        }
        for a in args.iter_mut() {
            if let Some(f) = a.func.take() {
                let cb = v.binds.clone();
                self.walk_fn(f, None, Some(&cb), d + 1);
            }
        }
        if resolver.is_some() {
            self.resolvers.pop();
        }
        v
    }
}

pub(super) fn snip(s: &str) -> String {
    crate::text::snippet(s, 200)
}
