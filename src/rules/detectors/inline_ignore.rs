//! A skill that tries to silence its own scan. Suppressions belong to the
//! person running the scan; comments inside the audited skill are never
//! honoured, and trying is a signal worth reporting.

use super::super::{RuleCx, RuleDef};
use crate::evidence::Location;
use crate::finding::Finding;

static IGNORE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(skillscan\s*[:-]\s*(ignore|disable|skip|allow)|skillscan-(ignore|disable)|nosec\b|nosemgrep|noqa:\s*S\d|zizmor:\s*ignore|skill-scanner:\s*ignore|scanner[-_ ]ignore)",
);

pub(crate) fn inline_ignore(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let mut out = Vec::new();
    for f in cx.skill.files.iter().filter(|f| f.kind.is_text()) {
        if !f.text.contains("skillscan")
            && !f.text.contains("nosec")
            && !f.text.contains("nosemgrep")
            && !f.text.contains("ignore")
        {
            continue;
        }
        for (n, line) in f.text.lines().enumerate() {
            if let Some(m) = IGNORE.find(line) {
                let mut loc = Location::line(&f.rel, n + 1);
                loc.start_column = line[..m.start()].chars().count() + 1;
                loc.end_column = line[..m.end()].chars().count() + 1;
                out.push(cx.finding(
                    def,
                    loc,
                    &crate::text::snippet(line, 200),
                    format!(
                        "the skill carries a scanner suppression (`{}`); it is not honoured",
                        crate::text::escape_display(m.as_str())
                    ),
                ));
                if out.len() >= 20 {
                    return out;
                }
            }
        }
    }
    out
}
