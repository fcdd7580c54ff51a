//! A network channel followed by data flow, for behaviour models that need
//! "sent back over the channel the job came on" (`miner::pow_loop`): the
//! channel is what a receive spelling is assigned to (`s =
//! socket.create_connection(…)`, `conn, err := net.Dial(…)`, `with … as
//! s:`, `my $sock = IO::Socket::INET->new(…)`); every value assigned from an
//! expression that names a channel handle is a handle too (`f =
//! s.makefile("rw")`, `w = bufio.NewWriter(conn)`, `enc =
//! json.NewEncoder(conn)`, `out = os.fdopen(s.fileno(), "w")`, `s2 =
//! s.dup()`, `tls = ctx.wrap_socket(s)`): the derivation is the flow, not a
//! list of wrapper names. A write is any spelling of the write table
//! ([`METHOD_WRITE`], [`FN_WRITE`]) whose receiver or first argument is a
//! handle.

use regex::Regex;
use std::sync::LazyLock;

use crate::limits::MAX_CHANNEL_HANDLES as MAX_HANDLES;
/// Passes over the assignments (wrappers of wrappers).
const PASSES: usize = 3;

/// An assignment: its first target and its right side.
static ASSIGN: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"^\s*(?:(?:const|let|var|my|local|auto|val)\s+)?(?:mut\s+)?(?:\(\s*)?\$?([A-Za-z_]\w*)(?:\s*,\s*\$?[A-Za-z_]\w*)*(?:\s*\))?(?:\s*:\s*[\w:<>\[\]&' ,]+?)?\s*(?::=|=)([^=].*)$",
    )
});
/// `with socket.create_connection(h) as s:`, `… as f`.
static WITH_AS: LazyLock<Regex> = LazyLock::new(|| crate::rx::re(r"\bas\s+([A-Za-z_]\w*)\s*[:,)]"));
/// A write method on a receiver, in every language.
pub static METHOD_WRITE: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"\$?([A-Za-z_]\w*)\s*(?:\.|->)\s*(?:write|writelines|Write|WriteString|WriteJSON|WriteMessage|Encode|send|sendall|send_json|send_str|sendMessage|puts|print|printf|println|syswrite|emit)\b",
    )
});
/// A write function whose first argument (or `file=`) is the handle.
pub static FN_WRITE: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?:\bfmt\.Fprint\w*|\bio\.WriteString|\bos\.write|\bsyswrite|\bbinary\.Write)\(\s*\$?([A-Za-z_]\w*)|\bprint\s*\{?\s*\$([A-Za-z_]\w*)\s*\}?\s+[^,;=]|\bfile\s*=\s*([A-Za-z_]\w*)|\bjson\.dump\([^()\n]*,\s*([A-Za-z_]\w*)\s*\)|\bwrite(?:ln)?!\s*\(\s*&?(?:mut\s+)?([A-Za-z_]\w*)",
    )
});

/// Whether `rhs` names one of `names` as a whole word.
pub fn names_one(rhs: &str, names: &[String]) -> bool {
    names.iter().any(|n| {
        rhs.match_indices(n.as_str()).any(|(i, _)| {
            let before = rhs[..i].chars().next_back();
            let after = rhs[i + n.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    })
}

/// The channel handles of a file: what a receive spelling (`recv`) is
/// assigned to, and every value assigned from an expression naming one.
pub fn derived_handles(lines: &[(usize, &str)], recv: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (_, l) in lines {
        if !recv(l) {
            continue;
        }
        let lhs = ASSIGN
            .captures(l)
            .and_then(|c| c.get(1))
            .or_else(|| WITH_AS.captures(l).and_then(|c| c.get(1)));
        if let Some(m) = lhs {
            if !names.iter().any(|n| n == m.as_str()) {
                if names.len() < MAX_HANDLES {
                    names.push(m.as_str().to_string());
                } else {
                    crate::limits::gave_up("MAX_CHANNEL_HANDLES");
                }
            }
        }
    }
    if names.is_empty() {
        return names;
    }
    for _ in 0..PASSES {
        let before = names.len();
        for (_, l) in lines {
            let Some(c) = ASSIGN.captures(l) else {
                continue;
            };
            let (Some(lhs), Some(rhs)) = (c.get(1), c.get(2)) else {
                continue;
            };
            if !names.iter().any(|n| n == lhs.as_str()) && names_one(rhs.as_str(), &names) {
                if names.len() < MAX_HANDLES {
                    names.push(lhs.as_str().to_string());
                } else {
                    crate::limits::gave_up("MAX_CHANNEL_HANDLES");
                }
            }
        }
        if names.len() == before {
            break;
        }
    }
    names
}

/// Whether `line` writes to one of `handles`.
pub fn writes_to(line: &str, handles: &[String]) -> bool {
    if handles.is_empty() {
        return false;
    }
    let hit = |n: &str| handles.iter().any(|h| h == n);
    METHOD_WRITE
        .captures_iter(line)
        .any(|c| c.get(1).is_some_and(|m| hit(m.as_str())))
        || FN_WRITE.captures_iter(line).any(|c| {
            (1..c.len())
                .filter_map(|g| c.get(g))
                .any(|m| hit(m.as_str()))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<(usize, &str)> {
        let mut out = Vec::new();
        let mut pos = 0;
        for l in text.split('\n') {
            out.push((pos, l));
            pos += l.len() + 1;
        }
        out
    }

    static RECV: LazyLock<Regex> = LazyLock::new(|| {
        crate::rx::re(r"create_connection|net\.Dial|net\.connect|IO::Socket|TCPSocket|WebSocket")
    });

    /// (channel, derivation, write) in several languages: each write goes
    /// through a handle derived from the channel.
    const ROWS: &[(&str, &str, &str)] = &[
        (
            "s = socket.create_connection(H)",
            "f = s.makefile('rw')",
            "f.write(out)",
        ),
        (
            "s = socket.create_connection(H)",
            "out = os.fdopen(s.fileno(), 'w')",
            "print(res, file=out)",
        ),
        (
            "s = socket.create_connection(H)",
            "t = s.dup()",
            "t.sendall(b)",
        ),
        (
            "conn, err := net.Dial(\"tcp\", h)",
            "w := bufio.NewWriter(conn)",
            "fmt.Fprintf(w, \"%d\", n)",
        ),
        (
            "conn, err := net.Dial(\"tcp\", h)",
            "enc := json.NewEncoder(conn)",
            "enc.Encode(res)",
        ),
        (
            "const sock = net.connect(p, h);",
            "const out = sock.pipe(zlib.createGzip());",
            "out.write(buf)",
        ),
        ("ws = new WebSocket(ep);", "const ch = ws;", "ch.send(msg)"),
        (
            "my $s = IO::Socket::INET->new(PeerAddr => $h);",
            "my $fh = $s;",
            "print $fh $res;",
        ),
        (
            "sock = TCPSocket.new(h, p)",
            "io = sock.to_io",
            "io.puts res",
        ),
    ];

    #[test]
    fn a_write_through_any_derived_handle_is_a_send_back() {
        for (ch, d, w) in ROWS {
            let text = format!("{ch}\n{d}\nx = compute()\n{w}\n");
            let ls = lines(&text);
            let h = derived_handles(&ls, &|l| RECV.is_match(l));
            assert!(writes_to(w, &h), "{text}: {h:?}");
        }
    }

    #[test]
    fn a_write_to_a_local_file_is_not() {
        // The same writes, to a file opened from a path, not the channel.
        let text = "s = socket.create_connection(H)\njob = s.recv(4096)\nf = open('/tmp/log', 'w')\nf.write(out)\n";
        let ls = lines(text);
        let h = derived_handles(&ls, &|l| RECV.is_match(l));
        assert!(!writes_to("f.write(out)", &h), "{h:?}");
        let go = "w := bufio.NewWriter(os.Stdout)\nconn, err := net.Dial(\"tcp\", h)\nfmt.Fprintf(w, \"%d\", n)\n";
        let ls = lines(go);
        assert!(!writes_to(
            "fmt.Fprintf(w, \"%d\", n)",
            &derived_handles(&ls, &|l| RECV.is_match(l))
        ));
    }
}
