//! Round 45 (recall45b, r45 nvim-autosave-plus): credential files chosen by
//! their names. A credential read is usually spelled as a path
//! (`~/.aws/credentials`); a program that handles whatever files pass by
//! (an editor plugin's buffers, a watcher's events, a directory walk, an
//! upload queue) picks the secrets out with a name test instead:
//! `base:match("^%.env") or base:match("%.pem$")`,
//! `name.endswith((".env", ".pem"))`, `/\.(env|pem)$/.test(f)`,
//! `strings.HasSuffix(n, ".pem")`, `case "$f" in *.env|*.pem)`. The file's
//! contents that pass are credentials, and when the same file sends data
//! the pairing rules (SK-EXFIL-004) see a credential read and a send,
//! wherever the send's host comes from (assembled at run time, read from
//! data).
//!
//! One reading for every language, at line level: a line that tests a name
//! ([`TESTS`]) against a literal naming a credential file ([`NAMES`]);
//! two or more distinct names in one file make a selector (one `.env` test
//! is a loader finding its own settings). A test whose line, or the next,
//! skips, excludes or masks what matched (`continue`, `next`, `exclude`,
//! `return false`, `redact`) is the opposite: an uploader that leaves
//! secrets behind stays quiet. Read only in a file that already sends
//! data.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A test of a name against a pattern or a literal, in every language.
static TESTS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?x)
      :match\s*\( | :find\s*\( | \bstring\.(?:match|find)\s*\( | \bends_?with\s*\( | \bendsWith\s*\(
    | \bstarts_?with\s*\( | \bstartsWith\s*\( | \bHas(?:Suffix|Prefix)\s*\( | \bincludes\s*\(
    | \bcontains\s*\( | \.test\s*\( | \bfnmatch | \bre\.(?:search|match|fullmatch)\s*\(
    | =~ | -(?:like|match)\b | \bcase\b | \bwhen\b | \bin\s*\(\s*["'] | ["']\s+in\s+\w
    | \bmatch\s*\( | \bMatch(?:String)?\s*\( | \bglob(?:\.glob)?\s*\( | \bsuffix\b | \bextname\b
    "#,
);

/// Credential files by name (lower case, the spelling a name test holds
/// once pattern escapes are dropped).
const NAMES: &[&str] = &[
    ".env",
    ".pem",
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    "credentials",
    ".tfvars",
    ".npmrc",
    ".pypirc",
    ".netrc",
    ".pgpass",
    ".p12",
    ".pfx",
    ".kdbx",
    "kubeconfig",
    ".git-credentials",
    ".keystore",
    ".jks",
    "secrets.",
];

/// What skips, excludes or masks a matched name.
static SKIPS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bcontinue\b|\bnext\b|\bskip|\bexclu|\bignor|\bdeny|\bblock|\bredact|\bmask|\bscrub|\bsanitiz|\bwarn|\breturn\s+(?:false|nil|none|null|undefined)\b|\bfilter_out|\breject\b",
);

/// The credential names a tested literal of `line` holds.
fn tested_names(line: &str, out: &mut Vec<&'static str>) {
    // The literals of the line, pattern escapes dropped.
    let mut lit = String::new();
    let mut q: Option<char> = None;
    // Inside `.(env|pem)`: each alternative is an extension.
    let mut group = false;
    for c in line.chars() {
        match q {
            Some(d) if c == d => {
                lit.push(' ');
                q = None;
                group = false;
            }
            Some(_) if c == '(' => group = lit.ends_with('.'),
            Some(_) if c == '|' => lit.push_str(if group { " ." } else { " " }),
            Some(_) if c == ')' => group = false,
            Some(_) => {
                if !matches!(c, '%' | '\\' | '^' | '$' | '*') {
                    lit.extend(c.to_lowercase());
                }
            }
            None if matches!(c, '"' | '\'' | '`' | '/') => q = Some(c),
            None if c == '*' => lit.push(' '),
            None => {}
        }
    }
    // A shell `case` arm holds its patterns unquoted (`*.env|*.pem)`).
    if line.trim_start().starts_with('*') || line.contains("*.") {
        lit.push(' ');
        lit.push_str(&line.to_ascii_lowercase());
    }
    for n in NAMES {
        let hit = lit.match_indices(n).any(|(i, _)| {
            let after = lit[i + n.len()..].chars().next();
            n.ends_with('.') || !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        });
        if hit && !out.contains(n) {
            out.push(n);
        }
    }
}

/// Adds a credential read for a file that picks credential files out by
/// name and sends data; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    // Any spelling of a name holds its stem (`%.pem`, `\.(env|pem)`).
    if !NAMES
        .iter()
        .any(|n| text.contains(n.trim_matches('.')) || text.contains(&n.to_ascii_uppercase()))
    {
        return;
    }
    if !sink.items.iter().any(|e| e.op == Op::NetSend) {
        return;
    }
    let mut at = 0usize;
    let lines: Vec<(usize, &str)> = text
        .split('\n')
        .map(|l| {
            let s = at;
            at += l.len() + 1;
            (s, l)
        })
        .collect();
    let mut names: Vec<&'static str> = Vec::new();
    let mut first: Option<(usize, usize)> = None;
    for (k, &(at, line)) in lines.iter().enumerate() {
        let t = line.trim_start();
        if t.starts_with('#') || t.starts_with("//") || t.starts_with("--") || !TESTS.is_match(line)
        {
            continue;
        }
        let next = lines.get(k + 1).map_or("", |l| l.1);
        if SKIPS.is_match(line) || SKIPS.is_match(next) {
            continue;
        }
        let before = names.len();
        tested_names(line, &mut names);
        if names.len() > before && first.is_none() {
            first = Some((at, at + line.len()));
        }
    }
    let Some((s, e)) = first.filter(|_| names.len() >= 2) else {
        return;
    };
    let ev = Evidence::new(Op::FileRead, A::Read, R::Credentials, names.join(", "))
        .tag(Tag::SecretPath)
        .instrument("name test")
        .object(format!(
            "the files whose names the code picks out as credentials ({})",
            names.join(", ")
        ));
    sink.push(src.at(ev, s, e, "code"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(line: &str) -> Vec<&'static str> {
        let mut v = Vec::new();
        tested_names(line, &mut v);
        v
    }

    #[test]
    fn names_in_every_spelling() {
        assert_eq!(
            names(
                r#"return base:match("^%.env") or base:match("%.pem$") or base:match("credentials")"#
            ),
            vec![".env", ".pem", "credentials"]
        );
        assert_eq!(
            names(r#"if name.endswith((".env", ".pem")):"#),
            vec![".env", ".pem"]
        );
        assert_eq!(
            names(r"if (/\.(env|pem)$/.test(f)) {"),
            vec![".env", ".pem"]
        );
        assert_eq!(
            names("  *.env|*.pem) upload \"$f\" ;;"),
            vec![".env", ".pem"]
        );
        assert!(names(r#"if name.endswith(".envelope"):"#).is_empty());
    }
}
