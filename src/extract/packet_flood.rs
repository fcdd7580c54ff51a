//! Round 32: packet floods and reflection, in every language (read at
//! token level, like [`super::miner`]). One table of spellings
//! ([`FLOODS`]), each a way to send packets as fast as the link allows:
//!
//! * tools: `hping3 --flood` (or `--faster`, `-i u10`), `ping -f` and
//!   `ping -i 0`, `nping --rate 5000`, `sendpfast(`, `t50`, `mausezahn`,
//!   `trafgen`, `slowloris`;
//! * Scapy: `send(…, loop=1)`, `sendp(…, count=100000)`, `srloop(`, or a
//!   `send(` of a crafted packet in a loop that never ends ([`crafted_loop`]);
//! * a spoofed source, the mark of reflection and amplification: `hping3
//!   --rand-source` or `-a <ip>`, Scapy `IP(src=…)`, a raw socket with
//!   `IP_HDRINCL`, a DNS `ANY` query or an NTP `monlist` sent with it.
//!
//! A flood is a send tagged [`Tag::Runaway`] (SK-RES-006, high): the
//! user's machine and address hit a host the user does not own, in a
//! volume no diagnosis needs. A probe (`hping3 -S -p 443 -c 3`, `ping -c
//! 4`, Windows' `ping -f -l 1472` for the path MTU, `nping -c 5`) and a
//! Scapy packet sent once stay quiet.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Flood spellings: (pattern, what it is).
const FLOODS: &[(&str, &str)] = &[
    (
        r#"\bhping3?\b[^\n|;&]*?[\s"',](?:--flood|--faster|-i["',\s]*u\d{1,4})\b"#,
        "packets sent as fast as the link allows (hping)",
    ),
    (
        r#"\bnping\b[^\n|;&]*?--rate["',\s]+\d{4,}"#,
        "packets at thousands per second (nping --rate)",
    ),
    (
        r"\b(?:send|sendp|sr|srp|sr1)\s*\([^\n]*\bloop\s*=\s*(?:1|True)\b|\b(?:srloop|srploop|sendpfast)\s*\(",
        "crafted packets sent in a loop (Scapy)",
    ),
    (
        r"\b(?:send|sendp)\s*\([^\n]*\bcount\s*=\s*\d{4,}",
        "crafted packets sent thousands of times (Scapy)",
    ),
    (
        r"(?m)(?:^|[;&|(`]|\bsudo\s|\bexec\s|[\x22'\[]\s*)\s*(?:t50|mausezahn|trafgen|slowloris|goldeneye|xerxes)\b(?:[\x22',\s]|$)",
        "a flood tool started",
    ),
];

static COMPILED: std::sync::LazyLock<Vec<(crate::rx::Lazy, &'static str)>> =
    std::sync::LazyLock::new(|| {
        FLOODS
            .iter()
            .map(|(p, w)| (crate::rx::Lazy::new(p), *w))
            .collect()
    });

/// Traffic sent with a source address that is not the machine's own.
static SPOOFED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"--rand-source\b|\bhping3?\b[^\n|;&]*\s-a\s+\S|--spoof(?:-source)?\b|\bIP\([^)\n]*\bsrc\s*=|\bIP_HDRINCL\b|\bIPPROTO_RAW\b"#,
);
/// A request that a reflector answers many times over.
static REFLECTOR: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)qtype\s*=\s*["']?(?:ANY|255)\b|\bmonlist\b|\\x17\\x00\\x03\\x2a|\bM-SEARCH\b|["']stats\\r\\n|\bchargen\b"#,
);
/// Scapy in the file, and a send of a crafted packet.
static SCAPY: crate::rx::Lazy = crate::rx::Lazy::new(r"\bscapy\b");
static CRAFTED_SEND: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\b(?:send|sendp)\s*\(\s*(?:IP|IPv6|Ether)\s*\(|\b(?:send|sendp)\s*\(\s*\w+\s*[,)]",
);

/// Adds the flood `src` starts, if any (module docs).
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if ![
        "ping",
        "scapy",
        "t50",
        "mausezahn",
        "trafgen",
        "slowloris",
        "goldeneye",
        "xerxes",
    ]
    .iter()
    .any(|w| text.contains(w))
    {
        return;
    }
    let scapy = SCAPY.is_match(text);
    let hit = COMPILED
        .iter()
        .filter(|(_, what)| scapy || !what.contains("Scapy"))
        .filter_map(|(rx, what)| rx.find(text).map(|m| (m.start(), m.end(), *what)))
        .chain(flood_ping(text))
        .min_by_key(|h| h.0)
        .or_else(|| crafted_loop(text));
    let Some((s, e, what)) = hit else {
        return;
    };
    let (ls, le) = super::region::line_span(text, s);
    let mut why = what.to_string();
    if SPOOFED.is_match(text) {
        why.push_str(", with a spoofed source address");
        if REFLECTOR.is_match(text) {
            why.push_str(" at reflectors that answer many times over (amplification)");
        }
    }
    let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, &text[s..e.max(s)])
        .tag(Tag::Runaway)
        .instrument("packet flood")
        .object(why);
    sink.push(src.at(ev, ls, le, "code"));
}

/// A ping command: its arguments up to the end of the command.
static PING: crate::rx::Lazy = crate::rx::Lazy::new(r"\bping\s+[^\n|;&]*");

/// Unix flood ping (`ping -f`, `ping -i 0`, `-i 0.01`); Windows' `-f`
/// (don't fragment) comes with `-l` (size) or `-n` (count) and stays quiet.
fn flood_ping(text: &str) -> Option<(usize, usize, &'static str)> {
    PING.find_iter(text).find_map(|m| {
        let args: Vec<&str> = m.as_str().split_whitespace().skip(1).collect();
        let windows = args.iter().any(|a| matches!(*a, "-l" | "-n" | "/l" | "/n"));
        let flood = args.iter().any(|a| *a == "-f")
            || args
                .windows(2)
                .any(|w| w[0] == "-i" && w[1].parse::<f64>().is_ok_and(|v| v < 0.1));
        (flood && !windows).then(|| {
            (
                m.start(),
                m.end(),
                "flood ping (ICMP echo requests without pause)",
            )
        })
    })
}

/// A Scapy send of a crafted packet in a loop that never ends (`while
/// True: send(IP(dst=t)/TCP(flags="S"))`).
fn crafted_loop(text: &str) -> Option<(usize, usize, &'static str)> {
    if !SCAPY.is_match(text) {
        return None;
    }
    for (k, f) in super::remote_jobs::FOREVER.find_iter(text).enumerate() {
        if k == crate::limits::FANOUT_MAX_LOOPS {
            crate::limits::gave_up("FANOUT_MAX_LOOPS");
            return None;
        }
        let body = super::fanout::loop_body(text, f.start(), f.end());
        if super::remote_jobs::PACE.is_match(body) {
            continue;
        }
        if let Some(m) = CRAFTED_SEND.find(body) {
            let at = body.as_ptr() as usize - text.as_ptr() as usize + m.start();
            return Some((
                at,
                at + m.len(),
                "crafted packets sent in a loop that never ends (Scapy)",
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floods(path: &str, text: &str) -> bool {
        crate::extract::scan_text(scan, path, text)
            .iter()
            .any(|e| e.has(Tag::Runaway))
    }

    #[test]
    fn floods_in_each_spelling_and_probes_stay_quiet() {
        for (p, t) in [
            ("a.sh", "sudo hping3 -S --flood -p 443 \"$T\"\n"),
            ("a.sh", "hping3 -2 -i u100 -p 53 $h &\n"),
            ("a.sh", "sudo ping -f -s 65500 \"$h\"\n"),
            ("a.sh", "ping -i 0 -s 1400 $h\n"),
            ("a.sh", "nping --udp --rate 20000 -c 0 $h\n"),
            (
                "a.py",
                "from scapy.all import *\nsend(IP(dst=t)/ICMP(), loop=1, verbose=0)\n",
            ),
            (
                "a.py",
                "from scapy.all import *\nwhile True:\n    send(IP(dst=t)/TCP(dport=80, flags='S'), verbose=0)\n",
            ),
            (
                "a.py",
                "subprocess.Popen(['slowloris', host, '-s', '2000'])\n",
            ),
        ] {
            assert!(floods(p, t), "{t}");
        }
        for (p, t) in [
            ("a.sh", "hping3 -S -p 443 -c 3 example.com\n"),
            ("a.sh", "ping -c 4 example.com\n"),
            ("a.ps1", "ping -f -l 1472 -n 1 $gw\n"),
            ("a.sh", "nping --tcp -p 443 -c 5 $h\n"),
            (
                "a.py",
                "from scapy.all import *\nans = sr1(IP(dst=t)/ICMP(), timeout=2)\n",
            ),
            (
                "a.py",
                "from scapy.all import *\nwhile True:\n    send(IP(dst=t)/ICMP())\n    time.sleep(60)\n",
            ),
            ("a.js", "ws.send(JSON.stringify(msg));\nconst t50 = 50;\n"),
        ] {
            assert!(!floods(p, t), "{t}");
        }
    }

    #[test]
    fn spoofed_reflection_is_named() {
        let py = "from scapy.all import *\nfor r in resolvers:\n    send(IP(src=victim, dst=r)/UDP(dport=53)/DNS(rd=1, qd=DNSQR(qname='isc.org', qtype='ANY')), count=5000)\n";
        let e = crate::extract::scan_text(scan, "a.py", py);
        assert!(e[0].object.contains("amplification"), "{:?}", e[0].object);
    }
}
