//! Mentions that are not the act: a line that only prints the name of a
//! mode or command (`echo "permission mode: $mode"`), and a sentence of
//! the skill's Markdown that names a command only to restrict it ("`git
//! push --mirror` is only used toward `BACKUP_REMOTE_BASE`"; "only if the
//! user explicitly asks, pass `--unattended`"). Both are worth at most a
//! warning (`docs/scoring.md`, "Consent and declaration"). A print
//! redirected or piped into something else is a write, and a sentence that
//! also says to act without asking is an order: neither is a mention.

use crate::evidence::{Evidence, Origin};
use crate::rules::RuleCx;

/// Commands and calls that print their arguments, in every language the
/// front-ends read.
const PRINTS: &[&str] = &[
    "echo",
    "printf",
    "print",
    "println",
    "puts",
    "say",
    "Write-Host",
    "Write-Output",
    "console.log",
    "console.info",
    "console.error",
    "fmt.Println",
    "fmt.Printf",
    "println!",
    "eprintln!",
];

/// A clause that restricts the command it names.
static RESTRICT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bonly\s+(?:if|when|after|used|toward|towards|to|with|for|on)\b|\bunless\b|\bexplicitly\s+(?:asks?|wants?|requests?|chooses?|opts?\s+in)\b|\bafter\s+(?:the\s+user\s+)?confirm|\bnever\s+(?:the|to|against|on)\b",
);

/// A clause that orders the act without the user.
static ORDER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bwithout\s+(?:asking|confirm\w*|telling|prompt\w*)|\b(?:never|don't|do\s+not)\s+(?:ask|tell|confirm|prompt|mention)|\bsilently\b|\balways\s+(?:run|use|pass|push)\b",
);

/// The source line of a step.
pub(super) fn line_of<'c>(cx: &RuleCx<'c>, e: &Evidence) -> Option<&'c str> {
    let file = cx.skill.files.iter().find(|f| f.rel == e.location.path)?;
    file.text.lines().nth(e.location.start_line.checked_sub(1)?)
}

/// `echo "running with permission mode: $mode"`: code that prints a
/// mode's or command's name and sends the output nowhere but the terminal.
pub fn printed(cx: &RuleCx, e: &Evidence) -> Option<String> {
    if !e.origin.is_code() {
        return None;
    }
    let line = line_of(cx, e)?.trim();
    let head = line.split(|c: char| c.is_whitespace() || c == '(').next()?;
    let prints = PRINTS.contains(&head);
    // Printed text that goes into a file or another command is written or
    // run, not shown.
    let passed_on = line.contains('>') || line.contains('|') || line.contains("$(");
    (prints && !passed_on).then(|| {
        format!(
            "{}:{} only prints the name ({head})",
            e.location.path, e.location.start_line
        )
    })
}

/// A Markdown sentence naming the command only to restrict it.
pub fn restricted(cx: &RuleCx, e: &Evidence) -> Option<String> {
    // Round 35: the description too ("Use when the user explicitly wants
    // an autonomous run without approval prompts").
    if !matches!(
        e.origin,
        Origin::InlineCode | Origin::Prose | Origin::Frontmatter
    ) || !e.location.path.to_ascii_lowercase().ends_with(".md")
    {
        return None;
    }
    let file = cx.skill.files.iter().find(|f| f.rel == e.location.path)?;
    let lines: Vec<&str> = file.text.lines().collect();
    let at = e.location.start_line.checked_sub(1)?;
    if at >= lines.len() {
        return None;
    }
    // The paragraph around the line, then its sentences that name the
    // command.
    let blank = |i: &usize| lines[*i].trim().is_empty();
    let start = (0..=at).rev().find(blank).map_or(0, |i| i + 1);
    let end = (at..lines.len()).find(blank).unwrap_or(lines.len());
    let para = lines[start..end].join(" ");
    let name = e.target.trim().trim_matches('`');
    let key = name.split_whitespace().last().unwrap_or(name);
    if key.len() < 3 || ORDER.is_match(&para) {
        return None;
    }
    let restricts = para
        .split_inclusive(['.', ';'])
        .filter(|s| s.contains(key))
        .any(|s| RESTRICT.is_match(s));
    restricts.then(|| {
        format!(
            "{}:{} names the command in a sentence that restricts it",
            e.location.path, e.location.start_line
        )
    })
}

/// Round 33 (exec-approvals-explainer): a setting the skill's Markdown
/// shows as the thing not to do. The step's own line, or the paragraph
/// that introduces its fenced block, recommends against it, calls it what
/// to avoid, or confines it to a throwaway machine ("Example of a setting
/// we recommend against unless inside a disposable VM:", "Only reasonable
/// in a throwaway container"). Documentation of a switch, worth a warning;
/// a section that also waives asking or hides the act is an order
/// (`ORDER`), whatever it says about the switch.
pub fn cautioned(cx: &RuleCx, e: &Evidence) -> Option<String> {
    static CAUTION: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)\brecommend(?:ed)?\s+against\b|\bnot\s+recommended\b|\b(?:what\s+)?(?:not|never)\s+to\s+(?:do|use|run|set)\b|\bavoid\s+(?:this|these|it|them|setting|using|running)\b|\banti-?pattern\b|\b(?:only|just)\s+(?:reasonable|acceptable|safe|sensible|use(?:d|ful)?)\s+(?:in(?:side)?|on|for)\s+(?:a\s+)?(?:throwaway|disposable|ephemeral|isolated|sandboxed|scratch)\b|\bunless\s+(?:you\s+are\s+)?(?:in(?:side)?|on)\s+a\s+(?:throwaway|disposable|ephemeral|isolated|sandboxed|scratch)\b",
    );
    if !matches!(
        e.origin,
        Origin::CodeBlock | Origin::InlineCode | Origin::Prose
    ) {
        return None;
    }
    let file = cx.skill.files.iter().find(|x| x.rel == e.location.path)?;
    let lines: Vec<&str> = file.text.lines().collect();
    let at = e
        .location
        .start_line
        .checked_sub(1)
        .filter(|i| *i < lines.len())?;
    let mut said = String::from(lines[at]);
    // Inside a fence: the paragraph before its opening line.
    let mut i = at;
    let mut fence = false;
    while i > 0 && !fence && e.origin == Origin::CodeBlock {
        i -= 1;
        let t = lines[i].trim_start();
        fence = t.starts_with("```") || t.starts_with("~~~");
    }
    if fence {
        let mut j = i;
        while j > 0 && lines[j - 1].trim().is_empty() {
            j -= 1;
        }
        while j > 0 && !lines[j - 1].trim().is_empty() {
            j -= 1;
            said.push('\n');
            said.push_str(lines[j]);
        }
    }
    (CAUTION.is_match(&said) && !ORDER.is_match(&said)).then(|| {
        format!(
            "{}:{} shows the setting as one the documentation recommends against",
            e.location.path, e.location.start_line
        )
    })
}

/// One operation, one finding: a finding the prose reader made from a
/// paragraph of the skill's Markdown (or its description) that contains
/// the command another finding of the same rule reports, or introduces it
/// (the paragraph ends with a colon and the command follows, blank lines
/// and a fence line apart), is that command named in words. It is counted
/// with the command: it inherits the command's level (a documented opt-in
/// cap, `downgrade` never raises), so the two score as one. `evidence[i]`
/// is the evidence of `findings[i]`. A prose finding of another rule, a
/// paragraph elsewhere, or a command that names another object keeps its
/// level: a real send in the same paragraph is its own command and its own
/// finding.
pub fn fold_prose_into_command(
    cx: &RuleCx,
    findings: &mut [crate::finding::Finding],
    evidence: &[Option<&Evidence>],
) {
    let is_md = |p: &str| p.to_ascii_lowercase().ends_with(".md");
    let commands: Vec<(usize, crate::finding::Severity)> = findings
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            f.suppressed.is_none()
                && is_md(&f.location.path)
                && evidence[*i].is_some_and(|e| e.origin.is_code())
        })
        .map(|(i, f)| (i, f.severity))
        .collect();
    for i in 0..findings.len() {
        let Some(p) =
            evidence[i].filter(|e| matches!(e.origin, Origin::Prose | Origin::Frontmatter))
        else {
            continue;
        };
        let f = &findings[i];
        if f.suppressed.is_some() || !is_md(&f.location.path) {
            continue;
        }
        let key = p.target.trim().trim_matches('`').to_ascii_lowercase();
        let same = commands.iter().find(|&&(c, _)| {
            let (cf, ce) = (&findings[c], evidence[c].expect("filtered"));
            cf.rule_id == f.rule_id
                && cf.location.path == f.location.path
                && (key.is_empty()
                    || ce.target.to_ascii_lowercase().contains(&key)
                    || ce.snippet.to_ascii_lowercase().contains(&key))
                && paragraph_holds(cx, f, cf.location.start_line)
        });
        if let Some(&(c, sev)) = same {
            let why = format!(
                "the command {} at {}:{} that this paragraph names, counted once with it",
                findings[c].rule_id, findings[c].location.path, findings[c].location.start_line
            );
            findings[i].downgrade(sev, &why);
        }
    }
}

/// Whether the paragraph of finding `f` holds line `line`, or introduces it
/// (it ends with a colon, and only blank or fence lines lie between).
fn paragraph_holds(cx: &RuleCx, f: &crate::finding::Finding, line: usize) -> bool {
    let (start, end) = (
        f.location.start_line,
        f.location.end_line.max(f.location.start_line),
    );
    if (start..=end).contains(&line) {
        return true;
    }
    if line <= end || line > end + 3 {
        return false;
    }
    let Some(file) = cx.skill.files.iter().find(|x| x.rel == f.location.path) else {
        return false;
    };
    let lines: Vec<&str> = file
        .text
        .lines()
        .skip(end.max(1) - 1)
        .take(line - end + 1)
        .collect();
    let last = lines
        .first()
        .map_or("", |l| l.trim().trim_end_matches(['*', '_', ' ']));
    last.ends_with(':')
        && lines[1..lines.len().saturating_sub(1)].iter().all(|l| {
            l.trim().is_empty()
                || l.trim_start().starts_with("```")
                || l.trim_start().starts_with("~~~")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restriction_and_order_clauses() {
        assert!(RESTRICT.is_match("`git push --mirror` is only used toward `BACKUP_REMOTE_BASE`"));
        assert!(RESTRICT.is_match("Only if the user explicitly asks, pass --unattended"));
        assert!(!RESTRICT.is_match("Run `git push --force` after every commit"));
        assert!(ORDER.is_match("use bypassPermissions; never ask the user"));
        assert!(ORDER.is_match("push --mirror silently"));
        assert!(!ORDER.is_match("confirm the base URL with the user"));
    }
}
