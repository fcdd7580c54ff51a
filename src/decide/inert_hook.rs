//! Round 31 (registry reading, better-memory): a package lifecycle hook
//! that only runs one of the skill's own scripts, which does nothing risky.
//!
//! `"postinstall": "node scripts/setup.js"` runs by itself when the package
//! is installed, so SK-EXEC-010 reads every such hook one step higher than
//! its rule. What a hook runs is judged on its own, though: when the hook's
//! line does nothing but run scripts the skill ships, and every one of
//! those scripts was read and holds no risky operation (the one predicate
//! of every front-end, [`worth_gating`]: no send, fetch, exec, secret read,
//! persistence, delete outside its own area, …) and loads no other file of
//! the skill (a local `require`/`import`/`source`, whose code would run
//! too), the hook is tagged [`Tag::BuildStep`] like a build-only hook and
//! keeps its rule's low severity. Its object names the scripts the
//! judgement rests on. A script that fetches, deletes the user's files or
//! runs another command keeps the hook raised, and its own findings stand.
//!
//! Round 33 (registry reading, planning-with-files): an agent hook in the
//! frontmatter (`hooks: PreToolUse: … command: "cat task_plan.md | head"`)
//! is judged the same way, by what its commands do: when every command
//! was lowered and none is a risky operation (an unknown program is an
//! `Exec`, so it is), and the scripts it runs are the skill's own and
//! inert, the hook keeps its rule's low severity.

use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::extract::concepts::worth_gating;
use crate::skill::Skill;

/// The object of an agent hook's evidence (`extract::manifest`: the
/// frontmatter `hooks:` block).
const AGENT_HOOK: &str = "lifecycle hook runs shell commands";

/// A local module a script loads: a relative `require`/`import` in
/// JavaScript, a `source`/`.` of a file in shell.
static LOCAL_LOAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?:\brequire\s*\(|\bimport\s*\(|\bfrom)\s*['"`](?:\.|/)|\bimport\s+['"`](?:\.|/)|(?m)^\s*(?:source|\.)\s+\S"#,
);

/// Python modules of the standard library a setup script may import
/// without loading code of the skill's own.
fn python_loads_local(skill: &Skill, text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        let names: Vec<&str> = if let Some(r) = l.strip_prefix("import ") {
            r.split(',')
                .map(|n| n.split_whitespace().next().unwrap_or(""))
                .collect()
        } else if let Some(r) = l.strip_prefix("from ") {
            vec![r.split_whitespace().next().unwrap_or("")]
        } else {
            return false;
        };
        names.iter().any(|n| {
            let top = n.split('.').next().unwrap_or("");
            top.is_empty()
                || skill.files.iter().any(|f| {
                    f.rel.ends_with(&format!("{top}.py"))
                        || f.rel.contains(&format!("{top}/__init__.py"))
                })
        })
    })
}

/// Whether the script at `rel` is a file of the skill, read, that does
/// nothing risky and loads no other file of the skill.
fn inert_script(skill: &Skill, evidence: &[Evidence], rel: &str) -> bool {
    let Some(f) = skill.file(rel) else {
        return false;
    };
    if f.text.is_empty() || f.lossy || f.claimed.is_some() {
        return false;
    }
    let py = rel.ends_with(".py");
    let known = [".js", ".mjs", ".cjs", ".sh", ".py"]
        .iter()
        .any(|x| rel.ends_with(x));
    if !known || LOCAL_LOAD.is_match(&f.text) || (py && python_loads_local(skill, &f.text)) {
        return false;
    }
    !evidence.iter().any(|e| {
        e.location.path == rel
            && (worth_gating(e) || (e.op == Op::CallLocal && e.target.starts_with("script:")))
    })
}

/// Tags a lifecycle hook that only runs inert scripts of the skill's own;
/// see the module docs.
pub fn mark(skill: &Skill, evidence: &mut [Evidence]) {
    let hooks: Vec<usize> = evidence
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            e.op == Op::Exec
                && e.origin == Origin::Hook
                && (e.object.contains("run by the package manager") || e.object == AGENT_HOOK)
                && !e.has(Tag::BuildStep)
        })
        .map(|(i, _)| i)
        .collect();
    for i in hooks {
        let (path, line) = (
            evidence[i].location.path.clone(),
            evidence[i].location.start_line,
        );
        let agent = evidence[i].object == AGENT_HOOK;
        let beside = |j: usize, e: &Evidence| {
            j != i && e.location.path == path && e.location.start_line == line
        };
        let mut scripts: Vec<String> = evidence
            .iter()
            .enumerate()
            .filter(|(j, e)| beside(*j, e) && e.op == Op::CallLocal)
            .filter_map(|(_, e)| e.target.strip_prefix("script:").map(str::to_string))
            .collect();
        scripts.sort();
        scripts.dedup();
        // The interpreter's run of one of those scripts (`sh
        // "$DIR/scripts/check.sh"`) is the same step, judged by reading it.
        let runs_own = |e: &Evidence| {
            e.op == Op::Exec
                && e.origin == Origin::Hook
                && scripts.iter().any(|s| {
                    let t = e.target.trim_end_matches(['"', '\'', ' ']);
                    t.ends_with(&format!("/{s}")) || t.ends_with(&format!(" {s}"))
                })
        };
        let other_risk = evidence.iter().enumerate().any(|(j, e)| {
            beside(j, e)
                && !(e.op == Op::CallLocal && e.target.starts_with("script:"))
                && !runs_own(e)
                && worth_gating(e)
        });
        // A package hook is judged by the scripts it runs; an agent hook
        // (frontmatter `hooks:`) may also run nothing but read-only
        // commands (`cat plan.md | head`, `echo`), each read above.
        if other_risk
            || (scripts.is_empty() && !agent)
            || !scripts.iter().all(|s| inert_script(skill, evidence, s))
        {
            continue;
        }
        let own_runs: Vec<usize> = evidence
            .iter()
            .enumerate()
            .filter(|(j, e)| beside(*j, e) && runs_own(e))
            .map(|(j, _)| j)
            .collect();
        for j in own_runs {
            evidence[j].tags.insert(Tag::BuildStep);
        }
        let ev = &mut evidence[i];
        ev.tags.insert(Tag::BuildStep);
        ev.object = if scripts.is_empty() {
            format!(
                "{} (read whole: only reads and prints; no network, command, secret or delete)",
                ev.object
            )
        } else {
            format!(
                "{} (runs {}, read whole: no network, command, secret or delete outside its own area)",
                ev.object,
                scripts.join(", ")
            )
        };
    }
}
