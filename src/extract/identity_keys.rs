//! Round 39: the private keys an SSH client configuration names, read.
//!
//! `IdentityFile` is the key of `ssh_config` that names a private key. A
//! program that spells that key in a string (`case "identityfile":`,
//! `if key.lower() == 'identityfile'`, `/^IdentityFile\s+(.+)/`) and reads
//! a file's contents from a computed path (`os.ReadFile(path)`,
//! `fs::read(p)`, `File.read(f)`, `readFileSync(p)`, `open(p).read()`,
//! `file_get_contents($p)`) reads the keys the configuration lists: a read
//! of `~/.ssh/id_*`, a credential store, whatever the configuration
//! holds. A read of a literal path (the configuration itself) is not it,
//! nor is a check of the key's mode (`os.Stat`), which reads no contents.
//! Only a file that can also send (a raw socket, a posting call: the
//! `miner::SEND_BACK` table) is read so: text level cannot tell the read
//! of the configuration from the read of a key, and a key read kept on the
//! machine is a linter's business; with a send in the same file it is
//! evidence without a proven flow (SK-EXFIL-004).
//!
//! Every language, at text level (run by `extract_code` and by the
//! token-level reader); linear in the file.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// The `IdentityFile` key spelled in a string or a pattern.
/// Round 41: a pattern's own `\s*`/`\s+` before it (`/^\s*IdentityFile\s+(\S+)/i`).
static KEY: crate::rx::Lazy = crate::rx::Lazy::new(r#"(?i)["'/^](?:\\s[*+])?\s*identityfile\b"#);

/// A read of a file's contents whose path is not a literal (capture 1:
/// the call up to its argument), or a binary read (`open(p, 'rb')`,
/// `.read_bytes()`; capture 2). A bare `open(p)` is not enough: the
/// configuration itself is opened so.
static READ: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"((?:\bos\.ReadFile|\bioutil\.ReadFile|\bfs::read(?:_to_string)?|\bFile\.(?:read|binread)|\breadFile(?:Sync)?|\bfile_get_contents|\bGet-Content|\bslurp|\bread_file)\s*\(?\s*)[&$@]?[A-Za-z_]|(\bopen\s*\([^\n]*['"]rb['"]|\.read_bytes\(\))|(\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*['"]<['"]\s*,\s*|\bio\.open\s*\(\s*|\bFile\.open\s*\(\s*)\$?(?P<path>[A-Za-z_]\w*)\s*[,)]"#,
);

/// What the configuration's keys stand for.
const KEY_FILES: &str = "~/.ssh/id_*";

pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !KEY
        .find_iter(text)
        .any(|m| !super::token_calls::in_comment_line(text, m.start()))
        || !(super::socket_cmds::SOCKET_API.is_match(text)
            || super::miner::SEND_BACK.is_match(text)
            // Round 41: a name lookup carries data in its labels.
            || super::token_values::looks_up_names(text, &src.ext()))
    {
        return;
    }
    // Round 41: a handle opened for reading on a path variable (Perl's
    // `open(my $k, '<', $p)`, Lua's `io.open(p)`, Ruby's `File.open(p)`)
    // unless that variable holds the configuration itself (assigned a
    // path naming `ssh/config`).
    let Some(read) = READ
        .captures_iter(text)
        .filter(|c| {
            c.name("path")
                .is_none_or(|p| !holds_config(text, p.as_str()))
        })
        .filter_map(|c| c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3)))
        .find(|m| !super::token_calls::in_comment_line(text, m.start()))
    else {
        return;
    };
    let (scope, tags) = super::indicators::classify_path(KEY_FILES);
    let ev = Evidence::new(Op::FileRead, A::Read, R::Credentials, KEY_FILES)
        .tags(tags)
        .instrument("IdentityFile read")
        .object("private keys the SSH configuration names, read");
    debug_assert_eq!(scope, R::Credentials);
    sink.push(src.at(ev, read.start(), read.end(), "code"));
}

/// Whether the file assigns `name` a value naming the SSH configuration
/// file (`my $cfg = shift // "$ENV{HOME}/.ssh/config"`): a read of it is
/// the configuration's, not a key's.
fn holds_config(text: &str, name: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim_start();
        let Some(i) = t.find(name) else {
            return false;
        };
        let rest = t[i + name.len()..].trim_start();
        let head = &t[..i];
        head.trim_end_matches(['$', '@'])
            .trim_end()
            .trim_end_matches("my")
            .trim_end_matches("local")
            .trim()
            .is_empty()
            && rest.starts_with('=')
            && !rest.starts_with("==")
            && (rest.contains("ssh/config") || rest.contains("ssh_config"))
    })
}
