//! Round 23: a script that edits a project manifest to add a lifecycle
//! hook. Code that reads, changes and writes back the user's
//! `package.json` (or `composer.json`) and sets one of its install-time
//! hooks (`preinstall`, `install`, `postinstall`, `prepare`, composer's
//! `post-install-cmd`/`post-update-cmd`/`post-autoload-dump`) plants a
//! command that runs on every later `npm install` of that project:
//! persistence (`Op::Persistence` on the codebase). The hook's value — a
//! literal, or the one literal the file assigns to the name it uses — is
//! read as the shell line the package manager runs (`Origin::Hook`), so a
//! hook that downloads and runs code is download-and-run, and the
//! persistence step is tagged `PersistsRemoteCode`.
//!
//! Read at text level for every language (JS `pkg.scripts.postinstall =
//! hook`, `scripts["postinstall"] = …`, Python `data["scripts"]
//! ["postinstall"] = HOOK`, Ruby `pkg["scripts"]["postinstall"] = …`, PHP
//! `$c['scripts']['post-install-cmd'] = …`, an object literal `{
//! postinstall: "…" }`). The file must name the manifest and write a file;
//! a script that only reads `scripts.postinstall` sets nothing.

use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A lifecycle hook set: capture 1 the hook, capture 2 the value's start.
static HOOK_SET: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?:\.|\[\s*["']|["'\s{,])(preinstall|install|postinstall|prepare|post-install-cmd|post-update-cmd|post-autoload-dump|pre-install-cmd)["']?\s*\]?\s*(?:=|:|=>)\s*([^=>\n].*)$"#,
);
/// The file writes a file back.
static WRITES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwriteFile(?:Sync)?\s*\(|\bwrite_text\s*\(|\bjson\.dump\s*\(|\bFile\.write\s*\(|\bfile_put_contents\s*\(|\bopen\s*\([^)\n]*['\x22]w|\bos\.WriteFile\s*\(|\bfs::write\s*\(|\bSet-Content\b|\bOut-File\b",
);
/// The manifest named.
static MANIFEST: crate::rx::Lazy = crate::rx::Lazy::new(r"\bpackage\.json\b|\bcomposer\.json\b");
/// A name assigned a string literal (`const hook = "…"`, `HOOK = '…'`).
static NAME: crate::rx::Lazy = crate::rx::Lazy::new(r"^\s*(?:\$?[A-Za-z_][\w$]*)");

/// The string literal at the start of `v`, unescaped (`"…"`, `'…'`,
/// `` `…` ``): the text the manifest will hold.
fn literal(v: &str) -> Option<String> {
    let v = v.trim_start();
    let q = v.chars().next().filter(|c| matches!(c, '"' | '\'' | '`'))?;
    let b = v.as_bytes();
    let mut i = 1;
    while i < b.len() {
        if b[i] == b'\\' {
            i += 2;
            continue;
        }
        if b[i] == q as u8 {
            let raw = &v[1..i];
            return Some(crate::extract::shell::dq_unescape(raw));
        }
        i += 1;
    }
    None
}

/// The one string literal `text` assigns to `name`.
fn assigned(text: &str, name: &str) -> Option<String> {
    let name = name.trim_start_matches('$');
    for line in text.lines() {
        let l = line.trim_start();
        let l = ["const ", "let ", "var ", "my ", "local ", "$"]
            .iter()
            .fold(l, |l, k| l.strip_prefix(k).unwrap_or(l));
        let Some(rest) = l.strip_prefix(name) else {
            continue;
        };
        let rest = rest.trim_start();
        let Some(v) = rest.strip_prefix(":=").or_else(|| rest.strip_prefix('=')) else {
            continue;
        };
        if v.starts_with('=') {
            continue;
        }
        if let Some(s) = literal(v) {
            return Some(s);
        }
    }
    None
}

/// Adds the hooks `src` plants in a manifest it writes; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("install") && !text.contains("prepare")
        || !MANIFEST.is_match(text)
        || !WRITES.is_match(text)
    {
        return;
    }
    let mut pos = 0;
    let mut found = 0;
    for line in text.split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        let Some(c) = HOOK_SET.captures(line.trim_end_matches(['\n', '\r'])) else {
            continue;
        };
        let (hook, value) = (&c[1], &c[2]);
        // A read or a comparison is not a set.
        if value.trim_start().starts_with('=') || line.trim_start().starts_with(['#', '/']) {
            continue;
        }
        let code = literal(value).or_else(|| {
            let n = NAME.find(value)?.as_str().trim();
            assigned(text, n)
        });
        let Some(code) = code.filter(|c| !c.trim().is_empty()) else {
            continue;
        };
        found += 1;
        if found > crate::limits::MANIFEST_HOOKS_MAX {
            crate::limits::gave_up("MANIFEST_HOOKS_MAX");
            return;
        }
        let end = start + line.trim_end().len();
        let before = sink.items.len();
        let sub = src.derived(&code, start, end, Origin::Hook);
        super::extract_code(Lang::Shell, &sub, sink);
        let remote = sink.items[before..]
            .iter()
            .any(|e| matches!(e.op, Op::DownloadExec | Op::NetFetch | Op::DynamicCode));
        let mut ev = Evidence::new(
            Op::Persistence,
            A::UpdateState,
            R::Codebase,
            format!("package manifest {hook} hook"),
        )
        .object(format!(
            "`{hook}` lifecycle hook written into a project manifest: it runs on every later install of that project"
        ))
        .instrument("manifest edit");
        // A hook that fetches code is planted like a repository hook
        // (SK-PRIV-004); a local command (`prepare: husky`) is recorded
        // without a finding of its own.
        if remote {
            ev.tags.insert(Tag::PersistsRemoteCode);
            ev.tags.insert(Tag::GitHook);
        }
        sink.push(src.at(ev, start, end, "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_and_assigned_values() {
        assert_eq!(literal(" \"a \\\"b\\\"\";").as_deref(), Some("a \"b\""));
        let t = "const hook = 'curl x | sh';\npkg.scripts.postinstall = hook;\n";
        assert_eq!(assigned(t, "hook").as_deref(), Some("curl x | sh"));
    }
}
