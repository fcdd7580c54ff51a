//! Round 35 (impact35): a destructive target written encoded, once for
//! every language at token level (shell, Python, JavaScript/TypeScript,
//! PowerShell, Perl, Ruby, PHP, Go, Rust, Lua). A literal that decodes —
//! base64, base32, hex, or a reversal, with the shared decoders of
//! [`super::deobf`] — to a home folder (`LnNzaA==` → `.ssh`,
//! `446f63756d656e7473` → `Documents`), a secret path or a system path,
//! in a file that spells the decoding (`base64 -d`, `b64decode`, `atob`,
//! `Buffer.from(…, 'base64')`, `FromBase64String`, `pack('H*', …)`,
//! `bytes.fromhex`, `hex.DecodeString`, `[::-1]`, …), whose value reaches
//! a delete: on the delete's own line, or through the names the file binds
//! from it (an array, a loop variable, a joined path; [`reach`]).
//!
//! The decoded path is lowered like a literal one (`fs_op::FsOp::lower`:
//! `~/.ssh` is the credential store, `~/Documents` the user's data), and
//! the encoding itself is the intent signal: a delete target nobody can
//! read in review is concealment (`Tag::Obfuscated`, `Tag::Encoded`).
//!
//! Quiet: base64 of an image or any bytes that are not a path, a hex
//! colour, an encoded literal that no delete reaches (a decoded config
//! value), a delete of a plain, readable path.

use super::fs_op::{FsKind, FsOp};
use super::{Sink, Src};
use crate::evidence::Tag;

/// The decoding, in every language's spelling.
static DECODES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bbase(?:64|32)\s+(?:-\w*d|--decode|-D)\b|\b(?:b64|b32|b16|a2b_base64|urlsafe_b64|standard_b64)decode\b|\batob\s*\(|Buffer\.from\s*\([^)\n]*["'](?:base64|base64url|hex)["']|FromBase64String|FromHexString|\bpack\s*\(\s*["']H\*|\.?unpack1?\s*\(\s*["'](?:m0?|H\*)["']|\bBase64\.(?:decode64|strict_decode64|urlsafe_decode64|decode)|\bdecode_base64\b|\bbase64_decode\b|\bhex2bin\b|\bbytes\.fromhex\b|\bunhexlify\b|\bcodecs\.decode\b|\bhex\.DecodeString\b|Encoding\.DecodeString\b|\bxxd\s+-r\b|\bbase64::(?:decode|engine)|\bSTANDARD\.decode\b|\bhex::decode\b|\bfrom_hex\b|\bdecode\(\s*["'](?:hex|base64)["']|\[::-1\]|\.reverse\b|\bstrrev\b|\brev\b|\breverse\s*\(|\[Array\]::Reverse"#,
);

/// A deletion in every language's spelling.
static DELETES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\brm\s+-\w*[rf]|\brm\s+(?:--\w+\s+)*["'$~/]|\bunlink\w*\b|\brmtree\b|\brm_r?f?\b|\bremove_dir_all\b|\bremove_file\b|\bRemoveAll\b|\bos\.Remove\b|\bRemove-Item\b|\b(?:fs|fsp|fs\.promises)\.(?:rm|rmSync|rmdir|rmdirSync|unlink|unlinkSync)\b|\brimraf\b|\brmdir\b|\bshred\b|\s-delete\b|\bos\.remove\b|\bFileUtils\.(?:rm\w*|remove\w*)|\bDir\.rmdir\b|\bFile\.delete\b|\bsend2trash\b|\bdel\s+/[sq]|\brd\s+/s\b|\bremove_tree\b|\bos\.rmdir\b|\bdeleteSync\b|\bDelete\(\s*\w+\s*,\s*true\s*\)"#,
);

/// Home folders a user keeps (a bare decoded name is one under `~`).
const HOME_DIRS: &[&str] = &[
    ".ssh",
    ".gnupg",
    ".aws",
    ".azure",
    ".kube",
    ".docker",
    ".config",
    ".password-store",
    ".mozilla",
    ".local",
    ".gitconfig",
    ".git-credentials",
    ".netrc",
    ".bash_history",
    ".zsh_history",
    "Documents",
    "Desktop",
    "Pictures",
    "Downloads",
    "Music",
    "Videos",
    "Movies",
    "Photos",
    "projects",
    "Projects",
    "src",
    "code",
    "Code",
    "dev",
    "work",
    "workspace",
    "repos",
    "git",
    "Library",
    "Dropbox",
    "OneDrive",
    "Sync",
    "Notes",
];

/// System folders (a decoded absolute path under one of them).
const SYSTEM_DIRS: &[&str] = &[
    "etc", "usr", "bin", "sbin", "boot", "var", "lib", "opt", "root", "home", "Users", "System",
    "Library", "srv",
];

/// A literal-looking word: base64, base32, hex, or a path to reverse.
static WORD: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?:^|[\s"'`(\[{,=])([A-Za-z0-9+/=_.~-]{4,256})(?:$|[\s"'`)\]},;])"#);

/// What a decoded text names, as the path a delete would reach.
fn target(decoded: &str) -> Option<String> {
    let d = decoded.trim().trim_end_matches('/');
    if d.is_empty() || d.len() > 160 || d.chars().any(|c| c.is_control()) {
        return None;
    }
    let rel = [
        "~/",
        "$HOME/",
        "${HOME}/",
        "%USERPROFILE%\\",
        "%USERPROFILE%/",
    ]
    .iter()
    .find_map(|p| d.strip_prefix(p))
    .unwrap_or(d);
    let first = rel.split(['/', '\\']).next().unwrap_or("");
    if HOME_DIRS.contains(&first) && !d.starts_with('/') {
        return Some(format!("~/{rel}"));
    }
    if let Some(abs) = d.strip_prefix('/') {
        let top = abs.split('/').next().unwrap_or("");
        if d == "/" || SYSTEM_DIRS.contains(&top) {
            return Some(d.to_string());
        }
    }
    None
}

/// The text a literal decodes to, if it is printable: hex, base64, base32,
/// or the literal reversed (only when the file reverses a string).
fn decodings(lit: &str, reverses: bool) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let printable = |b: Vec<u8>| {
        String::from_utf8(b)
            .ok()
            .filter(|s| s.len() >= 3 && s.chars().all(|c| (' '..='~').contains(&c)))
    };
    if lit.len() >= 6 && lit.len() % 2 == 0 && lit.bytes().all(|b| b.is_ascii_hexdigit()) {
        if let Some(s) = super::deobf::hex(lit).and_then(printable) {
            out.push(("hex", s));
        }
    } else if lit
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'_' | b'-'))
    {
        if let Some(s) = super::deobf::b64(lit).and_then(printable) {
            out.push(("base64", s));
        }
        if lit
            .bytes()
            .all(|b| matches!(b, b'A'..=b'Z' | b'2'..=b'7' | b'='))
            && let Some(s) = super::deobf::b32(lit).and_then(printable)
        {
            out.push(("base32", s));
        }
    }
    if reverses {
        out.push(("reversed", lit.chars().rev().collect()));
    }
    out
}

/// The names an assignment or loop head on `l` binds.
static BINDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?x)
    ^\s*(?:(?:my|our|local|const|let|var|export|readonly|declare\s+-a)\s+)?[@$%]?\(?\s*(?P<a>[A-Za-z_]\w*)(?:\s*,\s*[$@]?\w+)*\s*\)?\s*(?:\+|\.|\|\|)?(?::=|=)[^=>~]
    |\bfor\s+(?:my\s+)?\$?(?:\w+\s*,\s*)?(?P<b>[A-Za-z_]\w*)\s*(?:,\s*\w+\s*)?(?::=\s*range\b|\bin\b|\bof\b|\()
    |\bfor\s*\(\s*(?:const|let|var|my)?\s*\$?(?P<c>[A-Za-z_]\w*)\s+(?:of|in)\b
    |\bforeach\s*\(\s*\$(?P<d>\w+)\s+in\b
    |\bforeach\s*\(\s*\$\w+\s+as\s+(?:\$\w+\s*=>\s*)?\$(?P<e>\w+)
    |\|\s*(?P<f>[A-Za-z_]\w*)\s*\|
    |\(\s*\(?\s*(?P<g>[A-Za-z_]\w*)\s*\)?\s*=>
    |\bforeach\s+my\s+\$(?P<h>\w+)
    |\bfor\s+(?P<i>[A-Za-z_]\w*)\s+in\s
    |(?:;|\bdo\b|\bthen\b|\{)\s*(?P<j>[A-Za-z_]\w*)\s*(?:\+|\.)?=[^=]",
);

/// Whether `l` names `n` as a whole word.
fn names(l: &str, n: &str) -> bool {
    let b = l.as_bytes();
    l.match_indices(n).any(|(i, _)| {
        let before = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        let e = i + n.len();
        let after = e >= b.len() || !(b[e].is_ascii_alphanumeric() || b[e] == b'_');
        before && after
    })
}

/// Whether the literal on line `at` reaches a delete: the names bound from
/// its line (or the assignment it sits in), followed through the file's
/// assignments and loop heads, reach a line that deletes, or a loop whose
/// head names one holds a delete. Linear passes, at most
/// [`crate::limits::ENCODED_TARGET_ROUNDS`] rounds over the lines.
fn reach(lines: &[&str], at: usize, deletes: &[usize]) -> Option<usize> {
    if deletes.contains(&at) {
        return Some(at);
    }
    let binds = |l: &str| -> Vec<String> {
        BINDS
            .captures_iter(l)
            .filter_map(|c| {
                ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
                    .iter()
                    .find_map(|k| c.name(k))
                    .map(|m| m.as_str().to_string())
            })
            .collect()
    };
    let mut tracked: Vec<String> = binds(lines[at]);
    if tracked.is_empty() {
        // A literal inside a list written over several lines: the
        // assignment that opens it.
        let lo = at.saturating_sub(32);
        for j in (lo..at).rev() {
            let l = lines[j];
            if l.contains('=') && l.trim_end().ends_with(['(', '[', '{']) {
                tracked = binds(l);
                break;
            }
        }
    }
    tracked.retain(|n| n.len() > 1 || n == "_" || n.chars().all(|c| c.is_ascii_alphabetic()));
    if tracked.is_empty() {
        return None;
    }
    for _ in 0..crate::limits::ENCODED_TARGET_ROUNDS {
        let mut grew = false;
        for (i, l) in lines.iter().enumerate() {
            if i == at || !tracked.iter().any(|n| names(l, n)) {
                continue;
            }
            if let Some(d) = deletes.iter().find(|&&d| {
                d == i
                    || d > i && d <= i + 12 && super::doomed::LOOP_HEAD.is_match(l) && {
                        let head = super::doomed::indent(l);
                        lines[i + 1..=d]
                            .iter()
                            .all(|b| b.trim().is_empty() || super::doomed::indent(b) > head)
                    }
            }) {
                return Some(*d);
            }
            for n in binds(l) {
                if !tracked.contains(&n) {
                    if tracked.len() >= crate::limits::ENCODED_TARGET_NAMES {
                        crate::limits::gave_up("ENCODED_TARGET_NAMES");
                        return None;
                    }
                    tracked.push(n);
                    grew = true;
                }
            }
        }
        if !grew {
            return None;
        }
    }
    crate::limits::gave_up("ENCODED_TARGET_ROUNDS");
    None
}

fn comment(l: &str) -> bool {
    let t = l.trim_start();
    (t.starts_with('#') && !t.starts_with("#!") && !t.starts_with("#{"))
        || ["//", "--", "/*", "* ", "REM ", "<#"]
            .iter()
            .any(|p| t.starts_with(p))
}

/// Adds the deletes of encoded targets in a code file.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if src.path.to_ascii_lowercase().ends_with(".md") || !DELETES.is_match(text) {
        return;
    }
    let Some(dec) = DECODES.find(text) else {
        return;
    };
    let reverses = text.contains("[::-1]")
        || text.contains(".reverse")
        || text.contains("strrev")
        || text.contains("Reverse")
        || text.contains("reverse(")
        || text.contains("| rev");
    let lines: Vec<&str> = text.split('\n').collect();
    if lines.len() > crate::limits::DOOMED_MAX_LINES {
        crate::limits::gave_up("DOOMED_MAX_LINES");
    }
    let lines = &lines[..lines.len().min(crate::limits::DOOMED_MAX_LINES)];
    let deletes: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !comment(l) && DELETES.is_match(l))
        .map(|(i, _)| i)
        .collect();
    if deletes.is_empty() {
        return;
    }
    let mut seen: Vec<String> = Vec::new();
    let mut offset = 0usize;
    for (i, l) in lines.iter().enumerate() {
        let start = offset;
        offset += l.len() + 1;
        if comment(l) {
            continue;
        }
        for c in WORD.captures_iter(l) {
            let Some(m) = c.get(1) else { continue };
            for (how, decoded) in decodings(m.as_str(), reverses) {
                let Some(path) = target(&decoded) else {
                    continue;
                };
                if seen.contains(&path) {
                    continue;
                }
                let Some(d) = reach(lines, i, &deletes) else {
                    continue;
                };
                seen.push(path.clone());
                let mut op = FsOp::new(FsKind::Delete, path.clone());
                op.recursive = true;
                op.force = true;
                let mut ev = op.lower();
                ev.tags.insert(Tag::Obfuscated);
                ev.tags.insert(Tag::Encoded);
                ev.object = format!(
                    "deletes {path}, a target written {how}-encoded (`{}` decodes to `{decoded}`, decoded by `{}`) and deleted at line {}: concealed from review",
                    crate::text::snippet(m.as_str(), 60),
                    crate::text::snippet(dec.as_str(), 40),
                    d + 1
                );
                ev.instrument = "encoded target".into();
                let s = start + m.start();
                sink.push(src.at(ev, s, start + m.end(), "code"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_decode_to_home_and_system_paths() {
        assert_eq!(target(".ssh").as_deref(), Some("~/.ssh"));
        assert_eq!(target("Documents").as_deref(), Some("~/Documents"));
        assert_eq!(target("/etc/passwd").as_deref(), Some("/etc/passwd"));
        assert_eq!(
            target("~/.aws/credentials").as_deref(),
            Some("~/.aws/credentials")
        );
        assert!(target("hello world").is_none());
        assert!(target("#ff8800").is_none());
        let d = decodings("LnNzaA==", false);
        assert!(d.iter().any(|(_, s)| s == ".ssh"));
        let d = decodings("446f63756d656e7473", false);
        assert!(d.iter().any(|(_, s)| s == "Documents"));
        // A hex colour decodes to no printable text.
        assert!(decodings("ff8800", false).is_empty());
    }
}
