//! Round 26: sockets whose received lines are run (the reverse-shell
//! shape without a literal address), read at token level by `tokens.rs`
//! and for code handed to `perl -e`/`ruby -e` by `interp.rs`. A leaf.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Socket APIs of the token-level languages.
pub static SOCKET_API: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(TCPSocket\.(new|open)|net\.Dial(Timeout)?\(|TcpStream::connect|fsockopen\(|IO::Socket::INET|new Socket\(|socket\.connect|Socket\.tcp|\bsocket\(\s*\w+\s*,\s*(?:PF|AF)_INET)",
);

/// Round 26: lines read from a socket handle in a loop (Perl
/// `while(<$s>)`, Ruby `s.each_line`/`while l = s.gets`) and run (`qx(…)`, backticks, `system(`, `exec(`,
/// `IO.popen`, `%x`, `subprocess`, `os.popen`).
/// Round 40: one row per token-level language — Go `bufio.NewScanner(c)`
/// / `bufio.NewReader(c)` / `.ReadString(`, Rust `BufReader::new(s)` /
/// `.read_line(`, PHP `fgets($s)` / `socket_read(`, Lua `:receive(`.
static SOCKET_LINES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"while\s*\(\s*(?:(?:my\s+)?\$\w+\s*=\s*)?<\s*\$\w+\s*>\s*\)|\.each_line\b|\bwhile\s+\w+\s*=\s*\w+\.gets\b|\bbufio\.New(?:Scanner|Reader)\(\s*\w+\s*\)|\.ReadString\(|\bBufReader::new\(|\.read_line\(|\bfgets\(\s*\$|\bsocket_read\(|:receive\(",
);
/// A run of what was read. Perl and Ruby run a line however it is spelled;
/// in Go, Rust, PHP and Lua only a command that is not a literal counts
/// (a shell given `-c` and a value, a PHP or Lua runner given a
/// variable), so a tool that runs `exec.Command("git", …)` next to a
/// socket it reads is not a remote shell.
static LINE_RUN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bqx\s*[({\[/|]|`\$|\bsystem\s*\(|\bexec\s*\(|IO\.popen|%x[({\[]|\bsubprocess\.|\bos\.(?:popen|system)\(|\bexec\.Command(?:Context)?\((?:\s*\w+\s*,)?\s*"(?:/bin/|/usr/bin/)?(?:ba|z)?sh"\s*,\s*"-c"\s*,\s*[^"\s]|\bCommand::new\(\s*"(?:/bin/)?(?:ba|z)?sh"\s*\)\s*\.args?\(\s*(?:&?\[\s*)?"-c"\s*(?:,|\)\s*\.arg\()\s*[^"\s]|\b(?:shell_exec|passthru|proc_open|popen)\(\s*\$|\b(?:os\.execute|io\.popen)\(\s*[A-Za-z_]"#,
);

/// Round 26: the other reverse-shell shape, whatever the host (a name
/// joined from pieces, `join(q(.),qw(sync x net))`): a socket opened, and
/// the lines read from it run as commands (`while(<$s>){ print $s
/// qx($_) }`) — a remote control channel. Also for code handed to `perl
/// -e`/`ruby -e` (`interp::tokens`).
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let Some(sock) = SOCKET_API.find(text) else {
        return;
    };
    let Some(read) = SOCKET_LINES.find_at(text, sock.end()) else {
        return;
    };
    if !LINE_RUN.is_match(&text[read.start()..]) {
        return;
    }
    let ev = Evidence::new(Op::ReverseShell, A::CallTool, R::Network, "socket")
        .instrument("socket")
        .object("commands read from a socket run as they arrive (a remote control channel)");
    sink.push(src.at(ev, sock.start(), read.end(), "code"));
}
