//! The table of known APIs: which call names (or which shapes of name) mean
//! what, as rows read in order (the first row that matches wins), and the
//! small interpreter that turns a row's meaning into a value and evidence.

use super::walk::is_web_store;
use super::*;
use crate::extract::exec_op::{ExecForm, form_of};
use crate::extract::fs_op::{FsKind, kind_of};
use crate::extract::net_send::{NetCall, NetKind};
use crate::extract::system_op;

/// How a row recognises a qualified call name `q` (split into `root.last`).
enum On {
    /// `q` is one of these names.
    Names(&'static [&'static str]),
    /// A test of `(q, root, last)`.
    If(fn(&str, &str, &str) -> bool),
}

impl On {
    fn matches(&self, q: &str, root: &str, last: &str) -> bool {
        match self {
            On::Names(names) => names.contains(&q),
            On::If(test) => test(q, root, last),
        }
    }
}

/// What a recognised call means.
#[derive(Clone, Copy)]
enum Does {
    Require,
    CmdString,
    Argv,
    Fork,
    FileRead,
    FileWrite,
    FileDelete,
    Chmod,
    Copy,
    Http,
    StoreGetItem,
    StoreKey,
    Beacon,
    Mail,
    Axios,
    HttpClient,
    SocketConnect,
    Udp,
    Dns,
    SysInfo,
    /// A row of the persistence and privilege table (`process.setuid`).
    System,
    /// A fixed string (`os.tmpdir()`).
    Str(&'static str),
    /// A value that reveals the host (a sandbox probe).
    EnvGate,
    /// Nothing worth keeping.
    Nothing,
    PathJoin,
    PathPart,
    DynCode,
    Timer,
    Buffer,
    Atob,
    Decompress,
    FromCharCode,
    UriDecode,
    Serialize,
    Console,
    Hash,
    /// The first argument, unchanged.
    FirstArg,
    Exit,
    SocketIo,
}

/// HTTP client libraries whose module, or any member, sends a request.
const HTTP_CLIENTS: &[&str] = &["got", "request", "needle", "superagent", "ky"];

/// The known APIs, in the order they are tried.
static APIS: &[(On, Does)] = &[
    (
        On::Names(&["require", "module.require", "process.mainModule.require"]),
        Does::Require,
    ),
    // Processes and code: the rows of `exec_op::APIS`.
    (
        On::If(|q, _, _| form_of("javascript", q) == Some(ExecForm::Shell)),
        Does::CmdString,
    ),
    (
        On::If(|q, _, _| form_of("javascript", q) == Some(ExecForm::Argv)),
        Does::Argv,
    ),
    (
        On::If(|q, _, _| form_of("javascript", q) == Some(ExecForm::Script)),
        Does::Fork,
    ),
    (
        On::If(|q, root, last| {
            root == "fs"
                && matches!(
                    kind_of("javascript", last),
                    Some(FsKind::Read | FsKind::List)
                )
                || kind_of("javascript-module", q) == Some(FsKind::List)
        }),
        Does::FileRead,
    ),
    (
        On::If(|_, root, last| root == "fs" && kind_of("javascript", last) == Some(FsKind::Write)),
        Does::FileWrite,
    ),
    (
        On::If(|q, root, last| {
            root == "fs" && kind_of("javascript", last) == Some(FsKind::Delete)
                || kind_of("javascript-module", q) == Some(FsKind::Delete)
        }),
        Does::FileDelete,
    ),
    (
        On::If(|_, root, last| {
            root == "fs"
                && matches!(
                    kind_of("javascript", last),
                    Some(FsKind::Chmod | FsKind::Chown)
                )
        }),
        Does::Chmod,
    ),
    (
        On::If(|_, root, last| root == "fs" && kind_of("javascript", last) == Some(FsKind::Copy)),
        Does::Copy,
    ),
    (On::Names(&["fetch"]), Does::Http),
    (
        On::If(|_, root, last| is_web_store(root) && last == "getItem"),
        Does::StoreGetItem,
    ),
    (
        On::If(|_, root, last| is_web_store(root) && last == "key"),
        Does::StoreKey,
    ),
    (On::Names(&["navigator.sendBeacon"]), Does::Beacon),
    // nodemailer: `createTransport(…)` gives a transport whose
    // `sendMail({...})` sends.
    (On::If(|_, root, _| root == "nodemailer"), Does::Mail),
    (
        On::If(|q, root, _| q == "axios" || root == "axios"),
        Does::Axios,
    ),
    (
        On::If(|q, root, _| HTTP_CLIENTS.contains(&q) || HTTP_CLIENTS.contains(&root)),
        Does::HttpClient,
    ),
    (
        On::Names(&["http.request", "https.request", "http.get", "https.get"]),
        Does::Http,
    ),
    (
        On::Names(&["net.connect", "net.createConnection", "tls.connect"]),
        Does::SocketConnect,
    ),
    (On::Names(&["dgram.createSocket"]), Does::Udp),
    (On::If(|_, root, _| root == "dns"), Does::Dns),
    (
        On::Names(&[
            "os.homedir",
            "os.userInfo",
            "os.hostname",
            "os.networkInterfaces",
        ]),
        Does::SysInfo,
    ),
    (
        On::If(|q, _, _| system_op::spelling("javascript", q, &[], "").is_some()),
        Does::System,
    ),
    (On::Names(&["os.tmpdir"]), Does::Str("/tmp")),
    (On::Names(&["process.cwd"]), Does::Str(".")),
    (
        On::Names(&[
            "os.cpus",
            "os.totalmem",
            "os.freemem",
            "os.uptime",
            "os.loadavg",
        ]),
        Does::EnvGate,
    ),
    // The time itself is no gate: only a comparison with a fixed date is
    // (`gate_text`), and a value built from it (a file name, a timestamp)
    // carries nothing.
    (On::Names(&["Date.now"]), Does::Nothing),
    (
        On::Names(&[
            "path.join",
            "path.resolve",
            "path.normalize",
            "path.posix.join",
            "path.posix.resolve",
            "path.win32.join",
            "upath.join",
        ]),
        Does::PathJoin,
    ),
    (
        On::Names(&["path.dirname", "path.basename", "path.extname"]),
        Does::PathPart,
    ),
    (
        On::If(|q, _, _| form_of("javascript", q) == Some(ExecForm::Code)),
        Does::DynCode,
    ),
    (
        On::Names(&[
            "setTimeout",
            "setImmediate",
            "process.nextTick",
            "queueMicrotask",
            "setInterval",
        ]),
        Does::Timer,
    ),
    (On::Names(&["Buffer.from", "Buffer.alloc"]), Does::Buffer),
    (On::Names(&["atob"]), Does::Atob),
    (
        On::Names(&[
            "zlib.gunzipSync",
            "zlib.inflateSync",
            "zlib.inflateRawSync",
            "zlib.unzipSync",
            "zlib.brotliDecompressSync",
            "zlib.gunzip",
            "zlib.inflate",
        ]),
        Does::Decompress,
    ),
    (
        On::Names(&["String.fromCharCode", "String.fromCodePoint"]),
        Does::FromCharCode,
    ),
    (
        On::Names(&[
            "decodeURIComponent",
            "decodeURI",
            "unescape",
            "querystring.unescape",
        ]),
        Does::UriDecode,
    ),
    (
        On::Names(&[
            "JSON.stringify",
            "Object.entries",
            "Object.keys",
            "Object.values",
            "util.inspect",
            "Object.assign",
            "structuredClone",
        ]),
        Does::Serialize,
    ),
    (
        On::If(|q, root, _| {
            root == "console" || matches!(q, "process.stdout.write" | "process.stderr.write")
        }),
        Does::Console,
    ),
    (
        On::Names(&[
            "crypto.createHash",
            "crypto.createHmac",
            "crypto.subtle.digest",
        ]),
        Does::Hash,
    ),
    (On::Names(&["util.promisify"]), Does::FirstArg),
    (On::Names(&["process.exit", "process.abort"]), Does::Exit),
    (
        On::Names(&[
            "io",
            "socket.io-client",
            "socket.io-client.io",
            "socket.io-client.connect",
        ]),
        Does::SocketIo,
    ),
];

/// `root.last` of a qualified name (`root` empty for a bare name).
fn split_q(q: &str) -> (&str, &str) {
    match q.rsplit_once('.') {
        Some((r, l)) => (r, l),
        None => ("", q),
    }
}

/// A copy of an argument without its function literal.
fn arg_copy<'t>(a: &Arg<'t>) -> Arg<'t> {
    Arg {
        n: a.n,
        v: a.v.clone(),
        func: None,
    }
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
        let (root, last) = split_q(q);
        let does = APIS.iter().find(|(on, _)| on.matches(q, root, last))?.1;
        Some(self.api_does(does, q, args, n, want, d))
    }

    /// What the call `q`, recognised as `does`, yields.
    fn api_does(
        &mut self,
        does: Does,
        q: &str,
        args: &mut [Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
        d: usize,
    ) -> V<'t> {
        let (root, last) = split_q(q);
        match does {
            Does::Require => self.require(args, n, want, "require"),
            Does::CmdString => self.cmd_string(q, args, n, want),
            Does::Argv => self.argv(q, args, n, want),
            Does::Fork => self.fork(q, args, n, want),
            Does::FileRead => self.file_read(q, args, n, want),
            Does::FileWrite => self.file_write(q, args, n, want),
            Does::FileDelete => self.file_delete(q, args, n),
            Does::Chmod => self.chmod(q, args, n),
            Does::Copy => self.copy(q, args, n),
            Does::Http => self.http(q, args, n, want),
            Does::StoreGetItem => {
                // A fixed key is the page's own setting; any key (a loop
                // over `key(i)`) is the whole store.
                let own = args.first().is_some_and(|a| a.v.lit().is_some());
                let target = match args.first().and_then(|a| a.v.lit()) {
                    Some(k) => format!("{root}.{k}"),
                    None => root.to_string(),
                };
                self.browser_read(&target, own, want, n)
            }
            Does::StoreKey => self.browser_read(root, false, want, n),
            Does::Beacon => self.beacon_send(q, args, n, want),
            Does::Mail if last == "sendMail" => self.mail_send(q, args, n, want),
            Does::Mail => V::api("nodemailer"),
            Does::Axios if last == "create" => V::api("axios"),
            Does::HttpClient if matches!(last, "extend" | "create" | "defaults") => V::api(root),
            Does::Axios | Does::HttpClient => self.http(q, args, n, want),
            Does::SocketConnect => self.socket_connect(q, args, n, want),
            Does::Udp => {
                let out = self.out_name(want, n);
                let i = self.sink.items.len();
                self.chan_v(ChanKind::Udp, "", out, i)
            }
            Does::Dns => self.dns(q, args, n, want),
            Does::SysInfo => self.sys_info(q, last, n, want),
            Does::System => {
                if let Some(row) = system_op::spelling("javascript", q, &[], "") {
                    let ev = system_op::op_of(row, self.t(n)).instrument(q).lower();
                    self.emit_at(ev, n);
                }
                V::default()
            }
            Does::Str(s) => V::s(s),
            Does::EnvGate => V {
                gate: Some(Tag::EnvGate),
                ..V::default()
            },
            Does::Nothing => V::default(),
            Does::PathJoin => self.path_join(args),
            Does::PathPart => path_part(last, args),
            Does::DynCode => {
                let code = if q == "Function" {
                    args.last()
                } else {
                    args.first()
                };
                self.dyn_code(q, code, n, want)
            }
            Does::Timer => self.timer(q, args, n, d),
            Does::Buffer => self.buffer_from(args, n, want),
            Does::Atob => match args.first() {
                Some(a) => self.decode("base64", &arg_copy(a), n, want),
                None => V::default(),
            },
            Does::Decompress => self.decompress(q, args, n, want),
            Does::FromCharCode => from_char_code(args),
            Does::UriDecode => uri_decode(args),
            Does::Serialize => self.serialize(q, args, n, want),
            Does::Console => self.console_out(q, args, n),
            Does::Hash => {
                self.hash_calls += 1;
                binds_of(args)
            }
            Does::FirstArg => args.first().map(|a| a.v.clone()).unwrap_or_default(),
            Does::Exit => {
                self.exit_all();
                V::default()
            }
            Does::SocketIo => self.socket_new("socket.io", args, n, want),
        }
    }

    /// `child_process.fork(script)`: a Node script run as a child.
    fn fork(&mut self, q: &str, args: &[Arg<'t>], n: Node<'t>, want: Option<&str>) -> V<'t> {
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

    /// `net.connect(port, host)`: a raw socket.
    fn socket_connect(&mut self, q: &str, args: &[Arg], n: Node, want: Option<&str>) -> V<'t> {
        let target = self.host_port(args);
        let out = self.out_name(want, n);
        let mut call = NetCall::new(NetKind::Connect, target.clone())
            .instrument(q)
            .output(Some(out.clone()));
        call.tag_from = Some(format!("tcp://{target}"));
        let i = self.emit_at(call.lower().1, n);
        self.chan_v(ChanKind::Socket, &target, out, i)
    }

    /// `os.homedir()` and other facts about the host and its user.
    fn sys_info(&mut self, q: &str, last: &str, n: Node, want: Option<&str>) -> V<'t> {
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

    /// `path.join(..)`: the parts joined and normalised.
    fn path_join(&self, args: &[Arg<'t>]) -> V<'t> {
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

    /// `Buffer.from(s, enc)`: decoded when the encoding is base64 or hex.
    fn buffer_from(&mut self, args: &[Arg<'t>], n: Node<'t>, want: Option<&str>) -> V<'t> {
        let enc = args
            .get(1)
            .and_then(|a| a.v.lit())
            .unwrap_or("")
            .to_ascii_lowercase();
        match (args.first(), enc.as_str()) {
            (Some(a), "base64" | "base64url" | "hex") => self.decode(&enc, &arg_copy(a), n, want),
            (Some(a), _) => {
                let mut v = a.v.clone();
                v.env_obj = false;
                v.r = Ref::None;
                v
            }
            _ => V::default(),
        }
    }

    /// `zlib.gunzipSync(..)`: decompressed data.
    fn decompress(&mut self, q: &str, args: &[Arg], n: Node, want: Option<&str>) -> V<'t> {
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

    /// `JSON.stringify(..)` and friends: the arguments' bindings; the whole
    /// environment when `process.env` itself is serialised.
    fn serialize(&mut self, q: &str, args: &[Arg], n: Node, want: Option<&str>) -> V<'t> {
        let mut out = V::default();
        let mut env = false;
        for a in args.iter() {
            out.add_binds(&a.v.binds);
            env |= a.v.env_obj;
        }
        // Round 25: `Object.assign(env, parse(readFileSync(".env")))`
        // fills its first argument: the variable holds what was merged
        // in (a secret file's values reach whatever it is handed to).
        if q == "Object.assign"
            && let Some(first) = args.first()
            && first.n.kind_name() == "identifier"
        {
            let name = self.t(first.n).to_string();
            let merged: Vec<String> = args[1..].iter().flat_map(|a| a.v.binds.clone()).collect();
            if let Some(v) = self.vars.get_mut(&name) {
                v.add_binds(&merged);
            }
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

    /// `console.log(..)`: a secret printed to the agent's output.
    fn console_out(&mut self, q: &str, args: &[Arg], n: Node) -> V<'t> {
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
}

/// A value carrying every argument's bindings.
fn binds_of<'t>(args: &[Arg<'t>]) -> V<'t> {
    let mut out = V::default();
    for a in args.iter() {
        out.add_binds(&a.v.binds);
    }
    out
}

/// `path.dirname` / `basename` / `extname` of a constant path.
fn path_part<'t>(last: &str, args: &[Arg<'t>]) -> V<'t> {
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

/// `String.fromCharCode(..)` of constant codes (also spread arrays).
fn from_char_code<'t>(args: &[Arg<'t>]) -> V<'t> {
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
    let mut out = binds_of(args);
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

/// `decodeURIComponent(..)` of a constant.
fn uri_decode<'t>(args: &[Arg<'t>]) -> V<'t> {
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
