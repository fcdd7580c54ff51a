//! Human output: per skill, the verdict, the six dimensions at a glance, then
//! findings with `file:line` and the snippet, worst first.

use super::ReportInput;
use crate::audit::SkillReport;
use crate::finding::{Dimension, Severity};
use crate::score::{Level, Verdict};
use crate::text::escape_display;
use std::fmt::Write;

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

fn skill(out: &mut String, r: &SkillReport, p: &Paint) {
    let _ = writeln!(
        out,
        "{} {}  {}",
        p.verdict(r.verdict),
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
    for f in shown.iter().take(30) {
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
    }
    if shown.len() > 30 {
        let _ = writeln!(
            out,
            "  {}",
            p.dim(&format!(
                "… and {} more findings (use --format json for all)",
                shown.len() - 30
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
    let mut stream = Stream::new(input.color);
    for r in by_path {
        stream.push(r);
    }
    stream.finish()
}

/// The human report built one skill at a time, from skills that arrive in
/// path order: each is rendered on arrival and kept as text, grouped by
/// verdict so the output lists the worst first.
pub struct Stream {
    paint: Paint,
    /// Rendered skills per verdict, in arrival (path) order.
    blocks: std::collections::BTreeMap<std::cmp::Reverse<Verdict>, String>,
    counts: std::collections::BTreeMap<Verdict, usize>,
    incomplete: usize,
}

impl Stream {
    pub fn new(color: bool) -> Self {
        Self {
            paint: Paint { on: color },
            blocks: Default::default(),
            counts: Default::default(),
            incomplete: 0,
        }
    }

    pub fn push(&mut self, r: &SkillReport) {
        let block = self.blocks.entry(std::cmp::Reverse(r.verdict)).or_default();
        skill(block, r, &self.paint);
        *self.counts.entry(r.verdict).or_default() += 1;
        self.incomplete += usize::from(!r.complete);
    }

    pub fn finish(self) -> String {
        let mut out: String = self.blocks.into_values().collect();
        let n: usize = self.counts.values().sum();
        let count = |v: Verdict| self.counts.get(&v).copied().unwrap_or(0);
        let inc = self.incomplete;
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
        out
    }
}
