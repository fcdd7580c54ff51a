//! File classification by extension, shebang and content (magic bytes).

use super::SkillFile;
pub use crate::model::skill::FileKind;
use crate::text::decode_lossy;

/// Extensions of template files that generate code: a template is read as
/// the language it generates, named by its inner extension
/// (`runtime.ts.tpl`, `main.py.jinja`, `setup.sh.tmpl`), round 23.
const TEMPLATE_EXTS: &[&str] = &[
    "tpl",
    "tmpl",
    "hbs",
    "handlebars",
    "mustache",
    "ejs",
    "j2",
    "jinja",
    "jinja2",
    "njk",
    "liquid",
    "template",
    "tt",
];

/// direnv's files, sourced by the user's shell on every `cd` into the
/// folder once allowed (round 23): shell code whatever their name says.
///
/// Round 25: a copy the skill ships to be put in place (`envrc.template`,
/// `.envrc.example`, `bashrc.sample`, `zshrc.dist`) is that file too: its
/// stem, with the copy suffix ([`COPY_SUFFIXES`]) taken off, is a direnv or
/// shell start-up file name ([`startup_stem`]).
fn direnv_file(name: &str) -> bool {
    let stem = name
        .rsplit_once('.')
        .filter(|(s, ext)| !s.is_empty() && COPY_SUFFIXES.contains(ext))
        .map_or(name, |(s, _)| s);
    startup_stem(stem)
}

/// The path a file shipped to be copied into place takes there: `rel`
/// with its copy suffix ([`COPY_SUFFIXES`]) taken off
/// (`assets/npmrc.template` → `assets/npmrc`, `.mcp.json.example` →
/// `.mcp.json`); `rel` itself otherwise (round 33).
pub fn placed_path(rel: &str) -> &str {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    match name.rsplit_once('.') {
        Some((stem, ext))
            if !stem.is_empty() && COPY_SUFFIXES.contains(&ext.to_ascii_lowercase().as_str()) =>
        {
            &rel[..rel.len() - ext.len() - 1]
        }
        _ => rel,
    }
}

/// The name a template or a shipped copy takes once rendered or put in
/// place: `name` (a file name, not a path) with one template suffix
/// ([`TEMPLATE_EXTS`]) or copy suffix ([`COPY_SUFFIXES`]) taken off when
/// what is left still has a name (`ci.yml.tpl` → `ci.yml`, `Makefile.j2`
/// → `Makefile`, `crontab.template` → `crontab`, `plugin.php.jinja` →
/// `plugin.php`); `name` itself otherwise. Round 39: the one place that
/// knows these suffixes (the token scanners and the host formats of
/// `extract/embedded` read a template as the file it renders to; blind
/// r39's `templates/ci.yml.tpl` workflow was read as plain text).
pub fn rendered_name(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => {
            let ext = ext.to_ascii_lowercase();
            if TEMPLATE_EXTS.contains(&ext.as_str()) || COPY_SUFFIXES.contains(&ext.as_str()) {
                stem
            } else {
                name
            }
        }
        _ => name,
    }
}

/// The text a template renders `$$` escapes to, when `rel` is a template
/// ([`TEMPLATE_EXTS`]) whose text escapes `$` as `$$` before `{`, `(` or a
/// name: Python's `string.Template`, Make and Compose write a literal `$`
/// so, and a workflow template must write `${{ secrets.X }}` as
/// `$${{ secrets.X }}` (blind r39: a rendered CI workflow sent
/// `toJSON(secrets)` out, and read with its escapes it was shell code
/// printing its own PID). Each `$$` becomes `$` and the line is padded
/// with as many spaces at its end, so every line keeps its byte offsets.
/// `None` when there is nothing to render.
pub fn rendered_text(rel: &str, text: &str) -> Option<String> {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    if !TEMPLATE_EXTS.contains(&ext.as_str()) {
        return None;
    }
    let escaped = |b: &[u8], i: usize| {
        b[i] == b'$'
            && b.get(i + 1) == Some(&b'$')
            && b.get(i + 2)
                .is_some_and(|c| matches!(c, b'{' | b'(' | b'_') || c.is_ascii_alphabetic())
    };
    let bytes = text.as_bytes();
    if !(0..bytes.len()).any(|i| escaped(bytes, i)) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let b = body.as_bytes();
        let (mut i, mut from, mut removed) = (0, 0, 0);
        while i < b.len() {
            if escaped(b, i) {
                out.push_str(&body[from..i]);
                from = i + 1;
                removed += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        out.push_str(&body[from..]);
        out.extend(std::iter::repeat_n(' ', removed));
        out.push_str(end);
    }
    Some(out)
}

/// The suffixes of a file shipped to be copied into place under its stem.
const COPY_SUFFIXES: &[&str] = &[
    "template", "tmpl", "tpl", "example", "sample", "dist", "in", "orig", "bak", "default",
];

/// direnv's files and the shell's start-up files, with or without their
/// leading dot: sourced by the user's shell, so shell code whatever their
/// name says.
fn startup_stem(stem: &str) -> bool {
    let bare = stem.strip_prefix('.').unwrap_or(stem);
    matches!(
        bare,
        "envrc"
            | "envrc.local"
            | "bashrc"
            | "bash_profile"
            | "bash_login"
            | "bash_aliases"
            | "profile"
            | "zshrc"
            | "zshenv"
            | "zprofile"
            | "zlogin"
            | "kshrc"
    ) || bare.ends_with(".envrc")
}

/// Round 35 (r35 bundler-lock-refresher): the token-level language of a
/// file by its `#!` line or, when its name says nothing (no extension or
/// one no table knows: `assets/Gemfile.refresh`, `loader.inc`), by its
/// content ([`by_content`]). A known extension keeps its language.
pub fn token_ext_of_file(rel: &str, text: &str) -> Option<&'static str> {
    super::shebang::token_ext_of_text(text).or_else(|| {
        if known_kind(rel).is_none() {
            by_content(text)
        } else {
            None
        }
    })
}

/// Ruby or Perl by content: two kinds of line only that language writes
/// (every line is read once). Ruby: `require "x"` without parentheses, the
/// `frozen_string_literal` magic comment, `Net::HTTP`/`URI(`, a block `do
/// |x|`, `%w[`, a Gemfile's `gem "x"`/`group :x do`. Perl: `use strict;`,
/// `my $x =`, `sub name {`.
fn by_content(text: &str) -> Option<&'static str> {
    let (mut ruby, mut perl) = (0u8, 0u8);
    for l in text.lines().map(str::trim) {
        let r = if l.starts_with("# frozen_string_literal:") {
            1
        } else if (l.starts_with("require \"")
            || l.starts_with("require '")
            || l.starts_with("require_relative "))
            && !l.ends_with(';')
        {
            2
        } else if l.contains("Net::HTTP") || l.contains("URI(") || l.contains("URI.open(") {
            4
        } else if l.contains(" do |") || l.contains("%w[") || l.contains("%w(") {
            8
        } else if l.starts_with("gem \"")
            || l.starts_with("group :")
            || l.starts_with("source \"https://rubygems")
        {
            16
        } else {
            0
        };
        ruby |= r;
        let p = if l.starts_with("use strict;") || l.starts_with("use warnings;") {
            1
        } else if l.starts_with("my $") || l.starts_with("my @") || l.starts_with("my %") {
            2
        } else if l.starts_with("sub ") && l.ends_with('{') {
            4
        } else {
            0
        };
        perl |= p;
    }
    if ruby.count_ones() >= 2 {
        Some("rb")
    } else if perl.count_ones() >= 2 {
        Some("pl")
    } else {
        None
    }
}

/// The kind a file's name gives it, if any table knows the name.
fn known_kind(rel: &str) -> Option<FileKind> {
    by_extension(rel)
}

fn by_extension(rel: &str) -> Option<FileKind> {
    let name = rel.rsplit('/').next().unwrap_or(rel).to_ascii_lowercase();
    if direnv_file(&name) {
        return Some(FileKind::Shell);
    }
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    if TEMPLATE_EXTS.contains(&ext) {
        let inner = &name[..name.len() - ext.len() - 1];
        if inner.contains('.')
            && let Some(k) = by_extension(inner).filter(|k| {
                // Round 39: a configuration template (`ci.yml.tpl`,
                // `values.yaml.j2`) is the configuration it renders.
                matches!(
                    k,
                    FileKind::Python
                        | FileKind::Shell
                        | FileKind::JavaScript
                        | FileKind::PowerShell
                        | FileKind::Config
                )
            })
        {
            return Some(k);
        }
    }
    Some(match ext {
        "md" | "markdown" | "mdx" | "mdc" => FileKind::Markdown,
        "py" | "pyw" | "pyi" => FileKind::Python,
        "sh" | "bash" | "zsh" | "ksh" | "command" | "fish" | "zsh-theme" => FileKind::Shell,
        "js" | "mjs" | "cjs" | "jsx" | "ts" | "tsx" | "mts" | "cts" => FileKind::JavaScript,
        "ps1" | "psm1" | "psd1" | "bat" | "cmd" => FileKind::PowerShell,
        "json" | "json5" | "jsonc" | "yaml" | "yml" | "toml" | "ini" | "cfg" | "conf" | "env"
        | "plist" | "xml" | "service" | "timer" | "desktop" | "gradle" => FileKind::Config,
        "txt" | "csv" | "tsv" | "html" | "htm" | "css" | "rst" | "svg" | "tmpl" | "j2" => {
            FileKind::Text
        }
        "zip" | "tar" | "tgz" | "gz" | "bz2" | "xz" | "7z" | "rar" | "jar" | "whl" | "nupkg"
        | "docx" | "xlsx" | "pptx" => FileKind::Archive,
        "pyc" | "pyo" | "class" | "wasm" => FileKind::Bytecode,
        "exe" | "dll" | "so" | "dylib" | "bin" | "elf" | "o" | "a" | "msi" | "dmg" | "app" => {
            FileKind::Binary
        }
        "png" | "jpg" | "jpeg" | "gif" | "webp" | "ico" | "pdf" | "ttf" | "otf" | "woff"
        | "woff2" | "mp3" | "mp4" | "wav" => FileKind::Other,
        _ => {
            if name == "dockerfile" || name == "makefile" || name.starts_with(".env") {
                FileKind::Config
            } else {
                return None;
            }
        }
    })
}

fn by_magic(bytes: &[u8]) -> Option<FileKind> {
    let b = bytes;
    if b.starts_with(b"\x7fELF")
        || b.starts_with(b"MZ")
        || b.starts_with(&[0xfe, 0xed, 0xfa, 0xce])
        || b.starts_with(&[0xfe, 0xed, 0xfa, 0xcf])
        || b.starts_with(&[0xce, 0xfa, 0xed, 0xfe])
        || b.starts_with(&[0xcf, 0xfa, 0xed, 0xfe])
        || b.starts_with(&[0xca, 0xfe, 0xba, 0xbe])
    {
        return Some(FileKind::Binary);
    }
    if b.starts_with(b"PK\x03\x04")
        || b.starts_with(b"PK\x05\x06")
        || b.starts_with(&[0x1f, 0x8b])
        || b.starts_with(b"7z\xbc\xaf\x27\x1c")
        || b.starts_with(b"Rar!")
        || b.starts_with(b"BZh")
        || b.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0])
        || (b.len() > 262 && &b[257..262] == b"ustar")
    {
        return Some(FileKind::Archive);
    }
    if b.starts_with(b"\0asm") {
        return Some(FileKind::Bytecode);
    }
    // CPython .pyc: 2-byte magic number followed by "\r\n".
    if b.len() >= 16 && b[2] == b'\r' && b[3] == b'\n' && b[1] < 0x10 && b[0] != 0 {
        return Some(FileKind::Bytecode);
    }
    None
}

/// The parsed language a `#!` line names (`shebang.rs`, the one table); a
/// token-level one (`ruby`, `perl`) leaves the file text, read by its
/// scanners through `shebang::token_ext_of_text`.
fn by_shebang(text: &str) -> Option<FileKind> {
    super::shebang::kind_of_text(text)
}

/// Git's own data files (loose objects, packs, pack indexes, the index),
/// checked by their signature: they hold only what their name says. Any
/// other file under `.git/` (hooks, config) is classified like any file.
fn git_data(rel: &str, bytes: &[u8]) -> bool {
    let in_git = |p: &str| rel.starts_with(p) || rel.contains(&format!("/{p}"));
    (in_git(".git/objects/")
        && (bytes.first() == Some(&0x78)
            || bytes.starts_with(b"PACK")
            || bytes.starts_with(b"\xfftOc")))
        || (in_git(".git/index") && bytes.starts_with(b"DIRC"))
}

fn looks_binary(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(8192)];
    if head.contains(&0) {
        return true;
    }
    // Mostly non-text control bytes.
    let ctrl = head
        .iter()
        .filter(|&&c| c < 0x09 || (c > 0x0d && c < 0x20))
        .count();
    !head.is_empty() && ctrl * 10 > head.len()
}

/// Classifies and decodes one file. `size` is the on-disk size (the bytes may
/// be a capped prefix).
pub fn make_file(rel: &str, bytes: &[u8], size: u64) -> SkillFile {
    if git_data(rel, bytes) {
        return SkillFile {
            rel: rel.to_string(),
            kind: FileKind::Other,
            size,
            text: String::new(),
            lossy: false,
            raw: Vec::new(),
            claimed: None,
            sha256: sha256(bytes),
        };
    }
    // A UTF-16 text file with a byte-order mark (Windows `desktop.ini`,
    // PowerShell output) is text: read it decoded, keep the hash of the
    // bytes on disk.
    if let Some(text) = utf16_text(bytes) {
        let mut f = make_file(rel, text.as_bytes(), size);
        f.sha256 = sha256(bytes);
        return f;
    }
    let ext_kind = by_extension(rel);
    let magic = by_magic(bytes);
    let mut claimed = None;
    let kind = match (ext_kind, magic) {
        (Some(k), Some(m)) if k != m => {
            // Content wins: an ELF named `.sh` is a binary posing as a script.
            // Office files are zips; keep them as archives silently.
            if k.is_text() && k != FileKind::Other {
                claimed = Some(k);
            }
            m
        }
        (_, Some(m)) => m,
        (Some(k), None) if k.is_text() && k != FileKind::Other && looks_binary(bytes) => {
            claimed = Some(k);
            FileKind::Binary
        }
        (Some(k), None) => k,
        (None, None) => {
            if looks_binary(bytes) {
                FileKind::Binary
            } else {
                let (t, _) = decode_lossy(&bytes[..bytes.len().min(256)]);
                by_shebang(&t).unwrap_or(FileKind::Text)
            }
        }
    };
    // The shebang outranks a non-script extension: `setup.txt` or
    // `setup.png` starting `#!/bin/sh` is a shell script to whoever runs
    // it. A text file with an image or font extension keeps its text, so a
    // runner named in SKILL.md can still have it analysed (`runner.rs`).
    let plain_text = magic.is_none() && !looks_binary(bytes);
    let kind = match kind {
        FileKind::Text | FileKind::Config | FileKind::Other if plain_text => {
            let (t, _) = decode_lossy(&bytes[..bytes.len().min(256)]);
            by_shebang(&t).unwrap_or(kind)
        }
        k => k,
    };
    // --- hardening (issue 6) --- A file named as a script whose content
    // looks binary (one NUL, control bytes, `MZ` or the weak .pyc
    // signature) keeps its text, so the claimed language is still analysed:
    // one bad byte must not hide a payload from the script's extractor.
    let keep_text = claimed.is_some_and(FileKind::is_script);
    // --- end hardening ---
    let (text, lossy) = if (kind.is_text() && kind != FileKind::Other)
        || keep_text
        || (kind == FileKind::Other && plain_text)
    {
        decode_lossy(bytes)
    } else {
        (String::new(), false)
    };
    let raw = if matches!(
        kind,
        FileKind::Archive | FileKind::Bytecode | FileKind::Binary
    ) {
        bytes.to_vec()
    } else {
        Vec::new()
    };
    SkillFile {
        rel: rel.to_string(),
        kind,
        size,
        text,
        lossy,
        raw,
        claimed,
        sha256: sha256(bytes),
    }
}

/// The text of a UTF-16 file that starts with a byte-order mark, when it
/// decodes to text (no NUL, at most 1 in 50 control or undecodable
/// characters). A binary behind a BOM stays binary.
fn utf16_text(bytes: &[u8]) -> Option<String> {
    let le = match bytes.get(..2)? {
        [0xff, 0xfe] => true,
        [0xfe, 0xff] => false,
        _ => return None,
    };
    // `FF FE 00 00` is the UTF-32 mark, not UTF-16 text.
    if le && bytes.get(2..4) == Some(&[0, 0]) {
        return None;
    }
    let units: Vec<u16> = bytes[2..]
        .chunks_exact(2)
        .map(|c| {
            if le {
                u16::from_le_bytes([c[0], c[1]])
            } else {
                u16::from_be_bytes([c[0], c[1]])
            }
        })
        .collect();
    let text = String::from_utf16_lossy(&units);
    let total = text.chars().count();
    let bad = text
        .chars()
        .filter(|&c| {
            c == '\u{fffd}'
                || c == '\0'
                || (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c'))
        })
        .count();
    (total > 0 && !text.contains('\0') && bad * 50 <= total).then_some(text)
}

fn sha256(bytes: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).into()
}

#[cfg(test)]
mod tests {
    #[test]
    fn rendered_names_and_dollar_escapes() {
        use super::{rendered_name, rendered_text};
        assert_eq!(rendered_name("ci.yml.tpl"), "ci.yml");
        assert_eq!(rendered_name("Makefile.j2"), "Makefile");
        assert_eq!(rendered_name("crontab.template"), "crontab");
        assert_eq!(rendered_name(".env.example"), ".env");
        assert_eq!(rendered_name("x.tmpl"), "x");
        assert_eq!(rendered_name(".tpl"), ".tpl");
        assert_eq!(rendered_name("run.sh"), "run.sh");
        let t = "env:\n  S: $${{ toJSON(secrets) }}\nrun: k=$$(date) $$HOME $$ 5$$\n";
        let r = rendered_text("templates/ci.yml.tpl", t).unwrap();
        assert_eq!(
            r,
            "env:\n  S: ${{ toJSON(secrets) }} \nrun: k=$(date) $HOME $$ 5$$  \n"
        );
        assert_eq!(r.len(), t.len());
        assert_eq!(r.lines().count(), t.lines().count());
        // Not a template, or no escape: nothing to render.
        assert_eq!(rendered_text("ci.yml", t), None);
        assert_eq!(
            rendered_text("ci.yml.j2", "run: echo ${{ secrets.X }}\n"),
            None
        );
    }

    use super::*;

    #[test]
    fn utf16_text_with_a_bom_is_text_and_a_binary_behind_one_is_not() {
        let mut ini = vec![0xff, 0xfe];
        for u in "\r\n[.ShellClassInfo]\r\nIconResource=x.ico,0\r\n".encode_utf16() {
            ini.extend(u.to_le_bytes());
        }
        let f = make_file("desktop.ini", &ini, ini.len() as u64);
        assert_ne!(f.kind, FileKind::Binary);
        assert!(f.text.contains("[.ShellClassInfo]"), "{:?}", f.text);
        assert_eq!(f.claimed, None);
        // An ELF behind a UTF-16 mark: control characters, still binary.
        let mut elf = vec![0xff, 0xfe];
        elf.extend(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0\x3e\0");
        let g = make_file("desktop.ini", &elf, elf.len() as u64);
        assert_eq!(g.kind, FileKind::Binary);
    }

    #[test]
    fn elf_named_sh_is_binary_posing_as_script() {
        let f = make_file("scripts/run.sh", b"\x7fELF\x02\x01\x01\0\0\0", 10);
        assert_eq!(f.kind, FileKind::Binary);
        assert_eq!(f.claimed, Some(FileKind::Shell));
    }

    #[test]
    fn shebang_decides_extensionless_scripts() {
        assert_eq!(
            make_file("bin/tool", b"#!/usr/bin/env python3\nprint(1)\n", 30).kind,
            FileKind::Python
        );
        assert_eq!(
            make_file("bin/x", b"#!/bin/bash\necho\n", 17).kind,
            FileKind::Shell
        );
    }

    #[test]
    fn a_shebang_outranks_a_non_script_extension() {
        for rel in [
            "scripts/setup.txt",
            "scripts/setup.cfg",
            "scripts/setup.png",
        ] {
            let f = make_file(rel, b"#!/bin/sh\ncurl x | sh\n", 22);
            assert_eq!(f.kind, FileKind::Shell, "{rel}");
        }
        // A text file with an image extension keeps its text for a runner.
        let f = make_file("a.png", b"curl x | sh\n", 12);
        assert_eq!(f.kind, FileKind::Other);
        assert!(f.text.contains("curl"));
        // A real image stays opaque.
        let f = make_file("b.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
        assert!(f.text.is_empty());
    }

    #[test]
    fn invalid_utf8_is_decoded_lossily() {
        let f = make_file("a.sh", b"echo \xff hi\n", 11);
        assert_eq!(f.kind, FileKind::Shell);
        assert!(f.lossy);
        assert!(f.text.contains("hi"));
    }
}
