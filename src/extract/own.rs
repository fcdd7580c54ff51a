//! Writes into the agent's areas that belong to the skill itself.
//!
//! Installing a skill copies it into `<agent>/skills/<name>/`, and many
//! skills keep their API key in `<agent>/credentials/<name>/` or as
//! `NAME_API_KEY=` in the agent's `.env`. Such writes touch agent-managed
//! paths but do not plant instructions in the agent's memory or change its
//! configuration; they are tagged [`Tag::OwnInstall`] so memory-tampering
//! rules can tell them apart.

use crate::evidence::{Evidence, Op, Tag};
use crate::skill::{Manifest, Skill};
use regex::Regex;
use std::sync::LazyLock;

static SKILLS_DIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?:^|/)\.(?:openclaw|clawdbot|moltbot|claude|agents|codex|cursor)/(?:workspace/)?skills(?:/(.*))?$",
    )
    .expect("skills dir")
});
static CREDENTIALS_DIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:^|/)\.(?:openclaw|clawdbot|moltbot)/credentials/([^/]+)").expect("creds")
});
static AGENT_ENV: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^|/)\.(?:openclaw|clawdbot|moltbot)/\.env$").expect("env"));
static ENV_KEY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b([A-Z][A-Z0-9_]{2,})\s*=").expect("env key"));
/// A download or clone as the source of the copy.
static REMOTE_COPY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:curl|wget|iwr|invoke-webrequest|git\s+clone)\b").expect("remote copy")
});
/// The skill's own folder as a copy source.
static SELF_SOURCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\$\{?(?:SCRIPT_DIR|SKILL_DIR|DIR|BASE_DIR|ROOT)\b|\{baseDir\}|\$\(dirname|\$\(pwd\)",
    )
    .expect("self source")
});

/// Lower-case forms of the skill's own name: folder name, manifest name,
/// and both without packaging words (`-skill`, `openclaw-`, `-cli`,
/// version suffixes).
fn own_names(skill: &Skill, manifest: &Manifest) -> Vec<String> {
    static VERSION: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"[-_]v?\d+(?:[-_.]\d+)*$").expect("version"));
    let mut out: Vec<String> = Vec::new();
    for n in [Some(skill.dir_name.clone()), manifest.name()]
        .into_iter()
        .flatten()
    {
        let mut n = n.trim().to_lowercase();
        if n.is_empty() {
            continue;
        }
        out.push(n.clone());
        n = VERSION.replace(&n, "").into_owned();
        for p in ["openclaw-", "clawdbot-", "moltbot-", "claude-", "skill-"] {
            if let Some(r) = n.strip_prefix(p) {
                n = r.to_string();
            }
        }
        for s in ["-skills", "-skill", "_skill", "-cli", "-api", "-mcp"] {
            if let Some(r) = n.strip_suffix(s) {
                n = r.to_string();
            }
        }
        out.push(n);
    }
    out.retain(|n| n.len() >= 2);
    out.sort();
    out.dedup();
    out
}

/// Whether a path segment or word names the skill itself.
fn is_own(seg: &str, names: &[String]) -> bool {
    let seg = seg.trim().to_lowercase();
    let seg = seg
        .trim_end_matches(".md")
        .trim_end_matches(".skill")
        .trim_end_matches(".json");
    if seg.len() < 2 {
        return false;
    }
    names.iter().any(|n| {
        seg == n
            || (seg.len() >= 4 && n.contains(seg))
            || (n.len() >= 4 && seg.contains(n.as_str()))
    })
}

/// The source lines of a step: its line, plus a heredoc body that follows.
fn source_lines<'a>(skill: &'a Skill, e: &Evidence) -> String {
    let Some(f) = skill.files.iter().find(|f| f.rel == e.location.path) else {
        return e.snippet.clone();
    };
    let first = e.location.start_line.max(1) - 1;
    let mut out = String::new();
    for (i, l) in f.text.lines().skip(first).take(12).enumerate() {
        if i > 0 && !out.contains("<<") {
            break;
        }
        if i > 0 && l.trim() == "EOF" {
            break;
        }
        out.push_str(l);
        out.push('\n');
    }
    if out.is_empty() {
        e.snippet.clone()
    } else {
        out
    }
}

/// Tags writes that install the skill or store its own settings.
pub fn mark_own_writes(skill: &Skill, manifest: &Manifest, ev: &mut [Evidence]) {
    let names = own_names(skill, manifest);
    if names.is_empty() {
        return;
    }
    let declared = manifest.declared_env();
    for e in ev.iter_mut() {
        if e.op != Op::FileWrite || !(e.has(Tag::AgentConfig) || e.has(Tag::AgentMemory)) {
            continue;
        }
        let t = e.target.replace('\\', "/");
        let own = if let Some(c) = SKILLS_DIR.captures(&t) {
            let rest = c.get(1).map(|m| m.as_str()).unwrap_or("");
            match rest.split('/').find(|s| !s.is_empty()) {
                Some(seg) => is_own(seg, &names),
                // `cp -r <own-dir> ~/.claude/skills/`: the copy names the skill.
                None => {
                    let line = source_lines(skill, e);
                    SELF_SOURCE.is_match(&line)
                        || line
                            .split(|c: char| {
                                !(c.is_alphanumeric() || c == '-' || c == '_' || c == '.')
                            })
                            .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("skills"))
                            .any(|w| is_own(w, &names))
                }
            }
        } else if let Some(c) = CREDENTIALS_DIR.captures(&t) {
            is_own(&c[1], &names)
        } else if AGENT_ENV.is_match(&t) {
            // `echo "OWNPREFIX_URL=…" >> ~/.clawdbot/.env`.
            let line = source_lines(skill, e);
            let keys: Vec<&str> = ENV_KEY
                .captures_iter(&line)
                .map(|c| c.get(1).map_or("", |m| m.as_str()))
                .collect();
            !keys.is_empty()
                && keys.iter().all(|k| {
                    declared.iter().any(|d| d == k)
                        || k.split('_')
                            .next()
                            .is_some_and(|p| p.len() >= 3 && is_own(p, &names))
                })
        } else {
            false
        };
        if own {
            e.tags.insert(Tag::OwnInstall);
            // `curl https://vendor/skill.md > ~/.openclaw/skills/<own>/SKILL.md`:
            // a self-update from an unpinned URL.
            if SKILLS_DIR.is_match(&t) && REMOTE_COPY.is_match(&source_lines(skill, e)) {
                e.tags.insert(Tag::RemoteInstructions);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &str) -> Vec<String> {
        let skill = Skill::from_memory(dir, &[("SKILL.md", b"---\nname: x\n---\n")]);
        let m = Manifest::parse(&skill.files[0].text);
        own_names(&skill, &m)
    }

    #[test]
    fn own_name_variants() {
        let n = names("pltr-cli");
        assert!(is_own("pltr", &n));
        assert!(!is_own("other", &n));
        let n = names("verify-on-browser-1-0-0");
        assert!(is_own("browser.md", &n));
        let n = names("pocket-casts-yt");
        assert!(is_own("pocket-casts", &n));
        assert!(!is_own("slack", &n));
    }
}
