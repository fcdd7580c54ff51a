//! Non-script artefacts: executables, bytecode and archives (listed without
//! extracting anything to disk, with bounds), and config files that carry
//! commands (`package.json` lifecycle scripts, `.mcp.json` servers).

use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::limits::MAX_ARCHIVE_ENTRIES;
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
    if let Some(scripts) = v.get("scripts").and_then(|s| s.as_object()) {
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
        let pos = f.text.find(&format!("\"{key}\"")).unwrap_or(0);
        let end = pos + key.len() + 2;
        let ev = Evidence::new(Op::Exec, A::CallTool, R::Process, cmd.clone())
            .object(format!("{key} command run by the package manager"))
            .instrument(name.to_string());
        sink.push(src.at(ev, pos, end, "json"));
        let sub = src.derived(&cmd, pos, end, Origin::Hook);
        super::extract_code(Lang::Shell, &sub, sink);
    }
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

pub fn binary(f: &SkillFile, sink: &mut Sink) {
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
            let ev = Evidence::new(Op::Binary, A::CallTool, R::Process, f.rel.clone())
                .tag(Tag::Obfuscated)
                .object("compiled bytecode (source not shipped)")
                .instrument("file");
            sink.push(src.at(ev, 0, 0, "binary"));
        }
        FileKind::Archive => archive(f, &src, sink),
        _ => {}
    }
}

/// An archive entry as listed.
struct Entry {
    name: String,
    encrypted: bool,
    size: u64,
}

fn archive(f: &SkillFile, src: &Src, sink: &mut Sink) {
    let lower = f.rel.to_lowercase();
    if [".docx", ".xlsx", ".pptx", ".odt"]
        .iter()
        .any(|e| lower.ends_with(e))
        && !f.raw.is_empty()
    {
        // Office documents are zips; list them but only flag real problems.
    }
    let entries = if f.raw.starts_with(b"PK") {
        zip_entries(&f.raw)
    } else if f.raw.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        let limit = 64 * 1024 * 1024u64;
        let n = flate2::read::GzDecoder::new(&f.raw[..])
            .take(limit + 1)
            .read_to_end(&mut out)
            .unwrap_or(0) as u64;
        if n > limit {
            let ev = Evidence::new(Op::Archive, A::Read, R::LocalFs, f.rel.clone())
                .tag(Tag::Unbounded)
                .object("compressed data expands beyond 64 MiB (decompression bomb)")
                .instrument("gzip");
            sink.push(src.at(ev, 0, 0, "archive"));
        }
        tar_entries(&out)
    } else if f.raw.len() > 262 && &f.raw[257..262] == b"ustar" {
        tar_entries(&f.raw)
    } else {
        Vec::new()
    };
    let total: u64 = entries.iter().map(|e| e.size).sum();
    let mut tags = std::collections::BTreeSet::new();
    let mut notes = Vec::new();
    for e in &entries {
        if e.encrypted {
            tags.insert(Tag::PasswordArchive);
        }
        if e.name.starts_with('/')
            || e.name.split(['/', '\\']).any(|c| c == "..")
            || e.name.contains(":\\")
        {
            tags.insert(Tag::PathTraversal);
            notes.push(format!(
                "path traversal entry {}",
                crate::text::escape_display(&e.name)
            ));
        }
        if exe_name(&e.name) {
            tags.insert(Tag::ExeDownload);
        }
    }
    if total > 1024 * 1024 * 1024 || (f.size > 0 && total / f.size.max(1) > 1000) {
        tags.insert(Tag::Unbounded);
        notes.push(format!(
            "declares {total} uncompressed bytes from {} compressed",
            f.size
        ));
    }
    let desc = if notes.is_empty() {
        format!("archive with {} entries", entries.len())
    } else {
        notes.join("; ")
    };
    let ev = Evidence::new(Op::Archive, A::Read, R::LocalFs, f.rel.clone())
        .tags(tags)
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

/// Reads the zip central directory (falls back to local headers).
fn zip_entries(b: &[u8]) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut i = 0;
    // Central directory entries: "PK\x01\x02".
    while i + 46 <= b.len() && out.len() < MAX_ARCHIVE_ENTRIES {
        if &b[i..i + 4] == b"PK\x01\x02" {
            let flags = u16le(b, i + 8);
            let size = u32le(b, i + 24);
            let nlen = u16le(b, i + 28);
            let elen = u16le(b, i + 30);
            let clen = u16le(b, i + 32);
            let name =
                String::from_utf8_lossy(b.get(i + 46..i + 46 + nlen).unwrap_or(&[])).into_owned();
            out.push(Entry {
                name,
                encrypted: flags & 1 == 1,
                size,
            });
            i += 46 + nlen + elen + clen;
        } else {
            i += 1;
        }
    }
    if out.is_empty() {
        let mut i = 0;
        while i + 30 <= b.len() && out.len() < MAX_ARCHIVE_ENTRIES {
            if &b[i..i + 4] == b"PK\x03\x04" {
                let flags = u16le(b, i + 6);
                let size = u32le(b, i + 22);
                let nlen = u16le(b, i + 26);
                let name = String::from_utf8_lossy(b.get(i + 30..i + 30 + nlen).unwrap_or(&[]))
                    .into_owned();
                out.push(Entry {
                    name,
                    encrypted: flags & 1 == 1,
                    size,
                });
                i += 30 + nlen;
            } else {
                i += 1;
            }
        }
    }
    out
}

fn tar_entries(b: &[u8]) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 512 <= b.len() && out.len() < MAX_ARCHIVE_ENTRIES {
        let h = &b[i..i + 512];
        if h.iter().all(|&x| x == 0) {
            break;
        }
        let name = String::from_utf8_lossy(&h[..100])
            .trim_end_matches('\0')
            .to_string();
        let size_s = String::from_utf8_lossy(&h[124..136])
            .trim_matches(|c: char| c == '\0' || c == ' ')
            .to_string();
        let size = u64::from_str_radix(&size_s, 8).unwrap_or(0);
        out.push(Entry {
            name,
            encrypted: false,
            size,
        });
        i += 512 + size.div_ceil(512) as usize * 512;
    }
    out
}
