//! Markdown summary for a pull-request comment or a GitHub job summary.
//!
//! A header line with the verdict counts, a table of skills (worst first)
//! with their six dimension levels, then for each failing, warning or
//! incomplete skill its top findings, the rest folded into `<details>`.
//! Everything that comes from a skill (names, paths, messages, errors) is
//! hostile: it is shown only inside code spans, with invisible and control
//! characters made visible, so it cannot inject HTML, links, images,
//! mentions or table cells. The output stays under [`MAX_BYTES`].

use super::ReportInput;
use crate::finding::{Dimension, Finding, Severity};
use crate::model::SkillReport;
use crate::score::{DimScore, Level, Verdict};
use std::fmt::Write;

/// GitHub caps a job summary at 1 MiB and a comment at 65,536 characters.
pub const MAX_BYTES: usize = 60_000;
/// Room kept for the truncation note.
const RESERVE: usize = 600;
/// Findings listed before the rest are folded.
const SHOWN: usize = 5;
/// Findings listed per skill at most (shown plus folded).
const LISTED: usize = 50;
/// Notes listed at most.
const SHOWN_NOTES: usize = 20;

/// A code span holding hostile text: control and invisible characters
/// escaped, capped at `max` characters, fenced with more backticks than it
/// contains. Code spans are literal: no HTML, links, emphasis or mentions.
pub fn code(s: &str, max: usize) -> String {
    let mut t = crate::text::escape_display(s);
    if let Some((i, _)) = t.char_indices().nth(max) {
        t.truncate(i);
        t.push('…');
    }
    if t.is_empty() {
        return "(empty)".into();
    }
    let mut longest = 0;
    let mut run = 0;
    for c in t.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    let fence = "`".repeat(longest + 1);
    // One space each side is stripped by the parser, so padding keeps a
    // leading or trailing backtick from joining the fence.
    format!("{fence} {t} {fence}")
}

/// A code span for a table cell: GFM splits cells on `|` before it parses
/// code spans, so pipes are escaped (the escape is honoured inside spans).
pub fn cell(s: &str, max: usize) -> String {
    code(s, max).replace('|', "\\|")
}

/// The verdict cell: an incomplete skill is never shown as PASS.
fn shown(r: &SkillReport) -> String {
    match (r.complete, r.verdict) {
        (true, v) => verdict(v).to_string(),
        (false, Verdict::Pass) => "**INCOMPLETE**".to_string(),
        (false, v) => format!("{} (incomplete)", verdict(v)),
    }
}

fn verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Fail => "**FAIL**",
        Verdict::Warn => "**WARN**",
        Verdict::Pass => "PASS",
    }
}

fn dimension_title(d: Dimension) -> &'static str {
    match d {
        Dimension::DataExfiltration => "Exfiltration",
        Dimension::Destructive => "Destructive",
        Dimension::PrivilegeEscalation => "Privilege",
        Dimension::CovertExecution => "Covert exec",
        Dimension::ResourceAbuse => "Resources",
        Dimension::CredentialAccess => "Credentials",
    }
}

fn level_cell(s: DimScore) -> String {
    match s.level {
        Level::None => "·".into(),
        Level::High | Level::Critical => format!("**{}** {}", s.level.as_str(), s.score),
        _ => format!("{} {}", s.level.as_str(), s.score),
    }
}

fn table_row(r: &SkillReport) -> String {
    let mut row = format!(
        "| {} | {} | {} |",
        shown(r),
        cell(&r.name, 80),
        cell(&r.path, 160)
    );
    for d in Dimension::ALL {
        let s = r.risk.get(&d).copied().unwrap_or(DimScore {
            score: 0,
            level: Level::None,
        });
        let _ = write!(row, " {} |", level_cell(s));
    }
    row.push('\n');
    row
}

fn finding_line(f: &Finding) -> String {
    format!(
        "- **{}** {} {} at {}\n",
        f.severity.as_str(),
        code(&f.rule_id, 40),
        code(&f.message, 300),
        code(
            &format!("{}:{}", f.location.path, f.location.start_line.max(1)),
            200
        )
    )
}

/// The findings section of one skill (failing, warning or incomplete).
fn skill_section(r: &SkillReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "### {} {}\n\n{}\n",
        shown(r),
        code(&r.name, 80),
        code(&r.path, 200)
    );
    if !r.complete {
        out.push_str("The analysis of this skill is incomplete, so findings may be missing:\n\n");
        for e in r.errors.iter().take(10) {
            let _ = writeln!(out, "- {}", code(e, 300));
        }
        if r.errors.len() > 10 {
            let _ = writeln!(out, "- … and {} more", r.errors.len() - 10);
        }
        out.push('\n');
    }
    let mut shown: Vec<&Finding> = r
        .findings
        .iter()
        .filter(|f| f.suppressed.is_none() && f.severity > Severity::Info)
        .collect();
    shown.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    if shown.is_empty() {
        out.push_str("No findings above informational.\n");
    }
    for f in shown.iter().take(SHOWN) {
        out.push_str(&finding_line(f));
    }
    if shown.len() > SHOWN {
        let folded = &shown[SHOWN..shown.len().min(LISTED)];
        let _ = writeln!(
            out,
            "\n<details><summary>{} more finding{}</summary>\n",
            shown.len() - SHOWN,
            if shown.len() - SHOWN == 1 { "" } else { "s" }
        );
        for f in folded {
            out.push_str(&finding_line(f));
        }
        if shown.len() > LISTED {
            let _ = writeln!(
                out,
                "- … and {} more (run `skillscan audit --format json` for all)",
                shown.len() - LISTED
            );
        }
        out.push_str("\n</details>\n");
    }
    let suppressed = r.findings.iter().filter(|f| f.suppressed.is_some()).count();
    if suppressed > 0 {
        let _ = writeln!(
            out,
            "\n{suppressed} finding{} suppressed by policy.",
            if suppressed == 1 { "" } else { "s" }
        );
    }
    out.push('\n');
    out
}

pub fn render(input: &ReportInput) -> String {
    render_capped(input, MAX_BYTES)
}

fn render_capped(input: &ReportInput, max_bytes: usize) -> String {
    let mut order: Vec<&SkillReport> = input.skills.iter().collect();
    // Worst first (incomplete counts as worst), then by path.
    order.sort_by(|a, b| {
        b.verdict
            .cmp(&a.verdict)
            .then_with(|| a.complete.cmp(&b.complete))
            .then_with(|| a.path.cmp(&b.path))
    });
    let n = order.len();
    let count = |v: Verdict| {
        order
            .iter()
            .filter(|r| r.complete && r.verdict == v)
            .count()
    };
    let incomplete = order.iter().filter(|r| !r.complete).count();

    let mut out = String::from("## skillscan\n\n");
    let _ = writeln!(
        out,
        "**{} fail** · **{} warn** · {} pass · {} incomplete ({} skill{} scanned)\n",
        count(Verdict::Fail),
        count(Verdict::Warn),
        count(Verdict::Pass),
        incomplete,
        n,
        if n == 1 { "" } else { "s" }
    );
    if n == 0 {
        return out;
    }
    out.push_str(&notes(&order));
    let budget = max_bytes.saturating_sub(RESERVE);
    let (flagged, passing): (Vec<&SkillReport>, Vec<&SkillReport>) = order
        .iter()
        .partition(|r| r.verdict != Verdict::Pass || !r.complete);

    // Flagged skills first: their table rows, then their findings. Each
    // piece is added whole or not at all, so truncation never breaks the
    // Markdown structure.
    let mut rows = 0;
    let mut sections = 0;
    if !flagged.is_empty() {
        out.push_str(&table_header());
        for r in &flagged {
            let row = table_row(r);
            if out.len() + row.len() > budget {
                break;
            }
            out.push_str(&row);
            rows += 1;
        }
        out.push('\n');
        if rows == flagged.len() {
            for r in &flagged {
                let s = skill_section(r);
                if out.len() + s.len() > budget {
                    break;
                }
                out.push_str(&s);
                sections += 1;
            }
        }
    }
    // Passing skills: a table of their own, folded when others need the
    // attention. The closing tag is covered by the reserve.
    if !passing.is_empty() && rows == flagged.len() && sections == flagged.len() {
        let fold = !flagged.is_empty();
        let mut block = String::new();
        if fold {
            let _ = writeln!(
                block,
                "<details><summary>{} skill{} pass</summary>\n",
                passing.len(),
                if passing.len() == 1 { "" } else { "s" }
            );
        }
        block.push_str(&table_header());
        if out.len() + block.len() <= budget {
            out.push_str(&block);
            for r in &passing {
                let row = table_row(r);
                if out.len() + row.len() > budget {
                    break;
                }
                out.push_str(&row);
                rows += 1;
            }
            out.push_str(if fold { "\n</details>\n\n" } else { "\n" });
        }
    }
    if rows < n || sections < flagged.len() {
        let _ = writeln!(
            out,
            "_Summary truncated to stay under {} KB: {} of {} skills in the tables, findings for {} of {} flagged skills. Run `skillscan audit --format json` for the full report._",
            max_bytes / 1000,
            rows,
            n,
            sections,
            flagged.len()
        );
    }
    out
}

/// Notes that do not make an analysis incomplete (e.g. an unusable
/// `--ssl-file` record), at most [`SHOWN_NOTES`].
fn notes(order: &[&SkillReport]) -> String {
    let all: Vec<(&SkillReport, &String)> = order
        .iter()
        .flat_map(|r| r.notes.iter().map(move |n| (*r, n)))
        .collect();
    if all.is_empty() {
        return String::new();
    }
    let mut out = String::from("**Notes**\n\n");
    for (r, n) in all.iter().take(SHOWN_NOTES) {
        let _ = writeln!(out, "- {}: {}", code(&r.path, 200), code(n, 300));
    }
    if all.len() > SHOWN_NOTES {
        let _ = writeln!(out, "- … and {} more", all.len() - SHOWN_NOTES);
    }
    out.push('\n');
    out
}

fn table_header() -> String {
    let mut h = String::from("| Verdict | Skill | Path |");
    for d in Dimension::ALL {
        let _ = write!(h, " {} |", dimension_title(d));
    }
    h.push_str("\n|---|---|---|");
    for _ in Dimension::ALL {
        h.push_str("---|");
    }
    h.push('\n');
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::{AuditOptions, analyze};
    use crate::evidence::Location;
    use crate::finding::Confidence;
    use crate::skill::Skill;

    fn report(name: &str, path: &str, findings: Vec<Finding>) -> SkillReport {
        let skill = Skill::from_memory(
            "demo",
            &[("SKILL.md", b"---\nname: demo\ndescription: d\n---\nhello\n")],
        );
        let mut r = analyze(skill, &AuditOptions::default());
        r.name = name.into();
        r.path = path.into();
        r.findings = findings;
        r.rescore();
        r
    }

    fn finding(message: &str, sev: Severity) -> Finding {
        Finding {
            rule_id: "SK-EXEC-001".into(),
            title: "t".into(),
            dimensions: vec![Dimension::CovertExecution],
            severity: sev,
            confidence: Confidence::High,
            message: message.into(),
            location: Location::line("scripts/a.sh", 3),
            snippet: String::new(),
            logic_step_id: None,
            flow: Vec::new(),
            suppressed: None,
            downgraded_by: None,
            raised_by: None,
            declared_consent: None,
            fingerprint: "f".into(),
        }
    }

    fn render_of(skills: &[SkillReport]) -> String {
        render(&ReportInput {
            skills,
            with_ssl: false,
            color: false,
        })
    }

    #[test]
    fn code_spans_contain_hostile_text() {
        assert_eq!(code("a`b", 99), "`` a`b ``");
        assert_eq!(code("``", 99), "``` `` ```");
        assert_eq!(code("", 99), "(empty)");
        assert_eq!(code("x\ny\u{202e}", 99), "` x\\u{a}y\\u{202e} `");
        assert_eq!(code("abcdef", 3), "` abc… `");
        assert_eq!(cell("a|b", 9), "` a\\|b `");
    }

    #[test]
    fn summary_shape_and_escaping() {
        let hostile = "<img src=x onerror=alert(1)> | @octocat [x](https://evil) `rm`";
        let r1 = report(
            hostile,
            "skills/evil|one",
            vec![finding(hostile, Severity::Critical)],
        );
        let r2 = report("fine", "skills/fine", vec![]);
        let md = render_of(&[r2, r1]);
        assert!(md.contains("**1 fail** · **0 warn** · 1 pass · 0 incomplete (2 skills scanned)"));
        let lines: Vec<&str> = md.lines().collect();
        let fail_row = lines
            .iter()
            .position(|l| l.starts_with("| **FAIL**"))
            .unwrap();
        let pass_row = lines.iter().position(|l| l.starts_with("| PASS")).unwrap();
        assert!(fail_row < pass_row, "worst first");
        // Parsed as GitHub-flavoured Markdown: hostile text yields no HTML,
        // link or image, stays whole inside code spans, and every table row
        // has as many cells as the header.
        use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
        let mut cells = 0;
        let mut rows = Vec::new();
        let mut codes = Vec::new();
        for ev in Parser::new_ext(&md, Options::ENABLE_TABLES) {
            match ev {
                Event::Html(h) | Event::InlineHtml(h) => {
                    assert!(
                        h.starts_with("<details>") || h.starts_with("</details>"),
                        "HTML: {h}"
                    )
                }
                Event::Start(Tag::Link { .. } | Tag::Image { .. }) => {
                    panic!("link or image in {md}")
                }
                Event::Start(Tag::TableHead | Tag::TableRow) => cells = 0,
                Event::Start(Tag::TableCell) => cells += 1,
                Event::End(TagEnd::TableHead | TagEnd::TableRow) => rows.push(cells),
                Event::Code(c) => codes.push(c.to_string()),
                _ => {}
            }
        }
        assert_eq!(rows, vec![9, 9, 9, 9], "two tables of one skill each");
        assert!(md.contains("<details><summary>1 skill pass</summary>"));
        assert!(
            codes.iter().filter(|c| c.as_str() == hostile).count() >= 3,
            "{codes:?}"
        );
        assert!(codes.iter().any(|c| c == "skills/evil|one"), "{codes:?}");
        assert!(md.contains("### **FAIL**"));
        assert!(md.contains("- **critical** ` SK-EXEC-001 `"));
        assert!(md.contains("` scripts/a.sh:3 `"));
    }

    #[test]
    fn long_lists_fold_and_output_is_capped() {
        let many: Vec<Finding> = (0..80)
            .map(|i| finding(&format!("m{i}"), Severity::High))
            .collect();
        let md = render_of(&[report("x", "p", many)]);
        assert!(md.contains("<details><summary>75 more findings</summary>"));
        assert!(md.contains("and 30 more"));
        assert!(md.trim_end().ends_with("</details>"));

        let skills: Vec<SkillReport> = (0..2000)
            .map(|i| {
                report(
                    &format!("skill-{i}"),
                    &format!("skills/{i:04}"),
                    vec![finding("x", Severity::High)],
                )
            })
            .collect();
        let md = render_of(&skills);
        assert!(md.len() <= MAX_BYTES, "{}", md.len());
        assert!(md.contains("_Summary truncated"));
        let md2 = render_of(&skills);
        assert_eq!(md, md2, "deterministic");
    }

    #[test]
    fn all_passing_skills_are_not_folded() {
        let md = render_of(&[report("a", "p/a", vec![]), report("b", "p/b", vec![])]);
        assert!(md.contains("**0 fail** · **0 warn** · 2 pass · 0 incomplete (2 skills scanned)"));
        assert!(!md.contains("<details>"));
        assert_eq!(md.matches("| PASS |").count(), 2);
        assert!(!md.contains("###"));
    }

    #[test]
    fn suppressed_and_incomplete() {
        let mut f = finding("hidden", Severity::Critical);
        f.suppressed = Some("accepted".into());
        let mut r = report("x", "p", vec![f, finding("seen", Severity::Medium)]);
        r.complete = false;
        r.errors = vec!["scripts/big.sh: too large".into()];
        let md = render_of(&[r]);
        assert!(md.contains("1 incomplete"));
        assert!(md.contains("(incomplete)"));
        assert!(md.contains("too large"));
        assert!(!md.contains("hidden"));
        assert!(md.contains("1 finding suppressed by policy."));
    }
}
