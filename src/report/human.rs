//! Human output: per skill, the verdict, the six dimensions at a glance, then
//! findings with `file:line` and the snippet, worst first.

use super::ReportInput;
use crate::finding::Finding;
use crate::finding::{Dimension, Severity};
use crate::model::SkillReport;
use crate::score::{Level, Verdict};
use crate::text::escape_display;
use std::fmt::Write;

/// Rules listed per skill before the rest are counted.
const GROUPS: usize = 30;
/// Locations listed for the repeats of one rule.
const MORE_PLACES: usize = 4;

/// The findings of one rule in one skill: the first (worst) shown whole,
/// the others as "and N more like it".
struct Group<'a> {
    first: &'a Finding,
    more: Vec<&'a Finding>,
}

/// Groups findings by rule in order of first appearance. Findings without
/// a file (install-spec checks) are distinct facts, kept apart by message.
fn group<'a>(findings: &[&'a Finding]) -> Vec<Group<'a>> {
    let mut index: std::collections::HashMap<(&str, &str), usize> = Default::default();
    let mut groups: Vec<Group<'a>> = Vec::new();
    for f in findings {
        let detail = if f.location.path.is_empty() {
            f.message.as_str()
        } else {
            ""
        };
        match index.get(&(f.rule_id.as_str(), detail)) {
            Some(&i) => groups[i].more.push(f),
            None => {
                index.insert((f.rule_id.as_str(), detail), groups.len());
                groups.push(Group {
                    first: f,
                    more: Vec::new(),
                });
            }
        }
    }
    groups
}

/// What to do about a finding: the rule's help, and where to read more.
fn what_to_do(rule_id: &str) -> String {
    match crate::rules::get(rule_id) {
        Some(d) if !d.help.trim().is_empty() => format!(
            "fix: {} (more: `skillscan rules {rule_id}`)",
            d.help.split_whitespace().collect::<Vec<_>>().join(" ")
        ),
        Some(_) => format!("more: `skillscan rules {rule_id}`"),
        None => String::new(),
    }
}

fn finding(out: &mut String, g: &Group, p: &Paint) {
    let f = g.first;
    let loc = format!("{}:{}", f.location.path, f.location.start_line);
    let _ = writeln!(
        out,
        "  {} {} {}  {}",
        p.sev(f.severity),
        p.dim(&f.rule_id),
        escape_display(&f.message),
        p.dim(&format!("({} confidence)", f.confidence.as_str()))
    );
    let _ = writeln!(
        out,
        "           {} {}",
        p.c("34", &escape_display(&loc)),
        p.dim(&crate::text::snippet(&f.snippet, 110))
    );
    for s in f.flow.iter().take(6) {
        let _ = writeln!(
            out,
            "           {} {}:{} {}",
            p.dim("↳"),
            escape_display(&s.location.path),
            s.location.start_line,
            p.dim(&escape_display(&s.note))
        );
    }
    if !g.more.is_empty() {
        let places: Vec<String> = g
            .more
            .iter()
            .take(MORE_PLACES)
            .map(|m| escape_display(&format!("{}:{}", m.location.path, m.location.start_line)))
            .collect();
        let rest = g.more.len().saturating_sub(MORE_PLACES);
        let _ = writeln!(
            out,
            "           {}",
            p.dim(&format!(
                "… and {} more like it: {}{}",
                g.more.len(),
                places.join(", "),
                if rest > 0 {
                    format!(", +{rest}")
                } else {
                    String::new()
                }
            ))
        );
    }
    let todo = what_to_do(&f.rule_id);
    if !todo.is_empty() {
        let _ = writeln!(out, "           {}", p.c("32", &todo));
    }
}

struct Paint {
    on: bool,
}

impl Paint {
    fn c(&self, code: &str, s: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
    fn bold(&self, s: &str) -> String {
        self.c("1", s)
    }
    fn dim(&self, s: &str) -> String {
        self.c("2", s)
    }
    fn sev(&self, s: Severity) -> String {
        let code = match s {
            Severity::Critical => "1;31",
            Severity::High => "31",
            Severity::Medium => "33",
            Severity::Low => "36",
            Severity::Info => "2",
        };
        self.c(code, &format!("{:<8}", s.as_str()))
    }
    fn level(&self, l: Level) -> String {
        let code = match l {
            Level::Critical => "1;31",
            Level::High => "31",
            Level::Medium => "33",
            Level::Low => "36",
            Level::None => "2",
        };
        self.c(code, l.as_str())
    }
    fn verdict(&self, v: Verdict) -> String {
        match v {
            Verdict::Fail => self.c("1;41;97", " FAIL "),
            Verdict::Warn => self.c("1;43;30", " WARN "),
            Verdict::Pass => self.c("1;42;30", " PASS "),
        }
    }
}

fn short(d: Dimension) -> &'static str {
    match d {
        Dimension::DataExfiltration => "exfiltration",
        Dimension::Destructive => "destructive",
        Dimension::PrivilegeEscalation => "privilege",
        Dimension::CovertExecution => "covert-exec",
        Dimension::ResourceAbuse => "resources",
        Dimension::CredentialAccess => "credentials",
    }
}

/// The verdict badge; an incomplete skill is never shown as PASS: its
/// verdict counts only what was read, so INCOMPLETE stands first.
fn badges(r: &SkillReport, p: &Paint) -> String {
    if r.complete {
        return p.verdict(r.verdict);
    }
    let inc = p.c("1;45;97", " INCOMPLETE ");
    if r.verdict == Verdict::Pass {
        inc
    } else {
        format!("{inc} {}", p.verdict(r.verdict))
    }
}

fn skill(out: &mut String, r: &SkillReport, p: &Paint) {
    let _ = writeln!(
        out,
        "{} {}  {}",
        badges(r, p),
        p.bold(&escape_display(&r.name)),
        p.dim(&escape_display(&r.path))
    );
    let dims: Vec<String> = Dimension::ALL
        .iter()
        .map(|d| {
            let s = r.risk.get(d).copied().unwrap_or(crate::score::DimScore {
                score: 0,
                level: Level::None,
            });
            format!(
                "{} {}",
                short(*d),
                if s.level == Level::None {
                    p.dim("·")
                } else {
                    format!("{} {}", p.level(s.level), p.dim(&s.score.to_string()))
                }
            )
        })
        .collect();
    let _ = writeln!(out, "       {}", dims.join(p.dim("  │  ").as_str()));
    if !r.complete {
        for e in &r.errors {
            let _ = writeln!(
                out,
                "       {} {}",
                p.c("1;35", "incomplete:"),
                escape_display(e)
            );
        }
    }
    for n in &r.notes {
        let _ = writeln!(out, "       {} {}", p.c("1;33", "note:"), escape_display(n));
    }
    // --- LLM judge (issue 7): its status and disagreements; see docs/llm.md. ---
    if let Some(j) = &r.judge {
        let code = if j.status == crate::judge::Status::Complete {
            "2"
        } else {
            "1;35"
        };
        for l in j.human_lines() {
            let _ = writeln!(out, "       {}", p.c(code, &l));
        }
    }
    // --- end LLM judge ---
    let shown: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.suppressed.is_none() && f.severity > Severity::Info)
        .collect();
    let groups = group(&shown);
    for g in groups.iter().take(GROUPS) {
        finding(out, g, p);
    }
    if groups.len() > GROUPS {
        let rest: usize = groups[GROUPS..].iter().map(|g| 1 + g.more.len()).sum();
        let _ = writeln!(
            out,
            "  {}",
            p.dim(&format!(
                "… and {rest} more findings of {} more rules (use --format json for all)",
                groups.len() - GROUPS
            ))
        );
    }
    let hidden = r.findings.len() - shown.len();
    if hidden > 0 {
        let _ = writeln!(
            out,
            "  {}",
            p.dim(&format!(
                "{hidden} informational or suppressed finding(s) not shown"
            ))
        );
    }
    out.push('\n');
}

pub fn render(input: &ReportInput) -> String {
    let mut by_path: Vec<&SkillReport> = input.skills.iter().collect();
    by_path.sort_by(|a, b| a.path.cmp(&b.path));
    let mut stream = Stream::new(input.color, false);
    for r in by_path {
        stream.push(r);
    }
    stream.finish()
}

/// Skills named per list in the closing summary.
const NAMED: usize = 50;

/// The human report built one skill at a time, from skills that arrive in
/// path order: each is rendered on arrival and kept as text, grouped by
/// verdict (incomplete first within each) so the output lists the worst
/// first, then a closing summary that names the failing and incomplete
/// skills.
pub struct Stream {
    paint: Paint,
    /// `--quiet`: complete passing skills are counted, not shown.
    quiet: bool,
    /// Rendered skills per (verdict, incomplete), in arrival (path) order.
    blocks: std::collections::BTreeMap<std::cmp::Reverse<(Verdict, bool)>, String>,
    /// Complete skills per verdict.
    counts: std::collections::BTreeMap<Verdict, usize>,
    /// `name (path)` of each failing skill, complete or not.
    failing: Vec<String>,
    /// `name (path): first reason` of each incomplete skill.
    incomplete: Vec<String>,
}

impl Stream {
    pub fn new(color: bool, quiet: bool) -> Self {
        Self {
            paint: Paint { on: color },
            quiet,
            blocks: Default::default(),
            counts: Default::default(),
            failing: Vec::new(),
            incomplete: Vec::new(),
        }
    }

    pub fn push(&mut self, r: &SkillReport) {
        let who = format!("{} ({})", escape_display(&r.name), escape_display(&r.path));
        if r.verdict == Verdict::Fail {
            self.failing.push(who.clone());
        }
        if r.complete {
            *self.counts.entry(r.verdict).or_default() += 1;
        } else {
            let why = r
                .errors
                .first()
                .map_or("the analysis did not complete", |e| e);
            self.incomplete
                .push(format!("{who}: {}", escape_display(why)));
        }
        if self.quiet && r.complete && r.verdict == Verdict::Pass {
            return;
        }
        let key = std::cmp::Reverse((r.verdict, !r.complete));
        skill(self.blocks.entry(key).or_default(), r, &self.paint);
    }

    pub fn finish(self) -> String {
        let p = &self.paint;
        let mut out: String = self.blocks.into_values().collect();
        let count = |v: Verdict| self.counts.get(&v).copied().unwrap_or(0);
        let inc = self.incomplete.len();
        let n: usize = self.counts.values().sum::<usize>() + inc;
        if self.quiet && count(Verdict::Pass) > 0 {
            let _ = writeln!(
                out,
                "{}",
                p.dim(&format!(
                    "{} passing skill(s) not shown (--quiet)",
                    count(Verdict::Pass)
                ))
            );
        }
        let _ = writeln!(
            out,
            "{} skill{}: {} fail, {} warn, {} pass{}",
            n,
            if n == 1 { "" } else { "s" },
            count(Verdict::Fail),
            count(Verdict::Warn),
            count(Verdict::Pass),
            if inc > 0 {
                format!(", {inc} incomplete")
            } else {
                String::new()
            }
        );
        named(&mut out, &p.c("1;31", "failing:"), &self.failing);
        named(&mut out, &p.c("1;35", "incomplete:"), &self.incomplete);
        out
    }
}

/// One summary list: a skill a line, at most [`NAMED`].
fn named(out: &mut String, label: &str, who: &[String]) {
    if who.is_empty() {
        return;
    }
    let _ = writeln!(out, "{label}");
    for w in who.iter().take(NAMED) {
        let _ = writeln!(out, "  {w}");
    }
    if who.len() > NAMED {
        let _ = writeln!(out, "  … and {} more (listed above)", who.len() - NAMED);
    }
}
