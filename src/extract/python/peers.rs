//! Round 27: connection objects and the host they talk to. A connection
//! made to one host (`http.client.HTTPSConnection(H)`, `ftplib.FTP(H)`,
//! `socket.create_connection((H, p))`, `s.connect((H, p))`) gives that
//! host to every later send through it (`conn.request("POST", path,
//! body)`, `c.send(data)`, `s.sendall(data)`, `ftp.storbinary(cmd, f)`),
//! and a datagram names its own (`s.sendto(data, (H, p))`): the send is a
//! `NetSend` to that host, so the destination checks see it as they see an
//! HTTP client's URL.

use super::Py;
use super::call::Site;
use crate::extract::net_send::{self, NetCall, NetKind};
use crate::extract::treesitter::{KindName, named_children};
use tree_sitter::Node;

/// Constructors of a connection to one host, and the scheme its sends
/// take. (SMTP is left to the mail readers: its server relays, the
/// recipients are where the mail goes.)
const PEER_CTORS: &[(&str, &str)] = &[
    ("http.client.HTTPSConnection", "https"),
    ("http.client.HTTPConnection", "http"),
    ("ftplib.FTP", "ftp"),
    ("ftplib.FTP_TLS", "ftp"),
    ("socket.create_connection", "tcp"),
    ("telnetlib.Telnet", "tcp"),
];

/// Methods that send what they are given through a connection.
const PEER_SENDS: &[&str] = &[
    "send",
    "sendall",
    "sendto",
    "request",
    "storbinary",
    "storlines",
    "write",
];

impl Py<'_, '_> {
    /// `name = CTOR(host, …)` or `with CTOR(host) as name`: `name` talks
    /// to that host; anything else assigned to the name ends it.
    pub(super) fn note_peer(&mut self, name: &str, right: Node) {
        let peer = (right.kind_name() == "call")
            .then(|| right.child_by_field_name("function"))
            .flatten()
            .and_then(|f| {
                let (n, computed) = self.callee(f, 0);
                let row = PEER_CTORS.iter().find(|(c, _)| *c == n)?;
                (!computed).then_some(row.1)
            })
            .and_then(|scheme| {
                let a = self
                    .args(right)
                    .first()
                    .copied()
                    .or_else(|| self.kwarg(right, "host"))
                    .or_else(|| self.kwarg(right, "address"))?;
                Some(format!("{scheme}://{}", self.peer_host(a)?))
            });
        match peer {
            Some(p) => self.peers.insert(name.to_string(), p),
            None => self.peers.remove(name),
        };
    }

    /// The host an address argument names: a string (`"h"`, `"h:p"`,
    /// `"tcp://h:p"`) or a `(host, port)` tuple whose host folds.
    fn peer_host(&self, a: Node) -> Option<String> {
        let a = if matches!(a.kind_name(), "tuple" | "list") {
            named_children(a).into_iter().next()?
        } else {
            a
        };
        let v = self.fold(a, 0)?;
        let v = v.split_once("://").map_or(v.as_str(), |(_, r)| r);
        let h = v.split(['/', ':']).next()?;
        (h.contains('.') && !h.contains(['$', '{', ' ', '%'])).then(|| h.to_string())
    }

    /// A send through a connection whose host is known, or a datagram
    /// to a literal address: a `NetSend` to it. `s.connect((H, p))`
    /// records the peer and leaves the call to the socket reader.
    pub(super) fn call_peer(&mut self, k: &mut Site) -> bool {
        let Some(o) = k.obj.filter(|o| o.kind_name() == "identifier") else {
            return false;
        };
        let method = k.method.as_str();
        if method == "connect" {
            let peer = k.arg0.and_then(|a| self.peer_host(a));
            let name = self.t(o).to_string();
            match peer {
                Some(h) => self.peers.insert(name, format!("tcp://{h}")),
                None => self.peers.remove(&name),
            };
            return false;
        }
        if !PEER_SENDS.contains(&method) {
            return false;
        }
        let url = if method == "sendto" {
            k.args
                .get(1)
                .and_then(|a| self.peer_host(*a))
                .map(|h| format!("tcp://{h}"))
        } else {
            self.peers.get(self.t(o)).cloned()
        };
        let Some(mut url) = url else {
            return false;
        };
        if method == "request" {
            // `conn.request("POST", "/v1", body)`: a send when the method
            // sends or a body is given.
            let sends = k
                .arg0
                .and_then(|a| self.fold(a, 0))
                .is_some_and(|m| net_send::method_sends(&m))
                || k.args.len() > 2
                || self.kwarg(k.c, "body").is_some();
            if !sends {
                return false;
            }
            if let Some(p) = k.args.get(1).and_then(|a| self.fold(*a, 0))
                && p.starts_with('/')
            {
                url.push_str(&p);
            }
        }
        let call = NetCall::new(NetKind::Send, url)
            .object("data sent to a connection's host")
            .inputs(std::mem::take(&mut k.inputs));
        let ev = k.tagged(call.lower().1);
        self.emit_call(ev, k.c, k.cx, false);
        true
    }
}

/// Round 27: standard input as a source: what a caller pipes in (`perl
/// scrub.pl < access.log`, a hook's event) is the user's data, read line by
/// line (`for line in sys.stdin`) or whole (`sys.stdin.read()`,
/// `sys.stdin.buffer.read()`, `fileinput.input()`).
impl Py<'_, '_> {
    /// Whether `n` is the standard input stream itself.
    pub(super) fn is_stdin(&self, n: Node) -> bool {
        let t = self.t(n);
        let t = self.import_of(t).map_or(t, String::as_str);
        matches!(t, "sys.stdin" | "sys.stdin.buffer")
    }

    /// Whether a call reads standard input.
    pub(super) fn reads_stdin(name: &str) -> bool {
        name.starts_with("sys.stdin.") || name == "fileinput.input"
    }

    /// A read of standard input at `n`: a `FileRead` of `stdin` whose
    /// value `sys.stdin` carries from then on (a call's result is bound
    /// to the call as any call's is).
    pub(super) fn stdin_read(&mut self, n: Node, cx: &super::Ctx, call: bool) {
        use crate::evidence::{Evidence, Op};
        use crate::ssl::vocab::{ActType as A, ResourceScope as R};
        let ev = Evidence::new(Op::FileRead, A::Read, R::Codebase, "stdin")
            .object("standard input read")
            .instrument("sys.stdin");
        let b = self.src.pos_bind("call", n.start_byte());
        if call {
            self.emit_call(ev, n, cx, true);
        } else {
            let mut ev = ev;
            ev.output = Some(b.clone());
            self.emit(ev, n.start_byte(), n.end_byte(), cx);
        }
        let e = self.alias.entry("$sys.stdin".to_string()).or_default();
        if !e.contains(&b) {
            e.push(b);
        }
        crate::evidence::cap_bindings(e, super::MAX_ALIAS);
    }
}
