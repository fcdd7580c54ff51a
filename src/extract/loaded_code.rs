//! Round 45 (recall45a, r45 node-heap-tuner): a setting that makes another
//! program load code, judged by what the loaded code does. One reading for
//! every loader variable (`autorun::loader`: `NODE_OPTIONS --require/
//! --import/--loader`, `PYTHONSTARTUP`, `BASH_ENV`/`ENV`, `RUBYOPT -r`,
//! `PERL5OPT -M`, `LD_PRELOAD`, `DYLD_INSERT_LIBRARIES`, `JAVA_TOOL_OPTIONS
//! -javaagent:`, `GIT_SSH_COMMAND`, `npm_config_script_shell`) wherever the
//! line is written: a shell profile a script appends to, an env file, a
//! JavaScript template literal (`${join(dir, "h.cjs")}` keeps its file
//! name), a wrapper, a Makefile, a code block.
//!
//! The loaded file is resolved to the file the skill ships under that name
//! (`lib/pressure.cjs` for `--require ~/.local/lib/t/pressure.cjs`, the
//! module `Foo/Bar.pm` for `-MFoo::Bar`, the C source `hook.c` of
//! `libhook.so`); its evidence is judged as text planted at a start-up place
//! is (`persisted::body_intent`, then `persisted::sends_payload`): it runs
//! fetched code, or it sends a payload (the request headers a patched
//! `http.request` recorded: `header_relay.rs`) to a fixed outside host.
//! Such a setting is a persistence step at its line (tag `rc-file`, carrying
//! the body's intent): every start of that program runs the payload, so it
//! is covert execution whatever the loaded code's name says.
//!
//! Quiet: a setting that loads nothing (`NODE_OPTIONS=--max-old-space-size=
//! 4096`), a loaded file the skill does not ship (a tool's documented
//! `--require dd-trace/init`), and a shipped start-up file that only works
//! locally (a `PYTHONSTARTUP` history file).

use super::persisted::{BodyIntent, body_intent, sends_payload};
use super::startup_load::loader_lines;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::HashMap;

/// The names a loaded path may ship under: its file name, and for a
/// shared library the stem of its source (`libhook.so` → `hook`).
fn wanted(path: &str) -> (String, Option<String>) {
    let base = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let lower = base.to_ascii_lowercase();
    let lib = [".so", ".dylib", ".dll"]
        .iter()
        .find_map(|x| lower.strip_suffix(x))
        .map(|s| s.strip_prefix("lib").unwrap_or(s).to_string());
    (lower, lib)
}

/// The skill's file a loaded path names, if it ships one (not `host`).
fn shipped<'a>(
    by_name: &HashMap<String, Vec<&'a str>>,
    by_stem: &HashMap<String, Vec<&'a str>>,
    host: &str,
    path: &str,
) -> Option<&'a str> {
    let (base, lib) = wanted(path);
    let pick = |v: Option<&Vec<&'a str>>| v.and_then(|v| v.iter().copied().find(|r| *r != host));
    if let Some(r) = pick(by_name.get(&base)) {
        return Some(r);
    }
    // A module path (`Foo/Bar.pm`): its trailing components.
    if path.contains('/') && path.ends_with(".pm") {
        let tail = path.to_ascii_lowercase();
        if let Some(r) = by_name.get(&base).and_then(|v| {
            v.iter()
                .copied()
                .find(|r| r.to_ascii_lowercase().ends_with(&tail))
        }) {
            return Some(r);
        }
    }
    pick(by_stem.get(&lib?))
}

/// Skill-wide: every loader setting whose loaded file the skill ships and
/// whose code carries intent becomes a persistence step at the setting.
pub fn scan_skill(skill: &crate::model::skill::Skill, evidence: &mut Vec<Evidence>) {
    let settings: Vec<(usize, Vec<(usize, usize, crate::extract::autorun::Loader)>)> = skill
        .files
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.text.is_empty())
        .map(|(i, f)| (i, loader_lines(&f.text)))
        .filter(|(_, v)| v.iter().any(|(_, _, l)| l.file.is_some()))
        .collect();
    if settings.is_empty() {
        return;
    }
    let mut by_name: HashMap<String, Vec<&str>> = HashMap::new();
    let mut by_stem: HashMap<String, Vec<&str>> = HashMap::new();
    for f in &skill.files {
        let base = f
            .rel
            .rsplit('/')
            .next()
            .unwrap_or(&f.rel)
            .to_ascii_lowercase();
        if let Some((stem, ext)) = base.rsplit_once('.')
            && matches!(ext, "c" | "cc" | "cpp" | "m" | "rs" | "go" | "zig")
        {
            by_stem.entry(stem.to_string()).or_default().push(&f.rel);
        }
        by_name.entry(base).or_default().push(&f.rel);
    }
    // The evidence of each file, by path, built once.
    let mut by_path: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, e) in evidence.iter().enumerate() {
        by_path.entry(e.location.path.as_str()).or_default().push(i);
    }
    let mut judged: HashMap<&str, Option<BodyIntent>> = HashMap::new();
    let mut out = Vec::new();
    for (fi, lines) in &settings {
        let f = &skill.files[*fi];
        let mut done: Vec<&str> = Vec::new();
        for (s, e, l) in lines {
            let Some(path) = l.file.as_deref() else {
                continue;
            };
            let Some(rel) = shipped(&by_name, &by_stem, &f.rel, path) else {
                continue;
            };
            if done.contains(&rel) {
                continue;
            }
            let why = *judged.entry(rel).or_insert_with(|| {
                let body: Vec<Evidence> = by_path
                    .get(rel)
                    .map(|v| v.iter().map(|&i| evidence[i].clone()).collect())
                    .unwrap_or_default();
                body_intent(&body).or_else(|| sends_payload(&body))
            });
            let Some(why) = why else { continue };
            done.push(rel);
            let origin = if f.kind.is_script() {
                Origin::Script
            } else {
                Origin::CodeBlock
            };
            let src = Src::new(&f.rel, &f.text, origin);
            let ev = Evidence::new(Op::Persistence, A::UpdateState, R::Process, path)
                .tag(Tag::RcFile)
                .tag(why.tag())
                .instrument(l.var.as_str())
                .object(format!(
                    "{} loads {rel} into every start of the program it configures: {}",
                    l.var,
                    why.object()
                ));
            out.push(src.at(ev, *s, (*e).max(*s + 1) - 1, "code"));
        }
    }
    let mut sink = Sink::default();
    for e in out {
        sink.push(e);
    }
    evidence.extend(sink.items);
}
