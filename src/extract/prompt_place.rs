//! Round 34: a program of the skill's own installed where the system asks
//! the user for a secret. The places, one table for every file type
//! ([`PLACES`]): `SUDO_ASKPASS`/`SSH_ASKPASS`/`GIT_ASKPASS` set in a shell,
//! an env file, PowerShell (`$env:`), Python (`os.environ[...] =`) or
//! JavaScript (`process.env.X =`); git `core.askPass` and
//! `credential.helper` (config files and `git config` lines);
//! `pinentry-program` in gpg-agent.conf; PAM `pam_exec.so expose_authtok`.
//! Whatever that program reads is the password the user types (sudo's,
//! an SSH key's passphrase, a GPG passphrase, a git token), so it is a
//! credential read in the program's file whose value reaches every send
//! of that file and every file it writes: posted to a stranger it is
//! SK-EXFIL-001, kept in a log it is a credential read.
//!
//! The program is the skill's own when its file name is a file the skill
//! ships (`assets/pinentry-auto` installed as `~/.local/libexec/pinentry-auto`)
//! or one a skill file writes (`cat > "$DIR/askpass" <<'EOF'`, then that
//! writer's text is the program), or when a credential helper is inline
//! shell (`!f() { …; }; f`, in the file that sets it). A real prompt or
//! store (`ksshaskpass`, `pinentry-mac`, `osxkeychain`, `manager`) is not
//! a file of the skill and gives nothing. One linear pass per file.

use super::Src;
use super::indicators::{is_local_host, url_host};
use crate::evidence::{Evidence, Op, Origin};
use crate::model::skill::Skill;
use crate::rx::Lazy;
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// The places, with the program in group `p` (a path or an inline `!`
/// helper up to the end of the line).
static PLACES: Lazy = Lazy::new(
    r#"(?im)\b(?P<w>(?:SUDO|SSH|GIT)_ASKPASS)\b["']?\]?\s*(?::?=|\s)\s*\\?["']?(?P<p>[^"'\s;`)]+)|\b(?P<w2>core\.askpass|askpass)\s*=?\s+["']?(?P<p2>[^"'\s;`]+)|^\s*(?P<w3>pinentry-program)\s+["']?(?P<p3>[^"'\s]+)|\b(?P<w4>credential(?:\.[\w.:/-]+)?\.helper|^\s*helper)\s*=?\s*["']?(?P<p4>![^\n]+|[^"'\s!][^"'\s]*)|\b(?P<w5>pam_exec\.so)\b[^\n]*?\bexpose_authtok\b[^\n]*?\s(?P<p5>/[^\s"']+)"#,
);

/// A file a skill file writes: a redirect, `tee`, `install`/`cp` target,
/// `open(...)`/`writeFile` of a literal path (group `t`).
static WRITTEN: Lazy = Lazy::new(
    r#"(?m)(?:>>?|\btee\s+(?:-a\s+)?|\b(?:install|cp)\b[^\n]*\s)\s*["']?(?P<t>[^\s"'<>|&;]+)["']?|\b(?:writeFileSync|writeFile|open|write_text|Set-Content|Out-File)\b[^\n]*?["'](?P<t2>[^"'\s]+)["']"#,
);

/// Sends in an inline helper: the helper is a program of its own file.
static INLINE_SEND: Lazy = Lazy::new(
    r"(?i)\b(?:curl|wget|nc|ncat|Invoke-RestMethod|Invoke-WebRequest|fetch|requests\.post)\b",
);

/// The last path segment of a program value, `$VAR/`, `~/` and quotes gone.
fn base(p: &str) -> &str {
    let p = p.trim_matches(|c| matches!(c, '"' | '\'' | '{' | '}'));
    p.rsplit(['/', '\\']).next().unwrap_or(p)
}

/// A base name specific enough to name one program (`askpass`,
/// `pinentry-auto`, `git-cred.sh`), not a variable or a bare word.
fn specific(b: &str) -> bool {
    b.len() >= 4 && !b.starts_with('$') && !b.contains('$') && !b.ends_with(".md")
}

/// Sends whose host is not this machine (or is not known).
fn outside_send(e: &Evidence) -> bool {
    matches!(e.op, Op::NetSend | Op::SocketConnect)
        && url_host(&e.target.to_ascii_lowercase()).is_none_or(|h| !is_local_host(&h))
}

/// One installed program: the place word, the installing file and offset.
type Install = (String, String, usize);

/// The skill-wide pass (after every file's evidence is in `evidence`).
pub fn scan_skill(skill: &Skill, evidence: &mut Vec<Evidence>) {
    // Program base name -> where it is installed (the first place).
    let mut wanted: std::collections::BTreeMap<String, Install> = Default::default();
    // (program file, install)
    let mut places: Vec<(String, Install)> = Vec::new();
    for f in &skill.files {
        if f.text.is_empty() || !PLACES.is_match(&f.text) {
            continue;
        }
        // The variable fallback runs once per file (linear in its files).
        let mut by_var = false;
        for c in PLACES.captures_iter(&f.text) {
            let (Some(w), Some(p)) = (
                ["w", "w2", "w3", "w4", "w5"].iter().find_map(|g| c.name(g)),
                ["p", "p2", "p3", "p4", "p5"].iter().find_map(|g| c.name(g)),
            ) else {
                continue;
            };
            let at = w.start();
            if super::token_calls::in_comment_line(&f.text, at) {
                continue;
            }
            let install = (w.as_str().to_string(), f.rel.clone(), at);
            let prog = p.as_str().trim();
            if prog.starts_with('!') {
                if INLINE_SEND.is_match(prog) {
                    places.push((f.rel.clone(), install));
                }
                continue;
            }
            let b = base(prog);
            if specific(b) {
                wanted.entry(b.to_string()).or_insert(install);
            } else if prog.contains('$') && !by_var {
                by_var = true;
                // A variable (`"${dst}"`): a file the skill ships that the
                // installing file names is the program it set there.
                for g in &skill.files {
                    let gb = base(&g.rel);
                    if g.rel != f.rel
                        && g.rel != skill.manifest_path
                        && specific(gb)
                        && crate::text::has_word(&f.text, gb)
                    {
                        wanted
                            .entry(gb.to_string())
                            .or_insert_with(|| install.clone());
                    }
                }
            }
        }
    }
    if !wanted.is_empty() {
        for g in &skill.files {
            if g.rel == skill.manifest_path {
                continue;
            }
            if let Some(i) = wanted.get(base(&g.rel)) {
                places.push((g.rel.clone(), i.clone()));
                continue;
            }
            let written = WRITTEN.captures_iter(&g.text).find_map(|t| {
                let t = t.name("t").or_else(|| t.name("t2"))?;
                wanted.get(base(t.as_str()))
            });
            if let Some(i) = written {
                places.push((g.rel.clone(), i.clone()));
            }
        }
    }
    places.sort();
    places.dedup_by(|a, b| a.0 == b.0);
    for (prog, (word, installer, at)) in places {
        let outs: Vec<usize> = (0..evidence.len())
            .filter(|&i| {
                let e = &evidence[i];
                e.location.path == prog && (outside_send(e) || e.op == Op::FileWrite)
            })
            .collect();
        if outs.is_empty() {
            continue;
        }
        let Some(file) = skill.files.iter().find(|g| g.rel == installer) else {
            continue;
        };
        let binding = format!("$prompt_place_{}", evidence.len());
        let mut read = Evidence::new(Op::FileRead, A::Read, R::Credentials, "typed password")
            .object(format!(
                "the password typed at the system prompt ({word} set to {prog}, the skill's own program)"
            ))
            .instrument(word.clone());
        read.output = Some(binding.clone());
        let end = file.text[at..]
            .find('\n')
            .map_or(file.text.len(), |n| at + n);
        let src = Src::new(&file.rel, &file.text, Origin::Script);
        let read = src.at(read, at, end, "code");
        for i in outs {
            evidence[i].inputs.push(binding.clone());
        }
        evidence.push(read);
    }
}
