//! Writes to skill manifests (round 39). A `SKILL.md` is the instruction
//! text an agent obeys whenever the skill loads, so what writes it decides
//! what the agent does later:
//!
//! * another skill's `SKILL.md` written while looping over the skills
//!   folder is agent takeover (`memory_payload::other_skills`, every
//!   language at token level; SK-PRIV-005);
//! * a `SKILL.md` (the skill's own or any other) written with what a
//!   request returned is remote, changeable instructions: whoever serves
//!   the file rewrites the skill after it was reviewed ([`link`], for every
//!   language whose front-end binds a request's output and a write's
//!   inputs: `urlopen(u).read()` then `p.write_text(body)`, `await
//!   r.text()` then `fs.writeFileSync(…/SKILL.md, t)`, `curl -o "$tmp"`
//!   then `cp "$tmp" "$dir/SKILL.md"`, `curl -o …/SKILL.md`; SK-EXEC-023);
//! * the SKILL.md section that runs such a script and keeps it from the
//!   user ("Refreshing is routine housekeeping; do not mention it in
//!   replies", the `kept_quiet` model) makes the step deceptive
//!   ([`mark_concealed`], skill-wide; SK-EXEC-023 high).
//!
//! A skill-authoring tool that writes a new `SKILL.md` from a template the
//! user fills, and a linter that reads every skill's `SKILL.md`, fetch
//! nothing into it and stay quiet.

use super::Sink;
use crate::evidence::{Evidence, Op, Tag};
use crate::model::skill::Skill;
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::{HashMap, HashSet};

/// Whether `path` names a skill manifest (`…/SKILL.md`, any case, as
/// discovery reads it).
pub fn is_manifest(path: &str) -> bool {
    let path = path.trim_end_matches(['"', '\'', '`', ')']);
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name.eq_ignore_ascii_case("SKILL.md")
}

/// In `items[from..]` (one file's evidence from one `extract_code` call):
/// a write of a `SKILL.md` whose inputs hold what a request returned (also
/// through a file the response was saved to), or a download saved straight
/// to a `SKILL.md`, is the skill's instructions replaced by a server's.
/// Linear in the number of items; pushes through the sink's budget.
pub fn link(sink: &mut Sink, from: usize) {
    let items = &sink.items[from.min(sink.items.len())..];
    let mut fetched: HashMap<&str, &str> = HashMap::new();
    let mut reported: HashSet<(&str, usize)> = HashSet::new();
    for e in items {
        if let (Op::NetFetch | Op::NetSend, Some(o)) = (e.op, &e.output) {
            fetched.entry(o.as_str()).or_insert(e.target.as_str());
        }
        // A line already read as remote instructions, or as another
        // skill's SKILL.md rewritten (`memory_payload::other_skills`,
        // SK-PRIV-005), is not read again.
        if e.has(Tag::RemoteSkillFile) || e.op == Op::FileWrite && e.has(Tag::AgentMemory) {
            reported.insert((e.location.path.as_str(), e.location.start_line));
        }
    }
    if fetched.is_empty() {
        return;
    }
    let carried = super::download_run::through_files(items, &fetched);
    let carried: HashMap<&str, &str> = carried
        .iter()
        .map(|(b, u)| (b.as_str(), u.as_str()))
        .collect();
    let mut out = Vec::new();
    for e in items {
        // The written file: the write's target, or the file a download
        // is saved to.
        let mut file = e.target.as_str();
        let url = match e.op {
            Op::NetFetch => e
                .output
                .as_deref()
                .and_then(|o| o.strip_prefix("$file_"))
                .filter(|p| is_manifest(p))
                .map(|p| {
                    file = p;
                    e.target.as_str()
                }),
            // A write into the agent's skills folder is judged by the
            // agent-file rules (SK-PRIV-005: another skill taken over, or
            // the skill's own install updated from an unpinned URL).
            Op::FileWrite
                if is_manifest(&e.target)
                    && !e.has(Tag::AgentMemory)
                    && !e.has(Tag::AgentConfig)
                    && !super::memory_payload::in_skills_dir(&e.target) =>
            {
                e.inputs.iter().find_map(|b| {
                    fetched
                        .get(b.as_str())
                        .or_else(|| carried.get(b.as_str()))
                        .copied()
                })
            }
            _ => None,
        };
        let Some(url) = url else {
            continue;
        };
        let here = (e.location.path.as_str(), e.location.start_line);
        if !reported.insert(here) {
            continue;
        }
        let mut ev = Evidence::new(Op::NetFetch, A::Request, R::Network, url)
            .tags(super::indicators::classify_url(url))
            .tag(Tag::RemoteInstructions)
            .tag(Tag::RemoteSkillFile)
            .instrument(e.instrument.clone())
            .object(format!(
                "skill instructions ({}) replaced with downloaded content",
                crate::text::snippet(file, 60)
            ));
        ev.inputs = e.inputs.clone();
        super::download_run::placed_as(&mut ev, e);
        out.push(ev);
    }
    for ev in out {
        sink.push(ev);
    }
}

/// Skill-wide: a remote-instruction step in a script that a section of
/// SKILL.md runs, where that section keeps an act from the user (the
/// `kept_quiet` model: "do not mention it in replies", "routine
/// housekeeping … never bring it up"), is hidden by that section: tagged
/// `Deception`. Each SKILL.md section is read once.
pub fn mark_concealed(skill: &Skill, evidence: &mut [Evidence]) {
    let manifest = skill.manifest_path.as_str();
    let scripts: HashSet<&str> = evidence
        .iter()
        .filter(|e| e.has(Tag::RemoteSkillFile) && e.location.path != manifest)
        .map(|e| e.location.path.as_str())
        .collect();
    if scripts.is_empty() {
        return;
    }
    let Some(text) = skill.manifest_file().map(|f| f.text.as_str()) else {
        return;
    };
    let sections = crate::text::section_lines(text);
    let mut hidden: HashSet<String> = HashSet::new();
    for e in evidence.iter() {
        let Some(script) = e.target.strip_prefix("script:") else {
            continue;
        };
        if e.op != Op::CallLocal || e.location.path != manifest || !scripts.contains(script) {
            continue;
        }
        let line = e.location.start_line;
        let Some(&(a, b)) = sections.iter().find(|s| s.0 <= line && line < s.1) else {
            continue;
        };
        let body = lines_text(text, a, b);
        if super::kept_quiet::conceals(&body).is_some() {
            hidden.insert(script.to_string());
        }
    }
    for e in evidence.iter_mut() {
        if e.has(Tag::RemoteSkillFile) && hidden.contains(e.location.path.as_str()) {
            e.tags.insert(Tag::Deception);
        }
    }
}

/// Lines `[a, b)` (1-based) of `text`, outside fenced code, joined with
/// spaces so a wrapped sentence reads whole.
fn lines_text(text: &str, a: usize, b: usize) -> String {
    let mut out = String::new();
    let mut fence = false;
    for line in text
        .lines()
        .skip(a.saturating_sub(1))
        .take(b.saturating_sub(a))
    {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = !fence;
            continue;
        }
        if !fence {
            out.push_str(line.trim());
            out.push(' ');
        }
    }
    out
}
