//! A rule explained for people (Markdown): `skillscan rules ID`,
//! `docs/rules.md` and the SARIF rule help.

use super::RuleDef;

pub fn rule_text(d: &RuleDef) -> String {
    let dims: Vec<&str> = d.dimensions.iter().map(|x| x.as_str()).collect();
    let mut s = format!(
        "## {} — {}\n\nDimensions: {}  ·  default severity: {}  ·  confidence: {}{}\n\n### Why it matters\n{}\n\n### What to do\n{}\n",
        d.id,
        d.title,
        if dims.is_empty() {
            "hygiene".into()
        } else {
            dims.join(", ")
        },
        d.severity.as_str(),
        d.confidence.as_str(),
        if d.cwe.is_empty() {
            String::new()
        } else {
            format!("  ·  {}", d.cwe.join(", "))
        },
        d.description,
        d.help
    );
    let examples = crate::rules::examples(&d.id);
    for (label, exs) in [
        ("Fires on", &examples.positive),
        ("Stays quiet on", &examples.negative),
    ] {
        for e in exs.iter() {
            s.push_str(&format!("\n### {label}: {}\n", e.name));
            for (path, content) in &e.files {
                let body = content.trim_end();
                let fence = fence_for(body);
                s.push_str(&format!("`{path}`:\n{fence}\n{body}\n{fence}\n"));
            }
        }
    }
    s
}

/// A code fence of backticks longer than any run of backticks in `body`
/// (CommonMark closes a fence only with one at least as long), at least 3.
fn fence_for(body: &str) -> String {
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat((longest + 1).max(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule's help, rendered by a CommonMark parser, shows each
    /// example file as exactly one code block holding the file's text.
    #[test]
    fn rule_help_keeps_each_example_in_one_code_block() {
        use pulldown_cmark::{Event, Parser, Tag, TagEnd};
        for d in crate::rules::all() {
            let md = rule_text(d);
            let mut blocks: Vec<String> = Vec::new();
            let mut open: Option<String> = None;
            for ev in Parser::new(&md) {
                match ev {
                    Event::Start(Tag::CodeBlock(_)) => open = Some(String::new()),
                    Event::Text(t) => {
                        if let Some(b) = open.as_mut() {
                            b.push_str(&t);
                        }
                    }
                    Event::End(TagEnd::CodeBlock) => blocks.extend(open.take()),
                    _ => {}
                }
            }
            let examples = crate::rules::examples(&d.id);
            let want: Vec<String> = [&examples.positive, &examples.negative]
                .into_iter()
                .flat_map(|exs| exs.iter())
                .flat_map(|e| e.files.iter())
                .map(|(_, c)| format!("{}\n", c.trim_end()))
                .collect();
            assert_eq!(
                blocks, want,
                "{}: help markdown does not render its examples",
                d.id
            );
        }
    }

    #[test]
    fn fences_outgrow_the_backticks_inside() {
        assert_eq!(fence_for("plain"), "```");
        assert_eq!(fence_for("```sh\nx\n```"), "````");
        assert_eq!(fence_for("a ````` b"), "``````");
    }
}
