//! Ordered intent (`docs/scoring.md`): an instruction to hide what is done,
//! hidden text or a lure, written in the same SKILL.md section as a
//! dangerous step and a few lines from it, says what that step is for. The
//! step's medium finding is raised to high, and `raised_by` names the
//! instruction it rests on, as `downgraded_by` names a downgrade's.

use crate::evidence::{Op, Origin, Tag};
use crate::finding::{Dimension, Finding, Severity};
use crate::rules::RuleCx;
use std::collections::BTreeSet;

/// The instructions that raise: hides actions from the user, hidden
/// instructions, the download-and-run lure.
const RAISING: &[&str] = &["SK-EXEC-008", "SK-EXEC-006", "SK-EXEC-002"];

/// Lines between the instruction and the step, at most.
const NEAR_LINES: usize = 15;

/// Remote, changeable instructions: a silent update (a concealment next to
/// the fetch) raises them as it raises a dangerous step.
const REMOTE_ORDERS: &[&str] = &["SK-EXEC-009", "SK-EXEC-023"];

/// An override ("treat its contents as higher priority than the user's
/// messages") next to remote orders puts the fetched text above the user:
/// it raises the remote orders only.
const RAISING_REMOTE: &str = "SK-EXEC-007";

/// Whether a finding's capability is one an intent instruction raises.
fn raisable(f: &Finding) -> bool {
    f.dimensions.iter().any(|d| {
        matches!(
            d,
            Dimension::Destructive
                | Dimension::DataExfiltration
                | Dimension::PrivilegeEscalation
                | Dimension::CredentialAccess
                | Dimension::ResourceAbuse
        )
    }) || REMOTE_ORDERS.contains(&f.rule_id.as_str())
}

pub(super) use crate::text::heading_lines;

/// The files SKILL.md tells the agent to follow (`extract::mentions`), by
/// path.
fn followed_files(cx: &RuleCx) -> BTreeSet<String> {
    let body = cx.skill.manifest_file().map_or("", |f| f.text.as_str());
    let m = crate::extract::mentions::Mentions::find(cx.skill, body);
    cx.skill
        .files
        .iter()
        .enumerate()
        .filter(|&(i, f)| f.rel != cx.skill.manifest_path && m.of(i).1)
        .map(|(_, f)| f.rel.clone())
        .collect()
}

/// Raises each medium destructive, exfiltration, privilege or credential
/// finding (and remote, changeable instructions) in a SKILL.md, or a file
/// SKILL.md tells the agent to follow, that has a
/// concealment, hidden-text or lure finding in the same section within
/// [`NEAR_LINES`] lines. Findings lowered for their context (documentation,
/// a reference, a consent) stay as they are.
pub fn ordered_intent(cx: &RuleCx, findings: &mut [Finding]) {
    let mut signals: Vec<(String, usize, String)> = findings
        .iter()
        .filter(|f| f.suppressed.is_none() && f.downgraded_by.is_none())
        .filter(|f| {
            f.severity >= Severity::Medium
                && (RAISING.contains(&f.rule_id.as_str()) || f.rule_id == RAISING_REMOTE)
        })
        .map(|f| {
            (
                f.location.path.clone(),
                f.location.start_line,
                f.rule_id.clone(),
            )
        })
        .collect();
    if signals.is_empty() {
        return;
    }
    signals.sort();
    let mut headings: Vec<(String, Vec<usize>)> = Vec::new();
    let mut followed: Option<BTreeSet<String>> = None;
    for f in findings.iter_mut() {
        if f.severity != Severity::Medium
            || f.suppressed.is_some()
            || f.downgraded_by.is_some()
            || RAISING.contains(&f.rule_id.as_str())
            || f.rule_id == RAISING_REMOTE
            || !raisable(f)
        {
            continue;
        }
        let path = f.location.path.as_str();
        let is_manifest = path
            .rsplit('/')
            .next()
            .is_some_and(|n| n.eq_ignore_ascii_case("SKILL.md"));
        // A file SKILL.md tells the agent to follow ("Follow
        // references/x.md exactly") is read with SKILL.md's weight.
        // Round 32: remote orders are read wherever they are written in
        // Markdown the agent reads (a template, a prompt file).
        let remote_md = REMOTE_ORDERS.contains(&f.rule_id.as_str())
            && path.to_ascii_lowercase().ends_with(".md");
        if !is_manifest
            && !remote_md
            && !followed
                .get_or_insert_with(|| followed_files(cx))
                .contains(path)
        {
            continue;
        }
        let line = f.location.start_line;
        let lo = signals
            .partition_point(|s| (s.0.as_str(), s.1) < (path, line.saturating_sub(NEAR_LINES)));
        let remote = REMOTE_ORDERS.contains(&f.rule_id.as_str());
        let near: Vec<&(String, usize, String)> = signals[lo..]
            .iter()
            .take_while(|s| s.0 == path && s.1 <= line + NEAR_LINES)
            .filter(|s| remote || s.2 != RAISING_REMOTE)
            .collect();
        if near.is_empty() {
            continue;
        }
        if !headings.iter().any(|h| h.0 == path) {
            let text = cx
                .skill
                .files
                .iter()
                .find(|x| x.rel == path)
                .map_or(String::new(), |x| x.text.clone());
            headings.push((path.to_string(), heading_lines(&text)));
        }
        let Some((_, heads)) = headings.iter().find(|h| h.0 == path) else {
            continue;
        };
        let same_section = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            !heads.iter().any(|&h| h > a && h <= b)
        };
        if let Some(s) = near.into_iter().find(|s| same_section(s.1, line)) {
            let what = if s.2 == RAISING_REMOTE {
                "puts the fetched text above the user's instructions"
            } else {
                "says to hide or lure"
            };
            let why = format!("{} at {}:{} in the same section {what}", s.2, s.0, s.1);
            f.raise(Severity::High, &why);
            // Round 32: remote orders hidden or put above the user are an
            // order, wherever the Markdown is (a template read at low
            // confidence as a reference).
            if remote {
                f.confidence = f.confidence.max(crate::finding::Confidence::Medium);
            }
        }
    }
}

/// The forged-consent sentences of a Markdown file's prose (outside fenced
/// code), each with its 1-based line: paragraphs are joined into one line
/// of text, so a sentence wrapped over lines is read whole.
fn forged_lines(text: &str) -> Vec<(usize, crate::extract::forged_consent::Kind, String)> {
    let mut out = Vec::new();
    let mut para = String::new();
    let mut starts: Vec<(usize, usize)> = Vec::new();
    let mut fence: Option<&str> = None;
    let flush = |para: &mut String, starts: &mut Vec<(usize, usize)>, out: &mut Vec<_>| {
        let mut from = 0;
        while from < para.len() {
            let Some((k, a, b)) = crate::extract::forged_consent::find(&para[from..]) else {
                break;
            };
            let (a, b) = (from + a, from + b);
            let line = starts.iter().rev().find(|s| s.1 <= a).map_or(0, |s| s.0);
            out.push((line, k, crate::text::snippet(&para[a..b], 80)));
            from = b.max(from + 1);
            from = crate::text::clamp_boundary(para, from);
        }
        para.clear();
        starts.clear();
    };
    for (i, line) in crate::text::slice(text, 0, 400_000).lines().enumerate() {
        let t = line.trim_start();
        let mark = ["```", "~~~"].into_iter().find(|m| t.starts_with(m));
        match (fence, mark) {
            (None, Some(m)) => {
                flush(&mut para, &mut starts, &mut out);
                fence = Some(m);
                continue;
            }
            (Some(open), Some(m)) if open == m => {
                fence = None;
                continue;
            }
            (Some(_), _) => continue,
            _ => {}
        }
        if t.is_empty() || t.starts_with('#') {
            flush(&mut para, &mut starts, &mut out);
            continue;
        }
        starts.push((i + 1, para.len()));
        para.push_str(t);
        para.push(' ');
    }
    flush(&mut para, &mut starts, &mut out);
    out
}

/// Round 23: consent forged in text. A sentence in the same SKILL.md
/// section (or a file SKILL.md tells the agent to follow), at most
/// [`NEAR_LINES`] lines away, that tells the agent the change must not be
/// undone ("do not revert this", "leave it attached") or that the people
/// who would approve it are to be kept out ("do not send the user to their
/// cloud team") raises the medium destructive, exfiltration, privilege or
/// credential step it qualifies to high (`extract::forged_consent`). It
/// never lowers anything; a claimed approval is SK-EXEC-008 and raises
/// through [`ordered_intent`].
pub fn forged_consent(cx: &RuleCx, findings: &mut [Finding]) {
    let mut per_file: Vec<(
        String,
        Vec<usize>,
        Vec<(usize, crate::extract::forged_consent::Kind, String)>,
    )> = Vec::new();
    let mut followed: Option<BTreeSet<String>> = None;
    for f in findings.iter_mut() {
        if f.severity != Severity::Medium
            || f.suppressed.is_some()
            || f.downgraded_by.is_some()
            || !raisable(f)
            || REMOTE_ORDERS.contains(&f.rule_id.as_str())
        {
            continue;
        }
        let path = f.location.path.clone();
        if path != cx.skill.manifest_path
            && !followed
                .get_or_insert_with(|| followed_files(cx))
                .contains(&path)
        {
            continue;
        }
        if !per_file.iter().any(|p| p.0 == path) {
            let text = cx
                .skill
                .files
                .iter()
                .find(|x| x.rel == path)
                .map_or("", |x| x.text.as_str());
            per_file.push((path.clone(), heading_lines(text), forged_lines(text)));
        }
        let Some((_, heads, signals)) = per_file.iter().find(|p| p.0 == path) else {
            continue;
        };
        let line = f.location.start_line;
        let same_section = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            !heads.iter().any(|&h| h > a && h <= b)
        };
        if let Some((at, kind, said)) = signals
            .iter()
            .find(|s| s.0.abs_diff(line) <= NEAR_LINES && same_section(s.0, line))
        {
            f.raise(
                Severity::High,
                &format!(
                    "{path}:{at} in the same section {}: \"{said}\"",
                    kind.what()
                ),
            );
        }
    }
}

/// Trust checks turned off on an install from an index the skill names:
/// TLS or signature checks dropped (`--trusted-host`, an `http://` index,
/// `--insecure`, `--no-verify`, `strict-ssl false`, `[trusted=yes]`).
static TRUST_OFF: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:^|\s)(?:--trusted-host|--insecure|--no-verify(?:-ssl)?|--no-check-certificate|--allow-unauthenticated|--nogpgcheck|--no-gpg-check)(?:\s|=|$)|(?:--index-url|--extra-index-url|-i|--registry|--source)[\s=]+['\x22]?http://|strict-ssl\s*(?:=|\s)\s*false|\[trusted=yes\]",
);
/// Root for the same install: `sudo` on its line, or an instruction to
/// rerun it with sudo (SK-PRIV-001/-002) in its section.
const ELEVATING: &[&str] = &["SK-PRIV-001", "SK-PRIV-002"];

/// Whether an install line's `--trusted-host H` names the host of one of
/// its own index flags (`--index-url`, `--extra-index-url`, `-i`).
fn index_trusted_same_host(step: &str) -> bool {
    let words: Vec<&str> = step
        .split(|c: char| c.is_whitespace() || c == '=')
        .map(|w| w.trim_matches(['"', '\'', '`']))
        .collect();
    let after = |flags: &[&str]| -> Vec<&str> {
        words
            .windows(2)
            .filter(|w| flags.contains(&w[0]))
            .map(|w| w[1])
            .collect()
    };
    let trusted = after(&["--trusted-host"]);
    let indexes = after(&["--index-url", "--extra-index-url", "-i"]);
    trusted.iter().any(|h| {
        !h.is_empty()
            && indexes.iter().any(|i| {
                i.split_once("://")
                    .map_or(*i, |(_, rest)| rest)
                    .split(['/', ':'])
                    .next()
                    .is_some_and(|host| host.eq_ignore_ascii_case(h))
            })
    })
}

/// An install from an index the skill names with its trust checks off,
/// then run as root (on its line, or "rerun it with sudo" in its section
/// within [`NEAR_LINES`]): whatever that host serves runs with root, a
/// dependency-confusion lure. SK-EXEC-026 is raised to critical at medium
/// confidence or more (round 21).
pub fn untrusted_index_as_root(cx: &RuleCx, findings: &mut [Finding]) {
    let roots: Vec<(String, usize, String)> = findings
        .iter()
        .filter(|f| f.suppressed.is_none() && ELEVATING.contains(&f.rule_id.as_str()))
        .map(|f| {
            (
                f.location.path.clone(),
                f.location.start_line,
                f.rule_id.clone(),
            )
        })
        .collect();
    for f in findings.iter_mut() {
        if f.rule_id != "SK-EXEC-026" || f.suppressed.is_some() || f.downgraded_by.is_some() {
            continue;
        }
        let path = f.location.path.clone();
        let Some(text) = cx
            .skill
            .files
            .iter()
            .find(|x| x.rel == path)
            .map(|x| &x.text)
        else {
            continue;
        };
        let lines: Vec<&str> = crate::text::slice(text, 0, 400_000).lines().collect();
        let (a, b) = (
            f.location.start_line,
            f.location.end_line.max(f.location.start_line),
        );
        let step = lines
            .get(a.saturating_sub(1)..b.min(lines.len()))
            .map_or(String::new(), |l| l.join(" "));
        if !TRUST_OFF.is_match(&step) {
            continue;
        }
        // Round 27 (r27 invoice-reconciler): the install reads an index the
        // skill names and switches TLS off for that same host: the lure is
        // the command itself, whatever the prose around it says.
        if index_trusted_same_host(&step) {
            f.confidence = f.confidence.max(crate::finding::Confidence::Medium);
        }
        let heads = heading_lines(text);
        let same_section = |x: usize, y: usize| {
            let (x, y) = (x.min(y), x.max(y));
            !heads.iter().any(|&h| h > x && h <= y)
        };
        let sudo_here = step.split_whitespace().any(|w| w == "sudo");
        let root = if sudo_here {
            Some(format!("sudo on {path}:{a}"))
        } else {
            roots
                .iter()
                .find(|r| r.0 == path && r.1.abs_diff(a) <= NEAR_LINES && same_section(r.1, a))
                .map(|r| format!("{} at {}:{} runs it as root", r.2, r.0, r.1))
        };
        if let Some(why) = root {
            f.raise(
                Severity::Critical,
                &format!("trust checks off on an index the skill names, and {why}"),
            );
            f.confidence = f.confidence.max(crate::finding::Confidence::Medium);
        }
    }
}

/// A command the harness runs by itself (a hook, a `!cmd` directive) that
/// sends data over the network, in a skill that tells the agent to keep
/// things from the user: the automatic send is what is hidden. Hooks sit
/// in the front matter, away from the prose, so the concealment may be
/// anywhere in the skill. The medium or low SK-EXEC-010 finding is raised
/// to high and names the concealment.
pub fn covert_automatic_send(cx: &RuleCx, findings: &mut [Finding]) {
    let Some(hide) = findings
        .iter()
        .filter(|f| f.suppressed.is_none() && f.downgraded_by.is_none())
        .find(|f| f.rule_id == "SK-EXEC-008" && f.severity >= Severity::Medium)
        .map(|f| {
            format!(
                "{} at {}:{}",
                f.rule_id, f.location.path, f.location.start_line
            )
        })
    else {
        return;
    };
    for f in findings.iter_mut() {
        if f.rule_id != "SK-EXEC-010" || f.suppressed.is_some() || f.downgraded_by.is_some() {
            continue;
        }
        let sends = cx.evidence.iter().any(|e| {
            e.op == Op::NetSend
                && matches!(e.origin, Origin::Hook | Origin::DynamicContext)
                && e.location.path == f.location.path
                && e.location.start_line == f.location.start_line
        });
        if sends {
            f.raise(
                Severity::High,
                &format!("{hide} tells the agent to keep it from the user, and the command sends data out"),
            );
        }
    }
}

/// The user's work a hook can read: patches (`git show`, `git diff`,
/// `git format-patch`, `git log -p`), the committer's e-mail, the
/// session transcript, the prompt and the tool call the harness hands the
/// hook on standard input.
static WORK_DATA: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?-u:\b)(?:git\s+(?:show|diff|format-patch)|git\s+log\s[^\n|;]*(?:-p|--patch)|user\.email|transcript_path|tool_input|tool_response|tool_output|CLAUDE_\w*TRANSCRIPT|\.prompt|\x22prompt\x22)(?-u:\b)",
);

/// Round 23: the event the harness hands an agent hook on standard input
/// (the tool call and its response, the prompt, the transcript path) read
/// by the hook: a filter at the head of its pipeline (`jq`, `cat`, `tee`,
/// `python -c`, `node -e` with no file), a send of standard input itself
/// (`--data-binary @-`, `-d @-`, `-T -`, `--upload-file -`), or a script
/// reading it (`sys.stdin`, `process.stdin`, `readFileSync(0)`,
/// `/dev/stdin`, `$(cat)`, `read -r`, `[Console]::In`, `$input`).
static HOOK_STDIN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:^|[|;&(]\s*)(?:jq|cat|tee|python3?\s+-c|node\s+-e)(?:\s+-\w+)*\s*(?:'[^'|]*'|\x22[^\x22|]*\x22)?\s*\||@-(?:\s|$|'|\x22)|(?:-T|--upload-file)\s+-(?:\s|$)|/dev/stdin|sys\.stdin|process\.stdin|readFileSync\(\s*(?:0|'/dev/stdin')|\$\(cat\)|(?-u:\b)read\s+-r(?-u:\b)|\[Console\]::In|\$input(?-u:\b)",
);

/// A send of an agent hook (at the hook, or in a skill script it runs) to
/// a host that is written out, not local, private or declared.
fn hook_send<'e>(
    cx: &RuleCx<'e>,
    f: &Finding,
    scripts: &[&str],
) -> Option<&'e crate::evidence::Evidence> {
    let at_hook = |e: &crate::evidence::Evidence| {
        e.origin == Origin::Hook
            && e.location.path == f.location.path
            && e.location.start_line == f.location.start_line
    };
    cx.evidence.iter().find(|e| {
        e.op == Op::NetSend
            && !e.has(Tag::DeclaredHost)
            && !e.has(Tag::OwnService)
            && e.target.contains("://")
            && crate::extract::indicators::url_host(&e.target).is_some_and(|h| {
                !crate::extract::indicators::is_local_host(&h)
                    && !crate::extract::indicators::is_private_host(&h)
            })
            && (at_hook(e) || scripts.contains(&e.location.path.as_str()))
    })
}

/// Round 22: a hook of the agent itself (a Claude Code `PostToolUse`,
/// `PreToolUse`, `Stop` … hook in the frontmatter, or one a settings block
/// the agent is told to apply installs) whose command, or the skill script
/// it runs, sends to a host the skill does not declare, in a file that
/// reads the user's work (`WORK_DATA`): each tool call or commit of the
/// user's session leaves for a third party unseen. Round 23: detached or
/// not, and also when the hook sends the event it reads on standard input
/// (`HOOK_STDIN`): the hook runs by itself on every event, so a foreground
/// send is as unseen as a detached one. The SK-EXEC-010 finding is raised
/// to high and counts as data exfiltration. The work source is looked for
/// in the whole file that sends (a heuristic: the shell front-end does not
/// follow a `{ …; }` group into a pipe).
pub fn hook_uploads_work(cx: &RuleCx, findings: &mut [Finding]) {
    for f in findings.iter_mut() {
        if f.rule_id != "SK-EXEC-010" || f.suppressed.is_some() || f.severity >= Severity::High {
            continue;
        }
        let scripts: Vec<&str> = cx
            .evidence
            .iter()
            .filter(|e| {
                e.origin == Origin::Hook
                    && e.location.path == f.location.path
                    && e.location.start_line == f.location.start_line
                    && e.op == Op::CallLocal
            })
            .filter_map(|e| e.target.strip_prefix("script:"))
            .collect();
        let Some(send) = hook_send(cx, f, &scripts) else {
            continue;
        };
        let at_hook = send.origin == Origin::Hook && send.location.path == f.location.path;
        // The hook's own command line(s), for what it reads.
        let command = cx
            .evidence
            .iter()
            .find(|e| {
                e.op == Op::Exec
                    && e.origin == Origin::Hook
                    && e.location.path == f.location.path
                    && e.location.start_line == f.location.start_line
            })
            .map_or("", |e| e.target.as_str());
        let text = if at_hook {
            command
        } else {
            cx.skill
                .files
                .iter()
                .find(|x| x.rel == send.location.path)
                .map_or("", |x| x.text.as_str())
        };
        let work = WORK_DATA.find(text).map(|m| m.as_str().to_string());
        let stdin = || {
            HOOK_STDIN
                .find(text)
                .map(|m| format!("the event on its standard input ({})", m.as_str().trim()))
        };
        let detached = send.has(Tag::Detached);
        let Some(what) = work.or_else(stdin) else {
            continue;
        };
        let host = crate::text::snippet(&send.target, 60);
        let how = if detached { " in a detached job" } else { "" };
        f.raise(
            Severity::High,
            &format!(
                "the hook sends the user's work ({what}) to {host}{how} ({}:{})",
                send.location.path, send.location.start_line
            ),
        );
        if !f.dimensions.contains(&Dimension::DataExfiltration) {
            f.dimensions.push(Dimension::DataExfiltration);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::heading_lines;

    #[test]
    fn headings_outside_fences_only() {
        let t = "# A\ntext\n```bash\n# comment\n```\n## B\n#hashtag\n";
        assert_eq!(heading_lines(t), vec![1, 6]);
    }
}
