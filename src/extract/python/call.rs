use super::*;
use crate::extract::exec_op::{self, ExecForm, ExecOp, Manner};
use crate::extract::fs_op::{self, FsKind, FsOp};
use crate::extract::net_send::{self, NetCall, NetKind};
use crate::extract::system_op;

/// One call being classified: the callee's canonical dotted name, its
/// arguments and the bindings they carry.
pub(super) struct Site<'t, 'c> {
    pub(super) c: Node<'t>,
    pub(super) f: Node<'t>,
    pub(super) name: String,
    /// The callee was computed (`getattr`, a decoded name).
    pub(super) computed: bool,
    pub(super) args: Vec<Node<'t>>,
    pub(super) arg0: Option<Node<'t>>,
    pub(super) inputs: Vec<String>,
    /// The last part of the name.
    pub(super) method: String,
    /// The object of an attribute call (`o` in `o.m()`).
    pub(super) obj: Option<Node<'t>>,
    pub(super) cx: &'c Ctx,
}

impl Site<'_, '_> {
    /// Evidence named after the callee, obfuscated when the name was
    /// computed.
    pub(super) fn tagged(&self, mut ev: Evidence) -> Evidence {
        if self.computed {
            ev.tags.insert(Tag::Obfuscated);
        }
        ev.instrument = self.name.clone();
        ev
    }
}

impl<'s, 'a> Py<'s, 'a> {
    /// The URL a request goes to: the folded value, or the URL a
    /// `Request` object held in the variable was built with.
    fn request_url(&self, u: Node) -> Option<String> {
        self.fold(u, 0).or_else(|| {
            (u.kind_name() == "identifier")
                .then(|| self.request_urls.get(self.t(u)).cloned())
                .flatten()
        })
    }

    pub(super) fn call(&mut self, c: Node, cx: &Ctx) {
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
        let mut k = Site {
            c,
            f,
            name,
            computed,
            args,
            arg0,
            inputs,
            method,
            obj,
            cx,
        };
        let before = self.sink.items.len();
        if Self::reads_stdin(&k.name) && !k.computed {
            self.stdin_read(c, cx, true);
        }
        // The domains in the order they are tried: the first that takes
        // the call classifies it.
        let _ = self.call_path_load(&mut k)
            || self.call_deserialize(&mut k)
            || self.call_local(&mut k)
            || self.call_peer(&mut k)
            || self.call_network(&mut k)
            || self.call_environment(&mut k)
            || self.call_process(&mut k)
            || self.call_dynamic(&mut k)
            || self.call_decoding(&mut k)
            || self.call_file_io(&mut k)
            || self.call_file_system(&mut k)
            || self.call_host(&mut k)
            || self.call_mining(&mut k);
        self.call_mutates(&mut k);
        self.written_text(c, &k.method, &k.name, k.obj, k.arg0, before, cx);
    }

    /// A call into the skill's own code (this file or an imported skill module).
    fn call_local(&mut self, k: &mut Site) -> bool {
        let method = &k.method;
        let c = k.c;
        let f = k.f;
        let args = &k.args;
        let obj = k.obj;
        let cx = k.cx;
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
            // Every binding of each argument: the first is the input, the
            // rest its `arg_binds` (round 27: `sync([p for p in
            // root.rglob("*") if p.suffix in DOC])` carries the walk, not
            // only the first name in sort order, `$DOC`).
            let binds: Vec<Vec<String>> = args.iter().map(|a| self.bindings(*a, cx)).collect();
            ev.inputs = binds
                .iter()
                .map(|b| b.first().cloned().unwrap_or_default())
                .collect();
            // The rest of an argument's bindings are kept when they are
            // the user's data read in this file (a file, a folder walk,
            // standard input: `user_reads`); secrets and responses keep
            // their own, proven-apart rules.
            let more: Vec<Vec<String>> = binds
                .iter()
                .map(|b| {
                    b.iter()
                        .skip(1)
                        .filter(|x| self.user_reads.contains(x.as_str()))
                        .cloned()
                        .collect()
                })
                .collect();
            if more.iter().any(|m| !m.is_empty()) {
                ev.arg_binds = more;
            }
            // A literal list passes its riskiest element (`_compact([dest,
            // Path.home() / "Documents"])`), as a loop over it would take.
            ev.arg_values = args
                .iter()
                .map(|a| {
                    self.fold(*a, 0)
                        .or_else(|| {
                            matches!(a.kind_name(), "list" | "tuple" | "set")
                                .then(|| {
                                    crate::extract::indicators::riskiest(&self.iter_values(*a))
                                })
                                .flatten()
                        })
                        .unwrap_or_default()
                })
                .collect();
            let ev = k.tagged(ev);
            self.emit_call(ev, c, cx, true);
            return true;
        }
        false
    }

    /// HTTP clients, DNS lookups, sockets, mail and socket redirection.
    fn call_network(&mut self, k: &mut Site) -> bool {
        let c = k.c;
        let n = k.name.as_str();
        let method = &k.method;
        let args = &k.args;
        let arg0 = k.arg0;
        let obj = k.obj;
        let cx = k.cx;
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
            || n.starts_with("requests.session")
            || n.starts_with("httpx.Client")
            || n.starts_with("httpx.AsyncClient")
            || n.starts_with("urllib3.PoolManager")
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
                .and_then(|u| self.request_url(u))
                .unwrap_or_else(|| url_node.map(|u| self.t(u).to_string()).unwrap_or_default());
            let method_send = matches!(method.as_str(), "post" | "put" | "patch")
                || n.ends_with(".request")
                    && arg0
                        .and_then(|a| self.fold(a, 0))
                        .is_some_and(|m| net_send::method_sends(&m));
            let body = net_send::client("python", n)
                .map_or(net_send::PY_BODY, |r| r.body)
                .iter()
                .find_map(|k| self.kwarg(c, k));
            let sends =
                method_send || body.is_some() || n == "urllib.request.Request" && args.len() > 1;
            let call = NetCall::http(sends, url).inputs(std::mem::take(&mut k.inputs));
            let ev = k.tagged(call.lower().1);
            self.emit_call(ev, c, cx, true);
            // A request or client object carries what it was built with
            // (a token in a session's headers rides every later call); a
            // request's result is the answer alone.
            const BUILDERS: &[&str] = &[
                "urllib.request.Request",
                "requests.Session",
                "requests.session",
                "httpx.Client",
                "httpx.AsyncClient",
                "urllib3.PoolManager",
                "aiohttp.ClientSession",
            ];
            let builds = BUILDERS.iter().any(|p| n.starts_with(p));
            if !builds {
                self.responses.insert(c.start_byte());
            }
            // Round 27: `urlretrieve(url, path)` writes the answer to
            // `path` (what `download_run::link` follows to a later load).
            if let (true, Some(dest)) = (n.ends_with("urlretrieve"), args.get(1).copied()) {
                let p = self
                    .path_of(dest)
                    .unwrap_or_else(|| self.t(dest).to_string());
                let fetched = self.call_bind.get(&c.start_byte()).cloned();
                let fs = FsOp::new(FsKind::Write, p)
                    .instrument(n)
                    .inputs(fetched.into_iter().collect());
                self.emit(fs.lower(), c.start_byte(), c.end_byte(), cx);
            }
            return true;
        }
        if matches!(method.as_str(), "urlopen") {
            let url = arg0.and_then(|u| self.request_url(u)).unwrap_or_default();
            let sends = args.len() > 1 || self.kwarg(c, "data").is_some();
            let call = NetCall::http(sends, url)
                .object("HTTP request")
                .inputs(std::mem::take(&mut k.inputs));
            let ev = k.tagged(call.lower().1);
            self.emit_call(ev, c, cx, true);
            self.responses.insert(c.start_byte());
            return true;
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
            // Data smuggled in the labels (`f"{c}.x.example"`), not a host
            // the user gave (`urlparse(url).hostname`).
            let computed_name = arg0.is_some_and(|a| {
                crate::extract::net_send::lookup_name_computed(
                    self.src.text,
                    self.t(a),
                    a.start_byte(),
                    &k.inputs,
                )
            });
            let mut call = NetCall::new(NetKind::Dns, host).inputs(std::mem::take(&mut k.inputs));
            call.computed = computed_name;
            call.tag_url = false;
            let ev = k.tagged(call.lower().1);
            // The answer is bound (round 44): a TXT record run is fetched code.
            self.emit_call(ev, c, cx, true);
            return true;
        }
        if matches!(n, "socket.create_connection")
            || method == "connect" && obj.is_some_and(|o| self.looks_like_socket(o))
        {
            let target = arg0
                .map(|a| self.fold(a, 0).unwrap_or_else(|| self.t(a).to_string()))
                .unwrap_or_default();
            let mut call = NetCall::new(NetKind::Connect, target.clone())
                .inputs(std::mem::take(&mut k.inputs));
            call.tag_from = Some(format!(
                "tcp://{}",
                target
                    .trim_matches(|c| c == '(' || c == ')')
                    .split(',')
                    .next()
                    .unwrap_or("")
                    .trim_matches(|c| c == '"' || c == '\'')
            ));
            let ev = k.tagged(call.lower().1);
            self.emit_call(ev, c, cx, false);
            return true;
        }
        if matches!(method.as_str(), "send" | "sendall" | "sendto")
            && obj.is_some_and(|o| self.looks_like_socket(o))
            || n.ends_with(".sendmail")
            || n.ends_with(".send_message")
        {
            let mut call = NetCall::new(
                NetKind::Send,
                obj.map(|o| self.t(o).to_string()).unwrap_or_default(),
            )
            .object("data sent over a socket or mail")
            .inputs(std::mem::take(&mut k.inputs));
            call.tag_url = false;
            let ev = k.tagged(call.lower().1);
            self.emit_call(ev, c, cx, false);
            return true;
        }
        if n == "os.dup2" {
            let mut call = NetCall::new(NetKind::ShellOverSocket, self.t(c))
                .object("process I/O redirected to a socket");
            call.tag_url = false;
            let ev = k.tagged(call.lower().1);
            self.emit_call(ev, c, cx, false);
            return true;
        }
        false
    }

    /// Environment variables read, or the whole environment.
    fn call_environment(&mut self, k: &mut Site) -> bool {
        let c = k.c;
        let n = k.name.as_str();
        let args = &k.args;
        let arg0 = k.arg0;
        let cx = k.cx;
        // ---- environment
        if matches!(n, "os.getenv" | "os.environ.get" | "os.environ.setdefault") {
            let var = arg0.and_then(|a| self.fold(a, 0)).unwrap_or_default();
            self.env_read(&var, c, cx);
            return true;
        }
        if matches!(n, "dict" | "json.dumps" | "str" | "repr" | "list" | "print")
            && args.iter().any(|a| self.is_environ(*a))
            || matches!(
                n,
                "os.environ.copy" | "os.environ.items" | "os.environ.keys" | "os.environ.values"
            )
        {
            let ev = k.tagged(
                Evidence::new(Op::EnvDump, A::Read, R::Credentials, "environment")
                    .object("whole environment read"),
            );
            self.emit_call(ev, c, cx, true);
            if n != "print" {
                return true;
            }
        }
        false
    }

    /// Processes started.
    fn call_process(&mut self, k: &mut Site) -> bool {
        let c = k.c;
        let n = k.name.as_str();
        let args = &k.args;
        let computed = k.computed;
        let cx = k.cx;
        // Round 26: a command run over an SSH session (paramiko and
        // ssh2-python `exec_command`, fabric `c.run`/`c.sudo`, asyncssh
        // `conn.run`): the remote command is shell text run on another host
        // (`remote_cmd`), whatever it does there.
        let session = k.method == "exec_command"
            || matches!(k.method.as_str(), "run" | "sudo")
                && !n.starts_with("subprocess.")
                && !n.starts_with("asyncio.")
                && ["fabric", "asyncssh", "paramiko"]
                    .iter()
                    .any(|lib| crate::text::has_word(self.src.text, lib));
        if session && let Some(a) = k.arg0 {
            let code = self.fold(a, 0).or_else(|| {
                crate::extract::interp::opaque_code(
                    crate::extract::interp::Code::Remote,
                    &self
                        .t(a)
                        .trim_start_matches(['f', 'r', 'F', 'R'])
                        .trim_matches(['"', '\''])
                        .replace('{', "${"),
                )
            });
            if let Some(code) = code {
                let src = self.src;
                let sub = src.derived(&code, a.start_byte(), a.end_byte(), Origin::Script);
                crate::extract::interp::analyse(
                    crate::extract::interp::Code::Remote,
                    &sub,
                    self.sink,
                );
            }
        }
        // ---- processes: the forms that run a program or a command line
        if matches!(
            exec_op::form_of("python", n),
            Some(ExecForm::Shell | ExecForm::Argv | ExecForm::ArgvOrShell)
        ) {
            self.process(c, n, args, std::mem::take(&mut k.inputs), computed, cx);
            return true;
        }
        false
    }

    /// Round 27: the loaders that run code, one table
    /// (`extract/deserialize.rs`), judged by their arguments; tried before
    /// the skill's own modules (an import the skill does not ship, such as
    /// `torch` or `joblib`, is otherwise read as one).
    fn call_deserialize(&mut self, k: &mut Site) -> bool {
        let (c, cx) = (k.c, k.cx);
        let n = k.name.as_str();
        let args = c.child_by_field_name("arguments").map_or("", |a| self.t(a));
        if !crate::extract::deserialize::python_runs(n, args) {
            return false;
        }
        let mut ev = Evidence::new(Op::DynamicCode, A::CallTool, R::Process, n.to_string())
            .object("unsafe deserialization (runs code)");
        ev.inputs = std::mem::take(&mut k.inputs);
        // A path given by value (`joblib.load('/tmp/m.joblib')`): the file
        // is an input, as a downloaded file started by path is.
        if let Some(p) = k.arg0.and_then(|a| self.path_of(a)) {
            ev.inputs.push(crate::extract::file_bind(&p));
        }
        let ev = k.tagged(ev);
        self.emit_call(ev, c, cx, true);
        true
    }

    /// Dynamic code: `eval`/`exec`, computed imports.
    fn call_dynamic(&mut self, k: &mut Site) -> bool {
        let c = k.c;
        let n = k.name.as_str();
        let method = &k.method;
        let arg0 = k.arg0;
        let computed = k.computed;
        let cx = k.cx;
        // ---- dynamic code
        let form = exec_op::form_of("python", n);
        if matches!(form, Some(ExecForm::Code | ExecForm::Script))
            || matches!(method.as_str(), "eval" | "exec") && computed
        {
            let code = arg0
                .map(|a| self.fold(a, 0).unwrap_or_else(|| self.t(a).to_string()))
                .unwrap_or_default();
            let ev = ExecOp::new(ExecForm::Code, crate::text::snippet(&code, 120))
                .object(format!("{n} of computed code"))
                .inputs(std::mem::take(&mut k.inputs))
                .computed(computed)
                .lower();
            let literal = arg0.is_some_and(|a| a.kind_name() == "string");
            let ev = k.tagged(ev);
            if !literal || computed {
                self.emit_call(ev, c, cx, false);
            }
            // exec("...") of a literal, and exec(code) of a string known by
            // folding (`code = "..."`, `"a" + b`): the code itself is
            // analysed, as JavaScript's eval, the shell's eval and
            // PowerShell's Invoke-Expression do.
            let known = literal || form == Some(ExecForm::Code);
            if let (Some(a), true) = (arg0, known) {
                if let Some(code) = self.fold(a, 0) {
                    let src = self.src;
                    let sub = src.derived(&code, a.start_byte(), a.end_byte(), Origin::Script);
                    crate::extract::extract_code(Lang::Python, &sub, self.sink);
                }
            }
            return true;
        }
        if (matches!(n, "__import__" | "importlib.import_module") || computed && n.is_empty())
            && arg0.is_some_and(|a| a.kind_name() != "string")
        {
            let ev = k.tagged(
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
            return true;
        }
        false
    }

    /// Round 31: a file path handed to the import machinery
    /// (`sys.path.insert(0, bundle)` of a zip, `zipimport.zipimporter(p)`,
    /// `spec_from_file_location(n, p)`, `ctypes.CDLL(p)`: the
    /// `code_load::PATH_LOADERS` table) runs that file's code. When the
    /// skill wrote that file, the load is a script run whose input is the
    /// file (so a download into it is a download-and-run, `download_run::
    /// link`); a path the skill never wrote (its own folder) is no step.
    fn call_path_load(&mut self, k: &mut Site) -> bool {
        let Some(idx) = crate::extract::code_load::path_arg("python", &k.name) else {
            return false;
        };
        let Some(p) = k.args.get(idx).and_then(|a| self.path_of(*a)) else {
            return true;
        };
        self.path_loads += 1;
        if self.path_loads > crate::limits::PY_MAX_PATH_LOADS {
            crate::limits::gave_up("PY_MAX_PATH_LOADS");
            return true;
        }
        let bind = crate::extract::file_bind(&p);
        let written = self
            .sink
            .items
            .iter()
            .any(|e| e.op == Op::FileWrite && crate::extract::file_bind(&e.target) == bind);
        if !written {
            return true;
        }
        let mut inputs = std::mem::take(&mut k.inputs);
        inputs.push(bind);
        let ev = ExecOp::new(ExecForm::Script, crate::text::snippet(&p, 120))
            .object(format!("{} of a file the skill wrote", k.name))
            .inputs(inputs)
            .lower();
        let ev = k.tagged(ev);
        let (c, cx) = (k.c, k.cx);
        self.emit_call(ev, c, cx, false);
        true
    }

    /// Decoders.
    fn call_decoding(&mut self, k: &mut Site) -> bool {
        let c = k.c;
        let n = k.name.as_str();
        let method = &k.method;
        let args = &k.args;
        let arg0 = k.arg0;
        let cx = k.cx;
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
            self.decode(c, n, arg0, args, std::mem::take(&mut k.inputs), cx);
            return true;
        }
        false
    }

    /// Files opened, encrypted writes, and `pathlib` methods.
    fn call_file_io(&mut self, k: &mut Site) -> bool {
        let c = k.c;
        let name = &k.name;
        let n = k.name.as_str();
        let method = &k.method;
        let args = &k.args;
        let arg0 = k.arg0;
        let obj = k.obj;
        let cx = k.cx;
        // ---- files
        if fs_op::kind_of("python", n) == Some(FsKind::Read) || n == "pathlib.Path().open" {
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
                std::mem::take(&mut k.inputs),
                cx,
                name,
            );
            return true;
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
        // `os.unlink(p)`, `glob.glob(p)`, `os.chmod(p, m)` are module
        // functions (call_file_system), not methods of a path object.
        let module_fn = fs_op::api_of("python", n).is_some();
        let path_api = fs_op::api_of("python-path", method);
        if (path_api.is_some() || matches!(method.as_str(), "chmod" | "touch" | "mkdir" | "open"))
            && obj.is_some()
            && !module_fn
        {
            let p = obj.and_then(|o| self.path_of(o));
            // `p.open("a")` on any path object: a write or a read by its mode.
            let path_api = path_api.or_else(|| {
                (method == "open").then(|| {
                    let mode = arg0
                        .or_else(|| self.kwarg(c, "mode"))
                        .and_then(|m| self.fold(m, 0))
                        .unwrap_or_else(|| "r".into());
                    fs_op::api_of(
                        "python-path",
                        if mode.contains(['w', 'a', 'x', '+']) {
                            "write_text"
                        } else {
                            "read_text"
                        },
                    )
                })?
            });
            if let (Some(p), Some(api)) = (p, path_api) {
                match api.kind {
                    FsKind::Read => {
                        self.file_op(Op::FileRead, &p, c, std::mem::take(&mut k.inputs), cx, name)
                    }
                    FsKind::Write => self.file_op(
                        Op::FileWrite,
                        &p,
                        c,
                        std::mem::take(&mut k.inputs),
                        cx,
                        name,
                    ),
                    FsKind::Delete => self.file_op(
                        Op::FileDelete,
                        &p,
                        c,
                        std::mem::take(&mut k.inputs),
                        cx,
                        name,
                    ),
                    FsKind::List => self.scan(&p, c, cx, name),
                    FsKind::Chmod => self.chmod(k, p, arg0),
                    _ => {}
                }
            }
            return true;
        }
        false
    }

    /// Files deleted, moved, copied, listed; credential databases; permissions and identity.
    fn call_file_system(&mut self, k: &mut Site) -> bool {
        let c = k.c;
        let name = &k.name;
        let n = k.name.as_str();
        let args = &k.args;
        let arg0 = k.arg0;
        let cx = k.cx;
        let api = fs_op::api_of("python", n);
        match api.map(|a| a.kind) {
            Some(FsKind::Delete) => {
                let p = arg0.and_then(|a| self.path_of(a)).unwrap_or_default();
                let recursive = api.is_some_and(|a| a.recursive);
                let ev = k.tagged(FsOp::new(FsKind::Delete, p).recursive(recursive).lower());
                self.emit_call(ev, c, cx, false);
                return true;
            }
            // A copy or move: `FsOp::lower_copy` decides (a secret is read
            // and written; a control target is written).
            Some(FsKind::Copy) => {
                let from = arg0.and_then(|a| self.path_of(a));
                let to = args.get(1).and_then(|a| self.path_of(*a));
                let op = FsOp::copy(
                    from.clone().unwrap_or_default(),
                    to.clone().unwrap_or_default(),
                )
                .instrument(name.clone())
                .inputs(std::mem::take(&mut k.inputs))
                // The call's binding, which `emit_call` gives the read.
                .output(Some(self.src.pos_bind("call", c.start_byte())));
                for ev in op.lower_copy() {
                    let read = ev.op == Op::FileRead;
                    if read && from.is_none() || !read && to.is_none() {
                        continue;
                    }
                    let ev = if read {
                        Evidence {
                            inputs: Vec::new(),
                            ..ev
                        }
                    } else {
                        ev
                    };
                    self.emit_call(ev, c, cx, read);
                }
                return true;
            }
            Some(FsKind::List) => {
                let p = arg0.and_then(|a| self.path_of(a)).unwrap_or_default();
                self.scan(&p, c, cx, name);
                return true;
            }
            Some(FsKind::Chmod) => {
                let p = arg0.and_then(|a| self.path_of(a)).unwrap_or_default();
                self.chmod(k, p, args.get(1).copied());
                return true;
            }
            _ => {}
        }
        if n == "shutil.make_archive" {
            // An archive of a folder holding a credential store reads it.
            if let Some(p) = args.get(2).and_then(|a| self.path_of(*a)) {
                let (scope, tags) = crate::extract::archive::classify_member(&p);
                if fs_op::sensitive(scope, &tags) {
                    self.file_op(Op::FileRead, &p, c, k.inputs.clone(), cx, name);
                }
            }
            if let Some(d) = args.get(1).and_then(|a| self.path_of(*a)) {
                let (_, tags) = classify_path(&d);
                if crate::extract::indicators::is_control_target(&tags) {
                    self.file_op(
                        Op::FileWrite,
                        &d,
                        c,
                        std::mem::take(&mut k.inputs),
                        cx,
                        name,
                    );
                }
            }
            return true;
        }
        if n == "sqlite3.connect" {
            let p = arg0.and_then(|a| self.path_of(a)).unwrap_or_default();
            let (scope, tags) = classify_path(&p);
            if scope == R::Credentials {
                let ev = k.tagged(
                    Evidence::new(Op::FileRead, A::Read, scope, p)
                        .tags(tags)
                        .object("credential database opened"),
                );
                self.emit_call(ev, c, cx, true);
            }
            return true;
        }
        // A secret store or credential chain read through its client
        // library (the operation catalogue, shared by every language).
        if let Some(ev) = crate::extract::catalog::source(
            &k.method,
            c.child_by_field_name("arguments").map_or("", |a| self.t(a)),
            self.src,
        ) {
            let ev = k.tagged(ev);
            self.emit_call(ev, c, cx, true);
            return true;
        }
        if let Some(row) = system_op::spelling("python", n, &[], "") {
            let ev = k.tagged(system_op::op_of(row, self.t(c)).lower());
            self.emit_call(ev, c, cx, false);
            return true;
        }
        false
    }

    /// Secrets, clipboard, system information, long sleeps, unbounded spawns and printing.
    fn call_host(&mut self, k: &mut Site) -> bool {
        let c = k.c;
        let n = k.name.as_str();
        let method = &k.method;
        let arg0 = k.arg0;
        let cx = k.cx;
        // ---- secrets, system information, clipboard
        if matches!(
            n,
            "keyring.get_password" | "keyring.get_credential" | "win32crypt.CryptUnprotectData"
        ) {
            let mut ev = k.tagged(
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
            return true;
        }
        if matches!(n, "pyperclip.paste" | "tkinter.Tk().clipboard_get")
            || method == "clipboard_get"
        {
            let ev = k.tagged(
                Evidence::new(Op::ClipboardRead, A::Read, R::UserData, "clipboard")
                    .object("clipboard read"),
            );
            self.emit_call(ev, c, cx, true);
            return true;
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
            let ev = k.tagged(
                Evidence::new(Op::SysInfo, A::Read, R::Other, n.to_string())
                    .object("system information"),
            );
            self.emit_call(ev, c, cx, true);
            return true;
        }
        if n == "time.sleep" {
            let secs: f64 = arg0
                .map(|a| self.t(a))
                .and_then(|t| t.replace('_', "").parse().ok())
                .unwrap_or(0.0);
            if secs >= 60.0 {
                let ev = k.tagged(
                    Evidence::new(Op::Sleep, A::UpdateState, R::Process, format!("{secs}s"))
                        .object("long sleep before acting")
                        .tag(Tag::DateGate),
                );
                self.emit_call(ev, c, cx, false);
            }
            return true;
        }
        if matches!(
            n,
            "threading.Thread" | "multiprocessing.Process" | "os.fork"
        ) && cx.unbounded
        {
            let ev = k.tagged(
                Evidence::new(Op::ForkBomb, A::CallTool, R::Process, n.to_string())
                    .object("processes or threads spawned without bound")
                    .tag(Tag::Unbounded),
            );
            self.emit_call(ev, c, cx, false);
            return true;
        }
        if (n == "print"
            || n.starts_with("logging.")
            || n == "sys.stdout.write"
            || n == "sys.stderr.write")
            && !k.inputs.is_empty()
        {
            let mut ev = Evidence::new(Op::Output, A::Notify, R::Memory, "stdout")
                .object("value printed to the agent's context");
            ev.inputs = std::mem::take(&mut k.inputs);
            let ev = k.tagged(ev);
            self.emit_call(ev, c, cx, false);
            return true;
        }
        false
    }

    /// Mining pools and miners named in any call.
    fn call_mining(&mut self, k: &mut Site) -> bool {
        let c = k.c;
        let cx = k.cx;
        // Mining pools and miners named in any call.
        let (s, e) = (c.start_byte(), c.end_byte());
        let first = self.miner_marks.partition_point(|m| m.0 < s);
        let named = self.miner_marks[first..]
            .iter()
            .take_while(|m| m.0 < e)
            .any(|m| m.1 <= e);
        if named {
            let call_text = self.t(c);
            let ev = k.tagged(
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
        false
    }

    pub(super) fn looks_like_socket(&self, o: Node) -> bool {
        let t = self.t(o).to_lowercase();
        t.contains("sock") || t == "s" || t.contains("conn") || t.contains("socket")
    }

    pub(super) fn is_environ(&self, n: Node) -> bool {
        let t = self.t(n);
        (t == "os.environ"
            || t == "environ"
            || t.ends_with(".environ")
            || t.starts_with("**os.environ"))
            && n.kind_name() != "subscript"
            || n.kind_name() == "dictionary_splat" && t.contains("environ")
    }

    pub(super) fn env_read(&mut self, var: &str, c: Node, cx: &Ctx) {
        if var.is_empty() || var == "HOME" || var == "PATH" {
            return;
        }
        let ev = crate::extract::concepts::env_read(var, "os.environ");
        self.emit_call(ev, c, cx, true);
    }

    pub(super) fn file_op(
        &mut self,
        op: Op,
        p: &str,
        c: Node,
        inputs: Vec<String>,
        cx: &Ctx,
        instrument: &str,
    ) {
        let kind = match op {
            Op::FileRead => FsKind::Read,
            Op::FileWrite => FsKind::Write,
            _ => FsKind::Delete,
        };
        let mut fs = FsOp::new(kind, p).instrument(instrument);
        // A read's path is not its data; its bindings are kept apart
        // (round 33: a path a skill function returned, `returned.rs`).
        let path_binds = if op == Op::FileRead && p.is_empty() {
            self.closure(inputs.clone())
        } else {
            Vec::new()
        };
        if op != Op::FileRead {
            fs.inputs = inputs;
        }
        let mut ev = fs.lower();
        if !path_binds.is_empty() {
            ev.arg_binds = vec![path_binds];
        }
        self.emit_call(ev, c, cx, op == Op::FileRead);
    }

    /// `os.chmod(p, mode)`, `Path(p).chmod(mode)`: the mode as written
    /// (a decimal or hex literal as octal) means what `fs_op::mode_tags`
    /// says.
    fn chmod(&mut self, k: &Site, p: String, mode: Option<Node>) {
        let text = mode.map(|m| self.t(m)).unwrap_or("");
        let mut fs = FsOp::new(FsKind::Chmod, p);
        fs.tags = fs_op::mode_tags(&py_octal(text));
        fs.mode = Some(text.to_string());
        let ev = k.tagged(fs.lower());
        self.emit_call(ev, k.c, k.cx, false);
    }

    pub(super) fn scan(&mut self, p: &str, c: Node, cx: &Ctx, instrument: &str) {
        let fs = FsOp::new(FsKind::List, p).instrument(instrument);
        self.emit_call(fs.lower(), c, cx, true);
    }

    /// `inputs` without the bindings of the `env=` given to a program that is neither a
    /// shell nor an interpreter (`op read …` with `env={…,
    /// "OP_SERVICE_ACCOUNT_TOKEN": tok}`): the environment signs it in; it
    /// is not what the program prints. A shell or an interpreter could
    /// echo it, so only other programs (named, also by a path: the `op` at
    /// `~/.local/bin/op`) drop it, here and in every later binding of the
    /// call's result ([`Py::child_env`]).
    fn without_child_env(
        &mut self,
        c: Node,
        word_sets: &[Vec<Word>],
        cx: &Ctx,
        inputs: &[String],
    ) -> Vec<String> {
        let signs_in = !word_sets.is_empty() && word_sets.iter().all(|w| not_a_shell(w));
        let Some(v) = self.kwarg(c, "env").filter(|_| signs_in) else {
            return inputs.to_vec();
        };
        let env = self.bindings(v, cx);
        self.child_env.insert(v.start_byte());
        inputs
            .iter()
            .filter(|i| !env.contains(i))
            .cloned()
            .collect()
    }

    /// `python -c CODE` / `bash -c CODE` / `perl -e CODE` in argv form,
    /// analysed in its language. Round 31: behind `sudo`/`env`/`nohup` too
    /// (`["sudo", "sh", "-c", f"… chmod 4755 …"]`), as the shell front-end
    /// reads it.
    fn argv_code(&mut self, words: &[Word], c: Node) {
        let all: Vec<String> = words.iter().map(|w| w.value.clone()).collect();
        let at = shell::unwrap_wrappers(&all).1.min(words.len());
        let (words, values): (&[_], Vec<&str>) =
            (&words[at..], all[at..].iter().map(String::as_str).collect());
        let code = crate::extract::interp::code_arg(&values).and_then(|(l, i)| {
            let code = match words[i].dynamic {
                false => crate::extract::interp::code_text(&values, i),
                true => crate::extract::interp::opaque_code(l, &words[i].value)?,
            };
            Some((l, code))
        });
        if let Some((l, code)) = code {
            let src = self.src;
            let sub = src.derived(&code, c.start_byte(), c.end_byte(), Origin::Script);
            crate::extract::interp::analyse(l, &sub, self.sink);
        }
    }

    pub(super) fn process<'t>(
        &mut self,
        c: Node<'t>,
        n: &str,
        args: &[Node<'t>],
        inputs: Vec<String>,
        computed: bool,
        cx: &Ctx,
    ) {
        let shell_kw = self.kwarg(c, "shell").is_some_and(|v| self.t(v) == "True");
        let form = exec_op::form_of("python", n).unwrap_or(ExecForm::ArgvOrShell);
        let detached = self
            .kwarg(c, "start_new_session")
            .is_some_and(|v| self.t(v) == "True")
            || self.kwarg(c, "creationflags").is_some()
            || self
                .kwarg(c, "preexec_fn")
                .is_some_and(|v| self.t(v).contains("setsid"))
            || args
                .first()
                .is_some_and(|m| self.t(*m).ends_with("P_DETACH"));
        // A hidden console window is hidden output, as JavaScript's
        // `windowsHide` and PowerShell's `-WindowStyle Hidden`.
        let no_window = self
            .kwarg(c, "creationflags")
            .is_some_and(|v| self.t(v).contains("CREATE_NO_WINDOW"));
        let silenced = no_window
            || ["stdout", "stderr"].iter().any(|k| {
                self.kwarg(c, k)
                    .is_some_and(|v| self.t(v).contains("DEVNULL") || self.t(v).contains("devnull"))
            });
        let Some(cmd) = args.first().copied() else {
            return;
        };
        let before = self.sink.items.len();
        let string_cmd = shell_kw
            || form == ExecForm::Shell
            || cmd.kind_name() == "string" && form != ExecForm::Argv;
        let mut fixed = false;
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
            } else if cmd.kind_name() == "conditional_expression" {
                self.branch_argvs(cmd)
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
                if cands.len() > MAX_CANDS {
                    crate::limits::gave_up("PY_MAX_CANDS");
                }
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
            // `['git', 'commit', '-m', msg]`: a fixed, installed program
            // named in the list; what reaches it is data, not its code.
            fixed = !word_sets.is_empty() && word_sets.iter().all(|w| fixed_program(w));
            let inputs = self.without_child_env(c, &word_sets, cx, &inputs);
            for words in word_sets {
                let mut evs = Vec::new();
                shell::analyze_argv(&words, &ArgvCx::default(), &mut evs);
                self.argv_code(&words, c);
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
                        crate::extract::extract_code(Lang::Shell, &sub, self.sink);
                    } else {
                        let sub =
                            src.derived(&code, cmd.start_byte(), cmd.end_byte(), Origin::Script);
                        crate::extract::extract_code(Lang::Shell, &sub, self.sink);
                    }
                }
                None => {
                    let ev = ExecOp::new(form, self.t(cmd))
                        .object("shell command built at run time")
                        .instrument(n)
                        .inputs(inputs.clone())
                        .shell(shell_kw || form == ExecForm::Shell)
                        .lower();
                    self.emit_call(ev, c, cx, false);
                }
            }
        }
        // Tag and connect what the command did.
        let out = self.src.pos_bind("call", c.start_byte());
        self.call_bind.insert(c.start_byte(), out.clone());
        let empty = self.sink.items.len() == before;
        if empty {
            let mut ev = ExecOp::new(form, self.t(cmd))
                .object("subprocess")
                .instrument(n)
                .inputs(inputs.clone())
                .lower();
            if fixed {
                ev.tags.insert(Tag::FixedProgram);
            }
            self.emit_call(ev, c, cx, false);
        }
        let manner = Manner { detached, silenced };
        manner.mark(&mut self.sink.items[before..]);
        for ev in &mut self.sink.items[before..] {
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

    pub(super) fn decode(
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
                crate::extract::deobf::hex(&lit)
            }
            "base64.b32decode" => crate::extract::deobf::b32(&lit),
            "base64.b85decode" => crate::extract::deobf::b85(&lit, false),
            "base64.a85decode" => crate::extract::deobf::b85(&lit, true),
            "zlib.decompress" | "gzip.decompress" => None,
            "codecs.decode" if codec.starts_with("rot") => {
                Some(crate::extract::deobf::rot13(&lit).into_bytes())
            }
            "codecs.decode" if codec == "hex" => crate::extract::deobf::hex(&lit),
            _ if n.ends_with("fromhex") => crate::extract::deobf::hex(&lit),
            _ => crate::extract::deobf::b64(&lit),
        };
        let Some(mut bytes) = bytes else { return };
        let mut cut = None;
        if let Some((z, c)) = crate::extract::deobf::inflate_cut(&bytes) {
            bytes = z;
            cut = c.then_some("MAX_DECODED_BYTES");
        }
        let payload = crate::extract::deobf::printable(&bytes).or_else(|| {
            let d =
                crate::extract::deobf::decode_layers_cut(std::str::from_utf8(&bytes).unwrap_or(""));
            cut = cut.or(d.cut);
            d.text
        });
        if let Some(limit) = cut {
            let reason = crate::extract::deobf::cut_reason(self.src.path, limit);
            self.sink.incomplete_once(reason);
        }
        let Some(payload) = payload else {
            return;
        };
        let lang = Lang::sniff(&payload).unwrap_or(Lang::Python);
        let src = self.src;
        let sub = src.derived(&payload, a.start_byte(), a.end_byte(), Origin::Decoded);
        crate::extract::extract_code(lang, &sub, self.sink);
    }
}

/// A Python integer literal as `0o…` octal text (`493`, `0x1ed`,
/// `0o755` → `0o755`); anything else unchanged.
fn py_octal(t: &str) -> String {
    let n = t.trim().replace('_', "");
    let v = if let Some(h) = n.strip_prefix("0x").or_else(|| n.strip_prefix("0X")) {
        u32::from_str_radix(h, 16).ok()
    } else if !n.starts_with('0') && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
        n.parse::<u32>().ok()
    } else {
        None
    };
    match v {
        Some(v) => format!("0o{v:o}"),
        None => t.trim().to_string(),
    }
}

/// An argv whose program (past `sudo`, `nohup`, …) is a literal name of an
/// installed program that is no interpreter and no code builtin: what else
/// the list holds is its data (`['git', 'commit', '-m', msg]`), as the
/// shell tags a fixed program (`shell/code.rs` `other`).
/// A named program that is neither a shell nor an interpreter (its path
/// may be given: `~/.local/bin/op`): it cannot echo its environment as
/// code would.
fn not_a_shell(words: &[Word]) -> bool {
    let values: Vec<String> = words.iter().map(|w| w.value.clone()).collect();
    let (name, at) = shell::unwrap_wrappers(&values);
    let name = shell::basename(&name);
    words.get(at).is_some_and(|w| !w.dynamic)
        && !name.is_empty()
        && !shell::INTERPRETERS.contains(&name.as_str())
        && !exec_op::SHELL_CODE_BUILTINS.contains(&name.as_str())
}

/// [`not_a_shell`], named without a path: an installed program.
impl Py<'_, '_> {
    /// The argv lists of a conditional argument whose branches are both
    /// literal lists (`["pbcopy"] if mac else ["xclip", "-sel", "c"]`),
    /// one per branch, each analysed as the call would run it; empty
    /// otherwise. Review (blind r44 vault-kv-reader): read as one unknown
    /// program, a clipboard copy of fetched data was "fetched content
    /// executed".
    fn branch_argvs(&self, cmd: Node) -> Vec<Vec<Val>> {
        let kids = named_children(cmd);
        let (Some(a), Some(b)) = (kids.first(), kids.get(2)) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for branch in [*a, *b] {
            if !matches!(branch.kind_name(), "list" | "tuple") {
                return Vec::new();
            }
            let words: Vec<Val> = named_children(branch)
                .into_iter()
                .map(|e| match self.fold(e, 0) {
                    Some(v) => Val::Str(v),
                    None => Val::Dyn(self.t(e).to_string()),
                })
                .collect();
            if !matches!(words.first(), Some(Val::Str(_))) {
                return Vec::new();
            }
            out.push(words);
        }
        out
    }
}

fn fixed_program(words: &[Word]) -> bool {
    let values: Vec<String> = words.iter().map(|w| w.value.clone()).collect();
    let (name, at) = shell::unwrap_wrappers(&values);
    !name.contains('/')
        && words.get(at).is_some_and(|w| !w.value.contains('/'))
        && not_a_shell(words)
}
