//! The table of known APIs (`api`), modules (`require`), constructors
//! (`new`), call arguments and the `fs` member tables.

use super::walk::is_web_store;
use super::*;

pub(super) fn opt<'x, 't>(args: &'x [Arg<'t>], from: usize, key: &str) -> Option<&'x V<'t>> {
    args.iter().skip(from).find_map(|a| a.v.prop(key))
}

pub(super) fn truthy(v: Option<&V>) -> bool {
    v.is_some_and(|v| matches!(v.k, K::Bool(true)) || v.num().is_some_and(|n| n != 0.0))
}

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    /// Known APIs. `None` when `q` is not one.
    pub(super) fn api(
        &mut self,
        q: &str,
        args: &mut [Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
        d: usize,
    ) -> Option<V<'t>> {
        let (root, last) = match q.rsplit_once('.') {
            Some((r, l)) => (r, l),
            None => ("", q),
        };
        let v = match q {
            "require" | "module.require" | "process.mainModule.require" => {
                self.require(args, n, want, "require")
            }
            "child_process.exec"
            | "child_process.execSync"
            | "shelljs.exec"
            | "execa.command"
            | "execa.execaCommand"
            | "execa.commandSync"
            | "execa.execaCommandSync" => self.cmd_string(q, args, n, want),
            "child_process.spawn"
            | "child_process.spawnSync"
            | "child_process.execFile"
            | "child_process.execFileSync"
            | "execa"
            | "execa.execa"
            | "execa.sync"
            | "execa.execaSync"
            | "cross-spawn"
            | "cross-spawn.sync" => self.argv(q, args, n, want),
            "child_process.fork" => {
                let (p, _) = args
                    .first()
                    .map(|a| self.to_text(&a.v, a.n))
                    .unwrap_or_default();
                let out = self.out_name(want, n);
                let mut ev = Evidence::new(Op::Exec, A::CallTool, R::Process, format!("node {p}"))
                    .object("script run")
                    .instrument(q);
                ev.inputs = args.iter().flat_map(|a| a.v.binds.clone()).collect();
                let i = self.emit_at(ev, n);
                self.proc_opts(args, 1, i);
                self.chan_v(ChanKind::Proc, &p, out, i)
            }
            _ if root == "fs" && FS_READ.contains(&last) => self.file_read(q, args, n, want),
            _ if root == "fs" && FS_WRITE.contains(&last) => self.file_write(q, args, n, want),
            _ if (root == "fs" && FS_DELETE.contains(&last))
                || matches!(
                    q,
                    "rimraf" | "rimraf.sync" | "rimraf.rimraf" | "del" | "del.sync"
                ) =>
            {
                self.file_delete(q, args, n)
            }
            _ if root == "fs" && FS_CHMOD.contains(&last) => self.chmod(q, args, n),
            _ if root == "fs" && FS_COPY.contains(&last) => self.copy(q, args, n),
            "fetch" => self.http(q, args, n, want),
            _ if is_web_store(root) && last == "getItem" => {
                // A fixed key is the page's own setting; any key (a loop
                // over `key(i)`) is the whole store.
                let own = args.first().is_some_and(|a| a.v.lit().is_some());
                let target = match args.first().and_then(|a| a.v.lit()) {
                    Some(k) => format!("{root}.{k}"),
                    None => root.to_string(),
                };
                self.browser_read(&target, own, want, n)
            }
            _ if is_web_store(root) && last == "key" => self.browser_read(root, false, want, n),
            "navigator.sendBeacon" => self.beacon_send(q, args, n, want),
            _ if q == "axios" || root == "axios" => {
                if last == "create" {
                    V::api("axios")
                } else {
                    self.http(q, args, n, want)
                }
            }
            _ if matches!(q, "got" | "request" | "needle" | "superagent" | "ky")
                || matches!(root, "got" | "request" | "needle" | "superagent" | "ky") =>
            {
                if matches!(last, "extend" | "create" | "defaults") {
                    V::api(root)
                } else {
                    self.http(q, args, n, want)
                }
            }
            "http.request" | "https.request" | "http.get" | "https.get" => {
                self.http(q, args, n, want)
            }
            "net.connect" | "net.createConnection" | "tls.connect" => {
                let target = self.host_port(args);
                let out = self.out_name(want, n);
                let mut ev =
                    Evidence::new(Op::SocketConnect, A::Transfer, R::Network, target.clone())
                        .tags(classify_url(&format!("tcp://{target}")))
                        .object("raw socket")
                        .instrument(q);
                ev.output = Some(out.clone());
                let i = self.emit_at(ev, n);
                self.chan_v(ChanKind::Socket, &target, out, i)
            }
            "dgram.createSocket" => {
                let out = self.out_name(want, n);
                let i = self.sink.items.len();
                self.chan_v(ChanKind::Udp, "", out, i)
            }
            _ if root == "dns" => self.dns(q, args, n, want),
            "os.homedir" | "os.userInfo" | "os.hostname" | "os.networkInterfaces" => {
                let out = self.out_name(want, n);
                let mut ev = Evidence::new(Op::SysInfo, A::Read, R::Other, last)
                    .object(match last {
                        "homedir" => "home directory",
                        "userInfo" => "user account",
                        "hostname" => "host name",
                        _ => "network interfaces",
                    })
                    .instrument(q);
                ev.output = Some(out.clone());
                let i = self.emit_at(ev, n);
                V {
                    k: if last == "homedir" {
                        K::Str(Rc::from("~"))
                    } else {
                        K::None
                    },
                    binds: vec![out],
                    gate: (last != "homedir").then_some(Tag::EnvGate),
                    ev: Some((i, i + 1)),
                    ..V::default()
                }
            }
            "os.tmpdir" => V::s("/tmp"),
            "process.cwd" => V::s("."),
            "os.cpus" | "os.totalmem" | "os.freemem" | "os.uptime" | "os.loadavg" => V {
                gate: Some(Tag::EnvGate),
                ..V::default()
            },
            // The time itself is no gate: only a comparison with a fixed
            // date is (`gate_text`), and a value built from it (a file
            // name, a timestamp) carries nothing.
            "Date.now" => V::default(),
            "path.join" | "path.resolve" | "path.normalize" | "path.posix.join"
            | "path.posix.resolve" | "path.win32.join" | "upath.join" => {
                let mut parts = Vec::new();
                let mut out = V::default();
                let mut dynamic = false;
                for a in args.iter() {
                    let (t, dy) = self.to_text(&a.v, a.n);
                    dynamic |= dy;
                    parts.push(t);
                    out.absorb(&a.v);
                }
                let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
                out.k = K::Str(Rc::from(norm_join(&refs).as_str()));
                out.dynamic = dynamic;
                out.env_obj = false;
                out.gate = None;
                out
            }
            "path.dirname" | "path.basename" | "path.extname" => {
                let mut out = V::default();
                if let Some(a) = args.first() {
                    out.absorb(&a.v);
                    if let Some(s) = a.v.lit() {
                        let s = s.trim_end_matches('/');
                        let r = match last {
                            "dirname" => s.rsplit_once('/').map(|x| x.0).unwrap_or("."),
                            "basename" => s.rsplit('/').next().unwrap_or(s),
                            _ => s.rfind('.').map(|i| &s[i..]).unwrap_or(""),
                        };
                        out.k = K::Str(Rc::from(r));
                    }
                }
                out
            }
            "eval"
            | "Function"
            | "vm.runInNewContext"
            | "vm.runInThisContext"
            | "vm.runInContext"
            | "vm.compileFunction"
            | "vm.Script"
            | "vm.SourceTextModule" => {
                let code = if q == "Function" {
                    args.last()
                } else {
                    args.first()
                };
                self.dyn_code(q, code, n, want)
            }
            "setTimeout" | "setImmediate" | "process.nextTick" | "queueMicrotask"
            | "setInterval" => self.timer(q, args, n, d),
            "Buffer.from" | "Buffer.alloc" => {
                let enc = args
                    .get(1)
                    .and_then(|a| a.v.lit())
                    .unwrap_or("")
                    .to_ascii_lowercase();
                match (args.first(), enc.as_str()) {
                    (Some(a), "base64" | "base64url" | "hex") => {
                        let a0 = Arg {
                            n: a.n,
                            v: a.v.clone(),
                            func: None,
                        };
                        self.decode(&enc, &a0, n, want)
                    }
                    (Some(a), _) => {
                        let mut v = a.v.clone();
                        v.env_obj = false;
                        v.r = Ref::None;
                        v
                    }
                    _ => V::default(),
                }
            }
            "atob" => match args.first() {
                Some(a) => {
                    let a0 = Arg {
                        n: a.n,
                        v: a.v.clone(),
                        func: None,
                    };
                    self.decode("base64", &a0, n, want)
                }
                None => V::default(),
            },
            "zlib.gunzipSync"
            | "zlib.inflateSync"
            | "zlib.inflateRawSync"
            | "zlib.unzipSync"
            | "zlib.brotliDecompressSync"
            | "zlib.gunzip"
            | "zlib.inflate" => {
                let out = self.out_name(want, n);
                let mut ev = Evidence::new(Op::Decode, A::Infer, R::Memory, q)
                    .object("decompression")
                    .instrument(q)
                    .tag(Tag::Encoded);
                ev.inputs = args.iter().flat_map(|a| a.v.binds.clone()).collect();
                ev.output = Some(out.clone());
                self.emit_at(ev, n);
                V {
                    binds: vec![out],
                    decoded: true,
                    ..V::default()
                }
            }
            "String.fromCharCode" | "String.fromCodePoint" => {
                let mut codes = Vec::new();
                let mut ok = true;
                for a in args.iter() {
                    match (&a.v.k, a.n.kind_name()) {
                        (K::Arr(arr), "spread_element") => {
                            for e in arr.iter() {
                                match e.num() {
                                    Some(c) => codes.push(c),
                                    None => ok = false,
                                }
                            }
                        }
                        _ => match a.v.num() {
                            Some(c) => codes.push(c),
                            None => ok = false,
                        },
                    }
                }
                let mut out = V::default();
                for a in args.iter() {
                    out.add_binds(&a.v.binds);
                }
                if ok {
                    let s: String = codes
                        .iter()
                        .filter_map(|c| char::from_u32(*c as u32))
                        .collect();
                    out.k = K::Str(Rc::from(s.as_str()));
                    out.computed = true;
                }
                out
            }
            "decodeURIComponent" | "decodeURI" | "unescape" | "querystring.unescape" => {
                let mut out = args.first().map(|a| a.v.clone()).unwrap_or_default();
                if let Some(s) = out.lit() {
                    let dec = percent_decode(s);
                    if dec != s {
                        out.computed = true;
                    }
                    out.k = K::Str(Rc::from(dec.as_str()));
                }
                out.plain = false;
                out.span = args.first().map(|a| (a.n.start_byte(), a.n.end_byte()));
                out
            }
            "JSON.stringify" | "Object.entries" | "Object.keys" | "Object.values"
            | "util.inspect" | "Object.assign" | "structuredClone" => {
                let mut out = V::default();
                let mut env = false;
                for a in args.iter() {
                    out.add_binds(&a.v.binds);
                    env |= a.v.env_obj;
                }
                if env {
                    if q == "Object.assign" {
                        out.env_obj = true;
                    } else {
                        let b = self.env_dump(n, want);
                        out.binds.insert(0, b);
                    }
                }
                out
            }
            _ if root == "console"
                || matches!(q, "process.stdout.write" | "process.stderr.write") =>
            {
                let mut secret = Vec::new();
                let mut env = false;
                for a in args.iter() {
                    env |= a.v.env_obj;
                    for b in &a.v.binds {
                        if self.secret_binds.contains(b) && !secret.contains(b) {
                            secret.push(b.clone());
                        }
                    }
                }
                if env {
                    secret.insert(0, self.env_dump(n, None));
                }
                if !secret.is_empty() {
                    let mut ev = Evidence::new(Op::Output, A::Notify, R::Memory, "stdout")
                        .object("secret printed to the agent's output")
                        .instrument(q);
                    ev.inputs = secret;
                    self.emit_at(ev, n);
                }
                V::default()
            }
            "crypto.createHash" | "crypto.createHmac" | "crypto.subtle.digest" => {
                self.hash_calls += 1;
                let mut out = V::default();
                for a in args.iter() {
                    out.add_binds(&a.v.binds);
                }
                out
            }
            "util.promisify" => args.first().map(|a| a.v.clone()).unwrap_or_default(),
            "process.exit" | "process.abort" => {
                self.exit_all();
                V::default()
            }
            "io" | "socket.io-client" | "socket.io-client.io" | "socket.io-client.connect" => {
                self.socket_new("socket.io", args, n, want)
            }
            _ => return None,
        };
        Some(v)
    }

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
            let mut v = match self.local_module(&spec) {
                Some(m) => V {
                    r: Ref::LocalMod(m),
                    ..V::default()
                },
                None => V::api(&spec),
            };
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

    pub(super) fn proc_opts(&mut self, args: &[Arg], from: usize, start: usize) {
        let mut tags = Vec::new();
        if truthy(opt(args, from, "detached")) {
            tags.push(Tag::Detached);
        }
        if let Some(s) = opt(args, from, "stdio") {
            let ignore = s.lit() == Some("ignore")
                || matches!(&s.k, K::Arr(a) if a.iter().all(|e| e.lit() == Some("ignore")));
            if ignore {
                tags.push(Tag::Silenced);
            }
        }
        if truthy(opt(args, from, "windowsHide")) {
            tags.push(Tag::Silenced);
        }
        if !tags.is_empty() {
            self.tag_range(start, &tags);
        }
    }
}

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    pub(super) fn new_expr(&mut self, n: Node<'t>, want: Option<&str>, d: usize) -> V<'t> {
        let Some(c) = n.child_by_field_name("constructor") else {
            return V::default();
        };
        let cv = self.ev(c, None, d + 1);
        let start = self.sink.items.len();
        let mut args = self.args(n.child_by_field_name("arguments"), d);
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
        v
    }
}

pub(super) fn snip(s: &str) -> String {
    crate::text::snippet(s, 200)
}

const FS_READ: &[&str] = &[
    "readFile",
    "readFileSync",
    "createReadStream",
    "readdir",
    "readdirSync",
    "opendir",
    "opendirSync",
    "readJson",
    "readJSON",
    "readJsonSync",
    "readJSONSync",
    "readlink",
    "readlinkSync",
];
const FS_WRITE: &[&str] = &[
    "writeFile",
    "writeFileSync",
    "appendFile",
    "appendFileSync",
    "outputFile",
    "outputFileSync",
    "writeJson",
    "writeJSON",
    "writeJsonSync",
    "writeJSONSync",
    "outputJson",
    "outputJsonSync",
    "createWriteStream",
];
const FS_DELETE: &[&str] = &[
    "rm",
    "rmSync",
    "unlink",
    "unlinkSync",
    "rmdir",
    "rmdirSync",
    "remove",
    "removeSync",
    "emptyDir",
    "emptyDirSync",
];
const FS_CHMOD: &[&str] = &[
    "chmod",
    "chmodSync",
    "lchmod",
    "lchmodSync",
    "chown",
    "chownSync",
    "lchown",
    "lchownSync",
];
const FS_COPY: &[&str] = &[
    "copyFile",
    "copyFileSync",
    "cp",
    "cpSync",
    "copy",
    "copySync",
    "rename",
    "renameSync",
    "move",
    "moveSync",
    "symlink",
    "symlinkSync",
];
